"""A player known to a server by a secret (issue 35, item 3; docs/PROTOCOL.md "Players"): the secret
a player's Tatami sends in ``hello``, the seats it takes kept as that player's, ``mine`` listing
them (whose turn it is at each, the clock of a turn-based one), and ``resume`` without the seat's
token by the same player. Real servers on 127.0.0.1 and the client library.
"""
from __future__ import annotations

import asyncio

import pytest

from game.net import protocol as proto
from game.net.client import Client, ServerError
from net_support import Seat, running_server

ANA, BO = "ana-secret-" + "a" * 21, "bo-secret-" + "b" * 22


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 300))


async def player(url: str, secret: str | None) -> Client:
    client = Client(url, reconnect_for=0.0, player=secret)
    await client.connect()
    return client


async def duel_of(url: str) -> tuple[Client, Client, str]:
    """A KAITO table of Ana (seat 0) and Bo (seat 1), each a player's connection: ``(ana, bo, code)``."""
    ana, bo = await player(url, ANA), await player(url, BO)
    code = await ana.create("kaito", ["open", "open"])
    await ana.join(code, "Ana", 0)
    await bo.join(code, "Bo", 1)
    return ana, bo, code


def test_a_players_tables_are_listed_with_whose_turn_it_is():
    async def main():
        async with running_server() as (server, url):
            ana, bo, duel = await duel_of(url)
            await ana.wait(lambda p: p.started, 30)
            ana2 = await player(url, ANA)  # the same player, another connection (another table)
            day = 86400.0
            draft = await ana2.create("sushi-draft", ["open", "easy", "open"],
                                      clock={"allowance": day, "per_move": day, "on_timeout": "ai"})
            await ana2.join(draft, "Ana", 2)
            mine = await ana.mine()
            assert [(t["table"], t["seat"], t["game"]) for t in mine] == [(duel, 0, "kaito"), (draft, 2, "sushi-draft")]
            first = mine[0]
            assert first["started"] and first["names"] == ["Ana", "Bo"] and first["clock"] is None
            assert first["your_turn"] == (0 in first["to_act"]) and first["to_act"] == list(ana.picture.to_act)
            waiting = mine[1]  # its open seat is not taken: nobody is to act, the clock not running
            assert not waiting["started"] and not waiting["your_turn"] and waiting["clock"]["running"] == []
            assert [t["table"] for t in await bo.mine()] == [duel]
            nobody = await player(url, None)
            with pytest.raises(ServerError) as refused:
                await nobody.mine()
            assert refused.value.code == "no-player"
            for c in (ana, ana2, bo, nobody):
                await c.close()
    run(main())


def test_a_player_takes_a_seat_back_without_its_token():
    async def main():
        async with running_server() as (server, url):
            ana, bo, code = await duel_of(url)
            old = ana.picture.token
            await ana.close()
            thief = await Seat.open(url)  # another player cannot, nor a connection naming none
            await thief.send(proto.hello("x", BO))
            await thief.expect("welcome")
            await thief.send(proto.resume(code, 0, None))
            assert (await thief.expect("error"))["code"] == "bad-token"
            await thief.close()
            back = await player(url, ANA)  # Ana's Tatami lost the token (a crash while it changed)
            picture = await back.resume(code, 0, None)
            assert picture.seat == 0 and picture.token not in (None, old) and picture.table == code
            await back.close()
            await bo.close()
    run(main())
