"""Kanji-zushi's book taken elsewhere (issue 37 §4): a CSV file and an Anki deck, headless.

``entries``: the kanji book's entries, objects with the attributes ``char`` (one kanji), ``first``
(the ISO date it was first formed, ``"2026-12-01"``) and ``count`` (how many times it was formed);
the facts come from ``game.kanji.data`` (KANJIDIC2) and ``game.kanji.strokes`` (JLPT levels).
``lang`` (``"en"``, ``"es"``, ``"ja"``) is the language of the meanings (in Japanese: the readings
as words, as ``game.kanji.review.senses`` gives them) and of the column names and notes (through
the catalogs, ``game.i18n.translations``).

* ``to_csv(entries, lang, path)``: one row per entry under a header row; the columns
  ``CSV_COLUMNS`` (kanji, meanings, on, kun, strokes, grade, JLPT, halves, first formed, times
  formed). Written as UTF-8 with a byte-order mark (``utf-8-sig``): Excel opens a CSV without one
  in the system's ANSI code page (cp1252, cp932...) and garbles every kanji and accent; with it,
  Excel, LibreOffice and Python's ``csv`` (reading with ``utf-8-sig``) all read UTF-8.
* ``to_anki(entries, lang, path, timestamp=None)``: an Anki package (``.apkg``) made with
  ``genanki`` (written against 0.13.1): one note per kanji of the model ``MODEL_ID`` (fields
  ``FIELDS``; two cards: kanji -> meaning, meaning -> kanji) in the deck ``DECK_ID``. The ids are
  constants and each note's guid is ``genanki.guid_for(GUID_SALT, char)``, the same whatever the
  language, so importing a newer export updates the notes (and keeps their review history)
  instead of adding duplicates. ``timestamp`` (seconds since the epoch) fixes the package's note
  and card ids and times for a reproducible file; by default genanki takes the current time.

Both write to a temporary file beside ``path`` and move it into place, so a failed export never
leaves half a file. Errors: ``OSError`` (the folder or file cannot be written) passes up, its
``str()`` one line naming the file. Never imports pygame.
"""

from __future__ import annotations

import csv
import gettext
import html
import os
import sqlite3
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol, Sequence

from game.i18n import N_, translations
from game.kanji import data, strokes
from game.kanji.review import formed, halves_of, senses

__all__ = ["CSV_COLUMNS", "DECK_ID", "FIELDS", "GUID_SALT", "MODEL_ID", "Entry", "rows", "to_anki", "to_csv"]

#: The CSV's header (catalog texts, written in the language asked).
CSV_COLUMNS: tuple[str, ...] = (
    N_("Kanji"), N_("Meanings"), N_("On readings"), N_("Kun readings"), N_("Strokes"), N_("School grade"),
    N_("JLPT level"), N_("Halves"), N_("First formed"), N_("Times formed"))

#: The Anki note type's id (genanki: a fixed random number in [2**30, 2**31), never changed: Anki
#: knows the note type by it).
MODEL_ID = 1893703701
#: The Anki deck's id (fixed likewise: a newer export goes into the same deck).
DECK_ID = 1893703702
#: Mixed into each note's guid with its kanji (``genanki.guid_for``): never changed.
GUID_SALT = "tatami-kanji-zushi"
#: The deck's name in Anki.
DECK_NAME = "Tatami \u2014 Kanji-zushi"
#: The note type's name in Anki.
MODEL_NAME = "Tatami Kanji-zushi kanji"
#: The note type's fields (Anki's names for them; the values are written in the language asked).
FIELDS: tuple[str, ...] = ("Kanji", "Meaning", "Readings", "Strokes", "Halves", "Grade", "JLPT", "Notes")

_CSS = """.card { font-family: sans-serif; font-size: 22px; text-align: center; }
.kanji { font-size: 96px; }
.small { font-size: 16px; color: #666; }"""
_FACTS = ('<div class="small">{{Readings}}</div><div class="small">{{Strokes}} \u00b7 {{Halves}}</div>'
          '{{#Notes}}<div class="small">{{Notes}}</div>{{/Notes}}')
_TEMPLATES = [
    {"name": "Kanji \u2192 Meaning", "qfmt": '<div class="kanji">{{Kanji}}</div>',
     "afmt": '{{FrontSide}}<hr id="answer"><div>{{Meaning}}</div>' + _FACTS},
    {"name": "Meaning \u2192 Kanji", "qfmt": "<div>{{Meaning}}</div>",
     "afmt": '{{FrontSide}}<hr id="answer"><div class="kanji">{{Kanji}}</div>' + _FACTS},
]


class Entry(Protocol):
    """An entry of the kanji book as the export reads it."""

    @property
    def char(self) -> str: ...

    @property
    def first(self) -> str: ...

    @property
    def count(self) -> int: ...


def _catalog(lang: str) -> gettext.NullTranslations:
    try:
        return translations(lang)
    except (OSError, ValueError, ImportError):
        return gettext.NullTranslations()


def _joiner(lang: str) -> str:
    return "\u3001" if lang.split("_")[0].split("-")[0].lower() == "ja" else "; "


def _halves(char: str) -> str:
    pair = halves_of(char)
    return " + ".join(pair) if pair else ""


def rows(entries: Iterable[Entry], lang: str) -> list[list[str]]:
    """The CSV's rows (header first) for ``entries`` in ``lang``: every cell a string, lists
    joined with ``"; "`` (``"、"`` in Japanese), an unknown fact empty."""
    t = _catalog(lang)
    out = [[t.gettext(c) for c in CSV_COLUMNS]]
    join = _joiner(lang)
    for e in entries:
        f = formed(e.char)
        level = strokes.jlpt(e.char)
        count = data.joyo_strokes(e.char) or (f.strokes if f else None)
        out.append([e.char, join.join(senses(e.char, lang)), join.join(f.on if f else ()),
                    join.join(f.kun if f else ()), "" if count is None else str(count),
                    "" if f is None or f.grade is None else str(f.grade), "" if level is None else f"N{level}",
                    _halves(e.char), str(e.first), str(int(e.count))])
    return out


def _one_line(e: OSError, path: Path) -> OSError:
    """``e`` again with a one-line message naming ``path``."""
    reason = " ".join(str(e.strerror or e).splitlines())
    return type(e)(e.errno, reason, str(path)) if e.errno is not None else OSError(f"{path}: {reason}")


def _atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Run ``write(tmp)`` on a temporary file beside ``path``, then move it onto ``path``.
    Raises ``OSError`` (one line) when that fails; the temporary file is removed."""
    path = Path(path)
    tmp: Path | None = None
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=str(path.parent))
        os.close(fd)
        tmp = Path(name)
        write(tmp)
        os.replace(tmp, path)
    except BaseException as e:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise _one_line(e, path) from None
        raise


def _cell(text: str) -> str:
    """``text`` safe to open in a spreadsheet: one starting with ``=``, ``+``, ``-`` or ``@`` (a
    formula to Excel: KANJIDIC2's suffix readings start with ``-``) gets a leading ``'``."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") and text else text


def to_csv(entries: Iterable[Entry], lang: str, path: Path | str) -> None:
    """Write ``entries`` to ``path`` as CSV (:func:`rows`; UTF-8 with a BOM, ``\\r\\n`` line
    ends, quoted where needed, a cell a spreadsheet would take for a formula kept as text with a
    leading ``'``). Raises ``OSError`` (one line) when it cannot be written."""
    table = rows(entries, lang)

    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding="utf-8-sig", newline="") as f:
            csv.writer(f).writerows([_cell(cell) for cell in row] for row in table)

    _atomic(Path(path), write)


def _note_fields(e: Entry, lang: str, t: gettext.NullTranslations) -> list[str]:
    f = formed(e.char)
    join = _joiner(lang)
    count = data.joyo_strokes(e.char) or (f.strokes if f else None)
    level = strokes.jlpt(e.char)
    readings = " / ".join(part for part in (join.join(f.on), join.join(f.kun)) if part) if f else ""
    # Translators: an exported kanji's stroke count ("6 strokes")
    strokes_text = t.ngettext("{n} stroke", "{n} strokes", count).format(n=count) if count else ""
    # Translators: the Anki note's line about a kanji of the book; {date} is an ISO date
    notes = t.ngettext("First formed on {date}; formed {count} time.", "First formed on {date}; formed {count} times.",
                       int(e.count)).format(date=e.first, count=int(e.count))
    values = [e.char, join.join(senses(e.char, lang)), readings, strokes_text, _halves(e.char),
              "" if f is None or f.grade is None else str(f.grade),
              "" if level is None else f"N{level}", notes]
    return [html.escape(v, quote=False) for v in values]


def _package(entries: Sequence[Entry], lang: str) -> Any:
    import genanki  # imported on first export only

    model = genanki.Model(MODEL_ID, MODEL_NAME, fields=[{"name": name} for name in FIELDS], templates=_TEMPLATES,
                          css=_CSS)
    deck = genanki.Deck(DECK_ID, DECK_NAME)
    t = _catalog(lang)
    for e in entries:
        deck.add_note(genanki.Note(model=model, fields=_note_fields(e, lang, t), guid=genanki.guid_for(GUID_SALT, e.char)))
    return genanki.Package(deck)


def to_anki(entries: Iterable[Entry], lang: str, path: Path | str, timestamp: float | None = None) -> None:
    """Write ``entries`` to ``path`` as an Anki package (see the module doc). Raises ``OSError``
    (one line) when it cannot be written.

    The package is genanki's (``Package.write_to_db``: the collection ``collection.anki2``, an
    SQLite database, and an empty ``media`` list, zipped); it is zipped here rather than by
    ``Package.write_to_file``, which leaves its temporary database in the system's temporary
    folder and writes the zip in place."""
    import itertools
    import time

    package = _package(list(entries), lang)
    stamp = time.time() if timestamp is None else float(timestamp)

    def write(tmp: Path) -> None:
        with tempfile.TemporaryDirectory(prefix="tatami-anki-") as folder:
            db = Path(folder) / "collection.anki2"
            conn = sqlite3.connect(db)
            try:
                package.write_to_db(conn.cursor(), stamp, itertools.count(int(stamp * 1000)))
                conn.commit()
            finally:
                conn.close()
            with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
                z.write(db, "collection.anki2")
                z.writestr("media", "{}")

    try:
        _atomic(Path(path), write)
    except sqlite3.Error as e:
        raise OSError(f"{path}: the Anki collection cannot be written: {e}") from None
