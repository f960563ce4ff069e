"""The whole app driven by real pygame events posted at the UI elements' window rects.

menu -> setup -> play (AI vs AI to the end) -> score -> rematch / menu; Esc pauses; the UI dump;
stray input; ``python -m scenes --selftest`` as a subprocess.

"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from scene_input import to_score  # noqa: E402

from scenes.devtools.selftest import Driver
from scenes.shell.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TATAMI_UI_DUMP", str(tmp_path / "ui.json"))
    from scenes.shell.app import App

    a = App(size=(1280, 720), settings=Settings(tmp_path / "data" / "settings.json"))
    a.manager.push(a.make_scene("menu"))
    yield a
    a.shutdown()


def driver(app) -> Driver:
    return Driver(app, deadline=time.monotonic() + 90, log=lambda m: None)


def read_dump(app) -> dict:
    return json.loads(Path(os.environ["TATAMI_UI_DUMP"]).read_text())


def test_menu_setup_play_score_rematch_menu(app):
    d = driver(app)
    d.frames(2)
    assert d.scene_name() == "menu"
    d.open_game("kaito")
    d.wait_scene("setup")
    d.click("choice:seat0:easy")
    d.click("choice:seat1:medium")
    d.click("choice:color0:B")  # picking Black for A makes B Red
    assert app.manager.top().colors == ["B", "R"]
    d.click("choice:first:right")
    app.settings["animation_speed"] = "instant"
    d.click("button:start")
    d.wait_scene("kaito_play")
    assert len(app.manager) == 1  # the menu and setup are gone
    play = app.manager.top()
    # seat 0 is the side that moves first, with its colour and name
    assert play.seats == ["medium", "easy"]
    assert play.colors == ("R", "B")
    assert play.names == ["Ken", "Hana"]  # (each level's first character, issue 36)
    assert play.match.characters == {0: "ken", 1: "hana"}
    to_score(d, "kaito_score", wall_s=60)
    score = app.manager.top()
    assert score.winners and score.description
    assert {e.id for e in score.ui_elements()} >= {"button:rematch", "button:menu"}
    d.frames(5)
    d.click("button:rematch")
    d.wait_scene("kaito_play")
    to_score(d, "kaito_score", wall_s=60)
    d.click("button:menu")
    d.wait_scene("menu")
    assert len(app.manager) == 1
    # the setup choices were remembered
    d.open_game("kaito")
    d.wait_scene("setup")
    assert app.manager.top().kinds == ["easy", "medium"]
    assert app.manager.top().first == "right"


def test_escape_pauses_and_resumes(app):
    d = driver(app)
    d.frames(2)
    app.start_game("kaito", seats=["human", "hard"], colors=("R", "B"), seed=3, names=["You", "CPU"])
    d.wait_scene("kaito_play")
    play = app.manager.top()
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    assert app.manager.stack[-2] is play  # drawn dimmed under the overlay
    d.key(pygame.K_ESCAPE)
    d.wait_scene("kaito_play")
    assert app.manager.top() is play
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:rules")
    d.wait_scene("rules")
    d.wheel(-2, settle=20)
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:resume")
    assert app.manager.top() is play
    d.key(pygame.K_ESCAPE)
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    assert len(app.manager) == 1


def test_escape_in_menu_does_not_pause(app):
    d = driver(app)
    d.frames(1)
    d.key(pygame.K_ESCAPE)
    assert d.scene_name() == "menu" and len(app.manager) == 1


def test_ui_dump_has_window_pixel_rects(app, tmp_path):
    app.resize_window((1000, 800))  # letterboxed: scale 0.78, bands top and bottom
    d = driver(app)
    d.frames(2)
    dump = read_dump(app)
    assert dump["scene"] == "menu"
    ids = {e["id"]: e for e in dump["elements"]}
    assert {"button:game:kaito", "button:quit", "button:rules"} <= set(ids)
    assert ids["button:game:sushi-draft"]["kind"] == "button"
    assert ids["button:game:kanji-zushi"]["kind"] == "button"
    logical = {e.id: e.rect for e in app.manager.top().ui_elements()}
    for i, e in ids.items():
        assert e["rect"] == list(app.viewport.to_window(logical[i]))
        x, y, w, h = e["rect"]
        assert 0 <= x and x + w <= 1000 and app.viewport.offset[1] <= y and y + h <= 800
    # a click at the dumped rect (window pixels) works
    x, y, w, h = ids["button:game:kaito"]["rect"]
    pos = (x + w // 2, y + h // 2)
    for t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        kw = {"rel": (0, 0), "buttons": (0, 0, 0)} if t == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(t, pos=pos, **kw))
    d.frames(3)
    dump = read_dump(app)
    assert dump["scene"] == "tutorial_offer"  # the first time, the game's tutorial is offered first
    assert "button:skip-tutorial" in {e["id"] for e in dump["elements"]}
    assert not list(tmp_path.glob(".uidump.*"))  # temp files replaced atomically


def test_ui_dump_only_rewritten_on_change(app):
    d = driver(app)
    d.frames(3)
    n = app.uidump.writes
    d.frames(10)
    assert app.uidump.writes == n


def test_stray_and_malformed_input_never_crashes(app):
    d = driver(app)
    app.resize_window((1500, 600))  # pillarboxed
    d.frames(1)
    d.stray_input()
    for ev in (
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1),  # no pos
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5)),  # no button
        pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1)),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN + 1000, mod=0),
        pygame.event.Event(pygame.USEREVENT, foo=1),
    ):
        pygame.event.post(ev)
    d.frames(3)
    assert d.scene_name() == "menu"
    # a press inside a button but released outside does not click
    pos = d.window_pos("button:quit")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1))
    d.frames(2)
    assert app.running
    # wheel buttons (4/5) on a button do not click it
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=4))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=4))
    d.frames(2)
    assert app.running
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump()
    assert not app.running


def test_hover_states_come_from_motion_events(app):
    d = driver(app)
    d.frames(1)
    btn = app.manager.top().widgets.get("button:rules")
    assert not btn.hovered
    d.move(d.window_pos("button:rules"))
    assert btn.hovered and app.manager.busy()
    d.frames(40)
    assert not app.manager.busy()  # settled: the loop may idle
    d.move((0, 0))
    assert not btn.hovered


def test_resize_rescales_assets(app):
    d = driver(app)
    d.frames(1)
    f1 = app.assets.font(20)
    app.resize_window((960, 540))  # (the window is never smaller than 800x450)
    d.frames(1)
    assert app.viewport.scale == 0.75
    f2 = app.assets.font(20)
    assert f2 is not f1 and f2.get_height() < f1.get_height()


def test_fullscreen_toggle_restores_window_size(app):
    d = driver(app)
    app.resize_window((1000, 600))
    d.frames(1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
    d.frames(1)
    assert app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0))
    d.frames(1)
    assert not app.fullscreen
    assert app.screen.get_size() == (1000, 600)


def test_missing_art_is_a_placeholder_not_a_crash(app, caplog):
    s = app.assets.svg("art/does-not-exist.svg", 50, 50)
    s2 = app.assets.svg("art/does-not-exist.svg", 50, 50)
    assert s.get_size() == (50, 50) and s is s2
    assert app.assets.missing.count("art/does-not-exist.svg") == 1


def test_fonts_are_the_bundled_ones(app):
    from scenes.shell.assets import FONT_FILES

    for rel in FONT_FILES.values():
        assert app.assets.exists(rel), rel
    assert not [m for m in app.assets.missing if m.startswith("fonts/")]


def _run(args, tmp_path, timeout=120):
    env = {**os.environ, "TATAMI_DATA_DIR": str(tmp_path / "data"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    env.pop("TATAMI_UI_DUMP", None)
    return subprocess.run([sys.executable, "-m", "scenes", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_quit_after_first_frame(tmp_path):
    p = _run(["--quit-after-first-frame", "--size", "800x450"], tmp_path, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "first frame" in p.stdout


def test_play_flag_starts_the_game_directly(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path / "data"))
    from scenes import cli
    from scenes.shell import app as app_module

    seen = {}
    real_run = app_module.App.run

    def run(self):
        code = real_run(self)
        seen["scene"] = self.manager.top().name if self.manager.top() else None
        seen["seats"] = getattr(self.manager.top(), "seats", None)
        return code

    monkeypatch.setattr(app_module.App, "run", run)
    assert cli.main(["--play", "kaito", "--seats", "human,hard", "--seed", "4",
                            "--quit-after-first-frame", "--size", "800x450"]) == 0
    assert seen["scene"] == "kaito_play"
    assert not (tmp_path / "data" / "settings.json").exists() or json.loads(
        (tmp_path / "data" / "settings.json").read_text())["window_size"] == [800, 450]


def test_bad_flags_exit_2(tmp_path):
    assert _run(["--size", "huge"], tmp_path, timeout=60).returncode == 2
    assert _run(["--play", "chess"], tmp_path, timeout=60).returncode == 2


@pytest.mark.xdist_group("selftest")
def test_selftest_subprocess(source_selftest):
    p = source_selftest.proc  # python -m scenes --selftest, run once (tests/shared_runs.py)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "PASS" in p.stdout
    assert not (ROOT / "settings.json").exists()
