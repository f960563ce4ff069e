"""The window (issue 10 §9): never smaller than 800x450 — not opened, not kept after a resize, not
remembered, not restored from the settings — and its class is "Tatami" (a taskbar showed
"__main__.py"). The last test opens a real window under Xvfb."""

from __future__ import annotations

import json
import os
import sys
import time

import pygame
import pytest

from scenes.shell.app import MIN_WINDOW, App
from scenes.shell.windowname import WINDOW_CLASS, name_window_class
from scenes.shell.settings import DEFAULTS, MIN_WINDOW_SIZE, Settings


def test_the_minimum_is_800x450():
    assert MIN_WINDOW == MIN_WINDOW_SIZE == (800, 450)


def test_a_smaller_window_is_never_opened(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    a = App(size=(400, 300), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    try:
        assert a.screen.get_size() == (800, 450) and a.windowed_size == (800, 450)
        a.resize_window((640, 360))
        assert a.screen.get_size() == (800, 450)
        a.resize_window((1000, 400))  # too short only: the height is raised
        assert a.screen.get_size() == (1000, 450)
    finally:
        a.shutdown()


def test_a_window_made_smaller_grows_back_and_is_not_remembered(tmp_path, monkeypatch):
    """A window manager that ignores the minimum-size hint (or a user with xdotool) makes the window
    400x300: the app sets it back to the minimum and saves no smaller size."""
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    path = tmp_path / "s.json"
    a = App(size=(1280, 720), settings=Settings(path=path, autoload=False), uidump=False)
    try:
        a.manager.reset(a.make_scene("menu"))
        a.pump(16)
        pygame.display.set_mode((400, 300), pygame.RESIZABLE)  # what the window manager did
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=400, h=300, size=(400, 300)))
        a.pump(16)
        assert a.screen.get_size() == (800, 450) and a.viewport.scale == 0.625
        assert pygame.display.get_surface().get_size() == (800, 450)
    finally:
        a.shutdown()
    assert json.loads(path.read_text())["window_size"] == [800, 450]


def test_a_smaller_saved_size_is_never_restored(tmp_path):
    p = tmp_path / "settings.json"
    for saved, restored in (([400, 300], [800, 450]), ([640, 700], [800, 700]), ([1000, 600], [1000, 600]),
                            ([5, 5], DEFAULTS["window_size"]), (["x", 3], DEFAULTS["window_size"])):
        p.write_text(json.dumps({"window_size": saved}))
        assert Settings(p)["window_size"] == restored, saved


def test_the_window_class_replaces_pygames_script_name(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/x/scenes/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what pygame's import set
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    name_window_class(WINDOW_CLASS)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Tatami" == WINDOW_CLASS
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "Tatami"
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS")  # pygame imported without a display: not set
    name_window_class(WINDOW_CLASS)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Tatami"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "MyClass")  # the user's own choice is kept
    name_window_class(WINDOW_CLASS)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "MyClass"


@pytest.mark.xvfb
def test_real_window_class_and_minimum(display, tmp_path):
    from xvfb_app import RealApp, require_tools

    require_tools()
    app = RealApp(display, tmp_path)
    try:
        window = app.find_window()
        # WM_CLASS (res_name, res_class), searched with xdotool
        assert window in app.xdo("search", "--class", "^Tatami$").split()
        assert window in app.xdo("search", "--classname", "^Tatami$").split()
        assert window not in app.xdo("search", "--class", "__main__").split()
        app.wait_stable(lambda d: d.get("scene") == "menu")  # the app runs its loop (the minimum is set)
        deadline = time.monotonic() + 20
        size = (0, 0)
        asked_at = 0.0
        while time.monotonic() < deadline:
            if size in ((0, 0), (1280, 720)) and time.monotonic() - asked_at > 1.0:
                app.xdo("windowsize", window, "400", "300")  # (again if an early request was lost)
                asked_at = time.monotonic()
            geo = app.xdo("getwindowgeometry", window)
            dims = [part for part in geo.split() if "x" in part and part.replace("x", "").isdigit()]
            if dims:
                size = tuple(int(v) for v in dims[-1].split("x"))
                if size == (800, 450):
                    break
            time.sleep(0.1)
        assert size == (800, 450), geo
    finally:
        app.close()
