"""The Kanji-zushi art cache: card faces with their glyph, card backs, kanji tiles and glyphs,
in WINDOW pixels (:class:`KanjiArt`), and the art's keys and colours.

Card art (``assets/art/kanji``, viewBox 0 0 200 280, 5:7) is blank: the glyphs are rendered
from the bundled Japanese font on top (one character per card; the ``⿱幺夂`` card, which has no
code point, is cut out of 後 by :meth:`KanjiArt.go_right`).
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game.i18n import ngettext
from game.kanji.data import GO_RIGHT
from scenes.kanji.layout import (
    BASE_CARD_H,
    BASE_CARD_W,
    BOARD_CARD_H,
    BOARD_CARD_W,
    JOIN_TILE,
)
from scenes.kit.card_art import CardArt
from scenes.kit.draw import mix, render_label
from scenes.kit.tween import clamp

log = logging.getLogger("tatami.kanji")

# -- art ------------------------------------------------------------------------------------------
ART_DIR = "art/kanji"
NETA_SVG = f"{ART_DIR}/card_neta.svg"
SHARI_SVG = f"{ART_DIR}/card_shari.svg"
BACK_SVG = f"{ART_DIR}/card_back.svg"
BOARD_SVG = f"{ART_DIR}/board.svg"
TABLE_SVG = "art/table.svg"

#: Art key of a card back. Faces are ``("neta", name)`` / ``("shari", name)``.
BACK = "back"
NETA, SHARI = "neta", "shari"

INK = (38, 33, 30)
INK_RED = (150, 40, 26)
GOLD_HI = (240, 200, 110)


# -- the art cache -----------------------------------------------------------------------------------------
class KanjiArt(CardArt):
    """Card faces with their glyph, card backs, kanji tiles and glyphs, in WINDOW pixels, cached
    per size (the whole cache is dropped when the viewport changes). Every glyph is rendered from
    the bundled Japanese font once per (character, pixel size, colour).

    * ``glyph(char, px, color)`` -> (em-box surface, ink rect inside it); ``ink(...)`` the
      surface cropped to its ink. ``char`` may be :data:`~game.kanji.data.GO_RIGHT`.
    * ``card_px(key, w_px, h_px)`` / ``card(key, w, h)``: a card with its glyph (``key`` is
      :data:`BACK`, ``("neta", name)`` or ``("shari", name)``); ``card_scaled`` for animated
      sizes (smooth-scaled from the hand-size render, cached per even pixel width);
      ``blank_px(kind, ...)`` the art alone.
    * ``tile_px(char, strokes, w_px, h_px, style)``: a completed kanji tile.
    * ``go_right(px, color)``: the right part of 後 (⿱幺夂), which has no code point.
    """

    MAX_ITEMS = 900
    BASE_W = BASE_CARD_W
    BASE_H = BASE_CARD_H

    def _font(self, px: int) -> pygame.font.Font:
        return self.app.assets.font_px(max(4, int(px)), jp=True)

    # -- glyphs ------------------------------------------------------------------------------------
    def glyph(self, char: str, px: int, color: Sequence[int] = INK) -> tuple[pygame.Surface, pygame.Rect]:
        """``char`` rendered at ``px`` window px: (the em-box surface, its ink rect). Cached."""
        px = max(4, int(px))
        color = tuple(color[:3])
        return self._get(("glyph", char, px, color), lambda: self._build_glyph(char, px, color))

    def _build_glyph(self, char: str, px: int, color: tuple) -> tuple[pygame.Surface, pygame.Rect]:
        if char == GO_RIGHT:
            return self._build_go_right(px, color)
        surf = self._font(px).render(char, True, color)
        ink = surf.get_bounding_rect(min_alpha=8)
        if ink.w == 0 or ink.h == 0:
            ink = surf.get_rect()
        return surf, ink

    def go_right(self, px: int, color: Sequence[int] = INK) -> pygame.Surface:
        """The ``⿱幺夂`` card glyph: 後 rendered at ``px`` with its left part (彳) removed."""
        return self.glyph(GO_RIGHT, px, color)[0]

    def _build_go_right(self, px: int, color: tuple) -> tuple[pygame.Surface, pygame.Rect]:
        """Render 後 and keep only its right part. The strokes of 彳 and of ⿱幺夂 overlap in x
        (no straight cut separates them cleanly), so the right part is chosen stroke by stroke:
        the connected ink components that start right of 22% of the em box. If that finds
        nothing (a font without that shape), the glyph is clipped to the right 58% of its box.
        The em box is kept (so the part sits right of centre, as in 後)."""
        full = self._font(px).render("後", True, color)
        w, h = full.get_size()
        part = pygame.Surface((w, h), pygame.SRCALPHA)
        keep = None
        try:
            mask = pygame.mask.from_surface(full, 40)
            comps = mask.connected_components(max(2, px // 40))
            chosen = [c for c in comps if c.get_bounding_rects() and c.get_bounding_rects()[0].x >= 0.22 * w
                      and c.get_bounding_rects()[0].right >= 0.6 * w]
            if chosen:
                keep = pygame.mask.Mask((w, h))
                for c in chosen:
                    keep.draw(c, (0, 0))
                # grow by a pixel so the anti-aliased fringe of the strokes is kept
                grown = pygame.mask.Mask((w, h))
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        grown.draw(keep, (dx, dy))
                keep = grown
        except (pygame.error, ValueError):  # pragma: no cover - mask support is part of pygame-ce
            keep = None
        if keep is not None:
            part.blit(full, (0, 0))
            ms = keep.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
            part.blit(ms, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        else:
            cut = round(w * 0.42)
            part.blit(full, (cut, 0), pygame.Rect(cut, 0, w - cut, h))
        ink = part.get_bounding_rect(min_alpha=8)
        if ink.w == 0 or ink.h == 0:
            ink = part.get_rect()
        return part, ink

    def split(self, char: str) -> float:
        """Where the left part of a left/right kanji ends, as a fraction 0..1 of its ink width:
        the emptiest ink column between 28% and 58% of the width (measured once at 64 px). Used
        to land the two halves of the join animation where they sit in the real character."""
        def build() -> float:
            surf, ink = self._build_glyph(char, 64, (0, 0, 0))
            mask = pygame.mask.from_surface(surf, 60)
            lo, hi = ink.x + int(ink.w * 0.28), ink.x + int(ink.w * 0.58)
            best, best_x = None, ink.x + ink.w * 0.42
            for x in range(lo, max(lo + 1, hi)):
                n = sum(mask.get_at((x, y)) for y in range(ink.y, ink.bottom))
                if best is None or n < best:
                    best, best_x = n, x
            return clamp((best_x - ink.x) / max(1, ink.w), 0.25, 0.6)

        return self._get(("split", char), build)

    def ink(self, char: str, px: int, color: Sequence[int] = INK) -> pygame.Surface:
        """``char`` at ``px`` cropped to its ink rect."""
        surf, ink = self.glyph(char, px, color)
        return self._get(("ink", char, int(px), tuple(color[:3])), lambda: surf.subsurface(ink).copy())

    # -- cards -------------------------------------------------------------------------------------
    def blank_px(self, kind: str, w_px: int, h_px: int) -> pygame.Surface:
        """The card art alone: ``kind`` "neta", "shari" or :data:`BACK`."""
        path = {NETA: NETA_SVG, SHARI: SHARI_SVG}.get(kind, BACK_SVG)
        return self.svg_art(path, max(1, int(w_px)), max(1, int(h_px)))

    @staticmethod
    def glyph_px_for(w_px: float) -> int:
        """Glyph size (window px) on a card ``w_px`` wide."""
        return max(6, round(w_px * 0.58))

    @staticmethod
    def face_center(kind: str, w_px: float, h_px: float) -> tuple[float, float]:
        """Centre of the plain face of a card (the art has a patterned band on the outer side)."""
        fx = 109.5 / 200 if kind == NETA else 90.5 / 200
        return (w_px * fx, h_px * 139 / 280)

    def _build_card(self, key: Any, w_px: int, h_px: int) -> pygame.Surface:
        if key == BACK or not isinstance(key, tuple):
            return self.blank_px(BACK, w_px, h_px)
        kind, name = key
        s = self.blank_px(kind, w_px, h_px).copy()
        if w_px >= 8:
            surf, ink = self.glyph(name, self.glyph_px_for(w_px))
            cx, cy = self.face_center(kind, w_px, h_px)
            s.blit(surf, (round(cx - ink.centerx), round(cy - ink.centery)))
        return s

    # -- completed kanji tiles ---------------------------------------------------------------------
    def tile_px(self, char: str, strokes: int | None, w_px: int, h_px: int, style: str = "mine") -> pygame.Surface:
        """A completed kanji: ivory tile, the glyph, and the stroke count along the bottom
        (``style`` "mine": "6 strokes"; "mini": a number badge; "board": no count, bigger glyph;
        "wrong": a greyed, red-edged tile without count; "blank" / "blank-wrong": the tile alone)."""
        w_px, h_px = max(2, int(w_px)), max(2, int(h_px))
        return self._get(("tile", char, strokes, w_px, h_px, style),
                         lambda: self._build_tile(char, strokes, w_px, h_px, style))

    def _build_tile(self, char: str, strokes: int | None, w: int, h: int, style: str) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(2, round(min(w, h) * 0.12))
        edge = max(1, round(min(w, h) * 0.03))
        wrong = style in ("wrong", "blank-wrong")
        base = (252, 248, 238) if not wrong else (240, 226, 216)
        rim = (206, 172, 96) if not wrong else (176, 70, 50)
        shade = mix(base, (214, 196, 160), 0.6)
        pygame.draw.rect(s, shade, s.get_rect(), border_radius=rad)
        pygame.draw.rect(s, base, pygame.Rect(0, 0, w, h - max(1, edge * 2)), border_radius=rad)
        pygame.draw.rect(s, rim, pygame.Rect(0, 0, w, h - max(1, edge * 2)), width=edge, border_radius=rad)
        count_h = 0
        if style == "mine" and strokes is not None:
            count_h = round(h * 0.2)
            band = pygame.Rect(edge * 2, h - count_h - edge * 3, w - edge * 4, count_h)
            pygame.draw.rect(s, (244, 232, 208), band, border_radius=max(1, rad // 2))
            px = max(6, round(count_h * 0.62))
            # Translators: printed on a small kanji tile (max ~10 characters; the number alone if longer)
            label = ngettext("{n} stroke", "{n} strokes", strokes).format(n=strokes)
            img = render_label(self.app, label, px, (150, 60, 40))  # (in the font that holds it: 画)
            if img.get_width() > band.w:
                img = render_label(self.app, str(strokes), px, (150, 60, 40))
            s.blit(img, img.get_rect(center=band.center))
            count_h += edge * 3
        if style.startswith("blank") or not char:
            return s
        gpx = round(min(w * 0.74, (h - count_h) * 0.72))
        if style == "board":
            gpx = round(min(w, h) * 0.8)
        color = INK if not wrong else (110, 96, 88)
        surf, ink = self.glyph(char, gpx, color)
        area_h = h - count_h - edge * 2
        s.blit(surf, (round(w / 2 - ink.centerx), round(area_h / 2 - ink.centery + edge * 0.5)))
        if style == "mini" and strokes is not None:
            d = max(6, round(w * 0.42))
            badge = pygame.Rect(w - d, h - d, d, d)
            pygame.draw.ellipse(s, (178, 62, 40), badge)
            img = render_label(self.app, str(strokes), max(5, round(d * 0.62)), (252, 246, 236))
            s.blit(img, img.get_rect(center=(badge.centerx, badge.centery)))
        return s

    def tile_scaled(self, char: str, strokes: int | None, w_px: float, h_px: float, style: str) -> pygame.Surface:
        """A tile at an animated size (scaled from the board render, cached per even width)."""
        w_px = max(2, int(round(w_px / 2)) * 2)
        h_px = max(2, int(round(h_px / 2)) * 2)
        vp = self.app.viewport

        def build() -> pygame.Surface:
            src = self.tile_px(char, strokes, vp.px(JOIN_TILE), vp.px(JOIN_TILE), "board")
            return pygame.transform.smoothscale(src, (w_px, h_px))

        return self._get_passing(("tile_scaled", char, w_px, h_px), build)

    # -- misc ----------------------------------------------------------------------------------------
    def soft_glow(self, d_px: int, color: Sequence[int], alpha: int = 150) -> pygame.Surface:
        """A round soft glow ``d_px`` across (radial falloff)."""
        d_px = max(4, int(d_px))

        def build() -> pygame.Surface:
            s = pygame.Surface((d_px, d_px), pygame.SRCALPHA)
            steps = 18
            for k in range(steps):
                r = d_px / 2 * (1 - k / steps)
                a = int(alpha * (k + 1) / steps * 0.35)
                pygame.draw.circle(s, (*color[:3], a), (d_px // 2, d_px // 2), max(1, int(r)))
            return s

        return self._get(("glow", d_px, tuple(color[:3]), alpha), build)


#: Text sizes (logical px) whose fonts are loaded on entering the play scene (:func:`warm_up`).
WARM_TEXT_SIZES = (11, 12, 13, 14, 15, 16, 17, 18, 19, 24)


def warm_up(art: KanjiArt, app: Any, vp: Any, areas: Iterable[Any]) -> None:
    """Render once the glyph sizes the first join needs (the big joined glyph, cards on the
    board, tiles of each seat ``area``) and load the text fonts, so the first animation does not
    pay for loading those font sizes (each size of the 1.2 MB Japanese font is a separate load).
    Never raises (a failed warm-up is logged at debug level)."""
    try:
        art.glyph("休", vp.px(JOIN_TILE * 0.8))
        art.card_px((NETA, "亻"), vp.px(BOARD_CARD_W), vp.px(BOARD_CARD_H))
        art.card_px((SHARI, "木"), vp.px(BOARD_CARD_W), vp.px(BOARD_CARD_H))
        art.tile_px("休", 6, vp.px(JOIN_TILE), vp.px(JOIN_TILE), "board")
        for area in areas:
            r = area.kanji(0)
            art.tile_px("休", 6, vp.px(r.w), vp.px(r.h), "mine" if area.bottom else "mini")
        assets = app.assets
        for size in WARM_TEXT_SIZES:  # the captions, the log and the banner mix kana, kanji and Latin
            for bold in (False, True):
                assets.font(size, bold=bold, jp=True)
                assets.font(size, bold=bold)
    except Exception:  # a cache warm-up never stops the game
        log.debug("kanji: warm-up failed", exc_info=True)
