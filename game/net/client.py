"""The client side of Tatami's online protocol (docs/PROTOCOL.md, version 2; issue 24 §4).

:class:`Client` speaks for one seat of one table over one WebSocket (the ``websockets``
library's asyncio API) and keeps that seat's picture of the game (:class:`Picture`, from
:mod:`game.net.picture`, re-exported here): the view
(decoded with the game's ``Game.view_from_json``), the events told so far (decoded with
``game.core.event_from_json``), the seats to act, the seat's legal actions, the ply, the seat
list, and once the game is over its outcome and record. Every ``state`` replaces the picture
(a resync), every ``update`` adds to it.

A dropped connection is taken back on its own: the client reconnects with ``resume`` (its seat's
token), waiting 0.1 s, 0.2 s, 0.4 s ... (at most ``backoff_max``) between tries, for up to
``reconnect_for`` seconds (60 by default) since the drop, and resyncs from the ``state`` the
server sends. A request in flight when the connection drops raises :class:`ConnectionLost`; the
picture is whole again once :attr:`Client.connected` is True.

Requests are answered one at a time (the protocol carries no request ids): each request method
sends one message and waits for its answer (or an ``error``, raised as :class:`ServerError`).
Nothing here blocks the event loop; :mod:`game.net.remote` runs a client in a thread for the app.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from typing import Any, Callable, Sequence

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol
from .asks import TableAsks
from .picture import Picture
from .protocol import ProtocolError

log = logging.getLogger("tatami.net.client")

#: What the client says it is in ``hello``.
CLIENT_NAME = "tatami 0.1.0"
#: Seconds a request waits for its answer before :class:`ServerError` ``"timeout"``.
REQUEST_TIMEOUT = 30.0
#: Close codes after which reconnecting is pointless: the server refused this client (too big a
#: frame, a policy breach such as too many errors or another protocol version, a protocol error)
#: or a newer connection took the seat with its token.
FINAL_CLOSE_CODES = frozenset({protocol.CLOSE_POLICY, protocol.CLOSE_TOO_BIG, protocol.CLOSE_REPLACED, 1002, 1003})


def dropped(code: int | None) -> Exception:
    """What a request raises when its connection closed with ``code``: ``ServerError("busy")``
    when the server takes no more connections from this address now (1013, try again later),
    else :class:`ConnectionLost`."""
    if code == protocol.CLOSE_TRY_LATER:
        return ServerError("busy", "the server takes no more connections from this address now")
    return ConnectionLost("the connection dropped")


class ServerError(Exception):
    """The server answered a request with ``error`` (or did not answer in time: code
    ``"timeout"``). ``code`` is the protocol's error code, ``message`` its English line."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message


class ConnectionLost(Exception):
    """The connection dropped while a request waited for its answer, or could not be made or
    taken back (after ``reconnect_for`` seconds, or a refused token)."""


class Client(TableAsks):
    """One seat's connection to a Tatami server (see the module doc).

    Args:
        url: ``ws://host:port`` (or ``wss://``).
        reconnect_for: seconds to keep trying to take the seat back after a drop (0: never).
        backoff_max: the longest wait between two tries, in seconds.
        keep_frames: keep every text frame received, as received, in :attr:`frames` (tests).
        on_message: called with every decoded message (a dict) after the picture took it in.
        client_name: what ``hello`` says.
        open_timeout: seconds to wait for one connection to open.
    """

    def __init__(self, url: str, *, reconnect_for: float = 60.0, backoff_max: float = 8.0,
                 keep_frames: bool = False, on_message: Callable[[dict[str, Any]], None] | None = None,
                 client_name: str = CLIENT_NAME, open_timeout: float = 10.0, player: str | None = None) -> None:
        self.url = url
        #: the player's secret said in every ``hello`` (the seats taken are this player's), or None
        self.player = player
        self.reconnect_for = float(reconnect_for)
        self.backoff_max = float(backoff_max)
        self.keep_frames = keep_frames
        self.on_message = on_message
        self.client_name = client_name
        self.open_timeout = open_timeout
        self.picture = Picture()
        #: every text frame received (when ``keep_frames``), across reconnections
        self.frames: list[str] = []
        #: the ``welcome`` message's fields (server, games, phrases)
        self.welcome: dict[str, Any] = {}
        #: errors that arrived while no request waited (e.g. a late ``stale``), newest last
        self.stray_errors: list[ServerError] = []
        #: how many times the connection was taken back with ``resume``
        self.reconnections = 0
        #: True while the connection is down because the server itself went away (it closed with
        #: code 1001: stopped — at a table an app hosts, its host left); False again once resumed
        self.server_gone = False
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._pending: tuple[Callable[[dict[str, Any]], bool], asyncio.Future[dict[str, Any]]] | None = None
        self._tick = asyncio.Event()
        self._closing = False
        self._connected = asyncio.Event()
        self._failure: BaseException | None = None

    # -- the connection ---------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """True while the connection is open and the picture current (not reconnecting)."""
        return self._connected.is_set()

    @property
    def failure(self) -> BaseException | None:
        """Why the client stopped for good (the reconnection gave up, a refused token), or None."""
        return self._failure

    async def connect(self) -> dict[str, Any]:
        """Open the connection and say ``hello``; returns the ``welcome`` message.

        Raises:
            ConnectionLost: the server cannot be reached (refused, bad URL, handshake failed).
            ServerError: the server refused the hello: ``version`` (another protocol version; its
                ``message`` the one line naming both, :func:`game.net.protocol.version_line`) ..."""
        await self._open()
        self._reader = asyncio.create_task(self._read_forever())
        return await self._hello()

    async def _open(self) -> None:
        try:
            self._ws = await connect(self.url, open_timeout=self.open_timeout, max_size=None,
                                     compression=None)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as exc:
            raise ConnectionLost(f"cannot connect to {self.url}: {exc}") from None

    async def _hello(self) -> dict[str, Any]:
        self.welcome = await self.request(protocol.hello(self.client_name, self.player), "welcome")
        self._connected.set()
        return self.welcome

    async def close(self) -> None:
        """Close the connection for good (no reconnection); idempotent."""
        self._closing = True
        self._connected.clear()
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            try:
                await self._reader
            except BaseException:  # (its failure was recorded)
                pass
        self._fail_pending(ConnectionLost("closed"))
        self._changed()

    # -- requests -----------------------------------------------------------------------------------
    async def request(self, message: dict[str, Any], answer: str | Callable[[dict[str, Any]], bool],
                      timeout: float = REQUEST_TIMEOUT) -> dict[str, Any]:
        """Send ``message`` and return its answer: the first message of type ``answer`` (or for
        which the predicate ``answer`` is true) received after it.

        Raises:
            ServerError: an ``error`` came first (its code), or none came in ``timeout`` seconds
                (``"timeout"``).
            ConnectionLost: the connection dropped meanwhile."""
        wanted = (lambda m: m.get("type") == answer) if isinstance(answer, str) else answer
        if message.get("type") not in ("hello", "resume") and self.picture.token is not None:
            await self._wait_connected(timeout)
        async with self._lock:
            fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self._pending = (wanted, fut)
            try:
                await self.send(message)
                return await asyncio.wait_for(fut, timeout)
            except asyncio.TimeoutError:
                raise ServerError("timeout", f"no answer to {message.get('type')} in {timeout} s") from None
            finally:
                self._pending = None

    async def _wait_connected(self, timeout: float) -> None:
        """Wait while the client takes its seat back after a drop.

        Raises:
            ConnectionLost: it gave up (or was closed) first, or ``timeout`` seconds passed."""
        if self._connected.is_set():
            return
        try:
            await self.wait(lambda p: self._connected.is_set(), timeout)
        except asyncio.TimeoutError:
            raise ConnectionLost(f"not connected within {timeout:g} s") from None

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message (a :mod:`game.net.protocol` builder's) without waiting for an answer.

        Raises:
            ConnectionLost: not connected."""
        ws = self._ws
        if ws is None:
            raise ConnectionLost("not connected")
        try:
            await ws.send(protocol.encode(message))
        except ConnectionClosed:
            raise dropped(ws.close_code) from None

    async def create(self, game: str, seats: Sequence[str], *, options: dict[str, Any] | None = None,
                     names: Sequence[str | None] | None = None, setup: dict[str, Any] | None = None,
                     clock: dict[str, Any] | None = None) -> str:
        """Create a table (``seats``: ``"open"`` or an AI level per seat); returns its code.
        ``clock`` makes it turn-based (:func:`game.net.protocol.create`). ``setup`` (a record's
        setup) is for tests against a server started with its test flag.

        Raises:
            ServerError: ``bad-game``, ``bad-seats``, ``bad-options`` ..."""
        message = protocol.create(game, seats, options, names, clock)
        if setup is not None:
            message["setup"] = setup
        return str((await self.request(message, "created"))["table"])

    async def join(self, table: str, name: str, seat: int | None = None) -> Picture:
        """Take a seat of ``table`` (the given open seat, else the first open one) and wait for
        its ``state``; returns the picture.

        Raises:
            ServerError: ``no-table``, ``table-full``, ``bad-seat`` ..."""
        await self.request(protocol.join(table, name, seat), "state")
        return self.picture

    async def resume(self, table: str, seat: int, token: str | None) -> Picture:
        """Take back seat ``seat`` of ``table`` with its token (None: as the player this client
        names, :attr:`player`) and wait for its ``state``.

        Raises:
            ServerError: ``no-table``, ``bad-seat``, ``bad-token``, ``no-player`` ..."""
        await self.request(protocol.resume(table, seat, token), "state")
        return self.picture

    async def mine(self) -> list[dict[str, Any]]:
        """The unfinished tables this client's player took a seat at, on this server (``mine``:
        ``table``, ``game``, ``seat``, ``names``, ``started``, ``to_act``, ``your_turn``,
        ``clock``; docs/PROTOCOL.md), the oldest first.

        Raises:
            ServerError: ``no-player`` (the client names no :attr:`player`)."""
        return list((await self.request(protocol.message("mine"), "tables"))["tables"])

    async def act(self, action: str, timeout: float = REQUEST_TIMEOUT) -> None:
        """Play ``action`` (notation) at the ply of the picture; returns once the server told
        this seat the result (an ``update`` that includes it, or a ``state``).

        In a simultaneous phase another seat's update may come first; this waits for one where
        this seat is no longer to act or a new decision began (or a state, or the end).

        Raises:
            ServerError: ``not-your-turn``, ``illegal``, ``stale`` (a ``state`` follows: decide
                again), ``game-over`` ...
            ConnectionLost: the connection dropped (the action may or may not have been applied:
                the resumed picture says)."""
        p = self.picture
        ply, decision = p.ply, p.decision

        def answered(m: dict[str, Any]) -> bool:
            if m.get("type") == "state":
                return True
            if m.get("type") != "update" or m["ply"] <= ply:
                return False
            return m["over"] or m["decision"] > decision or p.seat not in m["to_act"]
        await self.request(protocol.act(action, ply), answered, timeout)

    async def leave(self) -> None:
        """Leave the table (the seat stays ours: :meth:`resume` takes it back) and close."""
        self._closing = True
        try:
            await self.send(protocol.leave())
        except ConnectionLost:
            pass
        await self.close()

    # -- waiting ---------------------------------------------------------------------------------------
    async def wait(self, predicate: Callable[[Picture], bool], timeout: float | None = None) -> Picture:
        """Wait until ``predicate(picture)`` holds (checked now and after every message).

        Raises:
            asyncio.TimeoutError: not within ``timeout`` seconds.
            ConnectionLost: the client stopped for good first (:attr:`failure`)."""
        async def loop() -> Picture:
            while True:
                if predicate(self.picture):
                    return self.picture
                if self._failure is not None:
                    raise ConnectionLost(str(self._failure))
                if self._closing:
                    raise ConnectionLost("closed")
                tick = self._tick
                await tick.wait()
        return await asyncio.wait_for(loop(), timeout)

    def _changed(self) -> None:
        self.picture.revision += 1
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    # -- reading ------------------------------------------------------------------------------------------
    async def _read_forever(self) -> None:
        """Read frames until closed; after a drop reconnect and resume (see the module doc)."""
        resuming: asyncio.Task[None] | None = None
        dropped_at = 0.0
        while True:
            ws = self._ws
            assert ws is not None
            try:
                async for frame in ws:
                    self._take(frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))
            except ConnectionClosed:
                pass
            self._connected.clear()
            code = ws.close_code
            self.server_gone = self.server_gone or code == protocol.CLOSE_GOING_AWAY
            self._fail_pending(dropped(code))
            if resuming is not None:
                await asyncio.gather(resuming, return_exceptions=True)
            self._changed()
            if self._closing or self._failure is not None:
                return
            if code in FINAL_CLOSE_CODES or self.picture.token is None or self.picture.over:
                self._stop(dropped(code) if code == protocol.CLOSE_TRY_LATER else
                           ConnectionLost(f"the server closed the connection (code {code})"))
                return
            if resuming is None or (resuming.done() and not resuming.cancelled() and resuming.exception() is None):
                dropped_at = time.monotonic()
            if not await self._reopen(dropped_at + self.reconnect_for):
                return
            resuming = asyncio.create_task(self._resume_seat())

    def _stop(self, failure: BaseException) -> None:
        """Stop for good: :attr:`failure` says why; waiters raise :class:`ConnectionLost`."""
        self._failure = failure
        self._changed()

    async def _reopen(self, deadline: float) -> bool:
        """Open a new connection, waiting 0.1 s, 0.2 s ... (at most ``backoff_max``) before each
        try, until ``deadline`` (monotonic seconds); False when it gave up."""
        delay = 0.1
        while not self._closing:
            if time.monotonic() + delay > deadline:
                self._stop(ConnectionLost(f"could not reconnect to {self.url} within {self.reconnect_for:g} s"))
                return False
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.backoff_max)
            try:
                await self._open()
                return True
            except ConnectionLost:
                continue
        return False

    async def _resume_seat(self) -> None:
        """On a new connection: hello, then resume the seat (its state resyncs the picture). A
        refused token stops the client for good; any other failure closes the connection, so
        :meth:`_read_forever` tries again."""
        p = self.picture
        assert p.table is not None and p.seat is not None and p.token is not None
        try:
            self.welcome = await self.request(protocol.hello(self.client_name, self.player), "welcome")
            await self.resume(p.table, p.seat, p.token)
        except ServerError as exc:
            if exc.code == "version":  # the server was updated meanwhile: the one line says so
                self._stop(ConnectionLost(exc.message))
            elif exc.code in ("bad-token", "no-table", "bad-seat"):
                self._stop(ConnectionLost(f"the seat could not be taken back: {exc}"))
            await self._close_quietly()
            raise
        self.reconnections += 1
        self.server_gone = False
        self._connected.set()
        self._changed()

    async def _close_quietly(self) -> None:
        if self._ws is not None:
            await self._ws.close()

    def _fail_pending(self, exc: BaseException) -> None:
        if self._pending is not None and not self._pending[1].done():
            self._pending[1].set_exception(exc)

    def _take(self, text: str) -> None:
        """Take one frame in: the picture, the waiting request, the listener."""
        if self.keep_frames:
            self.frames.append(text)
        try:
            message = protocol.decode(text, "server")
        except ProtocolError as exc:
            log.warning("a message the protocol refuses (%s): %.80r", exc, text)
            return
        try:
            error = self._apply(message)
        except Exception:  # a message this client cannot read: logged, the connection kept
            log.exception("cannot take in a %r message", message.get("type"))
            error = None
        pending = self._pending
        if pending is not None and not pending[1].done():
            if error is not None:
                pending[1].set_exception(error)
            elif pending[0](message):
                pending[1].set_result(message)
        elif error is not None:
            self.stray_errors.append(error)
            del self.stray_errors[:-20]
        if self.on_message is not None:
            self.on_message(message)
        self._changed()

    def _apply(self, m: dict[str, Any]) -> ServerError | None:
        """Change the picture by message ``m`` (:meth:`Picture.take`); returns the error it
        carries, if any (a refusal of this client's version by a server of another version,
        in that server's words: the one line of :func:`game.net.protocol.version_line`)."""
        if m.get("type") == "error":
            code, text = str(m.get("code")), str(m.get("message", ""))
            if code == "version" and m.get("v") != protocol.VERSION:
                text = protocol.version_line(m.get("v"), protocol.VERSION)
            return ServerError(code, text)
        self.picture.take(m)
        return None


def error_code(exc: BaseException) -> str:
    """The code of a failed request (a join, a ``mine``...): the server's error code
    (:class:`ServerError`), ``timeout``, or ``no-server`` for a connection that could not be made."""
    code = getattr(exc, "code", None)
    if isinstance(code, str):
        return code
    if isinstance(exc, (TimeoutError, concurrent.futures.TimeoutError)):
        return "timeout"
    return "no-server"


__all__ = ["CLIENT_NAME", "FINAL_CLOSE_CODES", "REQUEST_TIMEOUT", "Client", "ConnectionLost", "Picture",
           "ServerError", "error_code"]
