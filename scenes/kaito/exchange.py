"""The human buy-back step (RULES.md §1, a turn, step 3) while it is being chosen.

After a capture that allows a Mon exchange, the capture is shown but the action is not applied
yet: the player picks the kind to buy back and the Mon to pay. :func:`exchange_status` matches the
selection against the legal exchange actions of the seat's view (``view.exchanges_at(square)``):
the scene never decides legality itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from game.kaito import EXCHANGE_PRICE, KIND_NAMES, Move

#: the words of the two kinds a Mon exchange buys back (the rules' names)
KIND_WORD = {kind: KIND_NAMES[kind] for kind in EXCHANGE_PRICE}


@dataclass
class ExchangeStep:
    """The human buy-back step after a capture on ``square`` (the action is not applied yet).

    Attributes:
        seat: the capturing seat. square: where it captured (0..35).
        options: the legal exchange Moves there (``view.exchanges_at(square)``).
        kinds: the kinds that can be bought back ("K" before "H"); kind: the one chosen, or None.
        selected: indices into the mover's shown held row put in the pay area, in the order put.
    """

    seat: int
    square: int
    options: list[Move]
    kinds: list[str]
    kind: str | None
    selected: list[int] = field(default_factory=list)


def exchange_status(ex: ExchangeStep | None, row: Sequence[str | None]) -> tuple[Move | None, str, int, int]:
    """(the legal Move the selection forms or None, a one-line hint, paid total, price) of the
    buy-back step ``ex``, whose selected indices point into ``row`` (the mover's shown held row).
    ``(None, "", 0, 0)`` without a step."""
    if ex is None:
        return None, "", 0, 0
    values = sorted((int(code[1]) for i in ex.selected if (code := row[i])), reverse=True)
    total = sum(values)
    if ex.kind is None:
        return None, "Choose the tile to buy back.", total, 0
    price = EXCHANGE_PRICE[ex.kind]
    cand = Move(ex.square, buy=ex.kind, paid=tuple(values))
    word = KIND_WORD[ex.kind]
    if cand in ex.options:
        return cand, f"Pay {'+'.join(map(str, values))} for your {word}.", total, price
    if not values:
        return None, f"Drag Mon tiles here to pay {price} for a {word}.", total, price
    if total < price:
        return None, f"{total} of {price}: add {price - total} more.", total, price
    return None, f"{'+'.join(map(str, values))} overpays: a payment must be minimal.", total, price


__all__ = ["ExchangeStep", "KIND_WORD", "exchange_status"]
