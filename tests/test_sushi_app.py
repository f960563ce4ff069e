"""Sushi Draft around its play scene: the multi-seat setup screen, the hot-seat privacy screen,
the Sushi Draft score screen and rules page — all driven with real pygame events (SDL dummy)."""
from __future__ import annotations

import random

import pygame
import pytest
from scene_input import click, post

from game.sushi.rules import PILES, ROUNDS, SUSHI
from scenes.shell.app import App
from scenes.shell.settings import Settings


def ids(scene) -> dict:
    return {e.id: e for e in scene.ui_elements()}


def centre(scene, ident):
    return ids(scene)[ident].rect.center


def finished_state(n: int, seed: int):
    rng = random.Random(seed)
    s = SUSHI.new_state(n, rng)
    while not s.is_over():
        for seat in s.to_act():
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


# -- setup -----------------------------------------------------------------------------------
def test_setup_switches_to_multi_seat_layout_and_starts_with_chosen_seats(app, monkeypatch):
    app.manager.reset(app.make_scene("setup", game="kaito"))
    app.pump(16)
    scene = app.manager.top()
    assert "choice:color0:R" in ids(scene) and "choice:players:3" not in ids(scene)
    click(app, centre(scene, "choice:game:sushi-draft"))
    scene = app.manager.top()
    assert scene.name == "setup" and scene.game == "sushi-draft"
    el = ids(scene)
    assert "choice:color0:R" not in el and "choice:first:left" not in el
    assert {f"choice:players:{n}" for n in range(2, 6)} <= set(el)
    click(app, centre(scene, "choice:players:3"))
    assert "choice:seat2:hard" in ids(scene) and "choice:seat3:hard" not in ids(scene)  # hidden seats
    click(app, centre(scene, "choice:seat1:hard"))
    click(app, centre(scene, "choice:seat2:easy"))
    started = {}
    monkeypatch.setattr(app, "start_game", lambda game, **kw: started.update(game=game, **kw))
    click(app, centre(scene, "button:start"))
    assert started["game"] == "sushi-draft"
    assert started["seats"] == ["human", "hard", "easy"]
    assert started["names"] == ["You", "Sora", "Hana"] and started["characters"] == [None, "sora", "hana"]
    assert "colors" not in started and started["seed"] is None
    # remembered for next time
    again = app.make_scene("setup", game="sushi-draft")
    assert again.players == 3 and again.kinds[:3] == ["human", "hard", "easy"]


def test_setup_with_corrupt_saved_choices_falls_back(app):
    app.settings.set_setup("sushi-draft", {"seats": ["robot", 7, "hard"], "players": 99})
    scene = app.make_scene("setup", game="sushi-draft")
    assert 2 <= scene.players <= 5
    assert all(k in ("human", "easy", "medium", "hard") for k in scene.kinds)
    assert len(scene.kinds) == 5


def test_setup_back_to_kaito_restores_two_seat_layout(app):
    app.manager.reset(app.make_scene("setup", game="sushi-draft"))
    app.pump(16)
    click(app, centre(app.manager.top(), "choice:game:kaito"))
    scene = app.manager.top()
    assert scene.game == "kaito" and "choice:color1:B" in ids(scene)


# -- privacy screen ------------------------------------------------------------------------------
def test_privacy_screen_hides_the_table_and_needs_a_full_click(app):
    calls = []
    base = app.make_scene("menu")
    app.manager.reset(base)
    curtain = app.make_scene("privacy", name="Player 2", on_ready=lambda: calls.append(app.manager.top()))
    app.manager.push(curtain)
    assert app.manager.visible_scenes() == [curtain]  # opaque: nothing below is drawn
    click(app, (640, 300))  # too early: a double click cannot skip it
    assert app.manager.top() is curtain and not calls
    for _ in range(20):
        app.pump(16)
    post(app, pygame.MOUSEBUTTONUP, (640, 300))  # a release alone (the previous player's) does nothing
    app.pump(16)
    assert app.manager.top() is curtain and not calls
    click(app, (200, 650))  # a stray click anywhere: the curtain stays (issue 10 §8)
    assert app.manager.top() is curtain and not calls
    click(app, centre(curtain, "button:ready"))
    assert calls == [base]  # popped first, then on_ready
    assert app.manager.top() is base


def test_privacy_screen_ready_button_and_enter(app):
    calls = []
    app.manager.reset(app.make_scene("menu"))
    curtain = app.make_scene("privacy", name="Aiko", on_ready=lambda: calls.append(1))
    app.manager.push(curtain)
    for _ in range(20):
        app.pump(16)
    assert "button:ready" in ids(curtain)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.pump(16)
    assert calls == [1]
    curtain.ready()  # at most once
    assert calls == [1]


def test_privacy_screen_survives_a_failing_callback(app):
    app.manager.reset(app.make_scene("menu"))

    def boom():
        raise RuntimeError("broken")

    curtain = app.make_scene("privacy", name="Aiko", on_ready=boom)
    app.manager.push(curtain)
    for _ in range(20):
        app.pump(16)
    click(app, centre(curtain, "button:ready"))
    assert app.manager.top().name == "menu"


# -- score screen ------------------------------------------------------------------------------
@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (5, 3)])
def test_score_screen_shows_every_chip_and_round_points(app, n, seed):
    from scenes.sushi.score import round_results, seat_round_points

    state = finished_state(n, seed)
    view = state.view(0)
    points = seat_round_points(view)
    assert [sum(p) for p in points] == list(state.scores())
    rounds = round_results(view)
    assert [len(r) for r in rounds] == [len(PILES)] * ROUNDS
    won = sorted((s, v) for r in rounds for _, s, v in r if s is not None)
    assert won == sorted((s, v) for s in range(n) for _, v in state.chips[s])
    seats = ["human"] + ["medium"] * (n - 1)
    scene = app.make_scene("sushi_score", view=view, seats=seats, setup=dict(seats=seats))
    app.manager.reset(scene)
    for _ in range(60):
        app.pump(16)
    assert scene.scores == list(state.scores())
    assert scene.order[0] in state.outcome().winners
    assert set(ids(scene)) >= {"button:rematch", "button:menu"}


def test_score_screen_names_shared_winners_and_rematches(app, monkeypatch):
    state = None
    for seed in range(500):
        s = finished_state(3, seed)
        if len(s.outcome().winners) > 1:
            state = s
            break
    assert state is not None, "no shared win in 500 seeded games"
    names = ["Aiko", "Ben", "Chie"]
    scene = app.make_scene("sushi_score", view=state.view(1), seats=["human", "human", "hard"], names=names,
                           setup=dict(seats=["human", "human", "hard"], names=names))
    app.manager.reset(scene)
    app.pump(16)
    winners = state.outcome().winners
    assert "share the win" in scene.description
    assert all(names[w] in scene.description for w in winners)
    assert scene.headline()[0] == "A shared victory"
    started = {}
    monkeypatch.setattr(app, "start_game", lambda game, **kw: started.update(game=game, **kw))
    for _ in range(30):
        app.pump(16)
    click(app, centre(scene, "button:rematch"))
    assert started == {"game": "sushi-draft", "seats": ["human", "human", "hard"], "names": names, "seed": None}


def test_score_screen_small_window(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    a = App(size=(800, 450), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    try:
        state = finished_state(4, 9)
        a.manager.reset(a.make_scene("sushi_score", view=state.view(0), seats=["human", "easy", "medium", "hard"]))
        for _ in range(40):
            a.pump(16)
        assert a.manager.top().name == "sushi_score"
    finally:
        a.shutdown()


# -- rules page --------------------------------------------------------------------------------
def test_rules_page_for_sushi_draft_scrolls_to_the_end(app):
    scene = app.make_scene("rules", game="sushi-draft")
    app.manager.reset(scene)
    app.pump(16)
    assert scene.game == "sushi-draft" and scene.max_scroll > 0
    for _ in range(60):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
                                             precise_y=-3.0, touch=False, which=0))
        app.pump(16)
    for _ in range(60):
        app.pump(16)
    assert scene.scroll == pytest.approx(scene.max_scroll, abs=1.0)


def test_rules_page_switches_between_the_three_games(app):
    scene = app.make_scene("rules", game="kaito")
    app.manager.reset(scene)
    app.pump(16)
    kaito_height = scene.max_scroll
    click(app, centre(scene, "choice:rules-game:kanji-zushi"))
    assert scene.game == "kanji-zushi" and scene.scroll == 0.0
    app.pump(16)
    assert scene.max_scroll != kaito_height
    click(app, centre(scene, "choice:rules-game:sushi-draft"))
    assert scene.game == "sushi-draft"
