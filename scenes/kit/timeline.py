"""The animation timeline a scene owns: choreographies written as generators.

A choreography is a generator that changes what is shown step by step and yields how long to wait
(ms, in animation time) before its next step::

    def choreo_move(self):
        self.timeline.add(Flight(...))      # a sprite that moves on its own
        yield 180                           # wait 180 ms
        self.shown.board[sq] = tile
        yield from self.timeline.wait_sprites()   # wait until every sprite has landed

:class:`Timeline` runs one main choreography at a time (the scene's input waits while it runs),
any number of side tasks in parallel (a chosen card still flying while the player chooses the
next), and the sprites they launched (anything with ``update(dt_ms)`` and ``done``). Time arrives
as ``dt_ms`` (real ms); ``speed`` scales it (2.0 plays twice as fast), and a main choreography may
run at its own ``pace`` on top (another seat's move told briefly: :meth:`Timeline.run`). :meth:`finish`
jumps to the end of everything (tests, the benchmark, a skip).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, Protocol

#: A choreography: a generator yielding waits in ms.
Choreography = Iterator[float]

#: At most this many steps (each skipping one wait) are taken by :meth:`Timeline.finish` (a
#: choreography that never ends must not hang a test).
FINISH_GUARD = 1000


class Sprite(Protocol):
    """What a timeline moves: updated with animation-time ``dt_ms``, ``done`` once at rest."""

    def update(self, dt_ms: float) -> Any: ...

    @property
    def done(self) -> bool: ...


class _Task:
    __slots__ = ("gen", "wait", "on_done")

    def __init__(self, gen: Choreography, on_done: Callable[[], None] | None):
        self.gen = gen
        self.wait = 0.0
        self.on_done = on_done

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` ms of animation time; True once the generator has ended."""
        self.wait -= dt
        while self.wait <= 0:
            try:
                self.wait += float(next(self.gen))
            except StopIteration:
                return True
        return False

    def jump(self) -> bool:
        """Skip the current wait and take one step; True once the generator has ended."""
        try:
            self.wait = float(next(self.gen))
        except StopIteration:
            return True
        return False


class Timeline:
    """One main choreography, parallel side tasks and the sprites they launched.

    Attributes:
        speed: animation-time multiplier (> 0); ``update(dt_ms)`` advances ``dt_ms * speed``.
        pace: the running main choreography's own multiplier (1.0 when none runs): every
            :meth:`step` advances the choreography, the side tasks and the sprites by ``sdt * pace``.
        sprites: the sprites moving now, in draw order (the scene draws them; they stay until the
            main choreography ends or :meth:`clear_sprites`).
    """

    def __init__(self, speed: float = 1.0, on_idle: Callable[[], None] | None = None):
        """``on_idle`` is called each time the main choreography ends (e.g. to refresh the view)."""
        self.speed = max(0.05, float(speed))
        self.pace = 1.0
        self.sprites: list[Any] = []
        self._main: _Task | None = None
        self._side: list[_Task] = []
        self._on_idle = on_idle

    # -- starting ---------------------------------------------------------------------------
    def run(self, gen: Choreography, on_done: Callable[[], None] | None = None, pace: float = 1.0) -> None:
        """Start ``gen`` as the main choreography (it takes its first step now, at 0 ms), played
        ``pace`` times as fast as its waits say (> 0; e.g. 3.0: an AI's move told in a third of the
        time of the player's own) until it ends.

        Raises:
            RuntimeError: another main choreography is still running (finish it first)."""
        if self._main is not None:
            raise RuntimeError("a choreography is already running")
        self.pace = max(0.05, float(pace))
        self._main = _Task(gen, on_done)
        self._advance_main(0.0)

    def spawn(self, gen: Choreography, on_done: Callable[[], None] | None = None) -> None:
        """Run ``gen`` beside the main choreography (input is not blocked by side tasks)."""
        task = _Task(gen, on_done)
        if task.step(0.0):
            self._end(task)
        else:
            self._side.append(task)

    def add(self, sprite: Any) -> Any:
        """Launch ``sprite`` (moved by :meth:`update`); returns it."""
        self.sprites.append(sprite)
        return sprite

    def clear_sprites(self) -> None:
        """Forget every sprite (the scene shows the settled state instead)."""
        self.sprites = []

    # -- waiting helpers for choreographies ------------------------------------------------------
    def wait_sprites(self, step_ms: float = 16.0) -> Choreography:
        """``yield from`` this: waits until every sprite launched so far is done."""
        while any(not s.done for s in self.sprites):
            yield step_ms

    # -- queries ------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while the main choreography runs (the scene's input waits)."""
        return self._main is not None

    @property
    def busy(self) -> bool:
        """True while anything moves: the main choreography, a side task or a sprite."""
        return self._main is not None or bool(self._side) or any(not s.done for s in self.sprites)

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        """Advance everything by ``dt_ms`` real ms (``dt_ms * speed`` of animation time)."""
        self.step(dt_ms * self.speed)

    def step(self, sdt: float) -> None:
        """Advance everything by ``sdt`` ms of animation time (already scaled by ``speed``; the
        main choreography's :attr:`pace` is applied here)."""
        sdt *= self.pace
        for s in list(self.sprites):
            s.update(sdt)
        for task in list(self._side):
            if task.step(sdt):
                self._side.remove(task)
                self._end(task)
        self._advance_main(sdt)

    def finish(self) -> None:
        """Jump every side task, sprite and the main choreography (and any it leads to) to its end."""
        guard = 0
        while (self._side or self._main is not None) and guard < FINISH_GUARD:
            guard += 1
            for s in list(self.sprites):
                s.update(1e9)
            for task in list(self._side):
                if task.jump():
                    self._side.remove(task)
                    self._end(task)
            main = self._main
            if main is not None and main.jump():
                self._main = None
                self.pace = 1.0
                self.sprites = []
                self._end(main)
                if self._on_idle is not None:
                    self._on_idle()
        for s in self.sprites:
            fin = getattr(s, "finish", None)
            if fin is not None:
                fin()

    def cancel(self) -> None:
        """Drop every choreography and sprite without running their ends (a scene leaving)."""
        self._main = None
        self.pace = 1.0
        self._side = []
        self.sprites = []

    # -- internals ----------------------------------------------------------------------------
    def _advance_main(self, sdt: float) -> None:
        task = self._main
        if task is None:
            return
        if task.step(sdt):
            self._main = None
            self.pace = 1.0
            self.sprites = []
            self._end(task)
            if self._on_idle is not None:
                self._on_idle()

    @staticmethod
    def _end(task: _Task) -> None:
        if task.on_done is not None:
            task.on_done()
