"""Speech bubbles: a short line said by someone, drawn for a few seconds by what stands for them (a
seat's panel), as in Board Game Arena (issue 24: the quick messages of an online table).

A bubble is a rounded box with a small tail whose tip touches an anchor rect (LOGICAL px). It goes
on the anchor's side with room — below an anchor along the window's top edge, above one along the
bottom edge, else left or right, whichever has more room — and is kept inside the logical area
(hence inside the window). Its text is fitted on at most two lines: the whole line at
:data:`TEXT_SIZE`, else smaller down to :data:`LEAST` x that size (never below the assets' smallest
readable size), else the short form (the phrase without the speaker's name) the same way; it is
never cut with an ellipsis unless even the short form cannot fit (reported as an overflow).

:class:`Bubbles` is a widget of non-interactive elements (``<prefix>:<key>``, kind ``"text"``, the
text shown as label) holding one bubble per key (a newer one replaces the key's older one); time
arrives as ``dt_ms`` (:meth:`Bubbles.update`); :func:`draw_bubbles` draws them and changes nothing.
For the layout check (:mod:`scenes.kit.boxes`) a bubble is declared to lie over the table, its box
an opaque panel holding its text.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from scenes.kit import boxes
from scenes.kit.draw import C, draw_shadow, draw_text, drawn_size, fit_text, text_width, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.viewport import LOGICAL_H, LOGICAL_W
from scenes.kit.widgets import Widget

#: How long a bubble stays (real ms, its fades included), its fade in and its fade out (ms).
BUBBLE_MS, FADE_IN_MS, FADE_OUT_MS = 3000.0, 160.0, 420.0
#: The text's size (logical px), the least fraction of it a long text shrinks to, its line spacing
#: (x the size drawn).
TEXT_SIZE, LEAST, LINE_STEP = 16.0, 0.78, 1.2
#: The widest bubble (logical px), its padding (x, y), corner radius, the tail's length and half
#: width, and the least gap to the window's edge (logical px).
MAX_W, PAD_X, PAD_Y, RADIUS, TAIL, TAIL_HALF, MARGIN = 300, 14, 8, 14, 12, 8, 6
#: A speaker's portrait in its bubble (logical px square), and the gap between it and the text.
ICON, ICON_GAP = 40, 8
#: The bubble's paper and ink (RGB).
FILL, EDGE, INK = C.PAPER_LIGHT, (70, 58, 48), C.INK

#: The logical area a bubble stays inside.
BOUNDS = pygame.Rect(MARGIN, MARGIN, LOGICAL_W - 2 * MARGIN, LOGICAL_H - 2 * MARGIN)


@dataclass(frozen=True)
class BubbleLayout:
    """Where a bubble is drawn (LOGICAL px): ``box`` (the rounded box), ``tail`` (three points: two
    on the box's edge, then the tip on the anchor's edge), ``side`` (``"below"``, ``"above"``,
    ``"left"`` or ``"right"`` of the anchor), ``lines`` (one or two) at ``size`` (logical px) and
    ``text`` (what they say: the whole line or its short form) and ``icon`` (an SVG under the assets
    drawn :data:`ICON` px square at the box's left, the speaker's portrait, or "")."""

    box: pygame.Rect
    tail: tuple[tuple[float, float], ...]
    side: str
    lines: tuple[str, ...]
    size: float
    text: str
    icon: str = ""


def fit_lines(app: Any, text: str, short: str = "", width: float = MAX_W - 2 * PAD_X,
              size: float = TEXT_SIZE) -> tuple[str, tuple[str, ...], float]:
    """``(text shown, its lines, logical size)`` for a bubble at most ``width`` logical px inside:
    ``text`` on one line, else on two (the speaker's part over ``short`` when ``text`` ends with it,
    else wrapped), from ``size`` down to ``LEAST`` x ``size`` (sizes drawn at the
    assets' smallest readable size stop the shrinking); then ``short`` (the phrase without the
    name) the same way; only if neither fits, ``short`` (or ``text``) cut on one line with an
    ellipsis at the least size (reported as an overflow)."""
    least = size * LEAST
    for candidate in dict.fromkeys(t for t in (text, short) if t):
        s = size
        while True:
            if text_width(app, candidate, s, True) <= width:
                return candidate, (candidate,), s
            for lines in _two_lines(app, candidate, short, s, width):
                if len(lines) <= 2 and all(text_width(app, ln, s, True) <= width for ln in lines):
                    return candidate, tuple(lines), s
            if s <= least or drawn_size(app, s, candidate) > s:  # (smaller would be drawn no smaller)
                break
            s = max(least, s - 1)
    last = short or text
    return last, (fit_text(app, last, least, True, width),), least


def _two_lines(app: Any, text: str, short: str, size: float, width: float) -> list[list[str]]:
    """Ways to set ``text`` on lines: first the speaker's part and the ``short`` form apart (when
    ``text`` ends with it: "Bartholomew:" over "Well played!"), then wrapped at ``width``."""
    head = text[:-len(short)].rstrip() if short and text != short and text.endswith(short) else ""
    wrapped = wrap_text(app, text, size, width, bold=True, split_long=False)
    return [[head, short], wrapped] if head else [wrapped]


def _place(anchor: pygame.Rect, w: int, h: int, bounds: pygame.Rect) -> tuple[pygame.Rect, str]:
    """The box of ``w`` x ``h`` beside ``anchor`` (its side: see the module doc), inside ``bounds``."""
    room = {"below": bounds.bottom - anchor.bottom, "above": anchor.top - bounds.top,
            "left": anchor.left - bounds.left, "right": bounds.right - anchor.right}
    if anchor.top <= bounds.top + bounds.h // 10 and anchor.h < bounds.h // 2:
        order = ["below", "above"]
    elif anchor.bottom >= bounds.bottom - bounds.h // 10 and anchor.h < bounds.h // 2:
        order = ["above", "below"]
    else:
        order = []
    order += sorted(("left", "right"), key=lambda s: -room[s]) + ["below", "above"]
    need = {"below": h + TAIL, "above": h + TAIL, "left": w + TAIL, "right": w + TAIL}
    side = next((s for s in order if room[s] >= need[s]), order[0])
    if side in ("below", "above"):
        x = anchor.centerx - w // 2
        y = anchor.bottom + TAIL if side == "below" else anchor.top - TAIL - h
    else:
        y = min(anchor.top + 28, anchor.centery) - h // 2  # by the panel's header (its name)
        x = anchor.left - TAIL - w if side == "left" else anchor.right + TAIL
    box = pygame.Rect(x, y, w, h)
    box.clamp_ip(bounds)
    return box, side


def _tail(box: pygame.Rect, side: str, anchor: pygame.Rect) -> tuple[tuple[float, float], ...]:
    """The tail's base (two points on the box's edge facing the anchor) and its tip (on the anchor's
    edge, or as near as the box allows)."""
    lo_x, hi_x = box.left + RADIUS + TAIL_HALF, box.right - RADIUS - TAIL_HALF
    lo_y, hi_y = box.top + RADIUS // 2 + TAIL_HALF, box.bottom - RADIUS // 2 - TAIL_HALF
    if side in ("below", "above"):
        cx = min(max(anchor.centerx, lo_x), hi_x) if lo_x <= hi_x else box.centerx
        edge = box.top if side == "below" else box.bottom
        tip_y = anchor.bottom if side == "below" else anchor.top
        tip_x = min(max(cx, anchor.left + 4), anchor.right - 4)
        return ((cx - TAIL_HALF, edge), (cx + TAIL_HALF, edge), (tip_x, tip_y))
    cy = min(max(min(anchor.top + 28, anchor.centery), lo_y), hi_y) if lo_y <= hi_y else box.centery
    edge = box.left if side == "right" else box.right
    tip_x = anchor.right if side == "right" else anchor.left
    tip_y = min(max(cy, anchor.top + 4), anchor.bottom - 4)
    return ((edge, cy - TAIL_HALF), (edge, cy + TAIL_HALF), (tip_x, tip_y))


def bubble_layout(app: Any, text: str, anchor: pygame.Rect, short: str = "",
                  bounds: pygame.Rect = BOUNDS, icon: str = "") -> BubbleLayout:
    """Where a bubble saying ``text`` (or its ``short`` form: :func:`fit_lines`) goes by the logical
    ``anchor`` (see the module doc), inside the logical ``bounds``; with an ``icon`` (a portrait's
    SVG under the assets) the box is :data:`ICON` + :data:`ICON_GAP` px wider on its left and at
    least as tall as the icon. Measures only."""
    extra = ICON + ICON_GAP if icon else 0
    shown, lines, size = fit_lines(app, text, short, MAX_W - 2 * PAD_X - extra)
    step = drawn_size(app, size, shown) * LINE_STEP
    w = round(max(text_width(app, ln, size, True) for ln in lines)) + 2 * PAD_X + extra
    h = max(round(step * len(lines) + 2 * PAD_Y + 2), ICON + 2 * PAD_Y if icon else 0)
    box, side = _place(pygame.Rect(anchor), min(w, MAX_W), h, bounds)
    return BubbleLayout(box, _tail(box, side, pygame.Rect(anchor)), side, lines, size, shown, icon)


def draw_bubble(surface: pygame.Surface, app: Any, lay: BubbleLayout, alpha: float = 1.0) -> pygame.Rect:
    """Draw the bubble laid out as ``lay`` at opacity ``alpha`` (0..1) on the window ``surface``;
    returns its box in WINDOW px. Declared to lie over the table (:func:`scenes.kit.boxes.lying_over`),
    its box an opaque panel holding its lines. Draws only."""
    vp = app.viewport
    a = max(0, min(255, round(255 * alpha)))
    wbox = vp.to_window(lay.box)
    with boxes.lying_over(app):
        if a <= 0 or wbox.w <= 0 or wbox.h <= 0:
            return wbox
        area = wbox.inflate(2 * vp.px(TAIL + 8), 2 * vp.px(TAIL + 8))
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        local = wbox.move(-area.x, -area.y)
        draw_shadow(layer, local, vp.px(RADIUS), vp.px(3), alpha=70, blur=vp.px(8))
        tail = [(x - area.x, y - area.y) for x, y in (vp.to_window(p) for p in lay.tail)]
        edge_w = max(1, vp.px(1.5))
        pygame.draw.polygon(layer, EDGE, tail, 0)
        pygame.draw.polygon(layer, EDGE, tail, edge_w * 2)
        pygame.draw.rect(layer, FILL, local, border_radius=vp.px(RADIUS))
        pygame.draw.rect(layer, EDGE, local, width=edge_w, border_radius=vp.px(RADIUS))
        # the tail's inside, over the box's edge between its base points: one shape
        inner = [_inset(tail[0], local, edge_w), _inset(tail[1], local, edge_w),
                 _toward(tail[2], _mid(tail), edge_w * 2)]
        pygame.draw.polygon(layer, FILL, inner, 0)
        if a < 255:
            layer.set_alpha(a)
        surface.blit(layer, area.topleft)
        boxes.cover(app, wbox)
        cx: float = lay.box.centerx
        if lay.icon:
            img = app.assets.svg(lay.icon, ICON, ICON)
            if a < 255:
                img = img.copy()
                img.set_alpha(a)
            surface.blit(img, img.get_rect(center=vp.to_window((lay.box.x + PAD_X / 2 + ICON / 2, lay.box.centery))))
            cx = (lay.box.x + PAD_X / 2 + ICON + ICON_GAP + lay.box.right - PAD_X / 2) / 2
        with boxes.within(app, wbox, "bubble"):
            step = drawn_size(app, lay.size, lay.text) * LINE_STEP
            cy = lay.box.centery - (len(lay.lines) - 1) * step / 2
            for k, line in enumerate(lay.lines):
                draw_text(surface, app, line, (cx, cy + k * step), lay.size, INK, bold=True, alpha=a)
    return wbox


def _mid(pts: Sequence[tuple[float, float]]) -> tuple[float, float]:
    return ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)


def _toward(p: tuple[float, float], q: tuple[float, float], d: float) -> tuple[float, float]:
    """``p`` moved ``d`` window px toward ``q``."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    return (p[0] + dx / n * d, p[1] + dy / n * d)


def _inset(p: tuple[float, float], box: pygame.Rect, d: float) -> tuple[float, float]:
    """A point of the tail's base on ``box``'s edge, moved ``d`` px inside the box (the fill covers
    the edge's line there, so the tail and the box read as one shape)."""
    x, y = p
    if x <= box.left:
        x += d + 1
    elif x >= box.right - 1:
        x -= d + 1
    if y <= box.top:
        y += d + 1
    elif y >= box.bottom - 1:
        y -= d + 1
    return (x, y)


class Bubble:
    """One bubble: ``text`` (and its ``short`` form) said ``age`` real ms ago, shown for ``ms``."""

    def __init__(self, text: str, short: str = "", ms: float = BUBBLE_MS, icon: str = "") -> None:
        self.text, self.short, self.ms, self.icon = text, short, ms, icon
        self.age = 0.0

    @property
    def done(self) -> bool:
        """True once its time is out."""
        return self.age >= self.ms

    def alpha(self) -> float:
        """Its opacity now (0..1): fading in over :data:`FADE_IN_MS`, out over the last :data:`FADE_OUT_MS`."""
        if self.done:
            return 0.0
        return max(0.0, min(1.0, self.age / FADE_IN_MS, (self.ms - self.age) / FADE_OUT_MS))


class Bubbles(Widget):
    """The bubbles shown now, one per key (see the module doc): a widget that takes no input and
    is no focus stop; the game's draw draws them (:func:`draw_bubbles`) where it chooses.

    Args:
        app: the App (its assets measure the texts).
        prefix: the elements' id prefix (``"said"``: ``said:<key>``); the widget's own id too.
        anchor_of: ``key -> pygame.Rect``, what a key's bubble points at now (LOGICAL px)."""

    kind = "text"

    def __init__(self, app: Any, prefix: str, anchor_of: Callable[[int], pygame.Rect]) -> None:
        super().__init__(prefix, (0, 0, 0, 0))
        self.app, self.anchor_of = app, anchor_of
        self.shown: dict[int, Bubble] = {}

    def show(self, key: int, text: str, short: str = "", ms: float = BUBBLE_MS, icon: str = "") -> None:
        """Say ``text`` (its ``short`` form where it does not fit) by ``key``'s anchor for ``ms``
        real ms, in place of what ``key`` said before; ``icon``: the speaker's portrait (an SVG
        under the assets) drawn in the bubble, or ""."""
        self.shown.pop(key, None)
        self.shown[key] = Bubble(text, short, ms, icon)  # (the newest drawn last, on top)

    def update(self, dt_ms: float) -> None:
        """Age every bubble by ``dt_ms`` real ms; those whose time is out go."""
        for key, b in list(self.shown.items()):
            b.age += dt_ms
            if b.done:
                del self.shown[key]

    def busy(self) -> bool:
        """True while a bubble is shown (it fades: the loop runs at full frame rate)."""
        return bool(self.shown)

    def layouts(self) -> list[tuple[int, BubbleLayout, float]]:
        """``(key, layout, opacity)`` of each bubble shown, oldest first. Measures only."""
        return [(key, bubble_layout(self.app, b.text, self.anchor_of(key), b.short, icon=b.icon), b.alpha())
                for key, b in self.shown.items()]

    def ui_elements(self) -> list[UIElement]:
        """``<prefix>:<key>`` (kind ``"text"``, LOGICAL box, the text shown as label) per bubble."""
        if not self.visible:
            return []
        return [UIElement(f"{self.id}:{key}", self.kind, pygame.Rect(lay.box), lay.text)
                for key, lay, _a in self.layouts()]

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        """Nothing: the scene draws the bubbles at their place in its layers (:func:`draw_bubbles`)."""


def draw_bubbles(surface: pygame.Surface, app: Any, group: Any) -> None:
    """Draw the bubbles of every :class:`Bubbles` in the widget group ``group`` (none: nothing).
    Draws only."""
    for w in getattr(group, "widgets", ()):
        if isinstance(w, Bubbles) and w.visible:
            for _key, lay, a in w.layouts():
                draw_bubble(surface, app, lay, a)


__all__ = ["BUBBLE_MS", "Bubble", "BubbleLayout", "Bubbles", "FADE_IN_MS", "FADE_OUT_MS", "bubble_layout",
           "draw_bubble", "draw_bubbles", "fit_lines"]
