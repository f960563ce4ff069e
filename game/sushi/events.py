"""Sushi Draft events and their sentences (RULES.md section 2), plus the :class:`Award` record.

Headless (no pygame). :class:`game.sushi.rules.SushiState` emits these with ``self.emit`` as actions are
applied; read them per seat with :meth:`game.core.GameState.events_for`. Who may see what
(RULES.md section 2, hidden information):

============================  ======  =======================================================
kind                          seat    visibility
============================  ======  =======================================================
``sushi.deal``                owner   PRIVATE: the hand dealt at the start of a round
``sushi.chosen``              chooser public that it chose; ``action`` SECRET until resolved
``sushi.reveal``              None    public: every seat's eaten card (wilds with their type)
``sushi.keep``                keeper  PRIVATE: the card kept and the cards passed on
``sushi.pass``                receiver PRIVATE: the cards received, from whom, the new hand
``sushi.discard``             owner   PRIVATE: the last card of a round (hand of 2), discarded
``sushi.award``               winner  public reasoning (:class:`Award`); ``value`` SECRET
``sushi.round_end``           None    public chip counts; each seat sees only its own points
``sushi.end``                 None    public: every chip's value, the totals, the winners
============================  ======  =======================================================

Every sentence is one whole template per kind (and per variant, e.g. redacted or not) with named
placeholders, looked up in the catalogs of :mod:`game.i18n` at the moment it is told
(:data:`TEMPLATES`, :data:`AWARD_TEMPLATES`); lists of seats or cards fill one placeholder
(``"Aiko, Ben and Chie"``, joined by :func:`game.core.join_list`). Seat names come from
``names[seat]`` and may be the person's own, "You" (:func:`game.core.is_you`): a sentence whose
subject is that seat takes its second-person template (``<key>/you``, "You are the only one ...
and win the chip"), never a verb form glued in. Card and pile names are whole words of their own
(:data:`CARD_WORDS`, :data:`PILE_TITLES`, :data:`PILE_UNITS`). Rounds and steps are 0-based in
fields and 1-based in sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from game.core import Event


class SushiEnd(StrEnum):
    """Why a Sushi Draft game ended (RULES.md §2): the :class:`~game.core.Outcome`'s reason."""

    CHIPS = "chips"  #: the third round was scored: the most chip points win


# --- shared wording helpers -------------------------------------------------------------------


# --- the award record ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Award:
    """How one pile's chip was decided at the end of a round (public information).

    Attributes:
        round: round index (0-2).
        pile: one of :data:`game.sushi.rules.PILES`.
        counts: per seat, cards of that type eaten (dessert: number of types eaten).
        groups: ``(count, seats)`` for every count >= 1, largest first.
        seat: the seat that won the pile's top chip, or None (chip stays on the pile).
        skipped: the tied groups passed over before the winner (or all groups when no winner).
        empty: True if the pile had no chip left (cannot happen with 3 rounds; kept for safety).
    """

    round: int
    pile: str
    counts: tuple[int, ...]
    groups: tuple[tuple[int, tuple[int, ...]], ...]
    seat: int | None
    skipped: tuple[tuple[int, tuple[int, ...]], ...]
    empty: bool = False


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Event):
    """A round's hand dealt to ``seat`` (PRIVATE; RULES.md section 2, a round, step 1).

    Emitted for every seat when the state is built (round 0) and when a round starts.

    Attributes:
        round: 0-2.
        cards: the 6 cards dealt, in canonical order (:func:`game.sushi.rules.sort_cards`).
    """

    KIND: ClassVar[str] = "sushi.deal"
    PRIVATE: ClassVar[bool] = True
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int
    round: int
    cards: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Chosen(Event):
    """``seat`` put a card face down in an EAT or KEEP phase (RULES.md section 2, steps 2 and 4).

    That it chose is public; what it chose is SECRET (only ``seat`` sees ``action``).

    Attributes:
        round: 0-2. step: 0-4 (hand size 6 - step).
        phase: ``"eat"`` or ``"keep"``.
        action: the action string (``"tuna"``, ``"wild=tuna"``), or None when redacted.
    """

    KIND: ClassVar[str] = "sushi.chosen"
    SECRET: ClassVar[frozenset[str]] = frozenset({"action"})

    seat: int
    round: int
    step: int
    phase: str
    action: str | None


@dataclass(frozen=True, kw_only=True)
class Reveal(Event):
    """Every eaten card of an EAT phase turned face up at once (public; RULES.md section 2, step 3).

    Attributes:
        round: 0-2. step: 0-4.
        actions: per seat, its EAT action (``"wild=tuna"`` for a wild eaten as tuna).
        cards: per seat, the physical card (``"wild"`` for a wild).
        types: per seat, the type it counts as (a wild's declared type).
    """

    KIND: ClassVar[str] = "sushi.reveal"
    IRREVERSIBLE: ClassVar[bool] = True

    round: int
    step: int
    actions: tuple[str, ...]
    cards: tuple[str, ...]
    types: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Keep(Event):
    """``seat`` kept ``card`` and passed the rest of its hand to the left (PRIVATE; RULES.md
    section 2, steps 4-5). Not emitted at hand size 2 (see :class:`Discard`).

    Attributes:
        round: 0-2. step: 0-3 (the step whose KEEP resolved).
        card: the card kept (it stays in ``seat``'s next hand).
        passed: the cards handed on, in canonical order.
        to_seat: the receiver (``(seat + 1) % N``).
    """

    KIND: ClassVar[str] = "sushi.keep"
    PRIVATE: ClassVar[bool] = True

    seat: int
    round: int
    step: int
    card: str
    passed: tuple[str, ...]
    to_seat: int


@dataclass(frozen=True, kw_only=True)
class Pass(Event):
    """``seat`` received the rest of ``from_seat``'s hand and formed its new hand (PRIVATE to the
    receiver; RULES.md section 2, step 5).

    Attributes:
        round: 0-2. step: 0-3 (the step whose KEEP resolved; the new hand is for step + 1).
        from_seat: the giver (``(seat - 1) % N``).
        cards: the cards received, in canonical order.
        kept: the card ``seat`` kept itself.
        hand: the new hand, in canonical order (``kept`` plus ``cards``).
        kept_slot: the index in ``hand`` of the kept card (the first slot holding that name).
        received_slots: the other indices of ``hand``, ascending (where the received cards lie).
    """

    KIND: ClassVar[str] = "sushi.pass"
    PRIVATE: ClassVar[bool] = True
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int
    round: int
    step: int
    from_seat: int
    cards: tuple[str, ...]
    kept: str
    hand: tuple[str, ...]
    kept_slot: int
    received_slots: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Discard(Event):
    """At hand size 2 the keep is forced and that last card is discarded (PRIVATE; RULES.md
    section 2, step 6).

    Attributes:
        round: 0-2. card: the discarded card.
    """

    KIND: ClassVar[str] = "sushi.discard"
    PRIVATE: ClassVar[bool] = True

    seat: int
    round: int
    card: str


@dataclass(frozen=True, kw_only=True)
class AwardEvent(Event):
    """One pile decided at the end of a round (RULES.md section 2, scoring): ``seat`` is the
    winner of the pile's top chip, or None when the chip stays. The reasoning is public; the
    chip's ``value`` is SECRET to its winner until :class:`End` reveals every chip.

    Attributes:
        round: 0-2. pile: one of :data:`game.sushi.rules.PILES`.
        award: the :class:`Award` (counts, groups, skipped ties, winner).
        value: the chip's points, or None (redacted, or no chip awarded).
    """

    KIND: ClassVar[str] = "sushi.award"
    SECRET: ClassVar[frozenset[str]] = frozenset({"value"})
    IRREVERSIBLE: ClassVar[bool] = True

    round: int
    pile: str
    award: Award
    value: int | None


@dataclass(frozen=True, kw_only=True)
class RoundEnd(Event):
    """A round was scored (RULES.md section 2, scoring after each round).

    The chips each seat has won so far are public (their piles, hence their count); their
    points are each seat's own secret until the end, so :meth:`for_viewer` keeps only the
    viewer's own entry of ``points`` (a spectator after the game sees all).

    Attributes:
        round: the round just scored, 0-2.
        chips: per seat, the piles of the chips won so far, in the order won.
        points: per seat, the chips' total so far (None where redacted).
    """

    KIND: ClassVar[str] = "sushi.round_end"

    round: int
    chips: tuple[tuple[str, ...], ...]
    points: tuple[int | None, ...]

    def for_viewer(self, viewer: int | None) -> RoundEnd:
        """This event with only ``viewer``'s points (all of them for ``None``)."""
        if viewer is None:
            return self
        return replace(self, points=tuple(p if s == viewer else None for s, p in enumerate(self.points)))


@dataclass(frozen=True, kw_only=True)
class End(Event):
    """The game is over: every chip is revealed and summed (public; RULES.md section 2, end).

    Attributes:
        chips: per seat, its chips as ``(pile, value)`` in the order won.
        scores: per seat, the total.
        winners: the seats with the highest total (several share the win).
    """

    KIND: ClassVar[str] = "sushi.end"
    IRREVERSIBLE: ClassVar[bool] = True

    chips: tuple[tuple[tuple[str, int], ...], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


#: Every Sushi Draft event class, by kind.
EVENT_TYPES: dict[str, type[Event]] = {cls.KIND: cls for cls in (
    Deal, Chosen, Reveal, Keep, Pass, Discard, AwardEvent, RoundEnd, End)}

__all__ = [
    "Award",
    "AwardEvent",
    "Chosen",
    "Deal",
    "Discard",
    "EVENT_TYPES",
    "End",
    "Keep",
    "Pass",
    "Reveal",
    "RoundEnd",
    "SushiEnd",
]
