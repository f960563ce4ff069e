#!/usr/bin/env python3
"""Size and start time of Tatami's Windows bundle under Wine, each as a ratio to a minimal pygame-ce app.

    python3 tools/bench_windows.py [--runs N] [--no-build] [--cache DIR] [--out DIR]

Standard library only; runs on Linux with Wine (see tools/windows_build.py). Steps:

1. Builds both Windows bundles in the same run and the same way (tools/windows_build.py's
   ``build``: PyInstaller under Wine, one folder, windowed): Tatami from build.spec and the
   minimal pygame-ce app from tools/minimal_app/minimal.spec (which reads build.spec's EXCLUDES),
   into ``--out`` (default ``build-windows/bench/``, gitignored):
   ``<out>/<name>/dist/<name>/<name>.exe``, PyInstaller's work files in ``<out>/<name>/work``.
   ``--no-build`` reuses the bundles already there.
2. Sizes: the bytes of the regular files in each one-folder bundle (reported in bytes and MiB,
   1 MiB = 1048576 bytes), and the bytes of each folder zipped as the release zip is made
   (deflate, level 9, entries sorted; written to a temporary file, then deleted).
3. Start time: wall-clock seconds from launching ``wine <name>.exe --quit-after-first-frame``
   until its "first frame" line arrives through the pipe (both programs print it the moment
   their first frame is on screen: Tatami's menu, the minimal app's one frame); the time to the
   process's exit (shutdown included) is reported beside it. With SDL_VIDEODRIVER=dummy and SDL_AUDIODRIVER=dummy, all inside ONE Wine session (one
   wineserver and Wine's services already up) in the dedicated prefix ``<cache>/wine-bench``,
   so the build's prefix ``<cache>/wine`` is never used. One unmeasured warm-up run of each
   program, then N measured runs of each, Tatami and minimal alternating; the median of each
   and their ratio. Every run must exit 0.

Nothing of the user's is touched: Tatami's data goes to a temporary folder (TATAMI_DATA_DIR,
deleted at the end), and the Wine processes get a HOME and XDG folders under ``<cache>`` with
winemenubuilder disabled (so no menu entries or shell-folder links land in the real home).

Prints one JSON object on stdout (progress goes to stderr): the machine (processor, logical CPU
count, CPU model, memory, load averages before and after the timed runs), Wine's version, both
sizes and their ratios, both start medians (s) with every sample and their ratio, and the targets
of the issue (Tatami within 1.15x the minimal app's size and 1.5x its start time) with whether
they are met. Targets are reported, not asserted: the exit code is 1 only when a build or a run
fails (one line ``bench_windows: <what failed>`` on stderr), 2 for a bad command line.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import windows_build  # noqa: E402  (tools/windows_build.py, next to this file)
from bench_startup import folder_bytes  # noqa: E402  (the Linux bundles are counted the same way)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "build-windows" / "bench"
MIB = 1024 * 1024
#: Seconds one start of either program may take under Wine before the run counts as failed.
RUN_TIMEOUT_S = 180
QUIT_FLAG = "--quit-after-first-frame"

#: Tatami's size (folder bytes, and zip bytes) may be at most this many times the minimal app's.
TARGET_SIZE_RATIO = 1.15
#: Tatami's median start time (s) may be at most this many times the minimal app's.
TARGET_START_RATIO = 1.5

#: name: the spec it is built from (the bundle's folder and .exe carry the same name).
BUNDLES = {
    "Tatami": ROOT / "build.spec",
    "minimal": ROOT / "tools" / "minimal_app" / "minimal.spec",
}


class BenchError(Exception):
    """A build or a run failed; ``str(exc)`` is the one line shown."""


def say(msg: str) -> None:
    print(f"bench_windows: {msg}", file=sys.stderr, flush=True)


def bundle_dir(out: Path, name: str) -> Path:
    """The one-folder bundle of ``name`` under ``out``."""
    return out / name / "dist" / name


def build_bundle(name: str, out: Path, cache: Path) -> Path:
    """Build ``name`` for Windows with windows_build.build (no release zip); its folder."""
    spec = BUNDLES[name]
    say(f"building {name} for Windows from {spec.relative_to(ROOT)} ...")
    folder = windows_build.build(spec, out / name / "dist", out / name / "work", cache, make_zip=False)
    if folder.name != name:
        raise BenchError(f"building {name} made {folder} instead of {bundle_dir(out, name)}")
    return folder


def zip_bytes(path: Path) -> int:
    """Bytes of ``path`` zipped like the release zip (entries under ``<folder name>/``, sorted,
    deflate level 9), written to a temporary file that is deleted afterwards."""
    files = sorted(p for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    with tempfile.TemporaryFile() as tmp:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for p in files:
                zf.write(p, Path(path.name, p.relative_to(path)).as_posix())
        return tmp.seek(0, os.SEEK_END)


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo ('' if unknown)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def memory_gib() -> float | None:
    """Total memory in GiB from /proc/meminfo (None if unknown)."""
    try:
        with open("/proc/meminfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) / (1024 * 1024), 1)
    except (OSError, ValueError, IndexError):
        pass
    return None


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (None where unavailable)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def bench_env(cache: Path, data_dir: Path) -> dict:
    """The Wine environment of the timed runs: the dedicated prefix ``<cache>/wine-bench``, dummy
    SDL drivers, Tatami's data in ``data_dir``, a scratch HOME / XDG folders (wine_env already turns the menu builder off)."""
    home = cache / "wine-bench-home"
    xdg = {"XDG_DATA_HOME": home / ".local" / "share", "XDG_CONFIG_HOME": home / ".config",
           "XDG_CACHE_HOME": home / ".cache"}
    for folder in (home, *xdg.values()):
        folder.mkdir(parents=True, exist_ok=True)
    extra = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
             "TATAMI_DATA_DIR": windows_build.windows_path(data_dir),
             "HOME": str(home), **{k: str(v) for k, v in xdg.items()}}
    return windows_build.wine_env(cache / "wine-bench", extra=extra)


def timed_start(exe: Path, env: dict) -> tuple[float, float, str]:
    """Run ``wine exe --quit-after-first-frame`` once: (s from launch to its "first frame" line, s
    from launch to its exit, its output). Both programs print that line the moment their first
    frame is shown, so the first figure is the start to the first frame, Wine's process start
    included, and the second adds the shutdown. BenchError if it times out, never says it, or
    exits non-zero."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(["wine", str(exe), QUIT_FLAG], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env, cwd=exe.parent)
    timer = threading.Timer(RUN_TIMEOUT_S, proc.kill)
    timer.start()
    first = None
    lines = []
    try:
        assert proc.stdout is not None
        for raw in proc.stdout:
            line = raw.decode("utf-8", "replace")
            lines.append(line)
            if first is None and "first frame" in line:
                first = time.perf_counter() - t0
        code = proc.wait()
    finally:
        timer.cancel()
    elapsed = time.perf_counter() - t0
    out = "".join(lines)
    if code != 0:
        last = next((ln.strip() for ln in reversed(lines) if ln.strip()), "no output")[:300]
        raise BenchError(f"{exe.name} {QUIT_FLAG} exited {code} under Wine: {last}")
    if first is None:
        raise BenchError(f"{exe.name} {QUIT_FLAG} never said it showed its first frame")
    return first, elapsed, out


def measure_starts(exes: dict[str, Path], runs: int, env: dict) -> dict[str, list[float]]:
    """Start times (s) of each program: inside one Wine session, one unmeasured warm-up run of
    each, then ``runs`` measured runs of each, the programs alternating. Also collects Tatami's
    own "first frame after N ms" lines under the key ``Tatami_reported_ms``."""
    samples: dict[str, list[float]] = {name: [] for name in exes}
    samples["Tatami_reported_ms"] = []
    with windows_build.wine_session(env):
        for name, exe in exes.items():
            say(f"warm-up run of {name}.exe under Wine ...")
            timed_start(exe, env)
        for i in range(runs):
            for name, exe in exes.items():
                first, elapsed, out = timed_start(exe, env)
                samples[name].append(round(first, 4))
                samples.setdefault(name + "_exit", []).append(round(elapsed, 4))
                m = re.search(r"first frame after (\d+(?:\.\d+)?) ms", out)
                if name == "Tatami" and m:
                    samples["Tatami_reported_ms"].append(float(m.group(1)))
            say(f"run {i + 1}/{runs}: " + ", ".join(f"{n} {samples[n][-1]:.2f} s" for n in exes))
    return samples


def ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if b else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_windows.py", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measured runs of each program (default 5)")
    parser.add_argument("--no-build", action="store_true", help="reuse the bundles already in --out")
    parser.add_argument("--cache", type=Path, default=None,
                        help="windows_build's cache folder (downloads, interpreter, Wine prefixes); "
                             "default: windows_build.default_cache()")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="where both bundles are built (default build-windows/bench)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    cache = (args.cache or windows_build.default_cache()).resolve()
    out = args.out.resolve()

    data_dir = Path(tempfile.mkdtemp(prefix="tatami-bench-windows-"))
    try:
        wine_version = windows_build.ensure_wine()
        builds = {}
        for name in BUNDLES:
            exe = bundle_dir(out, name) / f"{name}.exe"
            if args.no_build:
                if not exe.is_file():
                    raise BenchError(f"{exe} does not exist (and --no-build was given)")
                builds[name] = "reused"
            else:
                build_bundle(name, out, cache)
                builds[name] = "built"
        exes = {name: bundle_dir(out, name) / f"{name}.exe" for name in BUNDLES}
        load_before = load_average()
        say(f"timing {args.runs} starts of each under Wine (prefix {cache / 'wine-bench'}) ...")
        samples = measure_starts(exes, args.runs, bench_env(cache, data_dir))
        load_after = load_average()
    except (BenchError, windows_build.BuildError) as exc:
        say(str(exc))
        return 1
    except (OSError, subprocess.SubprocessError) as exc:
        say(f"{type(exc).__name__}: {exc}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)

    say("measuring the bundles' sizes (and zipping them) ...")
    size = {name: folder_bytes(bundle_dir(out, name)) for name in BUNDLES}
    zipped = {name: zip_bytes(bundle_dir(out, name)) for name in BUNDLES}
    start = {name: statistics.median(samples[name]) for name in BUNDLES}
    size_ratio = ratio(size["Tatami"], size["minimal"])
    zip_ratio = ratio(zipped["Tatami"], zipped["minimal"])
    start_ratio = ratio(start["Tatami"], start["minimal"])
    reported = samples["Tatami_reported_ms"]
    result = {
        "machine": {
            "system": f"{platform.system()} {platform.release()} {platform.machine()}",
            "processor": platform.processor(),
            "cpu_model": cpu_model(),
            "cpu_count": os.cpu_count(),
            "memory_gib": memory_gib(),
            "load_average_before": load_before,
            "load_average_after": load_after,
        },
        "wine": wine_version,
        "host_python": platform.python_version(),
        "runs": args.runs,
        "builds": builds,
        "bundle_size": {
            "tatami_bytes": size["Tatami"], "tatami_mib": round(size["Tatami"] / MIB, 2),
            "minimal_bytes": size["minimal"], "minimal_mib": round(size["minimal"] / MIB, 2),
            "ratio": size_ratio, "target_ratio": TARGET_SIZE_RATIO,
            "ok": size_ratio is not None and size_ratio <= TARGET_SIZE_RATIO,
        },
        "zip_size": {
            "tatami_bytes": zipped["Tatami"], "tatami_mib": round(zipped["Tatami"] / MIB, 2),
            "minimal_bytes": zipped["minimal"], "minimal_mib": round(zipped["minimal"] / MIB, 2),
            "ratio": zip_ratio, "target_ratio": TARGET_SIZE_RATIO,
            "ok": zip_ratio is not None and zip_ratio <= TARGET_SIZE_RATIO,
        },
        "start_s": {
            "tatami": start["Tatami"], "minimal": start["minimal"], "ratio": start_ratio,
            "tatami_samples": samples["Tatami"], "minimal_samples": samples["minimal"],
            "tatami_reported_first_frame_ms": statistics.median(reported) if reported else None,
            # launch to exit (the first frame plus the shutdown), for comparison
            "tatami_to_exit": statistics.median(samples["Tatami_exit"]),
            "minimal_to_exit": statistics.median(samples["minimal_exit"]),
            "target_ratio": TARGET_START_RATIO,
            "ok": start_ratio is not None and start_ratio <= TARGET_START_RATIO,
        },
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
