"""A fake time source for the budgeted bots (issue 9 §5: speed belongs in benchmarks, not tests).

The hard bots of all three games take ``clock: Callable[[], float]`` (seconds, default
``time.perf_counter``). Injecting a :class:`StepClock` makes "the budget ran out" a fact of the
number of clock reads, which no machine load can change: a test then asserts how far the search
went in fake time instead of how long it took in real time.
"""

from __future__ import annotations


class StepClock:
    """A clock that returns ``start + k * step`` seconds on its k-th call (k = 0, 1, 2 ...).

    Times are computed by multiplication, not accumulation, so with binary fractions (1/64,
    1/256 ...) every reading is exact and comparisons against a budget are too.

    Attributes:
        step: seconds the clock advances per call (>= 0; 0 is a stopped clock).
        start: the first reading, in seconds.
        readings: every value returned so far, in order (``len(readings)`` = number of calls).
    """

    def __init__(self, step: float, start: float = 0.0) -> None:
        if step < 0:
            raise ValueError(f"step must be >= 0 seconds, not {step!r}")
        self.step = step
        self.start = start
        self.readings: list[float] = []

    def __call__(self) -> float:
        """The current fake time in seconds; the next call returns ``step`` seconds more."""
        now = self.start + len(self.readings) * self.step
        self.readings.append(now)
        return now

    @property
    def reads(self) -> int:
        """How many times the clock was read."""
        return len(self.readings)
