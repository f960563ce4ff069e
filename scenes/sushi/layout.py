"""Where Sushi Draft's things are on the table (issue 9 §4: positions as named rects / pure functions).

Everything here is in LOGICAL pixels (1280x720); nothing draws and nothing reads the game::

    y   8..178  opponents' panels across the top (seat b+1 leftmost ... b-1 rightmost); pause
    y 186..232  round pill | instruction banner | phase pill
    y 242..472  your sushi (eaten stacks) | your plate | keep mat | chip piles
    y 484..712  passing card | your hand (fanned) | your chips
                (the round-scoring panel covers the passing card and the hand)

Cards are 5:7 (the art's 250x350 viewBox). :class:`SeatArea` gives one seat's rects (the bottom
seat's big areas, or an opponent's panel in the top row).
"""
from __future__ import annotations

import math

import pygame

from game.sushi.rules import TYPES
from scenes.kit.flight import centered
from scenes.kit.hand import HandLayout
from scenes.kit.layout import PanelRow
from scenes.kit.tween import clamp

# -- layout (logical px) ----------------------------------------------------------------------
CARD_RATIO = 350 / 250  #: card height / width
PAUSE_RECT = pygame.Rect(1216, 14, 50, 50)
TOP_H = 170
#: the opponents' panels: a row across the top
TOP_ROW = PanelRow(x0=16, x1=1204, y=8, h=TOP_H, gap=16, max_w=440)

ROUND_RECT = pygame.Rect(16, 186, 244, 46)
BANNER_RECT = pygame.Rect(272, 186, 696, 46)
#: wide enough for Spanish's three steps at 800x450 with room for the chevrons (issue 33, item 14)
PHASE_RECT = pygame.Rect(980, 186, 284, 46)

MY_STACKS_RECT = pygame.Rect(16, 242, 462, 230)
PLATE_RECT = pygame.Rect(494, 262, 276, 184)  #: plate.svg is 300x200
KEEP_RECT = pygame.Rect(788, 250, 150, 195)  #: keep_mat.svg is 200x260
PILES_RECT = pygame.Rect(956, 242, 308, 230)
PASS_RECT = pygame.Rect(16, 484, 280, 228)
#: the game log (:class:`scenes.kit.narration.NarrationLog`) inside the bottom-left card
NARRATION_RECT = pygame.Rect(PASS_RECT.x + 6, PASS_RECT.y + 42, PASS_RECT.w - 12, PASS_RECT.h - 48)
#: ``button:hint`` and ``button:undo`` in the bottom-left card's title row
HINT_RECT = pygame.Rect(PASS_RECT.right - 164, PASS_RECT.y + 8, 74, 28)
UNDO_RECT = pygame.Rect(PASS_RECT.right - 84, PASS_RECT.y + 8, 74, 28)
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
#: The bottom seat's hand: a fan centred in HAND_AREA (12 px margins), the hovered card lifted.
HAND = HandLayout(center_x=HAND_AREA.centerx, y=HAND_Y, card_w=HAND_W, card_h=HAND_H,
                  max_step=HAND_MAX_STEP, max_width=HAND_AREA.w - 24, fan_deg=HAND_FAN_DEG, arc=HAND_ARC,
                  lift=HOVER_LIFT, hover_reach=HOVER_LIFT + 10, half_life_ms=45)

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


MAT_LABEL_Y = 462  #: baseline centre of the "Your plate" / "Keep" labels
PANEL_TITLE_DX = 18  #: title inset from a bottom-row panel's left (and a right note's from its right)

#: The passing card's arrow: centre and radius of its quarter circle, from PASS_RECT's top left.
PASS_ARROW = (78, 112, 34)
PASS_TEXT_DX = 112  #: the passing card's names start this far from its left
PASS_TEXT_DY = (70, 92, 128, 150)  #: "Your leftovers go to", left name, "You receive from", right name

#: The round-scoring table (SCORING_RECT): left inset, pile-name column, "Chip to" column and table
#: widths, widest seat column, header offset from the top, row height.
SCORE_X0_DX, SCORE_PILE_W, SCORE_CHIP_W, SCORE_TABLE_W = 16, 116, 100, 660
SCORE_COL_MAX, SCORE_HEAD_DY, SCORE_ROW_H = 100, 50, 25


def score_col_w(n: int) -> float:
    """Width of one seat's column of the round-scoring table for ``n`` seats."""
    return min(SCORE_COL_MAX, (SCORE_TABLE_W - SCORE_PILE_W - SCORE_CHIP_W) / n)


def card_size(w: float) -> tuple[float, float]:
    """A card of width ``w`` -> (w, h) at the art's 5:7 ratio."""
    return (w, w * CARD_RATIO)


def top_panel_rects(n: int) -> list[pygame.Rect]:
    """The ``n`` opponents' panels (1..4), left to right, centred in the top row."""
    return TOP_ROW.rects(n)


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
    step: float = MY_CHIP_STEP
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

    def anchor(self) -> pygame.Rect:
        """What stands for the seat (a speech bubble points at it): an opponent's panel, the bottom
        seat's "your sushi" panel (logical px)."""
        return pygame.Rect(self.panel if self.panel is not None else MY_STACKS_RECT)

    # -- eaten stacks --------------------------------------------------------------------------
    def stack_zone(self, t: int) -> pygame.Rect:
        """The drop zone / UI rect of the stack of type index ``t`` (the whole column)."""
        if self.panel is None:
            x: float = MY_STACK_X0 + t * MY_STACK_STEP
            return pygame.Rect(x - 5, MY_STACK_Y - 5, MY_STACK_W + 10 + 4, MY_STACKS_RECT.bottom - MY_STACK_Y)
        p = self.panel
        x = p.x + 10 + t * self.col_step
        return pygame.Rect(round(x), p.y + 100, round(self.col_step) - 2, p.bottom - 4 - (p.y + 100))

    def stack_card(self, t: int, j: int, n: int, wild: bool = False) -> pygame.Rect:
        """Card ``j`` (0 = bottom) of the ``n`` cards of the stack of type index ``t``; a wild is
        laid on the card it copies, shifted right so both stay visible."""
        if self.panel is None:
            x: float = MY_STACK_X0 + t * MY_STACK_STEP + (WILD_DX if wild else 0)
            room = MY_STACKS_RECT.bottom - 6 - MY_STACK_Y - MY_STACK_H
            off = min(MY_STACK_OFF, room / max(1, n - 1))
            return pygame.Rect(x, round(MY_STACK_Y + j * off), MY_STACK_W, MY_STACK_H)
        p = self.panel
        x = p.x + 10 + t * self.col_step + (4 if wild else 0)
        room = p.bottom - 6 - (p.y + 102) - self.mini_h
        off = min(8.0, room / max(1, n - 1))
        return pygame.Rect(round(x), round(p.y + 102 + j * off), self.mini_w, self.mini_h)

    # -- hand -----------------------------------------------------------------------------------
    def hand_card(self, i: int, n: int, face_up: bool = False) -> pygame.Rect:
        """Card ``i`` of ``n`` in the hand (bottom: the fanned hand's unrotated rect; opponent:
        a card of the small fan in its panel, spread wider when shown ``face_up`` so each card's
        corner shows — the replay viewer's "All")."""
        if self.panel is None:
            n = max(n, 1)
            return HAND.rect(min(i, n - 1), n)
        p = self.panel
        if face_up:
            return pygame.Rect(round(p.x + 12 + i * 75 / max(5, n - 1)), p.y + 40, self.back_w, self.back_h)
        step = 9 if n <= 6 else 54 / max(1, n - 1)
        return pygame.Rect(round(p.x + 12 + i * step), p.y + 40, self.back_w, self.back_h)

    def hand_angle(self, i: int, n: int) -> float:
        """The resting angle of hand card ``i`` of ``n`` (degrees; opponents' backs stand upright)."""
        if self.panel is None and n > 0:
            return HAND.angle(min(i, n - 1), n)
        return 0.0

    # -- the opponent's panel ------------------------------------------------------------------
    def inset(self) -> pygame.Rect:
        """The darker inset behind an opponent's eaten stacks."""
        p = self._panel()
        return pygame.Rect(p.x + 6, p.y + 96, p.w - 12, p.h - 100)

    def header_y(self) -> int:
        """The y of an opponent panel's header line (colour dot, name, status)."""
        return self._panel().y + 20

    def dot_pos(self) -> tuple[int, int]:
        """Centre of the seat-colour dot in an opponent panel's header."""
        p = self._panel()
        return (p.x + 18, p.y + 20)

    def name_x(self) -> int:
        """Where an opponent's name starts (after the colour dot)."""
        return self._panel().x + 30

    def status_pos(self) -> tuple[int, int]:
        """The right end of an opponent panel's status ("chosen", "thinking ...")."""
        p = self._panel()
        return (p.right - 12, p.y + 20)

    def _panel(self) -> pygame.Rect:
        if self.panel is None:
            raise ValueError("the bottom seat has no panel")
        return self.panel

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
