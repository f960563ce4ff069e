"""``python -m game kanji show CHAR``: one Kanji-zushi character as one JSON object (issue 37).

CHAR is a character some neta + shari pair forms (``data.formable_chars()``, Jōyō or not) or a
card half (``data.NETA``, ``data.SHARI``; the right part of 後 is the card name ``⿱幺夂``).  The
object has exactly these fields:

* ``char`` (str);
* ``strokes`` (int | null): the stroke count: the number of ``paths``; where KanjiVG lacks the
  character, KANJIDIC2's count (null if neither has one);
* ``paths`` (list | null): the strokes in writing order, each a list of ``[x, y]`` points in
  KanjiVG's 109 x 109 box (x right, y down); null when KanjiVG lacks the character;
* ``meanings``: ``{"en": [...], "es": [...], "ja": [...]}``: KANJIDIC2's English and Spanish
  meanings (``es`` empty where KANJIDIC2 has none); ``ja``: the kun readings as plain words
  (okurigana dot and affix dashes removed, duplicates dropped: what the game shows as a Japanese
  gloss), KANJIDIC2 having no Japanese definitions.  Empty for the non-Jōyō characters;
* ``readings``: ``{"on": [katakana], "kun": [hiragana, KANJIDIC2 notation]}``;
* ``grade`` (int | null): KANJIDIC2's grade (1-6 taught in primary school, 8 the rest of Jōyō);
* ``jlpt`` (int | null): JLPT level 5 (N5) to 1 (N1), Jonathan Waller's lists;
* ``halves``: ``{"pairs": [[neta, shari], ...]`` (the pairs that form CHAR in Kanji-zushi),
  ``"strokes": {"left": [start, stop], "right": [start, stop]} | null`` (indices into ``paths``
  of its left and right half, stop excluded), ``"makes": [{"neta", "shari", "char", "joyo"}]``
  (for a card half: every character it forms, Jōyō or not)``}``.

A character the data does not know, more than one character, or none: one line on standard error,
exit status 2.  On a terminal that cannot encode the characters (``PYTHONIOENCODING=ascii``) the
object is written with JSON's ``\\uXXXX`` escapes, so it stays valid JSON.

Sources: KANJIDIC2 via ``kanji_zushi.json`` (:mod:`game.kanji.data`); KanjiVG, kanji-lists and
KANJIDIC2 via ``strokes.json`` (:mod:`game.kanji.strokes`).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from game.kanji import data, strokes

USAGE = "  kanji show CHAR   (a character Kanji-zushi forms, or a card half: one JSON object)"


def _plain_kun(kun: list[str] | tuple[str, ...]) -> list[str]:
    words = (k.replace(".", "").strip("-") for k in kun)
    return list(dict.fromkeys(w for w in words if w))


def describe(char: str) -> dict[str, Any] | None:
    """The JSON object of ``char`` (fields in the module docstring), or None if unknown."""
    if not strokes.known(char):
        return None
    formed = data.formed_pairs()
    made = next((f for f in formed.values() if f.char == char), None)
    facts = strokes.facts(char) or {}
    if made is not None:
        meanings_en, meanings_es = list(made.meanings), list(made.meanings_es)
        on, kun, grade, count = list(made.on), list(made.kun), made.grade, made.strokes
    else:
        meanings_en, meanings_es = list(facts.get("meanings", [])), list(facts.get("meanings_es", []))
        on, kun, grade, count = list(facts.get("on", [])), list(facts.get("kun", [])), facts.get("grade"), facts.get("strokes")
    paths = strokes.paths(char)
    split = strokes.halves(char)
    return {
        "char": char,
        "strokes": len(paths) if paths is not None else count,
        "paths": None if paths is None else [[[x, y] for x, y in stroke] for stroke in paths],
        "meanings": {"en": meanings_en, "es": meanings_es, "ja": _plain_kun(kun)},
        "readings": {"on": on, "kun": kun},
        "grade": grade,
        "jlpt": strokes.jlpt(char),
        "halves": {
            "pairs": [[n, s] for (n, s), f in formed.items() if f.char == char],
            "strokes": None if split is None else {
                "left": [split[0].start, split[0].stop], "right": [split[1].start, split[1].stop]},
            "makes": [{"neta": n, "shari": s, "char": f.char, "joyo": f.joyo}
                      for (n, s), f in formed.items() if char in (n, s)],
        },
    }


def main(argv: list[str]) -> int:
    """``kanji show CHAR``: print CHAR's object (one line of JSON) and return 0; 2 (one line on
    standard error) for a wrong command, no or several characters, or an unknown one."""
    if len(argv) != 2 or argv[0] != "show":
        print(f"usage: python -m game kanji show CHAR (got {' '.join(argv) or 'nothing'})", file=sys.stderr)
        return 2
    char = argv[1]
    if len(char) != 1 and char not in data.SHARI:
        print(f"python -m game kanji show: give one character, not {char!r}", file=sys.stderr)
        return 2
    obj = describe(char)
    if obj is None:
        print(f"python -m game kanji show: {char!r} is neither a character Kanji-zushi forms nor a card half",
              file=sys.stderr)
        return 2
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):  # an ASCII terminal: JSON's own \u escapes
        text = json.dumps(obj, ensure_ascii=True, separators=(",", ":"))
    print(text)
    return 0
