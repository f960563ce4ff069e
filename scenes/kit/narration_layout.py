"""The narration log's layout (:class:`scenes.kit.narration.NarrationLog`): the text size it draws
at (never under :data:`MIN_WINDOW_PX` window px), its entries wrapped on whole words into lines
(cached), each entry's height and where the rows of a list area lie for a scroll. It reads a
:class:`scenes.kit.narration_state.LogState` and never changes it. LOGICAL px throughout."""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Any

import pygame

from scenes.kit.draw import text_width
from scenes.kit.linebreak import wrap_units
from scenes.kit.narration_state import LogEntry, LogState

MIN_WINDOW_PX = 10  #: the smallest text drawn, in WINDOW px (the logical size grows in small windows)
# logical px: the list's inset in its panel, text start (after the colour bar), room right of the
# text (the scrollbar's SCROLL_W included), space above / below an entry's lines, between entries,
# the opened panel's title band
PAD, TEXT_X, RIGHT_PAD, SCROLL_W, ENTRY_PAD_Y, GAP, HEADER_H = 8, 16, 13, 7, 4, 3, 34
LINE_SPACING = 1.4  #: a line's height, in text sizes
BOLD_EMPHASES = frozenset({"result"})  #: the emphases whose text is bold
WRAPS_KEPT = 4000  #: the most wrapped texts kept (then the cache starts again)


def legible(app: Any, size: float) -> float:
    """``size`` (logical px), raised so the text renders at least MIN_WINDOW_PX window px tall."""
    return max(size, MIN_WINDOW_PX / app.viewport.scale)


def wrap_words(app: Any, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` LOGICAL px at ``size`` (logical px): greedy
    on words and between Japanese characters (:func:`scenes.kit.linebreak.wrap_units`); a word wider
    than ``width`` is broken between characters. ``[""]`` if empty."""
    return wrap_units(" ".join(text.split()), width, lambda s: text_width(app, s, size, bold)) or [""]


def is_bold(entry: LogEntry) -> bool:
    """True when ``entry``'s emphasis draws it bold."""
    return entry.emphasis in BOLD_EMPHASES


def text_room(width: float) -> float:
    """The width left for an entry's lines in an entry ``width`` logical px wide."""
    return width - TEXT_X - RIGHT_PAD


class LogLayout:
    """How a log's entries measure in ``app``'s window at text ``size`` (logical px): their lines
    (wrapped once per text, width, size and scale) and the rows they make in a list area (cached
    until the entries, the area's width or the scale change)."""

    def __init__(self, app: Any, size: float) -> None:
        self.app, self.size = app, float(size)
        self._wraps: dict[tuple, list[str]] = {}
        self._rows: tuple[tuple, list[float], list[float]] | None = None

    def font_size(self) -> float:
        """The text size drawn (logical px): ``size``, legible in the window."""
        return legible(self.app, self.size)

    def line_h(self) -> float:
        """One line's height (logical px)."""
        return legible(self.app, self.size) * LINE_SPACING

    def lines(self, entry: LogEntry, width: float) -> list[str]:
        """The entry's lines wrapped to ``width`` logical px (cached per text, width, size, scale)."""
        bold, fs = is_bold(entry), self.font_size()
        k = (entry.text, round(width, 2), round(fs, 3), self.app.viewport.scale, bold)
        lines = self._wraps.get(k)
        if lines is None:
            if len(self._wraps) > WRAPS_KEPT:
                self._wraps.clear()
            lines = self._wraps[k] = wrap_words(self.app, entry.text, fs, width, bold)
        return lines

    def entry_height(self, entry: LogEntry, area: pygame.Rect) -> float:
        """The entry's height in a list ``area`` (logical px): its lines and their padding."""
        return len(self.lines(entry, text_room(area.w))) * self.line_h() + 2 * ENTRY_PAD_Y

    def rows(self, state: LogState, area: pygame.Rect) -> tuple[list[float], list[float]]:
        """(heights, tops): each entry's height and its top below the content's top (``tops`` has
        one more: content height + GAP). Cached until the entries, width or scale change."""
        k = (state.rev, area.w, self.font_size(), self.app.viewport.scale)
        if self._rows is None or self._rows[0] != k:
            hs = [self.entry_height(e, area) for e in state.entries]
            self._rows = (k, hs, [0.0, *accumulate(h + GAP for h in hs)])
        return self._rows[1], self._rows[2]

    def content_height(self, state: LogState, area: pygame.Rect) -> float:
        """Every entry's height and the gaps between them (logical px)."""
        return max(0.0, self.rows(state, area)[1][-1] - GAP)

    def scroll_room(self, state: LogState, area: pygame.Rect) -> float:
        """How far the list may scroll up: how much taller than ``area`` the content is (logical px)."""
        return max(0.0, self.content_height(state, area) - area.h)

    def content_top(self, state: LogState, area: pygame.Rect, scroll: float, slide: float) -> float:
        """The first entry's top y: the area's top while all fits, else the newest entry's bottom
        on the area's bottom, moved ``scroll`` + ``slide`` down (never below the area's top)."""
        h = self.content_height(state, area)
        return float(area.y) if h <= area.h else min(float(area.y), area.bottom - h + scroll + slide)

    def placed(self, state: LogState, area: pygame.Rect, scroll: float,
               slide: float) -> list[tuple[int, float, float]]:
        """(index, top y, height) of the entries reaching into ``area`` (logical px) for a
        ``scroll`` and a ``slide`` (logical px down)."""
        heights, cum = self.rows(state, area)
        top = self.content_top(state, area, scroll, slide)
        first = max(0, bisect_right(cum, area.y - top) - 1)
        return [(i, top + cum[i], heights[i]) for i in range(first, len(heights)) if top + cum[i] < area.bottom]


__all__ = ["BOLD_EMPHASES", "ENTRY_PAD_Y", "GAP", "HEADER_H", "LINE_SPACING", "MIN_WINDOW_PX", "PAD", "RIGHT_PAD",
           "SCROLL_W", "TEXT_X", "LogLayout", "is_bold", "legible", "text_room", "wrap_words"]
