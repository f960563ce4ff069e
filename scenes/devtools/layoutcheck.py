"""The layout check's rules: what is wrong in one recorded frame (issue 21 §1).

:func:`check_frame` reads a frame's :class:`~scenes.kit.boxes.BoxRecorder` and the top scene's
interactive elements and returns a :class:`Finding` for each of:

* ``cut``: a text cut by the window, by its container (a button, a pill), by an opaque panel
  drawn over part of it, or shortened with an ellipsis / a label that did not fit even shrunk
  (not under the pseudo language, which makes every text about 40 % longer to show where a longer
  translation would go: there a text may be shortened, but never spill or overlap);
* ``overlap``: two texts of one layer whose glyphs overlap (more than :data:`TOUCH_PX` each way),
  or a text lying partly over an interactive element it is not part of; a text drawn inside
  :func:`scenes.kit.boxes.lying_over` (a tooltip, a flight) or in a layer over a dim is declared to
  lie over what is under it;
* ``small``: a text drawn smaller than the readable minimum (:data:`MIN_READABLE_PX`);
* ``language``: a text not in the current language — under the pseudo language, one with an
  English-looking word (it bypassed the catalogs); in English, Spanish or Japanese, one holding a
  catalog text of another language (a name or a label kept from the language a game began in);
* ``glyph``: a text holding a character its font has no glyph for (a box where a Japanese character should be:
  "15画" set in the Latin font), a cached picture's text too (issue 33, item 8).

Rects are WINDOW px. The states it runs over and the contact sheets are
:mod:`scenes.devtools.layoutrun`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

import pygame

from game import i18n
from scenes.kit.boxes import BoxRecorder, DrawnText
from scenes.kit.draw import has_cjk as i18n_cjk

#: Two glyph boxes may share this many window px each way (an accent touching the line above)
#: before they count as drawn on each other.
TOUCH_PX = 2

#: The smallest text drawn, in WINDOW px, by script: Latin text below 10 px loses its counters
#: (e, a, s fill in) on an ordinary 96-dpi screen and Japanese below 12 px loses strokes of its
#: denser characters (書, 曜); the same minimums the assets keep (scenes/shell/assets.py MIN_TEXT_PX,
#: MIN_JP_TEXT_PX). docs/DEVELOPING.md says why.
MIN_READABLE_PX = {False: 10, True: 12}


@dataclass(frozen=True)
class Finding:
    """One thing wrong on screen.

    kind: ``cut`` | ``overlap`` | ``small`` | ``language`` | ``glyph``; text: the text concerned; rect: its
    WINDOW px ink rect (or None for a cut reported by width only); detail: one line saying why."""

    kind: str
    text: str
    rect: tuple[int, int, int, int] | None
    detail: str

    def line(self) -> str:
        """The finding in one line."""
        where = f" at {self.rect}" if self.rect is not None else ""
        return f"{self.kind}: {self.text!r}{where}: {self.detail}"


def _r(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.w, rect.h)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.w > TOUCH_PX and c.h > TOUCH_PX


def _inside(inner: pygame.Rect, outer: pygame.Rect, slack: int = 1) -> bool:
    return outer.inflate(2 * slack, 2 * slack).contains(inner)


# ------------------------------------------------------------------------------------------
# language
# ------------------------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: Words a catalog keeps the same in every language (names of the games, the app) are never
#: "another language"; nor are texts this short (a letter, a digit, a symbol).
_MIN_LETTERS = 3
#: A foreign text with fewer letters than this (a short word another language shares: Spanish
#: "may", English "Red") is found only when it is the whole text drawn, not inside a sentence.
_WHOLE_LETTERS = 6


def _pattern(template: str) -> str | None:
    """A regex finding ``template`` (placeholders match anything) inside a drawn text, or None for
    a template without enough letters of its own to tell a language by."""
    parts = _PLACEHOLDER.split(template)
    letters = sum(ch.isalpha() for p in parts for ch in p)
    if letters < _MIN_LETTERS:
        return None
    body = ".+?".join(re.escape(p) for p in parts)
    if letters < _WHOLE_LETTERS and not any(i18n_cjk(p) for p in parts):
        return "^" + body + "$"  # a short word ("may", "Red"): only a text that is that word alone
    lead = r"(?<!\w)" if parts[0][:1].isalnum() and parts[0][:1].isascii() else ""
    tail = r"(?!\w)" if parts[-1][-1:].isalnum() and parts[-1][-1:].isascii() else ""
    return lead + body + tail


@lru_cache(maxsize=8)
def foreign_texts(lang: str) -> re.Pattern[str] | None:
    """One regex matching, inside a drawn text, a catalog text of a language other than ``lang``
    that ``lang`` says differently (English, Spanish or Japanese), or None when there is none
    (the pseudo language is checked by :func:`game.i18n.plain_words` instead)."""
    pairs: dict[str, list[tuple[str, str]]] = {}
    for other in i18n.LANGUAGES:
        if other != i18n.SOURCE_LANGUAGE:
            try:
                pairs[other] = i18n.catalog_pairs(other)
            except (OSError, ValueError, ImportError):
                pairs[other] = []
    mine: dict[str, set[str]] = {}
    if lang in pairs:
        for en, tr in pairs[lang]:
            mine.setdefault(en, set()).add(tr)
    foreign: set[str] = set()
    for other, table in pairs.items():
        for en, tr in table:
            own = mine.get(en, {en}) if lang != i18n.SOURCE_LANGUAGE else {en}
            if lang != i18n.SOURCE_LANGUAGE and en not in own:
                foreign.add(en)  # the English text, where this language says it otherwise
            if other != lang and tr not in own:
                foreign.add(tr)
    # a foreign text that is also one of this language's own texts is not foreign
    own_all = {t for ts in mine.values() for t in ts} if lang != i18n.SOURCE_LANGUAGE else \
        {en for table in pairs.values() for en, _ in table}
    patterns = sorted({p for t in foreign - own_all if (p := _pattern(t)) is not None}, key=len, reverse=True)
    if not patterns:
        return None
    return re.compile("|".join(patterns))


def language_findings(texts: Iterable[DrawnText], lang: str, names: Sequence[str] = ()) -> list[Finding]:
    """Texts not in ``lang``: see the module doc. ``names`` are typed names (shown as typed)."""
    out: list[Finding] = []
    seen: set[str] = set()
    pattern = None if lang == i18n.PSEUDO else foreign_texts(lang)
    for t in texts:
        if t.text in seen:
            continue
        seen.add(t.text)
        text = t.text
        for name in names:
            text = text.replace(name, " ")
        if lang == i18n.PSEUDO:
            words = i18n.plain_words(text)
            if words:
                out.append(Finding("language", t.text, _r(t.ink), f"not through the catalogs: {words[0]!r}"))
            continue
        m = pattern.search(text) if pattern is not None else None
        if m is not None:
            out.append(Finding("language", t.text, _r(t.ink), f"{m.group(0)!r} is not {lang}"))
    return out


# ------------------------------------------------------------------------------------------
# the frame
# ------------------------------------------------------------------------------------------
def check_frame(rec: BoxRecorder, window: pygame.Rect, lang: str, elements: Sequence[Any] = (),
                element_layer: int | None = None, names: Sequence[str] = ()) -> list[Finding]:
    """Everything wrong in the frame ``rec`` recorded (see the module doc).

    window: the window's rect (WINDOW px); lang: the language in use; elements: the top scene's
    interactive elements as ``(id, kind, WINDOW px rect)``; element_layer: the layer the top
    scene drew its elements in (texts of other layers are not compared with them); names: typed
    player names (never a language finding)."""
    out: list[Finding] = []
    for t in rec.texts:  # (every text drawn, a cached picture's too: a box for a glyph is never right)
        if t.missing:
            out.append(Finding("glyph", t.text, _r(t.ink) if t.ink.w and t.ink.h else None,
                               f"its font has no glyph for {t.missing!r} (drawn as a box)"))
    shown = [t for t in rec.texts if not t.hidden and t.ink.w > 0 and t.ink.h > 0]
    for t in shown:
        if not _inside(t.ink, window, 0):
            out.append(Finding("cut", t.text, _r(t.ink), "cut by the window's edge"))
        elif t.box is not None and not _inside(t.ink, t.box):
            out.append(Finding("cut", t.text, _r(t.ink), f"cut by its box {t.owner or ''} {_r(t.box)}".rstrip()))
        if t.cut_by is not None:
            out.append(Finding("cut", t.text, _r(t.ink), f"partly under a panel drawn over it {_r(t.cut_by)}"))
        for px, jp in t.runs:
            if px < MIN_READABLE_PX[jp]:
                out.append(Finding("small", t.text, _r(t.ink), f"{px} px, below {MIN_READABLE_PX[jp]} px"))
                break
    if lang != i18n.PSEUDO:  # the pseudo language lengthens every text: it may be shortened, not spill
        for text, needed, room in rec.cuts:
            out.append(Finding("cut", text, None, f"needs {needed} logical px, has {room} (shortened)"))
    # texts on texts: each pair of one layer, unless the later one lies over
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.layer != b.layer or b.over or a.over and b.seq < a.seq:
                continue
            if _overlap(a.ink, b.ink) and not (a.text == b.text and _inside(b.ink, a.ink.inflate(6, 6))):
                out.append(Finding("overlap", b.text, _r(b.ink), f"drawn on {a.text!r} {_r(a.ink)}"))
    # texts lying partly over an interactive element (a text wholly inside one is its content)
    for t in shown:
        if t.over or (element_layer is not None and t.layer != element_layer):
            continue
        panel = rec.panel_under(t)
        for ident, kind, rect in elements:
            if rect.w <= 0 or rect.h <= 0 or not _overlap(t.ink, rect) or _inside(t.ink, rect):
                continue
            drawn = rec.widgets.get(ident)
            if panel is not None and (drawn is None or drawn[1] < panel[1]):
                continue  # the text is on a panel drawn over the element
            if kind == "scroll" and t.ink.clip(rect).h * 2 >= t.ink.h:
                continue  # a line scrolled partly out of a scrolling page's view
            if t.box is not None and _inside(rect, t.box.inflate(4, 4)):
                continue  # the element is (part of) the text's own container
            out.append(Finding("overlap", t.text, _r(t.ink), f"lies partly over {ident} {_r(rect)}"))
    out.extend(language_findings([t for t in rec.texts if not t.hidden and not t.ornament], lang, names))
    return out


__all__ = ["MIN_READABLE_PX", "TOUCH_PX", "Finding", "check_frame", "foreign_texts", "language_findings"]
