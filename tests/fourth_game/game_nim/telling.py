"""Nim's sentences (through :mod:`game.i18n`: the catalogs do not hold them, so every language
shows the English text): the events' (:data:`TELLERS`) and the outcome's (:func:`outcome_text`)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from game.core import is_you, seat_name
from game.i18n import _, ngettext

from .events import GameEnded, StonesTaken


def outcome_text(winner: int) -> str:
    """The end's sentence: who took the last stone (seats counted from 1)."""
    return _("Player {n} took the last stone and won.").format(n=winner + 1)


def _taken(event: StonesTaken, names: Sequence[str]) -> str:
    who = seat_name(names, event.seat)
    if is_you(who):
        text = ngettext("You took {count} stone from heap {heap}.", "You took {count} stones from heap {heap}.",
                        event.count)
    else:
        text = ngettext("{seat} took {count} stone from heap {heap}.", "{seat} took {count} stones from heap {heap}.",
                        event.count)
    return text.format(seat=who, count=event.count, heap=event.heap + 1)


def _ended(event: GameEnded, names: Sequence[str]) -> str:
    winner = seat_name(names, event.winners[0])
    if is_you(winner):
        return _("You took the last stone and won.")
    return _("{winner} took the last stone and won.").format(winner=winner)


#: Event class -> its sentence-maker (:func:`game.telling.describe`).
TELLERS: dict[type, Callable[[Any, Sequence[str]], str]] = {StonesTaken: _taken, GameEnded: _ended}

__all__ = ["TELLERS", "outcome_text"]
