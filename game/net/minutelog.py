"""The server's one line a minute (issue 35, item 5; docs/SERVER.md "The log"):
:class:`MinuteLog` counts the actions answered and how long each took, from the action's arrival to
the last seat's update handed to its connection (or, for a seat connected to another process, to
the message that carries it there), and makes the line.
"""
from __future__ import annotations

import statistics


class MinuteLog:
    """Action times of the minute going on (ms), and the line that ends it."""

    def __init__(self) -> None:
        self._times: list[float] = []

    def action(self, ms: float) -> None:
        """One action answered in ``ms`` milliseconds (arrival to the last update sent)."""
        self._times.append(ms)

    def line(self, tables: int, playing: int, connections: int, forwarded: int) -> str:
        """The minute's line, and a new minute begins: ``tables T (P playing), connections C
        (F forwarded), actions A, p50 X ms, p99 Y ms`` (no percentiles without actions)."""
        times, self._times = self._times, []
        text = (f"tables {tables} ({playing} playing), connections {connections} ({forwarded} forwarded), "
                f"actions {len(times)}")
        if times:
            cuts = statistics.quantiles(times, n=100, method="inclusive") if len(times) > 1 else [times[0]] * 99
            text += f", p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms"
        return text


__all__ = ["MinuteLog"]
