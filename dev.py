#!/usr/bin/env python3
"""Tatami developer bootstrap (standard library only; needs Python >= 3.11).

    python3 dev.py run   [ARGS...]   start the app:            python -m scenes ARGS
    python3 dev.py test  [ARGS...]   run the tests:             python -m pytest -q -n N --dist loadgroup ARGS
                                     (N: 2 per CPU; give -n 0 for one process)
    python3 dev.py build [ARGS...]   PyInstaller bundle:        dist/Tatami/ (from build.spec)
    python3 dev.py build --windows   the Windows bundle, built on Linux under Wine:
                                     dist-windows/Tatami/Tatami.exe and
                                     dist-windows/Tatami-<version>-windows-x64.zip
                                     (tools/windows_build.py build; installs Wine with apt
                                     when it is missing; pinned in tools/windows.lock.json)
    python3 dev.py bench [ARGS...]   benchmarks:                python -m scenes --bench, then
                                                                tools/bench_startup.py ARGS
    python3 dev.py bench --compare REV [ARGS...]
                                     REV against the working tree, side by side, as Markdown
                                     tables: tools/bench_compare.py REV . ARGS (frame times and
                                     start-up by default; see its --help)

Every command first makes sure .venv/ exists and holds the project for the current
pyproject.toml with what that command needs, and says so in one line while it installs (pip's
own output is quiet unless something goes wrong):

    run            the app only:            pip install -e .
    test           + the test tools:        pip install -e .[test]   (pytest, hypothesis, mypy,
                                                                       fonttools, pyinstaller)
    build, bench   + PyInstaller:           pip install -e .[build]

.venv/tatami-dev.stamp keeps a hash of pyproject.toml and the extras installed, so an install only
runs again when pyproject.toml changes or a command needs an extra not installed yet (what is
installed is kept: `test` after `run` adds the test tools). Delete .venv/ to start from scratch.
Then it compiles the translation catalogs (game/locale/*/LC_MESSAGES/tatami.po -> .mo, Babel,
tools/i18n.py compile). The exit code of the command is propagated.
"""
import hashlib
import os
import shutil
import subprocess
import sys

MIN_PYTHON = (3, 11)
ROOT = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(ROOT, ".venv")
STAMP = os.path.join(VENV, "tatami-dev.stamp")
PYPROJECT = os.path.join(ROOT, "pyproject.toml")


def venv_python():
    if os.name == "nt":
        return os.path.join(VENV, "Scripts", "python.exe")
    return os.path.join(VENV, "bin", "python")


def say(msg):
    print(f"dev.py: {msg}", file=sys.stderr, flush=True)


def call(cmd, env=None):
    """Run cmd in the repo root and return its exit code (128+N when killed by signal N)."""
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    while True:
        try:
            rc = proc.wait()
            break
        except KeyboardInterrupt:
            continue  # the child got the Ctrl-C as well; let it finish and report
    return 128 - rc if rc < 0 else rc


def create_venv():
    rc = call([sys.executable, "-m", "venv", VENV])
    if rc != 0 or not os.path.exists(venv_python()):
        shutil.rmtree(VENV, ignore_errors=True)
        say("`python3 -m venv` failed. On Debian/Ubuntu install the venv module first:\n"
            "    sudo apt-get install python3-venv")
        sys.exit(rc or 1)


def wanted_stamp():
    with open(PYPROJECT, "rb") as f:
        digest = hashlib.sha256(f.read())
    digest.update(ROOT.encode())  # an editable install points at this checkout
    return digest.hexdigest()


#: The pyproject.toml extras each command needs (run: the app's own dependencies only; `build
#: --windows` needs none here: the Windows interpreter gets its own pinned PyInstaller).
EXTRAS = {"run": (), "test": ("test",), "build": ("build",), "bench": ("build",)}
#: What each extra brings, for the one line said while installing.
EXTRA_WORDS = {"test": "the test tools", "build": "PyInstaller"}


def read_stamp():
    """(pyproject hash, set of extras installed) from the stamp file; (None, set()) if none."""
    try:
        with open(STAMP, encoding="ascii") as f:
            parts = f.read().split()
    except OSError:
        return None, set()
    if not parts:
        return None, set()
    return parts[0], set(parts[1].split(",")) if len(parts) > 1 and parts[1] != "-" else set()


def ensure_env(command="test"):
    """Create .venv if needed and install the project with the extras ``command`` needs (see the
    module doc) when pyproject.toml changed or one of them is missing; returns the venv's python."""
    fresh = not os.path.exists(venv_python())
    if fresh:
        shutil.rmtree(VENV, ignore_errors=True)  # half-made or broken venv
    stamp = wanted_stamp()
    installed_hash, installed = read_stamp()
    if installed_hash != stamp:
        installed = set()
    wanted = set(EXTRAS[command])
    if not fresh and installed_hash == stamp and wanted <= installed:
        return venv_python()
    extras = sorted(installed | wanted)
    target = ".[" + ",".join(extras) + "]" if extras else "."
    what = " and ".join(["what the app needs"] + [EXTRA_WORDS.get(e, e) for e in extras])
    say(("creating .venv/ and installing " if fresh else "installing ") + what
        + f" (pip install -e {target}) ...")
    if fresh:
        create_venv()
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_ROOT_USER_ACTION="ignore",
               PIP_NO_WARN_SCRIPT_LOCATION="1")
    rc = call([venv_python(), "-m", "pip", "install", "--quiet", "-e", target], env=env)
    if rc != 0:
        say("pip install failed")
        sys.exit(rc)
    with open(STAMP, "w", encoding="ascii") as f:
        f.write(stamp + " " + (",".join(extras) or "-") + "\n")
    return venv_python()


def headless_env():
    """Environment for benchmarks: SDL dummy drivers when there is no display to draw on."""
    env = dict(os.environ)
    if sys.platform.startswith("linux") and not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def compile_catalogs(py):
    """Compile the translation catalogs (game/locale/*/LC_MESSAGES/tatami.po -> .mo) with Babel,
    as every command needs them (tools/i18n.py compile; quiet unless something goes wrong)."""
    rc = call([py, os.path.join("tools", "i18n.py"), "compile"])
    if rc != 0:
        say("compiling the translation catalogs failed")
    return rc


def cmd_run(py, args):
    return call([py, "-m", "scenes", *args])


def test_workers():
    """How many pytest-xdist workers `dev.py test` starts: two per CPU (the suite waits more than it
    computes: AI think times, subprocesses, windows), at least 2; `-n N` given chooses."""
    return max(2, 2 * (os.cpu_count() or 1))


def cmd_test(py, args):
    # pytest-xdist: the tests spread over workers; a group of tests sharing an expensive run (the
    # bundle, the Windows exe, the self-test: xdist_group marks) goes to one worker. `-n 0` (or any
    # -n / -p no:xdist given) runs them as asked.
    chosen = any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) for a in args) or "no:xdist" in args
    workers = [] if chosen else ["-n", str(test_workers()), "--dist", "loadgroup"]
    return call([py, "-m", "pytest", "-q", *workers, *args])


def cmd_build(py, args):
    if "--windows" in args:
        rest = [a for a in args if a != "--windows"]
        return call([py, os.path.join("tools", "windows_build.py"), "build", *rest])  # says what it built
    rc = call([py, "-m", "PyInstaller", "--noconfirm", *args, "build.spec"])
    if rc == 0:
        say("built " + os.path.join(ROOT, "dist", "Tatami"))
    return rc


def cmd_bench(py, args):
    env = headless_env()
    if args and (args[0] == "--compare" or args[0].startswith("--compare=")):
        # two versions side by side: REV (side A) against the working tree (side B)
        if args[0] == "--compare":
            rev, rest = (args[1], args[2:]) if len(args) > 1 else ("", [])
        else:
            rev, rest = args[0].partition("=")[2], args[1:]
        if not rev or rev.startswith("-"):
            say("usage: python3 dev.py bench --compare REV [ARGS...]  (REV: the revision to compare with)")
            return 2
        return call([py, os.path.join("tools", "bench_compare.py"), rev, ".", *rest], env=env)
    rc = call([py, "-m", "scenes", "--bench"], env=env)
    rc2 = call([py, os.path.join("tools", "bench_startup.py"), *args], env=env)
    return rc or rc2


COMMANDS = {"run": cmd_run, "test": cmd_test, "build": cmd_build, "bench": cmd_bench}


def main(argv):
    if sys.version_info < MIN_PYTHON:
        say("Python %d.%d or newer is needed (this is %s)"
            % (MIN_PYTHON + (sys.version.split()[0],)))
        return 1
    if not argv or argv[0] not in COMMANDS:
        print(__doc__, file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    # Development runs, tests and checks never send multicast: LAN discovery (game/net/discovery.py,
    # TATAMI_LAN in docs/DEVELOPING.md) is off for everything started from here. To try it on a real
    # network, run the app without dev.py: .venv/bin/python -m scenes
    os.environ["TATAMI_LAN"] = "off"
    # The app's own game server (hosting an online table, TATAMI_NET_HOST in docs/DEVELOPING.md)
    # listens on this machine only in development runs.
    os.environ["TATAMI_NET_HOST"] = "127.0.0.1"
    py = ensure_env(command)
    rc = compile_catalogs(py)
    if rc != 0:
        return rc
    return COMMANDS[command](py, args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
