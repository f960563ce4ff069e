"""Turn-based tables' clocks (issue 35, item 4; docs/PROTOCOL.md "Turn-based tables"): Board Game
Arena's kind — each person's seat has an allowance of time, spent while it is that seat's turn and
topped up by a fixed amount after each of its moves; a seat whose time runs out is replaced by the
server's AI, or the table ends, as chosen when the table was made. Headless, no I/O: the times are
wall-clock seconds given by the caller (the server's clock, which tests move).

A table's :class:`Clocks` is kept with its actions (a row of kind ``"clock"`` after each change:
:meth:`Clocks.to_text`), so a restarted or another server process goes on with the same times.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

#: What happens to a seat whose time runs out: the server's AI plays it to the end, or the table
#: ends there (no result).
ON_TIMEOUT = ("ai", "end")
#: Limits of a clock (s): an allowance of 1 minute to 30 days, at most 7 days added a move.
ALLOWANCE_RANGE = (60.0, 30 * 86400.0)
PER_MOVE_RANGE = (0.0, 7 * 86400.0)
#: The level of the AI that replaces a seat whose time ran out.
TIMEOUT_LEVEL = "medium"


class ClockError(ValueError):
    """A clock's setting is not one this server takes (one line)."""


@dataclass(frozen=True)
class ClockRule:
    """A turn-based table's clock, chosen at creation.

    Attributes:
        allowance: seconds each person's seat has at the start (e.g. 86400: 1 day).
        per_move: seconds added to a seat's time after each of its moves (e.g. 86400).
        on_timeout: ``"ai"`` (the server's AI plays the seat to the end) or ``"end"`` (the table
            ends without a result).
    """

    allowance: float
    per_move: float
    on_timeout: str

    @classmethod
    def parse(cls, data: Any) -> ClockRule:
        """The rule a ``create``'s ``clock`` field gives: ``{"allowance": s, "per_move": s,
        "on_timeout": "ai" | "end"}``.

        Raises:
            ClockError: a missing or unknown field, or a value out of range."""
        if not isinstance(data, Mapping) or set(data) != {"allowance", "per_move", "on_timeout"}:
            raise ClockError("a clock is {allowance, per_move, on_timeout}")
        allowance, per_move, on_timeout = data["allowance"], data["per_move"], data["on_timeout"]
        for name, value, (low, high) in (("allowance", allowance, ALLOWANCE_RANGE),
                                         ("per_move", per_move, PER_MOVE_RANGE)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or not low <= value <= high:
                raise ClockError(f"the clock's {name} is {low:g} to {high:g} seconds")
        if on_timeout not in ON_TIMEOUT:
            raise ClockError(f"the clock's on_timeout is one of {', '.join(ON_TIMEOUT)}")
        return cls(float(allowance), float(per_move), str(on_timeout))

    def to_dict(self) -> dict[str, Any]:
        """The ``create`` field this rule comes from."""
        return {"allowance": self.allowance, "per_move": self.per_move, "on_timeout": self.on_timeout}


class Clocks:
    """The time left of each person's seat of one table, and which of them are running.

    Args:
        rule: the table's clock.
        clocked: one flag per seat of the table: True for a person's seat (an AI's has no clock).
    """

    def __init__(self, rule: ClockRule, clocked: Sequence[bool]) -> None:
        self.rule = rule
        #: the table's seat count
        self.size = len(clocked)
        #: seat -> seconds left when its clock last stopped (or started)
        self.left: dict[int, float] = {s: rule.allowance for s, person in enumerate(clocked) if person}
        #: seat -> when its clock started (wall-clock s), for the seats whose turn it is
        self.running: dict[int, float] = {}
        #: the seats whose time ran out, in order
        self.out: list[int] = []

    def update(self, to_act: Iterable[int], now: float) -> bool:
        """The seats to act now are ``to_act`` (the others' decisions are done): a seat that was to
        act and is no longer stops (its time spent taken off, :attr:`ClockRule.per_move` added); a
        seat newly to act starts. Seats out of time or without a clock are left alone. True when
        something changed."""
        acting = {s for s in to_act if s in self.left and s not in self.out}
        changed = False
        for seat in [s for s in self.running if s not in acting]:
            since = self.running.pop(seat)
            self.left[seat] = max(0.0, self.left[seat] - max(0.0, now - since)) + self.rule.per_move
            changed = True
        for seat in acting:
            if seat not in self.running:
                self.running[seat] = now
                changed = True
        return changed

    def time_left(self, seat: int, now: float) -> float | None:
        """Seconds ``seat`` has left at ``now`` (0.0 once out), or None for a seat without a clock."""
        if seat not in self.left:
            return None
        if seat in self.out:
            return 0.0
        since = self.running.get(seat)
        return max(0.0, self.left[seat] - (max(0.0, now - since) if since is not None else 0.0))

    def overdue(self, now: float) -> list[int]:
        """The running seats whose time has run out at ``now`` (not yet marked :attr:`out`)."""
        return sorted(s for s in self.running if self.time_left(s, now) == 0.0)

    def run_out(self, seat: int) -> None:
        """Mark ``seat`` out of time: its clock stops for good."""
        self.running.pop(seat, None)
        self.left[seat] = 0.0
        if seat not in self.out:
            self.out.append(seat)

    def next_deadline(self) -> float | None:
        """The earliest moment (wall-clock s) a running seat's time runs out, or None."""
        return min((since + self.left[s] for s, since in self.running.items()), default=None)

    def message(self, now: float) -> dict[str, Any]:
        """The ``clock`` field of a ``state``, ``update`` or ``lobby``: the rule, each seat's
        seconds ``left`` at ``now`` (None without a clock; rounded to 0.1 s), the seats ``running``
        and those ``out`` of time."""
        left: list[float | None] = [None] * self.size
        for s in self.left:
            value = self.time_left(s, now)
            left[s] = None if value is None else round(value, 1)
        return {**self.rule.to_dict(), "left": left, "running": sorted(self.running), "out": list(self.out)}

    # -- kept ----------------------------------------------------------------------------------------------
    def to_text(self) -> str:
        """What a ``"clock"`` row of the table's actions keeps (JSON)."""
        return json.dumps({"left": {str(s): v for s, v in sorted(self.left.items())},
                           "running": {str(s): v for s, v in sorted(self.running.items())},
                           "out": self.out}, separators=(",", ":"), sort_keys=True)

    def load_text(self, text: str) -> None:
        """Take the times a ``"clock"`` row kept (:meth:`to_text`).

        Raises:
            ValueError: not what :meth:`to_text` writes."""
        data = json.loads(text)
        try:
            left = {int(s): float(v) for s, v in dict(data["left"]).items()}
            running = {int(s): float(v) for s, v in dict(data["running"]).items()}
            out = [int(s) for s in data["out"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"a clock row is not what a table keeps: {exc}") from None
        if set(left) != set(self.left) or not set(running) <= set(left) or not set(out) <= set(left):
            raise ValueError("a clock row names seats without a clock")
        self.left, self.running, self.out = left, running, out


__all__ = ["ALLOWANCE_RANGE", "ON_TIMEOUT", "PER_MOVE_RANGE", "TIMEOUT_LEVEL", "ClockError", "ClockRule", "Clocks"]
