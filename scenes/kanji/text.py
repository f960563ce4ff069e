"""Text about a kanji for the Kanji-zushi scenes: captions, readings, tooltip rows and the tooltip
itself, the attempt log's lines, and text drawn with the 後 right part (⿱幺夂, no code point)
inline. Facts about a kanji come from the events (:class:`game.kanji_events.KanjiFormed`) or,
for a completed kanji on show, from :func:`game.kanji_data.form`.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pygame

from game.kanji import attempt_text
from game.kanji_data import GO_RIGHT, Formed, form
from scenes.kanji.art import INK, KanjiArt
from scenes.kanji.layout import TIP_W, tip_rect
from scenes.kit.draw import C, draw_shadow, draw_text, text_width


# -- text about a kanji -----------------------------------------------------------------------------------
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
    parts = [f"{f.char} — {f.meanings[0] if f.meanings else 'kanji'}"]
    r = readings(f)
    if r:
        parts.append(r)
    if f.strokes is not None:
        parts.append(f"{f.strokes} stroke{'s' if f.strokes != 1 else ''}")
    return "; ".join(parts)


def grade_text(grade: int | None) -> str:
    """KANJIDIC2 grade -> where it is taught (1-6 primary school grades, 8 secondary school)."""
    if grade is None:
        return ""
    if 1 <= grade <= 6:
        return f"taught in grade {grade}"
    return "taught in secondary school"


def tip_lines(f: Formed, neta: str | None = None, shari: str | None = None) -> list[tuple[str, str]]:
    """The tooltip of a kanji as (label, text) rows: meaning(s), on and kun readings, strokes
    (and grade), and the pair it was made from."""
    rows: list[tuple[str, str]] = []
    if f.meanings:
        rows.append(("Meaning", ", ".join(f.meanings[:4])))
    if f.on:
        rows.append(("On", "、".join(f.on[:4])))
    if f.kun:
        rows.append(("Kun", "、".join(f.kun[:4])))
    bits = []
    if f.strokes is not None:
        bits.append(f"{f.strokes} stroke{'s' if f.strokes != 1 else ''}")
    g = grade_text(f.grade)
    if g:
        bits.append(g)
    if bits:
        rows.append(("Strokes", " · ".join(bits)))
    if neta and shari:
        rows.append(("Made of", f"{neta} + {shari}"))
    return rows


def formed_of(neta: str, shari: str) -> Formed | None:
    """``game.kanji_data.form`` that never raises (None for unknown names)."""
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
    after a space or after a Japanese comma "、" (lists of readings have no spaces)."""
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
    vp = app.viewport
    rows = tip_lines(f, neta, shari)
    # long rows wrap: count their lines first
    wrapped: list[tuple[str, list[str]]] = []
    for label, text in rows:
        lines = wrap_rich(app, text, 14, TIP_W - 98) or [""]
        wrapped.append((label, lines[:3]))
    n_lines = sum(len(ls) for _, ls in wrapped)
    r = tip_rect(anchor, n_lines)
    wr = vp.to_window(r)
    draw_shadow(surface, wr, vp.px(12), vp.px(6), alpha=90, blur=vp.px(12))
    pygame.draw.rect(surface, (34, 30, 28), wr, border_radius=vp.px(12))
    pygame.draw.rect(surface, C.GOLD, wr, width=max(1, vp.px(1.5)), border_radius=vp.px(12))
    # the glyph on an ivory square
    sq = pygame.Rect(r.x + 14, r.y + 14, 64, 64)
    pygame.draw.rect(surface, (252, 248, 238), vp.to_window(sq), border_radius=vp.px(8))
    surf, ink = art.glyph(f.char, vp.px(52))
    c = vp.to_window(sq.center)
    surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))
    title = f.meanings[0] if f.meanings else f.char
    draw_text(surface, app, title, (r.x + 92, r.y + 30), 19, C.PAPER_LIGHT, bold=True, anchor="midleft")
    sub = f"{f.strokes} strokes" if f.strokes is not None else ""
    if who:
        sub = f"{who} · {sub}" if sub else who
    draw_text(surface, app, sub, (r.x + 92, r.y + 56), 13, C.GOLD_LIGHT, anchor="midleft")
    y = r.y + 96
    for label, lines in wrapped:
        draw_text(surface, app, label, (r.x + 16, y), 12, (176, 160, 140), bold=True, anchor="midleft")
        for line in lines:
            draw_rich(surface, app, art, line, (r.x + 88, y), 14, C.PAPER_LIGHT)
            y += 22
        y += 2
    return r


def fit_rich(app: Any, text: str, size: float, bold: bool, width: float) -> str:
    """``text`` cut with "…" to fit a logical ``width`` (measured like :func:`draw_rich`)."""
    if rich_width(app, text, size, bold) <= width:
        return text
    while len(text) > 1 and rich_width(app, text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


# -- attempts -------------------------------------------------------------------------------------------
def attempt_line(att: Any, names: Sequence[str]) -> str:
    """One line of the attempt log: ``"Aiko tried 日+昜: 暘 exists but is not a regular-use kanji"``,
    ``"Ben made 休 (亻+木), 6 strokes"``, ``"You passed"``.

    ``att``: anything with ``seat``, ``is_pass``, ``neta``, ``shari``, ``valid``, ``char``,
    ``strokes`` and ``why`` (a :class:`scenes.kanji.shown.Tried`, a :class:`game.kanji.Attempt`)."""
    name = names[att.seat] if 0 <= att.seat < len(names) else f"Seat {att.seat}"
    if att.is_pass:
        return f"{name} passed"
    pair = attempt_text(att.neta, att.shari)
    if att.valid:
        return f"{name} made {att.char} ({pair}), {att.strokes} strokes"
    return f"{name} tried {pair}: {wrong_text(att, short=True)}"


def wrong_text(att: Any, short: bool = False) -> str:
    """Why a wrong attempt failed, from its ``why`` (the core's sentence, :class:`KanjiWrong`):
    "暘 exists but is not a regular-use kanji"; for a pair that forms nothing "No such kanji:
    亻 + 口 forms no character" (``short``: "no such kanji")."""
    if att.char is None:
        return "no such kanji" if short else f"No such kanji: {att.why}"
    return str(att.why)


__all__ = ["attempt_line", "caption", "draw_kanji_tip", "draw_rich", "fit_rich", "formed_of",
           "grade_text", "readings", "rich_width", "tip_lines", "wrap_rich", "wrong_text"]
