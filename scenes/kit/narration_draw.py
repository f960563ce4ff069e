"""Drawing the narration log (:class:`scenes.kit.narration.NarrationLog`): the list of entries with
its scrollbar and "newest" pill, one entry (tint, seat colour bar, lines fading in), the collapsed
strip, the toggle, the opened panel's title band and the detail tooltip. Pure drawing from a
:class:`~scenes.kit.narration_state.LogState`, a :class:`~scenes.kit.narration_layout.LogLayout`
and what the widget says is hovered: nothing is changed but :data:`FADES`. Rects are LOGICAL px
(converted through ``app.viewport``) unless said WINDOW px; texts come in translated."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.kit import boxes
from scenes.kit.draw import C, draw_shadow, draw_text, fit_text, mix, text_width
from scenes.kit.narration_layout import (
    ENTRY_PAD_Y,
    GAP,
    HEADER_H,
    SCROLL_W,
    TEXT_X,
    LogLayout,
    is_bold,
    legible,
    text_room,
    wrap_words,
)
from scenes.kit.narration_state import LogEntry, LogState
from scenes.kit.render_cache import RenderCache
from scenes.kit.tween import clamp
from scenes.kit.viewport import LOGICAL_H, LOGICAL_W

RGB = tuple[int, int, int]
TIP_MAX_W = 320  #: the widest tooltip text (logical px)
TIP_DARK = (34, 30, 28)
PILL_SIZE = 13  #: the "newest" pill's text size (logical px)
FADES: RenderCache[pygame.Surface] = RenderCache(16, window=True)  # (w, h) window px -> top fade of the list
# emphasis -> (background tint, text colour, bar colour when the entry has none)
STYLE: dict[str | None, tuple[RGB | None, RGB, RGB | None]] = {
    None: (None, C.INK, None),
    "danger": (mix(C.PAPER_LIGHT, C.VERMILION, 0.13), C.VERMILION_DARK, C.VERMILION),
    "chance": (mix(C.PAPER_LIGHT, C.GOLD_LIGHT, 0.32), mix(C.MATCHA, C.INK, 0.45), C.GOLD),
    "result": (mix(C.PAPER_LIGHT, C.GOLD_LIGHT, 0.22), C.INK, C.GOLD),
}


@dataclass(frozen=True)
class Pill:
    """The "newest ↓" pill as drawn: its logical ``rect``, ``label`` and whether the pointer is on it."""

    rect: pygame.Rect
    label: str
    hot: bool


def draw_list(surface: pygame.Surface, app: Any, state: LogState, layout: LogLayout, area: pygame.Rect,
              hovered: int | None, pill: Pill | None) -> None:
    """The entries of the full list in ``area`` (clipped to it; the one at index ``hovered``
    tinted), sliding up while new ones fade in, the scrollbar, then the ``pill`` if any."""
    vp = app.viewport
    old = surface.get_clip()
    surface.set_clip(vp.to_window(area).clip(old))
    heights = layout.rows(state, area)[0]
    total = layout.content_height(state, area)
    slide = 0.0 if state.scrolled_up() else sum((1.0 - state.fade(i)) * (heights[i] + GAP) for i in state.fading())
    placed = layout.placed(state, area, state.shown_scroll, slide)
    for i, y, h in placed:
        f = state.fade(i)
        er = pygame.Rect(area.x, round(y + ((1.0 - f) * 8.0 if total <= area.h else 0.0)), area.w - SCROLL_W,
                         round(h))
        entry = state.entry(i)
        draw_entry(surface, app, layout, entry, er, f, i == hovered, layout.lines(entry, text_room(area.w)))
        if i > 0:  # a hairline between two entries
            ly, line_col = er.y - 1, mix(C.PAPER_LIGHT, C.PAPER_DARK, 0.8 * f)
            pygame.draw.line(surface, line_col, vp.to_window((er.x + TEXT_X, ly)), vp.to_window((er.right - 10, ly)))
    if placed and placed[0][1] < area.y:  # older entries above: fade them out under the top edge
        fade_w = vp.to_window(area)
        surface.blit(top_fade(fade_w.w, vp.px(18)), fade_w.topleft)
    if total > area.h:  # the scrollbar: a thin thumb at the right edge
        thumb = max(24.0, area.h * area.h / total)
        ty = area.y + (area.h - thumb) * (1.0 - clamp(state.shown_scroll / (total - area.h), 0.0, 1.0))
        pygame.draw.rect(surface, C.PAPER_EDGE, vp.rect(area.right - 4, ty, 4, thumb), border_radius=vp.px(2))
    surface.set_clip(old)
    if pill is not None:
        wr = vp.to_window(pill.rect)
        draw_shadow(surface, wr, wr.h // 2, vp.px(2), alpha=60, blur=vp.px(5))
        pygame.draw.rect(surface, C.INDIGO_LIGHT if pill.hot else C.INK, wr, border_radius=wr.h // 2)
        draw_text(surface, app, pill.label, pill.rect.center, legible(app, PILL_SIZE), C.PAPER_LIGHT, bold=True)


def draw_entry(surface: pygame.Surface, app: Any, layout: LogLayout, entry: LogEntry, er: pygame.Rect,
               fade: float, hovered: bool, lines: list[str]) -> None:
    """One entry in the logical rect ``er``: tint, colour bar and ``lines`` (centred), ``fade``
    (0..1) of the way in."""
    vp = app.viewport
    tint, ink, bar = STYLE[entry.emphasis]
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
    lh, fs = layout.line_h(), layout.font_size()
    for k, line in enumerate(lines):
        draw_text(surface, app, line, (er.x + TEXT_X, er.centery + lh * (k + 0.5 - len(lines) / 2)), fs, ink,
                  bold=is_bold(entry), anchor="midleft", alpha=int(255 * fade))


def draw_strip(surface: pygame.Surface, app: Any, state: LogState, layout: LogLayout, tr: pygame.Rect,
               hovered: int | None) -> None:
    """The collapsed strip's text in the logical rect ``tr``: the newest entry (at most two lines,
    the rest cut with "…"), tinted when it is the ``hovered`` one."""
    if not len(state):
        return
    entry = state.entry(-1)
    width = text_room(tr.w)
    lines = layout.lines(entry, width)
    room = int(clamp(tr.h // layout.line_h(), 1, 2))
    if len(lines) > room:
        rest = " ".join(lines[room - 1:])
        lines = lines[:room - 1] + [fit_text(app, rest, layout.font_size(), is_bold(entry), width)]
    h = min(tr.h, len(lines) * layout.line_h() + 2 * ENTRY_PAD_Y)
    f = state.fade(entry.index)
    er = pygame.Rect(tr.x, round(tr.centery - h / 2 + (1.0 - f) * 8.0), tr.w, round(h))
    draw_entry(surface, app, layout, entry, er, f, hovered == entry.index, lines)


def draw_toggle(surface: pygame.Surface, app: Any, r: pygame.Rect, opened: bool, hot: bool) -> None:
    """The log toggle at the logical ``r``: a list icon on paper (closed) or on ink (``opened``),
    lighter when ``hot`` (the pointer on it)."""
    vp = app.viewport
    fill, edge, ink = (((C.INDIGO_LIGHT if hot else C.INK), C.INK, C.PAPER_LIGHT) if opened else
                       ((C.WHITE if hot else C.PAPER_LIGHT), C.PAPER_EDGE, (C.VERMILION if hot else C.INK_SOFT)))
    pygame.draw.rect(surface, fill, vp.to_window(r), border_radius=vp.px(8))
    pygame.draw.rect(surface, edge, vp.to_window(r), width=max(1, vp.px(1.5)), border_radius=vp.px(8))
    for k in (-1, 0, 1):  # a list: three dotted lines
        y = r.centery + k * r.h * 0.2
        pygame.draw.circle(surface, ink, vp.to_window((r.x + r.w * 0.3, y)), max(1, vp.px(1.8)))
        pygame.draw.line(surface, ink, vp.to_window((r.x + r.w * .42, y)), vp.to_window((r.x + r.w * .74, y)), vp.px(2))


def draw_header(surface: pygame.Surface, app: Any, r: pygame.Rect, title: str, note: str) -> None:
    """The opened panel's title band at the top of the logical ``r``: ``title`` on the left,
    ``note`` (smaller, muted) on the right."""
    cy = r.y + HEADER_H / 2 + 2
    draw_text(surface, app, title, (r.x + 16, cy), legible(app, 16), C.INK, bold=True, anchor="midleft")
    draw_text(surface, app, note, (r.right - 14, cy), legible(app, 12), C.INK_MUTED, anchor="midright")


def draw_tooltip(surface: pygame.Surface, app: Any, tip: str, anchor: pygame.Rect, panel: pygame.Rect) -> None:
    """``tip`` in a dark box beside the log's ``panel`` (on its left if there is room, else on its
    right), level with the entry ``anchor``, inside the screen."""
    vp = app.viewport
    fs, lh = legible(app, 14), legible(app, 14) * 1.4
    lines = wrap_words(app, tip, fs, TIP_MAX_W)
    w, h = max(text_width(app, line, fs) for line in lines) + 24, len(lines) * lh + 16
    x = panel.x - 10 - w if panel.x - 10 - w >= 4 else panel.right + 10
    x, y = clamp(x, 4, LOGICAL_W - 4 - w), clamp(anchor.centery - h / 2, 4, LOGICAL_H - 4 - h)
    wr = vp.rect(x, y, w, h)
    boxes.cover(app, wr)
    draw_shadow(surface, wr, vp.px(8), vp.px(4), alpha=90, blur=vp.px(10))
    pygame.draw.rect(surface, TIP_DARK, wr, border_radius=vp.px(8))
    pygame.draw.rect(surface, C.GOLD, wr, width=max(1, vp.px(1.5)), border_radius=vp.px(8))
    for k, line in enumerate(lines):
        draw_text(surface, app, line, (x + 12, y + 8 + lh * (k + 0.5)), fs, C.PAPER_LIGHT, anchor="midleft")


def top_fade(w: int, h: int) -> pygame.Surface:
    """A ``w`` x ``h`` window-px gradient of the paper colour, opaque at the top (cached in :data:`FADES`)."""
    s = FADES.peek((w, h))
    if s is None:
        s = pygame.Surface((w, max(1, h)), pygame.SRCALPHA)
        for y in range(h):
            pygame.draw.line(s, (*C.PAPER_LIGHT, 255 * (h - y) // h), (0, y), (w, y))
        FADES.put((w, h), s)
    return s


__all__ = ["FADES", "STYLE", "TIP_MAX_W", "Pill", "draw_entry", "draw_header", "draw_list", "draw_strip",
           "draw_toggle", "draw_tooltip", "top_fade"]
