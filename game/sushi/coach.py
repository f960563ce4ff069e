"""The coach's rating of a Sushi Draft decision (RULES.md section 2; :mod:`game.analyse`).

The flat Monte Carlo evaluation (:class:`~game.sushi.ai.SushiFlatBot`) with exactly ``--worlds``
sampled worlds (default 500) instead of a clock; its mean score per legal action is ``values``.
Its common random numbers give every option an estimate of equal precision. A forced choice is
not simulated (values null, loss 0). The unit is ``"chips"`` in the first two rounds (the chip
points the seat gains this round minus the others' mean: the hard bot's own measure) and
``"win"`` in the last.
"""

from __future__ import annotations

import random
from typing import Any

from game.analyse import CoachSettings, best_of, decision_entry, rounded
from game.sushi.ai import SushiFlatBot
from game.sushi.rules import ROUNDS, SushiView


def rate(view: SushiView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` with the flat evaluation (``settings.worlds`` sampled
    worlds, randomness from ``rng``; module docstring).

    Returns:
        The decision's fields (see the module docstring) plus ``values`` (action -> the hard bot's
        mean score, or None for a forced choice) and ``worlds``."""
    unit = "win" if view.round == ROUNDS - 1 else "chips"
    if len(view.legal_actions) == 1:
        return {"action": action, "best": action, "value_chosen": None, "value_best": None, "loss": 0.0,
                "mark": "good", "unit": unit, "forced": True, "values": None, "worlds": 0}
    bot = SushiFlatBot(rng, iterations=settings.worlds)
    bot.choose(view)
    means: dict[str, float] = bot.last_info["means"]
    best = best_of(means, action)
    out = decision_entry(action, best, means[action], means[best], unit, False)
    out.update(values={a: rounded(v) for a, v in sorted(means.items())}, worlds=bot.last_info["worlds"])
    return out


__all__ = ["rate"]
