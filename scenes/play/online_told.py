"""A play scene's seat at an online table of a game of hidden information (issue 24 §2): Sushi
Draft, Kanji-zushi. :class:`ToldMatch` offers the Match calls the play scenes make
(:mod:`scenes.play.base`) from what the server told this seat and nothing else — its view and its
events (docs/PROTOCOL.md) — so the scene shows exactly what its seat may know.

The server tells a seat one *position* per step (a ``state``, then an ``update`` per action
applied: the actions as this seat may know them, its new events and its view after them; kept in
order by :attr:`game.net.remote.ClientThread.told`). The scene is shown them one at a time, as a
local Match applies one action per ``drive()``: :meth:`ToldMatch.drive` moves the shown position
on by one update that told this seat something and returns it as a :class:`game.match.Move` of the
update's action and events, as told (an action hidden from this seat — another seat's Sushi Draft
choice — is ``""``: the server said who acted, not what); the view, ``to_act``, the legal actions
and the events the scene reads are the shown position's, so what a scene animates and the view it
reads always agree.

The person's own action (:meth:`ToldMatch.apply`), one the view's legal actions offer, is sent
and waited for (at most :data:`ACT_WAIT_S`); the server judges it: its answer holds the action's
events — a card chosen, a kanji made, a round's reveal — and they are returned as a local Match's
``apply`` returns them, or its refusal is raised (and said in the banner by
:func:`scenes.play.online_frame.frame`). On this machine or a LAN that is a few milliseconds. While
this seat's connection is down it has no legal actions, so a frame never waits on a lost link.

The scenes also read ``match.state`` (the last action's seat, the outcome, the view at the end):
:class:`ToldState` is that stand-in, from the shown position.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from game.core import Event, IllegalActionError, InvalidActionError, Outcome
from game.match import Move
from scenes.play.online import OnlineSeat, UndoPoint

log = logging.getLogger("tatami.online")

#: The longest wait, in seconds, for the server's answer to this seat's own action.
ACT_WAIT_S = 5.0


@dataclass(frozen=True)
class _Shown:
    """The position a scene is shown: index ``index`` of the told positions of resync ``resyncs``."""

    resyncs: int
    index: int


class ToldState:
    """``match.state`` of a :class:`ToldMatch`: what the scenes read of the position, from the
    shown position (``history``: ``(seat, action)`` of every action told up to it, from ply 0 —
    the action ``""`` where this seat may not know it; ``game``; ``view(seat)`` for this seat;
    ``outcome()``; ``is_over()``; ``to_act()``)."""

    def __init__(self, match: "ToldMatch") -> None:
        self._match = match
        self.game = match.game

    @property
    def history(self) -> list[tuple[int, str]]:
        return list(self._match.history)

    def view(self, seat: int) -> Any:
        return self._match.view(seat)

    def outcome(self) -> Outcome | None:
        return self._match.outcome()

    def is_over(self) -> bool:
        return self._match.is_over()

    def to_act(self) -> tuple[int, ...]:
        return self._match.to_act()


class ToldMatch(OnlineSeat):
    """The Match of a play scene at an online table, from the views and events told to its seat
    (see the module doc).

    Args:
        remote: a :class:`game.net.remote.RemoteMatch` whose seat has joined or resumed a table.
        first_view: unused (the first told position is the one the join was answered with);
            accepted so both online Matches are built alike.
    Raises:
        ValueError: the client has no position yet (no ``state`` taken).
    """

    def __init__(self, remote: Any, first_view: Any = None) -> None:
        super().__init__(remote)
        resyncs, positions = remote.net.told
        if not positions:
            raise ValueError("the server has told this seat nothing yet")
        self._shown = _Shown(resyncs, 0)
        self._views: dict[tuple[int, int], Any] = {}
        #: ``(seat, action)`` of every action told up to the shown position, from ply 0 (``""``:
        #: an action this seat may not know), as the server told them
        self.history: list[tuple[int, str]] = told_history(positions[0])
        self._mine: str | None = None  # this seat's action being waited for
        self.state = ToldState(self)
        self._resync_due = False

    # -- the shown position -------------------------------------------------------------------------
    def _positions(self) -> list[Any]:
        resyncs, positions = self.remote.net.told
        if resyncs != self._shown.resyncs:  # a state (an undo, a reconnection): start again from it
            self._shown = _Shown(resyncs, 0)
            self.history = told_history(positions[0])
            self._resync_due = True
        return positions

    def _told(self) -> Any:
        return self._positions()[self._shown.index]

    @property
    def ply(self) -> int:
        """Actions applied at the table up to the shown position (every seat's, hidden ones too)."""
        return int(self._told().ply)

    @property
    def event_count(self) -> int:
        """This seat's events up to the shown position (the cursor of :meth:`events_for`)."""
        return int(self._told().events_end)

    def to_act(self) -> tuple[int, ...]:
        told = self._told()
        return tuple(told.to_act) if told.started and not told.over else ()

    def is_over(self) -> bool:
        return bool(self._told().over)

    def outcome(self) -> Outcome | None:
        """The outcome (the shown view's, told in the language in use) once over, else None."""
        return getattr(self.view(self.seat), "outcome", None) if self.is_over() else None

    def view(self, seat: int) -> Any:
        """This seat's view at the shown position.

        Raises:
            ValueError: another seat (what it sees is not told here)."""
        if seat != self.seat:
            raise ValueError(f"this screen holds seat {self.seat}, not {seat}")
        key = (self._shown.resyncs, self._shown.index)
        view = self._views.get(key)
        if view is None:
            self._views.clear()
            view = self._views[key] = self.game.view_from_json(self._told().view_json)
        return view

    def legal_actions(self, seat: int) -> list[str]:
        """This seat's legal actions at the shown position — none for another seat, before the
        start, while the shown position is behind the server's, or while this seat is offline."""
        told = self._told()
        if (seat != self.seat or not told.started or told.over or self._mine is not None
                or not self.snap.connected or self._shown.index != len(self._positions()) - 1):
            return []
        return list(told.legal)

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """This seat's events from ``since`` to the shown position.

        Raises:
            ValueError: another seat."""
        if seat is not None and seat != self.seat:
            raise ValueError(f"this screen holds seat {self.seat}, not {seat}")
        told = self._told()
        return list(told.log[since:told.events_end])

    def record(self) -> dict[str, Any]:
        """The server's record once over (with the deal), else ``{}``."""
        return dict(self.remote.record() or {})

    def bots_to_act(self) -> list[int]:
        """Other seats whose step the scene waits for: the shown position's seats to act but this
        one (the server plays AI seats; other people play at their screens), or every seat while
        steps already told wait to be shown."""
        if self._shown.index < len(self._positions()) - 1:
            return [s for s in range(self.num_seats) if s != self.seat] or [self.seat]
        return [s for s in self.to_act() if s != self.seat]

    # -- moving on ----------------------------------------------------------------------------------
    def _step_to(self, index: int) -> list[Event]:
        """Show position ``index`` (its actions and those of the positions passed on the way
        join :attr:`history`); returns this seat's events from the shown one to it."""
        before, positions = self.event_count, self._positions()
        for passed in positions[self._shown.index + 1:index + 1]:
            self.history.extend(told_history(passed))
        self._shown = _Shown(self._shown.resyncs, index)
        told = self._told()
        return list(told.log[before:told.events_end])

    def drive(self) -> Move | None:
        """The next step told to this seat (a :class:`game.match.Move` of its update's events,
        and of its first action as told — the action ``""`` where this seat may not know it), or
        None. Steps that told this seat nothing (the table starting) are shown on the way."""
        positions = self._positions()
        while self._shown.index < len(positions) - 1:
            first = self.event_count
            events = self._step_to(self._shown.index + 1)
            if events:
                acts = told_history(self._told()) or [(-1 if events[0].seat is None else events[0].seat, "")]
                return Move(acts[0][0], acts[0][1], tuple(events), first, self.ply)
        return None

    def sync(self) -> bool:
        """Per frame (:func:`scenes.play.online_frame.frame`): steps that told this seat nothing are
        shown at once; True after a ``state`` (an undo, a reconnection): the scene resyncs."""
        positions = self._positions()
        while (self._shown.index < len(positions) - 1
               and positions[self._shown.index + 1].events_end == self.event_count):
            self._step_to(self._shown.index + 1)
        if self._resync_due:
            self._resync_due = False
            self.position += 1
            return True
        return False

    def apply(self, seat: int, action: str) -> list[Event]:
        """Send this seat's ``action`` and wait (at most :data:`ACT_WAIT_S`) for the server's
        answer; returns the events it told, from the shown position to the answer (as a local
        Match's ``apply``).

        Raises:
            InvalidActionError: not a string. IllegalActionError: not one the view offers now
                (nothing sent), refused by the server, or no answer in time (the answer, if it
                comes later, is shown by :meth:`drive` as any other step)."""
        if not isinstance(action, str):
            raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
        if action not in self.legal_actions(seat):
            raise IllegalActionError(f"{action!r} is not legal for seat {seat} now")
        told = self._told()
        self._mine = action
        try:
            self.remote.send(seat, action).result(ACT_WAIT_S)
        except Exception as exc:
            raise IllegalActionError(f"the server did not take {action!r}: {exc}") from exc
        finally:
            self._mine = None
        positions = self._positions()
        if self._resync_due:  # a state answered (a stale action): the scene resyncs on its frame
            return []
        for index in range(self._shown.index + 1, len(positions)):
            p = positions[index]
            if p.over or p.decision > told.decision or seat not in p.to_act:
                return self._step_to(index)
        return []

    def undo_points(self, seat: int) -> list[UndoPoint]:
        """One point when the server says it would take an undo now: this seat's last step shown
        (its ``ply`` indexes :attr:`history`, as a local checkpoint's indexes a state's)."""
        told = self._told()
        if seat != self.seat or self.is_over() or not told.undo or self._shown.index != len(self._positions()) - 1:
            return []
        mine = [i for i, (s, _a) in enumerate(self.history) if s == seat]
        return [UndoPoint(mine[-1])] if mine else []


def told_history(told: Any) -> list[tuple[int, str]]:
    """The actions of a told position (a :class:`game.net.remote.Told`) as ``(seat, action)``,
    as the server told them (``""`` for an action hidden from this seat)."""
    return [(seat, action or "") for seat, action in told.actions]


__all__ = ["ACT_WAIT_S", "ToldMatch", "ToldState", "told_history"]
