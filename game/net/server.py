"""The authoritative game server (issue 24; docs/PROTOCOL.md): asyncio and the ``websockets`` library.

:class:`Server` holds any number of tables (:class:`game.net.table.Table`, each a synchronous
:class:`game.match.Match`), keeps them in a :class:`game.net.tablestore.TableStore` (the only
store type it knows; by default SQLite in memory) and restores every unfinished one on
:meth:`Server.start`. Each connection (:class:`game.net.connection.Connection`, re-exported
here) speaks for at most one seat of one table; its messages are checked by
:func:`game.net.protocol.decode` and answered in order, and what goes out is queued
(:data:`MAX_PENDING` messages at most: a client that does not read is closed, and never holds a
table up).

AI seats are played by the server (:class:`game.net.drivers.Drivers`: a task per table, the AI
thinking in a worker thread). Several server processes may share one database
(:class:`game.net.cluster.Relay`, given a :class:`game.net.cluster.Cluster`): a table is held by one
of them, and a client connected to another is forwarded to it. Nothing a client sends can crash the server or leave a
table stuck: every request is answered with its reply or an ``error`` (an unexpected exception
is logged and answered ``server``; the table stays as it was), and a connection earning more than
:data:`game.net.protocol.MAX_ERRORS` errors within a minute is closed.

A person's seat that dropped may be given to an AI by the table's creator (``stand_in``; see
:meth:`game.net.table.Table.give_to_ai`); the server tells every seat (``lobby``) when the seat
drops, when it has been away long enough for that, when an AI takes it and when its person
takes it back with ``resume``.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import ssl
import time
from collections import Counter
from http import HTTPStatus
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..registry import GAMES
from ..registry import get as get_game
from . import protocol as proto
from .clock import ClockRule
from .cluster import Cluster, Relay
from .connection import CREATES_PER_MINUTE, MAX_PENDING, Connection, Link, client_address
from .drivers import Drivers, Reminders
from .minutelog import MinuteLog
from .upkeep import FINISHED_KEEP_S, IDLE_S, Upkeep
from .names import clean_name
from .protocol import OPEN, ProtocolError
from .store import SqliteTableStore
from .table import Table
from .undoask import UNDO_ASK_S
from .tablestore import LeaseLost, StoreError, TableStore, token_hash

#: The path of the health answer (:meth:`Server._http`).
HEALTH_PATH = "/health"

log = logging.getLogger("tatami.net.server")

#: What the server calls itself in ``welcome``.
SERVER_NAME = "tatami 0.1.0"
#: Tables held at most (a ``create`` past it is answered ``busy``).
MAX_TABLES = 10_000
#: Connections one client address may hold at once (a new one past it is closed at once, code
#: :data:`game.net.protocol.CLOSE_TRY_LATER`), and tables created from one address that have not
#: started (a ``create`` past it is answered ``busy``): a flood from one address never stops
#: another from creating a table (issue 33, item 16). Behind a proxy every client has the
#: proxy's address: raise both (``serve --per-address``).
PER_ADDRESS_CONNECTIONS = 64
PER_ADDRESS_WAITING = 16


class Server(Upkeep):
    """The game server: tables, connections, the AI drivers, the store.

    Args:
        store: where tables are kept (default: a :class:`game.net.store.SqliteTableStore` in
            memory, nothing kept); the server closes it in :meth:`stop`.
        allow_setups: accept a ``create`` with a ``setup`` (a record's setup to deal from): the
            test flag, never for players (whoever creates the table would know every hand).
        stand_in_after: seconds a person's seat must have been away before its table's creator
            may give it to an AI (:data:`game.net.protocol.STAND_IN_AFTER`; tests shorten it).
        per_address: how many times :data:`PER_ADDRESS_CONNECTIONS` and
            :data:`PER_ADDRESS_WAITING` one client address may hold (behind a proxy, benchmarks).
        undo_ask_s: seconds the people asked have to answer an undo request
            (:data:`game.net.undoask.UNDO_ASK_S`; tests shorten it).
        cluster: this process among several serving ``store``'s database (a PostgreSQL store
            made with this process's id), or None for a process alone on its store.
        clock: the wall clock of turn-based tables (s; default ``time.time``: tests move theirs).
    Attributes:
        broken: set when the process can no longer serve (others cannot reach it): it stops.
    """

    def __init__(self, store: TableStore | None = None, *, allow_setups: bool = False,
                 stand_in_after: float = proto.STAND_IN_AFTER, per_address: int = 1,
                 undo_ask_s: float = UNDO_ASK_S, cluster: Cluster | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.clock = clock
        self.store: TableStore = store if store is not None else SqliteTableStore()
        self.undo_ask_s = float(undo_ask_s)
        self.allow_setups = allow_setups
        self.stand_in_after = float(stand_in_after)
        self.max_connections = PER_ADDRESS_CONNECTIONS * max(1, per_address)
        self.max_waiting = PER_ADDRESS_WAITING * max(1, per_address)
        #: client address -> its connections now
        self._addresses: Counter[str] = Counter()
        self.reminders = Reminders(lambda table: self.tables.get(table.code) is table)
        self.tables: dict[str, Table] = {}
        self.drivers = Drivers(self._finished, self.lost)
        self.relay = Relay(self, cluster) if cluster is not None else None
        self.broken = asyncio.Event()
        self.minute = MinuteLog()
        self._connections: set[Connection] = set()
        self._server: Any = None
        #: table code -> why its kept rows cannot be replayed (:meth:`restore`)
        self.damaged: dict[str, str] = {}

    # -- life ---------------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0, ssl_context: ssl.SSLContext | None = None) -> str:
        """Restore the unfinished tables, then listen.

        Returns:
            The address clients connect to: ``"ws://HOST:PORT"`` (``wss`` with TLS; the real port
            when ``port`` is 0).
        Raises:
            OSError: the address cannot be bound.
            StoreError: a cluster's database cannot be reached."""
        if self.relay is not None:
            await self.relay.start()
        self.restore()
        self._server = await serve(self._handle, host, port, ssl=ssl_context, max_size=proto.MAX_FRAME,
                                   max_queue=16, process_request=lambda conn, req: health_answer(self, conn, req))
        self.start_upkeep()
        bound = self._server.sockets[0].getsockname()
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        return f"{'wss' if ssl_context else 'ws'}://{shown}:{bound[1]}"

    def restore(self) -> int:
        """Load and replay every unfinished table of the store; returns how many were restored.
        A table that cannot be replayed is logged in one line and left out, its code kept in
        :attr:`damaged`: its seats are answered ``damaged`` (issue 33, item 17), the others served."""
        self.store.forget_old()
        codes = self.relay.cluster.claim_unfinished() if self.relay is not None else self.store.unfinished()
        count = sum(self._replay(code) for code in codes)
        if count:
            log.info("restored %d unfinished table(s)", count)
        return count

    def _replay(self, code: str) -> bool:
        """Replay table ``code`` from the store into memory and start its AI; False (logged, the
        code kept in :attr:`damaged`) when its rows cannot be replayed."""
        try:
            table = Table.restore(self.store.load(code), self.store, self.stand_in_after, self.clock)
        except Exception as exc:
            self.damaged[code] = f"{type(exc).__name__}: {exc}"
            log.warning("table %s cannot be replayed (%s); its seats are told so", code, self.damaged[code])
            log.debug("table %s", code, exc_info=True)
            return False
        self.tables[code] = table
        self.drivers.poke(table)
        return True

    async def adopt(self) -> list[str]:
        """Take every unfinished table a process no longer alive held and replay each here, yielding to the event loop between two (a dead process's hundreds of tables never
        stall the live ones): an AI whose turn it was, or a clock that runs out, goes on with
        nobody connected. Returns their codes."""
        if self.relay is None:
            return []
        codes = [c for c in self.relay.cluster.claim_orphans() if c not in self.tables]
        for code in codes:
            self._replay(code)
            await asyncio.sleep(0)
        if codes:
            log.info("took over %d table(s) of a process that stopped answering", len(codes))
        return codes

    async def stop(self) -> None:
        """Close every connection (code 1001), stop the AI drivers and the store."""
        if self._server is not None:
            self._server.close(close_connections=False)
        if self.relay is not None:
            await self.relay.stop()
        for conn in list(self._connections):
            conn.close(proto.CLOSE_GOING_AWAY, "server stopping")
        self.reminders.cancel()
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 10.0)
            except asyncio.TimeoutError:
                log.warning("connections still open after 10 s")
        await self.drivers.stop()
        await self.stop_upkeep()
        self.store.close()

    # -- connections --------------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = client_address(ws)
        if self._addresses[address] >= self.max_connections:
            await ws.close(proto.CLOSE_TRY_LATER, "too many connections from one address")
            return
        self._addresses[address] += 1
        conn = Connection(ws)
        conn.address = address
        self._connections.add(conn)
        try:
            async for raw in ws:
                if conn.closing:
                    break
                wait = conn.throttle()
                if wait > 0.0:
                    await asyncio.sleep(wait)
                try:
                    message = proto.decode(raw)
                except ProtocolError as exc:
                    conn.error(exc.code, str(exc), exc.version)
                    continue
                if conn.remote is not None and message["type"] not in ("hello", "create", "mine"):
                    self.relay.forward(conn, message)  # type: ignore[union-attr]  # (remote: a relay)
                else:
                    await self.answer(conn, message)
        except ConnectionClosed:
            pass
        finally:
            self._addresses[address] -= 1
            if self._addresses[address] <= 0:
                del self._addresses[address]
            self._connections.discard(conn)
            self.detach(conn)
            if self.relay is not None:
                self.relay.gone(conn)
            await conn.finish()

    async def answer(self, conn: Link, message: dict[str, Any]) -> None:
        """Answer one decoded client message of ``conn`` here: its reply, or an ``error`` (an
        unexpected exception is logged and answered ``server``); a table another process holds
        now leaves memory (:meth:`lost`)."""
        try:
            await self._dispatch(conn, message)
        except ProtocolError as exc:
            conn.error(exc.code, str(exc), exc.version)
        except LeaseLost as exc:  # (its code: a join's table is not the connection's yet)
            log.info("%s; it leaves this process", exc)
            self.lost(exc.code)
            conn.close(proto.CLOSE_MOVED, "the table moved to another server process")
        except Exception:
            log.exception("a request failed")
            conn.error("server", "the server failed on that request (logged)")

    def lost(self, code: str) -> None:
        """Table ``code`` is held by another process now: it leaves memory here, and its seats
        connected here are closed with :data:`game.net.protocol.CLOSE_MOVED` (they resume there)."""
        table = self.tables.pop(code, None)
        self.drivers.forget(code)
        if table is not None:
            for peer in list(table.peers.values()):
                peer.close(proto.CLOSE_MOVED, "the table moved to another server process")
            table.peers.clear()

    def detach(self, conn: Link) -> None:
        """The connection no longer speaks for its seat; the others hear of it (``lobby``)."""
        table, seat = conn.table, conn.seat
        conn.table = conn.seat = None
        if table is not None and seat is not None and table.peers.get(seat) is conn:
            del table.peers[seat]
            if table.kinds[seat] == OPEN:
                table.away_since[seat] = time.monotonic()
            table.check_ask()  # (a person asked to answer an undo request left: it ends)
            table.send_all(table.lobby())
            table.send_undo_changes(cause="flags")
            self.reminders.remind(table)

    async def _dispatch(self, conn: Link, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "hello":
            conn.player = token_hash(msg["player"]) if msg.get("player") else None
            conn.send(proto.message("welcome", server=SERVER_NAME, games=list(GAMES), phrases=list(proto.PHRASES)))
        elif kind == "mine":
            conn.send(proto.message("tables", tables=self.tables_of(conn)))
        elif kind == "create":
            self._create(conn, msg)
        elif kind in ("join", "resume"):
            await self._sit(conn, msg)
        elif kind == "leave":
            self.detach(conn)
            conn.close(1000, "left")
        else:
            table, seat = conn.table, conn.seat
            if table is None or seat is None:
                raise ProtocolError("not-joined", "join or resume a table first")
            if kind == "say":
                if not conn.may_say():
                    raise ProtocolError("rate", "quick phrases too often")
                table.send_all(proto.message("said", seat=seat, phrase=msg["phrase"]))
            elif kind == "stand_in":
                await self._stand_in(table, seat, msg["seat"], msg["level"])
            else:
                await self._play(conn, table, seat, msg)

    def _create(self, conn: Link, msg: dict[str, Any]) -> None:
        if not conn.may_create():
            raise ProtocolError("rate", f"more than {CREATES_PER_MINUTE} tables a minute")
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError("busy", "this server holds as many tables as it may")
        if sum(1 for t in self.tables.values() if t.origin == conn.address and not t.started) >= self.max_waiting:
            raise ProtocolError("busy", f"{self.max_waiting} tables from this address wait for players already")
        name, kinds = msg["game"], msg["seats"]
        if name not in GAMES:
            raise ProtocolError("bad-game", f"no game {name[:32]!r}")
        game = get_game(name)
        if not game.min_seats <= len(kinds) <= game.max_seats or OPEN not in kinds:
            raise ProtocolError("bad-seats", f"{name} takes {game.min_seats} to {game.max_seats} seats, one open")
        names = msg.get("names") or [None] * len(kinds)
        setup = msg.get("setup")
        if len(names) != len(kinds):
            raise ProtocolError("bad-options", f"{len(names)} names for {len(kinds)} seats")
        if setup is not None and not self.allow_setups:
            raise ProtocolError("bad-options", "this server deals its own cards (no setup)")
        code = proto.new_table_code()
        while code in self.tables:
            code = proto.new_table_code()
        try:
            clock = ClockRule.parse(msg["clock"]) if msg.get("clock") is not None else None
            table = Table(code, game, kinds, names, dict(msg.get("options") or {}), secrets.randbelow(1 << 62),
                          self.store, setup, self.stand_in_after, clock=clock, now=self.clock)
        except (TypeError, ValueError) as exc:
            raise ProtocolError("bad-options", f"{type(exc).__name__}: {exc}") from None
        table.origin = conn.address
        self.store.add_table(table.saved())
        if self.relay is None:
            self.tables[code] = table
        else:  # (made, not held: the process its seats reach by its code takes it, docs/SERVER.md)
            self.relay.cluster.release([code])
        conn.send(proto.message("created", table=code))

    def tables_of(self, conn: Link) -> list[dict[str, Any]]:
        """``mine``: the unfinished tables the connection's player took a seat at (at most 1,000,
        the oldest first), each :meth:`game.net.table.Table.summary` of that seat. A table not
        in memory here is replayed from the store for a look (not held: another process may).

        Raises:
            ProtocolError: ``no-player`` (the hello said no player secret)."""
        if conn.player is None:
            raise ProtocolError("no-player", "say a player secret in hello first")
        out = []
        for code, seat in self.store.tables_of(conn.player)[:1000]:
            table = self.tables.get(code)
            if table is None:
                try:
                    table = Table.restore(self.store.load(code), self.store, self.stand_in_after, self.clock)
                except Exception as exc:  # (damaged, or gone meanwhile: not listed)
                    log.info("table %s not listed: %s", code, exc)
                    continue
            out.append(table.summary(seat))
        return out

    def _table(self, text: str, finished_too: bool = False) -> Table:
        """The table of a code as typed: in memory, or replayed from the store (an idle one; with
        ``finished_too`` a finished one too, for :data:`FINISHED_KEEP_S`: a ``resume`` seeing an end).

        Raises:
            ProtocolError: ``no-table``; ``damaged`` (its kept rows cannot be replayed)."""
        code = proto.normalize_code(text)
        if code is None:
            raise ProtocolError("no-table", "no table has that code")
        if code in self.damaged:
            raise ProtocolError("damaged", "this table's kept record is damaged on the server")
        table = self.tables.get(code)
        if table is None:
            try:
                saved = self.store.load(code)
            except KeyError:
                raise ProtocolError("no-table", "no table has that code") from None
            if saved.finished and not finished_too:
                raise ProtocolError("no-table", "that table is not here now")
            if len(self.tables) >= MAX_TABLES:
                raise ProtocolError("busy", "that table is not here now")
            table = self.tables[code] = Table.restore(saved, self.store, self.stand_in_after, self.clock)
            log.info("table %s replayed from the store", code)
            if table.finished:
                self._finished(table)
        table.touched = time.monotonic()
        return table

    async def _sit(self, conn: Link, msg: dict[str, Any]) -> None:
        """``join`` or ``resume``: the connection takes a seat; ``joined``, ``state``, and the
        others' ``lobby`` (and their ``update`` when the table starts now). Forwarded instead
        when another process holds the table (:meth:`game.net.cluster.Relay.route`)."""
        if conn.table is not None:
            raise ProtocolError("bad-seat", "this connection holds a seat already")
        if self.relay is not None and isinstance(conn, Connection) and self.relay.route(conn, msg):
            return
        table = self._table(msg["table"], finished_too=msg["type"] == "resume")
        async with table.lock:
            was_started = table.started
            if msg["type"] == "join":
                seat, token = table.take(clean_name(msg["name"]), msg.get("seat"), conn.player)
            else:
                seat = msg["seat"]
                if msg.get("token") is not None:
                    table.check_token(seat, msg["token"])
                else:  # (no token: the player who took the seat, by the secret its hello said)
                    table.check_player(seat, conn.player)
                try:  # a new token at every resume: the old one stops working (issue 33, item 19)
                    token = table.rotate_token(seat)
                except LeaseLost:
                    raise
                except StoreError as exc:
                    raise ProtocolError("not-kept", f"the seat's new key could not be kept: {exc}") from None
                old = table.peers.pop(seat, None)
                if old is not None and isinstance(old, Link):
                    old.table = old.seat = None
                    old.close(proto.CLOSE_REPLACED, "the seat was taken back by another connection")
                if not table.out_of_time(seat):  # (a seat out of time stays the AI's)
                    table.take_back(seat)  # an AI that played it stops (after its move: we hold the lock)
            conn.table, conn.seat = table, seat
            table.peers[seat] = conn
            table.away_since.pop(seat, None)
            conn.send(proto.message("joined", table=table.code, seat=seat, token=token, game=table.game.name,
                                    seats=table.seat_list()))
            conn.send(table.state_for(seat))
            table.send_all(table.lobby(), but=seat)
            table.send_undo_changes(but=seat)  # ("stand-in": an AI that played the seat stopped)
            if table.started and not was_started:
                table.keep_clock()  # (a turn-based table's first clocks start now)
                conn.send(table.lobby())
                for other, peer in list(table.peers.items()):
                    if other != seat:
                        peer.send(table.update_for(other, "start"))
        self.reminders.remind(table)
        self.drivers.poke(table)

    async def _play(self, conn: Link, table: Table, seat: int, msg: dict[str, Any]) -> None:
        """``act`` or ``undo``: applied, kept, then every seat told (an act's time, from here to
        the last update sent, goes to the minute's log line)."""
        table.touched = time.monotonic()
        began = time.perf_counter()
        async with table.lock:
            try:
                if msg["type"] == "act":
                    table.act(seat, msg["action"], msg["ply"])
                    table.send_updates()
                    self.minute.action((time.perf_counter() - began) * 1000.0)
                elif msg["type"] == "undo":
                    table.undo(seat, msg["ply"])
                    table.send_states(by=seat)
                elif msg["type"] in ("undo-ask", "undo-answer"):
                    ask = table.undo_request(seat, msg, self.undo_ask_s)
                    if ask is not None:  # (a request made: refused when its time is out)
                        asyncio.get_running_loop().call_later(self.undo_ask_s, table.timed_out, ask)
                else:
                    raise ProtocolError("unknown-type", f"{msg['type']} is not for the server")
            except ProtocolError as exc:
                conn.error(exc.code, str(exc))
                if exc.code == "stale":
                    conn.send(table.state_for(seat, "stale"))
                return
        if table.finished:
            self._finished(table)
        self.drivers.poke(table)

    async def _stand_in(self, table: Table, seat: int, other: int, level: str) -> None:
        """``stand_in``: seat ``seat`` (the creator) gives away seat ``other`` to the AI
        ``level``; every seat gets a ``lobby`` and the AI starts.

        Raises:
            ProtocolError: as :meth:`game.net.table.Table.give_to_ai`."""
        async with table.lock:
            table.give_to_ai(seat, other, level, time.monotonic())
            table.send_all(table.lobby())
            table.send_undo_changes()
        self.drivers.poke(table)



def health_answer(server: Server, connection: ServerConnection, request: Any) -> Any:
    """A plain HTTP ``GET /health`` on the game's port (issue 35, item 5: what a proxy checks):
    200 with ``{"tables": n, "connections": n, "forwarded": n}`` of ``server`` (``forwarded``:
    its clients whose table another process holds); None for any other request, which goes on to
    the WebSocket handshake."""
    if request.path != HEALTH_PATH:
        return None
    forwarded = len(server.relay.forwarded) if server.relay is not None else 0
    return connection.respond(HTTPStatus.OK, json.dumps({"tables": len(server.tables), "connections": len(
        server._connections), "forwarded": forwarded}) + "\n")


__all__ = ["FINISHED_KEEP_S", "HEALTH_PATH", "IDLE_S", "MAX_PENDING", "MAX_TABLES", "PER_ADDRESS_CONNECTIONS", "PER_ADDRESS_WAITING",
           "Connection", "Server", "client_address", "health_answer"]
