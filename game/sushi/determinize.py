"""Sushi Draft's hidden hands for the bots (RULES.md section 2): :class:`Determinizer`, a particle filter
over this round's unseen hands consistent with the seat's view (its own hands, keeps and every
revealed eat; other seats' choices modelled as uniform over their cards), sampled by the hard bot,
the coach's flat evaluation and the reference search."""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from typing import Any, Sequence

from game.sushi.rules import (
    CARD_COUNTS,
    CARD_NAMES,
    HAND_SIZE,
    SushiView,
    eaten_card,
)

#: Cards of each index in the 32-card deck.
DECK = tuple(CARD_COUNTS[name] for name in CARD_NAMES)


#: One particle of :class:`HiddenSampler`: ``[known counts per seat (6 ints each), unknown slots per
#: seat, pool counts (6), pool size, weight]``. A plain list, not a class: the filter updates it in
#: place in its inner loop.
Particle = list[Any]


#: A card name's index in :data:`~game.sushi.rules.CARD_NAMES`.
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


class InconsistentView(ValueError):
    """No card assignment explains the view (a corrupted or hand-made view)."""


def counts_of(cards: Sequence[str]) -> list[int]:
    """Card names -> 6 counts by :data:`CARD_NAMES` index, e.g. ``["tuna", "wild"] -> [1,0,0,0,0,1]``."""
    out = [0] * len(CARD_NAMES)
    for c in cards:
        out[CARD_INDEX[c]] += 1
    return out


def _pool_prob(need: Sequence[int], pool: Sequence[int], size: int) -> float:
    """Probability that ``sum(need)`` slots drawn without replacement from ``pool`` (counts, total
    ``size``) hold exactly the multiset ``need`` (multivariate hypergeometric)."""
    k = 0
    num = 1
    for c, n in enumerate(need):
        if n:
            if n < 0 or pool[c] < n:
                return 0.0
            num *= math.comb(pool[c], n)
            k += n
    return num / math.comb(size, k)


class Determinizer:
    """Samples the current hands of every seat consistently with one seat's view of this round.

    Knowledge used (RULES.md section 2): the 32-card deck, 6 cards dealt per seat this round (the
    rest unused), the seat's own hands at every step (``view.my_hands``) and keeps
    (``view.my_kept``), and every revealed eat (``view.eaten``). From these the cards the seat
    passed left (its hand minus its eat minus its keep) and received from the right (its next hand
    minus its keep) are known.

    A sequential particle filter replays the round so far. In a particle every other seat's hand
    is known cards plus unknown slots; an unknown slot becomes a definite card when an eat or the
    pass to this seat reveals it (drawn from the pool of unseen cards, weighted by the
    hypergeometric probability of that draw); the card another seat kept is drawn uniformly from
    its hand (the pass this seat receives fixes it). A particle's weight is the likelihood of the
    observations under a "uniform over the physical cards in hand" model of the other seats'
    choices. After each step, particles that contradict an observation are dropped and the rest
    resampled by weight. :meth:`sample` picks a particle by weight and deals its unknown slots
    from its pool at random (the rest of the pool is the unused part of the deck).

    Args:
        particles: particles carried through the round (default 48).
        restarts: whole-filter retries, each with 4 times more particles, if every particle dies
            (default 3).

    Raises:
        InconsistentView: (from the constructor) no deal explains the view.
    """

    def __init__(self, view: SushiView, rng: random.Random, particles: int = 48, restarts: int = 3):
        self.seat = me = view.seat
        self.n = n = view.num_seats
        self.phase = view.phase
        self.hand = counts_of(view.hand)
        my_hands = [counts_of(h) for h in view.my_hands]
        kept = [CARD_INDEX[k] for k in view.my_kept]
        eats = [[CARD_INDEX[eaten_card(a)] for a in e] for e in view.eaten]
        self._eats = eats
        self._steps_eaten = len(eats[me])
        self._keeps = len(kept)
        self._first = my_hands[0] if my_hands else list(self.hand)
        passed, received = [], []
        for j in range(self._keeps):
            p = list(my_hands[j])
            p[eats[me][j]] -= 1
            p[kept[j]] -= 1
            passed.append(p)
            r = list(my_hands[j + 1])
            r[kept[j]] -= 1
            received.append(r)
        self._passed, self._received = passed, received
        self._left_in = (me - 1) % n  # the seat that passes to this one
        self.restarts_used = 0
        parts = None
        for attempt in range(restarts + 1):
            parts = self._filter(rng, particles * 4 ** attempt)
            if parts:
                break
            self.restarts_used = attempt + 1
        if not parts:
            raise InconsistentView("no deal of the unseen cards explains this view")
        #: Surviving particles: [known per seat, unknown slots per seat, pool counts, pool size, weight].
        self.particles = parts
        self._cum = []
        total = 0.0
        for p in parts:
            total += p[4]
            self._cum.append(total)

    def _filter(self, rng: random.Random, m: int) -> list[Particle]:
        n, me = self.n, self.seat
        pool = [DECK[c] - self._first[c] for c in range(6)]
        if min(pool) < 0:
            return []
        unknown = [HAND_SIZE] * n
        unknown[me] = 0
        parts: list[Particle] = [[[[0] * 6 for _ in range(n)], list(unknown), list(pool), sum(pool), 1.0]
                                 for _ in range(m)]
        for j in range(self._steps_eaten):
            alive: list[Particle] = []
            for p in parts:
                if self._eat(p, j, rng) and (j >= self._keeps or self._keep(p, j, rng)):
                    alive.append(p)
            if not alive:
                return []
            if j == self._steps_eaten - 1:
                return alive
            # resample by weight to m equally weighted particles (independent copies)
            cum = []
            total = 0.0
            for p in alive:
                total += p[4]
                cum.append(total)
            parts = []
            for _ in range(m):
                q = alive[min(bisect_right(cum, rng.random() * total), len(alive) - 1)]
                parts.append([[list(k) for k in q[0]], list(q[1]), list(q[2]), q[3], 1.0])
        return parts

    def _eat(self, p: Particle, j: int, rng: random.Random) -> bool:
        known, unknown, pool = p[0], p[1], p[2]
        me = self.seat
        for s in range(self.n):
            if s == me:
                continue
            c = self._eats[s][j]
            ks = known[s]
            a = ks[c]
            size = p[3]
            b = unknown[s] * pool[c] / size if size else 0.0
            tot = a + b
            if tot <= 0.0:
                return False
            p[4] *= tot
            if rng.random() * tot < a:
                ks[c] -= 1
            else:
                unknown[s] -= 1
                pool[c] -= 1
                p[3] = size - 1
        return True

    def _keep(self, p: Particle, j: int, rng: random.Random) -> bool:
        """KEEP of step j: every other seat keeps one card and passes the rest left."""
        n, me = self.n, self.seat
        known, unknown, pool = p[0], p[1], p[2]
        kept_known: list[int | None] = [None] * n
        pass_known: list[list[int] | None] = [None] * n
        pass_unknown = [0] * n
        for s in range(n):
            if s == me:
                continue
            ks, us = known[s], unknown[s]
            if s == self._left_in:
                r = self._received[j]
                over = [ks[c] - r[c] if ks[c] > r[c] else 0 for c in range(6)]
                n_over = sum(over)
                if n_over >= 2:
                    return False
                size = p[3]
                if n_over == 1:
                    d = over.index(1)
                    need = [r[c] - ks[c] + (1 if c == d else 0) for c in range(6)]
                    if sum(need) != us:
                        return False
                    prob = _pool_prob(need, pool, size)
                    if prob <= 0.0:
                        return False
                    p[4] *= prob * (r[d] + 1)
                else:
                    base = [r[c] - ks[c] for c in range(6)]
                    if sum(base) != us - 1:
                        return False
                    probs = []
                    for d in range(6):
                        base[d] += 1
                        probs.append(_pool_prob(base, pool, size) * (r[d] + 1))
                        base[d] -= 1
                    tot = sum(probs)
                    if tot <= 0.0:
                        return False
                    p[4] *= tot
                    x = rng.random() * tot
                    d = 0
                    while d < 5 and x >= probs[d]:
                        x -= probs[d]
                        d += 1
                    need = list(base)
                    need[d] += 1
                for c in range(6):
                    pool[c] -= need[c]
                p[3] = size - us
                kept_known[s] = d
            else:
                h = sum(ks) + us
                x = rng.randrange(h)
                if x < us:
                    pass_known[s] = list(ks)
                    pass_unknown[s] = us - 1
                else:
                    x -= us
                    c = 0
                    while x >= ks[c]:
                        x -= ks[c]
                        c += 1
                    kept_known[s] = c
                    q = list(ks)
                    q[c] -= 1
                    pass_known[s] = q
                    pass_unknown[s] = us
        for t in range(n):
            if t == me:
                continue
            src = (t - 1) % n
            if src == me:
                nk, nu = list(self._passed[j]), 0
            else:
                # every other giver was dealt with above (only _left_in, whose receiver is this
                # seat, has no pass_known entry)
                src_known = pass_known[src]
                assert src_known is not None
                nk, nu = src_known, pass_unknown[src]
            kept = kept_known[t]
            if kept is None:
                nu += 1
            else:
                nk[kept] += 1
            known[t] = nk
            unknown[t] = nu
        return True

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One world: (hands, undealt) where ``hands[s]`` are seat ``s``'s current card counts (this
        seat's own hand exactly; in the KEEP phase, after the revealed eats) and ``undealt`` the
        unused cards, so hands + this round's eaten cards + undealt = the 32-card deck."""
        i = bisect_right(self._cum, rng.random() * self._cum[-1])
        known, unknown, pool = self.particles[min(i, len(self.particles) - 1)][:3]
        cards = [c for c in range(6) for _ in range(pool[c])]
        rng.shuffle(cards)
        hands = []
        pos = 0
        for s in range(self.n):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            h = list(known[s])
            for c in cards[pos:pos + unknown[s]]:
                h[c] += 1
            pos += unknown[s]
            hands.append(h)
        undealt = [0] * 6
        for c in cards[pos:]:
            undealt[c] += 1
        return hands, undealt
