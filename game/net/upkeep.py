"""The upkeep of a server's tables (mixed into :class:`game.net.server.Server`): tables that leave
memory (idle, unjoined, finished), the store's checkpoints off the event loop, turn-based tables'
clocks running out (:meth:`Upkeep.check_clocks`), and the log's line a minute
(:class:`game.net.minutelog.MinuteLog`).
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable

from . import protocol as proto
from .cluster import Relay
from .drivers import Drivers
from .minutelog import LAG_TICK_S, MinuteLog
from .protocol import ProtocolError
from .table import Table
from .tablestore import KEEP_UNJOINED_S, LeaseLost, StoreError, TableStore

log = logging.getLogger("tatami.net.server")

#: Seconds a finished table stays in memory (its clients may still resume it to see the end).
FINISHED_KEEP_S = 600.0
#: Seconds an unfinished table nobody is connected to stays in memory; then only its rows remain,
#: and the next ``join`` or ``resume`` of its code replays it (every :data:`SWEEP_S` seconds).
IDLE_S = 1800.0
SWEEP_S = 60.0
#: How often the store's checkpoint runs (SQLite: its write-ahead log copied into its file), off
#: the event loop (s).
CHECKPOINT_S = 1.0
#: How often turn-based tables' clocks are checked (s of the event loop's time).
CLOCK_CHECK_S = 1.0


class Upkeep:
    """The server's periodic work (see the module doc); :meth:`start_upkeep` starts its tasks."""

    tables: dict[str, Table]
    store: TableStore
    drivers: Drivers
    relay: Relay | None
    minute: MinuteLog
    clock: Callable[[], float]
    _connections: set[Any]

    def _table(self, text: str) -> Table:  # (Server's: a table in memory, or replayed from the store)
        raise NotImplementedError

    def lost(self, code: str) -> None:  # (Server's)
        raise NotImplementedError

    def __init__(self) -> None:
        self._evicting: set[str] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self._clocks: asyncio.Task[None] | None = None
        self._lag: asyncio.Task[None] | None = None

    def start_upkeep(self) -> None:
        """Start the sweep (every :data:`SWEEP_S` s) and the checkpoints (every :data:`CHECKPOINT_S` s)."""
        self._sweeper = asyncio.create_task(self._sweep())
        self.store.take_over_checkpoints()
        self._checkpoints = asyncio.create_task(self._checkpoint_every())
        self._clocks = asyncio.create_task(self._clocks_every())
        self._lag = asyncio.create_task(self._lag_probe())

    async def stop_upkeep(self) -> None:
        """Cancel the sweep and the checkpoints (and wait for a checkpoint running)."""
        for task in (self._sweeper, self._checkpoints, self._clocks, self._lag):
            if task is not None:
                task.cancel()
        if self._checkpoints is not None:
            await asyncio.gather(self._checkpoints, return_exceptions=True)

    async def _sweep(self) -> None:
        """Every :data:`SWEEP_S` seconds (a minute), :meth:`sweep` and the log's line."""
        while True:
            await asyncio.sleep(SWEEP_S)
            self.sweep(time.monotonic())
            log.info("%s", self.minute_line())

    def minute_line(self) -> str:
        """The log's line for the minute that ends (:class:`game.net.minutelog.MinuteLog`)."""
        playing = sum(1 for t in self.tables.values() if t.started and not t.finished)
        forwarded = len(self.relay.forwarded) if self.relay is not None else 0
        return self.minute.line(len(self.tables), playing, len(self._connections), forwarded)

    async def _checkpoint_every(self) -> None:
        """Every :data:`CHECKPOINT_S` seconds, the store's checkpoint in a thread
        (:meth:`game.net.tablestore.TableStore.checkpoint`): the loop never waits for the disk."""
        while True:
            await asyncio.sleep(CHECKPOINT_S)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except StoreError as exc:
                log.warning("checkpoint failed (the log is kept for the next one): %s", exc)

    async def _lag_probe(self) -> None:
        """How late the event loop runs: a timer every :data:`game.net.minutelog.LAG_TICK_S`
        seconds, its lateness to the minute's log."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + LAG_TICK_S
            await asyncio.sleep(LAG_TICK_S)
            self.minute.lag(max(0.0, loop.time() - due) * 1000.0)

    async def _clocks_every(self) -> None:
        """Every :data:`CLOCK_CHECK_S` seconds, :meth:`check_clocks`."""
        while True:
            await asyncio.sleep(CLOCK_CHECK_S)
            try:
                await self.check_clocks()
            except Exception:
                log.exception("the clocks' check failed")

    async def check_clocks(self) -> list[tuple[str, int]]:
        """Every turn-based table where a seat's time has run out by the server's clock now (in
        memory, or found by the store's :meth:`due`; another live process's are that process's):
        the seat timed out (:meth:`game.net.table.Table.time_out`), every connected seat told
        (``timeout``, then the ``lobby`` or the table's end), the AI started. Returns
        ``(code, seat)`` of each seat timed out."""
        now = self.clock()
        codes = [c for c, t in self.tables.items()
                 if t.clocks is not None and (t.clocks.next_deadline() or now + 1.0) <= now]
        try:
            codes += [c for c in self.store.due(now) if c not in self.tables]
        except StoreError as exc:
            log.warning("the tables whose time ran out could not be read: %s", exc)
        out = []
        for code in codes:
            if code not in self.tables and self.relay is not None and self.relay.cluster.claim(code) is not None:
                continue  # (another live process holds it: its own check)
            try:
                table = self._table(code)
            except ProtocolError:
                continue  # (finished, or damaged: nothing to run out)
            try:
                out += [(code, seat) for seat in await self._time_out(table, now)]
            except LeaseLost:
                self.lost(code)
        return out

    async def _time_out(self, table: Table, now: float) -> list[int]:
        """The seats of ``table`` out of time at ``now``, timed out and told (see :meth:`check_clocks`)."""
        seats = []
        async with table.lock:
            for seat in table.clocks.overdue(now) if table.clocks is not None and not table.finished else []:
                table.time_out(seat)
                seats.append(seat)
                assert table.clocks is not None
                table.send_all(proto.message("timeout", seat=seat, then=table.clocks.rule.on_timeout))
                if table.ended is not None:
                    break
            if seats:
                table.send_all(table.lobby())
                table.send_updates("timeout")
        if seats:
            log.info("table %s: seat(s) %s out of time (%s)", table.code, seats, "ended" if table.ended else "AI")
            if table.finished:
                self._finished(table)
            self.drivers.poke(table)
        return seats

    def sweep(self, now: float) -> list[str]:
        """Let the tables nobody is connected to and nothing happened at for :data:`IDLE_S`
        seconds (monotonic ``now``) leave memory (their rows stay), and those no seat was taken
        at in :data:`game.net.tablestore.KEEP_UNJOINED_S` since they were made go with their
        rows (the store's :meth:`forget_old`); returns their codes."""
        gone = []
        for code, table in list(self.tables.items()):
            unjoined = not any(table.tokens) and now - table.made > KEEP_UNJOINED_S
            if (unjoined or not table.peers and now - table.touched > IDLE_S) and self.drivers.idle(code):
                del self.tables[code]
                self.drivers.forget(code)
                gone.append(code)
        if self.relay is not None:
            self.relay.cluster.release(gone)
        try:
            self.store.forget_old()
        except StoreError as exc:
            log.warning("old tables not deleted: %s", exc)
        return gone

    def _finished(self, table: Table) -> None:
        """A table whose game ended leaves memory after :data:`FINISHED_KEEP_S` (once)."""
        if table.code in self._evicting:
            return
        self._evicting.add(table.code)
        loop = asyncio.get_running_loop()
        loop.call_later(FINISHED_KEEP_S, self._evict, table.code)

    def _evict(self, code: str) -> None:
        self._evicting.discard(code)
        if self.tables.pop(code, None) is not None and self.relay is not None:
            self.relay.cluster.release([code])
        self.drivers.forget(code)


__all__ = ["CHECKPOINT_S", "CLOCK_CHECK_S", "FINISHED_KEEP_S", "IDLE_S", "SWEEP_S", "Upkeep"]
