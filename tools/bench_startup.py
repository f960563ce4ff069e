"""Start-up time and bundle size of Tatami, side by side with a minimal pygame-ce app.

    python tools/bench_startup.py [--runs N] [--rebuild | --no-build]
    (normally through `python3 dev.py bench`, which uses the project's .venv)

Builds dist/Tatami (build.spec) and dist/minimal (tools/minimal_app/minimal.spec) when they are
missing or older than their sources (--rebuild forces, --no-build never builds), then measures,
with the SDL dummy video/audio drivers:
  (a) start to the first menu frame from source: python -m scenes --quit-after-first-frame
  (b) the same for the packed Tatami and the packed minimal app, the two alternating
  (c) the size of both one-folder bundles
A start is the wall time from launching the program until its "first frame" line arrives through
the pipe (both print it the moment their first frame is shown); reported beside it: Tatami's "scene
drawn" (the first frame that drew the menu: the same frame, or the next when the first was the
menu's fade-in at its opaque start, drawn alone — ``menu_drawn``, ``drawn_ratio``) and the time to
each program's exit (shutdown included). Tatami also prints when each step of its start happened
(scenes/shell/startclock.py): the report gives each step's median share, in ms — ``interpreter``
(launch to the entry script), ``imports``, ``window``, ``scene``, ``frame`` (the first frame, of
which ``fonts`` and ``art`` opened fonts and rasterised SVG art). Each time is the median of N runs
after one unmeasured warm-up run. Prints one JSON object. Targets are reported, not asserted (issue
34): from source <= 1 s; packed Tatami <= 1.5x the minimal app's start and <= 1.15x its size. The
exit code is non-zero only when a build or a run fails.
"""
import argparse
import json
import os
import platform
import re
import stat
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")
WORK = os.path.join(ROOT, "build")
EXE_SUFFIX = ".exe" if os.name == "nt" else ""
MIB = 1024 * 1024
RUN_TIMEOUT_S = 120

TARGET_SOURCE_S = 1.0
TARGET_START_RATIO = 1.5
TARGET_SIZE_RATIO = 1.15
#: The line Tatami prints after its first frame with the moments of its start's steps.
STEPS_LINE = re.compile(r"start steps \(perf_counter ms\): ([^;\n]*)(?:; in the first frame: ([^\n]*))?")

BUNDLES = {
    # name: (spec file, sources whose changes call for a rebuild)
    "Tatami": ("build.spec", ["build.spec", "tatami_main.py", "pyproject.toml",
                              "game", "scenes", "assets"]),
    "minimal": (os.path.join("tools", "minimal_app", "minimal.spec"),
                [os.path.join("tools", "minimal_app"), "build.spec"]),
}


class BenchError(Exception):
    pass


def executable(name):
    return os.path.join(DIST, name, name + EXE_SUFFIX)


def newest_mtime(paths, base=ROOT):
    """The newest modification time of the files under ``base/path`` for each of ``paths``
    (``__pycache__`` aside): what decides whether a bundle is older than its sources."""
    newest = 0.0
    for rel in paths:
        path = os.path.join(base, rel)
        if os.path.isfile(path):
            newest = max(newest, os.path.getmtime(path))
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for fn in filenames:
                newest = max(newest, os.path.getmtime(os.path.join(dirpath, fn)))
    return newest


def ensure_built(name, mode):
    """Build the bundle if needed; return "built" or "reused"."""
    spec, sources = BUNDLES[name]
    exe = executable(name)
    if mode == "never" or (mode == "auto" and os.path.exists(exe)
                           and os.path.getmtime(exe) >= newest_mtime(sources)):
        if not os.path.exists(exe):
            raise BenchError(f"{exe} does not exist (and --no-build was given)")
        return "reused"
    os.makedirs(WORK, exist_ok=True)
    log_path = os.path.join(WORK, f"bench-{name}.log")
    print(f"bench_startup: building {name} (log: {log_path})", file=sys.stderr, flush=True)
    with open(log_path, "w", encoding="utf-8") as log:
        rc = subprocess.call([sys.executable, "-m", "PyInstaller", "--noconfirm",
                              "--distpath", DIST, "--workpath", WORK, spec],
                             cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    if rc != 0 or not os.path.exists(exe):
        with open(log_path, encoding="utf-8", errors="replace") as log:
            tail = log.read()[-3000:]
        raise BenchError(f"building {name} failed (exit {rc}):\n{tail}")
    return "built"


_DATA_DIR = None


def bench_env():
    """Dummy SDL drivers and a scratch data directory (the user's settings are never touched)."""
    global _DATA_DIR
    if _DATA_DIR is None:
        _DATA_DIR = tempfile.mkdtemp(prefix="tatami-bench-startup-")
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["TATAMI_DATA_DIR"] = _DATA_DIR
    return env


#: How the programs say their first frame is shown (Tatami's line, the minimal app's), and Tatami's
#: first frame that drew its scene.
FIRST_FRAME_LINES = ("tatami: first frame after", "minimal: first frame")
DRAWN_LINE = "tatami: scene drawn after"


def timed_start(cmd, cwd=ROOT, env=None, need_first=True):
    """Run ``cmd`` once (in ``cwd``, with ``env``: default :func:`bench_env`): (s from launch to its
    "first frame" line, s to its "scene drawn" line (the first line's when it prints none: the
    minimal app), s to its exit, its step shares in ms or None). A program that prints no first
    frame line gives None for both with ``need_first=False`` (an older revision: tools/bench_compare.py).
    BenchError if it runs past :data:`RUN_TIMEOUT_S` (killed), fails (the end of its output), or
    never says it showed a frame when that is needed."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=bench_env() if env is None else env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    first, drawn, lines = None, None, []
    timer = threading.Timer(RUN_TIMEOUT_S, proc.kill)  # (a program that never exits keeps its pipe open)
    timer.start()
    try:
        for line in proc.stdout:
            lines.append(line)
            if first is None and line.startswith(FIRST_FRAME_LINES):
                first = time.perf_counter() - t0
            if drawn is None and line.startswith(DRAWN_LINE):
                drawn = time.perf_counter() - t0
        code = proc.wait()
    finally:
        timer.cancel()
    elapsed = time.perf_counter() - t0
    out = "".join(lines)
    if code != 0:
        tail = [line.rstrip() for line in lines if line.strip()][-8:]
        raise BenchError(f"`{' '.join(cmd)}` (in {cwd}) exited {code}; its output ends:\n"
                         + "\n".join("  | " + line for line in tail))
    if first is None and need_first:
        raise BenchError(f"{' '.join(cmd)} never said it showed its first frame:\n{out[-2000:]}")
    return first, drawn if drawn is not None else first, elapsed, step_shares(out, t0 * 1000.0)


def step_shares(out, launched_ms):
    """The steps of Tatami's start from its output (:data:`STEPS_LINE`), as ms each took from the
    step before (the first, ``interpreter``, from ``launched_ms`` on the same clock: the launch),
    then the first frame's ``fonts`` and ``art``; None when the line is missing."""
    m = STEPS_LINE.search(out)
    if m is None:
        return None
    shares, prev = {}, launched_ms
    for name, value in re.findall(r"(\w+)=([\d.]+)", m.group(1)):
        shares["interpreter" if name == "main" else name] = round(float(value) - prev, 2)
        prev = float(value)
    for name, value in re.findall(r"(\w+)=([\d.]+)", m.group(2) or ""):
        shares[name] = float(value)
    return shares


def median_starts(cmds, runs):
    """Start times of each of ``cmds`` (name -> command line): one unmeasured warm-up run of each,
    then ``runs`` measured runs of each, the commands alternating. Returns name -> {"first_s",
    "drawn_s", "exit_s" (medians), "samples" (first-frame times), "steps" (median ms per step, or
    None)}."""
    for cmd in cmds.values():
        timed_start(cmd)
    got = {name: ([], [], [], []) for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            first, drawn, elapsed, steps = timed_start(cmd)
            got[name][0].append(round(first, 4))
            got[name][1].append(round(drawn, 4))
            got[name][2].append(round(elapsed, 4))
            if steps is not None:
                got[name][3].append(steps)
    result = {}
    for name, (firsts, drawns, exits, steps) in got.items():
        shares = None
        if steps:
            shares = {k: round(statistics.median(s.get(k, 0.0) for s in steps), 1) for k in steps[0]}
        result[name] = {"first_s": statistics.median(firsts), "drawn_s": statistics.median(drawns),
                        "exit_s": statistics.median(exits), "samples": firsts, "steps_ms": shares}
    return result


def folder_bytes(path):
    """Bytes of the regular files under path (symlinks point inside the bundle: not counted)."""
    total = 0
    for dirpath, _dirnames, filenames in os.walk(path):
        for fn in filenames:
            st = os.lstat(os.path.join(dirpath, fn))
            if stat.S_ISREG(st.st_mode):
                total += st.st_size
    return total


def ratio(a, b):
    return round(a / b, 3) if b else None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measured runs per command (default 5)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--rebuild", dest="build", action="store_const", const="always",
                       default="auto", help="always rebuild both bundles")
    group.add_argument("--no-build", dest="build", action="store_const", const="never",
                       help="never build; use the bundles in dist/")
    args = parser.parse_args(argv)

    try:
        builds = {name: ensure_built(name, args.build) for name in BUNDLES}
        quit_flag = "--quit-after-first-frame"
        source = median_starts({"source": [sys.executable, "-m", "scenes", quit_flag]}, args.runs)["source"]
        packed = median_starts({"tatami": [executable("Tatami"), quit_flag],
                                "minimal": [executable("minimal"), quit_flag]}, args.runs)
    except BenchError as exc:
        print(f"bench_startup: {exc}", file=sys.stderr)
        return 1

    tatami_bytes = folder_bytes(os.path.join(DIST, "Tatami"))
    minimal_bytes = folder_bytes(os.path.join(DIST, "minimal"))
    tatami, minimal = packed["tatami"], packed["minimal"]
    start_ratio = ratio(tatami["first_s"], minimal["first_s"])
    size_ratio = ratio(tatami_bytes, minimal_bytes)
    result = {
        "platform": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(),
        "runs": args.runs,
        "builds": builds,
        "source_start_s": {
            "tatami": source["first_s"], "menu_drawn": source["drawn_s"], "exit": source["exit_s"],
            "samples": source["samples"],
            "steps_ms": source["steps_ms"], "target": TARGET_SOURCE_S, "ok": source["first_s"] <= TARGET_SOURCE_S,
        },
        "packed_start_s": {
            "tatami": tatami["first_s"], "minimal": minimal["first_s"], "ratio": start_ratio,
            "tatami_menu_drawn": tatami["drawn_s"], "drawn_ratio": ratio(tatami["drawn_s"], minimal["first_s"]),
            "tatami_exit": tatami["exit_s"], "minimal_exit": minimal["exit_s"],
            "exit_ratio": ratio(tatami["exit_s"], minimal["exit_s"]),
            "tatami_steps_ms": tatami["steps_ms"],
            "tatami_samples": tatami["samples"], "minimal_samples": minimal["samples"],
            "target_ratio": TARGET_START_RATIO, "ok": start_ratio <= TARGET_START_RATIO,
        },
        "bundle_size": {
            "tatami_bytes": tatami_bytes, "tatami_mib": round(tatami_bytes / MIB, 2),
            "minimal_bytes": minimal_bytes, "minimal_mib": round(minimal_bytes / MIB, 2),
            "ratio": size_ratio, "target_ratio": TARGET_SIZE_RATIO,
            "ok": size_ratio <= TARGET_SIZE_RATIO,
        },
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
