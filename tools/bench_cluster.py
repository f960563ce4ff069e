"""The cluster side of tools/bench_net.py (issue 35, item 6): ``--processes K`` server processes
on one PostgreSQL database behind HAProxy (the repository's deploy/haproxy.cfg), tables waiting
with nobody connected (``--waiting``), and one process killed with SIGKILL (``--kill-at``).

The PostgreSQL is ``--pg URL``'s, or one started for the run (tests/pg_support.py: ``initdb`` into
a temporary folder, 127.0.0.1 only, stopped at the end; with ``fsync`` on, as a real server's,
unlike the tests'); HAProxy is tests/haproxy_support.py's.
Everything listens on 127.0.0.1.
"""
from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from game.net.client import Client  # noqa: E402


@contextlib.contextmanager
def cluster(processes: int, pg: str | None,
            start: Callable[[str], tuple[subprocess.Popen[str], str]]) -> Iterator[tuple[str, list[subprocess.Popen[str]]]]:
    """``processes`` servers (``start(database URL)`` each, in turn) on a new database of ``pg``
    (or of a PostgreSQL started here) behind HAProxy: ``(the proxy's ws:// URL, the processes)``."""
    import haproxy_support
    from pg_support import PostgresServer

    own = PostgresServer(durable=True) if pg is None else None
    try:
        db = own.new_database() if own is not None else str(pg)
        started = [start(db) for _ in range(processes)]
        try:
            with haproxy_support.proxy([url.removeprefix("ws://") for _, url in started]) as url:
                yield url, [proc for proc, _ in started]
        finally:
            for proc, _ in started:
                if proc.poll() is None:
                    proc.terminate()
                    proc.wait(30)
    finally:
        if own is not None:
            own.stop()


#: The waiting tables' clock: turn-based, 3 days and a day a move (game/net/clock.py).
WAITING_CLOCK = {"allowance": 3 * 86400.0, "per_move": 86400.0, "on_timeout": "ai"}


async def waiting_tables(url: str, count: int, game: str, seats: int) -> list[str]:
    """``count`` turn-based tables (:data:`WAITING_CLOCK`) of ``seats`` open seats created through
    ``url``, every seat taken, then every client gone: tables waiting for their players' next
    moves. Their codes."""
    gate = asyncio.Semaphore(16)

    async def one(index: int) -> str:
        async with gate:
            clients = [Client(url, reconnect_for=0.0) for _ in range(seats)]
            try:
                await clients[0].connect()
                code = await clients[0].create(game, ["open"] * seats, clock=WAITING_CLOCK)
                await clients[0].join(code, "Wait 0", seat=0)
                for s, c in enumerate(clients[1:], 1):
                    await c.connect()
                    await c.join(code, f"Wait {s}", seat=s)
                return code
            finally:
                await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    return list(await asyncio.gather(*(one(i) for i in range(count))))


def helpers_cpu(cpu_seconds: Callable[[int], float]) -> dict[str, float]:
    """CPU seconds used so far by every PostgreSQL and HAProxy process of this machine, by
    program (Linux ``/proc``; empty elsewhere), each process's from ``cpu_seconds(pid)``."""
    import os

    out: dict[str, float] = {}
    try:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return out
    for pid in pids:
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if name in ("postgres", "haproxy"):
            out[name] = out.get(name, 0.0) + cpu_seconds(pid)
    return out


def recovery(first_after: dict[int, float], live: set[int], killed_at: float) -> dict[str, object]:
    """What the kill cost the tables live at that moment (``live``: their indexes), given each
    table's first update after it (``first_after``: index -> monotonic s): how many went on, how
    many within 5 s, and the p50 / max of the gap (s)."""
    gaps = sorted(first_after[i] - killed_at for i in live if i in first_after)
    return {"live_tables_at_kill": len(live), "went_on": len(gaps),
            "went_on_within_5s": sum(1 for g in gaps if g <= 5.0),
            "gap_s_p50": round(gaps[len(gaps) // 2], 2) if gaps else None,
            "gap_s_max": round(gaps[-1], 2) if gaps else None}


__all__ = ["cluster", "helpers_cpu", "recovery", "waiting_tables"]
