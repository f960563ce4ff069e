"""Where everything of the KAITO play scene lies: named rects and pure position functions.

Everything is in LOGICAL pixels (1280x720, y down). Drawing (:mod:`scenes.kaito.draw`,
:mod:`scenes.kaito.panels`), input (:mod:`scenes.kaito.input`) and the choreography
(:mod:`scenes.kaito.choreo`) take their positions from here. Squares are square indices 0..35
(``index = (rank - 1) * 6 + file``, RULES.md §1 notation; a1 bottom-left, f6 top-right).
"""
from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from scenes.kit.flight import as_tuple  # noqa: F401  (re-exported: a rect as (x, y, w, h))

# -- the board ----------------------------------------------------------------------------------
TILE = 88  #: board tile side
GAP = 8  #: gap between board tiles
STEP = TILE + GAP
BOARD_X, BOARD_Y = 106, 76  #: top-left of square a6
BOARD_SIZE = 6 * TILE + 5 * GAP  #: 568
BOARD_RECT = pygame.Rect(BOARD_X, BOARD_Y, BOARD_SIZE, BOARD_SIZE)
TRAY_RECT = BOARD_RECT.inflate(48, 48)  #: the lacquered tray around the tiles
PAWN = 70  #: Kaito pawn diameter on the board
#: the file letters below the board and the rank digits left of it (distance from the board)
COORD_OFFSET = 13
#: the dark inset under the tiles (board rect inflated by this)
BOARD_INSET = 10
#: the footprint ellipse of the last move: the pawn rect shrunk by this on each axis
FOOTPRINT_SHRINK = 18
#: the pawn's grab area: its rect grown by this on each axis
PAWN_GRAB = 8
#: a blank tile shrinks by this on each axis while it fades from the board (the opening)
BLANK_FADE_SHRINK = 22

# -- the right column ---------------------------------------------------------------------------
RIGHT_X, RIGHT_W = 722, 536  #: right column
BANNER_RECT = pygame.Rect(RIGHT_X, 20, RIGHT_W - 68, 56)
PAUSE_RECT = pygame.Rect(RIGHT_X + RIGHT_W - 56, 20, 56, 56)
PANEL_H = 196
PANEL_TOP = pygame.Rect(RIGHT_X, 90, RIGHT_W, PANEL_H)
PANEL_BOTTOM = pygame.Rect(RIGHT_X, 298, RIGHT_W, PANEL_H)
LOWER_RECT = pygame.Rect(RIGHT_X, 506, RIGHT_W, 196)  #: move log, or the buy-back area

HELD = 42  #: captured tile side in a panel
HELD_STEP = 47
HELD_PER_ROW = 10
TALLY = 20  #: "out of game" mini tile side
TALLY_STEP = 22
TALLY_MAX = 18  #: at most this many tiles drawn in a panel's "out of game" tally

BANNER_ICON = 34  #: the pawn icon beside the banner text
PANEL_DISC = 32  #: the colour disc in a panel's header


def square_rect(index: int) -> pygame.Rect:
    """Logical rect of board square ``index`` (0..35; a1 bottom-left, f6 top-right)."""
    rank, file = divmod(index, 6)
    return pygame.Rect(BOARD_X + file * STEP, BOARD_Y + (5 - rank) * STEP, TILE, TILE)


def square_at(pos: Any) -> int | None:
    """The square index under a logical position (gaps count as the nearer tile), or None."""
    x, y = pos[0] - BOARD_X, pos[1] - BOARD_Y
    if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
        return None
    file = min(5, int(x // STEP))
    row = min(5, int(y // STEP))
    return (5 - row) * 6 + file


def pawn_rect_at(index: int) -> pygame.Rect:
    """Where the Kaito pawn rests on square ``index``."""
    r = pygame.Rect(0, 0, PAWN, PAWN)
    r.center = square_rect(index).center
    return r


def file_label_pos(file: int) -> tuple[float, float]:
    """Centre of the letter of ``file`` (0..5 = a..f) below the board."""
    return (BOARD_RECT.x + file * STEP + TILE / 2, BOARD_RECT.bottom + COORD_OFFSET)


def rank_label_pos(rank: int) -> tuple[float, float]:
    """Centre of the digit of ``rank`` (0..5 = 1..6) left of the board."""
    return (BOARD_RECT.x - COORD_OFFSET, BOARD_RECT.y + (5 - rank) * STEP + TILE / 2)


def held_rect(panel: pygame.Rect, i: int) -> pygame.Rect:
    """Slot ``i`` of a panel's captured row (two rows of ten)."""
    row, col = divmod(i, HELD_PER_ROW)
    return pygame.Rect(panel.x + 18 + col * HELD_STEP, panel.y + 62 + row * HELD_STEP, HELD, HELD)


def held_area(panel: pygame.Rect) -> pygame.Rect:
    """The inset tray holding a panel's captured rows."""
    return pygame.Rect(panel.x + 12, panel.y + 56, HELD_PER_ROW * HELD_STEP + 7, 2 * HELD_STEP + 7)


def tally_rect(panel: pygame.Rect, i: int) -> pygame.Rect:
    """Slot ``i`` of a panel's "out of game" tally."""
    return pygame.Rect(panel.x + 122 + i * TALLY_STEP, panel.y + PANEL_H - 32, TALLY, TALLY)


def start_slot(panel: pygame.Rect) -> pygame.Rect:
    """Where the Kaito waits before the opening placement (in the placing seat's panel)."""
    r = pygame.Rect(0, 0, 86, 86)
    r.center = (panel.right - 58, panel.y + 62 + HELD_STEP)
    return r


def pawn_start_rect(panel: pygame.Rect) -> pygame.Rect:
    """The pawn's rect while it waits in ``panel``'s start slot (a pawn's size, centred)."""
    r = pygame.Rect(0, 0, PAWN, PAWN)
    r.center = start_slot(panel).center
    return r


class PanelSpots(NamedTuple):
    """Anchor points of a seat panel's texts (logical px); see :func:`panel_spots`."""

    disc: tuple[int, int]  #: top-left of the colour disc
    name: tuple[int, int]  #: mid-left of the seat name
    tag_x: int  #: left of the "colour · level" tag, before adding the name's width
    tag_y: int
    count_pos: tuple[int, int]  #: mid-right of the captured count
    captured_right: int  #: right of the word "captured", before subtracting the count's width
    captured_y: int
    out_label: tuple[int, int]  #: mid-left of "Out of game"
    out_none: tuple[int, int]  #: mid-left of the dash shown when nothing is out of the game


def panel_spots(p: pygame.Rect) -> PanelSpots:
    """Where the texts of the seat panel ``p`` go."""
    return PanelSpots(
        disc=(p.x + 16, p.y + 12), name=(p.x + 58, p.y + 28), tag_x=p.x + 58 + 12, tag_y=p.y + 29,
        count_pos=(p.right - 18, p.y + 27), captured_right=p.right - 18 - 8, captured_y=p.y + 29,
        out_label=(p.x + 18, p.bottom - 22), out_none=(p.x + 124, p.bottom - 22))


# -- the banner ---------------------------------------------------------------------------------
def banner_icon_pos() -> tuple[int, int]:
    """Top-left of the pawn icon in the banner."""
    return (BANNER_RECT.x + 12, BANNER_RECT.centery - BANNER_ICON // 2)


def banner_text_pos(with_icon: bool) -> tuple[int, int]:
    """Mid-left of the banner text (further right when the icon is shown)."""
    return (BANNER_RECT.x + (56 if with_icon else 18), BANNER_RECT.centery)


def thinking_dot_pos(text_right: float, k: int, dy: float) -> tuple[float, float]:
    """Centre of the ``k``-th thinking dot after a banner text ending at ``text_right``, raised
    by ``-dy``."""
    return (text_right + 10 + k * 11, BANNER_RECT.centery + 3 + dy)


# -- the lower card: the game log -----------------------------------------------------------------
#: the game log's sentences (:class:`scenes.kit.narration.NarrationLog`), under the card's title
NARRATION_RECT = pygame.Rect(LOWER_RECT.x + 10, LOWER_RECT.y + 42, LOWER_RECT.w - 20, LOWER_RECT.h - 50)
#: ``button:hint`` and ``button:undo`` in the title row of the lower card
HINT_RECT = pygame.Rect(LOWER_RECT.right - 196, LOWER_RECT.y + 8, 86, 30)
UNDO_RECT = pygame.Rect(LOWER_RECT.right - 102, LOWER_RECT.y + 8, 86, 30)


def hint_text_pos() -> tuple[int, int]:
    """Centre of the hint's sentence, under the board's tray."""
    return (TRAY_RECT.centerx, min(LOGICAL_BOTTOM - 12, TRAY_RECT.bottom + 14))


LOGICAL_BOTTOM = 720


def score_button_rect(band: pygame.Rect) -> pygame.Rect:
    """``button:score`` in the result band (under its description line)."""
    return pygame.Rect(band.centerx - 120, band.bottom - 44, 240, 36)


def lower_title_pos() -> tuple[int, int]:
    """Mid-left of the lower card's title ("Moves", "How to play", "Buy back:")."""
    return (LOWER_RECT.x + 18, LOWER_RECT.y + 22)


def tip_pos(k: int, first: int = 2, step: float = 25) -> tuple[float, float]:
    """Mid-left of line ``k`` of the how-to-play tips, ``step`` logical px apart (a gap after the
    first tip's ``first`` lines)."""
    return (LOWER_RECT.x + 18, LOWER_RECT.y + 58 + k * step + (6 if k >= first else 0))


#: The lowest a tip line's middle may lie (logical px): its glyphs stay on the lower card.
TIP_BOTTOM = NARRATION_RECT.bottom - 12


# -- the lower card: the buy-back (exchange) area ---------------------------------------------------
EX_CHOICE = 54


def ex_choice_rect(i: int) -> pygame.Rect:
    """The i-th retrievable tile (katana / kabuto choice) of the buy-back area."""
    return pygame.Rect(LOWER_RECT.x + 18 + i * 70, LOWER_RECT.y + 50, EX_CHOICE, EX_CHOICE)


PAY_RECT = pygame.Rect(LOWER_RECT.x + 160, LOWER_RECT.y + 44, LOWER_RECT.w - 176, 70)
EX_HINT_POS = (PAY_RECT.x + 4, LOWER_RECT.y + 130)
NO_EX_RECT = pygame.Rect(LOWER_RECT.right - 344, LOWER_RECT.bottom - 52, 160, 40)
CONFIRM_RECT = pygame.Rect(LOWER_RECT.right - 176, LOWER_RECT.bottom - 52, 160, 40)
#: "Pay here" centre, the paid total (mid-right) and "/ price" (mid-left)
PAY_HINT_POS = (PAY_RECT.x + (PAY_RECT.w - 110) / 2, PAY_RECT.centery)
PAY_TOTAL_POS = (PAY_RECT.right - 60, PAY_RECT.centery)
PAY_PRICE_POS = (PAY_RECT.right - 54, PAY_RECT.centery + 3)


def ex_kinds_pos(title_w: float) -> tuple[float, int]:
    """Mid-left of the list of buyable kinds after a ``title_w`` px wide "Buy back:"."""
    return (LOWER_RECT.x + 18 + title_w + 8, LOWER_RECT.y + 23)


def ex_choice_label_pos(cr: pygame.Rect) -> tuple[int, int]:
    """Centre of the label under the choice rect ``cr``."""
    return (cr.centerx, cr.bottom + 12)


def ex_choice_count_pos(cr: pygame.Rect) -> tuple[int, int]:
    """Top-right of the ``×n`` count on the choice rect ``cr``."""
    return (cr.right - 2, cr.y + 4)


def pay_slot_rect(i: int, n: int) -> pygame.Rect:
    """Slot ``i`` of ``n`` Mon tiles laid in the pay area (compressed when many)."""
    room = PAY_RECT.w - 120
    step = min(52, room / max(1, n))
    return pygame.Rect(round(PAY_RECT.x + 12 + i * step), PAY_RECT.y + (PAY_RECT.h - 46) // 2, 46, 46)


# -- the end -------------------------------------------------------------------------------------
END_BAND_H = 140


def end_band(kaito: int | None) -> pygame.Rect:
    """The band across the tray that tells the result: centred on the board, or moved up or
    down so that it does not cover the Kaito's square (the final capture stays visible)."""
    band = pygame.Rect(TRAY_RECT.x, BOARD_RECT.centery - END_BAND_H // 2, TRAY_RECT.w, END_BAND_H)
    if kaito is not None:
        ky = square_rect(kaito).centery
        for cy in (BOARD_RECT.centery, BOARD_RECT.y + 1.5 * STEP, BOARD_RECT.bottom - 1.5 * STEP):
            if abs(cy - ky) >= 110:
                band.centery = int(cy)
                break
    return band


def end_band_lines(band: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Centres of the band's title, description and "Click to see the score" lines."""
    return ((band.centerx, band.y + 34), (band.centerx, band.y + 70), (band.centerx, band.y + 120))


__all__ = [
    "BANNER_RECT", "BOARD_RECT", "CONFIRM_RECT", "EX_HINT_POS", "GAP", "HELD", "HINT_RECT", "LOWER_RECT",
    "NARRATION_RECT", "NO_EX_RECT", "UNDO_RECT", "hint_text_pos", "score_button_rect",
    "PANEL_BOTTOM", "PANEL_H", "PANEL_TOP", "PAUSE_RECT", "PAWN", "PAY_RECT", "RIGHT_W", "RIGHT_X", "STEP",
    "TALLY", "TILE", "TRAY_RECT", "as_tuple", "end_band", "ex_choice_rect", "held_area", "held_rect",
    "panel_spots", "pawn_rect_at", "pawn_start_rect", "pay_slot_rect", "square_at",
    "square_rect", "start_slot", "tally_rect",
]
