"""Real pygame input for scene tests: events posted at LOGICAL positions, converted to window
pixels the way a mouse would deliver them, then pumped through the real App loop."""

from __future__ import annotations

import time

import pygame


def post(app, kind, pos, button=1):
    """Queue a mouse event of ``kind`` at logical ``pos`` (window pixels in the event)."""
    wpos = app.viewport.to_window(pos)
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=wpos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=wpos, button=button))


def drag(app, a, b, steps=4, release=True):
    """Press at ``a``, move in ``steps`` to ``b``, release there (unless ``release`` is False)."""
    post(app, pygame.MOUSEBUTTONDOWN, a)
    for k in range(1, steps + 1):
        post(app, pygame.MOUSEMOTION, (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps))
    if release:
        post(app, pygame.MOUSEBUTTONUP, b)
    app.pump(16)


def click(app, pos, button=1):
    """Press and release ``button`` at logical ``pos``, then run one 16 ms frame."""
    post(app, pygame.MOUSEBUTTONDOWN, pos, button)
    post(app, pygame.MOUSEBUTTONUP, pos, button)
    app.pump(16)


def press_key(app, key, mod=0):
    """Queue a KEYDOWN of ``key`` (with modifier bits ``mod``, e.g. ``pygame.KMOD_CTRL``), then run
    one 16 ms frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.pump(16)


def settle(app, scene, max_frames=600):
    """Pump frames until the scene is idle (no animation, no AI thinking) or no longer on top.

    Raises:
        AssertionError: still busy after ``max_frames`` frames."""
    for _ in range(max_frames):
        if app.manager.top() is not scene or not scene.busy():
            return
        app.pump(16)
        if scene.worker.thinking:
            time.sleep(0.002)
    raise AssertionError("scene still busy")


def pump_until(app, scene, cond, what="condition", frames=3000):
    """Pump frames until ``cond()`` (a little sleep while ``scene``'s AI thinks).

    Raises:
        AssertionError: ``what`` not reached within ``frames`` frames."""
    for _ in range(frames):
        if cond():
            return
        app.pump(16)
        if scene.match.thinking:
            time.sleep(0.0005)
    raise AssertionError(f"{what}: not reached within {frames} frames")


def start_scene(app, scene_cls, bots=None, **kw):
    """Put a ``scene_cls`` play scene (fast animations, no AI thinking delay) on ``app``'s stack,
    with ``bots`` (seat -> bot) replacing the seats' AI, and pump one frame."""
    kw.setdefault("speed", 1000.0)
    kw.setdefault("think_ms", 0)
    scene = scene_cls(app, **kw)
    scene.match.bots.update(bots or {})
    app.manager.reset(scene)
    app.pump(16)
    return scene


def rect_of(scene, id_):
    """The logical rect of ``scene``'s UI element ``id_`` (KeyError naming the known ids)."""
    for el in scene.ui_elements():
        if el.id == id_:
            return el.rect
    raise KeyError(f"{id_} not in {sorted(el.id for el in scene.ui_elements())}")


def ids(scene):
    """The ids of ``scene``'s UI elements."""
    return {el.id for el in scene.ui_elements()}


def to_score(d, name, wall_s=60):
    """With a :class:`scenes.devtools.driver.Driver` ``d``: advance frames until the game's end is
    on screen (``button:score``), click it and wait for the score scene ``name``.

    Raises:
        AssertionError: no end within ``wall_s`` seconds of wall time."""
    end = time.monotonic() + wall_s
    while not d.has("button:score"):
        if d.scene_name() == name:
            return
        if time.monotonic() > end:
            raise AssertionError(f"no end of the game on screen within {wall_s} s (on {d.scene_name()!r})")
        d.frames(1)
    d.click("button:score")
    d.wait_scene(name, wall_s=wall_s)



class DrawnTexts(list):
    """The texts the patched modules' ``draw_text`` drew, in order (clear it between frames), with
    :meth:`boxes` the window rects each was drawn in."""

    def __init__(self) -> None:
        super().__init__()
        self.rects: list[pygame.Rect] = []

    def clear(self) -> None:
        super().clear()
        self.rects.clear()

    def boxes(self, text: str) -> list[pygame.Rect]:
        """The window rects ``text`` was drawn in."""
        return [r for t, r in zip(self, self.rects) if t == text]


def record_texts(monkeypatch, *modules) -> DrawnTexts:
    """Patch ``draw_text`` in each of ``modules`` (for the test) to record what it draws, in order."""
    drawn = DrawnTexts()
    for mod in modules:
        real = mod.draw_text

        def recording(surface, app, text, *a, _real=real, **k):
            r = _real(surface, app, text, *a, **k)
            drawn.append(text)
            drawn.rects.append(pygame.Rect(r))
            return r

        monkeypatch.setattr(mod, "draw_text", recording)
    return drawn
