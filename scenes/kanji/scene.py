"""The Kanji-zushi play scene (RULES.md section 3): 2-6 seats, humans and AIs, hidden neta hands.

Rules never live here: the scene holds a :class:`game.kanji.KanjiState`, reads a seat's view for
``legal_actions`` and applies action strings (``"亻+木"``, ``"pass"``) with
``state.apply(seat, action)``; what an attempt formed and why it was right or wrong is read back
from the view's public attempt log (:class:`game.kanji.Attempt`). What is drawn is a
:class:`scenes.kanji.sprites.Shown` snapshot of ONE seat's view (the seat at the bottom): the other
seats' hands are card backs. While an attempt animates the scene edits a copy of the snapshot step
by step and finally replaces it with a fresh one.

A turn on screen: the neta is put beside the chosen shari on the table (an AI's card flies face
down from its hand and turns over there), both cards go to the join board, slide together and,
when the pair forms a character, morph into it (the halves squeeze into place and cross-fade into
the real glyph from the font). Valid: a gold glow, the caption "休 — rest; キュウ / やす.む;
6 strokes", the kanji flies to its seat's completed row, a new shari turns up from the pile into
the emptied slot and the seat draws a neta from its deck. Wrong: the glyph shakes, the banner says
why (the Attempt's ``why``: "暘 exists but is not a regular-use kanji", "… forms no character")
and both cards go back. A pass is logged and the turn moves on.

Controls: drag a neta onto a shari (or click the neta, then the shari); the Pass button passes.
Hovering a completed kanji (any seat's) shows its meanings, on/kun readings and strokes. Esc: a
selection is cancelled first, else the pause menu. With ``hint=True`` one valid pair of the human
to act is highlighted (found with :func:`game.kanji.judge` on its own hand and the table).

Hot-seat (two or more humans): before a human acts, if the bottom seat was someone else, the
privacy screen is pushed; while it is up no hand is shown (``viewer`` is None).

UI ids (logical rects): ``neta:<i>`` (hand index), ``shari:<slot>`` (table slot 0..5; kind
``"target"`` while the human at the bottom may drop a neta there, ``"card"`` otherwise,
``"empty"`` for an empty slot), ``kanji:<seat>:<i>`` (completed kanji, hover targets),
``button:pass``, ``button:pause``. With the hint on, the hinted neta's and shari's kinds end in
``"-hint"`` (``"card-hint"``, ``"target-hint"``).
"""
from __future__ import annotations

import logging
import math
import random
from typing import Any, Iterator, Sequence

import pygame

from game.core import ActionError
from game.kanji import KANJI, PASS, KanjiState, attempt_text, judge
from scenes.kanji.sprites import (
    BACK,
    BANNER_RECT,
    BOARD_CARD_H,
    BOARD_CARD_W,
    BOARD_RECT,
    BOARD_SVG,
    DECK_PANEL,
    GOLD_HI,
    HAND_AREA,
    HOVER_LIFT,
    INK,
    JOIN_TILE,
    LOG_RECT,
    MY_KANJI_RECT,
    NETA,
    PASS_RECT,
    PAUSE_RECT,
    PILE_PANEL,
    SHARI,
    TABLE_RECT,
    TABLE_SVG,
    TURN_RECT,
    Flight,
    JoinShow,
    KanjiArt,
    SeatArea,
    Shown,
    beside_rect,
    board_card,
    board_tile,
    caption,
    centered,
    deck_rect,
    draw_kanji_tip,
    draw_rich,
    formed_of,
    hand_rect,
    my_tile_rect,
    pile_rect,
    readings,
    rich_width,
    seat_rgb,
    slot_rect,
    tip_lines,
    top_panel_rects,
    wrap_rich,
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
)
from scenes.kit.scene import UIElement
from scenes.kit.tween import approach, clamp
from scenes.kit.widgets import Button, WidgetGroup
from scenes.play.base import PlayScene
from scenes.play.seats import LEVEL_LABEL

log = logging.getLogger("tatami.kanji")

# animation timings (ms at speed 1)
PLACE_MS = 240.0
AI_PLACE_MS = 420.0
FLIP_MS = 260.0
TO_BOARD_MS = 380.0
SLIDE_MS = 260.0
MORPH_MS = 560.0
GLOW_MS = 950.0
SETTLE_MS = 480.0
REFILL_MS = 460.0
DRAW_MS = 480.0
SHAKE_MS = 620.0
UNMORPH_MS = 240.0
BACK_MS = 420.0
PASS_MS = 650.0
END_DELAY_MS = 2600.0
DEFAULT_THINK_MS = 450.0
TOAST_MS = 3200.0
LOG_ROWS = 6
#: Text sizes (logical px) whose fonts are loaded on entering the scene (see ``_warm_up``).
WARM_TEXT_SIZES = (11, 12, 13, 14, 15, 16, 17, 18, 19, 24)

TOAST_COLORS = {"error": C.VERMILION_DARK, "good": (92, 118, 62), "info": C.INDIGO}
DARK = PILL_DARK


def _smooth(a: float, b: float, x: float) -> float:
    """Smoothstep of ``x`` between ``a`` and ``b`` (0..1)."""
    t = clamp((x - a) / (b - a), 0.0, 1.0) if b > a else (1.0 if x >= b else 0.0)
    return t * t * (3 - 2 * t)


def attempt_line(att: Any, names: Sequence[str]) -> str:
    """One line of the attempt log: ``"Aiko tried 日+昜: 暘 exists but is not a regular-use kanji"``,
    ``"Ben made 休 (亻+木), 6 strokes"``, ``"You passed"``."""
    name = names[att.seat] if 0 <= att.seat < len(names) else f"Seat {att.seat}"
    if att.is_pass:
        return f"{name} passed"
    pair = attempt_text(att.neta, att.shari)
    if att.valid:
        return f"{name} made {att.char} ({pair}), {att.strokes} strokes"
    return f"{name} tried {pair}: {wrong_text(att, short=True)}"


def wrong_text(att: Any, short: bool = False) -> str:
    """Why a wrong attempt failed, from the Attempt's ``why``: "暘 exists but is not a
    regular-use kanji"; for a pair that forms nothing "No such kanji: 亻 + 口 forms no character"
    (``short``: "no such kanji")."""
    if att.char is None:
        return "no such kanji" if short else f"No such kanji: {att.why}"
    return att.why


class KanjiPlayScene(PlayScene):
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
        hint: highlight one valid pair for the human to act.

    Raises:
        ValueError: bad ``seats`` (count outside 2..6 or an unknown kind), a ``state`` whose seat
            count differs, or an unknown answer key.

    Attributes for tests / tools: ``state``, ``seats``, ``names``, ``viewer`` (the seat whose hand
    is shown, None while the privacy screen is up), ``bottom``, ``shown``, ``worker``, ``join``
    (the pair on the join board or None), ``board_att`` (the attempt whose result the board shows),
    ``toast_text`` / ``toast_kind``, ``score_requested``, ``errors``.
    """

    name = "kanji_play"
    pausable = True
    game_name = "kanji-zushi"

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
        hint: bool = False,
        **kwargs: Any,
    ):
        super().__init__(app)
        if kwargs:
            log.debug("kanji scene: ignoring options %s", sorted(kwargs))
        self.init_play(KANJI, seats, seed, names, speed, state, think_ms, options={"answer_key": answer_key})
        seats = self.seats
        self.answer_key = self.state.answer_key
        self.hint = bool(hint)
        self._ai_seat: int | None = None

        # the bottom seat: one human -> always that human; none -> seat 0; hot-seat -> the human
        # acting now (the first one to begin with), behind the privacy screen until "ready"
        self.bottom = self.humans[0] if self.humans else 0
        self.viewer: int | None = self.bottom if len(self.humans) <= 1 else None
        self._privacy_for: int | None = None
        self.areas: dict[int, SeatArea] = {}
        self.top_order: list[int] = []
        self._layout()
        self.shown = self._snapshot()

        # animation / flow
        self.flights: list[Flight] = []
        self.join: JoinShow | None = None
        self._anim: Iterator[float] | None = None
        self._anim_wait = 0.0
        self.anim_label = ""
        self.board_att = self._last_tried()
        self.end_timer: float | None = None
        self._ended = False
        self._left = False
        self.score_requested = False
        self.toast_text = ""
        self.toast_kind = "error"
        self.toast_ms = 0.0
        self.clock_ms = 0.0
        self.hover: tuple[int, int] | None = None
        self.lifts: list[float] = [0.0] * 8
        self._goals: list[float] = [0.0] * 8
        self.errors = 0
        self._hint_cache: tuple[Any, Any] | None = None

        self.drag = DragController(
            hit_test=self._hit_item,
            item_rect=self._item_rect,
            draggable=self._draggable,
            drop_targets=self._drop_targets,
            on_drop=self._on_drop,
        )
        self.widgets = WidgetGroup()
        self.btn_pause = self.widgets.add(
            Button("button:pause", "", PAUSE_RECT, self._open_pause, style="secondary", icon=draw_pause_icon))
        self.btn_pass = self.widgets.add(
            Button("button:pass", "Pass turn", PASS_RECT, self._pass, style="secondary", size=18))
        self.art = KanjiArt(app)
        self._cache: dict[Any, pygame.Surface] = {}
        self._cache_version = -1
        self._sync_widgets()

    # ------------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.autosave()  # a new game replaces the previous save
        self._warm_up()
        self._drive()

    def _warm_up(self) -> None:
        """Render once the glyph sizes the first join needs (the big joined glyph, cards on the
        board, tiles) and load the text fonts, so the first animation does not pay for loading
        those font sizes (each size of the 1.2 MB Japanese font is a separate load)."""
        vp = self.viewport
        try:
            self.art.glyph("休", vp.px(JOIN_TILE * 0.8))
            self.art.card_px((NETA, "亻"), vp.px(BOARD_CARD_W), vp.px(BOARD_CARD_H))
            self.art.card_px((SHARI, "木"), vp.px(BOARD_CARD_W), vp.px(BOARD_CARD_H))
            self.art.tile_px("休", 6, vp.px(JOIN_TILE), vp.px(JOIN_TILE), "board")
            for area in self.areas.values():
                r = area.kanji(0)
                self.art.tile_px("休", 6, vp.px(r.w), vp.px(r.h), "mine" if area.bottom else "mini")
            assets = self.app.assets
            for size in WARM_TEXT_SIZES:  # the captions, the log and the banner mix kana, kanji and Latin
                for bold in (False, True):
                    assets.font(size, bold=bold, jp=True)
                    assets.font(size, bold=bold)
        except Exception:  # a cache warm-up never stops the game
            log.debug("kanji: warm-up failed", exc_info=True)

    def pause(self) -> None:
        self.drag.cancel(animate=False)

    def resume(self) -> None:
        self._views.clear()

    # ------------------------------------------------------------------------------------------
    # queries
    # ------------------------------------------------------------------------------------------
    def _snapshot(self) -> Shown:
        return Shown.from_view(self.state.view(self.bottom), private=self.viewer is not None)

    def _go_to_score(self) -> None:
        self.open_score("kanji_score", dict(seats=list(self.seats), names=list(self.names),
                                            answer_key=self.answer_key, hint=self.hint))

    def _refresh(self) -> None:
        self._views.clear()
        self.shown = self._snapshot()
        self._hint_cache = None

    def _last_tried(self):
        """The latest attempt that was not a pass (what the join board shows), or None."""
        for att in reversed(self.state.view(self.bottom).attempts):
            if not att.is_pass:
                return att
        return None

    def _layout(self) -> None:
        """The bottom seat below, the others across the top in turn order from seat + 1."""
        n = len(self.seats)
        self.top_order = [(self.bottom + k) % n for k in range(1, n)]
        self.areas = {self.bottom: SeatArea(self.bottom)}
        for seat, r in zip(self.top_order, top_panel_rects(len(self.top_order))):
            self.areas[seat] = SeatArea(seat, r)

    def human_to_act(self) -> int | None:
        """The human seat that may use the mouse now (the bottom seat, looking, to move), else
        None (animating, an AI's turn, privacy screen, over)."""
        if self._anim is not None or self._left or self.viewer is None or self._privacy_for is not None:
            return None
        if self.seats[self.viewer] != "human":
            return None
        v = self._view(self.viewer)
        if v.to_move != self.viewer or not v.legal_actions:
            return None
        return self.viewer

    def busy(self) -> bool:
        return (
            self._anim is not None
            or bool(self.flights)
            or self.worker.thinking
            or self.drag.busy()
            or self.widgets.busy()
            or self.end_timer is not None
            or self.toast_ms > 0
            or self._ai_pending()
            or any(abs(x - g) > 1e-3 for x, g in zip(self.lifts, self._goals))
        )

    def _ai_pending(self) -> bool:
        if self._left or self._privacy_for is not None or self.state.is_over():
            return False
        seat = self.state.to_move
        return seat is not None and self.seats[seat] != "human"

    def save_setup(self) -> dict:
        """The shared setup (:meth:`PlayScene.save_setup`) plus the ``hint`` setting (the answer key
        is in the record's setup)."""
        return {**super().save_setup(), "hint": self.hint}

    def hint_pair(self) -> tuple[int, int] | None:
        """With ``hint`` on and a human to act: (hand index, table slot) of one pair that
        completes a kanji under the game's answer key (``judge``), else None."""
        if not self.hint or self.human_to_act() is None:
            return None
        sh = self.shown
        hand, table = sh.hand, sh.table
        if hand is None:
            return None
        key = (tuple(hand), tuple(table))
        if self._hint_cache is not None and self._hint_cache[0] == key:
            return self._hint_cache[1]
        found = None
        for i, neta in enumerate(hand):
            for slot, shari in enumerate(table):
                if neta is None or shari is None:
                    continue
                try:
                    if judge(neta, shari, self.answer_key)[1]:
                        found = (i, slot)
                        break
                except ValueError:
                    continue
            if found:
                break
        self._hint_cache = (key, found)
        return found

    # ------------------------------------------------------------------------------------------
    # drag-and-drop callbacks
    # ------------------------------------------------------------------------------------------
    def _hand_count(self) -> int:
        sh = self.shown
        return len(sh.hand) if sh.hand is not None else sh.hand_sizes[self.bottom]

    def _hit_item(self, pos) -> Any:
        if self.shown.hand is None or self.human_to_act() is None:
            return None
        n = self._hand_count()
        for i in range(n - 1, -1, -1):
            r = hand_rect(i, n).move(0, -round(self.lifts[i] if i < len(self.lifts) else 0))
            if r.collidepoint(pos) and self.shown.hand[i] is not None:
                return ("neta", i)
        return None

    def _card_of(self, item: Any) -> str | None:
        if not (isinstance(item, tuple) and len(item) == 2 and item[0] == "neta"):
            return None
        hand = self.shown.hand
        if hand is None or not isinstance(item[1], int) or not 0 <= item[1] < len(hand):
            return None
        return hand[item[1]]

    def _item_rect(self, item: Any) -> pygame.Rect:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], int):
            return hand_rect(item[1], self._hand_count())
        return pygame.Rect(0, 0, 0, 0)

    def _draggable(self, item: Any) -> bool:
        return self.human_to_act() is not None and self._card_of(item) is not None

    def _drop_targets(self, item: Any) -> list[tuple[Any, pygame.Rect]]:
        seat = self.human_to_act()
        neta = self._card_of(item)
        if seat is None or neta is None:
            return []
        legal = set(self._view(seat).legal_actions)
        out = []
        for slot, shari in enumerate(self.shown.table):
            if shari is not None and attempt_text(neta, shari) in legal:
                out.append((("shari", slot), slot_rect(slot)))
        return out

    def _on_drop(self, item: Any, target: Any, drop_rect: pygame.Rect | None) -> bool:
        seat = self.human_to_act()
        neta = self._card_of(item)
        if seat is None or neta is None or not (isinstance(target, tuple) and target[0] == "shari"):
            return False
        slot = target[1]
        if not isinstance(slot, int) or not 0 <= slot < len(self.shown.table) or self.shown.table[slot] is None:
            return False
        action = attempt_text(neta, self.shown.table[slot])
        if action not in self._view(seat).legal_actions:
            return False
        return self._commit(seat, action, drop_rect if drop_rect is not None else self._item_rect(item))

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
            if getattr(event, "key", None) == pygame.K_ESCAPE:
                if self.drag.handle_event(event):
                    return True
                self._open_pause()
                return True
            return False
        if et not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        if self.widgets.handle_event(event):
            return True
        was_dragging = self.drag.dragging
        if self.drag.handle_event(event):
            if was_dragging and et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.drag.busy():
                if not HAND_AREA.collidepoint(pos) and self.human_to_act() is not None:
                    self._message("Drop the neta on a shari card on the table", "info", sound=False)
            return True
        return False

    def _message(self, text: str, kind: str = "error", sound: bool = True) -> None:
        """Show a short fading message in the banner (``kind`` "error" | "good" | "info"); an
        error plays the error sound unless ``sound`` is False."""
        self.toast_text = text
        self.toast_kind = kind if kind in TOAST_COLORS else "error"
        self.toast_ms = TOAST_MS
        if kind == "error" and sound:
            self._sfx("error")

    def _pass(self) -> None:
        seat = self.human_to_act()
        if seat is None or PASS not in self._view(seat).legal_actions:
            return
        self.drag.cancel(animate=False)
        self._commit(seat, PASS)

    # ------------------------------------------------------------------------------------------
    # actions
    # ------------------------------------------------------------------------------------------
    def _commit(self, seat: int, action: str, start_rect: pygame.Rect | None = None) -> bool:
        """Apply ``seat``'s ``action`` and animate it. False if the state rejects it."""
        try:
            self.match.apply(seat, action)
        except ActionError as exc:
            self.errors += 1
            log.warning("kanji: %s rejected for seat %d: %s", action, seat, exc)
            return False
        self._views.clear()
        new_view = self.state.view(self.bottom)
        att = new_view.attempts[-1]
        self.autosave()
        self._run(self._choreo_attempt(seat, att, start_rect, new_view))
        return True

    # ------------------------------------------------------------------------------------------
    # flow driver
    # ------------------------------------------------------------------------------------------
    def _drive(self) -> None:
        """Start whatever comes next when nothing animates: the end of the game, an AI request
        or answer, the privacy screen for the next human."""
        if self._anim is not None or self._left or self._privacy_for is not None:
            return
        if self.state.is_over():
            if not self._ended:
                self._begin_end()
            return
        seat = self.state.to_move
        if seat is None:
            return
        if self.seats[seat] != "human":
            if not self.worker.thinking or self._ai_seat != seat:
                self._ai_seat = seat
                self.worker.request(self.bots[seat], self.state.view(seat))
                return
            action = self.worker.poll()
            if action is not None:
                self._ai_seat = None
                if not self._commit(seat, action):
                    legal = self.state.legal_actions(seat)
                    if legal:
                        self._commit(seat, random.Random(self.seed + len(self.state.history)).choice(legal))
            return
        if len(self.humans) >= 2 and self.viewer != seat:
            self.ask_privacy(seat)

    def _begin_end(self) -> None:
        """The game is over: announce the result, then (after a moment) the score screen."""
        self._ended = True
        self.end_timer = END_DELAY_MS
        self.worker.cancel()
        sound = self.end_sound()
        self._sfx(sound)
        self._message(self.result_text(), "good" if sound == "victory" else "info", sound=False)
        self._sync_widgets()

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
        if self.join is not None:
            self.join.update(sdt)
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
                self.join = None
                self.anim_label = ""
                self._refresh()
                self._sync_widgets()

    def finish_animations(self) -> None:
        """Jump every running animation to its end (tests, benchmark)."""
        guard = 0
        while self._anim is not None and guard < 200:
            self._step_anim(1e9)
            guard += 1
        self.drag.finish_animation()

    def _choreo_attempt(self, seat: int, att: Any, start_rect: pygame.Rect | None, new_view: Any) -> Iterator[float]:
        """One turn on screen (see the module doc)."""
        sh = self.shown
        area = self.areas[seat]
        name = self.names[seat]
        if att.is_pass:
            self.anim_label = f"{name} passed" if name != "You" else "You passed"
            sh.attempts.append(att)
            self._sfx("slide")
            yield PASS_MS
            return
        neta, shari, slot = att.neta, att.shari, att.slot
        self.board_att = None  # (a pass leaves the last result on the board)
        self.anim_label = f"{name}: {neta} + {shari}"
        # 1. the neta is put beside the shari
        hand_i = None
        mine = area.bottom and sh.hand is not None and neta in sh.hand
        if mine:
            hand_i = sh.hand.index(neta)
            start = start_rect or hand_rect(hand_i, len(sh.hand))
            sh.hand[hand_i] = None
            self.flights = [Flight("card", (NETA, neta), start, beside_rect(slot), PLACE_MS, lift=10)]
            self._sfx("place")
            yield PLACE_MS
        else:
            k = sh.hand_sizes[seat]
            start = area.hand_card(max(0, k - 1), max(1, k))
            sh.hand_sizes[seat] = max(0, k - 1)
            self.flights = [Flight("card", BACK, start, beside_rect(slot), AI_PLACE_MS, lift=18)]
            self._sfx("place")
            yield AI_PLACE_MS
            self.flights = [Flight("card", BACK, beside_rect(slot), beside_rect(slot), FLIP_MS, second=(NETA, neta),
                                   flip=(0.0, 1.0), ease="linear", lift=0)]
            yield FLIP_MS
        # 2. both cards go to the join board
        sh.table[slot] = None
        self.flights = [
            Flight("card", (NETA, neta), beside_rect(slot), board_card(0), TO_BOARD_MS, lift=16),
            Flight("card", (SHARI, shari), slot_rect(slot), board_card(1), TO_BOARD_MS, delay=60, lift=16),
        ]
        self._sfx("slide")
        yield TO_BOARD_MS + 60
        # 3. the halves slide together and (if they form a character) morph into it
        self.flights = []
        j = self.join = JoinShow(seat, neta, shari, att.char, att.valid)
        j.start("slide", SLIDE_MS)
        yield SLIDE_MS
        if att.char is not None:
            j.start("morph", MORPH_MS)
            yield MORPH_MS
        sh.attempts.append(att)
        self.board_att = att
        if att.valid:
            yield from self._g_valid(seat, att, new_view, mine)
        else:
            yield from self._g_wrong(seat, att, hand_i)

    def _g_valid(self, seat: int, att: Any, new_view: Any, mine: bool) -> Iterator[float]:
        sh = self.shown
        area = self.areas[seat]
        j = self.join
        assert j is not None
        j.start("glow", GLOW_MS, ease="out_cubic")
        self._sfx("capture")
        f = formed_of(att.neta, att.shari)
        self._message(caption(f) if f is not None else att.why, "good")
        yield GLOW_MS
        # the kanji settles into its seat's row; a new shari turns up; the seat draws a neta
        self.join = None
        slot = att.slot
        k = len(sh.completed[seat])
        flights = [Flight("kanji", (att.char, att.strokes), board_tile(), area.kanji(min(k, 4)), SETTLE_MS, lift=22)]
        if att.refill is not None:
            layer = min(3, max(0, sh.shari_left - 1))
            sh.shari_left = max(0, sh.shari_left - 1)
            flights.append(Flight("card", BACK, pile_rect(layer), slot_rect(slot), REFILL_MS,
                                  second=(SHARI, att.refill),
                                  flip=(0.45, 0.9), delay=SETTLE_MS * 0.35, lift=14))
        drew = new_view.neta_left[seat] < sh.neta_left[seat]
        new_hand = None
        if drew:
            sh.neta_left[seat] = max(0, sh.neta_left[seat] - 1)
        if mine and new_view.seat == seat:
            new_hand = list(new_view.hand)
            old = [c for c in sh.hand if c is not None]
            # the cards kept slide into their new (sorted) places
            for i, card in enumerate(sh.hand):
                if card is None or card not in new_hand:
                    continue
                src = hand_rect(i, len(sh.hand))
                dst = hand_rect(new_hand.index(card), len(new_hand))
                flights.append(Flight("card", (NETA, card), src, dst, DRAW_MS * 0.8, delay=SETTLE_MS * 0.5, lift=4))
            drawn = [c for c in new_hand if c not in old]
            if drawn:
                card = drawn[0]
                dst = hand_rect(new_hand.index(card), len(new_hand))
                flights.append(Flight("card", BACK, deck_rect(1), dst, DRAW_MS, second=(NETA, card), flip=(0.55, 0.95),
                                      delay=SETTLE_MS * 0.5, lift=18))
            sh.hand = [None] * len(new_hand)
        elif drew:
            n = sh.hand_sizes[seat]
            dst = area.hand_card(n, n + 1)
            start = area.deck() if not area.bottom else deck_rect(1)
            flights.append(Flight("card", BACK, start, dst, DRAW_MS, delay=SETTLE_MS * 0.5, lift=8))
        self.flights = flights
        self._sfx("slide")
        longest = max((fl.tween.delay_ms + fl.tween.duration_ms for fl in flights), default=0.0)
        yield longest + 40
        # everything landed
        done = new_view.completed[seat]
        if len(done) > len(sh.completed[seat]):
            sh.completed[seat].append(done[len(sh.completed[seat])])
        sh.table[slot] = att.refill
        if new_hand is not None:
            sh.hand = new_hand
        elif drew:
            sh.hand_sizes[seat] += 1
        self.flights = []

    def _g_wrong(self, seat: int, att: Any, hand_i: int | None) -> Iterator[float]:
        sh = self.shown
        area = self.areas[seat]
        j = self.join
        assert j is not None
        j.start("shake", SHAKE_MS, ease="linear")
        self._message(wrong_text(att), "error")
        yield SHAKE_MS
        if att.char is not None:
            j.start("unmorph", UNMORPH_MS)
            yield UNMORPH_MS
        self.join = None
        slot = att.slot
        flights = []
        if hand_i is not None and sh.hand is not None:
            dst = hand_rect(hand_i, len(sh.hand))
            flights.append(Flight("card", (NETA, att.neta), board_card(0, 1.0), dst, BACK_MS, lift=14))
        else:
            n = sh.hand_sizes[seat]
            dst = area.hand_card(n, n + 1)
            flights.append(Flight("card", (NETA, att.neta), board_card(0, 1.0), dst, BACK_MS, second=BACK,
                                  flip=(0.0, 0.35), lift=14))
        flights.append(Flight("card", (SHARI, att.shari), board_card(1, 1.0), slot_rect(slot), BACK_MS, delay=60,
                              lift=14))
        self.flights = flights
        self._sfx("slide")
        yield BACK_MS + 60
        if hand_i is not None and sh.hand is not None:
            sh.hand[hand_i] = att.neta
        else:
            sh.hand_sizes[seat] += 1
        sh.table[slot] = att.shari
        self.flights = []

    # ------------------------------------------------------------------------------------------
    # per frame
    # ------------------------------------------------------------------------------------------
    def _lift_goals(self) -> list[float]:
        goals = [0.0] * len(self.lifts)
        if self._anim is not None or self.viewer is None or self.shown.hand is None:
            return goals
        item = self.drag.active_item
        if (isinstance(item, tuple) and not self.drag.dragging and isinstance(item[1], int)
                and 0 <= item[1] < len(goals)):
            goals[item[1]] = HOVER_LIFT
            return goals
        if self.hover is None or self.drag.dragging or self.human_to_act() is None:
            return goals
        n = self._hand_count()
        for k in range(n - 1, -1, -1):
            if hand_rect(k, n).inflate(0, 30).move(0, -15).collidepoint(self.hover):
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
            self.lifts[i] = approach(self.lifts[i], goal, dt_ms, 40)
        if self._anim is not None:
            self._step_anim(sdt)
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
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        self.btn_pass.enabled = self.human_to_act() is not None
        self.btn_pause.enabled = not self._left

    # ------------------------------------------------------------------------------------------
    # UI elements
    # ------------------------------------------------------------------------------------------
    def kanji_rects(self) -> list[tuple[int, int, pygame.Rect]]:
        """(seat, index, logical rect) of every displayed completed kanji."""
        out = []
        for seat in range(self.shown.num_seats):
            area = self.areas.get(seat)
            if area is None:
                continue
            for i in range(min(5, len(self.shown.completed[seat]))):
                out.append((seat, i, area.kanji(i)))
        return out

    def ui_elements(self) -> list[UIElement]:
        out: list[UIElement] = []
        sh = self.shown
        # with the hint on, the hinted pair's kinds end in "-hint" (the UI dump shows it too)
        hint = self.hint_pair()
        if sh.hand is not None and self.viewer is not None:
            n = len(sh.hand)
            for i in range(n):
                kind = "card-hint" if hint is not None and hint[0] == i else "card"
                out.append(UIElement(f"neta:{i}", kind, hand_rect(i, n)))
        actor = self.human_to_act()
        for slot in range(6):
            card = sh.table[slot] if slot < len(sh.table) else None
            kind = "empty" if card is None else ("target" if actor is not None else "card")
            if hint is not None and hint[1] == slot:
                kind += "-hint"
            out.append(UIElement(f"shari:{slot}", kind, slot_rect(slot)))
        for seat, i, r in self.kanji_rects():
            out.append(UIElement(f"kanji:{seat}:{i}", "kanji", r))
        out.extend(self.widgets.ui_elements())
        return out

    # ------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------
    def banner_text(self) -> str:
        """The instruction banner's text."""
        if self._privacy_for is not None or (self.viewer is None and len(self.humans) > 1 and not self._ended):
            who = self._privacy_for if self._privacy_for is not None else self.bottom
            return f"Pass the screen to {self.names[who]}"
        if self._ended and self._anim is None:
            return self.result_text()
        if self._anim is not None:
            return self.anim_label
        seat = self.human_to_act()
        if seat is not None:
            prefix = f"{self.names[seat]}: " if len(self.humans) > 1 else "Your turn: "
            sel = self._card_of(self.drag.selected) if self.drag.selected is not None else None
            if sel is not None:
                return prefix + f"click a shari to put {sel} beside it"
            return prefix + "drag a neta onto a shari — or pass"
        to_move = self.state.to_move
        if to_move is None:
            return ""
        who = self.names[to_move]
        return f"{who} {'is' if who != 'You' else 'are'} thinking…"

    def result_text(self) -> str:
        """The game's result in one line, with the seats' names."""
        out = self.state.outcome()
        if out is None:
            return "Game over"
        tb = self.state.view(self.bottom).tie_break
        if len(out.winners) == 1:
            w = out.winners[0]
            who = self.names[w]
            verb = "win" if who == "You" else "wins"
            if tb is not None and tb.decided:
                char = tb.kanji[tb.tied.index(w)]
                return f"{who} {verb} the tie on {tb.total} strokes with {char}"
            return f"{who} {verb} with {out.scores[w]} strokes!"
        return "A shared win!"

    def seat_status(self, seat: int) -> str:
        """"wins" (game over, a winner) / "thinking" (an AI to move) / "to move" (a human) /
        "done" (5 kanji) / "" for a seat's panel."""
        sh = self.shown
        out = self.state.outcome()
        if self._ended and self._anim is None and out is not None and seat in out.winners:
            return "wins"
        if len(sh.completed[seat]) >= 5:
            return "done"
        if self._ended or self._anim is not None:
            return ""
        if self.state.to_move == seat:
            return "to move" if self.seats[seat] == "human" else "thinking"
        return ""

    def tooltip(self) -> dict | None:
        """The tooltip under the pointer: ``{"seat", "index", "char", "rect", "formed", "rows"}`` for
        a hovered completed kanji, else None (also while dragging)."""
        if self.hover is None or self.drag.dragging:
            return None
        for seat, i, r in self.kanji_rects():
            if r.collidepoint(self.hover):
                k = self.shown.completed[seat][i]
                f = formed_of(k.neta, k.shari)
                if f is None:
                    return None
                return {"seat": seat, "index": i, "char": k.char, "rect": r, "formed": f,
                        "rows": tip_lines(f, k.neta, k.shari), "neta": k.neta, "shari": k.shari}
        return None

    # ------------------------------------------------------------------------------------------
    # drawing (never changes game or scene state; only fills render caches)
    # ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        key = ("static", surface.get_size(), self.bottom, tuple(self.top_order))
        surface.blit(self._cached(key, lambda: self._build_static(surface.get_size())), (0, 0))
        for seat in self.top_order:
            self._draw_opponent(surface, seat)
        self._draw_info(surface)
        self._draw_pile(surface)
        self._draw_table(surface)
        self._draw_board(surface)
        self._draw_log(surface)
        self._draw_deck(surface)
        self._draw_my_kanji(surface)
        self._draw_hand(surface)
        for f in self.flights:
            self._draw_flight(surface, f)
        self._draw_dragged(surface)
        self.widgets.draw(surface, self.app)
        tip = self.tooltip()
        if tip is not None:
            who = self.names[tip["seat"]]
            draw_kanji_tip(surface, self.app, self.art, tip["formed"], tip["rect"], tip["neta"], tip["shari"], who)

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
        for seat in self.top_order:
            area = self.areas[seat]
            p = area.panel
            draw_panel(s, app, p, radius=14)
            inset = vp.to_window(pygame.Rect(p.x + 6, p.y + 76, p.w - 12, p.h - 80))
            pygame.draw.rect(s, C.PAPER_DARK, inset, border_radius=vp.px(9))
            for i in range(5):
                r = area.kanji(i)
                draw_dashed_rect(s, C.PAPER_EDGE, vp.to_window(r), max(1, vp.px(1)), vp.px(4), vp.px(3))
        # info strip
        draw_panel(s, app, TURN_RECT, radius=14, style="paper")
        draw_panel(s, app, BANNER_RECT, style="dark", radius=14, border=None)
        # shari pile
        draw_panel(s, app, PILE_PANEL, radius=16)
        draw_text(s, app, "Shari pile", (PILE_PANEL.x + 16, PILE_PANEL.y + 20), 16, C.INK, bold=True,
                  anchor="midleft")
        base = pile_rect(0)
        pygame.draw.rect(s, C.PAPER_DARK, vp.to_window(base.inflate(8, 8)), border_radius=vp.px(12))
        # the table: a lacquer tray with six slots
        tray = vp.to_window(TABLE_RECT)
        draw_shadow(s, tray, vp.px(18), vp.px(6), alpha=90, blur=vp.px(12))
        pygame.draw.rect(s, (58, 30, 24), tray, border_radius=vp.px(18))
        pygame.draw.rect(s, (104, 48, 34), tray.inflate(-vp.px(8), -vp.px(8)), border_radius=vp.px(14))
        pygame.draw.rect(s, (150, 112, 60), tray.inflate(-vp.px(8), -vp.px(8)), width=max(1, vp.px(1.5)),
                         border_radius=vp.px(14))
        for slot in range(6):
            r = vp.to_window(slot_rect(slot))
            pygame.draw.rect(s, (84, 38, 28), r, border_radius=vp.px(10))
            draw_dashed_rect(s, (170, 120, 80), r, max(1, vp.px(1.5)), vp.px(6), vp.px(4))
        # the join board
        wb = vp.to_window(BOARD_RECT)
        s.blit(app.assets.svg(BOARD_SVG, BOARD_RECT.w, BOARD_RECT.h), wb.topleft)
        # log
        draw_panel(s, app, LOG_RECT, radius=16)
        draw_text(s, app, "Attempts", (LOG_RECT.x + 16, LOG_RECT.y + 20), 16, C.INK, bold=True, anchor="midleft")
        # bottom row
        draw_panel(s, app, DECK_PANEL, radius=14)
        draw_text(s, app, "Deck", (DECK_PANEL.centerx, DECK_PANEL.y + 18), 15, C.INK, bold=True)
        pygame.draw.rect(s, C.PAPER_DARK, vp.to_window(deck_rect(0).inflate(8, 8)), border_radius=vp.px(10))
        draw_panel(s, app, MY_KANJI_RECT, radius=16)
        for i in range(5):
            r = vp.to_window(my_tile_rect(i))
            pygame.draw.rect(s, C.PAPER_DARK, r, border_radius=vp.px(10))
            draw_dashed_rect(s, C.PAPER_EDGE, r, max(1, vp.px(1.5)), vp.px(6), vp.px(4))
            draw_text(s, app, str(i + 1), my_tile_rect(i).center, 22, C.PAPER_EDGE, bold=True)
        return s.convert() if pygame.display.get_surface() else s

    # -- opponents --------------------------------------------------------------------------------
    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        app = self.app
        vp = self.viewport
        area = self.areas[seat]
        p = area.panel
        sh = self.shown
        status = self.seat_status(seat)
        if status in ("thinking", "to move", "wins"):
            pulse = 0.5 + 0.5 * math.sin(self.clock_ms / 300.0) if status == "thinking" else 1.0
            pygame.draw.rect(surface, mix(C.GOLD, GOLD_HI, pulse), vp.to_window(p).inflate(vp.px(4), vp.px(4)),
                             width=max(2, vp.px(3)), border_radius=vp.px(16))
        pygame.draw.circle(surface, seat_rgb(seat), vp.to_window((p.x + 18, p.y + 19)), max(3, vp.px(6)))
        nx = p.x + 30
        status_w = text_width(app, status, 13, True) + (30 if status == "thinking" else 8) if status else 0
        room = p.w - (nx - p.x) - 12 - status_w
        name = fit_text(app, self.names[seat], 17, True, room)
        draw_text(surface, app, name, (nx, p.y + 19), 17, C.INK, bold=True, anchor="midleft")
        nw = text_width(app, name, 17, True)
        level = LEVEL_LABEL.get(self.seats[seat], "")
        if level and not self.names[seat].startswith(level) and text_width(app, level, 12) <= room - nw - 8:
            draw_text(surface, app, level, (nx + nw + 8, p.y + 20), 12, C.INK_MUTED, anchor="midleft")
        if status:
            col = C.MATCHA if status == "done" else (C.GOLD if status == "wins" else C.VERMILION)
            x = p.right - 12
            if status == "thinking":
                for k in range(3):
                    ph = (self.clock_ms / 420.0 - k * 0.22) * math.tau
                    dy = -3 * max(0.0, math.sin(ph))
                    pygame.draw.circle(surface, col, vp.to_window((x - 18 + k * 8, p.y + 22 + dy)), max(1, vp.px(2.5)))
                x -= 30
            draw_text(surface, app, status, (x, p.y + 19), 13, col, bold=True, anchor="midright")
        # hand backs, deck, total
        n = sh.hand_sizes[seat]
        for i in range(n):
            r = area.hand_card(i, n)
            surface.blit(self.art.card(BACK, r.w, r.h), vp.to_window(r).topleft)
        cx, cy = area.hand_count_pos()
        draw_text(surface, app, f"×{n}", (cx, cy), 14, C.INK_SOFT, bold=True, anchor="midleft")
        d = area.deck()
        left = sh.neta_left[seat]
        if left:
            surface.blit(self.art.card(BACK, d.w, d.h), vp.to_window(d).topleft)
        else:
            draw_dashed_rect(surface, C.PAPER_EDGE, vp.to_window(d), max(1, vp.px(1)), vp.px(3), vp.px(3))
        draw_text(surface, app, "deck", (d.right + 5, d.y + 10), 10, C.INK_MUTED, anchor="midleft")
        draw_text(surface, app, str(left), (d.right + 5, d.y + 25), 14, C.INK_SOFT, bold=True, anchor="midleft")
        tx, ty = area.total_pos()
        total = sh.scores[seat]
        draw_text(surface, app, str(total), (tx, ty - 4), 24, C.VERMILION if total else C.INK_MUTED, bold=True,
                  anchor="midright")
        draw_text(surface, app, "strokes", (tx, ty + 15), 11, C.INK_MUTED, anchor="midright")
        # completed kanji
        for i, k in enumerate(sh.completed[seat][:5]):
            r = area.kanji(i)
            wr = vp.to_window(r)
            surface.blit(self.art.tile_px(k.char, k.strokes, wr.w, wr.h, "mini"), wr.topleft)

    # -- info strip --------------------------------------------------------------------------------
    def _draw_info(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        r = TURN_RECT
        turn = self.shown.turn + (0 if self._ended else 1)
        draw_text(surface, app, f"Turn {turn}", (r.x + 16, r.centery), 18, C.INK, bold=True, anchor="midleft")
        key = "Jōyō list" if self.answer_key == "joyo" else "Rulebook list"
        draw_text(surface, app, key, (r.right - 14, r.centery + 1), 13, C.INK_MUTED, anchor="midright")
        text = self.banner_text()
        a = self._toast_alpha()
        if a > 0:
            color = TOAST_COLORS.get(self.toast_kind, C.VERMILION_DARK)
            pill = self._cached(("toast", self.toast_kind),
                                lambda: pill_surface(vp.px(BANNER_RECT.w), vp.px(BANNER_RECT.h), vp.px(14), color))
            pill.set_alpha(int(255 * a))
            surface.blit(pill, vp.to_window(BANNER_RECT).topleft)
            if a > 0.5:
                text = self.toast_text
        if text:
            size = 18
            if rich_width(app, text, size, True) > BANNER_RECT.w - 40:
                size = 15
            text = _fit_rich(app, text, size, True, BANNER_RECT.w - 30)
            draw_rich(surface, app, self.art, text, BANNER_RECT.center, size, C.PAPER_LIGHT, bold=True,
                      anchor="center")

    def _toast_alpha(self) -> float:
        if self.toast_ms <= 0 or not self.toast_text:
            return 0.0
        return clamp(self.toast_ms / 400.0, 0.0, 1.0) * clamp((TOAST_MS - self.toast_ms) / 90.0, 0.0, 1.0)

    # -- the shari pile and the table -------------------------------------------------------------
    def _draw_pile(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        left = self.shown.shari_left
        layers = min(4, left)
        for layer in range(layers):
            r = pile_rect(layer)
            wr = vp.to_window(r)
            if layer == 0:
                draw_shadow(surface, wr, vp.px(10), vp.px(3), alpha=70, blur=vp.px(6))
            surface.blit(self.art.card(BACK, r.w, r.h), wr.topleft)
        if left:
            top = pile_rect(layers - 1)
            draw_count_badge(surface, app, (top.right - 6, top.y + 8), left, C.VERMILION, 14)
        else:
            draw_text(surface, app, "empty", pile_rect(0).center, 15, C.INK_MUTED, bold=True)
        p = PILE_PANEL
        draw_text(surface, app, f"{left} card{'s' if left != 1 else ''} left", (p.centerx, p.bottom - 58), 14,
                  C.INK_SOFT, bold=True)
        note = "any regular-use kanji" if self.answer_key == "joyo" else "the rulebook's 71 kanji"
        draw_text(surface, app, "Valid:", (p.centerx, p.bottom - 34), 12, C.INK_MUTED)
        draw_text(surface, app, note, (p.centerx, p.bottom - 18), 12, C.INK_MUTED)

    def _draw_table(self, surface: pygame.Surface) -> None:
        vp = self.viewport
        sh = self.shown
        actor = self.human_to_act()
        targets = dict(self.drag.targets) if (actor is not None and self.drag.active_item is not None) else {}
        hot = self.drag.hover_target
        hint = self.hint_pair()
        for slot, card in enumerate(sh.table):
            r = slot_rect(slot)
            if card is None:
                if sh.shari_left == 0 and self._anim is None:
                    draw_text(surface, self.app, "empty", r.center, 13, (190, 150, 110))
                continue
            wr = vp.to_window(r)
            draw_shadow(surface, wr, vp.px(10), vp.px(3), alpha=80, blur=vp.px(6))
            surface.blit(self.art.card((SHARI, card), r.w, r.h), wr.topleft)
            tid = ("shari", slot)
            if tid in targets:
                glow = self._cached(("glow", r.w, r.h, tid == hot), lambda h=(tid == hot): self._build_glow(r, h))
                surface.blit(glow, glow.get_rect(center=wr.center))
            if hint is not None and hint[1] == slot:
                self._draw_hint_ring(surface, r)

    def _draw_hint_ring(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        vp = self.viewport
        wr = vp.to_window(r.inflate(8, 8))
        pygame.draw.rect(surface, (120, 200, 110), wr, width=max(2, vp.px(3)), border_radius=vp.px(12))
        tag = pygame.Rect(r.centerx - 24, r.y - 12, 48, 20)
        pygame.draw.rect(surface, (84, 140, 70), vp.to_window(tag), border_radius=vp.px(10))
        draw_text(surface, self.app, "hint", tag.center, 12, C.PAPER_LIGHT, bold=True)

    def _build_glow(self, r: pygame.Rect, hot: bool) -> pygame.Surface:
        vp = self.viewport
        pad = vp.px(8)
        w, h = vp.px(r.w) + 2 * pad, vp.px(r.h) + 2 * pad
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        base = s.get_rect()
        radius = vp.px(10)
        for k in range(pad, 0, -1):
            a = int((120 if hot else 60) * (1 - k / (pad + 1)))
            pygame.draw.rect(s, (*GOLD_HI, a), base.inflate(-2 * (pad - k), -2 * (pad - k)), width=max(1, vp.px(2)),
                             border_radius=radius + k)
        inner = base.inflate(-2 * pad, -2 * pad)
        pygame.draw.rect(s, (255, 226, 150, 60 if hot else 22), inner, border_radius=radius)
        pygame.draw.rect(s, (*GOLD_HI, 255), inner, width=max(2, vp.px(4 if hot else 2)), border_radius=radius)
        return s

    # -- the join board ----------------------------------------------------------------------------
    def _draw_board(self, surface: pygame.Surface) -> None:
        if self.join is not None:
            self._draw_join(surface, self.join)
        att = self.board_att
        if att is not None:
            flying = any(f.kind == "kanji" for f in self.flights)
            self._draw_board_result(surface, att, imprint=self.join is None and not flying)
        elif self.join is None and self._anim is None and not self.flights:
            self._draw_board_intro(surface)

    def _blit_alpha(self, surface: pygame.Surface, img: pygame.Surface, pos, alpha: float) -> None:
        a = int(clamp(alpha, 0.0, 1.0) * 255)
        if a <= 0:
            return
        if a < 255:
            img.set_alpha(a)
            surface.blit(img, pos)
            img.set_alpha(255)
        else:
            surface.blit(img, pos)

    def _draw_join(self, surface: pygame.Surface, j: JoinShow) -> None:
        vp = self.viewport
        art = self.art
        m = j.morph_amount()
        tog = j.together()
        dx = j.shake_dx()
        wrong = not j.valid and j.phase in ("shake", "unmorph")
        card_a = 1.0 - _smooth(0.0, 0.55, m)
        tile_a = _smooth(0.15, 0.6, m)
        L = board_card(0, tog).move(round(dx), 0)
        R = board_card(1, tog).move(round(dx), 0)
        T = board_tile().move(round(dx), 0)
        wT = vp.to_window(T)
        # glow / ring of a valid kanji
        if j.phase == "glow":
            t = j.t
            g = art.soft_glow(round(wT.w * 1.9), GOLD_HI, 200)
            self._blit_alpha(surface, g, g.get_rect(center=wT.center), 0.4 + 0.6 * (1 - abs(0.5 - t)))
            rad = wT.w * (0.55 + 0.45 * t)
            ring_a = int(220 * (1 - t))
            if ring_a > 4:
                ring = pygame.Surface((int(rad * 2) + 4, int(rad * 2) + 4), pygame.SRCALPHA)
                pygame.draw.circle(ring, (*GOLD_HI, ring_a), ring.get_rect().center, int(rad), max(2, vp.px(4)))
                surface.blit(ring, ring.get_rect(center=wT.center))
        # the two cards (blank art; glyphs drawn below so they can move on their own)
        wL, wR = vp.to_window(L), vp.to_window(R)
        if card_a > 0:
            for kind, wr in ((NETA, wL), (SHARI, wR)):
                img = art.blank_px(kind, wr.w, wr.h)
                if card_a >= 1:
                    draw_shadow(surface, wr, vp.px(10), vp.px(4), alpha=80, blur=vp.px(8))
                self._blit_alpha(surface, img, wr.topleft, card_a)
        if tile_a > 0 and j.char is not None:
            tile = art.tile_px("", None, wT.w, wT.h, "blank-wrong" if wrong else "blank")
            if tile_a >= 1:
                draw_shadow(surface, wT, vp.px(14), vp.px(5), alpha=90, blur=vp.px(10))
            self._blit_alpha(surface, tile, wT.topleft, tile_a)
        # the glyphs
        big = vp.px(JOIN_TILE * 0.8)
        full_color = INK if not wrong else (120, 60, 50)
        if j.char is not None:
            fsurf, fink = art.glyph(j.char, big, full_color)
            full_ink = fink.move(wT.centerx - fink.centerx, wT.centery - fink.centery)
        else:
            full_ink = pygame.Rect(0, 0, 0, 0)
        half_a = 1.0 - _smooth(0.62, 0.97, m)
        if half_a > 0:
            e = _smooth(0.0, 0.7, m)
            split = art.split(j.char) if j.char is not None else 0.42
            for side, (name, kind, wr) in enumerate(((j.neta, NETA, wL), (j.shari, SHARI, wR))):
                ink_img = art.ink(name, big)
                card_px = art.glyph_px_for(wr.w)
                k = card_px / big
                cx, cy = art.face_center(kind, wr.w, wr.h)
                start = pygame.Rect(0, 0, max(1, round(ink_img.get_width() * k)),
                                    max(1, round(ink_img.get_height() * k)))
                start.center = (round(wr.x + cx), round(wr.y + cy))
                if j.char is not None and e > 0:
                    fi = full_ink
                    if side == 0:
                        target = pygame.Rect(fi.x, fi.y, round(fi.w * split), fi.h)
                    else:
                        target = pygame.Rect(fi.x + round(fi.w * split), fi.y, round(fi.w * (1 - split)), fi.h)
                    cur = pygame.Rect(
                        round(start.x + (target.x - start.x) * e), round(start.y + (target.y - start.y) * e),
                        max(1, round(start.w + (target.w - start.w) * e)),
                        max(1, round(start.h + (target.h - start.h) * e)))
                else:
                    cur = start
                if cur.size == ink_img.get_size():
                    img = ink_img
                else:
                    img = pygame.transform.smoothscale(ink_img, cur.size)
                self._blit_alpha(surface, img, cur.topleft, half_a if e > 0 else 1.0)
        if j.char is not None:
            full_a = _smooth(0.55, 0.95, m)
            if full_a > 0:
                self._blit_alpha(surface, fsurf, (wT.centerx - fink.centerx, wT.centery - fink.centery), full_a)
        elif j.phase == "shake":
            c = vp.to_window(((L.right + R.x) / 2 + dx, L.y - 4))
            rad = vp.px(17)
            pygame.draw.circle(surface, C.VERMILION, c, rad)
            pygame.draw.circle(surface, C.PAPER_LIGHT, c, rad, max(1, vp.px(2)))
            draw_text(surface, self.app, "?", vp.to_logical(c), 22, C.PAPER_LIGHT, bold=True)
        if wrong and j.char is not None:
            # a red cross-out stroke over the formed character
            t = j.tween.progress if j.phase == "shake" else 1.0
            a = wT.inflate(-wT.w // 5, -wT.h // 5)
            end = (a.left + (a.w * min(1.0, t * 2.2)), a.top + (a.h * min(1.0, t * 2.2)))
            if j.phase == "shake":
                pygame.draw.line(surface, C.VERMILION, a.topleft, end, max(2, vp.px(5)))

    def _draw_board_result(self, surface: pygame.Surface, att: Any, imprint: bool) -> None:
        """The caption of the board's attempt (and, when nothing moves, its imprint on the wood)."""
        app = self.app
        vp = self.viewport
        cx = BOARD_RECT.centerx
        f = formed_of(att.neta, att.shari) if not att.is_pass else None
        if imprint:
            T = board_tile()
            c = vp.to_window(T.center)
            big = vp.px(JOIN_TILE * 0.8)
            if att.char is not None:
                col = (166, 118, 62) if att.valid else (168, 146, 120)
                surf, ink = self.art.glyph(att.char, big, col)
                self._blit_alpha(surface, surf, (c[0] - ink.centerx, c[1] - ink.centery), 0.55)
            else:  # no character: the two halves side by side, apart
                for name, dx in ((att.neta, -0.27), (att.shari, 0.27)):
                    img = self.art.ink(name, vp.px(JOIN_TILE * 0.5), (168, 146, 120))
                    self._blit_alpha(surface, img, img.get_rect(center=(c[0] + vp.px(JOIN_TILE * dx), c[1])), 0.6)
            if not att.valid:
                badge = vp.to_window((T.right - 4, T.bottom - 22))
                rad = vp.px(16)
                pygame.draw.circle(surface, C.VERMILION, badge, rad)
                pygame.draw.circle(surface, C.PAPER_LIGHT, badge, rad, max(1, vp.px(2)))
                if att.char is None:
                    draw_text(surface, app, "?", vp.to_logical(badge), 20, C.PAPER_LIGHT, bold=True)
                else:
                    k = rad // 2
                    pygame.draw.line(surface, C.PAPER_LIGHT, (badge[0] - k, badge[1] - k), (badge[0] + k, badge[1] + k),
                                     max(2, vp.px(3)))
                    pygame.draw.line(surface, C.PAPER_LIGHT, (badge[0] + k, badge[1] - k), (badge[0] - k, badge[1] + k),
                                     max(2, vp.px(3)))
        y = BOARD_RECT.y + 224
        who = self.names[att.seat] if 0 <= att.seat < len(self.names) else ""
        width = BOARD_RECT.w - 36
        if att.valid and f is not None:
            title = f"{att.char} — {', '.join(f.meanings[:2])}" if f.meanings else att.char
            draw_text(surface, app, fit_text(app, title, 19, True, width), (cx, y), 19, INK, bold=True)
            r = readings(f, 2)
            if r:
                draw_text(surface, app, fit_text(app, r, 15, False, width), (cx, y + 26), 15, (96, 70, 44))
            draw_rich(surface, app, self.art, f"{att.neta} + {att.shari} · {att.strokes} strokes · {who}",
                      (cx, y + 50), 13, (120, 90, 60), anchor="center")
        else:
            pair = f"{att.neta} + {att.shari}" + (f" = {att.char}" if att.char else "")
            draw_rich(surface, app, self.art, pair, (cx, y), 19, INK, bold=True, anchor="center")
            why = wrong_text(att, short=True) if att.char is None else att.why
            if att.char is None:
                why = "forms no character: no such kanji"
            lines = wrap_rich(app, why, 14, width)[:2]
            for k, line in enumerate(lines):
                draw_rich(surface, app, self.art, line, (cx, y + 25 + k * 19), 14, (150, 46, 30), bold=True,
                          anchor="center")
            draw_text(surface, app, f"{who}: cards go back, the turn passes", (cx, y + 27 + 19 * len(lines)), 13,
                      (120, 90, 60))

    def _draw_board_intro(self, surface: pygame.Surface) -> None:
        """Before the first attempt: neta + shari = kanji, drawn with real cards."""
        app = self.app
        vp = self.viewport
        cy = BOARD_RECT.y + 110
        cx = BOARD_RECT.centerx
        w, h = 70, 98
        for key, x in (((NETA, "亻"), cx - 130), ((SHARI, "木"), cx - 35)):
            r = centered((x, cy), w, h)
            surface.blit(self.art.card(key, w, h), vp.to_window(r).topleft)
        draw_text(surface, app, "+", (cx - 82, cy), 28, (120, 84, 50), bold=True)
        draw_text(surface, app, "=", (cx + 14, cy), 28, (120, 84, 50), bold=True)
        t = centered((cx + 90, cy), 96, 96)
        wt = vp.to_window(t)
        surface.blit(self.art.tile_px("休", None, wt.w, wt.h, "board"), wt.topleft)
        y = BOARD_RECT.y + 224
        draw_text(surface, app, "Put a neta beside a shari", (cx, y), 18, INK, bold=True)
        draw_text(surface, app, "A regular-use kanji scores its strokes;", (cx, y + 26), 14, (96, 70, 44))
        draw_text(surface, app, "anything else goes back and the turn passes.", (cx, y + 46), 14, (96, 70, 44))

    # -- the log ---------------------------------------------------------------------------------------
    def _draw_log(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        r = LOG_RECT
        atts = self.shown.attempts
        draw_text(surface, app, f"{len(atts)} so far", (r.right - 16, r.y + 21), 12, C.INK_MUTED, anchor="midright")
        if not atts:
            draw_text(surface, app, "No attempt yet", (r.centerx, r.y + 90), 14, C.INK_MUTED)
            return
        y = r.y + 48
        width = r.w - 44
        for k, att in enumerate(reversed(atts[-LOG_ROWS:])):
            lines = wrap_rich(app, attempt_line(att, self.names), 13, width, bold=(k == 0))[:3]
            if y + 18 * len(lines) > r.bottom - 6:
                break
            pygame.draw.circle(surface, seat_rgb(att.seat), vp.to_window((r.x + 20, y)), max(2, vp.px(5)))
            if att.valid:
                col = (70, 110, 50)
            elif att.is_pass:
                col = C.INK_MUTED
            else:
                col = C.INK_SOFT if k else (150, 52, 34)
            for i, line in enumerate(lines):
                draw_rich(surface, app, self.art, line, (r.x + 32, y + i * 17), 13, col, bold=(k == 0))
            y += 17 * len(lines) + 9

    # -- the bottom row --------------------------------------------------------------------------------
    def _draw_deck(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        left = self.shown.neta_left[self.bottom]
        for layer in range(min(3, left)):
            r = deck_rect(layer)
            surface.blit(self.art.card(BACK, r.w, r.h), vp.to_window(r).topleft)
        if left:
            top = deck_rect(min(3, left) - 1)
            draw_count_badge(surface, app, (top.right - 4, top.y + 6), left, C.VERMILION, 12)
        else:
            draw_text(surface, app, "empty", deck_rect(0).center, 13, C.INK_MUTED)
        draw_text(surface, app, "neta", (DECK_PANEL.centerx, DECK_PANEL.bottom - 14), 12, C.INK_MUTED)

    def _draw_my_kanji(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        r = MY_KANJI_RECT
        seat = self.bottom
        name = self.names[seat]
        title = "Your kanji" if name == "You" else f"{name}'s kanji"
        pygame.draw.circle(surface, seat_rgb(seat), vp.to_window((r.x + 22, r.y + 24)), max(3, vp.px(6)))
        draw_text(surface, app, title, (r.x + 34, r.y + 24), 17, C.INK, bold=True, anchor="midleft")
        total = self.shown.scores[seat]
        draw_text(surface, app, f"{total}", (r.right - 80, r.y + 24), 24, C.VERMILION if total else C.INK_MUTED,
                  bold=True, anchor="midright")
        draw_text(surface, app, "strokes", (r.right - 16, r.y + 26), 13, C.INK_MUTED, anchor="midright")
        status = self.seat_status(seat)
        if status in ("done", "wins"):
            label = "all five made" if status == "done" else ("win!" if name == "You" else "wins!")
            draw_text(surface, app, label, (r.x + 34 + text_width(app, title, 17, True) + 12, r.y + 25), 13,
                      C.MATCHA if status == "done" else C.GOLD, bold=True, anchor="midleft")
        if status == "wins":
            pygame.draw.rect(surface, C.GOLD, vp.to_window(r).inflate(vp.px(4), vp.px(4)), width=max(2, vp.px(3)),
                             border_radius=vp.px(18))
        for i, k in enumerate(self.shown.completed[seat][:5]):
            t = my_tile_rect(i)
            wt = vp.to_window(t)
            draw_shadow(surface, wt, vp.px(10), vp.px(3), alpha=60, blur=vp.px(5))
            surface.blit(self.art.tile_px(k.char, k.strokes, wt.w, wt.h, "mine"), wt.topleft)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        sh = self.shown
        private = sh.hand is not None and self.viewer is not None
        n = self._hand_count()
        if n <= 0:
            return
        hint = self.hint_pair()
        selected = self.drag.selected
        for i in range(n):
            item = ("neta", i)
            if private and (self.drag.is_moving(item) or sh.hand[i] is None):
                continue
            r = hand_rect(i, n)
            lift = self.lifts[i] if i < len(self.lifts) else 0.0
            key = (NETA, sh.hand[i]) if private else BACK
            wr = vp.rect(r.x, r.y - lift, r.w, r.h)
            draw_shadow(surface, wr, vp.px(10), vp.px(4 + lift * 0.25), alpha=70 + int(lift),
                        blur=vp.px(6 + lift * 0.2))
            surface.blit(self.art.card(key, r.w, r.h), wr.topleft)
            if private and item == selected:
                pygame.draw.rect(surface, GOLD_HI, wr.inflate(vp.px(6), vp.px(6)), width=max(2, vp.px(3)),
                                 border_radius=vp.px(12))
            if hint is not None and hint[0] == i:
                self._draw_hint_ring(surface, pygame.Rect(r.x, round(r.y - lift), r.w, r.h))
        if not private:
            draw_text(surface, app, f"{n} neta, hidden", (HAND_AREA.centerx, hand_rect(0, n).y - 12), 14,
                      C.PAPER_LIGHT, bold=True, shadow=(20, 12, 6, 170))

    def _draw_dragged(self, surface: pygame.Surface) -> None:
        sh = self.shown
        if sh.hand is None:
            return
        vp = self.viewport
        for i, card in enumerate(sh.hand):
            rect = self.drag.display_rect(("neta", i))
            if rect is None or card is None:
                continue
            grow = 1.06 if self.drag.dragging else 1.0
            wr = vp.to_window(centered(rect.center, rect.w * grow, rect.h * grow))
            draw_shadow(surface, wr, vp.px(10), vp.px(12), alpha=90, blur=vp.px(10))
            surface.blit(self.art.card_scaled((NETA, card), wr.w, wr.h), wr.topleft)

    # -- flights ------------------------------------------------------------------------------------------
    def _draw_flight(self, surface: pygame.Surface, f: Flight) -> None:
        vp = self.viewport
        x, y, w, h = f.rect()
        wr = vp.rect(x, y, w, h)
        if wr.w <= 1 or wr.h <= 1:
            return
        lift = f.lift * f.height()
        if f.kind == "kanji":
            char, strokes = f.first
            img = self.art.tile_scaled(char, strokes, wr.w, wr.h, "board")
            if lift > 0.5:
                draw_shadow(surface, wr.move(0, vp.px(lift)), vp.px(10), 0, alpha=60, blur=vp.px(8))
            surface.blit(img, img.get_rect(center=(wr.centerx, wr.centery - vp.px(lift * 0.4))))
            return
        side, sx = f.side()
        img = self.art.card_scaled(side, wr.w, wr.h)
        if sx < 0.999:
            img = pygame.transform.scale(img, (max(1, int(img.get_width() * sx)), img.get_height()))
        if lift > 0.5 and w >= 40:
            draw_shadow(surface, wr.move(vp.px(lift * 0.3), vp.px(lift)), vp.px(10), 0, alpha=60, blur=vp.px(8))
        surface.blit(img, img.get_rect(center=(wr.centerx, wr.centery - vp.px(lift * 0.4))))

# --------------------------------------------------------------------------------------------
# small drawing helpers (window px unless said otherwise)
# --------------------------------------------------------------------------------------------
def _fit_rich(app: Any, text: str, size: float, bold: bool, width: float) -> str:
    if rich_width(app, text, size, bold) <= width:
        return text
    while len(text) > 1 and rich_width(app, text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


__all__ = ["KanjiPlayScene", "attempt_line", "wrong_text"]
