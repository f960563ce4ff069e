"""Kanji-zushi's bots (RULES.md section 3): random, easy, medium, hard.

Every bot reads only its seat's :class:`~game.kanji.rules.KanjiView` (its own hand, the table, every
seat's completed kanji, hand and deck sizes and the public attempt log) plus the public kanji data
of :mod:`game.kanji.data` (which pairs form which character, validity, strokes: a human player
knows kanji too), draws randomness only from its seeded ``random.Random`` and answers one of
``view.legal_actions`` (``"亻+木"`` or ``"pass"``).

* ``random`` — uniform over the legal actions (so mostly wrong attempts, sometimes ``pass``).
* ``easy`` — a learner (:class:`KanjiEasyBot`): with a valid pair in reach it completes one,
  at random leaning to common (low-grade) and big kanji, except that with probability
  ``mistake_rate`` (0.25) it tries a *plausible wrong* pair instead (one that forms a real
  character outside the answer key, e.g. 暘 or 桧); it never tries a pair that forms no
  character, and passes only when it has no valid pair (then it still tries a plausible wrong
  pair with the same probability).
* ``medium`` — greedy (:class:`KanjiMediumBot`): the valid pair with the most strokes now (ties
  at random); passes only when it has no valid pair.
* ``hard`` — determinized Monte Carlo (:class:`KanjiHardBot`): it samples the hidden cards
  consistently with the view (:class:`HiddenSampler`: the shari draw pile = the 46-card deck minus
  the table and every completed shari; each opponent's hand = ``hand_sizes[s]`` of its 10 neta
  minus its completed ones, holding every neta it was seen trying and, softly, with no valid pair
  at the times it passed), then plays each candidate (every distinct valid pair, and waiting) to
  the end of the game with greedy play for every seat (common random numbers for all candidates)
  and scores the real result (win share with the tie-break on the biggest kanji, plus a little
  stroke margin). It may wait (pass with a valid pair in reach) when that scores better, never
  twice on an unchanged table nor as the last seat playing; see the class docstring.
"""

from __future__ import annotations

import random
import time
from bisect import insort
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from game.ai.base import Bot, RandomBot
from game.kanji import data as kanji_data
from game.kanji.data import NETA, SHARI, SHARI_DECK
from game.kanji.rules import KANJI_PER_SEAT, PASS, TABLE_SLOTS, KanjiView, attempt_text

GAME = "kanji-zushi"
#: Default per-decision time budget of the hard bot, in seconds (decisions stay well under 0.5 s).
DEFAULT_TIME_BUDGET_S = 0.15
#: Easy's default probability of trying a plausible wrong pair.
DEFAULT_MISTAKE_RATE = 0.25

_NI = {name: i for i, name in enumerate(NETA)}
_SI = {name: i for i, name in enumerate(SHARI)}
#: Index used in the compact simulator for an empty table slot (its strokes column is all 0).
_EMPTY = len(SHARI)
_DECK_COUNTS = Counter(_SI[c] for c in SHARI_DECK)


class InconsistentView(ValueError):
    """A view that no deal of the game can explain (only a hand-made one can be like this)."""


def _check_options(options: dict[str, Any], known: set[str]) -> None:
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown Kanji-zushi bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known)) or 'none'}")


def _check_view(view: KanjiView) -> None:
    if not view.legal_actions:
        raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")


# -- answer-key tables ----------------------------------------------------------------------------

class _Key:
    """Strokes of every pair under one answer key, indexed for the bots (built once per key).

    Attributes:
        strokes: ``strokes[n][s]`` = stroke count of neta index ``n`` + shari index ``s`` if the
            pair is valid under the key, else 0 (43 shari columns plus one all-0 column ``_EMPTY``).
        valid: the valid (neta name, shari name) pairs.
        plausible_wrong: pairs that form a real character the key rejects (e.g. 日 + 昜 = 暘)."""

    def __init__(self, answer_key: str) -> None:
        formed = kanji_data.formed_pairs()
        self.valid = frozenset(kanji_data.valid_pairs(answer_key))
        self.plausible_wrong = frozenset(p for p in formed if p not in self.valid)
        self.strokes = [[0] * (len(SHARI) + 1) for _ in NETA]
        self.formed = formed
        for (n, s) in self.valid:
            self.strokes[_NI[n]][_SI[s]] = int(formed[(n, s)].strokes or 0)


_KEYS: dict[str, _Key] = {}


def _key(answer_key: str) -> _Key:
    k = _KEYS.get(answer_key)
    if k is None:
        k = _KEYS[answer_key] = _Key(answer_key)
    return k


def valid_options(view: KanjiView) -> list[tuple[int, str, str]]:
    """The distinct valid pairs this seat can complete now, as ``(strokes, neta, shari)``, sorted
    by strokes descending, then neta and shari names (RULES.md §3, "Which kanji are valid";
    answer key ``view.answer_key``). [] if none."""
    key = _key(view.answer_key)
    table = {s for s in view.table if s is not None}
    out = {(key.strokes[_NI[n]][_SI[s]], n, s) for n in view.hand for s in table if (n, s) in key.valid}
    return sorted(out, key=lambda o: (-o[0], o[1], o[2]))


def plausible_wrong_options(view: KanjiView) -> list[tuple[str, str]]:
    """The distinct pairs of this seat's hand and the table that form a real character which the
    answer key rejects (e.g. 日 + 昜 = 暘, not regular-use), sorted by names. [] if none."""
    key = _key(view.answer_key)
    table = {s for s in view.table if s is not None}
    return sorted({(n, s) for n in view.hand for s in table if (n, s) in key.plausible_wrong})


# -- random / easy / medium -----------------------------------------------------------------------

class KanjiRandomBot(RandomBot):
    """Uniform over ``view.legal_actions`` (every hand neta x table shari attempt, and ``pass``)."""

    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng, GAME)


#: Easy's liking of a kanji by KANJIDIC2 grade (1-6 primary school, 8 the rest of the Jōyō list):
#: a learner reaches for the kanji it met first.
_GRADE_WEIGHT = {1: 6.0, 2: 5.0, 3: 4.0, 4: 3.0, 5: 2.0, 6: 2.0, 8: 1.0}


class KanjiEasyBot(Bot):
    """A learner. Contract (RULES.md §3 actions):

    * with probability ``mistake_rate`` (default 0.25), if its hand and the table make any pair
      that forms a real character the answer key rejects (:func:`plausible_wrong_options`), it
      tries one of those, uniformly;
    * otherwise, if it has a valid pair, it completes one at random with weight = (school-grade
      liking: grade 1: 6, 2: 5, 3: 4, 4: 3, 5-6: 2, secondary school: 1) x strokes²: it leans to
      common kanji and to big ones, but does not reliably take the most strokes;
    * otherwise it passes.
    So it never passes while it holds a valid pair, and never tries a pair that forms no character.

    Options: ``mistake_rate`` (float in [0, 1]).

    Raises:
        ValueError: (constructor) unknown option or a ``mistake_rate`` outside [0, 1]."""

    game_name = GAME
    level = "easy"

    def __init__(self, rng: random.Random, mistake_rate: float = DEFAULT_MISTAKE_RATE,
                 **options: Any) -> None:
        _check_options(options, {"mistake_rate"})
        if (isinstance(mistake_rate, bool) or not isinstance(mistake_rate, (int, float))
                or not 0.0 <= mistake_rate <= 1.0):
            raise ValueError(f"mistake_rate must be a number in [0, 1], not {mistake_rate!r}")
        super().__init__(rng)
        self.mistake_rate = float(mistake_rate)

    def choose(self, view: KanjiView) -> str:
        _check_view(view)
        slip = self.rng.random() < self.mistake_rate
        if slip:
            wrong = plausible_wrong_options(view)
            if wrong:
                return attempt_text(*wrong[self.rng.randrange(len(wrong))])
        options = valid_options(view)
        if not options:
            return PASS
        key = _key(view.answer_key)
        weights = [_GRADE_WEIGHT.get(key.formed[(n, s)].grade or 8, 1.0) * strokes * strokes
                   for strokes, n, s in options]
        r = self.rng.random() * sum(weights)
        for (_, n, s), w in zip(options, weights):
            r -= w
            if r < 0:
                return attempt_text(n, s)
        _, n, s = options[-1]
        return attempt_text(n, s)


class KanjiMediumBot(Bot):
    """Greedy: completes the valid pair with the most strokes now (ties broken with the rng);
    passes only when it has no valid pair (RULES.md §3: score = strokes)."""

    game_name = GAME
    level = "medium"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng)

    def choose(self, view: KanjiView) -> str:
        _check_view(view)
        options = valid_options(view)
        if not options:
            return PASS
        top = options[0][0]
        best = [o for o in options if o[0] == top]
        _, n, s = best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
        return attempt_text(n, s)


# -- hidden-information sampler ---------------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """One guess of the hidden cards, consistent with a view (card names).

    Attributes:
        hands: per seat, its hand (the viewing seat's own hand as it is, sorted like the view).
        decks: per seat, its neta deck, top first.
        pile: the shari draw pile, top first (``len == view.shari_left``)."""

    hands: tuple[tuple[str, ...], ...]
    decks: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]


class HiddenSampler:
    """Samples the cards a view hides, consistently with it (RULES.md §3 components and setup).

    * The shari draw pile is the 46-card deck minus the table and every completed shari (wrong
      attempts return their cards), in a uniformly random order.
    * Each seat's remaining neta are its 10 (one of each: the decks are identical) minus its
      completed ones; the viewing seat knows its hand, the rest is its deck in random order.
    * An opponent's hand is ``hand_sizes[s]`` of its remaining neta. Hard evidence: every neta it
      was seen trying (a wrong attempt puts the card beside the shari) and has not completed since
      is still in its hand (a neta leaves a hand only by completing). The other cards are
      exchangeable, so given that evidence the hand is uniform among the hands holding those cards.
      Its history is then rebuilt backwards: at each of its completions one card of the hand just
      after it (not one it was seen holding before) was the card drawn, uniformly; this gives its
      hand at every earlier turn.
    * Soft evidence: a seat that passed most likely had no valid pair with the table of that
      moment. A sampled history in which it had one at ``k`` of its passes is kept with probability
      ``(1 - pass_trust) ** k`` (rejection sampling, at most ``max_tries`` tries per seat; if none
      is kept, the try with the fewest such passes is used).

    Args:
        view: the viewing seat's :class:`~game.kanji.rules.KanjiView`.
        pass_trust: in [0, 1]; 0 ignores passes, 1 trusts them fully (default 0.9).
        max_tries: tries per opponent and deal (default 24).

    Raises:
        InconsistentView: (constructor) card counts that no deal explains (hand-made views only)."""

    def __init__(self, view: KanjiView, pass_trust: float = 0.9, max_tries: int = 24) -> None:
        self.view = view
        self.me = view.seat
        self.n = view.num_seats
        self.pass_trust = float(pass_trust)
        self.max_tries = max(1, int(max_tries))
        self._valid = _key(view.answer_key).valid
        # The shari draw pile.
        pile = Counter(_DECK_COUNTS)
        for card in view.table:
            if card is not None:
                pile[_SI[card]] -= 1
        for seat_kanji in view.completed:
            for k in seat_kanji:
                pile[_SI[k.shari]] -= 1
        if any(c < 0 for c in pile.values()) or sum(pile.values()) != view.shari_left:
            raise InconsistentView("the table and completed kanji do not fit the shari deck")
        self.pile_cards = [SHARI[i] for i in sorted(pile.elements())]
        # Each seat's remaining neta.
        self.remaining: list[list[str]] = []
        for seat in range(self.n):
            done = [k.neta for k in view.completed[seat]]
            if len(set(done)) != len(done) or any(d not in _NI for d in done):
                raise InconsistentView(f"seat {seat} completed a neta twice")
            rem = [c for c in NETA if c not in done]
            if len(rem) != view.hand_sizes[seat] + view.neta_left[seat]:
                raise InconsistentView(f"seat {seat}: hand + deck sizes do not match its completed kanji")
            self.remaining.append(rem)
        own = list(view.hand)
        if (len(set(own)) != len(own) or not set(own) <= set(self.remaining[self.me])
                or len(own) != view.hand_sizes[self.me]):
            raise InconsistentView("the own hand does not fit the own completed kanji")
        # The public log, per seat: completions, wrong attempts (the neta was in hand), passes.
        self.tables = self._table_history(view)
        self.events: list[list[tuple[int, str, str | None]]] = [[] for _ in range(self.n)]
        for a in view.attempts:
            kind = "done" if a.valid else ("pass" if a.neta is None else "tried")
            self.events[a.seat].append((a.turn, kind, a.neta))
        self.forced: list[set[str]] = []
        self._seen_before: list[dict[int, frozenset[str]]] = []
        for seat in range(self.n):
            completed = {k.neta for k in view.completed[seat]}
            # a wrong attempt always names its neta (only a pass has none)
            tried = [(t, neta) for t, kind, neta in self.events[seat] if kind == "tried" and neta is not None]
            forced = {neta for _, neta in tried if neta not in completed}
            if seat != self.me and len(forced) > view.hand_sizes[seat]:
                raise InconsistentView(f"seat {seat} was seen trying more neta than it holds")
            self.forced.append(forced)
            # for each of its completions: the neta it was seen holding before it
            self._seen_before.append({t: frozenset(neta for tt, neta in tried if tt < t)
                                      for t, kind, _ in self.events[seat] if kind == "done"})
        self.last_rejections = 0

    @staticmethod
    def _table_history(view: KanjiView) -> dict[int, tuple[str | None, ...]]:
        """The table just before each attempt (by turn), rebuilt backwards from the current table
        (a valid attempt took its shari from ``slot``; wrong attempts and passes change nothing)."""
        table = list(view.table)
        out: dict[int, tuple[str | None, ...]] = {}
        for a in reversed(view.attempts):
            if a.valid and a.slot is not None and 0 <= a.slot < len(table):
                table[a.slot] = a.shari
            out[a.turn] = tuple(table)
        return out

    def _opponent(self, seat: int, rng: random.Random) -> tuple[list[str], list[str], int]:
        """One try for opponent ``seat``: ``(hand, deck top first, k)``, ``k`` = the passes at
        which the rebuilt hand had a valid pair."""
        rem = self.remaining[seat]
        h = self.view.hand_sizes[seat]
        forced = self.forced[seat]
        free = [c for c in rem if c not in forced]
        rng.shuffle(free)
        cut = h - len(forced)
        hand = sorted(forced) + free[:cut]
        deck = free[cut:]
        bad = 0
        cur = set(hand)
        seen_before = self._seen_before[seat]
        for turn, kind, neta in reversed(self.events[seat]):
            if kind == "done" and neta is not None:  # a completion always names its neta
                # ``cur`` is the hand just after this completion: one of its cards was just drawn
                # (a seat draws at each of its at most 5 completions: its deck holds 5).
                choices = sorted(c for c in cur if c not in seen_before[turn])
                if choices:
                    cur.discard(choices[rng.randrange(len(choices))])
                cur.add(neta)
            elif kind == "pass":
                table = [x for x in self.tables[turn] if x is not None]
                valid = self._valid
                if any((n, t) in valid for n in cur for t in table):
                    bad += 1
        return hand, deck, bad

    def sample(self, rng: random.Random) -> Deal:
        """One deal: ``hands`` / ``decks`` per seat and the shari ``pile`` (see the class doc).
        ``self.last_rejections`` tells how many tries were rejected."""
        hands: list[tuple[str, ...]] = []
        decks: list[tuple[str, ...]] = []
        own_deck = [c for c in self.remaining[self.me] if c not in self.view.hand]
        rng.shuffle(own_deck)
        self.last_rejections = 0
        for s in range(self.n):
            if s == self.me:
                hands.append(tuple(self.view.hand))
                decks.append(tuple(own_deck))
                continue
            best = None
            for _ in range(self.max_tries):
                hand, deck, bad = self._opponent(s, rng)
                if best is None or bad < best[2]:
                    best = (hand, deck, bad)
                if bad == 0 or rng.random() < (1.0 - self.pass_trust) ** bad:
                    best = (hand, deck, bad)
                    break
                self.last_rejections += 1
            assert best is not None
            hands.append(tuple(sorted(best[0], key=_NI.__getitem__)))
            decks.append(tuple(best[1]))
        pile = list(self.pile_cards)
        rng.shuffle(pile)
        return Deal(tuple(hands), tuple(decks), tuple(pile))


# -- compact simulator ------------------------------------------------------------------------------

class Sim:
    """A compact Kanji-zushi position for fast playouts (indices instead of names).

    Built from a view and a :class:`Deal`. Same rules as :class:`~game.kanji.rules.KanjiState`
    (RULES.md §3): completing removes the neta, refills the slot from the pile top (or leaves it
    empty), draws a neta while the deck lasts; seats with 5 kanji are skipped; the game ends when
    all have 5, or when every seat still playing has passed in a row without a completion in
    between (with playout policies that pass only when they cannot complete, this is exactly the
    dead-table end)."""

    __slots__ = ("n", "strokes", "table", "pile", "hands", "decks", "count", "score", "biggest")

    def __init__(self, strokes: list[list[int]], n: int) -> None:
        self.n = n
        self.strokes = strokes
        self.table: list[int] = []
        self.pile: list[int] = []       # top = last element
        self.hands: list[list[int]] = []
        self.decks: list[list[int]] = []  # top = last element
        self.count: list[int] = []
        self.score: list[int] = []
        self.biggest: list[int] = []

    @classmethod
    def from_view(cls, view: KanjiView, deal: Deal) -> "Sim":
        """The position of ``view`` with the hidden cards of ``deal``."""
        sim = cls(_key(view.answer_key).strokes, view.num_seats)
        sim.table = [_EMPTY if s is None else _SI[s] for s in view.table]
        sim.pile = [_SI[c] for c in reversed(deal.pile)]
        sim.hands = [sorted(_NI[c] for c in h) for h in deal.hands]
        sim.decks = [[_NI[c] for c in reversed(d)] for d in deal.decks]
        sim.count = [len(k) for k in view.completed]
        sim.score = [sum(k.strokes for k in ks) for ks in view.completed]
        sim.biggest = [max((k.strokes for k in ks), default=0) for ks in view.completed]
        return sim

    def copy(self) -> "Sim":
        other = Sim(self.strokes, self.n)
        other.table = self.table[:]
        other.pile = self.pile[:]
        other.hands = [h[:] for h in self.hands]
        other.decks = [d[:] for d in self.decks]
        other.count = self.count[:]
        other.score = self.score[:]
        other.biggest = self.biggest[:]
        return other

    def best_pair(self, seat: int) -> tuple[int, int, int]:
        """Greedy choice of ``seat``: ``(strokes, neta, slot)`` of the most-strokes valid pair,
        strokes 0 if none. Ties go to the first neta in NETA order, then the lowest slot."""
        best = (0, -1, -1)
        table = self.table
        for n in self.hands[seat]:
            row = self.strokes[n]
            for slot in range(TABLE_SLOTS):
                v = row[table[slot]]
                if v > best[0]:
                    best = (v, n, slot)
        return best

    def complete(self, seat: int, neta: int, slot: int) -> None:
        """``seat`` completes ``neta`` + the shari in ``slot`` (must be valid)."""
        v = self.strokes[neta][self.table[slot]]
        self.hands[seat].remove(neta)
        self.table[slot] = self.pile.pop() if self.pile else _EMPTY
        if self.decks[seat]:
            insort(self.hands[seat], self.decks[seat].pop())  # hands stay in NETA order
        self.count[seat] += 1
        self.score[seat] += v
        if v > self.biggest[seat]:
            self.biggest[seat] = v

    def playout(self, seat: int, passes: int = 0) -> None:
        """Greedy play for every seat from ``seat`` (to move) to the end. ``passes``: seats still
        playing that already passed in a row, unable to complete, just before (a dead-table
        count)."""
        n = self.n
        count = self.count
        while True:
            active = sum(1 for c in count if c < KANJI_PER_SEAT)
            if active == 0 or passes >= active:
                return
            if count[seat] < KANJI_PER_SEAT:
                v, neta, slot = self.best_pair(seat)
                if v:
                    self.complete(seat, neta, slot)
                    passes = 0
                else:
                    passes += 1
            seat = (seat + 1) % n

    def winners(self) -> tuple[int, ...]:
        """Winners by RULES.md §3 scoring: top total, then the biggest single kanji, else shared."""
        top = max(self.score)
        tied = [s for s in range(self.n) if self.score[s] == top]
        if len(tied) == 1:
            return tuple(tied)
        big = max(self.biggest[s] for s in tied)
        return tuple(s for s in tied if self.biggest[s] == big)


def _next_active(view: KanjiView, seat: int) -> int:
    n = view.num_seats
    for step in range(1, n + 1):
        other = (seat + step) % n
        if len(view.completed[other]) < KANJI_PER_SEAT:
            return other
    return seat


def may_wait(view: KanjiView) -> bool:
    """Whether the hard bot may consider passing although it can complete: another seat still has
    turns (so the table can change while it waits) and some seat completed a kanji since this
    seat's previous action (so it never waits twice on an unchanged table: two waiting seats
    cannot stall the game)."""
    me = view.seat
    if not any(len(view.completed[s]) < KANJI_PER_SEAT for s in range(view.num_seats) if s != me):
        return False
    for a in reversed(view.attempts):
        if a.seat == me:
            return False
        if a.valid:
            return True
    return True


class KanjiHardBot(Bot):
    """Determinized Monte Carlo over the rest of the game (RULES.md §3).

    Candidates: every distinct valid pair this seat can complete now, plus waiting (``pass``) when
    :func:`may_wait` allows it. With no valid pair it passes at once; with one valid pair and no
    waiting allowed it plays it at once. Otherwise, for each world (a :class:`Deal` drawn by
    :class:`HiddenSampler`: pile order, opponents' hands and decks, its own deck order), every
    candidate is played and the game finished with greedy play by every seat (the same world for
    all candidates: common random numbers). A result scores ``1/k`` if this seat is among the k
    winners (total strokes, then the biggest single kanji: RULES.md §3 scoring), plus
    ``margin_weight`` x (own total - the best other total). The completion with the best mean is
    played, unless waiting scores more than it by over ``wait_margin``.

    Is it ever good to wait? Yes: a seat's kanji are capped at 5 but its turns are not, and every
    completion by another seat turns up a new table card at no cost to the waiting seat, so with
    only a weak pair in reach it can pay to let the others move first (the risk: they take the
    shari it wanted, or the table dies before it has its 5). Measured: without waiting this bot
    wins about 56% of 2-seat games against ``medium``, with it about 70%. To keep the game
    finite, it never waits when it is the only seat still playing (nothing could change) nor twice
    on a table nobody changed (:func:`may_wait`), and it never makes a wrong attempt.

    Options:
        time_budget_s: seconds per decision (default 0.15; the clock is checked after each world).
        iterations: if given, exactly this many worlds per decision and no deadline
            (deterministic; the clock then only times the decision for ``"ms"``).
        margin_weight: weight of the stroke margin (default 0.01 per stroke).
        wait_margin: how much better waiting must score than the best completion (default 0).
        pass_trust: how surely a pass means "had no valid pair" (default 0.9, see
            :class:`HiddenSampler`).
        clock: the time source the budget is measured on, ``() -> float`` in seconds (default
            ``time.perf_counter``; tests inject a fake one). Read once before the first world,
            once after each world (unless ``iterations`` is given) and once for ``"ms"``; not
            read for a decision taken without search.

    Attributes:
        last_info: after a search, ``{"worlds", "means" (action -> mean score), "ms"
            (milliseconds on the clock)}``; ``{}`` for a decision taken without search.

    Raises:
        ValueError: (constructor) unknown option or a bad value."""

    game_name = GAME
    level = "hard"
    _OPTIONS = {"time_budget_s", "iterations", "margin_weight", "wait_margin", "pass_trust"}

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 iterations: int | None = None, margin_weight: float = 0.01,
                 wait_margin: float = 0.0, pass_trust: float = 0.9,
                 clock: Callable[[], float] = time.perf_counter, **options: Any) -> None:
        _check_options(options, self._OPTIONS)
        if isinstance(time_budget_s, bool) or not isinstance(time_budget_s, (int, float)) or time_budget_s <= 0:
            raise ValueError(f"time_budget_s must be a positive number of seconds, not {time_budget_s!r}")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a positive integer or None, not {iterations!r}")
        for name, value in (("margin_weight", margin_weight), ("wait_margin", wait_margin)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"{name} must be a number >= 0, not {value!r}")
        if isinstance(pass_trust, bool) or not isinstance(pass_trust, (int, float)) or not 0 <= pass_trust <= 1:
            raise ValueError(f"pass_trust must be a number in [0, 1], not {pass_trust!r}")
        if not callable(clock):
            raise ValueError(f"clock must be a callable returning seconds, not {clock!r}")
        super().__init__(rng)
        self.clock = clock
        self.time_budget_s = float(time_budget_s)
        self.iterations = iterations
        self.margin_weight = float(margin_weight)
        self.wait_margin = float(wait_margin)
        self.pass_trust = float(pass_trust)
        self.last_info: dict = {}

    def choose(self, view: KanjiView) -> str:
        _check_view(view)
        self.last_info = {}
        options = valid_options(view)
        if not options:
            return PASS
        wait = may_wait(view)
        if len(options) == 1 and not wait:
            return attempt_text(options[0][1], options[0][2])
        clock = self.clock
        t0 = clock()
        try:
            sampler = HiddenSampler(view, self.pass_trust)
        except InconsistentView:
            return KanjiMediumBot(self.rng).choose(view)
        me, n = view.seat, view.num_seats
        slots = {}
        for slot, s in enumerate(view.table):
            if s is not None and s not in slots:
                slots[s] = slot
        firsts: list[tuple[int, int] | None] = [(_NI[nn], slots[ss]) for _, nn, ss in options]
        if wait:
            firsts.append(None)
        after = _next_active(view, me)
        sums = [0.0] * len(firsts)
        worlds = 0
        deadline = t0 + self.time_budget_s
        mw = self.margin_weight
        while True:
            deal = sampler.sample(self.rng)
            base = Sim.from_view(view, deal)
            for i, first in enumerate(firsts):
                sim = base.copy()
                if first is not None:
                    sim.complete(me, first[0], first[1])
                # After a wait the table is not dead (this seat can complete), so no pass counts.
                sim.playout(after)
                winners = sim.winners()
                value = (1.0 / len(winners)) if me in winners else 0.0
                other = max(sim.score[s] for s in range(n) if s != me)
                sums[i] += value + mw * (sim.score[me] - other)
            worlds += 1
            if self.iterations is not None:
                if worlds >= self.iterations:
                    break
            elif clock() >= deadline:
                break
        means = [s / worlds for s in sums]
        labels = [attempt_text(nn, ss) for _, nn, ss in options] + ([PASS] if wait else [])
        complete_means = means[:len(options)]
        top = max(complete_means)
        best = [i for i, m in enumerate(complete_means) if m >= top - 1e-12]
        choice = best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
        if wait and means[-1] > top + self.wait_margin:
            choice = len(firsts) - 1
        self.last_info = {"worlds": worlds, "means": dict(zip(labels, means)),
                          "ms": (clock() - t0) * 1000.0}
        return labels[choice]


#: Level -> factory ``(rng, **options) -> Bot`` (see :mod:`game.ai.registry`).
BOTS = {
    "random": KanjiRandomBot,
    "easy": KanjiEasyBot,
    "medium": KanjiMediumBot,
    "hard": KanjiHardBot,
}
