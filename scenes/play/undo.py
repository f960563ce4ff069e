"""Undo (issue 10 §2), a part the play scene holds (``scene.undoing``): Board Game Arena's policy,
decided by :meth:`game.match.Match.undo_points` (never past revealed information or drawn
randomness, never past another human's action); the scene shows the restored position at once
(its ``resync``)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

from game.core import is_you
from game.i18n import _, ngettext
from game.match import Match

log = logging.getLogger("tatami.play")


class UndoHost(Protocol):
    """What undo reads of its play scene: the Match and its people, the modes and states that
    forbid an undo, and what the scene does after one (forget the hint, show the position again,
    save, click)."""

    match: Match
    game_name: str
    telling: Any
    game_log: Any
    undo_enabled: bool
    review: bool
    ended: bool
    privacy_for: int | None
    viewer: int | None
    hinting: Any
    undid: bool

    @property
    def humans(self) -> list[int]: ...

    @property
    def leaving(self) -> bool: ...

    def resync(self) -> None: ...

    def autosave(self) -> None: ...

    def sfx(self, name: str) -> None: ...


def taken_back(game: Any, seat: int | None, undone: list[tuple[int, str]], name: str = "") -> str:
    """The game log's line for an undo (issue 33: said in the log, so the banner goes on saying whose
    turn it is), in the language in use: who took back which decision, in the game's words
    (:meth:`game.core.Game.action_text`), and how many other seats' actions went with it — "You
    took back c4 (and 1 answer)." ``name``: the seat's name as shown ("" or a "You" label: the
    person at this screen)."""
    mine = next((a for s, a in undone if s == seat), undone[0][1] if undone else "")
    others = sum(1 for s, _a in undone if s != seat)
    action = game.action_text(mine) if mine else ""
    if not name or is_you(name):
        if not others:
            # Translators: a line of the game log after an undo; {action} the decision taken back ("c4", "tuna")
            return _("You took back {action}.").format(action=action)
        # Translators: a line of the game log after an undo: the decision and the other seats' actions after it
        return ngettext("You took back {action} (and {n} answer).", "You took back {action} (and {n} answers).",
                        others).format(action=action, n=others)
    if not others:
        # Translators: a line of the game log after an undo; {name} a player, {action} the decision ("c4")
        return _("{name} took back {action}.").format(name=name, action=action)
    # Translators: a line of the game log after an undo: a player, the decision and the actions after it
    return ngettext("{name} took back {action} (and {n} answer).", "{name} took back {action} (and {n} answers).",
                    others).format(name=name, action=action, n=others)


class Undo:
    """The part: which checkpoint an undo returns to now, and taking it."""

    def __init__(self, host: UndoHost) -> None:
        self.host = host
        #: a person's (seat, action) the scene holds, not applied yet, before the reveal it would
        #: cause (:meth:`hold`), else None
        self.holding: tuple[int, str] | None = None

    def hold(self, seat: int, action: str) -> None:
        """Hold ``seat``'s ``action``, the choice that ends a simultaneous phase, for a moment before
        it is applied and the phase resolves (issue 33: Sushi Draft's undo before the reveal): until
        the scene applies it (:meth:`release`) an undo takes it back."""
        self.holding = (seat, action)

    def release(self) -> tuple[int, str] | None:
        """The choice held (:meth:`hold`), now to be applied, and none held any more; None if an
        undo took it back."""
        held, self.holding = self.holding, None
        return held

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
        """True when ``button:undo`` / Ctrl+Z would take a decision back now (a choice the scene
        holds before its reveal included: :meth:`hold`), or, at an online table, ask the others
        to accept an undo (:meth:`request_offered`)."""
        return self.held() is not None or self.point() is not None or self.request_offered()

    def request_offered(self) -> bool:
        """True at an online table when this seat may ask the others to accept an undo now."""
        h = self.host
        if not getattr(h.match, "online", False) or not h.undo_enabled or h.leaving or h.ended:
            return False
        online: Any = h.match
        snap = online.snap  # (the server's undo_ask flag; no request waiting; the game going on)
        return bool(snap.undo_ask) and snap.asking is None and not snap.over

    def held(self) -> tuple[int, str] | None:
        """The (seat, action) the scene holds before the reveal it would cause, if an undo may take
        it back now (the setting on, not over, not leaving)."""
        h = self.host
        if not h.undo_enabled or h.review or h.leaving or h.ended:
            return None
        return self.holding

    def click(self) -> None:
        """``button:undo``: :meth:`take_back`."""
        self.take_back()

    def take_back(self) -> bool:
        """Take back the last human decision with every AI action after it (or the choice held
        before its reveal, :meth:`hold`); the position, the log and the save become what they were
        there. The game log says what was taken back (:func:`taken_back`); the banner goes on saying
        whose turn it is. False if none is offered."""
        h = self.host
        held = self.held()
        if held is not None:  # a choice held before its reveal: never applied, nothing to rewind
            self.holding = None
            h.undid = True  # (not rated: issue 36)
            h.resync()
            h.sfx("click")
            h.game_log.note(taken_back(h.match.state.game, held[0], [held], h.telling.names()[held[0]]), held[0])
            log.info("%s: a held choice taken back", h.game_name)
            return True
        cp = self.point()
        if getattr(h.match, "online", False):  # asked of the server: its answer is told in the log
            if cp is not None:
                h.match.undo_to(cp)
            elif self.request_offered():
                online: Any = h.match
                online.ask_undo()
            else:
                return False
            h.sfx("click")
            log.info("%s: undo asked of the server", h.game_name)
            return True
        if cp is None:
            return False
        seat, undone = self.seat(), list(h.match.state.history[cp.ply:])
        h.match.undo_to(cp)
        h.undid = True
        h.hinting.hint = None
        h.resync()
        h.autosave()
        h.sfx("click")
        name = h.telling.names()[seat] if seat is not None else ""
        h.game_log.note(taken_back(h.match.state.game, seat, undone, name), seat)
        log.info("%s: undo to ply %d", h.game_name, cp.ply)
        return True


__all__ = ["Undo", "UndoHost"]
