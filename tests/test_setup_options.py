"""The setup screen's options (GameInfo.options): Kanji-zushi's answer key, and undo and hints for every
game, with six seat rows; real clicks through the App loop (SDL dummy)."""
from __future__ import annotations

import pygame
import pytest
from scene_input import click

from scenes.shell.catalog import GAMES_BY_NAME


def centre(scene, ident):
    return next(e for e in scene.ui_elements() if e.id == ident).rect.center


def test_options_reach_the_play_scene_and_are_remembered(app, monkeypatch):
    scene = app.make_scene("setup", game="kanji-zushi")
    app.manager.reset(scene)
    app.pump(16)
    ids = {e.id for e in scene.ui_elements()}
    assert {"choice:answer_key:joyo", "choice:answer_key:rulebook", "choice:hint:on", "choice:hint:off"} <= ids
    assert {f"choice:players:{n}" for n in range(2, 7)} <= ids
    click(app, centre(scene, "choice:players:6"))
    click(app, centre(scene, "choice:seat5:hard"))
    click(app, centre(scene, "choice:answer_key:rulebook"))
    click(app, centre(scene, "choice:hint:on"))
    started = {}
    monkeypatch.setattr(app, "start_game", lambda game, **kw: started.update(game=game, **kw))
    click(app, centre(scene, "button:start"))
    assert started["game"] == "kanji-zushi"
    assert len(started["seats"]) == 6 and started["seats"][5] == "hard"
    assert started["answer_key"] == "rulebook" and started["hints"] is True and "hint" not in started
    assert started["undo"] is True
    again = app.make_scene("setup", game="kanji-zushi")
    assert again.option_values == {"answer_key": "rulebook", "hint": "on", "undo": "on"} and again.players == 6


def test_six_seat_rows_do_not_overlap_the_bottom_row(app):
    scene = app.make_scene("setup", game="kanji-zushi")
    app.manager.reset(scene)
    app.pump(16)
    click(app, centre(scene, "choice:players:6"))
    rows = [e.rect for e in scene.ui_elements() if e.id.startswith("choice:seat5:")]
    players = [e.rect for e in scene.ui_elements() if e.id.startswith("choice:players:")]
    assert rows and players and max(r.bottom for r in rows) < min(r.top for r in players)


def test_bad_saved_option_falls_back_to_default(app):
    app.settings.set_setup("kanji-zushi", {"seats": ["human", "hard"], "players": 2,
                                           "options": {"answer_key": "klingon", "hint": 3}})
    scene = app.make_scene("setup", game="kanji-zushi")
    assert scene.option_values == {"answer_key": "joyo", "hint": "off", "undo": "on"}
    assert scene.setup_kwargs()["answer_key"] == "joyo" and scene.setup_kwargs()["hints"] is False
    sushi = app.make_scene("setup", game="sushi-draft")
    assert "answer_key" not in sushi.setup_kwargs()


@pytest.mark.parametrize("game", list(GAMES_BY_NAME))
def test_every_game_offers_undo_and_hints(app, monkeypatch, game):
    scene = app.make_scene("setup", game=game)
    app.manager.reset(scene)
    app.pump(16)
    kw = scene.setup_kwargs()
    assert kw["undo"] is True and kw["hints"] is False  # the defaults
    click(app, centre(scene, "choice:undo:off"))
    click(app, centre(scene, "choice:hint:on"))
    started = {}
    monkeypatch.setattr(app, "start_game", lambda g, **kw: started.update(game=g, **kw))
    click(app, centre(scene, "button:start"))
    assert started["game"] == game and started["undo"] is False and started["hints"] is True
    assert "hint" not in started  # one keyword for every game (a play scene still reads an old save's "hint")
    again = app.make_scene("setup", game=game)
    assert again.setup_kwargs()["undo"] is False and again.setup_kwargs()["hints"] is True


@pytest.mark.parametrize("game", list(GAMES_BY_NAME))
def test_the_options_row_fits_and_nothing_overlaps(app, game):
    scene = app.make_scene("setup", game=game)
    app.manager.reset(scene)
    app.pump(16)
    if game != "kaito":
        click(app, centre(scene, f"choice:players:{scene.info.seats[1]}"))
    els = [e for e in scene.ui_elements()]
    for e in els:
        assert 0 <= e.rect.x and e.rect.right <= 1280 and 0 <= e.rect.y and e.rect.bottom <= 720, e
    # whole widgets (a choice's segments touch each other) never overlap
    groups: dict[str, pygame.Rect] = {}
    for e in els:
        key = e.id.rsplit(":", 1)[0] if e.id.startswith("choice:") else e.id
        groups[key] = groups[key].union(e.rect) if key in groups else pygame.Rect(e.rect)
    names = sorted(groups)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not groups[a].colliderect(groups[b]), (a, b)
