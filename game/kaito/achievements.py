"""KAITO's achievements (issue 36 §3; :mod:`game.achievements`), judged from a finished game's
events (RULES.md §1)."""
from __future__ import annotations

from game.achievements import STREAK, Achievement, Finished, beats, common_tally, count_at_least
from game.i18n import N_

#: Moving this far in one move (squares) earns ``long-jump`` (the board's longest move).
LONG_MOVE = 5
#: Holding this many tiles at the end of a win earns ``haul``.
HAUL = 8


def _won_without_exchange(f: Finished, tally: dict) -> bool:
    return f.won and not any(e.seat == f.seat for e in f.events_of("kaito.exchange"))


def _bought_back(f: Finished, tally: dict) -> bool:
    return any(e.seat == f.seat for e in f.events_of("kaito.exchange"))


def _end(f: Finished):  # the GameEnded event (every finished KAITO game has one)
    ends = f.events_of("kaito.end")
    return ends[-1] if ends else None


def _own_goal(f: Finished, tally: dict) -> bool:
    """RULES.md §1, end (ruling): the opponent took its own last katana or kabuto."""
    end = _end(f)
    return (f.won and end is not None and end.reason in ("no-katana", "no-kabuto") and end.loser != f.seat
            and end.captured_by == end.loser)


def _cornered(f: Finished, tally: dict) -> bool:
    end = _end(f)
    return f.won and end is not None and end.reason == "no-move" and end.loser != f.seat


def _kabuto_kept(f: Finished, tally: dict) -> bool:
    return f.won and not any(e.owner == f.seat and e.tile.endswith("H") for e in f.events_of("kaito.capture"))


def _haul(f: Finished, tally: dict) -> bool:
    scores = f.state.outcome().scores
    return f.won and scores[f.seat] >= HAUL


def _long_jump(f: Finished, tally: dict) -> bool:
    return any(e.seat == f.seat and e.distance >= LONG_MOVE for e in f.events_of("kaito.move"))


ACHIEVEMENTS: tuple[Achievement, ...] = (
    # Translators: an achievement's title (short) and what earns it, in KAITO
    Achievement("first-win", N_("First victory"), N_("Win a game of KAITO."), lambda f, t: f.won),
    *beats(N_("Swordsman"), N_("Shogun")),
    Achievement("no-buyback", N_("No change given"), N_("Win without buying back a tile."), _won_without_exchange),
    Achievement("buyback", N_("Ransom paid"), N_("Buy back one of your katana or kabuto with Mon."), _bought_back),
    Achievement("own-goal", N_("Self-inflicted"),
                N_("Win when your opponent captures their own last katana or kabuto."), _own_goal),
    Achievement("cornered", N_("Nowhere to go"),
                N_("Win because your opponent has no tile left in the Kaito's row or column."), _cornered),
    Achievement("kabuto-kept", N_("Helmets on"), N_("Win without losing a single kabuto."), _kabuto_kept),
    Achievement("haul", N_("Full hands"), N_("Win holding eight or more tiles."), _haul),
    Achievement("long-jump", N_("Across the board"), N_("Move the Kaito five squares in one move."), _long_jump),
    STREAK,
    Achievement("games-10", N_("Regular"), N_("Play ten games of KAITO."), count_at_least("played", 10)),
    Achievement("wins-25", N_("Veteran"), N_("Win twenty-five games of KAITO."), count_at_least("won", 25)),
)


def tally(f: Finished, counts: dict) -> None:
    """KAITO's lifetime counts: the shared ones (:func:`game.achievements.common_tally`)."""
    common_tally(f, counts)


__all__ = ["ACHIEVEMENTS", "HAUL", "LONG_MOVE", "tally"]
