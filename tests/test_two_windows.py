"""Two Tatami windows on one data folder never drop each other's data (issue 22, finding 6): the
statistics and the recent games are changed under a lock on the file as it is (re-read first), the
settings keep the other window's changes, and a game in progress open in two windows is saved by
the one that wrote it first, never overwritten by the other.

The real thing: two app processes (tests/two_windows_app.py) play KAITO games to the end at the
same time on one data folder; every game is counted and listed. Before the fix, each wrote back the
statistics it had loaded: 9 of 15 games counted."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from game.registry import GAMES
from scenes.shell import notices
from scenes.shell.history import HistoryStore
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings
from scenes.shell.stats import StatsStore

ROOT = Path(__file__).resolve().parents[1]


def outcome(winners, scores=(0, 0)):
    return SimpleNamespace(winners=tuple(winners), scores=tuple(scores))



def kaito_record(seed: int) -> dict:
    st = GAMES["kaito"].new_state(2, random.Random(seed))
    rng = random.Random(seed)
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st.record()


def test_a_window_on_the_menu_keeps_the_other_windows_games(tmp_path):
    path = tmp_path / "stats.json"
    StatsStore(path).record_game("old", "kaito", {"seats": ["human", "hard"]}, outcome([1]))
    a = StatsStore(path)
    assert a.table("kaito")["hard"].played == 1  # A on the menu has read the file
    b = StatsStore(path)
    for gid in ("b1", "b2"):
        b.record_game(gid, "kaito", {"seats": ["human", "hard"]}, outcome([0]))
    assert a.record_game("a1", "kaito", {"seats": ["human", "hard"]}, outcome([0])) == "won"
    row = StatsStore(path).table("kaito")["hard"]
    assert (row.played, row.won, row.lost) == (4, 3, 1)
    # a game both windows saw end is still counted once
    assert b.record_game("a1", "kaito", {"seats": ["human", "hard"]}, outcome([0])) is None
    assert StatsStore(path).table("kaito")["hard"].played == 4


def test_recent_games_of_both_windows_are_kept(tmp_path):
    path = tmp_path / "history.json"
    a, b = HistoryStore(path), HistoryStore(path)
    assert a.entries() == [] and b.entries() == []
    setup = {"seats": ["human", "easy"]}
    for k in range(3):
        assert a.record_game(f"a{k}", "kaito", setup, outcome([0]), kaito_record(k))
        assert b.record_game(f"b{k}", "kaito", setup, outcome([1]), kaito_record(10 + k))
    assert sorted(e.game_id for e in HistoryStore(path).entries()) == ["a0", "a1", "a2", "b0", "b1", "b2"]


def test_settings_changed_in_two_windows_are_both_kept(tmp_path):
    path = tmp_path / "settings.json"
    a, b = Settings(path), Settings(path)
    a["language"] = "ja"
    a.set_setup("kaito", {"sides": ["human", "hard"]})
    assert a.save()
    b["animation_speed"] = "fast"
    b.set_setup("sushi-draft", {"seats": ["human", "easy", "easy"]})
    assert b.save()
    on_disk = Settings(path)
    assert on_disk["language"] == "ja" and on_disk["animation_speed"] == "fast"
    assert on_disk.setup_for("kaito")["sides"] == ["human", "hard"]
    assert on_disk.setup_for("sushi-draft")["seats"] == ["human", "easy", "easy"]
    # the window's own later change still wins over its own earlier one
    a["language"] = "es"
    assert a.save() and Settings(path)["language"] == "es" and Settings(path)["animation_speed"] == "fast"


def _in_progress(seed: int = 3):
    st = GAMES["kaito"].new_state(2, random.Random(seed))
    for _ in range(2):
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    return st


def _step(st) -> None:
    seat = st.to_act()[0]
    st.apply(seat, st.legal_actions(seat)[-1])


def test_a_game_open_in_two_windows_is_never_overwritten(tmp_path):
    folder = tmp_path / "saves"
    setup = {"seats": ["human", "hard"]}
    SaveSlots(folder).save(_in_progress(), setup, "g" * 32)
    a, b = SaveSlots(folder), SaveSlots(folder)
    sa, sb = a.load("kaito"), b.load("kaito")  # both menus offer Continue
    assert sa is not None and sb is not None
    _step(sa.state)
    assert a.save(sa.state, setup, "g" * 32)  # A continues first
    a_moves = json.loads((folder / "kaito.json").read_text())["record"]["actions"]
    _step(sb.state)
    _step(sb.state)
    assert b.save(sb.state, setup, "g" * 32) is False  # B would overwrite A's moves
    assert [n.message for n in notices.take()] == [notices.OTHER_WINDOW]
    assert json.loads((folder / "kaito.json").read_text())["record"]["actions"] == a_moves
    _step(sa.state)
    assert a.save(sa.state, setup, "g" * 32)  # A goes on saving
    assert b.slot("kaito").clear() is False and (folder / "kaito.json").exists()  # B's end deletes nothing
    # a new game started in B (the setup screen asked first) replaces the slot; A then stops
    assert b.save(_in_progress(9), setup, "h" * 32)
    _step(sa.state)
    assert a.save(sa.state, setup, "g" * 32) is False
    assert json.loads((folder / "kaito.json").read_text())["game_id"] == "h" * 32


def test_two_app_windows_count_every_game(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    env = dict(os.environ, TATAMI_DATA_DIR=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TATAMI_LANG="en")
    env.pop("TATAMI_UI_DUMP", None)
    n = 4
    script = str(ROOT / "tests" / "two_windows_app.py")
    procs = [subprocess.Popen([sys.executable, script, str(n), str(seed), setting], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for seed, setting in ((100, "sound"), (200, "animation_speed"))]
    finished: list[str] = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
        assert "Traceback" not in err, err
        finished += json.loads(out.strip().splitlines()[-1])
    assert len(set(finished)) == 2 * n
    stats = StatsStore(data / "stats.json")
    row = stats.table("kaito")["random"]
    assert row.played == 2 * n and row.won + row.lost + row.shared == 2 * n
    assert all(stats.counted(gid) for gid in finished)
    assert sorted(e.game_id for e in HistoryStore(data / "history.json").entries()) == sorted(finished)
    settings = Settings(data / "settings.json")
    assert settings["sound"] is False and settings["animation_speed"] == "fast"
    assert not list(data.rglob("*.bad*"))
