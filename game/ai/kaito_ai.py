"""KAITO's bots (RULES.md section 1): random, easy, medium, hard.

Every bot reads only its seat's :class:`~game.kaito.KaitoView` (KAITO hides nothing, so the view
holds the whole position) and its seeded ``random.Random``; it rebuilds a compact
:class:`~game.ai.kaito_engine.FastPos` from the view and answers one of ``view.legal_actions``.

* ``random`` — uniform over the legal actions.
* ``easy`` — one ply, by simple preference (take a kabuto, then a katana, then Mon; do not take
  your own pieces; take a winning capture, avoid a losing one) with plenty of noise; never
  exchanges.
* ``medium`` — greedy: scores each action by the position after it (material captured, tile
  bought back and Mon paid, immediate win or loss) minus the opponent's best immediate reply
  (a winning capture, a kabuto, a katana ...); ties broken at random.
* ``hard`` — alpha-beta search (:mod:`game.ai.kaito_search`) within ``time_budget_s`` seconds.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from ..kaito import KaitoView
from .base import Bot, RandomBot
from .kaito_engine import (
    KABUTO,
    KATANA,
    KIND,
    LINES,
    MON,
    OWNER,
    PLACE,
    SQ_MASK,
    FastPos,
    move_to_action,
)
from .kaito_search import EvalWeights, Searcher

GAME = "kaito"
#: Default per-decision time budget of the hard bot, in seconds (max decision time stays < 1 s).
DEFAULT_TIME_BUDGET_S = 0.45
_KNOWN_OPTIONS = {"time_budget_s", "max_depth"}


def _check_options(options: dict[str, Any]) -> None:
    unknown = set(options) - _KNOWN_OPTIONS
    if unknown:
        raise ValueError(f"unknown KAITO bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(_KNOWN_OPTIONS))}")


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


class KaitoEasyBot(Bot):
    """Weak but plausible: one ply of simple preferences plus noise; never exchanges.

    Preference per capture (before noise in [0, 3)): the opponent's last katana or kabuto
    (wins) 100, an opponent kabuto 4, katana 3, Mon 2, own Mon 1, own katana 0, own kabuto -1,
    own last katana/kabuto (loses) -100. The placement is random."""

    game_name = GAME
    level = "easy"
    NOISE = 3.0

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options)
        super().__init__(rng)

    def choose(self, view: KaitoView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        pos = FastPos.from_view(view)
        plain = [m for m in pos.gen() if not m >> 6 or m & PLACE]
        best, best_score = plain[0], None
        for m in plain:
            score = self._prefer(pos, m) + self.rng.random() * self.NOISE
            if best_score is None or score > best_score:
                best, best_score = m, score
        return move_to_action(best)

    @staticmethod
    def _prefer(pos: FastPos, m: int) -> float:
        if m & PLACE:
            return 0.0
        c = pos.board[m & SQ_MASK]
        kd, mine = KIND[c], OWNER[c] == pos.side
        count = (pos.kk if kd == KATANA else pos.hh)[OWNER[c]] if kd in (KATANA, KABUTO) else 9
        if count == 1:
            return -100.0 if mine else 100.0
        if mine:
            return {KATANA: 0.0, KABUTO: -1.0}.get(kd, 1.0)
        return {KATANA: 3.0, KABUTO: 4.0}.get(kd, 2.0)


#: Medium's material values (score units) of one tile of each kind, for the owner.
_MEDIUM_VALUE = {KATANA: 40, KABUTO: 100}
_MEDIUM_WIN = 10_000


class KaitoMediumBot(Bot):
    """Greedy, one ply ahead with a safety look at the opponent's immediate replies.

    Score of an action = its immediate result (a win +10000, a loss -10000; else the value of the
    tile captured — opponent kabuto 100, katana 40, Mon 5 per point; own tiles the negative of
    that — plus the tile bought back minus the Mon paid) minus the opponent's best immediate reply
    measured the same way (a reply that wins for the opponent, or the opponent having to lose, is
    decisive). Ties are broken with the rng."""

    game_name = GAME
    level = "medium"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options)
        super().__init__(rng)

    def choose(self, view: KaitoView) -> str:
        only = _only_action(view)
        if only is not None:
            return only
        pos = FastPos.from_view(view)
        moves = pos.gen()
        scored = [(self.score_move(pos, m), m) for m in moves]
        top = max(s for s, _ in scored)
        best = [m for s, m in scored if s == top]
        return move_to_action(best[self.rng.randrange(len(best))])

    @staticmethod
    def _gain(pos: FastPos, m: int, mover: int) -> int:
        """Material gain of ``m`` for ``mover`` (before it is made)."""
        if m & PLACE:
            return 0
        c = pos.board[m & SQ_MASK]
        kd = KIND[c]
        value = _MEDIUM_VALUE.get(kd, 5 * MON[c])
        gain = value if OWNER[c] != mover else -value
        buy = (m >> 6) & 3
        if buy:
            paid = 3 * ((m >> 8) & 3) + 2 * ((m >> 10) & 3) + ((m >> 12) & 3)
            gain += _MEDIUM_VALUE[KATANA if buy == 1 else KABUTO] - 5 * paid
        return gain

    @classmethod
    def score_move(cls, pos: FastPos, m: int) -> int:
        """Greedy score of move ``m`` for the side to move (see the class docstring)."""
        me = pos.side
        gain = cls._gain(pos, m, me)
        loser = pos.make(m)
        try:
            if loser >= 0:
                return _MEDIUM_WIN if loser != me else -_MEDIUM_WIN
            return gain - cls._best_reply(pos)
        finally:
            pos.unmake()

    @staticmethod
    def _best_reply(pos: FastPos) -> int:
        """The opponent's (side to move's) best immediate gain, plain captures only."""
        board = pos.board
        p = pos.side
        kk, hh = pos.kk, pos.hh
        best = None
        for sq in LINES[pos.kaito]:
            c = board[sq]
            if not c:
                continue
            kd, o = KIND[c], OWNER[c]
            if kd == KATANA or kd == KABUTO:
                if (kk if kd == KATANA else hh)[o] == 1:
                    if o != p:
                        return _MEDIUM_WIN  # the opponent wins at once
                    continue  # suicide: never the best reply unless forced
                value = _MEDIUM_VALUE[kd]
            else:
                value = 5 * MON[c]
            gain = value if o != p else -value
            if best is None or gain > best:
                best = gain
        if best is None:
            return -_MEDIUM_WIN  # no move, or only captures of its own last katana/kabuto
        return best


class KaitoHardBot(Bot):
    """Alpha-beta search (:class:`~game.ai.kaito_search.Searcher`) with a per-move time budget.

    Options:
        time_budget_s: seconds of search per decision (default 0.45; the clock is checked inside
            the search, so a decision takes about the budget plus a few ms).
        max_depth: iterative-deepening depth limit in plies (default 64, i.e. time-limited).
        clock: the time source the budget is measured on, ``() -> float`` in seconds (default
            ``time.perf_counter``; tests inject a fake one). Kept as ``searcher.clock``.
    The transposition table is kept between the decisions of one game. A decision with a single
    legal action returns at once, without search (the clock is not read, ``last_info`` unchanged).

    Raises:
        ValueError: (constructor) an unknown option or a bad value."""

    game_name = GAME
    level = "hard"

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 max_depth: int = 64, weights: EvalWeights | None = None,
                 clock: Callable[[], float] = time.perf_counter, **options: Any) -> None:
        _check_options(options)
        if not isinstance(time_budget_s, (int, float)) or time_budget_s <= 0:
            raise ValueError(f"time_budget_s must be a positive number of seconds, not {time_budget_s!r}")
        if not isinstance(max_depth, int) or max_depth < 1:
            raise ValueError(f"max_depth must be a positive integer, not {max_depth!r}")
        if not callable(clock):
            raise ValueError(f"clock must be a callable returning seconds, not {clock!r}")
        super().__init__(rng)
        self.time_budget_s = float(time_budget_s)
        self.max_depth = max_depth
        self.searcher = Searcher(weights, clock=clock)

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
