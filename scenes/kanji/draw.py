"""Drawing the Kanji-zushi play scene: pure drawing from what is shown (``scene.shown``) and the UI
state (drag, hover, lifts, toast, flights); it never changes either, only fills render caches.
Positions come from :mod:`scenes.kanji.layout` (logical px); the join board is
:mod:`scenes.kanji.board`.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.core import is_you
from game.i18n import _, ngettext, pgettext
from scenes.kanji.art import BACK, BOARD_SVG, GOLD_HI, NETA, SHARI, TABLE_SVG
from scenes.kanji.board import draw_board
from scenes.kanji.layout import (
    BANNER_RECT,
    BOARD_RECT,
    DECK_LABEL,
    DECK_PANEL,
    DECK_TITLE,
    HAND_AREA,
    KEY_TEXT,
    LOG_EMPTY,
    LOG_RECT,
    LOG_TITLE,
    MY_DOT,
    MY_KANJI_RECT,
    MY_STROKES,
    MY_TITLE,
    MY_TOTAL,
    PILE_LEFT_TEXT,
    PILE_NOTE_TEXT,
    PILE_PANEL,
    PILE_TITLE,
    TABLE_RECT,
    TURN_RECT,
    TURN_TEXT,
    deck_rect,
    hand_rect,
    my_tile_rect,
    pile_rect,
    seat_rgb,
    slot_rect,
)
from scenes.kanji.status import status_word
from scenes.kanji.text import RichLettering, draw_kanji_tip
from scenes.kit.banner import Toast, draw_banner, toast_alpha
from scenes.kit.bubble import draw_bubbles
from scenes.kit.draw import (
    PILL_DARK,
    C,
    draw_count_badge,
    draw_dashed_rect,
    draw_panel,
    draw_shadow,
    draw_text,
    drawn_size,
    fit_label,
    fit_text,
    mix,
    table_layer,
    text_width,
)
from scenes.kit.flight import Flight, centered
from scenes.kit.marks import draw_hint_mark, log_title
from scenes.play.buttons import left_of_buttons
from scenes.play.voices import draw_seat_mark

#: How long a banner message stays (ms).
TOAST_MS = 3200.0
TOAST_COLORS = {"error": C.VERMILION_DARK, "good": (92, 118, 62), "info": C.INDIGO}
DARK = PILL_DARK


def draw_scene(s: Any, surface: pygame.Surface) -> None:
    """Draw the whole play scene ``s`` onto ``surface`` (window px): the cached static layer, the
    seats, the table, the join board, the log, the bottom row, flights, the dragged card, widgets
    and the tooltip. Changes nothing but render caches."""
    key = ("static", surface.get_size(), s.bottom, tuple(s.top_order))
    surface.blit(s.cached(key, lambda: _build_static(s, surface.get_size())), (0, 0))
    for seat in s.top_order:
        _draw_opponent(s, surface, seat)
    _draw_info(s, surface)
    _draw_pile(s, surface)
    _draw_table(s, surface)
    draw_board(s, surface)
    _draw_log(s, surface)
    _draw_deck(s, surface)
    _draw_my_kanji(s, surface)
    _draw_hand(s, surface)
    for f in s.flights:
        _draw_flight(s, surface, f)
    draw_bubbles(surface, s.app, s.widgets)  # what seats said online: under the dragged card, buttons, log, tooltip
    _draw_dragged(s, surface)
    s.widgets.draw(surface, s.app)
    if s.narration is not None:
        s.narration.draw_overlay(surface, s.app)
    if s.coach is not None and s.hinting.current() == "pass":
        _draw_hint_ring(s, surface, s.btn_pass.rect)
    s.coaching.draw(surface)
    tip = s.tooltip()
    if tip is not None:
        who = s.names[tip["seat"]]
        draw_kanji_tip(surface, s.app, s.art, tip["formed"], tip["rect"], tip["neta"], tip["shari"], who)

# -- static layer -----------------------------------------------------------------------------
def _build_static(scene: Any, size: tuple[int, int]) -> pygame.Surface:
    """The layer that only changes with the window size and the seat order (cached)."""
    vp = scene.viewport
    app = scene.app
    s = table_layer(app, size, TABLE_SVG)
    for seat in scene.top_order:
        area = scene.areas[seat]
        p = area.panel
        draw_panel(s, app, p, radius=14)
        inset = vp.to_window(area.kanji_inset())
        pygame.draw.rect(s, C.PAPER_DARK, inset, border_radius=vp.px(9))
        for i in range(5):
            r = area.kanji(i)
            draw_dashed_rect(s, C.PAPER_EDGE, vp.to_window(r), max(1, vp.px(1)), vp.px(4), vp.px(3))
    # info strip
    draw_panel(s, app, TURN_RECT, radius=14, style="paper")
    draw_panel(s, app, BANNER_RECT, style="dark", radius=14, border=None)
    # shari pile
    draw_panel(s, app, PILE_PANEL, radius=16)
    draw_text(s, app, _("Shari pile"), PILE_TITLE, 16, C.INK, bold=True,
              anchor="midleft")
    base = pile_rect(0)
    pygame.draw.rect(s, C.PAPER_DARK, vp.to_window(base.inflate(8, 8)), border_radius=vp.px(12))
    # the table: a lacquer tray with six slots
    tray = vp.to_window(TABLE_RECT)
    draw_shadow(s, tray, vp.px(18), vp.px(6), alpha=90, blur=vp.px(12))
    pygame.draw.rect(s, (58, 30, 24), tray, border_radius=vp.px(18))
    pygame.draw.rect(s, (104, 48, 34), tray.inflate(-vp.px(8), -vp.px(8)), border_radius=vp.px(14))
    pygame.draw.rect(s, (150, 112, 60), tray.inflate(-vp.px(8), -vp.px(8)), width=max(1, vp.px(1.5)),
                     border_radius=vp.px(14))
    for slot in range(6):
        r = vp.to_window(slot_rect(slot))
        pygame.draw.rect(s, (84, 38, 28), r, border_radius=vp.px(10))
        draw_dashed_rect(s, (170, 120, 80), r, max(1, vp.px(1.5)), vp.px(6), vp.px(4))
    # the join board
    wb = vp.to_window(BOARD_RECT)
    s.blit(app.assets.svg(BOARD_SVG, BOARD_RECT.w, BOARD_RECT.h), wb.topleft)
    # log
    draw_panel(s, app, LOG_RECT, radius=16)
    # bottom row
    draw_panel(s, app, DECK_PANEL, radius=14)
    # Translators: the title of the small card holding your neta deck (max ~8 characters)
    draw_text(s, app, _("Deck"), DECK_TITLE, 15, C.INK, bold=True)
    pygame.draw.rect(s, C.PAPER_DARK, vp.to_window(deck_rect(0).inflate(8, 8)), border_radius=vp.px(10))
    draw_panel(s, app, MY_KANJI_RECT, radius=16)
    for i in range(5):
        r = vp.to_window(my_tile_rect(i))
        pygame.draw.rect(s, C.PAPER_DARK, r, border_radius=vp.px(10))
        draw_dashed_rect(s, C.PAPER_EDGE, r, max(1, vp.px(1.5)), vp.px(6), vp.px(4))
        draw_text(s, app, str(i + 1), my_tile_rect(i).center, 22, C.PAPER_EDGE, bold=True)
    return s.convert() if pygame.display.get_surface() else s

# -- opponents --------------------------------------------------------------------------------
def _draw_opponent(s: Any, surface: pygame.Surface, seat: int) -> None:
    app = s.app
    vp = s.viewport
    area = s.areas[seat]
    p = area.panel
    sh = s.shown
    status = s.seat_status(seat)
    if status in ("thinking", "to move", "wins"):
        pulse = 0.5 + 0.5 * math.sin(s.clock_ms / 300.0) if status == "thinking" else 1.0
        pygame.draw.rect(surface, mix(C.GOLD, GOLD_HI, pulse), vp.to_window(p).inflate(vp.px(4), vp.px(4)),
                         width=max(2, vp.px(3)), border_radius=vp.px(16))
    dot_x, nx, head_y = area.header()
    nx += draw_seat_mark(surface, s, seat, (dot_x, head_y), seat_rgb(seat))
    word = status_word(status)
    status_w = text_width(app, word, 13, True) + (30 if status == "thinking" else 8) if status else 0
    room = p.w - (nx - p.x) - 12 - status_w
    name = fit_text(app, s.names[seat], 17, True, room)
    draw_text(surface, app, name, (nx, head_y), 17, C.INK, bold=True, anchor="midleft")
    nw = text_width(app, name, 17, True)
    level = s.seat_label(seat)
    if level and not s.names[seat].startswith(level) and text_width(app, level, 12) <= room - nw - 8:
        draw_text(surface, app, level, (nx + nw + 8, head_y + 1), 12, C.INK_MUTED, anchor="midleft")
    if status:
        col = C.MATCHA if status == "done" else (C.GOLD if status == "wins" else C.VERMILION)
        x = area.status_right()
        if status == "thinking":
            for k in range(3):
                ph = (s.clock_ms / 420.0 - k * 0.22) * math.tau
                dy = -3 * max(0.0, math.sin(ph))
                pygame.draw.circle(surface, col, vp.to_window((x - 18 + k * 8, head_y + 3 + dy)), max(1, vp.px(2.5)))
            x -= 30
        draw_text(surface, app, word, (x, head_y), 13, col, bold=True, anchor="midright")
    # hand backs, deck, total
    n = sh.hand_sizes[seat]
    hand = sh.open_hands.get(seat) if sh.open_hands else None  # face up in the replay's "All"
    face_up = hand is not None and len(hand) == n
    for i in range(n):
        r = area.hand_card(i, n, face_up)
        key = (NETA, hand[i]) if face_up and hand is not None and hand[i] is not None else BACK
        surface.blit(s.art.card(key, r.w, r.h), vp.to_window(r).topleft)
    if not face_up:
        cx, cy = area.hand_count_pos()
        draw_text(surface, app, f"×{n}", (cx, cy), 14, C.INK_SOFT, bold=True, anchor="midleft")
    d = area.deck()
    left = sh.neta_left[seat]
    if left:
        surface.blit(s.art.card(BACK, d.w, d.h), vp.to_window(d).topleft)
    else:
        draw_dashed_rect(surface, C.PAPER_EDGE, vp.to_window(d), max(1, vp.px(1)), vp.px(3), vp.px(3))
    # Translators: a tiny label (max ~6 characters) above the number of neta left in a seat's deck
    label = pgettext("small label", "deck")
    draw_text(surface, app, label, (d.right + 5, d.y + 10), 10, C.INK_MUTED, anchor="midleft")
    gap = max(15.0, (drawn_size(app, 10, label) + drawn_size(app, 14)) / 2 + 3)  # by the sizes drawn
    draw_text(surface, app, str(left), (d.right + 5, d.y + 10 + gap), 14, C.INK_SOFT, bold=True, anchor="midleft")
    tx, ty = area.total_pos()
    total = sh.scores[seat]
    draw_text(surface, app, str(total), (tx, ty - 4), 24, C.VERMILION if total else C.INK_MUTED, bold=True,
              anchor="midright")
    # Translators: the unit under a seat's stroke total (max ~8 characters)
    unit = ngettext("stroke", "strokes", total)
    beside = d.right + 5 + max(text_width(app, label, 10), text_width(app, str(left), 14, True)) + 12
    unit, unit_size = fit_label(app, unit, 11, False, max(56.0, min(110.0, tx - beside)))
    draw_text(surface, app, unit, (tx, ty + 15), unit_size, C.INK_MUTED, anchor="midright")
    # completed kanji
    for i, k in enumerate(sh.completed[seat][:5]):
        r = area.kanji(i)
        wr = vp.to_window(r)
        surface.blit(s.art.tile_px(k.char, k.strokes, wr.w, wr.h, "mini"), wr.topleft)

# -- info strip --------------------------------------------------------------------------------
def _draw_info(s: Any, surface: pygame.Surface) -> None:
    app = s.app
    # rounds, not every seat's turns (a game of four read "Turn 37")
    # Translators: the round in play in Kanji-zushi (one turn of each seat still playing)
    round_text = _("Round {n}").format(n=s.shown.round)
    draw_text(surface, app, round_text, TURN_TEXT, 18, C.INK, bold=True, anchor="midleft")
    # Translators: which list of kanji counts as valid in this game (max ~14 characters)
    key = _("Jōyō list") if s.answer_key == "joyo" else _("Rulebook list")
    room = KEY_TEXT[0] - (TURN_TEXT[0] + text_width(app, round_text, 18, True) + 10)
    if text_width(app, key, 13 * 0.72) <= room:  # else left out: the shari pile's note says it too
        key, key_size = fit_label(app, key, 13, False, room)
        draw_text(surface, app, key, KEY_TEXT, key_size, C.INK_MUTED, anchor="midright")
    said = s.banner_override  # (the replay coach's line takes the banner's place)
    toast = Toast(s.toast.text, TOAST_COLORS.get(s.toast.kind, C.VERMILION_DARK),
                  toast_alpha(s.toast.ms, TOAST_MS, s.toast.text))
    draw_banner(surface, app, BANNER_RECT, s.banner_text() if said is None else "", RichLettering(app, s.art),
                s.cached, said=said, toast=toast)

# -- the shari pile and the table -------------------------------------------------------------
def _draw_pile(s: Any, surface: pygame.Surface) -> None:
    app = s.app
    vp = s.viewport
    left = s.shown.shari_left
    layers = min(4, left)
    for layer in range(layers):
        r = pile_rect(layer)
        wr = vp.to_window(r)
        if layer == 0:
            draw_shadow(surface, wr, vp.px(10), vp.px(3), alpha=70, blur=vp.px(6))
        surface.blit(s.art.card(BACK, r.w, r.h), wr.topleft)
    if left:
        top = pile_rect(layers - 1)
        draw_count_badge(surface, app, (top.right - 6, top.y + 8), left, C.VERMILION, 14)
    else:
        draw_text(surface, app, pgettext("pile", "empty"), pile_rect(0).center, 15, C.INK_MUTED, bold=True)
    draw_text(surface, app, ngettext("{n} card left", "{n} cards left", left).format(n=left), PILE_LEFT_TEXT, 14,
              C.INK_SOFT, bold=True)
    # Translators: on the line after "Valid:" under the shari pile: which kanji count (max ~26 characters)
    note = _("any regular-use kanji") if s.answer_key == "joyo" else _("the rulebook's 71 kanji")
    # Translators: under the shari pile, followed on the next line by which kanji count
    valid = _("Valid:")
    # the two lines apart by the size they are really drawn at (larger for Japanese in a small window)
    (x, y0), (_x, y1) = PILE_NOTE_TEXT
    step = max(y1 - y0, 1.2 * max(drawn_size(app, 12, valid), drawn_size(app, 12, note)))
    mid = (y0 + y1) / 2
    room = PILE_PANEL.w - 16
    for k, line in ((-1, valid), (1, note)):
        line, size = fit_label(app, line, 12, False, room)
        draw_text(surface, app, line, (x, mid + k * step / 2), size, C.INK_MUTED)

def _draw_table(s: Any, surface: pygame.Surface) -> None:
    vp = s.viewport
    sh = s.shown
    actor = s.human_to_act()
    targets = dict(s.drag.targets) if (actor is not None and s.drag.active_item is not None) else {}
    hot = s.drag.hover_target
    hint = s.hint_pair()
    for slot, card in enumerate(sh.table):
        r = slot_rect(slot)
        if card is None:
            if sh.shari_left == 0 and not s.animating():
                # Translators: in an empty slot of the table (max ~8 characters)
                draw_text(surface, s.app, pgettext("slot", "empty"), r.center, 13, (190, 150, 110))
            continue
        wr = vp.to_window(r)
        draw_shadow(surface, wr, vp.px(10), vp.px(3), alpha=80, blur=vp.px(6))
        surface.blit(s.art.card((SHARI, card), r.w, r.h), wr.topleft)
        tid = ("shari", slot)
        if tid in targets:
            glow = s.cached(("glow", r.w, r.h, tid == hot), lambda h=(tid == hot): _build_glow(s, r, h))
            surface.blit(glow, glow.get_rect(center=wr.center))
        if hint is not None and hint[1] == slot:
            _draw_hint_ring(s, surface, r)

def _draw_hint_ring(s: Any, surface: pygame.Surface, r: pygame.Rect) -> None:
    draw_hint_mark(surface, s.app, r, s.clock_ms, tag=s.hinting.tag)


def _build_glow(scene: Any, r: pygame.Rect, hot: bool) -> pygame.Surface:
    vp = scene.viewport
    pad = vp.px(8)
    w, h = vp.px(r.w) + 2 * pad, vp.px(r.h) + 2 * pad
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    base = s.get_rect()
    radius = vp.px(10)
    for k in range(pad, 0, -1):
        a = int((120 if hot else 60) * (1 - k / (pad + 1)))
        pygame.draw.rect(s, (*GOLD_HI, a), base.inflate(-2 * (pad - k), -2 * (pad - k)), width=max(1, vp.px(2)),
                         border_radius=radius + k)
    inner = base.inflate(-2 * pad, -2 * pad)
    pygame.draw.rect(s, (255, 226, 150, 60 if hot else 22), inner, border_radius=radius)
    pygame.draw.rect(s, (*GOLD_HI, 255), inner, width=max(2, vp.px(4 if hot else 2)), border_radius=radius)
    return s

# -- the log ---------------------------------------------------------------------------------------
def _draw_log(s: Any, surface: pygame.Surface) -> None:
    """The game log: its title, as wide as the buttons beside it leave (Hint only when shown: "Game
    log" was cut to "Game…" in a small window), and every event in words
    (:class:`scenes.kit.narration.NarrationLog`)."""
    app = s.app
    room = left_of_buttons(s, LOG_RECT.right - 12) - 6 - LOG_TITLE[0]
    title, tsize = log_title(app, 16, room)
    draw_text(surface, app, title, LOG_TITLE, tsize, C.INK, bold=True, anchor="midleft")
    if s.narration is None or not len(s.narration):
        draw_text(surface, s.app, _("No attempt yet"), LOG_EMPTY, 14, C.INK_MUTED)
        return
    s.narration.draw_base(surface, s.app)

# -- the bottom row --------------------------------------------------------------------------------
def _draw_deck(s: Any, surface: pygame.Surface) -> None:
    app = s.app
    vp = s.viewport
    left = s.shown.neta_left[s.bottom]
    for layer in range(min(3, left)):
        r = deck_rect(layer)
        surface.blit(s.art.card(BACK, r.w, r.h), vp.to_window(r).topleft)
    if left:
        top = deck_rect(min(3, left) - 1)
        draw_count_badge(surface, app, (top.right - 4, top.y + 6), left, C.VERMILION, 12)
    else:
        draw_text(surface, app, pgettext("pile", "empty"), deck_rect(0).center, 13, C.INK_MUTED)
    # Translators: under your deck: the kind of cards in it (max ~8 characters)
    draw_text(surface, app, pgettext("card kind", "neta"), DECK_LABEL, 12, C.INK_MUTED)

def _draw_my_kanji(s: Any, surface: pygame.Surface) -> None:
    app = s.app
    vp = s.viewport
    r = MY_KANJI_RECT
    seat = s.bottom
    name = s.names[seat]
    you = is_you(name)
    title = _("Your kanji") if you else _("{name}'s kanji").format(name=name)
    pygame.draw.circle(surface, seat_rgb(seat), vp.to_window(MY_DOT), max(3, vp.px(6)))
    draw_text(surface, app, title, MY_TITLE, 17, C.INK, bold=True, anchor="midleft")
    total = s.shown.scores[seat]
    # Translators: the unit after your stroke total (max ~8 characters)
    unit = ngettext("stroke", "strokes", total)
    unit_left = MY_STROKES[0] - text_width(app, unit, 13)
    total_pos = MY_TOTAL if unit_left - MY_TOTAL[0] >= 6 else (unit_left - 6, MY_TOTAL[1])  # a longer unit
    draw_text(surface, app, f"{total}", total_pos, 24, C.VERMILION if total else C.INK_MUTED,
              bold=True, anchor="midright")
    draw_text(surface, app, unit, MY_STROKES, 13, C.INK_MUTED, anchor="midright")
    status = s.seat_status(seat)
    if status in ("done", "wins"):
        # Translators: after "Your kanji" / "Aiko's kanji": all five kanji are made, or the seat won
        label = _("all five made") if status == "done" else (_("win!") if you else _("wins!"))
        draw_text(surface, app, label, (MY_TITLE[0] + text_width(app, title, 17, True) + 12, MY_TITLE[1] + 1), 13,
                  C.MATCHA if status == "done" else C.GOLD, bold=True, anchor="midleft")
    if status == "wins":
        pygame.draw.rect(surface, C.GOLD, vp.to_window(r).inflate(vp.px(4), vp.px(4)), width=max(2, vp.px(3)),
                         border_radius=vp.px(18))
    for i, k in enumerate(s.shown.completed[seat][:5]):
        t = my_tile_rect(i)
        wt = vp.to_window(t)
        draw_shadow(surface, wt, vp.px(10), vp.px(3), alpha=60, blur=vp.px(5))
        surface.blit(s.art.tile_px(k.char, k.strokes, wt.w, wt.h, "mine"), wt.topleft)

def _draw_hand(s: Any, surface: pygame.Surface) -> None:
    app = s.app
    vp = s.viewport
    sh = s.shown
    private = sh.hand is not None and s.viewer is not None
    n = s.hand_count()
    if n <= 0:
        return
    hint = s.hint_pair()
    selected = s.drag.selected
    for i in range(n):
        item = ("neta", i)
        if private and (s.drag.is_moving(item) or sh.hand[i] is None):
            continue
        r, _angle, lift = s.hand.pose(i, n)  # a row: no angle
        key = (NETA, sh.hand[i]) if private else BACK
        wr = vp.rect(r.x, r.y - lift, r.w, r.h)
        draw_shadow(surface, wr, vp.px(10), vp.px(4 + lift * 0.25), alpha=70 + int(lift),
                    blur=vp.px(6 + lift * 0.2))
        surface.blit(s.art.card(key, r.w, r.h), wr.topleft)
        if private and item == selected:
            pygame.draw.rect(surface, GOLD_HI, wr.inflate(vp.px(6), vp.px(6)), width=max(2, vp.px(3)),
                             border_radius=vp.px(12))
        if hint is not None and hint[0] == i:
            _draw_hint_ring(s, surface, pygame.Rect(r.x, round(r.y - lift), r.w, r.h))
    if not private:
        hidden = ngettext("{n} neta, hidden", "{n} neta, hidden", n).format(n=n)
        draw_text(surface, app, hidden, (HAND_AREA.centerx, hand_rect(0, n).y - 12), 14,
                  C.PAPER_LIGHT, bold=True, shadow=(20, 12, 6, 170))

def _draw_dragged(s: Any, surface: pygame.Surface) -> None:
    sh = s.shown
    if sh.hand is None:
        return
    vp = s.viewport
    for i, card in enumerate(sh.hand):
        rect = s.drag.display_rect(("neta", i))
        if rect is None or card is None:
            continue
        grow = 1.06 if s.drag.dragging else 1.0
        wr = vp.to_window(centered(rect.center, rect.w * grow, rect.h * grow))
        draw_shadow(surface, wr, vp.px(10), vp.px(12), alpha=90, blur=vp.px(10))
        surface.blit(s.art.card_scaled((NETA, card), wr.w, wr.h), wr.topleft)

# -- flights ------------------------------------------------------------------------------------------
def _draw_flight(s: Any, surface: pygame.Surface, f: Flight) -> None:
    vp = s.viewport
    x, y, w, h = f.rect()
    wr = vp.rect(x, y, w, h)
    if wr.w <= 1 or wr.h <= 1:
        return
    lift = f.lift * f.height()
    if f.kind == "kanji":
        char, strokes = f.first
        img = s.art.tile_scaled(char, strokes, wr.w, wr.h, "board")
        if lift > 0.5:
            draw_shadow(surface, wr.move(0, vp.px(lift)), vp.px(10), 0, alpha=60, blur=vp.px(8))
        surface.blit(img, img.get_rect(center=(wr.centerx, wr.centery - vp.px(lift * 0.4))))
        return
    side, sx = f.side()
    img = s.art.card_scaled(side, wr.w, wr.h)
    if sx < 0.999:
        img = pygame.transform.scale(img, (max(1, int(img.get_width() * sx)), img.get_height()))
    if lift > 0.5 and w >= 40:
        draw_shadow(surface, wr.move(vp.px(lift * 0.3), vp.px(lift)), vp.px(10), 0, alpha=60, blur=vp.px(8))
    surface.blit(img, img.get_rect(center=(wr.centerx, wr.centery - vp.px(lift * 0.4))))


__all__ = ["TOAST_COLORS", "TOAST_MS", "draw_scene"]
