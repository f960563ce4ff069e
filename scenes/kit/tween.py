"""Easing functions and tweens: values that move over ``duration_ms`` of accumulated ``dt_ms``."""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence


# --------------------------------------------------------------------------------------
# Easing and tweens
# --------------------------------------------------------------------------------------
def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    if t <= 0:
        return 0.0
    if t >= 1:
        return 1.0
    c4 = (2 * math.pi) / 3
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * c4) + 1


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear,
    "in_quad": ease_in_quad,
    "out_quad": ease_out_quad,
    "in_out_quad": ease_in_out_quad,
    "in_cubic": ease_in_cubic,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "out_elastic": ease_out_elastic,
    "in_out_sine": ease_in_out_sine,
}


def clamp(v: float, lo: float, hi: float) -> float:
    return lo if v < lo else hi if v > hi else v


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers (t in 0..1, not clamped)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a + (b - a) * t
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def approach(current: float, target: float, dt_ms: float, half_life_ms: float = 60.0) -> float:
    """Frame-rate independent exponential smoothing of ``current`` toward ``target``
    (e.g. hover highlights). After ``half_life_ms`` the gap has halved."""
    if half_life_ms <= 0:
        return target
    k = 0.5 ** (dt_ms / half_life_ms)
    v = target + (current - target) * k
    if abs(v - target) < 1e-3:
        return target
    return v


def approach_each(values: list[float], targets: Sequence[float], dt_ms: float, half_life_ms: float = 60.0) -> None:
    """:func:`approach` every ``values[i]`` toward ``targets[i]`` in place (pairs beyond the shorter
    list are left alone), e.g. the hover lifts of a hand's cards (logical px)."""
    for i, target in enumerate(targets[:len(values)]):
        values[i] = approach(values[i], target, dt_ms, half_life_ms)


def settled(values: Sequence[float], targets: Sequence[float], eps: float = 1e-3) -> bool:
    """True when every ``values[i]`` is within ``eps`` of ``targets[i]`` (over the shorter list)."""
    return all(abs(v - t) <= eps for v, t in zip(values, targets))


class Tween:
    """Interpolates from ``start`` to ``end`` (numbers or tuples) over ``duration_ms``.

    Drive it with ``update(dt_ms)``; read ``value``. ``delay_ms`` waits before starting.
    ``on_done`` (no arguments) is called once when it finishes. ``ease`` is a function
    0..1 -> 0..1 or a name from ``EASINGS``.
    """

    def __init__(
        self,
        start: Any,
        end: Any,
        duration_ms: float,
        ease: Callable[[float], float] | str = ease_out_cubic,
        delay_ms: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ):
        self.start = start
        self.end = end
        self.duration_ms = max(0.0, float(duration_ms))
        self.ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.delay_ms = max(0.0, float(delay_ms))
        self.elapsed_ms = 0.0
        self.on_done = on_done
        self._finished = False
        if self.duration_ms == 0 and self.delay_ms == 0:
            self._finish()

    def _finish(self) -> None:
        if not self._finished:
            self._finished = True
            if self.on_done is not None:
                cb, self.on_done = self.on_done, None
                cb()

    @property
    def done(self) -> bool:
        return self._finished

    @property
    def progress(self) -> float:
        """Linear progress 0..1 (before easing)."""
        if self.duration_ms <= 0:
            return 1.0 if self.elapsed_ms >= self.delay_ms else 0.0
        return clamp((self.elapsed_ms - self.delay_ms) / self.duration_ms, 0.0, 1.0)

    @property
    def value(self) -> Any:
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt_ms: float) -> bool:
        """Advance; returns True while still running."""
        if self._finished:
            return False
        self.elapsed_ms += max(0.0, dt_ms)
        if self.elapsed_ms >= self.delay_ms + self.duration_ms:
            self.elapsed_ms = self.delay_ms + self.duration_ms
            self._finish()
            return False
        return True

    def finish(self) -> None:
        """Jump to the end now (calls on_done)."""
        self.elapsed_ms = self.delay_ms + self.duration_ms
        self._finish()


