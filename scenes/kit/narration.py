"""The narration log (like Board Game Arena's game log): each game event as a sentence, newest at the bottom,
in a Widget at a LOGICAL ``rect``. Entries (:class:`LogEntry`) have a seat colour bar, a ``detail`` tooltip,
a ``key`` to truncate by (undo, replays) and an ``emphasis``. Text wraps on whole words (cached) and never
renders under :data:`MIN_WINDOW_PX` window px; new entries fade in over :data:`FADE_MS` ms. The wheel scrolls
back; ``button:log-latest`` returns. ``collapsed=True``: only the newest entry and a toggle (``button:log``)
opening the log over the scene at ``expanded_rect``. Its own words are translated when drawn (game/i18n.py).
UI elements: ``<id>`` (kind "log"), ``log:<n>`` (kind "log-entry", ``n`` = index since the start)."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Any, Sequence

import pygame

from game.i18n import _, ngettext
from scenes.kit import boxes
from scenes.kit.draw import C, draw_panel, draw_shadow, draw_text, fit_text, mix, text_width, wrap_units
from scenes.kit.render_cache import RenderCache
from scenes.kit.scene import UIElement
from scenes.kit.tween import approach, clamp, ease_out_cubic
from scenes.kit.viewport import LOGICAL_H, LOGICAL_W
from scenes.kit.widgets import Widget, ui_sound

RGB = tuple[int, int, int]
FADE_MS = 250.0  #: how long a new entry fades and slides in (ms)
MIN_WINDOW_PX = 10  #: the smallest text drawn, in WINDOW px (the logical size grows in small windows)
EMPHASES = (None, "danger", "chance", "result")  #: the emphases an entry may have
WHEEL_STEP, SCROLL_HALF_LIFE_MS = 48.0, 35.0  #: one wheel notch (logical px); the smooth scroll's half-life (ms)
# logical px: the list's inset in its panel, text start (after the colour bar), room right of the
# text (the scrollbar's SCROLL_W included), space above / below an entry's lines, between entries,
# the opened panel's title band, the widest tooltip text
PAD, TEXT_X, RIGHT_PAD, SCROLL_W, ENTRY_PAD_Y, GAP, HEADER_H, TIP_MAX_W = 8, 16, 13, 7, 4, 3, 34, 320
TIP_DARK = (34, 30, 28)
FADES: RenderCache[pygame.Surface] = RenderCache(16, window=True)  # (w, h) window px -> top fade of the list
# emphasis -> (background tint, text colour, bar colour when the entry has none, bold)
_STYLE: dict[str | None, tuple[RGB | None, RGB, RGB | None, bool]] = {
    None: (None, C.INK, None, False),
    "danger": (mix(C.PAPER_LIGHT, C.VERMILION, 0.13), C.VERMILION_DARK, C.VERMILION, False),
    "chance": (mix(C.PAPER_LIGHT, C.GOLD_LIGHT, 0.32), mix(C.MATCHA, C.INK, 0.45), C.GOLD, False),
    "result": (mix(C.PAPER_LIGHT, C.GOLD_LIGHT, 0.22), C.INK, C.GOLD, True),
}


@dataclass(frozen=True)
class LogEntry:
    """One sentence: ``index`` (its position since the start), ``text``, the seat ``color`` (RGB or
    None), ``detail`` (tooltip text or None), ``key`` (the owner's int or None), ``emphasis``."""

    index: int
    text: str
    color: RGB | None = None
    detail: str | None = None
    key: int | None = None
    emphasis: str | None = None


def legible(app: Any, size: float) -> float:
    """``size`` (logical px), raised so the text renders at least MIN_WINDOW_PX window px tall."""
    return max(size, MIN_WINDOW_PX / app.viewport.scale)


def wrap_words(app: Any, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` LOGICAL px at ``size`` (logical px): greedy
    on words and between Japanese characters (:func:`scenes.kit.draw.wrap_units`); a word wider
    than ``width`` is broken between characters. ``[""]`` if empty."""
    return wrap_units(" ".join(text.split()), width, lambda s: text_width(app, s, size, bold)) or [""]


#: Keys that scroll the log: Page Up (older), Page Down (newer), End (the newest), as wheel notches.
PAGE_KEYS = {pygame.K_PAGEUP: 1, pygame.K_PAGEDOWN: -1, pygame.K_END: 0}


class NarrationLog(Widget):
    """The game log widget (see the module docstring).

    Args:
        app: the App (its ``viewport`` and ``assets`` measure text for wrapping and hit-tests).
        rect, id: the log's (collapsed: the strip's) logical rect and UI id.
        size: text size (logical px; 14 or more at 1280x720).
        collapsed: show only the newest entry and a toggle (``button:log``) to the full log.
        expanded_rect: the opened overlay's logical rect (default: ``rect``'s width, 360 px tall,
            just above ``rect``, or below it without room).
    """

    kind = "log"

    def __init__(self, app: Any, rect: Sequence[float] | pygame.Rect, id: str = "log", *, size: float = 15.0,
                 collapsed: bool = False, expanded_rect: Sequence[float] | pygame.Rect | None = None):
        super().__init__(id, rect)
        self.app, self.size = app, float(size)
        self.collapsed, self.expanded = collapsed, False
        y = self.rect.y - 368 if self.rect.y >= 376 else self.rect.bottom + 8
        default = (self.rect.x, y, self.rect.w, 360)
        self.expanded_rect = pygame.Rect(expanded_rect if expanded_rect is not None else default)
        self._entries: list[LogEntry] = []
        self._ages: dict[int, float] = {}  # index -> ms since added, while fading in
        # logical px scrolled up from the newest: the target, and the eased value drawn
        self._scroll = self._shown_scroll = 0.0
        self._unseen = 0  # entries added while scrolled up
        self._pointer: tuple[int, int] | None = None
        self._pressed: str | None = None
        self._rev = 0  # bumped by every change of the entries
        self._wraps: dict[tuple, list[str]] = {}
        self._heights: tuple[tuple, list[float], list[float]] | None = None

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """Every entry, oldest first (read-only)."""
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, text: str, color: Sequence[int] | None = None, detail: str | None = None,
            key: int | None = None, emphasis: str | None = None) -> LogEntry:
        """Append a sentence (see :class:`LogEntry`); it fades in. Scrolled up, the view stays
        still (the "newest" pill counts it). Raises ValueError for an unknown emphasis."""
        if emphasis not in EMPHASES:
            raise ValueError(f"emphasis must be one of {EMPHASES}, not {emphasis!r}")
        rgb: RGB | None = (int(color[0]), int(color[1]), int(color[2])) if color is not None else None
        entry = LogEntry(len(self._entries), text, rgb, detail, key, emphasis)
        self._entries.append(entry)
        self._ages[entry.index], self._rev = 0.0, self._rev + 1
        if self._scroll > 0:
            grow = self._entry_height(entry, self._list_area()) + GAP
            self._scroll, self._shown_scroll = self._scroll + grow, self._shown_scroll + grow
            self._unseen += 1
        return entry

    def truncate(self, key: int) -> None:
        """Drop every entry whose key is >= ``key`` (undo, a replay going back); entries without
        a key stay. The kept entries are renumbered from 0; a scrolled-up view stays still."""
        gone = [i for i, e in enumerate(self._entries) if e.key is not None and e.key >= key]
        if not gone:
            return
        before = self._content_height(self._list_area())
        self._entries = [replace(e, index=i) for i, e in enumerate(e for e in self._entries
                                                                  if e.key is None or e.key < key)]
        self._ages = {i: a for i, a in self._ages.items() if i < gone[0]}
        self._rev += 1
        self._unseen = min(self._unseen, max(0, len(self._entries) - gone[0]))
        if self._scroll > 0:
            self._scroll = max(0.0, self._scroll - (before - self._content_height(self._list_area())))
        self._clamp_scroll()

    def clear(self) -> None:
        """Drop every entry (and scroll back to the newest)."""
        self._entries, self._ages, self._rev = [], {}, self._rev + 1
        self.scroll_to_latest()
        self._shown_scroll = 0.0

    def finish(self) -> None:
        """End every fade and the scroll glide at once."""
        self._ages.clear()
        self._shown_scroll = self._scroll

    def scrolled_up(self) -> bool:
        """True while the view is not pinned to the newest entry."""
        return self._scroll > 0

    def tooltip(self) -> str | None:
        """The detail shown as a tooltip now (the entry under the pointer has one), else None."""
        i = self.hovered_index()
        return self._entries[i].detail if i is not None else None

    def hovered_index(self) -> int | None:
        """The index of the entry with a ``detail`` under the pointer, or None."""
        pos = self._pointer
        i = next((i for i, r in self.visible_entries() if r.collidepoint(pos)), None) if pos and self.visible else None
        return i if i is not None and self._entries[i].detail else None

    def visible_entries(self) -> list[tuple[int, pygame.Rect]]:
        """(index, logical rect clipped to the list) of each entry in view, at rest (no slide)."""
        if self.collapsed and not self.expanded:
            return [(self._entries[-1].index, self._strip_text_rect())] if self._entries else []
        area = self._list_area()
        rects = [(i, pygame.Rect(area.x, round(y), area.w, round(h)).clip(area))
                 for i, y, h in self._placed(area, self._scroll, 0.0)]
        return [(i, r) for i, r in rects if r.h > 0]

    def _placed(self, area: pygame.Rect, scroll: float, slide: float) -> list[tuple[int, float, float]]:
        """(index, top y, height) of the entries reaching into ``area`` (logical px)."""
        heights, cum = self._layout(area)
        top = self._content_top(area, scroll, slide)
        first = max(0, bisect_right(cum, area.y - top) - 1)
        return [(i, top + cum[i], heights[i]) for i in range(first, len(heights)) if top + cum[i] < area.bottom]

    def busy(self) -> bool:
        return bool(self._ages) or self._shown_scroll != self._scroll

    def _font_size(self) -> float:
        return legible(self.app, self.size)

    def _line_h(self) -> float:
        return legible(self.app, self.size) * 1.4

    def _panel_rect(self) -> pygame.Rect:
        """The panel of the full list: ``rect``, or ``expanded_rect`` when opened."""
        return self.expanded_rect if (self.collapsed and self.expanded) else self.rect

    def _list_area(self) -> pygame.Rect:
        r = self._panel_rect()
        top = HEADER_H if (self.collapsed and self.expanded) else PAD
        return pygame.Rect(r.x + PAD, r.y + top, r.w - 2 * PAD, r.h - top - PAD)

    def _toggle_rect(self) -> pygame.Rect:
        s = min(36, self.rect.h - 12)
        return pygame.Rect(self.rect.right - 8 - s, self.rect.centery - s // 2, s, s)

    def _strip_text_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 6, self.rect.y + 4, self._toggle_rect().x - 12 - self.rect.x, self.rect.h - 8)

    def _latest_rect(self) -> pygame.Rect | None:
        """The "newest ↓" pill while scrolled up (and the full list shows), else None."""
        if self._scroll <= 0 or (self.collapsed and not self.expanded):
            return None
        area = self._list_area()
        w = text_width(self.app, self._latest_label(), legible(self.app, 13), True) + 30
        return pygame.Rect(round(area.centerx - w / 2), area.bottom - 34, round(w), 26)

    def _latest_label(self) -> str:
        return ngettext("{n} new ↓", "{n} new ↓", n).format(n=n) if (n := self._unseen) else _("newest ↓")

    def _lines(self, entry: LogEntry, width: float) -> list[str]:
        """The entry's lines wrapped to ``width`` logical px (cached per text, width, size, scale)."""
        bold, fs = _STYLE[entry.emphasis][3], self._font_size()
        k = (entry.text, round(width, 2), round(fs, 3), self.app.viewport.scale, bold)
        lines = self._wraps.get(k)
        if lines is None:
            if len(self._wraps) > 4000:
                self._wraps.clear()
            lines = self._wraps[k] = wrap_words(self.app, entry.text, fs, width, bold)
        return lines

    def _entry_height(self, entry: LogEntry, area: pygame.Rect) -> float:
        return len(self._lines(entry, area.w - TEXT_X - RIGHT_PAD)) * self._line_h() + 2 * ENTRY_PAD_Y

    def _layout(self, area: pygame.Rect) -> tuple[list[float], list[float]]:
        """(heights, tops): each entry's height and its top below the content's top (``tops`` has
        one more: content height + GAP). Cached until the entries, width or scale change."""
        k = (self._rev, area.w, self._font_size(), self.app.viewport.scale)
        if self._heights is None or self._heights[0] != k:
            hs = [self._entry_height(e, area) for e in self._entries]
            self._heights = (k, hs, [0.0, *accumulate(h + GAP for h in hs)])
        return self._heights[1], self._heights[2]

    def _content_height(self, area: pygame.Rect) -> float:
        return max(0.0, self._layout(area)[1][-1] - GAP)

    def _clamp_scroll(self) -> None:
        area = self._list_area()
        top = max(0.0, self._content_height(area) - area.h)
        self._scroll, self._shown_scroll = clamp(self._scroll, 0.0, top), clamp(self._shown_scroll, 0.0, top)
        if self._scroll <= 0:
            self._unseen = 0

    def _content_top(self, area: pygame.Rect, scroll: float, slide: float) -> float:
        """The first entry's top y: the area's top while all fits, else the newest entry's bottom
        on the area's bottom, moved ``scroll`` + ``slide`` down (never below the area's top)."""
        h = self._content_height(area)
        return float(area.y) if h <= area.h else min(float(area.y), area.bottom - h + scroll + slide)

    def _fade(self, index: int) -> float:
        """0..1: how far the entry's fade-in has come (1 = done)."""
        age = self._ages.get(index)
        return 1.0 if age is None else ease_out_cubic(clamp(age / FADE_MS, 0.0, 1.0))

    def _button_at(self, pos: Sequence[int]) -> str | None:
        latest = self._latest_rect()
        if latest is not None and latest.collidepoint(pos):
            return "latest"
        if self.collapsed and (self._toggle_rect().collidepoint(pos)
                               or (not self.expanded and self.rect.collidepoint(pos))):
            return "toggle"  # closed, the whole strip opens the log
        return None

    def set_expanded(self, expanded: bool) -> None:
        """Open (True) or close the overlay of a collapsed log; it opens on the newest entries."""
        if self.collapsed and expanded != self.expanded:
            self.expanded, self._scroll, self._shown_scroll, self._unseen = expanded, 0.0, 0.0, 0

    def scroll_by(self, dy: float) -> None:
        """Scroll ``dy`` logical px back in history (negative: toward the newest), clamped."""
        self._scroll += dy
        self._clamp_scroll()

    def scroll_to_latest(self) -> None:
        """Glide back to the newest entry (the "newest ↓" pill)."""
        self._scroll, self._unseen = 0.0, 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """MOUSEMOTION tracks the pointer (never consumed); the wheel over the list scrolls; a left
        click on the toggle / pill acts on release; any press on the (opaque) panel is consumed;
        Esc closes the opened overlay; Page Up / Page Down scroll it from the keyboard and End goes
        back to the newest entry. Positions are logical px."""
        if not self.visible:
            return False
        t = event.type
        pos: Any = getattr(event, "pos", None)
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and pos is None:
            return False  # a malformed event: nothing to hit-test
        if t == pygame.MOUSEMOTION:
            self._pointer = (int(pos[0]), int(pos[1]))
        elif t == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE and self.expanded:
            self.set_expanded(False)
            return True
        elif t == pygame.KEYDOWN and getattr(event, "key", None) in PAGE_KEYS:
            key = event.key
            self.scroll_to_latest() if key == pygame.K_END else self.scroll_by(PAGE_KEYS[key] * 4 * WHEEL_STEP)
            return True
        elif t == pygame.MOUSEWHEEL:
            if ((not self.collapsed or self.expanded) and self._pointer is not None
                    and self._panel_rect().collidepoint(self._pointer)):
                self.scroll_by(getattr(event, "y", 0) * WHEEL_STEP)
                return True
        elif t == pygame.MOUSEBUTTONDOWN:
            hit = self._button_at(pos)
            if hit is not None and getattr(event, "button", 1) == 1:
                self._pressed = hit
                return True
            return self.rect.collidepoint(pos) or (self.expanded and self.expanded_rect.collidepoint(pos))
        elif t == pygame.MOUSEBUTTONUP:
            was, self._pressed = self._pressed, None
            if was is not None and getattr(event, "button", 1) == 1 and self._button_at(pos) == was:
                self.scroll_to_latest() if was == "latest" else self.set_expanded(not self.expanded)
                ui_sound("click")
            return was is not None
        return False

    def update(self, dt_ms: float) -> None:
        """Advance the fades and the scroll glide by ``dt_ms`` ms."""
        self._ages = {i: a + dt_ms for i, a in self._ages.items() if a + dt_ms < FADE_MS}
        self._shown_scroll = approach(self._shown_scroll, self._scroll, dt_ms, SCROLL_HALF_LIFE_MS)

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        out = [UIElement(self.id, self.kind, pygame.Rect(self._panel_rect()))]
        out += [UIElement(f"log:{i}", "log-entry", r, self._entries[i].text if i < len(self._entries) else None)
                for i, r in self.visible_entries()]
        out += [UIElement("button:log", "button", self._toggle_rect())] if self.collapsed else []
        latest = self._latest_rect()
        return out + ([UIElement("button:log-latest", "button", latest)] if latest is not None else [])

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        """``draw_base`` then ``draw_overlay``."""
        self.draw_base(surface, app)
        self.draw_overlay(surface, app)

    def draw_base(self, surface: pygame.Surface, app: Any) -> None:
        """The log in ``rect`` (collapsed: the strip), nothing outside ``rect``."""
        if not self.visible:
            return
        old = surface.get_clip()
        surface.set_clip(app.viewport.to_window(self.rect).clip(old))
        draw_panel(surface, app, self.rect, "paper", radius=12, shadow=False)
        _draw_strip(self, surface, app) if self.collapsed else _draw_list(self, surface, app, self._list_area())
        surface.set_clip(old)

    def draw_overlay(self, surface: pygame.Surface, app: Any) -> None:
        """The opened panel of a collapsed log (above the scene, with a shadow), then the tooltip."""
        if not self.visible:
            return
        with boxes.lying_over(app):  # both lie over the scene (the layout check)
            if self.collapsed and self.expanded:
                r = self.expanded_rect
                draw_panel(surface, app, r, "paper", radius=14)
                cy, n, small = r.y + HEADER_H / 2 + 2, len(self._entries), legible(app, 12)
                draw_text(surface, app, _("Game log"), (r.x + 16, cy), legible(app, 16), C.INK, bold=True,
                          anchor="midleft")
                draw_text(surface, app, ngettext("{n} event · Esc closes", "{n} events · Esc closes", n).format(n=n),
                          (r.right - 14, cy), small, C.INK_MUTED, anchor="midright")
                _draw_list(self, surface, app, self._list_area())
                _draw_toggle(self, surface, app)  # on top, should the panel cover the strip
            if (i := self.hovered_index()) is not None:
                _draw_tooltip(self, surface, app, self._entries[i].detail or "", dict(self.visible_entries())[i])


# -- drawing helpers (window px through app.viewport; they only read the log) -----------------
def _draw_list(log: NarrationLog, surface: pygame.Surface, app: Any, area: pygame.Rect) -> None:
    """The entries of the full list in ``area`` (clipped to it), the scrollbar and the pill."""
    vp = app.viewport
    old = surface.get_clip()
    surface.set_clip(vp.to_window(area).clip(old))
    heights = log._layout(area)[0]
    total = log._content_height(area)
    slide = 0.0 if log._scroll > 0 else sum((1.0 - log._fade(i)) * (heights[i] + GAP) for i in log._ages)
    hovered, placed = log.hovered_index(), log._placed(area, log._shown_scroll, slide)
    for i, y, h in placed:
        f = log._fade(i)
        er = pygame.Rect(area.x, round(y + ((1.0 - f) * 8.0 if total <= area.h else 0.0)), area.w - SCROLL_W, round(h))
        entry = log._entries[i]
        _draw_entry(log, surface, app, entry, er, f, i == hovered, log._lines(entry, area.w - TEXT_X - RIGHT_PAD))
        if i > 0:  # a hairline between two entries
            ly, line_col = er.y - 1, mix(C.PAPER_LIGHT, C.PAPER_DARK, 0.8 * f)
            pygame.draw.line(surface, line_col, vp.to_window((er.x + TEXT_X, ly)), vp.to_window((er.right - 10, ly)))
    if placed and placed[0][1] < area.y:  # older entries above: fade them out under the top edge
        fade_w = vp.to_window(area)
        surface.blit(_top_fade(fade_w.w, vp.px(18)), fade_w.topleft)
    if total > area.h:  # the scrollbar: a thin thumb at the right edge
        thumb = max(24.0, area.h * area.h / total)
        ty = area.y + (area.h - thumb) * (1.0 - clamp(log._shown_scroll / (total - area.h), 0.0, 1.0))
        pygame.draw.rect(surface, C.PAPER_EDGE, vp.rect(area.right - 4, ty, 4, thumb), border_radius=vp.px(2))
    surface.set_clip(old)
    pill = log._latest_rect()
    if pill is not None:
        wr = vp.to_window(pill)
        draw_shadow(surface, wr, wr.h // 2, vp.px(2), alpha=60, blur=vp.px(5))
        hot = log._pointer is not None and pill.collidepoint(log._pointer)
        pygame.draw.rect(surface, C.INDIGO_LIGHT if hot else C.INK, wr, border_radius=wr.h // 2)
        draw_text(surface, app, log._latest_label(), pill.center, legible(app, 13), C.PAPER_LIGHT, bold=True)


def _draw_entry(log: NarrationLog, surface: pygame.Surface, app: Any, entry: LogEntry, er: pygame.Rect,
                fade: float, hovered: bool, lines: list[str]) -> None:
    """One entry in the logical rect ``er``: tint, colour bar and ``lines`` (centred), ``fade``
    (0..1) of the way in."""
    vp = app.viewport
    tint, ink, bar, bold = _STYLE[entry.emphasis]
    if hovered:
        tint = mix(tint or C.PAPER_LIGHT, C.PAPER_DARK, 0.7)
    wr = vp.to_window(er)
    if tint is not None:
        pygame.draw.rect(surface, mix(C.PAPER_LIGHT, tint, fade), wr, border_radius=vp.px(6))
    if entry.emphasis == "result":
        pygame.draw.rect(surface, mix(C.PAPER_LIGHT, C.GOLD, fade), wr, width=max(1, vp.px(1.5)),
                         border_radius=vp.px(6))
    bar = entry.color or bar
    if bar is not None:
        pygame.draw.rect(surface, mix(C.PAPER_LIGHT, bar, fade), vp.rect(er.x + 5, er.y + 5, 5, er.h - 10),
                         border_radius=vp.px(2.5))
    lh, fs = log._line_h(), log._font_size()
    for k, line in enumerate(lines):
        draw_text(surface, app, line, (er.x + TEXT_X, er.centery + lh * (k + 0.5 - len(lines) / 2)), fs, ink,
                  bold=bold, anchor="midleft", alpha=int(255 * fade))


def _draw_strip(log: NarrationLog, surface: pygame.Surface, app: Any) -> None:
    """The collapsed strip: the newest entry (at most two lines, the rest cut with "…"), the toggle."""
    tr = log._strip_text_rect()
    if log._entries:
        entry = log._entries[-1]
        width = tr.w - TEXT_X - RIGHT_PAD
        lines = log._lines(entry, width)
        room = int(clamp(tr.h // log._line_h(), 1, 2))
        if len(lines) > room:
            lines = lines[:room - 1] + [fit_text(app, " ".join(lines[room - 1:]), log._font_size(),
                                                 _STYLE[entry.emphasis][3], width)]
        h = min(tr.h, len(lines) * log._line_h() + 2 * ENTRY_PAD_Y)
        f = log._fade(entry.index)
        er = pygame.Rect(tr.x, round(tr.centery - h / 2 + (1.0 - f) * 8.0), tr.w, round(h))
        _draw_entry(log, surface, app, entry, er, f, log.hovered_index() == entry.index, lines)
    _draw_toggle(log, surface, app)


def _draw_toggle(log: NarrationLog, surface: pygame.Surface, app: Any) -> None:
    """The log toggle: a list icon on paper (closed) or on ink (opened)."""
    vp = app.viewport
    r = log._toggle_rect()
    hot = log._pointer is not None and r.collidepoint(log._pointer)
    fill, edge, ink = (((C.INDIGO_LIGHT if hot else C.INK), C.INK, C.PAPER_LIGHT) if log.expanded else
                       ((C.WHITE if hot else C.PAPER_LIGHT), C.PAPER_EDGE, (C.VERMILION if hot else C.INK_SOFT)))
    pygame.draw.rect(surface, fill, vp.to_window(r), border_radius=vp.px(8))
    pygame.draw.rect(surface, edge, vp.to_window(r), width=max(1, vp.px(1.5)), border_radius=vp.px(8))
    for k in (-1, 0, 1):  # a list: three dotted lines
        y = r.centery + k * r.h * 0.2
        pygame.draw.circle(surface, ink, vp.to_window((r.x + r.w * 0.3, y)), max(1, vp.px(1.8)))
        pygame.draw.line(surface, ink, vp.to_window((r.x + r.w * .42, y)), vp.to_window((r.x + r.w * .74, y)), vp.px(2))



def _draw_tooltip(log: NarrationLog, surface: pygame.Surface, app: Any, tip: str, anchor: pygame.Rect) -> None:
    """``tip`` in a dark box beside the log at the entry ``anchor`` (logical), inside the screen."""
    vp = app.viewport
    fs, lh = legible(app, 14), legible(app, 14) * 1.4
    lines = wrap_words(app, tip, fs, TIP_MAX_W)
    w, h = max(text_width(app, line, fs) for line in lines) + 24, len(lines) * lh + 16
    panel = log._panel_rect()  # beside the log: on its left if there is room, else on its right
    x = panel.x - 10 - w if panel.x - 10 - w >= 4 else panel.right + 10
    x, y = clamp(x, 4, LOGICAL_W - 4 - w), clamp(anchor.centery - h / 2, 4, LOGICAL_H - 4 - h)
    wr = vp.rect(x, y, w, h)
    boxes.cover(app, wr)
    draw_shadow(surface, wr, vp.px(8), vp.px(4), alpha=90, blur=vp.px(10))
    pygame.draw.rect(surface, TIP_DARK, wr, border_radius=vp.px(8))
    pygame.draw.rect(surface, C.GOLD, wr, width=max(1, vp.px(1.5)), border_radius=vp.px(8))
    for k, line in enumerate(lines):
        draw_text(surface, app, line, (x + 12, y + 8 + lh * (k + 0.5)), fs, C.PAPER_LIGHT, anchor="midleft")


def _top_fade(w: int, h: int) -> pygame.Surface:
    """A ``w`` x ``h`` window-px gradient of the paper colour, opaque at the top (cached)."""
    s = FADES.peek((w, h))
    if s is None:
        s = pygame.Surface((w, max(1, h)), pygame.SRCALPHA)
        for y in range(h):
            pygame.draw.line(s, (*C.PAPER_LIGHT, 255 * (h - y) // h), (0, y), (w, y))
        FADES.put((w, h), s)
    return s
