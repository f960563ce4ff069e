"""Marks drawn over a play scene's pieces: the hint mark (issue 10 §5), shared by the three games so
a suggestion looks the same everywhere."""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from game.i18n import _, pgettext
from scenes.kit import boxes
from scenes.kit.draw import C, draw_text, fit_label, fit_text, pill_surface, text_width, wrap_text

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


def _said_text(surface: pygame.Surface, app: Any, lrect: pygame.Rect, text: str, size: float) -> None:
    room = lrect.w - 28
    if text_width(app, text, size * 0.8, True) <= room:
        one, s = fit_label(app, text, size, True, room, least=0.8)
        draw_text(surface, app, one, lrect.center, s, C.PAPER_LIGHT, bold=True)
        return
    s = size * 0.9
    while s >= 11:
        lines = wrap_text(app, text, s, room, bold=True, split_long=False)
        step = s * 1.22
        if len(lines) <= 2 and all(text_width(app, ln, s, True) <= room for ln in lines) and 2 * step <= lrect.h - 2:
            for k, line in enumerate(lines):
                draw_text(surface, app, line, (lrect.centerx, lrect.centery + (k - (len(lines) - 1) / 2) * step), s,
                          C.PAPER_LIGHT, bold=True)
            return
        s -= 1
    draw_text(surface, app, fit_text(app, text, size * 0.8, True, room), lrect.center, size * 0.8, C.PAPER_LIGHT,
              bold=True)


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


__all__ = ["HINT_PULSE_MS", "HINT_RING", "HINT_TAG", "draw_hint_mark", "draw_said_pill", "hint_tag", "log_title"]
