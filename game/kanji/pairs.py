"""Kanji-zushi's pairs (RULES.md section 3): the table and hand sizes, an action's notation
(``"亻+木"`` or ``pass``), whether a neta and a shari make a valid kanji under an answer key
(:func:`judge`), and the records of completed kanji and attempts a view shows. Pure data and
functions: :mod:`game.kanji.rules` plays on them (and offers them again)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core import InvalidActionError, brief_repr
from game.i18n import _
from game.kanji import data as kanji_data
from game.kanji.data import NETA, SHARI_DECK, Formed
from game.kanji.telling import verdict

#: Face-up shari slots on the table (two rows of 3).
TABLE_SLOTS = 6
#: Neta cards each seat holds (RULES.md §3 setup).
HAND_SIZE = 5
#: Completed kanji after which a seat takes no more turns (RULES.md §3, turn step 4).
KANJI_PER_SEAT = 5
#: The pass action (RULES.md §3 ruling and notation).
PASS = "pass"
#: Separator of an attempt's notation, ``"亻+木"``.
JOIN = "+"


_NETA_ORDER = {name: i for i, name in enumerate(NETA)}
#: How many of each card the 46-card shari deck holds.
SHARI_COUNTS = Counter(SHARI_DECK)
_VALID_CACHE: dict[str, frozenset[tuple[str, str]]] = {}


def valid_set(answer_key: str) -> frozenset[tuple[str, str]]:
    """Every valid (neta, shari) pair under ``answer_key`` (cached)."""
    pairs = _VALID_CACHE.get(answer_key)
    if pairs is None:
        pairs = _VALID_CACHE[answer_key] = frozenset(kanji_data.valid_pairs(answer_key))
    return pairs


def attempt_text(neta: str, shari: str) -> str:
    """The notation of an attempt: ``attempt_text("亻", "木") -> "亻+木"`` (RULES.md §3)."""
    return f"{neta}{JOIN}{shari}"


def parse_action(text: Any) -> tuple[str, str] | None:
    """Split an action: ``"亻+木" -> ("亻", "木")``, ``"pass" -> None``.

    Raises:
        InvalidActionError: not a string, no ``+``, or a side that is not a card name of the game
            (neta: one of :data:`~game.kanji.data.NETA`; shari: one of the 43 shari card names)."""
    if not isinstance(text, str):
        raise InvalidActionError(_("{text} is not an action string").format(text=brief_repr(text)))
    if text == PASS:
        return None
    if JOIN not in text:
        # Translators: {text} is the action given, in quotes; "<neta>+<shari>" and {pass_} ('pass') are notation
        raise InvalidActionError(_("{text} is not an attempt <neta>+<shari> nor {pass_}").format(
            text=brief_repr(text), pass_=repr(PASS)))
    neta, shari = text.split(JOIN, 1)
    if neta not in _NETA_ORDER:
        # Translators: {cards} lists the neta cards (亻 氵 彳 ...)
        raise InvalidActionError(_("{text}: {card} is not a neta card ({cards})").format(
            text=brief_repr(text), card=brief_repr(neta), cards=" ".join(NETA)))
    if shari not in SHARI_COUNTS:
        raise InvalidActionError(_("{text}: {card} is not a shari card name").format(
            text=brief_repr(text), card=brief_repr(shari)))
    return neta, shari


def judge(neta: str, shari: str, answer_key: str = "joyo") -> tuple[Formed | None, bool, str]:
    """Judge a pair under ``answer_key`` (RULES.md §3, "Which kanji are valid").

    Returns ``(formed, valid, why)``: the character the pair forms (or None), whether it completes
    a kanji, and one human sentence in the language in use (:func:`verdict_text`), e.g.
    ``"亻 + 木 = 休, a regular-use kanji (6 strokes)"``, ``"暘 exists but is not a regular-use
    kanji"``, ``"亻 + 口 forms no character"``.

    Raises:
        ValueError: unknown card name or answer key (from :mod:`game.kanji.data`)."""
    valid = kanji_data.is_valid(neta, shari, answer_key)
    formed = kanji_data.form(neta, shari)
    return formed, valid, verdict(neta, shari, formed, valid, answer_key)


def verdict_text(neta: str, shari: str, answer_key: str = "joyo") -> str:
    """:func:`judge`'s sentence about the pair in the language in use now (to tell an attempt
    again after a language switch: :meth:`Attempt.why_text`).

    Raises:
        ValueError: unknown card name or answer key (from :mod:`game.kanji.data`)."""
    return judge(neta, shari, answer_key)[2]


def sort_hand(cards: Sequence[str]) -> tuple[str, ...]:
    """Neta cards in the canonical order of :data:`~game.kanji.data.NETA` (亻 氵 彳 土 扌 木 日 禾 糸 言)."""
    return tuple(sorted(cards, key=_NETA_ORDER.__getitem__))


@dataclass(frozen=True)
class Completed:
    """One completed kanji, kept face up by its seat (public).

    Attributes:
        char: the kanji (one code point). strokes: its KANJIDIC2 stroke count.
        neta, shari: the two card names (``shari`` may be ``"⿱幺夂"``).
        turn: the action index (0-based) at which it was completed.
    Meanings and readings: ``game.kanji.data.form(neta, shari)``."""

    char: str
    strokes: int
    neta: str
    shari: str
    turn: int


@dataclass(frozen=True)
class Attempt:
    """One action in the public attempt log.

    Attributes:
        turn: action index (0-based). seat: who acted. action: the notation (``"亻+木"``, ``"pass"``).
        neta, shari: the cards tried (None for a pass).
        char: the character the pair formed, or None (no character, or a pass).
        strokes: the formed character's stroke count, or None.
        valid: True when the seat completed a kanji.
        why: one human sentence (see :func:`judge`; ``"passed"`` for a pass).
        slot: the table slot (0-5) the shari was taken from (the lowest slot holding that card),
            None for a pass.
        refill: after a valid attempt, the card turned face up into ``slot`` (None if the shari
            deck was empty, and for wrong attempts and passes).
    """

    turn: int
    seat: int
    action: str
    neta: str | None
    shari: str | None
    char: str | None
    strokes: int | None
    valid: bool
    why: str
    slot: int | None
    refill: str | None

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.neta is None

    def why_text(self, answer_key: str = "joyo") -> str:
        """:attr:`why` in the language in use now (``answer_key``: the game's, ``view.answer_key``)."""
        if self.neta is None or self.shari is None:
            # Translators: the attempt log's entry for a pass
            return _("passed")
        return verdict_text(self.neta, self.shari, answer_key)
