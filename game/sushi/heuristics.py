"""Sushi Draft's plain-play heuristics (RULES.md section 2): the cards still in play estimated from a
seat's view and the heuristic choice the medium bot plays and the searches roll out with."""

from __future__ import annotations

from typing import Callable

from game.sushi.rules import CARD_NAMES, EAT, SushiView, eaten_card
from game.sushi.sim import (
    DECK,
    EAT_ACTION,
    Policy,
    Table,
    counts_of,
)

#: A card name's index in :data:`~game.sushi.rules.CARD_NAMES`.
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


def estimated_in_play(view: SushiView) -> list[float]:
    """Per card index (6), how many cards may still be eaten this round as this seat sees it: its
    own hand plus the unseen cards in proportion to the cards in the other hands (the rest of the
    deck is unused this round)."""
    hand = counts_of(view.hand)
    unseen = list(DECK)
    for c in range(6):
        unseen[c] -= hand[c]
    for eaten in view.eaten:
        for a in eaten:
            unseen[CARD_INDEX[eaten_card(a)]] -= 1
    others = sum(n for s, n in enumerate(view.hand_sizes) if s != view.seat)
    total = sum(unseen)
    share = others / total if total > 0 else 0.0
    return [hand[c] + unseen[c] * share for c in range(6)]


def view_table(view: SushiView) -> Table:
    """A compact :class:`~game.sushi.sim.Table` of ``view`` (only the seat's own hand known)."""
    hands = [[0] * 6 for _ in range(view.num_seats)]
    hands[view.seat] = counts_of(view.hand)
    return Table.from_view(view, hands)


def heuristic_action(view: SushiView, policy: Policy, rand: Callable[[], float]) -> str:
    """The heuristic :class:`~game.sushi.sim.Policy` applied to what ``view`` shows (no search):
    this seat's hand only, the cards still in play estimated by :func:`estimated_in_play`. The
    medium bot's choice where it does not look ahead and its tie-break where it does; the hard
    bot's answer to a view no deal explains."""
    table = view_table(view)
    in_play = estimated_in_play(view)
    if view.phase == EAT:
        risk = table.risks(table.eats_left_after(), in_play)
        card, t = policy.choose_eat(table, view.seat, risk, rand)
        return EAT_ACTION[(card, t)]
    risk = table.risks(max(0, table.eats_left_after() - 1), in_play)
    return CARD_NAMES[policy.choose_keep(table, view.seat, risk, rand)]


def only_action(view: SushiView) -> str | None:
    """The seat's one legal action when it has a single one (a forced choice), else None.

    Raises:
        ValueError: the view has no legal action (not this seat's turn, or the game is over)."""
    actions = view.legal_actions
    if not actions:
        raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")
    return actions[0] if len(actions) == 1 else None
