"""The PostgreSQL store's own behaviour (game/net/pgstore.py; issue 35, item 1): its versioned
schema migrated once at start whatever the number of processes, a database of a newer schema or
one that cannot be reached refused in one line, and ``python -m game serve --db postgresql://...``
serving from it. What every store does is tests/test_net_store.py's (its ``postgresql`` store).
A real PostgreSQL on 127.0.0.1 (tests/pg_support.py)."""
from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest

from game.net.pgstore import MIGRATIONS, PostgresTableStore, is_postgres_url
from game.net.tablestore import SavedTable, StoreError
from pg_support import shared_server

ROOT = Path(__file__).resolve().parents[1]


def _version(url: str) -> int:
    with psycopg.connect(url) as conn:
        return int(conn.execute("SELECT version FROM tatami_schema").fetchone()[0])


def test_the_schema_is_migrated_once_by_processes_starting_together():
    url = shared_server().new_database()
    with ThreadPoolExecutor(4) as pool:  # four servers starting on one new database at once
        stores = list(pool.map(lambda _: PostgresTableStore(url), range(4)))
    assert [s.version for s in stores] == [len(MIGRATIONS)] * 4 and _version(url) == len(MIGRATIONS)
    assert sum(s.fresh for s in stores) >= 1
    stores[0].add_table(SavedTable("ABCDEFGHJK", "kaito", ["open", "easy"], [None, None], {}, 7))
    for s in stores:
        s.close()
    again = PostgresTableStore(url)  # started again: nothing applied twice, the table there
    assert not again.fresh and again.unfinished() == ["ABCDEFGHJK"]
    again.close()


def test_a_database_of_a_newer_schema_is_refused_in_one_line():
    url = shared_server().new_database()
    PostgresTableStore(url).close()
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE tatami_schema SET version = %s", (len(MIGRATIONS) + 1,))
    with pytest.raises(StoreError, match="newer than this Tatami") as info:
        PostgresTableStore(url)
    assert "\n" not in str(info.value)


def test_a_database_that_cannot_be_reached_is_refused_in_one_line():
    server = shared_server()
    with pytest.raises(StoreError, match="cannot be reached") as info:
        PostgresTableStore(f"postgresql://tatami@127.0.0.1:{server.port}/no_such_database", pool_size=1)
    assert "\n" not in str(info.value)


def test_only_postgresql_urls_name_a_postgresql_database():
    assert is_postgres_url("postgresql://u@127.0.0.1:5432/db") and is_postgres_url("postgres://u@h/db")
    assert not is_postgres_url("tables.db") and not is_postgres_url("/srv/postgresql/tables.db")


def test_serve_keeps_its_tables_in_postgresql():
    url = shared_server().new_database()
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--db", url], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("serving ws://127.0.0.1:"), proc.stderr.read() if proc.poll() is not None else line
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "holds no tables yet" in err and _version(url) == len(MIGRATIONS)
