"""Flying sprites: a card, chip or tile moving between two logical rects, optionally turning over.

Shared by the play scenes (Sushi Draft's cards and chips, Kanji-zushi's cards). Positions are
LOGICAL px as (x, y, w, h); durations and delays in ms.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import pygame

from scenes.kit.tween import Tween, clamp, lerp


def centered(center: Sequence[float], w: float, h: float) -> pygame.Rect:
    """A ``w`` x ``h`` rect centred on ``center``."""
    r = pygame.Rect(0, 0, round(w), round(h))
    r.center = (round(center[0]), round(center[1]))
    return r


def as_tuple(r: Any) -> tuple[float, float, float, float]:
    """A rect (pygame.Rect or 4-sequence) as an (x, y, w, h) tuple of numbers."""
    if isinstance(r, (pygame.Rect, pygame.FRect)):
        return (r.x, r.y, r.w, r.h)
    x, y, w, h = r
    return (x, y, w, h)



class Flight:
    """A card or chip moving from ``start`` to ``end`` (logical (x, y, w, h)) over ``duration`` ms
    after ``delay`` ms, optionally turning over from its ``first`` side to its ``second`` side
    during the part ``flip`` = (u0, u1) of its progress (0..1), and fading from ``a0`` to ``a1``.
    It stays drawn at its end until the scene removes it. The timing is a
    :class:`scenes.kit.tween.Tween`.

    Sides are art keys the owning scene's art understands (Sushi Draft: a card name or
    ``"back"`` with ``kind="card"``; for chips ``("back", pile)`` or ``("face", pile, value)`` with
    ``kind="chip"``)."""

    def __init__(self, kind: str, first: Any, start: Sequence[float], end: Sequence[float], duration: float,
                 second: Any = None, flip: tuple[float, float] | None = None,
                 ease: Callable[[float], float] | str = "in_out_cubic", delay: float = 0.0,
                 a0: int = 255, a1: int = 255, lift: float = 8.0, angle0: float = 0.0, angle1: float = 0.0):
        self.kind = kind
        self.first = first
        self.second = first if second is None else second
        self.flip = flip
        self.start = as_tuple(start)
        self.end = as_tuple(end)
        self.a0, self.a1 = a0, a1
        self.lift = lift
        self.angle0, self.angle1 = angle0, angle1
        self.tween = Tween(self.start, self.end, duration, ease, delay_ms=delay)

    def update(self, dt_ms: float) -> None:
        self.tween.update(dt_ms)

    @property
    def t(self) -> float:
        """Linear progress 0..1."""
        return self.tween.progress

    @property
    def done(self) -> bool:
        return self.tween.done

    @property
    def started(self) -> bool:
        return self.tween.elapsed_ms >= self.tween.delay_ms

    def rect(self) -> tuple[float, float, float, float]:
        return self.tween.value

    def alpha(self) -> int:
        return int(round(lerp(self.a0, self.a1, self.t)))

    def angle(self) -> float:
        return lerp(self.angle0, self.angle1, self.tween.ease(self.t))

    def height(self) -> float:
        """0 at both ends, 1 at mid-flight (for the shadow)."""
        t = self.t
        return 4 * t * (1 - t)

    def side(self) -> tuple[Any, float]:
        """(the side showing now, horizontal scale 0..1 of the turn-over)."""
        if self.flip is None:
            return (self.first, 1.0)
        u0, u1 = self.flip
        u = clamp((self.t - u0) / max(1e-6, u1 - u0), 0.0, 1.0)
        return (self.first if u < 0.5 else self.second, abs(math.cos(math.pi * u)))
