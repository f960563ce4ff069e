"""Game-agnostic layout helpers (logical px of the 1280x720 space).

Used by the play scenes that seat their opponents in a row of panels across the top (Sushi Draft,
Kanji-zushi): one place computes that row for every game.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class PanelRow:
    """A row of equal panels centred between ``x0`` and ``x1`` (logical px).

    Attributes:
        x0, x1: the span the row is centred in (x1 > x0).
        y, h: the panels' top and height.
        gap: the space between two panels.
        max_w: the widest a panel may be (few panels do not stretch past it).
    """

    x0: int
    x1: int
    y: int
    h: int
    gap: int
    max_w: int

    def rects(self, n: int) -> list[pygame.Rect]:
        """The ``n`` panels, left to right (``[]`` for ``n <= 0``); each as wide as the span allows
        (``(x1 - x0 - gap * (n - 1)) / n``, at most ``max_w``), the row centred in the span."""
        if n <= 0:
            return []
        span = self.x1 - self.x0
        w = min(self.max_w, int((span - self.gap * (n - 1)) / n))
        total = w * n + self.gap * (n - 1)
        left = self.x0 + (span - total) // 2
        return [pygame.Rect(left + k * (w + self.gap), self.y, w, self.h) for k in range(n)]


__all__ = ["PanelRow"]
