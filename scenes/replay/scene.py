"""The replay viewer: a finished (or saved) game shown again, step by step (issue 10 §4).

``app.make_scene("replay", record=<tatami-record/1 dict>, setup=<dict or None>, viewer=<int or
None>, at="start" | "end" | <step>, where=<file name for messages>)``. ``setup`` is the play scene's setup saved with the game (``seats``, ``names``,
``colors``, ...; :func:`scenes.shell.saves.validate_setup`); without it the seats are named
from the record (``"names"``) or "Seat 1", "Seat 2", ... and play-from-here seats a human at
seat 0 against medium AIs.

What is shown: the game's own play scene in review mode (no AI, no saves, no input, no score
screen; :mod:`scenes.play.review`), embedded above the control strip at 0.9 scale through an
:class:`scenes.replay.inset.InsetApp`. This scene calls its ``update`` and ``draw``, never
pushes it on the stack and never gives it input. Its narration log tells the position's events
as the chosen viewer saw them.

Steps (:class:`scenes.replay.source.Positions`): one step is one replay step of the core — one
action in KAITO and Kanji-zushi, one whole phase in Sushi Draft (every seat's hidden choice,
revealed together; a seat's choice alone would show nothing). "Move 12 of 40" counts steps.
Every position is kept as a clone when the viewer opens, so going back or jumping is a lookup
shown at once (``show_state``); a step forward is animated (``play_action``, as an AI's action
is), any running animation being finished first.

Controls (UI ids, logical px; :mod:`scenes.replay.controls`): ``button:back`` (the previous
scene, or the menu when the stack would be empty; also Esc / Backspace),
``button:replay-start`` (Home), ``button:replay-back`` (Left, wheel up),
``button:replay-play`` (Space: auto-play / pause; at the end it starts over),
``button:replay-forward`` (Right, wheel down), ``button:replay-end`` (End),
``choice:replay-speed:<0.5|1|2|4>`` (animation and auto-play pace),
``choice:replay-viewer:<all|0|1|...>`` (games with hidden information: everything, or as that
seat saw it), ``button:play-from-here``
(a new real game from the position on screen with the same seats and AI levels; when that game
has a game in progress saved, the confirm screen asks first: ``button:confirm-abandon`` /
``button:cancel``).

A record that cannot be replayed (malformed, an illegal action) does not raise: the scene shows
its one-line message (``problem``) with ``button:back``, and logs it once.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import _, pgettext
from game.replay import ReplayError
from scenes.kit.draw import C, draw_panel, draw_text, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.widgets import UIScene
from scenes.play.seats import SEAT_RGB
from scenes.replay.coach import ReplayCoach
from scenes.replay.controls import (
    BAND_FILL,
    BOARD,
    SPEED_FACTOR,
    ControlStrip,
    viewer_options,
)
from scenes.replay.inset import InsetApp
from scenes.replay.source import Positions, clean_setup, default_seats, readout, seat_names, start_kwargs
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.shell.confirm import confirm_new_game

log = logging.getLogger("tatami.replay")

#: auto-play: pause after a step's animation before the next step (ms at speed 1)
PAUSE_MS = 900.0
#: auto-play: wait before the first step after "play" (ms at speed 1)
FIRST_PAUSE_MS = 250.0


def start_index(at: Any, count: int) -> int:
    """The first position shown for ``at`` (``"start"``, ``"end"`` or a step number; anything
    else: the start), clamped to ``0 .. count``."""
    if at == "end":
        return count
    if isinstance(at, int) and not isinstance(at, bool):
        return max(0, min(count, at))
    return 0


class ReplayScene(UIScene):
    """Step through a game record (see the module doc).

    Args:
        record: a tatami-record/1 dict (RULES.md section 4).
        setup: the players' setup saved with it, or None.
        viewer: the seat whose hidden information is shown at first, or None for everything.
        where: what to call the record in messages (a file name), default ``"record"`` (translated).
        at: the position shown first: ``"start"`` (default), ``"end"`` or a step number
            (clamped to the record).

    Attributes:
        positions: the record's positions (None when it cannot be replayed).
        index: the position on screen (steps applied, ``0 .. positions.count``).
        board: the embedded play scene in review mode (None when there is a ``problem``).
        problem: the one-line reason the record cannot be shown, or None.
        playing: auto-play is on. speed: the speed choice's value ("0.5", "1", "2", "4").
        viewer: the seat shown (None: everything).
    """

    name = "replay"

    def __init__(self, app: Any, record: Any = None, setup: Any = None, viewer: Any = None,
                 where: str | None = None, at: Any = "start", **kwargs: Any):
        super().__init__(app)
        if where is None:
            # Translators: names a game record opened from the app (not from a file) in messages
            # such as "record: malformed record: ..."
            where = pgettext("game record", "record")
        if kwargs:
            log.debug("replay: ignoring options %s", sorted(kwargs))
        self.index = 0
        self.playing = False
        self.speed = "1"
        self._wait = 0.0
        self._wheel = 0.0
        self.problem: str | None = None
        self.positions: Positions | None = None
        self.board: Any = None
        self.viewer: int | None = None
        self.setup: dict | None = None
        self.inset = InsetApp(app)
        try:
            self.positions = Positions.build(record, where)
        except ReplayError as exc:
            self._fail(str(exc))
        pos = self.positions
        info = GAMES_BY_NAME.get(pos.game) if pos is not None else None
        if pos is not None and (info is None or not app.has_scene(info.scene)):
            # Translators: why a record cannot be replayed; {where} is a file name, {game} a game's id
            self._fail(_("{where}: the game {game} cannot be shown here").format(where=where, game=repr(pos.game)))
        self.info = info
        names: list[str] = []
        hidden = False
        if pos is not None and info is not None and self.problem is None:
            self.setup = clean_setup(setup, pos.num_seats, where)
            names = seat_names(pos, self.setup)
            hidden = bool(pos.peek(0).game.game_type.hidden_information)
            if hidden and isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < pos.num_seats:
                self.viewer = viewer
            self.index = start_index(at, pos.count)
        self.names = names
        self.hidden = hidden
        options, swatches = None, None
        if hidden:
            options, dots = viewer_options(app, names)
            if dots:
                swatches = {str(i): SEAT_RGB[i % len(SEAT_RGB)] for i in range(len(names))}
        self.strip = ControlStrip(
            {"back": self.leave, "start": self.to_start, "step_back": self.step_back, "play": self.toggle_play,
             "step_forward": self.step_forward, "end": self.to_end, "play_here": self.play_from_here,
             "speed": self.set_speed, "viewer": self.choose_viewer},
            options, swatches, self.speed)
        self.widgets = self.strip.widgets
        self.coach = ReplayCoach(self, record)
        self.widgets.focus.arrows = False  # the arrow keys step through the game
        if self.strip.viewer is not None:
            self.strip.viewer.set_value("all" if self.viewer is None else str(self.viewer))
        if self.problem is None:
            self._build_board()
        if self.problem is not None:
            self.strip.hide_all_but_back()
        self._sync()

    # -- set-up ---------------------------------------------------------------------------------------
    def _fail(self, message: str) -> None:
        """Show ``message`` (one line) instead of the game; logged once."""
        if self.problem is None:
            self.problem = " ".join(str(message).split())
            log.warning("replay: %s", self.problem)

    def seats(self) -> list[str]:
        """The seat kinds: the setup's, else seat 0 human and the others medium AIs."""
        assert self.positions is not None
        if self.setup is not None:
            return list(self.setup["seats"])
        return default_seats(self.positions.num_seats)

    def _board_kwargs(self) -> dict[str, Any]:
        """The kwargs the play scene is built with (seats, names, colours, the state on screen)."""
        assert self.positions is not None and self.info is not None
        kw: dict[str, Any] = {"seats": self.seats(), "names": list(self.names),
                              "state": self.positions.state(self.index)}
        colors = self.positions.colors()
        if colors is not None:
            kw["colors"] = tuple(colors)
        return kw

    def _build_board(self) -> None:
        assert self.info is not None
        self._place_inset()
        try:
            self.board = self.inset.make_scene(self.info.scene, review=True, viewer=self.viewer, **self._board_kwargs())
        except Exception as exc:  # a play scene that cannot show this record: say so, keep the app
            log.exception("replay: cannot build %s", self.info.scene)
            # Translators: why a record cannot be replayed; {error} is a technical error message
            self._fail(_("the game cannot be shown: {error}").format(error=f"{type(exc).__name__}: {exc}"))
            self.board = None

    def _place_inset(self) -> None:
        """Put the embedded scene where :data:`BOARD` is in the window now (a resize moves it)."""
        self.inset.place(self.viewport.to_window(BOARD))

    # -- lifecycle ------------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.board is not None:
            self.board.enter()

    def exit(self) -> None:
        self.coach.close()
        if self.board is not None:
            try:
                self.board.exit()
            except Exception:  # never block leaving
                log.exception("replay: closing the embedded scene failed")

    # -- queries --------------------------------------------------------------------------------------
    @property
    def count(self) -> int:
        """The number of steps of the record (0 when it cannot be shown)."""
        return self.positions.count if self.positions is not None else 0

    def can_play_here(self) -> bool:
        """True when a game can start from the position on screen (it is not over)."""
        return self.positions is not None and self.board is not None and not self.positions.peek(self.index).is_over()

    def readout(self) -> tuple[str, str]:
        """("Move 12 of 40", the second line: whose turn, or the end) (:func:`readout`)."""
        if self.positions is None:
            return ("", "")
        return readout(self.positions, self.index, self.names)

    def caption(self) -> str:
        """The line above the viewer choice (or the match line for a game without one)."""
        if not self.hidden:
            title = _(self.info.title) if self.info is not None else ""
            if not self.names:
                return title
            players = self.names[0]
            for name in self.names[1:]:
                # Translators: the players of a replayed game, joined two at a time ("Aoi vs Ben")
                players = _("{first} vs {second}").format(first=players, second=name)
            # Translators: the replay viewer's match line: {game} is the game's name, {players} its players
            return _("{game} · {players}").format(game=title, players=players)
        if self.viewer is None:
            # Translators: the replay viewer shows every player's hidden cards
            return _("Hidden cards: all shown")
        # Translators: the replay viewer shows the hidden cards as the player {name} saw them
        return _("Hidden cards: as {name} saw them").format(name=self.names[self.viewer])

    # -- stepping -------------------------------------------------------------------------------------
    def go_to(self, index: int) -> None:
        """Show position ``index`` (clamped to ``0 .. count``) at once, without animation."""
        if self.board is None or self.positions is None:
            return
        index = max(0, min(self.count, int(index)))
        self.board.finish_animations()
        self.board.reviewing.show_state(self.positions.state(index))
        self.index = index
        self._sync()

    def forward(self) -> bool:
        """Play the next step with its animation. False at the end (nothing happens)."""
        if self.board is None or self.positions is None or self.index >= self.count:
            return False
        if self.board.animating():
            self.board.finish_animations()
        step = self.positions.steps[self.index]
        try:
            for k, (seat, action) in enumerate(step):
                if k:
                    self.board.finish_animations()  # a phase: only its last choice (the reveal) animates
                self.board.reviewing.play_action(seat, action)
        except Exception:  # never half a step: show the position after it instead
            log.exception("replay: step %d could not be animated", self.index)
            self.index += 1
            self.go_to(self.index)
            return True
        self.index += 1
        self._sync()
        return True

    def step_forward(self) -> None:
        """``button:replay-forward`` / Right / wheel down: one step on (pauses auto-play)."""
        self.playing = False
        self.forward()
        self._sync()

    def step_back(self) -> None:
        """``button:replay-back`` / Left / wheel up: one step back, at once (pauses auto-play)."""
        self.playing = False
        if self.index > 0:
            self.go_to(self.index - 1)
        self._sync()

    def to_start(self) -> None:
        """``button:replay-start`` / Home."""
        self.playing = False
        self.go_to(0)

    def to_end(self) -> None:
        """``button:replay-end`` / End."""
        self.playing = False
        self.go_to(self.count)

    def toggle_play(self) -> None:
        """``button:replay-play`` / Space: start or pause auto-play (at the end: from the start)."""
        if self.board is None or self.count == 0:
            return
        if self.playing:
            self.playing = False
        else:
            if self.index >= self.count:
                self.go_to(0)
            self.playing = True
            self._wait = FIRST_PAUSE_MS
        self._sync()

    def set_speed(self, value: Any) -> None:
        """``choice:replay-speed``: ``"0.5"``, ``"1"``, ``"2"`` or ``"4"`` (others are ignored)."""
        if str(value) in SPEED_FACTOR:
            self.speed = str(value)

    def choose_viewer(self, value: Any) -> None:
        """``choice:replay-viewer``: ``"all"`` or a seat number as text."""
        seat: int | None = None
        if value != "all":
            try:
                seat = int(value)
            except (TypeError, ValueError):
                return
            if not 0 <= seat < len(self.names):
                return
        self.viewer = seat
        if self.board is not None:
            self.board.reviewing.set_viewer(seat)
        self.coach.sync()

    def _sync(self) -> None:
        self.strip.sync(self.index, self.count, self.playing, self.can_play_here())

    # -- leaving --------------------------------------------------------------------------------------
    def leave(self) -> None:
        """``button:back``: the scene below, or the menu when there is none."""
        manager = self.app.manager
        if manager.top() is not self:
            return
        if len(manager) > 1:
            manager.pop()
        else:
            self.app.go_to_menu()

    def play_from_here(self) -> None:
        """``button:play-from-here``: a new game from the position on screen, same seats and AI
        levels (and names, colours, Kanji-zushi's hint). When that game has a game in progress
        saved, the confirm screen asks first (:func:`scenes.shell.confirm.confirm_new_game`)."""
        if not self.can_play_here() or self.positions is None:
            return
        self.playing = False
        game, kw = self.positions.game, self.start_kwargs()
        title = _(self.info.title) if self.info is not None else ""
        confirm_new_game(self.app, game, lambda: self.app.start_game(game, **kw), title)

    def start_kwargs(self) -> dict[str, Any]:
        """``app.start_game`` kwargs of play-from-here (:func:`start_kwargs`)."""
        assert self.positions is not None
        return start_kwargs(self.positions, self.index, self.setup)

    # -- input ----------------------------------------------------------------------------------------
    KEYS = {pygame.K_LEFT: "step_back", pygame.K_RIGHT: "step_forward", pygame.K_HOME: "to_start",
            pygame.K_END: "to_end", pygame.K_SPACE: "toggle_play", pygame.K_ESCAPE: "leave",
            pygame.K_BACKSPACE: "leave", pygame.K_c: "toggle_coach"}

    def toggle_coach(self) -> None:
        """C (or ``button:replay-coach``): the coach's marks on or off."""
        if self.coach.button.visible:
            self.coach.toggle()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Widgets first; then the keys (``event.key``) and the wheel (``event.precise_y`` or
        ``event.y``: each whole notch up is a step back, down a step on)."""
        if self.widgets.handle_event(event) or self.coach.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            name = self.KEYS.get(int(getattr(event, "key", -1)))
            if name is None or (self.problem is not None and name != "leave"):
                return False
            getattr(self, name)()
            return True
        if event.type == pygame.MOUSEWHEEL and self.problem is None:
            dy = getattr(event, "precise_y", None)
            if not isinstance(dy, (int, float)):
                dy = getattr(event, "y", 0) or 0
            self._wheel += float(dy)
            while abs(self._wheel) >= 1.0:
                if self._wheel > 0:
                    self._wheel -= 1.0
                    self.step_back()
                else:
                    self._wheel += 1.0
                    self.step_forward()
            return True
        return False

    # -- per frame ------------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        """Widgets, the embedded scene (``dt_ms`` times the speed) and auto-play."""
        super().update(dt_ms)
        self.coach.update(dt_ms)
        board = self.board
        if board is None:
            return
        self._place_inset()
        factor = SPEED_FACTOR.get(self.speed, 1.0)
        board.update(dt_ms * factor)
        if self.playing:
            if self.index >= self.count:
                self.playing = False
                self._sync()
            elif not board.animating():
                self._wait -= dt_ms * factor
                if self._wait <= 0:
                    self.forward()
                    self._wait = PAUSE_MS

    def busy(self) -> bool:
        return super().busy() or self.playing or (self.board is not None and self.board.busy())

    def ui_elements(self) -> list[UIElement]:
        return self.widgets.ui_elements() + self.coach.ui_elements()

    def draw(self, surface: pygame.Surface) -> None:
        """The bands, the embedded scene (clipped to its place), the strip; never changes state."""
        vp = self.viewport
        if self.board is not None:  # the bands beside the board
            surface.fill(BAND_FILL, vp.rect(0, 0, BOARD.x, BOARD.h))
            surface.fill(BAND_FILL, vp.rect(BOARD.right, 0, 1280 - BOARD.right, BOARD.h))
        else:
            surface.fill(BAND_FILL, vp.area)
        readout, detail = self.readout()
        if self.board is not None:
            area = self.inset.viewport.area
            clip = surface.get_clip()
            surface.set_clip(area.clip(clip) if clip else area)
            try:
                self.board.draw(surface)
            finally:
                surface.set_clip(clip)
            self.coach.draw(surface)
        else:
            self._draw_problem(surface)
        self.strip.draw(surface, self.app, readout, detail, self.caption())
        self.draw_fade(surface, BAND_FILL)

    def _draw_problem(self, surface: pygame.Surface) -> None:
        lines = wrap_text(self.app, self.problem or "", 18, 720)[:4]
        h = 130 + 28 * len(lines)
        card = pygame.Rect(240, (BOARD.h - h) // 2, 800, h)
        draw_panel(surface, self.app, card)
        draw_text(surface, self.app, _("This game cannot be replayed"), (card.centerx, card.y + 56), 30, C.INK,
                  bold=True)
        for i, line in enumerate(lines):
            draw_text(surface, self.app, line, (card.centerx, card.y + 106 + 28 * i), 18, C.INK_SOFT)


__all__ = ["ReplayScene"]
