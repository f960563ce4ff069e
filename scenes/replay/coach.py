"""The coach's marks in the replay viewer (issue 13 §4): every decision of one seat rated against
the hard AI's best (good / inaccuracy / mistake / blunder, :mod:`game.analyse`), computed in a
child process — ``python -m game analyse`` from source, the bundle's ``--analyse`` when frozen —
and read line by line as the rows arrive, so the viewer never waits and its frames stay smooth.

:class:`CoachMarks` owns the child and a temporary copy of the record; ``close()`` ends both (the
viewer closes it when it leaves). A child that fails leaves ``problem`` (one line); the viewer
then simply shows no marks."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import pygame

from game import environ, registry, system
from game.i18n import N_, _
from game.telling import reason_text
from scenes.kit.draw import C, draw_text, pill_surface, text_width
from scenes.kit.marks import said_fits
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, WidgetGroup
from scenes.play.review import CoachReason
from scenes.play.saying import SaysCoachReason
from scenes.play.seats import is_you
from scenes.replay.controls import BOARD

log = logging.getLogger("tatami.replay")

#: The coach's budget in the viewer: KAITO search depth (plies) and sampled worlds per decision
#: (Sushi Draft, Kanji-zushi) — smaller than the command's defaults, so marks arrive in seconds.
VIEWER_DEPTH = 6
VIEWER_WORLDS = 150
#: Colour of each mark (RGB).
MARK_RGB = {"good": (92, 160, 84), "inaccuracy": (196, 146, 38), "mistake": (214, 110, 40),
            "blunder": (190, 52, 40), "forced": (110, 104, 98)}


def analyse_command(path: str, seat: int, depth: int = VIEWER_DEPTH, worlds: int = VIEWER_WORLDS) -> list[str]:
    """The command line of the coach for the record file ``path`` and ``seat``."""
    args = [path, "--seat", str(seat), "--depth", str(depth), "--worlds", str(worlds)]
    if getattr(sys, "frozen", False):
        return [sys.executable, "--analyse", *args]
    return [sys.executable, "-m", "game", "analyse", *args]


class CoachMarks:
    """The coach's rows for ``seat`` of ``record`` (a tatami-record/1 dict), by replay step.

    Attributes:
        seat: the seat rated. rows: replay step -> the row of :func:`game.analyse.iter_analysis`
            (``action``, ``best``, ``mark``, ``loss``...). done: the child has finished.
        problem: one line when the coach could not run, else None."""

    def __init__(self, record: dict, seat: int, depth: int = VIEWER_DEPTH, worlds: int = VIEWER_WORLDS):
        self.seat = seat
        self.rows: dict[int, dict[str, Any]] = {}
        self.done = False
        self.problem: str | None = None
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        fd, name = tempfile.mkstemp(prefix="tatami-coach-", suffix=".json")
        self._path = Path(name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(record, f, ensure_ascii=False)
            env = {**os.environ, environ.NICE: "1", "PYTHONIOENCODING": "utf-8"}
            self._proc = subprocess.Popen(analyse_command(str(self._path), seat, depth, worlds),
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                          text=True, encoding="utf-8", errors="replace", env=env,
                                          creationflags=system.no_window_flags())
        except (OSError, TypeError, ValueError) as exc:
            self._finish(f"the coach cannot start: {exc}")
            return
        threading.Thread(target=self._read, name="tatami-coach", daemon=True).start()

    def _read(self) -> None:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        for line in proc.stdout:
            try:
                row = json.loads(line)
                step = int(row["step"])
            except (ValueError, KeyError, TypeError):
                continue
            with self._lock:
                self.rows[step] = row
        err = proc.stderr.read() if proc.stderr is not None else ""
        code = proc.wait()
        self._finish(None if code in (0, -9, -15) else (err.strip().splitlines() or [f"exit {code}"])[-1])

    def _finish(self, problem: str | None) -> None:
        if problem:
            self.problem = problem
            log.warning("replay coach: %s", problem)
        self.done = True
        try:
            self._path.unlink()
        except OSError:
            pass

    def at(self, step: int) -> dict[str, Any] | None:
        """The row of the decision the seat made in replay step ``step``, if rated yet."""
        with self._lock:
            return self.rows.get(step)

    def close(self) -> None:
        """End the child (if still running) and remove the record's copy."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
        try:
            self._path.unlink()
        except OSError:
            pass


#: The coach's line per mark about a player called ``{name}`` (whole sentences with named
#: placeholders, marked for the catalogs; translated when shown).
MARK_SENTENCES = {
    # Translators: the replay coach's line; {name} is a player, {action} the move played (game notation)
    "good": N_("Coach: {name} played {action} \u2014 a good move."),
    # Translators: the replay coach's line; {action} the move played, {best} the move the hard AI would play
    "inaccuracy": N_("Coach: {name} played {action} \u2014 an inaccuracy; the hard AI prefers {best}."),
    # Translators: the replay coach's line; {action} the move played, {best} the move the hard AI would play
    "mistake": N_("Coach: {name} played {action} \u2014 a mistake; the hard AI prefers {best}."),
    # Translators: the replay coach's line; {action} the move played, {best} the move the hard AI would play
    "blunder": N_("Coach: {name} played {action} \u2014 a blunder; the hard AI prefers {best}."),
    # Translators: the replay coach's line for a move that was the only legal one (not "good": forced)
    "forced": N_("Coach: {name} played {action} \u2014 forced: the only legal move."),
}
#: The same lines about the person's own seat (its name is "You": the second person).
MARK_SENTENCES_YOU = {
    # Translators: the replay coach's line about the player's own move; {action} the move played
    "good": N_("Coach: You played {action} \u2014 a good move."),
    # Translators: the replay coach's line about the player's own move; {best} the move the hard AI would play
    "inaccuracy": N_("Coach: You played {action} \u2014 an inaccuracy; the hard AI prefers {best}."),
    # Translators: the replay coach's line about the player's own move; {best} the move the hard AI would play
    "mistake": N_("Coach: You played {action} \u2014 a mistake; the hard AI prefers {best}."),
    # Translators: the replay coach's line about the player's own move; {best} the move the hard AI would play
    "blunder": N_("Coach: You played {action} \u2014 a blunder; the hard AI prefers {best}."),
    # Translators: the replay coach's line about the player's own move when it was the only legal one
    "forced": N_("Coach: You played {action} \u2014 forced: the only legal move."),
}
#: The same lines without the move played (it is on the board, and the reason says it): what the
#: coach says when the whole line does not fit the scene's banner (a small window, a long move).
MARK_SENTENCES_SHORT = {
    # Translators: the replay coach's short line (the move played is not named: it is shown on the board)
    "good": N_("Coach: a good move."),
    # Translators: the replay coach's short line; {best} the move the hard AI would play
    "inaccuracy": N_("Coach: an inaccuracy; the hard AI prefers {best}."),
    # Translators: the replay coach's short line; {best} the move the hard AI would play
    "mistake": N_("Coach: a mistake; the hard AI prefers {best}."),
    # Translators: the replay coach's short line; {best} the move the hard AI would play
    "blunder": N_("Coach: a blunder; the hard AI prefers {best}."),
    # Translators: the replay coach's short line for a move that was the only legal one
    "forced": N_("Coach: forced, the only legal move."),
}


def row_mark(row: dict[str, Any]) -> str:
    """The mark shown for a rated decision: ``"forced"`` when it was the only legal action (the
    analysis' ``forced``: no choice to judge, never "good"), else its ``mark`` (unknown: "good")."""
    if row.get("forced") is True:
        return "forced"
    mark = row.get("mark")
    return mark if isinstance(mark, str) and mark in MARK_SENTENCES else "good"


def mark_sentence(row: dict[str, Any], name: str, game: Any = None, short: bool = False) -> str:
    """One line for a rated decision (:data:`MARK_SENTENCES`, or :data:`MARK_SENTENCES_YOU` when
    ``name`` is the person's own "You"), in the language in use, e.g. "Coach: You played c4 — a
    mistake; the hard AI prefers d2". ``game`` (a :class:`game.core.Game`) says the actions in
    words (:meth:`game.core.Game.action_text`: a Sushi Draft card's name, a pass); without it they
    are shown in notation. ``short``: without the move played (:data:`MARK_SENTENCES_SHORT`)."""
    mark = row_mark(row)
    table = MARK_SENTENCES_SHORT if short else MARK_SENTENCES_YOU if is_you(name) else MARK_SENTENCES

    played = row.get("action")

    def words(action: Any, unlike: Any = None) -> Any:
        if game is None or not isinstance(action, str):
            return action
        return game.action_text(action, unlike if isinstance(unlike, str) else None)

    return _(table[str(mark)]).format(name=name, action=words(played), best=words(row.get("best"), played))


#: ``button:replay-coach`` (logical px, over the board's top-left corner).
COACH_BUTTON = pygame.Rect(BOARD.x + 8, 8, 136, 34)
#: Centre of the coach's line (logical px).
LINE_CENTER = (BOARD.centerx + 40, 25)
LINE_SIZE = 15


class ReplayCoach:
    """The replay viewer's coach: ``button:replay-coach`` switches it on and off; while on, the
    decisions of the seat shown (the viewer's seat, else the first person of the setup, else
    seat 0) are rated in the background (:class:`CoachMarks`, one per seat, kept) and the line for
    the step just shown is drawn over the board (UI element ``coach-mark``, kind ``mark-<mark>``
    or ``mark-pending``)."""

    def __init__(self, scene: Any, record: Any):
        self.scene = scene
        self.record = record if isinstance(record, dict) else None
        #: the record's rules (:meth:`game.core.Game.action_text` says its actions), or None
        self.game = self._game_of(self.record)
        self.on = False
        self.marks: dict[int, CoachMarks] = {}
        #: the coach's own button group (the strip's pixels are cached: its group stays its own)
        self.widgets = WidgetGroup()
        self.button = self.widgets.add(Button("button:replay-coach", self._label(), COACH_BUTTON, self.toggle,
                                              style="dark", size=15))
        self.button.visible = self.record is not None and scene.problem is None

    def _label(self) -> str:
        """The button's label: the coach on or off (translated)."""
        # Translators: a small button of the replay viewer switching the coach's marks on/off (~12 characters)
        return _("Coach: on") if self.on else _("Coach: off")

    def seat(self) -> int:
        sc = self.scene
        if sc.viewer is not None:
            return int(sc.viewer)
        seats = sc.seats() if sc.positions is not None else []
        return seats.index("human") if "human" in seats else 0

    def toggle(self) -> None:
        """``button:replay-coach``: on (the rating starts for the seat shown) or off."""
        self.on = not self.on
        self.button.label = self._label()
        self.sync()

    def sync(self) -> None:
        """Start the rating of the seat shown if it is on and not started yet."""
        if not self.on or self.record is None:
            return
        seat = self.seat()
        if seat not in self.marks:
            self.marks[seat] = CoachMarks(self.record, seat)

    @staticmethod
    def _game_of(record: dict | None) -> Any:
        try:
            return registry.get(str((record or {}).get("game")))
        except KeyError:
            return None

    def line(self) -> tuple[str, str] | None:
        """(the line, its kind) for the step just shown, or None. The line without the move
        played (:data:`MARK_SENTENCES_SHORT`) when the whole one would be cut in the banner."""
        sc = self.scene
        marks = self.marks.get(self.seat()) if self.on else None
        if marks is None or sc.index <= 0:
            return None
        row = marks.at(sc.index - 1)
        # Translators: a player without a name in the replay viewer ({n}: 1, 2, ...)
        name = sc.names[marks.seat] if marks.seat < len(sc.names) else _("Seat {n}").format(n=marks.seat + 1)
        if row is not None:
            text = mark_sentence(row, name, self.game)
            if not self._fits(text):
                text = mark_sentence(row, name, self.game, short=True)
            return text, f"mark-{row_mark(row)}"
        if not marks.done:
            if is_you(name):
                return _("Coach: rating your decisions\u2026"), "mark-pending"
            # Translators: the replay coach at work; {name} is the player whose moves are rated
            return _("Coach: rating {name}'s decisions\u2026").format(name=name), "mark-pending"
        return None

    def reason(self) -> CoachReason | None:
        """Why the decision of the step just shown (issue 21 §4): its row's ``reason`` told in one
        sentence by the game (:func:`game.telling.reason_text`, the seats' names as the viewer
        says them), with the data the room draws (KAITO: the expected line as arrows) and the best
        action's when it is another; None without a rated row or a reason the game tells."""
        sc = self.scene
        marks = self.marks.get(self.seat()) if self.on else None
        row = marks.at(sc.index - 1) if marks is not None and sc.index > 0 else None
        why = row.get("reason") if row is not None else None
        if row is None or self.game is None or not isinstance(why, dict):
            return None
        text = reason_text(self.game.name, why, list(sc.names))
        best = row.get("reason_best")
        other = best if isinstance(best, dict) and row.get("best") != row.get("action") else None
        return CoachReason(text, why, other) if text else None

    def _fits(self, text: str) -> bool:
        """Whether the embedded scene's banner says ``text`` whole (True without a board: the pill
        at :data:`LINE_CENTER` grows to its text)."""
        board = getattr(self.scene, "board", None)
        if board is None:
            return True
        try:
            lrect = pygame.Rect(board.banner_rect())
        except NotImplementedError:
            return True
        return said_fits(board.app, lrect, text)

    def _rect(self, text: str) -> pygame.Rect:
        """Where the line is said (the viewer's logical px): the embedded scene's banner, in its
        place on the viewer's screen; without a board, a pill at :data:`LINE_CENTER`."""
        board = getattr(self.scene, "board", None)
        if board is not None:
            try:
                window = board.viewport.to_window(board.banner_rect())
            except NotImplementedError:
                window = None
            if window is not None:
                vp = self.scene.viewport
                (x0, y0), (x1, y1) = vp.to_logical(window.topleft), vp.to_logical(window.bottomright)
                return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        w = text_width(self.scene.app, text, LINE_SIZE, bold=True) + 32
        return pygame.Rect(round(LINE_CENTER[0] - w / 2), LINE_CENTER[1] - 15, round(w), 30)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The button's pointer events (the viewer's keys are its own: C toggles the coach)."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        return self.widgets.handle_event(event)

    def update(self, dt_ms: float) -> None:
        """The button; and the line handed to the embedded scene, which says it in its banner (so
        it never covers the turn banner or a seat's name, as a pill over the board did)."""
        self.widgets.update(dt_ms)
        board = getattr(self.scene, "board", None)
        if board is not None:
            got = self.line()
            board.banner_override = (got[0], MARK_RGB.get(got[1][5:], (60, 52, 46))) if got is not None else None
            board.reviewing.coach_reason = self.reason() if got is not None else None

    def ui_elements(self) -> list[UIElement]:
        """``coach-mark``: the line's box (the banner's), its label all the coach says on screen:
        the banner's line (with the reason when the room says it there and it fits) and a reason
        the room says apart (KAITO under its board)."""
        got = self.line()
        why = self.reason() if got is not None else None
        board = getattr(self.scene, "board", None)
        said = getattr(board, "banner_override", None) if got is not None else None
        label = said[0] if said is not None else got[0] if got is not None else ""
        if why is not None and not isinstance(board, SaysCoachReason):
            label += " " + why.text  # said by the room apart (KAITO: under its board)
        line = [UIElement("coach-mark", got[1], self._rect(got[0]), label)] if got is not None else []
        return self.widgets.ui_elements() + line

    def draw(self, surface: pygame.Surface) -> None:
        """The button; the line is said by the embedded scene in its banner (:meth:`update`), or,
        with no board, as a pill at :data:`LINE_CENTER` (no state change)."""
        self.widgets.draw(surface, self.scene.app)
        got = self.line()
        if got is None or getattr(self.scene, "board", None) is not None:
            return
        text, kind = got
        app = self.scene.app
        r = self._rect(text)
        vp = app.viewport
        color = MARK_RGB.get(kind[5:], (60, 52, 46))
        surface.blit(pill_surface(vp.px(r.w), vp.px(r.h), vp.px(15), color), vp.to_window(r).topleft)
        draw_text(surface, app, text, r.center, LINE_SIZE, C.PAPER_LIGHT, bold=True)

    def close(self) -> None:
        for marks in self.marks.values():
            marks.close()
        self.marks.clear()


__all__ = ["COACH_BUTTON", "ReplayCoach", "CoachMarks", "MARK_RGB", "MARK_SENTENCES", "MARK_SENTENCES_YOU",
           "VIEWER_DEPTH", "VIEWER_WORLDS", "analyse_command", "mark_sentence", "row_mark"]
