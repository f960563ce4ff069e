"""What the kanji book says of a kanji and how it orders and filters them (issue 37, item 2): the
facts from the game's data (:mod:`game.kanji.data`, :mod:`game.kanji.strokes`), the halves it is
made of and the other kanji those halves make in Kanji-zushi, the book's sort orders and filters,
and the words for a grade, a JLPT level and a date. No pygame: the scene (:mod:`scenes.kanji.book`)
and its drawing (:mod:`scenes.kanji.bookview`) read it.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from game.i18n import N_, _, ngettext, pgettext
from game.kanji import strokes as kanji_strokes
from game.kanji.data import Formed, formed_pairs, valid_pairs
from scenes.kanji.bookstore import BookEntry
from scenes.shell.history import month_abbr

#: The sort orders: (key, English catalog label). Date: the newest first; strokes: the fewest
#: first; grade: primary school's first, secondary school last; JLPT: N5 (the easiest) first.
SORTS: tuple[tuple[str, str], ...] = (
    # Translators: the kanji book's sort orders (a choice; short)
    ("date", N_("Date")), ("strokes", N_("Strokes")), ("grade", N_("Grade")),
    # Translators: the Japanese-Language Proficiency Test, as a sort order of the kanji book
    ("jlpt", N_("JLPT")),
)
#: The grade filter's values: "all", then KANJIDIC2's grades (1-6 primary school, 8 secondary).
GRADES: tuple[str, ...] = ("all", "1", "2", "3", "4", "5", "6", "8")
#: The JLPT filter's values: "all", then the levels N5 (easiest) to N1.
LEVELS: tuple[str, ...] = ("all", "5", "4", "3", "2", "1")
#: The date filter's values: "all", first formed in the last 7 days, in the last 30 days.
WHENS: dict[str, int | None] = {"all": None, "week": 7, "month": 30}
#: The stroke filter's values: "all", then ranges of stroke counts (inclusive; None: no upper end).
STROKE_RANGES: dict[str, tuple[int, int | None] | None] = {
    "all": None, "1-6": (1, 6), "7-10": (7, 10), "11+": (11, None)}


@dataclass(frozen=True)
class KanjiFacts:
    """A kanji as the book shows it.

    Attributes:
        char: the kanji. formed: the game data's facts (meanings, readings, strokes, grade), or
            None for a character the data does not know. jlpt: 5 (N5) to 1 (N1), or None.
        neta, shari: the two card halves it is made of (``shari`` may be ``"⿱幺夂"``), or "".
        with_left, with_right: the other kanji (valid with the Jōyō answer key) the left half and
            the right half make in Kanji-zushi, in the cards' order.
    """

    char: str
    formed: Formed | None
    jlpt: int | None
    neta: str
    shari: str
    with_left: tuple[str, ...]
    with_right: tuple[str, ...]

    @property
    def strokes(self) -> int | None:
        return self.formed.strokes if self.formed is not None else None

    @property
    def grade(self) -> int | None:
        return self.formed.grade if self.formed is not None else None


@lru_cache(maxsize=1)
def _pairs() -> dict[str, tuple[str, str]]:
    """Formed kanji -> its (neta, shari), the first pair that forms it."""
    out: dict[str, tuple[str, str]] = {}
    for (neta, shari), f in formed_pairs().items():
        out.setdefault(f.char, (neta, shari))
    return out


@lru_cache(maxsize=512)
def facts(char: str) -> KanjiFacts:
    """The book's facts of ``char`` (never raises: an unknown character has empty facts)."""
    pairs = formed_pairs()
    neta, shari = _pairs().get(char, ("", ""))
    valid = valid_pairs("joyo")
    left = tuple(dict.fromkeys(pairs[p].char for p in sorted(valid, key=_order) if p[0] == neta and neta))
    right = tuple(dict.fromkeys(pairs[p].char for p in sorted(valid, key=_order) if p[1] == shari and shari))
    formed = pairs.get((neta, shari)) if neta else None
    return KanjiFacts(char, formed, kanji_strokes.jlpt(char), neta, shari,
                      tuple(c for c in left if c != char), tuple(c for c in right if c != char))


def _order(pair: tuple[str, str]) -> tuple[int, int]:
    from game.kanji.data import NETA, SHARI

    return (NETA.index(pair[0]), SHARI.index(pair[1]))


def _sort_key(sort: str, entry: BookEntry, index: int) -> tuple:
    f = facts(entry.char)
    if sort == "strokes":
        return (f.strokes if f.strokes is not None else 99, index)
    if sort == "grade":
        return (f.grade if f.grade is not None else 99, index)
    if sort == "jlpt":
        return (-(f.jlpt if f.jlpt is not None else 0), index)
    return (-datetime.date.fromisoformat(entry.first).toordinal(), -index)  # the newest first


def arrange(entries: Sequence[BookEntry], sort: str = "date", grade: str = "all", level: str = "all",
            only: Sequence[str] | None = None, when: str = "all", strokes: str = "all",
            today: datetime.date | None = None) -> list[BookEntry]:
    """``entries`` (in the order first formed) kept by the filters and ordered by ``sort`` (a key
    of :data:`SORTS`): ``grade`` one of :data:`GRADES`, ``level`` one of :data:`LEVELS`, ``when``
    a key of :data:`WHENS` (first formed at most that many days before ``today``; default the
    system's date), ``strokes`` a key of :data:`STROKE_RANGES`, ``only`` the characters to keep
    (None: all). Ties keep the order first formed (by date: the latest first)."""
    days = WHENS.get(when)
    since = ((today or datetime.date.today()) - datetime.timedelta(days=days)).isoformat() if days else ""
    span = STROKE_RANGES.get(strokes)
    kept = []
    for i, e in enumerate(entries):
        f = facts(e.char)
        if only is not None and e.char not in only:
            continue
        if grade != "all" and str(f.grade) != grade:
            continue
        if level != "all" and str(f.jlpt) != level:
            continue
        if since and e.first < since:
            continue
        n = f.strokes or 0
        if span is not None and not (span[0] <= n and (span[1] is None or n <= span[1])):
            continue
        kept.append((i, e))
    kept.sort(key=lambda item: _sort_key(sort, item[1], item[0]))
    return [e for _i, e in kept]


# -- words --------------------------------------------------------------------------------------------------
def grade_word(grade: int | None) -> str:
    """``"Grade 2"`` (primary school, 1-6), ``"Secondary school"`` (8), "" for None."""
    if grade is None:
        return ""
    if 1 <= grade <= 6:
        # Translators: a kanji's school grade in the kanji book (Japanese primary school, 1 to 6)
        return _("Grade {grade}").format(grade=grade)
    # Translators: a kanji taught after primary school (KANJIDIC2's grade 8), in the kanji book
    return _("Secondary school")


def grade_option(value: str) -> str:
    """The grade filter's label of ``value`` (:data:`GRADES`)."""
    if value == "all":
        # Translators: a filter of the kanji book that keeps everything (short)
        return pgettext("filter", "All")
    if value == "8":
        # Translators: the kanji book's grade filter: secondary school (very short, ~4 characters)
        return pgettext("school grade, short", "Sec.")
    return value


def when_option(value: str) -> str:
    """The date filter's label of ``value`` (:data:`WHENS`): "All", "7 days", "30 days"."""
    if value == "all":
        return pgettext("filter", "All")
    # Translators: the kanji book's date filter: kanji first formed in the last {n} days (short)
    return ngettext("{n} day", "{n} days", WHENS[value] or 0).format(n=WHENS[value])


def strokes_option(value: str) -> str:
    """The stroke filter's label of ``value`` (:data:`STROKE_RANGES`): "All", "1–5", "14+"."""
    return pgettext("filter", "All") if value == "all" else value.replace("-", "–")


def level_option(value: str) -> str:
    """The JLPT filter's label of ``value`` (:data:`LEVELS`): "All", "N5" ... "N1"."""
    if value == "all":
        return pgettext("filter", "All")
    # Translators: a JLPT level, N5 (the easiest) to N1
    return _("N{level}").format(level=value)


def level_word(level: int | None) -> str:
    """``"JLPT N5"``, or that the lists do not have it."""
    if level is None:
        # Translators: a kanji that the JLPT level lists do not have (the kanji book)
        return _("Not in the JLPT lists")
    # Translators: a kanji's JLPT level in the kanji book, N5 (the easiest) to N1
    return _("JLPT N{level}").format(level=level)


def day_word(iso: str) -> str:
    """An ISO date ``"2026-12-07"`` as ``"7 Dec 2026"`` in the language in use (the text itself
    when it is not a date)."""
    try:
        d = datetime.date.fromisoformat(iso)
    except ValueError:
        return iso
    # Translators: a date ("7 Dec 2026"); {month} is an abbreviated month
    return _("{day} {month} {year}").format(day=d.day, month=month_abbr(d.month), year=d.year)


def history_lines(entry: BookEntry) -> list[str]:
    """Two sentences: how many times and since when the kanji was formed (by the person or seen),
    and in how many games, the last when."""
    n, first = entry.count, day_word(entry.first)
    if entry.mine:
        head = ngettext("You formed it {n} time, first on {date}.", "You formed it {n} times, first on {date}.",
                        n).format(n=n, date=first)
    else:
        head = ngettext("You saw it formed {n} time, first on {date}.",
                        "You saw it formed {n} times, first on {date}.", n).format(n=n, date=first)
    g = len(entry.games)
    games = ngettext("In {n} game, the last on {date}.", "In {n} games, the last on {date}.", g).format(
        n=g, date=day_word(entry.last))
    return [head, games]


__all__ = ["GRADES", "KanjiFacts", "LEVELS", "SORTS", "arrange", "day_word", "facts", "grade_option",
           "grade_word", "history_lines", "level_option", "level_word"]
