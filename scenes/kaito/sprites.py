"""Presentation helpers of the KAITO play scene: layout, the displayed position, flying sprites.

Everything here is in LOGICAL pixels (1280x720) and milliseconds. No rules live here: the
displayed position (:class:`Shown`) is always built from a :class:`game.kaito.KaitoView`; the
scene only edits a copy of it while choreographing an animation, and replaces it with the next
view when the animation ends.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from scenes.kit.tween import Tween, ease_out_cubic, lerp

# -- layout (logical px) ----------------------------------------------------------------------
TILE = 88  #: board tile side
GAP = 8  #: gap between board tiles
STEP = TILE + GAP
BOARD_X, BOARD_Y = 106, 76  #: top-left of square a6
BOARD_SIZE = 6 * TILE + 5 * GAP  #: 568
BOARD_RECT = pygame.Rect(BOARD_X, BOARD_Y, BOARD_SIZE, BOARD_SIZE)
TRAY_RECT = BOARD_RECT.inflate(48, 48)  #: the lacquered tray around the tiles
PAWN = 70  #: Kaito pawn diameter on the board

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


# -- exchange (buy-back) area ---------------------------------------------------------------
EX_CHOICE = 54


def ex_choice_rect(i: int) -> pygame.Rect:
    """The i-th retrievable tile (katana / kabuto choice) of the buy-back area."""
    return pygame.Rect(LOWER_RECT.x + 18 + i * 70, LOWER_RECT.y + 50, EX_CHOICE, EX_CHOICE)


PAY_RECT = pygame.Rect(LOWER_RECT.x + 160, LOWER_RECT.y + 44, LOWER_RECT.w - 176, 70)
EX_HINT_POS = (PAY_RECT.x + 4, LOWER_RECT.y + 130)
NO_EX_RECT = pygame.Rect(LOWER_RECT.right - 344, LOWER_RECT.bottom - 52, 160, 40)
CONFIRM_RECT = pygame.Rect(LOWER_RECT.right - 176, LOWER_RECT.bottom - 52, 160, 40)


def pay_slot_rect(i: int, n: int) -> pygame.Rect:
    """Slot ``i`` of ``n`` Mon tiles laid in the pay area (compressed when many)."""
    room = PAY_RECT.w - 120
    step = min(52, room / max(1, n))
    return pygame.Rect(round(PAY_RECT.x + 12 + i * step), PAY_RECT.y + (PAY_RECT.h - 46) // 2, 46, 46)


# -- displayed position -----------------------------------------------------------------------
@dataclass
class Shown:
    """The position as drawn (built from a KaitoView; edited only while animating).

    board: 36 tile codes or None; kaito: square or None; held: per seat list of codes (None =
    a slot emptied by a running animation); removed: codes out of the game; pawn_color: the
    colour the Kaito shows; to_move / phase / outcome / last as in the view.
    """

    board: list
    kaito: int | None
    held: list
    removed: list
    colors: tuple
    to_move: int | None
    phase: str
    outcome: Any
    pawn_color: str
    last: tuple | None = None
    ply: int = 0

    @classmethod
    def from_view(cls, view: Any, pawn_color: str | None = None) -> "Shown":
        """Snapshot a KaitoView. The Kaito shows the colour of the seat to move (the first
        player's colour before placement); once over it keeps ``pawn_color``."""
        if view.phase == "place":
            color = view.colors[0]
        elif view.to_move is not None:
            color = view.colors[view.to_move]
        else:
            color = pawn_color or view.colors[0]
        return cls(
            board=list(view.board),
            kaito=view.kaito,
            held=[list(view.held[0]), list(view.held[1])],
            removed=list(view.removed),
            colors=tuple(view.colors),
            to_move=view.to_move,
            phase=view.phase,
            outcome=view.outcome,
            pawn_color=color,
            last=view.last_action,
            ply=view.ply,
        )

    def out_of_game(self, color: str) -> list[str]:
        """Tiles of ``color`` out of the game (own captures, paid Mon), in removal order."""
        return [t for t in self.removed if t and t[0] == color]


# -- flying sprites ---------------------------------------------------------------------------
class Flight:
    """A sprite (an SVG) moving from ``start`` to ``end`` (logical (x, y, w, h)) over
    ``duration`` ms after ``delay`` ms, fading ``alpha`` from a0 to a1. It stays drawn at its
    end until the scene removes it. The timing is an :class:`scenes.kit.engine.Tween`."""

    def __init__(self, path: str, start: tuple, end: tuple, duration: float,
                 ease: Callable[[float], float] | str = ease_out_cubic, delay: float = 0.0,
                 a0: int = 255, a1: int = 255, lift: float = 6.0):
        self.path = path
        self.start = tuple(start)
        self.end = tuple(end)
        self.a0, self.a1 = a0, a1
        self.lift = lift  #: shadow offset at mid-flight (logical px)
        self.tween = Tween(self.start, self.end, duration, ease, delay_ms=delay)

    def update(self, dt_ms: float) -> None:
        self.tween.update(dt_ms)

    @property
    def t(self) -> float:
        """Linear progress 0..1 (before easing)."""
        return self.tween.progress

    @property
    def done(self) -> bool:
        return self.tween.done

    def rect(self) -> tuple[float, float, float, float]:
        return self.tween.value

    def alpha(self) -> int:
        return int(round(lerp(self.a0, self.a1, self.t)))

    def height(self) -> float:
        """0 at both ends, 1 at mid-flight (for the shadow)."""
        t = self.t
        return 4 * t * (1 - t)


def as_tuple(r: pygame.Rect) -> tuple[int, int, int, int]:
    return (r.x, r.y, r.w, r.h)


__all__ = [
    "TILE", "GAP", "STEP", "BOARD_X", "BOARD_Y", "BOARD_RECT", "TRAY_RECT", "PAWN", "RIGHT_X", "RIGHT_W",
    "BANNER_RECT", "PAUSE_RECT", "PANEL_TOP", "PANEL_BOTTOM", "PANEL_H", "LOWER_RECT", "HELD", "TALLY",
    "square_rect", "square_at", "pawn_rect_at", "held_rect", "held_area", "tally_rect", "start_slot",
    "ex_choice_rect", "PAY_RECT", "EX_HINT_POS", "NO_EX_RECT", "CONFIRM_RECT", "pay_slot_rect",
    "Shown", "Flight", "as_tuple",
]
