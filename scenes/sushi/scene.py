"""The Sushi Draft play scene (RULES.md section 2): 2-5 seats, humans and AIs, simultaneous choices.

The wiring of the room (issue 9 §3-§4). Rules never live here: the scene plays through its
:class:`game.match.Match` — people's choices with ``match.apply``, the AI with ``match.drive()``
once per frame while nothing animates — and renders what the events of the seat shown tell
(``match.events_for(bottom, cursor)``). The other rooms of the package:

* :mod:`scenes.sushi.layout` — positions (named rects, :class:`SeatArea`);
* :mod:`scenes.sushi.shown` — what is shown (:class:`Shown`, a snapshot of the bottom seat's view);
* :mod:`scenes.sushi.choreo` — events -> timeline generators (deal, place, reveal, pass, scoring);
* :mod:`scenes.sushi.input` — drag-and-drop, clicks, keys; :mod:`scenes.sushi.texts` — banner;
* :mod:`scenes.sushi.draw` — pure drawing; :mod:`scenes.sushi.art` — art cache; ``score`` — the end.

Flow of a phase (EAT or KEEP): every seat in ``to_act`` chooses. AI seats think in the Match's
worker one at a time (the UI never waits on it); a human drags a card (or clicks it, then the
target). A choice lies face down (EAT: on the plate) until the last seat has chosen; then the phase
resolves and is animated: EAT — all chosen cards turn over together and fly to their owners'
eaten stacks; KEEP — every seat's leftovers fly to its left neighbour (seat + 1). At hand size 2
the keep is forced and applied automatically (the last card is discarded), then the round is
scored pile by pile in the scoring panel (``Award.text``), chips flying to their winners face
down; the bottom seat's own chips turn over to show their value. "Next round" (or Enter) deals
the next round; with no human the game goes on by itself. After round 3: the score screen.

Keyboard (:mod:`scenes.play.keyplay`): Tab / arrows over the hand's cards, Enter picks one, Tab /
arrows over its targets (plate, keep mat, the stacks a wild may copy), Enter drops it there.

Hot-seat (two or more humans): before a human chooses, if the bottom seat was someone else, the
privacy screen is pushed ("Pass to Aiko"; ``match.privacy_due``); while it is up no hand is shown
(``viewer`` is None).

UI ids (logical rects): ``hand:<i>``, ``plate``, ``keep``, ``stack:<seat>:<type>``,
``pile:<pile>``, ``chip:<seat>:<i>``, ``button:pause``, ``button:next-round``. The kind of
``plate`` / ``keep`` / ``stack:*`` is ``"target"`` while the human at the bottom may drop a card
there now (a stack: a wild copying that type), else ``"target-idle"`` / ``"stack"``.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

import pygame

from game.core import first_event
from game.i18n import _
from game.sushi.events import Chosen, Deal
from game.sushi.rules import EAT, KEEP, STEPS, SUSHI, SushiState
from scenes.kit.dragdrop import DragController
from scenes.kit.flight import Flight
from scenes.kit.hand import Hand
from scenes.kit.scene import UIElement
from scenes.kit.timeline import Choreography, Timeline
from scenes.kit.widgets import Button
from scenes.play.base import PlayScene
from scenes.play.saying import SaysCoachReason
from scenes.sushi import draw as painter
from scenes.sushi import texts
from scenes.sushi.art import SushiArt
from scenes.sushi.choreo import SushiChoreo, resolves
from scenes.sushi.input import MSG_WILD_FIRST, MSG_WILD_STACK, SushiInput, tutorial_drop
from scenes.sushi import beat
from scenes.sushi.keep import forced_keep
from scenes.sushi.layout import (
    BANNER_RECT,
    HAND,
    HINT_RECT,
    MY_CHIPS_RECT,
    NARRATION_RECT,
    NEXT_RECT,
    PAUSE_RECT,
    PILES_RECT,
    UNDO_RECT,
    SeatArea,
    top_panel_rects,
)
from scenes.sushi.shown import ScoringShow, Shown
from scenes.sushi.telling import SushiTelling
from scenes.sushi.texts import TOAST_MS

log = logging.getLogger("tatami.sushi")

DEFAULT_THINK_MS = 320.0


class SushiPlayScene(SaysCoachReason, PlayScene):
    """Play Sushi Draft with the mouse: any mix of 2-5 humans and AIs.

    kwargs:
        seats: 2..5 of "human" | "random" | "easy" | "medium" | "hard" (:data:`SEAT_KINDS`).
        seed: deal seed (int) or None for a random one.
        names: one display name per seat (default :func:`scenes.play.seats.default_names`).
        speed: animation speed multiplier (large = near instant, tests). Default
            ``app.animation_factor``.
        state: an existing :class:`SushiState` (a continued save, tests); its seat count must
            match ``seats``. Any phase; choices already made stay hidden.
        think_ms: minimum AI "thinking" time per choice at speed 1 (ms, divided by ``speed``).

    Raises:
        ValueError: bad ``seats`` (count outside 2..5 or an unknown kind), or a ``state`` whose
            seat count differs.

    Attributes for tests / tools: ``match`` (and ``state``, ``worker``, ``bots`` read from it),
    ``seats``, ``names``, ``viewer`` (the seat whose private view is shown at the bottom, None
    while the privacy screen is up), ``bottom`` (the seat drawn at the bottom), ``shown`` (the
    displayed snapshot), ``cursor`` (events read so far), ``timeline``, ``side`` (chosen cards
    still flying), ``flights`` (the sprites moving now), ``scoring`` (the round-scoring panel or
    None), ``anim_label``, ``toast_text``, ``score_requested``, ``errors``.
    """

    name = "sushi_play"
    telling_class = SushiTelling
    pausable = True
    game_name = "sushi-draft"
    banner = BANNER_RECT  #: the turn banner (where a banner_override is said)

    def __init__(
        self,
        app: Any,
        seats: Sequence[str] = ("human", "medium", "medium", "medium"),
        seed: int | None = None,
        names: Sequence[str] | None = None,
        speed: float | None = None,
        state: SushiState | None = None,
        think_ms: float = DEFAULT_THINK_MS,
        **kwargs: Any,
    ):
        super().__init__(app)
        self.init_play(SUSHI, seats, seed, names, speed, state, think_ms, modes=kwargs)
        self.cursor = self.match.event_count  # what is shown already tells everything before

        # who is shown at the bottom: one human -> always that human; none -> seat 0 (its view);
        # hot-seat -> the human acting now (the first one to begin with)
        self.bottom = self.humans[0] if self.humans else 0
        # hot-seat starts behind the privacy screen (nobody's hand is shown before "ready")
        self.viewer: int | None = None if self.match.hot_seat else self.bottom
        if self.review:  # the replay viewer: the seat chosen (or seat 0 for "All"), always looking
            self.bottom = self.review_viewer if self.review_viewer is not None else 0
            self.viewer = self.bottom
        self.privacy_for: int | None = None
        self.areas: dict[int, SeatArea] = {}
        self.top_order: list[int] = []
        self.layout_seats()
        self.shown = self.take_snapshot()

        # animation / flow
        self.timeline = Timeline(self.speed, on_idle=self._anim_done)
        self.side: list[tuple[Flight, Callable[[], None]]] = []  # chosen cards flying + their landing
        self.choreo = SushiChoreo(self)
        self.input = SushiInput(self)
        self.anim_label = ""
        self.scoring: ScoringShow | None = None
        self._left = False
        self.score_requested = False
        self.toast_text = ""
        self.toast_ms = 0.0
        self.clock_ms = 0.0
        self.hover: tuple[int, int] | None = None
        self.hand = Hand(HAND)  # the bottom hand's hover lifts (logical px)
        self.errors = 0

        inp = self.input
        self.drag = DragController(hit_test=inp.hit_item, item_rect=inp.item_rect, draggable=inp.draggable,
                                   drop_targets=inp.drop_targets, on_drop=inp.on_drop,
                                   on_click=inp.on_click_item)
        self.add_widgets(PAUSE_RECT, undo_rect=UNDO_RECT, hint_rect=HINT_RECT, score_rect=NEXT_RECT)
        self.game_log.open(NARRATION_RECT)
        self.btn_next = self.widgets.add(
            # Translators: a button (max ~14 characters) dealing the next round after a round's scoring
            Button("button:next-round", _("Next round"), NEXT_RECT, self.next_round, style="primary", size=20))
        self.art = SushiArt(app)
        self.sync_widgets()

    # -- lifecycle --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.autosave()  # a new game replaces the previous save
        v = self.match.view(self.bottom)
        if v.phase == EAT and v.step == 0 and not v.chosen and not self._left:
            self.run_main(self.choreo.g_deal(self._dealt()))  # a fresh round: deal the hands
        self._drive()

    def resync_scene(self) -> None:
        """:meth:`PlayScene.resync`: no scoring panel, no card in the air, no choice held, a new
        snapshot."""
        self.undoing.release()
        self.side.clear()
        self.scoring = None
        self.anim_label = ""
        self.toast_ms = 0.0
        self.refresh()
        self.sync_widgets()

    def animate_applied(self, seat: int, action: str) -> None:
        """Review mode's step forward: the choice as an AI's is shown. The forced keep that ends a
        round is shown as in play: nothing until every seat's keep is in, then the round's end
        (:meth:`_forced_keep`'s choreography)."""
        sh = self.shown
        if sh.phase == KEEP and sh.step == STEPS - 1:
            if self.match.to_act() and not self.match.is_over() and self.match.view(self.bottom).phase == KEEP:
                self.game_log.tell_new()
                self.refresh()  # the keep lies face down; the round ends with the last one
                return
            events = self.take_events(self.bottom)
            self.choreo.finish_side()
            self.run_main(self.choreo.g_round_end(events))
            return
        self._show_choice(seat, None)

    def before_review_step(self) -> None:
        """Review mode's step forward: a round's scoring panel still open closes first."""
        if self.scoring is not None:
            self.finish_animations()
            self.resync()

    def viewer_changed(self) -> None:
        """Review mode: the chosen seat (seat 0 for "All") sits at the bottom, looking."""
        self.bottom = self.review_viewer if self.review_viewer is not None else 0
        self.viewer = self.bottom
        self.layout_seats()

    def open_choice(self, seat: int) -> str | None:
        """``seat``'s pending choice when the replay viewer shows everything ("All"), else None
        (a choice stays face down)."""
        if not (self.review and self.review_viewer is None):
            return None
        choice: str | None = self.match.view(seat).my_choice
        return choice

    def hint_shown(self, hint: Any) -> None:
        """Say which card the hard AI would take, and why (issue 21 §4), in the banner."""
        self.hinting.say(texts.hint_text(hint.action, self.match.view(hint.seat).phase))

    def hint_card(self) -> int | None:
        """The index in the bottom hand of the card the hard AI's suggestion plays, while the hint
        is about the position on screen; else None."""
        action = self.hinting.current()
        hand = self.shown.seats[self.bottom].hand if action is not None else None
        if action is None or hand is None:
            return None
        card = action.partition("=")[0]
        return list(hand).index(card) if card in hand else None

    # -- tutorials (issue 11) ------------------------------------------------------------------------
    coach_grow = "down"
    #: where a grown coach panel may end: above "Your chips", or below its title, never across it
    coach_stops = (MY_CHIPS_RECT.y - 6, MY_CHIPS_RECT.y + 44, MY_CHIPS_RECT.bottom)

    def coach_rect(self) -> pygame.Rect:
        """The coach covers the chip piles (growing over "Your chips" when it needs more room)."""
        return pygame.Rect(PILES_RECT)

    def tutorial_drop(self) -> tuple[str, pygame.Rect] | None:
        """Where a tutorial's asked-for card goes (:func:`scenes.sushi.input.tutorial_drop`)."""
        return tutorial_drop(self)

    # -- what is shown ----------------------------------------------------------------------------
    def take_snapshot(self) -> Shown:
        """A fresh :class:`Shown` from the bottom seat's view (private while its owner looks)."""
        shown = Shown.from_view(self.match.view(self.bottom), private=self.viewer is not None)
        if self.review and self.review_viewer is None:  # the replay viewer's "All"
            shown.reveal_all([self.match.view(s) for s in range(len(self.seats))])
        return shown

    def refresh(self) -> None:
        """A new snapshot; the log tells what it shows (AI choices made during the animation)."""
        self.shown = self.take_snapshot()
        self.game_log.tell_new()

    def seat_anchor(self, seat: int) -> pygame.Rect:
        """``seat``'s panel (logical px): what its speech bubble points at (:meth:`SeatArea.anchor`)."""
        return self.areas[seat].anchor()

    def layout_seats(self) -> None:
        """Seat areas: the bottom seat below, the others across the top from its left neighbour
        (seat + 1, who receives its leftovers) to its right neighbour."""
        self.top_order = self.seats_after(self.bottom)
        rects = top_panel_rects(len(self.top_order))
        self.areas = {self.bottom: SeatArea(self.bottom)}
        for seat, r in zip(self.top_order, rects):
            self.areas[seat] = SeatArea(seat, r)

    def _dealt(self) -> tuple[str, ...] | None:
        """The bottom seat's cards of its latest ``sushi.deal`` (None if it has none)."""
        for e in reversed(self.match.events_for(self.bottom)):
            if isinstance(e, Deal) and e.seat == self.bottom:
                return e.cards
        return None

    @property
    def flights(self) -> list[Any]:
        """The sprites moving now (the timeline's; chosen cards still flying first)."""
        return self.timeline.sprites

    # -- queries ----------------------------------------------------------------------------------
    def panel_up(self) -> bool:
        """The round-scoring panel covers the table (and where Hint and Undo stand)."""
        return self.scoring is not None

    def human_to_act(self) -> int | None:
        """The human seat that may use the mouse now (the bottom seat, if it is looking and must
        choose), else None (animating, AI's turn, privacy screen, scoring, forced keep, over)."""
        if self.timeline.running or self._left or self.review or self.scoring is not None or self.viewer is None:
            return None
        if self.privacy_for is not None or self.seats[self.viewer] != "human":
            return None
        v = self.match.view(self.viewer)
        if v.phase not in (EAT, KEEP) or self.viewer not in v.to_act or not v.legal_actions:
            return None
        if v.phase == KEEP and v.step == STEPS - 1:
            return None  # forced keep: applied automatically
        return self.viewer

    def busy(self) -> bool:
        return (
            self.moving()
            or self.toast_ms > 0
            or (self.scoring is not None and self.scoring.auto_ms is not None)
            or self.said_ms > 0
            or self._ai_pending()
            or not self.hand.settled()
        )

    def _ai_pending(self) -> bool:
        """True when an AI seat still has to choose now (the loop must keep running); never in
        review mode (the record says what the AI did)."""
        if self._left or self.review or self.scoring is not None or self.privacy_for is not None:
            return False
        v = self.match.view(self.bottom)
        return any(self.seats[s] != "human" for s in v.to_act) or (v.phase == KEEP and v.step == STEPS - 1)

    def banner_text(self) -> str:
        """The instruction banner's text (:func:`scenes.sushi.texts.banner_text`)."""
        return texts.banner_text(self)

    def seat_status(self, seat: int) -> str:
        """"chosen" / "thinking" / "choosing" / "" for a seat's panel."""
        return texts.seat_status(self, seat)

    # -- input --------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.input.handle_event(event)

    def message(self, text: str, error: bool = True) -> None:
        """Show a short fading message (and the error sound)."""
        self.toast_text = text
        self.toast_ms = TOAST_MS
        if error:
            self.sfx("error")

    # -- choices ----------------------------------------------------------------------------------
    def commit(self, seat: int, action: str, start_rect: pygame.Rect | None = None) -> bool:
        """Apply a person's ``action`` for ``seat`` through the Match and animate its events.
        False if the state rejects it. A choice that ends its phase is held for the reveal's beat
        first when undo is on (:mod:`scenes.sushi.beat`)."""
        if beat.hold(self, seat, action, start_rect):
            return True
        if not self.apply_person(seat, action):
            return False
        self._show_choice(seat, start_rect)
        return True

    def _show_choice(self, seat: int, start_rect: pygame.Rect | None) -> None:
        """Animate the new events of ``seat``'s choice: its card flies face down without blocking
        anyone, or, when it was the phase's last, lands and the phase resolves (autosaved)."""
        events = self.take_events(self.bottom)
        chosen = first_event(events, Chosen, seat)
        action = chosen.action if chosen is not None else None
        if resolves(events):
            self.autosave()  # a resolved phase
            self.choreo.finish_side()
            sizes = self.match.view(self.bottom).hand_sizes
            self.run_main(self.choreo.g_resolve(seat, action, start_rect, events, sizes))
        else:
            self.choreo.side_choice(seat, action, start_rect)

    def _forced_keep(self) -> None:
        """The round's last keep (:func:`scenes.sushi.keep.forced_keep`), then the round's end."""
        events = forced_keep(self)
        if events is not None:
            self.choreo.finish_side()
            self.run_main(self.choreo.g_round_end(events))

    # -- flow driver --------------------------------------------------------------------------------
    def _drive(self) -> None:
        """Start whatever comes next when nothing animates: the forced keep, one tick of the AI
        (``match.drive``), the privacy screen for the next human (``match.privacy_due``)."""
        if self.timeline.running or self._left or self.scoring is not None or self.privacy_for is not None:
            return
        if self.match.is_over() or self.review:
            return
        v = self.match.view(self.bottom)
        if not self.coaching.bots_allowed():
            return  # a tutorial's step waits for the person
        if v.phase == KEEP and v.step == STEPS - 1 and v.to_act:
            self._forced_keep()
            return
        move = self.match.drive()
        if move is not None:
            self._show_choice(move.seat, None)
            return
        if self.side:
            return  # (the last card placed lands before the screen is handed over)
        nxt = self.match.privacy_due(self.viewer, self.bottom)
        if nxt is not None:
            self.handover.ask(nxt)

    def next_round(self) -> None:
        panel = self.scoring
        if panel is None or not panel.done or self._left:
            return
        if panel.final:
            self.go_to_score()
            return
        self.scoring = None
        self.sync_widgets()
        self.run_main(self.choreo.g_deal(self._dealt()))

    def go_to_score(self) -> None:
        self.open_score("sushi_score", dict(seats=list(self.seats), names=list(self.names)))

    # -- animation ----------------------------------------------------------------------------------
    def run_main(self, gen: Choreography) -> None:
        """Start ``gen`` as the main choreography (input waits until it ends)."""
        self.drag.reset()
        if self.timeline.running:  # (never: a choreography starts only when none runs)
            self.timeline.finish()
        self.sync_widgets()
        self.timeline.run(gen)

    def _anim_done(self) -> None:
        """The main choreography ended."""
        self.anim_label = ""
        self.sync_widgets()

    def finish_animations(self) -> None:
        """Land the chosen cards still flying, then :meth:`PlayScene.finish_animations`."""
        self.choreo.finish_side()
        super().finish_animations()

    def before_privacy(self) -> None:
        self.choreo.finish_side()  # chosen cards still flying land before the curtain goes up

    # -- per frame ----------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        sdt = self._frame_start(dt_ms)
        if self.toast_ms > 0:
            self.toast_ms = max(0.0, self.toast_ms - dt_ms)
        self.hand.update(dt_ms, self.input.lifted_card())
        self.choreo.apply_ahead()  # the AIs choose while the last phase animates
        self.timeline.step(sdt)
        panel = self.scoring
        if panel is not None and panel.auto_ms is not None:
            panel.auto_ms -= sdt
            if panel.auto_ms <= 0:
                panel.auto_ms = None
                self.next_round()
        if self.handover.returned():
            return
        self._drive()

    def sync_widgets(self) -> None:
        panel = self.scoring
        show = (panel is not None and panel.done and not self._left and bool(self.humans) and not panel.final
                and not self.review)
        self.btn_next.visible = show
        if panel is not None:
            # Translators: a button (max ~14 characters) showing the final scores after the last round
            self.btn_next.label = _("Final scores") if panel.final else _("Next round")
        self.btn_pause.enabled = not self._left
        if self.narration is not None:  # the scoring panel covers the log's card
            self.narration.visible = panel is None
        self.sync_play_widgets()

    # -- UI elements --------------------------------------------------------------------------------
    def ui_elements(self) -> list[UIElement]:
        """What the UI dump and tests see (:meth:`scenes.sushi.input.SushiInput.ui_elements`)."""
        return self.input.ui_elements()

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table (:func:`scenes.sushi.draw.draw`; never changes game or scene state)."""
        painter.draw(self, surface)


__all__ = ["MSG_WILD_FIRST", "MSG_WILD_STACK", "ScoringShow", "SushiPlayScene"]
