"""Computer players for Tatami's games (headless: never imports pygame).

``make_bot(game_name, level, rng, **options)`` builds the bot of one seat. Bots only ever read the
seat's view (``Bot.choose(view) -> str``, one of ``view.legal_actions``) and draw randomness from
the seeded ``rng`` they were given, never from the game state.

Levels (:data:`LEVELS`): ``random`` (uniform), ``easy`` (weak but plausible), ``medium`` (greedy,
one ply of safety), ``hard`` (searching). The per-game bots are listed explicitly in
:mod:`game.ai.registry`. A level ``<level>@<character>`` (``"hard@tora"``) is that level played with the temperament of
one of the characters of :mod:`game.characters` (issue 36: the game's bot options for it). For
measuring only (never offered in the UI), the reference searches of
:mod:`game.ai.reference`: ``mcts:<N>`` (KAITO) and ``ismcts:<N>`` (Sushi Draft, Kanji-zushi), ``N``
simulations per decision.
"""

from __future__ import annotations

import random
from typing import Any

from .base import LEVELS, Bot, RandomBot
from .registry import bot_factories

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]


def make_bot(game_name: str, level: str, rng: random.Random, **options: Any) -> Bot:
    """The bot playing ``level`` at ``game_name``, drawing randomness only from ``rng``.

    Options are level-specific, e.g. ``time_budget_s`` (float, seconds per decision) for KAITO's
    ``hard`` bot. A level ``name:N`` is a reference search (:func:`game.ai.reference.check_level`);
    a level ``level@character`` is ``level`` with the character's options
    (:func:`game.characters.bot_options`; ``options`` given here win).

    Raises:
        ValueError: unknown game, level or character (the message lists the known names), or a
            bad option."""
    factories = bot_factories(game_name)
    if isinstance(level, str) and "@" in level:
        from game.characters import bot_options

        level, _, key = level.partition("@")
        options = {**bot_options(game_name, key), **options}
    if isinstance(level, str) and ":" in level:
        from .reference import make_reference_bot

        if not isinstance(rng, random.Random):
            raise ValueError("rng must be a random.Random")
        return make_reference_bot(game_name, level, rng, **options)
    if level not in factories:
        known = ", ".join(lv for lv in LEVELS if lv in factories)
        raise ValueError(f"unknown level {level!r} for {game_name}; known levels: {known}")
    if not isinstance(rng, random.Random):
        raise ValueError("rng must be a random.Random")
    return factories[level](rng, **options)
