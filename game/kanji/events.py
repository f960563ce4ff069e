"""Kanji-zushi's events (issue 9 §1): what each action did, as :class:`game.core.Event` records.

:meth:`game.kanji.rules.KanjiState.apply` emits them in this order:

* an attempt: :class:`KanjiFormed` (a kanji completed) or :class:`KanjiWrong` (both cards went
  back, with the reason), or :class:`Passed`;
* after a completed kanji: :class:`SlotRefilled` (the top shari card turned face up into the
  emptied slot) or :class:`SlotLeftEmpty` (the shari deck ran out), then :class:`NetaDrawn` when
  the seat's neta deck still had cards (the card is :attr:`~game.core.Event.SECRET` to the
  drawer: everyone else learns only that it drew), then :class:`SeatFinished` at its fifth kanji;
* :class:`GameEnded` when the game is over (also at set-up, when the table is dead at once).

Every kind tells its sentence with one template of :data:`TEMPLATES` (a whole sentence with
named placeholders, looked up in the catalogs of :mod:`game.i18n` at the moment it is told); a kind
with several templates picks one by a field (``reason``, whether the card is known), and a sentence
whose subject is the person's own seat takes its second-person variant (``<key>/you``). A formed
kanji's meaning is shown in the language in use (:func:`meaning_of`).

Hidden information (RULES.md §3): hands and deck orders. Attempts are public (the cards are put
side by side face up), so are refills; only :attr:`NetaDrawn.card` is secret. An attempt tells
everyone a card of the acting seat's hand and whether a pair is valid, so it is
:attr:`~game.core.Event.IRREVERSIBLE` (an undo past it would be a free oracle), like a refill and
a draw; a pass is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from game.core import Event

if TYPE_CHECKING:  # pragma: no cover
    pass

#: Why a wrong attempt failed (:attr:`KanjiWrong.reason`), RULES.md §3 "Which kanji are valid".
NO_CHARACTER, NOT_JOYO, NOT_IN_KEY = "no-character", "not-joyo", "not-in-answer-key"


class KanjiEnd(StrEnum):
    """Why a Kanji-zushi game ended (RULES.md §3, end): :attr:`GameEnded.reason`, the
    :class:`~game.core.Outcome`'s reason."""

    ALL_COMPLETE = "all-complete"  #: every seat has completed 5 kanji
    DEAD_TABLE = "dead-table"  #: no seat still playing can complete a kanji


ALL_COMPLETE, DEAD_TABLE = KanjiEnd.ALL_COMPLETE, KanjiEnd.DEAD_TABLE
#: How the end was decided (:attr:`GameEnded.result`).
WIN, TIE_BREAK, SHARED, SHARED_AFTER_TIE_BREAK, NOBODY = (
    "win", "tie-break", "shared", "shared-after-tie-break", "nobody")


@dataclass(frozen=True, kw_only=True)
class KanjiFormed(Event):
    """A valid attempt: ``seat`` completed a kanji (RULES.md §3, a turn, step 3). Public.

    Attributes:
        seat: the acting seat. ply: the action's index (0-based, = the view's ``ply`` before it).
        neta, shari: the two cards (``shari`` may be ``"⿱幺夂"``); they stay face up with the seat.
        slot: the table slot (0-5) the shari was taken from (the lowest slot holding that card).
        char: the kanji. strokes: its KANJIDIC2 stroke count.
        meanings, on, kun, grade: KANJIDIC2's English meanings, on readings (katakana), kun
            readings (hiragana, ``.`` before okurigana) and grade (1-6 primary school, 8 the rest).
        count: how many kanji the seat has completed now (1-5).
        score: the seat's stroke total now.
    """

    KIND: ClassVar[str] = "kanji.formed"
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int
    ply: int
    neta: str
    shari: str
    slot: int
    char: str
    strokes: int
    meanings: tuple[str, ...]
    on: tuple[str, ...]
    kun: tuple[str, ...]
    grade: int | None
    count: int
    score: int


@dataclass(frozen=True, kw_only=True)
class KanjiWrong(Event):
    """A wrong attempt: both cards went back and the turn ended (RULES.md §3, a turn, step 2). Public.

    Attributes:
        seat, ply, neta, shari, slot: as in :class:`KanjiFormed` (``slot``: where the shari lies).
        char: the character the pair formed, or None (no character). strokes: its stroke count.
        reason: :data:`NO_CHARACTER`, :data:`NOT_JOYO` (a character outside the 2,136) or
            :data:`NOT_IN_KEY` (regular-use but not one of the rulebook's 71, with that key).
        why: the attempt log's sentence (:func:`game.kanji.rules.judge`), e.g.
            ``"暘 exists but is not a regular-use kanji"``.
    """

    KIND: ClassVar[str] = "kanji.wrong"
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int
    ply: int
    neta: str
    shari: str
    slot: int
    char: str | None
    strokes: int | None
    reason: str
    why: str


@dataclass(frozen=True, kw_only=True)
class Passed(Event):
    """``seat`` passed (RULES.md §3 ruling: the same effect as a wrong attempt). Public.

    Attributes:
        seat: the acting seat. ply: the action's index (0-based).
    """

    KIND: ClassVar[str] = "kanji.pass"

    seat: int
    ply: int


@dataclass(frozen=True, kw_only=True)
class SlotRefilled(Event):
    """The top shari card was turned face up into the slot a completed kanji emptied (RULES.md §3,
    a turn, step 3). Public; reveals the deck's top card.

    Attributes:
        seat: None (the table). slot: the table slot (0-5). card: the shari card now in it.
        shari_left: cards left in the shari draw pile after it.
    """

    KIND: ClassVar[str] = "kanji.refill"
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int | None = None
    slot: int
    card: str
    shari_left: int


@dataclass(frozen=True, kw_only=True)
class SlotLeftEmpty(Event):
    """A completed kanji emptied a slot and the shari deck is exhausted: it stays empty. Public.

    Attributes:
        seat: None (the table). slot: the table slot (0-5) now empty.
    """

    KIND: ClassVar[str] = "kanji.slot_empty"

    seat: int | None = None
    slot: int


@dataclass(frozen=True, kw_only=True)
class NetaDrawn(Event):
    """``seat`` drew the top card of its neta deck after completing a kanji (RULES.md §3, a turn,
    step 3). Others learn that it drew, not what (``card`` is SECRET).

    Attributes:
        seat: the drawing seat. card: the neta drawn (None for every other seat).
        neta_left: cards left in the seat's neta deck after the draw (public).
    """

    KIND: ClassVar[str] = "kanji.draw"
    SECRET: ClassVar[frozenset[str]] = frozenset({"card"})
    IRREVERSIBLE: ClassVar[bool] = True

    seat: int
    card: str | None
    neta_left: int


@dataclass(frozen=True, kw_only=True)
class SeatFinished(Event):
    """``seat`` completed its fifth kanji and takes no more turns (RULES.md §3, a turn, step 4).

    Attributes:
        seat: the seat. kanji: its 5 kanji in the order completed. score: its stroke total.
    """

    KIND: ClassVar[str] = "kanji.finished"

    seat: int
    kanji: tuple[str, ...]
    score: int


@dataclass(frozen=True)
class TieBreak:
    """How a tie on the top stroke total was settled (RULES.md §3 scoring; public).

    Attributes:
        tied: the seats sharing the highest total, ascending. total: that total.
        biggest: per seat of ``tied`` (same order), the stroke count of its biggest single kanji
            (0 for a seat with none).
        kanji: per seat of ``tied``, that biggest kanji (the first completed among equals), or None.
        winners: the seats with the biggest of those (one: the tie-break decided it; several:
            they share the win).
    """

    tied: tuple[int, ...]
    total: int
    biggest: tuple[int, ...]
    kanji: tuple[str | None, ...]
    winners: tuple[int, ...]

    @property
    def decided(self) -> bool:
        """True when the biggest kanji left a single winner."""
        return len(self.winners) == 1


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    """The game is over (RULES.md §3 end and scoring): why, who won, and the tie-break if any.

    Attributes:
        seat: None (the table).
        reason: ``"all-complete"`` or ``"dead-table"`` (the Outcome's reason).
        result: :data:`WIN` (one top total), :data:`TIE_BREAK` (a tie decided by the biggest
            kanji), :data:`SHARED` (tied on the biggest kanji too), :data:`SHARED_AFTER_TIE_BREAK`
            (the tie-break left several of the tied seats) or :data:`NOBODY` (no kanji made).
        winners: the winning seats, ascending. scores: every seat's stroke total.
        tie_break: the :class:`TieBreak` when the top total was tied, else None.
    """

    KIND: ClassVar[str] = "kanji.end"

    seat: int | None = None
    reason: KanjiEnd
    result: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    tie_break: TieBreak | None


#: Every Kanji-zushi event class.
EVENT_TYPES: tuple[type[Event], ...] = (KanjiFormed, KanjiWrong, Passed, SlotRefilled, SlotLeftEmpty,
                                        NetaDrawn, SeatFinished, GameEnded)

__all__ = [
    "ALL_COMPLETE",
    "DEAD_TABLE",
    "EVENT_TYPES",
    "GameEnded",
    "KanjiEnd",
    "KanjiFormed",
    "KanjiWrong",
    "NOBODY",
    "NOT_IN_KEY",
    "NOT_JOYO",
    "NO_CHARACTER",
    "NetaDrawn",
    "Passed",
    "SHARED",
    "SHARED_AFTER_TIE_BREAK",
    "SeatFinished",
    "SlotLeftEmpty",
    "SlotRefilled",
    "TIE_BREAK",
    "WIN",
]
