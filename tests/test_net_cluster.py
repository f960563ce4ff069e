"""Several server processes on one PostgreSQL database (issue 35, item 2; game/net/cluster.py,
game/net/pgcluster.py): real servers on 127.0.0.1 sharing a real PostgreSQL (tests/pg_support.py),
real WebSocket clients connected to either.

* whole games of the three games with seats connected to two processes: every seat gets the same
  record, legal through the rules; the table is held by one process and the other forwards;
* a process that stops hands its tables over: its own clients and those forwarded to it resume at
  the other and the game goes on to the end, nothing told lost;
* a process whose table another took (it hung past its lease) refuses to write it: its seats are
  closed with CLOSE_MOVED and resume at the holder;
* messages between processes longer than a NOTIFY arrive whole, in order; a malformed one is
  logged and dropped.

Killing a process (SIGKILL) behind HAProxy: tests/test_net_haproxy.py.
"""
from __future__ import annotations

import asyncio
import contextlib
from typing import Any, AsyncIterator

import pytest
from websockets.exceptions import ConnectionClosed

from game.net import protocol as proto
from game.registry import get as get_game
from net_support import Seat, Wall, play_all, record_of, table_of

pytest.importorskip("psycopg")
from game.net.pgcluster import PostgresCluster, new_process_id  # noqa: E402
from game.net.pgstore import PostgresTableStore  # noqa: E402
from game.net.server import Server  # noqa: E402
from pg_support import shared_server  # noqa: E402


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 300))


def legal_record(record):
    """The record replays through the rules to a finished game."""
    state = get_game(record["game"]).from_record(record)
    assert state.is_over()
    return state


@contextlib.asynccontextmanager
async def processes(count: int = 2, **kw: Any) -> AsyncIterator[list[tuple[Server, str]]]:
    """``count`` servers on one new database, each with its own process id: ``[(server, url)]``."""
    db = shared_server().new_database()
    started: list[tuple[Server, str]] = []
    try:
        for _ in range(count):
            store = PostgresTableStore(db, process=new_process_id())
            server = Server(store, cluster=PostgresCluster(store), **kw)
            started.append((server, await server.start("127.0.0.1", 0)))
        yield started
    finally:
        for server, _ in started:
            if server.store is not None:
                with contextlib.suppress(Exception):
                    await server.stop()


@pytest.mark.parametrize("game,kinds", [
    ("kaito", ["open", "open"]),
    ("sushi-draft", ["open", "easy", "open"]),
    ("kanji-zushi", ["open", "open", "easy"]),
])
def test_whole_games_with_seats_on_two_processes(game, kinds):
    async def main():
        async with processes() as [(a, url_a), (b, url_b)]:
            code, seats = await table_of([url_a, url_b], game, kinds)
            assert code in a.tables and code not in b.tables  # held where it was created
            assert b.relay is not None and len(b.relay.forwarded) == 1  # the other seat forwarded
            assert "connections 1 (1 forwarded)" in b.minute_line()
            await play_all(seats, seed=len(kinds))
            records = [record_of(s.frames) for s in seats]
            assert records[0] is not None and all(r == records[0] for r in records)
            legal_record(records[0])
            assert a.tables[code].finished
            for s in seats:
                await s.close()
    run(main())


async def closed_code(seat: Seat) -> int | None:
    """Read until ``seat``'s connection closes; its close code."""
    try:
        while True:
            await seat.recv()
    except ConnectionClosed:
        pass
    return seat.ws.close_code


def test_a_process_that_stops_hands_its_tables_over():
    async def main():
        async with processes() as [(a, url_a), (b, url_b)]:
            code, seats = await table_of([url_a, url_b], "kaito", ["open", "open"])
            await play_all(seats, seed=3, until_ply=6)
            ply = max(s.last["ply"] for s in seats)
            await a.stop()  # the holder leaves: its client is told it goes away, the other's moves
            codes = await asyncio.gather(*(closed_code(s) for s in seats))
            assert codes == [proto.CLOSE_GOING_AWAY, proto.CLOSE_MOVED]
            back = []
            for s in seats:  # both resume at the process left
                seat = await Seat.open(url_b)
                state = await seat.resume(code, s.seat, s.token)
                assert state["ply"] == ply  # nothing told was lost
                back.append(seat)
            assert code in b.tables
            await play_all(back, seed=4)
            record = record_of(back[0].frames)
            assert record == record_of(back[1].frames)
            state = legal_record(record)
            assert len(state.history) > ply
            for s in back:
                await s.close()
    run(main())


def test_a_process_whose_table_was_taken_refuses_to_write_it():
    """A hung process's tables may be taken by another; when it wakes, its next write for one is
    refused (the store's fence), the table leaves it and its seats resume at the holder."""
    async def main():
        async with processes() as [(a, url_a), (b, url_b)]:
            code, seats = await table_of([url_a, url_a], "kaito", ["open", "open"])
            with b.store.pool.connection() as conn:  # b took the table while a was away
                conn.execute("UPDATE owners SET process = %s WHERE code = %s", (b.relay.cluster.me, code))
                conn.commit()
            mover = next(s for s in seats if s.last.get("legal"))
            await mover.send(proto.act(mover.last["legal"][0], mover.last["ply"]))
            codes = await asyncio.gather(*(closed_code(s) for s in seats))
            assert codes == [proto.CLOSE_MOVED, proto.CLOSE_MOVED]
            assert code not in a.tables
            back = []
            for s in seats:
                seat = await Seat.open(url_b)
                state = await seat.resume(code, s.seat, s.token)
                assert state["ply"] == 0  # the refused action was not played
                back.append(seat)
            await play_all(back, seed=5)
            legal_record(record_of(back[0].frames))
            for s in back:
                await s.close()
    run(main())


def test_messages_between_processes_arrive_whole_and_in_order():
    async def main():
        db = shared_server().new_database()
        got: list[dict[str, Any]] = []
        arrived = asyncio.Event()
        stores = [PostgresTableStore(db, process=new_process_id()) for _ in range(2)]
        one, two = (PostgresCluster(s) for s in stores)

        def deliver(payload: dict[str, Any]) -> None:
            got.append(payload)
            if len(got) == 3:
                arrived.set()
        await one.start(lambda payload: None)
        await two.start(deliver)
        try:
            sent = [{"n": 0, "text": "short"}, {"n": 1, "text": "漢字" * 5000}, {"n": 2, "text": "after"}]
            for payload in sent:
                one.post(two.me, payload)
            await asyncio.wait_for(arrived.wait(), 60)
            assert got == sent  # the long one went by mail, and the order held
            alive, _, orphans = await one.beat()
            assert alive == {one.me, two.me} and not orphans
            await two.stop()
            alive, _, _ = await one.beat()
            assert alive == {one.me}  # a process that left is not alive
        finally:
            await one.stop()
            for s in stores:
                s.close()
    run(main())


def test_a_malformed_message_from_another_process_is_logged_and_dropped(caplog):
    async def main():
        async with processes(1) as [(a, url_a)]:
            assert a.relay is not None
            for bad in ({"k": "nonsense"}, {"k": "msg"}, {"k": "out", "conn": "x"}, {}):
                a.relay.deliver(bad)
            seat = await Seat.open(url_a)  # the process still serves
            assert await seat.create("kaito", ["open", "easy"])
            await seat.close()
    run(main())
    assert sum("malformed" in r.message for r in caplog.records) == 4


def test_a_turn_based_tables_clock_runs_out_at_whichever_process_holds_it():
    """Only the holder times a seat out; once it stopped, another process finds the table by its
    deadline in the database, takes it and times the next seat out."""
    day = 86400.0
    wall = Wall()

    async def main():
        async with processes(clock=wall) as [(a, url_a), (b, url_b)]:
            code, seats = await table_of(url_a, "kaito", ["open", "open"],
                                         clock={"allowance": day, "per_move": day, "on_timeout": "ai"})
            first = seats[0].last["to_act"][0]
            for s in seats:
                await s.close()
            wall.now += day + 1.0
            assert await b.check_clocks() == []  # a holds it: a's to time out
            assert await a.check_clocks() == [(code, first)]
            while a.tables[code].match.ply < 1:  # the AI plays the seat out of time
                await asyncio.sleep(0.01)
            await a.stop()
            wall.now += day + 1.0  # the other seat's day, from the AI's move on
            assert await b.check_clocks() == [(code, 1 - first)]
            assert b.tables[code].out_of_time(first) and b.tables[code].out_of_time(1 - first)
    run(main())


def test_a_table_whose_ai_was_to_move_goes_on_at_another_process_with_nobody_connected():
    """A process leaves while an AI seat of one of its tables is to move and nobody is connected:
    another process takes its tables at its next heartbeat and the AI plays on."""
    async def main():
        async with processes() as [(a, url_a), (b, url_b)]:
            a.drivers.poke = lambda table: None  # (a never gets to play this AI: it is leaving)
            code, [seat] = await table_of(url_a, "kaito", ["open", "easy"])
            if seat.last["to_act"] == [seat.seat]:  # the person moves first: one move, then the AI's turn
                await seat.send(proto.act(seat.last["legal"][0], seat.last["ply"]))
                await seat.until(lambda m: m.get("to_act") == [1])
            ply = seat.last["ply"]
            await seat.close()
            await a.stop()
            for _ in range(3000):  # b's next heartbeat (1 s) takes the table; its AI moves
                if code in b.tables and b.tables[code].match.ply > ply:
                    break
                await asyncio.sleep(0.01)
            assert code in b.tables and b.tables[code].match.ply > ply
    run(main())



def test_a_resume_at_a_process_whose_copy_is_stale_goes_to_the_holder_next_time():
    """The table a resume names was taken by another process (this one hung): the resume's write is
    refused, the stale copy leaves memory here, and the next resume here is forwarded."""
    async def main():
        async with processes() as [(a, url_a), (b, url_b)]:
            code, seats = await table_of(url_a, "kaito", ["open", "open"])
            tokens = [s.token for s in seats]
            await seats[1].close()
            with b.store.pool.connection() as conn:  # b took the table while a was away
                conn.execute("UPDATE owners SET process = %s WHERE code = %s", (b.relay.cluster.me, code))
            first = await Seat.open(url_a)
            await first.send(proto.resume(code, 1, tokens[1]))
            assert await closed_code(first) == proto.CLOSE_MOVED
            assert code not in a.tables
            again = await Seat.open(url_a)
            state = await again.resume(code, 1, tokens[1])  # (the refused write kept nothing: the token holds)
            assert state["ply"] == 0 and code in b.tables and code not in a.tables
            for s in (seats[0], again):
                await s.close()
    run(main())
