"""Whose turn it is at this player's tables on the online server, while Tatami runs (issue 35,
item 4): :class:`TurnWatch` asks the server of the settings (:func:`scenes.online.pace.server_address`)
for this player's unfinished tables (``mine``, docs/PROTOCOL.md "Players": the player's secret
names them) when the app starts, every :data:`POLL_S` seconds and when a screen asks
(:meth:`TurnWatch.refresh`), on an asyncio loop in a daemon thread — a frame never waits for the
network. The menu says "Your turn in 2 games" from it, Play online lists the tables
(``scenes.online.join``), and a table that becomes this player's turn is told by a desktop
notification (:mod:`scenes.online.notify`), unless this window is at that table.

The app's one watch (``app.turn_watch``) and the menu's line are
:mod:`scenes.online.keptfile`'s (:func:`~scenes.online.keptfile.app_watch`,
:func:`~scenes.online.keptfile.menu_line`): the menu reads them without importing asyncio or this
module, which is imported only once a server is set. Never imports pygame.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Callable

from game.i18n import _
from scenes.shell.catalog import game_title

log = logging.getLogger("tatami.online")

#: Seconds between two questions to the server (a turn-based move takes hours; the list is also
#: asked for when Play online opens).
POLL_S = 60.0
#: Seconds one question may take (connect, hello, ``mine``).
ASK_TIMEOUT_S = 10.0


async def ask_mine(url: str, player: str, timeout: float = ASK_TIMEOUT_S) -> list[dict[str, Any]]:
    """(on a loop) This player's unfinished tables at ``url`` (``mine``), the connection closed after.

    Raises:
        OSError, TimeoutError, game.net.client.ServerError, ConnectionLost: no answer."""
    from game.net.client import Client

    client = Client(url, player=player, reconnect_for=0, open_timeout=timeout)
    try:
        await asyncio.wait_for(client.connect(), timeout)
        return await asyncio.wait_for(client.mine(), timeout)
    finally:
        try:
            await client.close()
        except Exception:
            pass


class TurnWatch:
    """The watch over one server (see the module doc).

    Args:
        url: the server. player: this player's secret (:meth:`KeptSeats.player`).
        notifier: what says a new turn (an object with ``async send(title, body)``), or None.
        quiet: returns the table codes this window is at now (no notification for them).
        poll_s: seconds between questions.

    Attributes (read from the frame's thread; each replaced whole):
        tables: the last answer (``mine``'s entries: ``table``, ``game``, ``seat``, ``names``,
            ``started``, ``to_act``, ``your_turn``, ``clock``), None before the first.
        error: the last question's failure (``no-server``, ``timeout``, a server's code), else None.
        revision: counts the answers and failures (a screen redraws its list when it moves).
    """

    def __init__(self, url: str, player: str, notifier: Any = None, quiet: Callable[[], set[str]] | None = None,
                 poll_s: float = POLL_S) -> None:
        self.url, self.player, self.notifier, self.poll_s = url, player, notifier, float(poll_s)
        self.quiet = quiet or (lambda: set())
        self.tables: list[dict[str, Any]] | None = None
        self.error: str | None = None
        self.revision = 0
        #: how many notifications were sent (tests read it)
        self.notified = 0
        self._turns: set[str] | None = None  # the tables at this player's turn at the last answer
        self._stopped = False
        self.loop = asyncio.new_event_loop()
        self._wake = asyncio.Event()
        self._thread = threading.Thread(target=self.loop.run_forever, name="tatami-turns", daemon=True)
        self._thread.start()
        self._runner: asyncio.Task[None] | None = None

        async def begin() -> None:
            self._runner = asyncio.ensure_future(self._run())
        asyncio.run_coroutine_threadsafe(begin(), self.loop).result(5.0)

    # -- the frame's side -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the server again now (Play online opened; the settings changed)."""
        if not self._stopped:
            self.loop.call_soon_threadsafe(self._wake.set)

    def your_turn(self) -> list[dict[str, Any]]:
        """The tables of the last answer where it is this player's turn."""
        return [t for t in self.tables or () if t.get("your_turn")]

    def stop(self) -> None:
        """Stop asking (idempotent; the thread ends)."""
        if self._stopped:
            return
        self._stopped = True

        async def halt() -> None:
            if self._runner is not None:
                self._runner.cancel()
                await asyncio.gather(self._runner, return_exceptions=True)
        try:
            asyncio.run_coroutine_threadsafe(halt(), self.loop).result(ASK_TIMEOUT_S)
        except Exception:
            log.exception("online: stopping the turns' watch")
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)

    # -- the loop's side ---------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            await self.ask()
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), self.poll_s)
            except asyncio.TimeoutError:
                pass

    async def ask(self) -> None:
        """One question to the server; the answer kept, the new turns notified. Never raises."""
        from game.net.client import error_code

        try:
            tables = await ask_mine(self.url, self.player)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.error = error_code(exc)
            self.revision += 1
            log.info("online: the server %s did not list this player's tables: %s", self.url, exc)
            return
        turns = {str(t.get("table")) for t in tables if t.get("your_turn")}
        new = [t for t in tables if str(t.get("table")) in turns - (self._turns or set())] if self._turns is not None \
            else []
        self.tables, self.error, self._turns = tables, None, turns
        self.revision += 1
        quiet = self.quiet()
        for table in new:
            if str(table.get("table")) not in quiet:
                await self.notify(table)

    async def notify(self, table: dict[str, Any]) -> None:
        """Say that it became this player's turn at ``table`` (a desktop notification)."""
        if self.notifier is None:
            return
        names = [str(n) for i, n in enumerate(table.get("names") or ()) if i != table.get("seat") and n]
        game = game_title(str(table.get("game")))
        if names:
            # Translators: a desktop notification's text; {game} is the game, {names} the other players
            body = _("{game} with {names}: it is your turn.").format(game=game, names=", ".join(names))
        else:
            # Translators: a desktop notification's text; {game} is the game
            body = _("{game}: it is your turn.").format(game=game)
        # Translators: a desktop notification's title when it becomes this player's turn online
        if await self.notifier.send(_("Your turn in Tatami"), body):
            self.notified += 1


__all__ = ["ASK_TIMEOUT_S", "POLL_S", "TurnWatch", "ask_mine"]
