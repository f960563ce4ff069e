"""The settings screen (issue 12, "Keyboard and settings"): sound and its volume slider, animation
speed, fullscreen, and each game's undo / hints defaults — driven with real mouse events; every
change applied and saved at once."""
from __future__ import annotations

import json
import time

import pygame
from scene_input import drag, rect_of

from scenes.devtools.driver import Driver
from scenes.kit.slider import Slider


def open_settings(app):
    d = Driver(app, time.monotonic() + 60, log=lambda s: None)
    app.manager.reset(app.make_scene("menu"))
    d.frames(2)
    d.click("button:settings")
    d.wait_scene("settings")
    return d


def saved(app):
    return json.loads(app.settings.path.read_text(encoding="utf-8"))


def test_each_setting_applies_and_is_saved_at_once(app):
    d = open_settings(app)
    d.click("choice:sound:off")
    assert app.settings["sound"] is False and saved(app)["sound"] is False
    d.click("choice:sound:on")
    assert app.settings["sound"] is True
    d.click("choice:speed:fast")
    assert app.settings["animation_speed"] == "fast" and app.animation_factor > 1.0
    assert saved(app)["animation_speed"] == "fast"
    d.click("choice:speed:instant")
    assert saved(app)["animation_speed"] == "instant"
    d.click("choice:undo-kaito:off")
    d.click("choice:hint-sushi-draft:on")
    assert app.settings.setup_for("kaito")["options"]["undo"] == "off"
    assert saved(app)["setup"]["sushi-draft"]["options"]["hint"] == "on"
    d.click("choice:fullscreen:on")
    assert app.fullscreen is True
    d.click("choice:fullscreen:off")
    assert app.fullscreen is False and saved(app)["fullscreen"] is False
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")


def test_the_volume_slider_is_dragged(app):
    d = open_settings(app)
    scene = app.manager.top()
    r = rect_of(scene, "slider:volume")
    kinds = {e.id: e.kind for e in scene.ui_elements()}
    assert kinds["slider:volume"] == "slider"
    drag(app, (r.x + r.w * 0.7, r.centery), (r.x + r.w * 0.2, r.centery))
    d.frames(2)
    assert app.settings["volume"] == 0.2 and saved(app)["volume"] == 0.2
    drag(app, (r.x + r.w * 0.2, r.centery), (r.right + 80, r.centery))  # past the end: full
    d.frames(2)
    assert app.settings["volume"] == 1.0


def test_the_setup_starts_from_the_defaults_chosen_here(app):
    d = open_settings(app)
    d.click("choice:undo-kanji-zushi:off")
    d.click("choice:hint-kanji-zushi:on")
    d.click("button:back")
    d.wait_scene("menu")
    app.manager.push(app.make_scene("setup", game="kanji-zushi"))
    d.frames(2)
    kinds = {e.id: e.kind for e in app.manager.top().ui_elements()}
    assert kinds["choice:undo:off"].endswith("selected") and kinds["choice:hint:on"].endswith("selected")


def test_slider_clamps_snaps_and_reports_changes_only():
    got = []
    s = Slider("slider:x", (0, 0, 100, 20), value=0.33, on_change=got.append)
    assert s.value == 0.35  # snapped to 0.05 steps
    s.set_value(2.0)
    s.set_value(1.0)
    s.set_value(-1)
    s.set_value("bad")
    assert got == [1.0, 0.0] and s.value == 0.0
