"""scenes/kit/engine.py: viewport math, event conversion, the scene stack, tweens."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.kit.scene import Scene, SceneManager, UIElement
from scenes.kit.tween import (
    Tween,
    approach,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)
from scenes.kit.viewport import LOGICAL_SIZE, Viewport, convert_event


# -- viewport ---------------------------------------------------------------------------
def test_native_size_is_identity():
    vp = Viewport((1280, 720))
    assert vp.scale == 1.0 and vp.offset == (0, 0)
    assert vp.rect(10, 20, 30, 40) == pygame.Rect(10, 20, 30, 40)
    assert vp.to_logical((100, 200)) == (100, 200)
    assert vp.px(5) == 5


def test_half_size():
    vp = Viewport((640, 360))
    assert vp.scale == 0.5 and vp.offset == (0, 0)
    assert vp.rect(100, 100, 200, 50) == pygame.Rect(50, 50, 100, 25)
    assert vp.to_logical((320, 180)) == (640, 360)


def test_letterbox_tall_window():
    # 1280x1000: scale 1, bands of 140 px above and below
    vp = Viewport((1280, 1000))
    assert vp.scale == 1.0
    assert vp.offset == (0, 140)
    assert vp.area == pygame.Rect(0, 140, 1280, 720)
    assert vp.to_window((0, 0)) == (0, 140)
    assert vp.to_logical((640, 140 + 360)) == (640, 360)
    # a click in the top band maps above the logical area (not clamped)
    assert vp.to_logical((10, 10))[1] < 0
    assert not vp.contains_window_pos((10, 10))


def test_pillarbox_wide_window():
    # 2000x720: scale 1, bands of 360 px left and right
    vp = Viewport((2000, 720))
    assert vp.scale == 1.0 and vp.offset == (360, 0)
    assert vp.rect(0, 0, 1280, 720) == pygame.Rect(360, 0, 1280, 720)
    assert vp.to_logical((360 + 1279, 719)) == (1279, 719)
    assert vp.to_logical((100, 100))[0] < 0


def test_odd_aspect_1000x800():
    vp = Viewport((1000, 800))
    assert vp.scale == pytest.approx(1000 / 1280)
    h = 720 * vp.scale
    assert vp.offset == (0, round((800 - h) / 2))
    r = vp.rect(0, 0, 1280, 720)
    assert r.w == 1000 and abs(r.h - h) <= 1


def test_resize_reports_scale_change_and_bumps_version():
    vp = Viewport((1280, 720))
    v0 = vp.version
    assert vp.resize((640, 360)) is True
    assert vp.version > v0
    v1 = vp.version
    assert vp.resize((640, 400)) is False  # same scale, new letterbox
    assert vp.version > v1


def test_px_keeps_thin_lines_visible():
    vp = Viewport((320, 180))
    assert vp.px(1) == 1
    assert vp.px(0) == 0
    assert vp.px(40) == 10


def test_adjacent_rects_have_no_gaps():
    vp = Viewport((1000, 563))
    a = vp.rect(100.3, 50, 77.7, 10)
    b = vp.rect(178.0, 50, 77.7, 10)
    assert a.right == b.left


def test_to_window_accepts_rects_tuples_positions():
    vp = Viewport((640, 360))
    assert vp.to_window(pygame.Rect(0, 0, 100, 100)) == pygame.Rect(0, 0, 50, 50)
    assert vp.to_window((0, 0, 100, 100)) == pygame.Rect(0, 0, 50, 50)
    assert vp.to_window((100, 100)) == (50, 50)
    with pytest.raises(ValueError):
        vp.to_window((1, 2, 3))


@given(w=st.integers(200, 4000), h=st.integers(150, 3000), x=st.integers(0, 1279), y=st.integers(0, 719))
def test_logical_window_round_trip(w, h, x, y):
    vp = Viewport((w, h))
    r = vp.rect(x, y, 1, 1)
    # a window pixel covers 1/scale logical pixels: the round trip is exact up to that (plus rounding)
    lx, ly = vp.to_logical(vp.to_window((x + 0.5, y + 0.5)))
    tol = 1 + 1 / vp.scale
    assert abs(lx - x) <= tol and abs(ly - y) <= tol
    area = vp.area
    assert area.w <= w and area.h <= h
    assert area.w == w or area.h == h or abs(area.w - w) <= 1 or abs(area.h - h) <= 1
    assert r.w >= 0 and r.h >= 0


# -- event conversion -------------------------------------------------------------------
def test_convert_mouse_events_to_logical():
    vp = Viewport((640, 460))  # scale 0.5, 50 px bands top and bottom
    assert vp.offset == (0, 50)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(320, 230), button=1)
    ev = convert_event(down, vp)
    assert ev.type == pygame.MOUSEBUTTONDOWN and ev.pos == (640, 360) and ev.button == 1
    assert ev.window_pos == (320, 230)
    assert down.pos == (320, 230)  # the original is not mutated
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 50), rel=(4, -6), buttons=(1, 0, 0))
    m = convert_event(motion, vp)
    assert m.pos == (0, 0) and m.rel == (8, -12) and m.buttons == (1, 0, 0)
    up = convert_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(639, 409), button=1), vp)
    assert up.pos == (1278, 718)


def test_convert_leaves_keyboard_and_wheel_alone():
    vp = Viewport((640, 360))
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)
    assert convert_event(key, vp) is key
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)
    assert convert_event(wheel, vp) is wheel


# -- scene manager ----------------------------------------------------------------------
class Rec(Scene):
    def __init__(self, app, log, tag, consume=False, bubble=False, overlay=False):
        super().__init__(app)
        self.log, self.tag, self.consume = log, tag, consume
        self.accepts_bubbled_events = bubble
        self.overlay = overlay
        self.name = tag
        self.updates = 0

    def enter(self):
        self.log.append(f"{self.tag}.enter")

    def exit(self):
        self.log.append(f"{self.tag}.exit")

    def pause(self):
        self.log.append(f"{self.tag}.pause")

    def resume(self):
        self.log.append(f"{self.tag}.resume")

    def handle_event(self, event):
        self.log.append(f"{self.tag}.event")
        return self.consume

    def update(self, dt_ms):
        self.updates += 1

    def draw(self, surface):
        self.log.append(f"{self.tag}.draw")


def test_manager_lifecycle_order():
    log = []
    m = SceneManager()
    a, b, c = Rec(None, log, "a"), Rec(None, log, "b"), Rec(None, log, "c")
    m.push(a)
    m.push(b)
    assert m.top() is b
    m.pop()
    m.replace(c)
    m.push(b)
    m.reset(a)
    assert log == [
        "a.enter",
        "a.pause", "b.enter",
        "b.exit", "a.resume",
        "a.exit", "c.enter",
        "c.pause", "b.enter",
        "b.exit", "c.exit", "a.enter",
    ]
    assert m.stack == (a,)
    assert m.pop() is a and m.top() is None and m.pop() is None


def test_events_go_to_top_and_bubble_only_into_opted_in_scenes():
    log = []
    m = SceneManager()
    bottom = Rec(None, log, "bottom", bubble=True)
    middle = Rec(None, log, "middle", bubble=False)
    top = Rec(None, log, "top")
    for s in (bottom, middle, top):
        m.push(s)
    log.clear()
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert m.handle_event(ev) is False
    assert log == ["top.event"]  # middle does not opt in: the walk stops there
    middle.accepts_bubbled_events = True
    log.clear()
    m.handle_event(ev)
    assert log == ["top.event", "middle.event", "bottom.event"]
    middle.consume = True
    log.clear()
    assert m.handle_event(ev) is True
    assert log == ["top.event", "middle.event"]


def test_only_top_updates_and_overlays_draw_the_scene_below():
    log = []
    m = SceneManager()
    game = Rec(None, log, "game")
    pause = Rec(None, log, "pause", overlay=True)
    m.push(game)
    m.push(pause)
    m.update(16)
    assert pause.updates == 1 and game.updates == 0
    log.clear()
    m.draw(None)
    assert log == ["game.draw", "pause.draw"]
    pause.overlay = False
    log.clear()
    m.draw(None)
    assert log == ["pause.draw"]


def test_scene_changing_the_stack_during_its_event_is_safe():
    log = []
    m = SceneManager()

    class Popper(Rec):
        def handle_event(self, event):
            m.pop()
            return False

    base = Rec(None, log, "base", bubble=True)
    m.push(base)
    m.push(Popper(None, log, "popper"))
    m.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert m.top() is base


# -- tweens -----------------------------------------------------------------------------
@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easing_endpoints(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_by_dt_with_delay_and_callback():
    done = []
    t = Tween((0, 0), (100, 50), 100, linear, delay_ms=50, on_done=lambda: done.append(1))
    assert t.value == (0, 0)
    t.update(50)
    assert t.value == (0, 0)
    t.update(50)
    assert t.value == pytest.approx((50, 25))
    assert t.update(60) is False
    assert t.done and t.value == (100, 50) and done == [1]
    t.update(10)
    assert done == [1]


def test_zero_duration_tween_is_done_at_once():
    done = []
    t = Tween(0, 1, 0, on_done=lambda: done.append(True))
    assert t.done and t.value == 1 and done == [True]


def test_approach_is_frame_rate_independent():
    a = 0.0
    for _ in range(10):
        a = approach(a, 1.0, 10, half_life_ms=100)
    b = approach(0.0, 1.0, 100, half_life_ms=100)
    assert a == pytest.approx(b) == pytest.approx(0.5)


def test_ui_element_key():
    el = UIElement("button:play", "button", pygame.Rect(1, 2, 3, 4))
    assert el.key() == ("button:play", "button", (1, 2, 3, 4), None, False)
    labelled = UIElement("button:play", "button", pygame.Rect(1, 2, 3, 4), "Play", True)
    assert labelled.key() == ("button:play", "button", (1, 2, 3, 4), "Play", True)
    assert LOGICAL_SIZE == (1280, 720)
