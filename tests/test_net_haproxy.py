"""The public address in front of several server processes (issue 35, items 2 and 5): HAProxy with
the repository's own deploy/haproxy.cfg, two ``python -m game serve --db postgresql://...``
processes on one real PostgreSQL behind it, everything on 127.0.0.1.

Whole games of the three games played by bot clients (game/net/botclient.py) connected through the
proxy, each seat to its table's address, so that every seat of a table meets at one process (none
forwarded: the processes' health answers say so); in the middle of every game the process holding
the most tables is killed (SIGKILL). Every seat takes its seat back through the proxy, every game goes
on to its end, and every seat's record is the same and replays through the rules.

Without HAProxy's program the test is skipped outside CI with a line saying what to install;
``.ci/run`` installs it.
"""
from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
from typing import Any

import pytest

from game.ai import make_bot
from game.net import botclient
from game.net.client import Client
from game.registry import get as get_game
from haproxy_support import health, proxy
from net_support import start_serve

pytest.importorskip("psycopg")
from pg_support import shared_server  # noqa: E402
#: Decisions each bot makes before it waits for the kill.
BEFORE_KILL = 3


class GatedBot:
    """An AI level's bot that, at its :data:`BEFORE_KILL`-th decision, says so (``waiting``, its
    table's) and waits for ``gate`` (its table stops there: the others wait for it)."""

    def __init__(self, inner: Any, gate: threading.Event, waiting: threading.Event) -> None:
        self.inner, self.gate, self.waiting, self.count = inner, gate, waiting, 0

    def choose(self, view: Any) -> Any:
        self.count += 1
        if self.count == BEFORE_KILL:
            self.waiting.set()
            assert self.gate.wait(300)
        return self.inner.choose(view)


async def seat(url: str, argv: list[str], gate: threading.Event, waiting: threading.Event,
               code: asyncio.Future[str] | None = None) -> tuple[dict[str, Any], int]:
    """One bot client through ``url``: takes its seat (``--game`` resolves ``code``), plays to
    the end; its record and how many times it took its seat back."""
    args = botclient.parse([url, *argv, "--level", "easy"])
    client = Client(url, reconnect_for=120.0)
    try:
        picture = await botclient.take_seat(client, args, lambda line: None)
        if code is not None:
            code.set_result(str(picture.table))
        assert picture.game is not None
        bot = GatedBot(make_bot(picture.game, "easy", random.Random(picture.seat)), gate, waiting)
        record = await botclient.play_seat(client, bot, 300.0)
        return record, client.reconnections
    finally:
        await client.close()


GAMES = [("kaito", 2), ("sushi-draft", 3), ("kanji-zushi", 2)]


def test_games_go_on_through_the_proxy_when_a_process_is_killed():
    db = shared_server().new_database()
    started = [start_serve(db) for _ in range(2)]  # (in turn: the first applies the migrations)
    procs = [proc for proc, _ in started]
    try:
        addresses = [url.removeprefix("ws://") for _, url in started]
        with proxy(addresses) as url:
            gate = threading.Event()
            waiting = [threading.Event() for _ in GAMES]  # a bot of the table waits at the gate

            async def games() -> list[list[tuple[dict[str, Any], int]]]:
                tasks: list[list[asyncio.Task[tuple[dict[str, Any], int]]]] = []
                for (game, count), held in zip(GAMES, waiting):
                    made: asyncio.Future[str] = asyncio.get_running_loop().create_future()
                    first = asyncio.create_task(seat(url, ["--game", game, "--seats", str(count)], gate, held, made))
                    code = await asyncio.wait_for(made, 60)
                    tasks.append([first, *(asyncio.create_task(seat(url, ["--join", code], gate, held))
                                           for _ in range(count - 1))])
                for held in waiting:  # every table is in the middle of its game
                    assert await asyncio.to_thread(held.wait, 120)
                spread = [health(a) for a in addresses]
                assert all(h is not None for h in spread), spread
                # every seat connected to its table's address: the proxy sent it where the others are
                assert sum(h["connections"] for h in spread) == sum(n for _, n in GAMES), spread
                assert sum(h["forwarded"] for h in spread) == 0, spread
                victim = _holder_of_most(db)
                os.kill(procs[victim].pid, signal.SIGKILL)
                procs[victim].wait(30)
                gate.set()
                return [list(await asyncio.gather(*t)) for t in tasks]

            results = asyncio.run(asyncio.wait_for(games(), 600))
        assert sum(n for seats in results for _, n in seats) >= 1  # (the victim's seats came back)
        for (game, count), seats in zip(GAMES, results):
            records = [record for record, _ in seats]
            assert len(records) == count and all(r == records[0] for r in records), game
            state = get_game(game).from_record(records[0])
            assert state.is_over() and len(state.history) > BEFORE_KILL
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)


def _holder_of_most(db: str) -> int:
    """Which of the two processes (0 or 1, in start order) holds the most tables now."""
    import psycopg

    with psycopg.connect(db) as conn:
        rows = conn.execute("SELECT o.process, count(*) FROM owners o JOIN processes p ON p.id = o.process "
                            "GROUP BY o.process ORDER BY min(p.started)").fetchall()
        order = [r[0] for r in conn.execute("SELECT id FROM processes ORDER BY started").fetchall()]
    counts = dict(rows)
    return max(range(len(order)), key=lambda i: counts.get(order[i], 0))
