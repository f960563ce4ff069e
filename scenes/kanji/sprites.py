"""Presentation helpers of the Kanji-zushi play and score scenes: layout, the displayed snapshot,
card / glyph / kanji-tile sprites, the join stage, tooltips and text with the 後 right part inline.

Everything is in LOGICAL pixels (1280x720) and milliseconds, except the art cache
(:class:`KanjiArt`), which returns surfaces in WINDOW pixels. No rules live here: the displayed
snapshot (:class:`Shown`) is always built from a :class:`game.kanji.KanjiView`; the scene edits a
copy of it while it choreographs an animation and replaces it with a fresh one afterwards.
Facts about a kanji (meanings, readings, strokes) come from :func:`game.kanji_data.form`.

Screen layout (logical px)::

    y   8..140  opponents' panels across the top (seat b+1 leftmost ... b-1 rightmost); pause
    y 150..190  turn pill | instruction / message banner | Pass button
    y 198..520  shari pile | the table (6 shari, two rows of 3) | the join board | attempt log
    y 528..712  your neta deck | your hand (5 neta) | your completed kanji

Card art (``assets/art/kanji``, viewBox 0 0 200 280, 5:7) is blank: the glyphs are rendered
from the bundled Japanese font on top (one character per card; the ``⿱幺夂`` card, which has no
code point, is cut out of 後 by :meth:`KanjiArt.go_right`).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from game.kanji_data import GO_RIGHT, Formed, form
from scenes.kit.card_art import CardArt
from scenes.kit.draw import C, draw_shadow, draw_text, mix, text_width
from scenes.kit.flight import Flight, as_tuple, centered
from scenes.kit.tween import Tween, clamp
from scenes.play.seats import SEAT_RGB

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
SEAT_FALLBACK = (60, 150, 160)

# -- layout (logical px) --------------------------------------------------------------------------
CARD_RATIO = 280 / 200  #: card height / width (the art's viewBox)
PAUSE_RECT = pygame.Rect(1216, 14, 50, 50)
TOP_X0, TOP_X1 = 16, 1204
TOP_Y, TOP_H = 8, 132
TOP_GAP = 12
TOP_MAX_W = 430

TURN_RECT = pygame.Rect(16, 150, 236, 40)
BANNER_RECT = pygame.Rect(264, 150, 752, 40)
PASS_RECT = pygame.Rect(1028, 150, 236, 40)

PILE_PANEL = pygame.Rect(16, 198, 196, 322)
TABLE_RECT = pygame.Rect(224, 198, 400, 322)
BOARD_RECT = pygame.Rect(636, 198, 368, 322)
LOG_RECT = pygame.Rect(1016, 198, 248, 322)

DECK_PANEL = pygame.Rect(16, 536, 100, 172)
HAND_AREA = pygame.Rect(128, 528, 616, 192)
MY_KANJI_RECT = pygame.Rect(756, 536, 508, 172)

SLOT_W, SLOT_H = 106, 148
SLOT_GAP_X, SLOT_GAP_Y = 16, 10
HAND_W, HAND_H = 108, 151
HAND_STEP = 120
HAND_Y = 720 - HAND_H - 12
HOVER_LIFT = 20.0
PILE_W, PILE_H = 96, 134
DECK_W, DECK_H = 64, 90
BOARD_CARD_W, BOARD_CARD_H = 112, 157
JOIN_TILE = 176  #: the joined kanji's tile on the board (square)
MY_TILE_W, MY_TILE_H = 88, 104
MY_TILE_STEP = 98
OPP_BACK_W, OPP_BACK_H = 26, 36
OPP_TILE_W, OPP_TILE_H = 36, 44
OPP_TILE_STEP = 40
BASE_CARD_W, BASE_CARD_H = HAND_W, HAND_H  #: flights are scaled from renders of this size


def seat_rgb(seat: int, palette: Sequence[tuple[int, int, int]] | None = None) -> tuple[int, int, int]:
    """Accent colour of ``seat`` (``scenes.play.seats.SEAT_RGB``, reused with modulo past its end)."""
    pal = palette or SEAT_RGB
    return pal[seat % len(pal)] if pal else SEAT_FALLBACK


def top_panel_rects(n: int) -> list[pygame.Rect]:
    """The ``n`` opponents' panels (1..5), left to right, centred in the top row."""
    if n <= 0:
        return []
    span = TOP_X1 - TOP_X0
    w = min(TOP_MAX_W, int((span - TOP_GAP * (n - 1)) / n))
    total = w * n + TOP_GAP * (n - 1)
    x0 = TOP_X0 + (span - total) // 2
    return [pygame.Rect(x0 + k * (w + TOP_GAP), TOP_Y, w, TOP_H) for k in range(n)]


def slot_rect(slot: int) -> pygame.Rect:
    """Table slot 0..5: two rows of three (0 1 2 over 3 4 5), centred in :data:`TABLE_RECT`."""
    col, row = slot % 3, slot // 3
    total_w = 3 * SLOT_W + 2 * SLOT_GAP_X
    total_h = 2 * SLOT_H + SLOT_GAP_Y
    x0 = TABLE_RECT.x + (TABLE_RECT.w - total_w) // 2
    y0 = TABLE_RECT.y + (TABLE_RECT.h - total_h) // 2
    return pygame.Rect(x0 + col * (SLOT_W + SLOT_GAP_X), y0 + row * (SLOT_H + SLOT_GAP_Y), SLOT_W, SLOT_H)


def beside_rect(slot: int) -> pygame.Rect:
    """Where a neta lies when put beside the shari of ``slot`` (over its left part, raised)."""
    r = slot_rect(slot)
    return pygame.Rect(r.x - round(r.w * 0.55), r.y - 10, r.w, r.h)


def hand_rect(i: int, n: int) -> pygame.Rect:
    """Card ``i`` of the ``n`` neta in the bottom hand (a straight row centred in the hand area)."""
    n = max(1, n)
    step = min(HAND_STEP, (HAND_AREA.w - HAND_W) / max(1, n - 1)) if n > 1 else HAND_STEP
    total = HAND_W + step * (n - 1)
    x0 = HAND_AREA.centerx - total / 2
    return pygame.Rect(round(x0 + i * step), HAND_Y, HAND_W, HAND_H)


def pile_rect(layer: int = 0) -> pygame.Rect:
    """The shari pile's card ``layer`` levels up from the bottom (the pile is drawn as a stack)."""
    cx, cy = PILE_PANEL.centerx, PILE_PANEL.y + 136
    return centered((cx - layer * 2, cy - layer * 3), PILE_W, PILE_H)


def deck_rect(layer: int = 0) -> pygame.Rect:
    """The bottom seat's neta deck, card ``layer`` up from the bottom."""
    cx, cy = DECK_PANEL.centerx, DECK_PANEL.y + 96
    return centered((cx - layer * 2, cy - layer * 3), DECK_W, DECK_H)


def my_tile_rect(i: int) -> pygame.Rect:
    """Completed kanji ``i`` (0..4) of the bottom seat."""
    return pygame.Rect(MY_KANJI_RECT.x + 16 + i * MY_TILE_STEP, MY_KANJI_RECT.y + 52, MY_TILE_W, MY_TILE_H)


def board_card(side: int, together: float = 0.0) -> pygame.Rect:
    """A card on the join board: ``side`` 0 = the neta (left), 1 = the shari (right);
    ``together`` 0 = apart (as put down), 1 = edge to edge."""
    cx, cy = BOARD_RECT.centerx, BOARD_RECT.y + 112
    apart = BOARD_CARD_W / 2 + 14
    close = BOARD_CARD_W / 2 - 3
    off = apart + (close - apart) * together
    x = cx - off if side == 0 else cx + off
    return centered((x, cy), BOARD_CARD_W, BOARD_CARD_H)


def board_tile() -> pygame.Rect:
    """The joined kanji's tile on the join board."""
    return centered((BOARD_RECT.centerx, BOARD_RECT.y + 112), JOIN_TILE, JOIN_TILE)


class SeatArea:
    """Where one seat's things are drawn. The bottom seat (``panel`` None) uses the bottom row;
    an opponent its panel in the top row (header; hand backs, deck and total; completed kanji)."""

    def __init__(self, seat: int, panel: pygame.Rect | None = None):
        self.seat = seat
        self.panel = panel

    @property
    def bottom(self) -> bool:
        return self.panel is None

    def hand_card(self, i: int, n: int) -> pygame.Rect:
        """Hand card ``i`` of ``n`` (bottom: the row of big cards; opponent: a small back)."""
        if self.panel is None:
            return hand_rect(i, n)
        p = self.panel
        return pygame.Rect(p.x + 14 + i * 9, p.y + 38, OPP_BACK_W, OPP_BACK_H)

    def hand_count_pos(self) -> tuple[float, float]:
        p = self.panel
        assert p is not None
        return (p.x + 14 + 4 * 9 + OPP_BACK_W + 6, p.y + 56)

    def deck(self) -> pygame.Rect:
        """The seat's neta deck (bottom: the deck panel; opponent: a small back in its panel)."""
        if self.panel is None:
            return deck_rect()
        p = self.panel
        return pygame.Rect(p.x + 116, p.y + 38, OPP_BACK_W, OPP_BACK_H)

    def kanji(self, i: int) -> pygame.Rect:
        """Completed kanji ``i`` (0..4)."""
        if self.panel is None:
            return my_tile_rect(i)
        p = self.panel
        step = min(OPP_TILE_STEP, (p.w - 28 - OPP_TILE_W) / 4)
        return pygame.Rect(round(p.x + 14 + i * step), p.y + 82, OPP_TILE_W, OPP_TILE_H)

    def total_pos(self) -> tuple[float, float]:
        """Right end of the stroke total (opponent panel)."""
        p = self.panel
        assert p is not None
        return (p.right - 14, p.y + 54)


# -- displayed snapshot -------------------------------------------------------------------------------
@dataclass
class Shown:
    """What the scene draws, built from the bottom seat's :class:`game.kanji.KanjiView`.

    ``hand`` is the bottom seat's neta (None when hidden: hot-seat privacy); while an animation
    runs an entry may be None (a card in flight). ``private`` False hides the hand."""

    num_seats: int
    bottom: int
    private: bool
    hand: list | None
    hand_sizes: list
    neta_left: list
    shari_left: int
    table: list
    completed: list
    attempts: list
    to_move: int | None
    turn: int
    over: bool
    answer_key: str

    @classmethod
    def from_view(cls, view: Any, private: bool = True) -> "Shown":
        return cls(
            num_seats=view.num_seats,
            bottom=view.seat,
            private=private,
            hand=list(view.hand) if private else None,
            hand_sizes=list(view.hand_sizes),
            neta_left=list(view.neta_left),
            shari_left=view.shari_left,
            table=list(view.table),
            completed=[list(k) for k in view.completed],
            attempts=list(view.attempts),
            to_move=view.to_move,
            turn=view.ply,
            over=view.outcome is not None,
            answer_key=view.answer_key,
        )

    @property
    def scores(self) -> list[int]:
        """Stroke total of each seat's displayed kanji."""
        return [sum(k.strokes for k in ks) for ks in self.completed]


@dataclass
class JoinShow:
    """The pair on the join board. ``phase``: "apart" (just put down), "slide" (halves slide
    together), "morph" (the halves squeeze into place and cross-fade into the real character),
    "glow" (valid: gold), "shake" (wrong), "unmorph" (wrong: the character comes apart again).
    ``tween`` runs 0 -> 1 over the current phase."""

    seat: int
    neta: str
    shari: str
    char: str | None
    valid: bool
    phase: str = "apart"
    tween: Tween = field(default_factory=lambda: Tween(0.0, 1.0, 0.0))

    def start(self, phase: str, ms: float, ease: str = "in_out_cubic") -> None:
        self.phase = phase
        self.tween = Tween(0.0, 1.0, ms, ease)

    def update(self, dt_ms: float) -> None:
        self.tween.update(dt_ms)

    @property
    def t(self) -> float:
        return float(self.tween.value)

    def morph_amount(self) -> float:
        """0 = two separate cards, 1 = the joined character."""
        if self.char is None:
            return 0.0
        if self.phase == "morph":
            return self.t
        if self.phase in ("glow", "shake"):
            return 1.0
        if self.phase == "unmorph":
            return 1.0 - self.t
        return 0.0

    def together(self) -> float:
        if self.phase == "apart":
            return 0.0
        if self.phase == "slide":
            return self.t
        return 1.0

    def shake_dx(self) -> float:
        """Horizontal shake offset (logical px)."""
        if self.phase != "shake":
            return 0.0
        t = self.tween.progress
        return 11.0 * math.sin(t * math.pi * 9) * (1 - t)


# -- text about a kanji -----------------------------------------------------------------------------------
def readings(f: Formed, limit: int = 1) -> str:
    """``"キュウ / やす.む"``: the first ``limit`` on readings, then the first kun readings."""
    parts = []
    if f.on:
        parts.append(", ".join(f.on[:limit]))
    if f.kun:
        parts.append(", ".join(f.kun[:limit]))
    return " / ".join(parts)


def caption(f: Formed) -> str:
    """One line about a completed kanji: ``"休 — rest; キュウ / やす.む; 6 strokes"``."""
    parts = [f"{f.char} — {f.meanings[0] if f.meanings else 'kanji'}"]
    r = readings(f)
    if r:
        parts.append(r)
    if f.strokes is not None:
        parts.append(f"{f.strokes} stroke{'s' if f.strokes != 1 else ''}")
    return "; ".join(parts)


def grade_text(grade: int | None) -> str:
    """KANJIDIC2 grade -> where it is taught (1-6 primary school grades, 8 secondary school)."""
    if grade is None:
        return ""
    if 1 <= grade <= 6:
        return f"taught in grade {grade}"
    return "taught in secondary school"


def tip_lines(f: Formed, neta: str | None = None, shari: str | None = None) -> list[tuple[str, str]]:
    """The tooltip of a kanji as (label, text) rows: meaning(s), on and kun readings, strokes
    (and grade), and the pair it was made from."""
    rows: list[tuple[str, str]] = []
    if f.meanings:
        rows.append(("Meaning", ", ".join(f.meanings[:4])))
    if f.on:
        rows.append(("On", "、".join(f.on[:4])))
    if f.kun:
        rows.append(("Kun", "、".join(f.kun[:4])))
    bits = []
    if f.strokes is not None:
        bits.append(f"{f.strokes} stroke{'s' if f.strokes != 1 else ''}")
    g = grade_text(f.grade)
    if g:
        bits.append(g)
    if bits:
        rows.append(("Strokes", " · ".join(bits)))
    if neta and shari:
        rows.append(("Made of", f"{neta} + {shari}"))
    return rows


def formed_of(neta: str, shari: str) -> Formed | None:
    """``game.kanji_data.form`` that never raises (None for unknown names)."""
    try:
        return form(neta, shari)
    except ValueError:
        return None


# -- the art cache -----------------------------------------------------------------------------------------
class KanjiArt(CardArt):
    """Card faces with their glyph, card backs, kanji tiles and glyphs, in WINDOW pixels, cached
    per size (the whole cache is dropped when the viewport changes). Every glyph is rendered from
    the bundled Japanese font once per (character, pixel size, colour).

    * ``glyph(char, px, color)`` -> (em-box surface, ink rect inside it); ``ink(...)`` the
      surface cropped to its ink. ``char`` may be :data:`~game.kanji_data.GO_RIGHT`.
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
        return self.app.assets.svg_px(path, max(1, int(w_px)), max(1, int(h_px)))

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
            font = self.app.assets.font_px(max(6, round(count_h * 0.62)), bold=True)
            img = font.render(f"{strokes} strokes", True, (150, 60, 40))
            if img.get_width() > band.w:
                img = font.render(str(strokes), True, (150, 60, 40))
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
            font = self.app.assets.font_px(max(5, round(d * 0.62)), bold=True)
            img = font.render(str(strokes), True, (252, 246, 236))
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

        return self._get(("tile_scaled", char, w_px, h_px), build)

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


# -- text with the 後 right part inline ------------------------------------------------------------------
def _pieces(text: str) -> list[str]:
    """Split ``text`` around :data:`GO_RIGHT` (kept as its own piece)."""
    out: list[str] = []
    rest = text
    while GO_RIGHT in rest:
        a, rest = rest.split(GO_RIGHT, 1)
        if a:
            out.append(a)
        out.append(GO_RIGHT)
    if rest:
        out.append(rest)
    return out


def rich_width(app: Any, text: str, size: float, bold: bool = False) -> float:
    """Logical width of ``text`` as :func:`draw_rich` draws it."""
    w = 0.0
    for piece in _pieces(text):
        w += size * 0.9 if piece == GO_RIGHT else text_width(app, piece, size, bold)
    return w


def draw_rich(surface: pygame.Surface, app: Any, art: KanjiArt, text: str, pos: Sequence[float], size: float,
              color: Sequence[int] = INK, bold: bool = False, anchor: str = "midleft", alpha: int = 255) -> float:
    """Draw one line of text (logical ``pos``/``size``; anchors "midleft", "center", "midright")
    in which :data:`GO_RIGHT` is drawn as the clipped glyph; returns the logical width."""
    if not text:
        return 0.0
    width = rich_width(app, text, size, bold)
    x, y = pos
    if anchor == "center":
        x -= width / 2
    elif anchor == "midright":
        x -= width
    vp = app.viewport
    for piece in _pieces(text):
        if piece == GO_RIGHT:
            surf, ink = art.glyph(GO_RIGHT, vp.px(size * 1.22), tuple(color[:3]))
            sub = surf.subsurface(ink)
            wx, wy = vp.to_window((x + size * 0.45, y))
            if alpha < 255:
                sub = sub.copy()
                sub.set_alpha(alpha)
            surface.blit(sub, sub.get_rect(center=(wx, wy + vp.px(size * 0.04))))
            x += size * 0.9
        else:
            r = draw_text(surface, app, piece, (x, y), size, color, bold=bold, anchor="midleft", alpha=alpha)
            x += r.w / vp.scale
    return width


def wrap_rich(app: Any, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy wrap of ``text`` to a logical ``width`` (measured like :func:`draw_rich`). Lines break
    after a space or after a Japanese comma "、" (lists of readings have no spaces)."""
    tokens = [t for t in re.split(r"(?<= )|(?<=、)", text) if t]
    lines: list[str] = []
    cur = ""
    for tok in tokens:
        cand = cur + tok
        if not cur or rich_width(app, cand.rstrip(), size, bold) <= width:
            cur = cand
        else:
            lines.append(cur.rstrip())
            cur = tok
    if cur.strip():
        lines.append(cur.rstrip())
    return lines


# -- tooltip ----------------------------------------------------------------------------------------------
TIP_W = 320


def tip_rect(anchor: pygame.Rect, rows: int) -> pygame.Rect:
    """Where the tooltip of a kanji hovered at ``anchor`` goes: below it if there is room, else
    above; kept inside the screen."""
    h = 92 + rows * 24
    w = TIP_W
    x = clamp(anchor.centerx - w / 2, 8, 1280 - 8 - w)
    y = anchor.bottom + 10
    if y + h > 712:
        y = anchor.y - 10 - h
    y = clamp(y, 8, 720 - 8 - h)
    return pygame.Rect(round(x), round(y), w, h)


def draw_kanji_tip(surface: pygame.Surface, app: Any, art: KanjiArt, f: Formed, anchor: pygame.Rect,
                   neta: str | None = None, shari: str | None = None, who: str | None = None) -> pygame.Rect:
    """Draw the tooltip of ``f`` (big glyph, meanings, on/kun readings, strokes, grade, the pair
    it was made of) next to the logical rect ``anchor``; returns the tooltip's logical rect."""
    vp = app.viewport
    rows = tip_lines(f, neta, shari)
    # long rows wrap: count their lines first
    wrapped: list[tuple[str, list[str]]] = []
    for label, text in rows:
        lines = wrap_rich(app, text, 14, TIP_W - 98) or [""]
        wrapped.append((label, lines[:3]))
    n_lines = sum(len(ls) for _, ls in wrapped)
    r = tip_rect(anchor, n_lines)
    wr = vp.to_window(r)
    draw_shadow(surface, wr, vp.px(12), vp.px(6), alpha=90, blur=vp.px(12))
    pygame.draw.rect(surface, (34, 30, 28), wr, border_radius=vp.px(12))
    pygame.draw.rect(surface, C.GOLD, wr, width=max(1, vp.px(1.5)), border_radius=vp.px(12))
    # the glyph on an ivory square
    sq = pygame.Rect(r.x + 14, r.y + 14, 64, 64)
    pygame.draw.rect(surface, (252, 248, 238), vp.to_window(sq), border_radius=vp.px(8))
    surf, ink = art.glyph(f.char, vp.px(52))
    c = vp.to_window(sq.center)
    surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))
    title = f.meanings[0] if f.meanings else f.char
    draw_text(surface, app, title, (r.x + 92, r.y + 30), 19, C.PAPER_LIGHT, bold=True, anchor="midleft")
    sub = f"{f.strokes} strokes" if f.strokes is not None else ""
    if who:
        sub = f"{who} · {sub}" if sub else who
    draw_text(surface, app, sub, (r.x + 92, r.y + 56), 13, C.GOLD_LIGHT, anchor="midleft")
    y = r.y + 96
    for label, lines in wrapped:
        draw_text(surface, app, label, (r.x + 16, y), 12, (176, 160, 140), bold=True, anchor="midleft")
        for line in lines:
            draw_rich(surface, app, art, line, (r.x + 88, y), 14, C.PAPER_LIGHT)
            y += 22
        y += 2
    return r


__all__ = [
    "ART_DIR", "NETA_SVG", "SHARI_SVG", "BACK_SVG", "BOARD_SVG", "TABLE_SVG", "BACK", "NETA", "SHARI",
    "INK", "INK_RED", "GOLD_HI", "CARD_RATIO", "PAUSE_RECT", "TURN_RECT", "BANNER_RECT", "PASS_RECT",
    "PILE_PANEL", "TABLE_RECT", "BOARD_RECT", "LOG_RECT", "DECK_PANEL", "HAND_AREA", "MY_KANJI_RECT",
    "SLOT_W", "SLOT_H", "HAND_W", "HAND_H", "HOVER_LIFT", "PILE_W", "PILE_H", "DECK_W", "DECK_H",
    "BOARD_CARD_W", "BOARD_CARD_H", "JOIN_TILE", "MY_TILE_W", "MY_TILE_H", "OPP_TILE_W", "OPP_TILE_H",
    "OPP_BACK_W", "OPP_BACK_H", "seat_rgb", "top_panel_rects", "slot_rect", "beside_rect", "hand_rect",
    "pile_rect", "deck_rect", "my_tile_rect", "board_card", "board_tile", "SeatArea", "Shown", "JoinShow",
    "Flight", "centered", "as_tuple", "readings", "caption", "grade_text", "tip_lines", "formed_of", "KanjiArt",
    "rich_width", "draw_rich", "wrap_rich", "tip_rect", "draw_kanji_tip",
]
