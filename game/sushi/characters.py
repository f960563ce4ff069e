"""Sushi Draft's side of the AI characters (issue 36, item 2; :mod:`game.characters`): what a
temperament plays like, and the moments a character speaks at (RULES.md section 2)."""
from __future__ import annotations

from typing import Any, Sequence

from game.i18n import N_

#: Temperament -> the bots' options (:data:`game.sushi.sim.STYLE_BIAS`): the bold one hoards the
#: piles' majorities, the careful one goes for dessert.
STYLES: dict[str, dict[str, Any]] = {"balanced": {}, "bold": {"style": "piles"}, "careful": {"style": "dessert"}}

STYLE_TEXT: dict[str, str] = {
    # Translators: how an AI character plays Sushi Draft (short, under its name on the setup screen)
    "balanced": N_("Plays an even game"),
    "bold": N_("Hoards the piles"),
    "careful": N_("Goes for dessert"),
}

#: The piles whose chip is worth a word when a seat wins it (the biggest chips: RULES.md §2).
BIG_PILES = ("tuna", "dessert")


def moments(events: Sequence[Any], seat: int) -> list[str]:
    """``"big_move"`` when ``seat`` wins the tuna or the dessert chip of a round, ``"hurt"`` when
    it had the most of a pile (two cards or more) with another seat and the tie cancelled it (RULES.md §2, scoring)."""
    out = []
    for e in events:
        if getattr(e, "kind", "") != "sushi.award":
            continue
        award = e.award
        if award.seat == seat and e.pile in BIG_PILES:
            out.append("big_move")
        elif award.skipped and seat in award.skipped[0][1] and award.counts[seat] > 1:
            out.append("hurt")
    return out


def measures(events: Sequence[Any], seat: int) -> dict[str, float]:
    """What a finished game says of ``seat``'s style (``python -m game play``'s ``measures``,
    ``tests/test_characters.py``): ``dessert`` (dessert chips it won), ``pile_chips`` (the five
    types' chips it won), ``types`` (the different types it ate per round, on average)."""
    out = {"dessert": 0.0, "pile_chips": 0.0, "types": 0.0}
    rounds = 0
    for e in events:
        if getattr(e, "kind", "") != "sushi.award":
            continue
        if e.pile == "dessert":
            rounds += 1
            out["types"] += e.award.counts[seat]
        if e.award.seat == seat:
            out["dessert" if e.pile == "dessert" else "pile_chips"] += 1
    out["types"] /= max(1, rounds)
    return out
