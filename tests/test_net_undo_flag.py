"""The ``undo`` field of ``state`` and ``update`` (docs/PROTOCOL.md): true exactly when the server
would accept an ``undo`` from the receiving seat now. A real server on 127.0.0.1 and real
WebSocket clients: at many positions of whole games (two people, a person and an AI, a
simultaneous game), every seat's last flag is checked against the table's rule and then, for one
seat, against the server's answer to an actual ``undo``; both answers must be seen."""
from __future__ import annotations

import asyncio
import random

from game.ai import make_bot
from game.net import protocol as proto
from game.net.client import Client
from game.registry import get as get_game
from net_support import Seat, running_server, table_of


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 300))


async def settle(table, seats: list[Seat]) -> None:
    """Read every seat's messages until the AI has nothing to do and each seat's last ``state`` /
    ``update`` is at the table's ply."""
    while True:
        for s in seats:
            while s.last.get("ply") != table.match.ply:
                await s.recv()
        if not table.bots_due():
            for s in seats:  # the AI's last update may still be on its way
                while s.last.get("ply") != table.match.ply:
                    await s.recv()
            if not table.bots_due() and all(s.last.get("ply") == table.match.ply for s in seats):
                return
        await asyncio.sleep(0.01)


async def probe(seat: Seat) -> bool | None:
    """Ask for an undo at the seat's ply; its answer (a ``state``: accepted, an ``error``
    ``undo``: refused) must be what its last flag said. Returns the flag, or None when the table
    moved on before the request came (``stale``, then the table's ``state``: CI run 16 saw an
    AI's move land between the flag and the request; nothing was probed)."""
    flag = seat.last["undo"]
    await seat.send(proto.undo(seat.last["ply"]))
    while True:
        message = await seat.recv()
        if message["type"] in ("state", "error"):
            break
    if message["type"] == "error" and message["code"] == "stale":
        while (await seat.recv())["type"] != "state":
            pass
        return None
    if flag:
        assert message["type"] == "state", message
    else:
        assert message["type"] == "error" and message["code"] == "undo", message
    return bool(flag)


async def walk(server, url: str, game: str, kinds: list[str], seed: int) -> tuple[int, int]:
    """Play a game (each person's seat played by an easy AI here), probing the undo flag before most actions; returns
    how many probes were accepted and refused."""
    code, seats = await table_of(url, game, kinds)
    table = server.tables[code]
    rng = random.Random(seed)
    rules = get_game(game)
    bots = {s.seat: make_bot(game, "easy", random.Random(seed * 10 + s.seat)) for s in seats}
    accepted = refused = 0
    for step in range(400):
        await settle(table, seats)
        for s in seats:  # every seat's flag is the server's rule now
            assert s.last["undo"] == table.undo_ok(s.seat), (s.seat, s.last["ply"])
        if table.match.is_over():
            break
        if step == 0 or rng.random() < 0.6:  # (at the start nothing can be taken back)
            answer = await probe(rng.choice(seats))
            if answer is True:
                accepted += 1
            elif answer is False:
                refused += 1
            await settle(table, seats)
        movers = [s for s in seats if s.last["legal"]]
        if not movers:
            continue
        mover = rng.choice(movers)
        ply = mover.last["ply"]
        action = bots[mover.seat].choose(rules.view_from_json(mover.last["view"]))
        await mover.send(proto.act(action, ply))
        while True:  # its update (then settle reads the others')
            message = await mover.recv()
            assert message["type"] != "error", message
            if message["type"] == "update" and message["ply"] > ply:
                break
    assert all(s.last["over"] for s in seats) or accepted + refused >= 40
    assert not any(s.last["undo"] for s in seats if s.last["over"])  # never after the end
    for s in seats:
        await s.close()
    return accepted, refused


def test_the_undo_flag_is_the_servers_rule(monkeypatch):
    monkeypatch.setattr(proto, "MAX_ERRORS", 10_000)  # (every refused probe is an error)

    async def main():
        async with running_server() as (server, url):
            for game, kinds, seed in (("kaito", ["open", "open"], 1), ("kaito", ["open", "easy"], 2),
                                      ("sushi-draft", ["open", "open"], 3),
                                      ("kanji-zushi", ["open", "random", "open"], 4)):
                accepted, refused = await walk(server, url, game, kinds, seed)
                assert refused >= 1, game
                if game != "kanji-zushi":  # (every draw there reveals: undo is rare)
                    assert accepted >= 1, (game, kinds)
    run(main())


def test_the_client_keeps_the_flag():
    """:class:`game.net.client.Client`'s picture: ``undo`` false before acting, true once the
    seat acted (the AI answered), false again after the undo."""
    async def main():
        async with running_server() as (server, url):
            client = Client(url, reconnect_for=0)
            await client.connect()
            code = await client.create("kaito", ["open", "easy"])
            p = await client.join(code, "Ana", seat=0)
            table = server.tables[code]
            await client.wait(lambda p: p.my_turn, 60)
            assert not p.undo
            ply = p.ply
            await client.act(p.legal[0])
            await client.wait(lambda p: p.over or p.my_turn, 60)
            assert p.ply > ply and p.undo == table.undo_ok(0) and (p.undo or p.over)
            if p.undo:
                await client.undo()
                await client.wait(lambda p: p.ply == ply, 60)
                assert not p.undo and not table.undo_ok(0)
                assert p.cause == "undo" and p.actions == table.match.state.history
            await client.close()
    run(main())


def test_the_flag_follows_a_stand_in_and_its_end():
    """While an AI plays a dropped person's seat its actions go back with the creator's undo
    (the flag true); when the person is back they count as that person's: the creator is sent an
    ``update`` whose flag is false."""
    async def main():
        async with running_server(stand_in_after=0.3) as (server, url):
            code, (a, b) = await table_of(url, "kaito", ["open", "open"])
            table = server.tables[code]
            bots = [make_bot("kaito", "easy", random.Random(7 + i)) for i in range(2)]
            rules = get_game("kaito")
            while table.match.ply < 2:  # both people have acted
                mover = a if a.last["legal"] else b
                ply = mover.last["ply"]
                await mover.send(proto.act(bots[mover.seat].choose(rules.view_from_json(mover.last["view"])), ply))
                while table.match.ply == ply:
                    await asyncio.sleep(0.01)
                await settle(table, [a, b])
            token = b.token
            await b.close()
            while True:
                message = await a.expect("lobby")
                if message["seats"][1]["stand_in_allowed"]:
                    break
            await a.send(proto.stand_in(1, "easy"))
            await settle(table, [a])
            acted = False
            while not (acted and a.last["legal"]):  # the creator acts, the AI answers
                if a.last["legal"]:
                    await a.send(proto.act(bots[0].choose(rules.view_from_json(a.last["view"])), a.last["ply"]))
                    acted = True
                await a.recv()
                await settle(table, [a])
            assert a.last["undo"] and table.undo_ok(0)
            b = await Seat.open(url)
            await b.resume(code, 1, token)
            while a.last["undo"]:
                await a.recv()
            assert not table.undo_ok(0) and a.last["ply"] == table.match.ply
            for s in (a, b):
                await s.close()
    run(main())
