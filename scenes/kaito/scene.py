"""The KAITO play scene: the 6x6 board, the Kaito pawn, both seats' held rows, buy-backs.

Rules never live here. The scene plays through its :class:`game.match.Match` (``self.match``): a
person's action goes through ``match.apply``; the AI's through ``match.drive()`` (once per frame
while nothing animates). After each action the scene reads the new events of the seat shown
(``match.events_for(viewer, cursor)``) and :mod:`scenes.kaito.choreo` turns them into animations
on the kit's :class:`scenes.kit.timeline.Timeline`; what is drawn is a
:class:`scenes.kaito.shown.Shown` snapshot of the view, advanced by those events. KAITO hides
nothing (``game_type.hidden_information`` is False), so ``match.hot_seat`` is False and no privacy
screen is ever due.

The rooms: :mod:`~scenes.kaito.layout` (positions), :mod:`~scenes.kaito.shown` (what is shown),
:mod:`~scenes.kaito.draw` and :mod:`~scenes.kaito.panels` (pure drawing),
:mod:`~scenes.kaito.choreo` (events -> animations), :mod:`~scenes.kaito.input` (mouse and keys),
:mod:`~scenes.kaito.exchange` (the buy-back step), :mod:`~scenes.kaito.art`, :mod:`~scenes.kaito.score`.

Controls (same for every human seat):
* drag the Kaito onto a highlighted square, or click it and then click a square (or click a
  highlighted square directly); a drop anywhere else snaps it back;
* opening: seat 1 drags the Kaito from its panel onto one of the two blank squares;
* buy-back (after a capture that allows one): drag Mon tiles from the captured row into the pay
  area (or click them), pick katana / kabuto, then "Buy back" or "No exchange";
* Esc / the pause button: pause menu. Right-click / Esc cancels a selection.
* the keyboard (:mod:`scenes.play.keyplay`): Tab / arrows to the pawn, Enter picks it, Tab /
  arrows over its squares, Enter moves; in the buy-back step Enter on ``buy:K|H`` chooses the
  kind, on a Mon lays it in the pay area (or takes it back), then the two buttons.

UI ids (logical rects): ``tile:<square>``, ``kaito``, ``button:pause``, ``held:<seat>:<i>``,
``buy:K`` / ``buy:H``, ``pay-area``, ``button:confirm-exchange``, ``button:no-exchange``;
``square:<square>`` (kind ``target``) for an empty target square of the pawn picked by keyboard or
click.
"""
from __future__ import annotations

import logging
from typing import Any, Sequence

import pygame

from game.core import first_event
from game.i18n import N_, _
from game.kaito.events import KaitoMoved
from game.kaito.rules import KAITO, KaitoState, KaitoView, Move, square_name
from scenes.kaito.choreo import OTHERS_PACE, Choreographer, Choreography, capture_preview
from scenes.kaito.coach import KaitoCoach
from scenes.kaito.draw import BoardPainter
from scenes.kaito.exchange import ExchangeStep, exchange_status
from scenes.kaito.input import KaitoInput
from scenes.kaito.layout import (
    BANNER_RECT,
    CONFIRM_RECT,
    HINT_RECT,
    NARRATION_RECT,
    NO_EX_RECT,
    PANEL_BOTTOM,
    PANEL_TOP,
    PAUSE_RECT,
    PAY_RECT,
    UNDO_RECT,
    end_band,
    ex_choice_rect,
    held_rect,
    pawn_rect_at,
    pawn_start_rect,
    pay_slot_rect,
    score_button_rect,
    square_rect,
)
from scenes.kaito.panels import SidePainter
from scenes.kaito.shown import Shown
from scenes.kaito.telling import KaitoTelling, action_label, color_name, hint_line, hinted_square
from scenes.kit.dragdrop import DragController
from scenes.kit.scene import UIElement
from scenes.kit.timeline import Timeline
from scenes.kit.widgets import Button
from scenes.play.base import PlayScene
from scenes.play.pacing import move_pace

log = logging.getLogger("tatami.kaito")

DEFAULT_THINK_MS = 650.0

#: the confirm button's label by the kind chosen in the buy-back step
BUY_BUTTON = {
    # Translators: a button (max ~14 characters) confirming the buy-back of a katana
    "K": N_("Buy katana"),
    # Translators: a button (max ~14 characters) confirming the buy-back of a kabuto
    "H": N_("Buy kabuto"),
}


class KaitoPlayScene(PlayScene):
    """Play KAITO (RULES.md section 1) with the mouse, vs the built-in AI or hot-seat.

    kwargs:
        seats: 2 of "human" | "random" | "easy" | "medium" | "hard"; seat 0 moves first.
        colors: (seat 0's colour, seat 1's colour), default ("R", "B"). seed: deal seed (int), None: a random one.
        names: 2 display names (default "You" / "Hard AI", or "Player 1" / "Player 2").
        speed: animation speed multiplier (1 = normal; large = near-instant, tests; default ``app.animation_factor``).
        state: an existing KaitoState to play from (a continued save, tests); ``colors`` then
            come from it. Any seat may be to act (an AI seat starts thinking on enter), including
            the opening placement.
        think_ms: minimum AI "thinking" display time at speed 1 (ms; divided by ``speed``).
        undo, hints, review, viewer: :meth:`PlayScene.init_play`'s modes (default: undo on, hints off, no review).

    Autosave (when ``app.saves`` is a :class:`scenes.shell.saves.SaveStore`): the game is written on
    enter, after every applied action and on exit; once the game is over the save is deleted.
    A buy-back being chosen is not saved (its action is applied only when confirmed).

    Attributes:
        shown: what is drawn (:class:`Shown`). exchange: the buy-back step being chosen, or None.
        log: every (seat, action) applied, for the move log. cursor: the event log index read up to.
        last_from: the square the Kaito left on the last move (its footprint), or None.
        timeline, choreo, input: the animation runner, the choreography, the input handlers.
    """

    name = "kaito_play"
    telling_class = KaitoTelling
    pausable = True
    game_name = "kaito"
    banner = BANNER_RECT  #: the turn banner (where a banner_override is said)
    coach_stops = (0, BANNER_RECT.y - 4, BANNER_RECT.bottom + 4)  #: a grown coach covers the banner whole or not at all
    viewer: int

    def __init__(
        self,
        app: Any,
        seats: Sequence[str] = ("human", "medium"),
        colors: Sequence[str] = ("R", "B"),
        seed: int | None = None,
        names: Sequence[str] | None = None,
        speed: float | None = None,
        state: KaitoState | None = None,
        think_ms: float = DEFAULT_THINK_MS,
        **kwargs: Any,
    ):
        super().__init__(app)
        self.coach_marks = KaitoCoach(self)
        self.init_play(KAITO, seats, seed, names, speed, state, think_ms,
                       options={"colors": tuple(colors or ("R", "B"))}, modes=kwargs)
        self._targets: dict[tuple[int, int], list[int]] = {}  # (seat, ply) -> Kaito targets
        seats = self.seats
        self.viewer = seats.index("human") if "human" in seats else 0
        if self.review and self.review_viewer in (0, 1):
            self.viewer = self.review_viewer
        first_view = self.view_shown()
        self.colors = tuple(first_view.colors)
        # panels: the single human sits at the bottom; otherwise seat 0 at the bottom
        self.bottom = self.viewer if seats.count("human") == 1 else 0
        self.panel_of = {self.bottom: PANEL_BOTTOM, 1 - self.bottom: PANEL_TOP}

        self.shown = Shown.from_view(first_view)
        self.log: list[tuple[int, str]] = list(self.state.history)
        self.cursor = self.match.event_count
        moves = [e for e in self.match.events_for(self.viewer) if isinstance(e, KaitoMoved)]
        self.last_from: int | None = moves[-1].frm if moves else None  # a resumed game's footprint

        self.timeline = Timeline(self.speed, on_idle=self._settled)
        self.choreo = Choreographer(self)
        self.input = KaitoInput(self)
        self.board_painter = BoardPainter(self)
        self.side_painter = SidePainter(self)
        self.anim_label = ""
        self.hint_text = ""  # the last hint in words (shown while it is current)
        self.exchange: ExchangeStep | None = None
        self._left = False
        self.clock_ms = 0.0  # real time, for ambient effects (thinking dots)
        self.errors = 0

        inp = self.input
        self.drag = DragController(hit_test=inp.hit_item, item_rect=inp.item_rect, draggable=inp.draggable,
                                   drop_targets=inp.drop_targets, on_drop=inp.on_drop, on_click=inp.on_click_item)
        self.add_widgets(PAUSE_RECT, undo_rect=UNDO_RECT, hint_rect=HINT_RECT,
                         score_rect=score_button_rect(end_band(None)))
        self.game_log.open(NARRATION_RECT)
        self.btn_no = self.widgets.add(
            # Translators: a button (max ~14 characters) declining the buy-back after a capture
            Button("button:no-exchange", _("No exchange"), NO_EX_RECT, self.no_exchange, style="secondary",
                   size=18))
        self.btn_confirm = self.widgets.add(
            # Translators: a button (max ~14 characters) confirming a buy-back (no kind chosen yet)
            Button("button:confirm-exchange", _("Buy back"), CONFIRM_RECT, self.confirm_exchange,
                   style="primary", size=18))
        self.sync_widgets()

    # -- lifecycle --------------------------------------------------------------------------------
    def enter(self) -> None:
        """On the stack: save the game (a new game replaces the previous save) and start the AI."""
        self.autosave()  # a new game replaces the previous save
        self._drive()

    def resync_scene(self) -> None:
        """:meth:`PlayScene.resync`: a new snapshot, no selection or buy-back, the footprint and
        the move list from the history."""
        self.choreo.reset()
        self.input.press_square = None
        self.exchange = None
        self._targets.clear()
        self.shown = Shown.from_view(self.view_shown())
        self.log = list(self.state.history)
        moves = [e for e in self.match.events_for(self.viewer) if isinstance(e, KaitoMoved)]
        self.last_from = moves[-1].frm if moves else None
        self.anim_label = ""
        self.sync_widgets()

    def animate_applied(self, seat: int, action: str) -> None:
        """Review mode's step forward: animate the action as an AI's is."""
        self._applied(seat, action)

    def viewer_changed(self) -> None:
        """KAITO hides nothing: the review viewer only changes whose colour sits at the bottom."""
        if self.review_viewer in (0, 1):
            self.viewer = self.review_viewer

    # -- queries ----------------------------------------------------------------------------------
    def view_shown(self) -> KaitoView:
        """The view of the seat shown (``viewer``), cached until the position changes."""
        view: KaitoView = self.match.view(self.viewer)
        return view

    def targets(self, seat: int) -> list[int]:
        """``view.targets()`` of ``seat`` (cached per position: keyed by the ply)."""
        key = (seat, self.match.ply)
        t = self._targets.get(key)
        if t is None:
            if len(self._targets) > 8:
                self._targets.clear()
            t = self._targets[key] = self.match.view(seat).targets()
        return t

    def over(self) -> bool:
        """True once the game is over (the shown seat's view says so)."""
        return self.view_shown().phase == "over"

    def seat_to_act(self) -> int | None:
        """The seat that must act now (None once the game is over)."""
        to_act = self.view_shown().to_act
        return to_act[0] if to_act else None

    def human_to_act(self) -> int | None:
        """The human seat that may use the mouse now (None while animating / AI / over)."""
        if self.timeline.running or self._left or self.review or self.exchange is not None:
            return None
        seat = self.seat_to_act()
        if seat is None or self.seats[seat] != "human":
            return None
        return seat

    def panel(self, seat: int) -> pygame.Rect:
        """``seat``'s panel rect (the bottom one for :attr:`bottom`)."""
        return self.panel_of[seat]

    def seat_anchor(self, seat: int) -> pygame.Rect:  # (what its speech bubble points at: its panel)
        return pygame.Rect(self.panel(seat))

    def pawn_home(self) -> pygame.Rect:
        """Where the pawn rests: on its square, or in the placing seat's start slot."""
        if self.shown.kaito is not None:
            return pawn_rect_at(self.shown.kaito)
        placer = self.shown.to_move if self.shown.to_move is not None else 1
        return pawn_start_rect(self.panel(placer))

    def exchange_status(self) -> tuple[Move | None, str, int, int]:
        """(the legal Move the current selection forms or None, a one-line hint, paid total,
        price) of the buy-back step (:func:`scenes.kaito.exchange.exchange_status`; naming keys
        while the keyboard is in use)."""
        ex = self.exchange
        return exchange_status(ex, self.shown.held[ex.seat] if ex is not None else [], self.input.keys_in_use())

    # -- events -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """One pygame event (logical px), handled by :class:`scenes.kaito.input.KaitoInput`."""
        return self.input.handle_event(event)

    # -- actions ----------------------------------------------------------------------------------
    def human_move(self, sq: Any, drop_rect: pygame.Rect | None) -> bool:
        """The human to act moves the Kaito to square ``sq`` (dropped at ``drop_rect``, or
        clicked): applied at once, or, when the capture there allows a Mon exchange, shown first
        and followed by the buy-back step. False when ``sq`` is not a target now."""
        seat = self.human_to_act()
        if seat is None or not isinstance(sq, int) or sq not in self.targets(seat):
            return False
        view = self.match.view(seat)
        if view.phase == "place":
            return self.commit(seat, "@" + square_name(sq), drop_rect)
        if self.coach is not None and self.coach.refuses(seat, square_name(sq), partial=True):
            return False  # a tutorial: not the asked-for square (before any buy-back is shown)
        options = view.exchanges_at(sq)
        if options:
            self._begin_exchange(seat, sq, options, drop_rect)
            return True
        return self.commit(seat, square_name(sq), drop_rect)

    def commit(self, seat: int, action: str, drop_rect: pygame.Rect | None = None, capture_done: bool = False,
                paid_rects: list[tuple[str, pygame.Rect]] | None = None) -> bool:
        """Apply ``action`` for ``seat`` through the Match and animate it. False if rejected."""
        if not self.apply_person(seat, action):
            return False
        self._applied(seat, action, drop_rect, capture_done, paid_rects)
        return True

    def _applied(self, seat: int, action: str, drop_rect: pygame.Rect | None = None, capture_done: bool = False,
                 paid_rects: list[tuple[str, pygame.Rect]] | None = None) -> None:
        """An action was applied: log, save, read its events and animate them."""
        self.log.append((seat, action))
        self.autosave()
        events = self.take_events(self.viewer)
        moved = first_event(events, KaitoMoved)
        if moved is not None and not capture_done:
            self.last_from = moved.frm
        self.anim_label = action_label(color_name(self.colors[seat]), action)
        self.run_main(self.choreo.play(events, self.view_shown(), drop_rect, capture_done, paid_rects),
                  move_pace(self, seat, OTHERS_PACE))  # an AI's move told briefly, a person's in full

    def _begin_exchange(self, seat: int, sq: int, options: list[Move], drop_rect: pygame.Rect | None) -> None:
        """Show the capture on ``sq`` (its events asked of the core), then open the buy-back step."""
        moved, captured = capture_preview(self.match, seat, sq)
        self.last_from = moved.frm
        kinds = sorted({m.buy for m in options if m.buy}, key=lambda k: "KH".index(k))
        self.anim_label = action_label(color_name(self.colors[seat]), square_name(sq))

        def gen() -> Choreography:
            yield from self.choreo.capture(moved, captured, drop_rect)
            self.exchange = ExchangeStep(seat, sq, list(options), kinds, kinds[0] if kinds else None)
            self.sync_widgets()

        self.run_main(gen())

    def confirm_exchange(self) -> None:
        """Apply the capture with the chosen exchange (when the selection forms a legal one)."""
        ex = self.exchange
        if ex is None or self.timeline.running:
            return
        move = self.exchange_status()[0]
        if move is None:
            return
        n = len(ex.selected)
        row = self.shown.held[ex.seat]
        paid_rects = [(code, pay_slot_rect(k, n)) for k, i in enumerate(ex.selected) if (code := row[i])]
        self.exchange = None
        self.sync_widgets()
        if not self.commit(ex.seat, str(move), None, capture_done=True, paid_rects=paid_rects):
            self.exchange = ex
            self.sync_widgets()

    def no_exchange(self) -> None:
        """Apply the capture alone (the buy-back declined)."""
        ex = self.exchange
        if ex is None or self.timeline.running:
            return
        self.exchange = None
        self.sync_widgets()
        if not self.commit(ex.seat, square_name(ex.square), None, capture_done=True):
            self.exchange = ex
            self.sync_widgets()

    def sync_widgets(self) -> None:
        """Show the buy-back buttons only during the buy-back step; label and enable them."""
        show = self.exchange is not None and not self.timeline.running
        self.btn_no.visible = show
        self.btn_confirm.visible = show
        if show and self.exchange is not None:
            self.btn_confirm.enabled = self.exchange_status()[0] is not None
            label = BUY_BUTTON.get(self.exchange.kind or "")
            self.btn_confirm.label = _(label) if label else _("Buy back")
        self.btn_pause.enabled = not self._left
        self.coach_marks.sync_log()

    # -- turn driver ------------------------------------------------------------------------------
    def _drive(self) -> None:
        """Start whatever comes next when nothing animates: the AI (``match.drive()``), or the end
        (kept on screen until the player asks for the score)."""
        if self.timeline.running or self.exchange is not None or self._left:
            return
        if self.over():
            if not self.ended:
                self.btn_score.rect = score_button_rect(end_band(self.shown.kaito))
                self.show_end()
            return
        if self.review or not self.coaching.bots_allowed():
            return
        move = self.match.drive()
        if move is not None:
            self._applied(move.seat, move.action)

    def go_to_score(self) -> None:
        """Replace this scene with the score screen (once; :meth:`PlayScene.open_score`)."""
        self.open_score("kaito_score", dict(seats=list(self.seats), colors=tuple(self.colors), names=list(self.names)))

    def coach_rect(self) -> pygame.Rect:  # (a tutorial's coach panel: KaitoCoach.rect)
        return self.coach_marks.rect()

    def hint_square(self) -> int | None:
        """The square the marked action moves the Kaito to (or places it on); None while a
        tutorial's buy-back step marks its own pieces."""
        return None if self.coach is not None and self.exchange is not None else hinted_square(self.hinting.current())

    def hint_shown(self, hint: Any) -> None:  # (said in one sentence under the board)
        self.hint_text = hint_line(hint)  # (and why: issue 21 §4)

    def score_extra(self) -> dict[str, Any]:
        """The score screen also shows each seat's colour."""
        return {"game_name": "kaito", "colors": tuple(self.colors)}

    # -- animation --------------------------------------------------------------------------------
    def run_main(self, gen: Choreography, pace: float = 1.0) -> None:
        self.drag.reset()
        self.input.press_square = None
        self.timeline.run(gen, pace=pace)  # may end at once (then _settled has run)
        if self.timeline.running:
            self.sync_widgets()

    def _settled(self) -> None:
        """The main choreography ended: forget its sprites' state, refresh views and widgets."""
        self.choreo.reset()
        self.sync_widgets()

    # -- per frame --------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        """Advance ``dt_ms`` real ms: widgets, drag, timeline (times ``speed``), the end delay, the AI."""
        sdt = self._frame_start(dt_ms)
        self.timeline.step(sdt)
        self._drive()
        self.coach_marks.sync_log()  # the tutorial's step may have changed where its coach stands

    # -- UI elements ------------------------------------------------------------------------------
    def ui_elements(self) -> list[UIElement]:
        """The UI dump: tiles, pawn, held tiles, buy-back choices and pay area, widgets (logical rects)."""
        out: list[UIElement] = []
        sh = self.shown
        for i, code in enumerate(sh.board):
            if code:
                out.append(UIElement(f"tile:{square_name(i)}", "tile", square_rect(i)))
        out.append(UIElement("kaito", "pawn", self.pawn_home()))
        ex = self.exchange if not self.timeline.running else None
        for seat in (0, 1):
            panel = self.panel(seat)
            for i, held in enumerate(sh.held[seat]):
                if not held:
                    continue
                if ex is not None and seat == ex.seat and i in ex.selected:
                    r = pay_slot_rect(ex.selected.index(i), len(ex.selected))
                else:
                    r = held_rect(panel, i)
                out.append(UIElement(f"held:{seat}:{i}", "tile", r))
        if ex is not None:
            for i, kind in enumerate(ex.kinds):
                out.append(UIElement(f"buy:{kind}", "choice-selected" if kind == ex.kind else "choice",
                                     ex_choice_rect(i)))
            out.append(UIElement("pay-area", "area", pygame.Rect(PAY_RECT)))
        hinted = self.hint_square()
        if hinted is not None and (ex is None or self.coach is None):
            name = f"tile:{square_name(hinted)}"
            for k, el in enumerate(out):
                if el.id == name:
                    out[k] = UIElement(el.id, self.hinting.kind, el.rect)
                    break
            else:
                out.append(UIElement(f"square:{square_name(hinted)}", self.hinting.kind, square_rect(hinted)))
        marked = set(self.coach_marks.marks())
        out = [UIElement(el.id, "tutorial-target", el.rect) if el.id in marked else el for el in out]
        out.extend(UIElement(w.id, "tutorial-target", w.rect) if w.id in marked else w
                   for w in self.widgets.ui_elements())
        out.extend(self.coaching.elements())
        if self.narration is not None:
            out.extend(self.narration.ui_elements())
        return self.input.keyboard_elements(out)

    # -- drawing (never changes game or scene state; only fills render caches) --------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the frame, bottom to top (never changes game or scene state)."""
        size = surface.get_size()
        board, side = self.board_painter, self.side_painter
        surface.blit(self.cached(("static", size), lambda: board.build_static(size)), (0, 0))
        side.draw_panels(surface)
        board.draw_board(surface)
        side.draw_lower(surface)
        board.draw_banner(surface)
        for f in self.choreo.flights("under"):
            board.draw_flight(surface, f)
        board.draw_pawn(surface)
        for f in self.choreo.flights("over"):
            board.draw_flight(surface, f)
        side.draw_dragged_held(surface)
        if self.ended or self._left:
            side.draw_end(surface)
        self.widgets.draw(surface, self.app)
        self.coach_marks.draw(surface)
        if self.narration is not None:
            self.narration.draw_overlay(surface, self.app)
        self.coaching.draw(surface)


__all__ = ["ExchangeStep", "KaitoPlayScene"]
