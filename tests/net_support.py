"""Helpers of the online server's tests: a server on 127.0.0.1 (in this process, or ``python -m game
serve`` as a child process) and a raw WebSocket seat that records every frame it receives.

Timeouts are generous (a loaded 2-core machine): they only bound a hang, nothing asserts on time.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from websockets.asyncio.client import ClientConnection, connect

from game.net import protocol as proto
from game.net.server import Server
from game.net.store import SqliteTableStore
from game.net.tablestore import TableStore

ROOT = Path(__file__).resolve().parent.parent
#: Seconds one expected message may take (bounds a hang only).
WAIT_S = 60.0

#: Every :class:`game.net.tablestore.TableStore` implementation the store tests run against
#: (tests/test_net_store.py's ``store`` fixture), by test id: a new, empty store made in a folder
#: of the test's own (pytest's ``tmp_path``). A new implementation adds its line here.
TABLE_STORES: dict[str, Callable[[Path], TableStore]] = {
    "sqlite-file": lambda folder: SqliteTableStore(folder / "tables.db"),
    "sqlite-memory": lambda folder: SqliteTableStore(":memory:"),
    # a real PostgreSQL on 127.0.0.1, an empty database per store (tests/pg_support.py)
    "postgresql": lambda folder: _postgres_store(),
}


def _postgres_store() -> TableStore:
    from game.net.pgstore import PostgresTableStore
    from pg_support import shared_server

    return PostgresTableStore(shared_server().new_database())


@contextlib.asynccontextmanager
async def running_server(store: TableStore | None = None, **kw: Any) -> AsyncIterator[tuple[Server, str]]:
    """A :class:`Server` listening on 127.0.0.1 (a free port): ``(server, url)``; ``store``
    defaults to the server's own (SQLite in memory), and the server closes it when it stops."""
    server = Server(store, **kw)
    url = await server.start("127.0.0.1", 0)
    try:
        yield server, url
    finally:
        await server.stop()


class ServerThread:
    """A :class:`Server` on its own asyncio loop in a daemon thread, listening on 127.0.0.1 (a free
    port, or ``port``), for tests of the app (whose clients run on threads of their own): :attr:`url`,
    :meth:`run` (a coroutine on the server's loop, its result), :meth:`stop`. ``kw``: the
    server's (``clock``: a :class:`Wall`)."""

    def __init__(self, store: TableStore | None = None, port: int = 0, **kw: Any) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-server", daemon=True)
        self.thread.start()

        async def start() -> tuple[Server, str]:
            server = Server(store, **kw)
            return server, await server.start("127.0.0.1", port)
        self.server, self.url = self.run(start())

    def run(self, coro: Any) -> Any:
        """Run ``coro`` on the server's loop; its result (bounded by :data:`WAIT_S`)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(WAIT_S)

    def stop(self) -> None:
        self.run(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT_S)


def start_serve(db: Path | str, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """``python -m game serve --port 0 --db DB`` as a child process (``db`` a file or a
    ``postgresql://`` URL): ``(process, url)`` once it prints its ``serving`` line."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--db", str(db), *extra], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line.startswith("serving ws://127.0.0.1:"), line
    return proc, line.split(" ", 1)[1]


class Seat:
    """A raw protocol client for one seat: every frame received is kept in :attr:`frames`."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[str] = []
        self.seat: int | None = None
        self.token: str | None = None
        self.table: str | None = None
        self.last: dict[str, Any] = {}  # the last state or update
        self.said: list[tuple[int, str]] = []
        self.lobbies: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, url: str) -> Seat:
        return cls(await connect(url, max_size=None))

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(proto.encode(message))

    async def recv(self) -> dict[str, Any]:
        """The next message (its frame kept); a state or update becomes :attr:`last`."""
        raw = await asyncio.wait_for(self.ws.recv(), WAIT_S)
        assert isinstance(raw, str)
        self.frames.append(raw)
        message = proto.decode(raw, side="server")
        kind = message["type"]
        if kind in ("state", "update"):
            self.last = message
        elif kind == "said":
            self.said.append((message["seat"], message["phrase"]))
        elif kind == "lobby":
            self.lobbies.append(message)
        elif kind == "joined":
            self.seat, self.token, self.table = message["seat"], message["token"], message["table"]
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """Messages until one of type ``kind`` (an ``error`` first fails the test)."""
        while True:
            message = await self.recv()
            if message["type"] == kind:
                return message
            assert message["type"] != "error" or kind == "error", message

    async def until(self, test: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        """Messages until the last state / update passes ``test``; that one."""
        while not test(self.last):
            await self.recv()
        return self.last

    async def create(self, game: str, seats: list[str], **fields: Any) -> str:
        await self.send(proto.create(game, seats, **fields) if "setup" not in fields else
                        proto.message("create", game=game, seats=seats, **fields))
        return str((await self.expect("created"))["table"])

    async def join(self, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
        await self.send(proto.join(table, name, seat))
        await self.expect("joined")
        return await self.expect("state")

    async def resume(self, table: str, seat: int, token: str) -> dict[str, Any]:
        await self.send(proto.resume(table, seat, token))
        await self.expect("joined")
        return await self.expect("state")

    async def play(self, rng: random.Random, until_ply: int | None = None) -> dict[str, Any]:
        """Play random legal actions, one per decision, until the game is over (or the table's
        ply reaches ``until_ply``); returns the last state or update."""
        acted_at: int | None = None  # the ply this seat acted at, until the answer comes
        while True:
            last = self.last
            if last.get("over") or (until_ply is not None and last.get("ply", 0) >= until_ply):
                return last
            if last.get("legal") and acted_at is None:
                acted_at = last["ply"]
                await self.send(proto.act(rng.choice(last["legal"]), last["ply"]))
            message = await self.recv()
            kind = message["type"]
            if kind == "state" or (kind == "update" and acted_at is not None and (
                    message["decision"] > acted_at or self.seat not in message["to_act"])):
                acted_at = None  # the action was taken (a decision after it began, or done with)
            elif kind == "error":
                assert message["code"] in ("stale", "not-your-turn"), message
                acted_at = None

    async def close(self) -> None:
        await self.ws.close()


class Wall:
    """A wall clock a test moves (a server's ``clock``: turn-based tables): ``wall()`` is
    :attr:`now`, in seconds."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def table_of(url: str | list[str], game: str, kinds: list[str], **fields: Any) -> tuple[str, list[Seat]]:
    """A table created and every open seat joined by its own :class:`Seat` (in seat order).
    ``url`` may be several servers' (processes of one database): the table is created at the
    first, and the open seats join at each in turn. ``fields``: the ``create``'s others (a clock)."""
    urls = [url] if isinstance(url, str) else list(url)
    host = await Seat.open(urls[0])
    code = await host.create(game, kinds, **fields)
    await host.close()
    seats = []
    for i, kind in enumerate(kinds):
        if kind == "open":
            seat = await Seat.open(urls[len(seats) % len(urls)])
            await seat.join(code, f"P{i}", i)
            seats.append(seat)
    for seat in seats:  # the earlier seats hear that the table started
        while not seat.last.get("started"):
            await seat.expect("update")
    return code, seats


async def play_all(seats: list[Seat], seed: int = 0, until_ply: int | None = None) -> list[dict[str, Any]]:
    """Every seat plays random legal actions at once until the end (or ``until_ply``)."""
    return list(await asyncio.gather(*(s.play(random.Random(seed * 100 + i), until_ply)
                                       for i, s in enumerate(seats))))


def record_of(frames: list[str]) -> Any:
    """The record of the last over state or update among ``frames``."""
    for raw in reversed(frames):
        message = json.loads(raw)
        if message.get("over"):
            return message["record"]
    return None
