"""Hot-seat names in setup (scenes/kit/textfield.py in scenes/shell/setup.py): a field per human seat,
typed with real TEXTINPUT / KEYDOWN events, remembered in the settings and passed to the play scene."""
from __future__ import annotations

import pygame
import pytest
from scene_input import click, ids, post, rect_of

from scenes.kit.textfield import TextField, clean_text
from scenes.shell.catalog import GAMES_BY_NAME


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.pump(16)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.pump(16)


def kinds(scene) -> dict[str, str]:
    return {e.id: e.kind for e in scene.ui_elements()}


def open_setup(app, game: str):
    scene = app.make_scene("setup", game=game)
    app.manager.reset(scene)
    app.pump(16)
    return scene


def test_names_typed_in_kaito_setup_reach_the_play_scene(app):
    scene = open_setup(app, "kaito")
    click(app, rect_of(scene, "choice:seat0:human").center)
    click(app, rect_of(scene, "choice:seat1:human").center)
    assert {"field:name0", "field:name1"} <= ids(scene)
    assert kinds(scene)["field:name0"] == "field"
    click(app, rect_of(scene, "field:name0").center)
    assert kinds(scene)["field:name0"] == "field-focused"
    type_text(app, "Akix")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)  # ends the editing; does not start the game
    assert app.manager.top() is scene and kinds(scene)["field:name0"] == "field"
    click(app, rect_of(scene, "field:name1").center)
    type_text(app, "B")
    type_text(app, "en")
    click(app, rect_of(scene, "choice:first:right").center)  # a click elsewhere ends the editing too
    assert kinds(scene)["field:name1"] == "field"
    click(app, rect_of(scene, "button:start").center)
    play = app.manager.top()
    assert play.name == "kaito_play"
    assert play.names == ["Ben", "Aki"]  # seat 0 moves first: Player B's side
    again = app.make_scene("setup", game="kaito")  # remembered
    assert again.names == ["Aki", "Ben"] and again.player_names() == ["Aki", "Ben"]


def test_names_in_a_multi_seat_game_and_the_defaults(app, monkeypatch):
    scene = open_setup(app, "sushi-draft")
    click(app, rect_of(scene, "choice:players:3").center)
    click(app, rect_of(scene, "choice:seat1:human").center)
    click(app, rect_of(scene, "choice:seat2:easy").center)
    got = ids(scene)
    assert {"field:name0", "field:name1"} <= got and "field:name2" not in got  # AI seats have no field
    click(app, rect_of(scene, "field:name1").center)
    type_text(app, "Chiyo")
    started = {}
    monkeypatch.setattr(app, "start_game", lambda game, **kw: started.update(game=game, **kw))
    click(app, rect_of(scene, "button:start").center)
    # an empty field: the default name; an AI seat: its character's (issue 36)
    assert started["names"] == ["Player 1", "Chiyo", "Hana"] and started["characters"] == [None, None, "hana"]
    assert "choice:character2:hana" in got and "choice:character1:hana" not in got
    assert app.settings.setup_for("sushi-draft")["names"][:2] == ["", "Chiyo"]


def test_keys_belong_to_the_focused_field(app):
    scene = open_setup(app, "kaito")
    click(app, rect_of(scene, "choice:seat0:human").center)
    click(app, rect_of(scene, "field:name0").center)
    key(app, pygame.K_ESCAPE)  # ends the editing, does not leave the screen
    assert app.manager.top() is scene
    click(app, rect_of(scene, "field:name0").center)
    type_text(app, "x" * 30)
    assert scene.names[0] == "x" * 16  # at most 16 characters
    key(app, pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL)  # Ctrl+Backspace clears it
    assert scene.names[0] == ""
    type_text(app, "a\nb\tc")  # control characters are dropped
    assert scene.names[0] == "abc"
    # a field not focused ignores typing
    key(app, pygame.K_TAB)
    type_text(app, "zzz")
    assert scene.names[0] == "abc"


def test_a_field_for_a_seat_that_becomes_an_ai_goes_away(app):
    scene = open_setup(app, "kaito")
    click(app, rect_of(scene, "choice:seat0:human").center)
    click(app, rect_of(scene, "field:name0").center)
    click(app, rect_of(scene, "choice:seat0:hard").center)
    assert "field:name0" not in ids(scene)
    type_text(app, "lost")
    assert scene.names[0] == ""


def test_bad_remembered_names_are_cleaned(app):
    app.settings.set_setup("kanji-zushi", {"seats": ["human", "human"], "players": 2,
                                           "names": [7, "A\u0000very long name indeed!!", None]})
    scene = app.make_scene("setup", game="kanji-zushi")
    assert scene.names[:3] == ["", "Avery long name", ""]
    assert scene.player_names() == ["Player 1", "Avery long name"]


def test_clean_text_and_the_widget_alone():
    assert clean_text("ab\u200bc\x07", 16) == "abc" and clean_text("寿司 🍣", 3) == "寿司 "
    f = TextField("field:x", (0, 0, 100, 30), "start", max_len=4)
    assert f.text == "star"
    changes = []
    f.on_change = changes.append
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    assert f.handle_event(down) and f.focused
    assert f.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert f.text == "sta" and changes == ["sta"]
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 5), button=1)
    assert not f.handle_event(outside) and not f.focused


@pytest.mark.parametrize("game", list(GAMES_BY_NAME))
def test_fields_stay_inside_their_rows(app, game):
    app.settings.set_setup(game, {"seats": ["human"] * 6, "players": 6 if game == "kanji-zushi" else 5,
                                  "sides": ["human", "human"]})
    scene = open_setup(app, game)
    fields = [e.rect for e in scene.ui_elements() if e.id.startswith("field:")]
    others = [e.rect for e in scene.ui_elements() if not e.id.startswith("field:")]
    assert fields
    for f in fields:
        assert not any(f.colliderect(o) for o in others)
        assert not any(f.colliderect(g) for g in fields if g is not f)
    post(app, pygame.MOUSEMOTION, fields[0].center)
    app.pump(16)
    scene.draw(app.screen)
