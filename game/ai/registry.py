"""Explicit registry of the bots of each game (no folder scanning, imported lazily).

``BOT_MODULES`` maps a game's record name to the module holding its bots. That module defines
``BOTS: dict[str, Callable[..., Bot]]`` mapping each level of :data:`game.ai.base.LEVELS` to a
factory ``factory(rng: random.Random, **options) -> Bot``. Adding a game's AI (Sushi Draft,
Kanji-zushi) is one line here plus its module; ``game/ai/__init__.py`` does not change.
"""

from __future__ import annotations

import importlib
from typing import Callable

from .base import Bot

#: Game record name -> module path of its bots.
BOT_MODULES: dict[str, str] = {
    "kaito": "game.ai.kaito_ai",
    "sushi-draft": "game.ai.sushi_ai",
    "kanji-zushi": "game.ai.kanji_ai",
}


def bot_factories(game_name: str) -> dict[str, Callable[..., Bot]]:
    """The ``level -> factory`` dict of ``game_name``.

    Raises:
        ValueError: no bots for this game (the message lists the known games)."""
    try:
        module_name = BOT_MODULES[game_name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(BOT_MODULES))
        raise ValueError(f"no AI for game {game_name!r}; known games: {known}") from None
    return importlib.import_module(module_name).BOTS
