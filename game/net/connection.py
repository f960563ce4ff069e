"""One client's WebSocket as the server holds it (:mod:`game.net.server`): :class:`Connection`,
its outgoing queue and writer, its read rate (a token bucket) and its limits (errors, tables
created, quick phrases, each counted within its window), and the seat it speaks for.

What goes out is queued (:data:`MAX_PENDING` messages at most: a client that does not read is
closed, and never holds a table up). Everything here runs on the server's event loop.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol as proto
from .table import Table

log = logging.getLogger("tatami.net.server")

#: Messages queued for one client at most; one more closes it (a client that does not read).
MAX_PENDING = 512
#: Tables one connection may create per minute, quick phrases it may say per 10 s.
CREATES_PER_MINUTE = 10
PHRASES_PER_10S = 5


class Link:
    """What the server holds of one client, wherever it is connected: the seat it speaks for and
    its limits (errors, tables created, quick phrases, each counted within its window). A
    :class:`Connection` is a client connected to this process; a
    :class:`game.net.cluster.Envoy` one connected to another process of the same database.

    Attributes:
        address: the client's IP address (set by the server).
        table, seat: what it speaks for once it joined or resumed (None before).
        player: the hash of the player secret its ``hello`` said (:func:`game.net.tablestore.token_hash`),
            or None.
        closing: True once :meth:`close` was called.
    """

    def __init__(self) -> None:
        self.address = ""
        self.player: str | None = None
        self.table: Table | None = None
        self.seat: int | None = None
        self.closing = False
        self._errors: collections.deque[float] = collections.deque()
        self._creates: collections.deque[float] = collections.deque()
        self._said: collections.deque[float] = collections.deque()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the client (never waits)."""
        raise NotImplementedError

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code`` (never waits)."""
        raise NotImplementedError

    @staticmethod
    def _within(stamps: collections.deque[float], window: float, most: int) -> bool:
        """Count one more event in ``stamps``; False when it makes more than ``most`` in ``window`` s."""
        now = time.monotonic()
        while stamps and now - stamps[0] > window:
            stamps.popleft()
        stamps.append(now)
        return len(stamps) <= most

    def error(self, code: str, text: str, version: int | None = None) -> None:
        """Send an ``error`` (in protocol ``version`` when given: a refusal of the client's
        version, which it can read); past :data:`game.net.protocol.MAX_ERRORS` within the window
        (a ``stale`` is a race, not counted), or on a wrong version, close the connection."""
        self.send(proto.error(code, text, version))
        if code == "version":
            self.close(proto.CLOSE_POLICY, "protocol version")
        elif code != "stale" and not self._within(self._errors, proto.ERROR_WINDOW_S, proto.MAX_ERRORS):
            self.close(proto.CLOSE_POLICY, "too many errors")

    def may_create(self) -> bool:
        """True when this connection may create one more table now."""
        return self._within(self._creates, 60.0, CREATES_PER_MINUTE)

    def may_say(self) -> bool:
        """True when this connection may say one more phrase now."""
        return self._within(self._said, 10.0, PHRASES_PER_10S)


class Connection(Link):
    """One client's WebSocket to this process: its outgoing queue and writer, its read rate.

    Attributes:
        ws: the websockets connection.
        remote: the id of the process that holds the table this connection's seat is at, when
            another process holds it (its messages are forwarded there: game.net.cluster), or None.
    """

    def __init__(self, ws: ServerConnection) -> None:
        super().__init__()
        self.ws = ws
        self.remote: str | None = None
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._tokens = float(proto.BURST)
        self._stamp = time.monotonic()
        self._close_args: tuple[int, str] = (1000, "")
        self._closer: asyncio.Task[None] | None = None
        self._writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (canonical JSON); a client :data:`MAX_PENDING` messages behind is closed."""
        self.send_text(proto.encode(message))

    def send_text(self, text: str) -> None:
        """Queue a message's wire text as it is (one the process holding the table encoded:
        :class:`game.net.cluster.Envoy`); as :meth:`send`."""
        if self.closing:
            return
        if self._queue.qsize() >= MAX_PENDING:
            log.warning("closing a client %d messages behind", self._queue.qsize())
            self.close(proto.CLOSE_POLICY, "too slow")
            self._closer = asyncio.create_task(self.ws.close(proto.CLOSE_POLICY, "too slow"))
            return
        self._queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code`` (never waits)."""
        if not self.closing:
            self.closing = True
            self._close_args = (code, reason)
            self._queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    await self.ws.close(*self._close_args)
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            pass

    async def finish(self) -> None:
        """Send what is queued and close (the client stopped sending); a writer still stuck
        after ``close_timeout`` (10 s) is cancelled."""
        self.close(1000, "")
        try:
            await asyncio.wait_for(self._writer, 10.0)
        except (asyncio.TimeoutError, asyncio.CancelledError, ConnectionClosed):
            pass

    def throttle(self) -> float:
        """Take one message from the token bucket (:data:`game.net.protocol.RATE` per second,
        burst :data:`game.net.protocol.BURST`); returns how long to wait first (s; 0 within the
        rate): a faster client is read no faster, never refused."""
        now = time.monotonic()
        self._tokens = min(float(proto.BURST), self._tokens + (now - self._stamp) * proto.RATE)
        self._stamp = now
        self._tokens -= 1.0
        return 0.0 if self._tokens >= 0.0 else -self._tokens / proto.RATE

def client_address(ws: ServerConnection) -> str:
    """The client's IP address as this server sees it ("" when the transport does not say)."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


__all__ = ["CREATES_PER_MINUTE", "MAX_PENDING", "PHRASES_PER_10S", "Connection", "Link", "client_address"]
