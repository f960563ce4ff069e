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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Callable, ClassVar

from game.core import Event, join_list, pick_template, seat_name
from game.i18n import _, language, ngettext
from game.kanji import data as kanji_data

if TYPE_CHECKING:  # pragma: no cover
    from game.kanji.data import Formed

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

#: A sentence template in the language in use, for a count ``n`` (the ones without a count ignore
#: it): called at the moment the sentence is told.
Template = Callable[[int], str]

#: Every sentence, keyed by kind (and, where a kind has several, by the field that picks one);
#: ``<key>/you``: the second-person variant (the subject seat is the person).
#: Placeholders: ``{seat}`` and the like are seat names (``{winners}``, ``{tied}``: lists of them);
#: card names and kanji as they are; ``{meaning}`` the kanji's meaning in the language in use.
TEMPLATES: dict[str, Template] = {
    # Translators: {neta} and {shari} are the two card halves, {char} the kanji they make, {meaning}
    # its meaning, {readings} its readings ("キュウ / やす.む")
    "kanji.formed": lambda n: ngettext(
        "{seat} put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} stroke).",
        "{seat} put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} strokes).",
        n),
    "kanji.formed/you": lambda n: ngettext(
        "You put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} stroke).",
        "You put {neta} beside {shari} and completed {char} “{meaning}” (read {readings}; {strokes} strokes).",
        n),
    f"kanji.wrong/{NO_CHARACTER}": lambda n: _("{seat} put {neta} beside {shari}, but the pair forms no "
                                               "character, so both cards went back."),
    f"kanji.wrong/{NO_CHARACTER}/you": lambda n: _("You put {neta} beside {shari}, but the pair forms no "
                                                   "character, so both cards went back."),
    f"kanji.wrong/{NOT_JOYO}": lambda n: _("{seat} put {neta} beside {shari} and formed {char}, which is not a "
                                           "regular-use kanji, so both cards went back."),
    f"kanji.wrong/{NOT_JOYO}/you": lambda n: _("You put {neta} beside {shari} and formed {char}, which is not a "
                                               "regular-use kanji, so both cards went back."),
    f"kanji.wrong/{NOT_IN_KEY}": lambda n: _("{seat} put {neta} beside {shari} and formed {char}, a regular-use "
                                             "kanji but not one of the rulebook's valid kanji, so both cards "
                                             "went back."),
    f"kanji.wrong/{NOT_IN_KEY}/you": lambda n: _("You put {neta} beside {shari} and formed {char}, a regular-use "
                                                 "kanji but not one of the rulebook's valid kanji, so both cards "
                                                 "went back."),
    "kanji.pass": lambda n: _("{seat} passed."),
    "kanji.pass/you": lambda n: _("You passed."),
    # Translators: {card} is the shari card turned up; {left} how many are left in the shari deck
    "kanji.refill": lambda n: ngettext("A new shari card, {card}, was turned face up into the emptied slot "
                                       "({left} left in the deck).",
                                       "A new shari card, {card}, was turned face up into the emptied slot "
                                       "({left} left in the deck).", n),
    "kanji.slot_empty": lambda n: _("The shari deck is empty, so the emptied slot stays empty."),
    "kanji.draw/hidden": lambda n: _("{seat} drew a neta card."),
    "kanji.draw/hidden/you": lambda n: _("You drew a neta card."),
    "kanji.draw/known": lambda n: _("{seat} drew {card}."),
    "kanji.draw/known/you": lambda n: _("You drew {card}."),
    # Translators: {kanji} are the seat's five kanji ("休 林 校 村 時"), {score} their strokes in all
    "kanji.finished": lambda n: ngettext("{seat} completed a fifth kanji ({kanji}: {score} stroke) and will take "
                                         "no more turns.",
                                         "{seat} completed a fifth kanji ({kanji}: {score} strokes) and will take "
                                         "no more turns.", n),
    "kanji.finished/you": lambda n: ngettext("You completed a fifth kanji ({kanji}: {score} stroke) and will take "
                                             "no more turns.",
                                             "You completed a fifth kanji ({kanji}: {score} strokes) and will take "
                                             "no more turns.", n),
    f"kanji.end/all-complete/{WIN}": lambda n: ngettext(
        "Every seat has completed 5 kanji, and {winners} won with {total} stroke.",
        "Every seat has completed 5 kanji, and {winners} won with {total} strokes.", n),
    f"kanji.end/all-complete/{WIN}/you": lambda n: ngettext(
        "Every seat has completed 5 kanji, and You won with {total} stroke.",
        "Every seat has completed 5 kanji, and You won with {total} strokes.", n),
    # Translators: {tied} lists the seats tied on {total} strokes; {kanji} is the winner's biggest
    # kanji, of {biggest} strokes
    f"kanji.end/all-complete/{TIE_BREAK}": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and {winners} won the tie-break with "
        "{kanji} ({biggest} strokes).",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and {winners} won the tie-break with "
        "{kanji} ({biggest} strokes).", n),
    f"kanji.end/all-complete/{TIE_BREAK}/you": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and You won the tie-break with "
        "{kanji} ({biggest} strokes).",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and You won the tie-break with "
        "{kanji} ({biggest} strokes).", n),
    f"kanji.end/all-complete/{SHARED}": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and on their biggest kanji "
        "({biggest} strokes), so they shared the win.",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and on their biggest kanji "
        "({biggest} strokes), so they shared the win.", n),
    f"kanji.end/all-complete/{SHARED_AFTER_TIE_BREAK}": lambda n: ngettext(
        "Every seat has completed 5 kanji; {tied} tied on {total} stroke and {winners} shared the win with "
        "biggest kanji of {biggest} strokes.",
        "Every seat has completed 5 kanji; {tied} tied on {total} strokes and {winners} shared the win with "
        "biggest kanji of {biggest} strokes.", n),
    f"kanji.end/dead-table/{WIN}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended and {winners} won with {total} stroke.",
        "No seat still playing can complete a kanji, so the game ended and {winners} won with {total} strokes.",
        n),
    f"kanji.end/dead-table/{WIN}/you": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended and You won with {total} stroke.",
        "No seat still playing can complete a kanji, so the game ended and You won with {total} strokes.", n),
    f"kanji.end/dead-table/{TIE_BREAK}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and "
        "{winners} won the tie-break with {kanji} ({biggest} strokes).",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and "
        "{winners} won the tie-break with {kanji} ({biggest} strokes).", n),
    f"kanji.end/dead-table/{TIE_BREAK}/you": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and "
        "You won the tie-break with {kanji} ({biggest} strokes).",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and "
        "You won the tie-break with {kanji} ({biggest} strokes).", n),
    f"kanji.end/dead-table/{SHARED}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and on "
        "their biggest kanji ({biggest} strokes), so they shared the win.",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and on "
        "their biggest kanji ({biggest} strokes), so they shared the win.", n),
    f"kanji.end/dead-table/{SHARED_AFTER_TIE_BREAK}": lambda n: ngettext(
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} stroke and "
        "{winners} shared the win with biggest kanji of {biggest} strokes.",
        "No seat still playing can complete a kanji, so the game ended; {tied} tied on {total} strokes and "
        "{winners} shared the win with biggest kanji of {biggest} strokes.", n),
    f"kanji.end/dead-table/{NOBODY}": lambda n: _("No seat can complete a kanji, so the game ended with no kanji "
                                                  "made and {winners} shared the win."),
}


def template(key: str, subject: str | None = None, n: int = 0) -> str:
    """The template ``key`` of :data:`TEMPLATES` (:func:`game.core.pick_template`)."""
    return pick_template(TEMPLATES, key, subject, n)


def name_list(names: Sequence[str], seats: Sequence[int]) -> str:
    """Seat names as a list in the language in use: ``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Cy"``."""
    return join_list([seat_name(names, s) for s in seats])


def meaning_of(char: str, meanings: Sequence[str]) -> str:
    """The meaning to show for the formed kanji ``char`` in the language in use
    (:func:`game.kanji.data.gloss`), else its first English meaning of ``meanings``, else
    "no gloss"."""
    gloss = getattr(kanji_data, "gloss", None)
    found = gloss(char, language()) if gloss is not None else None
    if found:
        return str(found)
    if meanings:
        return meanings[0]
    # Translators: in place of a kanji's meaning when the dictionary gives none
    return _("no gloss")


def verdict(neta: str, shari: str, formed: Formed | None, valid: bool, answer_key: str) -> str:
    """:func:`game.kanji.rules.judge`'s sentence about the pair (``formed``: what it forms, ``valid``:
    whether it completes a kanji under ``answer_key``) in the language in use."""
    if formed is None:
        # Translators: a wrong attempt: {neta} and {shari} are the two card halves put together
        return _("{neta} + {shari} forms no character").format(neta=neta, shari=shari)
    if valid:
        if answer_key == "joyo":
            # Translators: a valid attempt: the two card halves, the kanji {char} they make and its strokes
            text = ngettext("{neta} + {shari} = {char}, a regular-use kanji ({strokes} stroke)",
                            "{neta} + {shari} = {char}, a regular-use kanji ({strokes} strokes)", formed.strokes or 0)
        else:
            text = ngettext("{neta} + {shari} = {char}, one of the rulebook's valid kanji ({strokes} stroke)",
                            "{neta} + {shari} = {char}, one of the rulebook's valid kanji ({strokes} strokes)",
                            formed.strokes or 0)
        return text.format(neta=neta, shari=shari, char=formed.char, strokes=formed.strokes)
    if not formed.joyo:
        return _("{char} exists but is not a regular-use kanji").format(char=formed.char)
    return _("{char} is a regular-use kanji but not one of the rulebook's valid kanji").format(char=formed.char)


def outcome_text(reason: str, result: str, tied: tuple[int, ...], winners: tuple[int, ...], total: int,
                 best: int, char: str | None) -> str:
    """The :class:`~game.core.Outcome`'s sentence (seats by number, 0-based) in the language in use,
    e.g. ``"Every seat has completed 5 kanji: seat 1 wins with 52 strokes."``: why the game ended
    (``reason``) and how it was decided (``result``, :data:`~game.kanji.events.WIN`...)."""
    seats = join_list([str(s) for s in tied])
    names = join_list([str(s) for s in winners])
    dead = reason == DEAD_TABLE
    if result == WIN:
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seat {seat} "
                         "wins with {total} stroke.",
                         "No seat still playing can complete a kanji from its hand and the table: seat {seat} "
                         "wins with {total} strokes.", total) if dead else
                ngettext("Every seat has completed 5 kanji: seat {seat} wins with {total} stroke.",
                         "Every seat has completed 5 kanji: seat {seat} wins with {total} strokes.", total))
    elif result == TIE_BREAK:
        # Translators: {seats} lists tied seat numbers; {seat} won with its biggest kanji {char} of {best} strokes
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} stroke; seat {seat} wins the tie-break with its biggest kanji {char} "
                         "({best} strokes).",
                         "No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} strokes; seat {seat} wins the tie-break with its biggest kanji {char} "
                         "({best} strokes).", total) if dead else
                ngettext("Every seat has completed 5 kanji: seats {seats} tie on {total} stroke; seat {seat} wins "
                         "the tie-break with its biggest kanji {char} ({best} strokes).",
                         "Every seat has completed 5 kanji: seats {seats} tie on {total} strokes; seat {seat} wins "
                         "the tie-break with its biggest kanji {char} ({best} strokes).", total))
    elif result == NOBODY:
        text = (_("No seat still playing can complete a kanji from its hand and the table: nobody has completed a "
                  "kanji, so seats {seats} share the win.") if dead else
                _("Every seat has completed 5 kanji: nobody has completed a kanji, so seats {seats} share the win."))
    elif result == SHARED:
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} stroke and on their biggest kanji ({best} strokes), so they share the win.",
                         "No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} strokes and on their biggest kanji ({best} strokes), so they share the "
                         "win.", total) if dead else
                ngettext("Every seat has completed 5 kanji: seats {seats} tie on {total} stroke and on their "
                         "biggest kanji ({best} strokes), so they share the win.",
                         "Every seat has completed 5 kanji: seats {seats} tie on {total} strokes and on their "
                         "biggest kanji ({best} strokes), so they share the win.", total))
    else:
        # Translators: {seats} lists the tied seat numbers, {winners} those who share the win
        text = (ngettext("No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} stroke; seats {winners} share the win with biggest kanji of {best} "
                         "strokes.",
                         "No seat still playing can complete a kanji from its hand and the table: seats {seats} "
                         "tie on {total} strokes; seats {winners} share the win with biggest kanji of {best} "
                         "strokes.", total) if dead else
                ngettext("Every seat has completed 5 kanji: seats {seats} tie on {total} stroke; seats {winners} "
                         "share the win with biggest kanji of {best} strokes.",
                         "Every seat has completed 5 kanji: seats {seats} tie on {total} strokes; seats {winners} "
                         "share the win with biggest kanji of {best} strokes.", total))
    return text.format(seat=winners[0] if winners else "", seats=seats, winners=names, total=total, best=best,
                       char=char)


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
        # Translators: in place of a kanji's readings when the dictionary gives none
        readings = " / ".join(r[0] for r in (self.on, self.kun) if r) or _("no reading")
        seat = seat_name(names, self.seat)
        return template(self.KIND, seat, self.strokes).format(
            seat=seat, neta=self.neta, shari=self.shari, char=self.char,
            meaning=meaning_of(self.char, self.meanings), readings=readings, strokes=self.strokes)


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

    def describe(self, names: Sequence[str]) -> str:
        """E.g. ``"Ben put 亻 beside 口, but the pair forms no character, so both cards went back."``."""
        seat = seat_name(names, self.seat)
        return template(f"{self.KIND}/{self.reason}", seat).format(
            seat=seat, neta=self.neta, shari=self.shari, char=self.char)


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
        seat = seat_name(names, self.seat)
        return template(self.KIND, seat).format(seat=seat)


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
        return template(self.KIND, n=self.shari_left).format(card=self.card, left=self.shari_left)


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
        return template(self.KIND)


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
        seat = seat_name(names, self.seat)
        return template(key, seat).format(seat=seat, card=self.card)


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
        seat = seat_name(names, self.seat)
        return template(self.KIND, seat, self.score).format(seat=seat, kanji=" ".join(self.kanji),
                                           score=self.score)



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
        only = seat_name(names, self.winners[0]) if len(self.winners) == 1 else None
        total = max(self.scores, default=0)
        return template(f"{self.KIND}/{self.reason}/{self.result}", only, total).format(**fields)


#: Every Kanji-zushi event class.
EVENT_TYPES: tuple[type[Event], ...] = (KanjiFormed, KanjiWrong, Passed, SlotRefilled, SlotLeftEmpty,
                                        NetaDrawn, SeatFinished, GameEnded)

__all__ = [
    "ALL_COMPLETE",
    "DEAD_TABLE",
    "KanjiEnd",
    "EVENT_TYPES",
    "NOBODY",
    "NOT_IN_KEY",
    "NOT_JOYO",
    "NO_CHARACTER",
    "SHARED",
    "SHARED_AFTER_TIE_BREAK",
    "TEMPLATES",
    "TIE_BREAK",
    "Template",
    "WIN",
    "GameEnded",
    "KanjiFormed",
    "KanjiWrong",
    "NetaDrawn",
    "Passed",
    "SeatFinished",
    "SlotLeftEmpty",
    "SlotRefilled",
    "meaning_of",
    "name_list",
    "outcome_text",
    "template",
    "verdict",
]
