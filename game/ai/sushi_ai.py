"""Sushi Draft's bots (RULES.md section 2): random, easy, medium, hard.

Every bot reads only its seat's :class:`~game.sushi.SushiView` (hidden hands stay hidden) and its
seeded ``random.Random``; it answers one of ``view.legal_actions`` (``"tuna"``, ``"wild=tuna"`` in
the EAT phase, a card name in the KEEP phase: the kept card stays, the rest goes to seat + 1).

* ``random`` — uniform over the legal actions.
* ``easy`` — a fixed preference (a wild copying a type already eaten, then tuna > shrimp > salmon >
  cucumber > mackerel, a small bonus for a type not eaten yet) plus noise; keeps the same way.
* ``medium`` — the heuristic :class:`~game.ai.sushi_sim.Policy` on what the view shows:
  majorities still winnable against the revealed eats (scaled by how many cards of the type may
  still be in play), dessert (new types), wild timing (copy where it secures a majority; always
  used at the round's last eat), denial on KEEP (among near-best keeps, the one the left
  neighbour wants most).
* ``hard`` — determinized flat Monte Carlo: each iteration samples the unseen cards consistently
  with the view (:class:`~game.ai.sushi_sim.Determinizer`), then plays every legal action to the
  end of the round with noisy heuristic rollouts (common random numbers for all actions) and
  scores the outcome (see :class:`SushiHardBot`).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from ..sushi import CARD_NAMES, EAT, ROUNDS, STEPS, SushiView, eaten_card
from .base import Bot, RandomBot
from .sushi_sim import (
    DECK,
    EAT_ACTION,
    NT,
    WILD_I,
    Determinizer,
    InconsistentView,
    Policy,
    Table,
    counts_of,
    expected_totals,
    parse_eat,
)

GAME = "sushi-draft"
#: Default per-decision time budget of the hard bot, in seconds (decisions stay well under 1 s).
DEFAULT_TIME_BUDGET_S = 0.2
_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


def _check_options(options: dict[str, Any], known: set[str]) -> None:
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown Sushi Draft bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known)) or 'none'}")


def _only_action(view: SushiView) -> str | None:
    actions = view.legal_actions
    if not actions:
        raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")
    return actions[0] if len(actions) == 1 else None


def _eat_option(action: str) -> tuple[int, int]:
    return parse_eat(action)


def _keep_option(action: str) -> int:
    return _CARD_INDEX[action]


def estimated_in_play(view: SushiView) -> list[float]:
    """Per card index (6), how many cards may still be eaten this round as this seat sees it: its
    own hand plus the unseen cards in proportion to the cards in the other hands (the rest of the
    deck is unused this round)."""
    hand = counts_of(view.hand)
    unseen = list(DECK)
    for c in range(6):
        unseen[c] -= hand[c]
    for eaten in view.eaten:
        for a in eaten:
            unseen[_CARD_INDEX[eaten_card(a)]] -= 1
    others = sum(n for s, n in enumerate(view.hand_sizes) if s != view.seat)
    total = sum(unseen)
    share = others / total if total > 0 else 0.0
    return [hand[c] + unseen[c] * share for c in range(6)]


def _view_table(view: SushiView) -> Table:
    hands = [[0] * 6 for _ in range(view.num_seats)]
    hands[view.seat] = counts_of(view.hand)
    return Table.from_view(view, hands)


class SushiRandomBot(RandomBot):
    """Uniform over ``view.legal_actions``."""

    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng, GAME)


class SushiEasyBot(Bot):
    """Weak but plausible: a fixed preference plus noise in [0, 2.5).

    EAT preference: a wild (copying the type eaten most, the wild being spent as soon as it is
    legal) 5.5, tuna 5, shrimp 4, salmon 3, cucumber 2, mackerel 1, plus 1 for a type not eaten
    yet this round. KEEP: the same order (a wild 5.5)."""

    game_name = GAME
    level = "easy"
    NOISE = 2.5
    PREFERENCE = (5.0, 4.0, 3.0, 2.0, 1.0, 5.5)

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng)

    def choose(self, view: SushiView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        mine = view.eaten[view.seat]
        eaten_types = {parse_eat(a)[1] for a in mine}
        most = [0] * NT
        for a in mine:
            most[parse_eat(a)[1]] += 1
        best, best_v = view.legal_actions[0], -1e18  # not empty (checked by _only_action)
        for action in view.legal_actions:
            if view.phase == EAT:
                card, t = parse_eat(action)
                v = self.PREFERENCE[card] + (0.5 * most[t] if card == WILD_I else 0.0)
                if card != WILD_I and t not in eaten_types:
                    v += 1.0
            else:
                v = self.PREFERENCE[_keep_option(action)]
            v += self.rng.random() * self.NOISE
            if v > best_v:
                best, best_v = action, v
        return best


class SushiMediumBot(Bot):
    """The heuristic :class:`~game.ai.sushi_sim.Policy` applied to the view (no search).

    Each eat is scored by the change it makes to a heuristic chance of winning each pile it
    touches (the type, and dessert for a new type), times the pile's expected chip value; the
    chance accounts for the margin over the other seats' revealed eats and how much can still
    change (eats left this round, cards of the type possibly still in play). A wild copies the
    type where that gain is largest and is always eaten at the round's last eat. KEEP keeps the
    card worth most next turn; among cards within ``deny_margin`` points of the best, the one the
    left neighbour would gain most from (it receives the pass). Ties broken with the rng."""

    game_name = GAME
    level = "medium"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng)
        self.policy = Policy(noise=1e-6)

    def choose(self, view: SushiView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        table = _view_table(view)
        in_play = estimated_in_play(view)
        rand = self.rng.random
        if view.phase == EAT:
            risk = table.risks(table.eats_left_after(), in_play)
            card, t = self.policy.choose_eat(table, view.seat, risk, rand)
            return EAT_ACTION[(card, t)]
        risk = table.risks(max(0, table.eats_left_after() - 1), in_play)
        return CARD_NAMES[self.policy.choose_keep(table, view.seat, risk, rand)]


class _Noise:
    """Replays one list of uniform floats (common random numbers for every root action)."""

    __slots__ = ("values", "i")

    def __init__(self, values: list[float]):
        self.values = values
        self.i = 0

    def __call__(self) -> float:
        i = self.i
        self.i = i + 1
        return self.values[i % len(self.values)]


def play_out(table: Table, policy: Policy, rand, seat: int, first) -> list[float]:
    """Play ``table``'s round to its end (mutates it) and return each seat's expected chip gain.

    Args:
        first: ``seat``'s action in the current phase: (card, type) in an EAT phase, a card index
            in a KEEP phase. Every other choice comes from ``policy`` (noise from ``rand``)."""
    n = table.n
    while True:
        if table.phase == EAT:
            in_play = table.in_play()
            risk = table.risks(table.eats_left_after(), in_play)
            eats = [first if s == seat and first is not None else policy.choose_eat(table, s, risk, rand)
                    for s in range(n)]
            first = None
            table.apply_eats(eats)
        if table.step >= STEPS - 1:
            break
        in_play = table.in_play()
        risk = table.risks(table.eats_left_after() - 1, in_play)
        keeps = [first if s == seat and first is not None else policy.choose_keep(table, s, risk, rand)
                 for s in range(n)]
        first = None
        table.apply_keeps(keeps)
    return table.round_gains()


class SushiHardBot(Bot):
    """Determinized flat Monte Carlo search over this seat's legal actions.

    One iteration: sample a world (every hand) consistent with the view
    (:class:`~game.ai.sushi_sim.Determinizer`), then for each legal action play the round to its end
    with the noisy heuristic :class:`~game.ai.sushi_sim.Policy` for every later choice of every
    seat, all actions sharing the world and the noise (common random numbers), and score it:

    * first and second rounds: own expected chip gain of the round minus the mean of the others'
      (each pile's top chip worth its expected value given this seat's own chips);
    * last round: a smooth chance of finishing first, ``1 / (1 + exp(-margin / 1.5))`` with
      ``margin`` = own expected total minus the best other expected total (own chips known
      exactly, the others' at the mean of the values this seat has not seen).

    The action with the best mean score is played.

    Options:
        time_budget_s: seconds per decision (default 0.2); the clock is checked after each world.
        iterations: if given, exactly this many worlds per decision and no deadline
            (deterministic; the clock then only times the decision for ``"ms"``).
        particles: sampled histories kept per decision (default 48).
        rollout_noise: noise amplitude of the rollout policy (chip points, default 0.8).
        clock: the time source the budget is measured on, ``() -> float`` in seconds (default
            ``time.perf_counter``; tests inject a fake one). Read once before the first world,
            once after each world (unless ``iterations`` is given) and once for ``"ms"``.
    A decision with a single legal action returns at once (no search, the clock is not read). A
    view no deal can explain (only a hand-made one) is answered by the medium heuristic.

    Attributes:
        last_info: after a search, ``{"worlds", "particles", "restarts", "means" (action -> mean
            score), "ms" (milliseconds on the clock)}``; ``{}`` until the first search.

    Raises:
        ValueError: (constructor) an unknown option or a bad value."""

    game_name = GAME
    level = "hard"
    _OPTIONS = {"time_budget_s", "iterations", "particles", "rollout_noise"}

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 iterations: int | None = None, particles: int = 48, rollout_noise: float = 0.8,
                 clock: Callable[[], float] = time.perf_counter, **options: Any) -> None:
        _check_options(options, self._OPTIONS)
        if isinstance(time_budget_s, bool) or not isinstance(time_budget_s, (int, float)) or time_budget_s <= 0:
            raise ValueError(f"time_budget_s must be a positive number of seconds, not {time_budget_s!r}")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a positive integer or None, not {iterations!r}")
        if isinstance(particles, bool) or not isinstance(particles, int) or particles < 1:
            raise ValueError(f"particles must be a positive integer, not {particles!r}")
        if isinstance(rollout_noise, bool) or not isinstance(rollout_noise, (int, float)) or rollout_noise < 0:
            raise ValueError(f"rollout_noise must be a number >= 0, not {rollout_noise!r}")
        if not callable(clock):
            raise ValueError(f"clock must be a callable returning seconds, not {clock!r}")
        super().__init__(rng)
        self.clock = clock
        self.time_budget_s = float(time_budget_s)
        self.iterations = iterations
        self.particles = particles
        self.policy = Policy(noise=float(rollout_noise))
        self.last_info: dict = {}

    def choose(self, view: SushiView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        clock = self.clock
        t0 = clock()
        deadline = t0 + self.time_budget_s
        rng = self.rng
        me = view.seat
        actions = list(view.legal_actions)
        eat = view.phase == EAT
        firsts = [_eat_option(a) if eat else _keep_option(a) for a in actions]
        try:
            det = Determinizer(view, rng, self.particles)
        except InconsistentView:
            return SushiMediumBot(rng).choose(view)
        base = _view_table(view)
        prior = expected_totals(view)
        last_round = view.round == ROUNDS - 1
        n = view.num_seats
        sums = [0.0] * len(actions)
        worlds = 0
        while True:
            hands, _ = det.sample(rng)
            noise = [rng.random() for _ in range(64)]
            for i, first in enumerate(firsts):
                table = base.copy()
                table.hands = [list(h) for h in hands]
                gains = play_out(table, self.policy, _Noise(noise), me, first)
                sums[i] += self._score(gains, prior, me, n, last_round)
            worlds += 1
            if self.iterations is not None:
                if worlds >= self.iterations:
                    break
            elif clock() >= deadline:
                break
        top = max(sums)
        best = [i for i, s in enumerate(sums) if s >= top - 1e-9]
        choice = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
        self.last_info = {"worlds": worlds, "particles": len(det.particles), "restarts": det.restarts_used,
                          "means": {a: s / worlds for a, s in zip(actions, sums)},
                          "ms": (clock() - t0) * 1000.0}
        return actions[choice]

    @staticmethod
    def _score(gains: Sequence[float], prior: Sequence[float], me: int, n: int, last_round: bool) -> float:
        if last_round:
            mine = prior[me] + gains[me]
            other = max(prior[s] + gains[s] for s in range(n) if s != me)
            return 1.0 / (1.0 + math.exp(-(mine - other) / 1.5))
        return gains[me] - (sum(gains) - gains[me]) / (n - 1)


#: Level -> factory ``(rng, **options) -> Bot`` (see :mod:`game.ai.registry`).
BOTS = {
    "random": SushiRandomBot,
    "easy": SushiEasyBot,
    "medium": SushiMediumBot,
    "hard": SushiHardBot,
}
