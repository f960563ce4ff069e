"""Fast Sushi Draft helpers for the bots (RULES.md section 2): chip beliefs, a determinization
sampler that is consistent with one seat's view, a compact round simulator and the heuristic
policy shared by the medium bot and the hard bot's rollouts. Headless (no pygame).

Everything here reads a :class:`~game.sushi.rules.SushiView` (never a state) and draws randomness only
from the ``random.Random`` it is given.

Compact encoding: a card is an index into :data:`~game.sushi.rules.CARD_NAMES` (0 tuna .. 4 mackerel,
5 wild); a hand is a list of 6 counts; eaten counts per seat are lists of 5 counts by type (a wild
counts as the type it copied). Piles are indexed like :data:`~game.sushi.rules.PILES` (5 = dessert).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from typing import Any, Sequence

from game.sushi.rules import (
    CARD_COUNTS,
    CARD_NAMES,
    CHIP_VALUES,
    EAT,
    HAND_SIZE,
    KEEP,
    PILES,
    STEPS,
    TYPES,
    WILD,
    SushiView,
    eaten_card,
    eaten_type,
)

NT = len(TYPES)  # 5 sushi types
WILD_I = CARD_NAMES.index(WILD)  # 5
DESSERT_I = PILES.index("dessert")  # 5
#: Cards of each index in the 32-card deck.
DECK = tuple(CARD_COUNTS[name] for name in CARD_NAMES)
#: One particle of :class:`HiddenSampler`: ``[known counts per seat (6 ints each), unknown slots per
#: seat, pool counts (6), pool size, weight]``. A plain list, not a class: the filter updates it in
#: place in its inner loop.
Particle = list[Any]
_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
#: Action strings by (card index, copied type index): plain cards, then ``wild=<type>``.
EAT_ACTION = {(c, c): CARD_NAMES[c] for c in range(NT)}
EAT_ACTION.update({(WILD_I, t): f"{WILD}={TYPES[t]}" for t in range(NT)})


class InconsistentView(ValueError):
    """No card assignment explains the view (a corrupted or hand-made view)."""


def counts_of(cards: Sequence[str]) -> list[int]:
    """Card names -> 6 counts by :data:`CARD_NAMES` index, e.g. ``["tuna", "wild"] -> [1,0,0,0,0,1]``."""
    out = [0] * len(CARD_NAMES)
    for c in cards:
        out[_INDEX[c]] += 1
    return out


def cards_of(counts: Sequence[int]) -> tuple[str, ...]:
    """The inverse of :func:`counts_of`, in canonical order."""
    return tuple(CARD_NAMES[i] for i, n in enumerate(counts) for _ in range(n))


def parse_eat(action: str) -> tuple[int, int]:
    """An EAT action -> (card index, type index): ``"wild=salmon" -> (5, 2)``."""
    return _INDEX[eaten_card(action)], _INDEX[eaten_type(action)]


# -- chips -----------------------------------------------------------------------------------------


def unknown_chip_means(view: SushiView) -> list[float]:
    """Per pile, the mean of the chip values this seat has not seen (RULES.md section 2: values are
    secret; only the owner sees its own). Each chip still on a pile and each chip won by another
    seat is, for this seat, a uniform draw from those values, so this is their expected value.
    A pile whose three chips are all this seat's gets 0."""
    means = []
    for pile in PILES:
        values = list(CHIP_VALUES[pile])
        for p, v in view.my_chips:
            if p == pile:
                values.remove(v)
        means.append(sum(values) / len(values) if values else 0.0)
    return means


def pile_values(view: SushiView) -> list[float]:
    """Per pile (6, :data:`PILES` order), the expected value of the chip the pile awards at the end
    of this round: :func:`unknown_chip_means`, or 0 if the pile is empty."""
    means = unknown_chip_means(view)
    return [means[i] if view.piles_left[i] else 0.0 for i in range(len(PILES))]


def expected_totals(view: SushiView) -> list[float]:
    """Per seat, the expected chip total so far from this seat's point of view: its own chips
    exactly, the others' at :func:`unknown_chip_means` per chip."""
    means = unknown_chip_means(view)
    out = []
    for s, piles in enumerate(view.chips):
        if s == view.seat:
            out.append(float(sum(v for _, v in view.my_chips)))
        else:
            out.append(sum(means[PILES.index(p)] for p in piles))
    return out


# -- determinization ---------------------------------------------------------------------------------


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
        kept = [_INDEX[k] for k in view.my_kept]
        eats = [[_INDEX[eaten_card(a)] for a in e] for e in view.eaten]
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


# -- the heuristic policy ------------------------------------------------------------------------------


def award_winner(counts: Sequence[int]) -> int:
    """The seat winning a pile's chip under the tie rule (RULES.md section 2: the first group, from
    the largest count, that holds exactly one seat), or -1. Same rule as
    :func:`game.sushi.rules.decide_award`, without building the explanation."""
    for v in sorted(set(counts), reverse=True):
        if v <= 0:
            return -1
        if counts.count(v) == 1:
            return counts.index(v)
    return -1


#: Chance of losing a pile one currently wins, by margin over the best other count (0: winning only
#: because the seats above tie), when every remaining eat could still change it.
_RISK_BY_MARGIN = (0.7, 0.5, 0.25, 0.1)


_SOFT_CACHE: dict = {}
_SOFT_CACHE_MAX = 50_000


def soft_win(counts: Sequence[int], seat: int, risk: float) -> float:
    """Heuristic chance (0..1) that ``seat`` ends up winning a pile whose current counts are
    ``counts``; ``risk`` (0..1) says how much can still change (0: the counts are final).
    Memoised (a pure function of its arguments)."""
    key = (tuple(counts), seat, risk)
    v = _SOFT_CACHE.get(key)
    if v is None:
        if len(_SOFT_CACHE) >= _SOFT_CACHE_MAX:
            _SOFT_CACHE.clear()
        v = _SOFT_CACHE[key] = _soft_win(counts, seat, risk)
    return v


def _soft_win(counts: Sequence[int], seat: int, risk: float) -> float:
    w = award_winner(counts)
    m = counts[seat]
    if w != seat:
        if m <= 0:
            return 0.0
        top = max(counts)
        return risk * 0.2 * m / top
    other = max(c for s, c in enumerate(counts) if s != seat)
    margin = m - other
    r = _RISK_BY_MARGIN[min(max(margin, 0), 3)]
    return 1.0 - risk * r


class Table:
    """A compact round in progress: the input of the heuristic policy and of rollouts (the medium
    bot fills in only its own hand; a rollout a whole sampled world).

    Attributes:
        n: seats. hands: per seat 6 card counts. tot: per seat 5 eaten counts by type (wilds count
        as their copy). plain: per seat 5 counts of non-wild cards eaten (a wild may copy type t
        only if plain[s][t] > 0). step: 0-4. phase: ``"eat"`` or ``"keep"``.
        values: 6 pile values (expected chip, 0 if the pile is empty).
        dist: per seat, the number of different types eaten (dessert count).
    """

    __slots__ = ("n", "hands", "tot", "plain", "step", "phase", "values", "dist")

    def __init__(self, n: int, hands: list[list[int]], tot: list[list[int]], plain: list[list[int]],
                 step: int, phase: str, values: Sequence[float], dist: list[int] | None = None):
        self.n = n
        self.hands = hands
        self.tot = tot
        self.plain = plain
        self.step = step
        self.phase = phase
        self.values = values
        #: per seat, the number of different types eaten (the dessert count)
        self.dist = dist if dist is not None else [sum(1 for x in t if x) for t in tot]

    @classmethod
    def from_view(cls, view: SushiView, hands: list[list[int]]) -> "Table":
        """The table of ``view``'s round with the given (sampled or partly known) hands."""
        n = view.num_seats
        tot = [[0] * NT for _ in range(n)]
        plain = [[0] * NT for _ in range(n)]
        for s, eaten in enumerate(view.eaten):
            for a in eaten:
                c, t = parse_eat(a)
                tot[s][t] += 1
                if c != WILD_I:
                    plain[s][t] += 1
        return cls(n, hands, tot, plain, view.step, view.phase, pile_values(view))

    def copy(self) -> "Table":
        """An independent copy (lists copied)."""
        return Table(self.n, [list(h) for h in self.hands], [list(t) for t in self.tot],
                     [list(p) for p in self.plain], self.step, self.phase, self.values, list(self.dist))

    # -- scoring ----------------------------------------------------------------------------------
    def round_gains(self) -> list[float]:
        """Per seat, the expected value of the chips this round awards with the current eats
        (RULES.md section 2 scoring: the five types, then dessert = number of types eaten)."""
        n = self.n
        gains = [0.0] * n
        tot = self.tot
        values = self.values
        for t in range(NT):
            w = award_winner([tot[s][t] for s in range(n)])
            if w >= 0:
                gains[w] += values[t]
        w = award_winner(self.dist)
        if w >= 0:
            gains[w] += values[DESSERT_I]
        return gains

    def eats_left_after(self) -> int:
        """Eats each seat still makes after the current step's eat."""
        return STEPS - 1 - self.step

    def risks(self, eats_left: int, in_play: Sequence[float] | None = None) -> list[float]:
        """Per pile (6), how much the counts may still change (0..1): the share of the round's eats
        still to come, scaled down for a type with few cards (and wilds) left in play."""
        base = min(1.0, eats_left / 4.0)
        if in_play is None or base == 0.0:
            return [base] * 6
        wild = in_play[WILD_I]
        out = [base * min(1.0, (in_play[t] + wild) / max(1, self.n - 1)) for t in range(NT)]
        out.append(base)
        return out

    def eat_options(self, seat: int) -> list[tuple[int, int]]:
        """Legal eats of ``seat`` as (card, type) pairs (a wild copies a type eaten as a non-wild)."""
        hand = self.hands[seat]
        opts = [(c, c) for c in range(NT) if hand[c]]
        if hand[WILD_I]:
            plain = self.plain[seat]
            opts.extend((WILD_I, t) for t in range(NT) if plain[t])
        return opts

    def eat_value(self, seat: int, card: int, t: int, risk: Sequence[float]) -> float:
        """Heuristic gain (chip points) of ``seat`` eating ``card`` as type ``t`` now: the change in
        :func:`soft_win` of pile ``t`` times its value, plus the same for dessert when the type is
        new and the card is not a wild."""
        n = self.n
        tot = self.tot
        values = self.values
        cs = [tot[s][t] for s in range(n)]
        before = soft_win(cs, seat, risk[t])
        cs[seat] += 1
        gain = values[t] * (soft_win(cs, seat, risk[t]) - before)
        if card != WILD_I and tot[seat][t] == 0 and values[DESSERT_I]:
            ds = list(self.dist)
            before = soft_win(ds, seat, risk[DESSERT_I])
            ds[seat] += 1
            gain += values[DESSERT_I] * (soft_win(ds, seat, risk[DESSERT_I]) - before)
        return gain

    def best_copy_value(self, seat: int, risk: Sequence[float], plain_only: bool = True) -> float:
        """Best :meth:`eat_value` of a wild for ``seat`` over the types it may copy (0 if none)."""
        plain = self.plain[seat]
        best = 0.0
        for t in range(NT):
            if plain[t] or not plain_only:
                v = self.eat_value(seat, WILD_I, t, risk)
                if v > best:
                    best = v
        return best

    def in_play(self) -> list[int]:
        """Cards of each index in all hands (rollouts know the whole table)."""
        return [sum(h[c] for h in self.hands) for c in range(6)]

    # -- stepping ---------------------------------------------------------------------------------
    def apply_eats(self, eats: Sequence[tuple[int, int]]) -> None:
        """Resolve an EAT phase: ``eats[s]`` is seat s's (card, type)."""
        for s, (c, t) in enumerate(eats):
            self.hands[s][c] -= 1
            if not self.tot[s][t]:
                self.dist[s] += 1
            self.tot[s][t] += 1
            if c != WILD_I:
                self.plain[s][t] += 1
        self.phase = KEEP

    def apply_keeps(self, keeps: Sequence[int]) -> bool:
        """Resolve a KEEP phase (keep ``keeps[s]``, pass the rest to seat s+1). Returns False when
        that was the round's last keep (the kept cards are discarded), else True."""
        if self.step >= STEPS - 1:
            return False
        n = self.n
        hands = self.hands
        rests = []
        for s in range(n):
            r = hands[s]
            r[keeps[s]] -= 1
            rests.append(r)
        new = []
        for s in range(n):
            h = list(rests[s - 1])
            h[keeps[s]] += 1
            new.append(h)
        self.hands = new
        self.step += 1
        self.phase = EAT
        return True


class Policy:
    """The shared heuristic (RULES.md section 2 strategy, not rules): eat for majorities that can
    still be won or extended and for dessert (new types), copy with a wild where it secures or
    extends a majority, always use a wild at the last eat of the round, and keep the card worth most
    next turn, preferring among near-equal cards the one the left neighbour (who receives the pass)
    wants most.

    Args:
        noise: amplitude (chip points) of the uniform noise added to every option's score.
        deny_margin: a keep may cost this many points of own value to deny the left neighbour.
        wild_hold: points a wild is worth kept for later instead of eaten now (before the last eat).
    """

    def __init__(self, noise: float = 0.0, deny_margin: float = 0.35, wild_hold: float = 0.25):
        self.noise = noise
        self.deny_margin = deny_margin
        self.wild_hold = wild_hold

    def eat_scores(self, table: Table, seat: int, risk: Sequence[float]) -> list[tuple[float, tuple[int, int]]]:
        """(score, (card, type)) for every legal eat of ``seat``, without noise."""
        last = table.step >= STEPS - 1
        out = []
        for c, t in table.eat_options(seat):
            v = table.eat_value(seat, c, t, risk)
            if c == WILD_I:
                v += 1000.0 if last else -self.wild_hold
            out.append((v, (c, t)))
        return out

    def choose_eat(self, table: Table, seat: int, risk: Sequence[float], rand=None) -> tuple[int, int]:
        """The (card, type) ``seat`` eats; ``rand`` is a zero-argument callable giving floats in
        [0, 1) for the noise (needed when ``noise`` > 0)."""
        best = None
        best_v = -1e18
        noise = self.noise
        for v, opt in self.eat_scores(table, seat, risk):
            if noise:
                v += noise * rand()
            if v > best_v:
                best, best_v = opt, v
        if best is None:
            raise ValueError(f"seat {seat} has nothing to eat")
        return best

    def keep_scores(self, table: Table, seat: int, risk: Sequence[float]) -> list[tuple[float, float, int]]:
        """(own value, left neighbour's value, card) for every card ``seat`` may keep: what the
        card is worth eaten next turn (a wild: its best copy, plus a bonus for flexibility). The
        neighbour's value is 0 for a card held twice (keeping one still passes the other)."""
        hand = table.hands[seat]
        left = (seat + 1) % table.n
        out = []
        for c in range(6):
            if not hand[c]:
                continue
            if c == WILD_I:
                own = table.best_copy_value(seat, risk) + self.wild_hold
                theirs = table.best_copy_value(left, risk) + self.wild_hold
            else:
                own = table.eat_value(seat, c, c, risk)
                theirs = table.eat_value(left, c, c, risk)
            if hand[c] > 1:  # another copy is passed anyway: keeping one denies nothing
                theirs = 0.0
            out.append((own, theirs, c))
        return out

    def choose_keep(self, table: Table, seat: int, risk: Sequence[float], rand=None) -> int:
        """The card index ``seat`` keeps (the rest goes to seat + 1)."""
        scores = self.keep_scores(table, seat, risk)
        if len(scores) == 1:
            return scores[0][2]
        noise = self.noise
        if noise:
            scores = [(o + noise * rand(), th, c) for o, th, c in scores]
        top = max(o for o, _, _ in scores)
        best, best_v = scores[0][2], -1e18  # replaced below: the top score always qualifies
        for own, theirs, c in scores:
            if own >= top - self.deny_margin:
                v = theirs + 0.5 * (own - top)
                if v > best_v:
                    best, best_v = c, v
        return best
