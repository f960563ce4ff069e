"""The narration log (scenes/kit/narration.py; its state, layout and drawing in narration_*.py):
entries wrapped inside the log, truncated by key, scrolled by the wheel and back by the "newest"
pill, the detail tooltip on hover, the collapsed strip and its overlay (toggle, Esc), nothing drawn
outside the rect, the fade-in ending, legible text in a small window. Real pygame events: through
the App loop (window px, converted) or straight to ``handle_event`` (logical px). Logical px and ms
throughout."""
from __future__ import annotations

from typing import Any

import pygame
import pytest
from scene_input import click, post

from scenes.kit import narration, narration_layout
from scenes.kit.draw import SEAT_COLOR_RGB, text_width
from scenes.kit.narration import (
    FADE_MS,
    MIN_WINDOW_PX,
    RIGHT_PAD,
    TEXT_X,
    NarrationLog,
    legible,
    wrap_words,
)
from scenes.kit.scene import Scene, UIElement

RED, BLACK = SEAT_COLOR_RGB["R"], SEAT_COLOR_RGB["B"]
LONG = ("Black moves katana 3 from b3 to f3, passing over the Kaito, two empty squares and the "
        "whole of Red's careful defence on the way, and the crowd gasps.")
SENTENCES = [
    "Black moves the Kaito from c2 to c5, over 2 gaps.",
    "Red captures Black's kabuto 3 on c5 and holds it.",
    "You are down to your last kabuto on the board.",
    "Red places the Kaito on d4.",
]
LOG_RECT = pygame.Rect(900, 100, 320, 300)


class LogScene(Scene):
    """A scene holding only a narration log (events, update, draw and UI elements go to it)."""

    name = "log-test"

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app)
        self.log = NarrationLog(app, kwargs.get("rect", LOG_RECT), **kwargs.get("log", {}))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.log.handle_event(event)

    def update(self, dt_ms: float) -> None:
        self.log.update(dt_ms)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 24, 20))
        self.log.draw(surface, self.app)

    def ui_elements(self) -> list[UIElement]:
        return self.log.ui_elements()

    def busy(self) -> bool:
        return self.log.busy()


def start(app, **kw) -> LogScene:
    scene = LogScene(app, **kw)
    app.manager.reset(scene)
    app.pump(16)
    return scene


def fill(log: NarrationLog, n: int, detail: bool = False) -> None:
    for i in range(n):
        log.add(f"{i}: {SENTENCES[i % len(SENTENCES)]}", RED if i % 2 else BLACK,
                detail=f"move {i}" if detail else None, key=i)
    log.finish()


def elements(log: NarrationLog) -> dict[str, UIElement]:
    return {el.id: el for el in log.ui_elements()}


def shown(log: NarrationLog) -> list[int]:
    """The indices of the entries in view (from the UI elements)."""
    return sorted(int(i.split(":")[1]) for i in elements(log) if i.startswith("log:"))


def motion(log: NarrationLog, pos) -> None:
    log.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


# -- entries and wrapping -----------------------------------------------------------------------
def test_a_long_sentence_wraps_into_lines_within_the_log(app) -> None:
    log = NarrationLog(app, LOG_RECT)
    e = log.add(LONG, BLACK, detail="b3-f3", key=7)
    assert (len(log), e.index, e.key, e.color, e.detail) == (1, 0, 7, BLACK, "b3-f3")
    assert log.entries == (e,)
    size = legible(app, log.size)
    width = elements(log)["log:0"].rect.w - TEXT_X - RIGHT_PAD
    lines = wrap_words(app, LONG, size, width)
    assert len(lines) >= 3
    assert " ".join(lines) == LONG  # whole words, none lost
    assert all(text_width(app, line, size) <= width for line in lines)
    rect = elements(log)["log:0"].rect
    assert LOG_RECT.contains(rect)
    assert rect.h >= len(lines) * size * 1.4  # the entry is as tall as its lines
    with pytest.raises(ValueError):
        log.add("?", emphasis="shout")


def test_a_word_wider_than_the_log_is_broken() -> None:
    pygame.font.init()
    from types import SimpleNamespace

    from scenes.kit.viewport import Viewport
    from scenes.shell.assets import Assets

    vp = Viewport((1280, 720))
    app = SimpleNamespace(viewport=vp, assets=Assets(vp))
    word = "a3+K:3,1" * 12
    lines = wrap_words(app, f"notation {word} end", 15, 120)
    assert all(text_width(app, line, 15) <= 120 for line in lines)
    assert "".join(lines[1:-1]) == word and lines[0] == "notation" and lines[-1] == "end"
    assert wrap_words(app, "", 15, 120) == [""]


def test_wraps_are_computed_once_per_entry_and_size(app, monkeypatch) -> None:
    calls = []

    def counting(*args, **kw):
        calls.append(args[1])
        return wrap_words(*args, **kw)

    monkeypatch.setattr(narration_layout, "wrap_words", counting)  # where the log's layout wraps
    scene = start(app)
    fill(scene.log, 6)
    for _ in range(10):
        app.pump(16)
        scene.ui_elements()
    assert len(calls) == 6
    app.resize_window((800, 450))  # a new scale: wrapped again, once
    for _ in range(5):
        app.pump(16)
    assert len(calls) == 12


def test_truncate_drops_every_entry_from_the_key_on(app) -> None:
    log = NarrationLog(app, LOG_RECT)
    fill(log, 8)
    log.add("The round ends.")  # no key: kept by every truncate
    log.add("Black moves again.", BLACK, key=9)
    log.truncate(5)
    assert [e.key for e in log.entries] == [0, 1, 2, 3, 4, None]
    assert [e.index for e in log.entries] == list(range(6))
    assert shown(log) == list(range(6))
    log.truncate(100)  # nothing to drop
    assert len(log) == 6
    log.clear()
    assert len(log) == 0 and shown(log) == []


# -- scrolling ----------------------------------------------------------------------------------
def test_the_wheel_scrolls_back_and_the_newest_pill_returns(app) -> None:
    scene = start(app)
    log = scene.log
    fill(log, 30)
    app.pump(16)
    newest = shown(log)
    assert 29 in newest and 0 not in newest  # pinned to the bottom
    post(app, pygame.MOUSEMOTION, (1000, 250))
    pygame.event.post(wheel(3))
    app.pump(16)
    back = shown(log)
    assert max(back) < 29 and log.scrolled_up()
    assert "button:log-latest" in elements(log)
    # a new entry while scrolled up leaves the view where it is
    log.add("Red moves the Kaito from d4 to d1.", RED, key=30)
    assert shown(log) == back
    # the wheel away from the log does nothing
    post(app, pygame.MOUSEMOTION, (400, 250))
    pygame.event.post(wheel(-3))
    app.pump(16)
    assert shown(log) == back
    click(app, elements(log)["button:log-latest"].rect.center)
    assert not log.scrolled_up() and "button:log-latest" not in elements(log)
    for _ in range(60):
        app.pump(16)
    assert not scene.busy()
    assert 30 in shown(log)
    # scrolling down past the newest stops there
    motion(log, (1000, 250))
    assert log.handle_event(wheel(-5)) and not log.scrolled_up()


def test_the_wheel_stops_at_the_oldest_entry(app) -> None:
    log = NarrationLog(app, LOG_RECT)
    fill(log, 30)
    motion(log, (1000, 250))
    for _ in range(50):
        log.handle_event(wheel(5))
    log.finish()
    assert 0 in shown(log)
    assert elements(log)["log:0"].rect.top == LOG_RECT.top + narration.PAD


# -- the tooltip -----------------------------------------------------------------------------------
def test_hovering_an_entry_shows_its_detail(app) -> None:
    scene = start(app)
    log = scene.log
    log.add("Black moves the Kaito from c2 to c5, over 2 gaps.", BLACK, detail="a3+K:3,1", key=0)
    log.add("The round ends.")
    log.finish()
    r0, r1 = elements(log)["log:0"].rect, elements(log)["log:1"].rect
    post(app, pygame.MOUSEMOTION, r0.center)
    app.pump(16)
    assert log.tooltip() == "a3+K:3,1"
    # the tooltip is drawn beside the log (on its left), level with the entry
    beside = app.viewport.to_window(pygame.Rect(LOG_RECT.x - 200, r0.y - 10, 200, r0.h + 20))
    with_tip = pygame.image.tobytes(app.screen.subsurface(beside), "RGB")
    post(app, pygame.MOUSEMOTION, r1.center)  # no detail: no tooltip
    app.pump(16)
    assert log.tooltip() is None
    assert pygame.image.tobytes(app.screen.subsurface(beside), "RGB") != with_tip
    post(app, pygame.MOUSEMOTION, (100, 100))
    app.pump(16)
    assert log.tooltip() is None


# -- collapsed ------------------------------------------------------------------------------------
def test_the_collapsed_log_opens_with_its_toggle_and_closes_with_esc(app) -> None:
    strip = pygame.Rect(900, 640, 340, 60)
    scene = start(app, rect=strip, log={"collapsed": True, "expanded_rect": (900, 260, 340, 370)})
    log = scene.log
    fill(log, 12)
    els = elements(log)
    assert set(els) == {"log", "log:11", "button:log"}
    assert (els["log"].kind, els["log:11"].kind, els["button:log"].kind) == ("log", "log-entry", "button")
    click(app, els["button:log"].rect.center)
    assert log.expanded
    els = elements(log)
    assert els["log"].rect == pygame.Rect(900, 260, 340, 370)
    assert len(shown(log)) > 3 and 11 in shown(log)
    assert "button:log" in els
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.pump(16)
    assert not log.expanded and shown(log) == [11]
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)
    assert not log.handle_event(esc)  # closed: Esc is not the log's
    click(app, elements(log)["button:log"].rect.center)
    click(app, elements(log)["button:log"].rect.center)
    assert not log.expanded


def test_presses_on_the_log_are_consumed_and_others_are_not(app) -> None:
    log = NarrationLog(app, LOG_RECT)
    fill(log, 3)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=LOG_RECT.center, button=1)
    assert log.handle_event(down)
    away = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1)
    assert not log.handle_event(away)
    assert not log.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(100, 100), button=1))


# -- drawing ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
@pytest.mark.parametrize("collapsed", [False, True])
def test_nothing_is_drawn_outside_the_rect(app, size, collapsed) -> None:
    app.resize_window(size)
    rect = pygame.Rect(900, 100, 320, 300) if not collapsed else pygame.Rect(900, 640, 340, 60)
    log = NarrationLog(app, rect, collapsed=collapsed)
    fill(log, 20)
    log.add(LONG, BLACK, emphasis="danger", key=20)  # mid fade-in
    log.update(FADE_MS / 3)
    motion(log, (rect.x + 40, rect.centery))
    log.handle_event(wheel(2))  # scrolled up: the pill shows (not collapsed)
    key = (255, 0, 255)
    surface = pygame.Surface(size)
    surface.fill(key)
    log.draw(surface, app)
    wr = app.viewport.to_window(rect)
    inside = surface.subsurface(wr).copy()
    assert pygame.image.tobytes(inside, "RGB") != bytes(key) * (wr.w * wr.h)  # it did draw
    surface.fill(key, wr)
    assert pygame.image.tobytes(surface, "RGB") == bytes(key) * (size[0] * size[1])
    assert surface.get_clip() == surface.get_rect()  # the clip is restored


def test_a_new_entry_fades_in_then_the_log_rests(app) -> None:
    log = NarrationLog(app, LOG_RECT)
    assert not log.busy()
    log.add("Red places the Kaito on d4.", RED, key=0)
    assert log.busy()
    log.update(FADE_MS * 0.6)
    assert log.busy()
    log.update(FADE_MS * 0.5)
    assert not log.busy()


def test_text_stays_legible_in_a_small_window(app) -> None:
    assert legible(app, 15) == 15  # 1280x720: as asked
    app.resize_window((800, 450))
    scale = app.viewport.scale
    assert round(legible(app, 15) * scale) >= MIN_WINDOW_PX >= 9
    assert app.assets.font(legible(app, 15)).get_height() >= 12


def test_page_up_and_down_scroll_the_log_and_end_returns_to_the_newest(app) -> None:
    """The keyboard reaches the whole log (issue 12): Page Up scrolls back, Page Down forward,
    End back to the newest entry; other keys are not the log's."""
    log = NarrationLog(app, LOG_RECT)
    fill(log, 30)
    key = lambda k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0)  # noqa: E731
    assert log.handle_event(key(pygame.K_PAGEUP)) and log.scrolled_up()
    assert log.handle_event(key(pygame.K_PAGEUP))
    assert log.handle_event(key(pygame.K_PAGEDOWN)) and log.scrolled_up()
    assert log.handle_event(key(pygame.K_END)) and not log.scrolled_up()
    assert not log.handle_event(key(pygame.K_a))
