"""Undo points of a :class:`game.match.Match` (issue 10 §2, Board Game Arena's policy): a mixin.

After every applied action the Match remembers a :class:`Checkpoint` where a human is to act;
:meth:`UndoPoints.undo_points` lists those an undo may return to (never past an event whose class
is ``IRREVERSIBLE`` — the Match clears them all when one happens — never past another human's
action, even one undone since) and :meth:`UndoPoints.undo_to` goes back to one. Headless.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import GameState

#: The seat kind of a person at this screen; any other seat kind is a bot level.
HUMAN = "human"


@dataclass(frozen=True, eq=False)
class Checkpoint:
    """A position where a human was to act, remembered for an undo (compared by identity).

    Attributes:
        ply: actions applied before it (``len(state.history)`` there).
        event_count: length of the event log there.
        to_act: the seats to act there, ascending.
        state: a private clone of the position (never mutated; :meth:`Match.undo_to` clones it).
    """

    ply: int
    event_count: int
    to_act: tuple[int, ...]
    state: GameState


class UndoPoints:
    """The checkpoints and undo of a Match (mixed into :class:`game.match.Match`, whose state,
    seats, views and workers it uses)."""

    state: GameState
    seats: list[str]
    checkpoints: list[Checkpoint]
    hints: Any
    _views: dict[int, Any]
    _undo_floor: dict[int, int]

    @property
    def humans(self) -> list[int]:  # (Match's)
        raise NotImplementedError

    @property
    def ply(self) -> int:  # (Match's)
        raise NotImplementedError

    @property
    def event_count(self) -> int:  # (Match's)
        raise NotImplementedError

    def to_act(self) -> tuple[int, ...]:  # (Match's)
        raise NotImplementedError

    def cancel(self) -> None:  # (Match's)
        raise NotImplementedError

    def _begin_phase(self) -> None:  # (Match's)
        raise NotImplementedError

    def _checkpoint(self) -> None:
        """Remember the position if a human is to act (once per ply)."""
        if not self.humans:
            return
        to_act = self.to_act()
        if not any(self.seats[s] == HUMAN for s in to_act):
            return
        if self.checkpoints and self.checkpoints[-1].ply == self.ply:
            return
        self.checkpoints.append(Checkpoint(self.ply, self.event_count, to_act, self.state.clone()))

    def undo_points(self, seat: int, consent: bool = False) -> list[Checkpoint]:
        """The checkpoints an undo by ``seat`` may return to, newest first.

        Each is a position where ``seat`` was to act and has acted since; none lies before an
        event whose class is ``IRREVERSIBLE`` (it revealed hidden information or randomness) or
        before another human's action — also one undone since ("only until the next seat
        acts"). With ``consent`` (the other humans agreed: an online table's undo request, issue
        33) other humans' actions no longer stop it; revealed information still does."""
        # (no checkpoint lies before an IRREVERSIBLE event: applying one clears them all)
        history = self.state.history
        out = []
        floor = 0 if consent else self._undo_floor.get(seat, 0)
        for cp in reversed(self.checkpoints):
            if cp.ply >= self.ply:
                continue
            if cp.ply < floor:
                break
            since = history[cp.ply:]
            if not consent and any(s != seat and self.seats[s] == HUMAN for s, _ in since):
                break
            if seat in cp.to_act and any(s == seat for s, _ in since):
                out.append(cp)
        return out

    def undo_to(self, checkpoint: Checkpoint) -> None:
        """Return to ``checkpoint``: the state, its history and its event log become exactly what
        they were there (a fresh clone); later checkpoints are dropped and a pending AI request
        is cancelled. ``self.state`` is a new object afterwards, and event readers must rewind
        their cursors to ``checkpoint.event_count``. Bots keep their memory (their random
        numbers are not rewound).

        Raises:
            ValueError: not one of :attr:`checkpoints`."""
        index = next((i for i, cp in enumerate(self.checkpoints) if cp is checkpoint), None)
        if index is None:
            raise ValueError("not a checkpoint of this match")
        self.cancel()
        self.hints.cancel()
        del self.checkpoints[index + 1:]
        self.state = checkpoint.state.clone()
        self._views.clear()
        self._begin_phase()


__all__ = ["HUMAN", "Checkpoint", "UndoPoints"]
