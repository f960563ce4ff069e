"""The AI seats of a server's tables (:mod:`game.net.server`): :class:`Drivers`, one task per table
whose AI is to act, and :class:`Reminders`, the timers that tell a table when an away person's
seat may be given to an AI.

A table's driver runs ``Match.step_bots`` in a worker thread (``asyncio.to_thread``) while it holds
the table's lock, so one table's thinking never stalls the event loop or another table; keeps the
moves (before anyone is told of them) and sends every seat its update.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Callable

from .table import Table
from .tablestore import LeaseLost

log = logging.getLogger("tatami.net.server")

#: Seconds before the AI tries again when the store could not keep its moves (a full disk).
BOT_RETRY_S = 5.0


class Drivers:
    """The AI driver tasks of a server's tables, by table code.

    Args:
        finished: called with a table whose game ended (after the driver's last move).
        lost: called with a table's code when the store refused its moves because another
            server process holds it now (:class:`game.net.tablestore.LeaseLost`).
    """

    def __init__(self, finished: Callable[[Table], None], lost: Callable[[str], None]) -> None:
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self._finished, self._lost = finished, lost

    def poke(self, table: Table) -> None:
        """Start the table's AI driver unless it runs (or no AI is to act)."""
        task = self.tasks.get(table.code)
        if (task is None or task.done()) and table.bots_due():
            self.tasks[table.code] = asyncio.create_task(self._drive(table))

    def idle(self, code: str) -> bool:
        """True when table ``code``'s driver is not running."""
        task = self.tasks.get(code)
        return task is None or task.done()

    def forget(self, code: str) -> None:
        """Table ``code`` left memory: its driver is cancelled (when one runs)."""
        task = self.tasks.pop(code, None)
        if task is not None and not task.done():
            task.cancel()

    async def stop(self) -> None:
        """Cancel every driver and wait for them."""
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    async def _drive(self, table: Table) -> None:
        """While AI seats are to act: their choices in a worker thread, kept, then told."""
        try:
            while True:
                async with table.lock:
                    if not table.bots_due():
                        break
                    moves = await asyncio.to_thread(table.bot_step)
                    if not table.keep_bots(moves):  # (a full disk: tried again a little later)
                        asyncio.get_running_loop().call_later(BOT_RETRY_S, self.poke, table)
                        break
                    table.send_updates()
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except LeaseLost:
            log.info("table %s: held by another process now; it leaves this one", table.code)
            self._lost(table.code)
            return
        except Exception:
            log.exception("table %s: the AI driver failed", table.code)
        if table.finished:
            self._finished(table)


class Reminders:
    """For each away seat not yet allowed to be given to an AI, a timer that sends every connected
    seat of its table a ``lobby`` once it is (its ``stand_in_allowed`` turns true).

    Args:
        current: whether a table is still the server's (a timer of one that left does nothing).
    """

    def __init__(self, current: Callable[[Table], bool]) -> None:
        self._current = current
        #: (table code, seat) -> its timer
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}

    def remind(self, table: Table) -> None:
        """A timer for each away seat of ``table`` that will be allowed later (none twice)."""
        now = time.monotonic()
        for seat in range(len(table.kinds)):
            due = table.stand_in_due(seat, now)
            key = (table.code, seat)
            if due is None or due == 0.0 or key in self._timers:
                continue
            self._timers[key] = asyncio.get_running_loop().call_later(due + 0.01, self._reminded, table, seat)

    def _reminded(self, table: Table, seat: int) -> None:
        self._timers.pop((table.code, seat), None)
        if not self._current(table):
            return
        due = table.stand_in_due(seat, time.monotonic())
        if due == 0.0:
            table.send_all(table.lobby())
        elif due is not None:  # away again since (a new drop): wait for that one
            self.remind(table)

    def cancel(self) -> None:
        """Cancel every timer (the server stops)."""
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()


__all__ = ["BOT_RETRY_S", "Drivers", "Reminders"]
