"""The server's one line a minute (issue 35, item 5; docs/SERVER.md "The log"):
:class:`MinuteLog` counts the actions answered and how long each took, from the action's arrival to
the last seat's update handed to its connection (or, for a seat connected to another process, to
the message that carries it there), and how late the event loop ran (a timer of
:data:`LAG_TICK_S` that woke late: everything the loop did meanwhile waited as long), and makes the
line.
"""
from __future__ import annotations

import statistics

#: The loop-lag probe's period (s): :meth:`MinuteLog.lag` gets how late each wake-up was.
LAG_TICK_S = 0.05


class MinuteLog:
    """Action times of the minute going on (ms), and the line that ends it."""

    def __init__(self) -> None:
        self._times: list[float] = []
        self._lags: list[float] = []

    def action(self, ms: float) -> None:
        """One action answered in ``ms`` milliseconds (arrival to the last update sent)."""
        self._times.append(ms)

    def lag(self, ms: float) -> None:
        """The event loop woke ``ms`` milliseconds late (the probe's timer)."""
        self._lags.append(ms)

    def line(self, tables: int, playing: int, connections: int, forwarded: int) -> str:
        """The minute's line, and a new minute begins: ``tables T (P playing), connections C
        (F forwarded), actions A, p50 X ms, p99 Y ms, loop lag p99 Z ms, max W ms`` (no action
        percentiles without actions, no lag without probes)."""
        times, self._times = self._times, []
        lags, self._lags = self._lags, []
        text = (f"tables {tables} ({playing} playing), connections {connections} ({forwarded} forwarded), "
                f"actions {len(times)}")
        if times:
            cuts = _percentiles(times)
            text += f", p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms"
        if lags:
            text += f", loop lag p99 {_percentiles(lags)[98]:.1f} ms, max {max(lags):.1f} ms"
        return text


def _percentiles(values: list[float]) -> list[float]:
    """The 1st to 99th percentiles of ``values`` (one or more)."""
    return statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else [values[0]] * 99


__all__ = ["LAG_TICK_S", "MinuteLog"]
