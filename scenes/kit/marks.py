"""Marks drawn over a play scene's pieces: the hint mark (issue 10 §5), shared by the three games so
a suggestion looks the same everywhere."""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.i18n import pgettext
from scenes.kit.draw import C, draw_text, text_width

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
    pygame.draw.rect(surface, HINT_TAG, vp.to_window(box), border_radius=vp.px(10))
    draw_text(surface, app, tag, box.center, 12, C.PAPER_LIGHT, bold=True)


def hint_tag() -> str:
    """The word on a hint mark's tag, in the language in use."""
    # Translators: the small tag on a piece the hint suggests (~6 characters)
    return pgettext("hint tag", "hint")


__all__ = ["HINT_PULSE_MS", "HINT_RING", "HINT_TAG", "draw_hint_mark", "hint_tag"]
