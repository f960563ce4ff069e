"""The expensive runs the suite shares (issue 32 §1): the Linux PyInstaller bundle built once, the
frozen app's ``--selftest`` run once per language, the source ``--selftest`` run once.

Each is made the first time a test asks for it (the fixtures in tests/conftest.py) and kept for the
rest of the session. Under pytest-xdist a session is one worker's: the tests sharing a run carry the
same ``xdist_group`` mark (``bundle``, ``selftest``), so ``--dist loadgroup`` sends them to one
worker and the run is made once.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXE_NAME = "Tatami.exe" if os.name == "nt" else "Tatami"
#: Bounds of a PyInstaller build and of one self-test run (s): a wedged run fails, it never hangs CI.
BUILD_TIMEOUT_S = 900
RUN_TIMEOUT_S = 300


def output_of(proc: subprocess.CompletedProcess) -> str:
    """A finished process's output for an assertion message."""
    return f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"


def files_under(folder: Path) -> dict[str, int]:
    """{relative posix path: size} of the regular files under ``folder``."""
    return {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def build_bundle(tmp: Path) -> Path:
    """Build the one-folder bundle from build.spec into ``tmp`` (pytest's tmp, never the
    checkout); returns the folder holding the executable. AssertionError with PyInstaller's output
    when it fails."""
    proc = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm",
         "--distpath", str(tmp / "dist"), "--workpath", str(tmp / "build"), str(ROOT / "build.spec")],
        cwd=ROOT, capture_output=True, text=True, errors="replace", timeout=BUILD_TIMEOUT_S)
    assert proc.returncode == 0, f"PyInstaller failed (exit {proc.returncode})\n{output_of(proc)}"
    folder = tmp / "dist" / "Tatami"
    assert (folder / EXE_NAME).is_file(), f"no executable in {folder}\n{output_of(proc)}"
    return folder


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """{relative posix path: (size, mtime in ns)} of the regular files under ``folder``."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


@dataclass(frozen=True)
class SelftestRun:
    """One ``--selftest`` run: the finished process (``proc``), the files it must leave alone
    before and after it (``before``/``after``: the bundle's {path: size} for a frozen run, the
    data folder's {path: (size, mtime ns)} for a run from source) and its data folder."""

    proc: subprocess.CompletedProcess
    before: dict
    after: dict
    data: Path


def frozen_selftest(bundle: Path, tmp: Path, lang: str) -> SelftestRun:
    """The frozen app's ``--selftest`` in ``lang``, as a player's machine runs it: no TATAMI_*
    override but the language and the debug log (the AI process's start and answers), its user
    folders under ``tmp``/home. The bundle's files are listed before and after."""
    home = tmp / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TATAMI_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TATAMI_LANG=lang, TATAMI_LOG="debug",
               HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_STATE_HOME=str(home / ".local/state"), XDG_CACHE_HOME=str(home / ".cache"))
    before = files_under(bundle)
    try:
        proc = subprocess.run([str(bundle / EXE_NAME), "--selftest"], cwd=tmp, env=env, capture_output=True,
                              text=True, errors="replace", timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"--selftest ({lang}) did not finish within {RUN_TIMEOUT_S} s\n"
                             f"stdout: {exc.stdout!r}\nstderr: {exc.stderr!r}") from None
    return SelftestRun(proc, before, files_under(bundle), home)


def kaito_save(data: Path) -> dict:
    """Write a KAITO autosave of a real seeded game (seed 11) after 4 legal actions into the data
    folder ``data`` (``saves/kaito.json``); returns the document."""
    from game.kaito.rules import KAITO

    st = KAITO.new_state(2, random.Random(11), colors=("R", "B"))
    for _ in range(4):
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    doc = {"version": 1, "game": "kaito", "record": st.record(),
           "setup": {"seats": ["human", "hard"], "names": ["You", "Hard AI"], "colors": ["R", "B"], "seed": 11,
                     "speed": 1000.0},
           "saved_at": "2025-01-01T00:00:00+00:00"}
    path = data / "saves" / "kaito.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return doc


def source_selftest(tmp: Path) -> SelftestRun:
    """``python -m scenes --selftest`` from source in English, its data folder (``tmp``/data)
    holding a saved KAITO game before it starts (the self-test must never touch a player's save)."""
    data = tmp / "data"
    kaito_save(data)
    env = {**os.environ, "TATAMI_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TATAMI_LANG": "en"}
    env.pop("TATAMI_UI_DUMP", None)
    before = snapshot(data)
    proc = subprocess.run([sys.executable, "-m", "scenes", "--selftest"], cwd=ROOT, env=env, capture_output=True,
                          text=True, errors="replace", timeout=RUN_TIMEOUT_S)
    return SelftestRun(proc, before, snapshot(data), data)
