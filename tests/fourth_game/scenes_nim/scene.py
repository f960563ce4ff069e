"""The Nim play scene: three rows of stones; a click on a stone takes it and every stone right of it
(the keyboard: Tab to a stone, Enter). Rules never live here: a person's action goes through
``match.apply`` (:meth:`PlayScene.apply_person`), the AI's through ``match.drive()``; the taken
stones light up for a moment (the choreography), then leave.

UI ids (logical rects): ``stone:<heap>:<k>`` (heap and stone counted from 1, left to right; kind
``stone``, ``hint`` for the stone the hint would click), the shared ``button:pause``,
``button:undo``, ``button:hint``, ``button:score``, and the game log (``log``).
"""
from __future__ import annotations

from typing import Any, Iterator, Sequence

import pygame

from fourth_game.game_nim.events import StonesTaken
from fourth_game.game_nim.rules import NIM, NimState, NimView, parse_action
from game.i18n import _
from scenes.kit.draw import C, draw_panel, draw_text, fit_text
from scenes.kit.dragdrop import DragController
from scenes.kit.scene import UIElement
from scenes.kit.timeline import Timeline
from scenes.play.base import PlayScene
from scenes.play.input import PlayInput
from scenes.play.pacing import move_pace

BANNER_RECT = pygame.Rect(40, 22, 1140, 56)
PAUSE_RECT = pygame.Rect(1200, 22, 56, 56)
HEAP_X0, STONE, STEP = 240, 60, 76
ROW_Y0, ROW_STEP = 150, 120
LOG_TITLE = (820, 127)
NARRATION_RECT = pygame.Rect(820, 150, 420, 350)
UNDO_RECT = pygame.Rect(1154, 112, 86, 30)
HINT_RECT = pygame.Rect(1060, 112, 86, 30)
PANELS = (pygame.Rect(40, 520, 360, 90), pygame.Rect(420, 520, 360, 90))
SCORE_RECT = pygame.Rect(880, 530, 300, 56)
#: how long the taken stones stay lit before they leave (animation ms)
TAKE_MS = 360.0
#: an AI's move is told this much faster than a person's
OTHERS_PACE = 1.6

Item = tuple[int, int]  # (heap index, stone index from the left), both 0-based


def stone_rect(heap: int, k: int) -> pygame.Rect:
    """Stone ``k`` (0-based from the left) of heap ``heap`` (logical px)."""
    return pygame.Rect(HEAP_X0 + k * STEP, ROW_Y0 + heap * ROW_STEP, STONE, STONE)


def stone_id(heap: int, k: int) -> str:
    return f"stone:{heap + 1}:{k + 1}"


class NimInput(PlayInput):
    """The mouse and keys: a click on a stone takes it and the stones right of it."""

    def __init__(self, scene: "NimPlayScene") -> None:
        self.scene = scene
        self.hover: tuple[int, int] | None = None

    def play_scene(self) -> Any:
        return self.scene

    def set_hover(self, pos: tuple[int, int] | None) -> None:
        self.hover = pos

    # -- the drag controller's callbacks (a stone is clicked, never dropped) -------------------------
    def hit_item(self, pos: Sequence[int]) -> Item | None:
        for h, n in enumerate(self.scene.shown):
            for k in range(n):
                if stone_rect(h, k).collidepoint(pos):
                    return (h, k)
        return None

    def item_rect(self, item: Item) -> pygame.Rect:
        return stone_rect(*item)

    def draggable(self, item: Item) -> bool:
        h, k = item
        return self.scene.human_to_act() is not None and 0 <= h < len(self.scene.shown) and k < self.scene.shown[h]

    def drop_targets(self, item: Item) -> list[tuple[Any, pygame.Rect]]:
        return []

    def on_drop(self, item: Item, target: Any, rect: pygame.Rect | None) -> bool:
        return False

    def on_click(self, item: Item) -> bool:
        self.scene.take(*item)
        return True

    def hovered(self) -> Item | None:
        """The stone under the pointer (None while the person may not act)."""
        if self.hover is None or self.scene.human_to_act() is None:
            return None
        return self.hit_item(self.hover)

    # -- keyboard play ------------------------------------------------------------------------------
    def keyboard_items(self) -> list[Any]:
        return [(h, k) for h, n in enumerate(self.scene.shown) for k in range(n)]

    def keyboard_item_id(self, item: Any) -> str | None:
        return stone_id(*item)


class NimPlayScene(PlayScene):
    """Play Nim against the AI or hot-seat.

    kwargs: seats (2 of "human" | "random" | "easy" | "medium" | "hard"), seed, names, speed, state
    (a NimState to play from), think_ms, heaps (the deal's, else drawn), and the modes of
    :meth:`PlayScene.init_play` (undo, hints, review, viewer, ...)."""

    name = "nim_play"
    game_name = "nim"
    banner = BANNER_RECT

    def __init__(self, app: Any, seats: Sequence[str] = ("human", "medium"), seed: int | None = None,
                 names: Sequence[str] | None = None, speed: float | None = None, state: NimState | None = None,
                 think_ms: float = 500.0, heaps: Sequence[int] | None = None, **kwargs: Any):
        super().__init__(app)
        self.init_play(NIM, seats, seed, names, speed, state, think_ms,
                       options={"heaps": list(heaps)} if heaps else None, modes=kwargs)
        self.viewer = self.seats.index("human") if "human" in self.seats else 0
        self.bottom = self.viewer
        self.shown: list[int] = list(self.view_shown().heaps)
        self.lit: tuple[int, int, int] | None = None  # (heap, first stone, count) taken, lit for a moment
        self.cursor = self.match.event_count
        self.timeline = Timeline(self.speed, on_idle=self.refresh)
        self.input = NimInput(self)
        inp = self.input
        self.drag = DragController(hit_test=inp.hit_item, item_rect=inp.item_rect, draggable=inp.draggable,
                                   drop_targets=inp.drop_targets, on_drop=inp.on_drop, on_click=inp.on_click)
        self.add_widgets(PAUSE_RECT, undo_rect=UNDO_RECT, hint_rect=HINT_RECT, score_rect=SCORE_RECT)
        self.game_log.open(NARRATION_RECT)
        self._left = False

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.autosave()
        self._drive()

    def refresh(self) -> None:
        """What is shown, from the view (the choreography's end, an undo, a jump)."""
        self.shown = list(self.view_shown().heaps)
        self.lit = None

    def animate_applied(self, seat: int, action: str) -> None:
        self._applied(seat, action)

    # -- queries -----------------------------------------------------------------------------------
    def view_shown(self) -> NimView:
        view: NimView = self.match.view(self.viewer)
        return view

    def human_to_act(self) -> int | None:
        if self.timeline.running or self._left or self.review:
            return None
        to_act = self.match.to_act()
        if not to_act or self.seats[to_act[0]] != "human":
            return None
        return to_act[0]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.input.handle_event(event)

    # -- actions -------------------------------------------------------------------------------------
    def take(self, heap: int, k: int) -> bool:
        """The person to act takes stone ``k`` of ``heap`` and every stone right of it."""
        seat = self.human_to_act()
        if seat is None or not 0 <= heap < len(self.shown) or not 0 <= k < self.shown[heap]:
            return False
        return self.commit(seat, f"h{heap + 1}-{self.shown[heap] - k}")

    def commit(self, seat: int, action: str, drop_rect: pygame.Rect | None = None) -> bool:
        """Apply ``action`` for ``seat`` through the Match and animate it; False if rejected."""
        if not self.apply_person(seat, action):
            return False
        self._applied(seat, action)
        return True

    def _applied(self, seat: int, action: str) -> None:
        self.autosave()
        events = self.take_events(self.viewer)
        self.drag.reset()
        self.timeline.run(self._choreography(events), pace=move_pace(self, seat, OTHERS_PACE))

    def _choreography(self, events: list[Any]) -> Iterator[float]:
        for e in events:
            if isinstance(e, StonesTaken):
                self.lit = (e.heap, e.left, e.count)
                self.sfx("place")
                yield TAKE_MS
                self.shown[e.heap] = e.left
                self.lit = None

    def _drive(self) -> None:
        """Whatever comes next when nothing animates: the end kept on screen, or the AI."""
        if self.timeline.running or self._left:
            return
        if self.match.is_over():
            if not self.ended:
                self.show_end()
            return
        if self.review or not self.coaching.bots_allowed():
            return
        move = self.match.drive()
        if move is not None:
            self._applied(move.seat, move.action)

    def go_to_score(self) -> None:
        self.open_score("nim_score", dict(seats=list(self.seats), names=list(self.names)))

    def update(self, dt_ms: float) -> None:
        sdt = self._frame_start(dt_ms)
        self.timeline.step(sdt)
        self._drive()

    # -- what is on screen ---------------------------------------------------------------------------
    def hinted(self) -> Item | None:
        """The stone the hint (or a tutorial) would click, or None."""
        action = self.hinting.current()
        if action is None:
            return None
        heap, count = parse_action(action)
        return (heap, self.shown[heap] - count) if heap < len(self.shown) and count <= self.shown[heap] else None

    def banner_text(self) -> str:
        if self.banner_override is not None:
            return self.banner_override[0]
        out = self.match.outcome()
        if out is not None:
            return _("{name} took the last stone and won.").format(name=self.names[out.winners[0]])
        seat = self.match.to_act()[0]
        if self.seats[seat] != "human":
            return _("{name} is thinking…").format(name=self.names[seat])
        if len(self.humans) == 1:
            return _("Your turn: click a stone to take it and every stone right of it.")
        return _("{name}: click a stone to take it and every stone right of it.").format(name=self.names[seat])

    def ui_elements(self) -> list[UIElement]:
        out: list[UIElement] = []
        hinted = self.hinted()
        for h, n in enumerate(self.shown):
            for k in range(n):
                kind = self.hinting.kind if (h, k) == hinted else "stone"
                out.append(UIElement(stone_id(h, k), kind, stone_rect(h, k)))
        out.extend(self.widgets.ui_elements())
        out.extend(self.coaching.elements())
        if self.narration is not None:
            out.extend(self.narration.ui_elements())
        return self.widgets.focus.mark(out)

    def draw(self, surface: pygame.Surface) -> None:
        app, vp = self.app, self.viewport
        surface.fill(C.PAPER)
        banner = vp.to_window(BANNER_RECT)
        pygame.draw.rect(surface, C.INK, banner, border_radius=vp.px(16))
        text = fit_text(app, self.banner_text(), 20, True, BANNER_RECT.w - 40)
        draw_text(surface, app, text, BANNER_RECT.center, 20, C.PAPER_LIGHT, bold=True)
        hover = self.input.hovered()
        hinted = self.hinted()
        for h, n in enumerate(self.shown):
            y = ROW_Y0 + h * ROW_STEP + STONE / 2
            # Translators: the label of a heap of stones in Nim ("Heap 1")
            draw_text(surface, app, _("Heap {n}").format(n=h + 1), (60, y), 20, C.INK_SOFT, bold=True,
                      anchor="midleft")
            for k in range(n):
                r = stone_rect(h, k)
                lit = self.lit is not None and self.lit[0] == h and self.lit[1] <= k < self.lit[1] + self.lit[2]
                taking = hover is not None and hover[0] == h and k >= hover[1]
                color = C.VERMILION_LIGHT if lit else C.VERMILION if taking else C.INK
                pygame.draw.circle(surface, color, vp.to_window(r.center), vp.px(STONE / 2))
                pygame.draw.circle(surface, C.PAPER_EDGE, vp.to_window(r.center), vp.px(STONE / 2), max(1, vp.px(2)))
                if (h, k) == hinted:
                    pygame.draw.circle(surface, C.GOLD, vp.to_window(r.center), vp.px(STONE / 2 + 6), max(2, vp.px(4)))
        to_act = self.match.to_act()
        for seat, panel in enumerate(PANELS):
            draw_panel(surface, app, panel, radius=16, border=C.VERMILION if seat in to_act else C.PAPER_EDGE)
            draw_text(surface, app, fit_text(app, self.names[seat], 20, True, panel.w - 40),
                      (panel.x + 20, panel.y + 30), 20, C.INK, bold=True, anchor="midleft")
            # Translators: under a player's name in Nim: how many stones they took
            draw_text(surface, app, _("Stones taken: {n}").format(n=self.match.state.scores()[seat]),
                      (panel.x + 20, panel.y + 62), 16, C.INK_SOFT, anchor="midleft")
        draw_text(surface, app, _("Game log"), LOG_TITLE, 18, C.INK, bold=True, anchor="midleft")
        if self.narration is not None:
            self.narration.draw_base(surface, app)
        self.widgets.draw(surface, app)
        if self.narration is not None:
            self.narration.draw_overlay(surface, app)
        self.coaching.draw(surface)


__all__ = ["NimInput", "NimPlayScene", "stone_id", "stone_rect"]
