"""The coach's rating of a KAITO decision (RULES.md section 1; :mod:`game.analyse`).

Perfect information: the hard bot's alpha-beta search (:func:`game.kaito.search.fixed_depth_score`
/ :func:`~game.kaito.search.move_score`) to a fixed ``--depth`` (default 8 plies), no clock, so
the result is the same on every machine. ``eval_before`` is the position's score with the best
move, ``eval_after`` the score after the chosen one (search units, the seat's point of view;
beyond ``±999000`` a forced win / loss). ``value = 1 / (1 + exp(-score / 250))``
(:data:`KAITO_SCALE`; a kabuto lost from three is about 280 units: from an even game that is a
drop from 0.5 to 0.25), 1 for a forced win, 0 for a forced loss. A move that turns a forced win
into anything less, or anything into a forced loss the best move avoids, is a blunder whatever
the numbers.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.analyse import CoachSettings, decision_entry
from game.kaito.engine import FastPos, action_to_move, move_to_action
from game.kaito.rules import KaitoView
from game.kaito.search import MATE_BOUND, fixed_depth_score, move_score

#: Search score units per e-fold of the winning odds (``value = 1 / (1 + exp(-s / scale))``).
KAITO_SCALE = 250.0


def kaito_value(score: int) -> float:
    """A KAITO search score (side to move's units) as a chance of winning, 0..1."""
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / KAITO_SCALE))


def _forced_class(score: int) -> int:
    return 1 if score >= MATE_BOUND else -1 if score <= -MATE_BOUND else 0


def rate(view: KaitoView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` with a ``settings.depth``-ply search (module docstring;
    ``rng`` is not used: the search is deterministic).

    Returns:
        The decision's fields: ``action``, ``best``, ``value_chosen``, ``value_best``, ``loss``,
        ``mark``, ``unit`` (``"win"``), ``forced``, ``eval_before``, ``eval_after``, ``depth``."""
    depth = settings.depth
    pos = FastPos.from_view(view)
    _, best_move = fixed_depth_score(pos, depth)
    best_score = move_score(pos, best_move, depth)
    chosen = action_to_move(action)
    chosen_score = best_score if chosen == best_move else move_score(pos, chosen, depth)
    if chosen_score >= best_score:
        best_move, best_score = chosen, chosen_score
    best = action if best_move == chosen else move_to_action(best_move)
    thrown = _forced_class(best_score) > _forced_class(chosen_score)
    out = decision_entry(action, best, kaito_value(chosen_score), kaito_value(best_score), "win",
                 len(view.legal_actions) == 1, thrown)
    out.update(eval_before=best_score, eval_after=chosen_score, depth=depth)
    return out


__all__ = ["KAITO_SCALE", "kaito_value", "rate"]
