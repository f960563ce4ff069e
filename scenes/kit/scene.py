"""The scene base class, UI elements (for the UI dump) and the scene stack.

Time is always given as ``dt_ms`` (milliseconds since the last frame, a float); handlers read
``event.pos`` / ``event.key`` (logical px), never polled device state; ``draw`` never changes
state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.kit.viewport import Viewport


# --------------------------------------------------------------------------------------
# UI elements (for the UI dump, tests and the self-test)
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UIElement:
    """An interactive element of a scene.

    id: stable string, e.g. "button:play", "tile:d4", "kaito".
    kind: "button", "choice", "tile", "pawn", "scroll", ...
    rect: LOGICAL pygame.Rect (the UI dump converts it to window pixels).
    label: the text the element shows (a button's words, a log entry's sentence), or None; the
        UI dump writes it as ``label`` so checks can read the screen in any language.
    focus: True for the element that has the keyboard focus (the dump writes ``"focus": true``).
    """

    id: str
    kind: str
    rect: pygame.Rect
    label: str | None = None
    focus: bool = False

    def key(self) -> tuple:
        return (self.id, self.kind, tuple(self.rect), self.label, self.focus)


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
    #: an overlay under which nothing moves (the pause menu: only the top scene is updated, and the
    #: scenes below draw the same picture every frame): the app draws them once and shows that
    #: picture while this stays on top (:class:`scenes.shell.app.App`; issue 34)
    still_below: bool = False
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

    def covered(self) -> bool:
        """True when this frame would show nothing of the scene but an opaque cover (the opening
        fade's first frame, before any time has passed): the app then draws only
        :meth:`draw_cover` — the same pixels, without the work under them (issue 34: the app's first
        frame comes sooner)."""
        return False

    def draw_cover(self, surface: pygame.Surface) -> None:
        """Draw the opaque cover :meth:`covered` speaks of (nothing by default). Must not change state."""

    def ui_elements(self) -> list[UIElement]:
        """Interactive elements with LOGICAL rects."""
        return []

    def busy(self) -> bool:
        """True while animating / waiting on an AI: the loop then runs at a full 60 FPS."""
        return False

    def language_changed(self) -> "Scene | None":
        """The language changed while this scene is on the stack (game/i18n.py): return a new scene
        to take its place (built in the new language), or None to keep this one. Scenes that build
        their texts when drawn keep the default (None); scenes that build widgets once with
        translated labels (the menu, the settings screen) return a fresh copy."""
        return None


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

    def clear(self) -> None:
        """Forget every scene at once, calling nothing (the app has exited each already)."""
        self._stack.clear()

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

    def swap(self, old: Scene, new: Scene) -> None:
        """Put ``new`` in ``old``'s place in the stack (old.exit(), new.enter(), then new.pause()
        if it is not the top; the scenes around it are not told). ValueError if ``old`` is not on
        the stack."""
        i = self._stack.index(old)
        old.exit()
        self._stack[i] = new
        self.transitions += 1
        new.enter()
        if i < len(self._stack) - 1:
            new.pause()

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
