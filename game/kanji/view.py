"""What a Kanji-zushi seat sees (RULES.md section 3): its :class:`KanjiView`, the information set the
bots and the scenes read. Built by :meth:`game.kanji.rules.KanjiState.view` (and offered again by
:mod:`game.kanji.rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core import View
from game.kanji.events import TieBreak
from game.kanji.pairs import Attempt, Completed
from game.kanji.scoring import stroke_totals


@dataclass(frozen=True, kw_only=True)
class KanjiView(View):
    """What one seat may see (its information set). Immutable; built fresh by :meth:`KanjiState.view`.

    Attributes (after the :class:`game.core.View` ones: ``seat`` the viewing seat, ``to_act``
    ``(to_move,)`` or (), ``legal_actions`` this seat's legal actions sorted by code point (() if
    not its turn), ``outcome`` the Outcome once over, ``ply`` the number of actions applied so
    far):
        num_seats: N (2-6).
        hand: this seat's neta cards, in :data:`~game.kanji.data.NETA` order.
        hand_sizes: cards in each seat's hand. neta_left: cards left in each seat's neta deck.
        shari_left: cards left in the shari draw pile.
        table: the 6 table slots, each a shari card name or None (empty once the deck ran out).
        completed: per seat, its :class:`Completed` kanji in the order completed.
        attempts: the public :class:`Attempt` log, in turn order (passes included).
        to_move: the seat whose turn it is (None once over).
        answer_key: ``"joyo"`` or ``"rulebook"``.
        tie_break: the :class:`TieBreak` once over if the top total was tied, else None.
    Deliberately absent: other seats' hands, deck orders, and which attempts are valid (the UI
    may ask :mod:`game.kanji.data` for its optional hint)."""

    num_seats: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    neta_left: tuple[int, ...]
    shari_left: int
    table: tuple[str | None, ...]
    completed: tuple[tuple[Completed, ...], ...]
    attempts: tuple[Attempt, ...]
    to_move: int | None
    answer_key: str
    tie_break: TieBreak | None

    @property
    def scores(self) -> tuple[int, ...]:
        """Stroke totals per seat (public: completed kanji are face up)."""
        return stroke_totals(self.completed)

    @property
    def round(self) -> int:
        """The round in play, from 1 (:func:`round_number` of the attempt log and the seat to move)."""
        return round_number([a.seat for a in self.attempts], self.to_move)

    @property
    def last_attempt(self) -> Attempt | None:
        """The latest entry of the attempt log, or None before the first action."""
        return self.attempts[-1] if self.attempts else None


def round_number(seats: Sequence[int], to_move: int | None) -> int:
    """The round in play, from 1: a round is one turn of each seat still playing, taken in seat
    order (RULES.md §3, turns go round the table); a new round begins each time the turn comes
    back to a seat at or before the one that just played. ``seats``: who took each turn so far,
    in order (the attempt log's seats, passes included); ``to_move``: the seat to play next (None
    once over: the last round is the one in play)."""
    n = 1
    for prev, cur in zip(seats, seats[1:]):
        if cur <= prev:
            n += 1
    if to_move is not None and seats and to_move <= seats[-1]:
        n += 1
    return n
