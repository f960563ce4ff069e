"""Where everything of the Kanji-zushi play scene lies: named rects and pure functions of the
layout, in LOGICAL pixels (1280x720). Drawing code and input take their positions from here.

Screen layout (logical px)::

    y   8..140  opponents' panels across the top (seat b+1 leftmost ... b-1 rightmost); pause
    y 150..190  turn pill | instruction / message banner | Pass button
    y 198..520  shari pile | the table (6 shari, two rows of 3) | the join board | attempt log
    y 528..712  your neta deck | your hand (5 neta) | your completed kanji
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.kit.flight import centered
from scenes.kit.hand import HandLayout
from scenes.kit.layout import PanelRow
from scenes.kit.tween import clamp
from scenes.play.seats import SEAT_RGB

SEAT_FALLBACK = (60, 150, 160)

CARD_RATIO = 280 / 200  #: card height / width (the art's viewBox)
PAUSE_RECT = pygame.Rect(1216, 14, 50, 50)
TOP_H = 132
#: the opponents' panels: a row across the top
TOP_ROW = PanelRow(x0=16, x1=1204, y=8, h=TOP_H, gap=12, max_w=430)

TURN_RECT = pygame.Rect(16, 150, 236, 40)
BANNER_RECT = pygame.Rect(264, 150, 752, 40)
PASS_RECT = pygame.Rect(1028, 150, 236, 40)

PILE_PANEL = pygame.Rect(16, 198, 196, 322)
TABLE_RECT = pygame.Rect(224, 198, 400, 322)
BOARD_RECT = pygame.Rect(636, 198, 368, 322)
LOG_RECT = pygame.Rect(1016, 198, 248, 322)
#: the game log (:class:`scenes.kit.narration.NarrationLog`) inside the log card
NARRATION_RECT = pygame.Rect(LOG_RECT.x + 6, LOG_RECT.y + 40, LOG_RECT.w - 12, LOG_RECT.h - 46)
#: ``button:hint`` and ``button:undo`` in the log card's title row
HINT_RECT = pygame.Rect(LOG_RECT.right - 156, LOG_RECT.y + 7, 72, 28)
UNDO_RECT = pygame.Rect(LOG_RECT.right - 80, LOG_RECT.y + 7, 72, 28)

DECK_PANEL = pygame.Rect(16, 536, 100, 172)
HAND_AREA = pygame.Rect(128, 528, 616, 192)
MY_KANJI_RECT = pygame.Rect(756, 536, 508, 172)

SLOT_W, SLOT_H = 106, 148
SLOT_GAP_X, SLOT_GAP_Y = 16, 10
HAND_W, HAND_H = 108, 151
HAND_STEP = 120
HAND_Y = 720 - HAND_H - 12
HOVER_LIFT = 20.0
#: The bottom seat's hand: a straight row centred in HAND_AREA, the hovered card lifted.
HAND = HandLayout(center_x=HAND_AREA.centerx, y=HAND_Y, card_w=HAND_W, card_h=HAND_H, max_step=HAND_STEP,
                  max_width=HAND_AREA.w, lift=HOVER_LIFT, hover_reach=HOVER_LIFT + 10, half_life_ms=40)
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


# -- text and marks inside the panels (logical points, from the panels' rects) ------------------------
TURN_TEXT = (TURN_RECT.x + 16, TURN_RECT.centery)  #: "Turn N" (midleft)
KEY_TEXT = (TURN_RECT.right - 14, TURN_RECT.centery + 1)  #: the answer key's name (midright)
PILE_TITLE = (PILE_PANEL.x + 16, PILE_PANEL.y + 20)  #: "Shari pile" (midleft)
PILE_LEFT_TEXT = (PILE_PANEL.centerx, PILE_PANEL.bottom - 58)  #: "N cards left"
PILE_NOTE_TEXT = ((PILE_PANEL.centerx, PILE_PANEL.bottom - 34), (PILE_PANEL.centerx, PILE_PANEL.bottom - 18))
LOG_TITLE = (LOG_RECT.x + 16, LOG_RECT.y + 20)  #: "Attempts" (midleft)
LOG_EMPTY = (LOG_RECT.centerx, LOG_RECT.y + 90)  #: "No attempt yet"
DECK_TITLE = (DECK_PANEL.centerx, DECK_PANEL.y + 18)  #: "Deck"
DECK_LABEL = (DECK_PANEL.centerx, DECK_PANEL.bottom - 14)  #: "neta"
MY_DOT = (MY_KANJI_RECT.x + 22, MY_KANJI_RECT.y + 24)  #: the bottom seat's colour dot
MY_TITLE = (MY_KANJI_RECT.x + 34, MY_KANJI_RECT.y + 24)  #: "Your kanji" (midleft)
MY_TOTAL = (MY_KANJI_RECT.right - 80, MY_KANJI_RECT.y + 24)  #: stroke total (midright)
MY_STROKES = (MY_KANJI_RECT.right - 16, MY_KANJI_RECT.y + 26)  #: "strokes" (midright)
BOARD_INTRO_Y = BOARD_RECT.y + 110  #: centre y of the intro's cards
BOARD_CAPTION_Y = BOARD_RECT.y + 224  #: first caption line under the join board's tile


def seat_rgb(seat: int, palette: Sequence[tuple[int, int, int]] | None = None) -> tuple[int, int, int]:
    """Accent colour of ``seat`` (``scenes.play.seats.SEAT_RGB``, reused with modulo past its end)."""
    pal = palette or SEAT_RGB
    return pal[seat % len(pal)] if pal else SEAT_FALLBACK


def top_panel_rects(n: int) -> list[pygame.Rect]:
    """The ``n`` opponents' panels (1..5), left to right, centred in the top row."""
    return TOP_ROW.rects(n)


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
    """Card ``i`` of the ``n`` neta in the bottom hand (a straight row centred in the hand area:
    :data:`HAND`, a :class:`scenes.kit.hand.HandLayout`)."""
    return HAND.rect(i, n)


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
        """True for the bottom seat (the seat shown), whose things use the bottom row."""
        return self.panel is None

    def anchor(self) -> pygame.Rect:
        """What stands for the seat (a speech bubble points at it): an opponent's panel, the bottom
        seat's "your kanji" panel (logical px)."""
        return pygame.Rect(self.panel if self.panel is not None else MY_KANJI_RECT)

    def hand_card(self, i: int, n: int, face_up: bool = False) -> pygame.Rect:
        """Hand card ``i`` of ``n`` (bottom: the row of big cards; opponent: a small back, or a
        card spread wider so its glyph shows when ``face_up`` — the replay viewer's "All")."""
        if self.panel is None:
            return hand_rect(i, n)
        p = self.panel
        return pygame.Rect(p.x + 14 + i * (18 if face_up else 9), p.y + 38, OPP_BACK_W, OPP_BACK_H)

    def header(self) -> tuple[int, int, int]:
        """Opponent panel header: (x of the colour dot, x where the name starts, centre y)."""
        p = self.panel
        assert p is not None
        return (p.x + 18, p.x + 30, p.y + 19)

    def status_right(self) -> int:
        """Right end of the opponent's status tag."""
        p = self.panel
        assert p is not None
        return p.right - 12

    def kanji_inset(self) -> pygame.Rect:
        """The recessed strip behind the opponent's completed kanji."""
        p = self.panel
        assert p is not None
        return pygame.Rect(p.x + 6, p.y + 76, p.w - 12, p.h - 80)

    def hand_count_pos(self) -> tuple[float, float]:
        """Where the opponent's "×N" hand count starts (midleft)."""
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


# -- tooltip ----------------------------------------------------------------------------------------------
TIP_W = 320


def tip_rect(anchor: pygame.Rect, rows: int) -> pygame.Rect:
    """Where the tooltip of a kanji hovered at ``anchor`` goes: below it if there is room, else
    above; kept inside the screen."""
    h = 92 + rows * 24
    w = TIP_W
    x = clamp(anchor.centerx - w / 2, 8, 1280 - 8 - w)
    y: float = anchor.bottom + 10
    if y + h > 712:
        y = anchor.y - 10 - h
    y = clamp(y, 8, 720 - 8 - h)
    return pygame.Rect(round(x), round(y), w, h)

