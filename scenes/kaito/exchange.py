"""The human buy-back step (RULES.md §1, a turn, step 3) while it is being chosen.

After a capture that allows a Mon exchange, the capture is shown but the action is not applied
yet: the player picks the kind to buy back and the Mon to pay. :func:`exchange_status` matches the
selection against the legal exchange actions of the seat's view (``view.exchanges_at(square)``):
the scene never decides legality itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from game.i18n import N_, _
from game.kaito.rules import EXCHANGE_PRICE, Move

#: the words of the two kinds a Mon exchange buys back (the rules' names), shown as labels
KIND_WORD = {"K": N_("katana"), "H": N_("kabuto")}
#: the hint once the selection pays for the kind chosen ({paid}: the Mon values, "3+1")
PAY_FOR = {
    # Translators: {paid} is the Mon values laid, e.g. "3+1"
    "K": N_("Pay {paid} for your katana."),
    # Translators: {paid} is the Mon values laid, e.g. "3+1"
    "H": N_("Pay {paid} for your kabuto."),
}
#: the hint while nothing is laid in the pay area ({price}: the kind's price in Mon points)
DRAG_TO_PAY = {
    "K": N_("Drag Mon tiles here to pay {price} for a katana."),
    "H": N_("Drag Mon tiles here to pay {price} for a kabuto."),
}
#: the same while the keyboard is in use (issue 21 §5: the prompts name keys)
KEYS_TO_PAY = {
    # Translators: the player uses the keyboard; {price} is in Mon points
    "K": N_("Press Enter on Mon tiles to pay {price} for a katana."),
    # Translators: the player uses the keyboard; {price} is in Mon points
    "H": N_("Press Enter on Mon tiles to pay {price} for a kabuto."),
}


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


def exchange_status(ex: ExchangeStep | None, row: Sequence[str | None],
                    keys: bool = False) -> tuple[Move | None, str, int, int]:
    """(the legal Move the selection forms or None, a one-line hint, paid total, price) of the
    buy-back step ``ex``, whose selected indices point into ``row`` (the mover's shown held row);
    ``keys``: the keyboard is in use (the hint names keys, not drags). ``(None, "", 0, 0)``
    without a step."""
    if ex is None:
        return None, "", 0, 0
    values = sorted((int(code[1]) for i in ex.selected if (code := row[i])), reverse=True)
    total = sum(values)
    if ex.kind is None:
        return None, _("Choose the tile to buy back."), total, 0
    price = EXCHANGE_PRICE[ex.kind]
    cand = Move(ex.square, buy=ex.kind, paid=tuple(values))
    paid = "+".join(map(str, values))
    if cand in ex.options:
        return cand, _(PAY_FOR[ex.kind]).format(paid=paid), total, price
    if not values:
        return None, _((KEYS_TO_PAY if keys else DRAG_TO_PAY)[ex.kind]).format(price=price), total, price
    if total < price:
        # Translators: the Mon points laid so far, the price, and the points still missing
        return None, _("{total} of {price}: add {missing} more.").format(total=total, price=price,
                                                                          missing=price - total), total, price
    # Translators: {paid} is the Mon values laid, e.g. "3+2+1"
    return None, _("{paid} overpays: a payment must be minimal.").format(paid=paid), total, price


__all__ = ["DRAG_TO_PAY", "ExchangeStep", "KEYS_TO_PAY", "KIND_WORD", "PAY_FOR", "exchange_status"]
