"""A kanji written stroke by stroke (issue 37, item 1): the strokes of :mod:`game.kanji.strokes`
(KanjiVG's, in writing order) drawn up to a point of the writing, each numbered, the halves of a
formed kanji in their own colours — in the game when a kanji is formed (quickly, skippable) and in
the kanji book (at any speed, replayable).

:class:`StrokeClock` says how far the writing is (strokes written, a float: 2.5 = two strokes and
half the third) after ``ms`` of animation time, a stroke taking :data:`STROKE_MS` [speed] plus a
short pause; :func:`draw_strokes` draws a character's strokes that far in a logical rect and
changes nothing. A character KanjiVG lacks has no strokes (:func:`has_strokes` is False): the
caller says so instead of animating (:data:`NO_STROKES`).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from game.i18n import N_
from game.kanji import strokes as kanji_strokes
from scenes.kit.draw import C, draw_text

#: A stroke's writing time at each speed (animation ms; the pause after it is a third of it).
STROKE_MS: dict[str, float] = {"fast": 110.0, "normal": 260.0, "slow": 520.0}
#: The speeds offered, fastest first (the game's setting adds "off").
SPEEDS: tuple[str, ...] = ("fast", "normal", "slow")
#: Ink of the strokes: a whole character, and the left and right halves of a formed one (RGB).
INK, LEFT_INK, RIGHT_INK = C.INK, (196, 68, 47), (46, 94, 170)
#: The stroke being written (a warm highlight) and the numbers' colour (RGB).
PEN, NUMBER_INK = (200, 140, 30), (120, 104, 90)
# Translators: said where a kanji's stroke order would be drawn when the data has none for it
NO_STROKES = N_("No stroke order data for this character.")


#: The setting of the writing shown when a kanji is formed in a game: "off" or a speed of
#: :data:`SPEEDS` (the kanji book's choice; default "fast").
GAME_SETTING, GAME_DEFAULT = "kanji_stroke_order", "fast"


def game_speed(app: Any) -> str:
    """The stroke-order speed of a kanji formed in a game: :data:`GAME_SETTING` in ``app``'s
    settings, ``"off"`` or one of :data:`SPEEDS` (anything else: :data:`GAME_DEFAULT`)."""
    settings = getattr(app, "settings", None)
    value = settings.get(GAME_SETTING, GAME_DEFAULT) if settings is not None else GAME_DEFAULT
    return value if value == "off" or value in SPEEDS else GAME_DEFAULT


def has_strokes(char: str) -> bool:
    """True when the stroke data has ``char``'s strokes (KanjiVG has it)."""
    return kanji_strokes.paths(char) is not None


class StrokeClock:
    """How far a character's writing is, in strokes written (a float), after animation ms.

    Args:
        count: the character's strokes (>= 0).
        speed: a key of :data:`STROKE_MS` (an unknown one: ``"normal"``).

    Attributes:
        ms: animation ms since the writing began (``advance`` adds to it; ``finish`` jumps to the end).
    """

    def __init__(self, count: int, speed: str = "normal") -> None:
        self.count = max(0, int(count))
        self.stroke_ms = STROKE_MS.get(speed, STROKE_MS["normal"])
        self.ms = 0.0

    @property
    def total_ms(self) -> float:
        """The whole writing's length (animation ms): every stroke and the pauses between them."""
        return self.count * self.stroke_ms * 4 / 3

    @property
    def done(self) -> bool:
        """True once every stroke is written."""
        return self.ms >= self.total_ms

    @property
    def written(self) -> float:
        """Strokes written so far: ``k + f`` while stroke ``k`` is ``f`` of the way (the pause
        after a stroke counts as the stroke done); ``count`` at the end."""
        if self.count == 0 or self.done:
            return float(self.count)
        step = self.stroke_ms * 4 / 3
        k = int(self.ms // step)
        f = min(1.0, (self.ms - k * step) / self.stroke_ms)
        return min(float(self.count), k + f)

    def advance(self, dt_ms: float) -> None:
        """``dt_ms`` more animation ms (negative: ignored)."""
        self.ms += max(0.0, dt_ms)

    def finish(self) -> None:
        """Jump to the end (the whole character written)."""
        self.ms = self.total_ms

    def restart(self) -> None:
        """Write it again from its first stroke."""
        self.ms = 0.0


def _partial(points: Sequence[tuple[float, float]], f: float) -> list[tuple[float, float]]:
    """The first ``f`` (0..1) of the polyline ``points``, by length."""
    if f >= 1.0 or len(points) < 2:
        return list(points)
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    want = sum(lengths) * max(0.0, f)
    out = [points[0]]
    for (a, b), seg in zip(zip(points, points[1:]), lengths):
        if want >= seg:
            out.append(b)
            want -= seg
            continue
        t = want / seg if seg else 0.0
        out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        break
    return out


def stroke_colors(char: str, halves: bool) -> list[tuple[int, int, int]]:
    """Per stroke of ``char``, its ink: :data:`LEFT_INK` / :data:`RIGHT_INK` for the strokes of a
    formed kanji's left and right halves when ``halves`` (and the data splits it), else :data:`INK`."""
    paths = kanji_strokes.paths(char) or ()
    split = kanji_strokes.halves(char) if halves else None
    if split is None:
        return [INK] * len(paths)
    left, _right = split
    return [LEFT_INK if i in left else RIGHT_INK for i in range(len(paths))]


def draw_strokes(surface: pygame.Surface, app: Any, rect: pygame.Rect, char: str, written: float,
                 halves: bool = False, numbers: bool = True, ghost: bool = True) -> bool:
    """Draw ``char``'s strokes written as far as ``written`` (strokes, a float: see
    :class:`StrokeClock`) in the logical square ``rect`` (KanjiVG's 109 x 109 box scaled to it):
    the strokes still to come faint (``ghost``), the written ones in ink (the halves' colours
    with ``halves``), the one being written in the pen's colour, and each written stroke's number
    where KanjiVG puts it (``numbers``). Returns False (nothing drawn) when the data has no strokes
    for ``char``. Draws only."""
    paths = kanji_strokes.paths(char)
    if paths is None:
        return False
    vp = app.viewport
    side = min(rect.w, rect.h)
    scale = side / 109.0
    ox, oy = rect.centerx - side / 2, rect.centery - side / 2
    width = max(2, vp.px(side * 0.032))

    def window(p: tuple[float, float]) -> tuple[int, int]:
        return vp.to_window((ox + p[0] * scale, oy + p[1] * scale))

    def line(points: Sequence[tuple[float, float]], color: Any) -> None:
        pts = [window(p) for p in points]
        if len(pts) >= 2:
            pygame.draw.lines(surface, color, False, pts, width)
        for p in (pts[0], pts[-1]) if pts else ():
            pygame.draw.circle(surface, color, p, width // 2)

    colors = stroke_colors(char, halves)
    whole = int(written)
    for i, points in enumerate(paths):
        if i < whole:
            line(points, colors[i])
        elif i == whole and written > whole:
            if ghost:
                line(points, C.PAPER_EDGE)
            line(_partial(points, written - whole), PEN)
        elif ghost:
            line(points, C.PAPER_EDGE)
    spots = kanji_strokes.numbers(char) if numbers else None
    if spots:
        size = max(9.0, side * 0.085)
        for i, (x, y) in enumerate(spots[:math.ceil(written)]):
            draw_text(surface, app, str(i + 1), (ox + x * scale, oy + y * scale), size, NUMBER_INK)
    return True


__all__ = ["GAME_DEFAULT", "GAME_SETTING", "INK", "LEFT_INK", "NO_STROKES", "PEN", "RIGHT_INK", "SPEEDS", "STROKE_MS", "StrokeClock",
           "draw_strokes", "game_speed", "has_strokes", "stroke_colors"]
