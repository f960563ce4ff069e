"""What every game's play scene shares: autosave, the pause menu, sound effects, the end sound and
the per-window-size render cache (KAITO, Sushi Draft and Kanji-zushi subclass :class:`PlayScene`),
and the parts it holds, each with a small host protocol of what it reads of the scene: the game log
(``game_log``, :mod:`scenes.play.gamelog`, telling through the game's ``telling``), undo
(``undoing``, :mod:`scenes.play.undo`), hints (``hinting``, :mod:`scenes.play.hinting`), review
mode (``reviewing``, :mod:`scenes.play.review`), the hot-seat hand-over (``handover``,
:mod:`scenes.play.handover`) and a tutorial's coach (``coaching``, :mod:`scenes.play.coaching`).

A subclass sets ``name`` and ``game_name``, calls :meth:`PlayScene.init_play` in its ``__init__``
(seats, seed, state, names, speed, bots, AI worker), and sets ``self.timeline`` (a
:class:`scenes.kit.timeline.Timeline`, its choreography runner), ``self.drag`` (a
:class:`scenes.kit.dragdrop.DragController`) and ``self._left`` (True once the scene is leaving for
the score screen). :meth:`PlayScene.add_widgets` gives it its widget group with the pause button.
Shared behaviour the games use: :meth:`PlayScene._frame_start` (clock, widgets, drag) and
:meth:`PlayScene._tick_end` (the end delay, then the ``go_to_score`` hook) each frame,
:meth:`PlayScene.moving` / ``busy``, :meth:`PlayScene.animating` / ``finish_animations`` (the
timeline), :meth:`PlayScene.take_events` (the event cursor), :meth:`PlayScene.apply_person` (a
person's action), :meth:`PlayScene.seats_after` (the opponents' order), the ``score_extra`` hook
of :meth:`PlayScene.open_score`. Input routing is :class:`scenes.play.input.PlayInput`.

Hot-seat games with hidden hands (Sushi Draft, Kanji-zushi) also use ``handover.ask(seat)``: they
provide ``bottom`` (the seat drawn at the bottom), ``viewer`` (the seat whose hand is shown, None
while hidden), ``privacy_for``, ``layout_seats()`` (seat areas for the current ``bottom``) and
``refresh()`` (a new snapshot of what is shown), and call ``handover.returned()`` each frame (a
privacy screen gone without "ready" is asked again).
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

import pygame

from game.core import ActionError, Event, Game, GameState
from game.hints import Hint
from game.match import Match
from game.worker import AIWorker
from scenes.kit.dragdrop import DragController
from scenes.kit.narration import NarrationLog
from scenes.kit.render_cache import MB, RenderCache, windows_of
from scenes.kit.scene import Scene
from scenes.kit.timeline import Timeline
from scenes.kit.widgets import Button, WidgetGroup
from scenes.play.buttons import ButtonRow, open_pause, play_sfx, sync_buttons, tick_said
from scenes.play.coaching import Coaching
from scenes.play.ending import Ending
from scenes.play.gamelog import GameLog, Telling
from scenes.play.handover import Handover
from scenes.play.hinting import Hinting
from scenes.play.keyplay import KeyboardPlay
from scenes.play import pacing
from scenes.play.modes import PlayModes, check_seats, make_match, narration_seat
from scenes.play.review import Review
from scenes.play.saving import Saving
from scenes.play.seats import ShownNames, shown_names
from scenes.play.voices import Voices, cast_names
from scenes.play.undo import Undo

log = logging.getLogger("tatami.play")

#: Most surfaces the render cache keeps (the least recently used go first; a resize clears it).
CACHE_LIMIT = 400
#: Most bytes of pixels it keeps (issue 21 §6; a 1920x1080 table layer is 8 MB): four windows'
#: worth, at least 32 MB.
CACHE_BYTES, CACHE_WINDOWS = 32 * MB, 4.0


def render_cache_for(app: Any) -> RenderCache[pygame.Surface]:
    """A play scene's render cache in ``app``'s window: :data:`CACHE_LIMIT` entries, at most
    :data:`CACHE_WINDOWS` windows' worth of pixels (at least :data:`CACHE_BYTES`)."""
    return RenderCache(CACHE_LIMIT, windows_of(CACHE_WINDOWS, CACHE_BYTES, lambda: app.viewport.window_size))


#: The result band's fade-in once the game is over (animation ms).
END_FADE_MS = 400.0


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


#: How long a line said in the banner stays (real ms), and its pill's colour (indigo).
SAY_MS, SAY_RGB = 2600.0, (46, 74, 130)


class PlayScene(Scene):
    """Base of the play scenes (see the module doc for what a subclass provides)."""

    pausable = True
    holds_notices = True  #: the app's notice bar waits (it would lie on the banner and seat names)
    game_name = ""
    seats: list[str]
    #: display names per seat in the language in use (defaults are labels: :class:`ShownNames`)
    names = ShownNames()
    speed: float
    match: Match
    drag: DragController  #: the scene's drag-and-drop controller (set by the subclass)
    timeline: Timeline  #: the scene's choreography runner (set by the subclass)
    widgets: WidgetGroup  #: the scene's buttons (:meth:`add_widgets`)
    buttons: ButtonRow | None = None  #: the shared buttons and their fitting (:meth:`add_widgets`), None until made
    #: the shared buttons themselves (:attr:`buttons`' own): pause, undo, hint, the score
    btn_pause: Button
    btn_undo: Button
    btn_hint: Button
    btn_score: Button
    score_requested: bool = False  #: True once the score screen was asked for
    #: a line another part says in this scene's banner instead of its own, and the pill's colour
    #: (the replay viewer's coach: "Coach: you played f2 — a blunder…"), or None
    banner_override: tuple[str, tuple[int, int, int]] | None = None
    banner: pygame.Rect  #: the room's turn banner (logical px)
    said_ms: float = 0.0  #: real ms left of a line said in the banner by :meth:`say`
    errors: int = 0  #: actions people tried that the state rejected
    bottom: int = 0  #: the seat drawn at the bottom of the table
    viewer: int | None = None  #: the seat whose hidden information (hand, chip values) is shown; None while hidden
    privacy_for: int | None = None  #: the seat the privacy screen is up for, or None
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
    #: the game's words for its log (each room's :class:`~scenes.play.gamelog.Telling`)
    telling_class: type[Telling] = Telling
    #: the seat whose view the narration tells (None: everything, the replay viewer's "All")
    narration_seat: int | None = None
    #: the tutorial's director (:class:`scenes.tutorial.director.TutorialDirector`) when the scene
    #: plays a tutorial (issue 11), else None: it refuses actions, marks the asked-for pieces and
    #: lets the scripted seats act
    coach: Any = None
    #: which way the coach's panel grows from :meth:`coach_rect` when its words need more room
    coach_grow = "up"
    #: the review viewer (review mode: the seat whose hidden information is shown, None for all)
    review_viewer: int | None = None
    #: the scene's input handler (a :class:`scenes.play.input.PlayInput`; set by the subclass)
    input: Any = None
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
            modes: the scene's other kwargs (:meth:`scenes.play.modes.PlayModes.from_kwargs`).
        Raises:
            ValueError: wrong number or kind of seats, or a state with another seat count.

        The seeding is the Match's (seat ``s``'s bot draws from ``Random(seed * 31 + s + 1)``; a
        level the game has no bot for falls back to random legal actions, logged)."""
        self.telling = self.telling_class(self)
        self.game_log, self.undoing, self.hinting = GameLog(self), Undo(self), Hinting(self)
        self.reviewing, self.handover, self.coaching = Review(self), Handover(self), Coaching(self)
        self.saving, self.ending = Saving(self), Ending(self)
        mode = PlayModes.from_kwargs(modes, game.name)
        self.review, self.undo_enabled, self.hints_enabled = mode.review, mode.undo, mode.hints
        self.review_viewer, self.coach = mode.viewer, mode.coach
        #: counted apart in the statistics: started from "Play from here", helped by a hint; not
        #: rated: those, and a decision taken back
        self.retried, self.assisted, self.undid = mode.retried, mode.assisted, mode.undid
        self.seats = check_seats(game, seats)
        self.names = shown_names(self.seats, cast_names(self.seats, mode.characters, names))  # stored as labels
        self.speed = max(0.05, float(getattr(self.app, "animation_factor", 1.0) if speed is None else speed))
        #: surfaces drawn for the current window size (:meth:`cached`)
        self.render_cache: RenderCache[pygame.Surface] = render_cache_for(self.app)
        self.match = make_match(game, self.seats, seed, self.names, state, options, mode, think_ms / self.speed)
        self.narration_seat = narration_seat(self.match, mode)
        self.voices = Voices(self, fresh=state is None)  # the AI characters' lines (issue 36)

    def add_widgets(self, pause_rect: pygame.Rect, undo_rect: pygame.Rect, hint_rect: pygame.Rect,
                    score_rect: pygame.Rect) -> WidgetGroup:
        """A new widget group as ``self.widgets`` holding the shared buttons (a :class:`ButtonRow` as
        ``self.buttons``) at their logical rects: ``button:pause`` (the pause icon; the pause menu),
        ``button:undo`` (:meth:`undo`), ``button:hint`` (:meth:`ask_hint`), ``button:score``
        (:meth:`request_score`), also as ``self.btn_pause`` ... ``self.btn_score``, shown when they
        apply (:meth:`sync_play_widgets`); the focus ring starts with the pieces (:class:`KeyboardPlay`).
        Returns the group (the scene adds its own buttons to it)."""
        self.widgets = WidgetGroup()
        self.buttons = ButtonRow(self.widgets, pause_rect, undo_rect, hint_rect, score_rect, on_pause=self.open_pause,
                                 on_undo=self.undoing.click, on_hint=self.ask_hint, on_score=self.request_score)
        self.btn_pause, self.btn_undo, self.btn_hint, self.btn_score = self.buttons.buttons()
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
    def seats_after(self, seat: int) -> list[int]:
        """The other seats in turn order from ``seat + 1`` (wrapping): the opponents' row left to
        right when ``seat`` sits at the bottom."""
        n = len(self.seats)
        return [(seat + k) % n for k in range(1, n)]

    def take_events(self, seat: int) -> list[Event]:
        """The events since :attr:`cursor` as ``seat`` may know them (secrets redacted), in order; the
        cursor moves to the log's end. The log tells them as :attr:`narration_seat` knew; characters hear."""
        self.game_log.tell_new()
        events = self.match.events_for(seat, self.cursor)
        self.cursor = self.match.event_count
        self.voices.hear(events)
        return events

    def animating(self) -> bool:
        """True while the main choreography runs (``timeline.running``; input waits)."""
        return self.timeline.running

    def finish_animations(self) -> None:
        """Jump every animation to its end: the timeline, then a drag's snap-back (tests, benchmark)."""
        self.timeline.finish()
        self.drag.finish_animation()

    # -- actions and the frame ---------------------------------------------------------------------
    def apply_person(self, seat: int, action: str) -> bool:
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
        """The start of every frame: the clock, the pacing (:func:`scenes.play.pacing.frame`), the
        widgets (real ``dt_ms``) and the drag (animation time). Returns animation ms (``dt_ms * speed``)."""
        self.clock_ms += dt_ms
        pacing.frame(self)  # a held Space / Enter fast-forwards; the AI thinks during animations
        sdt = dt_ms * self.speed
        self.widgets.update(dt_ms)
        self.drag.update(sdt)
        if self.narration is not None:
            self.narration.update(dt_ms)
        if self.ended:
            self.end_fade = min(1.0, self.end_fade + sdt / END_FADE_MS)
        if not self.review:
            self.hinting.poll()
            tick_said(self, dt_ms)
            self.voices.frame()
        self.coaching.frame(dt_ms)
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
        """True while the loop must run at full frame rate: :meth:`moving`, a line said in the banner,
        the coach's panel (Sushi Draft and Kanji-zushi add toasts, hover lifts, AIs still to act)."""
        return self.moving() or self.said_ms > 0 or (self.coach is not None and self.coach.busy())

    def go_to_score(self) -> None:
        """Hook: open the game's score screen (usually through :meth:`open_score`)."""

    # -- hooks of the parts -----------------------------------------------------------------------
    def pause(self) -> None:
        """Covered by another scene (pause menu, privacy screen): drop a drag."""
        self.drag.cancel(animate=False)
        if self.narration is not None:
            self.narration.set_expanded(False)

    def before_privacy(self) -> None:
        """Hook: settle what must not be half-shown behind the privacy curtain."""

    def layout_seats(self) -> None:
        """Hook: lay the seat areas out again for the current ``bottom`` seat."""

    def refresh(self) -> None:
        """Hook: take a new snapshot of what is shown (from the view of the seat shown)."""

    def resync_scene(self) -> None:
        """Hook: the scene's own part of :meth:`resync` (its snapshot, selection, end state)."""
        self.refresh()

    def animate_applied(self, seat: int, action: str) -> None:
        """Hook: animate the action just applied in review mode (its events since :attr:`cursor`)."""
        self.resync()

    def viewer_changed(self) -> None:
        """Hook: the review viewer changed (:attr:`review_viewer`): lay the table out again."""

    def before_review_step(self) -> None:
        """Hook: review mode is about to step forward (settle what must close first)."""

    def hint_shown(self, hint: Hint) -> None:
        """Hook: the hint arrived (a scene may say it in words)."""

    def human_to_act(self) -> int | None:
        """Hook: the human seat that may act at the screen now, or None."""
        return None

    def coach_rect(self) -> pygame.Rect:
        """Hook: where a tutorial's coach panel goes (logical px): the card it covers."""
        return pygame.Rect(722, 508, 536, 190)

    def coach_hidden(self) -> bool:
        """Hook: True while the coach's panel must step aside (Kanji-zushi: a move on its board)."""
        return False

    # -- what the parts and the screen share ---------------------------------------------------------
    @property
    def narration(self) -> NarrationLog | None:
        """The game log's panel (``game_log.panel``), None until the scene opens it."""
        return self.game_log.panel

    @property
    def humans(self) -> list[int]:
        """Seats played by a person at this screen (the Match's)."""
        return self.match.humans

    @property
    def leaving(self) -> bool:
        """True once the scene is leaving for the score screen (no more input or animations)."""
        return self._left

    def undo(self) -> bool:
        """``button:undo`` / Ctrl+Z: take the last human decision back (:meth:`Undo.take_back`)."""
        return self.undoing.take_back()

    def ask_hint(self) -> None:
        """``button:hint``: ask for the hard AI's choice (:meth:`Hinting.ask`)."""
        self.hinting.ask()

    def coach_shown(self) -> bool:
        """True while a tutorial's coach panel is on screen (:meth:`Coaching.shown`)."""
        return self.coaching.shown()

    def seat_label(self, seat: int) -> str:
        """What plays ``seat``, as its panel says it (:meth:`Coaching.seat_label`)."""
        return self.coaching.seat_label(seat)

    def banner_rect(self) -> pygame.Rect:
        """The scene's banner (logical px, the room's ``banner``): where a :attr:`banner_override` is said."""
        return pygame.Rect(self.banner)

    def seat_anchor(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s panel is (logical px): what its speech bubble points at. Default: the banner."""
        return self.banner_rect()

    def say(self, text: str, ms: float = SAY_MS) -> None:
        """Say ``text`` in the banner for ``ms`` real ms (the undo telling what it took back)."""
        self.banner_override, self.said_ms = (text, SAY_RGB), ms

    def panel_up(self) -> bool:
        """True while a panel of the scene lies over the play area and its buttons (Sushi Draft's
        round scoring): undo and hint are hidden then. None by default."""
        return False

    def sync_play_widgets(self) -> None:
        """Show and enable the shared buttons for the moment: undo while offered, hint against AI
        with a human to act (neither under a panel: :meth:`panel_up`), the score once the end is
        on screen (never in review mode)."""
        if self.buttons is not None:
            sync_buttons(self, live=not self.review and not self._left, under_panel=self.panel_up())

    def resync(self) -> None:
        """Show the Match's position as it is now, at once: animations dropped, a new snapshot,
        the cursor at the end of the log, the game log told again (undo, the replay viewer's jumps).
        Each scene extends :meth:`resync_scene`."""
        self.timeline.cancel()
        self.drag.reset()
        self.ended = False
        self.end_fade = 0.0
        self.cursor = self.match.event_count
        self.resync_scene()
        self.game_log.rebuild()
        if self.match.is_over():
            self.show_end()
            self.end_fade = 1.0
        self.sync_play_widgets()

    # -- the end ---------------------------------------------------------------------------------
    def show_end(self) -> None:
        """The game is over and shown: kept until the score is asked for (:meth:`Ending.show`)."""
        self.ending.show()
        self.voices.end()

    def request_score(self) -> None:
        """``button:score`` / Enter once the end is on screen (:meth:`Ending.request_score`)."""
        self.ending.request_score()

    def open_score(self, scene_name: str, setup: dict) -> None:
        """Replace this scene with its score screen, once (:meth:`Ending.open_score`)."""
        self.ending.open_score(scene_name, setup)

    def leave(self) -> None:
        """The scene is leaving for the score screen: no more input or animations."""
        self._left = True

    def score_extra(self) -> dict[str, Any]:
        """Hook: more keyword arguments for the score screen (Kanji-zushi's end event); none here."""
        return {}

    # -- saving -------------------------------------------------------------------------------
    def save_colors(self) -> list[str] | None:
        """Per-seat colour codes saved with the game (KAITO), or None (the default)."""
        return None

    def save_setup(self) -> dict:
        """The setup saved with the record (:func:`scene_setup`): seats, names, colours, seed, speed, the
        undo and hints switches, ``retried`` / ``assisted`` / ``undid`` when true, the AI ``characters``
        (issue 36) — what ``type(self)(app, state=..., **setup)`` needs to resume (and the statistics read)."""
        out = {**scene_setup(self.seats, ShownNames.stored(self), self.save_colors(), self.seed, self.speed),
               "undo": self.undo_enabled, "hints": self.hints_enabled, **self.voices.saved()}
        return {**out, **{mark: True for mark in ("retried", "assisted", "undid") if getattr(self, mark)}}

    def autosave(self) -> None:
        """Save the game now (:meth:`scenes.play.saving.Saving.save`; never raises)."""
        self.saving.save()

    # -- menus and sound ----------------------------------------------------------------------
    def open_pause(self) -> None:
        """Push the pause menu (cancels a drag in progress); ignored once the scene is leaving."""
        if not self._left:
            open_pause(self)

    def sfx(self, name: str) -> None:
        """Play a sound effect through the app's sound service, if it has one (never raises)."""
        play_sfx(self.app, name)

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
