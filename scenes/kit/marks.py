"""Marks drawn over a play scene's pieces: the hint mark (issue 10 §5), shared by the three games so
a suggestion looks the same everywhere; the coach's expected line as arrows and a sentence on up
to two lines (issue 21 §4)."""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from game.i18n import _, pgettext
from scenes.kit import boxes
from scenes.kit.draw import C, draw_text, drawn_size, fit_label, fit_text, pill_surface, text_width, wrap_text

#: The hint's green (a suggestion, not a warning) and its tag's darker shade.
HINT_RING = (120, 200, 110)
HINT_TAG = (84, 140, 70)
#: One pulse of the ring's width (ms).
HINT_PULSE_MS = 1100.0


def draw_hint_mark(surface: pygame.Surface, app: Any, rect: pygame.Rect, clock_ms: float = 0.0,
                   radius: float = 12, tag: str | None = None, tag_below: bool = False) -> None:
    """A pulsing green ring around logical ``rect`` with a small "hint" tag on its top edge.

    Args:
        surface: the window surface (window px).
        app: the App (its viewport scales logical px).
        rect: the marked piece (logical px).
        clock_ms: the scene's real-time clock (ms), for the pulse; 0 draws it still.
        radius: the ring's corner radius (logical px).
        tag: the word on the tag, as shown (default "hint" in the language in use; a tutorial's
            "here"). The tag widens for a longer word.
        tag_below: the tag on the bottom edge instead (a piece just under a panel's title: the
            tag on its top edge covered the title)."""
    if tag is None:
        tag = hint_tag()
    vp = app.viewport
    grow = 5 + 2 * math.sin(clock_ms / HINT_PULSE_MS * math.tau)
    wr = vp.to_window(rect.inflate(2 * grow, 2 * grow))
    pygame.draw.rect(surface, HINT_RING, wr, width=max(2, vp.px(4)), border_radius=vp.px(radius))
    w = max(48, round(text_width(app, tag, 12, True)) + 16)
    y = rect.bottom + grow - 10 if tag_below else rect.y - grow - 10
    box = pygame.Rect(rect.centerx - w // 2, y, w, 20)
    with boxes.lying_over(app):  # the tag lies over the piece's edge, by design
        pygame.draw.rect(surface, HINT_TAG, vp.to_window(box), border_radius=vp.px(10))
        boxes.cover(app, vp.to_window(box))
        with boxes.within(app, vp.to_window(box), "hint tag"):
            draw_text(surface, app, tag, box.center, 12, C.PAPER_LIGHT, bold=True)


def hint_tag() -> str:
    """The word on a hint mark's tag, in the language in use."""
    # Translators: the small tag on a piece the hint suggests (~6 characters)
    return pgettext("hint tag", "hint")


def draw_said_pill(surface: pygame.Surface, app: Any, lrect: pygame.Rect, text: str, rgb: Sequence[int],
                   size: float = 17) -> None:
    """A line said over a scene's banner (the replay coach's): a pill of ``rgb`` filling the
    logical ``lrect`` and ``text`` in it: on one line (down to 0.8 x ``size``), else on two lines
    at the largest size whose two lines fit the pill (down to 11 logical px), else cut on one line.
    Draws only."""
    vp = app.viewport
    surface.blit(pill_surface(vp.px(lrect.w), vp.px(lrect.h), vp.px(min(14, lrect.h / 2)), rgb),
                 vp.to_window(lrect).topleft)
    boxes.cover(app, vp.to_window(lrect))
    with boxes.within(app, vp.to_window(lrect), "said"):
        _said_text(surface, app, lrect, text, size)


def said_fits(app: Any, lrect: pygame.Rect, text: str, size: float = 17) -> bool:
    """True when :func:`draw_said_pill` shows ``text`` whole in the logical ``lrect`` (on one line
    or two), False when it would have to cut it (a caller with a shorter sentence says that one)."""
    return _said_layout(app, lrect, text, size) is not None


def _said_layout(app: Any, lrect: pygame.Rect, text: str, size: float) -> tuple[list[str], float] | None:
    """The lines and logical size :func:`draw_said_pill` draws ``text`` at, or None when it is cut."""
    room = lrect.w - 28
    if text_width(app, text, size * 0.8, True) <= room:
        one, s = fit_label(app, text, size, True, room, least=0.8)
        return [one], s
    s = size * 0.9
    while s >= 11:
        lines = wrap_text(app, text, s, room, bold=True, split_long=False)
        step = drawn_size(app, s, text) * 1.22  # by the size drawn: the smallest readable wins
        if len(lines) <= 2 and all(text_width(app, ln, s, True) <= room for ln in lines) and 2 * step <= lrect.h - 2:
            return lines, s
        s -= 1
    return None


def _said_text(surface: pygame.Surface, app: Any, lrect: pygame.Rect, text: str, size: float) -> None:
    got = _said_layout(app, lrect, text, size)
    if got is None:
        draw_text(surface, app, fit_text(app, text, size * 0.8, True, lrect.w - 28), lrect.center, size * 0.8,
                  C.PAPER_LIGHT, bold=True)
        return
    lines, s = got
    step = drawn_size(app, s, text) * 1.22
    for k, line in enumerate(lines):
        draw_text(surface, app, line, (lrect.centerx, lrect.centery + (k - (len(lines) - 1) / 2) * step), s,
                  C.PAPER_LIGHT, bold=True)


def draw_lines_centered(surface: pygame.Surface, app: Any, text: str, center: Sequence[float], width: float,
                        size: float = 16, rgb: Sequence[int] = C.PAPER_LIGHT) -> None:
    """``text`` centred on logical ``center`` within ``width`` logical px: on one line at ``size``,
    else on two lines at the largest size down to 11 logical px whose two lines fit, else cut on
    one line (a hint's sentence and its reason, the coach's reason under a board). Draws only."""
    x, y = center
    if text_width(app, text, size, True) <= width:
        draw_text(surface, app, text, (x, y), size, rgb, bold=True, shadow=(0, 0, 0, 120), shadow_offset=1.5)
        return
    s = size * 0.9
    while s >= 11:
        lines = wrap_text(app, text, s, width, bold=True, split_long=False)
        if len(lines) <= 2 and all(text_width(app, ln, s, True) <= width for ln in lines):
            step = drawn_size(app, s, text) * 1.2
            for k, line in enumerate(lines):
                draw_text(surface, app, line, (x, y + (k - (len(lines) - 1) / 2) * step), s, rgb, bold=True,
                          shadow=(0, 0, 0, 120), shadow_offset=1.5)
            return
        s -= 1
    draw_text(surface, app, fit_text(app, text, 11, True, width), (x, y), 11, rgb, bold=True)


#: An expected line's arrow: where it starts and ends (logical px) and its colour (RGB).
Arrow = tuple[Sequence[float], Sequence[float], Sequence[int]]


def draw_line_arrows(surface: pygame.Surface, app: Any, arrows: Sequence[Arrow], numbered: bool = True,
                     width: float = 7.0) -> None:
    """An expected line as arrows over the board (issue 21 §4): each a shaft with a light edge and
    a head at its end, in its colour, numbered from 1 in a small disc near its head (the order of
    the moves). ``arrows``: ``(start, end, rgb)`` in logical px. Draws only."""
    vp = app.viewport
    w = max(2, vp.px(width))
    edge = max(1, vp.px(2))
    for k, (start, end, rgb) in enumerate(arrows):
        (x0, y0), (x1, y1) = vp.to_window(start), vp.to_window(end)
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        head = min(length * 0.6, vp.px(22))
        bx, by = x1 - ux * head, y1 - uy * head
        px_, py_ = -uy * head * 0.55, ux * head * 0.55
        tip = [(x1, y1), (bx + px_, by + py_), (bx - px_, by - py_)]
        pygame.draw.line(surface, C.PAPER_LIGHT, (x0, y0), (bx, by), w + 2 * edge)
        pygame.draw.polygon(surface, C.PAPER_LIGHT, tip, 0)
        pygame.draw.polygon(surface, C.PAPER_LIGHT, tip, 2 * edge)
        pygame.draw.line(surface, rgb, (x0, y0), (bx, by), w)
        pygame.draw.polygon(surface, rgb, tip, 0)
        if numbered:
            cx, cy = x1 - ux * (head + vp.px(14)), y1 - uy * (head + vp.px(14))
            r = max(4, vp.px(10))
            pygame.draw.circle(surface, C.PAPER_LIGHT, (cx, cy), r + edge)
            pygame.draw.circle(surface, rgb, (cx, cy), r)
            draw_text(surface, app, str(k + 1), vp.to_logical((cx, cy)), 12, C.PAPER_LIGHT, bold=True)


def log_title(app: Any, size: float, room: float) -> tuple[str, float]:
    """The game log's title to draw in ``room`` logical px at ``size`` (logical px), as
    ``(text, size)``: "Game log", shrunk a little if need be, or its short form "Log" where even
    shrunk it does not fit (a small window, a longer language, beside the Hint and Undo buttons)."""
    title = _("Game log")
    if text_width(app, title, size * 0.72, True) > room:
        # Translators: the game log's title where "Game log" does not fit (a small window, beside
        # the Hint and Undo buttons; max ~5 characters)
        title = pgettext("short title", "Log")
    return fit_label(app, title, size, True, room)


__all__ = ["Arrow", "HINT_PULSE_MS", "HINT_RING", "HINT_TAG", "draw_hint_mark", "draw_line_arrows",
           "draw_lines_centered", "draw_said_pill", "hint_tag", "log_title", "said_fits"]
