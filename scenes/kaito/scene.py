"""The KAITO play scene: the 6x6 board, the Kaito pawn, both seats' captured rows, buy-backs.

Rules never live here: the scene holds a :class:`game.kaito.KaitoState`, asks a seat's view for
``legal_actions`` / ``targets()`` / ``exchanges_at(square)`` and applies action strings. What is
drawn is a :class:`scenes.kaito.sprites.Shown` snapshot of a view; while an action animates, the
scene edits a copy of that snapshot step by step and finally replaces it with the new view.

Controls (same for every human seat; hot-seat needs no privacy screen, KAITO hides nothing):
* drag the Kaito onto a highlighted square, or click it and then click a square (or click a
  highlighted square directly); a drop anywhere else snaps it back;
* opening: seat 1 drags the Kaito from its panel onto one of the two blank squares;
* buy-back (after a capture that allows one): drag Mon tiles from the captured row into the pay
  area (or click them), pick katana / kabuto, then "Buy back" or "No exchange";
* Esc / the pause button: pause menu. Right-click / Esc cancels a selection.

UI ids (logical rects): ``tile:<square>``, ``kaito``, ``button:pause``, ``held:<seat>:<i>``,
``buy:K`` / ``buy:H``, ``pay-area``, ``button:confirm-exchange``, ``button:no-exchange``.
"""
from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

import pygame

from game.core import ActionError
from game.kaito import COLOR_NAMES, EXCHANGE_PRICE, KAITO, KaitoState, Move, square_name
from scenes.kaito.sprites import (
    BANNER_RECT,
    BOARD_RECT,
    CONFIRM_RECT,
    EX_HINT_POS,
    LOWER_RECT,
    NO_EX_RECT,
    PANEL_BOTTOM,
    PANEL_TOP,
    PAUSE_RECT,
    PAY_RECT,
    STEP,
    TILE,
    TRAY_RECT,
    Flight,
    Shown,
    as_tuple,
    ex_choice_rect,
    held_area,
    held_rect,
    pawn_rect_at,
    pay_slot_rect,
    square_at,
    square_rect,
    start_slot,
    tally_rect,
)
from scenes.kit.dragdrop import DragController
from scenes.kit.draw import (
    C,
    draw_dashed_rect,
    draw_panel,
    draw_pause_icon,
    draw_shadow,
    draw_text,
    mix,
    text_width,
)
from scenes.kit.scene import UIElement
from scenes.kit.tween import Tween, clamp, ease_in_out_sine
from scenes.kit.widgets import Button, WidgetGroup
from scenes.play.base import PlayScene
from scenes.play.seats import LEVEL_LABEL

log = logging.getLogger("tatami.kaito")

KIND_WORD = {"K": "katana", "H": "kabuto"}
TABLE_SVG = "art/table.svg"

# animation timings (ms at speed 1)
PLACE_MS = 460.0
SETTLE_MS = 170.0
GLIDE_MS = 300.0
CAPTURE_MS = 420.0
PAY_MS = 460.0
RETRIEVE_MS = 520.0
FLIP_MS = 280.0
BLANK_FADE_MS = 380.0
END_DELAY_MS = 1600.0
DEFAULT_THINK_MS = 650.0

LACQUER = (58, 36, 26)
LACQUER_DARK = (38, 23, 16)
CELL = (44, 28, 20)
GOLD_HI = (240, 200, 110)


def tile_path(code: str) -> str:
    return f"art/kaito/tile_{code}.svg"


def pawn_path(color: str) -> str:
    return f"art/kaito/kaito_{color}.svg"


@dataclass
class ExchangeStep:
    """The human buy-back step after a capture on ``square`` (the action is not applied yet).

    options: the legal exchange Moves there (``view.exchanges_at(square)``); kind: "K"/"H"
    chosen; selected: indices into the mover's displayed captured row put in the pay area."""

    seat: int
    square: int
    options: list
    kinds: list
    kind: str | None
    selected: list = field(default_factory=list)


class KaitoPlayScene(PlayScene):
    """Play KAITO (RULES.md section 1) with the mouse, vs the built-in AI or hot-seat.

    kwargs:
        seats: 2 of "human" | "random" | "easy" | "medium" | "hard"; seat 0 moves first.
        colors: (seat 0's colour, seat 1's colour), default ("R", "B").
        seed: deal seed (int) or None for a random one.
        names: 2 display names (default "You" / "Hard AI", or "Player 1" / "Player 2").
        speed: animation speed multiplier (1 = normal; large = near-instant, for tests).
            Defaults to ``app.animation_factor``.
        state: an existing KaitoState to play from (a continued save, tests); ``colors`` then
            come from it. Any seat may be to act (an AI seat starts thinking on enter), including
            the opening placement.
        think_ms: minimum AI "thinking" display time at speed 1 (ms; divided by ``speed``).

    Autosave (when ``app.saves`` is a :class:`scenes.shell.saves.SaveStore`): the game is written on
    enter, after every applied action and on exit; once the game is over the save is deleted.
    A buy-back being chosen is not saved (its action is applied only when confirmed).
    """

    name = "kaito_play"
    pausable = True
    game_name = "kaito"

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
        if kwargs:
            log.debug("kaito scene: ignoring options %s", sorted(kwargs))
        self.init_play(KAITO, seats, seed, names, speed, state, think_ms,
                       options={"colors": tuple(colors or ("R", "B"))})
        seats = self.seats
        state = self.state
        self.viewer = seats.index("human") if "human" in seats else 0
        first = state.view(self.viewer)
        self.colors = tuple(first.colors)
        # panels: the single human sits at the bottom; otherwise seat 0 at the bottom
        bottom = self.viewer if seats.count("human") == 1 else 0
        self.panel_of = {bottom: PANEL_BOTTOM, 1 - bottom: PANEL_TOP}

        self.shown = Shown.from_view(first)
        self.log: list[tuple[int, str]] = [(s, a) for s, a in getattr(state, "history", [])]
        self.last_from: int | None = None  # square the Kaito left on the last move
        self.last_from_color: str | None = None
        if len(self.log) >= 2:  # a resumed game: the footprint of the last move
            try:
                self.last_from = Move.from_str(self.log[-2][1]).square
                self.last_from_color = self.colors[self.log[-1][0]]
            except (ActionError, IndexError):
                pass

        # animation
        self.flights: list[Flight] = []
        self.under_flights: list[Flight] = []
        self.pawn_flight: Flight | None = None
        self.flip: Tween | None = None
        self.flip_to: str | None = None
        self._anim: Iterator[float] | None = None
        self._anim_wait = 0.0
        self.anim_label = ""
        self.exchange: ExchangeStep | None = None
        self.end_timer: float | None = None  # ms left before the score screen
        self.end_fade = 0.0
        self._left = False
        self.clock_ms = 0.0  # real time, for ambient effects (thinking dots)
        self.hover: tuple[int, int] | None = None
        self._press_square: int | None = None
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
            Button("button:pause", "", PAUSE_RECT, self._open_pause, style="secondary", icon=draw_pause_icon)
        )
        self.btn_no = self.widgets.add(
            Button("button:no-exchange", "No exchange", NO_EX_RECT, self._no_exchange, style="secondary", size=18)
        )
        self.btn_confirm = self.widgets.add(
            Button("button:confirm-exchange", "Buy back", CONFIRM_RECT, self._confirm_exchange, style="primary",
                   size=18)
        )
        self._sync_widgets()
        self._cache: dict[Any, pygame.Surface] = {}
        self._cache_version = -1

    # ------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.autosave()  # a new game replaces the previous save
        self._drive()

    def save_colors(self) -> list[str]:
        return list(self.colors)

    def pause(self) -> None:
        self.drag.cancel(animate=False)
        self._press_square = None

    # ------------------------------------------------------------------------------------
    # queries
    # ------------------------------------------------------------------------------------
    def _targets(self, seat: int) -> list[int]:
        """``view.targets()`` of ``seat`` (cached until the position changes)."""
        key = ("targets", seat)
        t = self._views.get(key)
        if t is None:
            t = self._views[key] = self._view(seat).targets()
        return t

    def _over(self) -> bool:
        return self._view(self.viewer).phase == "over"

    def seat_to_act(self) -> int | None:
        """The seat that must act now (None once the game is over)."""
        to_act = self._view(self.viewer).to_act
        return to_act[0] if to_act else None

    def human_to_act(self) -> int | None:
        """The human seat that may use the mouse now (None while animating / AI / over)."""
        if self._anim is not None or self._left or self.exchange is not None:
            return None
        seat = self.seat_to_act()
        if seat is None or self.seats[seat] != "human":
            return None
        return seat

    def busy(self) -> bool:
        return (
            self._anim is not None
            or self.worker.thinking
            or self.drag.busy()
            or self.widgets.busy()
            or self.end_timer is not None
        )

    def _panel(self, seat: int) -> pygame.Rect:
        return self.panel_of[seat]

    def _pawn_home(self) -> pygame.Rect:
        """Where the pawn rests: on its square, or in the placing seat's start slot."""
        if self.shown.kaito is not None:
            return pawn_rect_at(self.shown.kaito)
        placer = self.shown.to_move if self.shown.to_move is not None else 1
        r = pygame.Rect(0, 0, 70, 70)
        r.center = start_slot(self._panel(placer)).center
        return r

    # ------------------------------------------------------------------------------------
    # drag-and-drop callbacks
    # ------------------------------------------------------------------------------------
    def _hit_item(self, pos) -> Any:
        ex = self.exchange
        if ex is not None and self._anim is None:
            row = self.shown.held[ex.seat]
            for i in ex.selected:
                if pay_slot_rect(ex.selected.index(i), len(ex.selected)).collidepoint(pos):
                    return ("held", ex.seat, i)
            panel = self._panel(ex.seat)
            for i, code in enumerate(row):
                if code and i not in ex.selected and held_rect(panel, i).collidepoint(pos):
                    return ("held", ex.seat, i)
            return None
        home = self._pawn_home()
        if home.inflate(8, 8).collidepoint(pos):
            return "kaito"
        return None

    def _item_rect(self, item: Any) -> pygame.Rect:
        if item == "kaito":
            return self._pawn_home()
        if isinstance(item, tuple) and item[0] == "held":
            _, seat, i = item
            ex = self.exchange
            if ex is not None and i in ex.selected:
                return pay_slot_rect(ex.selected.index(i), len(ex.selected))
            return held_rect(self._panel(seat), i)
        return pygame.Rect(0, 0, 0, 0)

    def _draggable(self, item: Any) -> bool:
        if self._anim is not None or self._left:
            return False
        if item == "kaito":
            return self.human_to_act() is not None
        if isinstance(item, tuple) and item[0] == "held":
            ex = self.exchange
            _, seat, i = item
            if ex is None or seat != ex.seat or not (0 <= i < len(self.shown.held[seat])):
                return False
            code = self.shown.held[seat][i]
            return bool(code) and code[1] in "123"
        return False

    def _drop_targets(self, item: Any) -> list[tuple[Any, pygame.Rect]]:
        if item == "kaito":
            seat = self.human_to_act()
            if seat is None:
                return []
            return [(sq, square_rect(sq)) for sq in self._targets(seat)]
        if isinstance(item, tuple) and item[0] == "held" and self.exchange is not None:
            if item[2] in self.exchange.selected:
                return [("row", held_area(self._panel(item[1])))]
            return [("pay", PAY_RECT)]
        return []

    def _on_drop(self, item: Any, target: Any, drop_rect: pygame.Rect | None) -> bool:
        if item == "kaito":
            return self._human_move(target, drop_rect)
        if isinstance(item, tuple) and item[0] == "held" and self.exchange is not None:
            i = item[2]
            sel = self.exchange.selected
            if target == "pay" and i not in sel:
                sel.append(i)
            elif target == "row" and i in sel:
                sel.remove(i)
            else:
                return False
            self._sync_widgets()
            return True
        return False

    def _on_click_item(self, item: Any) -> bool:
        if isinstance(item, tuple) and item[0] == "held" and self.exchange is not None:
            sel = self.exchange.selected
            if item[2] in sel:
                sel.remove(item[2])
            else:
                sel.append(item[2])
            self._sync_widgets()
            return True
        return False

    # ------------------------------------------------------------------------------------
    # events
    # ------------------------------------------------------------------------------------
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
            if getattr(event, "key", None) in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.exchange is not None:
                self._confirm_exchange()
                return True
            if getattr(event, "key", None) == pygame.K_ESCAPE:
                if self.drag.handle_event(event):
                    return True
                self._press_square = None
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
        if self.end_timer is not None:
            if et == pygame.MOUSEBUTTONUP and button == 1:
                self._go_to_score()
            return True
        if self.exchange is not None and self._anim is None and et == pygame.MOUSEBUTTONUP and button == 1:
            kind = self._choice_at(pos)
            if kind is not None:
                self.exchange.kind = kind
                self._sync_widgets()
                return True
        was_dragging = self.drag.dragging
        if self.drag.handle_event(event):
            self._press_square = None
            if was_dragging and et == pygame.MOUSEBUTTONUP and button == 1 and self.drag.busy():
                self._sfx("error")  # dropped where it may not go: the piece snaps back
            return True
        # direct click on a highlighted square (no need to pick the Kaito up first)
        if button == 1 and self.human_to_act() is not None:
            sq = square_at(pos)
            if et == pygame.MOUSEBUTTONDOWN:
                seat = self.human_to_act()
                self._press_square = sq if sq is not None and sq in self._targets(seat) else None
                return self._press_square is not None
            if self._press_square is not None:
                pressed, self._press_square = self._press_square, None
                if sq == pressed:
                    self._human_move(sq, None)
                return True
        elif et == pygame.MOUSEBUTTONUP:
            self._press_square = None
        return False

    def _choice_at(self, pos) -> str | None:
        ex = self.exchange
        if ex is None:
            return None
        for i, kind in enumerate(ex.kinds):
            if ex_choice_rect(i).collidepoint(pos):
                return kind
        # a retrievable tile in the opponent's captured row also chooses its kind
        opp = 1 - ex.seat
        own = self.colors[ex.seat]
        for i, code in enumerate(self.shown.held[opp]):
            if code and code[0] == own and code[1] in ex.kinds and held_rect(self._panel(opp), i).collidepoint(pos):
                return code[1]
        return None

    # ------------------------------------------------------------------------------------
    # moves
    # ------------------------------------------------------------------------------------
    def _human_move(self, sq: Any, drop_rect: pygame.Rect | None) -> bool:
        seat = self.human_to_act()
        if seat is None or not isinstance(sq, int):
            return False
        view = self._view(seat)
        if sq not in self._targets(seat):
            return False
        if view.phase == "place":
            return self._commit(seat, "@" + square_name(sq), drop_rect)
        options = view.exchanges_at(sq)
        if options:
            self._begin_exchange(seat, sq, options, drop_rect)
            return True
        return self._commit(seat, square_name(sq), drop_rect)

    def _commit(
        self,
        seat: int,
        action: str,
        drop_rect: pygame.Rect | None = None,
        capture_done: bool = False,
        paid_slots: list | None = None,
    ) -> bool:
        """Apply ``action`` for ``seat`` to the state and animate it. False if rejected."""
        before = self.shown.kaito
        try:
            self.match.apply(seat, action)
        except ActionError as exc:
            self.errors += 1
            log.warning("kaito: %s rejected for seat %d: %s", action, seat, exc)
            return False
        self._views.clear()
        self.log.append((seat, action))
        self.autosave()
        move = Move.from_str(action)
        if not move.place:
            self.last_from = before if not capture_done else self.last_from
            self.last_from_color = self.colors[seat]
        new_view = self.state.view(self.viewer)
        self.anim_label = f"{COLOR_NAMES[self.colors[seat]]} plays {action}"
        self._run(self._choreo(seat, move, new_view, drop_rect, capture_done, paid_slots))
        return True

    def _begin_exchange(self, seat: int, sq: int, options: list, drop_rect: pygame.Rect | None) -> None:
        self.last_from = self.shown.kaito
        self.last_from_color = self.colors[seat]
        kinds = sorted({m.buy for m in options}, key=lambda k: "KH".index(k))
        self.anim_label = f"{COLOR_NAMES[self.colors[seat]]} captures on {square_name(sq)}"

        def gen():
            yield from self._g_capture(seat, sq, drop_rect)
            self.exchange = ExchangeStep(seat, sq, list(options), kinds, kinds[0] if kinds else None)
            self._sync_widgets()

        self._run(gen())

    def exchange_status(self) -> tuple[Move | None, str, int, int]:
        """(the legal Move the current selection forms or None, a one-line hint, paid total,
        price) of the buy-back step."""
        ex = self.exchange
        if ex is None:
            return None, "", 0, 0
        row = self.shown.held[ex.seat]
        values = sorted((int(row[i][1]) for i in ex.selected if row[i]), reverse=True)
        total = sum(values)
        if ex.kind is None:
            return None, "Choose the tile to buy back.", total, 0
        price = EXCHANGE_PRICE[ex.kind]
        cand = Move(ex.square, buy=ex.kind, paid=tuple(values))
        word = KIND_WORD[ex.kind]
        if cand in ex.options:
            return cand, f"Pay {'+'.join(map(str, values))} for your {word}.", total, price
        if not values:
            return None, f"Drag Mon tiles here to pay {price} for a {word}.", total, price
        if total < price:
            return None, f"{total} of {price}: add {price - total} more.", total, price
        return None, f"{'+'.join(map(str, values))} overpays: a payment must be minimal.", total, price

    def _confirm_exchange(self) -> None:
        ex = self.exchange
        if ex is None or self._anim is not None:
            return
        move, hint, _, _ = self.exchange_status()
        if move is None:
            return
        n = len(ex.selected)
        paid_slots = [(i, pay_slot_rect(k, n)) for k, i in enumerate(ex.selected)]
        self.exchange = None
        self._sync_widgets()
        if not self._commit(ex.seat, str(move), None, capture_done=True, paid_slots=paid_slots):
            self.exchange = ex
            self._sync_widgets()

    def _no_exchange(self) -> None:
        ex = self.exchange
        if ex is None or self._anim is not None:
            return
        self.exchange = None
        self._sync_widgets()
        if not self._commit(ex.seat, square_name(ex.square), None, capture_done=True):
            self.exchange = ex
            self._sync_widgets()

    def _sync_widgets(self) -> None:
        show = self.exchange is not None and self._anim is None
        self.btn_no.visible = show
        self.btn_confirm.visible = show
        if show:
            move = self.exchange_status()[0]
            self.btn_confirm.enabled = move is not None
            word = KIND_WORD.get(self.exchange.kind or "", "")
            self.btn_confirm.label = f"Buy {word}" if word else "Buy back"
        self.btn_pause.enabled = not self._left

    # ------------------------------------------------------------------------------------
    # turn driver
    # ------------------------------------------------------------------------------------
    def _drive(self) -> None:
        """Start whatever comes next when nothing animates: AI request, AI move, or the end."""
        if self._anim is not None or self.exchange is not None or self._left:
            return
        if self._over():
            if self.end_timer is None:
                self.end_timer = END_DELAY_MS
                self.worker.cancel()
                self._sfx(self.end_sound())
            return
        seat = self.seat_to_act()
        if seat is None or self.seats[seat] == "human":
            return
        if not self.worker.thinking:
            self.worker.request(self.bots[seat], self.state.view(seat))
            return
        action = self.worker.poll()
        if action is None:
            return
        if not self._commit(seat, action):
            legal = list(self._view(seat).legal_actions)
            if legal:
                self._commit(seat, random.Random(self.seed + len(self.log)).choice(legal))

    def _go_to_score(self) -> None:
        if self._left:
            return
        self._left = True
        self.end_timer = None
        view = self.state.view(self.viewer)
        setup = dict(seats=list(self.seats), colors=tuple(self.colors), names=list(self.names))
        try:
            scene = self.app.make_scene(
                "score", game_name="kaito", outcome=view.outcome, seats=list(self.seats), names=list(self.names),
                colors=tuple(self.colors), held=view.held, setup=setup,
            )
        except Exception:
            log.exception("cannot open the score screen")
            return
        self.app.manager.replace(scene)

    # ------------------------------------------------------------------------------------
    # animation
    # ------------------------------------------------------------------------------------
    def _run(self, gen: Iterator[float]) -> None:
        self.drag.reset()
        self._press_square = None
        self._anim = gen
        self._anim_wait = 0.0
        self._sync_widgets()
        self._step_anim(0.0)

    def _step_anim(self, sdt: float) -> None:
        for f in self.flights:
            f.update(sdt)
        for f in self.under_flights:
            f.update(sdt)
        if self.pawn_flight is not None:
            self.pawn_flight.update(sdt)
        if self.flip is not None:
            self.flip.update(sdt)
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
                self.under_flights = []
                self.pawn_flight = None
                self.flip = None
                self.flip_to = None
                self._views.clear()
                self._sync_widgets()

    def finish_animations(self) -> None:
        """Jump every running animation to its end (tests, skipping)."""
        guard = 0
        while self._anim is not None and guard < 100:
            self._step_anim(1e9)
            guard += 1
        self.drag.finish_animation()

    def _choreo(self, seat: int, move: Move, new_view: Any, drop_rect: pygame.Rect | None, capture_done: bool,
                paid_slots: list | None) -> Iterator[float]:
        sh = self.shown
        if move.place:
            sq = move.square
            start = drop_rect or self._pawn_home()
            dur = SETTLE_MS if drop_rect is not None else PLACE_MS
            for i, code in enumerate(sh.board):
                if code == "OO":
                    sh.board[i] = None
                    r = square_rect(i)
                    self.flights.append(Flight(tile_path("OO"), as_tuple(r), as_tuple(r.inflate(-22, -22)),
                                               BLANK_FADE_MS, "in_quad", delay=dur * 0.6, a0=255, a1=0, lift=0))
            self.pawn_flight = Flight(pawn_path(sh.pawn_color), as_tuple(start), as_tuple(pawn_rect_at(sq)), dur,
                                      "in_out_cubic", lift=16)
            yield dur
            sh.kaito = sq
            self.pawn_flight = None
            self._sfx("place")
            yield BLANK_FADE_MS * 0.6
            self.flights = []
        else:
            if not capture_done:
                yield from self._g_capture(seat, move.square, drop_rect)
            if move.buy:
                yield from self._g_exchange(seat, move, paid_slots)
        if new_view.to_move is not None:
            color = new_view.colors[new_view.to_move]
            if new_view.phase != "place" and color != sh.pawn_color:
                self.flip_to = color
                self.flip = Tween(0.0, 1.0, FLIP_MS, ease_in_out_sine)
                yield FLIP_MS
        self.shown = Shown.from_view(new_view, sh.pawn_color)

    def _g_capture(self, seat: int, sq: int, drop_rect: pygame.Rect | None) -> Iterator[float]:
        sh = self.shown
        frm = sh.kaito
        start = drop_rect or self._pawn_home()
        if drop_rect is not None:
            dur = SETTLE_MS
        else:
            dist = 1
            if frm is not None:
                dist = max(abs(frm % 6 - sq % 6), abs(frm // 6 - sq // 6))
            dur = GLIDE_MS * (0.75 + 0.1 * dist)
        self.pawn_flight = Flight(pawn_path(sh.pawn_color), as_tuple(start), as_tuple(pawn_rect_at(sq)), dur,
                                  "in_out_cubic", lift=10)
        self._sfx("slide")
        yield dur
        sh.kaito = sq
        self.pawn_flight = None
        tile = sh.board[sq]
        sh.board[sq] = None
        if tile:
            self._sfx("capture")  # the Kaito lands: the captured tile starts its flight
            src = square_rect(sq)
            panel = self._panel(seat)
            if tile[0] != sh.colors[seat]:
                dst = held_rect(panel, len(sh.held[seat]))
                self.under_flights.append(Flight(tile_path(tile), as_tuple(src), as_tuple(dst), CAPTURE_MS, "in_out_cubic",
                                           lift=22))
                yield CAPTURE_MS
                sh.held[seat].append(tile)
            else:
                dst = tally_rect(panel, len(sh.out_of_game(tile[0])))
                self.under_flights.append(Flight(tile_path(tile), as_tuple(src), as_tuple(dst), CAPTURE_MS * 1.1,
                                           "in_out_cubic", a0=255, a1=110, lift=16))
                yield CAPTURE_MS * 1.1
                sh.removed.append(tile)
            self.under_flights = []

    def _g_exchange(self, seat: int, move: Move, paid_slots: list | None) -> Iterator[float]:
        sh = self.shown
        opp = 1 - seat
        opp_color, own = sh.colors[opp], sh.colors[seat]
        row = sh.held[seat]
        if paid_slots is None:
            paid_slots = []
            used: set[int] = set()
            for v in move.paid:
                code = f"{opp_color}{v}"
                idx = [i for i, c in enumerate(row) if c == code and i not in used]
                if idx:
                    used.add(idx[-1])
                    paid_slots.append((idx[-1], held_rect(self._panel(seat), idx[-1])))
        self._sfx("coins")  # the Mon tiles are paid, the katana / kabuto comes back
        paid_codes = []
        n_out = len(sh.out_of_game(opp_color))
        for k, (i, r) in enumerate(paid_slots):
            code = row[i] if 0 <= i < len(row) else None
            if not code:
                continue
            row[i] = None
            paid_codes.append(code)
            dst = tally_rect(self._panel(opp), n_out + k)
            self.flights.append(Flight(tile_path(code), as_tuple(r), as_tuple(dst), PAY_MS, "in_out_cubic",
                                       delay=k * 60, a0=255, a1=110, lift=14))
        back = own + (move.buy or "K")
        orow = sh.held[opp]
        idx = [i for i, c in enumerate(orow) if c == back]
        if idx:
            j = idx[-1]
            orow[j] = None
            src = held_rect(self._panel(opp), j)
            self.under_flights.append(Flight(tile_path(back), as_tuple(src), as_tuple(square_rect(move.square)),
                                             RETRIEVE_MS, "in_out_cubic", delay=PAY_MS * 0.5, lift=26))
        yield PAY_MS * 0.5 + RETRIEVE_MS
        sh.removed.extend(paid_codes)
        sh.board[move.square] = back
        sh.held = [[c for c in row if c] for row in sh.held]
        self.flights = []
        self.under_flights = []

    # ------------------------------------------------------------------------------------
    # per frame
    # ------------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        self.clock_ms += dt_ms
        sdt = dt_ms * self.speed
        self.widgets.update(dt_ms)
        self.drag.update(sdt)
        if self._anim is not None or self.flip is not None:
            self._step_anim(sdt)
        if self.end_timer is not None:
            self.end_fade = min(1.0, self.end_fade + sdt / 400.0)
            self.end_timer -= sdt
            if self.end_timer <= 0:
                self._go_to_score()
                return
        self._drive()

    # ------------------------------------------------------------------------------------
    # UI elements
    # ------------------------------------------------------------------------------------
    def ui_elements(self) -> list[UIElement]:
        out: list[UIElement] = []
        sh = self.shown
        for i, code in enumerate(sh.board):
            if code:
                out.append(UIElement(f"tile:{square_name(i)}", "tile", square_rect(i)))
        out.append(UIElement("kaito", "pawn", self._pawn_home()))
        ex = self.exchange if self._anim is None else None
        for seat in (0, 1):
            panel = self._panel(seat)
            for i, code in enumerate(sh.held[seat]):
                if not code:
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
        out.extend(self.widgets.ui_elements())
        return out

    # ------------------------------------------------------------------------------------
    # drawing (never changes game or scene state; only fills render caches)
    # ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._cached(("static", surface.get_size()), lambda: self._build_static(surface.get_size())),
                     (0, 0))
        self._draw_panels(surface)
        self._draw_board(surface)
        self._draw_lower(surface)
        self._draw_banner(surface)
        for f in self.under_flights:
            self._draw_flight(surface, f)
        self._draw_pawn(surface)
        for f in self.flights:
            self._draw_flight(surface, f)
        self._draw_dragged_held(surface)
        self.widgets.draw(surface, self.app)
        if self.end_timer is not None or self._left:
            self._draw_end(surface)

    # -- static layer ---------------------------------------------------------------------
    def _build_static(self, size: tuple[int, int]) -> pygame.Surface:
        vp = self.viewport
        app = self.app
        s = pygame.Surface(size)
        s.fill((30, 24, 20))
        # table covering the whole window (letterbox included)
        w, h = size
        f = max(w / 1280, h / 720)
        tw, th = int(math.ceil(1280 * f)), int(math.ceil(720 * f))
        table = app.assets.svg_px(TABLE_SVG, tw, th)
        s.blit(table, ((w - tw) // 2, (h - th) // 2))
        # lacquered tray
        tray = vp.to_window(TRAY_RECT)
        rad = vp.px(14)
        draw_shadow(s, tray, rad, vp.px(8), alpha=110, blur=vp.px(18))
        pygame.draw.rect(s, LACQUER, tray, border_radius=rad)
        inner = vp.to_window(BOARD_RECT.inflate(10, 10))
        pygame.draw.rect(s, LACQUER_DARK, inner, border_radius=vp.px(8))
        pygame.draw.rect(s, mix(LACQUER, C.GOLD, 0.55), tray.inflate(-vp.px(6), -vp.px(6)), width=max(1, vp.px(1.5)),
                         border_radius=max(1, rad - vp.px(3)))
        for i in range(36):
            r = vp.to_window(square_rect(i))
            pygame.draw.rect(s, CELL, r, border_radius=vp.px(7))
            pygame.draw.rect(s, mix(CELL, (0, 0, 0), 0.35), r, width=max(1, vp.px(2)), border_radius=vp.px(7))
        label_col = mix(C.GOLD_LIGHT, LACQUER, 0.15)
        for f_i, letter in enumerate("abcdef"):
            x = BOARD_RECT.x + f_i * STEP + TILE / 2
            draw_text(s, app, letter, (x, BOARD_RECT.bottom + 13), 14, label_col, bold=True)
        for rank in range(6):
            y = BOARD_RECT.y + (5 - rank) * STEP + TILE / 2
            draw_text(s, app, str(rank + 1), (BOARD_RECT.x - 13, y), 14, label_col, bold=True)
        # right column cards
        draw_panel(s, app, BANNER_RECT, style="dark", radius=14, border=None)
        for seat in (0, 1):
            panel = self._panel(seat)
            draw_panel(s, app, panel, radius=16)
            area = vp.to_window(held_area(panel))
            pygame.draw.rect(s, C.PAPER_DARK, area, border_radius=vp.px(10))
            pygame.draw.rect(s, C.PAPER_EDGE, area, width=max(1, vp.px(1)), border_radius=vp.px(10))
            draw_text(s, app, "Out of game", (panel.x + 18, panel.bottom - 22), 14, C.INK_MUTED, anchor="midleft")
        draw_panel(s, app, LOWER_RECT, radius=16)
        return s.convert() if pygame.display.get_surface() else s

    # -- board ----------------------------------------------------------------------------
    def _draw_board(self, surface: pygame.Surface) -> None:
        vp = self.viewport
        sh = self.shown
        assets = self.app.assets
        active = self.drag.active_item == "kaito"
        targets: set[int] = set()
        hover_t = None
        seat = self.human_to_act()
        if seat is not None:
            targets = set(self._targets(seat))
            if active:
                hover_t = self.drag.hover_target
            elif self.hover is not None and not self.drag.dragging:
                sq = square_at(self.hover)
                if sq in targets:
                    hover_t = sq
        # footprint of the last move
        if self.last_from is not None and sh.kaito is not None and self._anim is None and self.last_from != sh.kaito:
            r = vp.to_window(pawn_rect_at(self.last_from).inflate(-18, -18))
            pygame.draw.ellipse(surface, mix(CELL, C.GOLD, 0.55), r, width=max(1, vp.px(2)))
        for i, code in enumerate(sh.board):
            if not code:
                continue
            r = square_rect(i)
            wr = vp.to_window(r)
            surf = assets.svg(tile_path(code), TILE, TILE)
            surface.blit(surf, wr.topleft)
            if seat is None:
                continue
            if active:
                if i in targets:
                    self._blit_cached(surface, ("glow", i == hover_t), wr, lambda hot=(i == hover_t):
                                      self._build_glow(TILE, hot))
                elif i != sh.kaito:
                    self._blit_cached(surface, ("dim",), wr, lambda: self._build_dim(TILE))
            elif i in targets:
                hot = i == hover_t
                if sh.phase == "place":  # the two blanks: make them obvious
                    self._blit_cached(surface, ("glow", hot), wr, lambda hot=hot: self._build_glow(TILE, hot))
                else:
                    self._blit_cached(surface, ("hint", hot), wr, lambda hot=hot: self._build_hint(TILE, hot))

    def _blit_cached(self, surface, key, wr: pygame.Rect, build) -> None:
        s = self._cached(key, build)
        surface.blit(s, s.get_rect(center=wr.center))

    def _build_dim(self, size: float) -> pygame.Surface:
        vp = self.viewport
        w = vp.px(size)
        s = pygame.Surface((w, w), pygame.SRCALPHA)
        pygame.draw.rect(s, (24, 14, 8, 120), s.get_rect(), border_radius=vp.px(8))
        return s

    def _build_glow(self, size: float, hot: bool) -> pygame.Surface:
        vp = self.viewport
        pad = vp.px(6)
        w = vp.px(size) + 2 * pad
        s = pygame.Surface((w, w), pygame.SRCALPHA)
        base = s.get_rect()
        for k in range(pad, 0, -1):
            a = int((90 if hot else 55) * (1 - k / (pad + 1)))
            pygame.draw.rect(s, (*GOLD_HI, a), base.inflate(-2 * (pad - k), -2 * (pad - k)),
                             width=max(1, vp.px(2)), border_radius=vp.px(10) + k)
        inner = base.inflate(-2 * pad, -2 * pad)
        if hot:
            pygame.draw.rect(s, (255, 226, 150, 70), inner, border_radius=vp.px(8))
        pygame.draw.rect(s, (*GOLD_HI, 255), inner, width=max(2, vp.px(4 if hot else 3)), border_radius=vp.px(8))
        return s

    def _build_hint(self, size: float, hot: bool) -> pygame.Surface:
        vp = self.viewport
        w = vp.px(size)
        s = pygame.Surface((w, w), pygame.SRCALPHA)
        if hot:
            pygame.draw.rect(s, (255, 226, 150, 60), s.get_rect(), border_radius=vp.px(8))
        pygame.draw.rect(s, (*GOLD_HI, 230 if hot else 150), s.get_rect(), width=max(1, vp.px(3 if hot else 2)),
                         border_radius=vp.px(8))
        return s

    # -- pawn -----------------------------------------------------------------------------
    def _draw_pawn(self, surface: pygame.Surface) -> None:
        vp = self.viewport
        sh = self.shown
        if self._left and sh.kaito is None:
            return
        if sh.kaito is None and sh.phase == "place":
            slot = vp.to_window(start_slot(self._panel(sh.to_move if sh.to_move is not None else 1)))
            pygame.draw.ellipse(surface, C.PAPER_DARK, slot)
            _dashed_ellipse(surface, C.GOLD, slot, max(1, vp.px(2)))
        color = sh.pawn_color
        scale_x = 1.0
        if self.flip is not None and self.flip_to:
            t = self.flip.value
            if t >= 0.5:
                color = self.flip_to
            scale_x = abs(math.cos(math.pi * t))
        if self.pawn_flight is not None:
            f = self.pawn_flight
            x, y, w, h = f.rect()
            lift = f.lift * f.height()
            self._draw_pawn_at(surface, pawn_path(color), (x, y, w, h), lift, 1.0)
            return
        rect = self.drag.display_rect("kaito")
        if rect is not None:
            lift = 10 if self.drag.dragging else 4
            grow = 1.08 if self.drag.dragging else 1.0
            self._draw_pawn_at(surface, pawn_path(color), as_tuple(rect), lift, grow)
            return
        home = self._pawn_home()
        can_drag = self.human_to_act() is not None
        if can_drag:
            hot = self.drag.selected == "kaito" or (self.hover is not None and home.inflate(8, 8).collidepoint(self.hover))
            glow = self._cached(("pawnglow", hot), lambda: self._build_pawn_glow(hot))
            surface.blit(glow, glow.get_rect(center=vp.to_window(home.center)))
        self._draw_pawn_at(surface, pawn_path(color), as_tuple(home), 0, 1.0, scale_x)

    def _draw_pawn_at(self, surface, path, rect, lift: float, grow: float, scale_x: float = 1.0) -> None:
        vp = self.viewport
        x, y, w, h = rect
        cx, cy = x + w / 2, y + h / 2
        w2, h2 = w * grow, h * grow
        if lift > 0.5:
            sh = self._cached(("pawnshadow", round(w2)), lambda: self._build_ellipse_shadow(w2))
            surface.blit(sh, sh.get_rect(center=vp.to_window((cx + lift * 0.5, cy + lift))))
        img = self.app.assets.svg(path, w2, h2)
        if scale_x < 0.999:
            iw = max(1, int(img.get_width() * scale_x))
            img = pygame.transform.smoothscale(img, (iw, img.get_height()))
        surface.blit(img, img.get_rect(center=vp.to_window((cx, cy - lift * 0.3))))

    def _build_ellipse_shadow(self, w: float) -> pygame.Surface:
        vp = self.viewport
        d = vp.px(w)
        s = pygame.Surface((d, d), pygame.SRCALPHA)
        for k in range(6):
            a = 16 + k * 6
            inset = int(d * (0.05 + k * 0.035))
            pygame.draw.ellipse(s, (20, 10, 4, a), s.get_rect().inflate(-inset * 2, -inset * 2))
        return s

    def _build_pawn_glow(self, hot: bool) -> pygame.Surface:
        vp = self.viewport
        d = vp.px(104)
        s = pygame.Surface((d, d), pygame.SRCALPHA)
        n = 10
        for k in range(n):
            a = int((70 if hot else 38) * (k + 1) / n)
            rr = d / 2 * (1 - k / (n + 4))
            pygame.draw.circle(s, (*GOLD_HI, a), (d // 2, d // 2), int(rr))
        return s

    # -- flights --------------------------------------------------------------------------
    def _draw_flight(self, surface: pygame.Surface, f: Flight) -> None:
        vp = self.viewport
        x, y, w, h = f.rect()
        lift = f.lift * f.height()
        big = max(f.start[2], f.end[2])
        base = self.app.assets.svg(f.path, big, big)
        wr = vp.rect(x, y, w, h)
        if wr.w <= 0 or wr.h <= 0:
            return
        img = base if base.get_size() == wr.size else pygame.transform.smoothscale(base, wr.size)
        a = f.alpha()
        if lift > 0.5:
            shadow = self._cached(("flightshadow", big), lambda: self._build_rect_shadow(big))
            sw = max(1, int(wr.w * 1.24))
            sh_img = pygame.transform.scale(shadow, (sw, sw))
            sh_img.set_alpha(int(a * 0.8))
            surface.blit(sh_img, sh_img.get_rect(center=(wr.centerx + vp.px(lift * 0.3), wr.centery + vp.px(lift))))
        if a < 255:
            img = img.copy() if img is base else img
            img.set_alpha(a)
        surface.blit(img, (wr.x, wr.y - vp.px(lift * 0.4)))

    def _build_rect_shadow(self, size: float) -> pygame.Surface:
        """A soft square shadow for a ``size`` logical px tile (12% feather on each side)."""
        vp = self.viewport
        d = vp.px(size * 1.24)
        s = pygame.Surface((d, d), pygame.SRCALPHA)
        steps = 7
        for k in range(steps):
            inset = int(d * 0.12 * k / steps)
            pygame.draw.rect(s, (30, 16, 6, 10), s.get_rect().inflate(-2 * inset, -2 * inset),
                             border_radius=max(1, int(d * 0.14)))
        return s

    # -- right column ---------------------------------------------------------------------
    def _draw_banner(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        r = BANNER_RECT
        text, color_code = self.banner_text()
        if color_code:
            img = app.assets.svg(pawn_path(color_code), 34, 34)
            surface.blit(img, vp.to_window((r.x + 12, r.centery - 17)))
        x0 = r.x + (56 if color_code else 18)
        tr = draw_text(surface, app, text, (x0, r.centery), 19, C.PAPER_LIGHT, bold=True, anchor="midleft")
        if self.worker.thinking and self._anim is None:
            # three bouncing dots after the text
            base_x = vp.to_logical(tr.midright)[0] + 10
            for k in range(3):
                ph = (self.clock_ms / 420.0 - k * 0.22) * math.tau
                dy = -4 * max(0.0, math.sin(ph))
                pygame.draw.circle(surface, C.GOLD_LIGHT, vp.to_window((base_x + k * 11, r.centery + 3 + dy)),
                                   max(1, vp.px(3)))

    def banner_text(self) -> tuple[str, str | None]:
        """(the turn banner's text, the colour of the pawn icon shown beside it)."""
        sh = self.shown
        if self._over() and self._anim is None:
            out = self._view(self.viewer).outcome
            if out and out.winners:
                c = self.colors[out.winners[0]]
                return f"{COLOR_NAMES[c]} wins!", c
            return "Game over", None
        if self._anim is not None:
            return self.anim_label, sh.pawn_color
        if self.exchange is not None:
            c = self.colors[self.exchange.seat]
            return f"{COLOR_NAMES[c]}: buy back a tile?", c
        seat = self.seat_to_act()
        if seat is None:
            return "", None
        c = self.colors[seat]
        cname = COLOR_NAMES[c]
        if self.seats[seat] != "human":
            return f"{cname} is thinking", c
        if sh.phase == "place":
            return f"{cname}: place the Kaito on a blank square", c
        return f"{cname} to move — drag the Kaito", c

    def _draw_panels(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        sh = self.shown
        ex = self.exchange if self._anim is None else None
        to_move = sh.to_move if sh.phase != "over" else None
        winners = ()
        if self._over() and self._anim is None:
            out = self._view(self.viewer).outcome
            winners = out.winners if out else ()
        for seat in (0, 1):
            p = self._panel(seat)
            color = self.colors[seat]
            wp = vp.to_window(p)
            if seat == to_move or seat in winners:
                pulse = 0.0
                if self.worker.thinking and seat == self.seat_to_act():
                    pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 300.0)
                col = mix(C.GOLD, GOLD_HI, pulse)
                pygame.draw.rect(surface, col, wp.inflate(vp.px(4), vp.px(4)), width=max(2, vp.px(3)),
                                 border_radius=vp.px(18))
            # header: colour disc, name, level, captured count
            surface.blit(app.assets.svg(pawn_path(color), 32, 32), vp.to_window((p.x + 16, p.y + 12)))
            name = self.names[seat]
            draw_text(surface, app, name, (p.x + 58, p.y + 28), 22, C.INK, bold=True, anchor="midleft")
            nw = text_width(app, name, 22, bold=True)
            level = LEVEL_LABEL[self.seats[seat]]
            tag = COLOR_NAMES[color] if name.startswith(level) else f"{COLOR_NAMES[color]} · {level}"
            draw_text(surface, app, tag, (p.x + 58 + nw + 12, p.y + 29), 15, C.INK_MUTED, anchor="midleft")
            held = [c for c in sh.held[seat] if c]
            draw_text(surface, app, str(len(held)), (p.right - 18, p.y + 27), 26, C.VERMILION, bold=True,
                      anchor="midright")
            draw_text(surface, app, "captured", (p.right - 18 - text_width(app, str(len(held)), 26, True) - 8,
                                                 p.y + 29), 14, C.INK_MUTED, anchor="midright")
            # captured row
            mover_row = ex is not None and seat == ex.seat
            opp_row = ex is not None and seat != ex.seat
            any_drawn = False
            for i, code in enumerate(sh.held[seat]):
                if not code:
                    continue
                r = held_rect(p, i)
                wr = vp.to_window(r)
                if mover_row and i in ex.selected:
                    pygame.draw.rect(surface, C.PAPER_EDGE, wr, width=max(1, vp.px(2)), border_radius=vp.px(6))
                    continue
                if self.drag.is_moving(("held", seat, i)):
                    continue
                any_drawn = True
                if mover_row and code[1] in "123":
                    self._blit_cached(surface, ("heldglow",), wr, lambda: self._build_glow(r.w, False))
                if opp_row and code[0] == self.colors[ex.seat] and code[1] == ex.kind:
                    self._blit_cached(surface, ("heldglow-hot",), wr, lambda: self._build_glow(r.w, True))
                surface.blit(app.assets.svg(tile_path(code), r.w, r.h), wr.topleft)
            if not any_drawn and not sh.held[seat] and sh.kaito is not None:
                area = held_area(p)
                draw_text(surface, app, "No captured tiles yet", area.center, 15, C.INK_MUTED)
            # out of game tally
            out = sh.out_of_game(color)
            for i, code in enumerate(out[:18]):
                r = tally_rect(p, i)
                img = app.assets.svg(tile_path(code), r.w, r.h)
                surface.blit(img, vp.to_window(r).topleft)
            if not out:
                draw_text(surface, app, "—", (p.x + 124, p.bottom - 22), 14, C.INK_MUTED, anchor="midleft")

    def _draw_lower(self, surface: pygame.Surface) -> None:
        if self.exchange is not None and self._anim is None:
            self._draw_exchange(surface)
        else:
            self._draw_log(surface)

    def _draw_log(self, surface: pygame.Surface) -> None:
        app = self.app
        r = LOWER_RECT
        n = len(self.log)
        draw_text(surface, app, "Moves" if n else "How to play", (r.x + 18, r.y + 22), 17, C.INK, bold=True,
                  anchor="midleft")
        if not n:
            tips = (
                "The Kaito moves any distance along its row or column",
                "and captures the tile it lands on.",
                "Keep a katana and a kabuto on the board: whoever loses",
                "their last one, or cannot move, loses the game.",
            )
            for k, line in enumerate(tips):
                draw_text(surface, app, line, (r.x + 18, r.y + 58 + k * 25 + (6 if k >= 2 else 0)), 15, C.INK_SOFT,
                          anchor="midleft")
            return
        rows, cols = 5, 2
        first = max(0, n - rows * cols)
        for k, (seat, action) in enumerate(self.log[first:]):
            idx = first + k
            col, row = divmod(k, rows)
            x = r.x + 18 + col * (r.w // 2)
            y = r.y + 54 + row * 27
            latest = idx == n - 1
            c = self.colors[seat]
            pygame.draw.circle(surface, _rgb_of(c), self.viewport.to_window((x + 36, y)), max(2, self.viewport.px(5)))
            draw_text(surface, app, f"{idx + 1}.", (x + 24, y), 15, C.INK_MUTED, anchor="midright")
            draw_text(surface, app, action, (x + 48, y), 16, C.VERMILION if latest else C.INK, bold=latest,
                      anchor="midleft")
            draw_text(surface, app, self.names[seat], (x + 150, y), 13, C.INK_MUTED, anchor="midleft")

    def _draw_exchange(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        ex = self.exchange
        r = LOWER_RECT
        wr = vp.to_window(r)
        pygame.draw.rect(surface, C.VERMILION, wr, width=max(2, vp.px(3)), border_radius=vp.px(16))
        kinds = " / ".join(f"{KIND_WORD[k]} ({EXCHANGE_PRICE[k]})" for k in ex.kinds)
        draw_text(surface, app, "Buy back:", (r.x + 18, r.y + 22), 18, C.VERMILION, bold=True, anchor="midleft")
        draw_text(surface, app, kinds, (r.x + 18 + text_width(app, "Buy back:", 18, True) + 8, r.y + 23), 17, C.INK,
                  anchor="midleft")
        own = self.colors[ex.seat]
        opp_row = self.shown.held[1 - ex.seat]
        for i, kind in enumerate(ex.kinds):
            cr = ex_choice_rect(i)
            wcr = vp.to_window(cr)
            chosen = kind == ex.kind
            if chosen:
                self._blit_cached(surface, ("choiceglow",), wcr, lambda: self._build_glow(cr.w, True))
            surface.blit(app.assets.svg(tile_path(own + kind), cr.w, cr.h), wcr.topleft)
            count = sum(1 for c in opp_row if c == own + kind)
            if count > 1:
                draw_text(surface, app, f"×{count}", (cr.right - 2, cr.y + 4), 13, C.INK, bold=True, anchor="topright")
            draw_text(surface, app, f"{KIND_WORD[kind]} {EXCHANGE_PRICE[kind]}", (cr.centerx, cr.bottom + 12), 13,
                      C.VERMILION if chosen else C.INK_MUTED, bold=chosen)
        move, hint, total, price = self.exchange_status()
        # pay area
        pr = vp.to_window(PAY_RECT)
        hot = self.drag.dragging and self.drag.hover_target == "pay"
        pygame.draw.rect(surface, mix(C.PAPER_DARK, GOLD_HI, 0.35 if hot else 0.0), pr, border_radius=vp.px(10))
        draw_dashed_rect(surface, C.GOLD if not hot else C.VERMILION, pr, max(1, vp.px(2)), vp.px(8), vp.px(5))
        n = len(ex.selected)
        row = self.shown.held[ex.seat]
        if not n:
            draw_text(surface, app, "Pay here", (PAY_RECT.x + (PAY_RECT.w - 110) / 2, PAY_RECT.centery), 16,
                      C.INK_MUTED)
        for k, i in enumerate(ex.selected):
            if self.drag.is_moving(("held", ex.seat, i)) or not row[i]:
                continue
            sr = pay_slot_rect(k, n)
            surface.blit(app.assets.svg(tile_path(row[i]), sr.w, sr.h), vp.to_window(sr).topleft)
        tcol = C.MATCHA if move is not None else (C.VERMILION if total > price else C.INK)
        draw_text(surface, app, f"{total}", (PAY_RECT.right - 60, PAY_RECT.centery), 28, tcol, bold=True,
                  anchor="midright")
        draw_text(surface, app, f"/ {price}", (PAY_RECT.right - 54, PAY_RECT.centery + 3), 18, C.INK_MUTED,
                  anchor="midleft")
        draw_text(surface, app, hint, EX_HINT_POS, 15, C.MATCHA if move is not None else C.INK_SOFT,
                  anchor="midleft")

    def _draw_dragged_held(self, surface: pygame.Surface) -> None:
        ex = self.exchange
        if ex is None:
            return
        vp = self.viewport
        row = self.shown.held[ex.seat]
        for i, code in enumerate(row):
            if not code:
                continue
            item = ("held", ex.seat, i)
            rect = self.drag.display_rect(item)
            if rect is None:
                continue
            wr = vp.to_window(rect)
            if self.drag.dragging:
                draw_shadow(surface, wr, vp.px(6), vp.px(8), alpha=60, blur=vp.px(8))
            surface.blit(self.app.assets.svg(tile_path(code), rect.w, rect.h), (wr.x, wr.y - vp.px(3)))

    def _draw_end(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        out = self._view(self.viewer).outcome
        if out is None:
            return
        t = clamp(self.end_fade, 0.0, 1.0) if not self._left else 1.0
        band = pygame.Rect(TRAY_RECT.x, BOARD_RECT.centery - 70, TRAY_RECT.w, 140)
        k = self.shown.kaito
        if k is not None:  # keep the final capture visible
            ky = square_rect(k).centery
            for cy in (BOARD_RECT.centery, BOARD_RECT.y + 1.5 * STEP, BOARD_RECT.bottom - 1.5 * STEP):
                if abs(cy - ky) >= 110:
                    band.centery = int(cy)
                    break
        wb = vp.to_window(band)
        s = self._cached(("endband", wb.size), lambda: _band_surface(wb.size))
        s.set_alpha(int(235 * t))
        surface.blit(s, wb.topleft)
        if out.winners:
            c = self.colors[out.winners[0]]
            title = f"{self.names[out.winners[0]]} wins"
            if self.names[out.winners[0]] == "You":
                title = "You win!"
            elif "human" in self.seats and self.seats.count("human") == 1:
                title = f"{COLOR_NAMES[c]} wins"
        else:
            title = "Game over"
        alpha = int(255 * t)
        draw_text(surface, app, title, (band.centerx, band.y + 46), 38, C.GOLD_LIGHT, bold=True, alpha=alpha)
        draw_text(surface, app, out.description, (band.centerx, band.y + 90), 18, C.PAPER_LIGHT, alpha=alpha)
        draw_text(surface, app, "Click to see the score", (band.centerx, band.y + 120), 13, C.PAPER_DARK,
                  alpha=int(alpha * 0.8))


# --------------------------------------------------------------------------------------------
# small drawing helpers
# --------------------------------------------------------------------------------------------
def _rgb_of(color: str | None) -> tuple[int, int, int]:
    return {"R": C.RED_TILE, "B": C.BLACK_TILE}.get(color or "", C.INK_MUTED)


def _dashed_ellipse(surface: pygame.Surface, color, rect: pygame.Rect, width: int, n: int = 28) -> None:
    """A dashed ellipse outline (window px): ``n`` dashes."""
    cx, cy, rx, ry = rect.centerx, rect.centery, rect.w / 2 - width, rect.h / 2 - width
    for k in range(n):
        a0 = math.tau * k / n
        a1 = a0 + math.tau / n * 0.55
        pygame.draw.line(surface, color, (cx + rx * math.cos(a0), cy + ry * math.sin(a0)),
                         (cx + rx * math.cos(a1), cy + ry * math.sin(a1)), width)


def _band_surface(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    s.fill((30, 22, 18, 235))
    pygame.draw.line(s, (*C.GOLD, 255), (0, 2), (w, 2), 2)
    pygame.draw.line(s, (*C.GOLD, 255), (0, h - 3), (w, h - 3), 2)
    return s


#: the name ``scenes/shell/registry.py`` imports
KaitoScene = KaitoPlayScene

__all__ = ["KaitoPlayScene", "KaitoScene", "ExchangeStep"]
