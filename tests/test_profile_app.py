"""The profile in the app (issue 36), driven with real mouse events: a KAITO game against the AI
played to its end is rated once and earns what its events show, the score screen says so in its
cards ("Rating: +38, now 1,240"; the achievements), the Profile's pages show the rating, its
history, the achievements and the friends; a decision taken back makes a game unrated, kept in the
save through a resume."""
from __future__ import annotations

import json
import random
import time

import pygame
import pytest
from scene_input import click, rect_of
from test_stats import _human_move, _human_ready, _wait

import game.rating as rating
from game.match import Match
from game.registry import get
from scenes.devtools.selftest import Driver
from scenes.profile.achieved import AchievementStore
from scenes.profile.ratings import RatingStore
from scenes.profile.words import number, signed
from scenes.shell.history import HistoryStore
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings
from scenes.shell.stats import StatsStore


@pytest.fixture
def profile_app(tmp_path, monkeypatch):
    """An app on the menu with every per-user store in a temporary data folder, and fixed AI
    ratings of the test's own."""
    data = tmp_path / "data"
    monkeypatch.setenv("TATAMI_DATA_DIR", str(data))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    levels = {"random": [10.0, 1.5], "easy": [20.0, 1.5], "medium": [30.0, 1.5], "hard": [36.0, 1.5]}
    path = tmp_path / "ai-ratings.json"
    path.write_text(json.dumps({"games": {g: {"levels": levels} for g in ("kaito", "sushi-draft", "kanji-zushi")}}))
    monkeypatch.setattr(rating, "RATINGS_FILE", path)
    rating.bot_ratings.cache_clear()
    from scenes.shell.app import App

    a = App(size=(1280, 720), settings=Settings(data / "settings.json"), uidump=False)
    a.saves, a.stats, a.history = SaveSlots(), StatsStore(), HistoryStore()
    a.ratings, a.achievements = RatingStore(), AchievementStore()
    a.manager.push(a.make_scene("menu"))
    yield a, data
    a.shutdown()
    rating.bot_ratings.cache_clear()


def _play_out(d: Driver, scene) -> None:
    while not scene.state.is_over():
        _wait(d, lambda: _human_ready(d.app), "the human's turn")
        if not scene.state.is_over():
            _human_move(d)
    d.frames(3)


def _labels(app) -> dict[str, str]:
    return {e.id: e.label or "" for e in app.manager.top().ui_elements()}


def test_a_game_against_the_ai_is_rated_and_shown(profile_app):
    app, data = profile_app
    d = Driver(app, deadline=time.monotonic() + 120, log=lambda m: None)
    d.frames(2)
    scene = app.start_game("kaito", seats=["human", "random"], seed=12, speed=1000.0, think_ms=0)
    _play_out(d, scene)
    game_id = scene.saving.game_uid
    won = scene.state.outcome().winners == (0,)
    rated = app.ratings.result(game_id)
    assert rated is not None and rated.kind == "ai" and rated.before == 1000 and (rated.after > 1000) == won
    on_disk = json.loads((data / "ratings.json").read_text())
    assert on_disk["counted"] == [game_id] and on_disk["games"]["kaito"]["history"][0]["shown"] == rated.after
    earned = app.achievements.result(game_id)
    assert ("first-win" in earned) == won and ("beat-easy" not in earned)  # Random is below Easy
    # the score screen's cards
    d.click("button:score")
    d.wait_scene("kaito_score")
    labels = _labels(app)
    assert labels["rating-line"] == f"Rating: {signed(rated.after - rated.before)}, now {number(rated.after)} " \
                                    "(provisional)"
    assert ("earned-line" in labels) == bool(earned)
    if earned:
        assert "First victory" in labels["earned-line"]
    # the Profile from the menu: the rating, its graph's one point, the achievements, the friends
    d.click("button:menu")
    d.wait_scene("menu")
    assert _labels(app)["button:stats"] == "Profile"
    d.click("button:stats")
    d.wait_scene("stats")
    profile = app.manager.top()
    assert profile.page == "rating" and profile.rating is not None and len(profile.rating.history) == 1
    d.click("choice:profile-page:achievements")
    kinds = {e.id: e.kind for e in profile.ui_elements()}
    assert len([k for k in kinds if k.startswith("achievement:")]) == 14
    assert (kinds["achievement:first-win"] == "achievement") == won
    assert kinds["achievement:beat-hard"] == "achievement-locked"
    d.click("choice:stats-game:kanji-zushi")
    assert profile.game == "kanji-zushi" and not profile.earned
    d.click("choice:profile-page:stats")
    assert "button:reset-stats" in _labels(app)
    d.click("choice:profile-page:friends")
    assert "button:reset-stats" not in _labels(app) and profile.friends == {}
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")
    # played again from the score screen's way back: counted once
    scene.autosave()
    assert json.loads((data / "ratings.json").read_text())["counted"] == [game_id]


def test_a_decision_taken_back_is_not_rated_even_after_a_resume(profile_app):
    app, data = profile_app
    d = Driver(app, deadline=time.monotonic() + 120, log=lambda m: None)
    d.frames(2)
    scene = app.start_game("kaito", seats=["human", "random"], seed=12, speed=1000.0, think_ms=0)
    _wait(d, lambda: _human_ready(app), "the human's turn")
    _human_move(d)
    _wait(d, lambda: _human_ready(app), "the AI's answer")
    d.click("button:undo")
    _wait(d, lambda: scene.undid and _human_ready(app), "the undo")
    _human_move(d)
    _wait(d, lambda: _human_ready(app), "the AI's answer")
    assert json.loads((data / "saves" / "kaito.json").read_text())["setup"]["undid"] is True
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    scene = app.manager.top()
    assert scene.undid
    _play_out(d, scene)
    rated = app.ratings.result(scene.saving.game_uid)
    assert rated is not None and rated.kind == "unrated" and rated.reason == "undo"
    d.click("button:score")
    d.wait_scene("kaito_score")
    assert _labels(app)["rating-line"] == "Not rated: a decision was taken back in this game."
    assert app.ratings.rating("kaito").unrated == 1 and app.ratings.rating("kaito").history == []


def test_a_hot_seat_game_goes_to_the_friends_page(profile_app):
    app, _data = profile_app
    g = get("kaito")
    match = Match(g, ["easy", "easy"], 4, state=g.new_state(2, random.Random(4)), synchronous=True)
    match.run_bots_until_human()
    app.ratings.record_finished("h", "kaito", {"seats": ["human", "human"], "names": ["Aki", "Ben"]}, match.state)
    app.manager.push(app.make_scene("stats", page="friends"))
    app.pump(16)
    profile = app.manager.top()
    assert list(profile.friends) == ["Ben"] and profile.friends["Ben"].played == 1
    assert profile.rating is None  # the rating against the AI is untouched
    click(app, rect_of(profile, "choice:profile-page:rating").center)
    assert profile.page == "rating"
