"""Hostile and malformed messages (issue 24 §3): a fuzzer (hypothesis) of random JSON, wrong types
and unknown fields, huge frames, floods and binary frames against a real server on 127.0.0.1 —
every message gets an error (or its answer), the server never crashes, no table gets stuck, and
another table keeps being served and finishes meanwhile."""
from __future__ import annotations

import asyncio
import json
import os
import random
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net import protocol as proto
from game.net.server import Server
from game.registry import get as get_game
from net_support import Seat, play_all, record_of, table_of

WAIT_S = 60.0


class Served:
    """A server running in its own thread's event loop (the fuzzer's clients are synchronous)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.server = Server()
        self.url = ""
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.url = self.loop.run_until_complete(self.server.start("127.0.0.1", 0))
            ready.set()
            self.loop.run_forever()
            self.loop.run_until_complete(self.server.stop())

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(WAIT_S)

    def submit(self, coro: Any) -> Any:
        """Run ``coro`` on the server's loop; its concurrent future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT_S)


async def slow_game(url: str) -> Any:
    """A Kanji-zushi table of two clients and an AI, played with a pause before each action (it
    lasts while the fuzzer runs); returns the record."""
    code, seats = await table_of(url, "kanji-zushi", ["open", "easy", "open"])
    rng = random.Random(5)

    async def play(seat: Seat) -> None:
        while not seat.last.get("over"):
            if seat.last.get("legal"):
                await asyncio.sleep(0.05)
                await seat.send(proto.act(rng.choice(seat.last["legal"]), seat.last["ply"]))
                ply = seat.last["ply"]
                while seat.last["ply"] == ply and not seat.last.get("over"):
                    message = await seat.recv()
                    assert message["type"] != "error", message
            else:
                await seat.recv()

    await asyncio.gather(*(play(s) for s in seats))
    record = record_of(seats[0].frames)
    for s in seats:
        await s.close()
    return record


@pytest.fixture(scope="module")
def served():
    s = Served()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def target(served):
    """A KAITO table of two open seats the fuzzer speaks to: ``(code, tokens)``."""
    async def make():
        code, seats = await table_of(served.url, "kaito", ["open", "open"])
        tokens = [(s.seat, s.token) for s in seats]
        for s in seats:
            await s.close()
        return code, tokens
    return served.submit(make()).result(WAIT_S)


def answers(url: str, frames: list[Any], first: list[dict[str, Any]] = (), closed: bool = False) -> list[Any]:
    """Send ``first`` (well-formed) then ``frames`` on one connection; every server message read
    until each frame is answered or the connection is closed (with ``closed``, until it is: the
    close code ends the list). Every message must be a valid server message."""
    got: list[Any] = []
    with connect(url, max_size=None, open_timeout=WAIT_S) as ws:
        try:
            for message in first:
                ws.send(proto.encode(message))
                got.append(proto.decode(ws.recv(timeout=WAIT_S), side="server"))
                if message["type"] in ("join", "resume"):
                    got.append(proto.decode(ws.recv(timeout=WAIT_S), side="server"))  # the state
            for frame in frames:
                ws.send(frame)
                while True:
                    reply = proto.decode(ws.recv(timeout=WAIT_S), side="server")
                    got.append(reply)
                    if reply["type"] not in ("lobby", "update", "said", "state") or reply.get("type") == "state":
                        break
            while closed:
                got.append(proto.decode(ws.recv(timeout=WAIT_S), side="server"))
        except ConnectionClosed as exc:
            got.append(exc.rcvd.code if exc.rcvd else None)
    return got


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                    | st.text(max_size=30), lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=5), max_leaves=15)
FIELDS = sorted({f for fields in proto.CLIENT_FIELDS.values() for f in fields} | {"v", "type", "seat", "x"})
MESSAGES = st.builds(lambda kind, extra: {"v": proto.VERSION, "type": kind, **extra},
                     st.sampled_from(sorted(proto.CLIENT_FIELDS) + sorted(proto.SERVER_FIELDS) + ["", "zz"]),
                     st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
FRAMES = (MESSAGES.map(json.dumps) | JSON.map(lambda v: json.dumps(v)) | st.text(max_size=200)
          | st.binary(max_size=200))


@settings(max_examples=int(os.environ.get("NET_FUZZ_EXAMPLES", "120")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(frames=st.lists(FRAMES, min_size=1, max_size=4), seat=st.sampled_from([None, 0, 1]))
def test_fuzzed_messages_get_errors_never_a_crash(served, target, frames, seat):
    code, tokens = target
    first = [proto.resume(code, tokens[seat][0], tokens[seat][1])] if seat is not None else []
    got = answers(served.url, frames, first)
    assert got, "no answer"
    if seat is not None:  # every resume gives the seat a new token (issue 33, item 19): keep it
        assert got[0]["type"] == "joined", got[0]
        tokens[seat] = (seat, got[0]["token"])
    for reply in got:
        assert isinstance(reply, int) or reply["type"] != "error" or reply["code"] in proto.ERRORS
        assert isinstance(reply, int) or reply.get("code") != "server", reply  # no unexpected failure


def test_hostile_traffic_while_another_table_plays(served, target):
    """Huge frames, a flood of errors, binary junk and non-UTF-8 bytes: each connection is
    answered or closed with its code; meanwhile a table of other clients plays to its end, and
    the fuzzed table can still be played to its end by its seats."""
    game = served.submit(slow_game(served.url))
    # a frame over 16 KiB: closed with 1009
    assert answers(served.url, ["x" * (proto.MAX_FRAME + 1)])[-1] == proto.CLOSE_TOO_BIG
    assert answers(served.url, [b"\xff\xfe" * 100])[0]["code"] == "malformed"
    # a flood of malformed messages: errors, then the connection closed (1008)
    flood = answers(served.url, ["{}"] * 40)
    assert flood[-1] == proto.CLOSE_POLICY and sum(isinstance(r, dict) for r in flood) >= proto.MAX_ERRORS
    # a wrong version: error version (in the version the client speaks, so that it reads it), closed
    got = answers(served.url, [json.dumps({"v": proto.VERSION - 1, "type": "hello", "client": "x"})], closed=True)
    assert got[0]["code"] == "version" and got[-1] == proto.CLOSE_POLICY
    # creating tables without end is refused after a while
    got = answers(served.url, [proto.encode(proto.create("kaito", ["open", "easy"]))] * 12)
    assert [r["type"] if isinstance(r, dict) else r for r in got][-2:] == ["error", "error"]
    assert got[-1]["code"] == "rate"
    # the other table finished, and its record is legal
    record = game.result(300)
    assert get_game("kanji-zushi").from_record(record).is_over()
    # the fuzzed table is not stuck: its two seats take it back and finish it
    code, tokens = target

    async def finish():
        seats = []
        for seat, token in tokens:
            s = await Seat.open(served.url)
            await s.resume(code, seat, token)
            seats.append(s)
        await play_all(seats, seed=9)
        for s in seats:
            await s.close()
        return record_of(seats[0].frames)
    assert get_game("kaito").from_record(served.submit(finish()).result(300)).is_over()
    with connect(served.url, open_timeout=WAIT_S) as ws:
        ws.send(proto.encode(proto.hello("after")))
        assert json.loads(ws.recv(timeout=WAIT_S))["type"] == "welcome"
