"""Where the server keeps its tables (docs/PROTOCOL.md "Tables kept"): the
:class:`game.net.tablestore.TableStore` interface.

The tests of the first part run against every implementation (the ``store`` fixture, over
``net_support.TABLE_STORES``) and use only the interface's methods: what is added is loaded as
added, the actions in order, the unfinished tables listed oldest first, finished ones forgotten
after :data:`KEEP_FINISHED_S`, a table replayed from what was kept, a server on each store.
The last part is about SQLite only (:class:`game.net.store.SqliteTableStore`'s write-ahead log and
its checkpoints, a database of an older server, its errors); the store's file surviving a server
killed with SIGKILL is tests/test_net_restart.py's.
"""
from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import threading
import time

import pytest

from game.net import upkeep as upkeep_module
from game.net.store import SqliteTableStore, Store
from game.net.table import Table
from game.net.tablestore import (ACT, BACK, KEEP_FINISHED_S, KEEP_UNJOINED_S, STAND_IN, UNDO, SavedTable, StoreError,
                                 TableStore, token_hash)
from game.registry import get as get_game
from net_support import TABLE_STORES, play_all, running_server, table_of


@pytest.fixture(params=sorted(TABLE_STORES))
def store(request, tmp_path):
    """A new, empty store of each implementation (closed after the test)."""
    made = TABLE_STORES[request.param](tmp_path)
    assert isinstance(made, TableStore)
    yield made
    made.close()


def saved_table(code: str = "ABCDEFGHJK", **kw) -> SavedTable:
    fields = dict(game="sushi-draft", seats=["open", "easy", "open"], names=[None, "Robo", None],
                  options={"rounds": 3, "nested": {"b": [1, 2], "a": None}}, seed=(1 << 62) - 1)
    fields.update(kw)
    return SavedTable(code, **fields)


# -- every implementation -----------------------------------------------------------------------------

def test_a_table_is_loaded_as_it_was_added(store):
    saved = saved_table(setup={"deals": [[["a", "b"]]], "n": 3})
    store.add_table(saved)
    assert store.load(saved.code) == saved  # no seat taken, no action, unfinished, no creator yet
    store.add_table(saved_table("MNPQRSTUVW", game="kaito", seats=["open", "open"], names=["Ana", None], options={},
                                seed=0, creator=1))
    other = store.load("MNPQRSTUVW")
    assert (other.game, other.seats, other.names, other.options, other.seed, other.setup, other.creator) == (
        "kaito", ["open", "open"], ["Ana", None], {}, 0, None, 1)
    assert store.load(saved.code) == saved  # the other table changed nothing of the first


def test_a_table_never_added_is_a_key_error(store):
    with pytest.raises(KeyError):
        store.load("ZZZZZZZZZZ")
    store.add_table(saved_table())
    with pytest.raises(KeyError):
        store.load("ZZZZZZZZZZ")


def test_seats_taken_and_the_creator(store):
    store.add_table(saved_table())
    store.take_seat("ABCDEFGHJK", 2, "Ben", token_hash("b" * 32))
    store.take_seat("ABCDEFGHJK", 0, "Ana", token_hash("a" * 32))
    saved = store.load("ABCDEFGHJK")
    assert list(saved.taken.items()) == [(2, ("Ben", token_hash("b" * 32))), (0, ("Ana", token_hash("a" * 32)))]
    assert saved.creator == 2  # none set: the first seat taken
    store.set_creator("ABCDEFGHJK", 0)
    assert store.load("ABCDEFGHJK").creator == 0
    store.take_seat("ABCDEFGHJK", 2, "Bea", token_hash("c" * 32))  # taken again: replaced
    assert store.load("ABCDEFGHJK").taken == {0: ("Ana", token_hash("a" * 32)), 2: ("Bea", token_hash("c" * 32))}
    assert len(token_hash("x")) == 64 and token_hash("x") == token_hash("x") != token_hash("y")


def test_actions_are_kept_in_order_per_table(store):
    store.add_table(saved_table())
    store.add_table(saved_table("MNPQRSTUVW"))
    rows = [(0, ACT, "take:3", 1), (1, ACT, "take:0", 2), (0, UNDO, "", 0), (2, STAND_IN, "easy", 0),
            (2, ACT, "take:1", 1), (2, BACK, "", 1)]
    for i, (seat, kind, action, ply) in enumerate(rows):
        store.add_action("ABCDEFGHJK", seat, kind, action, ply)
        if i == 2:
            store.add_action("MNPQRSTUVW", 1, ACT, "other", 1)  # another table's, in between
    store.add_actions("ABCDEFGHJK", [(0, ACT, "take:4", 2), (1, ACT, "take:2", 3)])
    store.add_actions("ABCDEFGHJK", [])
    rows += [(0, ACT, "take:4", 2), (1, ACT, "take:2", 3)]
    assert store.load("ABCDEFGHJK").actions == rows
    # appending after a load goes on at the end
    store.add_action("ABCDEFGHJK", 0, ACT, "last", 4)
    assert store.load("ABCDEFGHJK").actions == [*rows, (0, ACT, "last", 4)]
    assert store.load("MNPQRSTUVW").actions == [(1, ACT, "other", 1)]


def test_finished_tables_are_not_listed_and_are_forgotten_later(store):
    for code in ("ZZZZZZZZZZ", "AAAAAAAAAA", "MMMMMMMMMM"):
        store.add_table(saved_table(code))
        store.take_seat(code, 0, "Ana", token_hash("a" * 32))  # (joined: an unjoined one expires, below)
        time.sleep(0.01)  # (created one after the other)
    assert store.unfinished() == ["ZZZZZZZZZZ", "AAAAAAAAAA", "MMMMMMMMMM"]  # the oldest first
    store.add_action("AAAAAAAAAA", 0, ACT, "x", 1)
    store.finish("AAAAAAAAAA")
    assert store.unfinished() == ["ZZZZZZZZZZ", "MMMMMMMMMM"]
    done = store.load("AAAAAAAAAA")
    assert done.finished and done.actions == [(0, ACT, "x", 1)]
    assert store.forget_old() == 0  # finished just now: kept
    assert store.forget_old(time.time() + KEEP_FINISHED_S - 60) == 0
    assert store.forget_old(time.time() + KEEP_FINISHED_S + 60) == 1
    with pytest.raises(KeyError):
        store.load("AAAAAAAAAA")
    assert store.unfinished() == ["ZZZZZZZZZZ", "MMMMMMMMMM"]
    assert store.forget_old(time.time() + 10 * KEEP_FINISHED_S) == 0  # unfinished joined ones are never forgotten


def test_a_table_no_seat_was_taken_at_is_forgotten_after_a_while(store):
    """Issue 33, item 16: a ``create`` nobody follows with a ``join`` does not stay."""
    store.add_table(saved_table("UUUUUUUUUU"))
    store.add_table(saved_table("JJJJJJJJJJ"))
    store.take_seat("JJJJJJJJJJ", 0, "Ana", token_hash("a" * 32))
    assert store.forget_old(time.time() + KEEP_UNJOINED_S - 60) == 0
    assert store.forget_old(time.time() + KEEP_UNJOINED_S + 60) == 1
    assert store.unfinished() == ["JJJJJJJJJJ"]
    with pytest.raises(KeyError):
        store.load("UUUUUUUUUU")


def _play(table: Table, seats: list[int], rng: random.Random, plies: int) -> None:
    """``plies`` actions at ``table``: the AI seats' (kept), else a person's (of ``seats``) random one."""
    for _ in range(plies):
        m = table.match
        if m.is_over():
            return
        if table.bots_due():
            table.keep_bots(table.bot_step())
            continue
        seat = next(s for s in m.to_act() if s in seats)
        table.act(seat, rng.choice(m.legal_actions(seat)), m.ply)


def test_a_table_replays_from_its_store(store):
    """A table played with its store (actions, an undo, its AI, a seat given to an AI and taken
    back) is replayed from what the store kept, exactly; once over, it is kept finished."""
    rng = random.Random(5)
    table = Table("ABCDEFGHJK", get_game("kaito"), ["open", "open"], [None, None], {}, 11, store,
                  stand_in_after=0.0)
    store.add_table(table.saved())
    tokens = [table.take(name, None)[1] for name in ("Ana", "Ben")]
    _play(table, [0, 1], rng, 6)
    seat = table.match.to_act()[0]
    if table.match.undo_points(seat):
        table.undo(seat, table.match.ply)
    table.away_since[1] = time.monotonic()  # Ben dropped; Ana gives his seat to an AI
    table.give_to_ai(0, 1, "easy", time.monotonic())
    _play(table, [0], rng, 6)
    table.take_back(1)
    _play(table, [0, 1], rng, 4)

    again = Table.restore(store.load("ABCDEFGHJK"), store)
    assert again.match.state.history == table.match.state.history
    assert (again.creator, again.names, again.ai_after_drop) == (0, ["Ana", "Ben"], {})
    assert [again.check_token(s, t) for s, t in enumerate(tokens)] == [None, None]
    kinds = [kind for _s, kind, _a, _p in store.load("ABCDEFGHJK").actions]
    assert STAND_IN in kinds and BACK in kinds
    assert store.unfinished() == ["ABCDEFGHJK"]
    _play(again, [0, 1], rng, 500)
    assert again.finished and store.load("ABCDEFGHJK").finished and store.unfinished() == []
    assert Table.restore(store.load("ABCDEFGHJK"), store).match.state.history == again.match.state.history


def test_checkpoints_through_the_interface(store):
    """Checkpoints taken over, run from another thread while the writer goes on: ``(pending,
    moved)`` counts, whatever the store moves; nothing after ``close``."""
    store.take_over_checkpoints()
    store.add_table(saved_table())
    results = []
    worker = threading.Thread(target=lambda: results.append(store.checkpoint()))
    worker.start()
    for i in range(50):
        store.add_action("ABCDEFGHJK", 0, ACT, f"a{i}", i + 1)
    worker.join(30)
    for pending, moved in (*results, store.checkpoint()):
        assert isinstance(pending, int) and isinstance(moved, int) and 0 <= moved <= pending
    assert len(store.load("ABCDEFGHJK").actions) == 50
    store.close()
    assert store.checkpoint() == (0, 0)


def test_a_server_plays_and_keeps_on_each_store(store):
    """A server keeps its tables in the store it is given: a whole game, then the store has it
    finished with every action the record holds."""
    async def main():
        async with running_server(store) as (server, url):
            code, seats = await table_of(url, "kaito", ["open", "easy"])
            await play_all(seats, seed=3)
            history = [(s, a) for s, a in server.tables[code].match.state.history]
            for s in seats:
                await s.close()
            saved = store.load(code)
            assert saved.finished and [(s, a) for s, k, a, _p in saved.actions if k == ACT] == history
    asyncio.run(asyncio.wait_for(main(), 300))


class _FailingCheckpoints:
    """A :class:`TableStore` whose checkpoints fail (its storage went away for a while): every
    other call goes to ``store``."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.tries = 0

    def checkpoint(self) -> tuple[int, int]:
        self.tries += 1
        raise StoreError("checkpoint: disk I/O error")

    def __getattr__(self, name: str):
        return getattr(self.store, name)


def test_a_failing_checkpoint_is_logged_and_the_server_goes_on(store, caplog, monkeypatch):
    monkeypatch.setattr(upkeep_module, "CHECKPOINT_S", 0.05)
    failing = _FailingCheckpoints(store)
    caplog.set_level(logging.WARNING, logger="tatami.net.server")

    async def main():
        async with running_server(failing) as (server, url):
            while failing.tries < 3:
                await asyncio.sleep(0.05)
            code, seats = await table_of(url, "kaito", ["open", "easy"])
            await play_all(seats, seed=4)
            assert server.tables[code].finished and store.load(code).finished
            for s in seats:
                await s.close()
    asyncio.run(asyncio.wait_for(main(), 300))
    assert sum("checkpoint failed" in r.getMessage() for r in caplog.records) >= 3


# -- SQLite only ----------------------------------------------------------------------------------------

def test_checkpoints_taken_over_copy_the_log_off_the_writer(tmp_path):
    """SQLite only (its write-ahead log). A store whose checkpoints the server took over: commits
    only grow the write-ahead log (SQLite copies nothing into the file on its own), ``checkpoint()``
    from another thread copies every frame while the writer goes on, and a second store opened on
    the file reads every table and action, written before and after; a checkpoint after ``close``
    does nothing."""
    db = tmp_path / "tables.db"
    store = Store(db)
    store.take_over_checkpoints()
    table = Table("CODE234567", get_game("kaito"), ["open", "open"], [None, None], {}, 7, store)
    store.add_table(table.saved())
    for i in range(1500):  # past SQLite's own 1000-page autocheckpoint
        store.add_action("CODE234567", i % 2, "act", f"a{i}", i)
    results = []
    worker = threading.Thread(target=lambda: results.append(store.checkpoint()))
    worker.start()
    for i in range(1500, 1600):  # the writer is never held up by the checkpoint
        store.add_action("CODE234567", i % 2, "act", f"a{i}", i)
    worker.join(30)
    frames, copied = results[0]
    # every commit was still in the log (none copied before: SQLite's own checkpoint would have
    # emptied it at 1000 pages), and the checkpoint copied all of those; frames the writer added
    # while it ran may be left for the next one
    assert frames >= 1500 and 1500 <= copied <= frames
    assert store.checkpoint()[1] == store.checkpoint()[0]  # the rest, written meanwhile
    other = Store(db)
    assert [a for _, _, a, _ in other.load("CODE234567").actions] == [f"a{i}" for i in range(1600)]
    other.close()
    store.close()
    assert store.checkpoint() == (0, 0)
    assert Store().checkpoint() == (0, 0)  # in memory: nothing to copy


def test_a_database_from_before_the_creator_column(tmp_path):
    """SQLite only (its schema). A database written before ``tables.creator`` existed gains the
    column on opening; its tables' creator is their first seat taken."""
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL,
            names TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL, setup TEXT,
            created REAL NOT NULL, finished REAL);
        CREATE TABLE seats (code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
            token_hash TEXT NOT NULL, PRIMARY KEY (code, seat));
        CREATE TABLE actions (code TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
            kind TEXT NOT NULL, action TEXT NOT NULL, ply INTEGER NOT NULL, PRIMARY KEY (code, seq));
        INSERT INTO tables VALUES ('ABCDEFGHJK', 'kaito', '["open", "open"]', '[null, null]', '{}', 7, NULL, 1.0,
            NULL);
        INSERT INTO seats VALUES ('ABCDEFGHJK', 1, 'Ben', 'x');
        INSERT INTO seats VALUES ('ABCDEFGHJK', 0, 'Ana', 'y');
    """)
    con.commit()
    con.close()
    store = Store(db)
    try:
        saved = store.load("ABCDEFGHJK")
        assert saved.creator == 1 and saved.taken == {1: ("Ben", "x"), 0: ("Ana", "y")}
        store.set_creator("ABCDEFGHJK", 0)
        assert store.load("ABCDEFGHJK").creator == 0
    finally:
        store.close()


def test_sqlite_errors_are_store_errors(tmp_path):
    """SQLite only. A failing database (here its connection closed under the store, as a vanished
    disk would leave it) raises :class:`StoreError` from the interface's methods, SQLite's error its
    cause; opening a file that is not a database raises SQLite's own error."""
    store = SqliteTableStore(tmp_path / "tables.db")
    store.add_table(saved_table())
    store.db.close()
    for call in (lambda: store.add_action("ABCDEFGHJK", 0, ACT, "x", 1), store.unfinished,
                 lambda: store.load("ABCDEFGHJK"), lambda: store.finish("ABCDEFGHJK"), store.take_over_checkpoints):
        with pytest.raises(StoreError) as failed:
            call()
        assert isinstance(failed.value.__cause__, sqlite3.Error)
    store.close()
    bad = tmp_path / "not.db"
    bad.write_bytes(b"not a database, " * 64)
    with pytest.raises(StoreError, match="not a Tatami database") as refused:  # (one line, issue 33 item 17)
        SqliteTableStore(bad)
    assert isinstance(refused.value.__cause__, sqlite3.DatabaseError)
    assert Store is SqliteTableStore  # the former name, still imported by the app and the serve command


def test_a_players_seats_and_the_clocks_deadline_are_kept(store):
    """Issue 35: the seats a player took (the hash of its secret) are listed until their table
    finishes and come back with the table; a turn-based table's clock and deadline are kept, and
    ``due`` finds the tables whose deadline has come."""
    clock = {"allowance": 86400.0, "per_move": 3600.0, "on_timeout": "ai"}
    store.add_table(saved_table("AAAAAAAAAA", clock=clock))
    store.add_table(saved_table("BBBBBBBBBB"))
    store.take_seat("AAAAAAAAAA", 1, "Ana", "t" * 64, "p" * 64)
    store.take_seat("BBBBBBBBBB", 0, "Ana", "u" * 64, "p" * 64)
    store.take_seat("BBBBBBBBBB", 1, "Bo", "v" * 64)
    assert store.tables_of("p" * 64) == [("AAAAAAAAAA", 1), ("BBBBBBBBBB", 0)]
    assert store.tables_of("q" * 64) == []
    loaded = store.load("AAAAAAAAAA")
    assert loaded.players == {1: "p" * 64} and loaded.clock == clock
    assert store.load("BBBBBBBBBB").players == {0: "p" * 64} and store.load("BBBBBBBBBB").clock is None
    store.take_seat("AAAAAAAAAA", 1, "Ana", "w" * 64, "p" * 64)  # a new token: still the player's
    assert store.load("AAAAAAAAAA").players == {1: "p" * 64}
    store.set_deadline("AAAAAAAAAA", 1000.0)
    assert store.due(999.0) == [] and store.due(1000.0) == ["AAAAAAAAAA"]
    store.set_deadline("AAAAAAAAAA", None)
    assert store.due(10_000.0) == []
    store.finish("BBBBBBBBBB")
    assert store.tables_of("p" * 64) == [("AAAAAAAAAA", 1)]
