"""Where a line may break, for every language (issue 12): which characters are Japanese / CJK
(:func:`has_cjk`: they need the Japanese font, and a line may break between them), the pieces a
line breaks between (:func:`line_units`, with the basic rules of Japanese line breaking, kinsoku
shori) and greedy line breaking by any measure (:func:`wrap_units`). Pure text: no pygame; the
kit's drawing (:mod:`scenes.kit.draw`) measures and draws."""
from __future__ import annotations

import re
from typing import Callable

#: Japanese punctuation and small kana a line may not start with, and brackets it may not end with
#: (the basic rules of Japanese line breaking, kinsoku shori).
NO_LINE_START = frozenset("、。，．・：；？！ー）」』】〕〉》”’ぁぃぅぇぉっゃゅょァィゥェォッャュョ々…")
NO_LINE_END = frozenset("（「『【〔〈《“‘")



def has_cjk(text: str) -> bool:
    """True if the text holds Japanese/CJK characters (needs the JP font): punctuation, hiragana
    and katakana; CJK extension A, unified and compatibility ideographs; full-width forms;
    radicals; ideographic description characters (⿱); the supplementary ideographic plane."""
    if not text or max(text) < "\u2e80":  # (at C speed: most texts have no character that high)
        return False
    for ch in text:
        o = ord(ch)
        if (
            0x3000 <= o <= 0x30FF  # punctuation, hiragana, katakana
            or 0x3400 <= o <= 0x4DBF
            or 0x4E00 <= o <= 0x9FFF
            or 0xF900 <= o <= 0xFAFF
            or 0xFF00 <= o <= 0xFFEF
            or 0x2E80 <= o <= 0x2FDF  # radicals
            or 0x2FF0 <= o <= 0x2FFF  # ideographic description (⿱)
            or 0x20000 <= o <= 0x2FFFF
        ):
            return True
    return False


def line_units(text: str) -> list[str]:
    """``text`` in the pieces a line may break between: a word with the spaces after it, and in
    Japanese each character (punctuation that may not start a line kept with the one before it,
    an opening bracket with the one after). ``"".join(line_units(t)) == t``."""
    units: list[str] = []
    for word in re.findall(r"\S+\s*|\s+", text):
        if not any(has_cjk(ch) for ch in word):
            units.append(word)
            continue
        cur = ""
        for ch in word:
            breakable = cur and (has_cjk(ch) or has_cjk(cur[-1])) and not ch.isspace()
            if breakable and ch not in NO_LINE_START and cur[-1] not in NO_LINE_END:
                units.append(cur)
                cur = ch
            else:
                cur += ch
        units.append(cur)
    return units


def wrap_units(text: str, width: float, measure: Callable[[str], float], split_long: bool = True) -> list[str]:
    """Greedy line breaking of ``text`` into lines at most ``width`` wide as ``measure`` (a str
    -> logical px) says, between :func:`line_units` (so Japanese breaks between characters); a
    piece wider than a line alone is broken between its characters (``split_long=False`` leaves
    it whole for the caller to hyphenate). Lines are stripped; none is wider than ``width`` (but a
    single character)."""
    lines: list[str] = []
    cur = ""
    for unit in line_units(text):
        cand = cur + unit
        if not cur.strip() or measure(cand.rstrip()) <= width:
            cur = cand
            continue
        lines.append(cur.rstrip())
        cur = unit
    if cur.strip():
        lines.append(cur.rstrip())
    out: list[str] = []
    for line in lines:
        line = line.strip()
        while split_long and len(line) > 1 and measure(line) > width:
            k = len(line) - 1  # the longest prefix that fits (at least one character)
            while k > 1 and measure(line[:k]) > width:
                k -= 1
            out.append(line[:k])
            line = line[k:].lstrip()
        out.append(line)
    return out


__all__ = ["NO_LINE_END", "NO_LINE_START", "has_cjk", "line_units", "wrap_units"]
