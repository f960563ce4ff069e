"""A server that cannot be filled or fooled (issue 33, items 16, 18 and 19), against a real server
on the loopback (tests/net_support.py) and real WebSocket clients — a second client address is
127.0.0.2, which the loopback answers from too:

* a name is cleaned of direction overrides, zero-width and other invisible characters before any
  seat sees it (and one that cleans to nothing is "?");
* one address holds at most so many connections (the next is closed, 1013: try again later) and so
  many tables waiting for players (the next ``create`` is ``busy``), and a flood from it never
  stops another address from creating a table;
* a table nobody joined expires (from memory, and from the database: not restored after it);
* the server's database file is readable by its user only (0600 on POSIX);
* a database the server cannot read whole (garbage in it, a table lost) is refused in one line,
  never served half; an empty one is said; a table whose rows cannot be replayed is answered
  ``damaged`` while the others are served (item 17);
* a seat's token is rotated at every resume, the automatic ones too: the old one stops working
  (item 19).
"""
from __future__ import annotations

import asyncio
import os
import sqlite3
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
from game.net.tablestore import KEEP_UNJOINED_S, StoreError
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


# ------------------------------------------------------------------------------------------------
# item 17: a database the server cannot read whole
# ------------------------------------------------------------------------------------------------
def kept_tables(db: Path, count: int = 40) -> list[str]:
    """``count`` KAITO tables kept in ``db``, each with a seat taken and two actions played by a
    real server's rules (every row valid); returns their codes."""
    import random

    from game.net.table import Table
    from game.registry import get as get_game

    store = SqliteTableStore(db)
    codes = []
    try:
        for i in range(count):
            code = proto.new_table_code()
            table = Table(code, get_game("kaito"), ["open", "easy"], [None, None], {}, i + 1, store)
            store.add_table(table.saved())
            table.take(f"Player {i}", 0)
            rng = random.Random(i)
            for _ in range(2):  # (the AI places the Kaito, the person moves)
                seat = table.match.to_act()[0]
                action = rng.choice(table.match.legal_actions(seat))
                table.match.apply(seat, action)
                store.add_action(code, seat, "act", action, table.match.ply)
            codes.append(code)
    finally:
        store.close()
    return codes


def serve_once(db: Path) -> tuple[int | None, str, str]:
    """``python -m game serve --port 0 --db DB`` until it serves or exits: ``(exit status or
    None while serving, its first stdout line, its stderr so far)``; a serving one is stopped."""
    import subprocess
    import sys

    from net_support import ROOT

    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0", "--db",
                             str(db)], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline().strip()
    if line.startswith("serving "):
        proc.terminate()
    out, err = proc.communicate(timeout=WAIT_S)
    return (None if line.startswith("serving ") else proc.returncode), line, err


def test_a_database_with_garbage_in_its_middle_is_refused_in_one_line(tmp_path):
    db = tmp_path / "tables.db"
    kept_tables(db)
    data = bytearray(db.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 4096] = bytes(random_bytes(4096))
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="damaged|not a Tatami database"):
        SqliteTableStore(db)
    status, line, err = serve_once(db)
    assert status == 1 and not line
    said = [x for x in err.splitlines() if x.strip()]
    assert len(said) == 1 and str(db) in said[0] and "cannot be used" in said[0]


def test_a_database_that_lost_a_table_is_refused_not_made_again(tmp_path):
    db = tmp_path / "tables.db"
    kept_tables(db, 3)
    with sqlite3.connect(db) as raw:
        raw.execute("DROP TABLE actions")
    with pytest.raises(StoreError, match="lost its actions table"):
        SqliteTableStore(db)
    with sqlite3.connect(db) as raw:  # (nothing was made again)
        assert "actions" not in {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    status, _line, err = serve_once(db)
    assert status == 1 and "lost its actions table" in err


def test_an_empty_database_is_said(tmp_path):
    db = tmp_path / "empty.db"
    db.write_bytes(b"")
    status, line, err = serve_once(db)
    assert status is None and line.startswith("serving ")
    assert "holds no tables yet: starting on an empty database" in err
    assert SqliteTableStore(db).fresh is False  # (the server made its tables: not empty now)


def test_a_table_whose_rows_cannot_be_replayed_is_said_and_the_others_served(tmp_path):
    db = tmp_path / "tables.db"
    good, bad = kept_tables(db, 2)
    store = SqliteTableStore(db)
    store.add_action(bad, 0, "act", "z9", 3)  # (a row the rules refuse)
    store.close()

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        async with running_server(SqliteTableStore(db)) as (server, url):
            assert good in server.tables and bad not in server.tables and bad in server.damaged
            seat = await seat_from(url)
            await seat.send(proto.join(bad, "Ana"))
            refused = await seat.expect("error")
            await seat.send(proto.join(good, "Ana"))
            answered = await seat.expect("error")  # (its one open seat is taken: but it is served)
            await seat.close()
            return refused, answered
    refused, answered = asyncio.run(main())
    assert refused["code"] == "damaged" and answered["code"] == "table-full"


def random_bytes(n: int) -> bytes:
    import random

    return bytes(random.Random(17).randrange(256) for _ in range(n))


def test_the_apps_own_damaged_database_is_set_aside_and_hosting_starts_again(tmp_path):
    """The app's own server (hosting) on a damaged database: the file is moved aside as
    ``<name>.bad`` (kept, never overwritten), a notice says so, and hosting starts on a new one."""
    from scenes.online.session import Hosting
    from scenes.shell import notices

    db = tmp_path / "hosted.db"
    kept_tables(db, 3)
    with sqlite3.connect(db) as raw:
        raw.execute("DROP TABLE seats")
    notices.reset()
    hosting = Hosting(db, "127.0.0.1")
    try:
        assert hosting.server.tables == {} and SqliteTableStore(db).fresh is False
        bad = tmp_path / "hosted.db.bad"
        assert bad.exists()
        with sqlite3.connect(bad) as raw:  # (kept as it was, for whoever wants it back)
            assert "seats" not in {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        told = [n.text() for n in notices.take()]
        assert any("tables hosted on this computer" in t and "hosted.db.bad" in t for t in told), told
    finally:
        hosting.stop()


class FullDisk(SqliteTableStore):
    """The SQLite store, its disk full while ``full`` is set (``add_action`` fails as SQLite's
    ``SQLITE_FULL`` would: a :class:`StoreError`)."""

    full = False
    full_for_ai = False  # (only the AI's moves, kept by add_actions)

    def add_action(self, code: str, seat: int, kind: str, action: str, ply: int) -> None:
        if self.full:
            raise StoreError("add_action: database or disk is full")
        super().add_action(code, seat, kind, action, ply)

    refused = 0  # (how many add_actions were refused)

    def add_actions(self, code: str, rows: list[tuple[int, str, str, int]]) -> None:
        if self.full or self.full_for_ai:
            self.refused += 1
            raise StoreError("add_actions: database or disk is full")
        super().add_actions(code, rows)


@pytest.mark.parametrize("clock", [None, {"allowance": 86400, "per_move": 3600, "on_timeout": "ai"}],
                         ids=["real-time", "turn-based"])
def test_an_action_the_store_cannot_keep_is_not_played_and_is_said(tmp_path, clock):
    """Issue 33, item 19: on a full disk the game silently stayed at an older position. An action
    the store cannot keep is refused (``not-kept``) and not played — the table, the seats and a
    restart agree — and the app says it in one sentence; once the disk has room it is played. The
    same at a turn-based table (issue 35: the action applied before its write, with the clocks
    after it: both taken back)."""
    from scenes.play.online_frame import refusal_line

    db = tmp_path / "tables.db"
    store = FullDisk(db)

    async def main() -> tuple[dict[str, Any], int, int]:
        async with running_server(store) as (server, url):
            ana, ben = await seat_from(url), await seat_from(url)
            code = await ana.create("kaito", ["open", "open"], **({"clock": clock} if clock else {}))
            await ana.join(code, "Ana", 0)
            state = await ben.join(code, "Ben", 1)
            to_act = [s for s in (ana, ben) if s.seat in state["to_act"]][0]
            while not to_act.last.get("legal"):
                await to_act.expect("update")
            action, ply = to_act.last["legal"][0], to_act.last["ply"]
            table = server.tables[code]
            times = table.clocks.to_text() if table.clocks is not None else None
            store.full = True
            await to_act.send(proto.act(action, ply))
            refused = await to_act.expect("error")
            before = table.match.ply
            assert (table.clocks.to_text() if table.clocks is not None else None) == times  # (taken back too)
            store.full = False
            await to_act.send(proto.act(action, ply))
            played = await to_act.expect("update")
            await ana.close()
            await ben.close()
            return refused, before, played["ply"]
    refused, before, after = asyncio.run(main())
    assert refused["code"] == "not-kept" and before == 0 and after == 1
    kept = SqliteTableStore(db)
    try:
        actions = kept.load(kept.unfinished()[0]).actions
        assert len([row for row in actions if row[1] == "act"]) == 1  # (the one played, kept once)
    finally:
        kept.close()
    assert refusal_line("not-kept") == "The server could not save that move, so it was not played: try again."


def test_a_token_is_rotated_at_every_resume_and_the_old_one_stops_working(tmp_path):
    """Issue 33, item 19: every resume answers a new token (``joined``); the old one is refused
    ``bad-token`` from then on — also after the server restarts on its database."""
    db = tmp_path / "tables.db"

    async def main() -> tuple[str, str, str]:
        async with running_server(SqliteTableStore(db)) as (server, url):
            host = await seat_from(url)
            code = await host.create("kaito", ["open", "easy"])
            await host.join(code, "Ana")
            first = host.token
            await host.close()
            again = await seat_from(url)
            await again.resume(code, 0, first)
            second = again.token
            assert second and second != first
            await again.close()
            thief = await seat_from(url)
            await thief.send(proto.resume(code, 0, first))
            assert (await thief.expect("error"))["code"] == "bad-token"
            await thief.close()
            return code, first, second
    code, first, second = asyncio.run(main())

    async def restart() -> None:
        async with running_server(SqliteTableStore(db)) as (_server, url):
            old = await seat_from(url)
            await old.send(proto.resume(code, 0, first))
            assert (await old.expect("error"))["code"] == "bad-token"
            await old.close()
            kept = await seat_from(url)
            await kept.resume(code, 0, second)
            assert kept.token not in (first, second)
            await kept.close()
    asyncio.run(restart())


def test_a_client_that_resumes_by_itself_takes_the_new_token():
    """A dropped connection resumes by itself (game/net/client.py): the picture then holds the
    new token, and the next resume uses it."""
    async def main() -> None:
        async with running_server() as (server, url):
            client = Client(url, reconnect_for=10.0)
            await client.connect()
            code = await client.create("kaito", ["open", "easy"])
            await client.join(code, "Ana")
            seen = [client.picture.token]
            for _round in range(2):
                conn = next(iter(server.tables[code].peers.values()))
                n = client.reconnections
                conn.close(1011, "dropped by the test")
                await client.wait(lambda p: client.reconnections > n and client.connected, WAIT_S)
                assert client.picture.token not in seen  # (the second resume used the first new one)
                seen.append(client.picture.token)
            await client.close()
    asyncio.run(main())


def test_ai_moves_the_store_cannot_keep_are_taken_back_and_tried_again(tmp_path, monkeypatch):
    """An AI's moves on a full disk stayed applied but unkept (a restart lost them). Now they are
    taken back — the seats are told nothing — and the AI tries again once the disk has room."""
    from game.net import drivers as drivers_module

    monkeypatch.setattr(drivers_module, "BOT_RETRY_S", 0.2)
    db = tmp_path / "tables.db"
    store = FullDisk(db)

    async def main() -> None:
        async with running_server(store) as (server, url):
            ana = await seat_from(url)
            code = await ana.create("kaito", ["open", "easy"])
            await ana.join(code, "Ana", 0)
            table = server.tables[code]
            while not ana.last.get("legal"):  # (the AI places the Kaito first)
                await ana.expect("update")
            store.full_for_ai = True
            ply = ana.last["ply"]
            await ana.send(proto.act(ana.last["legal"][0], ply))
            assert (await ana.expect("update"))["ply"] == ply + 1  # this seat's move, kept and told
            deadline = time.monotonic() + WAIT_S
            while store.refused < 2:  # the AI tried, was refused, and tried again after a while
                assert time.monotonic() < deadline, "the AI never tried to move"
                await asyncio.sleep(0.01)
            async with table.lock:
                assert table.match.ply == ply + 1 and ana.last["ply"] == ply + 1  # taken back, nothing told
            store.full_for_ai = False
            answer = await ana.expect("update")
            assert answer["ply"] == ply + 2 and answer["actions"][0]["seat"] == 1
            await ana.close()
    asyncio.run(main())
    kept = SqliteTableStore(db)
    try:
        assert len(kept.load(kept.unfinished()[0]).actions) == 3  # the placement, the move, the answer
    finally:
        kept.close()
