#!/usr/bin/env python3
"""Online play under load (issue 24, a benchmark, not a test): N concurrent tables of bot clients
on ONE ``python -m game serve`` process, or on several sharing a PostgreSQL database behind HAProxy
(issue 35).

    .venv/bin/python tools/bench_net.py --tables 50,100,200 [--game kanji-zushi] [--seats 2]
        [--seconds 30] [--think-ms 500] [--level random] [--db FILE]
    .venv/bin/python tools/bench_net.py --processes 2 [--pg URL] --tables 200 --waiting 1000
        [--kill-at 20]

``--processes K`` (K >= 2) starts K server processes on one PostgreSQL database (``--pg``'s, or one
started for the run) behind deploy/haproxy.cfg, and the clients connect through the proxy
(tools/bench_cluster.py). ``--waiting M`` first makes M tables whose seats are all taken and whose
clients then leave (tables waiting between turns). ``--kill-at S`` kills (SIGKILL) the first
process S seconds into the run and reports, for the tables live then, how many went on (an update
after the kill reached a seat) within 5 s, and the p50 / max of that gap (it includes the seats'
own thinking time, 0.5x..1.5x ``--think-ms``).

For each N of ``--tables``: the server is started afresh (a child process on 127.0.0.1, a free
port, its tables kept in a temporary SQLite file unless ``--db``), then N tables of ``--seats``
open seats are played, all in THIS process on one asyncio loop with the client library
(:class:`game.net.client.Client`, one connection per seat): each seat acts ``--think-ms`` after
it became its turn (uniform 0.5x..1.5x, the bot's own time added; ``--level``'s bot decides),
and a table whose game ends starts a new one, until ``--seconds`` have passed (the first 10% of
the time is warm-up, not counted).

Measured, over the counted time: actions per second (all tables), and for each action the time
from the client's ``act`` being sent to the moment the LAST client of its table received the
update that tells it (every seat's picture updated; ms, p50 / p99 / max). The times include this
process's own queueing (one process decodes every seat's views and events), so they are what a
client sees, an upper bound of the server's part. The server's CPU time (``/proc``, Linux) per
action is reported too, and how late the clients' own loop ran (p99 of a 5 ms sleep's delay: the
share of the times that is this process's queueing, not the server's). Prints one JSON object per
N on standard output; progress on stderr.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import make_bot  # noqa: E402
from game.net.client import Client, ConnectionLost, ServerError  # noqa: E402
from game.net.invite import table_url  # noqa: E402
from game.net.serve import tune_gc  # noqa: E402

import bench_cluster  # noqa: E402  (tools/)


#: ``--server-log``: the folder the servers' logs go to (their line a minute), or None.
SERVER_LOGS: Path | None = None


def start_server(db: str, cpu: int | None = None) -> tuple[subprocess.Popen[str], str]:
    """``python -m game serve --port 0 --db DB --per-address 100`` on 127.0.0.1 (every client of
    the benchmark has that one address): ``(process, url)``; pinned to CPU
    ``cpu`` when given (Linux). Its log goes to :data:`SERVER_LOGS` when set."""
    log = open(SERVER_LOGS / f"server-{time.time_ns()}.log", "w") if SERVER_LOGS else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--db", db, "--per-address", "100"], cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.stdout is not None
    if cpu is not None:
        os.sched_setaffinity(proc.pid, {cpu})
    line = proc.stdout.readline().strip()
    if not line.startswith("serving "):
        raise SystemExit(f"bench_net: the server did not start ({line!r})")
    return proc, line.split(" ", 1)[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``; 0.0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank (0.0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


class Bench:
    """The tables of one run and what they measured."""

    def __init__(self, url: str, args: argparse.Namespace) -> None:
        self.url, self.args = url, args
        self.counting = False
        self.latencies: list[float] = []
        #: (perf_counter when the action was sent, its time in ms), to leave a kill's window out
        self.timed: list[tuple[float, float]] = []
        self.actions = 0
        self.games = 0
        self.errors = 0
        #: table index -> monotonic time of its last update (any seat), and of its first after the kill
        self.last_update: dict[int, float] = {}
        self.first_after_kill: dict[int, float] = {}
        self.killed_at: float | None = None

    async def table(self, index: int, until: float) -> None:
        """Games at one table, one after another, until ``until`` (monotonic seconds)."""
        rng = random.Random(index)
        while time.monotonic() < until:
            try:
                await self.game(index, rng, until)
                self.games += 1
            except (ServerError, OSError, asyncio.TimeoutError, ConnectionError, ConnectionLost) as exc:
                self.errors += 1
                print(f"table {index}: {type(exc).__name__}: {exc}", file=sys.stderr)
                await asyncio.sleep(1.0)

    async def game(self, index: int, rng: random.Random, until: float) -> None:
        args = self.args
        # per ply acted at: (send time, the seats whose update has not come yet)
        pending: dict[tuple[int, int], tuple[float, set[int]]] = {}

        def heard(seat: int):
            def on_message(message: dict) -> None:
                if message.get("type") != "update":
                    return
                now = time.perf_counter()
                self.last_update[index] = moment = time.monotonic()
                if self.killed_at is not None and index not in self.first_after_kill:
                    self.first_after_kill[index] = moment
                for key in [k for k in pending if k[0] < message["ply"]]:
                    sent, waiting = pending[key]
                    waiting.discard(seat)
                    if not waiting:
                        del pending[key]
                        if self.counting:
                            self.latencies.append((now - sent) * 1000.0)
                            self.timed.append((sent, (now - sent) * 1000.0))
                            self.actions += 1
            return on_message

        maker = Client(self.url, reconnect_for=0.0)  # (the table made on a connection of its own)
        try:
            await maker.connect()
            code = await maker.create(args.game, ["open"] * args.seats)
        finally:
            await maker.close()
        # every seat connects to the table's address (game.net.invite.table_url): behind HAProxy
        # its seats meet at one process
        clients = [Client(table_url(self.url, code), on_message=heard(s), reconnect_for=10.0)
                   for s in range(args.seats)]
        try:
            for s, c in enumerate(clients):
                await c.connect()
                await c.join(code, f"Bench {s}", seat=s)
            await asyncio.gather(*(self.seat(c, s, pending, rng, until) for s, c in enumerate(clients)))
        finally:
            await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)

    async def seat(self, client: Client, seat: int, pending: dict, rng: random.Random, until: float) -> None:
        bot = make_bot(client.picture.game or self.args.game, self.args.level, random.Random(rng.random()))
        p = client.picture
        n = self.args.seats
        while time.monotonic() < until:
            try:
                await client.wait(lambda p: p.over or p.my_turn, max(0.1, until - time.monotonic()))
            except asyncio.TimeoutError:
                return  # the run's time is up (the other seats stopped)
            if p.over:
                return
            await asyncio.sleep(self.args.think_ms / 1000.0 * rng.uniform(0.5, 1.5))
            if not p.my_turn:
                continue
            # the random level picks among the legal actions the update carried: no view decoded
            # (the clients share this process's core with the server's queue; a player's own app
            # decodes its one view on its own machine)
            action = rng.choice(p.legal) if self.args.level == "random" else bot.choose(p.view)
            pending[(p.ply, seat)] = (time.perf_counter(), set(range(n)))
            try:
                await client.act(action)
            except ConnectionLost:  # (its process was killed: the resumed picture says what happened)
                pending.pop((p.ply, seat), None)
            except ServerError as exc:
                pending.pop((p.ply, seat), None)
                if exc.code not in ("stale", "not-your-turn"):
                    raise


async def run(url: str, n: int, args: argparse.Namespace, server_pids: list[int],
              victim: subprocess.Popen[str] | None = None) -> dict:
    bench = Bench(url, args)
    if args.waiting:
        print(f"bench_net: making {args.waiting} waiting tables", file=sys.stderr)
        await bench_cluster.waiting_tables(url, args.waiting, args.game, args.seats)
    start = time.monotonic()
    until = start + args.seconds
    warm = start + args.seconds * 0.1
    tasks = [asyncio.create_task(bench.table(i, until)) for i in range(n)]
    lags: list[float] = []

    async def lag_sampler() -> None:  # how late this process's own loop runs a 5 ms sleep
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            if bench.counting:
                lags.append((time.perf_counter() - t - 0.005) * 1000.0)
    sampler = asyncio.create_task(lag_sampler())
    await asyncio.sleep(max(0.0, warm - time.monotonic()))
    bench.counting = True
    cpu_before, own0, t0 = [cpu_seconds(pid) for pid in server_pids], time.process_time(), time.monotonic()
    helpers0 = bench_cluster.helpers_cpu(cpu_seconds) if args.processes > 1 else {}
    kill: dict[str, object] = {}
    if victim is not None and args.kill_at is not None:
        await asyncio.sleep(max(0.0, start + args.kill_at - time.monotonic()))
        killed_at, killed_perf = time.monotonic(), time.perf_counter()
        live = {i for i, t in bench.last_update.items() if killed_at - t < 5.0}
        victim.kill()
        bench.killed_at = killed_at
        print(f"bench_net: killed the server process {victim.pid} ({len(live)} live tables)", file=sys.stderr)
        await asyncio.sleep(min(10.0, max(0.0, until - time.monotonic())))
        kill = bench_cluster.recovery(bench.first_after_kill, live, killed_at)
        # the actions sent from 2 s before the kill to 5 s after it waited for the takeover
        outside = [ms for sent, ms in bench.timed if not killed_perf - 2.0 <= sent <= killed_perf + 5.0]
        kill["update_ms_p99_outside_kill"] = round(percentile(outside, 0.99), 2)
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    bench.counting = False
    cpu_after, own1, t1 = [cpu_seconds(pid) for pid in server_pids], time.process_time(), time.monotonic()
    helpers1 = bench_cluster.helpers_cpu(cpu_seconds) if args.processes > 1 else {}
    # (the servers' CPU over the counted time; a process killed meanwhile counts for nothing)
    cpu0, cpu1 = 0.0, sum(max(0.0, b - a) for a, b in zip(cpu_before, cpu_after) if b > 0.0)
    sampler.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    span = t1 - t0
    lat = bench.latencies
    return {"tables": n, "game": args.game, "seats": args.seats, "level": args.level, "think_ms": args.think_ms,
            "seconds_counted": round(span, 1), "actions": bench.actions,
            "actions_per_s": round(bench.actions / span, 1) if span else 0.0,
            "update_ms_p50": round(percentile(lat, 0.5), 2), "update_ms_p99": round(percentile(lat, 0.99), 2),
            "update_ms_max": round(max(lat, default=0.0), 2), "games_finished": bench.games,
            "table_errors": bench.errors, "server_cpu_share": round((cpu1 - cpu0) / span, 2) if span else 0.0,
            "clients_cpu_share": round((own1 - own0) / span, 2) if span else 0.0,
            "clients_loop_lag_ms_p99": round(percentile(lags, 0.99), 2),
            "server_cpu_ms_per_action": round((cpu1 - cpu0) * 1000.0 / bench.actions, 3) if bench.actions else 0.0,
            "pinned": bool(args.pin), "clients_default_gc": bool(args.default_gc),
            "processes": args.processes, "waiting_tables": args.waiting, "kill": kill or None,
            "helpers_cpu_share": {k: round((helpers1.get(k, 0.0) - v) / span, 2) for k, v in helpers0.items()} if span else {},
            "machine": f"{platform.machine()}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}"}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", default="50,100,200", help="table counts to run, comma-separated (50,100,200)")
    p.add_argument("--game", default="kanji-zushi")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--level", default="random", help="the bots' level (random: the bots cost least)")
    p.add_argument("--seconds", type=float, default=30.0, help="length of each run (s; 30)")
    p.add_argument("--think-ms", type=float, default=500.0, help="mean wait before each action (ms; 500)")
    p.add_argument("--db", default=None, help="the server's SQLite file (default: a temporary one)")
    p.add_argument("--processes", type=int, default=1,
                   help="server processes (2 or more: on PostgreSQL behind HAProxy; tools/bench_cluster.py)")
    p.add_argument("--pg", default=None, help="with --processes: a PostgreSQL URL (default: one started for the run)")
    p.add_argument("--waiting", type=int, default=0, help="tables made first, every seat taken, nobody connected")
    p.add_argument("--server-log", type=Path, default=None, metavar="DIR",
                   help="write each server's log (its line a minute: the server's own p50 / p99) into DIR")
    p.add_argument("--kill-at", type=float, default=None, metavar="SECONDS",
                   help="with --processes: SIGKILL the first process this long into the run")
    p.add_argument("--default-gc", action="store_true",
                   help="this process keeps Python's collector defaults (the server always tunes its own)")
    p.add_argument("--pin", action="store_true",
                   help="the server on CPU 0 and the clients on CPU 1 (Linux): each process has a core of its own, "
                        "as a server and its players' machines would")
    args = p.parse_args()
    global SERVER_LOGS
    SERVER_LOGS = args.server_log
    if SERVER_LOGS is not None:
        SERVER_LOGS.mkdir(parents=True, exist_ok=True)
    if args.pin and not hasattr(os, "sched_setaffinity"):
        raise SystemExit("bench_net: --pin needs Linux (os.sched_setaffinity)")
    if args.pin:
        os.sched_setaffinity(0, {1})
    # this process holds every seat's client, a server's load: its collector set up as the server's
    # (a player's app holds one); --default-gc leaves Python's defaults, to compare
    if not args.default_gc:
        tune_gc()
    for n in (int(x) for x in args.tables.split(",")):
        if args.processes > 1:
            with bench_cluster.cluster(args.processes, args.pg, start_server) as (url, procs):
                print(f"bench_net: {n} tables through {url} ({args.processes} processes) for {args.seconds:g} s",
                      file=sys.stderr)
                result = asyncio.run(run(url, n, args, [p.pid for p in procs], procs[0]))
            print(json.dumps(result), flush=True)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            proc, url = start_server(args.db or str(Path(tmp) / "bench.db"), 0 if args.pin else None)
            try:
                print(f"bench_net: {n} tables on {url} for {args.seconds:g} s", file=sys.stderr)
                result = asyncio.run(run(url, n, args, [proc.pid]))
            finally:
                proc.terminate()
                proc.wait(30)
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
