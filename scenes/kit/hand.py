"""The hand a seat holds at the bottom of the table: a fan (Sushi Draft) or a row (Kanji-zushi)
of overlapping cards, the rightmost on top, the card under the pointer lifted (issue 9 §4).

Two parts, both in LOGICAL pixels (1280x720), angles in degrees (positive = counter-clockwise,
pygame's sense), times in ms:

* :class:`HandLayout` (frozen, pure geometry; a game's layout module holds one as a constant):
  where each of ``n`` cards rests (:meth:`HandLayout.slots`, :meth:`HandLayout.rect`), which card
  a point is over (:meth:`HandLayout.index_at`, topmost first) and which card the pointer asks to
  lift (:meth:`HandLayout.hover_index`).
* :class:`Hand` (a scene's UI state): the layout plus the current lift of each card, eased toward
  its goal every frame (:meth:`Hand.update`, :func:`scenes.kit.tween.approach_each`) until
  :meth:`Hand.settled`. Drawing stays with each game (its art, shadows and rings differ); it reads
  :meth:`Hand.pose` for each card.

No pygame display is needed (only ``pygame.Rect``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from scenes.kit.tween import approach_each, clamp, settled

#: How many cards a :class:`Hand` keeps lift values for (cards beyond it are never lifted).
HAND_CAPACITY = 8


@dataclass(frozen=True, kw_only=True)
class HandLayout:
    """Where a hand's cards rest: centred on ``center_x``, stepped left to right, the rightmost on
    top. A row when ``fan_deg`` and ``arc`` are 0; a fan otherwise (the outer cards turned by up to
    ``fan_deg`` and lowered by up to ``arc``, parabolically, symmetric about the middle card).

    Attributes:
        center_x: the hand's centre line (logical px).
        y: top of the middle (or every, in a row) card at rest (logical px).
        card_w, card_h: a card's size (logical px).
        max_step: the widest step between two cards' left edges (logical px); smaller when
            ``n`` cards would not fit in ``max_width``.
        max_width: the widest the whole hand may be, first card's left to last card's right
            (logical px).
        fan_deg: rotation of the outermost cards (degrees; the left one turns counter-clockwise).
        arc: how much lower the outermost cards sit than the middle (logical px).
        lift: how far the hovered or selected card rises (logical px).
        hover_reach: the pointer lifts a card from this far above its resting top (logical px;
            the lifted card stays under the pointer).
        half_life_ms: a lift halves its distance to its goal in this many ms (``approach``).
    """

    center_x: float
    y: float
    card_w: int
    card_h: int
    max_step: float
    max_width: float
    fan_deg: float = 0.0
    arc: float = 0.0
    lift: float = 20.0
    hover_reach: float = 30.0
    half_life_ms: float = 40.0

    def step(self, n: int) -> float:
        """The step between neighbouring cards' left edges for ``n`` cards (logical px):
        ``max_step``, or less so that they fit in ``max_width``."""
        if n > 1:
            return min(self.max_step, (self.max_width - self.card_w) / (n - 1))
        return self.max_step

    def place(self, i: int, n: int) -> tuple[pygame.Rect, float]:
        step = self.step(n)
        x0 = self.center_x - (self.card_w + step * (n - 1)) / 2
        c = (n - 1) / 2
        d = (i - c) / c if c else 0.0  # -1 (leftmost) .. 1 (rightmost)
        rect = pygame.Rect(round(x0 + i * step), round(self.y + self.arc * d * d), self.card_w, self.card_h)
        return rect, -self.fan_deg * d

    def slots(self, n: int) -> list[tuple[pygame.Rect, float]]:
        """The resting place of each of ``n`` cards, left to right: (unrotated logical rect, angle
        in degrees, positive = counter-clockwise). ``[]`` for ``n <= 0``."""
        return [self.place(i, n) for i in range(n)]

    def rect(self, i: int, n: int) -> pygame.Rect:
        """The unrotated resting rect of card ``i`` of ``n`` (``n`` below 1 counts as 1; ``i`` is not
        clamped, so a card just past the end lies one step further right)."""
        return self.place(i, max(1, n))[0]

    def angle(self, i: int, n: int) -> float:
        """The resting angle of card ``i`` of ``n`` (degrees, positive = counter-clockwise)."""
        return self.place(i, max(1, n))[1]

    def index_at(self, pos: Sequence[float], n: int, lifts: Sequence[float] = (),
                 present: Callable[[int], bool] | None = None) -> int | None:
        """The card of ``n`` under logical ``pos``, the topmost (rightmost) first, or None.

        Each card is tested at its unrotated rect raised by its lift (``lifts[i]`` rounded; 0 past
        the list), as drawn. ``present(i)`` False makes card ``i`` transparent (e.g. a card that is
        flying away)."""
        for i in range(n - 1, -1, -1):
            r = self.rect(i, n).move(0, -round(lifts[i] if i < len(lifts) else 0))
            if r.collidepoint(pos) and (present is None or present(i)):
                return i
        return None

    def hover_index(self, pos: Sequence[float], n: int) -> int | None:
        """The card of ``n`` the pointer at logical ``pos`` lifts: the topmost whose resting rect,
        reaching ``hover_reach`` higher, holds ``pos``; None over none."""
        for i in range(n - 1, -1, -1):
            r = self.rect(i, n)
            if pygame.Rect(r.x, r.y - self.hover_reach, r.w, r.h + self.hover_reach).collidepoint(pos):
                return i
        return None


class Pose(NamedTuple):
    """One card of a :class:`Hand` as drawn: ``rect`` its unrotated resting rect (logical px),
    ``angle`` its rotation (degrees, straightened in proportion to the lift), ``lift`` how far it
    is raised above ``rect`` (logical px)."""

    rect: pygame.Rect
    angle: float
    lift: float


class Hand:
    """A :class:`HandLayout` with the current lift of each card (a scene's UI state).

    ``lifts[i]`` (logical px, ``capacity`` values) eases toward ``layout.lift`` for the card the
    scene names in :meth:`update` and toward 0 for the others. ``draw`` only reads it."""

    def __init__(self, layout: HandLayout, capacity: int = HAND_CAPACITY):
        self.layout = layout
        self.lifts: list[float] = [0.0] * capacity
        self.goals: list[float] = [0.0] * capacity

    def lift_of(self, i: int) -> float:
        """The current lift of card ``i`` (logical px; 0 beyond the capacity)."""
        return self.lifts[i] if 0 <= i < len(self.lifts) else 0.0

    def update(self, dt_ms: float, lifted: int | None) -> None:
        """One frame of ``dt_ms`` ms: card ``lifted`` (the hovered or selected one; None: none, and
        an index beyond the capacity lifts nothing) eases up to ``layout.lift``, every other card
        down to 0, each halving its distance every ``layout.half_life_ms``."""
        goals = [0.0] * len(self.lifts)
        if lifted is not None and 0 <= lifted < len(goals):
            goals[lifted] = self.layout.lift
        self.goals = goals
        approach_each(self.lifts, goals, dt_ms, self.layout.half_life_ms)

    def settled(self) -> bool:
        """True when every lift has reached the goal of the last :meth:`update` (nothing moves)."""
        return settled(self.lifts, self.goals)

    def reset(self) -> None:
        """Drop every lift at once (and its goal)."""
        self.lifts = [0.0] * len(self.lifts)
        self.goals = [0.0] * len(self.lifts)

    def index_at(self, pos: Sequence[float], n: int, present: Callable[[int], bool] | None = None) -> int | None:
        """The card of ``n`` under logical ``pos`` as drawn now (lifted), topmost first, or None
        (:meth:`HandLayout.index_at`)."""
        return self.layout.index_at(pos, n, self.lifts, present)

    def pose(self, i: int, n: int) -> Pose:
        """Card ``i`` of ``n`` as drawn now: its resting rect, its angle turned back toward 0 as it
        lifts (upright at the full ``layout.lift``) and its lift."""
        rect, angle = self.layout.place(i, max(1, n))
        lift = self.lift_of(i)
        t = clamp(lift / self.layout.lift, 0.0, 1.0) if self.layout.lift else 0.0
        return Pose(rect, angle * (1 - t), lift)


__all__ = ["HAND_CAPACITY", "Hand", "HandLayout", "Pose"]
