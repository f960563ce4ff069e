"""Sushi Draft's Monte Carlo bots (RULES.md section 2): the hard level and the coach's measure.

* :class:`SushiHardBot` (the ``hard`` level of :mod:`game.sushi.ai`) — information-set Monte Carlo
  tree search over the rest of the round (:class:`~game.sushi.search.RoundSearch`).
* :class:`SushiFlatBot` (not a level; the coach's measure, :mod:`game.sushi.coach`) — determinized
  flat Monte Carlo: every legal action played to the end of the round on the same sampled worlds.

Both sample the unseen cards consistently with the seat's view
(:class:`~game.sushi.sim.Determinizer`), roll the round out with the noisy heuristic
:class:`~game.sushi.sim.Policy` on the compact simulator (:func:`~game.sushi.sim.play_out`) and
share their options (time budget or fixed iterations, particles, rollout noise, clock). Every bot
here reads only its seat's :class:`~game.sushi.view.SushiView` and its seeded ``random.Random``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from game.ai.base import Bot
from game.sushi import REGISTRATION
from game.sushi.heuristics import CARD_INDEX, heuristic_action, only_action, view_table
from game.sushi.rules import EAT, ROUNDS, SushiView
from game.sushi.search import EXPLORATION, RoundSearch
from game.sushi.sim import (
    Determinizer,
    InconsistentView,
    Policy,
    Table,
    expected_totals,
    parse_eat,
    play_out,
    style_bias,
)

GAME = REGISTRATION.game_type.name
#: Default per-decision time budget of the search bots, in seconds (decisions stay well under 1 s).
DEFAULT_TIME_BUDGET_S = 0.2


def check_options(options: dict[str, Any], known: set[str]) -> None:
    """Refuse bot options outside ``known`` (every Sushi Draft bot's constructor checks its own).

    Raises:
        ValueError: an unknown option, naming it and the known ones."""
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown Sushi Draft bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known)) or 'none'}")


class _SearchBot(Bot):
    """The search bots' shared options (see :class:`SushiHardBot` and :class:`SushiFlatBot`):
    ``time_budget_s`` (seconds per decision on ``clock``), ``iterations`` (a fixed count instead of
    the clock, or None), ``particles``, ``rollout_noise`` (chip points) and ``style`` (a play
    style of :data:`~game.sushi.sim.STYLE_BIAS`, or None).

    Raises:
        ValueError: a bad value, naming the option."""

    def __init__(self, rng: random.Random, time_budget_s: Any, iterations: Any, particles: Any,
                 rollout_noise: Any, clock: Any, style: str | None = None) -> None:
        self.bias = style_bias(style)
        self.style = style
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
        style: a play style (issue 36: ``"piles"`` or ``"dessert"``, :data:`~game.sushi.sim.STYLE_BIAS`):
            its own round gain valued with the style's pile factors.
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
    _OPTIONS = {"time_budget_s", "iterations", "particles", "rollout_noise", "exploration", "style"}

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 iterations: int | None = None, particles: int = 48, rollout_noise: float = 0.8,
                 exploration: float = EXPLORATION, clock: Callable[[], float] = time.perf_counter,
                 style: str | None = None, **options: Any) -> None:
        check_options(options, self._OPTIONS)
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) or exploration < 0:
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        super().__init__(rng, time_budget_s, iterations, particles, rollout_noise, clock, style)
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
                                 self.particles, self.bias)
        except InconsistentView:
            return heuristic_action(view, Policy(noise=1e-6, bias=self.bias), self.rng.random)
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
        check_options(options, self._OPTIONS)
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
