"""Explicit registry of the games Tatami knows (no folder scanning)."""

from __future__ import annotations

from .core import Game
from .kaito import KAITO
from .kanji import KANJI
from .sushi import SUSHI

#: Game name (as used in records and on the command line) -> its rules.
GAMES: dict[str, Game] = {KAITO.name: KAITO, SUSHI.name: SUSHI, KANJI.name: KANJI}


def get(name: str) -> Game:
    """The game called ``name``.

    Raises:
        KeyError: unknown game (the message lists the known ones)."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
