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
  of finishing first (see :class:`~game.sushi.montecarlo.SushiHardBot`).
* ``flat`` (not a level; the coach's measure, :mod:`game.analyse`) — determinized flat Monte Carlo:
  every legal action played to the end of the round on the same sampled worlds with noisy
  heuristic rollouts (:class:`~game.sushi.montecarlo.SushiFlatBot`; hard before issue 13 part 2).

Every level but random takes a ``style`` option (issue 36, the characters of
:mod:`game.sushi.characters`): ``"piles"`` or ``"dessert"``, factors on the piles' values in the
seat's own valuation (:data:`~game.sushi.sim.STYLE_BIAS`).

The two Monte Carlo bots live in :mod:`game.sushi.montecarlo`, the round's playout
(:func:`~game.sushi.sim.play_out`) in :mod:`game.sushi.sim`; this module offers them again.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from game.ai.base import Bot, RandomBot
from game.sushi import REGISTRATION
from game.sushi.heuristics import CARD_INDEX, heuristic_action, only_action, view_table
from game.sushi.montecarlo import (  # noqa: F401  (SushiFlatBot, DEFAULT_TIME_BUDGET_S: this module's API too)
    DEFAULT_TIME_BUDGET_S,
    SushiFlatBot,
    SushiHardBot,
    check_options,
)
from game.sushi.rules import EAT, STEPS, SushiView
from game.sushi.sim import (  # noqa: F401  (play_out: this module's API too)
    DESSERT_I,
    NT,
    WILD_I,
    Determinizer,
    InconsistentView,
    Policy,
    parse_eat,
    pile_values,
    play_out,
    style_bias,
)

GAME = REGISTRATION.game_type.name


class SushiRandomBot(RandomBot):
    """Uniform over ``view.legal_actions``."""

    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        check_options(options, set())
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

    Uniform noise in [0, 1) point is added to every option; the best is played. Option
    ``style``: a play style's factors on the piles' values (:data:`~game.sushi.sim.STYLE_BIAS`).

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

    def __init__(self, rng: random.Random, style: str | None = None, **options: Any) -> None:
        check_options(options, set())
        super().__init__(rng)
        self.style = style
        #: the play style's pile factors (the types, then dessert), or None
        self.bias = style_bias(style)

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
        if self.bias is not None:
            values = [v * b for v, b in zip(values, self.bias)]
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
    hard is smooth at two seats and ordered at three (measured with ``python -m game play``).

    Option ``style``: a play style (:data:`~game.sushi.sim.STYLE_BIAS`): its own eats and keeps
    valued with the style's pile factors, and so its look-ahead's own gain."""

    game_name = GAME
    level = "medium"
    #: sampled deals per looked-ahead decision, and the particles of the sampler
    WORLDS = 1
    PARTICLES = 48
    #: with three or more seats, the round's last eats that are looked ahead
    LOOKAHEAD_EATS = 3

    def __init__(self, rng: random.Random, style: str | None = None, **options: Any) -> None:
        check_options(options, set())
        super().__init__(rng)
        self.style = style
        #: the play style's pile factors (the types, then dessert), or None
        self.bias = style_bias(style)
        #: the rollout policy of the look-ahead (noiseless)
        self.policy = Policy()
        #: the heuristic's policy (noise 1e-6: its ties broken by the rng), with the style
        self.heuristic = Policy(noise=1e-6, bias=self.bias)

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
                mine = gains[me] if self.bias is None else table.round_gain_of(me, self.bias)
                sums[i] += mine - (sum(gains) - gains[me]) / (n - 1)
        top = max(sums)
        best = [a for a, s in zip(actions, sums) if s >= top - 1e-9]
        if len(best) == 1:
            return best[0]
        fallback = heuristic_action(view, self.heuristic, rng.random)
        return fallback if fallback in best else best[rng.randrange(len(best))]


#: Level -> factory ``(rng, **options) -> Bot`` (see :mod:`game.ai.registry`).
BOTS = {
    "random": SushiRandomBot,
    "easy": SushiEasyBot,
    "medium": SushiMediumBot,
    "hard": SushiHardBot,
}
