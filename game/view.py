"""What a game hands out about a position: a seat's :class:`View` and the :class:`Outcome` (headless).

A view is what one seat may see now (each game's view class adds its own fields to the shared
ones); the outcome says who won, why and with what scores, its sentence told by the game. Both
are immutable plain data (picklable: a view goes to the AI worker process; on the wire through
:mod:`game.wire`). :mod:`game.core` offers both names again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence


@dataclass(frozen=True)
class Outcome:
    """Why and how a game ended: data only; its sentence is the game's to tell.

    Attributes:
        winners: winning seats (several when the win is shared).
        reason: why it ended, a member of the game's reason enum (a ``StrEnum``: it equals its code,
            e.g. KAITO's ``KaitoEnd.NO_KATANA == "no-katana"``; records and JSON see the code).
        scores: final score per seat (the game's own unit: tiles, chip points, strokes).
        tell: the game's telling function (its events module's ``outcome_text``, a module-level
            function: views stay immutable and picklable) making the sentence from ``values`` in
            the language in use; None for an outcome without one (the reason code is its text).
        values: ``tell``'s keyword arguments, as sorted ``(name, value)`` pairs (plain data).
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]
    tell: Callable[..., str] | None = field(default=None, compare=False, repr=False)
    values: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    @classmethod
    def told(cls, winners: Sequence[int], reason: str, scores: Sequence[int], tell: Callable[..., str], /,
             **values: Any) -> "Outcome":
        """An Outcome whose sentence ``tell(**values)`` tells in the language in use (:meth:`text`)."""
        return cls(tuple(winners), reason, tuple(scores), tell, tuple(sorted(values.items())))

    def text(self) -> str:
        """The end's sentence in the language in use now, e.g. "Black has no katana left on the board."."""
        if self.tell is None:
            return str(self.reason)
        return self.tell(**dict(self.values))

    @property
    def description(self) -> str:
        """:meth:`text` (the sentence in the language in use now)."""
        return self.text()


@dataclass(frozen=True, kw_only=True)
class View:
    """What one seat may see now (its information set): the part every game shares.

    Each game's view subclasses it with its own fields. Immutable; built fresh by
    :meth:`game.core.GameState.view`.

    Attributes:
        seat: the viewing seat.
        to_act: seats that must act now, ascending (empty once over).
        legal_actions: this seat's legal action strings, sorted by code point (empty if it is not
            to act).
        outcome: the :class:`Outcome` once the game is over, else None.
        ply: how many actions have been applied so far (every seat's, hidden choices included:
            that a seat has chosen is public).
    """

    seat: int
    to_act: tuple[int, ...]
    legal_actions: tuple[str, ...]
    outcome: "Outcome | None"
    ply: int
