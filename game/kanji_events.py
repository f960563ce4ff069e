"""Kanji-zushi's events (issue 9 §1): what each action did, as :class:`game.core.Event` records.

:meth:`game.kanji.KanjiState.apply` emits them in this order:

* an attempt: :class:`KanjiFormed` (a kanji completed) or :class:`KanjiWrong` (both cards went
  back, with the reason), or :class:`Passed`;
* after a completed kanji: :class:`SlotRefilled` (the top shari card turned face up into the
  emptied slot) or :class:`SlotLeftEmpty` (the shari deck ran out), then :class:`NetaDrawn` when
  the seat's neta deck still had cards (the card is :attr:`~game.core.Event.SECRET` to the
  drawer: everyone else learns only that it drew), then :class:`SeatFinished` at its fifth kanji;
* :class:`GameEnded` when the game is over (also at set-up, when the table is dead at once).

Every kind tells its sentence with one template of :data:`TEMPLATES` (a whole English sentence
with named placeholders, so that a translation catalog can take each over whole); a kind with
several templates picks one by a field (``reason``, whether the card is known).

Hidden information (RULES.md §3): hands and deck orders. Attempts are public (the cards are put
side by side face up), so are refills; only :attr:`NetaDrawn.card` is secret. An attempt tells
everyone a card of the acting seat's hand and whether a pair is valid, so it is
:attr:`~game.core.Event.IRREVERSIBLE` (an undo past it would be a free oracle), like a refill and
a draw; a pass is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .core import Event, english_list, seat_name

if TYPE_CHECKING:  # pragma: no cover
    from .kanji import TieBreak

#: Why a wrong attempt failed (:attr:`KanjiWrong.reason`), RULES.md §3 "Which kanji are valid".
NO_CHARACTER, NOT_JOYO, NOT_IN_KEY = "no-character", "not-joyo", "not-in-answer-key"
#: How the end was decided (:attr:`GameEnded.result`).
WIN, TIE_BREAK, SHARED, SHARED_AFTER_TIE_BREAK, NOBODY = (
    "win", "tie-break", "shared", "shared-after-tie-break", "nobody")

#: Every sentence, keyed by kind (and, where a kind has several, by the field that picks one).
#: Placeholders: ``{seat}`` and the like are seat names; card names and kanji as they are.
TEMPLATES: dict[str, str] = {
    "kanji.formed": ("{seat} put {neta} beside {shari} and completed {char} “{meaning}” "
                     "(read {readings}; {strokes} strokes)."),
    f"kanji.wrong/{NO_CHARACTER}": ("{seat} put {neta} beside {shari}, but the pair forms no "
                                    "character, so both cards went back."),
    f"kanji.wrong/{NOT_JOYO}": ("{seat} put {neta} beside {shari} and formed {char}, which is not a "
                                "regular-use kanji, so both cards went back."),
    f"kanji.wrong/{NOT_IN_KEY}": ("{seat} put {neta} beside {shari} and formed {char}, a regular-use "
                                  "kanji but not one of the rulebook's valid kanji, so both cards "
                                  "went back."),
    "kanji.pass": "{seat} passed.",
    "kanji.refill": ("A new shari card, {card}, was turned face up into the emptied slot "
                     "({left} left in the deck)."),
    "kanji.slot_empty": "The shari deck is empty, so the emptied slot stays empty.",
    "kanji.draw/hidden": "{seat} drew a neta card.",
    "kanji.draw/known": "{seat} drew {card}.",
    "kanji.finished": ("{seat} completed a fifth kanji ({kanji}: {score} strokes) and will take no "
                       "more turns."),
    f"kanji.end/all-complete/{WIN}": ("Every seat has completed 5 kanji, and {winners} won with "
                                      "{total} strokes."),
    f"kanji.end/all-complete/{TIE_BREAK}": ("Every seat has completed 5 kanji; {tied} tied on {total} "
                                            "strokes and {winners} won the tie-break with {kanji} "
                                            "({biggest} strokes)."),
    f"kanji.end/all-complete/{SHARED}": ("Every seat has completed 5 kanji; {tied} tied on {total} "
                                         "strokes and on their biggest kanji ({biggest} strokes), so "
                                         "they shared the win."),
    f"kanji.end/all-complete/{SHARED_AFTER_TIE_BREAK}": (
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and {winners} shared the "
        "win with biggest kanji of {biggest} strokes."),
    f"kanji.end/dead-table/{WIN}": ("No seat still playing can complete a kanji, so the game ended "
                                    "and {winners} won with {total} strokes."),
    f"kanji.end/dead-table/{TIE_BREAK}": ("No seat still playing can complete a kanji, so the game "
                                          "ended; {tied} tied on {total} strokes and {winners} won "
                                          "the tie-break with {kanji} ({biggest} strokes)."),
    f"kanji.end/dead-table/{SHARED}": ("No seat still playing can complete a kanji, so the game ended; "
                                       "{tied} tied on {total} strokes and on their biggest kanji "
                                       "({biggest} strokes), so they shared the win."),
    f"kanji.end/dead-table/{SHARED_AFTER_TIE_BREAK}": (
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} "
        "strokes and {winners} shared the win with biggest kanji of {biggest} strokes."),
    f"kanji.end/dead-table/{NOBODY}": ("No seat can complete a kanji, so the game ended with no kanji "
                                       "made and {winners} shared the win."),
}


def name_list(names: Sequence[str], seats: Sequence[int]) -> str:
    """Seat names as an English list: ``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Cy"``."""
    return english_list([seat_name(names, s) for s in seats])


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

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ana put 亻 beside 木 and completed 休 “rest” (read キュウ / やす.む; 6 strokes)."``."""
        readings = " / ".join(r[0] for r in (self.on, self.kun) if r) or "no reading"
        meaning = self.meanings[0] if self.meanings else "no gloss"
        return TEMPLATES[self.KIND].format(seat=seat_name(names, self.seat), neta=self.neta,
                                           shari=self.shari, char=self.char, meaning=meaning,
                                           readings=readings, strokes=self.strokes)


@dataclass(frozen=True, kw_only=True)
class KanjiWrong(Event):
    """A wrong attempt: both cards went back and the turn ended (RULES.md §3, a turn, step 2). Public.

    Attributes:
        seat, ply, neta, shari, slot: as in :class:`KanjiFormed` (``slot``: where the shari lies).
        char: the character the pair formed, or None (no character). strokes: its stroke count.
        reason: :data:`NO_CHARACTER`, :data:`NOT_JOYO` (a character outside the 2,136) or
            :data:`NOT_IN_KEY` (regular-use but not one of the rulebook's 71, with that key).
        why: the attempt log's sentence (:func:`game.kanji.judge`), e.g.
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

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ben put 亻 beside 口, but the pair forms no character, so both cards went back."``."""
        return TEMPLATES[f"{self.KIND}/{self.reason}"].format(
            seat=seat_name(names, self.seat), neta=self.neta, shari=self.shari, char=self.char)


@dataclass(frozen=True, kw_only=True)
class Passed(Event):
    """``seat`` passed (RULES.md §3 ruling: the same effect as a wrong attempt). Public.

    Attributes:
        seat: the acting seat. ply: the action's index (0-based).
    """

    KIND: ClassVar[str] = "kanji.pass"

    seat: int
    ply: int

    def describe(self, names: Sequence[str]) -> str:
        """``"Ana passed."``"""
        return TEMPLATES[self.KIND].format(seat=seat_name(names, self.seat))


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

    def describe(self, names: Sequence[str]) -> str:
        """``"A new shari card, 寺, was turned face up into the emptied slot (33 left in the deck)."``"""
        return TEMPLATES[self.KIND].format(card=self.card, left=self.shari_left)


@dataclass(frozen=True, kw_only=True)
class SlotLeftEmpty(Event):
    """A completed kanji emptied a slot and the shari deck is exhausted: it stays empty. Public.

    Attributes:
        seat: None (the table). slot: the table slot (0-5) now empty.
    """

    KIND: ClassVar[str] = "kanji.slot_empty"

    seat: int | None = None
    slot: int

    def describe(self, names: Sequence[str]) -> str:
        """``"The shari deck is empty, so the emptied slot stays empty."``"""
        return TEMPLATES[self.KIND]


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

    def describe(self, names: Sequence[str]) -> str:
        """``"Ana drew 木."`` for the drawer, ``"Ana drew a neta card."`` for the others."""
        key = f"{self.KIND}/{'hidden' if self.card is None else 'known'}"
        return TEMPLATES[key].format(seat=seat_name(names, self.seat), card=self.card)


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

    def describe(self, names: Sequence[str]) -> str:
        """``"Ana completed a fifth kanji (休 林 校 村 時: 43 strokes) and will take no more turns."``"""
        return TEMPLATES[self.KIND].format(seat=seat_name(names, self.seat), kanji=" ".join(self.kanji),
                                           score=self.score)


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
        tie_break: the :class:`game.kanji.TieBreak` when the top total was tied, else None.
    """

    KIND: ClassVar[str] = "kanji.end"

    seat: int | None = None
    reason: str
    result: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    tie_break: TieBreak | None

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Every seat has completed 5 kanji, and Ana won with 52 strokes."``."""
        tb = self.tie_break
        fields: dict[str, object] = {"winners": name_list(names, self.winners),
                                     "total": max(self.scores, default=0), "tied": "", "kanji": "",
                                     "biggest": 0}
        if tb is not None:
            best = max(tb.biggest, default=0)
            fields.update(tied=name_list(names, tb.tied), biggest=best,
                          kanji=next((k for k, b in zip(tb.kanji, tb.biggest) if b == best and k), ""))
        return TEMPLATES[f"{self.KIND}/{self.reason}/{self.result}"].format(**fields)


#: Every Kanji-zushi event class.
EVENT_TYPES: tuple[type[Event], ...] = (KanjiFormed, KanjiWrong, Passed, SlotRefilled, SlotLeftEmpty,
                                        NetaDrawn, SeatFinished, GameEnded)

__all__ = [
    "EVENT_TYPES",
    "NOBODY",
    "NOT_IN_KEY",
    "NOT_JOYO",
    "NO_CHARACTER",
    "SHARED",
    "SHARED_AFTER_TIE_BREAK",
    "TEMPLATES",
    "TIE_BREAK",
    "WIN",
    "GameEnded",
    "KanjiFormed",
    "KanjiWrong",
    "NetaDrawn",
    "Passed",
    "SeatFinished",
    "SlotLeftEmpty",
    "SlotRefilled",
    "name_list",
    "name_of",
]
