"""Sushi Draft's cards, chips and notation (RULES.md section 2): the 32-card deck, the chip piles and
their values, an action's notation (a card, or ``wild=<type>``), and how a pile's chip is awarded
(the first group of exactly one). Pure data and functions: :mod:`game.sushi.rules` plays on them
(and offers them again)."""

from __future__ import annotations

from typing import Any, Sequence

from game.core import InvalidActionError, brief_repr
from game.i18n import _
from game.sushi.events import Award

#: The five sushi types, in the order the game lists them (RULES.md section 2).
TYPES: tuple[str, ...] = ("tuna", "shrimp", "salmon", "cucumber", "mackerel")
WILD = "wild"
#: Every card name; also the canonical order of a hand.
CARD_NAMES: tuple[str, ...] = TYPES + (WILD,)
#: Cards of each name in the 32-card deck (RULES.md section 2, components).
CARD_COUNTS: dict[str, int] = {"tuna": 8, "shrimp": 7, "salmon": 6, "cucumber": 5, "mackerel": 4, WILD: 2}
DESSERT = "dessert"
#: The six chip piles: one per type, then dessert.
PILES: tuple[str, ...] = TYPES + (DESSERT,)
#: The one table of chip values (RULES.md section 2): three chips per pile.
CHIP_VALUES: dict[str, tuple[int, ...]] = {
    "tuna": (3, 4, 5),
    "shrimp": (2, 4, 4),
    "salmon": (2, 2, 4),
    "cucumber": (1, 3, 3),
    "mackerel": (1, 2, 3),
    DESSERT: (2, 3, 5),
}
ROUNDS = 3
HAND_SIZE = 6
#: Eats per round: hands of 6, 5, 4, 3, 2 (the last card is discarded).
STEPS = HAND_SIZE - 1
#: Phases per round in a record: EAT then KEEP, five times.
PHASES_PER_ROUND = 2 * STEPS
EAT, KEEP, OVER = "eat", "keep", "over"

_ORDER = {name: i for i, name in enumerate(CARD_NAMES)}


def sort_cards(cards: Sequence[str]) -> tuple[str, ...]:
    """Cards in the canonical order (tuna, shrimp, salmon, cucumber, mackerel, wild)."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def eaten_type(action: str) -> str:
    """The type an EAT action counts as: ``"wild=tuna" -> "tuna"``, ``"salmon" -> "salmon"``."""
    return action.split("=", 1)[1] if action.startswith(WILD + "=") else action


def eaten_card(action: str) -> str:
    """The physical card an EAT action uses: ``"wild=tuna" -> "wild"``."""
    return WILD if action.startswith(WILD + "=") else action


def parse_action(text: Any) -> tuple[str, str | None]:
    """Split an action into (card, copied type): ``"tuna" -> ("tuna", None)``,
    ``"wild=salmon" -> ("wild", "salmon")``, ``"wild" -> ("wild", None)``.

    Raises:
        InvalidActionError: not a card name nor ``wild=<type>``."""
    if not isinstance(text, str):
        # Translators: {text} is what was given as an action, in quotes
        raise InvalidActionError(_("{text} is not an action string").format(text=brief_repr(text)))
    if text in CARD_NAMES:
        return text, None
    if text.startswith(WILD + "="):
        copied = text[len(WILD) + 1:]
        if copied in TYPES:
            return WILD, copied
        # Translators: an action of a record; {types} lists the notation's type names (tuna, shrimp, ...)
        raise InvalidActionError(_("{text}: a wild can copy {types}, not {copied}").format(
            text=brief_repr(text), types=", ".join(TYPES), copied=brief_repr(copied)))
    # Translators: an action of a record; {cards} lists the notation's card names; "wild=<type>" is notation
    raise InvalidActionError(_("{text} is not a card ({cards}) nor wild=<type>").format(
        text=brief_repr(text), cards=", ".join(CARD_NAMES)))


def type_counts(eaten: Sequence[str]) -> dict[str, int]:
    """How many cards of each type a seat ate (a wild counts as the type it copies)."""
    counts = {t: 0 for t in TYPES}
    for action in eaten:
        counts[eaten_type(action)] += 1
    return counts


def dessert_count(eaten: Sequence[str]) -> int:
    """Number of different types eaten (a wild adds no new type: it copies an eaten one)."""
    return sum(1 for n in type_counts(eaten).values() if n)


def decide_award(round_index: int, pile: str, counts: Sequence[int], pile_left: int) -> Award:
    """Apply the tie rule to one pile (RULES.md section 2, scoring).

    Args:
        counts: per seat, the count for this pile (type eaten, or types for dessert).
        pile_left: chips still on the pile.
    Returns: the :class:`Award` (``seat`` None when nobody is alone in a group or nobody ate)."""
    by_count: dict[int, list[int]] = {}
    for seat, count in enumerate(counts):
        if count > 0:
            by_count.setdefault(count, []).append(seat)
    groups = tuple((c, tuple(by_count[c])) for c in sorted(by_count, reverse=True))
    skipped = []
    winner = None
    for count, seats in groups:
        if len(seats) == 1:
            winner = seats[0]
            break
        skipped.append((count, seats))
    if pile_left == 0:
        return Award(round_index, pile, tuple(counts), groups, None, tuple(skipped), empty=True)
    return Award(round_index, pile, tuple(counts), groups, winner, tuple(skipped))
