"""Keyboard focus on the menus (issue 12, "Keyboard and settings"): Tab / Shift+Tab and the arrows
move a visible ring over what can be used, Enter or Space acts, Left / Right change a choice or a
slider, number keys open the menu's games; the UI dump marks the focused element; a mouse press
hides the ring. (Playing the games with the keyboard comes with the rest of issue 12.)"""
from __future__ import annotations

import time

import pygame

from scenes.devtools.driver import Driver
from scenes.shell.uidump import UIDump


def focused(app):
    els = UIDump.snapshot(app.manager.top(), app.viewport)["elements"]
    return [e["id"] for e in els if e.get("focus")]


def menu(app):
    d = Driver(app, time.monotonic() + 60, log=lambda s: None)
    app.manager.reset(app.make_scene("menu"))
    d.frames(2)
    return d


def test_enter_on_the_menu_shows_the_ring_before_it_opens_anything(app):
    d = menu(app)
    assert focused(app) == []
    d.key(pygame.K_RETURN)
    assert d.scene_name() == "menu" and focused(app) == ["button:game:kaito"]
    d.key(pygame.K_TAB)
    assert focused(app) == ["button:game:sushi-draft"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                         scancode=0))
    d.frames(2)
    assert focused(app) == ["button:game:kaito"]
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RETURN)
    assert d.scene_name() == "tutorial_offer"  # Sushi Draft, opened from the keyboard


def test_number_keys_open_the_games_and_tab_wraps(app):
    d = menu(app)
    d.key(pygame.K_3)
    assert d.scene_name() == "tutorial_offer" and app.manager.top().game == "kanji-zushi"
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")
    order = []
    for _ in range(16):  # (the menu's entries: the cards, their rooms' links, the row of buttons)
        d.key(pygame.K_TAB)
        order += focused(app)
    games = [i for i in order if i.startswith("button:game:")]
    assert games[:3] == ["button:game:kaito", "button:game:sushi-draft", "button:game:kanji-zushi"]
    assert "button:quit" in order and len(set(order)) < len(order)  # every entry, then round again


def test_left_and_right_change_a_focused_choice_and_a_slider(app):
    d = menu(app)
    d.click("button:settings")
    d.wait_scene("settings")
    d.key(pygame.K_TAB)  # the language choice
    assert focused(app) == ["choice:language:system"]
    d.key(pygame.K_TAB)  # the sound choice
    assert focused(app) == ["choice:sound:on"]
    d.key(pygame.K_RIGHT)
    assert app.settings["sound"] is False and focused(app) == ["choice:sound:off"]
    d.key(pygame.K_TAB)  # the volume slider
    assert focused(app) == ["slider:volume"]
    before = app.settings.get("volume", 0.7)
    d.key(pygame.K_RIGHT)
    assert abs(app.settings["volume"] - (before + 0.05)) < 1e-9
    # a mouse press hides the ring; Esc goes back
    pos = app.viewport.to_window((5, 5))
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    d.frames(2)
    assert focused(app) == []
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")


def test_setup_enter_starts_unless_the_ring_is_on_something_else(app):
    d = menu(app)
    app.manager.push(app.make_scene("setup", game="kaito"))
    d.frames(2)
    d.key(pygame.K_TAB)
    first = focused(app)
    assert first and first[0].startswith(("choice:", "button:"))
    # Enter acts on the focused element (a choice: nothing to start), so the setup stays
    if first[0].startswith("choice:"):
        d.key(pygame.K_RETURN)
        assert d.scene_name() == "setup"
