"""Marks drawn over a play scene's pieces: the hint mark (issue 10 §5), shared by the three games so
a suggestion looks the same everywhere."""
from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.kit.draw import C, draw_text

#: The hint's green (a suggestion, not a warning) and its tag's darker shade.
HINT_RING = (120, 200, 110)
HINT_TAG = (84, 140, 70)
#: One pulse of the ring's width (ms).
HINT_PULSE_MS = 1100.0


def draw_hint_mark(surface: pygame.Surface, app: Any, rect: pygame.Rect, clock_ms: float = 0.0,
                   radius: float = 12, tag: str = "hint") -> None:
    """A pulsing green ring around logical ``rect`` with a small "hint" tag on its top edge.

    Args:
        surface: the window surface (window px).
        app: the App (its viewport scales logical px).
        rect: the marked piece (logical px).
        clock_ms: the scene's real-time clock (ms), for the pulse; 0 draws it still.
        radius: the ring's corner radius (logical px).
        tag: the word on the tag ("hint"; a tutorial's "here")."""
    vp = app.viewport
    grow = 5 + 2 * math.sin(clock_ms / HINT_PULSE_MS * math.tau)
    wr = vp.to_window(rect.inflate(2 * grow, 2 * grow))
    pygame.draw.rect(surface, HINT_RING, wr, width=max(2, vp.px(4)), border_radius=vp.px(radius))
    box = pygame.Rect(rect.centerx - 24, rect.y - grow - 10, 48, 20)
    pygame.draw.rect(surface, HINT_TAG, vp.to_window(box), border_radius=vp.px(10))
    draw_text(surface, app, tag, box.center, 12, C.PAPER_LIGHT, bold=True)


__all__ = ["HINT_PULSE_MS", "HINT_RING", "HINT_TAG", "draw_hint_mark"]
