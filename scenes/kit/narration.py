"""The narration log (like Board Game Arena's game log): each game event as a sentence, newest at the bottom,
in a Widget at a LOGICAL ``rect``. Entries (:class:`LogEntry`) have a seat colour bar, a ``detail`` tooltip,
a ``key`` to truncate by (undo, replays) and an ``emphasis``. Text wraps on whole words (cached) and never
renders under :data:`MIN_WINDOW_PX` window px; new entries fade in over :data:`FADE_MS` ms. The wheel scrolls
back; ``button:log-latest`` returns. ``collapsed=True``: only the newest entry and a toggle (``button:log``)
opening the log over the scene at ``expanded_rect``. Its own words are translated when drawn (game/i18n.py).
UI elements: ``<id>`` (kind "log"), ``log:<n>`` (kind "log-entry", ``n`` = index since the start).

The widget (:class:`NarrationLog`: input, hit-tests, its parts' rects, the UI elements) holds three parts
along their seams: the state (:class:`~scenes.kit.narration_state.LogState`: entries, fades, scrolling,
what is new), the layout (:class:`~scenes.kit.narration_layout.LogLayout`: text size, wrapping, rows) and
the drawing (:mod:`scenes.kit.narration_draw`)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.i18n import _, ngettext
from scenes.kit import boxes
from scenes.kit.draw import draw_panel, text_width
from scenes.kit.narration_draw import (
    FADES,
    PILL_SIZE,
    Pill,
    draw_header,
    draw_list,
    draw_strip,
    draw_toggle,
    draw_tooltip,
    top_fade,
)
from scenes.kit.narration_layout import (
    GAP,
    HEADER_H,
    MIN_WINDOW_PX,
    PAD,
    RIGHT_PAD,
    TEXT_X,
    LogLayout,
    legible,
    wrap_words,
)
from scenes.kit.narration_state import EMPHASES, FADE_MS, LogEntry, LogState
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Widget, ui_sound

WHEEL_STEP = 48.0  #: one wheel notch (logical px)
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

    Attributes:
        state: its :class:`~scenes.kit.narration_state.LogState` (entries, fades, scroll).
        layout: its :class:`~scenes.kit.narration_layout.LogLayout` (text size, lines, rows).
    """

    kind = "log"

    def __init__(self, app: Any, rect: Sequence[float] | pygame.Rect, id: str = "log", *, size: float = 15.0,
                 collapsed: bool = False, expanded_rect: Sequence[float] | pygame.Rect | None = None):
        super().__init__(id, rect)
        self.app = app
        self.collapsed, self.expanded = collapsed, False
        y = self.rect.y - 368 if self.rect.y >= 376 else self.rect.bottom + 8
        default = (self.rect.x, y, self.rect.w, 360)
        self.expanded_rect = pygame.Rect(expanded_rect if expanded_rect is not None else default)
        self.state = LogState()
        self.layout = LogLayout(app, size)
        self._pointer: tuple[int, int] | None = None
        self._pressed: str | None = None

    @property
    def size(self) -> float:
        """The text size asked for (logical px; drawn legible: :meth:`LogLayout.font_size`)."""
        return self.layout.size

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """Every entry, oldest first (read-only)."""
        return self.state.entries

    def __len__(self) -> int:
        return len(self.state)

    def add(self, text: str, color: Sequence[int] | None = None, detail: str | None = None,
            key: int | None = None, emphasis: str | None = None) -> LogEntry:
        """Append a sentence (see :class:`LogEntry`); it fades in. Scrolled up, the view stays
        still (the "newest" pill counts it). Raises ValueError for an unknown emphasis."""
        entry = self.state.add(text, color, detail, key, emphasis)
        if self.state.scrolled_up():
            self.state.grew_below(self.layout.entry_height(entry, self.list_area()) + GAP)
        return entry

    def truncate(self, key: int) -> None:
        """Drop every entry whose key is >= ``key`` (undo, a replay going back); entries without
        a key stay. The kept entries are renumbered from 0; a scrolled-up view stays still."""
        if not self.state.drops(key):
            return
        area = self.list_area()
        before = self.layout.content_height(self.state, area)
        self.state.truncate(key)
        self.state.shrank_below(before - self.layout.content_height(self.state, area))
        self.state.clamp_scroll(self.layout.scroll_room(self.state, area))

    def clear(self) -> None:
        """Drop every entry (and scroll back to the newest)."""
        self.state.clear()

    def finish(self) -> None:
        """End every fade and the scroll glide at once."""
        self.state.finish()

    def scrolled_up(self) -> bool:
        """True while the view is not pinned to the newest entry."""
        return self.state.scrolled_up()

    def tooltip(self) -> str | None:
        """The detail shown as a tooltip now (the entry under the pointer has one), else None."""
        i = self.hovered_index()
        return self.state.entry(i).detail if i is not None else None

    def hovered_index(self) -> int | None:
        """The index of the entry with a ``detail`` under the pointer, or None."""
        pos = self._pointer
        i = next((i for i, r in self.visible_entries() if r.collidepoint(pos)), None) if pos and self.visible else None
        return i if i is not None and self.state.entry(i).detail else None

    def visible_entries(self) -> list[tuple[int, pygame.Rect]]:
        """(index, logical rect clipped to the list) of each entry in view, at rest (no slide)."""
        if self.collapsed and not self.expanded:
            return [(self.state.entry(-1).index, self.strip_text_rect())] if len(self.state) else []
        area = self.list_area()
        rects = [(i, pygame.Rect(area.x, round(y), area.w, round(h)).clip(area))
                 for i, y, h in self.layout.placed(self.state, area, self.state.scroll, 0.0)]
        return [(i, r) for i, r in rects if r.h > 0]

    def busy(self) -> bool:
        """True while an entry fades in or the scroll glides."""
        return self.state.busy()

    # -- the parts' rects (logical px) -----------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        """The panel of the full list: ``rect``, or ``expanded_rect`` when opened."""
        return self.expanded_rect if (self.collapsed and self.expanded) else self.rect

    def list_area(self) -> pygame.Rect:
        """Where the full list's entries lie: the panel less its inset (and title band when opened)."""
        r = self.panel_rect()
        top = HEADER_H if (self.collapsed and self.expanded) else PAD
        return pygame.Rect(r.x + PAD, r.y + top, r.w - 2 * PAD, r.h - top - PAD)

    def toggle_rect(self) -> pygame.Rect:
        """The toggle of a collapsed log (``button:log``), at the strip's right end."""
        s = min(36, self.rect.h - 12)
        return pygame.Rect(self.rect.right - 8 - s, self.rect.centery - s // 2, s, s)

    def strip_text_rect(self) -> pygame.Rect:
        """Where the collapsed strip shows the newest entry: left of the toggle."""
        return pygame.Rect(self.rect.x + 6, self.rect.y + 4, self.toggle_rect().x - 12 - self.rect.x, self.rect.h - 8)

    def latest_rect(self) -> pygame.Rect | None:
        """The "newest ↓" pill while scrolled up (and the full list shows), else None."""
        if not self.state.scrolled_up() or (self.collapsed and not self.expanded):
            return None
        area = self.list_area()
        w = text_width(self.app, self.latest_label(), legible(self.app, PILL_SIZE), True) + 30
        return pygame.Rect(round(area.centerx - w / 2), area.bottom - 34, round(w), 26)

    def latest_label(self) -> str:
        """The pill's words: how many entries came in below, or just "newest ↓"."""
        n = self.state.unseen
        return ngettext("{n} new ↓", "{n} new ↓", n).format(n=n) if n else _("newest ↓")

    def _button_at(self, pos: Sequence[int]) -> str | None:
        latest = self.latest_rect()
        if latest is not None and latest.collidepoint(pos):
            return "latest"
        if self.collapsed and (self.toggle_rect().collidepoint(pos)
                               or (not self.expanded and self.rect.collidepoint(pos))):
            return "toggle"  # closed, the whole strip opens the log
        return None

    def _hot(self, r: pygame.Rect) -> bool:
        return self._pointer is not None and r.collidepoint(self._pointer)

    # -- changes ---------------------------------------------------------------------------------
    def set_expanded(self, expanded: bool) -> None:
        """Open (True) or close the overlay of a collapsed log; it opens on the newest entries."""
        if self.collapsed and expanded != self.expanded:
            self.expanded = expanded
            self.state.reset_scroll()

    def scroll_by(self, dy: float) -> None:
        """Scroll ``dy`` logical px back in history (negative: toward the newest), clamped."""
        area = self.list_area()
        self.state.scroll_by(dy, self.layout.scroll_room(self.state, area))

    def scroll_to_latest(self) -> None:
        """Glide back to the newest entry (the "newest ↓" pill)."""
        self.state.scroll_to_latest()

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
                    and self.panel_rect().collidepoint(self._pointer)):
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
        self.state.update(dt_ms)

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        n = len(self.state)
        out = [UIElement(self.id, self.kind, pygame.Rect(self.panel_rect()))]
        out += [UIElement(f"log:{i}", "log-entry", r, self.state.entry(i).text if i < n else None)
                for i, r in self.visible_entries()]
        out += [UIElement("button:log", "button", self.toggle_rect())] if self.collapsed else []
        latest = self.latest_rect()
        return out + ([UIElement("button:log-latest", "button", latest)] if latest is not None else [])

    # -- drawing (:mod:`scenes.kit.narration_draw`) --------------------------------------------------
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
        if self.collapsed:
            draw_strip(surface, app, self.state, self.layout, self.strip_text_rect(), self.hovered_index())
            draw_toggle(surface, app, self.toggle_rect(), self.expanded, self._hot(self.toggle_rect()))
        else:
            self._draw_list(surface, app)
        surface.set_clip(old)

    def draw_overlay(self, surface: pygame.Surface, app: Any) -> None:
        """The opened panel of a collapsed log (above the scene, with a shadow), then the tooltip."""
        if not self.visible:
            return
        with boxes.lying_over(app):  # both lie over the scene (the layout check)
            if self.collapsed and self.expanded:
                r, n = self.expanded_rect, len(self.state)
                draw_panel(surface, app, r, "paper", radius=14)
                draw_header(surface, app, r, _("Game log"),
                            ngettext("{n} event · Esc closes", "{n} events · Esc closes", n).format(n=n))
                self._draw_list(surface, app)
                # on top, should the panel cover the strip
                draw_toggle(surface, app, self.toggle_rect(), self.expanded, self._hot(self.toggle_rect()))
            if (i := self.hovered_index()) is not None:
                draw_tooltip(surface, app, self.state.entry(i).detail or "", dict(self.visible_entries())[i],
                             self.panel_rect())

    def _draw_list(self, surface: pygame.Surface, app: Any) -> None:
        latest = self.latest_rect()
        pill = Pill(latest, self.latest_label(), self._hot(latest)) if latest is not None else None
        draw_list(surface, app, self.state, self.layout, self.list_area(), self.hovered_index(), pill)


__all__ = ["EMPHASES", "FADE_MS", "FADES", "MIN_WINDOW_PX", "PAD", "PAGE_KEYS", "RIGHT_PAD", "TEXT_X", "WHEEL_STEP",
           "LogEntry", "NarrationLog", "legible", "top_fade", "wrap_words"]
