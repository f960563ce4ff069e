"""Kanji-zushi's spaced review (issue 37 §3): the questions and the schedule, headless.

Three kinds of card per kanji of the player's book; a card id is ``"<kind>:<char>"``:

* ``meaning`` (``"meaning:休"``): the kanji is shown, the player recalls its meaning and grades
  themself Again / Hard / Good / Easy;
* ``pick``: a meaning in the language asked is shown, the player picks its kanji among four;
* ``halves``: the two card halves (neta + shari) are shown, the player picks the kanji they make
  among four (only for a kanji some pair forms: ``data.formed_pairs``).

A pick is graded by the choice made (:func:`grade`): right -> Good, wrong -> Again.

The schedule is FSRS (the Free Spaced Repetition Scheduler, Anki's scheduler since 23.10), through
the ``fsrs`` package (py-fsrs, MIT; written against 6.3.2): its ``Scheduler``, ``Card``,
``Rating`` and ``State``, with its default parameters, 90 % desired retention and fuzzing off (so
the same answers at the same times give the same dates: the deck is pure). Every call takes the
time as ``now``, a timezone-aware ``datetime`` (converted to UTC); nothing here reads the clock.

Public API:

* ``KINDS``; ``card_id(kind, char) -> str``; ``parse_id(card_id) -> tuple[str, str]``;
* ``reviewable(char) -> bool`` (a formable regular-use kanji: it has meanings and readings);
  ``formed(char) -> data.Formed | None``; ``halves_of(char) -> tuple[str, str] | None``;
  ``senses(char, lang) -> tuple[str, ...]`` (every meaning in a language);
* ``question(card_id, lang, rng) -> Question``; ``grade(question, choice) -> Rating``;
* ``ReviewDeck(new_per_day=10)``: ``add(chars, now)``, ``due(now)``, ``count_due(now)``, ``answer(card_id, rating,
  now)``, ``next_due(card_id)``, ``to_dict()``, ``ReviewDeck.from_dict(d)``.

Errors: ``ValueError`` (one line) for an unknown card id, a naive ``now``, a bad deck dict.
Never imports pygame.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any, Iterable

from fsrs import Card, Rating, Scheduler, State

from game.kanji import data

__all__ = ["DEFAULT_NEW_PER_DAY", "KINDS", "Question", "Rating", "ReviewDeck", "card_id", "formed", "grade",
           "halves_of", "parse_id", "question", "reviewable", "senses"]

#: The card kinds, in the order a kanji's cards are added.
KINDS: tuple[str, ...] = ("meaning", "pick", "halves")
#: New cards offered a day unless the deck says otherwise.
DEFAULT_NEW_PER_DAY = 10
#: Choices of a ``pick`` or ``halves`` question (the answer and three distractors).
CHOICES = 4
#: Stroke counts this close to the answer's make a distractor "similar".
CLOSE_STROKES = 2


def card_id(kind: str, char: str) -> str:
    """``"<kind>:<char>"``. Raises ``ValueError`` for an unknown kind or a char that is not one
    code point."""
    if kind not in KINDS:
        raise ValueError(f"unknown card kind {kind!r} (expected one of {', '.join(KINDS)})")
    if len(char) != 1:
        raise ValueError(f"a card's kanji is one character, not {char!r}")
    return f"{kind}:{char}"


def parse_id(cid: str) -> tuple[str, str]:
    """``(kind, char)`` of a card id. Raises ``ValueError`` when it is not ``"<kind>:<char>"``."""
    kind, sep, char = cid.partition(":") if isinstance(cid, str) else ("", "", "")
    if not sep:
        raise ValueError(f"not a card id: {cid!r}")
    card_id(kind, char)
    return kind, char


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, tuple[data.Formed, tuple[str, str]]]:
    """Every formed character with its facts and the first pair (by the decks' order) forming it."""
    out: dict[str, tuple[data.Formed, tuple[str, str]]] = {}
    for (neta, shari), f in sorted(data.formed_pairs().items(),
                                   key=lambda item: (data.NETA.index(item[0][0]), data.SHARI.index(item[0][1]))):
        out.setdefault(f.char, (f, (neta, shari)))
    return out


def formed(char: str) -> data.Formed | None:
    """What data has on ``char`` when some pair forms it (``data.Formed``), else None."""
    entry = _index().get(char)
    return entry[0] if entry else None


def halves_of(char: str) -> tuple[str, str] | None:
    """The ``(neta, shari)`` pair that forms ``char`` (the first by the decks' order), or None."""
    entry = _index().get(char)
    return entry[1] if entry else None


def reviewable(char: str) -> bool:
    """Whether ``char`` can have review cards: a regular-use (Jōyō) kanji a pair forms, with
    meanings and readings (KANJIDIC2)."""
    f = formed(char)
    return f is not None and f.joyo and bool(f.meanings) and bool(f.on or f.kun)


def _pool() -> list[str]:
    """Every reviewable kanji (the distractors' pool), by code point."""
    return sorted(char for char in _index() if reviewable(char))


def _kana(kun: str) -> str:
    return kun.replace(".", "").strip("-")


def senses(char: str, lang: str) -> tuple[str, ...]:
    """Every meaning of ``char`` in ``lang`` (first the one :func:`data.gloss` shows): ``"en"``
    KANJIDIC2's English meanings, ``"es"`` its Spanish ones (English where it has none), ``"ja"``
    the readings as words, kun first (hiragana, okurigana included, as the room glosses them),
    then on (katakana). No duplicates; () for a char without data."""
    f = formed(char)
    if f is None:
        return ()
    code = lang.replace("-", "_").split("_", 1)[0].lower()
    if code == "ja":
        words = [_kana(k) for k in f.kun] + [o.strip("-") for o in f.on]
    elif code == "es" and f.meanings_es:
        words = list(f.meanings_es)
    else:
        words = list(f.meanings)
    first = data.gloss(char, lang)
    if first is not None:
        words.insert(0, first)
    return tuple(dict.fromkeys(w for w in words if w))


@dataclass(frozen=True)
class Question:
    """One card as asked in one language.

    Attributes:
        card_id: ``"<kind>:<char>"``. kind: ``"meaning"``, ``"pick"`` or ``"halves"``. char: the
            kanji the card is about. lang: the language of the texts (``"en"``, ``"es"``, ``"ja"``).
        prompt: what is shown: the kanji (``meaning``), its first meaning in ``lang`` (``pick``;
            in Japanese its first reading as a word), the two halves' card names joined by
            ``" + "`` (``halves``; the scene draws ``halves`` rather than this text).
        halves: ``(neta, shari)`` card names for ``halves`` (``"⿱幺夂"`` has no code point: drawn
            by clipping 後), else None.
        choices: the four kanji to pick from, in the order to show them (``pick`` and ``halves``);
            () for ``meaning``.
        answer: the right choice (``char``) for ``pick`` and ``halves``; for ``meaning`` the first
            meaning in ``lang``.
        meanings: every meaning in ``lang`` (:func:`senses`), for the answer's side.
        on, kun: the readings (katakana; hiragana with KANJIDIC2's ``.`` and ``-``).
        strokes: the stroke count.
    """

    card_id: str
    kind: str
    char: str
    lang: str
    prompt: str
    halves: tuple[str, str] | None
    choices: tuple[str, ...]
    answer: str
    meanings: tuple[str, ...]
    on: tuple[str, ...]
    kun: tuple[str, ...]
    strokes: int | None


def _distractors(char: str, lang: str, rng: random.Random, prompt: str) -> list[str]:
    """Three other reviewable kanji, none with ``prompt`` among its meanings in ``lang`` nor the
    same first meaning as ``char``; similar ones first (sharing a half, then a stroke count
    within ``CLOSE_STROKES``), ties broken by ``rng``."""
    f = formed(char)
    assert f is not None
    pair = halves_of(char) or ("", "")
    first = data.gloss(char, lang)
    candidates = []
    for other in _pool():
        if other == char:
            continue
        theirs = senses(other, lang)
        if prompt in theirs or (first is not None and data.gloss(other, lang) == first):
            continue
        other_pair = halves_of(other) or ("", "")
        other_strokes = data.joyo_strokes(other) or 0
        if other_pair[0] == pair[0] or other_pair[1] == pair[1]:
            tier = 0
        elif f.strokes is not None and abs(other_strokes - f.strokes) <= CLOSE_STROKES:
            tier = 1
        else:
            tier = 2
        candidates.append((tier, rng.random(), other))
    candidates.sort()
    return [other for _, _, other in candidates[:CHOICES - 1]]


def question(cid: str, lang: str, rng: random.Random) -> Question:
    """The card ``cid`` asked in ``lang`` (``"en"``, ``"es"``, ``"ja"``); the distractors and the
    order of the choices are drawn from ``rng`` (the same seed, the same question).

    Raises ``ValueError`` for a bad card id, a kanji that is not :func:`reviewable`, or a
    ``halves`` card of a kanji no pair forms."""
    kind, char = parse_id(cid)
    if not reviewable(char):
        raise ValueError(f"{char!r} is not a kanji of the review (a regular-use kanji the cards form)")
    f = formed(char)
    assert f is not None
    meanings = senses(char, lang)
    halves = halves_of(char) if kind == "halves" else None
    if kind == "halves" and halves is None:
        raise ValueError(f"no pair of halves forms {char!r}")
    choices: tuple[str, ...] = ()
    if kind == "meaning":
        prompt, answer = char, meanings[0]
    else:
        prompt = meanings[0] if kind == "pick" else " + ".join(halves or ())
        options = _distractors(char, lang, rng, meanings[0] if kind == "pick" else "") + [char]
        rng.shuffle(options)
        choices, answer = tuple(options), char
    return Question(card_id=cid, kind=kind, char=char, lang=lang, prompt=prompt, halves=halves,
                    choices=choices, answer=answer, meanings=meanings, on=f.on, kun=f.kun, strokes=f.strokes)


def grade(q: Question, choice: str) -> Rating:
    """The rating a ``pick`` or ``halves`` choice earns: ``Rating.Good`` when ``choice`` is the
    answer, else ``Rating.Again``. Raises ``ValueError`` for a ``meaning`` card (self-graded) or a
    choice not offered."""
    if q.kind == "meaning":
        raise ValueError("a meaning card is graded by the player (Again / Hard / Good / Easy)")
    if choice not in q.choices:
        raise ValueError(f"{choice!r} is not one of the choices {''.join(q.choices)}")
    return Rating.Good if choice == q.answer else Rating.Again


def _utc(now: datetime) -> datetime:
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"the time must be a timezone-aware datetime, not {now!r}")
    return now.astimezone(timezone.utc)


@dataclass
class _Entry:
    """A card of the deck: its FSRS card, the order it was added in and the day it was first
    answered (UTC; None while new)."""

    seq: int
    card: Card
    first: date | None = None

    @property
    def new(self) -> bool:
        return self.card.last_review is None


class ReviewDeck:
    """The review cards of one player and their FSRS schedule (pure: no clock, no file; the store
    is ``scenes.kanji.reviewstore.KanjiReview``).

    ``new_per_day``: how many never-answered cards :meth:`due` offers a (UTC) day, counting those
    first answered that day; at most one new card of a kanji a day (its other cards, siblings,
    wait for another day, as Anki buries siblings)."""

    def __init__(self, new_per_day: int = DEFAULT_NEW_PER_DAY):
        if isinstance(new_per_day, bool) or not isinstance(new_per_day, int) or not 0 <= new_per_day <= 1000:
            raise ValueError(f"new_per_day must be an integer from 0 to 1000, not {new_per_day!r}")
        self.new_per_day = new_per_day
        self._cards: dict[str, _Entry] = {}
        self._scheduler = Scheduler(enable_fuzzing=False)

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, cid: object) -> bool:
        return cid in self._cards

    def card_ids(self) -> list[str]:
        """Every card id, in the order added."""
        return list(self._cards)

    def add(self, chars: Iterable[str], now: datetime) -> list[str]:
        """New cards (all three kinds; no ``halves`` card for a kanji no pair forms) for each kanji
        of ``chars`` that has none yet; kanji that are not :func:`reviewable` are skipped.
        Returns the ids added, in order."""
        now = _utc(now)
        added = []
        for char in chars:
            if not isinstance(char, str) or len(char) != 1 or not reviewable(char):
                continue
            for kind in KINDS:
                cid = card_id(kind, char)
                if cid in self._cards or (kind == "halves" and halves_of(char) is None):
                    continue
                self._cards[cid] = _Entry(len(self._cards), Card(card_id=len(self._cards) + 1, due=now))
                added.append(cid)
        return added

    def due(self, now: datetime) -> list[str]:
        """The cards to review at ``now``: the answered ones due by then, the most overdue first
        (then in the order added), then new cards in the order added, as many as the day's
        allowance leaves (``new_per_day`` minus those first answered on ``now``'s UTC day) and
        at most one a kanji (none of a kanji with a card first answered that day)."""
        now = _utc(now)
        today = now.date()
        old = sorted((e.card.due, e.seq, cid) for cid, e in self._cards.items() if not e.new and e.card.due <= now)
        out = [cid for _, _, cid in old]
        allowance = self.new_per_day - sum(1 for e in self._cards.values() if e.first == today)
        busy = {parse_id(cid)[1] for cid, e in self._cards.items() if e.first == today}
        for cid, e in self._cards.items():
            if allowance <= 0:
                break
            char = parse_id(cid)[1]
            if e.new and char not in busy:
                out.append(cid)
                busy.add(char)
                allowance -= 1
        return out

    def count_due(self, now: datetime) -> int:
        """``len(self.due(now))``: the menu's "12 due"."""
        return len(self.due(now))

    def answer(self, cid: str, rating: Rating | int, now: datetime) -> datetime:
        """Schedule card ``cid`` after an answer rated ``rating`` (``Rating`` or 1-4: Again, Hard,
        Good, Easy) at ``now``; returns when it is due next (UTC). Raises ``ValueError`` for an
        unknown card or rating, or a naive ``now``."""
        now = _utc(now)
        entry = self._cards.get(cid)
        if entry is None:
            raise ValueError(f"no card {cid!r} in the review deck")
        if isinstance(rating, bool) or rating not in (1, 2, 3, 4):
            raise ValueError(f"a rating is 1-4 (Again, Hard, Good, Easy), not {rating!r}")
        entry.card, _log = self._scheduler.review_card(entry.card, Rating(rating), review_datetime=now)
        if entry.first is None:
            entry.first = now.date()
        return entry.card.due

    def next_due(self, cid: str) -> datetime:
        """When card ``cid`` is due (UTC; a new card: when it was added). Raises ``ValueError``
        for an unknown card."""
        entry = self._cards.get(cid)
        if entry is None:
            raise ValueError(f"no card {cid!r} in the review deck")
        return entry.card.due

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: ``{"new_per_day": int, "cards": {card_id: {"state": 1-3 (FSRS learning,
        review, relearning), "step": int | None, "stability": float | None, "difficulty": float |
        None, "due": ISO time, "last_review": ISO time | None, "first": ISO date | None}}}``, the
        cards in the order added."""
        cards = {}
        for cid, e in self._cards.items():
            c = e.card
            cards[cid] = {"state": int(c.state), "step": c.step, "stability": c.stability, "difficulty": c.difficulty,
                          "due": c.due.isoformat(), "last_review": c.last_review.isoformat() if c.last_review else None,
                          "first": e.first.isoformat() if e.first else None}
        return {"new_per_day": self.new_per_day, "cards": cards}

    @classmethod
    def from_dict(cls, d: Any) -> ReviewDeck:
        """The deck :meth:`to_dict` wrote. Strict: anything else raises ``ValueError`` with one
        line naming the bad entry."""
        if not isinstance(d, dict) or set(d) != {"new_per_day", "cards"}:
            raise ValueError("review deck: expected an object with new_per_day and cards")
        deck = cls(d["new_per_day"])
        if not isinstance(d["cards"], dict):
            raise ValueError("review deck: cards must be an object")
        for cid, entry in d["cards"].items():
            try:
                parse_id(cid)
                deck._cards[cid] = _read_entry(len(deck._cards), entry)
            except ValueError as e:
                raise ValueError(f"review deck: card {cid!r}: {e}") from None
        return deck


_FIELDS = {"state", "step", "stability", "difficulty", "due", "last_review", "first"}


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{what} must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _number(value: Any, what: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a positive number or null, not {value!r}")
    return float(value)


def _time(value: Any, what: str, optional: bool = False) -> datetime | None:
    if value is None and optional:
        return None
    try:
        return _utc(datetime.fromisoformat(value))
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be an ISO time with its offset, not {value!r}") from None


def _read_entry(seq: int, entry: Any) -> _Entry:
    if not isinstance(entry, dict) or set(entry) != _FIELDS:
        raise ValueError(f"expected an object with {', '.join(sorted(_FIELDS))}")
    state = State(_int(entry["state"], 1, 3, "state"))
    step = None if entry["step"] is None else _int(entry["step"], 0, 100, "step")
    if (step is None) != (state == State.Review):
        raise ValueError("step must be null exactly in the review state")
    due = _time(entry["due"], "due")
    last = _time(entry["last_review"], "last_review", optional=True)
    first = entry["first"]
    try:
        first_day = None if first is None else date.fromisoformat(first)
    except (TypeError, ValueError):
        raise ValueError(f"first must be an ISO date or null, not {first!r}") from None
    if (last is None) != (first_day is None):
        raise ValueError("last_review and first are both set or both null")
    card = Card(card_id=seq + 1, state=state, step=step, stability=_number(entry["stability"], "stability"),
                difficulty=_number(entry["difficulty"], "difficulty"), due=due, last_review=last)
    return _Entry(seq, card, first_day)
