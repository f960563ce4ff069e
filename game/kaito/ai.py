"""KAITO's bots (RULES.md section 1): random, easy, medium, hard.

Every bot reads only its seat's :class:`~game.kaito.rules.KaitoView` (KAITO hides nothing, so the view
holds the whole position) and its seeded ``random.Random``; it rebuilds a compact
:class:`~game.kaito.engine.FastPos` from the view and answers one of ``view.legal_actions``.

* ``random`` — uniform over the legal actions.
* ``easy`` and ``medium`` — a short fixed-depth alpha-beta search of every root move with the
  hard bot's evaluation, then a softmax draw over the moves' scores (:mod:`game.kaito.levels`):
  ``easy`` up to 5 plies (an iteration beyond 2000 nodes dropped) at temperature 20, ``medium`` up
  to 8 plies (beyond 4000 nodes dropped, its table kept between moves) at temperature 0. Both
  always take a win they see and never play a move that loses within their horizon unless every
  move does. Tuned so that each level beats the one below it in most games, not all
  (``docs/ai_figures.md``, "The ladder (issue 13)").
* ``hard`` — alpha-beta search (:mod:`game.kaito.search`) within ``time_budget_s`` seconds.

Every level but random takes a ``style`` option (issue 36, the characters of
:mod:`game.kaito.characters`): ``"hunter"`` or ``"guard"``, evaluation weights of
:data:`STYLE_WEIGHTS` in place of the default ones.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any, Callable

from game.ai.base import Bot, RandomBot, style_of
from game.kaito.engine import FastPos, move_to_action
from game.kaito.levels import LevelSettings, ShallowSearcher, choose_move
from game.kaito.rules import KaitoView
from game.kaito.search import EvalWeights, Searcher

GAME = "kaito"
#: Default per-decision time budget of the hard bot, in seconds (max decision time stays < 1 s).
DEFAULT_TIME_BUDGET_S = 0.45
_KNOWN_OPTIONS = {"time_budget_s", "max_depth", "style"}
#: Options of the easy and medium bots (fields of :class:`~game.kaito.levels.LevelSettings`, and
#: the style).
_SHALLOW_OPTIONS = {"depth", "temperature", "node_limit", "style"}

#: The play styles (issue 36, item 2), as evaluation weights (RULES.md section 1; units of
#: :class:`~game.kaito.search.EvalWeights`). A *hunter* values the opponent's katana and kabuto
#: nearly twice its own and a capture in reach more, and buying back less: it goes after the
#: opponent's tiles at once. A *guard* values its own nearly twice the opponent's, keeps Mon to buy back
#: (Mon points, both buy-back bonuses up) and looks less at what it could capture: it keeps its
#: katana and kabuto out of reach. Measured to differ (``tests/test_characters.py``) and to
#: keep each level's strength band (``docs/ai_figures.md``, "Characters").
STYLE_WEIGHTS: dict[str, EvalWeights] = {
    "hunter": EvalWeights(own_material=800, their_material=1500, threat_kabuto=900, threat_katana=800,
                          buyback_kabuto=60, buyback_katana=20),
    "guard": EvalWeights(own_material=1500, their_material=800, threat_kabuto=350, threat_katana=250,
                         mon_point=12, buyback_kabuto=260, buyback_katana=110),
}


def style_weights(style: str | None) -> EvalWeights | None:
    """The evaluation weights of play ``style`` (:data:`STYLE_WEIGHTS`; None: the default ones).

    Raises:
        ValueError: an unknown style (the message lists the known ones)."""
    return style_of(STYLE_WEIGHTS, style, "KAITO")


def _check_options(options: dict[str, Any], known: set[str] = _KNOWN_OPTIONS) -> None:
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown KAITO bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known))}")


def _only_action(view: KaitoView) -> str | None:
    actions = view.legal_actions
    if not actions:
        raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")
    return actions[0] if len(actions) == 1 else None


class KaitoRandomBot(RandomBot):
    """Uniform over ``view.legal_actions``."""

    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options)
        super().__init__(rng, GAME)


class _ShallowBot(Bot):
    """A bot of :mod:`game.kaito.levels`: fixed-depth search of every root move, softmax over
    their scores (``DEFAULTS`` per level; options ``depth``, ``temperature``, ``node_limit``
    override them; ``style``: the evaluation of :data:`STYLE_WEIGHTS`).

    Raises:
        ValueError: (constructor) an unknown option or a bad value."""

    game_name = GAME
    DEFAULTS = LevelSettings(depth=1, temperature=0.0)

    def __init__(self, rng: random.Random, style: str | None = None, **options: Any) -> None:
        _check_options(options, _SHALLOW_OPTIONS)
        super().__init__(rng)
        self.style = style
        self.settings = dataclasses.replace(self.DEFAULTS, **options)
        self.searcher = ShallowSearcher(style_weights(style))
        self.last_info: dict = {}

    def choose(self, view: KaitoView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        pos = FastPos.from_view(view)
        move = choose_move(pos, self.settings, self.rng, self.searcher)
        self.last_info = {"depth": self.searcher.last_depth, "nodes": self.searcher.nodes}
        return move_to_action(move)


class KaitoEasyBot(_ShallowBot):
    """Plausible but beatable: a short look-ahead with the hard evaluation, and some noise.

    Every move is searched by iterative deepening up to 5 plies, an iteration that would pass 2000
    nodes dropped (a decision typically completes 4-5 plies in a few ms), the leaves valued by the
    hard bot's evaluation; then a move is drawn by softmax at temperature 20 (a katana is worth
    20-160 units, more as they get scarce, a kabuto 280-420): moves 20 units apart are played in
    the ratio e : 1, moves more than 120 units behind never. It never misses a win it can see
    nor plays a move that loses within its horizon unless forced, but it misses what lies beyond
    it (a forced win 6 plies deep, a threat that lands after its horizon) and often swaps
    near-equal moves. Source and tuning: :mod:`game.kaito.levels`, ``docs/ai_figures.md``
    ("The ladder (issue 13)").

    Options: ``depth`` (1..8), ``temperature`` (>= 0, evaluation units), ``node_limit``."""

    level = "easy"
    DEFAULTS = LevelSettings(depth=5, temperature=20.0, node_limit=2000)


class KaitoMediumBot(_ShallowBot):
    """Solid: a deeper look-ahead with the hard evaluation, no noise beyond ties.

    Iterative deepening up to 8 plies, an iteration that would pass 4000 nodes dropped (a
    decision typically completes 5-6 plies, more in the endgame, in about 15 ms), leaves valued
    by the hard bot's evaluation, the transposition table kept between the decisions of one game
    (as the hard bot's); a best-scored move is played (ties at random: temperature 0). It misses
    what lies beyond its horizon, which the hard bot's time-limited search (7-9 plies in the
    middle game, ten times the nodes and more) sees. Source and tuning:
    :mod:`game.kaito.levels`, ``docs/ai_figures.md`` ("The ladder (issue 13)").

    Options: ``depth`` (1..8), ``temperature`` (>= 0, evaluation units), ``node_limit``."""

    level = "medium"
    DEFAULTS = LevelSettings(depth=8, temperature=0.0, node_limit=4000, keep_table=True)


class KaitoHardBot(Bot):
    """Alpha-beta search (:class:`~game.kaito.search.Searcher`) with a per-move time budget.

    Options:
        time_budget_s: seconds of search per decision (default 0.45; the clock is checked inside
            the search, so a decision takes about the budget plus a few ms).
        max_depth: iterative-deepening depth limit in plies (default 64, i.e. time-limited).
        clock: the time source the budget is measured on, ``() -> float`` in seconds (default
            ``time.perf_counter``; tests inject a fake one). Kept as ``searcher.clock``.
        style: ``"hunter"`` or ``"guard"`` (:data:`STYLE_WEIGHTS`; ``weights`` wins if both given).
    The transposition table is kept between the decisions of one game. A decision with a single
    legal action returns at once, without search (the clock is not read, ``last_info`` unchanged).

    Raises:
        ValueError: (constructor) an unknown option or a bad value."""

    game_name = GAME
    level = "hard"

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 max_depth: int = 64, weights: EvalWeights | None = None,
                 clock: Callable[[], float] = time.perf_counter, style: str | None = None,
                 **options: Any) -> None:
        _check_options(options)
        styled = style_weights(style)
        if not isinstance(time_budget_s, (int, float)) or time_budget_s <= 0:
            raise ValueError(f"time_budget_s must be a positive number of seconds, not {time_budget_s!r}")
        if not isinstance(max_depth, int) or max_depth < 1:
            raise ValueError(f"max_depth must be a positive integer, not {max_depth!r}")
        if not callable(clock):
            raise ValueError(f"clock must be a callable returning seconds, not {clock!r}")
        super().__init__(rng)
        self.time_budget_s = float(time_budget_s)
        self.max_depth = max_depth
        self.style = style
        self.searcher = Searcher(weights or styled, clock=clock)

    @property
    def last_info(self) -> dict:
        """``{"depth", "score", "nodes", "ms"}`` of the last search (``ms``: milliseconds on the
        bot's clock); ``{}`` until the first search."""
        return self.searcher.last_info

    def choose(self, view: KaitoView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        pos = FastPos.from_view(view)
        move = self.searcher.search(pos, self.time_budget_s, self.max_depth, self.rng)
        return move_to_action(move)


#: Level -> factory ``(rng, **options) -> Bot`` (see :mod:`game.ai.registry`).
BOTS = {
    "random": KaitoRandomBot,
    "easy": KaitoEasyBot,
    "medium": KaitoMediumBot,
    "hard": KaitoHardBot,
}
