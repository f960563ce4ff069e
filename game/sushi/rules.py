"""Sushi Draft rules (RULES.md section 2): 2-5 seats, simultaneous EAT and KEEP, hidden hands.

Headless (no pygame). The state follows the :mod:`game.core` protocol for simultaneous phases:
in each phase every seat in :meth:`SushiState.to_act` calls ``apply(seat, action)``; the choice
is held hidden (:attr:`SushiState.pending`) until the last pending seat has chosen, then the whole
phase resolves at once (EAT: all eaten cards revealed together; KEEP: everybody keeps one card
and passes the rest to the left, seat i -> seat i+1).

Notation (RULES.md section 2): an EAT action is a card name (``"tuna"``) or ``"wild=tuna"`` for a
wild eaten as a copy of tuna; a KEEP action is a card name.

Hidden information: a seat's hand, the values of the chips it won, the chips left on each pile
(their order) and every choice not yet revealed. :meth:`SushiState.view` builds a fresh
:class:`SushiView` from public data plus the viewing seat's own data only; nothing in it refers
to the state's containers.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from game.core import (
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    RecordError,
    brief_repr,
    require_rng,
)
from game.i18n import _, ngettext
from game.sushi import REGISTRATION
from game.sushi.cards import (  # noqa: F401  (this module's API: the names live in game.sushi.cards)
    CARD_COUNTS,
    CARD_NAMES,
    CHIP_VALUES,
    DESSERT,
    EAT,
    HAND_SIZE,
    KEEP,
    OVER,
    PHASES_PER_ROUND,
    PILES,
    ROUNDS,
    STEPS,
    TYPES,
    WILD,
    decide_award,
    dessert_count,
    eaten_card,
    eaten_type,
    parse_action,
    sort_cards,
    type_counts,
)
from game.sushi.events import Award, AwardEvent, Chosen, Deal, Discard, End, Keep, Pass, Reveal, RoundEnd, SushiEnd
from game.sushi.telling import action_words, award_text, card_name, outcome_text
from game.sushi.view import VIEW_CODEC, SushiView  # noqa: F401  (this module's API too)


class SushiState(GameState):
    """A Sushi Draft position. Build with :meth:`SushiGame.new_state` or :meth:`SushiGame.state_from_setup`.

    Hidden state lives in ``hands``, ``pending``, ``piles`` and ``chips``; :meth:`view` exposes only
    the viewing seat's share of it.

    Events (:mod:`game.sushi.events`; ``events_for(seat)`` redacts them): building the state deals
    round 0 (one private ``sushi.deal`` per seat); every :meth:`apply` emits ``sushi.chosen``; the
    last choice of a phase also emits its resolution: ``sushi.reveal`` (EAT); ``sushi.keep`` and
    ``sushi.pass`` per seat (KEEP), or at hand size 2 ``sushi.discard`` per seat, six
    ``sushi.award``, ``sushi.round_end``, then the next round's ``sushi.deal`` or ``sushi.end``."""

    #: the outcome once over (a world sampled by a search starts without one)
    _outcome: Outcome | None = None

    def __init__(self, game: "SushiGame", deals: Sequence[Sequence[Sequence[str]]],
                 chip_piles: Mapping[str, Sequence[int]]):
        self.game = game
        self.num_seats = len(deals[0])
        self.deals = tuple(tuple(tuple(h) for h in rnd) for rnd in deals)
        self.initial_piles = {p: tuple(chip_piles[p]) for p in PILES}
        self.piles: dict[str, list[int]] = {p: list(chip_piles[p]) for p in PILES}
        self.chips: list[list[tuple[str, int]]] = [[] for _ in range(self.num_seats)]
        self.round = 0
        self.step = 0
        self.phase = EAT
        self.hands: list[list[str]] = []
        self.eaten: list[list[str]] = []
        self.past_eaten: list[tuple[tuple[str, ...], ...]] = []
        self.held_hands: list[list[tuple[str, ...]]] = []
        self.kept: list[list[str]] = []
        self.pending: dict[int, str] = {}
        self.awards: list[Award] = []
        self.phases: list[list[str]] = []
        self.history: list[tuple[int, str]] = []
        self.events = []
        self._outcome = None
        self._start_round()

    # -- flow -------------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.hands = [list(sort_cards(h)) for h in self.deals[self.round]]
        self.eaten = [[] for _ in range(self.num_seats)]
        self.held_hands = [[tuple(h)] for h in self.hands]
        self.kept = [[] for _ in range(self.num_seats)]
        self.step = 0
        self.phase = EAT
        for seat, hand in enumerate(self.hands):
            self.emit(Deal(seat=seat, round=self.round, cards=tuple(hand)))

    def to_act(self) -> tuple[int, ...]:
        if self._outcome:
            return ()
        return tuple(s for s in range(self.num_seats) if s not in self.pending)

    def legal_actions(self, seat: int) -> list[str]:
        if self._outcome or not 0 <= seat < self.num_seats or seat in self.pending:
            return []
        hand = self.hands[seat]
        if self.phase == KEEP:
            return sorted(set(hand))
        actions = {c for c in hand if c != WILD}
        if WILD in hand:
            actions.update(f"{WILD}={t}" for t in {eaten_type(a) for a in self.eaten[seat] if a in TYPES})
        return sorted(actions)

    def apply(self, seat: int, action: str) -> None:
        card, copied = parse_action(action)
        if self._outcome:
            raise IllegalActionError(_("the game is over"))
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            # Translators: {seat} is a seat number given with an action; {last} the highest seat number
            raise IllegalActionError(_("there is no seat {seat} (seats 0..{last})").format(
                seat=repr(seat), last=self.num_seats - 1))
        if seat in self.pending:
            raise IllegalActionError((_("seat {seat} has already chosen in this eat phase") if self.phase == EAT
                                      else _("seat {seat} has already chosen in this keep phase")).format(seat=seat))
        if action not in self.legal_actions(seat):
            raise IllegalActionError(self._why_illegal(seat, card, copied))
        self.pending[seat] = action
        self.history.append((seat, action))
        self.emit(Chosen(seat=seat, round=self.round, step=self.step, phase=self.phase, action=action))
        if len(self.pending) == self.num_seats:
            self._resolve()

    def _why_illegal(self, seat: int, card: str, copied: str | None) -> str:
        hand = self.hands[seat]
        if self.phase == KEEP:
            if copied is not None:
                # Translators: {action} is the notation given (wild=tuna)
                return _("in the keep phase an action is a card name, not {action}").format(action=f"{card}={copied}")
            return _("seat {seat} has no {card} left in hand to keep").format(seat=seat, card=card_name(card))
        if card not in hand:
            return _("seat {seat} has no {card} in hand").format(seat=seat, card=card_name(card))
        if copied is None:
            return _("a wild must be eaten as a copy of a type, e.g. wild=tuna")
        return _("a wild can only copy a type seat {seat} has already eaten this round (no {type} eaten yet)").format(
            seat=seat, type=card_name(copied))

    def _resolve(self) -> None:
        actions = [self.pending[s] for s in range(self.num_seats)]
        self.pending = {}
        self.phases.append(actions)
        if self.phase == EAT:
            for seat, action in enumerate(actions):
                self.hands[seat].remove(eaten_card(action))
                self.eaten[seat].append(action)
            self.emit(Reveal(seat=None, round=self.round, step=self.step, actions=tuple(actions),
                             cards=tuple(eaten_card(a) for a in actions), types=tuple(eaten_type(a) for a in actions)))
            self.phase = KEEP
            return
        # KEEP: keep one card, pass the rest to the left (seat i -> seat i + 1).
        rests = []
        for seat, kept in enumerate(actions):
            rest = list(self.hands[seat])
            rest.remove(kept)
            rests.append(rest)
            self.kept[seat].append(kept)
        if self.step == STEPS - 1:  # hand of 2: the kept card is the last one, discarded
            for seat, kept in enumerate(actions):
                self.emit(Discard(seat=seat, round=self.round, card=kept))
            self._score_round()
            return
        n = self.num_seats
        self.hands = [list(sort_cards([actions[s]] + rests[(s - 1) % n])) for s in range(n)]
        for seat in range(n):
            self.emit(Keep(seat=seat, round=self.round, step=self.step, card=actions[seat],
                           passed=sort_cards(rests[seat]), to_seat=(seat + 1) % n))
        for seat in range(n):
            hand = tuple(self.hands[seat])
            kept_slot = hand.index(actions[seat])
            self.emit(Pass(seat=seat, round=self.round, step=self.step, from_seat=(seat - 1) % n,
                           cards=sort_cards(rests[(seat - 1) % n]), kept=actions[seat], hand=hand,
                           kept_slot=kept_slot, received_slots=tuple(i for i in range(len(hand)) if i != kept_slot)))
        self.step += 1
        self.phase = EAT
        for seat in range(n):
            self.held_hands[seat].append(tuple(self.hands[seat]))

    def _score_round(self) -> None:
        counts = [type_counts(e) for e in self.eaten]
        for pile in PILES:
            if pile == DESSERT:
                per_seat = [dessert_count(e) for e in self.eaten]
            else:
                per_seat = [c[pile] for c in counts]
            award = decide_award(self.round, pile, per_seat, len(self.piles[pile]))
            value = None
            if award.seat is not None:
                value = self.piles[pile].pop(0)
                self.chips[award.seat].append((pile, value))
            self.awards.append(award)
            self.emit(AwardEvent(seat=award.seat, round=self.round, pile=pile, award=award, value=value))
        self.past_eaten.append(tuple(tuple(e) for e in self.eaten))
        self.hands = [[] for _ in range(self.num_seats)]
        self.emit(RoundEnd(seat=None, round=self.round, chips=tuple(tuple(p for p, _ in c) for c in self.chips),
                           points=self.scores()))
        self.round += 1
        if self.round == ROUNDS:  # the last round's eaten cards stay on the table
            self.phase = OVER
            self._end()
            return
        self._start_round()

    def _end(self) -> None:
        totals = self.scores()
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        self._outcome = Outcome.told(winners, SushiEnd.CHIPS, totals, outcome_text, winners=winners, points=best)
        self.emit(End(seat=None, chips=tuple(tuple(c) for c in self.chips), scores=totals, winners=winners))

    # -- queries ----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return self._outcome

    def scores(self) -> tuple[int, ...]:
        """Chip totals so far per seat (RULES.md section 4; includes values hidden from seats)."""
        return tuple(sum(v for _, v in chips) for chips in self.chips)

    def view(self, seat: int) -> SushiView:
        if not isinstance(seat, int) or not 0 <= seat < self.num_seats:
            raise ValueError(f"this game has seats 0..{self.num_seats - 1}, not {seat!r}")
        mine = self.pending.get(seat)
        hand = list(self.hands[seat])
        if mine is not None:
            hand.remove(eaten_card(mine))
        sizes = tuple(len(h) for h in self.hands)
        over = self._outcome is not None
        return SushiView(
            seat=seat,
            num_seats=self.num_seats,
            round=self.round,
            step=self.step,
            phase=self.phase,
            hand=sort_cards(hand),
            my_choice=mine,
            chosen=tuple(sorted(self.pending)),
            hand_sizes=sizes,
            eaten=tuple(tuple(e) for e in self.eaten),
            past_eaten=tuple(self.past_eaten),
            my_hands=tuple(self.held_hands[seat]) if self.held_hands else (),
            my_kept=tuple(self.kept[seat]) if self.kept else (),
            chips=tuple(tuple(p for p, _ in c) for c in self.chips),
            my_chips=tuple(self.chips[seat]),
            piles_left=tuple(len(self.piles[p]) for p in PILES),
            awards=tuple(self.awards),
            to_act=self.to_act(),
            legal_actions=tuple(self.legal_actions(seat)),
            outcome=self._outcome,
            revealed_chips=tuple(tuple(c) for c in self.chips) if over else None,
            phase_index=len(self.phases),
            ply=len(self.history),
        )

    def clone(self) -> "SushiState":
        other = SushiState.__new__(SushiState)
        other.game = self.game
        other.num_seats = self.num_seats
        other.deals = self.deals
        other.initial_piles = self.initial_piles
        other.piles = {p: list(v) for p, v in self.piles.items()}
        other.chips = [list(c) for c in self.chips]
        other.round, other.step, other.phase = self.round, self.step, self.phase
        other.hands = [list(h) for h in self.hands]
        other.eaten = [list(e) for e in self.eaten]
        other.past_eaten = list(self.past_eaten)
        other.held_hands = [list(h) for h in self.held_hands]
        other.kept = [list(k) for k in self.kept]
        other.pending = dict(self.pending)
        other.awards = list(self.awards)
        other.phases = [list(p) for p in self.phases]
        other.history = list(self.history)
        other.events = list(self.events)
        other._outcome = self._outcome
        return other

    def setup(self) -> dict:
        return {
            "players": self.num_seats,
            "deals": [[list(h) for h in rnd] for rnd in self.deals],
            "chips": {p: list(self.initial_piles[p]) for p in PILES},
        }

    def record_actions(self) -> list:
        """Resolved phases only: a phase still collecting hidden choices is not recorded."""
        return [list(p) for p in self.phases]

    def card_count(self) -> Counter:
        """This round's cards by name: in hands + eaten + discarded + undealt (the 32-card deck)."""
        cards = Counter(c for h in self.hands for c in h)
        cards.update(eaten_card(a) for e in self.eaten for a in e)
        if len(self.kept[0]) == STEPS:  # round scored: the last kept card of each seat was discarded
            cards.update(k[-1] for k in self.kept)
        dealt = Counter(c for h in self.deals[min(self.round, ROUNDS - 1)] for c in h)
        cards.update(Counter(CARD_COUNTS) - dealt)
        return cards

    def chip_count(self) -> int:
        """Chips on piles + chips won (always 18)."""
        return sum(len(p) for p in self.piles.values()) + sum(len(c) for c in self.chips)

    def __repr__(self) -> str:
        return (f"SushiState(seats={self.num_seats}, round={self.round}, step={self.step}, "
                f"phase={self.phase}, pending={sorted(self.pending)})")


class SushiGame(Game):
    """Sushi Draft rules (RULES.md section 2)."""

    game_type = REGISTRATION.game_type

    def action_text(self, action: str, unlike: str | None = None) -> str:
        """An EAT or KEEP action in words, in the language in use: ``"tuna"`` -> "tuna",
        ``"wild=tuna"`` -> "a wild as tuna" (the game log's own words); two actions never read the
        same (``unlike`` is not needed)."""
        return action_words(action)

    view_codec = VIEW_CODEC  # (the view's wire form: game.core.Game.view_to_json / view_from_json)

    def public_action(self, action: str, seat: int, viewer: int | None) -> str | None:
        """A choice is put face down: its seat (and a spectator after the game) knows it, every
        other seat only that the seat chose (None; the phase's reveal tells the cards)."""
        return action if viewer is None or viewer == seat else None

    def new_state(self, num_seats: int, rng: random.Random, **options: Any) -> SushiState:
        """Shuffle and deal all three rounds and every chip pile with ``rng`` (stored in the setup).

        Raises:
            ValueError: ``num_seats`` outside 2..5 or any option (Sushi Draft has none)."""
        if not isinstance(num_seats, int) or not self.min_seats <= num_seats <= self.max_seats:
            raise ValueError(f"Sushi Draft is for 2 to 5 seats, not {num_seats!r}")
        if options:
            raise ValueError(f"unknown Sushi Draft option(s): {sorted(options)}")
        rng = require_rng(rng)
        deck = [name for name in CARD_NAMES for _ in range(CARD_COUNTS[name])]
        deals = []
        for _unused in range(ROUNDS):
            cards = list(deck)
            rng.shuffle(cards)
            deals.append([cards[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(num_seats)])
        piles = {}
        for pile in PILES:
            values = list(CHIP_VALUES[pile])
            rng.shuffle(values)
            piles[pile] = values
        return SushiState(self, deals, piles)

    def state_from_setup(self, setup: dict) -> SushiState:
        # The messages reach the replay viewer's screen: translated; the record's own words ("setup",
        # "deals[0]", card names) stay as they are.
        if not isinstance(setup, dict):
            raise RecordError(_("setup is not an object"))
        n = setup.get("players")
        if not isinstance(n, int) or isinstance(n, bool) or not self.min_seats <= n <= self.max_seats:
            # Translators: "setup players" names a field of a game record; {found} is its value
            raise RecordError(_("setup players must be an integer 2..5, not {found}").format(found=brief_repr(n)))
        deals = setup.get("deals")
        if not isinstance(deals, list) or len(deals) != ROUNDS:
            raise RecordError(_("setup deals must be a list of 3 rounds"))
        for r, rnd in enumerate(deals):
            if not isinstance(rnd, list) or len(rnd) != n:
                # Translators: {field} names a field of a game record (deals[0])
                raise RecordError(ngettext("setup {field} must hold {n} hand", "setup {field} must hold {n} hands",
                                           n).format(field=f"deals[{r}]", n=n))
            for s, hand in enumerate(rnd):
                if (not isinstance(hand, list) or len(hand) != HAND_SIZE
                        or not all(isinstance(c, str) and c in CARD_COUNTS for c in hand)):
                    # Translators: {field} names a field of a game record (deals[0][1])
                    raise RecordError(_("setup {field} must be a list of 6 card names").format(field=f"deals[{r}][{s}]"))
            used = Counter(c for hand in rnd for c in hand)
            for name, count in used.items():
                if count > CARD_COUNTS[name]:
                    # Translators: {field} names a field of a game record (deals[0]); {card} a card's
                    # notation name (tuna); {have} how many of it the deck has
                    raise RecordError(_("setup {field} deals {count} {card}, the deck has {have}").format(
                        field=f"deals[{r}]", count=count, card=name, have=CARD_COUNTS[name]))
        chips = setup.get("chips")
        if not isinstance(chips, dict) or set(chips) != set(PILES):
            # Translators: {piles} lists the pile names of the record notation (tuna, shrimp, ...)
            raise RecordError(_("setup chips must have exactly the piles {piles}").format(piles=", ".join(PILES)))
        for pile in PILES:
            values = chips[pile]
            if not isinstance(values, list) or sorted(v for v in values if type(v) is int) != sorted(CHIP_VALUES[pile]) \
                    or len(values) != len(CHIP_VALUES[pile]):
                # Translators: {field} names a field of a game record (chips['tuna']); {values} a list of numbers
                raise RecordError(_("setup {field} must be an ordering of {values}").format(
                    field=f"chips[{pile!r}]", values=list(CHIP_VALUES[pile])))
        return SushiState(self, deals, chips)

    def replay_steps(self, record_actions: object, setup: dict | None = None) -> list[list[tuple[int, str]]]:
        """Each phase of the record (a list of N action strings in seat order) is one step.

        Raises:
            RecordError: a phase is not a list of strings, or does not hold one action per seat
                (N from ``setup["players"]``; without a setup, phases must all have one length)."""
        if not isinstance(record_actions, list):
            raise RecordError(_("actions is not a list"))
        width = setup.get("players") if isinstance(setup, dict) else None
        steps = []
        for i, phase in enumerate(record_actions):
            if not isinstance(phase, list) or not phase or not all(isinstance(a, str) for a in phase):
                # Translators: {index} is the number of an action of a game record
                raise RecordError(_("action {index} must be a list of action strings, one per seat").format(index=i))
            if width is not None and len(phase) != width:
                # Translators: {index} is the number of an action of a game record
                raise RecordError(ngettext("action {index} has {count} actions for {n} seat",
                                           "action {index} has {count} actions for {n} seats", width)
                                  .format(index=i, count=len(phase), n=width))
            width = len(phase)
            steps.append([(seat, a) for seat, a in enumerate(phase)])
        return steps


SUSHI = SushiGame()

__all__ = [
    "Award", "CARD_COUNTS", "CARD_NAMES", "CHIP_VALUES", "DESSERT", "PILES", "ROUNDS", "SUSHI",
    "STEPS", "SushiGame", "SushiState", "SushiView", "TYPES", "WILD", "award_text", "decide_award",
    "dessert_count", "eaten_card", "eaten_type", "parse_action", "sort_cards", "type_counts",
]
