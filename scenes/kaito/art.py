"""KAITO's art: asset paths, colours, and the builders of the cached effect surfaces.

Each ``build_*`` function makes one surface in WINDOW pixels for the viewport ``vp`` (sizes are
given in logical px); the scene caches them per window size (:meth:`scenes.play.base.PlayScene.cached`)
under the keys the painters use. Nothing here draws on the screen.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.kit.draw import SEAT_COLOR_RGB, C

TABLE_SVG = "art/table.svg"


def tile_path(code: str) -> str:
    """The SVG (asset-relative) of the tile ``code`` ("RK", "B3", "OO"; the art's naming:
    ``assets/art/kaito/tile_RK.svg``): the one place a tile's SVG is named."""
    return f"art/kaito/tile_{code}.svg"

LACQUER = (58, 36, 26)
LACQUER_DARK = (38, 23, 16)
CELL = (44, 28, 20)
GOLD_HI = (240, 200, 110)


def pawn_path(color: str) -> str:
    """The SVG of the Kaito showing ``color`` (``"R"``/``"B"``)."""
    return f"art/kaito/kaito_{color}.svg"


def rgb_of(color: str | None) -> tuple[int, int, int]:
    """The dot colour of a seat colour code (muted ink for none)."""
    return SEAT_COLOR_RGB.get(color or "", C.INK_MUTED)


def build_dim(vp: Any, size: float) -> pygame.Surface:
    """A dark veil over a ``size`` px tile that is not a target while the Kaito is dragged."""
    w = vp.px(size)
    s = pygame.Surface((w, w), pygame.SRCALPHA)
    pygame.draw.rect(s, (24, 14, 8, 120), s.get_rect(), border_radius=vp.px(8))
    return s


def build_glow(vp: Any, size: float, hot: bool) -> pygame.Surface:
    """A gold glow around a ``size`` px tile (brighter and filled when ``hot``)."""
    pad = vp.px(6)
    w = vp.px(size) + 2 * pad
    s = pygame.Surface((w, w), pygame.SRCALPHA)
    base = s.get_rect()
    for k in range(pad, 0, -1):
        a = int((90 if hot else 55) * (1 - k / (pad + 1)))
        pygame.draw.rect(s, (*GOLD_HI, a), base.inflate(-2 * (pad - k), -2 * (pad - k)),
                         width=max(1, vp.px(2)), border_radius=vp.px(10) + k)
    inner = base.inflate(-2 * pad, -2 * pad)
    if hot:
        pygame.draw.rect(s, (255, 226, 150, 70), inner, border_radius=vp.px(8))
    pygame.draw.rect(s, (*GOLD_HI, 255), inner, width=max(2, vp.px(4 if hot else 3)), border_radius=vp.px(8))
    return s


def trail_origin(vp: Any, frm: tuple[int, int], to: tuple[int, int]) -> tuple[int, int]:
    """The window top-left of :func:`build_trail`'s surface."""
    pad = vp.px(14)
    a, b = vp.to_window(frm), vp.to_window(to)
    return (min(a[0], b[0]) - pad, min(a[1], b[1]) - pad)


def build_trail(vp: Any, frm: tuple[int, int], to: tuple[int, int]) -> pygame.Surface:
    """The last move's trail: a translucent gold line with an arrowhead from logical point
    ``frm`` to short of ``to`` (the square centres), to blit at :func:`trail_origin`."""
    pad = vp.px(14)
    a, b = vp.to_window(frm), vp.to_window(to)
    left, top = trail_origin(vp, frm, to)
    w, h = abs(a[0] - b[0]) + 2 * pad, abs(a[1] - b[1]) + 2 * pad
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    ax, ay = a[0] - left, a[1] - top
    bx, by = b[0] - left, b[1] - top
    dx, dy = bx - ax, by - ay
    length = max(1.0, math.hypot(dx, dy))
    ux, uy = dx / length, dy / length
    stop = vp.px(30)  # the arrow ends short of the Kaito
    ex, ey = bx - ux * stop, by - uy * stop
    color = (*GOLD_HI[:3], 170)
    pygame.draw.line(s, color, (ax, ay), (ex, ey), max(2, vp.px(5)))
    pygame.draw.circle(s, color, (ax, ay), max(3, vp.px(7)))
    head = vp.px(14)
    px, py = -uy, ux
    tip = (ex + ux * head * 0.6, ey + uy * head * 0.6)
    pygame.draw.polygon(s, color, [tip, (ex - ux * head * 0.6 + px * head * 0.7, ey - uy * head * 0.6 + py * head * 0.7),
                                   (ex - ux * head * 0.6 - px * head * 0.7, ey - uy * head * 0.6 - py * head * 0.7)])
    return s


def build_hint(vp: Any, size: float, hot: bool) -> pygame.Surface:
    """A thin gold outline marking a target square (``hot``: under the pointer)."""
    w = vp.px(size)
    s = pygame.Surface((w, w), pygame.SRCALPHA)
    if hot:
        pygame.draw.rect(s, (255, 226, 150, 60), s.get_rect(), border_radius=vp.px(8))
    pygame.draw.rect(s, (*GOLD_HI, 230 if hot else 150), s.get_rect(), width=max(1, vp.px(3 if hot else 2)),
                     border_radius=vp.px(8))
    return s


def build_ellipse_shadow(vp: Any, w: float) -> pygame.Surface:
    """The soft round shadow of a lifted pawn ``w`` px wide."""
    d = vp.px(w)
    s = pygame.Surface((d, d), pygame.SRCALPHA)
    for k in range(6):
        a = 16 + k * 6
        inset = int(d * (0.05 + k * 0.035))
        pygame.draw.ellipse(s, (20, 10, 4, a), s.get_rect().inflate(-inset * 2, -inset * 2))
    return s


def build_pawn_glow(vp: Any, hot: bool) -> pygame.Surface:
    """The halo around a pawn that may be picked up (``hot``: hovered or selected)."""
    d = vp.px(104)
    s = pygame.Surface((d, d), pygame.SRCALPHA)
    n = 10
    for k in range(n):
        a = int((70 if hot else 38) * (k + 1) / n)
        rr = d / 2 * (1 - k / (n + 4))
        pygame.draw.circle(s, (*GOLD_HI, a), (d // 2, d // 2), int(rr))
    return s


def build_rect_shadow(vp: Any, size: float) -> pygame.Surface:
    """A soft square shadow for a ``size`` logical px tile (12% feather on each side)."""
    d = vp.px(size * 1.24)
    s = pygame.Surface((d, d), pygame.SRCALPHA)
    steps = 7
    for k in range(steps):
        inset = int(d * 0.12 * k / steps)
        pygame.draw.rect(s, (30, 16, 6, 10), s.get_rect().inflate(-2 * inset, -2 * inset),
                         border_radius=max(1, int(d * 0.14)))
    return s


def build_band(size: tuple[int, int]) -> pygame.Surface:
    """The dark end-of-game band (window px ``size``) with gold rules top and bottom."""
    w, h = size
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    s.fill((30, 22, 18, 235))
    pygame.draw.line(s, (*C.GOLD, 255), (0, 2), (w, 2), 2)
    pygame.draw.line(s, (*C.GOLD, 255), (0, h - 3), (w, h - 3), 2)
    return s


def dashed_ellipse(surface: pygame.Surface, color: Any, rect: pygame.Rect, width: int, n: int = 28) -> None:
    """A dashed ellipse outline (window px): ``n`` dashes."""
    cx, cy, rx, ry = rect.centerx, rect.centery, rect.w / 2 - width, rect.h / 2 - width
    for k in range(n):
        a0 = math.tau * k / n
        a1 = a0 + math.tau / n * 0.55
        pygame.draw.line(surface, color, (cx + rx * math.cos(a0), cy + ry * math.sin(a0)),
                         (cx + rx * math.cos(a1), cy + ry * math.sin(a1)), width)


__all__ = [
    "CELL", "GOLD_HI", "LACQUER", "LACQUER_DARK", "TABLE_SVG", "build_band", "build_dim", "build_ellipse_shadow",
    "build_glow", "build_hint", "build_pawn_glow", "build_rect_shadow", "dashed_ellipse", "pawn_path", "rgb_of",
    "tile_path",
]
