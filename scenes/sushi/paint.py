"""Small drawing pieces shared by the Sushi Draft table's painters (:mod:`scenes.sushi.draw`,
:mod:`scenes.sushi.draw_bottom`): glows and tints, card shadows, seat status, eaten stacks, the
scoring highlight, the pass chevron and the "chosen" tick.

Functions take the scene ``sc`` for what is shown and the UI state (read only) and draw onto a
window surface; positions are LOGICAL px converted with ``sc.viewport`` unless said otherwise.
Filling the scene's render cache is the only change they make.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Any, Protocol

import pygame

from game.i18n import pgettext
from game.sushi.rules import DESSERT, TYPES, WILD, eaten_card
from scenes.kit.draw import C, draw_count_badge, draw_shadow, draw_text, mix
from scenes.play.host import PlayHost
from scenes.sushi.art import TYPE_RGB
from scenes.sushi.shown import stacks_of


class TableScene(PlayHost, Protocol):
    """What the table's drawing (this module, :mod:`scenes.sushi.draw` and
    :mod:`scenes.sushi.draw_bottom`) uses of the play scene (:class:`scenes.sushi.scene.SushiPlayScene`
    is one): the attributes it reads and the methods it calls."""

    @property
    def areas(self) -> Any: ...

    @property
    def art(self) -> Any: ...

    @property
    def banner_text(self) -> Any: ...

    @property
    def bottom(self) -> int: ...

    @property
    def hand(self) -> Any: ...

    @property
    def hint_card(self) -> Any: ...

    @property
    def scoring(self) -> Any: ...

    @property
    def seat_status(self) -> Any: ...

    @property
    def shown(self) -> Any: ...

    @property
    def state(self) -> Any: ...

    @property
    def toast_ms(self) -> Any: ...

    @property
    def toast_text(self) -> str: ...

    @property
    def top_order(self) -> Any: ...

    @property
    def tutorial_drop(self) -> Any: ...

    @property
    def viewer(self) -> int | None: ...


#: The gold of highlights (targets, the hovered card, the pile being scored).
GOLD_HI = (240, 200, 110)


def build_tint(sc: TableScene, r: pygame.Rect, color) -> pygame.Surface:
    """A translucent tint with an outline over a logical rect (the stacks being scored)."""
    vp = sc.viewport
    s = pygame.Surface((vp.px(r.w), vp.px(r.h)), pygame.SRCALPHA)
    pygame.draw.rect(s, (*color, 46), s.get_rect(), border_radius=vp.px(6))
    pygame.draw.rect(s, (*color, 200), s.get_rect(), width=max(2, vp.px(2)), border_radius=vp.px(6))
    return s


def build_glow(sc: TableScene, r: pygame.Rect, hot: bool, radius: float) -> pygame.Surface:
    """A gold glow (window px) around a logical rect ``r``; brighter when ``hot`` (the target under the card)."""
    vp = sc.viewport
    pad = vp.px(8)
    w, h = vp.px(r.w) + 2 * pad, vp.px(r.h) + 2 * pad
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    base = s.get_rect()
    for k in range(pad, 0, -1):
        a = int((110 if hot else 60) * (1 - k / (pad + 1)))
        pygame.draw.rect(s, (*GOLD_HI, a), base.inflate(-2 * (pad - k), -2 * (pad - k)), width=max(1, vp.px(2)),
                         border_radius=vp.px(radius) + k)
    inner = base.inflate(-2 * pad, -2 * pad)
    pygame.draw.rect(s, (255, 226, 150, 70 if hot else 34), inner, border_radius=vp.px(radius))
    pygame.draw.rect(s, (*GOLD_HI, 255), inner, width=max(2, vp.px(4 if hot else 3)), border_radius=vp.px(radius))
    return s


def status_word(status: str) -> str:
    """The word shown for a seat panel's ``status`` ("chosen" / "thinking" / "choosing"), in the
    language in use ("" for none)."""
    if status == "chosen":
        # Translators: a seat's status in its panel (max ~10 characters): it has chosen its card
        return pgettext("seat status", "chosen")
    if status == "thinking":
        # Translators: a seat's status in its panel (max ~10 characters): an AI is thinking
        return pgettext("seat status", "thinking")
    if status == "choosing":
        # Translators: a seat's status in its panel (max ~10 characters): a person is choosing
        return pgettext("seat status", "choosing")
    return ""


def draw_status(sc: TableScene, surface: pygame.Surface, status: str, pos: tuple[float, float]) -> None:
    """A seat panel's status at logical ``pos`` (its right end): "chosen" with a tick, or "thinking" / "choosing" with dots."""
    app = sc.app
    vp = sc.viewport
    x, y = pos
    if status == "chosen":
        draw_text(surface, app, status_word(status), (x - 20, y), 13, C.MATCHA, bold=True, anchor="midright")
        check_badge(surface, vp, (x - 8, y), 8)
    elif status in ("thinking", "choosing"):
        draw_text(surface, app, status_word(status), (x - 34, y), 13, C.VERMILION, bold=True, anchor="midright")
        base_x = x - 26
        for k in range(3):
            ph = (sc.clock_ms / 420.0 - k * 0.22) * math.tau
            dy = -3 * max(0.0, math.sin(ph)) if status == "thinking" else 0.0
            pygame.draw.circle(surface, C.VERMILION, vp.to_window((base_x + k * 8, y + 3 + dy)), max(1, vp.px(2.5)))


def draw_stacks(sc: TableScene, surface: pygame.Surface, seat: int) -> None:
    """``seat``'s eaten cards as stacks, one column per type (a wild on the card it copies)."""
    app = sc.app
    vp = sc.viewport
    area = sc.areas[seat]
    ss = sc.shown.seats[seat]
    stacks = stacks_of(ss.eaten)
    for t_i, t in enumerate(TYPES):
        cards = stacks[t]
        n = len(cards)
        if not n:
            continue
        for j, action in enumerate(cards):
            wild = action.startswith(WILD)
            r = area.stack_card(t_i, j, n, wild=wild)
            wr = vp.to_window(r)
            if j:
                draw_shadow(surface, wr, vp.px(4), vp.px(1), alpha=40, blur=vp.px(3))
            surface.blit(sc.art.card(eaten_card(action), r.w, r.h), wr.topleft)
        top = area.stack_card(t_i, n - 1, n)
        if area.bottom:
            if n > 1:
                draw_count_badge(surface, app, (top.right - 4, top.bottom - 6), n, TYPE_RGB[t], 13)
        elif n > 1:
            draw_text(surface, app, f"{n}", (top.right + 3, top.bottom - 7), 14, C.INK_SOFT, bold=True,
                      anchor="midleft")


def draw_scoring_glow(sc: TableScene, surface: pygame.Surface, seat: int) -> None:
    """During the scoring, the stacks of the pile being scored glow (dessert: every stack)."""
    panel = sc.scoring
    if panel is None or not 0 <= panel.index < len(panel.awards):
        return
    award = panel.awards[panel.index]
    vp = sc.viewport
    area = sc.areas[seat]
    cols = range(len(TYPES)) if award.pile == DESSERT else [TYPES.index(award.pile)]
    color = TYPE_RGB[award.pile]
    for t_i in cols:
        z = area.stack_zone(t_i)
        glow = sc.cached(("scoreglow", z.w, z.h, award.pile), partial(build_tint, sc, z, color))
        surface.blit(glow, vp.to_window(z).topleft)
    if award.seat == seat:
        z = area.chips_zone()
        pygame.draw.rect(surface, mix(C.PAPER, GOLD_HI, 0.6), vp.to_window(z), width=max(2, vp.px(2)),
                         border_radius=vp.px(8))


def build_card_shadow(sc: TableScene, w: float, h: float) -> pygame.Surface:
    """The soft shadow (window px) of a ``w`` x ``h`` logical card."""
    vp = sc.viewport
    W, H = vp.px(w * 1.1), vp.px(h * 1.06)
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    steps = 7
    for k in range(steps):
        inset = int(min(W, H) * 0.07 * k / steps)
        pygame.draw.rect(s, (30, 16, 6, 14), s.get_rect().inflate(-2 * inset, -2 * inset),
                         border_radius=max(1, vp.px(12)))
    return s


def chevron(surface: pygame.Surface, vp: Any, center: tuple[float, float], size: float, color) -> None:
    """A ">" of logical ``size`` at logical ``center`` (the pass direction)."""
    cx, cy = center
    pts = [vp.to_window((cx - size * 0.5, cy - size)), vp.to_window((cx + size * 0.6, cy)),
           vp.to_window((cx - size * 0.5, cy + size))]
    pygame.draw.lines(surface, color, False, pts, max(2, vp.px(2.5)))


def check_badge(surface: pygame.Surface, vp: Any, center: tuple[float, float], r: float) -> None:
    """A green disc with a white tick (logical centre and radius)."""
    c = vp.to_window(center)
    rad = max(3, vp.px(r))
    pygame.draw.circle(surface, C.MATCHA, c, rad)
    pygame.draw.circle(surface, C.PAPER_LIGHT, c, rad, max(1, vp.px(1.5)))
    k = rad / 8
    pts = [(c[0] - 3.6 * k, c[1] + 0.2 * k), (c[0] - 1.0 * k, c[1] + 2.8 * k), (c[0] + 3.8 * k, c[1] - 2.6 * k)]
    pygame.draw.lines(surface, C.PAPER_LIGHT, False, pts, max(2, int(round(1.8 * k))))


__all__ = ["GOLD_HI", "build_card_shadow", "build_glow", "build_tint", "check_badge", "chevron",
           "draw_scoring_glow", "draw_stacks", "draw_status", "status_word"]
