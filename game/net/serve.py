"""``python -m game serve [--host H] [--port N] [--db FILE|URL] [--certfile F --keyfile F] [--stand-in-after S]``:
a dedicated game server (issue 24 §1; docs/PROTOCOL.md).

Prints ``serving ws://HOST:PORT`` (``wss://`` with TLS) on standard output once it accepts
connections, flushed (port 0 picks a free port: the line names the real one), then serves until
SIGINT or SIGTERM (Ctrl+C / Ctrl+Break on Windows: :func:`game.system.on_stop_signals`), when it
closes every connection (code 1001) and exits with status 0. The log goes to standard error.

``--db FILE`` keeps the tables in that SQLite file, and a server started again on it resumes
every unfinished table; ``--db postgresql://USER@HOST:PORT/DB`` keeps them in that PostgreSQL
database (:mod:`game.net.pgstore`, issue 35: its schema migrated at start; needs the ``server``
extra, psycopg); without it nothing is kept. ``--host`` defaults to 127.0.0.1 (this
machine only); a server for others binds an interface's address or 0.0.0.0, ideally behind a
reverse proxy that terminates TLS (docs/SERVER.md, "TLS"). ``--test-setups`` lets ``create``
give the deal (a record's setup): for tests only, since whoever creates the table knows every
hand. ``--stand-in-after SECONDS`` (default 30) is how long a person's seat must have been away
before its table's creator may give it to an AI.

Bad arguments print one line on standard error and exit with status 2; an address that cannot
be bound, a database or certificate that cannot be read, one line and status 1.

The server's cycle collector runs seldom (:func:`tune_gc`): with Python's defaults it stopped
the event loop for 20-40 ms every second or so and for 100-160 ms every 15 s at 200 tables,
the whole tail of the updates' times (tools/bench_net.py, docs/FIGURES.md "Online benchmark").
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import sqlite3
import ssl
import sys
from typing import Any

from .. import environ, system
from ..play import OneLineParser, UsageError
from .protocol import STAND_IN_AFTER
from .server import Server
from .store import Store
from .tablestore import StoreError, is_postgres_url

#: The command's name in its lines.
PROG = "python -m game serve"


def _parser(prog: str = PROG) -> argparse.ArgumentParser:
    p = OneLineParser(prog=prog, description="A Tatami game server (docs/PROTOCOL.md).")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    p.add_argument("--db", default=environ.server_db(),
                   help="SQLite file, or postgresql://USER@HOST:PORT/DB, keeping the tables (default: none kept)")
    p.add_argument("--certfile", default=None, help="TLS certificate chain (PEM), with --keyfile")
    p.add_argument("--keyfile", default=None, help="TLS private key (PEM), with --certfile")
    p.add_argument("--per-address", type=int, default=1, metavar="N",
                   help="N times the connections (64) and waiting tables (16) one client address may hold "
                        "(default 1; behind a proxy every client has its address)")
    p.add_argument("--test-setups", action="store_true", help="tests only: create may give the deal")
    p.add_argument("--stand-in-after", type=float, default=STAND_IN_AFTER, metavar="SECONDS",
                   help=f"seconds a seat must be away before its table's creator may give it to an AI "
                        f"({STAND_IN_AFTER:g}; less for tests)")
    return p


def parse(argv: list[str], prog: str = PROG) -> argparse.Namespace:
    """The command's arguments (``--db`` defaults to ``TATAMI_DB``).

    Raises:
        UsageError: an argument the command does not take, or a bad value (one line)."""
    return _parser(prog).parse_args(argv)


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """The server's TLS context from a PEM certificate chain and key, or None without them.

    Raises:
        UsageError: only one of the two given.
        OSError, ssl.SSLError: a file cannot be read or is not a certificate / key."""
    if (certfile is None) != (keyfile is None):
        raise UsageError("--certfile and --keyfile go together")
    if certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certfile, keyfile)
    return context


async def run(server: Server, host: str, port: int, context: ssl.SSLContext | None) -> int:
    """Start ``server``, print the ``serving`` line, serve until a stop signal (returns 0) or
    until the server can no longer serve (:attr:`Server.broken`: returns 1), stop.

    Raises:
        OSError: the address cannot be bound.
        StoreError: a cluster's database cannot be reached."""
    stop = asyncio.Event()
    system.on_stop_signals(asyncio.get_running_loop(), stop.set)
    address = await server.start(host, port, context)
    print(f"serving {address}", flush=True)
    try:
        waits = [asyncio.create_task(stop.wait()), asyncio.create_task(server.broken.wait())]
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in waits:
            task.cancel()
        if server.broken.is_set():
            logging.getLogger("tatami.net.server").error("this process can no longer serve its tables")
            return 1
        return 0
    finally:
        logging.getLogger("tatami.net.server").info("stopping")
        await server.stop()


def entry() -> None:
    """The ``tatami-server`` program (pyproject's ``[project.scripts]``): ``python -m game serve``
    under its own name, for a server installed with ``pip install 'tatami[server]'``."""
    sys.exit(main(sys.argv[1:], "tatami-server"))


#: The cycle collector's thresholds in a server process (:func:`gc.set_threshold`): a young
#: collection after 50 000 more objects instead of 700, an older one after 20 of those, a full
#: one after 100 of these. The objects of a table are mostly acyclic (reference counting frees
#: them at once); what cycles there are (a closed connection's tasks) wait a few seconds more.
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Set up the garbage collector for a long-running server process: every object made so far
    (modules, the games' data: the start) kept out of every collection (:func:`gc.freeze`), and
    :data:`GC_THRESHOLDS`. With 200 tables the loop's collection pauses went from ~1 s per 20 s
    (every 0.1 s; up to 160 ms) to ~75 ms (3 pauses of ~25 ms): measured with
    tools/bench_net.py on the 2-core machine of docs/FIGURES.md "Online benchmark"."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def main(argv: list[str], prog: str = PROG) -> int:
    """The command (its lines on standard error begin ``prog:``); returns its exit status (0
    after a stop signal; 1 when the process can no longer serve, or with one line; 2 with one
    line)."""
    try:
        args = parse(argv, prog)
        if not 0 <= args.port <= 65535:
            raise UsageError(f"--port {args.port} is not a port")
        if not 0.0 <= args.stand_in_after <= 86400.0:
            raise UsageError(f"--stand-in-after {args.stand_in_after:g} is not 0 to 86400 seconds")
        context = tls_context(args.certfile, args.keyfile)
    except UsageError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    except (OSError, ssl.SSLError) as exc:
        print(f"{prog}: cannot read the certificate or key: {exc}", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.DEBUG if environ.debug_log() else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not environ.debug_log():
        logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        store = open_store(args.db)
    except ImportError as exc:
        print(f"{prog}: a PostgreSQL database needs psycopg (pip install 'tatami[server]'): {exc}",
              file=sys.stderr)
        return 1
    except StoreError as exc:  # (damaged, not a database, a table lost: refused whole, issue 33)
        print(f"{prog}: the database cannot be used: {exc}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as exc:
        print(f"{prog}: cannot open the database {args.db}: {exc}", file=sys.stderr)
        return 1
    if args.db and store.fresh:
        print(f"{prog}: {args.db} holds no tables yet: starting on an empty database",
              file=sys.stderr)
    server = Server(store, allow_setups=args.test_setups, stand_in_after=args.stand_in_after,
                    per_address=args.per_address, cluster=open_cluster(store))
    tune_gc()
    try:
        return asyncio.run(run(server, args.host, args.port, context))
    except OSError as exc:
        print(f"{prog}: cannot serve on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    except StoreError as exc:
        print(f"{prog}: the database cannot be used: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a second Ctrl+C during the stop, or one before the handler
        pass
    return 0


def open_store(db: str | None) -> Any:
    """The store ``--db`` names: a PostgreSQL database for a ``postgresql://`` URL
    (:class:`game.net.pgstore.PostgresTableStore`), else an SQLite file (``None``: SQLite in memory,
    nothing kept). Raises what the store's constructor raises (StoreError, OSError,
    sqlite3.Error) and ImportError when psycopg is missing."""
    if db and is_postgres_url(db):
        from .pgcluster import new_process_id
        from .pgstore import PostgresTableStore

        return PostgresTableStore(db, process=new_process_id())
    return Store(db if db else ":memory:")


def open_cluster(store: Any) -> Any:
    """The cluster a store's database is shared in: a
    :class:`game.net.pgcluster.PostgresCluster` for a PostgreSQL store (any number of
    ``serve`` processes may run on one database), None for SQLite (one process per file)."""
    if getattr(store, "process", None) is None:
        return None
    from .pgcluster import PostgresCluster

    return PostgresCluster(store)


__all__ = ["GC_THRESHOLDS", "PROG", "UsageError", "entry", "main", "open_cluster", "open_store", "parse", "run", "tls_context", "tune_gc"]
