"""A real PostgreSQL server for the tests (issue 35, item 1): Debian's ``postgresql`` package
(``.ci/run`` installs it), ``initdb`` into a folder of the session's own, listening on 127.0.0.1
only (a free port) and on a unix socket in that folder, stopped at the end of the session.

PostgreSQL refuses to run as root: as root, the cluster is made and run as the ``postgres`` user
the package creates. :func:`new_database` gives each store test an empty database of its own.
Without the server's programs the tests fail, except outside CI where they are skipped with a line
saying what to install (as the real-window tests do).
"""
from __future__ import annotations

import atexit
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

#: Where Debian keeps the server's programs (the newest version installed).
BIN_GLOB = "/usr/lib/postgresql/*/bin"


def server_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None when PostgreSQL's server is not installed."""
    found = sorted(glob.glob(BIN_GLOB), key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0)
    for folder in reversed(found):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """One cluster in a temporary folder, started at once; :attr:`url` names its ``postgres``
    database. ``durable``: PostgreSQL's own ``fsync`` on (a benchmark's); the tests' is off (their
    databases are thrown away)."""

    def __init__(self, durable: bool = False) -> None:
        binary = server_bin()
        assert binary is not None, "PostgreSQL's server is not installed (.ci/run installs the postgresql package)"
        self.bin = binary
        # (in /tmp itself: the postgres user must reach it, and pytest's own folders are root's only)
        folder = Path(tempfile.mkdtemp(prefix="tatami-pg-"))
        self.folder = folder
        self.data = folder / "data"
        self.port = _free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb and postgres refuse root: run them as the package's user
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "tatami", "--auth=trust", "-E", "UTF8", "--no-sync")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(folder / "server.log"), "-w", "-t", "60", "-o",
                  f"-p {self.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync={'on' if durable else 'off'}",
                  "start")
        self.url = f"postgresql://tatami@127.0.0.1:{self.port}/postgres"
        self._names = itertools.count()

    def _run(self, program: str, *args: str) -> None:
        proc = subprocess.run([*self.as_user, str(self.bin / program), *args], capture_output=True, text=True,
                              timeout=120)
        assert proc.returncode == 0, f"{program} exited {proc.returncode}: {proc.stdout[-1500:]}{proc.stderr[-1500:]}"

    def new_database(self) -> str:
        """A new, empty database: its URL."""
        import psycopg
        from psycopg import sql

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return f"postgresql://tatami@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the server (fast: the tests' databases are thrown away) and remove its folder."""
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


_SHARED: list[PostgresServer] = []


def shared_server() -> PostgresServer:
    """This process's server (one per pytest-xdist worker), started on first use and stopped when
    the process ends. Skips the calling test when PostgreSQL is not installed, except under
    CI=true (.ci/run installs it: a missing server there is a failure)."""
    if not _SHARED:
        if server_bin() is None and os.environ.get("CI") != "true":
            import pytest

            pytest.skip("needs PostgreSQL's server (apt install postgresql; .ci/run installs it)")
        _SHARED.append(PostgresServer())
        atexit.register(_SHARED[0].stop)
    return _SHARED[0]


__all__ = ["PostgresServer", "server_bin", "shared_server"]
