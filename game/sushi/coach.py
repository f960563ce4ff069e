"""The coach's rating of a Sushi Draft decision (RULES.md section 2; :mod:`game.analyse`).

The flat Monte Carlo evaluation (:class:`~game.sushi.montecarlo.SushiFlatBot`) with exactly ``--worlds``
sampled worlds (default 500) instead of a clock; its mean score per legal action is ``values``.
Its common random numbers give every option an estimate of equal precision. A forced choice is
not simulated (values null, loss 0). The unit is ``"chips"`` in the first two rounds (the chip
points the seat gains this round minus the others' mean: the hard bot's own measure) and
``"win"`` in the last.

Why (issue 21 §4): the same worlds tell, for every action, who wins each pile's chip at the end
of the round (RULES.md §2 scoring: the five types by the "first group of exactly one" rule, and
dessert by the number of types eaten). Two actions compared on the same worlds
(:func:`chip_reason`) differ most on one chip: which one, how the seat's chance of winning it
changes and whose chance moves the other way — "Eating tuna rather than salmon wins the tuna chip
from Hard AI 2 (chance of winning it: 62%, instead of 20%)." (:func:`game.sushi.telling.reason_text`). The rating
explains the chosen action against the best (what it loses) and the best against the chosen
(what it wins); the hint's :func:`reason` explains the hinted action against the alternative the
heuristic likes best, on a few worlds.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from game.analyse import CoachSettings, best_of, decision_entry, rounded
from game.sushi.montecarlo import SushiFlatBot
from game.sushi.heuristics import CARD_INDEX, estimated_in_play, view_table
from game.sushi.rules import EAT, PILES, ROUNDS, SushiView
from game.sushi.sim import DESSERT_I, EAT_ACTION, NT, Policy, Table, award_winner, pile_values

#: A pile whose chip changes the seat's measure by less than this (expected chip points: own gain
#: minus the others' mean) is no reason: the reason is then ``"even"``.
EVEN_POINTS = 0.15
#: The chip is the seat's own to win or lose (``"win"`` / ``"lose"``) when the change of its own
#: chance makes at least this share of the pile's change; else the reason is another seat's
#: (``"deny"`` / ``"give"``: the chip kept from it or let go to it).
OWN_SHARE = 0.25
#: A rival seat is named only when its chance of the chip moves by at least this (0..1).
RIVAL_MIN = 0.05
#: The hint's reason simulates its two actions on ``settings.worlds // HINT_WORLDS_DIVISOR``
#: worlds (at least :data:`HINT_WORLDS_MIN`): about 10 ms at five seats on the development machine.
HINT_WORLDS_DIVISOR = 4
HINT_WORLDS_MIN = 6

#: Per action index, per pile (:data:`~game.sushi.rules.PILES` order), per seat: worlds won.
Tally = list[list[list[int]]]


def _tally(n_actions: int, n_seats: int) -> tuple[Tally, Any]:
    """An empty tally and the :attr:`SushiFlatBot.observe` callback that fills it."""
    wins: Tally = [[[0] * n_seats for _ in PILES] for _ in range(n_actions)]

    def observe(i: int, table: Table) -> None:
        row = wins[i]
        tot = table.tot
        for t in range(NT):
            w = award_winner([tot[s][t] for s in range(n_seats)])
            if w >= 0:
                row[t][w] += 1
        w = award_winner(table.dist)
        if w >= 0:
            row[DESSERT_I][w] += 1

    return wins, observe


def chip_odds(view: SushiView, rng: random.Random, worlds: int) -> tuple[dict[str, float], dict[str, list[list[float]]],
                                                                          int]:
    """The flat evaluation of ``view.legal_actions`` (at least two) on ``worlds`` sampled worlds
    (:class:`~game.sushi.montecarlo.SushiFlatBot`, randomness from ``rng``; only what the view shows:
    the unseen hands are sampled by its :class:`~game.sushi.sim.Determinizer`).

    Returns:
        ``(means, odds, worlds)``: ``means`` action -> the flat bot's mean score (its unit: chip
        points, or a smooth chance of winning in the last round); ``odds`` action -> per pile
        (:data:`~game.sushi.rules.PILES` order) per seat, the share of worlds in which that seat
        wins the pile's chip at the end of the round (0..1; a pile nobody wins sums below 1);
        ``worlds`` the worlds simulated (0 for a view no deal explains: the odds are then 0)."""
    bot = SushiFlatBot(rng, iterations=worlds)
    wins, bot.observe = _tally(len(view.legal_actions), view.num_seats)
    bot.choose(view)
    info = bot.last_info
    done = int(info.get("worlds", 0))
    means: dict[str, float] = dict(info.get("means") or {a: 0.0 for a in view.legal_actions})
    odds = {a: [[w / done if done else 0.0 for w in pile] for pile in wins[i]]
            for i, a in enumerate(view.legal_actions)}
    return means, odds, done


def chip_reason(view: SushiView, action: str, other: str, odds: dict[str, list[list[float]]], worlds: int,
                favour: int = 1) -> dict[str, Any]:
    """Why ``action`` rather than ``other`` (both legal in ``view``), from ``odds``
    (:func:`chip_odds`): the chip whose expected change most favours ``action`` (``favour`` 1:
    what it wins) or most disfavours it (``favour`` -1: what it loses), as JSON-ready data told
    by :func:`game.sushi.telling.reason_text`.

    A pile's change is ``value * (ΔP[seat] - mean ΔP[others])`` expected chip points, ``ΔP`` the
    change of each seat's chance of winning its chip (``action``'s minus ``other``'s) and
    ``value`` the chip's expected value as the seat sees it (:func:`~game.sushi.sim.pile_values`:
    0 for an empty pile).

    Returns:
        ``{"kind", "phase", "seat", "action", "other", "pile", "rival", "chance", "chance_other",
        "rival_chance", "rival_chance_other", "points", "value", "worlds"}``: ``kind`` is
        ``"win"`` / ``"lose"`` (the seat's own chance of the chip moves most: up / down),
        ``"deny"`` / ``"give"`` (another seat's chance moves: down / up, the seat's own barely)
        or ``"even"`` (no chip moves by :data:`EVEN_POINTS`; ``pile`` None); ``phase`` ``"eat"``
        or ``"keep"``; ``seat`` the deciding seat; ``pile`` one of
        :data:`~game.sushi.rules.PILES`; ``rival`` the seat whose chance moves most the other
        way (for win / lose: None when none moves by :data:`RIVAL_MIN`: the chip would stay on
        the pile); ``chance`` / ``chance_other`` the seat's chance of the chip after ``action`` /
        ``other`` (0..1, 2 decimals), ``rival_chance*`` the rival's; ``points`` the change in
        expected chip points (signed, ``action`` minus ``other``); ``value`` the chip's expected
        value; ``worlds`` the sampled worlds."""
    me, n = view.seat, view.num_seats
    values = pile_values(view)
    a_odds, b_odds = odds[action], odds[other]
    best_p, best_score, best_points = -1, 0.0, 0.0
    for p in range(len(PILES)):
        if values[p] <= 0:
            continue
        delta = [a_odds[p][s] - b_odds[p][s] for s in range(n)]
        points = values[p] * (delta[me] - sum(d for s, d in enumerate(delta) if s != me) / max(1, n - 1))
        if favour * points > best_score + 1e-12:
            best_p, best_score, best_points = p, favour * points, points
    out: dict[str, Any] = {"kind": "even", "phase": view.phase, "seat": me, "action": action, "other": other,
                           "pile": None, "rival": None, "chance": None, "chance_other": None, "rival_chance": None,
                           "rival_chance_other": None, "points": 0.0, "value": None, "worlds": worlds}
    if best_p < 0 or best_score < EVEN_POINTS:
        return out
    p = best_p
    delta = [a_odds[p][s] - b_odds[p][s] for s in range(n)]
    own = values[p] * delta[me]
    up = best_points > 0
    if (own > 0) == up and abs(own) >= OWN_SHARE * abs(best_points):
        kind = "win" if up else "lose"
    else:
        kind = "deny" if up else "give"
    # the rival: whose chance moves most against the seat's (win: drops; lose: rises), or for
    # deny / give the other seat whose chance drops / rises most
    sign = -1 if kind in ("win", "deny") else 1
    others = [s for s in range(n) if s != me]
    rival = max(others, key=lambda s: (sign * delta[s], -s)) if others else None
    if rival is not None and sign * delta[rival] < RIVAL_MIN:
        rival = None
    if rival is None and kind in ("deny", "give"):
        kind = "win" if up else "lose"
    out.update(kind=kind, pile=PILES[p], rival=rival, chance=round(a_odds[p][me], 2),
               chance_other=round(b_odds[p][me], 2), points=rounded(best_points), value=rounded(values[p]))
    if rival is not None:
        out.update(rival_chance=round(a_odds[p][rival], 2), rival_chance_other=round(b_odds[p][rival], 2))
    return out


def forced_reason(view: SushiView, action: str) -> dict[str, Any]:
    """The reason of a forced choice (the seat's only legal action): ``{"kind": "forced", "phase",
    "seat", "action", "other": None, ...}``, nothing simulated; told as "" (the coach's line says
    "forced" already)."""
    return {"kind": "forced", "phase": view.phase, "seat": view.seat, "action": action, "other": None, "pile": None,
            "rival": None, "chance": None, "chance_other": None, "rival_chance": None, "rival_chance_other": None,
            "points": 0.0, "value": None, "worlds": 0}


def rate(view: SushiView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` with the flat evaluation (``settings.worlds`` sampled
    worlds, randomness from ``rng``; module docstring).

    Returns:
        The decision's fields (see the module docstring) plus ``values`` (action -> the hard bot's
        mean score, or None for a forced choice), ``worlds``, ``reason`` (:func:`chip_reason` of
        ``action`` against ``best``: the chip it loses — for a choice marked good, the chip it
        wins or none; when ``action`` is the best, against the runner-up: the chip it wins) and ``reason_best`` (``best`` against ``action``: the chip it
        wins; the same object when ``best`` is ``action``). A forced choice: ``mark`` "good",
        ``forced`` true and :func:`forced_reason` (the scenes say "forced", never "good")."""
    unit = "win" if view.round == ROUNDS - 1 else "chips"
    if len(view.legal_actions) == 1:
        why = forced_reason(view, action)
        return {"action": action, "best": action, "value_chosen": None, "value_best": None, "loss": 0.0,
                "mark": "good", "unit": unit, "forced": True, "values": None, "worlds": 0,
                "reason": why, "reason_best": why}
    means, odds, worlds = chip_odds(view, rng, settings.worlds)
    best = best_of(means, action)
    out = decision_entry(action, best, means[action], means[best], unit, False)
    if best == action:
        runner = max((a for a in means if a != action), key=lambda a: (means[a], a))
        chosen = best_reason = chip_reason(view, action, runner, odds, worlds, favour=1)
    else:
        # a good choice that is not the best is told by what it wins against the best, else as
        # making little difference — never by a chip it loses (issue 33, item 11: "a good move.
        # … loses the cucumber chip"); a worse one by the chip it loses
        favour = 1 if out["mark"] == "good" else -1
        chosen = chip_reason(view, action, best, odds, worlds, favour=favour)
        best_reason = chip_reason(view, best, action, odds, worlds, favour=1)
    out.update(values={a: rounded(v) for a, v in sorted(means.items())}, worlds=worlds, reason=chosen,
               reason_best=best_reason)
    return out


def heuristic_alternative(view: SushiView, action: str) -> str | None:
    """The legal action other than ``action`` the heuristic :class:`~game.sushi.sim.Policy` scores
    highest from ``view`` (its own hand, the cards in play estimated; no randomness: ties go to the
    first in notation order), or None when ``action`` is the only one."""
    others = [a for a in view.legal_actions if a != action]
    if not others:
        return None
    policy = Policy()
    table = view_table(view)
    in_play = estimated_in_play(view)
    score: dict[str, float] = {}
    if view.phase == EAT:
        risk = table.risks(table.eats_left_after(), in_play)
        for v, opt in policy.eat_scores(table, view.seat, risk):
            score[EAT_ACTION[opt]] = v
    else:
        risk = table.risks(max(0, table.eats_left_after() - 1), in_play)
        for own, _theirs, c in policy.keep_scores(table, view.seat, risk):
            score[_CARD_NAME[c]] = own
    best = others[0]
    for a in others[1:]:
        if score.get(a, -1e18) > score.get(best, -1e18):
            best = a
    return best


_CARD_NAME = {i: name for name, i in CARD_INDEX.items()}


def reason(view: SushiView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Why ``action`` (the hint's; legal in ``view``): :func:`chip_reason` of ``action`` against
    :func:`heuristic_alternative` — the chip it wins (or denies) — with only those two actions
    simulated on ``max(HINT_WORLDS_MIN, settings.worlds // HINT_WORLDS_DIVISOR)`` worlds
    (randomness from ``rng``: deterministic for a given seed); :func:`forced_reason` when it is
    the only legal action."""
    other = heuristic_alternative(view, action)
    if other is None:
        return forced_reason(view, action)
    pair = replace(view, legal_actions=tuple(sorted((action, other))))
    worlds = max(HINT_WORLDS_MIN, settings.worlds // HINT_WORLDS_DIVISOR)
    _means, odds, done = chip_odds(pair, rng, worlds)
    return chip_reason(view, action, other, odds, done, favour=1)


__all__ = ["EVEN_POINTS", "HINT_WORLDS_DIVISOR", "HINT_WORLDS_MIN", "OWN_SHARE", "RIVAL_MIN", "chip_odds",
           "chip_reason", "forced_reason", "heuristic_alternative", "rate", "reason"]
