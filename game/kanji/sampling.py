"""Kanji-zushi's hidden information for the hard bot, the coach and the reference search (RULES.md
section 3): :class:`HiddenSampler` deals the cards a seat cannot see consistently with its view (its
own hand, the table, the attempts it saw), and :class:`Sim` plays a dealt world out fast with greedy
play; :func:`may_wait` is the hard bot's rule for passing with a valid pair in reach."""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from game.kanji import data as kanji_data
from game.kanji.data import NETA, SHARI, SHARI_DECK
from game.kanji.rules import KANJI_PER_SEAT, TABLE_SLOTS, KanjiState, KanjiView

#: A neta's index in :data:`~game.kanji.data.NETA`, a shari's in :data:`~game.kanji.data.SHARI`.
NETA_INDEX = {name: i for i, name in enumerate(NETA)}
SHARI_INDEX = {name: i for i, name in enumerate(SHARI)}
#: Index used in the compact simulator for an empty table slot (its strokes column is all 0).
_EMPTY = len(SHARI)
_DECK_COUNTS = Counter(SHARI_INDEX[c] for c in SHARI_DECK)


class InconsistentView(ValueError):
    """A view that no deal of the game can explain (only a hand-made one can be like this)."""


class KeyTable:
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
            self.strokes[NETA_INDEX[n]][SHARI_INDEX[s]] = int(formed[(n, s)].strokes or 0)


_KEYS: dict[str, KeyTable] = {}


def key_table(answer_key: str) -> KeyTable:
    """The :class:`KeyTable` of ``answer_key`` (built once per key)."""
    k = _KEYS.get(answer_key)
    if k is None:
        k = _KEYS[answer_key] = KeyTable(answer_key)
    return k


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
        self._valid = key_table(view.answer_key).valid
        # The shari draw pile.
        pile = Counter(_DECK_COUNTS)
        for card in view.table:
            if card is not None:
                pile[SHARI_INDEX[card]] -= 1
        for seat_kanji in view.completed:
            for k in seat_kanji:
                pile[SHARI_INDEX[k.shari]] -= 1
        if any(c < 0 for c in pile.values()) or sum(pile.values()) != view.shari_left:
            raise InconsistentView("the table and completed kanji do not fit the shari deck")
        self.pile_cards = [SHARI[i] for i in sorted(pile.elements())]
        # Each seat's remaining neta.
        self.remaining: list[list[str]] = []
        for seat in range(self.n):
            done = [k.neta for k in view.completed[seat]]
            if len(set(done)) != len(done) or any(d not in NETA_INDEX for d in done):
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
            hands.append(tuple(sorted(best[0], key=NETA_INDEX.__getitem__)))
            decks.append(tuple(best[1]))
        pile = list(self.pile_cards)
        rng.shuffle(pile)
        return Deal(tuple(hands), tuple(decks), tuple(pile))


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
        return cls.build(view.answer_key, view.table, deal.pile, deal.hands, deal.decks, view.completed)

    @classmethod
    def from_state(cls, state: KanjiState) -> "Sim":
        """The position of a full ``state`` (a determinization: every card known)."""
        return cls.build(state.answer_key, state.table, state.shari_pile, state.hands, state.neta_decks,
                         state.completed)

    @classmethod
    def build(cls, answer_key: str, table: Sequence[str | None], pile: Sequence[str], hands: Sequence[Sequence[str]],
              decks: Sequence[Sequence[str]], completed: Sequence[Sequence[Any]]) -> "Sim":
        """A position from its cards by name: the answer key, the table (None: an empty slot), the
        shari pile and each seat's neta deck (top last), the hands and the completed kanji (each
        with its ``strokes``)."""
        sim = cls(key_table(answer_key).strokes, len(hands))
        sim.table = [_EMPTY if s is None else SHARI_INDEX[s] for s in table]
        sim.pile = [SHARI_INDEX[c] for c in reversed(pile)]
        sim.hands = [sorted(NETA_INDEX[c] for c in h) for h in hands]
        sim.decks = [[NETA_INDEX[c] for c in reversed(d)] for d in decks]
        sim.count = [len(k) for k in completed]
        sim.score = [sum(k.strokes for k in ks) for ks in completed]
        sim.biggest = [max((k.strokes for k in ks), default=0) for ks in completed]
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

    def random_playout(self, seat: int, rng: random.Random) -> None:
        """Uniformly random legal play for every seat from ``seat`` (to move) to the end of the game
        (RULES.md §3), in distribution: a seat's legal actions are every distinct (hand neta, table
        shari) attempt and ``pass`` (``L = |hand| x |distinct shari on the table| + 1``, as
        :meth:`KanjiState.legal_actions`); a wrong attempt or a pass leaves the position as it is,
        so each turn the seat completes each of its valid pairs with probability ``1 / L`` and
        otherwise the turn passes with nothing changed (those turns are not built one by one).
        The game ends when every seat has 5 kanji or no seat still playing has a valid pair (the
        dead-table ruling), so every play-out ends."""
        n = self.n
        count = self.count
        strokes = self.strokes
        while True:
            table = self.table
            distinct = {t for t in table if t != _EMPTY}
            valid: list[list[tuple[int, int]]] = []
            any_valid = False
            for s in range(n):
                pairs: list[tuple[int, int]] = []
                if count[s] < KANJI_PER_SEAT:
                    for nt in self.hands[s]:
                        row = strokes[nt]
                        pairs.extend((nt, t) for t in distinct if row[t])
                    any_valid = any_valid or bool(pairs)
                valid.append(pairs)
            if not any_valid:
                return
            width = len(distinct)
            while True:  # turns that change nothing, until a seat completes
                if count[seat] < KANJI_PER_SEAT:
                    pairs = valid[seat]
                    r = rng.randrange(len(self.hands[seat]) * width + 1)
                    if r < len(pairs):
                        nt, t = pairs[r]
                        self.complete(seat, nt, table.index(t))
                        seat = (seat + 1) % n
                        break
                seat = (seat + 1) % n

    def winners(self) -> tuple[int, ...]:
        """Winners by RULES.md §3 scoring: top total, then the biggest single kanji, else shared."""
        top = max(self.score)
        tied = [s for s in range(self.n) if self.score[s] == top]
        if len(tied) == 1:
            return tuple(tied)
        big = max(self.biggest[s] for s in tied)
        return tuple(s for s in tied if self.biggest[s] == big)


def next_active(view: KanjiView, seat: int) -> int:
    """The next seat after ``seat`` still playing (fewer than 5 kanji), in turn order."""
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
