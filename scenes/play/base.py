"""What every game's play scene shares: autosave, the pause menu, sound effects, the end sound and
the per-window-size render cache (KAITO, Sushi Draft and Kanji-zushi subclass :class:`PlayScene`).

A subclass sets ``name`` and ``game_name``, calls :meth:`PlayScene.init_play` in its ``__init__``
(seats, seed, state, names, speed, bots, AI worker), and sets ``self.timeline`` (a
:class:`scenes.kit.timeline.Timeline`, its choreography runner), ``self.drag`` (a
:class:`scenes.kit.dragdrop.DragController`) and ``self._left`` (True once the scene is leaving for
the score screen). :meth:`PlayScene.add_widgets` gives it its widget group with the pause button.
Shared behaviour the games use: :meth:`PlayScene._frame_start` (clock, widgets, drag) and
:meth:`PlayScene._tick_end` (the end delay, then the ``_go_to_score`` hook) each frame,
:meth:`PlayScene.moving` / ``busy``, :meth:`PlayScene.animating` / ``finish_animations`` (the
timeline), :meth:`PlayScene.take_events` (the event cursor), :meth:`PlayScene._apply_person` (a
person's action), :meth:`PlayScene.seats_after` (the opponents' order), the ``score_extra`` hook
of :meth:`PlayScene.open_score`. Input routing is :class:`scenes.play.input.PlayInput`.

Hot-seat games with hidden hands (Sushi Draft, Kanji-zushi) also use :meth:`PlayScene.ask_privacy`:
they provide ``bottom`` (the seat drawn at the bottom), ``viewer`` (the seat whose hand is shown,
None while hidden), ``privacy_for``, ``_layout()`` (seat areas for the current ``bottom``) and
``refresh()`` (a new snapshot of what is shown), and call :meth:`PlayScene._privacy_returned`
each frame (a privacy screen gone without "ready" is asked again).
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

import pygame

from game.core import ActionError, Event, Game, GameState
from game.i18n import _
from game.match import Hint, Match
from game.worker import AIWorker
from scenes.kit.dragdrop import DragController
from scenes.kit.draw import draw_pause_icon
from scenes.kit.narration import NarrationLog
from scenes.kit.render_cache import RenderCache
from scenes.kit.scene import Scene
from scenes.kit.timeline import Timeline
from scenes.kit.widgets import Button, WidgetGroup
from scenes.play.extras import PlayExtras
from scenes.play.keyplay import KeyboardPlay
from scenes.play.seats import SEAT_KINDS, shown_names

log = logging.getLogger("tatami.play")

#: Most surfaces the render cache keeps (the least recently used go first; a resize clears it).
CACHE_LIMIT = 400
#: The result band's fade-in once the game is over (animation ms).
END_FADE_MS = 400.0
#: The "seat" whose events are only the public ones (:meth:`game.core.Event.for_viewer` of a seat
#: that does not play): the game log of a hot-seat game.
PUBLIC = -1


class _IdleBot:
    """The bot of an AI seat in review mode: never asked (the record says what it did)."""

    def choose(self, view: Any) -> str:  # pragma: no cover - never called
        raise RuntimeError("a reviewed game has no AI")


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


class PlayScene(PlayExtras, Scene):
    """Base of the play scenes (see the module doc for what a subclass provides)."""

    pausable = True
    game_name = ""
    seats: list[str]
    names: list[str]
    speed: float
    match: Match
    #: the scene's drag-and-drop controller (set by the subclass)
    drag: DragController
    #: the scene's choreography runner (set by the subclass)
    timeline: Timeline
    #: the scene's buttons (:meth:`add_widgets`)
    widgets: WidgetGroup
    #: the pause button (``button:pause``)
    btn_pause: Button
    #: actions people tried that the state rejected
    errors: int = 0
    #: the seat drawn at the bottom of the table
    bottom: int = 0
    #: the seat whose hidden information (hand, chip values) is shown; None while hidden
    viewer: int | None = None
    #: the seat the privacy screen is up for, or None
    privacy_for: int | None = None
    #: True once the game is over and its end is on screen: the final position stays until the
    #: player asks for the score (``button:score``, Enter; issue 10 §3)
    ended: bool = False
    #: 0 -> 1 over :data:`END_FADE_MS` once :attr:`ended` (the result band fades in)
    end_fade: float = 0.0
    #: review mode (the replay viewer embeds the scene): no AI, no saves, no input, no score
    review: bool = False
    #: the player may take back decisions (setup's "Undo" option; issue 10 §2)
    undo_enabled: bool = True
    #: the hint button is offered against AI (setup's "Hints" option; issue 10 §5)
    hints_enabled: bool = False
    #: the hard AI's suggestion for the human to act, while it is still about this position
    hint: Hint | None = None
    #: the game log (set by the scene with :meth:`add_narration`), or None
    narration: NarrationLog | None = None
    #: the seat whose view the narration tells (None: everything, the replay viewer's "All")
    narration_seat: int | None = None
    _left: bool = False  # (read it as :attr:`leaving`)
    #: index in the full event log of the next event the scene reads (:meth:`take_events`)
    cursor: int = 0
    #: real ms since the scene began (ambient effects: pulses, thinking dots)
    clock_ms: float = 0.0

    # -- set-up -------------------------------------------------------------------------------
    def init_play(self, game: Game, seats: Sequence[str], seed: int | None, names: Sequence[str] | None,
                  speed: float | None, state: GameState | None, think_ms: float,
                  options: dict[str, Any] | None = None, modes: dict[str, Any] | None = None) -> None:
        """Set the seats, names, speed and the :class:`game.match.Match` (state, bots, AI worker)
        of a new play scene.

        Args:
            game: the rules (:class:`game.core.Game`): its ``name`` and seat range.
            seats: one of :data:`scenes.play.seats.SEAT_KINDS` per seat.
            seed: deal seed, or None for a random one (``self.seed`` is always an int).
            names: display names (:func:`scenes.play.seats.shown_names`: defaults when missing or
                the wrong length, a default saved in another language shown in the one in use).
            speed: animation speed multiplier (None: the app's setting).
            state: a state to play from (a continued save, tests), or None for a new deal
                ``game.new_state(len(seats), Random(seed), **options)``.
            think_ms: minimum AI "thinking" time at speed 1 (ms).
            options: the game's ``new_state`` options (KAITO's colours, Kanji-zushi's answer key).
            modes: the scene's other kwargs: ``undo`` (bool, default True), ``hints`` (bool,
                default False; ``hint`` is an old name), ``review`` (bool: the replay viewer's
                mode: no AI, worker, saves, privacy screen, input or score screen), ``viewer``
                (review mode: the seat whose hidden information is shown, None for all) and
                ``tutorial`` (a :class:`scenes.tutorial.director.TutorialDirector`: its scripted
                bots play the AI seats; no undo, hints, saves, statistics or score screen). Other
                keys are logged and ignored.
        Raises:
            ValueError: wrong number or kind of seats, or a state with another seat count.

        The seeding is the Match's (seat ``s``'s bot draws from ``Random(seed * 31 + s + 1)``; a
        level the game has no bot for falls back to random legal actions, logged)."""
        modes = dict(modes or {})
        self.review = bool(modes.pop("review", False))
        self.undo_enabled = bool(modes.pop("undo", True))
        self.hints_enabled = bool(modes.pop("hints", modes.pop("hint", False)))
        viewer = modes.pop("viewer", None)
        self.coach = modes.pop("tutorial", None)
        if self.coach is not None:
            self.undo_enabled = self.hints_enabled = False
        self.review_viewer: int | None = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
        if modes:
            log.debug("%s scene: ignoring options %s", game.name, sorted(modes))
        seats = [str(s).lower() for s in seats]
        if not game.min_seats <= len(seats) <= game.max_seats or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"seats must be {game.min_seats} to {game.max_seats} of {SEAT_KINDS}, not {seats!r}")
        self.seats = seats
        self.names = shown_names(seats, [str(x) for x in names] if names else None)
        if speed is None:
            speed = getattr(self.app, "animation_factor", 1.0)
        self.speed = max(0.05, float(speed))
        #: surfaces drawn for the current window size (:meth:`cached`)
        self.render_cache: RenderCache[pygame.Surface] = RenderCache(CACHE_LIMIT)
        # the AI process starts now (in the background) so the first AI move is not delayed; the
        # scene's exit() closes it
        if self.review:
            idle = {s: _IdleBot() for s, kind in enumerate(seats) if kind != "human"}
            self.match = Match(game, seats, seed, state=state, names=self.names, options=options, bots=idle,
                               synchronous=True)
        else:
            self.match = Match(game, seats, seed, state=state, names=self.names, options=options,
                               think_ms=think_ms / self.speed,
                               bots=self.coach.bots if self.coach is not None else None)
        # the game log tells what the seat shown may know: the one person at this screen (or seat
        # 0 of an AI-only game); with several people sharing it, only what is public (no seat);
        # the replay viewer's choice in review mode (None: everything)
        if self.review:
            self.narration_seat = self.review_viewer
        elif self.match.hot_seat:
            self.narration_seat = PUBLIC
        else:
            self.narration_seat = self.humans[0] if self.humans else 0

    def add_widgets(self, pause_rect: pygame.Rect, undo_rect: pygame.Rect, hint_rect: pygame.Rect,
                    score_rect: pygame.Rect) -> WidgetGroup:
        """A new widget group as ``self.widgets`` holding the pause button (``button:pause``, the
        pause icon, at logical ``pause_rect``; it opens the pause menu) as ``self.btn_pause``, and
        at their logical rects ``button:undo`` (:meth:`undo`), ``button:hint`` (:meth:`ask_hint`)
        and ``button:score`` (:meth:`request_score`), shown when they apply
        (:meth:`sync_play_widgets`); the focus ring starts with the pieces (:class:`KeyboardPlay`).
        Returns the group (the scene adds its own buttons to it)."""
        self.widgets = WidgetGroup()
        self.btn_pause = self.widgets.add(
            Button("button:pause", "", pause_rect, self.open_pause, style="secondary", icon=draw_pause_icon))
        self.btn_undo = self.widgets.add(
            Button("button:undo", _("Undo"), undo_rect, self._undo_clicked, style="secondary", size=16))
        self.btn_hint = self.widgets.add(
            Button("button:hint", _("Hint"), hint_rect, self.ask_hint, style="secondary", size=16))
        self.btn_score = self.widgets.add(Button("button:score", _("See the score"), score_rect,
                                                 self.request_score, style="primary", size=20))
        self.sync_play_widgets()
        self.widgets.focus.extra = KeyboardPlay(self).stops
        return self.widgets

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
        """``seat``'s view now (the Match caches it until the position changes)."""
        return self.match.view(seat)

    def seats_after(self, seat: int) -> list[int]:
        """The other seats in turn order from ``seat + 1`` (wrapping): the opponents' row left to
        right when ``seat`` sits at the bottom."""
        n = len(self.seats)
        return [(seat + k) % n for k in range(1, n)]

    def take_events(self, seat: int) -> list[Event]:
        """The events since :attr:`cursor` as ``seat`` may know them (``match.events_for``,
        secrets redacted), in order; moves the cursor to the end of the log. The game log tells
        the new events as :attr:`narration_seat` knew them."""
        self.tell_new()
        events = self.match.events_for(seat, self.cursor)
        self.cursor = self.match.event_count
        return events

    def animating(self) -> bool:
        """True while the main choreography runs (``timeline.running``; input waits)."""
        return self.timeline.running

    def finish_animations(self) -> None:
        """Jump every running animation to its end: the timeline, then a drag's snap-back (tests,
        benchmark)."""
        self.timeline.finish()
        self.drag.finish_animation()

    # -- actions and the frame ---------------------------------------------------------------------
    def _apply_person(self, seat: int, action: str) -> bool:
        """``match.apply(seat, action)`` for a person's action. False (counted in ``errors`` and
        logged, never raised) when the state rejects it with a :class:`game.core.ActionError`."""
        if self.coach is not None and self.coach.refuses(seat, action):
            return False
        try:
            self.match.apply(seat, action)
        except ActionError as exc:
            self.errors += 1
            log.warning("%s: %s rejected for seat %d: %s", self.game_name, action, seat, exc)
            return False
        if self.coach is not None:
            self.coach.applied(seat, action)
        return True

    def _frame_start(self, dt_ms: float) -> float:
        """The start of every frame: the clock, the widgets (real ``dt_ms``) and the drag (animation
        time). Returns the frame in animation ms (``dt_ms * speed``)."""
        self.clock_ms += dt_ms
        sdt = dt_ms * self.speed
        self.widgets.update(dt_ms)
        self.drag.update(sdt)
        if self.narration is not None:
            self.narration.update(dt_ms)
        if self.ended:
            self.end_fade = min(1.0, self.end_fade + sdt / END_FADE_MS)
        if not self.review:
            self._poll_hint()
        self._coach_frame(dt_ms)
        self.sync_play_widgets()
        return sdt

    def moving(self) -> bool:
        """True while something of the scene moves or waits: the timeline (a choreography, side
        task or sprite), the AI thinking, a drag, a widget, the end delay. A scene's ``busy`` adds
        its own."""
        return (self.timeline.busy or self.match.thinking or self.drag.busy() or self.widgets.busy()
                or self.match.hints.pending or (self.narration is not None and self.narration.busy())
                or (self.ended and self.end_fade < 1.0))

    def busy(self) -> bool:
        """True while the loop must run at full frame rate: :meth:`moving`, the coach's panel (Sushi
        Draft and Kanji-zushi add toasts, hover lifts and AI seats still to act)."""
        return self.moving() or (self.coach is not None and self.coach.busy())

    def _go_to_score(self) -> None:
        """Hook: open the game's score screen (usually through :meth:`open_score`)."""

    def _privacy_returned(self) -> bool:
        """The privacy screen went away without "ready" (this scene is on top again while it was
        asked for): ask again. True if it did (the frame stops there)."""
        if self.privacy_for is None or self.app.manager.top() is not self:
            return False
        seat = self.privacy_for
        self.privacy_for = None
        self.ask_privacy(seat)
        return True

    # -- hot-seat privacy ------------------------------------------------------------------------
    def ask_privacy(self, seat: int) -> None:
        """Hide every hand and push the privacy screen (:mod:`scenes.play.privacy`) for ``seat``; its
        "ready" shows that seat's hand at the bottom. Without a privacy scene the hand is shown."""
        self.privacy_for = seat
        self.viewer = None
        self.drag.reset()
        self._before_privacy()
        self.refresh()
        try:
            scene = self.app.make_scene("privacy", name=self.names[seat], on_ready=lambda: self._privacy_ready(seat))
        except Exception:
            log.exception("%s: no privacy screen; showing %s's hand directly", self.game_name, self.names[seat])
            self._privacy_ready(seat)
            return
        self.app.manager.push(scene)

    def pause(self) -> None:
        """Covered by another scene (pause menu, privacy screen): drop a drag."""
        self.drag.cancel(animate=False)
        if self.narration is not None:
            self.narration.set_expanded(False)

    def _before_privacy(self) -> None:
        """Hook: settle anything that must not be half-shown behind the curtain."""

    def _layout(self) -> None:
        """Hook: lay the seat areas out again for the current ``bottom`` seat."""

    def refresh(self) -> None:
        """Hook: take a new snapshot of what is shown (from the view of the seat shown)."""

    def _privacy_ready(self, seat: int) -> None:
        if self._left or self.privacy_for != seat:
            return
        self.privacy_for = None
        self.viewer = seat
        if seat != self.bottom:
            self.bottom = seat
            self._layout()
        self.refresh()

    # -- the end ---------------------------------------------------------------------------------
    def open_score(self, scene_name: str, setup: dict) -> None:
        """Replace this scene with the score screen ``scene_name`` built from the final view of the
        seat shown (``view``, ``seats``, ``names``, ``setup`` for the rematch). Runs once; a score
        screen that cannot be built is logged and the game stays on screen."""
        if self._left or self.review:
            return
        seat = self.viewer if self.viewer is not None else self.bottom
        self.score_requested = True
        try:
            scene = self.app.make_scene(scene_name, view=self.state.view(seat), seats=list(self.seats),
                                        names=list(self.names), setup=setup, record=self.match.record(),
                                        **self.score_extra())
        except Exception:
            log.exception("%s: cannot open the score screen", self.game_name)
            return
        self._left = True
        self.app.manager.replace(scene)

    def score_extra(self) -> dict[str, Any]:
        """Hook: more keyword arguments for the score screen (Kanji-zushi's end event); none here."""
        return {}

    # -- saving -------------------------------------------------------------------------------
    def save_colors(self) -> list[str] | None:
        """Per-seat colour codes saved with the game (KAITO), or None (the default)."""
        return None

    def save_setup(self) -> dict:
        """The setup saved with the record (:func:`scene_setup`): seats, names, colours,
        seed, speed, and the undo and hints switches — what ``type(self)(app, state=..., **setup)``
        needs to resume."""
        return {**scene_setup(self.seats, self.names, self.save_colors(), self.seed, self.speed),
                "undo": self.undo_enabled, "hints": self.hints_enabled}

    def autosave(self) -> None:
        """Write the game to its slot of ``app.saves`` (``scenes.shell.saveslots.SaveSlots``) with its id
        ``game_uid`` (a resumed game keeps its save's), or once it is over delete that save and count
        it in ``app.stats`` / ``app.history`` (each takes a game id once). Only games with a human
        seat: an AI-only game must not replace a person's game in progress. Never raises."""
        store = getattr(self.app, "saves", None)
        if not self.humans or self.review or self.coach is not None:
            return
        try:
            if getattr(self, "game_uid", None) is None:  # the deal's id (no store: this scene's)
                deal = self.match.record().get("setup")
                self.game_uid: str = (store.slot(self.game_name).game_id_for(deal, list(self.seats), self.seed)
                                      if store is not None else f"{self.game_name}-{self.seed}-{id(self):x}")
            if not self.state.is_over():
                if store is not None:
                    store.save(self.state, self.save_setup(), self.game_uid)
                return
            if store is not None:
                store.clear(self.game_name)
            for done in (getattr(self.app, "stats", None), getattr(self.app, "history", None)):
                if done is not None:
                    done.record_game(self.game_uid, self.game_name, self.save_setup(), self.state.outcome(),
                                     self.match.record())
        except Exception:
            log.exception("%s: autosave failed", self.game_name)

    # -- menus and sound ----------------------------------------------------------------------
    def open_pause(self) -> None:
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

    def sfx(self, name: str) -> None:
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
    def cached(self, key: Any, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface cached under ``key`` for the current window size, built on first use
        (:class:`scenes.kit.render_cache.RenderCache`, keyed by ``viewport.version``).

        Filling this cache is the only thing ``draw`` may change."""
        return self.render_cache.get(key, build, self.viewport.version)
