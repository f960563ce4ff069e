"""Kanji-zushi's achievements (issue 36 §3; :mod:`game.achievements`), judged from a finished
game's events (RULES.md §3). Its lifetime counts keep every kanji the person formed
(``"kanji"``) and every neta they formed one with (``"neta"``)."""
from __future__ import annotations

from game.achievements import STREAK, Achievement, Finished, add_distinct, beats, common_tally, count_at_least
from game.i18n import N_

#: A kanji of this many strokes or more earns ``big-kanji``.
BIG_KANJI = 15
#: A final score of this many strokes earns ``strokes-50``.
STROKES = 50
#: The neta deck's size (RULES.md §3): a kanji formed with each earns ``every-neta``.
NETA = 10
#: Completed kanji that end a seat's turns (RULES.md §3).
FULL = 5


def _formed(f: Finished) -> list:
    return [e for e in f.events_of("kanji.formed") if e.seat == f.seat]


def _first_five(f: Finished, tally: dict) -> bool:
    fifth = [e for e in f.events_of("kanji.formed") if e.count == FULL]
    return bool(fifth) and fifth[0].seat == f.seat


def _flawless(f: Finished, tally: dict) -> bool:
    return f.won and not any(e.seat == f.seat for e in f.events_of("kanji.wrong"))


def _big(f: Finished, tally: dict) -> bool:
    return any(e.strokes >= BIG_KANJI for e in _formed(f))


def _strokes(f: Finished, tally: dict) -> bool:
    return f.state.outcome().scores[f.seat] >= STROKES


def _full(f: Finished, tally: dict) -> bool:
    return any(e.count == FULL for e in _formed(f))


ACHIEVEMENTS: tuple[Achievement, ...] = (
    # Translators: an achievement's title (short) and what earns it, in Kanji-zushi
    Achievement("first-win", N_("First victory"), N_("Win a game of Kanji-zushi."), lambda f, t: f.won),
    *beats(N_("Calligrapher"), N_("Sensei")),
    Achievement("kanji-20", N_("Twenty kanji"), N_("Form 20 different kanji over all your games."),
                count_at_least("kanji", 20)),
    Achievement("kanji-40", N_("Forty kanji"), N_("Form 40 different kanji over all your games."),
                count_at_least("kanji", 40)),
    Achievement("every-neta", N_("Every radical"), N_("Form a kanji with each of the ten neta cards."),
                count_at_least("neta", NETA)),
    Achievement("first-five", N_("First to five"), N_("Be the first at the table to complete five kanji."),
                _first_five),
    Achievement("flawless", N_("No slips"), N_("Win without a wrong attempt."), _flawless),
    Achievement("big-kanji", N_("Heavy brush"), N_("Form a kanji of 15 strokes or more."), _big),
    Achievement("strokes-50", N_("Fifty strokes"), N_("Score 50 strokes or more in a game."), _strokes),
    Achievement("full-set", N_("Full set"), N_("Complete five kanji in a game."), _full),
    STREAK,
    Achievement("games-10", N_("Regular"), N_("Play ten games of Kanji-zushi."), count_at_least("played", 10)),
)


def tally(f: Finished, counts: dict) -> None:
    """Kanji-zushi's lifetime counts: the shared ones, and the kanji and neta the person formed."""
    common_tally(f, counts)
    formed = _formed(f)
    add_distinct(counts, "kanji", [e.char for e in formed])
    add_distinct(counts, "neta", [e.neta for e in formed])


__all__ = ["ACHIEVEMENTS", "BIG_KANJI", "STROKES", "tally"]
