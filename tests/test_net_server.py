"""The online game server (issue 24 §1, §3; docs/PROTOCOL.md): a real server on 127.0.0.1 and real
WebSocket clients — whole games, only your seat, per-seat information, undo, quick phrases and the
lobby, tables kept and restored."""
from __future__ import annotations

import asyncio
import json
import random
import shutil
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol as proto
from game.net.store import Store
from game.net.table import Table
from game.registry import get as get_game
from net_support import Seat, play_all, record_of, running_server, table_of


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 300))


def legal_record(record):
    """The record replays through the rules to a finished game; its outcome."""
    state = get_game(record["game"]).from_record(record)
    assert state.is_over()
    return state.outcome()


@pytest.mark.parametrize("game,kinds", [
    ("kaito", ["open", "easy"]),
    ("kaito", ["open", "open"]),
    ("sushi-draft", ["open", "open", "easy"]),
    ("kanji-zushi", ["open", "easy", "open", "open"]),
])
def test_whole_game(game, kinds):
    async def main():
        async with running_server() as (server, url):
            code, seats = await table_of(url, game, kinds)
            lasts = await play_all(seats, seed=len(kinds))
            records = [record_of(s.frames) for s in seats]
            assert all(r == records[0] for r in records)  # every seat gets the same record
            outcome = legal_record(records[0])
            for last in lasts:
                assert last["over"] and last["outcome"]["winners"] == list(outcome.winners)
                assert last["outcome"]["scores"] == list(outcome.scores)
            assert server.tables[code].finished
            for s in seats:
                await s.close()
    run(main())


def test_only_your_seat():
    async def main():
        async with running_server() as (server, url):
            code, (a, b) = await table_of(url, "kaito", ["open", "open"])
            stranger = await Seat.open(url)
            await stranger.send(proto.act("a1", 0))
            assert (await stranger.expect("error"))["code"] == "not-joined"
            await stranger.send(proto.resume(code, 0, "x" * 32))
            assert (await stranger.expect("error"))["code"] == "bad-token"
            await stranger.send(proto.resume(code, 1, a.token))  # seat 0's token for seat 1
            assert (await stranger.expect("error"))["code"] == "bad-token"
            await stranger.send(proto.resume(code, 7, a.token))
            assert (await stranger.expect("error"))["code"] == "bad-seat"
            await stranger.send(proto.join("ZZZZZ-ZZZZZ", "Eve"))
            assert (await stranger.expect("error"))["code"] == "no-table"
            await stranger.send(proto.join(code, "Eve"))
            assert (await stranger.expect("error"))["code"] == "table-full"
            # the seat not to act cannot act, with its own legal-looking action or any
            mover = a if a.last["legal"] else b
            waiter = b if mover is a else a
            ply = mover.last["ply"]
            await waiter.send(proto.act(mover.last["legal"][0], ply))
            assert (await waiter.expect("error"))["code"] == "not-your-turn"
            await mover.send(proto.act("not-an-action", ply))
            error = await mover.expect("error")
            assert error["code"] == "illegal" and error["message"]
            await mover.send(proto.act(mover.last["legal"][0], ply + 5))
            assert (await mover.expect("error"))["code"] == "stale"
            assert (await mover.expect("state"))["ply"] == ply  # a stale client is resynced
            assert server.tables[code].match.ply == ply  # nothing applied
            await mover.send(proto.act(mover.last["legal"][0], ply))
            assert (await mover.expect("update"))["ply"] == ply + 1
            assert (await waiter.expect("update"))["ply"] == ply + 1
            for s in (a, b, stranger):
                await s.close()
    run(main())


def _views_along(game, setup, history):
    """The state after each ply of ``history`` replayed from ``setup``: ply -> state."""
    state = game.state_from_setup(setup)
    states = {0: state.clone()}
    for ply, (seat, action) in enumerate(history, 1):
        state.apply(seat, action)
        states[ply] = state.clone()
    return states


@pytest.mark.parametrize("game,kinds", [("sushi-draft", ["open", "open", "open"]),
                                        ("kanji-zushi", ["open", "easy", "open"])])
def test_each_seat_hears_only_its_own(game, kinds):
    """Every view a seat receives is that seat's view at that ply (view_to_json of the rules'
    own view, rebuilt from the finished game), and the events it receives, put end to end, are
    exactly ``events_for(seat)``: never another seat's hand, chips or draw; no record before the end."""
    async def main():
        async with running_server() as (server, url):
            code, seats = await table_of(url, game, kinds)
            await play_all(seats, seed=7)
            match = server.tables[code].match
            rules = match.game
            setup = match.record()["setup"]
            states = _views_along(rules, setup, match.state.history)
            for s in seats:
                told = []
                for raw in s.frames:
                    m = json.loads(raw)
                    if m["type"] == "state":
                        told = list(m["events"])
                    if m["type"] == "update":
                        told.extend(m["events"])
                    if m["type"] in ("state", "update"):
                        assert m["view"] == rules.view_to_json(states[m["ply"]].view(s.seat))
                        assert ("record" in m) == m["over"]
                        assert m["event_count"] == len(told)
                        assert json.dumps(setup["neta" if game == "kanji-zushi" else "deals"]) not in raw \
                            or m["over"]
                assert told == [e.to_dict() for e in match.events_for(s.seat)]
                await s.close()
    run(main())


def test_undo_as_in_hot_seat():
    async def main():
        store = Store()
        async with running_server(store) as (server, url):
            code, (a,) = await table_of(url, "kaito", ["open", "easy"])
            rng = random.Random(3)
            # play until seat 0 has acted and the AI answered
            while True:
                if a.last["legal"]:
                    ply = a.last["ply"]
                    await a.send(proto.act(rng.choice(a.last["legal"]), ply))
                    while not (a.last["ply"] >= ply + 2 or a.last["over"]):
                        await a.expect("update")
                    break
                await a.expect("update")
            before = a.last["ply"]
            await a.send(proto.undo(before))
            state = await a.expect("state")
            assert state["ply"] == ply and state["legal"]
            table = server.tables[code]
            assert table.match.ply == ply
            assert state["events"] == [e.to_dict() for e in table.match.events_for(0)]
            # nothing left to take back now
            await a.send(proto.undo(ply))
            assert (await a.expect("error"))["code"] == "undo"
            # the store replays the undo
            restored = Table.restore(store.load(code), store)
            assert restored.match.state.history == table.match.state.history
            await a.close()

            # two people: never past the other person's action
            code, (p0, p1) = await table_of(url, "kaito", ["open", "open"])
            first = p0 if p0.last["legal"] else p1
            second = p1 if first is p0 else p0
            await first.send(proto.act(first.last["legal"][0], first.last["ply"]))
            await first.expect("update")
            await second.expect("update")
            await second.send(proto.undo(second.last["ply"]))
            assert (await second.expect("error"))["code"] == "undo"  # second has not acted
            await second.send(proto.act(second.last["legal"][0], second.last["ply"]))
            await second.expect("update")
            await first.expect("update")
            await first.send(proto.undo(first.last["ply"]))
            assert (await first.expect("error"))["code"] == "undo"  # the other acted since
            await second.send(proto.undo(second.last["ply"]))
            assert (await second.expect("state"))["ply"] == 1
            assert (await first.expect("state"))["ply"] == 1
            for s in (p0, p1):
                await s.close()
    run(main())


def test_lobby_said_resume():
    async def main():
        async with running_server() as (server, url):
            host = await Seat.open(url)
            await host.send(proto.hello("test"))
            welcome = await host.expect("welcome")
            assert "kaito" in welcome["games"] and welcome["phrases"] == list(proto.PHRASES)
            code = await host.create("sushi-draft", ["open", "easy", "open"], names=[None, "Robo", None])
            a = await Seat.open(url)
            state = await a.join(proto.shown_code(code).lower(), "Ana")
            assert state["seat"] == 0 and not state["started"] and state["legal"] == [] and state["to_act"] == []
            b = await Seat.open(url)
            state = await b.join(code, "Ben")
            assert state["started"] and state["legal"]
            lobby = await a.expect("lobby")
            assert lobby["started"] and [s["kind"] for s in lobby["seats"]] == ["person", "easy", "person"]
            assert [s["name"] for s in lobby["seats"]] == ["Ana", "Robo", "Ben"]
            assert (await a.expect("update"))["legal"]  # the game starts for Ana too
            await a.send(proto.say("good-game"))
            assert (await a.expect("said"))["phrase"] == "good-game"
            assert (await b.expect("said")) == {"v": proto.VERSION, "type": "said", "seat": 0, "phrase": "good-game"}
            await a.send({"v": proto.VERSION, "type": "say", "phrase": "free text"})
            assert (await a.expect("error"))["code"] == "malformed"
            # Ana drops: Ben reads it; Ana comes back with her token
            token = a.token
            await a.close()
            lobby = await b.expect("lobby")
            assert [s["connected"] for s in lobby["seats"]] == [False, True, True]
            a2 = await Seat.open(url)
            state = await a2.resume(code, 0, token)
            assert state["seat"] == 0 and state["legal"]
            assert [s["connected"] for s in (await b.expect("lobby"))["seats"]] == [True, True, True]
            # a second connection with the seat's token (the newest: each resume gives one) takes
            # the seat over; the first is closed
            assert a2.token != token
            a3 = await Seat.open(url)
            await a3.resume(code, 0, a2.token)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await a2.recv()
            assert closed.value.rcvd.code == proto.CLOSE_REPLACED
            await a3.send(proto.leave())
            with pytest.raises(ConnectionClosed):
                while True:
                    await a3.recv()
            for s in (host, b):
                await s.close()
    run(main())


def test_restart_from_the_store(tmp_path):
    """A server started again on the same database has every unfinished table where it was; the
    seats resume with their tokens and finish; a finished table is not restored."""
    db = tmp_path / "tables.db"

    async def first():
        async with running_server(Store(db)) as (server, url):
            code, seats = await table_of(url, "sushi-draft", ["open", "easy", "open"])
            await play_all(seats, seed=2, until_ply=12)
            done, others = await table_of(url, "kaito", ["open", "easy"])
            await play_all(others)
            history = list(server.tables[code].match.state.history)
            return code, [(s.seat, s.token) for s in seats], history, done

    code, tokens, history, done = run(first())

    async def second():
        async with running_server(Store(db)) as (server, url):
            assert code in server.tables and done not in server.tables
            assert server.tables[code].match.state.history[:len(history)] == history
            seats = []
            for seat, token in tokens:
                s = await Seat.open(url)
                await s.resume(code, seat, token)
                seats.append(s)
            await play_all(seats, seed=3)
            legal_record(record_of(seats[0].frames))
            for s in seats:
                await s.close()
    run(second())


def test_a_server_process_collects_cycles_seldom():
    """``tune_gc`` (called by ``python -m game serve`` before it serves) keeps the start's objects
    out of every collection and sets the server's thresholds; in a process of its own, since it
    changes the whole interpreter."""
    code = ("import gc, json\nfrom game.net.serve import GC_THRESHOLDS, tune_gc\n"
            "before = gc.get_threshold()\ntune_gc()\n"
            "print(json.dumps([before, gc.get_threshold(), GC_THRESHOLDS, gc.get_freeze_count()]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    before, after, wanted, frozen = json.loads(out.stdout)
    assert after == wanted != before
    assert frozen > 1000  # the modules' objects, at least


class _BlockedBot:
    """An AI that thinks until the test lets it go (a stand-in for a long search)."""

    def __init__(self, release):
        self.release = release
        self.started = threading.Event()

    def choose(self, view):
        self.started.set()
        assert self.release.wait(120), "never released"
        return sorted(view.legal_actions)[0]


def test_one_tables_ai_never_stalls_another():
    """While an AI of one table thinks (here: blocked in its worker thread), another table plays a
    whole game; then the first goes on."""
    release = threading.Event()

    async def main():
        async with running_server() as (server, url):
            host = await Seat.open(url)
            slow = await host.create("kaito", ["open", "easy"])
            bot = _BlockedBot(release)
            server.tables[slow].match.bots[1] = bot  # KAITO: seat 1 places the Kaito first
            a = await Seat.open(url)
            await a.join(slow, "Ana")
            assert await asyncio.to_thread(bot.started.wait, 120)
            code, seats = await table_of(url, "sushi-draft", ["open", "open"])
            await play_all(seats, seed=4)
            assert server.tables[code].finished and server.tables[slow].match.ply == 0
            release.set()
            assert (await a.expect("update"))["ply"] == 1
            for s in (host, a, *seats):
                await s.close()
    try:
        run(main())
    finally:
        release.set()


def test_tls(tmp_path):
    """--certfile / --keyfile: the server speaks wss (a self-signed certificate made by openssl)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("no openssl to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=120)
    from game.net.serve import tls_context
    from game.net.server import Server

    async def main():
        server = Server()
        url = await server.start("127.0.0.1", 0, tls_context(str(cert), str(key)))
        try:
            assert url.startswith("wss://127.0.0.1:")
            client = ssl.create_default_context(cafile=str(cert))
            async with connect(url, ssl=client) as ws:
                await ws.send(proto.encode(proto.hello("tls")))
                assert json.loads(await ws.recv())["type"] == "welcome"
        finally:
            await server.stop()
    run(main())


def test_idle_table_leaves_memory_and_comes_back():
    """A table nobody is connected to leaves memory after IDLE_S; the next resume replays it
    from the store, where it was."""
    from game.net.server import IDLE_S

    async def main():
        async with running_server() as (server, url):
            code, seats = await table_of(url, "sushi-draft", ["open", "easy", "open"])
            await play_all(seats, seed=6, until_ply=8)
            tokens = [(s.seat, s.token) for s in seats]
            for s in seats:
                await s.close()
            table = server.tables[code]
            while table.peers or table.bots_due() or table.lock.locked():  # (the AI may be choosing)
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.05)  # (its driver ends when it finds nothing more to do)
            history = list(table.match.state.history)
            assert server.sweep(time.monotonic() + IDLE_S + 1) == [code] and code not in server.tables
            back = []
            for seat, token in tokens:
                s = await Seat.open(url)
                await s.resume(code, seat, token)
                back.append(s)
            assert server.tables[code].match.state.history == history
            await play_all(back, seed=8)
            legal_record(record_of(back[0].frames))
            for s in back:
                await s.close()
    run(main())


def test_setup_only_with_the_test_flag():
    """``create`` with a record's setup deals those cards on a server started with its test flag
    (--test-setups) and is refused elsewhere."""
    rules = get_game("sushi-draft")
    setup = rules.new_state(2, random.Random(11)).record()["setup"]

    async def main():
        async with running_server() as (server, url):
            host = await Seat.open(url)
            await host.send(proto.message("create", game="sushi-draft", seats=["open", "open"], setup=setup))
            assert (await host.expect("error"))["code"] == "bad-options"
            await host.close()
        async with running_server(allow_setups=True) as (server, url):
            code, seats = await table_of(url, "sushi-draft", ["open", "open"], setup=setup)
            for s in seats:
                assert s.last["view"] == rules.view_to_json(rules.state_from_setup(setup).view(s.seat))
                await s.close()
    run(main())


def test_the_fast_decoding_is_safejsons():
    """``jsontext.loads_frame`` (the frames' fast path) gives exactly what ``game.safejson.loads``
    gives — the same document or the same refusal — for frames at and past every limit."""
    from game.net.jsontext import loads_frame
    from game.safejson import JsonFileError
    from game.safejson import loads as safe_loads

    big = proto.MAX_FRAME
    frames = [
        '{"a":"x\\u0000y"}', '{"a":"\\ud800"}', '"\\b\\f\\r\\t\\n"', '{"a\\u0001":1}', '{"a":"\x7f"}',
        '{"a":"\x01"}', '{"a":"\ud800"}', ' {"a": 1, "b": [true, false, null, -0.5, 2e3]} ',
        "[" * 32 + "]" * 32, "[" * 33 + "]" * 33, "[" * 5000 + "]" * 5000,
        '{"a":[{"b":' * 16 + "1" + "}]" * 16 + "}", '{"a":[{"b":' * 17 + "1" + "}]" * 17 + "}",
        "[" * 30 + '"][][][]"' + "]" * 30, "[" * 31 + '"]["' + "]" * 31 + "[" * 2 + "]" * 2,
        "1" * 40, "1" * 41, "-" + "1" * 40, "-" + "1" * 41, "[1e400]", "[-1e400]", "NaN", "[Infinity]",
        '{"a":1.5e10}', '"' + "x" * big + '"', '"' + "x" * (big + 1) + '"',
        "[" + ",".join(['"ab"'] * 5000) + "]", "[" + ",".join(['"ab"'] * 5000 + ['"' + "y" * (big + 1) + '"']) + "]",
        '["\\"' + "z" * big + '"]', "not json", '{"a":', "", '{"k":"漢字","ひ":"らがな"}', '{"a":"\ud83d\ude00"}',
        '{"v":1,"type":"act","action":"a1","ply":0}',
        # long runs of digits: in a string (the ints then checked one by one), a float, an int
        '{"s":"' + "9" * 50 + '","n":7}', "[1." + "2" * 50 + "]", '["x",' + "1" * 41 + "]", '{"n":' + "1" * 40 + "}",
    ]
    rng = random.Random(5)
    for _ in range(300):  # random documents, some with characters to clean
        doc = [rng.choice([1, -2, 3.5, True, None, "a", "\x7f", "\x00", "é", {"k": [1, {"j": "\x1f"}]}])
               for _ in range(rng.randint(0, 6))]
        frames.append(json.dumps(doc, ensure_ascii=rng.random() < 0.5))

    def outcome(read, frame):
        try:
            return "ok", read(frame)
        except JsonFileError as exc:
            return "refused", str(exc)
    for frame in frames:
        for raw in (frame, frame.encode("utf-8", "surrogatepass")):
            fast = outcome(lambda f: loads_frame(f, big), raw)
            safe = outcome(lambda f: safe_loads(f, max_string=big), raw)
            assert fast == safe, \
                frame[:80]


@pytest.mark.parametrize("game,kinds", [("kanji-zushi", ["open", "open", "easy"]), ("sushi-draft", ["open", "open"]),
                                        ("kaito", ["open", "open"])])
def test_messages_texts_are_canonical(game, kinds):
    """Every ``state`` and ``update`` a table makes, whose view data and text are put together
    from the parts that changed (``ViewTexts``), is byte for byte ``json.dumps`` of the whole
    message, canonical, and its view is the game's ``view_to_json``; an undo (a view going back)
    and a resync included."""
    from game.net.store import Store as MemoryStore

    store = MemoryStore()
    rng = random.Random(len(kinds))
    table = Table("CODE234567", get_game(game), kinds, [None] * len(kinds), {}, 7, store)
    store.add_table(table.saved())
    seats = [table.take(f"P{s}", s)[0] for s, kind in enumerate(kinds) if kind == "open"]

    def canonical(message):
        return json.dumps(dict(message), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    checked = 0
    for step in range(400):
        m = table.match
        if m.is_over():
            break
        if table.bots_due():
            table.keep_bots(table.bot_step())
        else:
            seat = next(s for s in m.to_act() if s in seats)
            ply = m.ply
            table.act(seat, rng.choice(m.legal_actions(seat)), ply)
            if step % 7 == 3 and m.undo_points(seat):
                table.undo(seat, m.ply)
        for seat in seats:
            message = table.state_for(seat) if step % 11 == 5 else table.update_for(seat)
            assert proto.encode(message) == canonical(message)
            assert proto.decode(proto.encode(message), "server") == json.loads(canonical(message))
            # the view's data, its unchanged fields taken again, is the game's own wire form of it
            assert message["view"] == table.game.view_to_json(m.view(seat))
            checked += 1
    assert checked > 20
