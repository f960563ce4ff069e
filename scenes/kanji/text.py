"""Text about a kanji for the Kanji-zushi scenes: captions, readings, tooltip rows and the tooltip
itself, the attempt log's lines, and text drawn with the 後 right part (⿱幺夂, no code point)
inline. Facts about a kanji come from the events (:class:`game.kanji.events.KanjiFormed`) or,
for a completed kanji on show, from :func:`game.kanji.data.form`.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import is_you
from game.i18n import _, language, ngettext, pgettext
from game.kanji.data import GO_RIGHT, Formed, form, gloss
from game.kanji.rules import attempt_text
from scenes.kanji.art import INK, KanjiArt
from scenes.kanji.layout import TIP_W, tip_rect
from scenes.kit import boxes
from scenes.kit.draw import C, draw_shadow, draw_text, fit_label, text_width


# -- words shared by the Kanji-zushi scenes ----------------------------------------------------------------
def strokes_text(n: int) -> str:
    """``"1 stroke"``, ``"13 strokes"`` in the language in use."""
    return ngettext("{n} stroke", "{n} strokes", n).format(n=n)


def two_tags(first: str, second: str) -> str:
    """Two short facts side by side: ``"6 strokes · taught in grade 1"``."""
    # Translators: two short facts or tags side by side ("6 strokes · taught in grade 1")
    return _("{first} · {second}").format(first=first, second=second)


def kanji_title(char: str, meaning: str) -> str:
    """``"休 — rest"``: a kanji and its meaning (the meaning as the core gives it)."""
    # Translators: a kanji character and its meaning ("休 — rest")
    return _("{char} — {meaning}").format(char=char, meaning=meaning)


# -- text about a kanji -----------------------------------------------------------------------------------
def lang_of() -> str:
    """The language of the kanji data in use: the one in use, English for the pseudo language (the
    review's questions, the book's exports)."""
    lang = language()
    return lang if lang in ("en", "es", "ja") else "en"


def meanings_shown(f: Formed, limit: int = 1) -> list[str]:
    """Up to ``limit`` meanings of ``f`` in the language in use, as the core gives them
    (KANJIDIC2): the English meanings in English, the Spanish ones in Spanish (where KANJIDIC2 has
    them), else the core's one gloss for the language (:func:`game.kanji.data.gloss`: a kana word
    in Japanese); the English meanings when there is nothing else."""
    lang = language()
    if lang == "en":
        return list(f.meanings[:limit])
    spanish = getattr(f, "meanings_es", ())
    if lang == "es" and spanish:
        return list(spanish[:limit])
    word = gloss(f.char, lang)
    return [word] if word else list(f.meanings[:limit])


def readings(f: Formed, limit: int = 1) -> str:
    """``"キュウ / やす.む"``: the first ``limit`` on readings, then the first kun readings."""
    parts = []
    if f.on:
        parts.append(", ".join(f.on[:limit]))
    if f.kun:
        parts.append(", ".join(f.kun[:limit]))
    return " / ".join(parts)


def caption(f: Formed) -> str:
    """One line about a completed kanji: ``"休 — rest; キュウ / やす.む; 6 strokes"``."""
    shown = meanings_shown(f)
    text = kanji_title(f.char, shown[0] if shown else pgettext("meaning unknown", "kanji"))
    parts = [readings(f)] if readings(f) else []
    if f.strokes is not None:
        parts.append(strokes_text(f.strokes))
    for part in parts:
        # Translators: joins the facts about a kanji: "休 — rest; キュウ / やす.む; 6 strokes"
        text = _("{first}; {second}").format(first=text, second=part)
    return text


def grade_text(grade: int | None) -> str:
    """KANJIDIC2 grade -> where it is taught (1-6 primary school grades, 8 secondary school)."""
    if grade is None:
        return ""
    if 1 <= grade <= 6:
        # Translators: a kanji's school grade (Japanese primary school, 1 to 6)
        return _("taught in grade {grade}").format(grade=grade)
    return _("taught in secondary school")


def tip_lines(f: Formed, neta: str | None = None, shari: str | None = None) -> list[tuple[str, str]]:
    """The tooltip of a kanji as (label, text) rows: meaning(s), on and kun readings, strokes
    (and grade), and the pair it was made from."""
    rows: list[tuple[str, str]] = []
    shown = meanings_shown(f, 4)
    if shown:
        # Translators: a row label of a kanji's tooltip (max ~8 characters)
        rows.append((_("Meaning"), ", ".join(shown)))
    if f.on:
        # Translators: a row label of a kanji's tooltip (max ~8 characters): its on (Chinese) readings
        rows.append((pgettext("kanji reading", "On"), "、".join(f.on[:4])))
    if f.kun:
        # Translators: a row label of a kanji's tooltip (max ~8 characters): its kun (Japanese) readings
        rows.append((pgettext("kanji reading", "Kun"), "、".join(f.kun[:4])))
    bits = []
    if f.strokes is not None:
        bits.append(strokes_text(f.strokes))
    g = grade_text(f.grade)
    if g:
        bits.append(g)
    if bits:
        # Translators: a row label of a kanji's tooltip (max ~8 characters)
        rows.append((_("Strokes"), two_tags(bits[0], bits[1]) if len(bits) == 2 else bits[0]))
    if neta and shari:
        # Translators: a row label of a kanji's tooltip (max ~8 characters): the pair of cards it was made of
        rows.append((_("Made of"), f"{neta} + {shari}"))
    return rows


def formed_of(neta: str, shari: str) -> Formed | None:
    """``game.kanji.data.form`` that never raises (None for unknown names)."""
    try:
        return form(neta, shari)
    except ValueError:
        return None


# -- text with the 後 right part inline ------------------------------------------------------------------
def _pieces(text: str) -> list[str]:
    """Split ``text`` around :data:`GO_RIGHT` (kept as its own piece)."""
    out: list[str] = []
    rest = text
    while GO_RIGHT in rest:
        a, rest = rest.split(GO_RIGHT, 1)
        if a:
            out.append(a)
        out.append(GO_RIGHT)
    if rest:
        out.append(rest)
    return out


def rich_width(app: Any, text: str, size: float, bold: bool = False) -> float:
    """Logical width of ``text`` as :func:`draw_rich` draws it."""
    w = 0.0
    for piece in _pieces(text):
        w += size * 0.9 if piece == GO_RIGHT else text_width(app, piece, size, bold)
    return w


def draw_rich(surface: pygame.Surface, app: Any, art: KanjiArt, text: str, pos: Sequence[float], size: float,
              color: Sequence[int] = INK, bold: bool = False, anchor: str = "midleft", alpha: int = 255) -> float:
    """Draw one line of text (logical ``pos``/``size``; anchors "midleft", "center", "midright")
    in which :data:`GO_RIGHT` is drawn as the clipped glyph; returns the logical width."""
    if not text:
        return 0.0
    width = rich_width(app, text, size, bold)
    x, y = pos
    if anchor == "center":
        x -= width / 2
    elif anchor == "midright":
        x -= width
    vp = app.viewport
    for piece in _pieces(text):
        if piece == GO_RIGHT:
            surf, ink = art.glyph(GO_RIGHT, vp.px(size * 1.22), tuple(color[:3]))
            sub = surf.subsurface(ink)
            wx, wy = vp.to_window((x + size * 0.45, y))
            if alpha < 255:
                sub = sub.copy()
                sub.set_alpha(alpha)
            surface.blit(sub, sub.get_rect(center=(wx, wy + vp.px(size * 0.04))))
            x += size * 0.9
        else:
            r = draw_text(surface, app, piece, (x, y), size, color, bold=bold, anchor="midleft", alpha=alpha)
            x += r.w / vp.scale
    return width


def wrap_rich(app: Any, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy wrap of ``text`` to a logical ``width`` (measured like :func:`draw_rich`). Lines break
    after a space or after a Japanese comma "、" (lists of readings have no spaces; a reading is
    never split)."""
    tokens = [t for t in re.split(r"(?<= )|(?<=、)", text) if t]
    lines: list[str] = []
    cur = ""
    for tok in tokens:
        cand = cur + tok
        if not cur or rich_width(app, cand.rstrip(), size, bold) <= width:
            cur = cand
        else:
            lines.append(cur.rstrip())
            cur = tok
    if cur.strip():
        lines.append(cur.rstrip())
    return lines



def draw_kanji_tip(surface: pygame.Surface, app: Any, art: KanjiArt, f: Formed, anchor: pygame.Rect,
                   neta: str | None = None, shari: str | None = None, who: str | None = None) -> pygame.Rect:
    """Draw the tooltip of ``f`` (big glyph, meanings, on/kun readings, strokes, grade, the pair
    it was made of) next to the logical rect ``anchor``; returns the tooltip's logical rect."""
    rows = tip_lines(f, neta, shari)
    # the labels' column as wide as its widest label (as drawn: wider in a small window), at most 100
    col = min(100.0, max([68.0] + [text_width(app, label, 12, True) + 4 for label, _text in rows]))
    # long rows wrap: count their lines first
    wrapped: list[tuple[str, list[str]]] = []
    for label, text in rows:
        lines = wrap_rich(app, text, 14, TIP_W - col - 30) or [""]
        wrapped.append((label, lines[:3]))
    n_lines = sum(len(ls) for _, ls in wrapped)
    r = tip_rect(anchor, n_lines)
    with boxes.lying_over(app):  # a tooltip lies over the table (the layout check)
        _draw_tip(surface, app, art, f, r, wrapped, who, col)
    return r


def _draw_tip(surface: pygame.Surface, app: Any, art: KanjiArt, f: Formed, r: pygame.Rect,
              wrapped: list[tuple[str, list[str]]], who: str | None, col: float) -> None:
    vp = app.viewport
    wr = vp.to_window(r)
    boxes.cover(app, wr)
    draw_shadow(surface, wr, vp.px(12), vp.px(6), alpha=90, blur=vp.px(12))
    pygame.draw.rect(surface, (34, 30, 28), wr, border_radius=vp.px(12))
    pygame.draw.rect(surface, C.GOLD, wr, width=max(1, vp.px(1.5)), border_radius=vp.px(12))
    # the glyph on an ivory square
    sq = pygame.Rect(r.x + 14, r.y + 14, 64, 64)
    pygame.draw.rect(surface, (252, 248, 238), vp.to_window(sq), border_radius=vp.px(8))
    surf, ink = art.glyph(f.char, vp.px(52))
    c = vp.to_window(sq.center)
    surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))
    shown = meanings_shown(f)
    title = shown[0] if shown else f.char
    title, title_size = fit_label(app, title, 19, True, r.w - 106)
    draw_text(surface, app, title, (r.x + 92, r.y + 30), title_size, C.PAPER_LIGHT, bold=True, anchor="midleft")
    sub = strokes_text(f.strokes) if f.strokes is not None else ""
    if who:
        sub = two_tags(who, sub) if sub else who
    sub, sub_size = fit_label(app, sub, 13, False, r.w - 106)
    draw_text(surface, app, sub, (r.x + 92, r.y + 56), sub_size, C.GOLD_LIGHT, anchor="midleft")
    y = r.y + 96
    for label, lines in wrapped:
        label, size = fit_label(app, label, 12, True, col)
        draw_text(surface, app, label, (r.x + 16, y), size, (176, 160, 140), bold=True, anchor="midleft")
        for line in lines:
            draw_rich(surface, app, art, line, (r.x + col + 20, y), 14, C.PAPER_LIGHT)
            y += 22
        y += 2


def fit_rich(app: Any, text: str, size: float, bold: bool, width: float) -> str:
    """``text`` cut with "…" to fit a logical ``width`` (measured like :func:`draw_rich`)."""
    if rich_width(app, text, size, bold) <= width:
        return text
    while len(text) > 1 and rich_width(app, text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(frozen=True)
class RichLettering:
    """The banner's letters in Kanji-zushi (a :class:`scenes.kit.banner.Lettering`): text with the
    後 right part inline (:func:`draw_rich`) at ``size``, ``small`` where it is long (logical px),
    cut with "…" (:func:`fit_rich`), for ``app`` and the scene's ``art``."""

    app: Any
    art: KanjiArt
    size: float = 18
    small: float = 15

    def width(self, text: str, size: float) -> float:
        return rich_width(self.app, text, size, True)

    def fit(self, text: str, size: float, room: float) -> tuple[str, float]:
        return fit_rich(self.app, text, size, True, room), size

    def draw(self, surface: pygame.Surface, text: str, center: tuple[int, int], size: float) -> None:
        draw_rich(surface, self.app, self.art, text, center, size, C.PAPER_LIGHT, bold=True, anchor="center")

# -- attempts -------------------------------------------------------------------------------------------
def attempt_line(att: Any, names: Sequence[str]) -> str:
    """One line of the attempt log: ``"Aiko tried 日+昜: 暘 exists but is not a regular-use kanji"``,
    ``"Ben made 休 (亻+木), 6 strokes"``, ``"You passed"``.

    ``att``: anything with ``seat``, ``is_pass``, ``neta``, ``shari``, ``valid``, ``char``,
    ``strokes`` and ``why`` (a :class:`scenes.kanji.shown.Tried`, a :class:`game.kanji.rules.Attempt`)."""
    name = names[att.seat] if 0 <= att.seat < len(names) else _("Seat {n}").format(n=att.seat)
    you = is_you(name)
    if att.is_pass:
        return _("You passed") if you else _("{name} passed").format(name=name)
    pair = attempt_text(att.neta, att.shari)
    if att.valid:
        n = att.strokes
        if you:
            # Translators: {char} is the kanji made, {pair} the two cards ("亻+木")
            return ngettext("You made {char} ({pair}), {n} stroke", "You made {char} ({pair}), {n} strokes",
                            n).format(char=att.char, pair=pair, n=n)
        # Translators: {char} is the kanji made, {pair} the two cards ("亻+木")
        return ngettext("{name} made {char} ({pair}), {n} stroke", "{name} made {char} ({pair}), {n} strokes",
                        n).format(name=name, char=att.char, pair=pair, n=n)
    why = wrong_text(att, short=True)
    if you:
        # Translators: {pair} is the two cards tried ("日+昜"), {why} why it failed
        return _("You tried {pair}: {why}").format(pair=pair, why=why)
    # Translators: {pair} is the two cards tried ("日+昜"), {why} why it failed
    return _("{name} tried {pair}: {why}").format(name=name, pair=pair, why=why)


def wrong_text(att: Any, short: bool = False) -> str:
    """Why a wrong attempt failed, from its ``why`` (the core's sentence, :class:`KanjiWrong`):
    "暘 exists but is not a regular-use kanji"; for a pair that forms nothing "No such kanji:
    亻 + 口 forms no character" (``short``: "no such kanji")."""
    if att.char is None:
        # Translators: {why} is the core's sentence, e.g. "亻 + 口 forms no character"
        return _("no such kanji") if short else _("No such kanji: {why}").format(why=att.why)
    return str(att.why)


__all__ = ["RichLettering", "attempt_line", "caption", "draw_kanji_tip", "draw_rich", "fit_rich", "formed_of", "lang_of",
           "grade_text", "kanji_title", "meanings_shown", "readings", "rich_width", "strokes_text", "tip_lines",
           "two_tags", "wrap_rich", "wrong_text"]
