"""Undo at an online table as Board Game Arena does it (issue 33, item 1; docs/PROTOCOL.md, *Undo*):
a real server on 127.0.0.1 and raw protocol clients. A seat's own last move, no other person having
acted since, goes back at once and every seat is told who took it back (the ``state``'s ``by``);
anything else the rules allow is a request the other person accepts or refuses (a timeout, a move
or their leaving refuses it), offered (``undo_ask``) exactly when the server takes it, never past
revealed information."""
from __future__ import annotations

import asyncio

from game.net import protocol as proto
from net_support import Seat, running_server, table_of


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def until(seat: Seat, cond) -> dict:
    """Messages until ``cond(message)``; that message."""
    while True:
        message = await seat.recv()
        if cond(message):
            return message


async def settled(seat: Seat, ply: int) -> None:
    """Until the seat's last state / update is at ``ply``."""
    while seat.last.get("ply") != ply:
        await seat.recv()


async def kaito_two_moves(url: str) -> tuple[str, Seat, Seat]:
    """A KAITO table of two people; the placement, then seat a's move and seat b's answer, so that
    a is to act again (its move has another person's after it)."""
    code, (a, b) = await table_of(url, "kaito", ["open", "open"])
    for _ in range(3):
        mover = a if a.last["legal"] else b
        await mover.send(proto.act(mover.last["legal"][0], mover.last["ply"]))
        ply = mover.last["ply"] + 1
        await settled(a, ply)
        await settled(b, ply)
    return code, a, b


def test_an_own_move_goes_back_at_once_and_both_seats_are_told_who():
    async def main():
        async with running_server() as (server, url):
            code, (a, b) = await table_of(url, "kaito", ["open", "open"])
            mover = a if a.last["legal"] else b
            other = b if mover is a else a
            await mover.send(proto.act(mover.last["legal"][0], mover.last["ply"]))
            await settled(other, 1)
            await settled(mover, 1)
            assert mover.last["undo"] and not mover.last["undo_ask"]
            await mover.send(proto.undo(1))
            for s in (a, b):
                state = await s.expect("state")
                assert state["cause"] == "undo" and state["by"] == mover.seat and state["ply"] == 0
    run(main())


def test_a_request_the_other_person_accepts_takes_back_both_moves():
    async def main():
        async with running_server() as (server, url):
            code, a, b = await kaito_two_moves(url)
            table = server.tables[code]
            asker = a if a.last["legal"] else b
            other = b if asker is a else a
            history = list(table.match.state.history)
            assert not asker.last["undo"] and asker.last["undo_ask"], "a request is offered, not an undo"
            assert not other.last["undo_ask"]
            await asker.send(proto.undo_ask(asker.last["ply"]))
            for s in (a, b):
                asked = await s.expect("undo-asked")
                assert asked["seat"] == asker.seat and asked["waiting"] == [other.seat] and asked["ply"] == 1
            flags = await until(asker, lambda m: m["type"] == "update")
            assert flags["cause"] == "flags" and not flags["undo_ask"]  # one request at a time
            await other.send(proto.undo_answer(True))
            for s in (a, b):
                state = await s.expect("state")
                assert state["cause"] == "undo" and state["by"] == asker.seat and state["ply"] == 1
            assert table.match.state.history == history[:1] and table.asking is None
            assert asker.last["legal"], "the asking seat decides again"
    run(main())


def test_a_refusal_a_timeout_and_a_leaving_end_the_request_unmade():
    async def main():
        async with running_server(undo_ask_s=0.3) as (server, url):
            code, a, b = await kaito_two_moves(url)
            table = server.tables[code]
            asker = a if a.last["legal"] else b
            other = b if asker is a else a
            history = list(table.match.state.history)
            # refused
            await asker.send(proto.undo_ask(asker.last["ply"]))
            await other.expect("undo-asked")
            await other.send(proto.undo_answer(False))
            for s in (a, b):
                end = await s.expect("undo-answered")
                assert end == {**end, "asked": asker.seat, "accepted": False, "why": "refused", "seat": other.seat}
            again = await until(asker, lambda m: m["type"] == "update" and m["undo_ask"])
            assert again["cause"] == "flags"
            # unanswered: the server's timeout refuses it
            await asker.send(proto.undo_ask(asker.last["ply"]))
            end = await until(asker, lambda m: m["type"] == "undo-answered")
            assert end["why"] == "timeout" and not end["accepted"]
            # an answer after the end is refused; nothing moved
            await other.send(proto.undo_answer(True))
            assert (await other.expect("error"))["code"] == "undo"
            assert table.match.state.history == history
            # the person asked leaves: it ends ("away"), and no request is offered while they are gone
            await until(asker, lambda m: m["type"] == "update" and m["undo_ask"])
            await asker.send(proto.undo_ask(asker.last["ply"]))
            await other.expect("undo-asked")
            await other.close()
            end = await until(asker, lambda m: m["type"] == "undo-answered")
            assert end["why"] == "away"
            assert not asker.last["undo_ask"]  # (as told when the request began: still so)
            await asker.send(proto.undo_ask(asker.last["ply"]))
            assert (await asker.expect("error"))["code"] == "undo"
            assert table.match.state.history == history
    run(main())


def test_a_request_never_reaches_past_a_reveal():
    """Sushi Draft for two: once the eaten cards are revealed, neither an undo nor a request is
    offered, and a request is refused."""
    async def main():
        async with running_server() as (server, url):
            code, (a, b) = await table_of(url, "sushi-draft", ["open", "open"])
            for s in (a, b):
                await s.send(proto.act(s.last["legal"][0], s.last["ply"]))
            await settled(a, 2)
            await settled(b, 2)
            for s in (a, b):
                while s.last["cause"] != "act" or s.last["legal"] == [] and s.last["ply"] < 2:
                    await s.recv()
                assert not s.last["undo"] and not s.last["undo_ask"]
            await a.send(proto.undo_ask(a.last["ply"]))
            assert (await a.expect("error"))["code"] == "undo"
    run(main())
