"""Statistics (scenes/shell/stats.py, the statistics screen scenes/shell/statsview.py): per game and
opponent level, counted once per game when it ends (not again on resume or leaving), stored
atomically, a corrupt file set aside with a notice; the screen driven with real mouse events."""
from __future__ import annotations

import json
import logging
import random
import time
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from scene_input import click, rect_of

from game.kaito.rules import square_name
from scenes.devtools.selftest import Driver
from scenes.shell.history import HistoryStore
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings
from scenes.shell.stats import COUNTED_KEEP, LevelStats, StatsStore, level_key, result_of


def outcome(winners, scores=(0, 0)):
    return SimpleNamespace(winners=tuple(winners), scores=tuple(scores))


# ------------------------------------------------------------------------------------------
# the store
# ------------------------------------------------------------------------------------------
def test_level_key_and_results():
    assert level_key(["human", "hard"]) == "hard"
    assert level_key(["easy", "human", "hard", "medium"]) == "hard"  # the strongest opponent
    assert level_key(["human", "random"]) == "random"
    assert level_key(["human", "human"]) is None and level_key(["hard", "easy"]) is None
    assert level_key(["human", "human", "hard"]) is None  # hot-seat games do not count
    assert result_of(0, (0,)) == "won" and result_of(0, (1,)) == "lost"
    assert result_of(0, (0, 2)) == "shared" and result_of(1, (0, 2)) == "lost" and result_of(0, ()) == "shared"


def test_streaks_and_best_score():
    row = LevelStats()
    for result, score in [("won", 3), ("won", 5), ("shared", 9), ("won", 4), ("lost", 1), ("won", 2)]:
        row.add(result, score)
    assert (row.played, row.won, row.lost, row.shared) == (6, 4, 1, 1)
    assert row.streak == 1 and row.best_streak == 2 and row.best_score == 9
    with pytest.raises(ValueError):
        row.add("draw", 0)


def test_a_game_counts_once_and_is_kept(tmp_path):
    path = tmp_path / "stats.json"
    store = StatsStore(path)
    setup = {"seats": ["hard", "human"]}
    assert store.record_game("g1", "kaito", setup, outcome([1], (2, 6))) == "won"
    assert store.record_game("g1", "kaito", setup, outcome([0], (9, 1))) is None  # the same game again
    assert store.record_game("g2", "kaito", {"seats": ["human", "human"]}, outcome([0])) is None  # hot-seat
    assert store.record_game("g3", "kaito", setup, outcome([0], (6, 3))) == "lost"
    again = StatsStore(path)  # a new run reads the file
    row = again.table("kaito")["hard"]
    assert (row.played, row.won, row.lost, row.streak, row.best_streak, row.best_score) == (2, 1, 1, 0, 1, 6)
    assert again.counted("g1") and again.record_game("g1", "kaito", setup, outcome([1])) is None
    doc = json.loads(path.read_text())
    assert doc["version"] == 1 and doc["counted"] == ["g1", "g3"]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_reset_forgets_the_numbers_but_not_the_counted_games(tmp_path):
    store = StatsStore(tmp_path / "stats.json")
    store.record_game("g1", "sushi-draft", {"seats": ["human", "easy", "medium"]}, outcome([0, 1], (20, 20, 3)))
    assert store.table("sushi-draft")["medium"].shared == 1
    assert store.reset()
    assert StatsStore(tmp_path / "stats.json").table("sushi-draft") == {}
    assert store.record_game("g1", "sushi-draft", {"seats": ["human", "easy", "medium"]}, outcome([0])) is None


def test_only_recent_ids_are_kept(tmp_path):
    (tmp_path / "stats.json").write_text(json.dumps(
        {"version": 1, "games": {}, "counted": [f"x{k}" for k in range(COUNTED_KEEP + 5)]}))
    store = StatsStore(tmp_path / "stats.json")
    store.record_game("last", "kaito", {"seats": ["human", "easy"]}, outcome([0]))
    assert len(json.loads((tmp_path / "stats.json").read_text())["counted"]) == COUNTED_KEEP


BAD = {
    "corrupt": b'{"version": 1, "games": {',
    "not-utf8": b"\xff\xfe\x00",
    "list": b"[]",
    "old-version": json.dumps({"version": 0, "games": {}}).encode(),
    "version-text": json.dumps({"version": "1", "games": {}}).encode(),
    "bad-count": json.dumps({"version": 1, "games": {"kaito": {"hard": {"played": -1}}}}).encode(),
    "sums-disagree": json.dumps({"version": 1, "games": {"kaito": {"hard": {"played": 3, "won": 1}}}}).encode(),
    "game-not-object": json.dumps({"version": 1, "games": {"kaito": 7}}).encode(),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_corrupt_file_is_set_aside_with_a_notice(tmp_path, caplog, name):
    path = tmp_path / "stats.json"
    path.write_bytes(BAD[name])
    store = StatsStore(path)
    with caplog.at_level(logging.WARNING, logger="tatami"):
        assert store.table("kaito") == {}
    assert not path.exists() and (tmp_path / "stats.json.bad").read_bytes() == BAD[name]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "stats.json.bad" in lines[0] and "\n" not in lines[0]
    notice = store.notice()
    assert notice.startswith("The statistics could not be read (") and "\n" not in notice
    # counting starts again, into a fresh file
    assert store.record_game("g", "kaito", {"seats": ["human", "hard"]}, outcome([0])) == "won"
    assert StatsStore(path).table("kaito")["hard"].won == 1


# ------------------------------------------------------------------------------------------
# a real game, through the app
# ------------------------------------------------------------------------------------------
@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "data"
    monkeypatch.setenv("TATAMI_DATA_DIR", str(d))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    return d


@pytest.fixture
def full_app(data):
    """An app with all three per-user stores in the temporary data folder, on the menu."""
    from scenes.shell.app import App

    a = App(size=(1280, 720), settings=Settings(data / "settings.json"), uidump=False)
    a.saves, a.stats, a.history = SaveSlots(), StatsStore(), HistoryStore()
    a.manager.push(a.make_scene("menu"))
    yield a
    a.shutdown()


def _ids(app) -> set[str]:
    return {e.id for e in app.manager.top().ui_elements()}


def _wait(d: Driver, cond, what: str, wall_s: float = 60) -> None:
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        d.frames(1)
        top = d.app.manager.top()
        if getattr(top, "worker", None) is not None and top.worker.thinking:
            time.sleep(0.002)


def _human_ready(app) -> bool:
    top = app.manager.top()
    return (getattr(top, "name", "") == "kaito_play" and not top.busy() and top.human_to_act() is not None) \
        or (getattr(top, "name", "") == "kaito_play" and top.state.is_over())


def _human_move(d: Driver) -> None:
    scene = d.app.manager.top()
    seat = scene.human_to_act()
    view = scene.state.view(seat)
    n = len(scene.state.history)
    plain = [sq for sq in view.targets() if not view.exchanges_at(sq)]
    d.click(f"tile:{square_name((plain or view.targets())[0])}")
    if not plain:
        _wait(d, lambda: "button:no-exchange" in _ids(d.app), "the buy-back step")
        d.click("button:no-exchange")
    _wait(d, lambda: len(scene.state.history) > n and not scene.animating(), "the move")


def test_a_finished_game_counts_once_through_resume_and_leaving(full_app, data):
    app = full_app
    d = Driver(app, deadline=time.monotonic() + 120, log=lambda m: None)
    d.frames(2)
    scene = app.start_game("kaito", seats=["human", "random"], seed=12, speed=1000.0, think_ms=0)
    _wait(d, lambda: _human_ready(app), "the human's turn")
    _human_move(d)
    _wait(d, lambda: _human_ready(app), "the AI's answer")
    first_id = json.loads((data / "saves" / "kaito.json").read_text())["game_id"]
    # leave and resume: the same game, the same id
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    scene = app.manager.top()
    assert scene.saving.game_uid == first_id
    while not scene.state.is_over():
        _wait(d, lambda: _human_ready(app), "the human's turn")
        if not scene.state.is_over():
            _human_move(d)
    d.frames(3)
    won = scene.state.outcome().winners == (0,)
    row = app.stats.table("kaito")["random"]
    assert row.played == 1 and row.won == int(won) and row.lost == int(not won)
    assert row.best_score == scene.state.outcome().scores[0]
    assert [e.game_id for e in app.history.entries()] == [first_id]
    assert not (data / "saves" / "kaito.json").exists()
    # leaving the finished game (its exit saves again) and coming back changes nothing
    app.go_to_menu()
    d.frames(3)
    scene.autosave()
    assert app.stats.table("kaito")["random"].played == 1 and len(app.history.entries()) == 1
    on_disk = json.loads((data / "stats.json").read_text())
    assert on_disk["counted"] == [first_id] and on_disk["games"]["kaito"]["random"]["played"] == 1
    # a new run reads the same numbers
    assert StatsStore(data / "stats.json").table("kaito")["random"].played == 1


def test_tests_and_the_selftest_never_write_statistics(data):
    from scenes.shell.app import App

    a = App(size=(800, 450), settings=Settings(data / "settings.json"), uidump=False)
    try:
        assert a.stats is None and a.history is None
    finally:
        a.shutdown()


# ------------------------------------------------------------------------------------------
# the statistics screen
# ------------------------------------------------------------------------------------------
def _filled(data: Path) -> StatsStore:
    store = StatsStore(data / "stats.json")
    rng = random.Random(1)
    for k in range(12):
        level = ["easy", "medium", "hard"][k % 3]
        store.record_game(f"g{k}", "kaito", {"seats": ["human", level]}, outcome([rng.choice([0, 1])], (k, 3)))
    store.record_game("s", "sushi-draft", {"seats": ["human", "easy", "random"]}, outcome([0], (30, 2, 1)))
    return store


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_the_statistics_screen_from_the_menu(full_app, data, tmp_path, size):
    app = full_app
    app.stats = _filled(data)
    app.resize_window(size)
    app.pump(16)
    click(app, rect_of(app.manager.top(), "button:stats").center)
    app.pump(16)
    scene = app.manager.top()
    assert scene.name == "stats" and scene.page == "rating"  # the Profile (issue 36) opens on the rating
    click(app, rect_of(scene, "choice:profile-page:stats").center)
    ids = {e.id for e in scene.ui_elements()}
    assert {"button:back", "button:reset-stats", "choice:stats-game:kaito", "choice:stats-game:sushi-draft"} <= ids
    for e in scene.ui_elements():
        assert 0 <= e.rect.x and e.rect.right <= 1280 and 0 <= e.rect.y and e.rect.bottom <= 720
    assert set(scene.rows) == {"easy", "medium", "hard"}
    click(app, rect_of(scene, "choice:stats-game:sushi-draft").center)
    assert set(scene.rows) == {"easy"} and scene.rows["easy"].best_score == 30
    for _ in range(20):
        app.pump(16)
    out = tmp_path / f"stats_{size[0]}x{size[1]}.png"
    pygame.image.save(app.screen, str(out))
    assert out.stat().st_size > 1000
    click(app, rect_of(scene, "button:back").center)
    assert app.manager.top().name == "menu"


def test_reset_asks_first(full_app, data):
    app = full_app
    app.stats = _filled(data)
    app.manager.push(app.make_scene("stats", page="stats"))
    app.pump(16)
    scene = app.manager.top()
    click(app, rect_of(scene, "button:reset-stats").center)
    app.pump(16)
    assert app.manager.top().name == "confirm"
    click(app, rect_of(app.manager.top(), "button:cancel").center)
    assert app.manager.top() is scene and app.stats.table("kaito")
    click(app, rect_of(scene, "button:reset-stats").center)
    app.pump(16)
    click(app, rect_of(app.manager.top(), "button:confirm-reset").center)
    assert app.manager.top() is scene
    assert app.stats.table("kaito") == {} and StatsStore(data / "stats.json").table("kaito") == {}
    assert scene.rows == {}
    kinds = {e.id: e.kind for e in scene.ui_elements()}
    assert kinds["button:reset-stats"] == "button-disabled"


def test_a_corrupt_statistics_file_shows_its_notice(full_app, data):
    app = full_app
    data.mkdir(parents=True, exist_ok=True)
    (data / "stats.json").write_bytes(b"{nope")
    app.stats = StatsStore()
    app.go_to_menu()
    app.pump(16)
    assert app.manager.top().notice.startswith("The statistics could not be read")
    app.manager.push(app.make_scene("stats"))
    app.pump(16)
    assert app.manager.top().notice.startswith("The statistics could not be read")
    assert (data / "stats.json.bad").read_bytes() == b"{nope"


def test_the_screen_without_a_store(app):
    app.manager.reset(app.make_scene("stats", page="stats"))
    app.pump(16)
    scene = app.manager.top()
    kinds = {e.id: e.kind for e in scene.ui_elements()}
    assert kinds["button:reset-stats"] == "button-disabled" and scene.rows == {}
    scene.draw(app.screen)
