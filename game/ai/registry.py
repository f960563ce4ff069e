"""The bots of each game, read from its registration (:mod:`game.registration`; imported lazily).

A game's ``ai`` module defines ``BOTS: dict[str, Callable[..., Bot]]`` mapping each level of
:data:`game.ai.base.LEVELS` it offers to a factory ``factory(rng: random.Random, **options) ->
Bot``; nothing here names a game.
"""

from __future__ import annotations

from typing import Callable

from game.ai.base import Bot
from game.registry import REGISTRATIONS


def bot_factories(game_name: str) -> dict[str, Callable[..., Bot]]:
    """The ``level -> factory`` dict of ``game_name``.

    Raises:
        ValueError: no bots for this game (the message lists the known games)."""
    try:
        reg = REGISTRATIONS[game_name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(REGISTRATIONS))
        raise ValueError(f"no AI for game {game_name!r}; known games: {known}") from None
    return reg.bot_factories()
