"""The server's tables kept in PostgreSQL: :class:`PostgresTableStore`, a
:class:`game.net.tablestore.TableStore` (issue 35, item 1; docs/SERVER.md), for a community server
(``python -m game serve --db postgresql://USER@HOST:PORT/DB``). SQLite stays the embedded store
(:mod:`game.net.store`: the app's own host, ``serve --db FILE``).

The driver is psycopg 3 with psycopg-pool: the server's table code calls its store synchronously
from its event loop (as it does SQLite's) and each write is ONE statement on a connection of the
pool in autocommit mode (its own transaction: one round trip, committed before it returns, so
nothing acted and told is lost when the process dies); a read or write of several statements
runs in an explicit transaction. (asyncio's asyncpg would have asked every caller to await the store; psycopg also has the
well-kept binary wheels and a pool of its own.)

The schema is versioned (:data:`MIGRATIONS`, applied in order at start inside one transaction
holding an advisory lock, so several processes starting at once apply each once): ``tables``,
``seats`` (a taken seat's name and its token's SHA-256, never the token, with the order the seats
were taken) and ``actions`` (every row of a table's list, numbered in order: the next number is
taken in the INSERT itself, so no process keeps a count of its own). A database whose version is
newer than this code knows is refused (:class:`~game.net.tablestore.StoreError`).

Every :class:`~game.net.tablestore.TableStore` method raises
:class:`~game.net.tablestore.StoreError` for a ``psycopg.Error`` (its ``__cause__``).
"""
from __future__ import annotations

import json
import time
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from .tablestore import (KEEP_FINISHED_S, KEEP_UNJOINED_S, LeaseLost, SavedTable, StoreError, is_postgres_url,
                         store_errors)

#: The schema's versions, in order: version ``i + 1`` is made by ``MIGRATIONS[i]`` (never edit one
#: that has shipped: add the next).
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE tables (
        code TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL, names TEXT NOT NULL,
        options TEXT NOT NULL, seed BIGINT NOT NULL, setup TEXT, created DOUBLE PRECISION NOT NULL,
        finished DOUBLE PRECISION, creator INTEGER);
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables (code) ON DELETE CASCADE, seat INTEGER NOT NULL,
        name TEXT NOT NULL, token_hash TEXT NOT NULL, taken BIGSERIAL, PRIMARY KEY (code, seat));
    CREATE TABLE actions (
        code TEXT NOT NULL REFERENCES tables (code) ON DELETE CASCADE, seq INTEGER NOT NULL,
        seat INTEGER NOT NULL, kind TEXT NOT NULL, action TEXT NOT NULL, ply INTEGER NOT NULL,
        PRIMARY KEY (code, seq));
    CREATE INDEX tables_unfinished ON tables (created, code) WHERE finished IS NULL;
    """,
    # 2: several server processes on one database (game/net/pgcluster.py): each process's
    # heartbeat and session lock key, which process holds each table, and the messages between
    # processes too long for a NOTIFY.
    """
    CREATE TABLE processes (
        id TEXT PRIMARY KEY, lock_key BIGINT NOT NULL, seen DOUBLE PRECISION NOT NULL,
        started DOUBLE PRECISION NOT NULL);
    CREATE TABLE owners (
        code TEXT PRIMARY KEY REFERENCES tables (code) ON DELETE CASCADE, process TEXT NOT NULL);
    CREATE INDEX owners_process ON owners (process);
    CREATE TABLE mail (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL, made DOUBLE PRECISION NOT NULL);
    """,
    # 3: turn-based tables (game/net/clock.py): a table's clock, and when a seat's time runs out next.
    """
    ALTER TABLE tables ADD COLUMN clock TEXT, ADD COLUMN deadline DOUBLE PRECISION;
    CREATE INDEX tables_deadline ON tables (deadline) WHERE finished IS NULL AND deadline IS NOT NULL;
    """,
    # 4: a seat's player (the hash of the secret a player's Tatami sends in hello), for the list of
    # a player's tables and a resume without the seat's token.
    """
    ALTER TABLE seats ADD COLUMN player TEXT;
    CREATE INDEX seats_player ON seats (player) WHERE player IS NOT NULL;
    """,
)
#: The advisory lock the migrations are applied under (any constant shared by every process).
MIGRATION_LOCK = 0x7A7A_3435

#: A write's fence (:meth:`PostgresTableStore._write`): this process's hold of the table, locked
#: until the write commits (a takeover waits for it, then sees it); any row without a process id.
_LEASE = "WITH lease AS (SELECT 1 FROM owners WHERE code = %(code)s AND process = %(me)s FOR SHARE) "
_NO_LEASE = "WITH lease AS (SELECT 1) "
#: One action row, numbered after the table's last (the number taken in the statement itself).
_ADD_ACTION = ("INSERT INTO actions SELECT %(code)s, COALESCE(MAX(seq), -1) + 1, %(seat)s, %(kind)s, %(action)s, "
               "%(ply)s FROM actions WHERE code = %(code)s HAVING EXISTS (SELECT 1 FROM lease)")
#: Several action rows in order, numbered after the table's last.
_ADD_ACTIONS = ("INSERT INTO actions SELECT %(code)s, base.n + r.i - 1, r.seat, r.kind, r.action, r.ply "
                "FROM (SELECT COALESCE(MAX(seq), -1) + 1 AS n FROM actions WHERE code = %(code)s) AS base, "
                "unnest(%(seats)b::int[], %(kinds)b::text[], %(actions)b::text[], %(plies)b::int[]) "
                "WITH ORDINALITY AS r(seat, kind, action, ply, i) WHERE EXISTS (SELECT 1 FROM lease)")

#: The methods' decorator: psycopg's errors raised as StoreError.
_store_errors = store_errors(psycopg.Error)


class PostgresTableStore:
    """The tables' database in PostgreSQL (a :class:`~game.net.tablestore.TableStore`).

    Args:
        url: a libpq connection string or URL, ``postgresql://USER@HOST:PORT/DB``.
        pool_size: most connections the pool opens (one is opened at start).
        process: this server process's id among several on the database
            (:class:`game.net.pgcluster.PostgresCluster`), or None for a process alone on it.
            With an id, every write for a table is fenced: made only while this process holds
            the table (its row in ``owners``, locked FOR SHARE in the writing transaction, so a
            takeover waits for the write and sees it), else :class:`LeaseLost`.
    Raises:
        StoreError: the database cannot be reached, or its schema is newer than this code's
            (one line naming the problem).
    """

    def __init__(self, url: str, pool_size: int = 4, process: str | None = None) -> None:
        self.url = url
        self.process = process
        try:
            self.pool = ConnectionPool(url, min_size=1, max_size=pool_size, open=False,
                                       kwargs={"autocommit": True})
            self.pool.open(wait=True, timeout=15.0)
        except Exception as exc:  # (psycopg's errors, and the pool's own PoolTimeout)
            raise StoreError(f"the PostgreSQL database cannot be reached ({' '.join(str(exc).split())})") from exc
        self.version, self.fresh = self._migrate()

    @_store_errors
    def _migrate(self) -> tuple[int, bool]:
        """Apply the :data:`MIGRATIONS` this database lacks (under :data:`MIGRATION_LOCK`);
        (its version now, whether it held no tables before)."""
        with self.pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS tatami_schema (version INTEGER NOT NULL)")
            row = conn.execute("SELECT version FROM tatami_schema").fetchone()
            version = int(row[0]) if row is not None else 0
            if row is None:
                conn.execute("INSERT INTO tatami_schema VALUES (0)")
            if version > len(MIGRATIONS):
                raise StoreError(f"the database's schema is version {version}, newer than this Tatami's "
                                 f"({len(MIGRATIONS)}): update Tatami")
            fresh = version == 0
            for i in range(version, len(MIGRATIONS)):
                conn.execute(MIGRATIONS[i])
                conn.execute("UPDATE tatami_schema SET version = %s", (i + 1,))
            if not fresh:
                fresh = conn.execute("SELECT NOT EXISTS (SELECT 1 FROM tables)").fetchone()[0]  # type: ignore[index]
            return len(MIGRATIONS), bool(fresh)

    def _write(self, body: str, params: dict[str, Any]) -> None:
        """One write for table ``params["code"]``, a single statement (its own transaction), fenced:
        ``body`` writes only ``WHERE EXISTS (SELECT 1 FROM lease)``, ``lease`` being this process's
        hold of the table locked FOR SHARE (any row when the store has no process id).

        Raises:
            LeaseLost: another process holds the table (nothing written: no row was)."""
        lease = (_LEASE if self.process is not None else _NO_LEASE) + body
        with self.pool.connection() as conn:
            cur = conn.execute(lease, {**params, "me": self.process})
        if cur.rowcount == 0 and self.process is not None:
            raise LeaseLost(str(params["code"]))

    @_store_errors
    def close(self) -> None:
        """Close the pool's connections."""
        self.pool.close()

    def take_over_checkpoints(self) -> None:
        """Nothing: PostgreSQL checkpoints on its own, off the server's event loop."""

    def checkpoint(self) -> tuple[int, int]:
        """Nothing to copy (PostgreSQL's own checkpoints): ``(0, 0)``."""
        return (0, 0)

    @_store_errors
    def add_table(self, saved: SavedTable) -> None:
        """Keep a new table's setup (before its code is given to anyone), held by this process."""
        with self.pool.connection() as conn, conn.transaction():
            conn.execute("INSERT INTO tables (code, game, seats, names, options, seed, setup, created, creator, clock) "
                         "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)", (
                             saved.code, saved.game, json.dumps(saved.seats), json.dumps(saved.names),
                             json.dumps(saved.options, sort_keys=True), saved.seed,
                             None if saved.setup is None else json.dumps(saved.setup), time.time(), saved.creator,
                             None if saved.clock is None else json.dumps(saved.clock, sort_keys=True)))
            if self.process is not None:
                conn.execute("INSERT INTO owners VALUES (%s, %s)", (saved.code, self.process))

    @_store_errors
    def take_seat(self, code: str, seat: int, name: str, token_sha: str, player_sha: str | None = None) -> None:
        """Keep that a person took ``seat`` as ``name`` with the token whose hash is ``token_sha``
        (a seat taken again keeps its place in the order)."""
        self._write("INSERT INTO seats (code, seat, name, token_hash, player) SELECT %(code)s, %(seat)s, %(name)s, "
                    "%(sha)s, %(player)s WHERE EXISTS (SELECT 1 FROM lease) ON CONFLICT (code, seat) "
                    "DO UPDATE SET name = EXCLUDED.name, token_hash = EXCLUDED.token_hash, player = EXCLUDED.player",
                    {"code": code, "seat": seat, "name": name, "sha": token_sha, "player": player_sha})

    @_store_errors
    def set_creator(self, code: str, seat: int) -> None:
        """Keep that ``seat`` is the table's creator (the first seat taken)."""
        self._write("UPDATE tables SET creator = %(seat)s WHERE code = %(code)s AND EXISTS (SELECT 1 FROM lease)",
                    {"code": code, "seat": seat})

    @_store_errors
    def add_action(self, code: str, seat: int, kind: str, action: str, ply: int) -> None:
        """Append one row (see :class:`SavedTable`) to the table's list, numbered after the last,
        committed."""
        self._write(_ADD_ACTION, {"code": code, "seat": seat, "kind": kind, "action": action, "ply": ply})

    @_store_errors
    def add_actions(self, code: str, rows: list[tuple[int, str, str, int]]) -> None:
        """Several :meth:`add_action` rows ``(seat, kind, action, ply)``, in one transaction."""
        if not rows:
            return
        self._write(_ADD_ACTIONS, {"code": code, "seats": [r[0] for r in rows], "kinds": [r[1] for r in rows],
                                   "actions": [r[2] for r in rows], "plies": [r[3] for r in rows]})

    @_store_errors
    def finish(self, code: str) -> None:
        """Mark the table finished now (no longer restored; deleted after :data:`KEEP_FINISHED_S`)."""
        self._write("UPDATE tables SET finished = %(now)s WHERE code = %(code)s AND EXISTS (SELECT 1 FROM lease)",
                    {"code": code, "now": time.time()})

    @_store_errors
    def forget_old(self, now: float | None = None) -> int:
        """Delete the tables finished more than :data:`KEEP_FINISHED_S` ago and those no seat
        was taken at made more than :data:`KEEP_UNJOINED_S` ago (their seats and actions with
        them); returns how many."""
        now = time.time() if now is None else now
        with self.pool.connection() as conn:
            cur = conn.execute(
                "DELETE FROM tables t WHERE (finished IS NOT NULL AND finished < %s) OR (finished IS NULL AND "
                "created < %s AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code))",
                (now - KEEP_FINISHED_S, now - KEEP_UNJOINED_S))
            return int(cur.rowcount)

    @_store_errors
    def set_deadline(self, code: str, when: float | None) -> None:
        """Keep when a seat's time at the table runs out next (None: no clock runs)."""
        self._write("UPDATE tables SET deadline = %(when)s WHERE code = %(code)s AND EXISTS (SELECT 1 FROM lease)",
                    {"code": code, "when": when})

    @_store_errors
    def due(self, now: float) -> list[str]:
        """The unfinished tables whose deadline is at or before ``now``, the earliest first."""
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT code FROM tables WHERE finished IS NULL AND deadline <= %s "
                                "ORDER BY deadline, code", (now,)).fetchall()
        return [str(r[0]) for r in rows]

    @_store_errors
    def tables_of(self, player_sha: str) -> list[tuple[str, int]]:
        """The unfinished tables the player took a seat at: ``(code, seat)``, oldest first."""
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT t.code, s.seat FROM seats s JOIN tables t ON t.code = s.code WHERE s.player = %s "
                                "AND t.finished IS NULL ORDER BY t.created, t.code, s.seat", (player_sha,)).fetchall()
        return [(str(c), int(s)) for c, s in rows]

    @_store_errors
    def unfinished(self) -> list[str]:
        """The codes of every table not finished, oldest first (:meth:`load` reads each)."""
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT code FROM tables WHERE finished IS NULL ORDER BY created, code").fetchall()
        return [str(r[0]) for r in rows]

    @_store_errors
    def load(self, code: str) -> SavedTable:
        """One table as kept.

        Raises:
            KeyError: no such table.
            ValueError: a row that is not what this module wrote."""
        with self.pool.connection() as conn, conn.transaction():
            row = conn.execute("SELECT game, seats, names, options, seed, setup, finished, creator, clock FROM tables "
                               "WHERE code = %s", (code,)).fetchone()
            if row is None:
                raise KeyError(code)
            seats = conn.execute("SELECT seat, name, token_hash, player FROM seats WHERE code = %s ORDER BY taken",
                                 (code,)).fetchall()
            actions = conn.execute("SELECT seat, kind, action, ply FROM actions WHERE code = %s ORDER BY seq",
                                   (code,)).fetchall()
        game, kinds, names, options, seed, setup, finished, creator, clock = row
        saved = SavedTable(code, str(game), list(json.loads(kinds)), list(json.loads(names)),
                           dict(json.loads(options)), int(seed), None if setup is None else dict(json.loads(setup)),
                           finished=finished is not None, creator=None if creator is None else int(creator),
                           clock=None if clock is None else dict(json.loads(clock)))
        for seat, name, sha, player in seats:
            saved.taken[int(seat)] = (str(name), str(sha))
            if player is not None:
                saved.players[int(seat)] = str(player)
            if saved.creator is None:  # none set: the first seat taken
                saved.creator = int(seat)
        saved.actions = [(int(s), str(k), str(a), int(p)) for s, k, a, p in actions]
        return saved


__all__ = ["MIGRATIONS", "MIGRATION_LOCK", "PostgresTableStore", "is_postgres_url"]  # (the last re-exported)
