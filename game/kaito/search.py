"""Alpha-beta search for KAITO's ``hard`` bot (RULES.md section 1).

Negamax with alpha-beta pruning, iterative deepening, a transposition table keyed by the Zobrist
hash of :class:`~game.kaito.engine.FastPos`, move ordering (TT move, winning captures, captures
of kabuto and katana, Mon by value, own tiles last, exchanges after plain moves, history
heuristic) and a per-move time budget checked inside the search every 256 nodes: when the clock
(``Searcher.clock``, seconds, injectable) runs out the iteration in progress is abandoned and the
best move of the deepest completed iteration (or of the partial one, once its first move is
searched) is played.

Scores are from the side to move's point of view, in centi-"kabuto" units; wins and losses are
``±(WIN - ply)`` so that faster wins and slower losses are preferred.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable

from game.kaito.engine import (
    KABUTO,
    KATANA,
    KIND,
    LINES,
    MON,
    OWNER,
    PLACE,
    SQ_MASK,
    FastPos,
)

WIN = 1_000_000
#: Scores beyond this are forced wins/losses (distance-adjusted).
MATE_BOUND = WIN - 1000
INF = WIN + 1
EXACT, LOWER, UPPER = 0, 1, 2
# TT entries are packed ints: (score + offset) << 24 | move << 9 | flag << 7 | depth.
_SCORE_OFFSET = 1 << 21


class SearchTimeout(Exception):
    """Raised inside the search when the time budget is spent."""


@dataclass
class EvalWeights:
    """Weights of the static evaluation (score units; a kabuto is worth a few hundred).

    Attributes:
        kabuto: value of having n kabuto on the board, n = 0..3 (index 0 unused: it is a loss).
        katana: value of having n katana on the board, n = 0..7 (index 0 unused).
        mon_point: per Mon point held (exchange currency).
        buyback_kabuto / buyback_katana: bonus when the opponent holds one of our kabuto/katana and
            we hold enough Mon to buy it back.
        threat_kabuto / threat_katana: fraction (per mille) of the value of an opponent tile the
            side to move can capture right now.
        mobility: per tile in the side to move's lines.
        tempo: bonus for having the move.
        own_material / their_material: per mille scale of the katana and kabuto values of the
            searching seat's own tiles / of its opponent's (issue 36, a character's temperament:
            a hunter values the opponent's tiles above its own, a guard the reverse). Equal
            scales (the default, 1000 each) keep the evaluation symmetric; unequal ones make it
            depend on which seat searches (:attr:`Searcher.me`, set at each search's root).
    """

    kabuto: tuple[int, ...] = (0, 0, 420, 700)
    katana: tuple[int, ...] = (0, 0, 160, 260, 320, 360, 390, 410)
    mon_point: int = 6
    buyback_kabuto: int = 120
    buyback_katana: int = 40
    threat_kabuto: int = 600
    threat_katana: int = 500
    mobility: int = 3
    tempo: int = 10
    own_material: int = 1000
    their_material: int = 1000


class Searcher:
    """Iterative-deepening alpha-beta over :class:`FastPos`, keeping its TT between calls.

    Args:
        weights: evaluation weights (:class:`EvalWeights`).
        tt_limit: the transposition table is cleared when it grows beyond this many entries.
        clock: the time source, ``() -> float`` in seconds (default ``time.perf_counter``); read
            once at the start of :meth:`search`, every 256 nodes, after each completed iteration
            and once at the end (for ``last_info["ms"]``). Tests inject a fake one.
    """

    def __init__(self, weights: EvalWeights | None = None, tt_limit: int = 300_000,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.w = weights or EvalWeights()
        w = self.w
        #: the seat searching (the root's side to move): its tiles are valued with
        #: ``own_material``, the other seat's with ``their_material``
        self.me = 0
        #: the katana and kabuto value tables by whose tiles: [0] the searching seat's, [1] the other's
        self._kab = tuple(tuple(v * m // 1000 for v in w.kabuto) for m in (w.own_material, w.their_material))
        self._kat = tuple(tuple(v * m // 1000 for v in w.katana) for m in (w.own_material, w.their_material))
        self.tt: dict[int, int] = {}
        self.tt_limit = tt_limit
        self.history: dict[int, int] = {}
        self.nodes = 0
        self.deadline = 0.0
        self.pos = FastPos()
        self.last_info: dict = {}

    # -- driver -------------------------------------------------------------------------------

    def search(self, pos: FastPos, budget_s: float, max_depth: int = 64,
               rng: random.Random | None = None) -> int:
        """The best move (integer) for the side to move within ``budget_s`` seconds.

        ``pos`` is searched in place (make/unmake) and must not be reused after a timeout.
        ``rng`` shuffles the root moves first, so equal moves are chosen at random.
        ``self.last_info`` then holds ``depth`` (last completed), ``score``, ``nodes``, ``ms`` (the
        time :attr:`clock` says the search took, in milliseconds). With a single legal move the clock
        is read only once and ``last_info`` reports 0 nodes and 0 ms.

        Raises:
            ValueError: the side to move has no legal move."""
        clock = self.clock
        start = clock()
        self.deadline = start + budget_s
        self.nodes = 0
        self.pos = pos
        self.me = pos.side
        if len(self.tt) > self.tt_limit:
            self.tt.clear()
        if len(self.history) > 50_000:
            self.history.clear()
        moves = pos.gen()
        if not moves:
            raise ValueError("no legal move in this position")
        if rng is not None:
            rng.shuffle(moves)
        if len(moves) == 1:
            self.last_info = {"depth": 0, "score": 0, "nodes": 0, "ms": 0.0}
            return moves[0]
        tiles = sum(1 for c in pos.board if c)
        horizon = tiles + 8  # no line of play is longer (each exchange spends >= 4 of 13 Mon points)
        ordered = self._order(moves, -1)
        best, best_score, done_depth = ordered[0], 0, 0
        for depth in range(1, max_depth + 1):
            try:
                score, move, scores = self._root(ordered, depth)
            except SearchTimeout as partial:
                if partial.args and partial.args[0] is not None:
                    best, best_score = partial.args[0], partial.args[1]
                break
            best, best_score, done_depth = move, score, depth
            ordered.sort(key=lambda m: -scores.get(m, -INF))
            ordered.remove(move)
            ordered.insert(0, move)
            if abs(score) >= MATE_BOUND or depth >= horizon:
                break
            if clock() - start > budget_s * 0.45:
                break
        self.last_info = {"depth": done_depth, "score": best_score, "nodes": self.nodes,
                          "ms": (clock() - start) * 1000.0}
        return best

    def _root(self, moves: list[int], depth: int) -> tuple[int, int, dict[int, int]]:
        pos = self.pos
        p = pos.side
        alpha = -INF
        best = moves[0]
        scores: dict[int, int] = {}
        for i, m in enumerate(moves):
            loser = pos.make(m)
            try:
                if loser >= 0:
                    s = WIN - 1 if loser != p else -(WIN - 1)
                else:
                    s = -self._negamax(depth - 1, -INF, -alpha, 1)
            except SearchTimeout:
                raise SearchTimeout(best if i > 0 else None, alpha) from None
            pos.unmake()
            scores[m] = s
            if s > alpha:
                alpha = s
                best = m
        self.tt[pos.hash] = ((alpha + _SCORE_OFFSET) << 24) | (best << 9) | (EXACT << 7) | depth
        return alpha, best, scores

    # -- move ordering --------------------------------------------------------------------------

    def _order(self, moves: list[int], ttm: int) -> list[int]:
        pos = self.pos
        board = pos.board
        p = pos.side
        kk, hh = pos.kk, pos.hh
        hist = self.history
        keyed = []
        for m in moves:
            if m == ttm:
                keyed.append((1 << 30, m))
                continue
            if m & PLACE:
                keyed.append((hist.get(m, 0), m))
                continue
            c = board[m & SQ_MASK]
            kd = KIND[c]
            o = OWNER[c]
            if o != p:
                if kd == KABUTO:
                    k = 100_000 if hh[o] == 1 else 9000
                elif kd == KATANA:
                    k = 100_000 if kk[o] == 1 else 6000
                else:
                    k = 3000 + 100 * MON[c]
            else:
                if kd == KABUTO:
                    k = -100_000 if hh[p] == 1 else 500
                elif kd == KATANA:
                    k = -100_000 if kk[p] == 1 else 1000
                else:
                    k = 2000 - 100 * MON[c]
            if m >> 6:
                k -= 2500 if (m >> 6) & 3 == 2 else 3000
            keyed.append((k + hist.get(m, 0), m))
        keyed.sort(reverse=True)
        return [m for _, m in keyed]

    # -- the search -----------------------------------------------------------------------------

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if not self.nodes & 255 and self.clock() > self.deadline:
            raise SearchTimeout(None)
        if depth <= 0:
            return self._evaluate(ply)
        pos = self.pos
        key = pos.hash
        tt = self.tt
        entry = tt.get(key)
        ttm = -1
        if entry is not None:
            ed = entry & 127
            ef = (entry >> 7) & 3
            es = (entry >> 24) - _SCORE_OFFSET
            em = (entry >> 9) & 32767
            if ed >= depth:
                if es > MATE_BOUND:
                    es -= ply
                elif es < -MATE_BOUND:
                    es += ply
                if ef == EXACT:
                    return es
                if ef == LOWER:
                    if es >= beta:
                        return es
                elif es <= alpha:
                    return es
            ttm = em
        moves = pos.gen()
        if not moves:
            return -(WIN - ply)
        if len(moves) > 1:
            moves = self._order(moves, ttm)
        p = pos.side
        alpha0 = alpha
        best = -INF
        bestm = moves[0]
        make = pos.make
        unmake = pos.unmake
        win_next = WIN - ply - 1
        for m in moves:
            loser = make(m)
            if loser >= 0:
                s = win_next if loser != p else -win_next
            else:
                s = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            unmake()
            if s > best:
                best = s
                bestm = m
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        stored = best
        if stored > MATE_BOUND:
            stored += ply
        elif stored < -MATE_BOUND:
            stored -= ply
        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        tt[key] = ((stored + _SCORE_OFFSET) << 24) | (bestm << 9) | (flag << 7) | depth
        return best

    def _evaluate(self, ply: int) -> int:
        """Static score for the side to move (exact when the next move is forced to end it)."""
        pos = self.pos
        board = pos.board
        p = pos.side
        q = 1 - p
        kk, hh = pos.kk, pos.hh
        w = self.w
        n = 0
        safe = False
        threat_h = threat_k = False
        for sq in LINES[pos.kaito]:
            c = board[sq]
            if not c:
                continue
            n += 1
            kd = KIND[c]
            if OWNER[c] == q:
                if kd == KABUTO:
                    if hh[q] == 1:
                        return WIN - ply - 1
                    threat_h = True
                elif kd == KATANA:
                    if kk[q] == 1:
                        return WIN - ply - 1
                    threat_k = True
                safe = True
            elif not safe:
                if kd == KABUTO:
                    safe = hh[p] > 1
                elif kd == KATANA:
                    safe = kk[p] > 1
                else:
                    safe = True
        if not safe:
            return -(WIN - ply - 1) if n else -(WIN - ply)
        o = 0 if p == self.me else 1
        kab, kabq = self._kab[o], self._kab[1 - o]
        kat, katq = self._kat[o], self._kat[1 - o]
        score = kab[hh[p]] - kabq[hh[q]] + kat[kk[p]] - katq[kk[q]] + w.tempo + w.mobility * n
        mp = pos.mon_points(p)
        mq = pos.mon_points(q)
        score += w.mon_point * (mp - mq)
        held = pos.held
        if held[q * 5 + KABUTO] and mp >= 5:
            score += w.buyback_kabuto
        if held[p * 5 + KABUTO] and mq >= 5:
            score -= w.buyback_kabuto
        if held[q * 5 + KATANA] and mp >= 4:
            score += w.buyback_katana
        if held[p * 5 + KATANA] and mq >= 4:
            score -= w.buyback_katana
        if threat_h:
            score += (kabq[hh[q]] - kabq[hh[q] - 1]) * w.threat_kabuto // 1000
        elif threat_k:
            score += (katq[kk[q]] - katq[kk[q] - 1]) * w.threat_katana // 1000
        return score


# -- fixed-depth analysis (the coach, ``python -m game analyse``) ------------------------------------


def _still(_: object = None) -> float:
    return 0.0


def fixed_depth_score(pos: FastPos, depth: int, weights: EvalWeights | None = None) -> tuple[int, int]:
    """``(score, best move)`` of ``pos`` for its side to move, searched to exactly ``depth`` plies.

    No clock (a fresh :class:`Searcher` whose clock stands still), so the result depends only on
    the position, ``depth`` and ``weights``: deterministic. Scores are the search's units (see the
    module docstring; ``abs(score) >= MATE_BOUND`` is a forced win / loss). A position with a
    single legal move is valued through that move (:func:`move_score`), not returned as 0.
    ``pos`` is restored (make/unmake) before returning.

    Raises:
        ValueError: the side to move has no legal move, or ``depth`` < 1."""
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth!r}")
    moves = pos.gen()
    if not moves:
        raise ValueError("no legal move in this position")
    if len(moves) == 1:
        return move_score(pos, moves[0], depth, weights), moves[0]
    searcher = Searcher(weights, clock=_still)
    best = searcher.search(pos, 1.0, depth)
    return int(searcher.last_info["score"]), best


def move_score(pos: FastPos, move: int, depth: int, weights: EvalWeights | None = None) -> int:
    """The score of playing ``move`` (legal) in ``pos`` for its side to move: an immediate win or
    loss is ``±(WIN - 1)``, a reply-less position ``WIN - 2``, otherwise minus the
    :func:`fixed_depth_score` of the position after it at ``depth - 1`` plies (at least 1).
    ``pos`` is restored before returning."""
    me = pos.side
    loser = pos.make(move)
    try:
        if loser >= 0:
            return WIN - 1 if loser != me else -(WIN - 1)
        if not pos.gen():
            return WIN - 2  # the opponent cannot move: it loses (RULES.md section 1, end)
        score, _ = fixed_depth_score(pos, max(1, depth - 1), weights)
        return -score
    finally:
        pos.unmake()
