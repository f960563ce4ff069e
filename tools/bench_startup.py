"""Start-up time and bundle size of Tatami, side by side with a minimal pygame-ce app.

    python tools/bench_startup.py [--runs N] [--rebuild | --no-build]
    (normally through `python3 dev.py bench`, which uses the project's .venv)

Builds dist/Tatami (build.spec) and dist/minimal (tools/minimal_app/minimal.spec) when they are
missing or older than their sources (--rebuild forces, --no-build never builds), then measures,
with the SDL dummy video/audio drivers:
  (a) wall-clock start to first menu frame from source: python -m scenes --quit-after-first-frame
  (b) the same for the packed Tatami and the packed minimal app
  (c) the size of both one-folder bundles
Each start time is the median of N runs (after one unmeasured warm-up run). Prints one JSON object.
Targets are reported, not asserted: from source <= 1 s; packed Tatami <= 2x the minimal app's start
time and <= 1.3x its size. The exit code is non-zero only when a build or a run fails.
"""
import argparse
import json
import os
import platform
import stat
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")
WORK = os.path.join(ROOT, "build")
EXE_SUFFIX = ".exe" if os.name == "nt" else ""
MIB = 1024 * 1024
RUN_TIMEOUT_S = 120

TARGET_SOURCE_S = 1.0
TARGET_START_RATIO = 2.0
TARGET_SIZE_RATIO = 1.3

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


def newest_mtime(paths):
    newest = 0.0
    for rel in paths:
        path = os.path.join(ROOT, rel)
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


def median_start(cmd, runs):
    """Median wall-clock seconds of `cmd` from spawn to exit (after one warm-up run)."""
    env = bench_env()
    samples = []
    for i in range(runs + 1):
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                                  errors="replace", timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise BenchError(f"{' '.join(cmd)} did not exit within {RUN_TIMEOUT_S} s") from None
        elapsed = time.perf_counter() - t0
        if proc.returncode != 0:
            raise BenchError(f"{' '.join(cmd)} exited {proc.returncode}:\n"
                             f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
        if i:  # the first run only warms the file cache
            samples.append(round(elapsed, 4))
    return statistics.median(samples), samples


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
        source_s, source_samples = median_start(
            [sys.executable, "-m", "scenes", quit_flag], args.runs)
        tatami_s, tatami_samples = median_start([executable("Tatami"), quit_flag], args.runs)
        minimal_s, minimal_samples = median_start([executable("minimal"), quit_flag], args.runs)
    except BenchError as exc:
        print(f"bench_startup: {exc}", file=sys.stderr)
        return 1

    tatami_bytes = folder_bytes(os.path.join(DIST, "Tatami"))
    minimal_bytes = folder_bytes(os.path.join(DIST, "minimal"))
    start_ratio = ratio(tatami_s, minimal_s)
    size_ratio = ratio(tatami_bytes, minimal_bytes)
    result = {
        "platform": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(),
        "runs": args.runs,
        "builds": builds,
        "source_start_s": {
            "tatami": source_s, "samples": source_samples,
            "target": TARGET_SOURCE_S, "ok": source_s <= TARGET_SOURCE_S,
        },
        "packed_start_s": {
            "tatami": tatami_s, "minimal": minimal_s, "ratio": start_ratio,
            "tatami_samples": tatami_samples, "minimal_samples": minimal_samples,
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
