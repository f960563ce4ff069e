"""Sushi Draft's bots (RULES.md section 2): random, easy, medium, hard.

Every bot reads only its seat's :class:`~game.sushi.rules.SushiView` (hidden hands stay hidden) and its
seeded ``random.Random``; it answers one of ``view.legal_actions`` (``"tuna"``, ``"wild=tuna"`` in
the EAT phase, a card name in the KEEP phase: the kept card stays, the rest goes to seat + 1).

* ``random`` — uniform over the legal actions.
* ``easy`` — a beginner: majorities and dessert judged from the revealed eats only, with
  human mistakes (chases majorities it cannot win, over-eats a type it already leads, sometimes
  forgets dessert, saves its wild for the round's last eat, never denies), plus noise.
* ``medium`` — the heuristic :class:`~game.sushi.sim.Policy` on what the view shows
  (majorities still winnable against the revealed eats, scaled by how many cards of the type may
  still be in play; dessert; wild timing; denial among near-best keeps) plus a one-deal
  look-ahead (one sampled deal, the round played out with the noiseless heuristic for every
  option) for every keep and, with three or more seats, for the round's last three eats.
* ``hard`` — information-set Monte Carlo tree search over the rest of the round
  (:class:`~game.sushi.search.RoundSearch`): each iteration samples the unseen cards
  consistently with the view (:class:`~game.sushi.sim.Determinizer`), walks a tree of this
  seat's information sets where every seat picks by its own UCB1 bandit (decoupled UCT at the
  simultaneous phases), rolls the round out with the noisy heuristic and scores each seat's chance
  of finishing first (see :class:`SushiHardBot`).
* ``flat`` (not a level; the coach's measure, :mod:`game.analyse`) — determinized flat Monte Carlo:
  every legal action played to the end of the round on the same sampled worlds with noisy
  heuristic rollouts (:class:`SushiFlatBot`; hard before issue 13 part 2).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from game.ai.base import Bot, RandomBot
from game.sushi.heuristics import CARD_INDEX, heuristic_action, only_action, view_table
from game.sushi.rules import EAT, ROUNDS, STEPS, SushiView
from game.sushi.search import EXPLORATION, RoundSearch
from game.sushi.sim import (
    DESSERT_I,
    NT,
    WILD_I,
    Determinizer,
    InconsistentView,
    Policy,
    Table,
    expected_totals,
    parse_eat,
    pile_values,
)

GAME = "sushi-draft"
#: Default per-decision time budget of the hard bot, in seconds (decisions stay well under 1 s).
DEFAULT_TIME_BUDGET_S = 0.2


def _check_options(options: dict[str, Any], known: set[str]) -> None:
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown Sushi Draft bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known)) or 'none'}")


class _SearchBot(Bot):
    """The search bots' shared options (see :class:`SushiHardBot` and :class:`SushiFlatBot`):
    ``time_budget_s`` (seconds per decision on ``clock``), ``iterations`` (a fixed count instead of
    the clock, or None), ``particles`` and ``rollout_noise`` (chip points).

    Raises:
        ValueError: a bad value, naming the option."""

    def __init__(self, rng: random.Random, time_budget_s: Any, iterations: Any, particles: Any,
                 rollout_noise: Any, clock: Any) -> None:
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
        self.clock: Callable[[], float] = clock
        self.time_budget_s = float(time_budget_s)
        self.iterations: int | None = iterations
        self.particles: int = particles
        self.policy = Policy(noise=float(rollout_noise))
        self.last_info: dict = {}

    def _done(self, count: int, deadline: float) -> bool:
        """After ``count`` iterations: stop? (``iterations`` reached, or the clock past
        ``deadline``; the clock is read only when no count was given)."""
        if self.iterations is not None:
            return count >= self.iterations
        return self.clock() >= deadline


class SushiRandomBot(RandomBot):
    """Uniform over ``view.legal_actions``."""

    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng, GAME)


class SushiEasyBot(Bot):
    """A beginner: it knows majorities and dessert but judges them from the revealed eats alone,
    with a beginner's mistakes, plus a little noise (``rng``). Sees only its view.

    Every option is scored in chip points (``V`` = the pile's expected chip, 0 for an empty pile):

    * a type ``t`` (eaten now, or kept to eat next turn): ``V[t] * (lead(after) - 0.25 *
      lead(now))``, where ``lead`` is 1 when its count of ``t`` is strictly above every other
      seat's, 0.5 when tied for most, 0.5 when behind, 0 with none. The mistakes this encodes:
      it chases a majority it cannot win (behind looks as good as tied: it never counts the eats
      left or the cards still in play), it over-eats a type it already leads (only a quarter of
      the current lead is discounted), and it thinks a tie is half a win (ties cancel).
    * dessert: a type it has not eaten this round adds ``0.6 * V[dessert]``; but at each decision
      it forgets dessert altogether with probability 0.3;
    * a wild is saved "for later": never eaten before the round's last eat, always eaten then
      (copying the type that scores best), and kept at a flat 4 points whatever it could copy;
    * no denial (what it passes left is never considered) and no thought about the score.

    Uniform noise in [0, 1) point is added to every option; the best is played.

    Source: the beginner's mistakes listed in issue 13 (chasing a majority it cannot win,
    forgetting dessert, playing the wild late) on top of the rules' scoring (RULES.md section 2);
    the weights were tuned so that easy beats random and loses to medium in about 80% of two-seat
    games each (measured with ``python -m game play``). It replaces a fixed card preference
    (tuna first) that lost to random at two seats."""

    game_name = GAME
    level = "easy"
    NOISE = 1.0
    #: lead() when tied for most / when behind (the chased majority)
    TIE = 0.5
    CHASE = 0.5
    #: share of the current lead discounted when it eats more of a type
    FORESIGHT = 0.25
    DESSERT = 0.6
    FORGET_DESSERT = 0.3
    WILD_KEEP = 4.0

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng)

    def _lead(self, mine: int, other: int) -> float:
        if mine <= 0:
            return 0.0
        if mine > other:
            return 1.0
        return self.TIE if mine == other else self.CHASE

    def type_score(self, counts: Sequence[Sequence[int]], me: int, t: int, values: Sequence[float]) -> float:
        """What one more card of type ``t`` looks worth to this beginner (see the class doc), from
        ``counts`` (per seat, 5 eaten counts by type) and the pile values."""
        mine = counts[me][t]
        other = max(c[t] for s, c in enumerate(counts) if s != me)
        return values[t] * (self._lead(mine + 1, other) - self.FORESIGHT * self._lead(mine, other))

    def choose(self, view: SushiView) -> str:
        only = only_action(view)
        if only is not None:
            return only
        me = view.seat
        counts = [[0] * NT for _ in range(view.num_seats)]
        for s, eaten in enumerate(view.eaten):
            for a in eaten:
                counts[s][parse_eat(a)[1]] += 1
        values = pile_values(view)
        last = view.step >= STEPS - 1
        rand = self.rng.random
        dessert = 0.0 if rand() < self.FORGET_DESSERT else self.DESSERT * values[DESSERT_I]
        best, best_v = view.legal_actions[0], -1e18  # not empty (checked by _only_action)
        for action in view.legal_actions:
            if view.phase == EAT:
                card, t = parse_eat(action)
                if card == WILD_I:
                    v = self.type_score(counts, me, t, values) + (100.0 if last else -100.0)
                else:
                    v = self.type_score(counts, me, t, values) + (0.0 if counts[me][t] else dessert)
            else:
                card = CARD_INDEX[action]
                if card == WILD_I:
                    v = self.WILD_KEEP
                else:
                    v = self.type_score(counts, me, card, values) + (0.0 if counts[me][card] else dessert)
            v += rand() * self.NOISE
            if v > best_v:
                best, best_v = action, v
        return best


class SushiMediumBot(Bot):
    """A solid player: eats by the heuristic :class:`~game.sushi.sim.Policy`, and thinks one
    deal ahead about what to keep and pass (and, with three or more seats, about its last eats).

    The heuristic (:func:`heuristic_action`, no search): each eat is scored by the change it makes
    to a heuristic chance of winning each pile it touches (the type, and dessert for a new type),
    times the pile's expected chip value; the chance accounts for the margin over the other
    seats' revealed eats and how much can still change (eats left this round, cards of the type
    possibly still in play). A wild copies the type where that gain is largest and is always eaten
    at the round's last eat. Its keep is the card worth most next turn, denying the left neighbour
    among near-equal cards.

    The one-deal look-ahead: sample ONE deal of the unseen cards consistent with the view
    (:class:`~game.sushi.sim.Determinizer`, 48 particles); for every option, play the rest of
    the round on that deal with the noiseless heuristic for every seat and score this seat's
    expected chip gain minus the mean of the others'. The best option is played; a tie goes to
    the heuristic's choice when it is among the tied, else to the rng.

    When: every KEEP decision is looked ahead. An EAT is looked ahead only with three or more
    seats and only for the round's last :attr:`LOOKAHEAD_EATS` eats; otherwise the heuristic eats.
    (At two seats the view shows nearly the whole deal, the look-ahead is nearly exact and, used
    for every eat, made medium almost as strong as hard; with more seats the heuristic's eats
    barely beat easy's.)

    Source: the heuristic is the shared strategy of :class:`~game.sushi.sim.Policy` (RULES.md
    section 2 strategy, not rules); the look-ahead is the hard bot's determinized rollout cut down
    to one deal and one playout per option. Issue 13: the heuristic alone lost 0.93 of two-seat
    games to hard; where it looks ahead was chosen so that the ladder random < easy < medium <
    hard is smooth at two seats and ordered at three (measured with ``python -m game play``)."""

    game_name = GAME
    level = "medium"
    #: sampled deals per looked-ahead decision, and the particles of the sampler
    WORLDS = 1
    PARTICLES = 48
    #: with three or more seats, the round's last eats that are looked ahead
    LOOKAHEAD_EATS = 3

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng)
        #: the rollout policy of the look-ahead (noiseless)
        self.policy = Policy()
        #: the heuristic's policy (noise 1e-6: its ties broken by the rng)
        self.heuristic = Policy(noise=1e-6)

    def looks_ahead(self, view: SushiView) -> bool:
        """Whether this decision is looked ahead (see the class doc), else the heuristic's."""
        if view.phase != EAT:
            return True
        return view.num_seats >= 3 and view.step >= STEPS - self.LOOKAHEAD_EATS

    def choose(self, view: SushiView) -> str:
        only = only_action(view)
        if only is not None:
            return only
        rng = self.rng
        if not self.looks_ahead(view):
            return heuristic_action(view, self.heuristic, rng.random)
        try:
            det = Determinizer(view, rng, self.PARTICLES)
        except InconsistentView:
            return heuristic_action(view, self.heuristic, rng.random)
        me = view.seat
        n = view.num_seats
        actions = list(view.legal_actions)
        eat = view.phase == EAT
        firsts = [parse_eat(a) if eat else CARD_INDEX[a] for a in actions]
        base = view_table(view)
        sums = [0.0] * len(actions)
        for _ in range(self.WORLDS):
            hands, _ = det.sample(rng)
            for i, first in enumerate(firsts):
                table = base.copy()
                table.hands = [list(h) for h in hands]
                gains = play_out(table, self.policy, rng.random, me, first)
                sums[i] += gains[me] - (sum(gains) - gains[me]) / (n - 1)
        top = max(sums)
        best = [a for a, s in zip(actions, sums) if s >= top - 1e-9]
        if len(best) == 1:
            return best[0]
        fallback = heuristic_action(view, self.heuristic, rng.random)
        return fallback if fallback in best else best[rng.randrange(len(best))]


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


class SushiHardBot(_SearchBot):
    """Information-set MCTS over the rest of the round (:class:`~game.sushi.search.RoundSearch`):
    every iteration samples the hands consistently with the view, walks a tree of this seat's
    information sets where every seat picks its option by its own UCB1 bandit (decoupled UCT at the
    simultaneous phases), rolls the round out with the noisy heuristic and scores every seat's smooth
    chance of finishing first. The most visited root option is played.

    Options:
        time_budget_s: seconds per decision (default 0.2); the clock is checked after each iteration.
        iterations: if given, exactly this many iterations per decision and no deadline
            (deterministic; the clock then only times the decision for ``"ms"``).
        particles: sampled histories kept per decision (default 48).
        rollout_noise: noise amplitude of the rollout policy (chip points, default 0.8).
        exploration: the UCB1 constant on values in [0, 1] (default
            :data:`~game.sushi.search.EXPLORATION`).
        clock: the time source the budget is measured on, ``() -> float`` in seconds (default
            ``time.perf_counter``; tests inject a fake one). Read once before the first iteration,
            once after each iteration (unless ``iterations`` is given) and once for ``"ms"``.
    A decision with a single legal action returns at once (no search, the clock is not read). A
    view no deal can explain (only a hand-made one) is answered by the medium heuristic.

    Attributes:
        last_info: after a search, ``{"iterations", "particles", "visits" (action -> root visits),
            "means" (action -> mean value 0..1, the seat's smooth chance of finishing first), "ms"
            (milliseconds on the clock)}``; ``{}`` until the first search.

    Raises:
        ValueError: (constructor) an unknown option or a bad value.

    Source: issue 13 part 2 (hard must beat a generic IS-MCTS); measured in docs/ai_figures.md."""

    game_name = GAME
    level = "hard"
    _OPTIONS = {"time_budget_s", "iterations", "particles", "rollout_noise", "exploration"}

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 iterations: int | None = None, particles: int = 48, rollout_noise: float = 0.8,
                 exploration: float = EXPLORATION, clock: Callable[[], float] = time.perf_counter,
                 **options: Any) -> None:
        _check_options(options, self._OPTIONS)
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) or exploration < 0:
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        super().__init__(rng, time_budget_s, iterations, particles, rollout_noise, clock)
        self.exploration = float(exploration)

    def choose(self, view: SushiView) -> str:
        only = only_action(view)
        if only is not None:
            return only
        clock = self.clock
        t0 = clock()
        deadline = t0 + self.time_budget_s
        try:
            search = RoundSearch(view, self.rng, expected_totals(view), self.policy, self.exploration,
                                 self.particles)
        except InconsistentView:
            return heuristic_action(view, Policy(noise=1e-6), self.rng.random)
        while True:
            search.iterate()
            if self._done(search.iterations, deadline):
                break
        action = search.best(view.legal_actions)
        stats = search.root_stats()
        self.last_info = {"iterations": search.iterations, "particles": len(search.det.particles),
                          "visits": {a: v for a, (v, _) in stats.items()},
                          "means": {a: m for a, (_, m) in stats.items()},
                          "ms": (clock() - t0) * 1000.0}
        return action


class SushiFlatBot(_SearchBot):
    """Determinized flat Monte Carlo evaluation of this seat's legal actions: the coach's measure
    (:mod:`game.analyse`) and the hard bot before issue 13 part 2 (now :class:`SushiHardBot`).

    One iteration: sample a world (every hand) consistent with the view
    (:class:`~game.sushi.sim.Determinizer`), then for each legal action play the round to its end
    with the noisy heuristic :class:`~game.sushi.sim.Policy` for every later choice of every
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
        observe: None, or ``(i, table) -> None`` called after each playout of the action
            ``view.legal_actions[i]`` with its played-out table (the coach's tally of who wins
            each pile, :func:`game.sushi.coach.chip_odds`); it changes nothing of the search.

    Raises:
        ValueError: (constructor) an unknown option or a bad value."""

    game_name = GAME
    level = "flat"
    _OPTIONS = {"time_budget_s", "iterations", "particles", "rollout_noise"}

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 iterations: int | None = None, particles: int = 48, rollout_noise: float = 0.8,
                 clock: Callable[[], float] = time.perf_counter, **options: Any) -> None:
        _check_options(options, self._OPTIONS)
        super().__init__(rng, time_budget_s, iterations, particles, rollout_noise, clock)
        #: called after every playout with (the action's index in ``view.legal_actions``, the
        #: played-out :class:`~game.sushi.sim.Table`): the coach tallies who wins each pile
        #: (:mod:`game.sushi.coach`); None (the default) costs nothing and draws no randomness.
        self.observe: Callable[[int, Table], None] | None = None

    def choose(self, view: SushiView) -> str:
        only = only_action(view)
        if only is not None:
            return only
        clock = self.clock
        t0 = clock()
        deadline = t0 + self.time_budget_s
        rng = self.rng
        observe = self.observe
        me = view.seat
        actions = list(view.legal_actions)
        eat = view.phase == EAT
        firsts = [parse_eat(a) if eat else CARD_INDEX[a] for a in actions]
        try:
            det = Determinizer(view, rng, self.particles)
        except InconsistentView:
            return heuristic_action(view, Policy(noise=1e-6), rng.random)
        base = view_table(view)
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
                if observe is not None:
                    observe(i, table)
            worlds += 1
            if self._done(worlds, deadline):
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
