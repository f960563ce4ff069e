"""A server that cannot be filled or fooled (issue 33, items 16, 18 and 19), against a real server
on the loopback (tests/net_support.py) and real WebSocket clients — a second client address is
127.0.0.2, which the loopback answers from too:

* a name is cleaned of direction overrides, zero-width and other invisible characters before any
  seat sees it (and one that cleans to nothing is "?");
* one address holds at most so many connections (the next is closed, 1013: try again later) and so
  many tables waiting for players (the next ``create`` is ``busy``), and a flood from it never
  stops another address from creating a table;
* a table nobody joined expires (from memory, and from the database: not restored after it);
* the server's database file is readable by its user only (0600 on POSIX).
"""
from __future__ import annotations

import asyncio
import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol as proto
from game.net.client import Client, ServerError
from game.net.names import NO_NAME, clean_name
from game.net.server import PER_ADDRESS_CONNECTIONS, PER_ADDRESS_WAITING
from game.net.store import SqliteTableStore
from game.net.tablestore import KEEP_UNJOINED_S
from net_support import WAIT_S, Seat, running_server

#: Another client address of this machine (the loopback answers all of 127.0.0.0/8).
OTHER = "127.0.0.2"


async def seat_from(url: str, local: str | None = None) -> Seat:
    """A :class:`Seat` whose connection comes from the address ``local`` (default: 127.0.0.1)."""
    extra: dict[str, Any] = {"local_addr": (local, 0)} if local else {}
    return Seat(await connect(url, max_size=None, **extra))


def test_a_name_is_cleaned_of_what_would_hide_or_reverse_it():
    assert clean_name("\u202eevil\u200b\u2066x\ufeff") == "evilx"
    assert clean_name("  Ana \t María\n ") == "Ana María"  # (tab and line break dropped, spaces made one)
    assert clean_name("\u200b\u200d\u2028") == NO_NAME
    assert clean_name("Cafe\u0301") == "Café"  # (NFC: one character)
    assert clean_name("漢字 ひらがな") == "漢字 ひらがな" and clean_name("x" * 40) == "x" * proto.MAX_NAME


def test_every_seat_is_told_the_name_cleaned():
    async def main() -> list[Any]:
        async with running_server() as (_server, url):
            ana, ben = await seat_from(url), await seat_from(url)
            code = await ana.create("kaito", ["open", "open"])
            await ana.join(code, "Ana", 0)
            state = await ben.join(code, "\u202eevil\u200b\u2066x\ufeff", 1)
            lobby = await ana.expect("lobby")
            await ana.close()
            await ben.close()
            return [state["seats"][1]["name"], lobby["seats"][1]["name"]]
    assert asyncio.run(main()) == ["evilx", "evilx"]


def test_one_address_cannot_hold_every_connection():
    async def main() -> None:
        async with running_server() as (_server, url):
            held = [await seat_from(url) for _ in range(PER_ADDRESS_CONNECTIONS)]
            one_more = await seat_from(url)
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(one_more.ws.recv(), WAIT_S)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == proto.CLOSE_TRY_LATER
            with pytest.raises(ServerError) as refused:  # the app's client says why
                await Client(url).connect()
            assert refused.value.code == "busy"
            other = await seat_from(url, OTHER)  # another address is served
            await other.send(proto.hello("test"))
            assert (await other.expect("welcome"))["type"] == "welcome"
            await held.pop().close()
            for _ in range(200):  # (the server counts the closed one off as its handler ends)
                again = await seat_from(url)
                await again.send(proto.hello("test"))
                try:
                    await again.expect("welcome")
                    break
                except ConnectionClosed:
                    continue
            else:
                raise AssertionError("no connection was served after one closed")
            for seat in [*held, other, again]:
                await seat.close()
    asyncio.run(main())


def test_a_flood_of_tables_from_one_address_never_stops_another():
    async def main() -> None:
        async with running_server() as (server, url):
            flood = [await seat_from(url) for _ in range(2)]
            codes = []
            for i in range(PER_ADDRESS_WAITING):  # (ten creates a minute per connection)
                codes.append(await flood[i % 2].create("kaito", ["open", "easy"]))
            await flood[0].send(proto.create("kaito", ["open", "easy"]))
            refused = await flood[0].expect("error")
            assert refused["code"] == "busy" and len(server.tables) == PER_ADDRESS_WAITING
            other = await seat_from(url, OTHER)
            mine = await other.create("kaito", ["open", "easy"])
            assert mine in server.tables
            # a table that started waits no longer: the address may create one more
            await flood[1].join(codes[0], "Ana")
            assert server.tables[codes[0]].started
            assert await flood[1].create("kaito", ["open", "easy"]) in server.tables
            for seat in [*flood, other]:
                await seat.close()
    asyncio.run(main())


def test_a_table_nobody_joined_expires_and_is_not_restored(tmp_path):
    db = tmp_path / "tables.db"

    async def main() -> tuple[str, str]:
        async with running_server(SqliteTableStore(db)) as (server, url):
            host = await seat_from(url)
            lonely = await host.create("kaito", ["open", "easy"])
            played = await host.create("kaito", ["open", "easy"])
            await host.join(played, "Ana")
            await host.close()
            assert set(server.sweep(time.monotonic() + KEEP_UNJOINED_S - 1)) == set()
            # (not idle long enough for the joined one to leave memory; the lonely one expired)
            gone = server.sweep(time.monotonic() + KEEP_UNJOINED_S + 1)
            assert gone == [lonely] and played in server.tables
            return lonely, played
    lonely, played = asyncio.run(main())
    store = SqliteTableStore(db)
    try:
        assert set(store.unfinished()) == {lonely, played}  # (its rows: deleted once that much time passed)
        assert store.forget_old(time.time() + KEEP_UNJOINED_S + 1) == 1
        assert store.unfinished() == [played]
    finally:
        store.close()

    async def restart() -> set[str]:
        async with running_server(SqliteTableStore(db)) as (server, _url):
            return set(server.tables)
    assert asyncio.run(restart()) == {played}


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's; on Windows the profile's access list")
def test_the_database_file_is_its_users_alone(tmp_path):
    fresh = tmp_path / "new" / "tables.db"
    store = SqliteTableStore(fresh)
    store.close()
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    old = tmp_path / "old.db"
    SqliteTableStore(old).close()
    os.chmod(old, 0o644)  # a database of a server before this rule
    SqliteTableStore(old).close()
    assert stat.S_IMODE(Path(old).stat().st_mode) == 0o600
