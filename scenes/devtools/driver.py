"""The self-test's driver: synthetic input posted to a running ``App`` at its UI elements' window
pixels, frames advanced at a fixed dt (:mod:`scenes.devtools.selftest` and its walks; tests use it
too)."""
from __future__ import annotations

import time
from typing import Any, Callable

import pygame

DT_MS = 1000.0 / 60.0


class SelfTestFailure(AssertionError):
    pass


class Driver:
    """Posts synthetic input to a running ``App`` and advances frames (fixed dt).

    Positions are taken from ``scene.ui_elements()`` (logical) and converted to WINDOW pixels
    with the app's viewport, then posted as real pygame events.
    """

    def __init__(self, app: Any, deadline: float, log: Callable[[str], None] = print, lean: bool = False):
        """``deadline``: a ``time.monotonic()`` past which a frame raises :class:`SelfTestFailure`.
        ``lean``: frames are updated but not drawn (the layout check draws the states it looks at
        itself); a frame is drawn before the UI elements are read, as a player sees them."""
        self.pg = pygame
        self.app = app
        self.deadline = deadline
        self.log = log
        self.lean = lean
        self._undrawn = False
        self.visited: list[str] = []

    # -- frames -----------------------------------------------------------------------
    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self._check_time()
            self.app.pump(DT_MS, draw=not self.lean)
            self._undrawn = self.lean
            self._note_scene()

    def drawn(self) -> None:
        """Draw the frame on screen if a lean frame left it undrawn (what a player would see
        before acting on it)."""
        if self._undrawn:
            self._undrawn = False
            self.app.draw()

    def _note_scene(self) -> None:
        top = self.app.manager.top()
        name = getattr(top, "name", None)
        if name and (not self.visited or self.visited[-1] != name):
            self.visited.append(name)

    def _check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise SelfTestFailure(f"timed out (scene {self.scene_name()!r})")
        if not self.app.running:
            raise SelfTestFailure("the app quit unexpectedly")

    def scene_name(self) -> str | None:
        top = self.app.manager.top()
        return getattr(top, "name", None)

    def wait_scene(self, name: str, max_frames: int = 600, wall_s: float | None = None) -> None:
        """Advance frames until the top scene is ``name``."""
        end = time.monotonic() + wall_s if wall_s else None
        n = 0
        while self.scene_name() != name:
            if end is None and n >= max_frames:
                raise SelfTestFailure(f"expected scene {name!r}, still on {self.scene_name()!r}")
            if end is not None and time.monotonic() > end:
                raise SelfTestFailure(f"expected scene {name!r} within {wall_s:.0f} s, still on "
                                      f"{self.scene_name()!r}")
            self.frames(1)
            n += 1
        self.log(f"  reached {name}")

    def wait_score(self, score_scene: str, seconds: float) -> None:
        """Advance frames until ``score_scene`` is on top, clicking ``button:score`` once the end of
        the game is on screen (the final position waits for the player; issue 10 §3).

        Raises:
            SelfTestFailure: not there within ``seconds`` of wall time."""
        end = time.monotonic() + seconds
        while self.scene_name() != score_scene:
            if time.monotonic() > end:
                raise SelfTestFailure(f"expected scene {score_scene!r} within {seconds:.0f} s, still on "
                                      f"{self.scene_name()!r}")
            if self.has("button:score"):
                self.click("button:score")
            else:
                self.frames(1)
        self.log(f"  reached {score_scene}")

    # -- input ------------------------------------------------------------------------
    def element(self, id: str):
        self.drawn()
        top = self.app.manager.top()
        for el in top.ui_elements():
            if el.id == id:
                return el
        ids = ", ".join(e.id for e in top.ui_elements())
        raise SelfTestFailure(f"no element {id!r} in scene {self.scene_name()!r} (has: {ids})")

    def window_pos(self, id: str) -> tuple[int, int]:
        el = self.element(id)
        if el.kind.endswith("-disabled"):
            raise SelfTestFailure(f"element {id!r} is disabled")
        r = self.app.viewport.to_window(el.rect)
        return r.center

    def post(self, type_: int, **kw: Any) -> None:
        self.pg.event.post(self.pg.event.Event(type_, **kw))

    def move(self, pos: tuple[int, int]) -> None:
        self.post(self.pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frames(1)

    def click(self, id: str, settle: int = 2) -> None:
        """Hover, press and release the left button at the centre of element ``id``."""
        pos = self.window_pos(id)
        self.move(pos)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames(1)
        self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(settle)

    def key(self, key: int, settle: int = 2) -> None:
        self.post(self.pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.post(self.pg.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames(settle)

    def wheel(self, dy: int, settle: int = 2) -> None:
        self.post(self.pg.MOUSEWHEEL, x=0, y=dy, precise_x=0.0, precise_y=float(dy), flipped=False)
        self.frames(settle)

    def drag(self, src: str, dst: str, steps: int = 4, settle: int = 2) -> None:
        """Press on element ``src``, move in ``steps`` to element ``dst`` and release there."""
        a, b = self.window_pos(src), self.window_pos(dst)
        self.move(a)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frames(1)
        for k in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)
            self.post(self.pg.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(self.pg.MOUSEBUTTONUP, pos=b, button=1)
        self.frames(settle)

    def open_game(self, game: str) -> None:
        """On the menu: click ``game``'s card and, the first time, skip the tutorial's offer
        (``button:skip-tutorial``), on to the setup."""
        self.click(f"button:game:{game}")
        if self.scene_name() == "tutorial_offer":
            self.click("button:skip-tutorial")

    def has(self, id: str) -> bool:
        """True if the top scene shows an enabled element ``id``."""
        self.drawn()
        top = self.app.manager.top()
        return any(el.id == id and not el.kind.endswith("-disabled") for el in top.ui_elements())

    def stray_input(self) -> None:
        """Clicks in the letterbox / off-window and odd buttons: must never crash."""
        w, h = self.app.viewport.window_size
        for pos in ((0, 0), (w - 1, h - 1), (-50, -50), (w + 100, h // 2)):
            self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=1)
            self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=1)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=(w // 2, h // 2), button=3)
        self.post(self.pg.MOUSEBUTTONUP, pos=(w // 2, h // 2), button=3)
        self.frames(2)
