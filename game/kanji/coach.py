"""The coach's rating of a Kanji-zushi decision (RULES.md section 3; :mod:`game.analyse`).

The hard bot's simulations (its :class:`~game.kanji.ai.HiddenSampler` and greedy
:class:`~game.kanji.ai.Sim` playouts, ``--worlds`` worlds, common random numbers) for every valid
completion and ``pass``; ``value`` is the mean win share (ties between options broken by the mean
stroke margin). A wrong attempt has exactly a pass's effect (RULES.md section 3 ruling), so it is
valued as ``pass`` (``note`` says so).
"""

from __future__ import annotations

import random
from typing import Any

from game.analyse import DEFAULT_WORLDS, CoachSettings, best_of, decision_entry, rounded
from game.kanji.ai import valid_options
from game.kanji.data import NETA
from game.kanji.rules import PASS, KanjiView, attempt_text
from game.kanji.sampling import HiddenSampler, Sim

#: Weight of the stroke margin in choosing among equal win shares (the hard bot's).
KANJI_MARGIN_WEIGHT = 0.01


def kanji_values(view: KanjiView, rng: random.Random, worlds: int = DEFAULT_WORLDS,
                 pass_trust: float = 0.9) -> tuple[dict[str, float], dict[str, float]]:
    """Per option (every valid completion, and ``pass``), the mean win share and the mean stroke
    margin (own total minus the best other) over ``worlds`` sampled worlds, each option played and
    the game finished by greedy play for every seat (the hard bot's simulations, RULES.md §3).

    Raises:
        game.kanji.ai.InconsistentView: no deal explains the view (hand-made views only)."""
    me, n = view.seat, view.num_seats
    options = valid_options(view)
    table = list(view.table)
    firsts: list[tuple[str, tuple[int, int] | None]] = [
        (attempt_text(nn, ss), (NETA.index(nn), table.index(ss))) for _, nn, ss in options]
    firsts.append((PASS, None))
    sampler = HiddenSampler(view, pass_trust)
    wins = [0.0] * len(firsts)
    margins = [0.0] * len(firsts)
    after = (me + 1) % n
    for _unused in range(worlds):
        base = Sim.from_view(view, sampler.sample(rng))
        for i, (_action, first) in enumerate(firsts):
            sim = base.copy()
            if first is not None:
                sim.complete(me, first[0], first[1])
            # a pass with a valid pair in reach leaves the table alive; without one it counts
            sim.playout(after, 0 if options or first is not None else 1)
            winners = sim.winners()
            wins[i] += 1.0 / len(winners) if me in winners else 0.0
            margins[i] += sim.score[me] - max(sim.score[s] for s in range(n) if s != me)
    labels = [label for label, _ in firsts]
    return ({a: w / worlds for a, w in zip(labels, wins)}, {a: m / worlds for a, m in zip(labels, margins)})


def rate(view: KanjiView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` with :func:`kanji_values` (``settings.worlds`` worlds).

    Returns:
        The decision's fields (see the module docstring) plus ``values`` (option -> mean win
        share), ``worlds`` and, for a wrong attempt, ``note``."""
    worlds = settings.worlds
    values, margins = kanji_values(view, rng, worlds)
    option = action if action in values else PASS
    best = best_of(values, option, {a: KANJI_MARGIN_WEIGHT * m for a, m in margins.items()})
    out = decision_entry(action, best, values[option], values[best], "win", len(view.legal_actions) == 1)
    out.update(values={a: rounded(v) for a, v in sorted(values.items())}, worlds=worlds)
    if option != action:
        out["note"] = "a wrong attempt: the same effect as a pass (RULES.md section 3)"
    return out


__all__ = ["KANJI_MARGIN_WEIGHT", "kanji_values", "rate"]
