"""A turn-based table's clocks at the table (mixed into :class:`game.net.table.Table`; issue 35,
item 4): they run for the persons' seats to act, stop with their moves (the time per move added),
are kept with the table's actions (a ``"clock"`` row) and its next deadline, and a seat whose time
runs out is handed to the server's AI for the rest of the game or ends the table, as chosen when the
table was made (:mod:`game.net.clock`).

The clock's time is the server's wall clock (``Table.now``; tests give one they move).
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from ..match import Match
from .clock import TIMEOUT_LEVEL, Clocks
from .protocol import OPEN
from .tablestore import CLOCK, STAND_IN, StoreError, TableStore

log = logging.getLogger("tatami.net.server")

#: A kept row of a table's list of actions: (seat, kind, action, ply).
Row = tuple[int, str, str, int]


class TurnClocks:
    """The clocks of a turn-based table (see the module doc); nothing for a real-time table."""

    code: str
    kinds: list[str]
    store: TableStore
    match: Match
    finished: bool
    clocks: Clocks | None
    now: Callable[[], float]
    #: why the table ended before its game did (``{"reason": "timeout", "seat": s}``), or None
    ended: dict[str, Any] | None
    #: ``(ply, times)`` of every clock row kept, in order (an undo goes back to the times then)
    clock_marks: list[tuple[int, str]]

    @property
    def started(self) -> bool:  # (Table's)
        raise NotImplementedError

    def seat_to(self, seat: int, level: str | None) -> None:  # (StandIns')
        raise NotImplementedError

    def clock_rows(self) -> list[Row]:
        """Bring the clocks up to the position (the persons' seats to act run, the others stop):
        the ``"clock"`` row to keep with the change, or none when nothing changed (or no clock)."""
        if self.clocks is None or not self.started:
            return []
        over = self.finished or self.match.is_over()  # (the game ended: every clock stops)
        persons = [] if over else [s for s in self.match.to_act() if self.kinds[s] == OPEN]
        return [self._clock_row()] if self.clocks.update(persons, self.now()) else []

    def _clock_row(self) -> Row:
        """The ``"clock"`` row of the clocks now, marked for an undo (:meth:`rewind_clocks`)."""
        assert self.clocks is not None
        text = self.clocks.to_text()
        self.clock_marks.append((self.match.ply, text))
        return (-1, CLOCK, text, self.match.ply)

    def rewind_clocks(self, ply: int) -> None:
        """An undo back to ``ply``: the clocks as they were kept then (so a move taken back gives
        back the time added for it — no time is won by moving and undoing — while the time the
        seat spent since still counts: its clock kept running), the marks after it dropped. The
        caller keeps the clocks brought up to the position (:meth:`keep_with_clock`)."""
        if self.clocks is None:
            return
        while self.clock_marks and self.clock_marks[-1][0] > ply:
            self.clock_marks.pop()
        if self.clock_marks:
            self.clocks.load_text(self.clock_marks[-1][1])

    def keep_deadline(self) -> None:
        """Keep the clocks' next deadline (None once none runs) for the store's :meth:`due`; a
        failure is logged (the rows say the times; the deadline is set again at the next change)."""
        if self.clocks is not None:
            try:
                self.store.set_deadline(self.code, self.clocks.next_deadline())
            except StoreError as exc:
                log.warning("table %s: the clock's deadline not kept: %s", self.code, exc)

    def keep_with_clock(self, rows: list[Row]) -> None:
        """Keep ``rows`` (a change already applied) and, in the same write, the clocks brought up
        to the position after it; the clocks as they were when the write fails.

        Raises:
            StoreError: the store could not keep them (LeaseLost: another process holds the table)."""
        kept = self.clocks.to_text() if self.clocks is not None else None
        try:
            self.store.add_actions(self.code, rows + self.clock_rows())
        except StoreError:
            if self.clocks is not None and kept is not None:
                self.clocks.load_text(kept)
            raise
        self.keep_deadline()

    def keep_clock(self) -> None:
        """Bring the clocks up to the position and keep them (a row and the deadline), alone:
        after a seat was taken (the table starts) or a stand-in."""
        rows = self.clock_rows()
        if rows:
            self.store.add_actions(self.code, rows)
            self.keep_deadline()

    def time_out(self, seat: int) -> None:
        """``seat``'s time has run out: kept, then its seat goes to the server's AI
        (:data:`game.net.clock.TIMEOUT_LEVEL`, to the end: its person may watch but not take it
        back) or the table ends (:attr:`ended`), as the clock's rule says. The caller tells every
        seat and starts the AI."""
        assert self.clocks is not None
        self.clocks.run_out(seat)
        ply = self.match.ply
        if self.clocks.rule.on_timeout == "ai":
            self.store.add_actions(self.code, [self._clock_row(), (seat, STAND_IN, TIMEOUT_LEVEL, ply)])
            self.seat_to(seat, TIMEOUT_LEVEL)
            self.keep_deadline()
        else:
            self.store.add_actions(self.code, [self._clock_row()])
            self.ended = {"reason": "timeout", "seat": seat}
            self.store.set_deadline(self.code, None)
            self.finished = True
            self.store.finish(self.code)

    def replay_clock(self, text: str, ply: int) -> None:
        """A kept ``"clock"`` row at ``ply``, replayed (:meth:`game.net.table.Table.restore`): the
        times it kept (marked for an undo); a seat out of time at the end of the rows had timed
        out (its ``"stand-in"`` row follows, or the table had ended)."""
        if self.clocks is None:
            raise ValueError(f"table {self.code}: a clock row at a table without a clock")
        self.clocks.load_text(text)
        self.clock_marks.append((ply, text))

    def clock_field(self) -> dict[str, Any] | None:
        """The ``clock`` field of the table's messages now (:meth:`game.net.clock.Clocks.message`),
        or None for a real-time table."""
        return None if self.clocks is None else self.clocks.message(self.now())

    def out_of_time(self, seat: int) -> bool:
        """True when ``seat``'s time ran out (its person may not take it back from the AI)."""
        return self.clocks is not None and seat in self.clocks.out


__all__ = ["Row", "TurnClocks"]
