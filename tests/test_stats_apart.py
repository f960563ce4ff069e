"""Games helped by a hint or started from "Play from here" are counted apart (issue 21, defect 9:
Kanji-zushi vs hard read 100 % won by following the hint every turn): never in the level's played,
won, streaks or best score; the statistics screen says how many, and the recent games mark them."""
from __future__ import annotations

import json
import time
from types import SimpleNamespace

import pygame
import pytest
from scene_input import click, rect_of

from game.kaito.rules import square_name
from scenes.devtools.driver import Driver
from scenes.replay.source import Positions, start_kwargs
from scenes.shell.history import HistoryEntry, HistoryStore
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings
from scenes.shell.stats import StatsStore
from scenes.shell.statsview import apart_line


def outcome(winners, scores=(3, 1)):
    return SimpleNamespace(winners=tuple(winners), scores=tuple(scores))


def test_assisted_and_retried_games_are_counted_apart(tmp_path):
    store = StatsStore(tmp_path / "stats.json")
    store.record_game("clean", "kanji-zushi", {"seats": ["human", "hard"]}, outcome([1], (20, 30)))
    for k in range(3):
        store.record_game(f"a{k}", "kanji-zushi", {"seats": ["human", "hard"], "assisted": True}, outcome([0], (50, 9)))
    store.record_game("r", "kanji-zushi", {"seats": ["human", "hard"], "retried": True}, outcome([1]))
    row = StatsStore(tmp_path / "stats.json").table("kanji-zushi")["hard"]
    assert (row.played, row.won, row.lost, row.best_score) == (1, 0, 1, 20)  # not 75 % won, not 50
    assert (row.assisted, row.assisted_won, row.retried, row.retried_won) == (3, 3, 1, 0)
    assert apart_line({"hard": row}) == ("Not counted above: 3 games with hints (3 won)  \u00b7  "
                                         "1 game played from a replay (0 won)")


def test_a_save_keeps_the_marks_and_a_bad_mark_is_refused(tmp_path):
    from scenes.shell.savecheck import SaveFormatError, validate_setup

    assert validate_setup({"seats": ["human", "hard"], "assisted": True, "retried": True}, 2) == {
        "seats": ["human", "hard"], "assisted": True, "retried": True}
    with pytest.raises(SaveFormatError):
        validate_setup({"seats": ["human", "hard"], "assisted": "yes"}, 2)


def test_play_from_here_is_a_retried_game(app):
    from scenes.replay.source import ai_game_record

    pos = Positions.build(ai_game_record("kaito", ["easy", "easy"], seed=3))
    kw = start_kwargs(pos, 4, {"seats": ["human", "hard"]})
    assert kw["retried"] is True
    scene = app.start_game("kaito", **kw)
    assert scene.save_setup()["retried"] is True and "assisted" not in scene.save_setup()


@pytest.fixture
def full_app(tmp_path, monkeypatch):
    from scenes.shell.app import App

    data = tmp_path / "data"
    monkeypatch.setenv("TATAMI_DATA_DIR", str(data))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    a = App(size=(1280, 720), settings=Settings(data / "settings.json"), uidump=False)
    a.saves, a.stats, a.history = SaveSlots(), StatsStore(), HistoryStore()
    a.manager.push(a.make_scene("menu"))
    yield a, data
    a.shutdown()


def _wait(d, cond, what, wall_s=60):
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        d.frames(1)
        time.sleep(0.001)


def _ready(app):
    top = app.manager.top()
    return getattr(top, "name", "") == "kaito_play" and (
        top.state.is_over() or (not top.busy() and top.human_to_act() is not None))


def test_a_game_played_with_a_hint_is_counted_apart_and_marked(full_app):
    app, data = full_app
    d = Driver(app, deadline=time.monotonic() + 120, log=lambda m: None)
    d.frames(2)
    scene = app.start_game("kaito", seats=["human", "random"], seed=12, speed=1000.0, think_ms=0, hints=True)
    _wait(d, lambda: _ready(app), "the person's turn")
    click(app, rect_of(scene, "button:hint").center)
    _wait(d, lambda: scene.hinting.current() is not None, "the hint")
    checked_save = False
    while not scene.state.is_over():
        _wait(d, lambda: _ready(app), "the person's turn")
        if scene.state.is_over():
            break
        seat = scene.human_to_act()
        view = scene.state.view(seat)
        n = len(scene.state.history)
        plain = [sq for sq in view.targets() if not view.exchanges_at(sq)]
        d.click(f"tile:{square_name((plain or view.targets())[0])}")
        if not plain:
            _wait(d, lambda: "button:no-exchange" in {e.id for e in app.manager.top().ui_elements()}, "buy-back")
            d.click("button:no-exchange")
        _wait(d, lambda: len(scene.state.history) > n and not scene.animating(), "the move")
        if not checked_save and not scene.state.is_over():  # a resumed game stays counted apart
            assert json.loads((data / "saves" / "kaito.json").read_text())["setup"]["assisted"] is True
            checked_save = True
    d.frames(3)
    row = app.stats.table("kaito")["random"]
    assert row.played == 0 and row.assisted == 1 and row.assisted_won == int(scene.state.outcome().winners == (0,))
    entry = app.history.entries()[0]
    assert entry.apart_tag() == "with hints"
    app.go_to_menu()
    d.frames(2)
    d.click("button:recent")
    d.wait_scene("recent")
    d.frames(3)
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    d.click("button:stats")
    d.wait_scene("stats")
    d.frames(2)
    assert "1 game with hints" in apart_line(app.manager.top().rows)


def test_an_older_entry_without_marks_has_no_tag():
    e = HistoryEntry("x", "kaito", "2026-01-01T00:00:00+00:00", {"seats": ["human", "hard"]}, {"game": "kaito"})
    assert e.apart_tag() == ""
