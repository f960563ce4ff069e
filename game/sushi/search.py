"""Sushi Draft's hard search (RULES.md section 2): information-set Monte Carlo tree search over the
rest of the round, on the compact simulator of :mod:`game.sushi.sim`. Headless (no pygame).

One iteration:

1. **Determinize**: sample every hand of this round consistently with the seat's view
   (:class:`~game.sushi.sim.Determinizer`; the bot never sees the state).
2. **Select**: walk down the tree phase by phase. At a node *every* seat chooses its own action
   independently by UCB1 over the options legal in this determinization (decoupled UCT for the
   simultaneous phases; availability counts, so an option's exploration term uses how often it was
   legal, not the node's visits). The observer's tree is *open loop* on the others: a child is
   keyed by the observer's own action only, so the others' bandits at a node pool every history
   that led there with the same own actions (what they ate is public, what they kept is not).
3. **Expand** one child and **roll out** the round's rest with the noisy heuristic
   :class:`~game.sushi.sim.Policy` for every seat.
4. **Evaluate** the round's end for every seat: a smooth chance of finishing the game first,
   ``1 / (1 + exp(-margin / temperature))``, ``margin`` = the seat's expected total (the chips
   known so far, as the observer sees them, plus the round's expected gain) minus the best other
   seat's; the temperature grows with the rounds still to play (their chips are still to win).
5. **Back up** each seat's value to the options it chose on the path.

The option played is the observer's most visited at the root (ties: the better mean).

Source: information-set MCTS (Cowling, Powley and Whitehouse 2012) with decoupled UCT at
simultaneous moves (Lanctot et al. 2013); issue 13 asks hard to beat a generic IS-MCTS, which this
out-searches with a faster simulator, heuristic rollouts and an evaluation at the round's end.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from game.sushi.rules import CARD_NAMES, EAT, ROUNDS, STEPS, SushiView
from game.sushi.sim import EAT_ACTION, Determinizer, Policy, Table

#: UCB1 exploration constant on values in [0, 1].
EXPLORATION = 0.35
#: Temperature (chip points) of the win-chance evaluation in the last round, and what each round
#: still to play after this one adds to it.
TEMPERATURE = 1.5
TEMPERATURE_PER_ROUND = 3.0


class _Node:
    """An observer information set: per seat, ``option -> [visits, value sum, availability]``;
    children keyed by the observer's own option."""

    __slots__ = ("stats", "children")

    def __init__(self, n: int) -> None:
        self.stats: list[dict[Any, list[float]]] = [{} for _ in range(n)]
        self.children: dict[Any, _Node] = {}


def _ucb_pick(stats: dict[Any, list[float]], options: Sequence[Any], c: float, rand: Callable[[], float]) -> Any:
    """UCB1 with availability counts over ``options``; an option never tried is tried first (the
    first such in ``options``' order)."""
    best = None
    best_v = -1e18
    for o in options:
        st = stats.get(o)
        if st is None:
            st = stats[o] = [0, 0.0, 0]
        st[2] += 1
    for o in options:
        st = stats[o]
        if st[0] == 0:
            return o
        v = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0]) + 1e-9 * rand()
        if v > best_v:
            best, best_v = o, v
    return best


def win_chances(totals: Sequence[float], temperature: float) -> list[float]:
    """Per seat, ``1 / (1 + exp(-(total - best other) / temperature))`` (0..1).

    Args:
        totals: expected chip totals per seat (chip points). temperature: chip points (> 0)."""
    out = []
    n = len(totals)
    for s in range(n):
        other = max(totals[t] for t in range(n) if t != s)
        x = (totals[s] - other) / temperature
        out.append(1.0 / (1.0 + math.exp(-x)) if x > -60 else 0.0)
    return out


class RoundSearch:
    """The search of one decision (see the module docstring).

    Args:
        view: the deciding seat's view (not a forced decision). rng: the only randomness.
        prior: per seat, the expected chip total before this round (chip points, as this seat sees
            it: :func:`~game.sushi.sim.expected_totals`). policy: the rollout policy.
        exploration: UCB1 constant on values in [0, 1]. particles: the sampler's particles.
        bias: a play style (:data:`game.sushi.sim.STYLE_BIAS`): the deciding seat's round gain is
            valued with each pile's value times its factor (:meth:`Table.round_gain_of`); None
            for none.

    Raises:
        InconsistentView: no deal explains the view (from the sampler)."""

    def __init__(self, view: SushiView, rng: random.Random, prior: Sequence[float], policy: Policy,
                 exploration: float = EXPLORATION, particles: int = 48,
                 bias: Sequence[float] | None = None) -> None:
        self.rng = rng
        self.bias = bias
        self.me = view.seat
        self.n = view.num_seats
        self.det = Determinizer(view, rng, particles)
        hands = [[0] * 6 for _ in range(self.n)]
        self.base = Table.from_view(view, hands)
        self.prior = list(prior)
        self.policy = policy
        self.c = exploration
        self.temperature = TEMPERATURE + TEMPERATURE_PER_ROUND * (ROUNDS - 1 - view.round)
        self.root = _Node(self.n)
        self.iterations = 0

    def iterate(self) -> None:
        """One determinization, selection, expansion, rollout and backup."""
        rng = self.rng
        rand = rng.random
        hands, _ = self.det.sample(rng)
        table = self.base.copy()
        table.hands = hands
        n, me, c, policy = self.n, self.me, self.c, self.policy
        node = self.root
        path: list[tuple[dict[Any, list[float]], Any]] = []
        expanded = False
        done = False
        while not expanded:
            if table.phase == EAT:
                choice = [_ucb_pick(node.stats[s], table.eat_options(s), c, rand) for s in range(n)]
                table.apply_eats(choice)
            else:
                if table.step >= STEPS - 1:
                    done = True
                    break
                choice = [_ucb_pick(node.stats[s], [k for k in range(6) if table.hands[s][k]], c, rand)
                          for s in range(n)]
                table.apply_keeps(choice)
            for s in range(n):
                path.append((node.stats[s], choice[s]))
            key = choice[me]
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node(n)
                expanded = True
            node = child
            if table.phase != EAT and table.step >= STEPS - 1:
                done = True
                break
        if not done:
            self._rollout(table, rand)
        gains = table.round_gains()
        if self.bias is not None:
            gains[me] = table.round_gain_of(me, self.bias)
        values = win_chances([self.prior[s] + gains[s] for s in range(n)], self.temperature)
        i = 0
        for stats, option in path:
            st = stats[option]
            st[0] += 1
            st[1] += values[i % n]
            i += 1
        self.iterations += 1

    def _rollout(self, table: Table, rand: Callable[[], float]) -> None:
        policy, n = self.policy, self.n
        while True:
            if table.phase == EAT:
                risk = table.risks(table.eats_left_after(), table.in_play())
                table.apply_eats([policy.choose_eat(table, s, risk, rand) for s in range(n)])
            if table.step >= STEPS - 1:
                return
            risk = table.risks(table.eats_left_after() - 1, table.in_play())
            table.apply_keeps([policy.choose_keep(table, s, risk, rand) for s in range(n)])

    def root_stats(self) -> dict[str, tuple[int, float]]:
        """The observer's root options as action strings -> (visits, mean value 0..1)."""
        out = {}
        eat = self.base.phase == EAT
        for o, st in self.root.stats[self.me].items():
            if st[0]:
                name = EAT_ACTION[o] if eat else CARD_NAMES[o]
                out[name] = (int(st[0]), st[1] / st[0])
        return out

    def best(self, legal: Sequence[str]) -> str:
        """The most visited legal root option (ties: the better mean, then the first in ``legal``)."""
        stats = self.root_stats()
        return max(legal, key=lambda a: (stats.get(a, (0, 0.0))[0], stats.get(a, (0, 0.0))[1]))


