"""Kanji-zushi rules (RULES.md section 3): 2-6 seats take turns completing kanji, hidden hands.

Headless (no pygame). Which character a neta (left) + shari (right) pair forms, whether it is a
regular-use (Jōyō) kanji and its stroke count all come from :mod:`game.kanji.data`.

Flow (RULES.md §3): the 46-card shari deck is shuffled and its top 6 cards are laid face up in
table slots 0..5 (two rows of 3 in the UI); every seat shuffles its own 10-card neta deck and
draws 5. Seat 0 starts. On its turn the seat to move makes one action:

* an attempt ``"<neta>+<shari>"`` (e.g. ``"亻+木"``; the right part of 後 is the card name
  ``"⿱幺夂"``) with a neta from its hand and a shari card on the table. If the pair forms a kanji
  the answer key accepts, the seat keeps both cards face up as a completed kanji, the table slot
  the shari came from is refilled from the top of the shari deck (it stays empty once the deck is
  exhausted) and the seat draws 1 neta (if its deck has any left). Otherwise both cards go back
  and the turn simply ends;
* ``"pass"``, which has the same effect as a wrong attempt (RULES.md §3 ruling).

Play passes clockwise (seat i -> i+1), skipping seats with 5 completed kanji. The game ends when
every seat has 5 kanji (reason ``"all-complete"``) or, by the dead-table ruling, as soon as no seat
that still has turns can complete any valid kanji from its own hand and the current table (reason
``"dead-table"``; checked at setup and after every action). Score = summed KANJIDIC2 stroke counts;
a tie on the total goes to the tied seat with the single kanji of most strokes, and if that ties
too the tied seats share the win (:mod:`game.kanji.scoring`; :class:`TieBreak` says what happened).

Hidden information: each seat's hand and every deck order (the neta decks and the shari draw
pile). :meth:`KanjiState.view` builds a fresh :class:`KanjiView` from public data plus the viewing
seat's own hand; nothing in it refers to the state's containers. Attempts (right or wrong) are
public: the cards are put side by side on the table.

Events (issue 9 §1): every :meth:`KanjiState.apply` appends to ``state.events`` what it did, as the
records of :mod:`game.kanji.events` (attempt formed / wrong / pass, refill or empty slot, neta
draw with the card secret to the drawer, a seat finished, the end); read them per seat with
:meth:`~game.core.GameState.events_for`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.core import (
    ActionError,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    RecordError,
    brief_repr,
    require_rng,
)
from game.i18n import _, ngettext, pgettext
from game.kanji import REGISTRATION
from game.kanji.data import ANSWER_KEYS, GO_RIGHT, NETA, SHARI_DECK, Formed
from game.kanji.events import (
    ALL_COMPLETE,
    DEAD_TABLE,
    NO_CHARACTER,
    NOT_IN_KEY,
    NOT_JOYO,
    GameEnded,
    KanjiEnd,
    KanjiFormed,
    KanjiWrong,
    NetaDrawn,
    Passed,
    SeatFinished,
    SlotLeftEmpty,
    SlotRefilled,
    TieBreak,
)
from game.kanji.pairs import (  # noqa: F401  (this module's API: the names live in game.kanji.pairs)
    HAND_SIZE,
    JOIN,
    KANJI_PER_SEAT,
    PASS,
    SHARI_COUNTS,
    TABLE_SLOTS,
    Attempt,
    Completed,
    attempt_text,
    judge,
    parse_action,
    sort_hand,
    valid_set,
    verdict_text,
)
from game.kanji.codec import VIEW_CODEC
from game.kanji.scoring import final_result, stroke_totals
from game.kanji.telling import outcome_text
from game.kanji.view import (  # noqa: F401  (this module's API: the names live in game.kanji.view)
    KanjiView,
)


class KanjiState(GameState):
    """A Kanji-zushi position. Build with :meth:`KanjiGame.new_state` or
    :meth:`KanjiGame.state_from_setup`.

    Attributes (mutable; read them, change them only in tests):
        shari_order: the whole shuffled shari deck of the setup (46, top first).
        neta_orders: each seat's shuffled neta deck of the setup (10, top first).
        answer_key: ``"joyo"`` or ``"rulebook"``.
        table: the 6 slots (card name or None). shari_pile: the draw pile, top first.
        hands: per seat, its neta cards in hand (canonical order).
        neta_decks: per seat, the neta cards left in its deck, top first.
        completed: per seat, its :class:`Completed` kanji. attempts: the :class:`Attempt` log.
        to_move: the seat to act (None once over). history: (seat, action) applied so far.
        tie_break: the :class:`TieBreak` once over with a tie on the top total, else None.
        events: the event log (:mod:`game.kanji.events`; a dead table at set-up already ends
            the game with a :class:`~game.kanji.events.GameEnded`).
        log_events: True (the default) to log events; False skips building them (positions are
            the same either way). For throw-away states that replay or search many actions:
            ``clone(log_events=False)``; :meth:`KanjiGame.replay_steps` uses it for its scratch
            state. Set it before the first action: a log with gaps tells wrong stories.
    """

    #: the outcome once over (a world sampled by a search starts without one)
    _outcome: Outcome | None = None

    log_events: bool = True

    def __init__(self, game: KanjiGame, shari: Sequence[str], neta: Sequence[Sequence[str]],
                 answer_key: str = "joyo"):
        self.game = game
        self.num_seats = len(neta)
        self.answer_key = answer_key
        self.shari_order = tuple(shari)
        self.neta_orders = tuple(tuple(deck) for deck in neta)
        self.table: list[str | None] = list(self.shari_order[:TABLE_SLOTS])
        self.shari_pile: list[str] = list(self.shari_order[TABLE_SLOTS:])
        self.hands: list[list[str]] = [list(sort_hand(d[:HAND_SIZE])) for d in self.neta_orders]
        self.neta_decks: list[list[str]] = [list(d[HAND_SIZE:]) for d in self.neta_orders]
        self.completed: list[list[Completed]] = [[] for _ in range(self.num_seats)]
        self.attempts: list[Attempt] = []
        self.history: list[tuple[int, str]] = []
        self.to_move: int | None = 0
        self.tie_break: TieBreak | None = None
        self._outcome = None
        self.events = []
        self.log_events = True
        self._check_end()

    # -- protocol ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self._outcome or self.to_move is None else (self.to_move,)

    def legal_actions(self, seat: int) -> list[str]:
        """Every distinct (hand neta, table shari) attempt plus ``"pass"``, sorted by code point
        (RULES.md §4: a wrong attempt is legal, it just ends the turn); [] if ``seat`` is not to act."""
        if self._outcome or seat != self.to_move or type(seat) is not int:
            return []
        shari = {s for s in self.table if s is not None}
        actions = {attempt_text(n, s) for n in self.hands[seat] for s in shari}
        actions.add(PASS)
        return sorted(actions)

    def apply(self, seat: int, action: str) -> None:
        """Apply ``seat``'s attempt or pass (RULES.md §3, a turn) and emit its events (see
        :mod:`game.kanji.events` for which, in which order).

        Raises:
            InvalidActionError: malformed text (see :func:`parse_action`).
            IllegalActionError: game over, no such seat, not this seat's turn, neta not in its
                hand, or shari not on the table."""
        pair = parse_action(action)
        if self._outcome:
            raise IllegalActionError(_("the game is over"))
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            raise IllegalActionError(_("there is no seat {seat} (seats 0..{last})").format(
                seat=repr(seat), last=self.num_seats - 1))
        if seat != self.to_move:
            raise IllegalActionError(_("it is seat {turn}'s turn, not seat {seat}'s").format(turn=self.to_move, seat=seat))
        turn = len(self.history)
        if pair is None:
            entry = Attempt(turn, seat, PASS, None, None, None, None, False, _("passed"), None, None)
            if self.log_events:
                self.emit(Passed(seat=seat, ply=turn))
        else:
            neta, shari = pair
            if neta not in self.hands[seat]:
                raise IllegalActionError(_("seat {seat} has no {card} in hand").format(seat=seat, card=neta))
            if shari not in self.table:
                # Translators: {card} is a shari card
                raise IllegalActionError(_("no {card} on the table").format(card=shari))
            slot = self.table.index(shari)
            formed, valid, why = judge(neta, shari, self.answer_key)
            refill = None
            if valid:
                assert formed is not None and formed.strokes is not None
                self.hands[seat].remove(neta)
                refill = self.shari_pile.pop(0) if self.shari_pile else None
                self.table[slot] = refill
                drawn = self.neta_decks[seat].pop(0) if self.neta_decks[seat] else None
                if drawn is not None:
                    self.hands[seat] = list(sort_hand(self.hands[seat] + [drawn]))
                self.completed[seat].append(Completed(formed.char, formed.strokes, neta, shari, turn))
                if self.log_events:
                    self._tell_formed(seat, formed, slot, refill, drawn)
            elif self.log_events:
                reason = NO_CHARACTER if formed is None else NOT_JOYO if not formed.joyo else NOT_IN_KEY
                self.emit(KanjiWrong(seat=seat, ply=turn, neta=neta, shari=shari, slot=slot,
                                     char=formed.char if formed else None,
                                     strokes=formed.strokes if formed else None, reason=reason, why=why))
            entry = Attempt(turn, seat, action, neta, shari, formed.char if formed else None,
                            formed.strokes if formed else None, valid, why, slot, refill)
        self.attempts.append(entry)
        self.history.append((seat, action))
        self.to_move = self._next_seat(seat)
        self._check_end()

    def _tell_formed(self, seat: int, formed: Formed, slot: int, refill: str | None,
                     drawn: str | None) -> None:
        """Emit the events of ``seat``'s valid attempt, after it was applied: the kanji, the
        refill (or empty slot), the draw, and the fifth kanji."""
        done = self.completed[seat]
        last = done[-1]
        score = sum(k.strokes for k in done)
        self.emit(KanjiFormed(seat=seat, ply=last.turn, neta=last.neta, shari=last.shari, slot=slot,
                              char=last.char, strokes=last.strokes, meanings=formed.meanings,
                              on=formed.on, kun=formed.kun, grade=formed.grade, count=len(done),
                              score=score))
        self.emit(SlotRefilled(slot=slot, card=refill, shari_left=len(self.shari_pile))
                  if refill is not None else SlotLeftEmpty(slot=slot))
        if drawn is not None:
            self.emit(NetaDrawn(seat=seat, card=drawn, neta_left=len(self.neta_decks[seat])))
        if len(done) == KANJI_PER_SEAT:
            self.emit(SeatFinished(seat=seat, kanji=tuple(k.char for k in done), score=score))

    def _active(self, seat: int) -> bool:
        return len(self.completed[seat]) < KANJI_PER_SEAT

    def _next_seat(self, seat: int) -> int | None:
        """The next seat clockwise after ``seat`` that still has turns (``seat`` itself last)."""
        for step in range(1, self.num_seats + 1):
            other = (seat + step) % self.num_seats
            if self._active(other):
                return other
        return None

    def can_complete(self, seat: int) -> bool:
        """Whether ``seat`` could complete a valid kanji now from its hand and the table
        (hidden information: for the rules and tests, never shown in a view)."""
        valid = valid_set(self.answer_key)
        shari = {s for s in self.table if s is not None}
        return any((n, s) in valid for n in self.hands[seat] for s in shari)

    def _check_end(self) -> None:
        """End the game when every seat has 5 kanji, or on a dead table (RULES.md §3 ruling)."""
        active = [s for s in range(self.num_seats) if self._active(s)]
        if not active:
            self._end(ALL_COMPLETE)
        elif not any(self.can_complete(s) for s in active):
            self._end(DEAD_TABLE)

    def _end(self, reason: KanjiEnd) -> None:
        """Set the Outcome (:func:`~game.kanji.scoring.final_result`: who wins, the tie-break)
        and emit :class:`~game.kanji.events.GameEnded`."""
        result = final_result(self.completed)
        winners = result.winners
        self.tie_break = result.tie_break
        self.to_move = None
        self._outcome = Outcome.told(winners, reason, result.totals, outcome_text, reason=reason,
                                     result=result.decided, tied=result.tied, winners=winners,
                                     total=result.top, best=result.best, char=result.char)
        if self.log_events:
            self.emit(GameEnded(reason=reason, result=result.decided, winners=winners, scores=result.totals,
                                tie_break=self.tie_break))

    # -- queries ----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return self._outcome

    def scores(self) -> tuple[int, ...]:
        """Stroke totals of each seat's completed kanji (RULES.md §4)."""
        return stroke_totals(self.completed)

    def view(self, seat: int) -> KanjiView:
        """``seat``'s view. Raises ``ValueError`` for a seat outside 0..N-1."""
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            raise ValueError(f"this game has seats 0..{self.num_seats - 1}, not {seat!r}")
        return KanjiView(
            seat=seat,
            ply=len(self.history),
            num_seats=self.num_seats,
            hand=sort_hand(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            neta_left=tuple(len(d) for d in self.neta_decks),
            shari_left=len(self.shari_pile),
            table=tuple(self.table),
            completed=tuple(tuple(k) for k in self.completed),
            attempts=tuple(self.attempts),
            to_move=self.to_move,
            to_act=self.to_act(),
            legal_actions=tuple(self.legal_actions(seat)),
            answer_key=self.answer_key,
            outcome=self._outcome,
            tie_break=self.tie_break,
        )

    def clone(self, log_events: bool | None = None) -> KanjiState:
        """An independent copy (its own event log, a copy of this one's).

        ``log_events``: the copy's :attr:`log_events` (default: this state's); False for a
        throw-away copy that applies many actions (search, replays): same positions, no events
        built for them (the copy's log keeps the events so far)."""
        other = KanjiState.__new__(KanjiState)
        other.game = self.game
        other.num_seats = self.num_seats
        other.answer_key = self.answer_key
        other.shari_order = self.shari_order
        other.neta_orders = self.neta_orders
        other.table = list(self.table)
        other.shari_pile = list(self.shari_pile)
        other.hands = [list(h) for h in self.hands]
        other.neta_decks = [list(d) for d in self.neta_decks]
        other.completed = [list(k) for k in self.completed]
        other.attempts = list(self.attempts)
        other.history = list(self.history)
        other.to_move = self.to_move
        other.tie_break = self.tie_break
        other._outcome = self._outcome
        other.events = list(self.events)
        other.log_events = self.log_events if log_events is None else log_events
        return other

    def setup(self) -> dict:
        return {
            "players": self.num_seats,
            "shari": list(self.shari_order),
            "neta": [list(d) for d in self.neta_orders],
            "answer_key": self.answer_key,
        }

    def record_actions(self) -> list:
        """The actions in turn order (RULES.md §4)."""
        return [a for _, a in self.history]

    def __repr__(self) -> str:
        return (f"KanjiState(seats={self.num_seats}, turn={len(self.history)}, to_move={self.to_move}, "
                f"table={self.table}, kanji={[len(k) for k in self.completed]})")


class KanjiGame(Game):
    """Kanji-zushi rules (RULES.md section 3)."""

    game_type = REGISTRATION.game_type

    def action_text(self, action: str, unlike: str | None = None) -> str:
        """A pair's notation as it is (``"亻+木"``, RULES.md section 3), a pass in words, in the
        language in use (the coach's "the hard AI prefers passing"); two actions never read the
        same (``unlike`` is not needed)."""
        if action == PASS:
            # Translators: the pass action, in the coach's "the hard AI prefers {best}"
            return pgettext("coach action", "passing")
        return action

    view_codec = VIEW_CODEC  # (the view's wire form: game.core.Game.view_to_json / view_from_json)

    def new_state(self, num_seats: int, rng: random.Random, **options: Any) -> KanjiState:
        """Shuffle the shari deck, then each seat's neta deck (seat order), with ``rng``.

        Options: ``answer_key`` — ``"joyo"`` (default) or ``"rulebook"`` (RULES.md §3).

        Raises:
            ValueError: ``num_seats`` outside 2..6 (bools rejected), unknown option or answer key."""
        if type(num_seats) is not int or not self.min_seats <= num_seats <= self.max_seats:
            raise ValueError(f"Kanji-zushi is for 2 to 6 seats, not {num_seats!r}")
        answer_key = options.pop("answer_key", "joyo")
        if options:
            raise ValueError(f"unknown Kanji-zushi option(s): {sorted(options)}")
        if answer_key not in ANSWER_KEYS:
            raise ValueError(f"answer_key must be one of {', '.join(ANSWER_KEYS)}, not {answer_key!r}")
        rng = require_rng(rng)
        shari = list(SHARI_DECK)
        rng.shuffle(shari)
        neta = []
        for _unused in range(num_seats):
            deck = list(NETA)
            rng.shuffle(deck)
            neta.append(deck)
        return KanjiState(self, shari, neta, answer_key)

    def state_from_setup(self, setup: dict) -> KanjiState:
        """Check a record's setup strictly and build the initial state.

        Raises:
            RecordError: not an object, missing or unknown keys, ``players`` not an int 2..6
                (bools rejected), ``shari`` not a permutation of the 46-card deck, ``neta`` not
                N permutations of the 10 neta, ``answer_key`` not "joyo" / "rulebook"."""
        if not isinstance(setup, dict):
            raise RecordError(_("setup is not an object"))
        keys = {"players", "shari", "neta", "answer_key"}
        missing = sorted(keys - set(setup))
        if missing:
            # Translators: {keys} lists field names of a game record (kept in English)
            raise RecordError(_("setup is missing {keys}").format(keys=", ".join(missing)))
        unknown = sorted(k if isinstance(k, str) and k.isprintable() and len(k) <= 30 else brief_repr(k, 30)
                         for k in set(setup) - keys)
        if unknown:
            raise RecordError(_("setup has unknown key(s) {keys}").format(
                keys=", ".join(unknown[:5]) + (", …" if len(unknown) > 5 else "")))
        n = setup["players"]
        if type(n) is not int or not self.min_seats <= n <= self.max_seats:
            raise RecordError(_("setup players must be an integer 2..6, not {found}").format(found=brief_repr(n)))
        shari = setup["shari"]
        if (not isinstance(shari, list) or len(shari) != len(SHARI_DECK)
                or not all(isinstance(c, str) for c in shari) or Counter(shari) != SHARI_COUNTS):
            raise RecordError(_("setup shari must be an ordering of the {n}-card shari deck").format(n=len(SHARI_DECK)))
        neta = setup["neta"]
        if not isinstance(neta, list) or len(neta) != n:
            raise RecordError(ngettext("setup neta must be a list of {n} deck, one per player",
                                       "setup neta must be a list of {n} decks, one per player", n).format(n=n))
        for s, deck in enumerate(neta):
            if (not isinstance(deck, list) or len(deck) != len(NETA)
                    or not all(isinstance(c, str) for c in deck) or sorted(deck) != sorted(NETA)):
                # Translators: {field} names a field of a game record (neta[0]); {cards} lists the neta cards
                raise RecordError(_("setup {field} must be an ordering of the 10 neta ({cards})").format(
                    field=f"neta[{s}]", cards=" ".join(NETA)))
        key = setup["answer_key"]
        if not isinstance(key, str) or key not in ANSWER_KEYS:
            raise RecordError(_("setup answer_key must be \"joyo\" or \"rulebook\", not {found}").format(found=brief_repr(key)))
        return KanjiState(self, shari, neta, key)

    def replay_steps(self, record_actions: object, setup: dict | None = None) -> list[list[tuple[int, str]]]:
        """One step ``[(seat, action)]`` per action, the seat being the one whose turn it is.

        Seats with 5 kanji are skipped, so the seat of action i depends on the earlier actions:
        this replays them on a scratch state built from ``setup``. At the first action that
        state rejects, the list stops with that bad step (seat = the seat to move then, or the
        last seat that moved once the game is over), so that :func:`game.core.apply_step` raises
        the same error with that index; later actions are not returned.

        Raises:
            RecordError: ``setup`` missing or malformed, actions not a list, an action not a string."""
        if not isinstance(record_actions, list):
            raise RecordError(_("actions is not a list"))
        for i, action in enumerate(record_actions):
            if not isinstance(action, str):
                raise RecordError(_("action {index} is not a string: {found}").format(index=i, found=brief_repr(action)))
        if setup is None:
            raise RecordError(_("Kanji-zushi needs the record's setup to know whose turn each action is"))
        scratch = self.state_from_setup(setup).clone(log_events=False)
        steps: list[list[tuple[int, str]]] = []
        for action in record_actions:
            if scratch.to_move is not None:
                seat = scratch.to_move
            else:
                seat = scratch.history[-1][0] if scratch.history else 0
            steps.append([(seat, action)])
            try:
                scratch.apply(seat, action)
            except ActionError:
                break
        return steps


KANJI = KanjiGame()

__all__ = [
    "ALL_COMPLETE",
    "DEAD_TABLE",
    "GO_RIGHT",
    "HAND_SIZE",
    "KANJI",
    "KANJI_PER_SEAT",
    "PASS",
    "TABLE_SLOTS",
    "Attempt",
    "Completed",
    "KanjiGame",
    "KanjiState",
    "KanjiView",
    "TieBreak",
    "attempt_text",
    "judge",
    "parse_action",
    "sort_hand",
]
