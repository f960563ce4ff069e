"""Presentation helpers of the Sushi Draft play scene: layout, the displayed snapshot, sprites.

Everything here is in LOGICAL pixels (1280x720) and milliseconds, except the art cache, which
returns surfaces in WINDOW pixels. No rules live here: the displayed snapshot (:class:`Shown`) is
always built from a :class:`game.sushi.SushiView`; the scene only edits a copy of it while it
choreographs an animation, and replaces it with a fresh snapshot when the animation ends.

Screen layout (logical px)::

    y   8..178  opponents' panels across the top (seat b+1 leftmost ... b-1 rightmost); pause
    y 186..232  round pill | instruction banner | phase pill
    y 242..472  your sushi (eaten stacks) | your plate | keep mat | chip piles
    y 484..712  passing card | your hand (fanned) | your chips
                (the round-scoring panel covers the passing card and the hand)

Cards are 5:7 (the art's 250x350 viewBox); the art leaves a cream strip at the bottom (the
last 60/350 of the height) where the card's English name is printed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from game.sushi import CARD_NAMES, DESSERT, PILES, TYPES, WILD, eaten_card, eaten_type
from scenes.kit.card_art import CardArt
from scenes.kit.flight import Flight, as_tuple, centered  # noqa: F401  (re-used by the scene)
from scenes.kit.tween import clamp

# -- art paths ---------------------------------------------------------------------------------
BACK = "back"  #: the art key of a card back
ART_DIR = "art/sushi"


def card_path(name: str) -> str:
    """``"tuna" -> "art/sushi/card_tuna.svg"``; :data:`BACK` gives the card back."""
    return f"{ART_DIR}/card_{name}.svg"


def chip_path(pile: str, face: bool = False) -> str:
    """A chip of ``pile``: face down (``chip_<pile>.svg``) or face up (``chip_face_<pile>.svg``)."""
    return f"{ART_DIR}/chip_face_{pile}.svg" if face else f"{ART_DIR}/chip_{pile}.svg"


def icon_path(name: str) -> str:
    """The 64x64 icon of a type, ``"wild"`` or ``"dessert"``."""
    return f"{ART_DIR}/icon_{name}.svg"


PLATE_SVG = f"{ART_DIR}/plate.svg"
KEEP_SVG = f"{ART_DIR}/keep_mat.svg"
TABLE_SVG = "art/table.svg"

#: The names printed on the cards' cream strip (long form, and a short form for small cards).
CARD_TITLE: dict[str, str] = {
    "tuna": "Tuna Nigiri", "shrimp": "Shrimp Roll", "salmon": "Salmon Roll",
    "cucumber": "Cucumber Maki", "mackerel": "Mackerel Temaki", WILD: "Wild",
}
CARD_SHORT: dict[str, str] = {name: name.capitalize() for name in CARD_NAMES}
PILE_TITLE: dict[str, str] = {pile: pile.capitalize() for pile in PILES}

#: Accent colour of each type / pile (matches the art's frames).
TYPE_RGB: dict[str, tuple[int, int, int]] = {
    "tuna": (178, 40, 52), "shrimp": (226, 128, 40), "salmon": (222, 98, 86),
    "cucumber": (86, 150, 62), "mackerel": (62, 104, 150), WILD: (196, 156, 60), DESSERT: (128, 86, 160),
}

# -- layout (logical px) ----------------------------------------------------------------------
CARD_RATIO = 350 / 250  #: card height / width
PAUSE_RECT = pygame.Rect(1216, 14, 50, 50)
TOP_X0, TOP_X1 = 16, 1204  #: the opponents' row spans these x
TOP_Y, TOP_H = 8, 170
TOP_GAP = 16
TOP_MAX_W = 440

ROUND_RECT = pygame.Rect(16, 186, 244, 46)
BANNER_RECT = pygame.Rect(272, 186, 736, 46)
PHASE_RECT = pygame.Rect(1020, 186, 244, 46)

MY_STACKS_RECT = pygame.Rect(16, 242, 462, 230)
PLATE_RECT = pygame.Rect(494, 262, 276, 184)  #: plate.svg is 300x200
KEEP_RECT = pygame.Rect(788, 250, 150, 195)  #: keep_mat.svg is 200x260
PILES_RECT = pygame.Rect(956, 242, 308, 230)
PASS_RECT = pygame.Rect(16, 484, 280, 228)
HAND_AREA = pygame.Rect(306, 484, 668, 236)
MY_CHIPS_RECT = pygame.Rect(984, 484, 280, 228)
SCORING_RECT = pygame.Rect(16, 484, 958, 228)
NEXT_RECT = pygame.Rect(SCORING_RECT.right - 212, SCORING_RECT.bottom - 58, 196, 44)
DECK_POS = PLATE_RECT.center  #: where dealt cards come from / discarded ones go

HAND_W, HAND_H = 124, 174  #: a card in the hand
HAND_Y = 720 - HAND_H - 24
HAND_MAX_STEP = 112
HAND_FAN_DEG = 5.0  #: rotation of the outermost cards
HAND_ARC = 10.0  #: the outermost cards sit this much lower
HOVER_LIFT = 30.0

MY_STACK_W, MY_STACK_H = 74, 104
MY_STACK_X0, MY_STACK_Y = MY_STACKS_RECT.x + 14, MY_STACKS_RECT.y + 40
MY_STACK_STEP = 88
MY_STACK_OFF = 15
WILD_DX = 9  #: a wild lies on the card it copies, shifted right by this (bottom seat)

PLATE_CARD = (96, 134)
KEEP_CARD = (108, 151)
PILE_CHIP = 56
MY_CHIP = 44
MY_CHIP_STEP = 52
OPP_CHIP = 24


def card_size(w: float) -> tuple[float, float]:
    """A card of width ``w`` -> (w, h) at the art's 5:7 ratio."""
    return (w, w * CARD_RATIO)


def top_panel_rects(n: int) -> list[pygame.Rect]:
    """The ``n`` opponents' panels (1..4), left to right, centred in the top row."""
    if n <= 0:
        return []
    span = TOP_X1 - TOP_X0
    w = min(TOP_MAX_W, int((span - TOP_GAP * (n - 1)) / n))
    total = w * n + TOP_GAP * (n - 1)
    x0 = TOP_X0 + (span - total) // 2
    return [pygame.Rect(x0 + k * (w + TOP_GAP), TOP_Y, w, TOP_H) for k in range(n)]


def hand_layout(n: int) -> list[tuple[pygame.Rect, float]]:
    """The resting place of each of ``n`` hand cards: (unrotated logical rect, angle in degrees,
    positive = counter-clockwise). Cards overlap left to right (the rightmost is on top)."""
    if n <= 0:
        return []
    step = min(HAND_MAX_STEP, (HAND_AREA.w - 24 - HAND_W) / max(1, n - 1))
    total = HAND_W + step * (n - 1)
    x0 = HAND_AREA.centerx - total / 2
    c = (n - 1) / 2
    out = []
    for i in range(n):
        d = (i - c) / c if c else 0.0
        r = pygame.Rect(round(x0 + i * step), round(HAND_Y + HAND_ARC * d * d), HAND_W, HAND_H)
        out.append((r, -HAND_FAN_DEG * d))
    return out


def pile_cell(k: int) -> pygame.Rect:
    """The cell of pile ``k`` (PILES order) in the chip-piles panel (3 x 2 grid)."""
    col, row = k % 3, k // 3
    cw = (PILES_RECT.w - 16) // 3
    return pygame.Rect(PILES_RECT.x + 8 + col * cw, PILES_RECT.y + 36 + row * 96, cw, 94)


def pile_chip_rect(k: int, layer: int = 0) -> pygame.Rect:
    """The top chip of pile ``k`` (``layer`` chips up from the bottom of the pile)."""
    cell = pile_cell(k)
    return centered((cell.centerx, cell.y + 6 + PILE_CHIP / 2 - layer * 4), PILE_CHIP, PILE_CHIP)


def my_chip_rect(i: int, n: int) -> pygame.Rect:
    """Chip ``i`` of the bottom seat's ``n`` won chips (rows of five)."""
    per_row = 5
    row, col = divmod(i, per_row)
    step = MY_CHIP_STEP
    rows = max(1, math.ceil(n / per_row))
    if rows > 3:  # compress (never happens with 18 chips over 2+ seats, kept for safety)
        step = MY_CHIP_STEP * 3 / rows
    return pygame.Rect(MY_CHIPS_RECT.x + 18 + col * MY_CHIP_STEP, round(MY_CHIPS_RECT.y + 56 + row * step),
                       MY_CHIP, MY_CHIP)


class SeatArea:
    """Where one seat's things are drawn: the bottom seat (``panel`` None) uses the big areas
    around the plate; an opponent uses its panel in the top row. All rects are logical px.

    Opponent panel (w x 170): header (name, level, status) | row 2: hand backs fanned with the
    count, the chosen-card slot, won chips | row 3: eaten stacks, one column per type."""

    def __init__(self, seat: int, panel: pygame.Rect | None = None):
        self.seat = seat
        self.panel = panel
        if panel is not None:
            w = panel.w
            self.col_step = (w - 20) / len(TYPES)
            self.mini_w = round(clamp(min(self.col_step - 18, (TOP_H - 110) / CARD_RATIO), 28, 46))
            self.mini_h = round(self.mini_w * CARD_RATIO)
            self.back_w, self.back_h = 34, 48

    @property
    def bottom(self) -> bool:
        return self.panel is None

    # -- eaten stacks --------------------------------------------------------------------------
    def stack_zone(self, t: int) -> pygame.Rect:
        """The drop zone / UI rect of the stack of type index ``t`` (the whole column)."""
        if self.panel is None:
            x = MY_STACK_X0 + t * MY_STACK_STEP
            return pygame.Rect(x - 5, MY_STACK_Y - 5, MY_STACK_W + 10 + 4, MY_STACKS_RECT.bottom - MY_STACK_Y)
        p = self.panel
        x = p.x + 10 + t * self.col_step
        return pygame.Rect(round(x), p.y + 100, round(self.col_step) - 2, p.bottom - 4 - (p.y + 100))

    def stack_card(self, t: int, j: int, n: int, wild: bool = False) -> pygame.Rect:
        """Card ``j`` (0 = bottom) of the ``n`` cards of the stack of type index ``t``; a wild is
        laid on the card it copies, shifted right so both stay visible."""
        if self.panel is None:
            x = MY_STACK_X0 + t * MY_STACK_STEP + (WILD_DX if wild else 0)
            room = MY_STACKS_RECT.bottom - 6 - MY_STACK_Y - MY_STACK_H
            off = min(MY_STACK_OFF, room / max(1, n - 1))
            return pygame.Rect(x, round(MY_STACK_Y + j * off), MY_STACK_W, MY_STACK_H)
        p = self.panel
        x = p.x + 10 + t * self.col_step + (4 if wild else 0)
        room = p.bottom - 6 - (p.y + 102) - self.mini_h
        off = min(8.0, room / max(1, n - 1))
        return pygame.Rect(round(x), round(p.y + 102 + j * off), self.mini_w, self.mini_h)

    # -- hand -----------------------------------------------------------------------------------
    def hand_card(self, i: int, n: int) -> pygame.Rect:
        """Card ``i`` of ``n`` in the hand (bottom: the fanned hand's unrotated rect; opponent:
        a card back of the small fan in its panel)."""
        if self.panel is None:
            lay = hand_layout(max(n, 1))
            return pygame.Rect(lay[min(i, len(lay) - 1)][0])
        p = self.panel
        step = 9 if n <= 6 else 54 / max(1, n - 1)
        return pygame.Rect(round(p.x + 12 + i * step), p.y + 40, self.back_w, self.back_h)

    def hand_angle(self, i: int, n: int) -> float:
        if self.panel is None and n > 0:
            return hand_layout(n)[min(i, n - 1)][1]
        return 0.0

    def count_pos(self) -> tuple[float, float]:
        """Where an opponent's hand count is printed (after its fan of backs)."""
        p = self.panel or HAND_AREA
        return (p.x + 12 + self.back_w + 5 * 9 + 6, p.y + 64)

    # -- the chosen card ------------------------------------------------------------------------
    def chosen_card(self, phase: str) -> pygame.Rect:
        """Where this seat's chosen card lies until the reveal: the bottom seat's plate (EAT) or
        keep mat (KEEP); an opponent's chosen-card slot."""
        if self.panel is None:
            if phase == "keep":
                return centered(KEEP_RECT.center, *KEEP_CARD)
            return centered(PLATE_RECT.center, *PLATE_CARD)
        p = self.panel
        return pygame.Rect(p.x + 126, p.y + 40, self.back_w, self.back_h)

    def reveal_card(self) -> pygame.Rect:
        """Where this seat's eaten card is turned face up at the reveal."""
        if self.panel is None:
            return centered(PLATE_RECT.center, PLATE_CARD[0] * 1.12, PLATE_CARD[1] * 1.12)
        p = self.panel
        return centered((p.centerx, p.y + 112), 74, 74 * CARD_RATIO)

    # -- chips -----------------------------------------------------------------------------------
    def chip(self, i: int, n: int) -> pygame.Rect:
        """Won chip ``i`` of ``n``."""
        if self.panel is None:
            return my_chip_rect(i, n)
        p = self.panel
        x0, x1 = p.x + 172, p.right - 10
        avail = x1 - x0
        per_row = max(1, int((avail - OPP_CHIP) // 26) + 1)
        step = 26.0
        if n > 2 * per_row:
            per_row = math.ceil(n / 2)
            step = (avail - OPP_CHIP) / max(1, per_row - 1)
        row, col = divmod(i, per_row)
        return pygame.Rect(round(x0 + col * step), p.y + 40 + row * 27, OPP_CHIP, OPP_CHIP)

    def chips_zone(self) -> pygame.Rect:
        if self.panel is None:
            return pygame.Rect(MY_CHIPS_RECT)
        p = self.panel
        return pygame.Rect(p.x + 168, p.y + 36, p.right - 6 - (p.x + 168), 60)


def stack_index(t: str) -> int:
    """Column of type ``t`` in the eaten stacks (TYPES order)."""
    return TYPES.index(t)


def stacks_of(eaten: Sequence[str]) -> dict[str, list[str]]:
    """A seat's eaten actions grouped by the type they count as, in eating order:
    ``["tuna", "wild=tuna"] -> {"tuna": ["tuna", "wild=tuna"], ...}`` (every type present)."""
    out: dict[str, list[str]] = {t: [] for t in TYPES}
    for action in eaten:
        out[eaten_type(action)].append(action)
    return out


# -- displayed snapshot ---------------------------------------------------------------------------
@dataclass
class SeatShown:
    """One seat as drawn.

    hand: the cards (only for the bottom seat when its owner is looking, else None);
    hand_count: cards in hand (a chosen card is not counted); eaten: the revealed EAT actions of
    this round (``"wild=tuna"`` for wilds); chips: the piles of the chips won; values: the chip
    values, None where hidden; chosen: True once it has chosen this phase (a face-down card);
    choice: the bottom seat's own pending action (private), else None."""

    hand: list | None
    hand_count: int
    eaten: list
    chips: list
    values: list
    chosen: bool = False
    choice: str | None = None


@dataclass
class Shown:
    """What the scene draws, built from one seat's :class:`game.sushi.SushiView`.

    ``private`` False hides the bottom seat's hand and chip values too (hot-seat privacy)."""

    num_seats: int
    round: int
    step: int
    phase: str
    phase_index: int
    piles_left: list
    seats: list
    bottom: int
    private: bool
    over: bool = False
    hand_size: int = 6

    @classmethod
    def from_view(cls, view: Any, private: bool = True) -> "Shown":
        """Snapshot ``view`` (the bottom seat's view). Other seats get counts only."""
        seats = []
        revealed = view.revealed_chips
        for s in range(view.num_seats):
            chosen = s in view.chosen
            mine = s == view.seat and private
            chips = list(view.chips[s])
            if revealed is not None:
                values: list = [v for _, v in revealed[s]]
            elif mine:
                values = [v for _, v in view.my_chips]
            else:
                values = [None] * len(chips)
            if mine:
                seats.append(SeatShown(list(view.hand), len(view.hand), list(view.eaten[s]), chips, values, chosen,
                                       view.my_choice))
            else:
                count = max(0, view.hand_sizes[s] - (1 if chosen else 0))
                seats.append(SeatShown(None, count, list(view.eaten[s]), chips, values, chosen, None))
        return cls(view.num_seats, view.round, view.step, view.phase, view.phase_index, list(view.piles_left),
                   seats, view.seat, private, view.phase == "over", view.hand_size)


# -- art cache ---------------------------------------------------------------------------------------
class SushiArt(CardArt):
    """Card / chip surfaces in WINDOW pixels, cached per size (cleared when the viewport changes).

    * ``card(key, w, h)``: a card face (name printed on the cream strip when it is big enough)
      or the back, at a logical size, rendered from the SVG at that exact size.
    * ``card_scaled(key, w_px, h_px)``: the same for arbitrary (animated) sizes: a smooth-scaled
      copy of the hand-size render, cached per even pixel width (flights never rasterise SVG).
    * ``rotated(key, w, h, angle)``: a card rotated by ``angle`` degrees (0.5 degree steps).
    * ``chip(pile, d, value)``: a face-down chip (value None) or a face-up one with its value.
    """

    MAX_ITEMS = 700
    BASE_W = HAND_W
    BASE_H = HAND_H

    def rotated(self, key: str, w: float, h: float, angle: float) -> pygame.Surface:
        q = round(angle * 2) / 2
        base = self.card(key, w, h)
        if abs(q) < 0.25:
            return base
        vp = self.app.viewport
        return self._get(("rot", key, vp.px(w), vp.px(h), q), lambda: pygame.transform.rotozoom(base, q, 1.0))

    def _build_card(self, key: str, w_px: int, h_px: int) -> pygame.Surface:
        assets = self.app.assets
        src = assets.svg_px(card_path(key), w_px, h_px)
        if key == BACK or key not in CARD_TITLE:
            return src
        s = src.copy()
        size = round(h_px * 0.082)
        if size < 9:
            return s
        title = CARD_TITLE[key]
        font = assets.font_px(size, bold=True)
        if font.size(title)[0] > w_px * 0.84:
            title = CARD_SHORT[key]
            if font.size(title)[0] > w_px * 0.84:
                return s
        img = font.render(title, True, (58, 44, 36))
        s.blit(img, img.get_rect(center=(w_px // 2, round(h_px * (1 - 27 / 350)))))
        return s

    def chip(self, pile: str, d: float, value: int | None = None) -> pygame.Surface:
        vp = self.app.viewport
        return self.chip_px(pile, vp.px(d), value)

    def chip_px(self, pile: str, d_px: int, value: int | None = None) -> pygame.Surface:
        d_px = max(2, int(d_px))
        return self._get(("chip", pile, d_px, value), lambda: self._build_chip(pile, d_px, value))

    def _build_chip(self, pile: str, d_px: int, value: int | None) -> pygame.Surface:
        assets = self.app.assets
        if value is None:
            return assets.svg_px(chip_path(pile), d_px, d_px)
        s = assets.svg_px(chip_path(pile, face=True), d_px, d_px).copy()
        font = assets.font_px(max(6, round(d_px * 0.42)), bold=True)
        img = font.render(str(value), True, (46, 34, 30))
        s.blit(img, img.get_rect(center=(d_px // 2, d_px // 2 + max(1, d_px // 40))))
        return s

    def scaled(self, surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``surf`` scaled to ``size`` window px (not cached: for the turn-over squeeze)."""
        size = (max(1, size[0]), max(1, size[1]))
        if surf.get_size() == size:
            return surf
        return pygame.transform.scale(surf, size)


__all__ = [
    "BACK", "CARD_TITLE", "CARD_SHORT", "PILE_TITLE", "TYPE_RGB", "card_path", "chip_path", "icon_path",
    "PLATE_SVG", "KEEP_SVG", "TABLE_SVG", "PAUSE_RECT", "ROUND_RECT", "BANNER_RECT", "PHASE_RECT",
    "MY_STACKS_RECT", "PLATE_RECT", "KEEP_RECT", "PILES_RECT", "PASS_RECT", "HAND_AREA", "MY_CHIPS_RECT",
    "SCORING_RECT", "NEXT_RECT", "DECK_POS", "HAND_W", "HAND_H", "HOVER_LIFT", "PLATE_CARD",
    "KEEP_CARD", "PILE_CHIP", "MY_CHIP", "OPP_CHIP", "CARD_RATIO", "card_size", "centered", "as_tuple",
    "top_panel_rects", "hand_layout", "pile_cell", "pile_chip_rect", "my_chip_rect", "SeatArea", "stack_index",
    "stacks_of", "SeatShown", "Shown", "Flight", "SushiArt", "eaten_card",
]
