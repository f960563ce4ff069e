"""Several server processes on one database, any of them serving any table (issue 35, item 2;
docs/SERVER.md "Several processes"). Headless: what the server does with a :class:`Cluster`
(:class:`game.net.pgcluster.PostgresCluster` is the one there is), whatever carries its messages.

One process at a time holds a table (its :class:`game.net.table.Table` in memory: it applies the
table's actions, runs its AI and its timers, and is the only one whose writes the store takes). A
client may connect to any process:

- ``hello`` and ``create`` are answered where the client is (a table created is held there).
- ``join`` and ``resume`` of a table that no live process holds take it (replayed from the store,
  as after a restart). One another live process holds is **forwarded**: the client's
  :class:`~game.net.connection.Connection` here gets that process's id as ``remote`` and every
  message it sends from then on goes there; the holder answers through an :class:`Envoy`, which
  stands for the client among the table's seats as a connection would, and whose messages come
  back here to be sent.
- The messages between processes are JSON objects with ``k``: ``"msg"`` (a client's message
  to the holder: ``from``, ``conn``, ``address``, ``player``, ``msg``), ``"gone"`` (that client left:
  ``from``, ``conn``), ``"out"`` (a message for the client: ``conn``, ``text``, its wire text,
  sent as it is) and ``"close"``
  (close the client: ``conn``, ``code``, ``reason``).
- **A process dies** (killed, or hung past the lease): at the next heartbeat of each other process
  (``beat_s``), the clients forwarded to it are closed with
  :data:`game.net.protocol.CLOSE_MOVED`, and its envoys leave their tables. The clients resume
  (through the same public address, a proxy in front) and the process they reach takes the
  table from the store: every action kept before it was told, so nothing told is lost.
- **A process loses a table** (it hung past the lease and another took it): its next write is
  refused (:class:`game.net.tablestore.LeaseLost`); the table leaves its memory and its seats
  are closed with ``CLOSE_MOVED``, to resume at the holder.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Any, Callable, Mapping, Protocol

from . import protocol as proto
from .connection import Connection, Link
from .table import Table
from .tablestore import StoreError

log = logging.getLogger("tatami.net.cluster")


class Cluster(Protocol):
    """This process among the processes serving one database (see the module doc).

    Attributes:
        me: this process's id.
        failed: set when other processes can no longer reach this one (the process should stop).
        beat_s: seconds between two heartbeats.
        lease_s: seconds after its last heartbeat a process is taken for dead.
    """

    me: str
    failed: asyncio.Event
    beat_s: float
    lease_s: float

    async def start(self, deliver: Callable[[dict[str, Any]], None]) -> None:
        """Join; each message another process sends here is then given to ``deliver``, in order.
        Raises StoreError."""
        ...

    async def stop(self) -> None:
        """Send what is queued and leave (the others take this process's tables)."""
        ...

    def claim(self, code: str) -> str | None:
        """Take table ``code`` unless a live process holds it: None (held here now, or no such
        table), else the holder's id. Raises StoreError."""
        ...

    def claim_unfinished(self) -> list[str]:
        """Take every unfinished table no live process holds; their codes, oldest first. Raises
        StoreError."""
        ...

    def claim_orphans(self) -> list[str]:
        """Take every unfinished table a process no longer alive held; their codes. Raises
        StoreError."""
        ...

    def release(self, codes: list[str]) -> None:
        """Give up tables ``codes`` (they left memory here)."""
        ...

    def held(self) -> set[str]:
        """The codes of the tables held here. Raises StoreError."""
        ...

    async def beat(self) -> tuple[set[str], float, bool]:
        """A heartbeat: ``(live process ids, seconds since the previous one, whether a dead
        process still holds tables)``. Raises StoreError."""
        ...

    def post(self, process: str, payload: dict[str, Any]) -> None:
        """Queue ``payload`` for process ``process`` (sent in order)."""
        ...


class Server(Protocol):
    """What the relay needs of its process's server (:class:`game.net.server.Server`)."""

    broken: asyncio.Event

    @property
    def tables(self) -> Mapping[str, Table]:
        """The tables held here, by code."""
        ...

    async def answer(self, conn: Link, message: dict[str, Any]) -> None:
        """Answer one client message here (its reply or an ``error``)."""
        ...

    def detach(self, conn: Link) -> None:
        """The client no longer speaks for its seat."""
        ...

    def lost(self, code: str) -> None:
        """Table ``code`` is held by another process now: it leaves memory here."""
        ...

    async def adopt(self) -> list[str]:
        """Take and replay the unfinished tables no live process holds."""
        ...


class Envoy(Link):
    """A client connected to another process, as the process holding its table sees it: it
    sits at a seat as a :class:`~game.net.connection.Connection` does; what it is sent goes back
    to that process. Its messages are answered one at a time, in order.

    Args:
        relay: this process's relay.
        process: the id of the process the client is connected to.
        number: the client's number there.
        address: the client's IP address.
    """

    def __init__(self, relay: Relay, process: str, number: int, address: str) -> None:
        super().__init__()
        self.relay, self.process, self.number, self.address = relay, process, number, address
        self._inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._task = asyncio.create_task(self._run())

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the client (through its process), as its wire text: encoded once,
        here (a table's messages carry their text already: :func:`game.net.protocol.encode`)."""
        if not self.closing:
            self.relay.cluster.post(self.process, {"k": "out", "conn": self.number, "text": proto.encode(message)})

    def close(self, code: int, reason: str) -> None:
        """Close the client (its process sends what is queued first)."""
        if not self.closing:
            self.closing = True
            self.relay.cluster.post(self.process, {"k": "close", "conn": self.number, "code": code, "reason": reason})

    def take(self, message: dict[str, Any] | None) -> None:
        """A message from the client to answer (None: the client left)."""
        self._inbox.put_nowait(message)

    async def _run(self) -> None:
        try:
            while True:
                message = await self._inbox.get()
                if message is None:
                    break
                if not self.closing:
                    await self.relay.server.answer(self, message)
        finally:
            self.relay.server.detach(self)
            self.relay.envoys.pop((self.process, self.number), None)


class Relay:
    """This process's side of the cluster: forwards the messages of its clients whose table
    another process holds, answers those of other processes' clients at the tables held here,
    and beats (see the module doc).

    Args:
        server: this process's server.
        cluster: this process in the cluster.
    """

    def __init__(self, server: Server, cluster: Cluster) -> None:
        self.server, self.cluster = server, cluster
        #: client number here -> its connection, for the clients forwarded to another process
        self.forwarded: dict[int, Connection] = {}
        self._numbers: dict[Connection, int] = {}
        self._count = itertools.count(1)
        #: (process, client number there) -> the envoy of that client at a table held here
        self.envoys: dict[tuple[str, int], Envoy] = {}
        self._beats: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Join the cluster and start beating. Raises StoreError."""
        await self.cluster.start(self.deliver)
        self._beats = asyncio.create_task(self._beat_every())

    async def stop(self) -> None:
        """Close the envoys' clients (to resume at another process) and leave the cluster (the
        others take this process's tables)."""
        for envoy in list(self.envoys.values()):
            envoy.close(proto.CLOSE_MOVED, "this server process is stopping")
        if self._beats is not None:
            self._beats.cancel()
            await asyncio.gather(self._beats, return_exceptions=True)
        await self.cluster.stop()

    # -- clients here, tables elsewhere ------------------------------------------------------------------
    def route(self, conn: Connection, message: dict[str, Any]) -> bool:
        """A ``join`` or ``resume`` on ``conn``: True when another live process holds its table
        (the message went there, and so will the connection's next ones); False to answer it here.

        Raises:
            StoreError: the database failed."""
        code = proto.normalize_code(message["table"])
        if code is None or code in self.server.tables:
            return False
        holder = self.cluster.claim(code)
        if holder is None:
            return False
        number = next(self._count)
        conn.remote = holder
        self.forwarded[number] = conn
        self._numbers[conn] = number
        self.forward(conn, message)
        return True

    def forward(self, conn: Connection, message: dict[str, Any]) -> None:
        """Send a message of ``conn`` (forwarded) to the process holding its table."""
        number = self._numbers.get(conn)
        if conn.remote is not None and number is not None:
            self.cluster.post(conn.remote, {"k": "msg", "from": self.cluster.me, "conn": number,
                                            "address": conn.address, "player": conn.player, "msg": message})

    def gone(self, conn: Connection) -> None:
        """``conn`` closed: the process holding its table hears of it."""
        number = self._numbers.pop(conn, None)
        if number is None:
            return
        self.forwarded.pop(number, None)
        if conn.remote is not None:
            self.cluster.post(conn.remote, {"k": "gone", "from": self.cluster.me, "conn": number})

    # -- messages from other processes ---------------------------------------------------------------------
    def deliver(self, payload: dict[str, Any]) -> None:
        """One message from another process (see the module doc); a malformed one is logged."""
        try:
            kind = payload["k"]
            if kind in ("msg", "gone"):
                key = (str(payload["from"]), int(payload["conn"]))
                envoy = self.envoys.get(key)
                if kind == "gone":
                    if envoy is not None:
                        envoy.take(None)
                    return
                if envoy is None:
                    envoy = self.envoys[key] = Envoy(self, key[0], key[1], str(payload.get("address", "")))
                    player = payload.get("player")
                    envoy.player = str(player) if player is not None else None
                envoy.take(dict(payload["msg"]))
            elif kind in ("out", "close"):
                conn = self.forwarded.get(int(payload["conn"]))
                if conn is None:
                    return
                if kind == "out":
                    conn.send_text(str(payload["text"]))
                else:
                    conn.close(int(payload["code"]), str(payload["reason"]))
            else:
                raise ValueError(f"kind {kind!r}")
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("a message from another process is malformed (%s: %s)", type(exc).__name__, exc)

    # -- heartbeats ------------------------------------------------------------------------------------------
    async def _beat_every(self) -> None:
        while True:
            await asyncio.sleep(self.cluster.beat_s)
            if self.cluster.failed.is_set():
                self.server.broken.set()
                return
            try:
                alive, gap, orphans = await self.cluster.beat()
                self.check(alive)
                if orphans:  # (a process died or left: its tables nobody came back to come here)
                    await self.server.adopt()
                if gap > self.cluster.lease_s:  # (this process hung: others may hold some of its tables now)
                    held = self.cluster.held()
                    for code in [c for c in self.server.tables if c not in held]:
                        self.server.lost(code)
            except StoreError as exc:
                log.warning("heartbeat failed: %s", exc)

    def check(self, alive: set[str]) -> None:
        """Given the live processes: close the clients forwarded to a dead one (they resume and
        take its tables) and end the envoys of a dead one's clients."""
        for conn in list(self.forwarded.values()):
            if conn.remote not in alive:
                conn.close(proto.CLOSE_MOVED, "the table's server process stopped; resume")
        for (process, _), envoy in list(self.envoys.items()):
            if process not in alive:
                envoy.take(None)


__all__ = ["Cluster", "Envoy", "Relay", "Server"]
