"""The setup screen's per-game options (GameInfo.extra["options"]) for multi-seat games: Kanji-zushi's
answer key and hint, with six seat rows; real clicks through the App loop (SDL dummy)."""
from __future__ import annotations

from scene_input import click


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
    assert started["answer_key"] == "rulebook" and started["hint"] is True
    again = app.make_scene("setup", game="kanji-zushi")
    assert again.option_values == {"answer_key": "rulebook", "hint": "on"} and again.players == 6


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
    assert scene.option_values == {"answer_key": "joyo", "hint": "off"}
    assert scene.setup_kwargs()["answer_key"] == "joyo" and scene.setup_kwargs()["hint"] is False
    sushi = app.make_scene("setup", game="sushi-draft")
    assert "answer_key" not in sushi.setup_kwargs()
