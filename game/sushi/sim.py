"""Fast Sushi Draft helpers for the bots (RULES.md section 2): chip beliefs, a determinization
sampler that is consistent with one seat's view, a compact round simulator, the heuristic
policy shared by the medium bot and the hard bot's rollouts, and the round played out with it
(:func:`play_out`). Headless (no pygame).

Everything here reads a :class:`~game.sushi.rules.SushiView` (never a state) and draws randomness only
from the ``random.Random`` it is given.

Compact encoding: a card is an index into :data:`~game.sushi.rules.CARD_NAMES` (0 tuna .. 4 mackerel,
5 wild); a hand is a list of 6 counts; eaten counts per seat are lists of 5 counts by type (a wild
counts as the type it copied). Piles are indexed like :data:`~game.sushi.rules.PILES` (5 = dessert).
"""

from __future__ import annotations

from typing import Sequence

from game.ai.base import style_of
from game.sushi.determinize import (  # noqa: F401  (offered here too: the names live in game.sushi.determinize)
    CARD_INDEX,
    DECK,
    Determinizer,
    InconsistentView,
    Particle,
    counts_of,
)
from game.sushi.rules import (
    CARD_NAMES,
    CHIP_VALUES,
    EAT,
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
#: Action strings by (card index, copied type index): plain cards, then ``wild=<type>``.
EAT_ACTION = {(c, c): CARD_NAMES[c] for c in range(NT)}
EAT_ACTION.update({(WILD_I, t): f"{WILD}={TYPES[t]}" for t in range(NT)})


def cards_of(counts: Sequence[int]) -> tuple[str, ...]:
    """The inverse of :func:`counts_of`, in canonical order."""
    return tuple(CARD_NAMES[i] for i, n in enumerate(counts) for _ in range(n))


def parse_eat(action: str) -> tuple[int, int]:
    """An EAT action -> (card index, type index): ``"wild=salmon" -> (5, 2)``."""
    return CARD_INDEX[eaten_card(action)], CARD_INDEX[eaten_type(action)]


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

    def round_gain_of(self, seat: int, bias: Sequence[float]) -> float:
        """``seat``'s :meth:`round_gains` with each pile's value times ``bias`` (6 factors: the
        five types, then dessert): what a play style makes of the round."""
        n = self.n
        tot = self.tot
        gain = 0.0
        for t in range(NT):
            if award_winner([tot[s][t] for s in range(n)]) == seat:
                gain += self.values[t] * bias[t]
        if award_winner(self.dist) == seat:
            gain += self.values[DESSERT_I] * bias[DESSERT_I]
        return gain

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

    def eat_value(self, seat: int, card: int, t: int, risk: Sequence[float],
                  bias: Sequence[float] | None = None) -> float:
        """Heuristic gain (chip points) of ``seat`` eating ``card`` as type ``t`` now: the change in
        :func:`soft_win` of pile ``t`` times its value, plus the same for dessert when the type is
        new and the card is not a wild. ``bias``: 6 factors on the piles' values (a play style,
        :data:`STYLE_BIAS`), None for none."""
        n = self.n
        tot = self.tot
        values = self.values if bias is None else [v * b for v, b in zip(self.values, bias)]
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

    def best_copy_value(self, seat: int, risk: Sequence[float], plain_only: bool = True,
                        bias: Sequence[float] | None = None) -> float:
        """Best :meth:`eat_value` of a wild for ``seat`` over the types it may copy (0 if none)."""
        plain = self.plain[seat]
        best = 0.0
        for t in range(NT):
            if plain[t] or not plain_only:
                v = self.eat_value(seat, WILD_I, t, risk, bias)
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


#: The play styles (issue 36, item 2) as factors on the six piles' values (the five types, then
#: dessert) in the styled seat's own valuation: a *piles* player hoards majorities (every type a
#: quarter more, dessert little: it eats a type again rather than a new one), a *dessert* player
#: goes for the dessert chip (new types: dessert more than twice its value, the types a little
#: less). Measured to differ (``tests/test_characters.py``) and to keep each level's strength band
#: (``docs/ai_figures.md``, "Characters").
STYLE_BIAS: dict[str, tuple[float, ...]] = {
    "piles": (1.25, 1.25, 1.25, 1.25, 1.25, 0.6),
    "dessert": (0.85, 0.85, 0.85, 0.85, 0.85, 2.4),
}


def style_bias(style: str | None) -> tuple[float, ...] | None:
    """The pile factors of play ``style`` (:data:`STYLE_BIAS`), None for no style.

    Raises:
        ValueError: an unknown style (the message lists the known ones)."""
    return style_of(STYLE_BIAS, style, "Sushi Draft")


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
        bias: 6 factors on the piles' values in the seat's own valuation (a play style:
            :data:`STYLE_BIAS`), None for none; what the left neighbour wants is
            valued without it.
    """

    def __init__(self, noise: float = 0.0, deny_margin: float = 0.35, wild_hold: float = 0.25,
                 bias: Sequence[float] | None = None):
        self.noise = noise
        self.deny_margin = deny_margin
        self.wild_hold = wild_hold
        self.bias = bias

    def eat_scores(self, table: Table, seat: int, risk: Sequence[float]) -> list[tuple[float, tuple[int, int]]]:
        """(score, (card, type)) for every legal eat of ``seat``, without noise."""
        last = table.step >= STEPS - 1
        out = []
        bias = self.bias
        for c, t in table.eat_options(seat):
            v = table.eat_value(seat, c, t, risk, bias)
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
                own = table.best_copy_value(seat, risk, bias=self.bias) + self.wild_hold
                theirs = table.best_copy_value(left, risk) + self.wild_hold
            else:
                own = table.eat_value(seat, c, c, risk, self.bias)
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


def play_out(table: Table, policy: Policy, rand, seat: int, first) -> list[float]:
    """Play ``table``'s round to its end (mutates it) and return each seat's expected chip gain
    (a list of ``table.n`` floats, in chip points).

    Args:
        rand: ``() -> float`` in [0, 1), the policy's noise.
        first: ``seat``'s action in the current phase: (card, type) in an EAT phase, a card index
            in a KEEP phase (None: the policy's too). Every other choice comes from ``policy``."""
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
