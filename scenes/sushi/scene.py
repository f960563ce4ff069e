"""The Sushi Draft play scene (RULES.md section 2): 2-5 seats, humans and AIs, simultaneous choices.

Rules never live here: the scene holds a :class:`game.sushi.SushiState`, asks a seat's view for
``legal_actions`` / ``wild_targets()`` and applies action strings with ``state.apply(seat,
action)``. What is drawn is a :class:`scenes.sushi.sprites.Shown` snapshot of ONE seat's view (the
seat at the bottom of the screen): other seats' hands are only counts (card backs), their chosen
cards are face-down cards, their chip values are hidden. While something animates the scene edits
a copy of the snapshot step by step and finally replaces it with a fresh one.

Flow of a phase (EAT or KEEP): every seat in ``state.to_act()`` chooses. AI seats ask the AI
worker one at a time (the UI never waits on it); a human drags a card (or clicks it, then the
target). A choice lies face down (EAT: on the plate) until the last seat has chosen; then the phase
resolves and is animated: EAT — all chosen cards turn over together and fly to their owners'
eaten stacks; KEEP — every seat's leftovers fly to its left neighbour (seat + 1). At hand size 2
the keep is forced and applied automatically (the last card is discarded), then the round is
scored pile by pile in the scoring panel (``Award.text``), chips flying to their winners face
down; the bottom seat's own chips turn over to show their value. "Next round" (or Enter) deals
the next round; with no human the game goes on by itself. After round 3: the score screen.

Hot-seat (two or more humans): before a human chooses, if the bottom seat was someone else, the
privacy screen is pushed ("Pass to Aiko"); while it is up no hand is shown (``viewer`` is None).

Controls: drag a card onto the plate (EAT) / the keep mat (KEEP), or click it then click the
target; a wild is dropped on the eaten stack of the type it copies (``wild=<type>``); clicking a
wild with one possible type eats it as that type. Esc / the pause button: pause menu (Esc first
cancels a selection). Right-click cancels a selection.

UI ids (logical rects): ``hand:<i>``, ``plate``, ``keep``, ``stack:<seat>:<type>``,
``pile:<pile>``, ``chip:<seat>:<i>``, ``button:pause``, ``button:next-round``. The kind of
``plate`` / ``keep`` / ``stack:*`` is ``"target"`` while the human at the bottom may drop a card
there now (a stack: a wild copying that type), else ``"target-idle"`` / ``"stack"``.
"""
from __future__ import annotations

import copy
import logging
import math
import random
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

import pygame

from game.core import ActionError
from game.sushi import (
    DESSERT,
    EAT,
    KEEP,
    OVER,
    PILES,
    ROUNDS,
    STEPS,
    SUSHI,
    TYPES,
    WILD,
    SushiState,
    eaten_card,
    eaten_type,
)
from scenes.kit.dragdrop import DragController
from scenes.kit.draw import (
    PILL_DARK,
    C,
    draw_count_badge,
    draw_dashed_rect,
    draw_panel,
    draw_pause_icon,
    draw_shadow,
    draw_text,
    fit_text,
    mix,
    pill_surface,
    text_width,
    wrap_text,
)
from scenes.kit.scene import UIElement
from scenes.kit.tween import approach, clamp
from scenes.kit.widgets import Button, WidgetGroup
from scenes.play.base import PlayScene
from scenes.play.seats import LEVEL_LABEL, SEAT_RGB
from scenes.sushi.sprites import (
    BACK,
    BANNER_RECT,
    CARD_SHORT,
    DECK_POS,
    HAND_AREA,
    HAND_H,
    HAND_W,
    HOVER_LIFT,
    KEEP_RECT,
    KEEP_SVG,
    MY_CHIPS_RECT,
    MY_STACKS_RECT,
    NEXT_RECT,
    PASS_RECT,
    PAUSE_RECT,
    PHASE_RECT,
    PILE_TITLE,
    PILES_RECT,
    PLATE_RECT,
    PLATE_SVG,
    ROUND_RECT,
    SCORING_RECT,
    TABLE_SVG,
    TYPE_RGB,
    Flight,
    SeatArea,
    Shown,
    SushiArt,
    centered,
    icon_path,
    pile_cell,
    pile_chip_rect,
    stacks_of,
    top_panel_rects,
)

log = logging.getLogger("tatami.sushi")

# animation timings (ms at speed 1)
PLACE_MS = 320.0
AI_PLACE_MS = 260.0
GATHER_MS = 300.0
FLIP_MS = 380.0
REVEAL_HOLD_MS = 520.0
TO_STACK_MS = 460.0
PASS_MS = 640.0
PASS_STAGGER_MS = 45.0
DEAL_MS = 420.0
DEAL_STAGGER_MS = 38.0
DEAL_BEAT_MS = 120.0
FORCED_PAUSE_MS = 750.0
DISCARD_MS = 520.0
SCORE_START_MS = 450.0
SCORE_PILE_MS = 560.0
CHIP_MS = 560.0
CHIP_FLIP_MS = 300.0
SCORE_HOLD_MS = 420.0
AUTO_NEXT_MS = 2600.0
END_DELAY_MS = 2600.0
DEFAULT_THINK_MS = 320.0
TOAST_MS = 2600.0

MSG_WILD_FIRST = "A wild copies a sushi you have already eaten this round — eat a real card first"
MSG_WILD_STACK = "Drop the wild on the stack it copies"
MSG_TO_PLATE = "Drop the card on your plate to eat it"
MSG_TO_KEEP = "Drop the card on the keep mat to keep it"

GOLD_HI = (240, 200, 110)
DARK = PILL_DARK


@dataclass
class ScoringShow:
    """The round-scoring panel: ``awards`` of round ``round`` (PILES order), the pile being shown
    (``index``; -1 before the first, ``len(awards)`` once all are shown), ``done`` when the
    panel waits for "Next round" (or counts ``auto_ms`` down), ``final`` after round 3."""

    round: int
    awards: list
    index: int = -1
    done: bool = False
    final: bool = False
    auto_ms: float | None = None
    texts: list = field(default_factory=list)


class SushiPlayScene(PlayScene):
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

    Attributes for tests / tools: ``state``, ``seats``, ``names``, ``viewer`` (the seat whose
    private view is shown at the bottom, None while the privacy screen is up), ``bottom`` (the
    seat drawn at the bottom), ``shown`` (the displayed snapshot), ``worker`` (the AI worker),
    ``scoring`` (the round-scoring panel or None), ``toast_text``, ``score_requested``.
    """

    name = "sushi_play"
    pausable = True
    game_name = "sushi-draft"

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
        if kwargs:
            log.debug("sushi scene: ignoring options %s", sorted(kwargs))
        self.init_play(SUSHI, seats, seed, names, speed, state, think_ms)
        seats = self.seats
        self._ai_seat: int | None = None

        # who is shown at the bottom: one human -> always that human; none -> seat 0 (its view);
        # hot-seat -> the human acting now (the first one to begin with)
        self.bottom = self.humans[0] if self.humans else 0
        # hot-seat starts behind the privacy screen (nobody's hand is shown before "ready")
        self.viewer: int | None = self.bottom if len(self.humans) <= 1 else None
        self._privacy_for: int | None = None
        self.areas: dict[int, SeatArea] = {}
        self.top_order: list[int] = []
        self._layout()
        self.shown = self._snapshot()

        # animation / flow
        self.flights: list[Flight] = []
        self.side: list[tuple[Flight, Any]] = []  # non-blocking flights (hidden choices) + on-landing
        self._anim: Iterator[float] | None = None
        self._anim_wait = 0.0
        self.anim_label = ""
        self.scoring: ScoringShow | None = None
        self.end_timer: float | None = None
        self._left = False
        self.score_requested = False
        self.toast_text = ""
        self.toast_ms = 0.0
        self.clock_ms = 0.0
        self.hover: tuple[int, int] | None = None
        self.lifts: list[float] = [0.0] * 8  # hover lift of each hand card (logical px)
        self._goals: list[float] = [0.0] * 8
        self.errors = 0

        self.drag = DragController(
            hit_test=self._hit_item,
            item_rect=self._item_rect,
            draggable=self._draggable,
            drop_targets=self._drop_targets,
            on_drop=self._on_drop,
            on_click=self._on_click_item,
        )
        self.widgets = WidgetGroup()
        self.btn_pause = self.widgets.add(
            Button("button:pause", "", PAUSE_RECT, self._open_pause, style="secondary", icon=draw_pause_icon))
        self.btn_next = self.widgets.add(
            Button("button:next-round", "Next round", NEXT_RECT, self._next_round, style="primary", size=20))
        self.art = SushiArt(app)
        self._cache: dict[Any, pygame.Surface] = {}
        self._cache_version = -1
        self._sync_widgets()

    # ------------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.autosave()  # a new game replaces the previous save
        v = self._public_view()
        if v.phase == EAT and v.step == 0 and not v.chosen and not self._left:
            self._run(self._g_deal())  # a fresh round: deal the hands
        self._drive()

    def pause(self) -> None:
        self.drag.cancel(animate=False)

    def resume(self) -> None:
        self._views.clear()

    # ------------------------------------------------------------------------------------------
    # queries
    # ------------------------------------------------------------------------------------------
    def _public_view(self):
        """The bottom seat's view (only its public fields are used by the flow)."""
        return self._view(self.bottom)

    def _snapshot(self) -> Shown:
        return Shown.from_view(self.state.view(self.bottom), private=self.viewer is not None)

    def _go_to_score(self) -> None:
        self.open_score("sushi_score", dict(seats=list(self.seats), names=list(self.names)))

    def _refresh(self) -> None:
        self._views.clear()
        self.shown = self._snapshot()

    def _layout(self) -> None:
        """Seat areas: the bottom seat below, the others across the top from its left neighbour
        (seat + 1, who receives its leftovers) to its right neighbour."""
        n = len(self.seats)
        self.top_order = [(self.bottom + k) % n for k in range(1, n)]
        rects = top_panel_rects(len(self.top_order))
        self.areas = {self.bottom: SeatArea(self.bottom)}
        for seat, r in zip(self.top_order, rects):
            self.areas[seat] = SeatArea(seat, r)

    def human_to_act(self) -> int | None:
        """The human seat that may use the mouse now (the bottom seat, if it is looking and must
        choose), else None (animating, AI's turn, privacy screen, scoring, forced keep, over)."""
        if self._anim is not None or self._left or self.scoring is not None or self.viewer is None:
            return None
        if self._privacy_for is not None or self.seats[self.viewer] != "human":
            return None
        v = self._view(self.viewer)
        if v.phase not in (EAT, KEEP) or self.viewer not in v.to_act or not v.legal_actions:
            return None
        if v.phase == KEEP and v.step == STEPS - 1:
            return None  # forced keep: applied automatically
        return self.viewer

    def busy(self) -> bool:
        return (
            self._anim is not None
            or bool(self.side)
            or self.worker.thinking
            or self.drag.busy()
            or self.widgets.busy()
            or self.end_timer is not None
            or self.toast_ms > 0
            or (self.scoring is not None and self.scoring.auto_ms is not None)
            or self._ai_pending()
            or any(abs(x - g) > 1e-3 for x, g in zip(self.lifts, self._goals))
        )

    def _ai_pending(self) -> bool:
        """True when an AI seat still has to choose now (the loop must keep running)."""
        if self._left or self.scoring is not None or self._privacy_for is not None:
            return False
        v = self._public_view()
        return any(self.seats[s] != "human" for s in v.to_act) or (v.phase == KEEP and v.step == STEPS - 1)

    # ------------------------------------------------------------------------------------------
    # drag-and-drop callbacks
    # ------------------------------------------------------------------------------------------
    def _hand_rects(self) -> list[pygame.Rect]:
        ss = self.shown.seats[self.bottom]
        n = ss.hand_count
        area = self.areas[self.bottom]
        return [area.hand_card(i, n) for i in range(n)]

    def _hit_item(self, pos) -> Any:
        ss = self.shown.seats[self.bottom]
        if ss.hand is None or self.human_to_act() is None:
            return None
        rects = self._hand_rects()
        for i in range(len(rects) - 1, -1, -1):
            r = rects[i].move(0, -round(self.lifts[i] if i < len(self.lifts) else 0))
            if r.collidepoint(pos):
                return ("hand", i)
        return None

    def _card_of(self, item: Any) -> str | None:
        if not (isinstance(item, tuple) and len(item) == 2 and item[0] == "hand"):
            return None
        hand = self.shown.seats[self.bottom].hand
        if hand is None or not 0 <= item[1] < len(hand):
            return None
        return hand[item[1]]

    def _item_rect(self, item: Any) -> pygame.Rect:
        rects = self._hand_rects()
        if isinstance(item, tuple) and len(item) == 2 and 0 <= item[1] < len(rects):
            return rects[item[1]]
        return pygame.Rect(0, 0, 0, 0)

    def _draggable(self, item: Any) -> bool:
        return self.human_to_act() is not None and self._card_of(item) is not None

    def _drop_targets(self, item: Any) -> list[tuple[Any, pygame.Rect]]:
        seat = self.human_to_act()
        card = self._card_of(item)
        if seat is None or card is None:
            return []
        v = self._view(seat)
        if v.phase == KEEP:
            return [("keep", pygame.Rect(KEEP_RECT))]
        if card == WILD:
            area = self.areas[seat]
            return [(("stack", t), area.stack_zone(TYPES.index(t))) for t in v.wild_targets()]
        return [("plate", pygame.Rect(PLATE_RECT))]

    def _action_for(self, card: str, target: Any) -> str | None:
        if target == "keep":
            return card
        if target == "plate" and card != WILD:
            return card
        if isinstance(target, tuple) and target[0] == "stack" and card == WILD:
            return f"{WILD}={target[1]}"
        return None

    def _on_drop(self, item: Any, target: Any, drop_rect: pygame.Rect | None) -> bool:
        seat = self.human_to_act()
        card = self._card_of(item)
        if seat is None or card is None:
            return False
        action = self._action_for(card, target)
        if action is None or action not in self._view(seat).legal_actions:
            return False
        return self._commit(seat, action, drop_rect if drop_rect is not None else self._item_rect(item))

    def _on_click_item(self, item: Any) -> bool:
        seat = self.human_to_act()
        card = self._card_of(item)
        if seat is None or card is None:
            return False
        v = self._view(seat)
        if v.phase != EAT or card != WILD:
            return False
        targets = v.wild_targets()
        if not targets:
            self._message(MSG_WILD_FIRST)
            return True
        if len(targets) == 1:
            self._commit(seat, f"{WILD}={targets[0]}", self._item_rect(item))
            return True
        return False  # selected: the stacks it may copy glow; the banner says to click one

    # ------------------------------------------------------------------------------------------
    # events
    # ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if self._left:
            return False
        if et == pygame.MOUSEMOTION:
            pos = getattr(event, "pos", None)
            self.hover = (int(pos[0]), int(pos[1])) if pos is not None else None
            self.widgets.handle_event(event)
            self.drag.handle_event(event)
            return True
        if et == pygame.KEYDOWN:
            key = getattr(event, "key", None)
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.btn_next.visible:
                    self._next_round()
                return True
            if key == pygame.K_ESCAPE:
                if self.drag.handle_event(event):
                    return True
                self._open_pause()
                return True
            return False
        if et not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = getattr(event, "pos", None)
        button = getattr(event, "button", 1)
        if pos is None:
            return False
        if self.widgets.handle_event(event):
            return True
        was_dragging = self.drag.dragging
        item = self.drag.active_item
        if self.drag.handle_event(event):
            if was_dragging and et == pygame.MOUSEBUTTONUP and button == 1 and self.drag.busy():
                self._dropped_nowhere(item, pos)  # the card snaps back
            return True
        return False

    def _dropped_nowhere(self, item: Any, pos) -> None:
        card = self._card_of(item)
        seat = self.human_to_act()
        if card is None or seat is None:
            return
        v = self._view(seat)
        if v.phase == EAT and card == WILD:
            self._message(MSG_WILD_FIRST if not v.wild_targets() else MSG_WILD_STACK)
        elif HAND_AREA.collidepoint(pos):
            return  # put back into the hand: no complaint
        else:
            self._message(MSG_TO_KEEP if v.phase == KEEP else MSG_TO_PLATE)

    def _message(self, text: str, error: bool = True) -> None:
        """Show a short fading message (and the error sound)."""
        self.toast_text = text
        self.toast_ms = TOAST_MS
        if error:
            self._sfx("error")

    # ------------------------------------------------------------------------------------------
    # choices
    # ------------------------------------------------------------------------------------------
    def _commit(self, seat: int, action: str, start_rect: pygame.Rect | None = None) -> bool:
        """Apply ``action`` for ``seat`` and animate it (and the phase's resolution if it was the
        last choice). False if the state rejects it."""
        before = self.shown.phase_index
        try:
            self.match.apply(seat, action)
        except ActionError as exc:
            self.errors += 1
            log.warning("sushi: %s rejected for seat %d: %s", action, seat, exc)
            return False
        self._views.clear()
        new_view = self.state.view(self.bottom)
        if new_view.phase_index != before:
            self.autosave()  # a resolved phase
            self._run(self._choreo_resolve(seat, action, start_rect, new_view))
        else:
            # a hidden choice: its card flies without blocking anyone (a human may be dragging)
            flight, land = self._place(seat, action, start_rect)
            self.side.append((flight, land))
        return True

    def _forced_keep(self) -> None:
        """Hand size 2: every seat's keep is its last card, which is discarded. Applied for all
        seats at once (humans too), then animated."""
        self.worker.cancel()
        self._ai_seat = None
        before = self.shown.phase_index
        for seat in list(self.state.to_act()):
            legal = self.state.legal_actions(seat)
            if len(legal) != 1:
                log.error("sushi: the keep of seat %d is not forced (%s)", seat, legal)
                return
            try:
                self.match.apply(seat, legal[0])
            except ActionError as exc:  # pragma: no cover - legal by construction
                log.error("sushi: forced keep rejected: %s", exc)
                return
        self._views.clear()
        new_view = self.state.view(self.bottom)
        if new_view.phase_index != before:
            self.autosave()
        self._finish_side()
        self._run(self._choreo_round_end(new_view))

    # ------------------------------------------------------------------------------------------
    # flow driver
    # ------------------------------------------------------------------------------------------
    def _drive(self) -> None:
        """Start whatever comes next when nothing animates: the forced keep, an AI request or
        answer, the privacy screen for the next human."""
        if self._anim is not None or self._left or self.scoring is not None or self._privacy_for is not None:
            return
        if self.state.is_over():
            return
        v = self._public_view()
        if v.phase == KEEP and v.step == STEPS - 1 and v.to_act:
            self._forced_keep()
            return
        to_act = v.to_act
        ai_todo = [s for s in to_act if self.seats[s] != "human"]
        if ai_todo:
            if not self.worker.thinking or self._ai_seat not in ai_todo:
                self._ai_seat = ai_todo[0]
                self.worker.request(self.bots[self._ai_seat], self.state.view(self._ai_seat))
            else:
                action = self.worker.poll()
                if action is not None:
                    seat, self._ai_seat = self._ai_seat, None
                    if not self._commit(seat, action):
                        legal = self.state.legal_actions(seat)
                        if legal:
                            self._commit(seat, random.Random(self.seed + len(self.state.history)).choice(legal))
                    return
        humans_todo = [s for s in to_act if self.seats[s] == "human"]
        if not humans_todo or len(self.humans) < 2:
            return
        if self.viewer in humans_todo or self.side:
            return  # (the last card placed lands before the screen is handed over)
        # the next human from the bottom seat on, in seat order (the bottom seat itself first when
        # it has not chosen yet: the start of a hot-seat game)
        n = len(self.seats)
        nxt = min(humans_todo, key=lambda s: (s - self.bottom) % n)
        self.ask_privacy(nxt)

    def _next_round(self) -> None:
        sc = self.scoring
        if sc is None or not sc.done or self._left:
            return
        if sc.final:
            self._go_to_score()
            return
        self.scoring = None
        self._sync_widgets()
        self._run(self._g_deal())

    # ------------------------------------------------------------------------------------------
    # animation engine (generator choreographies yielding waits in ms)
    # ------------------------------------------------------------------------------------------
    def _run(self, gen: Iterator[float]) -> None:
        self.drag.reset()
        self._anim = gen
        self._anim_wait = 0.0
        self._sync_widgets()
        self._step_anim(0.0)

    def _step_anim(self, sdt: float) -> None:
        for f in self.flights:
            f.update(sdt)
        if self._anim is None:
            return
        self._anim_wait -= sdt
        while self._anim is not None and self._anim_wait <= 0:
            try:
                self._anim_wait += next(self._anim)
            except StopIteration:
                self._anim = None
                self._anim_wait = 0.0
                self.flights = []
                self.anim_label = ""
                self._views.clear()
                self._sync_widgets()

    def finish_animations(self) -> None:
        """Jump every running animation to its end (tests, benchmark)."""
        self._finish_side()
        guard = 0
        while self._anim is not None and guard < 200:
            self._step_anim(1e9)
            guard += 1
        self.drag.finish_animation()

    # -- a choice ---------------------------------------------------------------------------------
    def _before_privacy(self) -> None:
        self._finish_side()  # chosen cards still flying land before the curtain goes up

    def _finish_side(self) -> None:
        """Land every non-blocking flight (chosen cards on their way) at once."""
        side, self.side = self.side, []
        for flight, land in side:
            flight.tween.finish()
            land()

    def _choreo_resolve(self, seat: int, action: str, start_rect: pygame.Rect | None,
                        new_view: Any) -> Iterator[float]:
        """The last choice of a phase lands, then the phase resolves on screen."""
        self._finish_side()
        flight, land = self._place(seat, action, start_rect)
        self.flights = [flight]
        yield flight.tween.duration_ms
        land()
        self.flights = []
        if self.shown.phase == EAT:
            yield from self._g_reveal(new_view)
        elif new_view.round != self.shown.round or new_view.phase == OVER:
            yield from self._choreo_round_end(new_view)  # (not reached: that keep is forced)
            return
        else:
            yield from self._g_pass(new_view)
        self._refresh()

    def _place(self, seat: int, action: str, start_rect: pygame.Rect | None) -> tuple[Flight, Any]:
        """Take the chosen card out of the seat's displayed hand; returns (its flight to the
        chosen-card spot, the function marking it landed). The card lies face down in front of
        its seat (bottom EAT: on the plate; bottom KEEP: on the keep mat, face up for its owner)."""
        sh = self.shown
        ss = sh.seats[seat]
        area = self.areas[seat]
        phase = sh.phase
        card = eaten_card(action)
        n = ss.hand_count
        end = area.chosen_card(phase)
        if area.bottom and ss.hand is not None and card in ss.hand:
            i = ss.hand.index(card)
            start = start_rect or area.hand_card(i, n)
            ss.hand.pop(i)
            ss.hand_count = len(ss.hand)
            to_back = phase == EAT
            flight = Flight("card", card, start, end, PLACE_MS, second=BACK if to_back else card,
                            flip=(0.15, 0.85) if to_back else None, lift=14)
        else:
            start = area.hand_card(max(0, n - 1), max(1, n))
            ss.hand_count = max(0, n - 1)
            if ss.hand is not None and ss.hand:
                ss.hand.pop()
            flight = Flight("card", BACK, start, end, AI_PLACE_MS, lift=6)
        self._sfx("place")
        private = area.bottom and sh.private

        def land() -> None:
            ss.chosen = True
            ss.choice = action if private else None

        return flight, land

    # -- EAT reveal -------------------------------------------------------------------------------
    def _g_reveal(self, new_view: Any) -> Iterator[float]:
        """Every chosen card turns over at once, then flies to its owner's eaten stack."""
        sh = self.shown
        n = sh.num_seats
        self.anim_label = "Everyone reveals their sushi"
        actions = [new_view.eaten[s][-1] for s in range(n)]
        for s in range(n):
            sh.seats[s].chosen = False
            sh.seats[s].choice = None
        starts = [self.areas[s].chosen_card(EAT) for s in range(n)]
        mids = [self.areas[s].reveal_card() for s in range(n)]
        self.flights = [Flight("card", BACK, starts[s], mids[s], GATHER_MS, lift=10) for s in range(n)]
        yield GATHER_MS
        self.flights = [Flight("card", BACK, mids[s], mids[s], FLIP_MS, second=eaten_card(actions[s]), flip=(0, 1),
                               ease="linear", lift=0) for s in range(n)]
        self._sfx("slide")
        yield FLIP_MS + REVEAL_HOLD_MS
        flights = []
        for s in range(n):
            a = actions[s]
            t = eaten_type(a)
            k = len(stacks_of(sh.seats[s].eaten)[t])
            dst = self.areas[s].stack_card(TYPES.index(t), k, k + 1, wild=a.startswith(WILD))
            flights.append(Flight("card", eaten_card(a), mids[s], dst, TO_STACK_MS, delay=s * 40, lift=14))
        self.flights = flights
        yield TO_STACK_MS + 40 * n
        self._sfx("place")
        for s in range(n):
            sh.seats[s].eaten.append(actions[s])
        self.flights = []

    # -- KEEP: pass to the left -------------------------------------------------------------------
    def _g_pass(self, new_view: Any) -> Iterator[float]:
        """Every seat's leftovers fly to its left neighbour (seat + 1); the kept cards go back
        into their hands; the bottom seat's received cards turn face up into its new hand."""
        sh = self.shown
        n = sh.num_seats
        b = self.bottom
        self.anim_label = "Passing hands to the left"
        flights: list[Flight] = []
        new_counts = list(new_view.hand_sizes)
        bot = sh.seats[b]
        new_hand = list(new_view.hand) if (sh.private and new_view.seat == b) else None
        # the bottom seat's new hand: which slots are the kept card and which are received
        m = new_counts[b]
        kept_slot = None
        if new_hand is not None and bot.choice is not None and bot.choice in new_hand:
            kept_slot = new_hand.index(bot.choice)
        elif m:
            kept_slot = m - 1
        recv_slots = [i for i in range(m) if i != kept_slot]
        for s in range(n):
            src_area = self.areas[s]
            dst = (s + 1) % n
            dst_area = self.areas[dst]
            ss = sh.seats[s]
            k = ss.hand_count
            for j in range(k):
                delay = j * PASS_STAGGER_MS + s * 20
                if src_area.bottom:
                    start = src_area.hand_card(j, k)
                    face = ss.hand[j] if ss.hand is not None and j < len(ss.hand) else BACK
                else:
                    start = src_area.hand_card(j, k)
                    face = BACK
                if dst_area.bottom:
                    slot = recv_slots[j] if j < len(recv_slots) else j
                    end = dst_area.hand_card(slot, m)
                    last = new_hand[slot] if new_hand is not None and slot < len(new_hand) else BACK
                    flights.append(Flight("card", face, start, end, PASS_MS, second=last,
                                          flip=(0.72, 1.0) if last != BACK else None, delay=delay, lift=18,
                                          angle1=dst_area.hand_angle(slot, m)))
                else:
                    end = dst_area.hand_card(min(j + 1, 5), max(new_counts[dst], 1))
                    flights.append(Flight("card", face, start, end, PASS_MS, second=BACK,
                                          flip=(0.0, 0.25) if face != BACK else None, delay=delay, lift=18,
                                          angle0=src_area.hand_angle(j, k)))
            # the kept card goes back into its own hand
            if ss.chosen:
                start = src_area.chosen_card(KEEP)
                if src_area.bottom:
                    slot = kept_slot if kept_slot is not None else 0
                    end = src_area.hand_card(slot, m)
                    face = ss.choice if (ss.choice and new_hand is not None) else BACK
                    flights.append(Flight("card", face, start, end, PASS_MS * 0.8, delay=PASS_MS * 0.4, lift=10,
                                          angle1=src_area.hand_angle(slot, m)))
                else:
                    end = src_area.hand_card(0, max(new_counts[s], 1))
                    flights.append(Flight("card", BACK, start, end, PASS_MS * 0.8, delay=PASS_MS * 0.4, lift=6))
        for ss in sh.seats:
            ss.hand = [] if ss.hand is not None else None
            ss.hand_count = 0
            ss.chosen = False
            ss.choice = None
        self.flights = flights
        self._sfx("slide")
        longest = max((f.tween.delay_ms + f.tween.duration_ms for f in flights), default=0.0)
        yield longest + 60
        self.flights = []

    # -- the deal ---------------------------------------------------------------------------------
    def _g_deal(self) -> Iterator[float]:
        """A new round: six cards fly from the middle of the table to every seat."""
        self._views.clear()
        target = self._snapshot()
        work = copy.deepcopy(target)
        for ss in work.seats:
            ss.hand = [] if ss.hand is not None else None
            ss.hand_count = 0
            ss.chosen = False
            ss.choice = None
        self.shown = work
        self.anim_label = f"Round {target.round + 1}: dealing"
        yield DEAL_BEAT_MS  # (a first frame that renders and caches the art never skips the deal)
        n = work.num_seats
        flights = []
        order = [(self.bottom + k) % n for k in range(1, n + 1)]  # the left neighbour first
        for j in range(6):
            for k, s in enumerate(order):
                ts = target.seats[s]
                m = ts.hand_count + (1 if ts.chosen else 0)
                if j >= m:
                    continue
                area = self.areas[s]
                end = area.hand_card(j, m)
                face = ts.hand[j] if (area.bottom and ts.hand is not None and j < len(ts.hand)) else BACK
                delay = (j * n + k) * DEAL_STAGGER_MS
                start = centered(DECK_POS, end.w * 0.8, end.h * 0.8)
                flights.append(Flight("card", BACK, start, end, DEAL_MS, second=face,
                                      flip=(0.7, 1.0) if face != BACK else None, delay=delay, lift=12,
                                      angle1=area.hand_angle(j, m)))
        self.flights = flights
        self._sfx("slide")
        longest = max((f.tween.delay_ms + f.tween.duration_ms for f in flights), default=0.0)
        yield longest + 80
        self.flights = []
        self.shown = target
        self._refresh()

    # -- end of a round ---------------------------------------------------------------------------
    def _choreo_round_end(self, new_view: Any) -> Iterator[float]:
        sh = self.shown
        self.anim_label = "Last card: discarded"
        yield FORCED_PAUSE_MS
        # the last card of every hand is discarded
        flights = []
        for s, ss in enumerate(sh.seats):
            area = self.areas[s]
            k = ss.hand_count
            for j in range(k):
                start = area.hand_card(j, k)
                face = ss.hand[j] if (ss.hand is not None and j < len(ss.hand)) else BACK
                end = centered(DECK_POS, start.w * 0.6, start.h * 0.6)
                flights.append(Flight("card", face, start, end, DISCARD_MS, second=BACK,
                                      flip=(0.0, 0.4) if face != BACK else None, a0=255, a1=0, lift=10,
                                      angle0=area.hand_angle(j, k)))
            ss.hand = [] if ss.hand is not None else None
            ss.hand_count = 0
            ss.chosen = False
            ss.choice = None
        self.flights = flights
        self._sfx("slide")
        yield DISCARD_MS + 60
        self.flights = []
        yield from self._g_scoring(new_view)

    def _g_scoring(self, new_view: Any) -> Iterator[float]:
        """The round's six awards, pile by pile: the chip flies face down to its winner; the
        bottom seat's own chips turn over to show their value to it."""
        sh = self.shown
        r = sh.round
        awards = [a for a in new_view.awards if a.round == r]
        final = new_view.phase == OVER
        sc = self.scoring = ScoringShow(r, awards, final=final)
        sc.texts = [a.text(self.names) for a in awards]
        self.anim_label = f"Round {r + 1} scoring"
        self._sync_widgets()
        yield SCORE_START_MS
        mine = list(new_view.my_chips) if (sh.private and new_view.seat == self.bottom) else []
        seen_mine = len(sh.seats[self.bottom].chips) if mine else 0
        for k, award in enumerate(awards):
            sc.index = k
            yield SCORE_PILE_MS
            w = award.seat
            if w is None:
                yield SCORE_HOLD_MS
                continue
            pk = PILES.index(award.pile)
            left = sh.piles_left[pk]
            start = pile_chip_rect(pk, max(0, min(2, left - 1)))
            sh.piles_left[pk] = max(0, left - 1)
            ws = sh.seats[w]
            area = self.areas[w]
            dst = area.chip(len(ws.chips), len(ws.chips) + 1)
            self.flights = [Flight("chip", ("back", award.pile), start, dst, CHIP_MS, lift=16)]
            self._sfx("coins")
            yield CHIP_MS
            value = None
            if w == self.bottom and seen_mine < len(mine):
                value = mine[seen_mine][1]
                seen_mine += 1
                self.flights = [Flight("chip", ("back", award.pile), dst, dst, CHIP_FLIP_MS,
                                       second=("face", award.pile, value), flip=(0, 1), ease="linear", lift=0)]
                yield CHIP_FLIP_MS
            self.flights = []
            ws.chips.append(award.pile)
            ws.values.append(value)
            yield SCORE_HOLD_MS
        sc.index = len(awards)
        sc.done = True
        if final:
            # the game is over: every chip is revealed (the last round's sushi stays on the table)
            self.shown = Shown.from_view(self.state.view(self.bottom), private=self.viewer is not None)
            self.end_timer = END_DELAY_MS
            self._sfx(self.end_sound())
        elif not self.humans:
            sc.auto_ms = AUTO_NEXT_MS
        self.anim_label = ""
        self._sync_widgets()

    # ------------------------------------------------------------------------------------------
    # per frame
    # ------------------------------------------------------------------------------------------
    def _lift_goals(self) -> list[float]:
        """How far each hand card should be lifted now (the hovered or selected card)."""
        goals = [0.0] * len(self.lifts)
        if self._anim is not None or self.viewer is None:
            return goals
        item = self.drag.active_item
        if isinstance(item, tuple) and not self.drag.dragging and 0 <= item[1] < len(goals):
            goals[item[1]] = HOVER_LIFT
            return goals
        if self.hover is None or self.drag.dragging or self.human_to_act() is None:
            return goals
        rects = self._hand_rects()
        for k in range(len(rects) - 1, -1, -1):
            if rects[k].inflate(0, 40).move(0, -20).collidepoint(self.hover):
                if k < len(goals):
                    goals[k] = HOVER_LIFT
                break
        return goals

    def update(self, dt_ms: float) -> None:
        self.clock_ms += dt_ms
        sdt = dt_ms * self.speed
        self.widgets.update(dt_ms)
        self.drag.update(sdt)
        if self.toast_ms > 0:
            self.toast_ms = max(0.0, self.toast_ms - dt_ms)
        self._goals = self._lift_goals()
        for i, goal in enumerate(self._goals):
            self.lifts[i] = approach(self.lifts[i], goal, dt_ms, 45)
        if self._anim is not None:
            self._step_anim(sdt)
        if self.side:
            for flight, _ in self.side:
                flight.update(sdt)
            landed = [(f, land) for f, land in self.side if f.done]
            self.side = [(f, land) for f, land in self.side if not f.done]
            for _, land in landed:
                land()
        sc = self.scoring
        if sc is not None and sc.auto_ms is not None:
            sc.auto_ms -= sdt
            if sc.auto_ms <= 0:
                sc.auto_ms = None
                self._next_round()
        if self.end_timer is not None:
            self.end_timer -= sdt
            if self.end_timer <= 0:
                self.end_timer = None
                self._go_to_score()
                return
        if self._privacy_for is not None and self.app.manager.top() is self:
            seat = self._privacy_for  # the privacy screen went away without "ready": ask again
            self._privacy_for = None
            self.ask_privacy(seat)
            return
        self._drive()

    def _sync_widgets(self) -> None:
        sc = self.scoring
        show = sc is not None and sc.done and not self._left and (bool(self.humans) or sc.final)
        self.btn_next.visible = show
        if sc is not None:
            self.btn_next.label = "Final scores" if sc.final else "Next round"
        self.btn_pause.enabled = not self._left

    # ------------------------------------------------------------------------------------------
    # UI elements
    # ------------------------------------------------------------------------------------------
    def ui_elements(self) -> list[UIElement]:
        out: list[UIElement] = []
        sh = self.shown
        if sh.seats[self.bottom].hand is not None and self.viewer is not None:
            for i, r in enumerate(self._hand_rects()):
                out.append(UIElement(f"hand:{i}", "card", r))
        # kinds tell automation (UI dump) which drop targets accept a card now: "target" = the
        # human at the bottom may drop there now; "target-idle" / "stack" = not now
        actor = self.human_to_act()
        v = self._view(actor) if actor is not None else None
        eat = v is not None and v.phase == EAT
        keep = v is not None and v.phase == KEEP
        wilds = set(v.wild_targets()) if eat else set()
        out.append(UIElement("plate", "target" if eat else "target-idle", pygame.Rect(PLATE_RECT)))
        out.append(UIElement("keep", "target" if keep else "target-idle", pygame.Rect(KEEP_RECT)))
        for s in range(sh.num_seats):
            area = self.areas[s]
            for k, t in enumerate(TYPES):
                kind = "target" if s == actor and t in wilds else "stack"
                out.append(UIElement(f"stack:{s}:{t}", kind, area.stack_zone(k)))
        for k, pile in enumerate(PILES):
            out.append(UIElement(f"pile:{pile}", "pile", pile_cell(k)))
        for s in range(sh.num_seats):
            chips = sh.seats[s].chips
            for i in range(len(chips)):
                out.append(UIElement(f"chip:{s}:{i}", "chip", self.areas[s].chip(i, len(chips))))
        out.extend(self.widgets.ui_elements())
        return out

    # ------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------
    def banner_text(self) -> str:
        """The instruction banner's text."""
        if self._privacy_for is not None or (self.viewer is None and len(self.humans) > 1):
            who = self._privacy_for if self._privacy_for is not None else self.bottom
            return f"Pass the screen to {self.names[who]}"
        sc = self.scoring
        if sc is not None:
            if sc.final and sc.done:
                out = self.state.outcome()
                if out and len(out.winners) == 1:
                    w = out.winners[0]
                    return "You win!" if self.names[w] == "You" else f"{self.names[w]} wins!"
                return "A shared win!"
            return f"Round {sc.round + 1} scoring" + (" — well eaten!" if sc.done else "")
        if self._anim is not None and self.anim_label:
            return self.anim_label
        if self.state.is_over():
            return "Game over"
        seat = self.human_to_act()
        prefix = f"{self.names[seat]}: " if seat is not None and len(self.humans) > 1 else ""
        if seat is not None:
            v = self._view(seat)
            sel = self._card_of(self.drag.selected) if self.drag.selected is not None else None
            if v.phase == EAT:
                if sel == WILD:
                    return prefix + "Click the stack the wild copies"
                if sel is not None:
                    return prefix + f"Click your plate to eat the {CARD_SHORT[sel].lower()}"
                return prefix + "Eat: drag a card onto your plate"
            left = self.names[(seat + 1) % len(self.seats)]
            return prefix + f"Keep: drag one card to the keep mat — the rest go to {left}"
        if self._anim is not None:
            return ""
        v = self._public_view()
        waiting = [self.names[s] for s in v.to_act]
        if not waiting:
            return ""
        if len(waiting) == 1:
            return f"Waiting for {waiting[0]}…"
        return f"Waiting for {', '.join(waiting[:-1])} and {waiting[-1]}…"

    def seat_status(self, seat: int) -> str:
        """"chosen" / "thinking" / "choosing" / "" for a seat's panel."""
        sh = self.shown
        if self.scoring is not None or sh.over or sh.phase not in (EAT, KEEP):
            return ""
        if sh.seats[seat].chosen:
            return "chosen"
        if self._anim is not None:
            return ""
        v = self._public_view()
        if seat in v.to_act:
            return "choosing" if self.seats[seat] == "human" else "thinking"
        return ""

    # ------------------------------------------------------------------------------------------
    # drawing (never changes game or scene state; only fills render caches)
    # ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        key = ("static", surface.get_size(), self.bottom, tuple(self.top_order))
        surface.blit(self._cached(key, lambda: self._build_static(surface.get_size())), (0, 0))
        self._draw_targets(surface)
        for seat in self.top_order:
            self._draw_opponent(surface, seat)
        self._draw_info(surface)
        self._draw_my_stacks(surface)
        self._draw_table_middle(surface)
        self._draw_piles(surface)
        self._draw_my_chips(surface)
        if self.scoring is not None:
            self._draw_scoring(surface)
        else:
            self._draw_pass_card(surface)
            self._draw_hand(surface)
        for f, _ in self.side:
            self._draw_flight(surface, f)
        for f in self.flights:
            self._draw_flight(surface, f)
        self._draw_dragged(surface)
        self.widgets.draw(surface, self.app)

    # -- static layer -----------------------------------------------------------------------------
    def _build_static(self, size: tuple[int, int]) -> pygame.Surface:
        vp = self.viewport
        app = self.app
        s = pygame.Surface(size)
        s.fill((30, 24, 20))
        w, h = size
        f = max(w / 1280, h / 720)
        tw, th = int(math.ceil(1280 * f)), int(math.ceil(720 * f))
        s.blit(app.assets.svg_px(TABLE_SVG, tw, th), ((w - tw) // 2, (h - th) // 2))
        # opponents' panels
        for k, seat in enumerate(self.top_order):
            area = self.areas[seat]
            p = area.panel
            draw_panel(s, app, p, radius=14)
            inset = vp.to_window(pygame.Rect(p.x + 6, p.y + 96, p.w - 12, p.h - 100))
            pygame.draw.rect(s, C.PAPER_DARK, inset, border_radius=vp.px(9))
            for t_i, t in enumerate(TYPES):
                z = area.stack_card(t_i, 0, 1)
                wz = vp.to_window(z)
                pygame.draw.rect(s, mix(C.PAPER_DARK, TYPE_RGB[t], 0.18), wz, border_radius=vp.px(4))
                pygame.draw.rect(s, mix(C.PAPER_EDGE, TYPE_RGB[t], 0.35), wz, width=max(1, vp.px(1)),
                                 border_radius=vp.px(4))
                d = min(z.w, z.h) * 0.55
                s.blit(app.assets.svg(icon_path(t), d, d), vp.to_window(centered(z.center, d, d)).topleft)
            # chosen-card slot
            slot = vp.to_window(area.chosen_card(EAT))
            draw_dashed_rect(s, C.PAPER_EDGE, slot, max(1, vp.px(1.5)), vp.px(5), vp.px(4))
            # the pass direction: a chevron between neighbouring panels
            if k + 1 < len(self.top_order):
                nxt = self.areas[self.top_order[k + 1]].panel
                cx = (p.right + nxt.x) / 2
                _chevron(s, vp, (cx, p.centery), 6, C.GOLD_LIGHT)
        # info strip
        draw_panel(s, app, ROUND_RECT, radius=14, style="paper")
        draw_panel(s, app, BANNER_RECT, style="dark", radius=14, border=None)
        draw_panel(s, app, PHASE_RECT, radius=14, style="paper")
        # your sushi
        draw_panel(s, app, MY_STACKS_RECT, radius=16)
        bottom = self.areas[self.bottom]
        for t_i, t in enumerate(TYPES):
            z = bottom.stack_card(t_i, 0, 1)
            wz = vp.to_window(z)
            pygame.draw.rect(s, mix(C.PAPER_DARK, TYPE_RGB[t], 0.14), wz, border_radius=vp.px(7))
            draw_dashed_rect(s, mix(C.PAPER_EDGE, TYPE_RGB[t], 0.45), wz, max(1, vp.px(1.5)), vp.px(6), vp.px(4))
            d = 34
            s.blit(app.assets.svg(icon_path(t), d, d), vp.to_window(centered((z.centerx, z.centery - 10), d, d)).topleft)
            draw_text(s, app, CARD_SHORT[t], (z.centerx, z.centery + 24), 13, mix(C.INK_MUTED, TYPE_RGB[t], 0.4),
                      bold=True)
        # plate and keep mat
        wp = vp.to_window(PLATE_RECT)
        draw_shadow(s, wp, vp.px(40), vp.px(6), alpha=80, blur=vp.px(12))
        s.blit(app.assets.svg(PLATE_SVG, PLATE_RECT.w, PLATE_RECT.h), wp.topleft)
        wk = vp.to_window(KEEP_RECT)
        draw_shadow(s, wk, vp.px(8), vp.px(5), alpha=70, blur=vp.px(10))
        s.blit(app.assets.svg(KEEP_SVG, KEEP_RECT.w, KEEP_RECT.h), wk.topleft)
        for text, x in (("Your plate", PLATE_RECT.centerx), ("Keep", KEEP_RECT.centerx)):
            draw_text(s, app, text, (x, 462), 15, C.PAPER_LIGHT, bold=True, shadow=(20, 12, 6, 170))
        # chip piles
        draw_panel(s, app, PILES_RECT, radius=16)
        draw_text(s, app, "Chip piles", (PILES_RECT.x + 18, PILES_RECT.y + 20), 16, C.INK, bold=True,
                  anchor="midleft")
        draw_text(s, app, "values hidden", (PILES_RECT.right - 18, PILES_RECT.y + 21), 13, C.INK_MUTED,
                  anchor="midright")
        for k, pile in enumerate(PILES):
            cell = pile_cell(k)
            c = vp.to_window(pile_chip_rect(k))
            pygame.draw.ellipse(s, C.PAPER_DARK, c.inflate(vp.px(6), vp.px(6)))
            draw_text(s, app, PILE_TITLE[pile], (cell.centerx, cell.bottom - 14), 13, C.INK_SOFT, bold=True)
        # bottom row
        draw_panel(s, app, PASS_RECT, radius=16)
        draw_panel(s, app, MY_CHIPS_RECT, radius=16)
        return s.convert() if pygame.display.get_surface() else s

    # -- highlights -------------------------------------------------------------------------------
    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Glow on the legal drop targets while a card is dragged / selected; a soft hint on
        the plate / keep mat while the bottom human must choose."""
        vp = self.viewport
        seat = self.human_to_act()
        if seat is None:
            return
        item = self.drag.active_item
        targets = self.drag.targets if item is not None else []
        hot = self.drag.hover_target
        if not targets:
            v = self._view(seat)
            r = PLATE_RECT if v.phase == EAT else KEEP_RECT
            wr = vp.to_window(r.inflate(10, 10))
            pygame.draw.rect(surface, GOLD_HI, wr, width=max(1, vp.px(2)),
                             border_radius=vp.px(42 if r is PLATE_RECT else 10))
            return
        for tid, r in targets:
            is_hot = tid == hot
            rad = 42 if tid == "plate" else 10
            glow = self._cached(("glow", r.w, r.h, is_hot, rad), lambda r=r, h=is_hot, rad=rad: self._build_glow(r, h, rad))
            surface.blit(glow, glow.get_rect(center=vp.to_window(r).center))

    def _build_tint(self, r: pygame.Rect, color) -> pygame.Surface:
        """A translucent tint with an outline over a logical rect (the stacks being scored)."""
        vp = self.viewport
        s = pygame.Surface((vp.px(r.w), vp.px(r.h)), pygame.SRCALPHA)
        pygame.draw.rect(s, (*color, 46), s.get_rect(), border_radius=vp.px(6))
        pygame.draw.rect(s, (*color, 200), s.get_rect(), width=max(2, vp.px(2)), border_radius=vp.px(6))
        return s

    def _build_glow(self, r: pygame.Rect, hot: bool, radius: float) -> pygame.Surface:
        vp = self.viewport
        pad = vp.px(8)
        w, h = vp.px(r.w) + 2 * pad, vp.px(r.h) + 2 * pad
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        base = s.get_rect()
        for k in range(pad, 0, -1):
            a = int((110 if hot else 60) * (1 - k / (pad + 1)))
            pygame.draw.rect(s, (*GOLD_HI, a), base.inflate(-2 * (pad - k), -2 * (pad - k)), width=max(1, vp.px(2)),
                             border_radius=vp.px(radius) + k)
        inner = base.inflate(-2 * pad, -2 * pad)
        pygame.draw.rect(s, (255, 226, 150, 70 if hot else 34), inner, border_radius=vp.px(radius))
        pygame.draw.rect(s, (*GOLD_HI, 255), inner, width=max(2, vp.px(4 if hot else 3)), border_radius=vp.px(radius))
        return s

    # -- opponents --------------------------------------------------------------------------------
    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        app = self.app
        vp = self.viewport
        area = self.areas[seat]
        p = area.panel
        ss = self.shown.seats[seat]
        status = self.seat_status(seat)
        if status in ("thinking", "choosing"):
            # (pulses only while an AI thinks: the loop then runs at 60 FPS)
            pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 300.0) if status == "thinking" else 1.0
            pygame.draw.rect(surface, mix(C.GOLD, GOLD_HI, pulse), vp.to_window(p).inflate(vp.px(4), vp.px(4)),
                             width=max(2, vp.px(3)), border_radius=vp.px(16))
        self._draw_scoring_glow(surface, seat)
        # header: seat colour, name, level / "your left", status
        name = self.names[seat]
        pygame.draw.circle(surface, SEAT_RGB[seat % len(SEAT_RGB)], vp.to_window((p.x + 18, p.y + 20)),
                           max(3, vp.px(6)))
        nx = p.x + 30
        status_w = 0
        if status == "chosen":
            status_w = text_width(app, "chosen", 13, True) + 28
        elif status:
            status_w = text_width(app, "thinking" if status == "thinking" else "choosing", 13, True) + 44
        room = p.w - (nx - p.x) - 12 - status_w
        shown_name = fit_text(app, name, 18, True, room)
        draw_text(surface, app, shown_name, (nx, p.y + 20), 18, C.INK, bold=True, anchor="midleft")
        nw = text_width(app, shown_name, 18, True)
        level = LEVEL_LABEL[self.seats[seat]]
        tags = [] if name.startswith(level) else [level]
        if seat == (self.bottom + 1) % len(self.seats):
            tags.append("your left")
        tag = " · ".join(tags)
        if tag and text_width(app, tag, 13) <= room - nw - 8:
            draw_text(surface, app, tag, (nx + nw + 8, p.y + 21), 13, C.INK_MUTED, anchor="midleft")
        self._draw_status(surface, status, (p.right - 12, p.y + 20))
        # hand backs
        n = ss.hand_count
        for i in range(n):
            r = area.hand_card(i, n)
            surface.blit(self.art.card(BACK, r.w, r.h), vp.to_window(r).topleft)
        if n:
            cx, cy = area.count_pos()
            draw_text(surface, app, f"×{n}", (cx, cy), 15, C.INK_SOFT, bold=True, anchor="midleft")
        # the chosen card, face down
        if ss.chosen:
            r = area.chosen_card(self.shown.phase)
            wr = vp.to_window(r)
            surface.blit(self.art.card(BACK, r.w, r.h), wr.topleft)
            _check_badge(surface, vp, (r.right - 2, r.y + 2), 8)
        # eaten stacks
        self._draw_stacks(surface, seat)
        # chips
        chips = ss.chips
        for i, pile in enumerate(chips):
            r = area.chip(i, len(chips))
            val = ss.values[i] if i < len(ss.values) else None
            surface.blit(self.art.chip(pile, r.w, val), vp.to_window(r).topleft)

    def _draw_status(self, surface: pygame.Surface, status: str, pos: tuple[float, float]) -> None:
        app = self.app
        vp = self.viewport
        x, y = pos
        if status == "chosen":
            draw_text(surface, app, "chosen", (x - 20, y), 13, C.MATCHA, bold=True, anchor="midright")
            _check_badge(surface, vp, (x - 8, y), 8)
        elif status in ("thinking", "choosing"):
            word = "thinking" if status == "thinking" else "choosing"
            draw_text(surface, app, word, (x - 34, y), 13, C.VERMILION, bold=True, anchor="midright")
            base_x = x - 26
            for k in range(3):
                ph = (self.clock_ms / 420.0 - k * 0.22) * math.tau
                dy = -3 * max(0.0, math.sin(ph)) if status == "thinking" else 0.0
                pygame.draw.circle(surface, C.VERMILION, vp.to_window((base_x + k * 8, y + 3 + dy)), max(1, vp.px(2.5)))

    def _draw_stacks(self, surface: pygame.Surface, seat: int) -> None:
        app = self.app
        vp = self.viewport
        area = self.areas[seat]
        ss = self.shown.seats[seat]
        stacks = stacks_of(ss.eaten)
        for t_i, t in enumerate(TYPES):
            cards = stacks[t]
            n = len(cards)
            if not n:
                continue
            for j, action in enumerate(cards):
                wild = action.startswith(WILD)
                r = area.stack_card(t_i, j, n, wild=wild)
                wr = vp.to_window(r)
                if j:
                    draw_shadow(surface, wr, vp.px(4), vp.px(1), alpha=40, blur=vp.px(3))
                surface.blit(self.art.card(eaten_card(action), r.w, r.h), wr.topleft)
            top = area.stack_card(t_i, n - 1, n)
            if area.bottom:
                if n > 1:
                    draw_count_badge(surface, app, (top.right - 4, top.bottom - 6), n, TYPE_RGB[t], 13)
            elif n > 1:
                draw_text(surface, app, f"{n}", (top.right + 3, top.bottom - 7), 14, C.INK_SOFT, bold=True,
                          anchor="midleft")

    def _draw_scoring_glow(self, surface: pygame.Surface, seat: int) -> None:
        """During the scoring, the stacks of the pile being scored glow (dessert: every stack)."""
        sc = self.scoring
        if sc is None or not 0 <= sc.index < len(sc.awards):
            return
        award = sc.awards[sc.index]
        vp = self.viewport
        area = self.areas[seat]
        cols = range(len(TYPES)) if award.pile == DESSERT else [TYPES.index(award.pile)]
        color = TYPE_RGB[award.pile]
        for t_i in cols:
            z = area.stack_zone(t_i)
            glow = self._cached(("scoreglow", z.w, z.h, award.pile), lambda z=z: self._build_tint(z, color))
            surface.blit(glow, vp.to_window(z).topleft)
        if award.seat == seat:
            z = area.chips_zone()
            pygame.draw.rect(surface, mix(C.PAPER, GOLD_HI, 0.6), vp.to_window(z), width=max(2, vp.px(2)),
                             border_radius=vp.px(8))

    # -- info strip -------------------------------------------------------------------------------
    def _draw_info(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        sh = self.shown
        r = ROUND_RECT
        rnd = min(sh.round + 1, ROUNDS)
        if self.scoring is not None:
            rnd = self.scoring.round + 1
        draw_text(surface, app, f"Round {rnd}", (r.x + 18, r.centery), 19, C.INK, bold=True, anchor="midleft")
        draw_text(surface, app, f"of {ROUNDS}", (r.x + 18 + text_width(app, f"Round {rnd}", 19, True) + 6,
                                               r.centery + 1), 14, C.INK_MUTED, anchor="midleft")
        if self.scoring is None and not sh.over:
            draw_text(surface, app, f"Hand of {sh.hand_size}", (r.right - 16, r.centery + 1), 15, C.INK_SOFT,
                      bold=True, anchor="midright")
        # banner (a message turns it vermilion for a moment)
        text = self.banner_text()
        a = self._toast_alpha()
        if a > 0:
            pill = self._cached(("toast", BANNER_RECT.w, BANNER_RECT.h),
                                lambda: pill_surface(vp.px(BANNER_RECT.w), vp.px(BANNER_RECT.h), vp.px(14),
                                                      C.VERMILION_DARK))
            pill.set_alpha(int(255 * a))
            surface.blit(pill, vp.to_window(BANNER_RECT).topleft)
            if a > 0.5:
                text = self.toast_text
        if text:
            size = 19
            if text_width(app, text, size, True) > BANNER_RECT.w - 40:
                size = 16
            draw_text(surface, app, fit_text(app, text, size, True, BANNER_RECT.w - 30), BANNER_RECT.center, size,
                      C.PAPER_LIGHT, bold=True)
        # phase pill: EAT › KEEP
        r = PHASE_RECT
        phase = sh.phase if self.scoring is None else "score"
        segs = (("EAT", EAT), ("KEEP", KEEP), ("SCORE", "score"))
        x = r.x + 16
        for k, (label, ph) in enumerate(segs):
            active = ph == phase
            w = text_width(app, label, 14, True) + 18
            seg = pygame.Rect(round(x), r.y + 10, round(w), r.h - 20)
            if active:
                pygame.draw.rect(surface, C.VERMILION, vp.to_window(seg), border_radius=vp.px(10))
            draw_text(surface, app, label, seg.center, 14, C.PAPER_LIGHT if active else C.INK_MUTED, bold=True)
            x += w + 4
            if k < len(segs) - 1:
                _chevron(surface, vp, (x + 2, r.centery), 4, C.PAPER_EDGE)
                x += 10

    # -- your sushi -------------------------------------------------------------------------------
    def _draw_my_stacks(self, surface: pygame.Surface) -> None:
        app = self.app
        seat = self.bottom
        r = MY_STACKS_RECT
        name = self.names[seat]
        title = "Your sushi" if name == "You" else f"{name}'s sushi"
        draw_text(surface, app, title, (r.x + 16, r.y + 20), 17, C.INK, bold=True, anchor="midleft")
        ss = self.shown.seats[seat]
        types = len({eaten_type(a) for a in ss.eaten})
        draw_text(surface, app, f"{types} type{'s' if types != 1 else ''}", (r.right - 16, r.y + 21), 13,
                  C.INK_MUTED, anchor="midright")
        self._draw_scoring_glow(surface, seat)
        self._draw_stacks(surface, seat)
        # wild targets glow on top of the stacks
        item = self.drag.active_item
        if item is not None and self.drag.targets:
            vp = self.viewport
            hot = self.drag.hover_target
            for tid, z in self.drag.targets:
                if isinstance(tid, tuple) and tid[0] == "stack":
                    glow = self._cached(("glow", z.w, z.h, tid == hot, 8),
                                        lambda z=z, h=(tid == hot): self._build_glow(z, h, 8))
                    surface.blit(glow, glow.get_rect(center=vp.to_window(z).center))

    # -- plate / keep contents --------------------------------------------------------------------
    def _draw_table_middle(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        sh = self.shown
        ss = sh.seats[self.bottom]
        area = self.areas[self.bottom]
        if ss.chosen:
            r = area.chosen_card(sh.phase)
            wr = vp.to_window(r)
            draw_shadow(surface, wr, vp.px(6), vp.px(4), alpha=70, blur=vp.px(6))
            face = ss.choice if (sh.phase == KEEP and ss.choice) else BACK
            surface.blit(self.art.card(eaten_card(face) if face != BACK else BACK, r.w, r.h), wr.topleft)
            _check_badge(surface, vp, (r.right - 4, r.y + 4), 11)
        elif self.human_to_act() is not None and self.drag.active_item is None:
            r = PLATE_RECT if sh.phase == EAT else KEEP_RECT
            text = "Drop a card here" if sh.phase == EAT else "Keep one"
            w = text_width(app, text, 14, True) + 24
            pill = centered(r.center, w, 28)
            s = self._cached(("hintpill", pill.w), lambda: pill_surface(vp.px(pill.w), vp.px(pill.h), vp.px(14)))
            s.set_alpha(190)
            surface.blit(s, vp.to_window(pill).topleft)
            draw_text(surface, app, text, r.center, 14, C.PAPER_LIGHT, bold=True)

    # -- chip piles -------------------------------------------------------------------------------
    def _draw_piles(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        sh = self.shown
        sc = self.scoring
        current = None
        if sc is not None and 0 <= sc.index < len(sc.awards):
            current = sc.awards[sc.index].pile
        for k, pile in enumerate(PILES):
            left = sh.piles_left[k]
            cell = pile_cell(k)
            if pile == current:
                pygame.draw.rect(surface, mix(C.PAPER, GOLD_HI, 0.55), vp.to_window(cell), border_radius=vp.px(10))
                pygame.draw.rect(surface, C.GOLD, vp.to_window(cell), width=max(2, vp.px(2)), border_radius=vp.px(10))
            if not left:
                c = pile_chip_rect(k)
                pygame.draw.ellipse(surface, C.PAPER_EDGE, vp.to_window(c), width=max(1, vp.px(1.5)))
                draw_text(surface, app, "empty", c.center, 13, C.INK_MUTED)
            for layer in range(min(left, 3)):
                r = pile_chip_rect(k, layer)
                wr = vp.to_window(r)
                if layer == 0:
                    draw_shadow(surface, wr, wr.w // 2, vp.px(2), alpha=60, blur=vp.px(4))
                surface.blit(self.art.chip(pile, r.w), wr.topleft)
            if left:
                top = pile_chip_rect(k, min(left, 3) - 1)
                draw_count_badge(surface, app, (top.right - 2, top.y + 6), left, TYPE_RGB[pile], 12)

    # -- your chips / passing ---------------------------------------------------------------------
    def _draw_my_chips(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        r = MY_CHIPS_RECT
        seat = self.bottom
        ss = self.shown.seats[seat]
        name = self.names[seat]
        draw_text(surface, app, "Your chips" if name == "You" else f"{name}'s chips", (r.x + 18, r.y + 24), 17,
                  C.INK, bold=True, anchor="midleft")
        known = [v for v in ss.values if v is not None]
        if ss.chips and len(known) == len(ss.chips):
            draw_text(surface, app, f"{sum(known)} pts", (r.right - 18, r.y + 24), 20, C.VERMILION, bold=True,
                      anchor="midright")
        elif ss.chips:
            draw_text(surface, app, "hidden", (r.right - 18, r.y + 25), 13, C.INK_MUTED, anchor="midright")
        if not ss.chips:
            draw_text(surface, app, "No chips yet", (r.centerx, r.y + 96), 14, C.INK_MUTED)
            draw_text(surface, app, "Eat the most of a type to win one", (r.centerx, r.y + 122), 13, C.INK_MUTED)
        for i, pile in enumerate(ss.chips):
            cr = self.areas[seat].chip(i, len(ss.chips))
            val = ss.values[i] if i < len(ss.values) else None
            wr = vp.to_window(cr)
            draw_shadow(surface, wr, wr.w // 2, vp.px(2), alpha=50, blur=vp.px(4))
            surface.blit(self.art.chip(pile, cr.w, val), wr.topleft)
        if self.scoring is None:
            draw_text(surface, app, "Values: only you can see them", (r.centerx, r.bottom - 20), 13, C.INK_MUTED)

    def _draw_pass_card(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        r = PASS_RECT
        n = len(self.seats)
        left = self.names[(self.bottom + 1) % n]
        right = self.names[(self.bottom - 1) % n]
        draw_text(surface, app, "Passing", (r.x + 18, r.y + 24), 17, C.INK, bold=True, anchor="midleft")
        draw_text(surface, app, "to the left", (r.right - 18, r.y + 25), 13, C.INK_MUTED, anchor="midright")
        # an arrow from the hand (right) curving up towards the left neighbour's panel (top left)
        cx, cy, rad = r.x + 78, r.y + 112, 34
        pts = []
        for k in range(11):
            a = math.pi * 0.5 + k / 10 * math.pi * 0.5  # bottom -> left
            pts.append(vp.to_window((cx + rad * math.cos(a), cy + rad * math.sin(a))))
        pts.append(vp.to_window((cx - rad, cy - 34)))
        pts.insert(0, vp.to_window((cx + 18, cy + rad)))
        pygame.draw.lines(surface, C.VERMILION, False, pts, max(2, vp.px(4)))
        tip = vp.to_window((cx - rad, cy - 46))
        d = vp.px(10)
        pygame.draw.polygon(surface, C.VERMILION, [(tip[0] - d, tip[1] + d + d // 2), (tip[0] + d, tip[1] + d + d // 2),
                                                   tip])
        tx = r.x + 112
        draw_text(surface, app, "Your leftovers go to", (tx, r.y + 70), 13, C.INK_MUTED, anchor="midleft")
        draw_text(surface, app, fit_text(app, left, 17, True, r.right - tx - 12), (tx, r.y + 92), 17, C.INK, bold=True,
                  anchor="midleft")
        draw_text(surface, app, "You receive from", (tx, r.y + 128), 13, C.INK_MUTED, anchor="midleft")
        draw_text(surface, app, fit_text(app, right, 17, True, r.right - tx - 12), (tx, r.y + 150), 17, C.INK,
                  bold=True, anchor="midleft")
        v = self.shown
        if v.phase in (EAT, KEEP):
            after = max(0, v.hand_size - 2)
            note = "Last card is discarded" if v.hand_size <= 2 else f"Next hand: {after + 1} cards"
            draw_text(surface, app, note, (r.centerx, r.bottom - 22), 14, C.INK_MUTED)

    # -- the hand ---------------------------------------------------------------------------------
    def _draw_hand(self, surface: pygame.Surface) -> None:
        vp = self.viewport
        ss = self.shown.seats[self.bottom]
        area = self.areas[self.bottom]
        n = ss.hand_count
        if n <= 0:
            return
        private = ss.hand is not None and self.viewer is not None
        selected = self.drag.selected
        for i in range(n):
            item = ("hand", i)
            if private and self.drag.is_moving(item):
                continue
            r = area.hand_card(i, n)
            angle = area.hand_angle(i, n)
            lift = self.lifts[i] if i < len(self.lifts) else 0.0
            t = clamp(lift / HOVER_LIFT, 0.0, 1.0)
            angle *= 1 - t
            key = ss.hand[i] if private and i < len(ss.hand) else BACK
            cx, cy = r.centerx, r.centery - lift
            img = self.art.rotated(key, r.w, r.h, angle)
            dest = img.get_rect(center=vp.to_window((cx, cy)))
            if lift > 1:
                sh = self._cached(("cardshadow", r.w, r.h), lambda: self._build_card_shadow(HAND_W, HAND_H))
                surface.blit(sh, sh.get_rect(center=(dest.centerx + vp.px(3), dest.centery + vp.px(6 + lift * 0.2))))
            surface.blit(img, dest)
            if private and item == selected:
                pygame.draw.rect(surface, GOLD_HI, vp.rect(r.x - 3, r.y - lift - 3, r.w + 6, r.h + 6),
                                 width=max(2, vp.px(3)), border_radius=vp.px(10))
        if not private and n:
            last = area.hand_card(n - 1, n)
            draw_text(surface, self.app, f"{n} cards", (HAND_AREA.centerx, last.y - 14), 14, C.PAPER_LIGHT,
                      bold=True, shadow=(20, 12, 6, 170))

    def _build_card_shadow(self, w: float, h: float) -> pygame.Surface:
        vp = self.viewport
        W, H = vp.px(w * 1.1), vp.px(h * 1.06)
        s = pygame.Surface((W, H), pygame.SRCALPHA)
        steps = 7
        for k in range(steps):
            inset = int(min(W, H) * 0.07 * k / steps)
            pygame.draw.rect(s, (30, 16, 6, 14), s.get_rect().inflate(-2 * inset, -2 * inset),
                             border_radius=max(1, vp.px(12)))
        return s

    def _draw_dragged(self, surface: pygame.Surface) -> None:
        ss = self.shown.seats[self.bottom]
        if ss.hand is None:
            return
        vp = self.viewport
        for i, card in enumerate(ss.hand):
            rect = self.drag.display_rect(("hand", i))
            if rect is None:
                continue
            grow = 1.05 if self.drag.dragging else 1.0
            w, h = rect.w * grow, rect.h * grow
            c = rect.center
            wr = vp.to_window(centered(c, w, h))
            sh = self._cached(("cardshadow", rect.w, rect.h), lambda: self._build_card_shadow(HAND_W, HAND_H))
            surface.blit(sh, sh.get_rect(center=(wr.centerx + vp.px(8), wr.centery + vp.px(14))))
            surface.blit(self.art.card_scaled(card, wr.w, wr.h), wr.topleft)

    # -- flights ----------------------------------------------------------------------------------
    def _draw_flight(self, surface: pygame.Surface, f: Flight) -> None:
        vp = self.viewport
        x, y, w, h = f.rect()
        wr = vp.rect(x, y, w, h)
        if wr.w <= 1 or wr.h <= 1:
            return
        side, sx = f.side()
        if f.kind == "chip":
            if side[0] == "face":
                img = self.art.chip_px(side[1], wr.w, side[2])
            else:
                img = self.art.chip_px(side[1], wr.w)
        else:
            img = self.art.card_scaled(side, wr.w, wr.h)
        if sx < 0.999:
            img = self.art.scaled(img, (max(1, int(img.get_width() * sx)), img.get_height()))
        angle = f.angle()
        if abs(angle) >= 0.5:
            img = pygame.transform.rotate(img, angle)
        lift = f.lift * f.height()
        a = f.alpha()
        if a < 255:
            img = img.copy() if img.get_flags() & pygame.SRCALPHA else img
            img.set_alpha(a)
        if lift > 0.5 and f.kind == "card" and w >= 60:
            shadow = self._cached(("cardshadow", HAND_W, HAND_H), lambda: self._build_card_shadow(HAND_W, HAND_H))
            sw, shh = max(1, int(wr.w * 1.1)), max(1, int(wr.h * 1.06))
            sh_img = pygame.transform.scale(shadow, (sw, shh))
            if a < 255:
                sh_img.set_alpha(a)
            surface.blit(sh_img, sh_img.get_rect(center=(wr.centerx + vp.px(lift * 0.3), wr.centery + vp.px(lift))))
        dest = img.get_rect(center=(wr.centerx, wr.centery - vp.px(lift * 0.4)))
        surface.blit(img, dest)

    # -- scoring panel ----------------------------------------------------------------------------
    def _draw_scoring(self, surface: pygame.Surface) -> None:
        sc = self.scoring
        if sc is None:
            return
        app = self.app
        vp = self.viewport
        r = SCORING_RECT
        draw_panel(surface, app, r, radius=16, border=C.GOLD)
        title = "Final round scoring" if sc.final else f"Round {sc.round + 1} scoring"
        draw_text(surface, app, title, (r.x + 18, r.y + 22), 18, C.INK, bold=True, anchor="midleft")
        draw_text(surface, app, "the first count held by exactly one player wins the top chip",
                  (r.x + 18 + text_width(app, title, 18, True) + 12, r.y + 23), 13, C.INK_MUTED, anchor="midleft")
        n = len(self.seats)
        x0 = r.x + 16
        pile_w = 116
        chip_w = 100
        table_w = 660
        col_w = min(100, (table_w - pile_w - chip_w) / n)
        y0 = r.y + 50
        row_h = 25
        # header
        for s in range(n):
            cx = x0 + pile_w + col_w * (s + 0.5)
            col = C.VERMILION if s == self.bottom else C.INK_SOFT
            draw_text(surface, app, fit_text(app, self.names[s], 13, True, col_w - 4), (cx, y0 - 2), 13, col, bold=True)
            bar = vp.rect(cx - col_w / 2 + 8, y0 + 7, col_w - 16, 3)
            pygame.draw.rect(surface, SEAT_RGB[s % len(SEAT_RGB)], bar, border_radius=max(1, vp.px(1.5)))
        draw_text(surface, app, "Chip to", (x0 + pile_w + col_w * n + 10, y0 - 2), 13, C.INK_SOFT, bold=True,
                  anchor="midleft")
        for k, award in enumerate(sc.awards):
            y = y0 + 22 + k * row_h
            row = pygame.Rect(x0 - 6, y - row_h // 2, pile_w + col_w * n + chip_w + 12, row_h - 2)
            shown = k <= sc.index
            if k == sc.index:
                pygame.draw.rect(surface, mix(C.PAPER, GOLD_HI, 0.5), vp.to_window(row), border_radius=vp.px(6))
            elif k % 2 == 0:
                pygame.draw.rect(surface, mix(C.PAPER_LIGHT, C.PAPER_DARK, 0.45), vp.to_window(row),
                                 border_radius=vp.px(6))
            d = 18
            surface.blit(app.assets.svg(icon_path(award.pile), d, d), vp.to_window((x0, y - d / 2)))
            draw_text(surface, app, PILE_TITLE[award.pile], (x0 + d + 6, y), 14,
                      C.INK if shown else C.INK_MUTED, bold=True, anchor="midleft")
            skipped = {s for _, seats in award.skipped for s in seats}
            for s in range(n):
                cx = x0 + pile_w + col_w * (s + 0.5)
                cnt = award.counts[s]
                if shown and award.seat == s:
                    pill = centered((cx, y), 30, 20)
                    pygame.draw.rect(surface, C.GOLD, vp.to_window(pill), border_radius=vp.px(10))
                    draw_text(surface, app, str(cnt), (cx, y), 14, C.PAPER_LIGHT, bold=True)
                elif cnt == 0:
                    draw_text(surface, app, "·", (cx, y), 14, C.INK_MUTED)
                else:
                    col = C.INK if shown else C.INK_MUTED
                    if shown and s in skipped:
                        col = C.VERMILION
                    tr = draw_text(surface, app, str(cnt), (cx, y), 14, col, bold=shown)
                    if shown and s in skipped:
                        pygame.draw.line(surface, C.VERMILION, (tr.x - vp.px(3), tr.centery),
                                         (tr.right + vp.px(3), tr.centery), max(1, vp.px(1.5)))
            if shown and (k < sc.index or sc.done or k == sc.index):
                if award.seat is not None:
                    who = self.names[award.seat]
                    draw_text(surface, app, fit_text(app, who, 13, True, chip_w - 6), (x0 + pile_w + col_w * n + 10, y),
                              13, C.INK, bold=True, anchor="midleft")
                else:
                    draw_text(surface, app, "stays", (x0 + pile_w + col_w * n + 10, y), 13, C.INK_MUTED,
                              anchor="midleft")
        # the explanation of the current pile
        tx = r.x + 16 + table_w + 24
        tw = r.right - 18 - tx
        pygame.draw.line(surface, C.PAPER_EDGE, vp.to_window((tx - 14, r.y + 44)), vp.to_window((tx - 14, r.bottom - 16)),
                         max(1, vp.px(1)))
        if 0 <= sc.index < len(sc.texts):
            award = sc.awards[sc.index]
            draw_text(surface, app, PILE_TITLE[award.pile], (tx, r.y + 58), 20, TYPE_RGB[award.pile], bold=True,
                      anchor="midleft")
            text = sc.texts[sc.index]
            body = text.split(": ", 1)[1] if ": " in text else text
            for i, line in enumerate(wrap_text(app, body, 15, tw)[:5]):
                draw_text(surface, app, line, (tx, r.y + 88 + i * 21), 15, C.INK, anchor="midleft")
        elif sc.done:
            out = self.state.outcome() if sc.final else None
            if out is not None:
                lines = [f"{self.names[s]}: {out.scores[s]} pts" for s in sorted(range(n), key=lambda s: -out.scores[s])]
                draw_text(surface, app, "Chips revealed", (tx, r.y + 58), 18, C.INK, bold=True, anchor="midleft")
                for i, line in enumerate(lines[:5]):
                    draw_text(surface, app, line, (tx, r.y + 84 + i * 19), 14, C.INK_SOFT, anchor="midleft")
            else:
                won = sum(1 for a in sc.awards if a.seat is not None)
                draw_text(surface, app, f"{won} chip{'s' if won != 1 else ''} won this round", (tx, r.y + 58), 18,
                          C.INK, bold=True, anchor="midleft")
                msg = "Next round starts by itself…" if not self.humans else "Press Enter or click Next round."
                draw_text(surface, app, msg, (tx, r.y + 86), 14, C.INK_SOFT, anchor="midleft")
        else:
            draw_text(surface, app, "Counting the plates…", (tx, r.y + 58), 16, C.INK_SOFT, anchor="midleft")

    def _toast_alpha(self) -> float:
        """Opacity 0..1 of the message banner (fades in fast, out over the last 400 ms)."""
        if self.toast_ms <= 0 or not self.toast_text:
            return 0.0
        return clamp(self.toast_ms / 400.0, 0.0, 1.0) * clamp((TOAST_MS - self.toast_ms) / 90.0, 0.0, 1.0)

# --------------------------------------------------------------------------------------------
# small drawing helpers (window px unless said otherwise)
# --------------------------------------------------------------------------------------------
def _chevron(surface: pygame.Surface, vp: Any, center: tuple[float, float], size: float, color) -> None:
    cx, cy = center
    pts = [vp.to_window((cx - size * 0.5, cy - size)), vp.to_window((cx + size * 0.6, cy)),
           vp.to_window((cx - size * 0.5, cy + size))]
    pygame.draw.lines(surface, color, False, pts, max(2, vp.px(2.5)))


def _check_badge(surface: pygame.Surface, vp: Any, center: tuple[float, float], r: float) -> None:
    """A green disc with a white tick (logical centre and radius)."""
    c = vp.to_window(center)
    rad = max(3, vp.px(r))
    pygame.draw.circle(surface, C.MATCHA, c, rad)
    pygame.draw.circle(surface, C.PAPER_LIGHT, c, rad, max(1, vp.px(1.5)))
    k = rad / 8
    pts = [(c[0] - 3.6 * k, c[1] + 0.2 * k), (c[0] - 1.0 * k, c[1] + 2.8 * k), (c[0] + 3.8 * k, c[1] - 2.6 * k)]
    pygame.draw.lines(surface, C.PAPER_LIGHT, False, pts, max(2, int(round(1.8 * k))))


__all__ = ["SushiPlayScene", "ScoringShow"]
