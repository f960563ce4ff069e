"""Bad per-user files and faults never stop Tatami and never lose what a player made (issue 22,
findings 1-5): the settings, the saves, the statistics and the recent games read through the one
validation step (game/safejson.py), set aside truthfully (never over an earlier ``.bad``), a newer
Tatami's file kept untouched, and the problems that matter told on screen (the notice bar), not only
in the log. Each test failed before its fix. Two windows on one data folder:
tests/test_two_windows.py; the fuzz suite over the readers: tests/test_userdata_fuzz.py."""
from __future__ import annotations

import errno
import json
import logging
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.registry import GAMES
from scenes.devtools.driver import Driver
from scenes.shell import notices
from scenes.shell.history import HistoryStore
from scenes.shell.saves import SaveStore
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings
from scenes.shell.stats import StatsStore

ROOT = Path(__file__).resolve().parents[1]
#: Nested far deeper than any recursion limit.
DEEP = "[" * 100_000 + "]" * 100_000
LONG_NAME = "Ñ" * 6000


def outcome(winners, scores=(0, 0)):
    return SimpleNamespace(winners=tuple(winners), scores=tuple(scores))



@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv("TATAMI_DATA_DIR", str(d))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    return d


@pytest.fixture
def make_app(data):
    """An app as an interactive run makes it (the four stores in ``data``), on the menu."""
    from scenes.shell.app import App

    apps = []

    def make(size=(1280, 720)):
        a = App(size=size, settings=Settings(data / "settings.json"), uidump=False)
        a.saves, a.stats, a.history = SaveSlots(), StatsStore(), HistoryStore()
        a.manager.push(a.make_scene("menu"))
        apps.append(a)
        return a

    yield make
    for a in apps:
        a.shutdown()


def told() -> list[str]:
    """The notices queued so far, in English."""
    return [n.text() for n in notices.take()]


def run_tatami(data: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, TATAMI_DATA_DIR=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TATAMI_LANG="en")
    env.pop("TATAMI_UI_DUMP", None)
    return subprocess.run([sys.executable, "-m", "scenes", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def a_game_in_progress(game: str, steps: int = 2, seed: int = 5):
    """A real state of ``game`` a few actions in (every seat that acts takes its first legal action)."""
    g = GAMES[game]
    lo = g.game_type.min_seats if hasattr(g, "game_type") else 2
    st = g.new_state(max(2, lo), random.Random(seed))
    for _ in range(steps):
        for seat in list(st.to_act()):
            st.apply(seat, st.legal_actions(seat)[0])
    return st


def write_save(data: Path, game: str, names: list[str]) -> Path:
    """A valid save of ``game`` (one person, the others Easy AIs) whose names are then set to
    ``names`` in the file itself, as a broken or hostile file would hold them."""
    st = a_game_in_progress(game)
    seats = ["human"] + ["easy"] * (st.num_seats - 1)
    store = SaveStore(data / "saves" / f"{game}.json")
    assert store.save(st, {"seats": seats, "names": ["You"] + ["Easy AI"] * (st.num_seats - 1)}, "g" * 32)
    doc = json.loads(store.path.read_text(encoding="utf-8"))
    doc["setup"]["names"] = (names * st.num_seats)[:st.num_seats]
    store.path.write_text(json.dumps(doc), encoding="utf-8")
    return store.path


# ------------------------------------------------------------------------------------------
# 1. settings.json: infinity, deep nesting, a newer version
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("content", [
    '{"version": 1, "window_size": [1e400, 720]}',
    '{"version": 1, "setup": ' + DEEP + "}",
    '{"version": 1, "volume": -1e999}',
    '{"version": 1, "window_size": [' + "9" * 5000 + ", 720]}",
])
def test_a_bad_settings_file_is_set_aside_and_told(data, content):
    path = data / "settings.json"
    path.write_text(content, encoding="utf-8")
    s = Settings(path)
    assert s["window_size"] == [1280, 720] and s["fullscreen"] is False
    assert not path.exists() and (data / "settings.json.bad").read_text(encoding="utf-8") == content
    lines = told()
    assert len(lines) == 1 and "settings" in lines[0] and "settings.json.bad" in lines[0]


def test_the_app_starts_with_an_infinite_window_size(data):
    (data / "settings.json").write_text('{"version": 1, "window_size": [1e400, 720]}', encoding="utf-8")
    for args in (["--quit-after-first-frame"], ["--play", "kaito", "--quit-after-first-frame"]):
        done = run_tatami(data, *args)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and "OverflowError" not in done.stderr
        (data / "settings.json").write_text('{"version": 1, "setup": ' + DEEP + "}", encoding="utf-8")


def test_the_notice_reaches_the_screen(make_app, data):
    (data / "settings.json").write_text('{"version": 1, "window_size": [1e400, 720]}', encoding="utf-8")
    app = make_app()
    Driver(app, deadline=time.monotonic() + 60, log=lambda m: None).frames(3)
    assert "settings" in app.notice_bar.text() and "set aside" in app.notice_bar.text()
    # it goes after a while (dt), and the next one comes
    notices.report(notices.OTHER_WINDOW)
    for _ in range(60):
        app.frame(200, [])
    assert "another Tatami window" in app.notice_bar.text()


def test_a_newer_settings_file_is_kept_and_never_written(data):
    path = data / "settings.json"
    newer = json.dumps({"version": 2, "language": "ja", "something_new": {"x": 1}})
    path.write_text(newer, encoding="utf-8")
    s = Settings(path)
    assert s["language"] is None  # not read as if it were ours
    s["fullscreen"] = True
    assert s.save() is False
    assert path.read_text(encoding="utf-8") == newer and not (data / "settings.json.bad").exists()
    lines = told()
    assert len(lines) == 1 and "newer Tatami" in lines[0]


# ------------------------------------------------------------------------------------------
# 2. saves: a NUL or a 6,000-character name, for each game
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name", ["Me\u0000", "Ana\udcff", LONG_NAME], ids=["nul", "surrogate", "long"])
def test_a_saved_name_cannot_stop_the_menu_or_continue(make_app, data, game, name):
    write_save(data, game, [name])
    app = make_app()
    d = Driver(app, deadline=time.monotonic() + 90, log=lambda m: None)
    d.frames(3)
    menu = app.manager.top()
    assert game in menu.saved, app.saves.problems
    line = menu.continues[game].sublabel
    assert "\x00" not in line and "\udcff" not in line and len(line) < 200
    d.click(f"continue:{game}")
    d.frames(5)
    scene = app.manager.top()
    assert scene.name.endswith("_play")
    names = scene.names if hasattr(scene, "names") else []
    assert all(len(n) <= 16 and "\x00" not in n for n in names)


# ------------------------------------------------------------------------------------------
# 3. history.json: a NUL, deep nesting, a 6,000-character name
# ------------------------------------------------------------------------------------------
def _finished_entry(name: str) -> dict:
    st = a_game_in_progress("kaito", steps=0)
    g = GAMES["kaito"]
    rng = random.Random(3)
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return {"id": "h" * 32, "game": "kaito", "finished_at": "2026-01-01T10:00:00+00:00",
            "setup": {"seats": ["human", "easy"], "names": [name, "Easy AI"]}, "record": st.record(),
            "result": "x", "winners": list(st.outcome().winners), "scores": list(st.outcome().scores)} \
        if g else {}


@pytest.mark.parametrize("case", ["nul", "surrogate", "long", "deep"])
def test_bad_recent_games_cannot_stop_their_screen(make_app, data, case):
    path = data / "history.json"
    if case == "deep":
        path.write_text('{"version": 1, "games": ' + DEEP + "}", encoding="utf-8")
    else:
        name = {"nul": "Me\u0000", "surrogate": "Ana\udcff", "long": LONG_NAME}[case]
        path.write_text(json.dumps({"version": 1, "games": [_finished_entry(name)]}), encoding="utf-8")
    app = make_app()
    d = Driver(app, deadline=time.monotonic() + 90, log=lambda m: None)
    d.frames(2)
    d.click("button:recent")
    d.wait_scene("recent")
    d.frames(3)
    scene = app.manager.top()
    if case == "deep":
        assert scene.entries == [] and "set aside" in scene.notice
        assert (data / "history.json.bad").exists()
    else:
        assert len(scene.entries) == 1 and all(len(n) <= 16 for n in scene.entries[0].names)
        d.click("recent:0") if "recent:0" in {e.id for e in scene.ui_elements()} else scene.open(0)
        d.frames(5)
        assert app.manager.top().name == "replay"


# ------------------------------------------------------------------------------------------
# 4. stats.json deeply nested: set aside, told, and an earlier .bad never overwritten
# ------------------------------------------------------------------------------------------
def test_a_deep_statistics_file_is_set_aside_and_never_lost(data, caplog):
    path = data / "stats.json"
    earlier = b'{"an": "earlier bad file"}'
    (data / "stats.json.bad").write_bytes(earlier)
    content = '{"version": 1, "games": ' + DEEP + "}"
    path.write_text(content, encoding="utf-8")
    store = StatsStore(path)
    with caplog.at_level(logging.WARNING, logger="tatami"):
        assert store.table("kaito") == {}
    assert not any(r.exc_info for r in caplog.records), "logged with a traceback"
    assert "set aside" in store.notice()
    assert (data / "stats.json.bad").read_bytes() == earlier
    assert (data / "stats.json.bad.2").read_text(encoding="utf-8") == content
    assert store.record_game("g1", "kaito", {"seats": ["human", "hard"]}, outcome([0])) == "won"
    assert StatsStore(path).table("kaito")["hard"].won == 1
    assert (data / "stats.json.bad.2").read_text(encoding="utf-8") == content


# ------------------------------------------------------------------------------------------
# 5. a folder that cannot be read, files that cannot be moved or deleted, a full disk, newer files
# ------------------------------------------------------------------------------------------
def _refuse(monkeypatch, name: str, under: Path, err: int = errno.EACCES):
    """Fault injection: ``os.<name>`` fails with ``err`` for every path under ``under`` (the tests
    run as root in CI, where a mode-000 folder is still readable)."""
    real = getattr(os, name)

    def refusing(path, *a, **k):
        if str(path).startswith(str(under)):
            raise OSError(err, os.strerror(err), str(path))
        return real(path, *a, **k)

    monkeypatch.setattr(os, name, refusing)


def test_an_unreadable_data_folder_is_not_a_crash(make_app, data, monkeypatch):
    write_save(data, "kaito", ["Me"])
    (data / "autosave.json").write_text("{}", encoding="utf-8")
    _refuse(monkeypatch, "stat", data)
    app = make_app()
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    d.frames(3)
    menu = app.manager.top()
    assert menu.saved == {}
    # nothing was moved: the notice must not say it was set aside
    assert "left as it is" in menu.notice and "set aside" not in menu.notice
    assert (data / "saves" / "kaito.json").read_bytes()  # still there (real stat restored below)
    monkeypatch.undo()
    assert (data / "saves" / "kaito.json").exists() and not (data / "saves" / "kaito.json.bad").exists()


def test_a_file_that_cannot_be_moved_is_said_so_truthfully(data, monkeypatch):
    path = data / "saves" / "kaito.json"
    path.parent.mkdir()
    path.write_text("{broken", encoding="utf-8")
    _refuse(monkeypatch, "replace", data, errno.EPERM)
    store = SaveSlots().slot("kaito")
    assert store.load() is None
    assert store.problem is not None and store.problem.moved_to is None
    from scenes.shell.menu import _load_notice

    line = _load_notice(store.problem, 0)
    assert "set aside" not in line and "left as it is" in line
    assert path.read_text(encoding="utf-8") == "{broken"


def test_a_save_that_cannot_be_deleted_is_logged_once(data, monkeypatch, caplog):
    write_save(data, "kaito", ["Me"])
    _refuse(monkeypatch, "unlink", data)
    store = SaveSlots().slot("kaito")
    with caplog.at_level(logging.WARNING, logger="tatami"):
        for _ in range(4):
            assert store.clear() is False
    assert len([r for r in caplog.records if "cannot delete" in r.getMessage()]) == 1


@pytest.mark.parametrize("what", ["settings", "statistics", "recent games", "autosave"])
def test_a_full_disk_is_told_on_screen(data, monkeypatch, what):
    import scenes.shell.jsonstore as jsonstore
    import scenes.shell.saves as saves
    import scenes.shell.settings as settings

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    for mod in (settings, saves, jsonstore):
        monkeypatch.setattr(mod, "write_text_atomic", full)
    if what == "settings":
        s = Settings(data / "settings.json")
        s["fullscreen"] = True
        assert s.save() is False and s.save() is False
    elif what == "statistics":
        st = StatsStore(data / "stats.json")
        assert st.record_game("a", "kaito", {"seats": ["human", "easy"]}, outcome([0])) == "won"
        st.record_game("b", "kaito", {"seats": ["human", "easy"]}, outcome([0]))
    elif what == "recent games":
        h = HistoryStore(data / "history.json")
        e = _finished_entry("Me")
        assert h.record_game("a", "kaito", e["setup"], outcome(e["winners"]), e["record"])
    else:
        store = SaveSlots().slot("kaito")
        st = a_game_in_progress("kaito")
        assert store.save(st, {"seats": ["human", "easy"]}, "x" * 32) is False
        assert store.save(st, {"seats": ["human", "easy"]}, "x" * 32) is False
    lines = told()
    assert len(lines) == 1 and "cannot write" in lines[0] and str(data) in lines[0]


def test_newer_files_are_kept_untouched(data):
    newer = {
        "stats.json": json.dumps({"version": 2, "games": {"kaito": {"hard": {"played": 9}}}, "counted": []}),
        "history.json": json.dumps({"version": 2, "games": [{"future": True}]}),
        "saves/kaito.json": json.dumps({"version": 2, "game": "kaito", "record": {}, "setup": {}}),
    }
    for rel, text in newer.items():
        (data / rel).parent.mkdir(parents=True, exist_ok=True)
        (data / rel).write_text(text, encoding="utf-8")
    stats, history, slots = StatsStore(data / "stats.json"), HistoryStore(data / "history.json"), SaveSlots()
    assert stats.record_game("a", "kaito", {"seats": ["human", "easy"]}, outcome([0])) == "won"
    e = _finished_entry("Me")
    history.record_game("a", "kaito", e["setup"], outcome(e["winners"]), e["record"])
    assert "newer Tatami" in stats.notice() and "newer Tatami" in history.notice()
    assert slots.load("kaito") is None and slots.problem is not None
    assert slots.save(a_game_in_progress("kaito"), {"seats": ["human", "easy"]}, "n" * 32) is False
    assert slots.slot("kaito").clear() is False
    for rel, text in newer.items():
        assert (data / rel).read_text(encoding="utf-8") == text, rel
    assert not list(data.rglob("*.bad"))
    assert any("newer Tatami" in line for line in told())


def test_a_notice_waits_while_a_game_is_played(make_app, data):
    """The bar would lie on a game's banner and seat names: during play the notice waits, and
    shows on the pause menu (or the menu, the score screen)."""
    app = make_app()
    scene = app.start_game("kaito", seats=["human", "easy"], seed=2)
    app.frame(16, [])
    notices.report(notices.OTHER_WINDOW)
    for _ in range(10):
        app.frame(16, [])
    assert app.manager.top() is scene and app.notice_bar.held and app.notice_bar.text() == ""
    app.open_pause()
    app.frame(16, [])
    assert "another Tatami window" in app.notice_bar.text() and not app.notice_bar.held
