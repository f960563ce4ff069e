"""Shallow search with softmax noise: the engine of KAITO's ``easy`` and ``medium`` bots.

Issue 13 (part 3, "a smooth ladder"): each level should beat the one below it in most games, not
all. Both middle levels are the same machine with different settings, tuned by measurement
(``docs/ai_figures.md``, "The ladder (issue 13)"):

1. every root move is scored by a short alpha-beta search (the negamax and static evaluation of
   :mod:`game.kaito.search`, the hard bot's), iterative deepening up to a fixed depth; an
   iteration that would pass a node limit is dropped. Nodes are counted, no clock is read, so
   the scores depend only on the position and the settings, never on the machine's speed;
2. a move that wins within the horizon is always played (the fastest such), and a move that
   loses within it is never played unless every move does (then the slowest loss is played);
3. otherwise a move is drawn with probability proportional to ``exp((score - best) /
   temperature)``, the Boltzmann or softmax choice (Sutton and Barto, *Reinforcement Learning: An
   Introduction*, 1998, section 2.3 "Softmax Action Selection"): near-equal moves are often
   swapped, a clearly worse one rarely, and a temperature of 0 plays a best-scored move (ties at
   random).

Scores are exact for every move within ``margin * temperature`` of the best; moves further behind
are cut off by alpha-beta and never drawn (their softmax weight would be below ``exp(-margin)``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.kaito.engine import FastPos
from game.kaito.search import INF, MATE_BOUND, WIN, EvalWeights, Searcher, SearchTimeout


@dataclass(frozen=True)
class LevelSettings:
    """How a shallow-search bot plays.

    Attributes:
        depth: plies searched for each root move (1 = the move itself, then the leaf evaluation).
        temperature: softmax temperature in evaluation units (a kabuto is worth a few hundred);
            0 plays a best-scored move.
        margin: moves scored more than ``margin * temperature`` below the best are never drawn.
        node_limit: if set, an iteration of the search (beyond the first ply) that would visit
            more nodes than this is dropped and the scores of the last completed depth are used:
            it bounds the time of a decision without making it depend on the machine.
        keep_table: keep the transposition table and history between the decisions of one game
            (as the hard bot does) instead of starting each decision afresh.
    """

    depth: int
    temperature: float
    margin: float = 6.0
    node_limit: int | None = None
    keep_table: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.depth, bool) or not isinstance(self.depth, int) or not 1 <= self.depth <= 8:
            raise ValueError(f"depth must be an integer from 1 to 8 plies, not {self.depth!r}")
        t = self.temperature
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t < 0:
            raise ValueError(f"temperature must be a finite number >= 0, not {t!r}")
        if not isinstance(self.margin, (int, float)) or not self.margin > 0:
            raise ValueError(f"margin must be a positive number, not {self.margin!r}")
        n = self.node_limit
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
            raise ValueError(f"node_limit must be None or a positive integer, not {n!r}")
        if not isinstance(self.keep_table, bool):
            raise ValueError(f"keep_table must be True or False, not {self.keep_table!r}")


class ShallowSearcher(Searcher):
    """Scores of each root move to a fixed depth (the hard search's negamax, counting nodes).

    Args:
        weights: the evaluation's weights (default: the hard bot's).

    Attributes:
        last_depth: the depth of the scores the last :meth:`root_scores` returned.
    """

    def __init__(self, weights: EvalWeights | None = None) -> None:
        super().__init__(weights)
        # The inherited search reads ``clock()`` every 256 nodes and stops past ``deadline``:
        # counting nodes instead of seconds makes the node limit exact and machine-independent.
        self.clock = self._node_count
        self.last_depth = 0
        self._undo_base = 0

    def _node_count(self) -> float:
        return float(self.nodes)

    def root_scores(self, pos: FastPos, moves: list[int], depth: int, window: float,
                    node_limit: int | None = None, keep: bool = False) -> dict[int, int]:
        """Exact scores of the moves of ``moves`` that are within ``window`` of the best one, for
        the side to move of ``pos``; moves further behind are left out.

        Searched by iterative deepening, 1 ply then 2 ... up to ``depth``; if ``node_limit`` is
        given and an iteration beyond the first would exceed it (counted from the start of this
        call, checked every 256 nodes), that iteration is dropped and the scores of the last
        completed one are returned (``last_depth`` says which). Unless ``keep``, the
        transposition table and history are cleared first, so the result depends only on the
        arguments and ``pos``; with ``keep`` they are kept from earlier calls (cleared only when
        they grow too large, as :meth:`Searcher.search` does), so the result may also depend on
        what was searched before, and deeper iterations fit the node limit more often. ``pos`` is
        restored before returning."""
        if not keep or len(self.tt) > self.tt_limit:
            self.tt.clear()
        if not keep or len(self.history) > 50_000:
            self.history.clear()
        self.pos = pos
        self.me = pos.side
        self.nodes = 0
        gap = max(1, int(min(window, 2 * INF)))
        ordered = self._order(moves, -1)
        self.deadline = math.inf  # the first iteration always completes
        scores = self._scores_at(ordered, 1, gap)
        self.last_depth = 1
        for d in range(2, depth + 1):
            ordered.sort(key=lambda m: -scores.get(m, -INF))
            self.deadline = math.inf if node_limit is None else node_limit
            try:
                deeper = self._scores_at(ordered, d, gap)
            except SearchTimeout:
                while len(pos.undo) > self._undo_base:
                    pos.unmake()
                break
            scores = deeper
            self.last_depth = d
            if max(scores.values()) >= MATE_BOUND:
                break  # a forced win found: deeper looks cannot change which moves win fastest
        return scores

    def _scores_at(self, ordered: list[int], depth: int, gap: int) -> dict[int, int]:
        pos = self.pos
        self._undo_base = len(pos.undo)
        p = pos.side
        best = -INF
        scores: dict[int, int] = {}
        for m in ordered:
            floor = max(-INF, best - gap)
            loser = pos.make(m)
            if loser >= 0:
                s = WIN - 1 if loser != p else -(WIN - 1)
            else:
                s = -self._negamax(depth - 1, -INF, -floor, 1)
            pos.unmake()
            if s > floor:
                scores[m] = s
                best = max(best, s)
        return {m: s for m, s in scores.items() if s >= best - gap}


def choose_move(pos: FastPos, settings: LevelSettings, rng: random.Random,
                searcher: ShallowSearcher | None = None) -> int:
    """The move a shallow-search bot with ``settings`` plays in ``pos`` (see the module docstring).

    Deterministic for a given ``rng`` state: one ``rng.random()`` is drawn when more than one move
    is a candidate. ``pos`` is restored before returning.

    Raises:
        ValueError: the side to move has no legal move."""
    moves = pos.gen()
    if not moves:
        raise ValueError("no legal move in this position")
    if len(moves) == 1:
        return moves[0]
    searcher = searcher or ShallowSearcher()
    t = float(settings.temperature)
    scores = searcher.root_scores(pos, moves, settings.depth, settings.margin * t, settings.node_limit,
                                  settings.keep_table)
    best = max(scores.values())
    if abs(best) >= MATE_BOUND or t == 0:  # a win (the fastest) or every move loses (the slowest)
        cands = sorted(m for m, s in scores.items() if s == best)
        weights = [1.0] * len(cands)
    else:
        cands = sorted(m for m, s in scores.items() if s > -MATE_BOUND)
        weights = [math.exp((scores[m] - best) / t) for m in cands]
    if len(cands) == 1:
        return cands[0]
    x = rng.random() * sum(weights)
    for m, wt in zip(cands, weights):
        x -= wt
        if x < 0:
            return m
    return cands[-1]
