"""Sushi Draft's achievements (issue 36 §3; :mod:`game.achievements`), judged from a finished
game's events (RULES.md §2)."""
from __future__ import annotations

from game.achievements import STREAK, Achievement, Finished, beats, common_tally, count_at_least
from game.i18n import N_

#: Chips awarded in one round, all to the person, that earn ``sweep`` (at least).
SWEEP_CHIPS = 4
#: A final score (chip points) that earns ``high-score``.
HIGH_SCORE = 25
#: The number of sushi types (dessert counts the types eaten in a round: RULES.md §2).
TYPES = 5


def _chips(f: Finished) -> list[tuple[str, int]]:
    ends = f.events_of("sushi.end")
    return [(str(pile), int(v)) for pile, v in ends[-1].chips[f.seat]] if ends else []


def _sweep(f: Finished, tally: dict) -> bool:
    """Every chip awarded in one round went to the person, and at least :data:`SWEEP_CHIPS`."""
    by_round: dict[int, list[int | None]] = {}
    for e in f.events_of("sushi.award"):
        if e.award.seat is not None:
            by_round.setdefault(e.round, []).append(e.award.seat)
    return any(len(won) >= SWEEP_CHIPS and all(s == f.seat for s in won) for won in by_round.values())


def _top_dessert(f: Finished, tally: dict) -> bool:
    return ("dessert", 5) in _chips(f)


def _rainbow(f: Finished, tally: dict) -> bool:
    return any(e.pile == "dessert" and e.award.counts[f.seat] >= TYPES for e in f.events_of("sushi.award"))


def _tuna_trio(f: Finished, tally: dict) -> bool:
    return sum(1 for pile, _v in _chips(f) if pile == "tuna") == 3


def _high_score(f: Finished, tally: dict) -> bool:
    return f.state.outcome().scores[f.seat] >= HIGH_SCORE


def _full_table(f: Finished, tally: dict) -> bool:
    return f.won and len(f.seats) == 5


def _by_ten(f: Finished, tally: dict) -> bool:
    scores = f.state.outcome().scores
    return f.won and all(scores[f.seat] - s >= 10 for i, s in enumerate(scores) if i != f.seat)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    # Translators: an achievement's title (short) and what earns it, in Sushi Draft
    Achievement("first-win", N_("First victory"), N_("Win a game of Sushi Draft."), lambda f, t: f.won),
    *beats(N_("Sous-chef"), N_("Itamae")),
    Achievement("sweep", N_("Clean sweep"), N_("Win every chip of a round, at least four of them."), _sweep),
    Achievement("top-dessert", N_("Sweet tooth"), N_("Win the 5-point dessert chip."), _top_dessert),
    Achievement("rainbow", N_("Tasting menu"), N_("Eat all five kinds of sushi in one round."), _rainbow),
    Achievement("tuna-trio", N_("Tuna lover"), N_("Win all three tuna chips in one game."), _tuna_trio),
    Achievement("high-score", N_("Banquet"), N_("Score 25 points or more in a game."), _high_score),
    Achievement("by-ten", N_("Far ahead"), N_("Win by ten points or more."), _by_ten),
    Achievement("full-table", N_("Full counter"), N_("Win at a table of five."), _full_table),
    STREAK,
    Achievement("games-10", N_("Regular"), N_("Play ten games of Sushi Draft."), count_at_least("played", 10)),
    Achievement("wins-25", N_("Veteran"), N_("Win twenty-five games of Sushi Draft."), count_at_least("won", 25)),
)


def tally(f: Finished, counts: dict) -> None:
    """Sushi Draft's lifetime counts: the shared ones (:func:`game.achievements.common_tally`)."""
    common_tally(f, counts)


__all__ = ["ACHIEVEMENTS", "HIGH_SCORE", "SWEEP_CHIPS", "tally"]
