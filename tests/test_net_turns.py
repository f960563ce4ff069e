"""Turn-based tables (issue 35, item 4; game/net/clock.py, game/net/turns.py): a clock per person's
seat as Board Game Arena's (an allowance, time added per move), kept with the table's actions, and
a seat whose time runs out handed to the server's AI or the table ended, as chosen at creation.

Real servers on 127.0.0.1 and real WebSocket clients; the server's wall clock is one the test
moves (days pass in a line), and the test asks the server to look at its clocks
(``Server.check_clocks``, what its upkeep does every second) — nothing sleeps.
"""
from __future__ import annotations

import asyncio
import random

import pytest

from game.net import protocol as proto
from game.net.clock import ClockError, ClockRule, Clocks
from game.net.server import Server
from game.net.store import SqliteTableStore
from game.registry import get as get_game
from net_support import Seat, Wall, record_of, table_of

DAY = 86400.0


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 300))


def rule(on_timeout: str = "ai", allowance: float = DAY, per_move: float = DAY) -> dict:
    return {"allowance": allowance, "per_move": per_move, "on_timeout": on_timeout}


async def clocked_table(url: str, game: str, clock: dict, seats: int = 2) -> tuple[str, list[Seat]]:
    """A turn-based table of ``seats`` open seats, each joined by its own :class:`Seat`."""
    return await table_of(url, game, ["open"] * seats, clock=clock)


def test_the_clock_rule_and_the_clocks():
    with pytest.raises(ClockError):
        ClockRule.parse({"allowance": 10.0, "per_move": DAY, "on_timeout": "ai"})  # under a minute
    with pytest.raises(ClockError):
        ClockRule.parse({"allowance": DAY, "per_move": DAY, "on_timeout": "wait"})
    with pytest.raises(ClockError):
        ClockRule.parse({"allowance": DAY, "per_move": DAY})
    with pytest.raises(ClockError):
        ClockRule.parse({"allowance": True, "per_move": DAY, "on_timeout": "ai"})
    r = ClockRule.parse(rule(allowance=3 * DAY))
    clocks = Clocks(r, [True, False, True])  # seat 1 is an AI's: no clock
    assert clocks.update([0, 1], 100.0) and clocks.running == {0: 100.0}
    assert clocks.time_left(0, 100.0 + DAY) == 2 * DAY and clocks.time_left(1, 0.0) is None
    assert clocks.update([2], 100.0 + DAY)  # seat 0 moved after a day: 3 - 1 + 1 days
    assert clocks.left[0] == 3 * DAY and clocks.running == {2: 100.0 + DAY}
    assert not clocks.update([2], 200.0 + DAY)  # nothing changed
    assert clocks.next_deadline() == 100.0 + 4 * DAY
    assert clocks.overdue(100.0 + 4 * DAY - 1) == [] and clocks.overdue(100.0 + 4 * DAY) == [2]
    again = Clocks(r, [True, False, True])
    again.load_text(clocks.to_text())
    assert (again.left, again.running, again.out) == (clocks.left, clocks.running, clocks.out)
    clocks.run_out(2)
    assert clocks.message(0.0)["out"] == [2] and clocks.message(0.0)["left"] == [3 * DAY, None, 0.0]
    with pytest.raises(ValueError):
        Clocks(r, [True, True, False]).load_text(clocks.to_text())  # another table's seats


def test_a_seat_whose_time_runs_out_is_played_by_the_ai_to_the_end():
    wall = Wall()

    async def main():
        server = Server(clock=wall)
        url = await server.start("127.0.0.1", 0)
        try:
            code, seats = await clocked_table(url, "kaito", rule("ai"))
            first = seats[0].last["to_act"][0]
            other = 1 - first
            clock = seats[0].last["clock"]
            assert clock["left"] == [DAY, DAY] and clock["running"] == [first] and clock["out"] == []
            wall.now += 3600.0  # an hour to think
            mover = seats[first]
            await mover.send(proto.act(mover.last["legal"][0], mover.last["ply"]))
            told = await seats[other].until(lambda m: m.get("ply") == 1)
            assert told["clock"]["left"][first] == 2 * DAY - 3600.0 and told["clock"]["running"] == [other]
            for s in seats:  # nobody stays connected: the table waits on the server
                await s.close()
            wall.now += DAY - 1.0
            assert await server.check_clocks() == []  # one second left
            wall.now += 1.0
            assert await server.check_clocks() == [(code, other)]
            back = await Seat.open(url)
            state = await back.resume(code, first, seats[first].token)
            assert state["clock"]["out"] == [other] and "ended" not in state
            assert state["seats"][other]["stand_in"] == "medium"  # every seat's picture says so
            lost = await Seat.open(url)  # the seat out of time may watch, never play again
            watched = await lost.resume(code, other, seats[other].token)
            assert watched["legal"] == [] and watched["seats"][other]["stand_in"] == "medium"
            await back.play(random.Random(2))
            record = record_of(back.frames)
            state = get_game("kaito").from_record(record)
            assert state.is_over() and server.tables[code].finished
            await lost.until(lambda m: m.get("over"))
            assert record_of(lost.frames) == record
            for s in (back, lost):
                await s.close()
        finally:
            await server.stop()
    run(main())


def test_when_time_runs_out_the_table_can_end_instead():
    wall = Wall()

    async def main():
        store = SqliteTableStore()
        server = Server(store, clock=wall)
        url = await server.start("127.0.0.1", 0)
        try:
            code, seats = await clocked_table(url, "kanji-zushi", rule("end", allowance=2 * DAY, per_move=0.0))
            first = seats[0].last["to_act"][0]
            wall.now += 2 * DAY
            assert await server.check_clocks() == [(code, first)]
            for s in seats:  # every connected seat is told, then sees the table ended
                assert (await s.expect("timeout")) == proto.message("timeout", seat=first, then="end")
                told = await s.until(lambda m: m.get("ended"))
                assert told["ended"]["reason"] == "timeout" and told["ended"]["seat"] == first
                assert told["legal"] == [] and told["to_act"] == [] and not told["over"]
                assert told["ended"]["record"]["game"] == "kanji-zushi"  # the game as far as it went
            await seats[first].send(proto.act("x", seats[first].last["ply"]))
            assert (await seats[first].expect("error"))["code"] == "game-over"
            assert code not in store.unfinished()  # finished: never restored
            for s in seats:
                await s.close()
        finally:
            await server.stop()
    run(main())


def test_in_a_simultaneous_phase_every_seat_to_act_spends_its_own_time():
    wall = Wall()

    async def main():
        server = Server(clock=wall)
        url = await server.start("127.0.0.1", 0)
        try:
            code, seats = await clocked_table(url, "sushi-draft", rule("ai"))
            assert seats[0].last["clock"]["running"] == [0, 1]
            wall.now += 600.0
            await seats[0].send(proto.act(seats[0].last["legal"][0], seats[0].last["ply"]))
            told = await seats[1].until(lambda m: m["clock"]["running"] == [1])
            assert told["clock"]["left"] == [2 * DAY - 600.0, DAY - 600.0]
            for s in seats:
                await s.close()
        finally:
            await server.stop()
    run(main())


def test_the_clocks_outlive_the_server_and_a_table_out_of_memory_still_runs_out(tmp_path):
    wall = Wall()
    db = tmp_path / "tables.db"

    async def main():
        server = Server(SqliteTableStore(db), clock=wall)
        url = await server.start("127.0.0.1", 0)
        code, seats = await clocked_table(url, "kaito", rule("ai", allowance=3 * DAY, per_move=DAY))
        first = seats[0].last["to_act"][0]
        wall.now += 5000.0
        await seats[first].send(proto.act(seats[first].last["legal"][0], 0))
        before = (await seats[1 - first].until(lambda m: m.get("ply") == 1))["clock"]
        tokens = [s.token for s in seats]
        for s in seats:
            await s.close()
        await server.stop()

        wall.now += 7200.0  # the server was down two hours: the clock ran on
        server = Server(SqliteTableStore(db), clock=wall)
        url = await server.start("127.0.0.1", 0)
        try:
            back = await Seat.open(url)
            state = await back.resume(code, first, tokens[first])
            other = 1 - first
            assert state["clock"]["left"][first] == before["left"][first]
            assert state["clock"]["left"][other] == before["left"][other] - 7200.0
            await back.close()
            while server.tables[code].peers:  # (the server hears the close)
                await asyncio.sleep(0.01)
            assert server.sweep(1e12) == [code] and code not in server.tables  # idle (monotonic s): out of memory
            wall.now += 3 * DAY
            assert await server.check_clocks() == [(code, other)]  # the store's deadline found it
            assert server.tables[code].out_of_time(other)
        finally:
            await server.stop()
    run(main())


def test_a_move_taken_back_gives_back_its_added_time_but_not_the_time_spent():
    """No time is won by moving and undoing: the undo takes back the time a move added, while the
    time spent since still counts (the seat's clock kept running)."""
    wall = Wall()

    async def main():
        server = Server(clock=wall)
        url = await server.start("127.0.0.1", 0)
        try:
            code, seats = await clocked_table(url, "kaito", rule("ai", allowance=3 * DAY, per_move=DAY))
            first = seats[0].last["to_act"][0]
            mover, other = seats[first], seats[1 - first]
            wall.now += 600.0
            await mover.send(proto.act(mover.last["legal"][0], 0))
            told = await mover.until(lambda m: m.get("ply") == 1)
            assert told["clock"]["left"][first] == 4 * DAY - 600.0  # the day a move adds
            wall.now += 60.0
            await mover.send(proto.undo(1))
            state = await mover.expect("state")
            assert state["ply"] == 0 and state["clock"]["running"] == [first]
            assert state["clock"]["left"][first] == 3 * DAY - 660.0  # the added day gone, the 11 minutes spent
            assert state["clock"]["left"][1 - first] == 3 * DAY
            for s in seats:
                await s.close()
        finally:
            await server.stop()
    run(main())
