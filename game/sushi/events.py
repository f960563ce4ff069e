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

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Callable, ClassVar

from game.core import Event, join_list, pick_template
from game.i18n import N_, _, ngettext

#: The dessert pile's name (same value as :data:`game.sushi.rules.DESSERT`; this module may not import
#: game.sushi.rules, which imports it).
_DESSERT = "dessert"
_WILD_PREFIX = "wild="


class SushiEnd(StrEnum):
    """Why a Sushi Draft game ended (RULES.md §2): the :class:`~game.core.Outcome`'s reason."""

    CHIPS = "chips"  #: the third round was scored: the most chip points win


def outcome_text(winners: tuple[int, ...], points: int) -> str:
    """The :class:`~game.core.Outcome`'s sentence (seats by number, 0-based) in the language in use:
    ``"Seat 2 wins with 15 points."``, ``"Seats 0 and 1 share the win with 12 points each."``."""
    if len(winners) == 1:
        # Translators: the end of a Sushi Draft game; {seat} is a seat number
        return ngettext("Seat {seat} wins with {points} point.", "Seat {seat} wins with {points} points.",
                        points).format(seat=winners[0], points=points)
    # Translators: the end of a Sushi Draft game; {seats} lists seat numbers ("0 and 2")
    return ngettext("Seats {seats} share the win with {points} point each.",
                    "Seats {seats} share the win with {points} points each.", points).format(
        seats=join_list([str(s) for s in winners]), points=points)

#: Every card's name (the five sushi types and the wild), translated where shown (:func:`card_name`).
CARD_WORDS: dict[str, str] = {
    "tuna": N_("tuna"), "shrimp": N_("shrimp"), "salmon": N_("salmon"), "cucumber": N_("cucumber"),
    "mackerel": N_("mackerel"),
    # Translators: the wild card of Sushi Draft (it copies a type already eaten)
    "wild": N_("wild"),
}
#: Every chip pile's name as the head of its award sentence ("Tuna: Ben has the most tuna ...").
PILE_TITLES: dict[str, str] = {
    "tuna": N_("Tuna"), "shrimp": N_("Shrimp"), "salmon": N_("Salmon"), "cucumber": N_("Cucumber"),
    "mackerel": N_("Mackerel"),
    # Translators: the dessert chip pile (won by eating the most different types in a round)
    _DESSERT: N_("Dessert"),
}
#: What each pile counts, as its award sentence says it ("the most tuna"; dessert: "types").
PILE_UNITS: dict[str, str] = {
    "tuna": N_("tuna"), "shrimp": N_("shrimp"), "salmon": N_("salmon"), "cucumber": N_("cucumber"),
    "mackerel": N_("mackerel"),
    # Translators: what the dessert pile counts: the different sushi types a seat ate
    _DESSERT: N_("types"),
}


def card_name(card: str) -> str:
    """A card's name in the language in use (``"tuna"`` -> "tuna"); an unknown name as it is."""
    word = CARD_WORDS.get(card)
    return _(word) if word else card


def pile_title(pile: str) -> str:
    """A pile's name as the head of a sentence (``"tuna"`` -> "Tuna"), in the language in use."""
    word = PILE_TITLES.get(pile)
    return _(word) if word else pile.capitalize()


def pile_unit(pile: str) -> str:
    """What a pile counts (``"tuna"`` -> "tuna", dessert -> "types"), in the language in use."""
    word = PILE_UNITS.get(pile)
    return _(word) if word else pile


#: A sentence template in the language in use, for a count ``n`` (the ones without a count ignore
#: it): called at the moment the sentence is told.
Template = Callable[[int], str]

#: Every event sentence, keyed by kind (and variant); ``<key>/you``: the second-person variant,
#: told when the subject seat is the person. ``{seat}``, ``{to}``, ``{giver}``, ``{winner}``,
#: ``{winners}`` are seat names; ``{card}`` a card (or "a wild as tuna"), ``{cards}`` a list of cards.
TEMPLATES: dict[str, Template] = {
    "sushi.deal": lambda n: _("{seat} received a new hand for round {round}: {cards}."),
    "sushi.deal/you": lambda n: _("You received a new hand for round {round}: {cards}."),
    "sushi.chosen/eat": lambda n: _("{seat} chose a card to eat."),
    "sushi.chosen/eat/you": lambda n: _("You chose a card to eat."),
    "sushi.chosen/keep": lambda n: _("{seat} chose a card to keep."),
    "sushi.chosen/keep/you": lambda n: _("You chose a card to keep."),
    "sushi.chosen/eat_known": lambda n: _("{seat} chose to eat {card}."),
    "sushi.chosen/eat_known/you": lambda n: _("You chose to eat {card}."),
    "sushi.chosen/keep_known": lambda n: _("{seat} chose to keep {card}."),
    "sushi.chosen/keep_known/you": lambda n: _("You chose to keep {card}."),
    # Translators: {eaten} lists each seat with the card it ate ("Aiko tuna, Ben a wild as tuna and Chie salmon")
    "sushi.reveal": lambda n: _("Everyone revealed what they ate: {eaten}."),
    # Translators: an item of the list of eaten cards: a seat's name and the card it ate ("Aiko tuna")
    "sushi.reveal/item": lambda n: _("{seat} {card}"),
    "sushi.keep": lambda n: _("{seat} kept {card} and passed {cards} to {to}."),
    "sushi.keep/you": lambda n: _("You kept {card} and passed {cards} to {to}."),
    "sushi.pass": lambda n: _("{seat} received {cards} from {giver}."),
    "sushi.pass/you": lambda n: _("You received {cards} from {giver}."),
    "sushi.discard": lambda n: _("{seat} discarded the last card, {card}."),
    "sushi.discard/you": lambda n: _("You discarded the last card, {card}."),
    # Translators: {tally} lists each seat with its chips won so far ("Aiko 2 (7 points), Ben 1 and Chie 0")
    "sushi.round_end": lambda n: _("Round {round} is over; chips won so far: {tally}."),
    # Translators: an item of the chip tally: a seat's name and how many chips it has won ("Ben 1")
    "sushi.round_end/chips": lambda n: _("{seat} {count}"),
    # Translators: an item of the chip tally: a seat, its chip count and their points ("Aiko 2 (7 points)")
    "sushi.round_end/chips_points": lambda n: ngettext("{seat} {count} ({points} point)",
                                                       "{seat} {count} ({points} points)", n),
    # Translators: {scores} lists every seat's total ("Aiko: 12, Ben: 9 and Chie: 7")
    "sushi.end/one": lambda n: ngettext("The chips were revealed ({scores}) and {winner} won with {points} point.",
                                        "The chips were revealed ({scores}) and {winner} won with {points} points.",
                                        n),
    "sushi.end/one/you": lambda n: ngettext("The chips were revealed ({scores}) and You won with {points} point.",
                                            "The chips were revealed ({scores}) and You won with {points} points.",
                                            n),
    "sushi.end/shared": lambda n: ngettext(
        "The chips were revealed ({scores}) and {winners} shared the win with {points} point each.",
        "The chips were revealed ({scores}) and {winners} shared the win with {points} points each.", n),
    # Translators: an item of the list of final totals: a seat's name and its points ("Aiko: 12")
    "sushi.end/score": lambda n: _("{seat}: {points}"),
}


def template(key: str, subject: str | None = None, n: int = 0) -> str:
    """The template ``key`` of :data:`TEMPLATES` (or of :data:`AWARD_TEMPLATES` for an
    ``award/...`` key) in the language in use, for the count ``n``: its second-person variant
    when ``subject`` (the subject seat's name) is the person and the key has one."""
    if key.startswith("award/"):
        return pick_template(AWARD_TEMPLATES, key[len("award/"):], subject, n)
    return pick_template(TEMPLATES, key, subject, n)


# --- shared wording helpers -------------------------------------------------------------------


def _cards(cards: Sequence[str]) -> str:
    """Card names as a list, e.g. ``"tuna, tuna and wild"`` (``"nothing"`` if empty)."""
    # Translators: the cards of an empty hand or an empty pass, in a sentence ("Ben received nothing from Aiko.")
    return join_list([card_name(c) for c in cards]) or _("nothing")


def action_words(action: str) -> str:
    """An EAT action in words: ``"tuna"`` -> ``"tuna"``, ``"wild=tuna"`` -> ``"a wild as tuna"``."""
    if action.startswith(_WILD_PREFIX):
        # Translators: a wild card eaten as a copy of a type ("a wild as tuna")
        return _("a wild as {type}").format(type=card_name(action[len(_WILD_PREFIX):]))
    return card_name(action)


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

    def text(self, names: Sequence[str]) -> str:
        """One sentence explaining the award, e.g. ``"Tuna: Aiko and Ben tie on 2, so the chip goes
        to the next group: Chie (1)."``"""
        return award_text(self, names)


#: One whole sentence per way a pile can be decided; ``*_worth`` variants name the chip's value
#: (for its winner, and for everyone once the game is over); ``<key>/you``: the second-person variant
#: (the winner is the person). ``{pile}`` is the pile's title ("Tuna"), ``{unit}`` what it counts
#: ("tuna", "types"), ``{who}`` the winner's name, ``{ties}`` the tied groups passed over.
AWARD_TEMPLATES: dict[str, Template] = {
    "empty": lambda n: _("{pile}: no chip left on the pile."),
    "nobody": lambda n: _("{pile}: nobody ate any; the chip stays on the pile."),
    # Translators: {ties} tells the tied groups ("Aiko and Ben tie on 2; Chie and Dan tie on 1")
    "no_one_alone": lambda n: _("{pile}: {ties}; no one is alone, so the chip stays on the pile."),
    "only": lambda n: _("{pile}: {who} is the only one with {unit} ({count}) and wins the chip."),
    "only/you": lambda n: _("{pile}: You are the only one with {unit} ({count}) and win the chip."),
    "only_worth": lambda n: _("{pile}: {who} is the only one with {unit} ({count}) and wins the chip, worth {value}."),
    "only_worth/you": lambda n: _("{pile}: You are the only one with {unit} ({count}) and win the chip, worth "
                                  "{value}."),
    "most": lambda n: _("{pile}: {who} has the most {unit} ({count}) and wins the chip."),
    "most/you": lambda n: _("{pile}: You have the most {unit} ({count}) and win the chip."),
    "most_worth": lambda n: _("{pile}: {who} has the most {unit} ({count}) and wins the chip, worth {value}."),
    "most_worth/you": lambda n: _("{pile}: You have the most {unit} ({count}) and win the chip, worth {value}."),
    "next_group": lambda n: _("{pile}: {ties}, so the chip goes to the next group: {who} ({count})."),
    "next_group_worth": lambda n: _("{pile}: {ties}, so the chip, worth {value}, goes to the next group: {who} "
                                    "({count})."),
    # Translators: a tied group of an award: {seats} lists its seats, {count} what each ate ("Aiko and Ben tie on 2")
    "tie": lambda n: _("{seats} tie on {count}"),
    # Translators: joins the tied groups of an award ("Aiko and Ben tie on 2; Chie and Dan tie on 1")
    "ties": lambda n: _("{first}; {rest}"),
}


def award_text(award: Award, names: Sequence[str], value: int | None = None) -> str:
    """The human explanation of ``award`` with seat ``s`` called ``names[s]`` (RULES.md section 2,
    the "first group of exactly one" tie rule), in the language in use; with ``value``, the won
    chip's value too.

    Example: ``"Tuna: Ben has the most tuna (3) and wins the chip."``."""
    pile = pile_title(award.pile)
    if award.empty:
        return template("award/empty").format(pile=pile)
    if not award.groups:
        return template("award/nobody").format(pile=pile)
    groups = [template("award/tie").format(seats=join_list([names[s] for s in seats]), count=count)
              for count, seats in award.skipped]
    ties = groups[-1] if groups else ""
    for group in reversed(groups[:-1]):
        ties = template("award/ties").format(first=group, rest=ties)
    if award.seat is None:
        return template("award/no_one_alone").format(pile=pile, ties=ties)
    if award.skipped:
        case = "next_group"
    else:
        case = "only" if len(award.groups) == 1 else "most"
    if value is not None:
        case += "_worth"
    who = names[award.seat]
    return template("award/" + case, who).format(
        pile=pile, unit=pile_unit(award.pile), ties=ties, who=who, count=award.counts[award.seat], value=value)


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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Aiko received a new hand for round 1: tuna, shrimp, ... and wild."``."""
        seat = names[self.seat]
        return template(self.KIND, seat).format(seat=seat, round=self.round + 1, cards=_cards(self.cards))


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


    def describe(self, names: Sequence[str]) -> str:
        """``"Ben chose a card to eat."`` (redacted) or ``"Ben chose to eat a wild as tuna."``."""
        seat = names[self.seat]
        if self.action is None:
            return template(f"{self.KIND}/{self.phase}", seat).format(seat=seat)
        return template(f"{self.KIND}/{self.phase}_known", seat).format(seat=seat, card=action_words(self.action))


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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Everyone revealed what they ate: Aiko tuna, Ben a wild as tuna and Chie salmon."``."""
        item = template(f"{self.KIND}/item")
        eaten = join_list([item.format(seat=names[s], card=action_words(a)) for s, a in enumerate(self.actions)])
        return template(self.KIND).format(eaten=eaten)


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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Aiko kept tuna and passed shrimp, salmon and wild to Ben."``."""
        seat = names[self.seat]
        return template(self.KIND, seat).format(seat=seat, card=card_name(self.card), cards=_cards(self.passed),
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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ben received shrimp, salmon and wild from Aiko."``."""
        seat = names[self.seat]
        return template(self.KIND, seat).format(seat=seat, cards=_cards(self.cards), giver=names[self.from_seat])


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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Aiko discarded the last card, tuna."``."""
        seat = names[self.seat]
        return template(self.KIND, seat).format(seat=seat, card=card_name(self.card))


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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Round 1 is over; chips won so far: Aiko 2 (7 points), Ben 1 and Chie 0."``."""
        tally = join_list([
            template(f"{self.KIND}/{'chips' if p is None else 'chips_points'}", n=p or 0).format(
                seat=names[s], count=len(c), points=p)
            for s, (c, p) in enumerate(zip(self.chips, self.points))])
        return template(self.KIND).format(round=self.round + 1, tally=tally)


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


    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"The chips were revealed (Aiko 12, Ben 9 and Chie 7) and Aiko won with 12 points."``."""
        score = template(f"{self.KIND}/score")
        scores = join_list([score.format(seat=names[s], points=p) for s, p in enumerate(self.scores)])
        best = self.scores[self.winners[0]]
        if len(self.winners) == 1:
            winner = names[self.winners[0]]
            return template(f"{self.KIND}/one", winner, best).format(scores=scores, winner=winner, points=best)
        return template(f"{self.KIND}/shared", n=best).format(
            scores=scores, winners=join_list([names[s] for s in self.winners]), points=best)


#: Every Sushi Draft event class, by kind.
EVENT_TYPES: dict[str, type[Event]] = {cls.KIND: cls for cls in (
    Deal, Chosen, Reveal, Keep, Pass, Discard, AwardEvent, RoundEnd, End)}

__all__ = [
    "AWARD_TEMPLATES",
    "SushiEnd",
    "outcome_text",
    "CARD_WORDS",
    "PILE_TITLES",
    "PILE_UNITS",
    "TEMPLATES",
    "Template",
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
    "action_words",
    "award_text",
    "card_name",
    "pile_title",
    "pile_unit",
    "template",
]
