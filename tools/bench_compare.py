"""Two versions of Tatami benchmarked side by side on this machine, as Markdown tables.

    python tools/bench_compare.py A B [--parts frames,start,pacing] [--rounds 5] [--frames 300]
                                      [--size 1280x720] [--runs 7] [--packed] [--decisions 10]
                                      [--json FILE] [--export-dir DIR]
    python3 dev.py bench --compare REV [ARGS...]     # REV against the working tree (A=REV, B=.)

A and B: each a folder holding a checkout (it has scenes/), or a git revision of this repository
(anything `git rev-parse --verify REV^{commit}` takes; exported once with `git archive` into
build/bench-compare/<full sha>/ and reused, its translation catalogs compiled), or `.` (the
working tree as it is). Both sides run with this interpreter, cwd = their checkout, so each runs
its own code; with SDL's dummy drivers, TATAMI_LAN=off and a scratch TATAMI_DATA_DIR per side.

What it measures (--parts, default frames,start):
  frames  `python -m scenes --bench --frames N --size WxH` (`--bench-only frames` where the side
          knows it): per scene, the median and the 99th percentile of the frame time (ms).
  start   `python -m scenes --quit-after-first-frame`: wall time from spawn to the app's "first
          frame" line (s; when both sides print it: older revisions did not) and to its exit,
          --runs runs per side and round after one warm-up run, the sides' runs interleaved; a
          round's value is the median of its runs. With --packed, also each side's PyInstaller bundle
          (<checkout>/dist/Tatami, built when missing or older than its sources; a revision's is
          built once) and the minimal pygame-ce app (tools/minimal_app, into
          build/bench-compare/minimal/): their packed starts, interleaved, and the folders' sizes
          (MiB, and each one's ratio to the minimal app's).
  pacing  `python -m scenes --bench --bench-only pacing --decisions N`: per game, watched and
          skipped, the median and the 90th percentile of the wait between the scripted player's
          decisions (s). Only when both sides know `--bench-only`.
A part one side does not know (read from its `python -m scenes --help`) is reported unavailable.

Rounds (--rounds, default 5) interleave the sides A B, B A, A B, ... so that the machine's drift
(heat, other load) hits both. How to read a table row: A and B are each side's median over the
rounds (ms or s); B/A > 1 means B takes longer; the 95 % CI is a bootstrap of that ratio over the
rounds (tools/bench_stats.py); the verdict is **slower** when the CI's low end is above 1.05,
**faster** when its high end is below 0.95, else same (no difference this run can tell). A wide CI
or spread says the machine was noisy: run more rounds. Progress goes to stderr, the tables to
stdout; --json FILE also writes every per-round sample and the rows. A failing run stops with one
line (which side, which command, its exit code) and the end of its stderr; exit code 1.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_stats as stats  # noqa: E402  (tools/bench_stats.py)
from bench_sides import EXPORTS, CompareError, Side, export_revision, git, resolve_side, say  # noqa: E402,F401
from bench_startup import BenchError, folder_bytes, newest_mtime, timed_start  # noqa: E402  (the bundles counted
#  and the starts timed alike: tools/bench_startup.py)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTS = ("frames", "start", "pacing")
EXE_SUFFIX = ".exe" if os.name == "nt" else ""
MIB = 1024 * 1024
BENCH_TIMEOUT_S = 3600
START_TIMEOUT_S = 120
BUILD_TIMEOUT_S = 3600
#: What a checkout's bundle is built from (a newer file calls for a rebuild); the minimal app's.
BUNDLE_SOURCES = ("build.spec", "tatami_main.py", "pyproject.toml", "game", "scenes", "assets")
MINIMAL_SOURCES = (os.path.join("tools", "minimal_app"), "build.spec")
QUIT = "--quit-after-first-frame"


def side_env(data_dir: str) -> dict[str, str]:
    """This process's environment with the dummy SDL drivers, no LAN discovery and ``data_dir``."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TATAMI_LAN="off", TATAMI_DATA_DIR=data_dir)
    return env


def _shown(cmd: list[str]) -> str:
    return shlex.join(["python" if c == sys.executable else c for c in cmd])


def run_checked(who: str, cmd: list[str], cwd: str, env: dict[str, str], timeout: float,
                log: str | None = None) -> subprocess.CompletedProcess:
    """Run ``cmd`` in ``cwd``; its finished process (text output). CompareError naming ``who``,
    the command, its exit code and the last lines of its stderr (or of ``log``) when it fails."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, errors="replace",
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise CompareError(f"{who}: `{_shown(cmd)}` (in {cwd}) did not exit within {timeout:.0f} s") from None
    if log is not None:
        with open(log, "w", encoding="utf-8") as f:
            f.write(proc.stdout + proc.stderr)
    if proc.returncode != 0:
        tail = [line for line in (proc.stderr or proc.stdout).splitlines() if line.strip()][-8:]
        raise CompareError(f"{who}: `{_shown(cmd)}` (in {cwd}) exited {proc.returncode}"
                           + (f"; {log}" if log else "") + "; its stderr ends:\n"
                           + "\n".join("  | " + line for line in tail))
    return proc


def probe(side: Side) -> dict[str, bool]:
    """What ``side``'s ``python -m scenes --help`` offers: the parts and options used here."""
    text = run_checked(side.who, [sys.executable, "-m", "scenes", "--help"], side.path,
                       side_env(side.data_dir), START_TIMEOUT_S).stdout
    bench_only = "--bench-only" in text
    return {"frames": all(o in text for o in ("--bench", "--frames", "--size")),
            "start": QUIT in text, "pacing": bench_only and "--decisions" in text, "bench_only": bench_only}


def missing_for(part: str) -> str:
    return {"frames": "--bench, --frames or --size", "start": QUIT,
            "pacing": "--bench-only pacing or --decisions"}[part]


def json_report(who: str, cmd: list[str], stdout: str) -> dict[str, Any]:
    """The last line of ``stdout`` that is a JSON object (the benchmark's report)."""
    for line in reversed(stdout.splitlines()):
        if line.startswith("{"):
            try:
                report = json.loads(line)
            except ValueError:
                continue
            if isinstance(report, dict):
                return report
    raise CompareError(f"{who}: `{_shown(cmd)}` printed no JSON report")


def bench(side: Side, extra: list[str]) -> dict[str, Any]:
    """One run of ``python -m scenes --bench EXTRA`` on ``side``: its JSON report."""
    cmd = [sys.executable, "-m", "scenes", "--bench", *extra]
    proc = run_checked(side.who, cmd, side.path, side_env(side.data_dir), BENCH_TIMEOUT_S)
    return json_report(side.who, cmd, proc.stdout)


def frames_args(side: Side, args: argparse.Namespace) -> list[str]:
    only = ["--bench-only", "frames"] if side.supports.get("bench_only") else []
    return ["--frames", str(args.frames), "--size", args.size, *only]


def timed_run(who: str, cmd: list[str], cwd: str, env: dict[str, str]) -> tuple[float, float | None]:
    """Run ``cmd`` once (tools/bench_startup.py's ``timed_start``): (s from spawn to exit, s from
    spawn to its "first frame" line or None when it prints none: older revisions did not).
    CompareError naming ``who`` when it fails or does not exit."""
    try:
        first, _drawn, elapsed, _steps = timed_start(cmd, cwd=cwd, env=env, need_first=False)
    except BenchError as exc:
        raise CompareError(f"{who}: {exc}") from None
    return elapsed, first


def time_starts(starters: list[tuple[str, str, list[str], str, dict[str, str]]],
                runs: int) -> tuple[dict[str, list[float]], dict[str, list[float | None]]]:
    """Seconds from spawn to exit, and to the "first frame" line (None where a run printed none),
    of each starter ``(key, who, cmd, cwd, env)``: one warm-up run each, then ``runs`` rounds of
    one run each, in the given order. ``({key: [s, ...]}, {key: [s | None, ...]})``."""
    exits: dict[str, list[float]] = {key: [] for key, *_ in starters}
    firsts: dict[str, list[float | None]] = {key: [] for key, *_ in starters}
    for i in range(runs + 1):
        for key, who, cmd, cwd, env in starters:
            elapsed, first = timed_run(who, cmd, cwd, env)
            if i:  # the first run warms the file cache (and writes a revision's .pyc files)
                exits[key].append(round(elapsed, 4))
                firsts[key].append(None if first is None else round(first, 4))
    return exits, firsts


def pyinstaller(who: str, spec: str, cwd: str, dist: str, work: str, exe: str) -> str:
    """Build ``spec`` with PyInstaller (log in ``work``); returns ``exe``, which it must make."""
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "bench-compare-pyinstaller.log")
    say(f"{who}: building {exe} (log: {log})")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", dist, "--workpath", work, spec]
    run_checked(who, cmd, cwd, dict(os.environ), BUILD_TIMEOUT_S, log)
    if not os.path.exists(exe):
        raise CompareError(f"{who}: `{_shown(cmd)}` made no {exe}")
    return exe


def ensure_bundle(side: Side) -> str:
    """``side``'s packed app ``<checkout>/dist/Tatami/Tatami``, built when missing or (but for a
    revision, which never changes) older than its sources. Returns the executable's path."""
    dist = os.path.join(side.path, "dist")
    exe = os.path.join(dist, "Tatami", "Tatami" + EXE_SUFFIX)
    if os.path.exists(exe) and (side.kind == "revision"
                                or os.path.getmtime(exe) >= newest_mtime(BUNDLE_SOURCES, side.path)):
        return exe
    return pyinstaller(side.who, "build.spec", side.path, dist, os.path.join(side.path, "build"), exe)


def ensure_minimal(export_root: str) -> str:
    """The minimal pygame-ce app of this repository's tools/minimal_app, built into
    ``export_root/minimal/`` when missing or older than its sources. Returns the executable."""
    dist = os.path.join(export_root, "minimal", "dist")
    exe = os.path.join(dist, "minimal", "minimal" + EXE_SUFFIX)
    if os.path.exists(exe) and os.path.getmtime(exe) >= newest_mtime(MINIMAL_SOURCES, ROOT):
        return exe
    spec = os.path.join(ROOT, "tools", "minimal_app", "minimal.spec")
    return pyinstaller("the minimal app", spec, ROOT, dist, os.path.join(export_root, "minimal", "work"), exe)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench_compare.py", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("a", metavar="A", help="a checkout's folder, a git revision, or . (the working tree)")
    parser.add_argument("b", metavar="B", help="the same, for the other side")
    parser.add_argument("--parts", default="frames,start", help="frames, start, pacing, comma-separated")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, sides alternating A B / B A (default 5)")
    parser.add_argument("--frames", type=int, default=300, help="frames per scene (default 300)")
    parser.add_argument("--size", default="1280x720", help="window size WxH for the frames (default 1280x720)")
    parser.add_argument("--runs", type=int, default=7, help="measured starts per side and round (default 7)")
    parser.add_argument("--packed", action="store_true", help="start: also the packed apps and their sizes")
    parser.add_argument("--decisions", type=int, default=10, help="pacing: decisions per game (default 10)")
    parser.add_argument("--json", metavar="FILE", help="also write the samples and rows as JSON to FILE")
    parser.add_argument("--export-dir", default=EXPORTS, help="where revisions are exported (default %(default)s)")
    args = parser.parse_args(argv)
    args.parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    bad = [p for p in args.parts if p not in PARTS]
    if bad or not args.parts:
        parser.error(f"--parts: {', '.join(bad) or 'none given'}; choose from {', '.join(PARTS)}")
    w, _, h = args.size.partition("x")
    if not (w.isdigit() and h.isdigit()):
        parser.error(f"--size: {args.size!r} is not WxH")
    for name in ("rounds", "frames", "runs", "decisions"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    return args


def measure(args: argparse.Namespace, sides: list[Side], parts: list[str], minimal_env: dict[str, str],
            exes: dict[str, str]) -> dict[str, Any]:
    """Every round of every part: ``{"frames": {"A": [report per round], "B": [...]}, "pacing":
    (the same), "start": {"source": {"A": [[s per run] per round], "B": ...}, "packed": {"A", "B",
    "minimal"}}}``."""
    samples: dict[str, Any] = {"frames": {"A": [], "B": []}, "pacing": {"A": [], "B": []},
                               "start": {"source": {"A": [], "B": []}}}
    if exes:
        samples["start"]["packed"] = {"A": [], "B": [], "minimal": []}
    for r in range(1, args.rounds + 1):
        order = sides if r % 2 else sides[::-1]
        for part in parts:
            t0 = time.perf_counter()
            say(f"round {r}/{args.rounds}: {part}, {' then '.join(s.label for s in order)} ...")
            if part in ("frames", "pacing"):
                for side in order:
                    extra = (frames_args(side, args) if part == "frames" else
                             ["--bench-only", "pacing", "--decisions", str(args.decisions), "--size", args.size])
                    samples[part][side.label].append(bench(side, extra))
            else:
                starters = [(s.label, s.who, [sys.executable, "-m", "scenes", QUIT], s.path, side_env(s.data_dir))
                            for s in order]
                exits, firsts = time_starts(starters, args.runs)
                for key in exits:
                    samples["start"]["source"][key].append(exits[key])
                    samples["start"].setdefault("source_first", {"A": [], "B": []})[key].append(firsts[key])
                if exes:
                    packed = [(s.label, s.who + " packed", [exes[s.label], QUIT], s.path, side_env(s.data_dir))
                              for s in order]
                    packed.append(("minimal", "the minimal app", [exes["minimal"], QUIT], ROOT, minimal_env))
                    exits, firsts = time_starts(packed, args.runs)
                    for key in exits:
                        samples["start"]["packed"][key].append(exits[key])
                        samples["start"].setdefault("packed_first", {"A": [], "B": [], "minimal": []})[key].append(
                            firsts[key])
            say(f"round {r}/{args.rounds}: {part} done ({time.perf_counter() - t0:.1f} s)")
    return samples


def sizes_of(exes: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Each bundle's folder size: ``{"A" | "B" | "minimal": {"bytes", "mib", "ratio_to_minimal"}}``."""
    raw = {key: folder_bytes(os.path.dirname(exe)) for key, exe in exes.items()}
    return {key: {"bytes": n, "mib": round(n / MIB, 2),
                  "ratio_to_minimal": round(n / raw["minimal"], 3) if raw["minimal"] else None}
            for key, n in raw.items()}


def render(meta: dict[str, Any], rows: dict[str, list[dict[str, Any]]], samples: dict[str, Any],
           sizes: dict[str, Any], unavailable: dict[str, list[str]], args: argparse.Namespace) -> str:
    """The whole Markdown report."""
    out = [stats.render_header(meta)]
    if args.rounds < 5:
        out.append(f"\nOnly {args.rounds} round(s): the intervals are rough (they rest on so few values).")
    if "frames" in rows:
        out += [f"\n## Frames (ms; {args.frames} frames a scene at {args.size})\n",
                stats.summary(rows["frames"]) + "\n", stats.render_table(rows["frames"], "scene")]
    if "start" in rows:
        out += [f"\n## Start to the first menu frame (s; median of {args.runs} runs a round, after one warm-up)\n",
                stats.render_table(rows["start"], "start")]
        minimal = [stats.median(runs) for runs in samples["start"].get("packed", {}).get("minimal", [])]
        first = [stats.median(runs) for runs in samples["start"].get("packed_first", {}).get("minimal", [])
                 if None not in runs]
        if minimal:
            out.append(f"\nThe minimal pygame-ce app packed: {stats.fmt(stats.median(minimal))} s to its exit "
                       f"(spread {stats.fmt(min(minimal))}–{stats.fmt(max(minimal))})"
                       + (f", {stats.fmt(stats.median(first))} s to its first frame." if first else "."))
        if sizes:
            out += ["\nBundle folders:\n", stats.render_sizes(sizes)]
    if "pacing" in rows:
        out += [f"\n## Pacing (s; {args.decisions} decisions a game, waits between the player's decisions)\n",
                stats.summary(rows["pacing"]) + "\n", stats.render_table(rows["pacing"], "game mode")]
    for part, labels in unavailable.items():
        out.append(f"\n## {part.capitalize()}: unavailable\n\n"
                   + "; ".join(f"side {lab} ({meta['sides'][lab]['spec']}) does not know {missing_for(part)}"
                               for lab in labels) + ".")
    return "\n".join(out) + "\n"


def compare_sides(args: argparse.Namespace, command: str) -> int:
    """Resolve both sides, measure, print the report (and write the JSON). Returns 0."""
    with tempfile.TemporaryDirectory(prefix="tatami-bench-compare-") as tmp:
        sides = [resolve_side("A", args.a, args.export_dir), resolve_side("B", args.b, args.export_dir)]
        for side in sides:
            side.data_dir = os.path.join(tmp, side.label)
            os.makedirs(side.data_dir)
            side.supports = probe(side)
        unavailable = {p: [s.label for s in sides if not s.supports[p]] for p in args.parts}
        unavailable = {p: labels for p, labels in unavailable.items() if labels}
        parts = [p for p in args.parts if p not in unavailable]
        for part, labels in unavailable.items():
            say(f"{part}: unavailable for side {' and '.join(labels)}; left out")
        exes: dict[str, str] = {}
        if "start" in parts and args.packed:
            exes = {s.label: ensure_bundle(s) for s in sides}
            exes["minimal"] = ensure_minimal(args.export_dir)
        minimal_env = side_env(os.path.join(tmp, "minimal"))
        os.makedirs(minimal_env["TATAMI_DATA_DIR"])
        samples = measure(args, sides, parts, minimal_env, exes)
    rows: dict[str, list[dict[str, Any]]] = {}
    if "frames" in parts:
        rows["frames"] = stats.frame_rows(samples["frames"]["A"], samples["frames"]["B"])
    if "start" in parts:
        rows["start"] = stats.start_rows(samples["start"])
    if "pacing" in parts:
        rows["pacing"] = stats.pacing_rows(samples["pacing"]["A"], samples["pacing"]["B"])
    sizes = sizes_of(exes) if exes else {}
    meta = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "python": platform.python_version()},
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "command": command,
        "sides": {s.label: {"spec": s.spec, "path": s.path, "kind": s.kind, "sha": s.sha,
                            "describe": s.describe, "supports": s.supports} for s in sides},
        "options": (f"parts {','.join(args.parts)}; {args.rounds} rounds (A B, B A, ...); frames {args.frames} "
                    f"at {args.size}; start runs {args.runs}{', packed too' if args.packed else ''}; "
                    f"pacing decisions {args.decisions}"),
    }
    print(render(meta, rows, samples, sizes, unavailable, args), end="", flush=True)
    if args.json:
        doc = dict(meta, parts=parts, unavailable=unavailable, rounds=args.rounds,
                   order=[["A", "B"] if r % 2 else ["B", "A"] for r in range(1, args.rounds + 1)],
                   samples={p: samples[p] for p in parts}, rows=rows, sizes=sizes)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        say(f"wrote {args.json}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    args.export_dir = os.path.abspath(args.export_dir)
    command = shlex.join([os.path.relpath(os.path.abspath(__file__), ROOT), *argv])
    try:
        return compare_sides(args, command)
    except CompareError as exc:
        say(str(exc))
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
