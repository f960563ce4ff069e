"""Nim's bots, from the seat's view only: ``random``; ``easy`` (random, but takes a last heap
whole); ``medium`` (the perfect move half the time); ``hard`` (perfect play: leaves a nim-sum of 0
whenever it can, else takes one stone from the largest heap)."""
from __future__ import annotations

import random
from functools import reduce
from typing import Any

from game.ai.base import Bot, RandomBot

GAME = "nim"


def perfect(heaps: tuple[int, ...]) -> str | None:
    """The move leaving a nim-sum of 0 (the first by heap), or None from a lost position."""
    total = reduce(lambda a, b: a ^ b, heaps, 0)
    if total == 0:
        return None
    for h, n in enumerate(heaps):
        target = n ^ total
        if target < n:
            return f"h{h + 1}-{n - target}"
    return None  # pragma: no cover - a nonzero nim-sum always has a move


def _check(options: dict[str, Any]) -> None:
    if options:
        raise ValueError(f"unknown Nim bot option(s): {', '.join(sorted(options))}")


class NimRandomBot(RandomBot):
    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check(options)
        super().__init__(rng, GAME)


class NimEasyBot(Bot):
    game_name, level = GAME, "easy"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check(options)
        super().__init__(rng)

    def choose(self, view: Any) -> str:
        left = [(h, n) for h, n in enumerate(view.heaps) if n]
        if len(left) == 1:
            return f"h{left[0][0] + 1}-{left[0][1]}"
        return self.rng.choice(list(view.legal_actions))


class NimHardBot(Bot):
    game_name, level = GAME, "hard"
    #: the chance of the perfect move at each decision
    skill = 1.0

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check(options)
        super().__init__(rng)

    def choose(self, view: Any) -> str:
        best = perfect(tuple(view.heaps)) if self.rng.random() < self.skill else None
        if best is not None and best in view.legal_actions:
            return best
        if self.skill < 1.0:
            return self.rng.choice(list(view.legal_actions))
        big = max(range(len(view.heaps)), key=lambda h: view.heaps[h])
        return f"h{big + 1}-1"


class NimMediumBot(NimHardBot):
    level = "medium"
    skill = 0.5


#: Level -> factory ``(rng, **options) -> Bot`` (:data:`game.ai.base.LEVELS`).
BOTS = {"random": NimRandomBot, "easy": NimEasyBot, "medium": NimMediumBot, "hard": NimHardBot}
