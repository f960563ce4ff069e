"""Sound effects: the files, the service (scenes/shell/sound.py), its failure modes, the pause-menu
toggle and the KAITO scene's hooks.

SDL's dummy audio driver really opens, so the real mixer code path runs here. The hook tests
replace ``app.sound`` by a recorder (every call counted, no throttling).
"""
from __future__ import annotations

import importlib.util
import logging
import math
import os
import random
import time
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from scene_input import click, drag, post, rect_of, settle, start_scene, to_score  # noqa: E402

from game.kaito.rules import KAITO, KaitoState, square_index, square_name  # noqa: E402
from scenes.devtools.selftest import Driver  # noqa: E402
from scenes.kaito.scene import KaitoPlayScene  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.shell.settings import DEFAULTS, Settings  # noqa: E402
from scenes.shell.sound import DEFAULT_VOLUME, NAMES, Sound, sound_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOUNDS = ROOT / "assets" / "sounds"


def _make_sounds_module():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(autouse=True)
def closed_mixer():
    """Every test starts (and ends) with the mixer closed, whatever ran before."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def sound_log():
    """The records logged by "tatami.sound" (the "tatami" logger does not propagate to caplog)."""
    records: list[logging.LogRecord] = []

    class ListHandler(logging.Handler):
        def emit(self, record):
            records.append(record)

    h = ListHandler(logging.DEBUG)
    lg = logging.getLogger("tatami.sound")
    lg.addHandler(h)
    yield records
    lg.removeHandler(h)


def warnings_of(records):
    return [r.getMessage() for r in records if r.levelno >= logging.WARNING]


def make_app(tmp_path, monkeypatch, size=(1280, 720), **settings):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    s = Settings(path=tmp_path / "settings.json", autoload=False)
    for k, v in settings.items():
        s[k] = v
    return App(size=size, settings=s, uidump=False)


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    a.shutdown()


# ------------------------------------------------------------------------------------------
# the files
# ------------------------------------------------------------------------------------------
def test_every_sound_file_exists_is_short_mono_16bit_and_loads():
    assert sound_dir() == SOUNDS
    pygame.mixer.init()
    total = 0
    for name in NAMES:
        path = SOUNDS / f"{name}.wav"
        assert path.is_file(), path
        total += path.stat().st_size
        with wave.open(str(path), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2), name
            assert w.getnframes() / w.getframerate() < 1.5, name
        snd = pygame.mixer.Sound(file=str(path))
        assert 0.03 < snd.get_length() < 1.5, name
    assert total < 300 * 1024


def test_levels_no_clipping_and_a_fade_out():
    ms = _make_sounds_module()
    for name in NAMES:
        m = ms.measure(SOUNDS / f"{name}.wav")
        assert m["peak_dbfs"] <= -1.0, m  # headroom: never clips
        assert m["peak_dbfs"] > -20.0, m  # and not silent
        assert m["first"] == 0 and m["last"] == 0, m  # starts and ends at silence: no click
        assert m["last_10ms_dbfs"] < -60.0, m  # faded out, not cut off


def test_the_generator_is_deterministic_and_made_the_committed_files(tmp_path):
    ms = _make_sounds_module()
    assert ms.main(["--out", str(tmp_path)]) == 0
    for name in NAMES:
        rate_a, a = ms.read_wav(tmp_path / f"{name}.wav")
        rate_b, b = ms.read_wav(SOUNDS / f"{name}.wav")
        assert rate_a == rate_b and len(a) == len(b), name
        # equal up to one LSB (a platform's libm may round a sine differently in the last bit)
        assert max(abs(x - y) for x, y in zip(a, b)) <= 1, name


def test_settings_defaults():
    assert DEFAULTS["sound"] is True and DEFAULTS["volume"] == 0.7


# ------------------------------------------------------------------------------------------
# the service
# ------------------------------------------------------------------------------------------
def test_service_plays_every_sound_under_the_dummy_driver(tmp_path, sound_log):
    s = Sound(Settings(path=tmp_path / "s.json", autoload=False))
    assert s.state == "idle" and not pygame.mixer.get_init()
    assert s.start() and s.ready and pygame.mixer.get_init()
    for name in NAMES:
        assert s.play(name), name
    assert list(s.recent) == list(NAMES)
    assert not s.play("no-such-sound")
    s.close()
    assert not pygame.mixer.get_init()  # it opened the mixer, so it closes it
    assert not s.play("click")  # closed for good
    assert warnings_of(sound_log) == []


def test_same_effect_is_not_stacked_within_the_minimum_gap(tmp_path):
    s = Sound(Settings(path=tmp_path / "s.json", autoload=False))
    assert s.play("capture")  # play() starts the service lazily
    assert not s.play("capture")  # at once again: skipped (instant-speed AI games)
    assert s.play("slide")  # another effect is fine
    time.sleep(0.06)
    assert s.play("capture")
    s.close()


def test_volume_setting_is_clamped_and_zero_plays_nothing(tmp_path):
    st = Settings(path=tmp_path / "s.json", autoload=False)
    s = Sound(st)
    assert s.volume == DEFAULT_VOLUME
    for bad, want in ((5, 1.0), (-1, 0.0), ("loud", DEFAULT_VOLUME), (True, DEFAULT_VOLUME),
                      (float("nan"), DEFAULT_VOLUME), (0.25, 0.25)):
        st["volume"] = bad
        assert s.volume == want, bad
    st["volume"] = 0
    assert not s.play("click")
    s.close()


def test_sound_off_plays_nothing_and_never_opens_the_device(tmp_path):
    st = Settings(path=tmp_path / "s.json", autoload=False)
    st["sound"] = False
    s = Sound(st)
    assert not s.start()
    for name in NAMES:
        assert not s.play(name)
    assert s.state == "idle" and not pygame.mixer.get_init() and not s.recent
    st["sound"] = True  # switched on later: the next sound opens the device
    assert s.play("click") and s.ready
    s.close()


def test_missing_or_broken_files_log_one_line_and_turn_sound_off(tmp_path, sound_log):
    folder = tmp_path / "sounds"
    folder.mkdir()
    (folder / "capture.wav").write_bytes(b"RIFF not really a wav")
    s = Sound(Settings(path=tmp_path / "s.json", autoload=False), folder=folder)
    assert not s.start() and s.state == "off"
    for name in NAMES:
        assert not s.play(name)
    lines = warnings_of(sound_log)
    assert len(lines) == 1 and "sound is off" in lines[0] and "victory.wav" in lines[0]
    assert not pygame.mixer.get_init()  # the device is released again


# ------------------------------------------------------------------------------------------
# the App: lazy start, failures
# ------------------------------------------------------------------------------------------
def test_app_opens_the_mixer_only_after_the_first_frame(app, sound_log):
    assert app.sound.state == "idle"
    app.manager.push(app.make_scene("menu"))
    app.pump()  # the first frame is shown without waiting for audio
    # it exits once the menu is drawn: at the first frame, or the next when the first was the
    # opening fade's opaque cover alone (issue 34)
    assert app.scene_shown and app.frames - app.cover_frames == 1
    assert app.sound.state == "idle" and not pygame.mixer.get_init()
    for _ in range(app.AUDIO_START_MAX_FRAMES + 2):
        app.pump()
    assert app.sound.ready and pygame.mixer.get_init()
    d = Driver(app, deadline=time.monotonic() + 30, log=lambda m: None)
    d.click("button:rules")  # a Button click plays the UI click through app.sound
    d.wait_scene("rules")
    assert "click" in app.sound.recent
    assert warnings_of(sound_log) == []


def test_quit_after_first_frame_never_opens_the_mixer(app):
    app.manager.push(app.make_scene("menu"))
    app.quit_after_first_frame = True
    assert app.run() == 0
    # it exits once the menu is drawn: at the first frame, or the next when the first was the
    # opening fade's opaque cover alone (issue 34)
    assert app.scene_shown and app.frames - app.cover_frames == 1
    assert app.sound.state == "idle" and not pygame.mixer.get_init()


def _broken_mixer_init(*args, **kwargs):
    raise pygame.error("No available audio device")


@pytest.mark.parametrize("failure", ["init-raises", "bad-driver"])
def test_app_runs_silently_when_the_mixer_fails(tmp_path, monkeypatch, sound_log, failure):
    if failure == "init-raises":
        monkeypatch.setattr(pygame.mixer, "init", _broken_mixer_init)
    else:
        monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    a = make_app(tmp_path, monkeypatch)
    try:
        a.manager.push(a.make_scene("menu"))
        d = Driver(a, deadline=time.monotonic() + 60, log=lambda m: None)
        d.frames(a.AUDIO_START_MAX_FRAMES + 5)
        assert a.sound.state == "off" and a.sound.problem
        d.click("button:rules")  # clicks still work, silently
        d.wait_scene("rules")
        d.click("button:back")
        d.wait_scene("menu")
        a.start_game("kaito", seats=["random", "random"], colors=("R", "B"), seed=5, speed=1000.0, think_ms=0)
        to_score(d, "kaito_score", wall_s=30)
        for name in NAMES:
            assert not a.sound.play(name)
        assert not a.sound.recent
    finally:
        a.shutdown()
    lines = warnings_of(sound_log)
    assert len(lines) == 1, lines  # one line, not one per sound
    assert "sound is off" in lines[0]


# ------------------------------------------------------------------------------------------
# the pause menu toggle (real mouse events at the button's rect)
# ------------------------------------------------------------------------------------------
def test_pause_menu_sound_toggle(app, tmp_path):
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    app.manager.push(app.make_scene("menu"))
    d.frames(2)
    app.start_game("kaito", seats=["human", "hard"], colors=("R", "B"), seed=3, names=["You", "CPU"])
    d.wait_scene("kaito_play")
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.frames(12)
    pause = app.manager.top()
    assert d.element("button:sound").kind == "button"
    assert pause.btn_sound.label == "Sound: on"
    d.click("button:sound")
    assert app.settings["sound"] is False and pause.btn_sound.label == "Sound: off"
    assert not app.sound.play("capture")
    d.click("button:sound")
    assert app.settings["sound"] is True and pause.btn_sound.label == "Sound: on"
    assert app.sound.recent and app.sound.recent[-1] == "click"  # heard as soon as it is on
    d.click("button:sound")
    app.shutdown()
    assert Settings(path=tmp_path / "settings.json").get("sound") is False  # saved


def test_pause_menu_fits_at_every_window_size(tmp_path, monkeypatch):
    for size in ((1280, 720), (800, 450)):
        a = make_app(tmp_path, monkeypatch, size=size)
        try:
            a.start_game("kaito", seats=["human", "hard"], colors=("R", "B"), seed=3)
            a.pump()
            a.open_pause()
            for _ in range(15):
                a.pump()
            els = {e.id: e.rect for e in a.manager.top().ui_elements()}
            order = ["button:resume", "button:rules", "button:sound", "button:quit-to-menu"]
            rects = [els[i] for i in order]
            from scenes.play.pause import PANEL

            for upper, lower in zip(rects, rects[1:]):
                assert upper.bottom < lower.top
            for r in rects:
                assert PANEL.contains(r) and 0 <= r.top and r.bottom <= 720
        finally:
            a.shutdown()


# ------------------------------------------------------------------------------------------
# KAITO hooks
# ------------------------------------------------------------------------------------------
class Recorder:
    """Stands in for ``app.sound``: records every effect asked for."""

    def __init__(self):
        self.names: list[str] = []

    def play(self, name: str) -> bool:
        assert name in NAMES, name
        self.names.append(name)
        return True

    def start(self) -> bool:
        return True

    def close(self) -> None:
        pass


@pytest.fixture
def rec_app(app):
    app.sound = Recorder()
    return app


def start(app, **kw):
    return start_scene(app, KaitoPlayScene, **kw)


def placed_state(seed):
    st = KAITO.new_state(2, random.Random(seed), colors=("R", "B"))
    st.apply(1, st.legal_actions(1)[0])
    return st


def last_tile_state():
    """Red (seat 0, to move) on a1: its only move captures Black's last kabuto on b1 and wins."""
    board = [None] * 36
    for sq, code in {"b1": "BH", "c3": "BK", "d4": "RK", "e5": "RH"}.items():
        board[square_index(sq)] = code
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"))
    assert st.legal_actions(0) == ["b1"]
    return st


def test_placement_plays_place(rec_app):
    scene = start(rec_app, seats=["human", "human"], seed=4)
    blank = scene.state.view(1).targets()[0]
    drag(rec_app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(blank)}").center)
    settle(rec_app, scene)
    assert rec_app.sound.names == ["place"]


def test_move_plays_slide_then_capture(rec_app):
    st = placed_state(2)
    scene = start(rec_app, seats=["human", "human"], state=st)
    target = st.view(0).targets()[0]
    drag(rec_app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(target)}").center)
    settle(rec_app, scene)
    assert rec_app.sound.names == ["slide", "capture"]


def test_illegal_drop_plays_error_but_a_cancel_does_not(rec_app):
    st = placed_state(3)
    scene = start(rec_app, seats=["human", "human"], state=st)
    home = rect_of(scene, "kaito")
    drag(rec_app, home.center, (1000, 640))  # off the board: snaps back
    settle(rec_app, scene)
    assert rec_app.sound.names == ["error"] and st.history == placed_state(3).history
    drag(rec_app, home.center, (1000, 640), release=False)
    rec_app.sound.names.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    rec_app.pump(16)  # Esc cancels the drag (it snaps back): not an illegal drop
    settle(rec_app, scene)
    post(rec_app, pygame.MOUSEBUTTONUP, (1000, 640))
    rec_app.pump(16)
    assert rec_app.sound.names == []


def test_buy_back_plays_coins(rec_app):
    board = [None] * 36
    for sq, code in {"b1": "BK", "c3": "BK", "d4": "RK", "e5": "RH", "f6": "BH", "b4": "R1", "a3": "B2"}.items():
        board[square_index(sq)] = code
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"), held=(("B3", "B1"), ("RK",)),
                                  removed=("OO", "OO"))
    scene = start(rec_app, seats=["human", "human"], state=st)
    drag(rec_app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(rec_app, scene)
    assert scene.exchange is not None and rec_app.sound.names == ["slide", "capture"]
    held = scene.shown.held[0]
    for code in ("B3", "B1"):
        click(rec_app, rect_of(scene, f"held:0:{held.index(code)}").center)
    click(rec_app, rect_of(scene, "button:confirm-exchange").center)
    settle(rec_app, scene)
    assert st.history[-1] == (0, "b1+K:3,1")
    assert sorted(rec_app.sound.names[-2:]) == ["click", "coins"]  # the button's click, the payment


@pytest.mark.parametrize("seats, want", [
    (["human", "easy"], "victory"),  # the human wins
    (["easy", "human"], "defeat"),  # the only human loses
    (["easy", "random"], "victory"),  # no human plays
    (["human", "human"], "victory"),  # hot-seat: a human won
])
def test_game_end_plays_victory_or_defeat(rec_app, seats, want):
    st = last_tile_state()
    scene = start(rec_app, seats=seats, state=st)
    if seats[0] == "human":
        drag(rec_app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    deadline = time.monotonic() + 30  # an AI seat answers from its worker process
    while not scene.ended and time.monotonic() < deadline:
        rec_app.pump(16)
        time.sleep(0.002)
    assert st.is_over() and scene.ended
    assert rec_app.sound.names[-1] == want and rec_app.sound.names.count(want) == 1
    assert scene.end_sound() == want


def test_drawing_plays_nothing(rec_app):
    st = placed_state(2)
    scene = start(rec_app, seats=["human", "human"], state=st)
    rec_app.sound.names.clear()
    for _ in range(5):
        scene.draw(rec_app.screen)
    assert rec_app.sound.names == []


def test_a_whole_ai_game_through_the_real_service(app):
    app.start_game("kaito", seats=["easy", "easy"], colors=("R", "B"), seed=11, speed=1000.0, think_ms=0)
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    to_score(d, "kaito_score", wall_s=40)
    played = set(app.sound.recent)  # (the last 64: the opening "place" may have scrolled out)
    assert {"slide", "capture", "victory"} <= played, played
    game_sounds = [n for n in app.sound.recent if n != "click"]  # (button:score clicks)
    assert game_sounds[-1] == "victory"
    assert math.isfinite(app.sound.volume)
