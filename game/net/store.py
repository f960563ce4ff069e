"""The server's tables kept in SQLite: :class:`SqliteTableStore`, a
:class:`game.net.tablestore.TableStore` (docs/PROTOCOL.md "Tables kept"; headless, the standard
``sqlite3``).

Three tables: ``tables`` (code, game, seat kinds, names, options, seed, a test's setup, when created
and finished, the creator's seat), ``seats`` (a taken seat's name and its token's SHA-256; never
the token) and ``actions`` (every action and undo of a table with its seat, and every seat given to
an AI for its dropped person or taken back by that person, numbered in order). Every write is
committed before its method returns, so a server killed at any moment (even with SIGKILL) and
started again on the file finds every table where its clients last saw it.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the process being
killed (not a power cut), and writes only to the write-ahead log, never waiting for the disk.
Copying the log into the database file (a checkpoint, which does wait for the disk: tens of ms
on a busy one) is SQLite's own business after each commit unless the server takes it over
(:meth:`SqliteTableStore.take_over_checkpoints`): then its event loop never stalls on it, and
:meth:`SqliteTableStore.checkpoint` runs it from a thread of the server's on a connection of its
own. ``":memory:"`` keeps nothing (tests, a server without ``--db``).

Every :class:`~game.net.tablestore.TableStore` method raises
:class:`~game.net.tablestore.StoreError` for an ``sqlite3.Error`` (its ``__cause__``).
:class:`Store` is the class's former name, and the names of :mod:`game.net.tablestore` are
re-exported, for the modules that import them from here.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from .. import system
from .tablestore import (ACT, BACK, KEEP_FINISHED_S, KEEP_UNJOINED_S, STAND_IN, UNDO, SavedTable, StoreError,
                         store_errors, token_hash)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL, names TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, setup TEXT, created REAL NOT NULL, finished REAL,
    creator INTEGER, clock TEXT, deadline REAL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
    player TEXT, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
    action TEXT NOT NULL, ply INTEGER NOT NULL, PRIMARY KEY (code, seq));
"""

#: The methods' decorator: SQLite's errors raised as StoreError.
_store_errors = store_errors(sqlite3.Error)


class SqliteTableStore:
    """The tables' database (a :class:`~game.net.tablestore.TableStore`): one connection, used by
    one thread at a time (the server's event loop; it may be made in another thread, e.g. before
    the app starts its hosting thread), and one of its own for :meth:`checkpoint`.

    A database is read whole before it is used (issue 33, item 17): one SQLite cannot read whole
    (``PRAGMA quick_check``), or that has lost one of its three tables, is refused — never served
    half, never given an empty table in place of a lost one (its tables would replay without
    their actions). :attr:`fresh` says whether it held no tables yet (a new or empty file).

    Args:
        path: the SQLite file (created with its folder), or ``":memory:"``.
    Raises:
        StoreError: the file is not a database, is damaged or has lost a table (one line naming
            the file and the problem).
        OSError: the file or its folder cannot be made.
    """

    def __init__(self, path: str | Path = ":memory:") -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            system.private_file(path)  # (0600: its tokens' hashes and names are nobody else's)
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.fresh = self._read_whole()
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise StoreError(f"{self.path} is not a Tatami database or is damaged ({exc})") from exc
        except StoreError:
            self.db.close()
            raise
        self.db.executescript(_SCHEMA)
        columns = {str(r[1]) for r in self.db.execute("PRAGMA table_info(tables)")}
        for column, kind in (("creator", "INTEGER"), ("clock", "TEXT"), ("deadline", "REAL")):
            if column not in columns:  # a database of a server before the column
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
        if "player" not in {str(r[1]) for r in self.db.execute("PRAGMA table_info(seats)")}:
            self.db.execute("ALTER TABLE seats ADD COLUMN player TEXT")
        self._seq: dict[str, int] = {}
        self._checkpointer: sqlite3.Connection | None = None  # opened by the first checkpoint()
        self._checkpoint_lock = threading.Lock()  # one checkpoint() at a time; never during close()
        self._closed = False

    def _read_whole(self) -> bool:
        """Check the database before use; True when it holds none of the store's tables (new).

        Raises:
            StoreError: a table of the three lost, or a page SQLite cannot read.
            sqlite3.DatabaseError: not a database at all."""
        names = {str(r[0]) for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        ours = {"tables", "seats", "actions"}
        if not names & ours:
            return True
        if not ours <= names:
            lost = ", ".join(sorted(ours - names))
            raise StoreError(f"{self.path} has lost its {lost} table (not made again: its tables would replay "
                             f"without it)")
        problems = [str(r[0]) for r in self.db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            found = [line.strip() for p in problems for line in p.splitlines()
                     if line.strip() and not line.startswith("***")] or problems
            raise StoreError(f"{self.path} is damaged: {found[0]} ({len(found)} problem(s) found)")
        return False

    @_store_errors
    def close(self) -> None:
        """Close the connections (pending nothing: every write is committed at once); SQLite
        copies the log into the database file as its last connection closes (the writer's, after
        the checkpoints' own), checkpoints taken over or not."""
        with self._checkpoint_lock:
            self._closed = True
            if self._checkpointer is not None:
                self._checkpointer.close()
                self._checkpointer = None
            self.db.close()

    @_store_errors
    def take_over_checkpoints(self) -> None:
        """From now on SQLite no longer copies the write-ahead log into the database file after a
        commit (``wal_autocheckpoint=0``): the caller runs :meth:`checkpoint` every second or so,
        off the thread that writes (the server: ``asyncio.to_thread``), so that no commit waits
        for the disk. Nothing to take over for ``":memory:"``."""
        if self.path != ":memory:":
            self.db.execute("PRAGMA wal_autocheckpoint=0")

    @_store_errors
    def checkpoint(self) -> tuple[int, int]:
        """Copy what the write-ahead log holds into the database file, from any thread, on a
        connection of its own, ``PASSIVE``: it neither waits for nor blocks the writer (what a
        commit adds meanwhile waits for the next one). Returns SQLite's (log frames, frames
        copied); ``(0, 0)`` for ``":memory:"`` or after :meth:`close`.

        Raises:
            StoreError: the database cannot be read or written (the caller logs it; the log is
                kept and copied by the next checkpoint)."""
        if self.path == ":memory:":
            return (0, 0)
        with self._checkpoint_lock:
            if self._closed:
                return (0, 0)
            if self._checkpointer is None:
                self._checkpointer = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            row = self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            return (int(row[1]), int(row[2]))

    @_store_errors
    def add_table(self, saved: SavedTable) -> None:
        """Keep a new table's setup (before its code is given to anyone)."""
        with self.db:
            self.db.execute("INSERT INTO tables (code, game, seats, names, options, seed, setup, created, creator, clock) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (
                                saved.code, saved.game, json.dumps(saved.seats), json.dumps(saved.names),
                                json.dumps(saved.options, sort_keys=True), saved.seed,
                                None if saved.setup is None else json.dumps(saved.setup), time.time(), saved.creator,
                                None if saved.clock is None else json.dumps(saved.clock, sort_keys=True)))
        self._seq[saved.code] = 0

    @_store_errors
    def take_seat(self, code: str, seat: int, name: str, token_sha: str, player_sha: str | None = None) -> None:
        """Keep that a person took ``seat`` as ``name`` with the token whose hash is ``token_sha``
        (a player whose secret hashes to ``player_sha``, or None)."""
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO seats (code, seat, name, token_hash, player) VALUES (?, ?, ?, ?, ?)",
                            (code, seat, name, token_sha, player_sha))

    @_store_errors
    def set_creator(self, code: str, seat: int) -> None:
        """Keep that ``seat`` is the table's creator (the first seat taken)."""
        with self.db:
            self.db.execute("UPDATE tables SET creator = ? WHERE code = ?", (seat, code))

    @_store_errors
    def add_action(self, code: str, seat: int, kind: str, action: str, ply: int) -> None:
        """Append one row (kind :data:`ACT`, :data:`UNDO`, :data:`STAND_IN` or :data:`BACK`, see
        :class:`SavedTable`) to the table's list, committed."""
        seq = self._seq.get(code)
        if seq is None:
            row = self.db.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE code = ?", (code,)).fetchone()
            seq = int(row[0])
        with self.db:
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", (code, seq, seat, kind, action, ply))
        self._seq[code] = seq + 1

    def add_actions(self, code: str, rows: list[tuple[int, str, str, int]]) -> None:
        """Several :meth:`add_action` rows ``(seat, kind, action, ply)``, each committed in turn."""
        for seat, kind, action, ply in rows:
            self.add_action(code, seat, kind, action, ply)

    @_store_errors
    def finish(self, code: str) -> None:
        """Mark the table finished now (it is no longer restored; deleted after
        :data:`KEEP_FINISHED_S`)."""
        with self.db:
            self.db.execute("UPDATE tables SET finished = ? WHERE code = ?", (time.time(), code))

    @_store_errors
    def forget_old(self, now: float | None = None) -> int:
        """Delete the tables finished more than :data:`KEEP_FINISHED_S` ago and those no seat
        was taken at made more than :data:`KEEP_UNJOINED_S` ago; returns how many."""
        now = time.time() if now is None else now
        with self.db:
            codes = [r[0] for r in self.db.execute(
                "SELECT code FROM tables WHERE finished IS NOT NULL AND finished < ?", (now - KEEP_FINISHED_S,))]
            codes += [r[0] for r in self.db.execute(
                "SELECT code FROM tables t WHERE finished IS NULL AND created < ? AND NOT EXISTS "
                "(SELECT 1 FROM seats s WHERE s.code = t.code)", (now - KEEP_UNJOINED_S,))]
            for code in codes:
                for table in ("actions", "seats", "tables"):
                    self.db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))
        return len(codes)

    @_store_errors
    def set_deadline(self, code: str, when: float | None) -> None:
        """Keep when a seat's time at the table runs out next (None: no clock runs)."""
        with self.db:
            self.db.execute("UPDATE tables SET deadline = ? WHERE code = ?", (when, code))

    @_store_errors
    def due(self, now: float) -> list[str]:
        """The unfinished tables whose deadline is at or before ``now``, the earliest first."""
        return [str(r[0]) for r in self.db.execute(
            "SELECT code FROM tables WHERE finished IS NULL AND deadline <= ? ORDER BY deadline, code", (now,))]

    @_store_errors
    def tables_of(self, player_sha: str) -> list[tuple[str, int]]:
        """The unfinished tables the player took a seat at: ``(code, seat)``, oldest first."""
        return [(str(c), int(s)) for c, s in self.db.execute(
            "SELECT t.code, s.seat FROM seats s JOIN tables t ON t.code = s.code WHERE s.player = ? AND "
            "t.finished IS NULL ORDER BY t.created, t.code, s.seat", (player_sha,))]

    @_store_errors
    def unfinished(self) -> list[str]:
        """The codes of every table not finished, oldest first (:meth:`load` reads each)."""
        return [str(r[0]) for r in self.db.execute(
            "SELECT code FROM tables WHERE finished IS NULL ORDER BY created, code")]

    @_store_errors
    def load(self, code: str) -> SavedTable:
        """One table as kept.

        Raises:
            KeyError: no such table.
            ValueError: a row that is not what this module wrote."""
        row = self.db.execute(
            "SELECT game, seats, names, options, seed, setup, finished, creator, clock FROM tables WHERE code = ?",
            (code,)).fetchone()
        if row is None:
            raise KeyError(code)
        game, seats, names, options, seed, setup, finished, creator, clock = row
        saved = SavedTable(code, str(game), list(json.loads(seats)), list(json.loads(names)),
                           dict(json.loads(options)), int(seed), None if setup is None else dict(json.loads(setup)),
                           finished=finished is not None, creator=None if creator is None else int(creator),
                           clock=None if clock is None else dict(json.loads(clock)))
        for seat, name, sha, player in self.db.execute(
                "SELECT seat, name, token_hash, player FROM seats WHERE code = ? ORDER BY rowid", (code,)):
            saved.taken[int(seat)] = (str(name), str(sha))
            if player is not None:
                saved.players[int(seat)] = str(player)
            if saved.creator is None:  # a table kept before the creator was: its first seat taken
                saved.creator = int(seat)
        saved.actions = [(int(s), str(k), str(a), int(p)) for s, k, a, p in self.db.execute(
            "SELECT seat, kind, action, ply FROM actions WHERE code = ? ORDER BY seq", (code,))]
        self._seq[code] = len(saved.actions)
        return saved


#: The class's former name (the app's hosting, ``python -m game serve`` and the tests import it).
Store = SqliteTableStore


__all__ = ["ACT", "BACK", "KEEP_FINISHED_S", "STAND_IN", "UNDO", "SavedTable", "SqliteTableStore", "Store",
           "StoreError", "token_hash"]
