"""Kanji-zushi's scoring (RULES.md section 3, scoring; section 4, scores): stroke totals and who
wins at the end, with the tie-break on the biggest single kanji.

Pure functions of the seats' completed kanji (public: they lie face up), used by the rules
(:class:`game.kanji.rules.KanjiState`: its ``scores`` and its end) and by
:class:`~game.kanji.view.KanjiView`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.kanji.events import NOBODY, SHARED, SHARED_AFTER_TIE_BREAK, TIE_BREAK, WIN, TieBreak
from game.kanji.pairs import Completed


def stroke_totals(completed: Sequence[Sequence[Completed]]) -> tuple[int, ...]:
    """Per seat, the summed stroke counts of its completed kanji (``completed[s]``: seat s's)."""
    return tuple(sum(k.strokes for k in kanji) for kanji in completed)


@dataclass(frozen=True)
class FinalResult:
    """Who won a finished game and how it was decided.

    Attributes:
        totals: per seat, its stroke total (:func:`stroke_totals`).
        top: the highest total. tied: the seats with it, ascending.
        winners: the winning seats, ascending (several: they share the win).
        decided: how: ``"win"`` (one seat on top), ``"tie-break"`` (the biggest kanji decided),
            ``"shared"`` (every tied seat wins), ``"shared-after-tie-break"`` (some of them) or
            ``"nobody"`` (every total 0) — :data:`game.kanji.events.WIN` and its siblings.
        tie_break: the :class:`TieBreak` when the top total was tied, else None.
        best: with a tie, the stroke count of the biggest single kanji among the tied seats; 0
            without one.
        char: the kanji that decided a tie-break with a single winner, else None.
    """

    totals: tuple[int, ...]
    top: int
    tied: tuple[int, ...]
    winners: tuple[int, ...]
    decided: str
    tie_break: TieBreak | None
    best: int
    char: str | None


def final_result(completed: Sequence[Sequence[Completed]]) -> FinalResult:
    """The end's result from each seat's completed kanji (``completed[s]``, in the order completed;
    at least one seat): the highest stroke total wins; a tie on it goes to the tied seat whose
    biggest single kanji has the most strokes (the first completed among a seat's equals), and if
    that ties too the tied seats share the win (RULES.md §3).

    Raises:
        ValueError: ``completed`` is empty."""
    totals = stroke_totals(completed)
    top = max(totals)
    tied = tuple(s for s, t in enumerate(totals) if t == top)
    if len(tied) == 1:
        return FinalResult(totals, top, tied, tied, WIN, None, 0, None)
    biggest_kanji = [max(completed[s], key=lambda k: k.strokes, default=None) for s in tied]
    biggest = tuple(k.strokes if k else 0 for k in biggest_kanji)
    best = max(biggest)
    winners = tuple(s for s, b in zip(tied, biggest) if b == best)
    tie_break = TieBreak(tied, top, biggest, tuple(k.char if k else None for k in biggest_kanji), winners)
    decided = (TIE_BREAK if len(winners) == 1 else NOBODY if top == 0
               else SHARED if len(winners) == len(tied) else SHARED_AFTER_TIE_BREAK)
    char = None
    if len(winners) == 1:
        biggest_one = biggest_kanji[tied.index(winners[0])]
        char = biggest_one.char if biggest_one else None
    return FinalResult(totals, top, tied, winners, decided, tie_break, best, char)
