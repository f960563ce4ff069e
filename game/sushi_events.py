"""Sushi Draft events and their sentences (RULES.md section 2), plus the :class:`Award` record.

Headless (no pygame). :class:`game.sushi.SushiState` emits these with ``self.emit`` as actions are
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

Every sentence is one whole English template per kind (and per variant, e.g. redacted or not)
with named placeholders; lists of seats or cards fill one placeholder (``"Aiko, Ben and Chie"``).
Seat names come from ``names[seat]`` and may be ``"You"``: the templates use the past tense, or
choose the verb form with :func:`_verb`, so that they read well either way. Rounds and steps are
0-based in fields and 1-based in sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from .core import Event, english_list

#: The dessert pile's name (same value as :data:`game.sushi.DESSERT`; this module may not import
#: game.sushi, which imports it).
_DESSERT = "dessert"
_WILD_PREFIX = "wild="


# --- shared wording helpers -------------------------------------------------------------------


def _verb(who: str, singular: str, plural: str) -> str:
    """``singular`` for a third person, ``plural`` when the seat is called "You"."""
    return plural if who == "You" else singular


def _cards(cards: Sequence[str]) -> str:
    """Card names as an English list, e.g. ``"tuna, tuna and wild"`` (``"nothing"`` if empty)."""
    return english_list(list(cards)) or "nothing"


_EATEN_TEMPLATES = {
    "card": "{card}",
    "wild": "a wild as {type}",
}


def _eaten(action: str) -> str:
    """An EAT action in words: ``"tuna"`` -> ``"tuna"``, ``"wild=tuna"`` -> ``"a wild as tuna"``."""
    if action.startswith(_WILD_PREFIX):
        return _EATEN_TEMPLATES["wild"].format(type=action[len(_WILD_PREFIX):])
    return _EATEN_TEMPLATES["card"].format(card=action)


# --- the award record ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Award:
    """How one pile's chip was decided at the end of a round (public information).

    Attributes:
        round: round index (0-2).
        pile: one of :data:`game.sushi.PILES`.
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

    def text(self, names: Sequence[str]) -> str:
        """One sentence explaining the award, e.g. ``"Tuna: Aiko and Ben tie on 2, so the chip goes
        to the next group: Chie (1)."``"""
        return award_text(self, names)


#: One whole sentence per way a pile can be decided; ``*_worth`` variants name the chip's value
#: (for its winner, and for everyone once the game is over).
AWARD_TEMPLATES: dict[str, str] = {
    "empty": "{pile}: no chip left on the pile.",
    "nobody": "{pile}: nobody ate any; the chip stays on the pile.",
    "no_one_alone": "{pile}: {ties}; no one is alone, so the chip stays on the pile.",
    "only": "{pile}: {who} {is_} the only one with {unit} ({count}) and {wins} the chip.",
    "only_worth": "{pile}: {who} {is_} the only one with {unit} ({count}) and {wins} the chip, worth {value}.",
    "most": "{pile}: {who} {has} the most {unit} ({count}) and {wins} the chip.",
    "most_worth": "{pile}: {who} {has} the most {unit} ({count}) and {wins} the chip, worth {value}.",
    "next_group": "{pile}: {ties}, so the chip goes to the next group: {who} ({count}).",
    "next_group_worth": "{pile}: {ties}, so the chip, worth {value}, goes to the next group: {who} ({count}).",
}
_TIE_TEMPLATE = "{seats} tie on {count}"


def award_text(award: Award, names: Sequence[str], value: int | None = None) -> str:
    """The human explanation of ``award`` with seat ``s`` called ``names[s]`` (RULES.md section 2,
    the "first group of exactly one" tie rule); with ``value``, the won chip's value too.

    Example: ``"Tuna: Ben has the most tuna (3) and wins the chip."``."""
    pile = award.pile.capitalize()
    unit = "types" if award.pile == _DESSERT else award.pile
    if award.empty:
        return AWARD_TEMPLATES["empty"].format(pile=pile)
    if not award.groups:
        return AWARD_TEMPLATES["nobody"].format(pile=pile)
    ties = "; ".join(_TIE_TEMPLATE.format(seats=english_list([names[s] for s in seats]), count=count)
                     for count, seats in award.skipped)
    if award.seat is None:
        return AWARD_TEMPLATES["no_one_alone"].format(pile=pile, ties=ties)
    if award.skipped:
        case = "next_group"
    else:
        case = "only" if len(award.groups) == 1 else "most"
    if value is not None:
        case += "_worth"
    who = names[award.seat]
    return AWARD_TEMPLATES[case].format(
        pile=pile, unit=unit, ties=ties, who=who, count=award.counts[award.seat], value=value,
        is_=_verb(who, "is", "are"), has=_verb(who, "has", "have"), wins=_verb(who, "wins", "win"))


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Event):
    """A round's hand dealt to ``seat`` (PRIVATE; RULES.md section 2, a round, step 1).

    Emitted for every seat when the state is built (round 0) and when a round starts.

    Attributes:
        round: 0-2.
        cards: the 6 cards dealt, in canonical order (:func:`game.sushi.sort_cards`).
    """

    KIND: ClassVar[str] = "sushi.deal"
    PRIVATE: ClassVar[bool] = True
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int
    round: int
    cards: tuple[str, ...]

    TEMPLATE: ClassVar[str] = "{seat} received a new hand for round {round}: {cards}."

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Aiko received a new hand for round 1: tuna, shrimp, ... and wild."``."""
        return self.TEMPLATE.format(seat=names[self.seat], round=self.round + 1, cards=_cards(self.cards))


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

    TEMPLATES: ClassVar[dict[str, str]] = {
        "eat": "{seat} chose a card to eat.",
        "keep": "{seat} chose a card to keep.",
        "eat_known": "{seat} chose to eat {card}.",
        "keep_known": "{seat} chose to keep {card}.",
    }

    def describe(self, names: Sequence[str]) -> str:
        """``"Ben chose a card to eat."`` (redacted) or ``"Ben chose to eat a wild as tuna."``."""
        if self.action is None:
            return self.TEMPLATES[self.phase].format(seat=names[self.seat])
        return self.TEMPLATES[self.phase + "_known"].format(seat=names[self.seat], card=_eaten(self.action))


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

    TEMPLATES: ClassVar[dict[str, str]] = {
        "all": "Everyone revealed what they ate: {eaten}.",
        "item": "{seat} {card}",
    }

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Everyone revealed what they ate: Aiko tuna, Ben a wild as tuna and Chie salmon."``."""
        eaten = english_list([self.TEMPLATES["item"].format(seat=names[s], card=_eaten(a)) for s, a in enumerate(self.actions)])
        return self.TEMPLATES["all"].format(eaten=eaten)


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

    TEMPLATE: ClassVar[str] = "{seat} kept {card} and passed {cards} to {to}."

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Aiko kept tuna and passed shrimp, salmon and wild to Ben."``."""
        return self.TEMPLATE.format(seat=names[self.seat], card=self.card, cards=_cards(self.passed),
                                    to=names[self.to_seat])


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

    TEMPLATE: ClassVar[str] = "{seat} received {cards} from {giver}."

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ben received shrimp, salmon and wild from Aiko."``."""
        return self.TEMPLATE.format(seat=names[self.seat], cards=_cards(self.cards), giver=names[self.from_seat])


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

    TEMPLATE: ClassVar[str] = "{seat} discarded the last card, {card}."

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Aiko discarded the last card, tuna."``."""
        return self.TEMPLATE.format(seat=names[self.seat], card=self.card)


@dataclass(frozen=True, kw_only=True)
class AwardEvent(Event):
    """One pile decided at the end of a round (RULES.md section 2, scoring): ``seat`` is the
    winner of the pile's top chip, or None when the chip stays. The reasoning is public; the
    chip's ``value`` is SECRET to its winner until :class:`End` reveals every chip.

    Attributes:
        round: 0-2. pile: one of :data:`game.sushi.PILES`.
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

    def describe(self, names: Sequence[str]) -> str:
        """:func:`award_text`, naming the value when it is known."""
        return award_text(self.award, names, self.value)


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

    TEMPLATES: ClassVar[dict[str, str]] = {
        "round": "Round {round} is over; chips won so far: {tally}.",
        "chips": "{seat} {count}",
        "chips_points": "{seat} {count} ({points} points)",
    }

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Round 1 is over; chips won so far: Aiko 2 (7 points), Ben 1 and Chie 0."``."""
        tally = english_list([
            self.TEMPLATES["chips" if p is None else "chips_points"].format(seat=names[s], count=len(c), points=p)
            for s, (c, p) in enumerate(zip(self.chips, self.points))])
        return self.TEMPLATES["round"].format(round=self.round + 1, tally=tally)


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

    TEMPLATES: ClassVar[dict[str, str]] = {
        "one": "The chips were revealed ({scores}) and {winner} won with {points} points.",
        "shared": "The chips were revealed ({scores}) and {winners} shared the win with {points} points each.",
        "score": "{seat}: {points}",
    }

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"The chips were revealed (Aiko 12, Ben 9 and Chie 7) and Aiko won with 12 points."``."""
        scores = english_list([self.TEMPLATES["score"].format(seat=names[s], points=p) for s, p in enumerate(self.scores)])
        best = self.scores[self.winners[0]]
        if len(self.winners) == 1:
            return self.TEMPLATES["one"].format(scores=scores, winner=names[self.winners[0]], points=best)
        return self.TEMPLATES["shared"].format(scores=scores, winners=english_list([names[s] for s in self.winners]),
                                               points=best)


#: Every Sushi Draft event class, by kind.
EVENT_TYPES: dict[str, type[Event]] = {cls.KIND: cls for cls in (
    Deal, Chosen, Reveal, Keep, Pass, Discard, AwardEvent, RoundEnd, End)}

__all__ = [
    "AWARD_TEMPLATES",
    "EVENT_TYPES",
    "Award",
    "AwardEvent",
    "Chosen",
    "Deal",
    "Discard",
    "End",
    "Keep",
    "Pass",
    "Reveal",
    "RoundEnd",
    "award_text",
]
