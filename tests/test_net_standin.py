"""A dropped person's seat given to an AI by the table's creator (issue 24: "the host may give the
seat to an AI after a while"; docs/PROTOCOL.md ``stand_in``): a real server on 127.0.0.1 with the
delay shortened (``Server(stand_in_after=...)``), real WebSocket clients.

* asked too early, by another seat than the creator, for a connected seat, an AI's seat, a seat
  not of the table, before the start or after the end: refused with its error code;
* once allowed (the seat list's ``stand_in_allowed``, a ``lobby`` when it turns true), the server's
  AI plays the seat, until the game ends or the person resumes and plays again; the record is legal;
* a server started again on its database keeps the stand-in, and its AI plays on.

Timeouts only bound a hang (a loaded 2-core machine); nothing asserts on time but the delay.
"""
from __future__ import annotations

import asyncio
import random

from game.ai import make_bot
from game.net import protocol as proto
from game.net.client import Client, ServerError
from game.net.store import Store
from game.registry import get as get_game
from net_support import Seat, play_all, record_of, running_server, table_of

#: The shortened delay (s) before a dropped seat may be given to an AI.
AFTER = 0.8


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 300))


def legal_record(record):
    """The record replays through the rules to a finished game."""
    assert get_game(record["game"]).from_record(record).is_over()


async def refused(seat: Seat, message: dict) -> str:
    """Send ``message``; the code of the ``error`` it gets (other messages meanwhile are read)."""
    await seat.send(message)
    return str((await seat.expect("error"))["code"])


async def lobby_until(seat: Seat, check) -> dict:
    """Messages until a ``lobby`` whose seat list satisfies ``check``."""
    while True:
        message = await seat.expect("lobby")
        if check(message["seats"]):
            return message


async def play_until(seat: Seat, bot, check) -> None:
    """Play ``seat``'s turns with ``bot`` (an AI of the game, on the view from the wire) until
    ``check()`` holds or the game is over."""
    game = get_game("kaito")
    while not check() and not seat.last.get("over"):
        last = seat.last
        if last.get("legal"):
            await seat.send(proto.act(bot.choose(game.view_from_json(last["view"])), last["ply"]))
            while True:
                message = await seat.recv()
                if message["type"] == "state" or (message["type"] == "update" and message["ply"] > last["ply"]):
                    break
                assert message["type"] != "error" or message["code"] in ("stale", "not-your-turn"), message
                if message["type"] == "error":
                    break
        else:
            await seat.expect("update")


def seat_actions(match, seat: int, since: int) -> int:
    """How many actions ``seat`` played from ply ``since`` on."""
    return sum(1 for s, _a in match.state.history[since:] if s == seat)


def test_refusals():
    async def main():
        async with running_server(stand_in_after=AFTER) as (server, url):
            host = await Seat.open(url)
            code = await host.create("kanji-zushi", ["open", "easy", "open"])
            await host.close()
            p0 = await Seat.open(url)
            await p0.join(code, "Ana", 0)
            assert await refused(p0, proto.stand_in(2, "easy")) == "not-started"
            p2 = await Seat.open(url)
            state = await p2.join(code, "Ben", 2)
            assert [s["creator"] for s in state["seats"]] == [True, False, False]
            assert await refused(p2, proto.stand_in(0, "easy")) == "not-creator"
            assert await refused(p0, proto.stand_in(1, "easy")) == "not-person"  # an AI's seat
            assert await refused(p0, proto.stand_in(7, "easy")) == "bad-seat"
            assert await refused(p0, proto.stand_in(2, "easy")) == "seat-connected"
            assert await refused(p0, proto.stand_in(0, "easy")) == "seat-connected"  # its own
            assert await refused(p0, proto.message("stand_in", seat=2, level="random")) == "malformed"
            stranger = await Seat.open(url)
            assert await refused(stranger, proto.stand_in(2, "easy")) == "not-joined"
            await stranger.close()
            await play_all([p0, p2], seed=5)
            assert await refused(p0, proto.stand_in(2, "easy")) == "game-over"
            assert server.tables[code].ai_after_drop == {}
            for s in (p0, p2):
                await s.close()
    run(main())


def test_the_ai_plays_a_dropped_seat_until_its_person_resumes():
    """KAITO, two people: seat 1 drops; the creator asks too early (refused), then once allowed;
    the AI plays seat 1's turns; seat 1 resumes and plays again; a non-creator is refused; the
    game ends with a legal record that every seat received."""
    async def main():
        async with running_server(stand_in_after=AFTER) as (server, url):
            code, (a, b) = await table_of(url, "kaito", ["open", "open"])
            table = server.tables[code]
            bot = make_bot("kaito", "easy", random.Random(1))  # (random moves may end KAITO at once)
            await play_all([a, b], seed=1, until_ply=3)
            token = b.token
            await b.close()
            lobby = await lobby_until(a, lambda seats: not seats[1]["connected"])
            one = lobby["seats"][1]
            assert one["away"] == 0 and not one["stand_in_allowed"] and not one["ai_after_drop"]
            assert one["stand_in"] is None and lobby["seats"][0]["away"] is None
            assert await refused(a, proto.stand_in(1, "easy")) == "too-soon"
            # the server says when it is allowed (a lobby of its own), and then accepts
            await lobby_until(a, lambda seats: seats[1]["stand_in_allowed"])
            await a.send(proto.stand_in(1, "easy"))
            lobby = await lobby_until(a, lambda seats: seats[1]["ai_after_drop"])
            assert lobby["seats"][1]["stand_in"] == "easy" and not lobby["seats"][1]["stand_in_allowed"]
            assert table.match.seats[1] == "easy"
            assert await refused(a, proto.stand_in(1, "hard")) == "not-person"  # an AI plays it already
            given_at = table.match.ply
            await play_until(a, bot, lambda: seat_actions(table.match, 1, given_at) >= 3)
            assert seat_actions(table.match, 1, given_at) >= 3  # the AI played seat 1's turns
            # seat 1 comes back: the seat is its person's again
            b = await Seat.open(url)
            state = await b.resume(code, 1, token)
            assert not state["seats"][1]["ai_after_drop"] and state["seats"][1]["stand_in"] is None
            await lobby_until(a, lambda seats: seats[1]["connected"] and not seats[1]["ai_after_drop"])
            assert table.match.seats[1] == "human" and 1 not in table.match.bots
            back_at = table.match.ply
            # the creator drops: seat 1 may not give it to an AI
            a_token = a.token
            await a.close()
            await lobby_until(b, lambda seats: seats[0]["stand_in_allowed"])
            assert await refused(b, proto.stand_in(0, "easy")) == "not-creator"
            a = await Seat.open(url)
            await a.resume(code, 0, a_token)
            await play_all([a, b], seed=2)
            # seat 1's person played again — unless the game ended before seat 1's turn came (the
            # table's deal and its AI are random: at times seat 0's first move after the resume ends it)
            after = table.match.state.history[back_at:]
            assert seat_actions(table.match, 1, back_at) >= 1 or all(s != 1 for s, _ in after)
            record = record_of(a.frames)
            assert record == record_of(b.frames) and record is not None
            legal_record(record)
            for s in (a, b):
                await s.close()
    run(main())


def test_the_ai_plays_to_the_end_with_the_client_library():
    """Kanji-zushi, two people on :class:`game.net.client.Client`: seat 1 drops for good; the
    creator's ``Client.stand_in`` gives it to the AI, which plays it to the end of the game."""
    async def main():
        async with running_server(stand_in_after=AFTER) as (server, url):
            host = Client(url, reconnect_for=0)
            await host.connect()
            code = await host.create("kanji-zushi", ["open", "open"])
            await host.join(code, "Ana", seat=0)
            guest = Client(url, reconnect_for=0)
            await guest.connect()
            await guest.join(code, "Ben", seat=1)
            await host.wait(lambda p: p.started, 60)
            await guest.close()
            p = await host.wait(lambda p: not p.seats[1]["connected"], 60)
            try:
                await host.stand_in(1, "medium")
                raise AssertionError("a stand-in before the delay")
            except ServerError as exc:
                assert exc.code == "too-soon"
            await host.wait(lambda p: p.seats[1]["stand_in_allowed"], 60)
            await host.stand_in(1, "medium")
            assert p.seats[1]["ai_after_drop"] and p.seats[1]["stand_in"] == "medium"
            rng = random.Random(3)
            while True:
                await host.wait(lambda p: p.over or p.my_turn, 120)
                if p.over:
                    break
                await host.act(rng.choice(p.legal))
            assert p.record is not None
            legal_record(p.record)
            table = server.tables[code]
            assert table.finished and any(s == 1 for s, _a in table.match.state.history)
            await host.close()
    run(main())


def test_a_restarted_server_keeps_the_stand_in(tmp_path):
    """The stand-in is kept in the database: a server started again on it has the AI playing the
    seat (the seat list says so, the AI answers the creator's moves); then its person takes it back."""
    db = tmp_path / "tables.db"

    async def first():
        async with running_server(Store(db), stand_in_after=AFTER) as (server, url):
            code, (a, b) = await table_of(url, "kaito", ["open", "open"])
            await play_all([a, b], seed=4, until_ply=2)
            tokens = [a.token, b.token]
            await b.close()
            await lobby_until(a, lambda seats: seats[1]["stand_in_allowed"])
            await a.send(proto.stand_in(1, "easy"))
            await lobby_until(a, lambda seats: seats[1]["ai_after_drop"])
            table = server.tables[code]
            given_at = table.match.ply
            bot = make_bot("kaito", "easy", random.Random(4))
            await play_until(a, bot, lambda: seat_actions(table.match, 1, given_at) >= 1)
            await a.close()
            while table.peers or table.bots_due():
                await asyncio.sleep(0.05)
            return code, tokens, list(table.match.state.history)

    code, tokens, history = run(first())

    async def second():
        async with running_server(Store(db), stand_in_after=AFTER) as (server, url):
            table = server.tables[code]
            assert table.ai_after_drop == {1: "easy"} and table.match.seats[1] == "easy"
            assert table.creator == 0 and table.match.state.history[:len(history)] == history
            a = await Seat.open(url)
            state = await a.resume(code, 0, tokens[0])
            assert state["seats"][1]["stand_in"] == "easy" and state["seats"][1]["ai_after_drop"]
            assert state["seats"][0]["creator"]
            ply = table.match.ply
            bot = make_bot("kaito", "easy", random.Random(5))
            await play_until(a, bot, lambda: seat_actions(table.match, 1, ply) >= 2)
            assert seat_actions(table.match, 1, ply) >= 2 or table.finished
            b = await Seat.open(url)
            state = await b.resume(code, 1, tokens[1])
            assert not state["seats"][1]["ai_after_drop"] and table.match.seats[1] == "human"
            await play_all([a, b], seed=6)
            record = record_of(a.frames)
            assert record is not None and record == record_of(b.frames)
            legal_record(record)
            for s in (a, b):
                await s.close()
    run(second())
    store = Store(db)
    saved = store.load(code)
    store.close()
    assert saved.finished and saved.creator == 0
    assert [(seat, kind, action) for seat, kind, action, _ply in saved.actions if kind != "act"] == [
        (1, "stand-in", "easy"), (1, "back", "")]
