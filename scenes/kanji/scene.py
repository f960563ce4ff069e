"""The Kanji-zushi play scene (RULES.md section 3): 2-6 seats, humans and AIs, hidden neta hands.

Wiring only: the game in progress is a :class:`game.match.Match` (``self.match``). People's
actions (``"亻+木"``, ``"pass"``) go through ``match.apply``; the AI's through ``match.drive()``,
once per frame while nothing animates. After each action the scene reads the new events of the
seat shown (``match.events_for(bottom, cursor)``, :mod:`game.kanji.events`) and hands them to the
choreography (:mod:`scenes.kanji.choreo`), which animates what they say; the scene never applies
rules to a copy of its own. What is drawn is a :class:`scenes.kanji.shown.Shown` snapshot of ONE
seat's view (the seat at the bottom): the other seats' hands are card backs.

The rooms: :mod:`~scenes.kanji.layout` (positions), :mod:`~scenes.kanji.shown` (what is shown),
:mod:`~scenes.kanji.choreo` (events -> animations), :mod:`~scenes.kanji.draw` and
:mod:`~scenes.kanji.board` (pure drawing), :mod:`~scenes.kanji.input` (mouse and keys),
:mod:`~scenes.kanji.art` (art cache), :mod:`~scenes.kanji.text` (captions, tooltips, log lines),
:mod:`~scenes.kanji.score` (the score screen).

Controls: drag a neta onto a shari (or click the neta, then the shari); the Pass button passes.
Keyboard (:mod:`scenes.play.keyplay`): Tab / arrows over the neta, Enter picks one, Tab / arrows
over the shari it may go beside, Enter tries the pair; Tab reaches Pass.
Hovering a completed kanji (any seat's) shows its meanings, on/kun readings and strokes. Esc: a
selection is cancelled first, else the pause menu. With ``hint=True`` one valid pair of the human
to act is highlighted (the core's :func:`game.kanji.rules.judge` on its own hand and the table: a hint
asks the core; it never decides what an action did).

Hot-seat (two or more humans): before a human acts, if the seat shown is someone else, the
privacy screen is pushed (``match.privacy_due``); while it is up no hand is shown (``viewer`` is
None).

UI ids (logical rects): ``neta:<i>`` (hand index), ``shari:<slot>`` (table slot 0..5; kind
``"target"`` while the human at the bottom may drop a neta there, ``"card"`` otherwise,
``"empty"`` for an empty slot), ``kanji:<seat>:<i>`` (completed kanji, hover targets),
``button:pass``, ``button:pause``. With the hint on, the hinted neta's and shari's kinds end in
``"-hint"`` (``"card-hint"``, ``"target-hint"``).
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pygame

from game.core import Event
from game.i18n import _
from game.kanji.events import GameEnded
from game.kanji.rules import KANJI, KanjiState
from scenes.kanji import status
from scenes.kanji.art import KanjiArt, warm_up
from scenes.kanji.choreo import OTHERS_PACE, MoveEvents, choreo_move, run_chain
from scenes.kanji.draw import TOAST_COLORS, TOAST_MS, draw_scene
from scenes.kanji.input import KanjiInput
from scenes.kanji.layout import (
    BANNER_RECT,
    BOARD_RECT,
    HAND,
    HINT_RECT,
    NARRATION_RECT,
    PASS_RECT,
    PAUSE_RECT,
    UNDO_RECT,
    SeatArea,
    top_panel_rects,
)
from scenes.kanji.shown import Shown, Tried
from scenes.kanji.sprites import JoinShow
from scenes.kanji.telling import KanjiTelling
from scenes.kit.banner import ToastLine
from scenes.kit.dragdrop import DragController
from scenes.kit.flight import Flight
from scenes.kit.hand import Hand
from scenes.kit.scene import UIElement
from scenes.kit.timeline import Choreography, Timeline
from scenes.kit.widgets import Button
from scenes.play.base import PlayScene
from scenes.play.pacing import move_pace
from scenes.play.saying import SaysCoachReason

log = logging.getLogger("tatami.kanji")

DEFAULT_THINK_MS = 450.0

#: A person's wrong pair stays in the banner at least this long (ms) before another message.
HOLD_MS = 2500.0


class KanjiPlayScene(SaysCoachReason, PlayScene):
    """Play Kanji-zushi with the mouse: any mix of 2-6 humans and AIs.

    kwargs:
        seats: 2..6 of "human" | "random" | "easy" | "medium" | "hard" (:data:`SEAT_KINDS`).
        seed: deal seed (int) or None for a random one.
        names: one display name per seat (default :func:`scenes.play.seats.default_names`).
        speed: animation speed multiplier (large = near instant, tests). Default
            ``app.animation_factor``.
        state: an existing :class:`KanjiState` (a continued save, tests); its seat count must
            match ``seats``; its answer key wins over ``answer_key``.
        think_ms: minimum AI "thinking" time per turn at speed 1 (ms, divided by ``speed``).
        answer_key: "joyo" (default) or "rulebook" (RULES.md §3), for a new game.
        undo, hints, review, viewer: the modes of :meth:`PlayScene.init_play` (``hint`` is the
            old name of ``hints``): with hints on, ``button:hint`` marks the pair the hard AI
            would try.

    Raises:
        ValueError: bad ``seats`` (count outside 2..6 or an unknown kind), a ``state`` whose seat
            count differs, or an unknown answer key.

    Attributes for tests / tools: ``match``, ``state`` (read-only), ``seats``, ``names``,
    ``viewer`` (the seat whose hand is shown, None while the privacy screen is up), ``bottom``,
    ``shown``, ``timeline``, ``flights`` (the cards in the air), ``join`` (the pair on the join
    board or None), ``board_att`` (the :class:`~scenes.kanji.shown.Tried` whose result the board
    shows), ``end_event`` (the :class:`~game.kanji.events.GameEnded` once seen), ``toast`` (the banner's
    message, :class:`scenes.kit.banner.ToastLine`), ``score_requested``, ``errors``.
    """

    name = "kanji_play"
    telling_class = KanjiTelling
    pausable = True
    game_name = "kanji-zushi"
    banner = BANNER_RECT  #: the turn banner (where a banner_override is said)

    def __init__(
        self,
        app: Any,
        seats: Sequence[str] = ("human", "medium"),
        seed: int | None = None,
        names: Sequence[str] | None = None,
        speed: float | None = None,
        state: KanjiState | None = None,
        think_ms: float = DEFAULT_THINK_MS,
        answer_key: str = "joyo",
        **kwargs: Any,
    ):
        super().__init__(app)
        self.init_play(KANJI, seats, seed, names, speed, state, think_ms, options={"answer_key": answer_key},
                       modes=kwargs)

        # the bottom seat: one human -> always that human; none -> seat 0; hot-seat -> the human
        # acting now (the first one to begin with), behind the privacy screen until "ready"
        self.bottom = self.humans[0] if self.humans else 0
        self.viewer = None if self.match.hot_seat else self.bottom
        if self.review:  # the replay viewer: the seat chosen (or seat 0 for "All"), always looking
            self.bottom = self.review_viewer if self.review_viewer is not None else 0
            self.viewer = self.bottom
        self.privacy_for = None
        self.areas: dict[int, SeatArea] = {}
        self.top_order: list[int] = []
        self.layout_seats()
        self.shown = self.take_snapshot()
        self.answer_key: str = self.shown.answer_key

        # animation / flow
        self.timeline = Timeline(self.speed, on_idle=self._anim_done)
        self.join: JoinShow | None = None
        self.anim_label = ""
        self.board_att: Tried | None = None
        # pacing (choreo.run_chain): the next AI may begin, its choreography, what settles, the clocks
        self.chain_open = False
        self.chained: Choreography | None = None
        self.settling: set[tuple[str, int]] = set()
        self.anim_ms = self.board_at = self.board_hold = 0.0
        self.end_event: GameEnded | None = None
        self.cursor = 0  # everything before this scene is read below
        for ev in self.take_shown_events():  # what happened before this scene (a continued game)
            tried = Tried.from_event(ev)
            if tried is not None and not tried.is_pass:
                self.board_att = tried
        self.end_shown = False
        self._left = False
        self.score_requested = False
        self.toast = ToastLine(TOAST_MS)
        self.clock_ms = 0.0
        self.hover: tuple[int, int] | None = None
        self.hand = Hand(HAND)  # the bottom hand's hover lifts (logical px)
        self.errors = 0
        self._hint_cache: tuple[Any, Any] | None = None

        self.input = KanjiInput(self)
        self.drag = DragController(
            hit_test=self.input.hit_item,
            item_rect=self.input.item_rect,
            draggable=self.input.draggable,
            drop_targets=self.input.drop_targets,
            on_drop=self.input.on_drop,
        )
        self.add_widgets(PAUSE_RECT, undo_rect=UNDO_RECT, hint_rect=HINT_RECT, score_rect=PASS_RECT)
        self.game_log.open(NARRATION_RECT)
        self.btn_pass = self.widgets.add(
            # Translators: a button (max ~14 characters): pass the turn without trying a pair
            Button("button:pass", _("Pass turn"), PASS_RECT, self._pass, style="secondary", size=18))
        self.art = KanjiArt(app)
        self._sync_widgets()

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        """Entering: save (a new game replaces the previous save), warm the caches, start the flow."""
        self.autosave()
        self._warm_up()
        self._drive()

    def resync_scene(self) -> None:
        """:meth:`PlayScene.resync`: nothing on the join board or in the air, the last attempt's
        result on the board, a new snapshot."""
        self.join = None
        self.anim_label = ""
        self.chain_open, self.chained = False, None
        self.settling.clear()
        self.toast.clear()
        self.end_shown = False
        self.end_event = None
        self.board_att = None
        for ev in self.match.events_for(self.bottom):
            tried = Tried.from_event(ev)
            if tried is not None and not tried.is_pass:
                self.board_att = tried
            if isinstance(ev, GameEnded):
                self.end_event = ev
        self.refresh()
        self._sync_widgets()

    def animate_applied(self, seat: int, action: str) -> None:
        """Review mode's step forward: the attempt as an AI's is shown."""
        self._play_new()

    def viewer_changed(self) -> None:
        """Review mode: the chosen seat (seat 0 for "All") sits at the bottom, looking."""
        self.bottom = self.review_viewer if self.review_viewer is not None else 0
        self.viewer = self.bottom
        self.layout_seats()

    def hint_shown(self, hint: Any) -> None:
        """Why, in the banner (issue 21 §4); a pass is told in words too (there is nothing to mark)."""
        passing = hint.action == "pass"
        self.hinting.say(_("Hint: pass \u2014 no pair here makes a kanji worth trying.") if passing else "")

    def _warm_up(self) -> None:
        """Render the first join's glyph sizes and load the text fonts now (:func:`warm_up`)."""
        warm_up(self.art, self.app, self.viewport, self.areas.values())

    # -- what is shown -----------------------------------------------------------------------------
    def take_snapshot(self) -> Shown:
        shown = Shown.from_view(self.match.view(self.bottom), private=self.viewer is not None)
        if self.review and self.review_viewer is None:  # the replay viewer's "All": every hand
            shown.open_hands = {s: list(self.match.view(s).hand) for s in self.seats_after(self.bottom)}
        return shown

    def refresh(self) -> None:
        self.shown = self.take_snapshot()
        self._hint_cache = None

    def take_shown_events(self) -> list[Event]:
        """The events since the cursor as the seat shown may know them; moves the cursor on."""
        events = self.take_events(self.bottom)
        for ev in events:
            if isinstance(ev, GameEnded):
                self.end_event = ev
        return events

    def seat_anchor(self, seat: int) -> pygame.Rect:
        """``seat``'s panel (logical px): what its speech bubble points at (:meth:`SeatArea.anchor`)."""
        return self.areas[seat].anchor()

    def layout_seats(self) -> None:
        """The bottom seat below, the others across the top in turn order from seat + 1."""
        self.top_order = self.seats_after(self.bottom)
        self.areas = {self.bottom: SeatArea(self.bottom)}
        for seat, r in zip(self.top_order, top_panel_rects(len(self.top_order))):
            self.areas[seat] = SeatArea(seat, r)

    @property
    def flights(self) -> list[Flight]:
        """The cards and kanji in the air now (the timeline's sprites, in draw order)."""
        return self.timeline.sprites

    def to_move(self) -> int | None:
        """The seat whose turn it is (public), or None once over."""
        to_act = self.match.to_act()
        return to_act[0] if to_act else None

    def hand_count(self) -> int:
        """How many neta the bottom hand shows (cards or backs)."""
        sh = self.shown
        return len(sh.hand) if sh.hand is not None else sh.hand_sizes[self.bottom]

    def human_to_act(self) -> int | None:
        """The human seat that may use the mouse now (the bottom seat, looking, to move), else
        None (animating, an AI's turn, privacy screen, over)."""
        if self.animating() or self._left or self.review or self.viewer is None or self.privacy_for is not None:
            return None
        if self.seats[self.viewer] != "human":
            return None
        v = self.match.view(self.viewer)
        if v.to_move != self.viewer or not v.legal_actions:
            return None
        return self.viewer

    def busy(self) -> bool:
        """True while anything moves or waits (animation, AI thinking, drag, end countdown, toast)."""
        return (
            self.moving()
            or self.toast.ms > 0
            or self.said_ms > 0
            or self._ai_pending()
            or not self.hand.settled()
        )

    def _ai_pending(self) -> bool:
        if self._left or self.review or self.privacy_for is not None or self.match.is_over():
            return False
        return bool(self.match.bots_to_act())

    def hint_pair(self) -> tuple[int, int] | None:
        """(hand index, table slot) of the attempt the hard AI suggested (``button:hint``), while
        the hint is about the position on screen; None otherwise or for a pass."""
        action = self.hinting.current()
        hand, table = self.shown.hand, self.shown.table
        if action is None or hand is None or "+" not in action:
            return None
        neta, _sep, shari = action.partition("+")
        if neta not in hand or shari not in table:
            return None
        return (list(hand).index(neta), list(table).index(shari))

    # -- input ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keys (:meth:`scenes.kanji.input.KanjiInput.handle_event`)."""
        return self.input.handle_event(event)

    def message(self, text: str, kind: str = "error", sound: bool = True, hold: bool = False) -> None:
        """Show a short fading message in the banner (``kind`` "error" | "good" | "info"); an
        error plays the error sound unless ``sound`` is False. ``hold``: no other message takes
        its place for :data:`HOLD_MS` (a person's wrong pair: its reason stays readable while the
        AI answers, issue 33 item 10); one that comes meanwhile follows it."""
        if self.toast.show(text, kind if kind in TOAST_COLORS else "error", HOLD_MS if hold else 0.0):
            if kind == "error" and sound:
                self.sfx("error")

    def _pass(self) -> None:
        seat = self.human_to_act()
        if seat is None or "pass" not in self.match.view(seat).legal_actions:
            return
        self.drag.cancel(animate=False)
        self.commit(seat, "pass")

    # -- actions -----------------------------------------------------------------------------------
    def commit(self, seat: int, action: str, start_rect: pygame.Rect | None = None) -> bool:
        """Apply a person's ``action`` for ``seat`` through the Match and animate its events.
        False if the state rejects it (counted in ``errors``)."""
        if not self.apply_person(seat, action):
            return False
        self._play_new(start_rect)
        return True

    def _play_new(self, start_rect: pygame.Rect | None = None) -> None:
        """Save, then choreograph the events of the action just applied (as the seat shown saw it)."""
        self.run_main(run_chain(self, _choreo(self, start_rect)))

    def _drive(self) -> None:
        """Start whatever comes next when nothing animates: the end of the game, the AI's next
        tick (:meth:`game.match.Match.drive`), the privacy screen for the next human."""
        if self.animating() or self._left or self.privacy_for is not None:
            return
        if self.match.is_over():
            if not self.end_shown:
                self._begin_end()
            return
        if self.review:
            return
        if self.match.bots_to_act():
            if self.coaching.bots_allowed() and self.match.drive() is not None:
                self._play_new()
            return
        due = self.match.privacy_due(self.viewer, self.bottom)
        if due is not None:
            self.handover.ask(due)

    def _begin_end(self) -> None:
        """The game is over: announce the result, then (after a moment) the score screen."""
        self.end_shown = True
        self.show_end()
        good = self.end_sound() == "victory"
        self.message(self.result_text(), "good" if good else "info", sound=False)
        self._sync_widgets()

    def go_to_score(self) -> None:
        self.open_score("kanji_score", dict(seats=list(self.seats), names=list(self.names),
                                            answer_key=self.answer_key, hints=self.hints_enabled,
                                            undo=self.undo_enabled))

    def score_extra(self) -> dict[str, Any]:
        """The end event for the score screen too (its result sentence and tie-break come from
        :class:`game.kanji.events.GameEnded`)."""
        return {"end": self.end_event}

    # -- the timeline ------------------------------------------------------------------------------
    def run_main(self, gen: Choreography, pace: float = 1.0) -> None:
        self.drag.reset()
        self.timeline.run(gen, pace=pace)
        self._sync_widgets()

    def _anim_done(self) -> None:
        """The choreography ended: nothing in the air, a fresh snapshot from the view."""
        self.join = None
        self.anim_label = ""
        self.chain_open, self.chained = False, None
        self.settling.clear()
        self.refresh()
        self._sync_widgets()

    # -- per frame -----------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        """One frame: widgets, drag, toast, hover lifts, the timeline, the end countdown, the
        privacy screen coming back, then the flow (:meth:`_drive`)."""
        sdt = self._frame_start(dt_ms)
        waiting = self.toast.update(dt_ms)
        if waiting is not None:
            self.message(*waiting, sound=False)
        self.hand.update(dt_ms, self.input.lifted_card())
        if self.timeline.running:
            if self.join is not None:
                self.join.update(sdt * self.timeline.pace)
            self.timeline.step(sdt)
            self.anim_ms += sdt
            if self.chain_open and self.timeline.running:
                _chain(self)
        if self.handover.returned():
            return
        self._drive()
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        self.btn_pass.enabled = self.human_to_act() is not None
        self.btn_pass.visible = not self.ended and not self.review
        self.btn_pause.enabled = not self._left
        self.sync_play_widgets()

    # -- UI elements -------------------------------------------------------------------------------
    def kanji_rects(self) -> list[tuple[int, int, pygame.Rect]]:
        """(seat, index, logical rect) of every displayed completed kanji."""
        return self.input.kanji_rects()

    def ui_elements(self) -> list[UIElement]:
        """The UI dump (ids in the module doc; :meth:`scenes.kanji.input.KanjiInput.ui_elements`)."""
        return self.input.ui_elements()

    # -- texts (scenes.kanji.status) -----------------------------------------------------------------
    def banner_text(self) -> str:
        """The instruction banner's text."""
        return status.banner_text(self)

    def result_text(self) -> str:
        """The game's result in one line, with the seats' names (from the end event)."""
        return status.result_text(self.end_event, self.names)

    def seat_status(self, seat: int) -> str:
        """"wins" / "thinking" / "to move" / "done" / "" for a seat's panel."""
        return status.seat_status(self, seat)

    def tooltip(self) -> dict | None:
        """The tooltip under the pointer (:meth:`scenes.kanji.input.KanjiInput.tooltip`), or None."""
        return self.input.tooltip()

    # -- drawing ---------------------------------------------------------------------------------------
    def coach_rect(self) -> pygame.Rect:
        """A tutorial's coach covers the join board (hidden while a move plays there)."""
        return pygame.Rect(BOARD_RECT)

    def coach_hidden(self) -> bool:
        return self.animating()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (:func:`scenes.kanji.draw.draw_scene`; changes nothing but caches)."""
        draw_scene(self, surface)


def _choreo(s: KanjiPlayScene, start_rect: pygame.Rect | None = None) -> Choreography:
    """Save; the choreography of the action just applied, at its seat's pace (an AI's: brief)."""
    move = MoveEvents(s.take_shown_events())
    s.autosave()
    seat = move.tried.seat if move.tried is not None else None
    return choreo_move(s, move, start_rect, move_pace(s, seat, OTHERS_PACE))


def _chain(s: KanjiPlayScene) -> None:
    """While a move's result shows, apply the next AI's answer once ready; its choreography runs
    beside the rest of this one (:func:`scenes.kanji.choreo.run_chain`)."""
    if (s.chained is None and s.coach is None and not s.review and not s.leaving and s.privacy_for is None
            and s.match.bots_to_act() and s.coaching.bots_allowed() and s.match.drive() is not None):
        s.chain_open = False
        s.chained = _choreo(s)


__all__ = ["KanjiPlayScene"]
