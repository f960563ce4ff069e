"""The hot-seat privacy curtain (issue 10 §8): it lifts only on its button (pressed and released on
it) or Enter / keypad Enter, never on a stray click anywhere else, a lone release, another key or
input in its first moments. Real pygame events through the App loop (SDL dummy)."""

from __future__ import annotations

import pygame
import pytest
from scene_input import click, ids, post, press_key, rect_of

from scenes.play.privacy import ARM_MS


@pytest.fixture
def curtain(app):
    """A privacy curtain over the menu, armed; ``curtain.calls`` counts ``on_ready``."""
    base = app.make_scene("menu")
    app.manager.reset(base)
    calls: list[int] = []
    scene = app.make_scene("privacy", name="Aiko", on_ready=lambda: calls.append(1))
    scene.calls = calls
    scene.base = base
    app.manager.push(scene)
    for _ in range(int(ARM_MS / 16) + 2):
        app.pump(16)
    assert scene.armed and app.manager.top() is scene
    return scene


def test_stray_clicks_anywhere_never_lift_it(app, curtain):
    button = rect_of(curtain, "button:ready")
    spots = [(640, 640), (200, 650), (40, 40), (1240, 700), (640, 300), (640, 360),
             (button.left - 6, button.centery), (button.centerx, button.bottom + 6)]
    for pos in spots:
        click(app, pos)
        click(app, pos, button=3)  # the right button too
    assert app.manager.top() is curtain and curtain.calls == []
    assert "button:ready" in ids(curtain)


def test_a_press_or_release_alone_on_the_button_does_nothing(app, curtain):
    button = rect_of(curtain, "button:ready")
    post(app, pygame.MOUSEBUTTONUP, button.center)  # the previous player's click, released here
    app.pump(16)
    assert app.manager.top() is curtain and curtain.calls == []
    post(app, pygame.MOUSEBUTTONDOWN, (640, 640))  # pressed elsewhere, released on the button
    post(app, pygame.MOUSEBUTTONUP, button.center)
    app.pump(16)
    assert app.manager.top() is curtain and curtain.calls == []
    post(app, pygame.MOUSEBUTTONDOWN, button.center)  # pressed on it, released elsewhere
    post(app, pygame.MOUSEBUTTONUP, (640, 640))
    app.pump(16)
    assert app.manager.top() is curtain and curtain.calls == []


def test_the_button_lifts_it(app, curtain):
    click(app, rect_of(curtain, "button:ready").center)
    assert curtain.calls == [1] and app.manager.top() is curtain.base


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_lifts_it(app, curtain, key):
    press_key(app, key)
    assert curtain.calls == [1] and app.manager.top() is curtain.base


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_a, pygame.K_TAB, pygame.K_DOWN])
def test_other_keys_do_not_lift_it(app, curtain, key):
    press_key(app, key)
    assert curtain.calls == [] and app.manager.top() is curtain


def test_nothing_lifts_it_before_it_is_armed(app):
    app.manager.reset(app.make_scene("menu"))
    calls: list[int] = []
    scene = app.make_scene("privacy", name="Ben", on_ready=lambda: calls.append(1))
    app.manager.push(scene)
    app.pump(16)
    click(app, rect_of(scene, "button:ready").center)  # the second click of a double click
    press_key(app, pygame.K_RETURN)
    assert not scene.armed and calls == [] and app.manager.top() is scene


def test_escape_still_opens_the_pause_menu(app, curtain):
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top().name == "pause" and curtain.calls == []
