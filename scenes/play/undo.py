"""Undo (issue 10 §2), a part the play scene holds (``scene.undoing``): Board Game Arena's policy,
decided by :meth:`game.match.Match.undo_points` (never past revealed information or drawn
randomness, never past another human's action); the scene shows the restored position at once
(its ``resync``)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

from game.i18n import _, ngettext
from game.match import Match

log = logging.getLogger("tatami.play")


class UndoHost(Protocol):
    """What undo reads of its play scene: the Match and its people, the modes and states that
    forbid an undo, and what the scene does after one (forget the hint, show the position again,
    save, click)."""

    match: Match
    game_name: str
    undo_enabled: bool
    review: bool
    ended: bool
    privacy_for: int | None
    viewer: int | None
    hinting: Any

    @property
    def humans(self) -> list[int]: ...

    @property
    def leaving(self) -> bool: ...

    def resync(self) -> None: ...

    def autosave(self) -> None: ...

    def say(self, text: str) -> None: ...

    def sfx(self, name: str) -> None: ...


def taken_back(game: Any, seat: int | None, undone: list[tuple[int, str]]) -> str:
    """What an undo took back, in the language in use: the person's decision in the game's words
    (:meth:`game.core.Game.action_text`) and how many other seats' actions went with it: "Taken back:
    c4 (and 1 answer)"."""
    mine = next((a for s, a in undone if s == seat), undone[0][1] if undone else "")
    others = sum(1 for s, _a in undone if s != seat)
    action = game.action_text(mine) if mine else ""
    if not others:
        # Translators: said for a moment after an undo; {action} the decision taken back ("c4", "tuna")
        return _("Taken back: {action}").format(action=action)
    # Translators: said for a moment after an undo: the decision and the other seats' actions after it
    return ngettext("Taken back: {action} (and {n} answer)", "Taken back: {action} (and {n} answers)",
                    others).format(action=action, n=others)


class Undo:
    """The part: which checkpoint an undo returns to now, and taking it."""

    def __init__(self, host: UndoHost) -> None:
        self.host = host

    def seat(self) -> int | None:
        """The human whose last decision an undo takes back: the last human seat to act; in a
        hot-seat game of hidden information, where the screen shows one person's hand at a time
        (``viewer``, after the privacy curtain), only that person: an undo never reaches another
        person's hidden choice."""
        humans = self.host.humans
        if len(humans) > 1 and self.host.match.state.game.game_type.hidden_information:
            viewer = self.host.viewer
            return viewer if viewer in humans else None
        for seat, _action in reversed(self.host.match.state.history):
            if seat in humans:
                return seat
        return None

    def point(self) -> Any:
        """The :class:`game.match.Checkpoint` an undo returns to now, or None (none offered: the
        setting is off, review mode, no human decision since information was revealed or
        randomness drawn, another human acted since, the game is over, a hand-over pending)."""
        h = self.host
        if not h.undo_enabled or h.review or h.leaving or h.ended or h.match.is_over() or h.privacy_for is not None:
            return None
        seat = self.seat()
        if seat is None:
            return None
        points = h.match.undo_points(seat)
        return points[0] if points else None

    def available(self) -> bool:
        """True when ``button:undo`` / Ctrl+Z would take a decision back now."""
        return self.point() is not None

    def click(self) -> None:
        """``button:undo``: :meth:`take_back`."""
        self.take_back()

    def take_back(self) -> bool:
        """Take back the last human decision with every AI action after it; the position, the log
        and the save become what they were there. False if none is offered."""
        cp = self.point()
        if cp is None:
            return False
        h = self.host
        seat, undone = self.seat(), list(h.match.state.history[cp.ply:])
        h.match.undo_to(cp)
        h.hinting.hint = None
        h.resync()
        h.autosave()
        h.sfx("click")
        h.say(taken_back(h.match.state.game, seat, undone))
        log.info("%s: undo to ply %d", h.game_name, cp.ply)
        return True


__all__ = ["Undo", "UndoHost"]
