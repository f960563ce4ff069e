"""A kanji formed in a game is written stroke by stroke on the join board (issue 37, item 1): at
the player's stroke-order speed (the ``kanji_stroke_order`` setting; "off" shows none), the halves
in their own colours, skippable with Space like any animation; the writing's clock and the
partial stroke (scenes/kanji/strokeplay.py). Frames are driven by the test; nothing sleeps."""
from __future__ import annotations

import time

import pygame
import pytest

from game.kanji import strokes as kanji_strokes
from scenes.devtools.driver import Driver
from scenes.kanji.strokeplay import LEFT_INK, RIGHT_INK, StrokeClock, _partial, game_speed, stroke_colors
from scenes.shell.settings import Settings


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    from scenes.shell.app import App

    a = App(size=(1280, 720), settings=Settings(tmp_path / "data" / "settings.json"), uidump=False)
    yield a
    a.shutdown()


def _first_writing(d: Driver, scene, frames: int = 4000):
    """Frames until the join board writes a kanji (its JoinShow), or None when a kanji was formed
    (the board showed a valid pair glowing) and no writing followed."""
    glowed = None
    for _ in range(frames):
        d.frames(1)
        j = scene.join
        if j is not None and j.phase == "write":
            return j
        if j is not None and j.phase == "glow" and j.valid:
            glowed = j
        elif glowed is not None and j is not glowed:
            return None
    raise AssertionError("no kanji was formed")


def test_a_formed_kanji_is_written_then_space_skips_it(app):
    app.settings["kanji_stroke_order"] = "slow"
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    scene = app.start_game("kanji-zushi", seats=["medium", "medium"], seed=3, speed=1.0, think_ms=0)
    j = _first_writing(d, scene)
    assert j is not None and kanji_strokes.paths(j.char)
    # the tween runs as long as the slow clock at the AI's pace: still writing a few frames on
    d.frames(3)
    assert scene.join is j and j.phase == "write" and 0 < j.tween.progress < 1
    d.post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    d.frames(2)
    assert scene.join is not j or j.phase != "write"


def test_off_writes_nothing(app):
    app.settings["kanji_stroke_order"] = "off"
    assert game_speed(app) == "off"
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    scene = app.start_game("kanji-zushi", seats=["medium", "medium"], seed=3, speed=1.0, think_ms=0)
    assert _first_writing(d, scene) is None


def test_the_setting_and_the_clock():
    class A:
        settings = {"kanji_stroke_order": "bogus"}
    assert game_speed(A()) == "fast"
    A.settings = {"kanji_stroke_order": "normal"}
    assert game_speed(A()) == "normal"
    clock = StrokeClock(4, "fast")
    assert clock.written == 0.0 and not clock.done
    clock.advance(clock.stroke_ms / 2)
    assert clock.written == pytest.approx(0.5)
    clock.advance(clock.stroke_ms / 2 + clock.stroke_ms / 3)  # the stroke and its pause
    assert clock.written == pytest.approx(1.0)
    clock.advance(-50)
    assert clock.written == pytest.approx(1.0)
    clock.finish()
    assert clock.done and clock.written == 4.0
    clock.restart()
    assert clock.written == 0.0
    assert StrokeClock(3, "slow").total_ms > StrokeClock(3, "fast").total_ms


def test_a_partial_stroke_and_the_halves_colours():
    pts = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    assert _partial(pts, 0.25) == [(0.0, 0.0), (5.0, 0.0)]
    assert _partial(pts, 0.75) == [(0.0, 0.0), (10.0, 0.0), (10.0, 5.0)]
    assert _partial(pts, 1.0) == pts
    colours = stroke_colors("語", halves=True)
    left, right = kanji_strokes.halves("語")
    assert [colours[i] for i in left] == [LEFT_INK] * len(left)
    assert [colours[i] for i in right] == [RIGHT_INK] * len(right)
    assert set(stroke_colors("語", halves=False)) - {LEFT_INK, RIGHT_INK} and len(colours) == 14
