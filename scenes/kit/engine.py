"""Scene engine: logical resolution, viewport, scene base class, scene stack, tweens.

Coordinate systems
------------------
* LOGICAL pixels: every scene lays out in a fixed 1280x720 space (``LOGICAL_SIZE``).
* WINDOW pixels: the real pixels of the window surface. The logical space is scaled
  uniformly by ``Viewport.scale`` (= min(w/1280, h/720)) and centred; the unused bands
  are the letterbox (``Viewport.offset`` is the window-pixel position of logical (0, 0)).

Scenes draw straight onto the window surface, converting their logical rects with
``viewport.rect(x, y, w, h)`` / ``viewport.to_window(...)`` and lengths with
``viewport.px(n)``, so text and SVG art are rendered at the real pixel size (crisp at
any window size). Mouse events reach ``Scene.handle_event`` with ``event.pos`` already in
LOGICAL pixels (see ``convert_event``).

Time is always given as ``dt_ms`` (milliseconds since the last frame, a float).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

LOGICAL_SIZE: tuple[int, int] = (1280, 720)
LOGICAL_W, LOGICAL_H = LOGICAL_SIZE

# Mouse event types whose ``pos`` is converted to logical pixels by ``convert_event``.
MOUSE_POS_EVENTS = frozenset(
    (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
)


# --------------------------------------------------------------------------------------
# Viewport
# --------------------------------------------------------------------------------------
class Viewport:
    """Maps the 1280x720 logical space onto a window of any size (uniform scale + letterbox).

    Attributes:
        window_size: (w, h) window pixels.
        scale: window pixels per logical pixel, ``min(w/1280, h/720)`` (> 0).
        offset: (x, y) window-pixel position of logical (0, 0) (the letterbox bands).
        version: incremented on every change of size/scale; scenes that cache surfaces
            rendered at window scale can compare it to know when to re-render.
    """

    def __init__(self, window_size: tuple[int, int] = LOGICAL_SIZE):
        self.window_size = (1, 1)
        self.scale = 1.0
        self.offset = (0, 0)
        self.version = 0
        self.resize(window_size)

    def resize(self, window_size: tuple[int, int]) -> bool:
        """Set the window size in window pixels. Returns True if the scale changed."""
        w, h = max(1, int(window_size[0])), max(1, int(window_size[1]))
        scale = min(w / LOGICAL_W, h / LOGICAL_H)
        ox = int(round((w - LOGICAL_W * scale) / 2))
        oy = int(round((h - LOGICAL_H * scale) / 2))
        changed_scale = abs(scale - self.scale) > 1e-9
        if (w, h) != self.window_size or changed_scale or (ox, oy) != self.offset:
            self.version += 1
        self.window_size = (w, h)
        self.scale = scale
        self.offset = (ox, oy)
        return changed_scale

    # -- conversions ------------------------------------------------------------------
    def _x(self, x: float) -> int:
        return int(round(self.offset[0] + x * self.scale))

    def _y(self, y: float) -> int:
        return int(round(self.offset[1] + y * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """Logical rect (x, y, w, h) -> window-pixel pygame.Rect.

        Edges are rounded independently, so adjacent logical rects stay adjacent (no gaps).
        """
        left, top = self._x(x), self._y(y)
        right, bottom = self._x(x + w), self._y(y + h)
        return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))

    def to_window(self, rect_or_pos: Any):
        """Logical -> window pixels.

        A pygame.Rect / FRect or a 4-sequence gives a pygame.Rect; a 2-sequence (x, y)
        gives an (int, int) tuple.
        """
        if isinstance(rect_or_pos, (pygame.Rect, pygame.FRect)):
            r = rect_or_pos
            return self.rect(r.x, r.y, r.w, r.h)
        seq = tuple(rect_or_pos)
        if len(seq) == 4:
            return self.rect(*seq)
        if len(seq) == 2:
            return (self._x(seq[0]), self._y(seq[1]))
        raise ValueError(f"expected a rect or a position, got {rect_or_pos!r}")

    def to_logical(self, pos: Sequence[float]) -> tuple[int, int]:
        """Window-pixel position -> logical position (ints, floor).

        Positions in the letterbox map outside 0..1280 x 0..720; they are NOT clamped
        (a drag released outside the board must still be seen as "outside").
        """
        x = (pos[0] - self.offset[0]) / self.scale
        y = (pos[1] - self.offset[1]) / self.scale
        return (int(math.floor(x)), int(math.floor(y)))

    def to_logical_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Window-pixel rect -> logical rect (approximate inverse of ``rect``)."""
        x, y = (rect.x - self.offset[0]) / self.scale, (rect.y - self.offset[1]) / self.scale
        return pygame.Rect(round(x), round(y), round(rect.w / self.scale), round(rect.h / self.scale))

    def px(self, n: float) -> int:
        """Logical length -> window pixels (a non-zero length stays at least 1 px)."""
        v = int(round(n * self.scale))
        if n > 0 and v < 1:
            return 1
        return v

    def fpx(self, n: float) -> float:
        """Logical length -> window pixels as a float."""
        return n * self.scale

    @property
    def area(self) -> pygame.Rect:
        """The whole logical area (0, 0, 1280, 720) in window pixels."""
        return self.rect(0, 0, LOGICAL_W, LOGICAL_H)

    def contains_window_pos(self, pos: Sequence[float]) -> bool:
        """True if a window-pixel position lies inside the logical area (not the letterbox)."""
        return self.area.collidepoint(int(pos[0]), int(pos[1]))


def convert_event(event: pygame.event.Event, viewport: Viewport) -> pygame.event.Event:
    """Return the event with window positions converted to logical pixels.

    MOUSEBUTTONDOWN / MOUSEBUTTONUP / MOUSEMOTION get a NEW event of the same type whose
    dict is copied with ``pos`` replaced (and ``rel`` scaled for motion); every other event
    is returned unchanged. The original event is never mutated.
    """
    if event.type not in MOUSE_POS_EVENTS:
        return event
    d = dict(event.dict)
    pos = d.get("pos")
    if pos is None:
        return event
    d["pos"] = viewport.to_logical(pos)
    d["window_pos"] = (int(pos[0]), int(pos[1]))
    rel = d.get("rel")
    if rel is not None:
        d["rel"] = (int(round(rel[0] / viewport.scale)), int(round(rel[1] / viewport.scale)))
    return pygame.event.Event(event.type, d)


# --------------------------------------------------------------------------------------
# UI elements (for the UI dump, tests and the self-test)
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UIElement:
    """An interactive element of a scene.

    id: stable string, e.g. "button:play", "tile:d4", "kaito".
    kind: "button", "choice", "tile", "pawn", "scroll", ...
    rect: LOGICAL pygame.Rect (the UI dump converts it to window pixels).
    """

    id: str
    kind: str
    rect: pygame.Rect

    def key(self) -> tuple:
        return (self.id, self.kind, tuple(self.rect))


# --------------------------------------------------------------------------------------
# Scenes
# --------------------------------------------------------------------------------------
class Scene:
    """Base class of every screen.

    Subclasses set ``name`` (the id used by the UI dump / bench / self-test) and accept
    their options as keyword arguments: ``Scene(app, **kwargs)``.

    Class attributes:
        overlay: True if the scene is drawn over the scene below it (the manager draws
            the lower scene first; e.g. the pause menu draws the paused game dimmed).
        accepts_bubbled_events: True if this scene wants events that the scene above it
            did not consume (see ``SceneManager.handle_event``). Default False.
        pausable: True if Esc (unconsumed) should push the pause menu over this scene.
    """

    name: str = "scene"
    overlay: bool = False
    accepts_bubbled_events: bool = False
    pausable: bool = False

    def __init__(self, app: Any, **kwargs: Any):
        self.app = app

    # -- convenience ------------------------------------------------------------------
    @property
    def viewport(self) -> Viewport:
        return self.app.viewport

    @property
    def assets(self):
        return self.app.assets

    # -- lifecycle (called by SceneManager) -------------------------------------------
    def enter(self) -> None:
        """Became part of the stack (pushed / replaced in)."""

    def exit(self) -> None:
        """Left the stack (popped / replaced out / stack cleared)."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped; this is the top again."""

    # -- per frame --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event (mouse ``event.pos`` in LOGICAL px). Return True if consumed."""
        return False

    def update(self, dt_ms: float) -> None:
        """Advance time by dt_ms milliseconds. Only the top scene is updated."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface (window pixels, via the viewport). Must not change state."""

    def ui_elements(self) -> list[UIElement]:
        """Interactive elements with LOGICAL rects."""
        return []

    def busy(self) -> bool:
        """True while animating / waiting on an AI: the loop then runs at a full 60 FPS."""
        return False


class SceneManager:
    """A stack of scenes.

    * ``push(scene)``: top.pause(), then scene.enter().
    * ``pop()``: top.exit(), then the new top's resume().
    * ``replace(scene)``: top.exit(), then scene.enter() (nothing is paused/resumed).
    * ``reset(scene)``: every scene exits (top first), then scene.enter() on an empty stack.

    Events (``handle_event``) go to the top scene. If it does not consume an event, the
    event goes to the next scene down only if that scene has ``accepts_bubbled_events``,
    and so on; the walk stops at the first scene that does not opt in.

    Drawing (``draw``): the top scene is drawn; if it is an ``overlay``, the scene below it
    is drawn first (recursively while scenes are overlays).

    Updating (``update``): only the top scene advances; covered scenes are frozen.
    """

    def __init__(self) -> None:
        self._stack: list[Scene] = []
        self.transitions = 0  # bumped on every push/pop/replace/reset

    # -- stack ------------------------------------------------------------------------
    @property
    def stack(self) -> tuple[Scene, ...]:
        return tuple(self._stack)

    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def __len__(self) -> int:
        return len(self._stack)

    def push(self, scene: Scene) -> Scene:
        if self._stack:
            self._stack[-1].pause()
        self._stack.append(scene)
        self.transitions += 1
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._stack:
            return None
        scene = self._stack.pop()
        self.transitions += 1
        scene.exit()
        if self._stack:
            self._stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self._stack:
            old = self._stack.pop()
            old.exit()
        self._stack.append(scene)
        self.transitions += 1
        scene.enter()
        return scene

    def reset(self, scene: Scene | None = None) -> Scene | None:
        while self._stack:
            self._stack.pop().exit()
        self.transitions += 1
        if scene is not None:
            self._stack.append(scene)
            scene.enter()
        return scene

    def find(self, name: str) -> Scene | None:
        """The topmost scene with that name, or None."""
        for s in reversed(self._stack):
            if s.name == name:
                return s
        return None

    # -- per frame --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Dispatch an event (already converted to logical px). Returns True if consumed."""
        stack = list(self._stack)
        for i in range(len(stack) - 1, -1, -1):
            scene = stack[i]
            if i < len(stack) - 1 and not scene.accepts_bubbled_events:
                return False
            if scene not in self._stack:  # the stack changed under us
                return False
            if scene.handle_event(event):
                return True
        return False

    def update(self, dt_ms: float) -> None:
        top = self.top()
        if top is not None:
            top.update(dt_ms)

    def visible_scenes(self) -> list[Scene]:
        """Scenes drawn this frame, bottom first."""
        if not self._stack:
            return []
        i = len(self._stack) - 1
        while i > 0 and self._stack[i].overlay:
            i -= 1
        return self._stack[i:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible_scenes():
            scene.draw(surface)

    def busy(self) -> bool:
        top = self.top()
        return bool(top is not None and top.busy())


# --------------------------------------------------------------------------------------
# Easing and tweens
# --------------------------------------------------------------------------------------
def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    if t <= 0:
        return 0.0
    if t >= 1:
        return 1.0
    c4 = (2 * math.pi) / 3
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * c4) + 1


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear,
    "in_quad": ease_in_quad,
    "out_quad": ease_out_quad,
    "in_out_quad": ease_in_out_quad,
    "in_cubic": ease_in_cubic,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "out_elastic": ease_out_elastic,
    "in_out_sine": ease_in_out_sine,
}


def clamp(v: float, lo: float, hi: float) -> float:
    return lo if v < lo else hi if v > hi else v


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers (t in 0..1, not clamped)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a + (b - a) * t
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def approach(current: float, target: float, dt_ms: float, half_life_ms: float = 60.0) -> float:
    """Frame-rate independent exponential smoothing of ``current`` toward ``target``
    (e.g. hover highlights). After ``half_life_ms`` the gap has halved."""
    if half_life_ms <= 0:
        return target
    k = 0.5 ** (dt_ms / half_life_ms)
    v = target + (current - target) * k
    if abs(v - target) < 1e-3:
        return target
    return v


class Tween:
    """Interpolates from ``start`` to ``end`` (numbers or tuples) over ``duration_ms``.

    Drive it with ``update(dt_ms)``; read ``value``. ``delay_ms`` waits before starting.
    ``on_done`` (no arguments) is called once when it finishes. ``ease`` is a function
    0..1 -> 0..1 or a name from ``EASINGS``.
    """

    def __init__(
        self,
        start: Any,
        end: Any,
        duration_ms: float,
        ease: Callable[[float], float] | str = ease_out_cubic,
        delay_ms: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ):
        self.start = start
        self.end = end
        self.duration_ms = max(0.0, float(duration_ms))
        self.ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.delay_ms = max(0.0, float(delay_ms))
        self.elapsed_ms = 0.0
        self.on_done = on_done
        self._finished = False
        if self.duration_ms == 0 and self.delay_ms == 0:
            self._finish()

    def _finish(self) -> None:
        if not self._finished:
            self._finished = True
            if self.on_done is not None:
                cb, self.on_done = self.on_done, None
                cb()

    @property
    def done(self) -> bool:
        return self._finished

    @property
    def progress(self) -> float:
        """Linear progress 0..1 (before easing)."""
        if self.duration_ms <= 0:
            return 1.0 if self.elapsed_ms >= self.delay_ms else 0.0
        return clamp((self.elapsed_ms - self.delay_ms) / self.duration_ms, 0.0, 1.0)

    @property
    def value(self) -> Any:
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt_ms: float) -> bool:
        """Advance; returns True while still running."""
        if self._finished:
            return False
        self.elapsed_ms += max(0.0, dt_ms)
        if self.elapsed_ms >= self.delay_ms + self.duration_ms:
            self.elapsed_ms = self.delay_ms + self.duration_ms
            self._finish()
            return False
        return True

    def finish(self) -> None:
        """Jump to the end now (calls on_done)."""
        self.elapsed_ms = self.delay_ms + self.duration_ms
        self._finish()


class Timer:
    """Calls ``callback`` once after ``delay_ms`` of accumulated dt."""

    def __init__(self, delay_ms: float, callback: Callable[[], None]):
        self._tween = Tween(0, 1, delay_ms, linear, on_done=callback)

    @property
    def done(self) -> bool:
        return self._tween.done

    def update(self, dt_ms: float) -> bool:
        return self._tween.update(dt_ms)


class Animator:
    """A bag of running tweens/timers: ``add`` them, ``update(dt_ms)`` all, ``busy`` while any runs.

    Tweens may be keyed (``add(t, key="tile:d4")``); adding a new tween with the same key
    replaces the old one. ``get(key)`` returns the running tween or None.
    """

    def __init__(self) -> None:
        self._items: list[tuple[Any, Any]] = []

    def add(self, item: Any, key: Any = None) -> Any:
        if key is not None:
            self._items = [(k, it) for k, it in self._items if k != key]
        self._items.append((key, item))
        return item

    def get(self, key: Any) -> Any:
        for k, it in self._items:
            if k == key:
                return it
        return None

    def update(self, dt_ms: float) -> None:
        items = list(self._items)
        for _, it in items:
            it.update(dt_ms)
        self._items = [(k, it) for k, it in self._items if not it.done]

    def finish_all(self) -> None:
        for _, it in list(self._items):
            if hasattr(it, "finish"):
                it.finish()
        self._items = [(k, it) for k, it in self._items if not it.done]

    def clear(self) -> None:
        self._items.clear()

    @property
    def busy(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)


__all__ = [
    "LOGICAL_SIZE", "LOGICAL_W", "LOGICAL_H", "Viewport", "convert_event", "UIElement",
    "Scene", "SceneManager", "Tween", "Timer", "Animator", "EASINGS", "lerp", "clamp",
    "approach", "linear", "ease_in_quad", "ease_out_quad", "ease_in_out_quad", "ease_in_cubic",
    "ease_out_cubic", "ease_in_out_cubic", "ease_out_back", "ease_out_elastic", "ease_in_out_sine",
]
