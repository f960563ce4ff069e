"""The bot protocol shared by every game's AI (headless: no pygame here).

A bot is made for one seat of one game with a seeded ``random.Random`` and only ever reads that
seat's *view* (``view.legal_actions`` lists its options); it never sees the state. This keeps the
hidden-information games (Sushi Draft, Kanji-zushi) honest with the same interface.
"""

from __future__ import annotations

import abc
import random
from typing import Any, Mapping, TypeVar

T = TypeVar("T")

#: The difficulty levels every game offers, weakest first.
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")


class Bot(abc.ABC):
    """A computer player for one seat.

    Attributes:
        game_name: the game's record name (e.g. ``"kaito"``).
        level: one of :data:`LEVELS`.
        rng: the seeded ``random.Random`` that is the bot's only source of randomness.
    """

    game_name: str = ""
    level: str = ""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @abc.abstractmethod
    def choose(self, view: Any) -> str:
        """One action string from ``view.legal_actions`` (the view of the seat this bot plays).

        Only called when ``view.legal_actions`` is not empty. May keep memory between calls (the
        same bot instance plays one seat for a whole game)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_name}/{self.level}>"


class RandomBot(Bot):
    """Uniformly random over ``view.legal_actions`` (works for every game)."""

    level = "random"

    def __init__(self, rng: random.Random, game_name: str = "", **options: Any) -> None:
        super().__init__(rng)
        self.game_name = game_name

    def choose(self, view: Any) -> str:
        """A uniformly random legal action (deterministic for a given rng state)."""
        actions = list(view.legal_actions)
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[self.rng.randrange(len(actions))]


def style_of(styles: Mapping[str, T], style: str | None, game_title: str) -> T | None:
    """What a bot's ``style`` option (issue 36, the characters' play styles) means in a game's
    ``styles`` table: its entry, or None for no style.

    Raises:
        ValueError: an unknown style (the message names the game and lists the known ones)."""
    if style is None:
        return None
    if style not in styles:
        raise ValueError(f"unknown {game_title} style {style!r}; known: {', '.join(styles)}")
    return styles[style]

