"""What every game's play scene shares: autosave, the pause menu, sound effects, the end sound and
the per-window-size render cache (KAITO, Sushi Draft and Kanji-zushi subclass :class:`PlayScene`).

A subclass sets ``name`` and ``game_name``, calls :meth:`PlayScene.init_play` in its ``__init__``
(seats, seed, state, names, speed, bots, AI worker), and sets ``self.drag`` (a
:class:`scenes.kit.dragdrop.DragController`) and ``self._left`` (True once the scene is leaving for
the score screen). It draws its pause button with :func:`scenes.kit.widgets.draw_pause_icon`.

Hot-seat games with hidden hands (Sushi Draft, Kanji-zushi) also use :meth:`PlayScene.ask_privacy`:
they provide ``bottom`` (the seat drawn at the bottom), ``viewer`` (the seat whose hand is shown,
None while hidden), ``_privacy_for``, ``_layout()`` (seat areas for the current ``bottom``) and
``_refresh()`` (a new snapshot of what is shown).
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

import pygame

from game.core import Game, GameState
from game.match import Match
from game.worker import AIWorker
from scenes.kit.dragdrop import DragController
from scenes.kit.scene import Scene
from scenes.play.seats import SEAT_KINDS, default_names

log = logging.getLogger("tatami.play")

#: Above this many cached surfaces the render cache starts again (a resize clears it anyway).
CACHE_LIMIT = 400


def scene_setup(seats: Sequence[str], names: Sequence[str] | None = None, colors: Sequence[str] | None = None,
                seed: int | None = None, speed: float | None = None) -> dict:
    """The ``setup`` dict a play scene saves (JSON types; None values left out except ``seed``)."""
    out: dict[str, Any] = {"seats": list(seats), "seed": seed}
    if names is not None:
        out["names"] = list(names)
    if colors is not None:
        out["colors"] = list(colors)
    if speed is not None:
        out["speed"] = float(speed)
    return out


class PlayScene(Scene):
    """Base of the play scenes (see the module doc for what a subclass provides)."""

    pausable = True
    game_name = ""
    seats: list[str]
    names: list[str]
    speed: float
    match: Match
    #: the scene's drag-and-drop controller (set by the subclass)
    drag: DragController
    #: the seat drawn at the bottom of the table
    bottom: int = 0
    #: the seat whose hidden information (hand, chip values) is shown; None while hidden
    viewer: int | None = None
    #: the seat the privacy screen is up for, or None
    _privacy_for: int | None = None
    #: ms left before the score screen opens once the game is over (None: not counting)
    end_timer: float | None = None
    _left: bool = False
    _anim: Any = None

    # -- set-up -------------------------------------------------------------------------------
    def init_play(self, game: Game, seats: Sequence[str], seed: int | None, names: Sequence[str] | None,
                  speed: float | None, state: GameState | None, think_ms: float,
                  options: dict[str, Any] | None = None) -> None:
        """Set the seats, names, speed and the :class:`game.match.Match` (state, bots, AI worker)
        of a new play scene.

        Args:
            game: the rules (:class:`game.core.Game`): its ``name`` and seat range.
            seats: one of :data:`scenes.play.seats.SEAT_KINDS` per seat.
            seed: deal seed, or None for a random one (``self.seed`` is always an int).
            names: display names (``default_names(seats)`` when missing or the wrong length).
            speed: animation speed multiplier (None: the app's setting).
            state: a state to play from (a continued save, tests), or None for a new deal
                ``game.new_state(len(seats), Random(seed), **options)``.
            think_ms: minimum AI "thinking" time at speed 1 (ms).
            options: the game's ``new_state`` options (KAITO's colours, Kanji-zushi's answer key).
        Raises:
            ValueError: wrong number or kind of seats, or a state with another seat count.

        The seeding is the Match's (seat ``s``'s bot draws from ``Random(seed * 31 + s + 1)``; a
        level the game has no bot for falls back to random legal actions, logged)."""
        seats = [str(s).lower() for s in seats]
        if not game.min_seats <= len(seats) <= game.max_seats or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"seats must be {game.min_seats} to {game.max_seats} of {SEAT_KINDS}, not {seats!r}")
        self.seats = seats
        self.names = [str(x) for x in names] if names and len(names) == len(seats) else default_names(seats)
        if speed is None:
            speed = getattr(self.app, "animation_factor", 1.0)
        self.speed = max(0.05, float(speed))
        self._views: dict[Any, Any] = {}  # per-position cache of views (cleared when it changes)
        # the AI process starts now (in the background) so the first AI move is not delayed; the
        # scene's exit() closes it
        self.match = Match(game, seats, seed, state=state, names=self.names, options=options,
                           think_ms=think_ms / self.speed)

    @property
    def state(self) -> Any:
        """The game state (the Match's; scenes read views and events, they never apply to it)."""
        return self.match.state

    @property
    def seed(self) -> int:
        """The deal seed (an int, also for a random deal)."""
        return self.match.seed

    @property
    def bots(self) -> dict[int, Any]:
        """The bots by seat (the Match's; tests may replace them)."""
        return self.match.bots

    @property
    def worker(self) -> AIWorker:
        """The AI worker the bots think in (the Match's)."""
        worker = self.match.worker
        assert worker is not None  # the app's Match is never synchronous
        return worker

    def exit(self) -> None:
        """Leaving the stack (quit to menu, app quit, score screen): end the AI process, drop a
        drag, and save the game (deleted once it is over)."""
        self.match.close()
        self.drag.reset()
        self.autosave()

    # -- queries -------------------------------------------------------------------------------
    def _view(self, seat: int) -> Any:
        """``state.view(seat)``, cached until ``self._views`` is cleared (the position changed)."""
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self.state.view(seat)
        return v

    def animating(self) -> bool:
        """True while a choreographed animation runs."""
        return self._anim is not None

    # -- hot-seat privacy ------------------------------------------------------------------------
    def ask_privacy(self, seat: int) -> None:
        """Hide every hand and push the privacy screen (:mod:`scenes.play.privacy`) for ``seat``; its
        "ready" shows that seat's hand at the bottom. Without a privacy scene the hand is shown."""
        self._privacy_for = seat
        self.viewer = None
        self.drag.reset()
        self._before_privacy()
        self._refresh()
        try:
            scene = self.app.make_scene("privacy", name=self.names[seat], on_ready=lambda: self._privacy_ready(seat))
        except Exception:
            log.exception("%s: no privacy screen; showing %s's hand directly", self.game_name, self.names[seat])
            self._privacy_ready(seat)
            return
        self.app.manager.push(scene)

    def _before_privacy(self) -> None:
        """Hook: settle anything that must not be half-shown behind the curtain."""

    def _layout(self) -> None:
        """Hook: lay the seat areas out again for the current ``bottom`` seat."""

    def _refresh(self) -> None:
        """Hook: take a new snapshot of what is shown (from the view of the seat shown)."""

    def _privacy_ready(self, seat: int) -> None:
        if self._left or self._privacy_for != seat:
            return
        self._privacy_for = None
        self.viewer = seat
        if seat != self.bottom:
            self.bottom = seat
            self._layout()
        self._refresh()

    # -- the end ---------------------------------------------------------------------------------
    def open_score(self, scene_name: str, setup: dict) -> None:
        """Replace this scene with the score screen ``scene_name`` built from the final view of the
        seat shown (``view``, ``seats``, ``names``, ``setup`` for the rematch). Runs once; a score
        screen that cannot be built is logged and the game stays on screen."""
        if self._left:
            return
        self.end_timer = None
        seat = self.viewer if self.viewer is not None else self.bottom
        self.score_requested = True
        try:
            scene = self.app.make_scene(scene_name, view=self.state.view(seat), seats=list(self.seats),
                                        names=list(self.names), setup=setup)
        except Exception:
            log.exception("%s: cannot open the score screen", self.game_name)
            return
        self._left = True
        self.app.manager.replace(scene)

    # -- saving -------------------------------------------------------------------------------
    def save_colors(self) -> list[str] | None:
        """Per-seat colour codes saved with the game (KAITO), or None (the default)."""
        return None

    def save_setup(self) -> dict:
        """The setup saved with the record (:func:`scene_setup`): seats, names, colours,
        seed, speed — what ``type(self)(app, state=..., **setup)`` needs to resume."""
        return scene_setup(self.seats, self.names, self.save_colors(), self.seed, self.speed)

    @property
    def humans(self) -> list[int]:
        """Seats played by a person at this screen."""
        return [s for s, kind in enumerate(self.seats) if kind == "human"]

    def autosave(self) -> None:
        """Write the game to ``app.saves`` (a :class:`scenes.shell.saves.SaveStore`), or delete the save
        once the game is over. Only games with a human seat are saved: an AI-only game must not
        replace a person's game in progress. Never raises (the game goes on without a save)."""
        store = getattr(self.app, "saves", None)
        if store is None or not self.humans:
            return
        try:
            if self.state.is_over():
                store.clear()
            else:
                store.save(self.state, self.save_setup())
        except Exception:
            log.exception("%s: autosave failed", self.game_name)

    # -- menus and sound ----------------------------------------------------------------------
    def _open_pause(self) -> None:
        """Push the pause menu (cancels a drag in progress); ignored once the scene is leaving."""
        if self._left:
            return
        drag = getattr(self, "drag", None)
        if drag is not None:
            drag.cancel(animate=False)
        opener = getattr(self.app, "open_pause", None)
        if opener is not None:
            opener()
        else:  # a bare harness
            try:
                self.app.manager.push(self.app.make_scene("pause"))
            except Exception:
                log.exception("cannot open the pause menu")

    def _sfx(self, name: str) -> None:
        """Play a sound effect through the app's sound service, if it has one (never raises)."""
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            try:
                sound.play(name)
            except Exception:
                log.debug("sound %s failed", name, exc_info=True)

    def end_sound(self) -> str:
        """``"victory"`` if a human seat won or no human plays, else ``"defeat"``."""
        out = self.state.outcome()
        winners = set(out.winners) if out else set()
        return "victory" if not self.humans or winners.intersection(self.humans) else "defeat"

    # -- render cache -------------------------------------------------------------------------
    def _cached(self, key: Any, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface cached under ``key`` for the current window size, built on first use.

        Filling this cache is the only thing ``draw`` may change."""
        vp = self.viewport
        cache = self.__dict__.setdefault("_cache", {})
        if self.__dict__.get("_cache_version") != vp.version:
            cache.clear()
            self._cache_version = vp.version
        s = cache.get(key)
        if s is None:
            if len(cache) > CACHE_LIMIT:
                cache.clear()
            s = cache[key] = build()
        return s
