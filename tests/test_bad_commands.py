"""The real commands on bad input (issue "No file can stop Tatami from starting").

Each is run as the player runs it — ``python -m game replay | narrate | analyse`` and the replay
viewer ``python -m scenes --replay`` (``tatami --replay``; headless with SDL_VIDEODRIVER=dummy) —
in a subprocess with a timeout: a bad file gives exit status 2 (1 for a damaged install or no
display) and exactly one line on standard error, never a traceback, never a hang.

Findings covered: 7, 9 and 11 (the key bad files through the four readers: a named pipe,
``/dev/zero``, deep nesting, a 5,000-digit number, a game list), 13 (the terminal's encoding,
``tatami --play ''``, ``--frames -5``), 14 (a damaged install without
``game/kanji/kanji_zushi.json``), 12 (no display).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import system
from game.core import InstallError
from game.match import Match
from game.registry import get

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120
KANJI_DATA = Path("game") / "kanji" / "kanji_zushi.json"


def real_record(game: str, seats: int, seed: int = 3) -> dict:
    match = Match(get(game), ["random"] * seats, seed, synchronous=True)
    match.run_bots_until_human()
    return match.record()


KAITO = real_record("kaito", 2)
KANJI = real_record("kanji-zushi", 2)

READERS = {
    "replay": [sys.executable, "-m", "game", "replay"],
    "narrate": [sys.executable, "-m", "game", "narrate"],
    "analyse": [sys.executable, "-m", "game", "analyse", "--seat", "0", "--depth", "1", "--worlds", "2"],
    "viewer": [sys.executable, "-m", "scenes", "--quit-after-first-frame", "--replay"],
}


def limit_memory() -> None:  # pragma: no cover - runs in the child
    """A reader that read /dev/zero without end would fail here rather than fill the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024 ** 3, 3 * 1024 ** 3))


def run(args: list[str], tmp_path: Path, env: dict | None = None, cwd: Path = ROOT,
        unset: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    full = {**os.environ, "TATAMI_DATA_DIR": str(tmp_path / "data"), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "TATAMI_LANG": "en", "PYTHONPATH": str(cwd), **(env or {})}
    for name in unset:
        full.pop(name, None)
    return subprocess.run(args, cwd=cwd, env=full, capture_output=True, text=True, timeout=TIMEOUT,
                          errors="replace", preexec_fn=limit_memory if os.name == "posix" else None)


def one_line(proc: subprocess.CompletedProcess, status: int, *words: str) -> str:
    """The one stderr line of a run that exited with ``status``."""
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == status, (proc.returncode, proc.stderr[-2000:])
    assert len(lines) == 1 and len(lines[0]) <= 400, proc.stderr[-2000:]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


# -- the key bad files through the four readers (findings 7, 9, 11) --------------------------------------
def bad_file(kind: str, tmp_path: Path) -> tuple[str, str]:
    """(path, a word its error line has)."""
    path = tmp_path / f"{kind}.json"
    if kind == "fifo":
        os.mkfifo(path)
        return str(path), "not a regular file"
    if kind == "zero":
        return "/dev/zero", "not a regular file"
    if kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
        return str(path), "nested deeper"
    if kind == "bigint":
        path.write_text(json.dumps({**KAITO, "players": 0}).replace('"players": 0', '"players": ' + "9" * 5000))
        return str(path), "digits"
    if kind == "gamelist":
        path.write_text(json.dumps({**KAITO, "game": ["kaito"]}))
        return str(path), "unknown game"
    if kind == "bigaction":
        record = {**KAITO, "actions": list(KAITO["actions"])}
        record["actions"][3] = "x" * 2_000_000
        path.write_text(json.dumps(record))
        return str(path), "malformed record"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", [
    pytest.param("fifo", marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")),
    pytest.param("zero", marks=pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")),
    "deep", "bigint", "gamelist", "bigaction",
])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_bad_file_is_one_line_and_status_2(tmp_path, reader, kind):
    path, word = bad_file(kind, tmp_path)
    proc = run([*READERS[reader], path], tmp_path)
    line = one_line(proc, 2, path, word)
    assert line.startswith("tatami: " if reader == "viewer" else path)
    assert proc.stdout.strip() == ""


@pytest.mark.parametrize("reader", sorted(READERS))
def test_the_apps_saved_game_is_read_by_every_reader(tmp_path, reader):
    path = tmp_path / "kaito.json"
    path.write_text(json.dumps({"version": 1, "game": "kaito", "record": KAITO,
                                "setup": {"seats": ["human", "hard"], "names": ["Aiko", "Ben"]}, "game_id": "x"}))
    proc = run([*READERS[reader], str(path)], tmp_path)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    if reader != "viewer":
        assert proc.stdout.strip()


# -- 13: the terminal's encoding, empty and negative arguments ---------------------------------------------------
def test_narrate_in_japanese_on_an_ascii_terminal(tmp_path):
    path = tmp_path / "kanji.json"
    path.write_text(json.dumps(KANJI, ensure_ascii=False), encoding="utf-8")
    proc = run([sys.executable, "-m", "game", "narrate", "--lang", "ja", str(path)], tmp_path,
               env={"PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.stdout.strip() and proc.stdout.isascii() and "\\u" in proc.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**KANJI, "game": ["kaito"]}))
    proc = run([sys.executable, "-m", "game", "narrate", "--lang", "ja", str(bad)], tmp_path,
               env={"PYTHONIOENCODING": "ascii"})
    one_line(proc, 2, str(bad))


def test_every_game_command_survives_an_ascii_terminal(tmp_path):
    path = tmp_path / "kanji.json"
    path.write_text(json.dumps(KANJI, ensure_ascii=False), encoding="utf-8")
    for args in (["replay", "--each-step"], ["analyse", "--seat", "0", "--worlds", "2"]):
        proc = run([sys.executable, "-m", "game", *args, str(path)], tmp_path,
                   env={"PYTHONIOENCODING": "ascii", "TATAMI_LANG": "ja"})
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]


@pytest.fixture
def opened(monkeypatch, tmp_path):
    """``cli.main`` in-process, headless; counts the Apps that ran (none must for a usage error)."""
    from scenes.shell.app import App

    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    seen = {"apps": 0}
    original = App.run

    def spy(self):
        seen["apps"] += 1
        return original(self)

    monkeypatch.setattr(App, "run", spy)
    return seen


@pytest.mark.parametrize("name", ["", " ", "chess", "KAITO"])
def test_play_with_an_unknown_or_empty_game_names_the_games(opened, capsys, name):
    from scenes import cli

    assert cli.main(["--play", name, "--quit-after-first-frame"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown" in err[0] and all(g in err[0] for g in ("kaito", "sushi-draft", "kanji-zushi"))
    assert opened["apps"] == 0


def test_replay_of_an_empty_path_is_one_line(opened, capsys):
    from scenes import cli

    assert cli.main(["--replay", "", "--quit-after-first-frame"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1 and opened["apps"] == 0


@pytest.mark.parametrize("frames", ["-5", "0", "x", "1.5"])
def test_bench_frames_must_be_positive(opened, capsys, frames):
    from scenes import cli

    with pytest.raises(SystemExit) as info:
        cli.main(["--bench", "--frames", frames])
    assert info.value.code == 2 and "--frames" in capsys.readouterr().err
    assert opened["apps"] == 0


# -- 14: a damaged install ------------------------------------------------------------------------------------
@pytest.fixture
def damaged(tmp_path) -> Path:
    """A copy of the headless package without the Kanji-zushi data file."""
    root = tmp_path / "install"
    shutil.copytree(ROOT / "game", root / "game", ignore=shutil.ignore_patterns("__pycache__", "kanji_zushi.json"))
    assert not (root / KANJI_DATA).exists()
    return root


def test_a_damaged_install_is_one_line_and_status_1(damaged, tmp_path):
    path = tmp_path / "kanji.json"
    path.write_text(json.dumps(KANJI, ensure_ascii=False), encoding="utf-8")
    for args in (["replay", str(path)], ["narrate", str(path)], ["analyse", str(path), "--seat", "0"],
                 ["play", "kanji-zushi", "--seats", "random,random", "--games", "1", "--seed", "1"]):
        proc = run([sys.executable, "-m", "game", *args], tmp_path, cwd=damaged)
        one_line(proc, 1, "installation is damaged", str(damaged / KANJI_DATA))
    proc = run([sys.executable, "-m", "game", "replay", str(path)], tmp_path)  # the real install is whole
    assert proc.returncode == 0


MISSING = "/nonexistent/tatami/game/kanji/kanji_zushi.json"
WITHOUT_DATA = ("import sys; from pathlib import Path; import game.kanji.data as d; "
                f"d.DATA_PATH = Path({MISSING!r}); from scenes.cli import main; sys.exit(main(sys.argv[1:]))")


@pytest.mark.parametrize("args", [
    ["--play", "kanji-zushi", "--seats", "human,easy"],
    ["--play", "kanji-zushi", "--seats", "easy,easy,easy"],
    ["--replay", "KANJI"],
    ["--tutorial", "kanji-zushi"],
])
def test_tatami_with_a_damaged_install_is_one_line_and_status_1(tmp_path, args):
    path = tmp_path / "kanji.json"
    path.write_text(json.dumps(KANJI, ensure_ascii=False), encoding="utf-8")
    args = [str(path) if a == "KANJI" else a for a in args]
    proc = run([sys.executable, "-c", WITHOUT_DATA, *args, "--quit-after-first-frame"], tmp_path)
    one_line(proc, 1, "tatami: ", "installation is damaged", MISSING)


def test_the_kanji_data_missing_in_process_is_an_install_error(monkeypatch):
    import pickle

    import game.kanji.data as data

    monkeypatch.setattr(data, "DATA_PATH", Path(MISSING))
    monkeypatch.setattr(data, "_cache", None)
    with pytest.raises(InstallError) as info:
        data.form("亻", "木")
    assert MISSING in str(info.value) and "\n" not in str(info.value)
    assert str(pickle.loads(pickle.dumps(info.value))) == str(info.value)  # from a worker process


# -- 12: no display -----------------------------------------------------------------------------------------------
desktop_system = pytest.mark.skipif(system.WINDOWS or sys.platform == "darwin",
                                    reason="X11 / Wayland systems only (Windows and macOS always have a display)")


@desktop_system
@pytest.mark.parametrize("env, problem", [
    ({}, "DISPLAY and WAYLAND_DISPLAY are not set"),
    ({"SDL_VIDEODRIVER": "x11"}, "DISPLAY is not set"),
    ({"SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": "wayland-0"}, "DISPLAY is not set"),
    ({"SDL_VIDEODRIVER": "wayland", "DISPLAY": ":0"}, "WAYLAND_DISPLAY is not set"),
    ({"DISPLAY": ":0"}, None),
    ({"WAYLAND_DISPLAY": "wayland-1"}, None),
    ({"SDL_VIDEODRIVER": "x11", "DISPLAY": ":3"}, None),
    ({"SDL_VIDEODRIVER": "dummy"}, None),
    ({"SDL_VIDEODRIVER": "offscreen"}, None),
    ({"SDL_VIDEODRIVER": "kmsdrm"}, None),
    ({"SDL_VIDEODRIVER": " "}, "not set"),
])
def test_display_problem(env, problem, tmp_path):
    env = {"XDG_RUNTIME_DIR": str(tmp_path), **env}
    found = system.display_problem(env)
    if problem is None:
        assert found is None
    else:
        assert found and found.startswith("no display was found") and problem in found and "\n" not in found


@desktop_system
def test_a_wayland_socket_is_a_display(tmp_path):
    (tmp_path / "wayland-0").touch()
    assert system.display_problem({"XDG_RUNTIME_DIR": str(tmp_path)}) is None


NO_DISPLAY = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


@desktop_system
@pytest.mark.parametrize("env", [{}, {"SDL_VIDEODRIVER": "x11"}, {"SDL_VIDEODRIVER": "x11", "DISPLAY": ":4093"}])
def test_the_viewer_without_a_display_is_one_line_and_status_1(tmp_path, env):
    path = tmp_path / "kaito.json"
    path.write_text(json.dumps(KAITO))
    proc = run([sys.executable, "-m", "scenes", "--replay", str(path), "--quit-after-first-frame"], tmp_path,
               env={"XDG_RUNTIME_DIR": str(tmp_path), **env}, unset=NO_DISPLAY)
    one_line(proc, 1, "tatami: ", "no display was found")


@desktop_system
def test_headless_runs_need_no_display(tmp_path):
    path = tmp_path / "kaito.json"
    path.write_text(json.dumps(KAITO))
    proc = run([sys.executable, "-m", "scenes", "--replay", str(path), "--quit-after-first-frame"], tmp_path,
               env={"XDG_RUNTIME_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}, unset=NO_DISPLAY[:2])
    assert proc.returncode == 0, proc.stderr[-2000:]
    proc = run([sys.executable, "-m", "scenes", "--bench", "--frames", "1", "--bench-only", "frames"], tmp_path,
               env={"XDG_RUNTIME_DIR": str(tmp_path)}, unset=NO_DISPLAY)  # the benchmark picks its own driver
    assert proc.returncode == 0 and json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr[-2000:]
