"""Logical resolution and the viewport.

Coordinate systems
------------------
* LOGICAL pixels: every scene lays out in a fixed 1280x720 space (``LOGICAL_SIZE``).
* WINDOW pixels: the real pixels of the window surface. The logical space is scaled
  uniformly by ``Viewport.scale`` (= min(w/1280, h/720)) and centred; the unused bands
  are the letterbox (``Viewport.offset`` is the window-pixel position of logical (0, 0)).

Scenes draw straight onto the window surface, converting their logical rects with
``viewport.rect(x, y, w, h)`` / ``viewport.to_window(...)`` and lengths with
``viewport.px(n)``, so text and SVG art are rendered at the real pixel size (crisp at
any window size). Mouse events reach ``Scene.handle_event`` with ``event.pos`` already in
LOGICAL pixels (see ``convert_event``).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

LOGICAL_SIZE: tuple[int, int] = (1280, 720)


LOGICAL_W, LOGICAL_H = LOGICAL_SIZE


# Mouse event types whose ``pos`` is converted to logical pixels by ``convert_event``.
MOUSE_POS_EVENTS = frozenset(
    (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
)


# --------------------------------------------------------------------------------------
# Viewport
# --------------------------------------------------------------------------------------
class Viewport:
    """Maps the 1280x720 logical space onto a window of any size (uniform scale + letterbox).

    Attributes:
        window_size: (w, h) window pixels.
        scale: window pixels per logical pixel, ``min(w/1280, h/720)`` (> 0).
        offset: (x, y) window-pixel position of logical (0, 0) (the letterbox bands).
        version: incremented on every change of size/scale; scenes that cache surfaces
            rendered at window scale can compare it to know when to re-render.
    """

    def __init__(self, window_size: tuple[int, int] = LOGICAL_SIZE):
        self.window_size = (1, 1)
        self.scale = 1.0
        self.offset = (0, 0)
        self.version = 0
        self.resize(window_size)

    def resize(self, window_size: tuple[int, int]) -> bool:
        """Set the window size in window pixels. Returns True if the scale changed."""
        w, h = max(1, int(window_size[0])), max(1, int(window_size[1]))
        scale = min(w / LOGICAL_W, h / LOGICAL_H)
        ox = int(round((w - LOGICAL_W * scale) / 2))
        oy = int(round((h - LOGICAL_H * scale) / 2))
        changed_scale = abs(scale - self.scale) > 1e-9
        if (w, h) != self.window_size or changed_scale or (ox, oy) != self.offset:
            self.version += 1
        self.window_size = (w, h)
        self.scale = scale
        self.offset = (ox, oy)
        return changed_scale

    # -- conversions ------------------------------------------------------------------
    def _x(self, x: float) -> int:
        return round(self.offset[0] + x * self.scale)

    def _y(self, y: float) -> int:
        return round(self.offset[1] + y * self.scale)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """Logical rect (x, y, w, h) -> window-pixel pygame.Rect.

        Edges are rounded independently, so adjacent logical rects stay adjacent (no gaps).
        """
        (ox, oy), s = self.offset, self.scale  # inlined: scenes convert thousands of rects a frame
        left, top = round(ox + x * s), round(oy + y * s)
        right, bottom = round(ox + (x + w) * s), round(oy + (y + h) * s)
        return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))

    def to_window(self, rect_or_pos: Any):
        """Logical -> window pixels.

        A pygame.Rect / FRect or a 4-sequence gives a pygame.Rect; a 2-sequence (x, y)
        gives an (int, int) tuple.
        """
        if isinstance(rect_or_pos, (pygame.Rect, pygame.FRect)):
            r = rect_or_pos
            return self.rect(r.x, r.y, r.w, r.h)
        seq = rect_or_pos if isinstance(rect_or_pos, tuple) else tuple(rect_or_pos)
        if len(seq) == 2:
            (ox, oy), s = self.offset, self.scale
            return (round(ox + seq[0] * s), round(oy + seq[1] * s))
        if len(seq) == 4:
            return self.rect(*seq)
        raise ValueError(f"expected a rect or a position, got {rect_or_pos!r}")

    def to_logical(self, pos: Sequence[float]) -> tuple[int, int]:
        """Window-pixel position -> logical position (ints, floor).

        Positions in the letterbox map outside 0..1280 x 0..720; they are NOT clamped
        (a drag released outside the board must still be seen as "outside").
        """
        x = (pos[0] - self.offset[0]) / self.scale
        y = (pos[1] - self.offset[1]) / self.scale
        return (int(math.floor(x)), int(math.floor(y)))

    def to_logical_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Window-pixel rect -> logical rect (approximate inverse of ``rect``)."""
        x, y = (rect.x - self.offset[0]) / self.scale, (rect.y - self.offset[1]) / self.scale
        return pygame.Rect(round(x), round(y), round(rect.w / self.scale), round(rect.h / self.scale))

    def px(self, n: float) -> int:
        """Logical length -> window pixels (a non-zero length stays at least 1 px)."""
        v = round(n * self.scale)  # (an int: round of a float)
        return 1 if v < 1 and n > 0 else v

    def fpx(self, n: float) -> float:
        """Logical length -> window pixels as a float."""
        return n * self.scale

    @property
    def area(self) -> pygame.Rect:
        """The whole logical area (0, 0, 1280, 720) in window pixels."""
        return self.rect(0, 0, LOGICAL_W, LOGICAL_H)

    def contains_window_pos(self, pos: Sequence[float]) -> bool:
        """True if a window-pixel position lies inside the logical area (not the letterbox)."""
        return self.area.collidepoint(int(pos[0]), int(pos[1]))


def convert_event(event: pygame.event.Event, viewport: Viewport) -> pygame.event.Event:
    """Return the event with window positions converted to logical pixels.

    MOUSEBUTTONDOWN / MOUSEBUTTONUP / MOUSEMOTION get a NEW event of the same type whose
    dict is copied with ``pos`` replaced (and ``rel`` scaled for motion); every other event
    is returned unchanged. The original event is never mutated.
    """
    if event.type not in MOUSE_POS_EVENTS:
        return event
    d = dict(event.dict)
    pos = d.get("pos")
    if pos is None:
        return event
    d["pos"] = viewport.to_logical(pos)
    d["window_pos"] = (int(pos[0]), int(pos[1]))
    rel = d.get("rel")
    if rel is not None:
        d["rel"] = (int(round(rel[0] / viewport.scale)), int(round(rel[1] / viewport.scale)))
    return pygame.event.Event(event.type, d)
