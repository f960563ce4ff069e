"""Drawing the Kanji-zushi join board: the pair joining (:class:`scenes.kanji.sprites.JoinShow`),
the result of the last attempt with its imprint on the wood, or the intro before the first one.
Pure drawing from the scene's ``join``, ``board_att``, ``flights`` (never changes them).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _, ngettext
from game.kanji import strokes as kanji_strokes
from scenes.kanji.art import GOLD_HI, INK, NETA, SHARI
from scenes.kanji.layout import (
    BOARD_CAPTION_Y,
    BOARD_INTRO_Y,
    BOARD_RECT,
    JOIN_TILE,
    board_card,
    board_tile,
)
from scenes.kanji.sprites import JoinShow
from scenes.kanji.strokeplay import draw_strokes
from scenes.kanji.text import (
    draw_rich,
    kanji_title,
    meanings_shown,
    readings,
    wrap_rich,
)
from scenes.kit.draw import C, draw_shadow, draw_text, drawn_size, fit_text, wrap_text
from scenes.kit.flight import centered
from scenes.kit.tween import clamp


def _smooth(a: float, b: float, x: float) -> float:
    """Smoothstep of ``x`` between ``a`` and ``b`` (0..1)."""
    t = clamp((x - a) / (b - a), 0.0, 1.0) if b > a else (1.0 if x >= b else 0.0)
    return t * t * (3 - 2 * t)

# -- the join board ----------------------------------------------------------------------------
def draw_board(s: Any, surface: pygame.Surface) -> None:
    """Draw the join board of scene ``s``: the pair joining, the last result, or the intro."""
    if s.join is not None:
        _draw_join(s, surface, s.join)
    att = s.board_att
    if att is not None:
        flying = any(f.kind == "kanji" for f in s.flights)
        _draw_board_result(s, surface, att, imprint=s.join is None and not flying)
    elif s.join is None and not s.animating() and not s.flights:
        _draw_board_intro(s, surface)

def blit_alpha(surface: pygame.Surface, img: pygame.Surface, pos: Any, alpha: float) -> None:
    """Blit ``img`` at window ``pos`` with opacity ``alpha`` (0..1; nothing at 0)."""
    a = int(clamp(alpha, 0.0, 1.0) * 255)
    if a <= 0:
        return
    if a < 255:
        img.set_alpha(a)
        surface.blit(img, pos)
        img.set_alpha(255)
    else:
        surface.blit(img, pos)

def _draw_join(s: Any, surface: pygame.Surface, j: JoinShow) -> None:
    vp = s.viewport
    art = s.art
    m = j.morph_amount()
    tog = j.together()
    dx = j.shake_dx()
    wrong = not j.valid and j.phase in ("shake", "unmorph")
    card_a = 1.0 - _smooth(0.0, 0.55, m)
    tile_a = _smooth(0.15, 0.6, m)
    L = board_card(0, tog).move(round(dx), 0)
    R = board_card(1, tog).move(round(dx), 0)
    T = board_tile().move(round(dx), 0)
    wT = vp.to_window(T)
    # glow / ring of a valid kanji
    if j.phase == "glow":
        t = j.t
        g = art.soft_glow(round(wT.w * 1.9), GOLD_HI, 200)
        blit_alpha(surface, g, g.get_rect(center=wT.center), 0.4 + 0.6 * (1 - abs(0.5 - t)))
        rad = wT.w * (0.55 + 0.45 * t)
        ring_a = int(220 * (1 - t))
        if ring_a > 4:
            ring = pygame.Surface((int(rad * 2) + 4, int(rad * 2) + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*GOLD_HI, ring_a), ring.get_rect().center, int(rad), max(2, vp.px(4)))
            surface.blit(ring, ring.get_rect(center=wT.center))
    # the two cards (blank art; glyphs drawn below so they can move on their own)
    wL, wR = vp.to_window(L), vp.to_window(R)
    if card_a > 0:
        for kind, wr in ((NETA, wL), (SHARI, wR)):
            img = art.blank_px(kind, wr.w, wr.h)
            if card_a >= 1:
                draw_shadow(surface, wr, vp.px(10), vp.px(4), alpha=80, blur=vp.px(8))
            blit_alpha(surface, img, wr.topleft, card_a)
    if tile_a > 0 and j.char is not None:
        tile = art.tile_px("", None, wT.w, wT.h, "blank-wrong" if wrong else "blank")
        if tile_a >= 1:
            draw_shadow(surface, wT, vp.px(14), vp.px(5), alpha=90, blur=vp.px(10))
        blit_alpha(surface, tile, wT.topleft, tile_a)
    # the glyphs
    big = vp.px(JOIN_TILE * 0.8)
    full_color = INK if not wrong else (120, 60, 50)
    if j.char is not None:
        fsurf, fink = art.glyph(j.char, big, full_color)
        full_ink = fink.move(wT.centerx - fink.centerx, wT.centery - fink.centery)
    else:
        full_ink = pygame.Rect(0, 0, 0, 0)
    half_a = 1.0 - _smooth(0.62, 0.97, m)
    if half_a > 0:
        e = _smooth(0.0, 0.7, m)
        split = art.split(j.char) if j.char is not None else 0.42
        for side, (name, kind, wr) in enumerate(((j.neta, NETA, wL), (j.shari, SHARI, wR))):
            ink_img = art.ink(name, big)
            card_px = art.glyph_px_for(wr.w)
            k = card_px / big
            cx, cy = art.face_center(kind, wr.w, wr.h)
            start = pygame.Rect(0, 0, max(1, round(ink_img.get_width() * k)),
                                max(1, round(ink_img.get_height() * k)))
            start.center = (round(wr.x + cx), round(wr.y + cy))
            if j.char is not None and e > 0:
                fi = full_ink
                if side == 0:
                    target = pygame.Rect(fi.x, fi.y, round(fi.w * split), fi.h)
                else:
                    target = pygame.Rect(fi.x + round(fi.w * split), fi.y, round(fi.w * (1 - split)), fi.h)
                cur = pygame.Rect(
                    round(start.x + (target.x - start.x) * e), round(start.y + (target.y - start.y) * e),
                    max(1, round(start.w + (target.w - start.w) * e)),
                    max(1, round(start.h + (target.h - start.h) * e)))
            else:
                cur = start
            if cur.size == ink_img.get_size():
                img = ink_img
            else:
                img = pygame.transform.smoothscale(ink_img, cur.size)
            blit_alpha(surface, img, cur.topleft, half_a if e > 0 else 1.0)
    if j.char is not None and j.phase == "write":  # its strokes in order, the halves in their colours
        written = j.tween.progress * len(kanji_strokes.paths(j.char) or ())
        draw_strokes(surface, s.app, T.inflate(-T.w // 8, -T.h // 8), j.char, written, halves=True)
    elif j.char is not None:
        full_a = _smooth(0.55, 0.95, m)
        if full_a > 0:
            blit_alpha(surface, fsurf, (wT.centerx - fink.centerx, wT.centery - fink.centery), full_a)
    elif j.phase == "shake":
        c = vp.to_window(((L.right + R.x) / 2 + dx, L.y - 4))
        rad = vp.px(17)
        pygame.draw.circle(surface, C.VERMILION, c, rad)
        pygame.draw.circle(surface, C.PAPER_LIGHT, c, rad, max(1, vp.px(2)))
        draw_text(surface, s.app, "?", vp.to_logical(c), 22, C.PAPER_LIGHT, bold=True)
    if wrong and j.char is not None:
        # a red cross-out stroke over the formed character
        t = j.tween.progress if j.phase == "shake" else 1.0
        a = wT.inflate(-wT.w // 5, -wT.h // 5)
        end = (a.left + (a.w * min(1.0, t * 2.2)), a.top + (a.h * min(1.0, t * 2.2)))
        if j.phase == "shake":
            pygame.draw.line(surface, C.VERMILION, a.topleft, end, max(2, vp.px(5)))

def _draw_board_result(s: Any, surface: pygame.Surface, att: Any, imprint: bool) -> None:
    """The caption of the board's attempt (and, when nothing moves, its imprint on the wood)."""
    app = s.app
    vp = s.viewport
    cx = BOARD_RECT.centerx
    f = att.formed if not att.is_pass else None  # what its KanjiFormed event told
    if imprint:
        T = board_tile()
        c = vp.to_window(T.center)
        big = vp.px(JOIN_TILE * 0.8)
        if att.char is not None:
            col = (166, 118, 62) if att.valid else (168, 146, 120)
            surf, ink = s.art.glyph(att.char, big, col)
            blit_alpha(surface, surf, (c[0] - ink.centerx, c[1] - ink.centery), 0.55)
        else:  # no character: the two halves side by side, apart
            for name, dx in ((att.neta, -0.27), (att.shari, 0.27)):
                img = s.art.ink(name, vp.px(JOIN_TILE * 0.5), (168, 146, 120))
                blit_alpha(surface, img, img.get_rect(center=(c[0] + vp.px(JOIN_TILE * dx), c[1])), 0.6)
        if not att.valid:
            badge = vp.to_window((T.right - 4, T.bottom - 22))
            rad = vp.px(16)
            pygame.draw.circle(surface, C.VERMILION, badge, rad)
            pygame.draw.circle(surface, C.PAPER_LIGHT, badge, rad, max(1, vp.px(2)))
            if att.char is None:
                draw_text(surface, app, "?", vp.to_logical(badge), 20, C.PAPER_LIGHT, bold=True)
            else:
                k = rad // 2
                pygame.draw.line(surface, C.PAPER_LIGHT, (badge[0] - k, badge[1] - k), (badge[0] + k, badge[1] + k),
                                 max(2, vp.px(3)))
                pygame.draw.line(surface, C.PAPER_LIGHT, (badge[0] + k, badge[1] - k), (badge[0] - k, badge[1] + k),
                                 max(2, vp.px(3)))
    y = BOARD_CAPTION_Y
    who = s.names[att.seat] if 0 <= att.seat < len(s.names) else ""
    width = BOARD_RECT.w - 36
    if att.valid and f is not None:
        shown = meanings_shown(f, 2)
        title = kanji_title(att.char, ", ".join(shown)) if shown else att.char
        draw_text(surface, app, fit_text(app, title, 19, True, width), (cx, y), 19, INK, bold=True)
        r = readings(f, 2)
        if r:
            draw_text(surface, app, fit_text(app, r, 15, False, width), (cx, y + 26), 15, (96, 70, 44))
        # Translators: under a kanji just made: the two cards, its strokes and who made it
        made = ngettext("{neta} + {shari} · {n} stroke · {name}", "{neta} + {shari} · {n} strokes · {name}",
                        att.strokes).format(neta=att.neta, shari=att.shari, n=att.strokes, name=who)
        step = max(17.0, 1.3 * drawn_size(app, 13, made))  # two lines where one does not fit
        for k, line in enumerate(wrap_rich(app, made, 13, width)[:2]):
            draw_rich(surface, app, s.art, line, (cx, y + 50 + k * step), 13, (120, 90, 60), anchor="center")
    else:
        pair = f"{att.neta} + {att.shari}" + (f" = {att.char}" if att.char else "")
        draw_rich(surface, app, s.art, pair, (cx, y), 19, INK, bold=True, anchor="center")
        why = att.why if att.char is not None else _("forms no character: no such kanji")
        lines = wrap_rich(app, why, 14, width)[:2]
        for k, line in enumerate(lines):
            draw_rich(surface, app, s.art, line, (cx, y + 25 + k * 19), 14, (150, 46, 30), bold=True,
                      anchor="center")
        back = _("{name}: cards go back, the turn passes").format(name=who)
        draw_text(surface, app, fit_text(app, back, 13, False, width), (cx, y + 27 + 19 * len(lines)), 13,
                  (120, 90, 60))

def _draw_board_intro(s: Any, surface: pygame.Surface) -> None:
    """Before the first attempt: neta + shari = kanji, drawn with real cards."""
    app = s.app
    vp = s.viewport
    cy = BOARD_INTRO_Y
    cx = BOARD_RECT.centerx
    w, h = 70, 98
    for key, x in (((NETA, "亻"), cx - 130), ((SHARI, "木"), cx - 35)):
        r = centered((x, cy), w, h)
        surface.blit(s.art.card(key, w, h), vp.to_window(r).topleft)
    draw_text(surface, app, "+", (cx - 82, cy), 28, (120, 84, 50), bold=True)
    draw_text(surface, app, "=", (cx + 14, cy), 28, (120, 84, 50), bold=True)
    t = centered((cx + 90, cy), 96, 96)
    wt = vp.to_window(t)
    surface.blit(s.art.tile_px("休", None, wt.w, wt.h, "board"), wt.topleft)
    y = BOARD_CAPTION_Y
    draw_text(surface, app, _("Put a neta beside a shari"), (cx, y), 18, INK, bold=True)
    # Translators: under the board before the first attempt; "\n" breaks the line (two lines of ~45 characters)
    body = _("A regular-use kanji scores its strokes;\nanything else goes back and the turn passes.")
    lines = [ln for part in body.split("\n") for ln in wrap_text(app, part, 14, BOARD_RECT.w - 24)]
    for k, line in enumerate(lines[:4]):
        draw_text(surface, app, line, (cx, y + 26 + 20 * k), 14, (96, 70, 44))


__all__ = ["blit_alpha", "draw_board"]
