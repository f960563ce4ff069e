"""Widgets and drawing helpers shared by the menu / setup / pause / rules / score scenes.

Every widget lays out in LOGICAL pixels (``rect``), receives events whose ``pos`` is in
LOGICAL pixels, draws onto the window surface through ``app.viewport`` and reports its
interactive parts as ``UIElement``s. Hover / press state comes only from the events
(MOUSEMOTION / MOUSEBUTTONDOWN / MOUSEBUTTONUP), never from polling the mouse.

Palette (``C``): washi cream paper, vermilion, sumi ink, gold, indigo.

A Button click or a user's pick in a SegmentedChoice plays the "click" effect through the
sound service of the App bound with ``bind_app`` (the App does it; no App: silent).
"""
from __future__ import annotations

import math
import random
import weakref
from typing import Any, Callable, Iterable, Sequence

import pygame

from scenes.kit.engine import UIElement, approach, clamp


class C:
    """Colour palette (RGB)."""

    PAPER = (244, 236, 219)
    PAPER_LIGHT = (250, 245, 234)
    PAPER_DARK = (229, 217, 193)
    PAPER_EDGE = (212, 196, 166)
    INK = (38, 33, 30)
    INK_SOFT = (86, 76, 68)
    INK_MUTED = (140, 126, 110)
    VERMILION = (200, 62, 39)
    VERMILION_LIGHT = (222, 88, 62)
    VERMILION_DARK = (160, 44, 28)
    GOLD = (190, 150, 70)
    GOLD_LIGHT = (222, 188, 110)
    INDIGO = (42, 58, 90)
    INDIGO_LIGHT = (64, 84, 124)
    MATCHA = (112, 138, 84)
    SHADOW = (40, 26, 16)
    WHITE = (255, 255, 255)
    RED_TILE = (196, 52, 40)
    BLACK_TILE = (34, 32, 34)


SEAT_COLOR_RGB = {"R": C.RED_TILE, "B": C.BLACK_TILE}
SEAT_COLOR_NAME = {"R": "Red", "B": "Black"}


# --------------------------------------------------------------------------------------
# Low-level drawing helpers (window pixels)
# --------------------------------------------------------------------------------------
_shadow_cache: dict[tuple, pygame.Surface] = {}


def shadow_surface(size: tuple[int, int], radius: int, alpha: int = 60, blur: int = 6) -> pygame.Surface:
    """A soft rounded shadow of ``size`` window px (cached), ``blur`` px of feather."""
    key = (size, radius, alpha, blur)
    s = _shadow_cache.get(key)
    if s is not None:
        return s
    w, h = size
    blur = max(1, blur)
    s = pygame.Surface((w + blur * 2, h + blur * 2), pygame.SRCALPHA)
    steps = min(blur, 8)
    for i in range(steps):
        inset = int(i * blur / steps)
        a = int(alpha * (i + 1) / steps / 2.2)
        r = pygame.Rect(inset, inset, w + blur * 2 - inset * 2, h + blur * 2 - inset * 2)
        pygame.draw.rect(s, (*C.SHADOW, a), r, border_radius=radius + blur - inset)
    if len(_shadow_cache) > 256:
        _shadow_cache.clear()
    _shadow_cache[key] = s
    return s


def draw_shadow(surface: pygame.Surface, wrect: pygame.Rect, radius: int, offset: int, alpha: int = 60,
                blur: int = 6) -> None:
    """Soft shadow under a window-pixel rect."""
    sh = shadow_surface(wrect.size, radius, alpha, blur)
    surface.blit(sh, (wrect.x - blur, wrect.y - blur + offset))


def fill_alpha(surface: pygame.Surface, color: Sequence[int], alpha: int, wrect: pygame.Rect | None = None,
               radius: int = 0) -> None:
    """Fill a (window px) rect with a translucent colour."""
    wrect = wrect or surface.get_rect()
    if wrect.w <= 0 or wrect.h <= 0:
        return
    s = pygame.Surface(wrect.size, pygame.SRCALPHA)
    if radius:
        pygame.draw.rect(s, (*color[:3], alpha), s.get_rect(), border_radius=radius)
    else:
        s.fill((*color[:3], alpha))
    surface.blit(s, wrect.topleft)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    """Blend two RGB colours (t=0 -> a, t=1 -> b)."""
    t = clamp(t, 0.0, 1.0)
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore


_paper_cache: dict[tuple, pygame.Surface] = {}


def paper_background(size: tuple[int, int], base: Sequence[int] = C.PAPER, seed: int = 7) -> pygame.Surface:
    """A washi-paper texture (cream with soft fibres and a gentle vignette) of ``size`` window px."""
    key = (size, tuple(base), seed)
    s = _paper_cache.get(key)
    if s is not None:
        return s
    w, h = max(1, size[0]), max(1, size[1])
    s = pygame.Surface((w, h))
    s.fill(base)
    rng = random.Random(seed)
    fib = pygame.Surface((w, h), pygame.SRCALPHA)
    n = int(w * h / 2600)
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        ang = rng.uniform(0, math.pi)
        ln = rng.uniform(6, 26) * max(0.5, w / 1280)
        dx, dy = math.cos(ang) * ln, math.sin(ang) * ln
        shade = rng.choice(((150, 125, 90, 22), (255, 255, 250, 40), (170, 140, 100, 16)))
        pygame.draw.aaline(fib, shade, (x, y), (x + dx, y + dy))
    s.blit(fib, (0, 0))
    # vignette: darken the edges a little (small radial map, smooth-scaled up)
    vw, vh = 64, 36
    small = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for yy in range(vh):
        for xx in range(vw):
            dx = (xx + 0.5) / vw * 2 - 1
            dy = (yy + 0.5) / vh * 2 - 1
            d = min(1.0, math.sqrt(dx * dx * 0.8 + dy * dy * 0.9))
            a = int(46 * max(0.0, d - 0.45) / 0.55 * max(0.0, d - 0.45) / 0.55)
            small.set_at((xx, yy), (110, 80, 40, a))
    s.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    s = s.convert() if pygame.display.get_surface() else s
    if len(_paper_cache) > 8:
        _paper_cache.clear()
    _paper_cache[key] = s
    return s


def draw_background(surface: pygame.Surface, app: Any, base: Sequence[int] = C.PAPER) -> None:
    """Fill the whole window (letterbox included) with washi paper."""
    surface.blit(paper_background(surface.get_size(), base), (0, 0))


def draw_chrome(surface: pygame.Surface, app: Any) -> None:
    """Full-window backdrop of the menu-like scenes: washi paper and a vermilion/gold rule
    along the WINDOW's top edge (so it stays at the top when letterboxed)."""
    draw_background(surface, app)
    vp = app.viewport
    w = surface.get_width()
    pygame.draw.rect(surface, C.VERMILION, pygame.Rect(0, 0, w, vp.px(6)))
    pygame.draw.rect(surface, C.GOLD, pygame.Rect(0, vp.px(6), w, vp.px(2)))


def draw_seigaiha(surface: pygame.Surface, app: Any, lrect: pygame.Rect, color: Sequence[int], alpha: int = 40,
                  r: float = 28) -> None:
    """Seigaiha (wave) pattern filling a logical rect, translucent. Cached per window size."""
    vp = app.viewport
    wr = vp.to_window(lrect)
    key = ("seigaiha", wr.size, tuple(color), alpha, round(vp.fpx(r), 2))
    s = _paper_cache.get(key)
    if s is None:
        s = pygame.Surface(wr.size, pygame.SRCALPHA)
        R = max(4.0, vp.fpx(r))
        col = (*color[:3], alpha)
        lw = max(1, int(R / 10))
        rows = int(wr.h / (R / 2)) + 3
        cols = int(wr.w / (R * 2)) + 3
        for j in range(rows):
            y = j * R / 2
            xoff = R if j % 2 else 0
            for i in range(-1, cols):
                cx = i * 2 * R + xoff
                for k in range(3, 0, -1):
                    rr = R * k / 3
                    pygame.draw.circle(s, (0, 0, 0, 0), (int(cx), int(y)), int(rr))  # clear: scales overlap
                    pygame.draw.circle(s, col, (int(cx), int(y)), int(rr), lw, draw_top_left=True,
                                       draw_top_right=True)
        _paper_cache[key] = s
    surface.blit(s, wr.topleft)


# --------------------------------------------------------------------------------------
# Text helpers (logical positions)
# --------------------------------------------------------------------------------------
_ANCHORS = ("center", "topleft", "topright", "midtop", "midleft", "midright", "midbottom", "bottomleft",
            "bottomright")


def draw_text(
    surface: pygame.Surface,
    app: Any,
    text: str,
    pos: Sequence[float],
    size: float = 22,
    color: Sequence[int] = C.INK,
    bold: bool = False,
    anchor: str = "center",
    shadow: Sequence[int] | None = None,
    shadow_offset: float = 1.5,
    jp: bool | None = None,
    alpha: int = 255,
    decorative: bool = False,
) -> pygame.Rect:
    """Draw text with its ``anchor`` at a LOGICAL position; returns the WINDOW rect drawn.

    ``size`` is in logical px; the glyphs are rendered at window scale (crisp). ``shadow``
    is an optional RGB(A) colour drawn ``shadow_offset`` logical px down-right.
    ``decorative=True`` skips the text entirely if the bundled font lacks a glyph for it
    (used for Japanese ornaments, so a subset font never shows boxes).
    """
    if not text or (decorative and not app.assets.can_render(text, jp)):
        return pygame.Rect(0, 0, 0, 0)
    vp = app.viewport
    img = app.assets.text(text, size, tuple(color[:3]), bold=bold, jp=jp)
    wpos = vp.to_window(pos)
    r = img.get_rect(**{anchor: wpos})
    if shadow is not None:
        sh = app.assets.text(text, size, tuple(shadow[:3]), bold=bold, jp=jp)
        o = max(1, vp.px(shadow_offset))
        if len(shadow) == 4:
            sh = sh.copy()
            sh.set_alpha(shadow[3])
        surface.blit(sh, r.move(o, o))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, r)
    return r


def text_width(app: Any, text: str, size: float, bold: bool = False) -> float:
    """Width of rendered text in LOGICAL px."""
    f = app.assets.font_for(text, size, bold=bold)
    return f.size(text)[0] / app.viewport.scale


def wrap_text(app: Any, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap of a paragraph to a LOGICAL width (splits CJK runs per character)."""
    words = text.split(" ")
    lines: list[str] = []
    cur = ""
    for w in words:
        cand = w if not cur else cur + " " + w
        if text_width(app, cand, size, bold) <= width or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


# --------------------------------------------------------------------------------------
# UI sound
# --------------------------------------------------------------------------------------
_app_ref: Any = None  # weakref to the App whose ``sound`` plays UI clicks (one window: one App)


def bind_app(app: Any, only: Any = None) -> None:
    """Route UI clicks to ``app.sound`` (None: silent). With ``only``, unbind only if that
    App is the one bound (App.shutdown)."""
    global _app_ref
    if only is not None and (_app_ref is None or _app_ref() is not only):
        return
    _app_ref = weakref.ref(app) if app is not None else None


def ui_sound(name: str = "click") -> None:
    """Play a UI effect through the bound App's sound service, if there is one. Never raises."""
    app = _app_ref() if _app_ref is not None else None
    sound = getattr(app, "sound", None)
    if sound is not None:
        try:
            sound.play(name)
        except Exception:  # pragma: no cover - a sound must never break a click
            pass


# --------------------------------------------------------------------------------------
# Widgets
# --------------------------------------------------------------------------------------
def _is_left(event: pygame.event.Event) -> bool:
    return getattr(event, "button", 1) == 1


class Widget:
    """Base: logical ``rect``, ``visible``, ``enabled``; event / update / draw / ui_elements."""

    kind = "widget"

    def __init__(self, id: str, rect: Sequence[float] | pygame.Rect):
        self.id = id
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt_ms: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        pass

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        return [UIElement(self.id, self.kind, pygame.Rect(self.rect))]

    def busy(self) -> bool:
        return False


class Button(Widget):
    """A push button. Clicks fire ``on_click()`` on left-button RELEASE inside the rect,
    if the press also started inside it. Disabled buttons ignore input and are still
    listed in ``ui_elements`` with kind "button-disabled".

    style: "primary" (vermilion), "secondary" (paper with ink border), "ghost" (text only),
    "dark" (sumi ink). ``sublabel`` is an optional second smaller line.
    """

    kind = "button"

    def __init__(
        self,
        id: str,
        label: str,
        rect: Sequence[float] | pygame.Rect,
        on_click: Callable[[], None] | None = None,
        style: str = "primary",
        size: float = 24,
        sublabel: str | None = None,
        enabled: bool = True,
        icon: Callable[[pygame.Surface, Any, pygame.Rect], None] | None = None,
    ):
        super().__init__(id, rect)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.size = size
        self.sublabel = sublabel
        self.enabled = enabled
        self.icon = icon
        self.hovered = False
        self.pressed = False
        self._hover_t = 0.0  # 0..1 eased hover amount
        self._press_t = 0.0
        self.clicks = 0

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        kind = self.kind if self.enabled else self.kind + "-disabled"
        return [UIElement(self.id, kind, pygame.Rect(self.rect))]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.rect.collidepoint(event.pos)
            return False  # motion is shared by every widget
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event):
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                self.hovered = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and _is_left(event):
            was = self.pressed
            self.pressed = False
            inside = self.rect.collidepoint(event.pos)
            self.hovered = inside
            if was and inside:
                self.clicks += 1
                if self.on_click is not None:
                    self.on_click()
                ui_sound("click")  # after on_click: a "Sound: on" toggle is heard at once
                return True
            return was
        return False

    def update(self, dt_ms: float) -> None:
        self._hover_t = approach(self._hover_t, 1.0 if (self.hovered and self.enabled) else 0.0, dt_ms, 40)
        self._press_t = approach(self._press_t, 1.0 if self.pressed else 0.0, dt_ms, 25)

    def busy(self) -> bool:
        target_h = 1.0 if (self.hovered and self.enabled) else 0.0
        target_p = 1.0 if self.pressed else 0.0
        return self._hover_t != target_h or self._press_t != target_p

    def _colors(self):
        h = self._hover_t
        if self.style == "primary":
            fill = mix(C.VERMILION, C.VERMILION_LIGHT, h)
            fill = mix(fill, C.VERMILION_DARK, self._press_t)
            return fill, C.PAPER_LIGHT, mix(C.VERMILION_DARK, C.GOLD, h * 0.6)
        if self.style == "dark":
            fill = mix(C.INDIGO, C.INDIGO_LIGHT, h)
            return fill, C.PAPER_LIGHT, mix(C.INK, C.GOLD, h)
        if self.style == "ghost":
            fill = mix(C.PAPER, C.PAPER_DARK, h)
            return fill, mix(C.INK_SOFT, C.VERMILION, h), None
        fill = mix(C.PAPER_LIGHT, C.WHITE, h)
        fill = mix(fill, C.PAPER_DARK, self._press_t)
        return fill, C.INK, mix(C.INK_SOFT, C.VERMILION, h)

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        vp = app.viewport
        lift = -2.0 * self._hover_t + 1.5 * self._press_t
        r = self.rect.move(0, 0)
        wr = vp.rect(r.x, r.y + lift, r.w, r.h)
        radius = vp.px(min(12, r.h / 3))
        fill, text_col, border = self._colors()
        if not self.enabled:
            fill, text_col, border = C.PAPER_DARK, C.INK_MUTED, C.PAPER_EDGE
        if self.style != "ghost" and self.enabled:
            draw_shadow(surface, wr, radius, vp.px(3 + 3 * self._hover_t - 2 * self._press_t),
                        alpha=int(50 + 30 * self._hover_t), blur=vp.px(8))
        if self.style != "ghost" or self._hover_t > 0.01:
            pygame.draw.rect(surface, fill, wr, border_radius=radius)
        if border is not None and self.style != "ghost":
            pygame.draw.rect(surface, border, wr, width=max(1, vp.px(2)), border_radius=radius)
        if self.style == "primary" and self.enabled:
            # thin gold inner line for a lacquered look
            inner = wr.inflate(-vp.px(8), -vp.px(8))
            pygame.draw.rect(surface, mix(fill, C.GOLD_LIGHT, 0.45), inner, width=1,
                             border_radius=max(1, radius - vp.px(4)))
        cx = r.centerx
        cy = r.centery + lift
        if self.icon is not None:
            self.icon(surface, app, pygame.Rect(r.x, r.y + lift, r.w, r.h))
        if self.sublabel:
            draw_text(surface, app, self.label, (cx, cy - self.size * 0.42), self.size, text_col, bold=True)
            draw_text(surface, app, self.sublabel, (cx, cy + self.size * 0.62), self.size * 0.62,
                      mix(text_col, fill, 0.25))
        else:
            draw_text(surface, app, self.label, (cx, cy), self.size, text_col, bold=True)


class SegmentedChoice(Widget):
    """A row of mutually exclusive options (a segmented control / toggle).

    options: list of (value, label). Each segment is a UIElement with id
    ``f"{id}:{value}"`` and kind "choice" ("choice-selected" for the current value).
    ``on_change(value)`` fires when the user picks a different value.
    """

    kind = "choice"

    def __init__(
        self,
        id: str,
        options: Sequence[tuple[Any, str]],
        rect: Sequence[float] | pygame.Rect,
        value: Any = None,
        on_change: Callable[[Any], None] | None = None,
        size: float = 19,
        swatches: dict[Any, tuple[int, int, int]] | None = None,
        disabled: Iterable[Any] = (),
    ):
        super().__init__(id, rect)
        self.options = list(options)
        self.disabled = set(disabled)
        self.value = value if value is not None else self.options[0][0]
        self.on_change = on_change
        self.size = size
        self.swatches = swatches or {}
        self._hover: Any = None
        self._pressed: Any = None
        self._sel_x = float(self._segment_rects()[self._index(self.value)].x)

    def _index(self, value: Any) -> int:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                return i
        return 0

    def _segment_rects(self) -> list[pygame.Rect]:
        n = len(self.options)
        out = []
        for i in range(n):
            x0 = self.rect.x + round(i * self.rect.w / n)
            x1 = self.rect.x + round((i + 1) * self.rect.w / n)
            out.append(pygame.Rect(x0, self.rect.y, x1 - x0, self.rect.h))
        return out

    def set_value(self, value: Any, notify: bool = False) -> None:
        if value == self.value:
            return
        self.value = value
        if notify and self.on_change is not None:
            self.on_change(value)

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        out = []
        for (v, _), r in zip(self.options, self._segment_rects()):
            kind = "choice-selected" if v == self.value else "choice"
            if v in self.disabled and v != self.value:
                kind = "choice-disabled"
            out.append(UIElement(f"{self.id}:{v}", kind, r))
        return out

    def _hit(self, pos) -> Any:
        for (v, _), r in zip(self.options, self._segment_rects()):
            if r.collidepoint(pos) and v not in self.disabled:
                return v
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = self._hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _is_left(event):
            v = self._hit(event.pos)
            if v is not None:
                self._pressed = v
                return True
        elif event.type == pygame.MOUSEBUTTONUP and _is_left(event):
            v = self._hit(event.pos)
            was = self._pressed
            self._pressed = None
            if was is not None and v == was:
                if v != self.value:
                    ui_sound("click")
                self.set_value(v, notify=True)
                return True
            return was is not None
        return False

    def update(self, dt_ms: float) -> None:
        target = float(self._segment_rects()[self._index(self.value)].x)
        self._sel_x = approach(self._sel_x, target, dt_ms, 30)

    def busy(self) -> bool:
        return self._sel_x != float(self._segment_rects()[self._index(self.value)].x)

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        vp = app.viewport
        wr = vp.to_window(self.rect)
        radius = vp.px(self.rect.h / 2)
        pygame.draw.rect(surface, C.PAPER_DARK, wr, border_radius=radius)
        pygame.draw.rect(surface, C.PAPER_EDGE, wr, width=max(1, vp.px(1.5)), border_radius=radius)
        segs = self._segment_rects()
        sel = segs[self._index(self.value)]
        # sliding selection pill
        pill = vp.rect(self._sel_x + 3, sel.y + 3, sel.w - 6, sel.h - 6)
        draw_shadow(surface, pill, vp.px(self.rect.h / 2 - 3), vp.px(2), alpha=50, blur=vp.px(5))
        pygame.draw.rect(surface, C.INK, pill, border_radius=vp.px(self.rect.h / 2 - 3))
        for (v, label), r in zip(self.options, segs):
            selected = v == self.value
            if not selected and v == self._hover:
                hr = vp.rect(r.x + 3, r.y + 3, r.w - 6, r.h - 6)
                pygame.draw.rect(surface, C.PAPER_LIGHT, hr, border_radius=vp.px(self.rect.h / 2 - 3))
            col = C.PAPER_LIGHT if selected else (C.VERMILION if v == self._hover else C.INK_SOFT)
            if v in self.disabled and not selected:
                col = C.PAPER_EDGE
            sw = self.swatches.get(v)
            tx = r.centerx
            if sw is not None:
                tw = text_width(app, label, self.size, bold=selected)
                d = self.size * 0.95
                gap = 10
                total = d + gap + tw
                sx = r.centerx - total / 2
                c = vp.to_window((sx + d / 2, r.centery))
                pygame.draw.circle(surface, sw, c, vp.px(d / 2))
                pygame.draw.circle(surface, C.GOLD_LIGHT if selected else C.PAPER_EDGE, c, vp.px(d / 2),
                                   max(1, vp.px(2)))
                tx = sx + d + gap + tw / 2
            draw_text(surface, app, label, (tx, r.centery), self.size, col, bold=selected)


class Panel(Widget):
    """A card: rounded paper rectangle with soft shadow and optional border/title band.

    Not interactive (no UIElements). style: "paper", "dark", "inset".
    """

    kind = "panel"

    def __init__(self, rect, style: str = "paper", radius: float = 18, border: Sequence[int] | None = C.PAPER_EDGE,
                 title: str | None = None):
        super().__init__("panel", rect)
        self.style = style
        self.radius = radius
        self.border = border
        self.title = title

    def ui_elements(self) -> list[UIElement]:
        return []

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        draw_panel(surface, app, self.rect, self.style, self.radius, self.border)
        if self.title:
            draw_text(surface, app, self.title, (self.rect.x + 28, self.rect.y + 30), 22, C.INK, bold=True,
                      anchor="midleft")


def draw_pause_icon(surface: pygame.Surface, app: Any, lrect: pygame.Rect) -> None:
    """The two bars of a pause button, centred in the logical rect ``lrect`` (a Button icon)."""
    vp = app.viewport
    cx, cy = lrect.center
    for dx in (-6, 6):
        r = vp.rect(cx + dx - 3.5, cy - 11, 7, 22)
        pygame.draw.rect(surface, C.INK, r, border_radius=vp.px(2))


def draw_dashed_rect(surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect, width: int, dash: int,
                     gap: int) -> None:
    """A dashed rectangle outline; ``rect``, ``width``, ``dash`` and ``gap`` in WINDOW pixels."""
    dash, gap = max(2, dash), max(2, gap)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        length = max(abs(bx - ax), abs(by - ay))
        if length <= 0:
            continue
        dx, dy = (bx - ax) / length, (by - ay) / length
        pos = 0
        while pos < length:
            end = min(length, pos + dash)
            pygame.draw.line(surface, color, (ax + dx * pos, ay + dy * pos), (ax + dx * end, ay + dy * end), width)
            pos = end + gap


#: Background of dark pills (banners, badges) in the play scenes.
PILL_DARK = (36, 28, 24)


def fit_text(app: Any, text: str, size: float, bold: bool, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` logical px at ``size``."""
    if width <= 0 or text_width(app, text, size, bold) <= width:
        return text
    while len(text) > 1 and text_width(app, text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_count_badge(surface: pygame.Surface, app: Any, center: tuple[float, float], n: int,
                     color: Sequence[int], size: float) -> None:
    """A round badge with the number ``n`` (logical centre; ``size`` = text size, logical px)."""
    vp = app.viewport
    c = vp.to_window(center)
    rad = max(4, vp.px(size * 0.85))
    pygame.draw.circle(surface, color, c, rad)
    pygame.draw.circle(surface, C.PAPER_LIGHT, c, rad, max(1, vp.px(1.5)))
    draw_text(surface, app, str(n), center, size, C.PAPER_LIGHT, bold=True)


def pill_surface(w: int, h: int, radius: int, color: Sequence[int] = PILL_DARK) -> pygame.Surface:
    """A filled rounded pill with a gold edge, ``w`` x ``h`` WINDOW px."""
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(s, (*color[:3], 255), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (*C.GOLD, 255), s.get_rect(), width=2, border_radius=radius)
    return s


def draw_panel(surface: pygame.Surface, app: Any, lrect: pygame.Rect, style: str = "paper", radius: float = 18,
               border: Sequence[int] | None = C.PAPER_EDGE, shadow: bool = True) -> pygame.Rect:
    """Draw a card at a logical rect; returns its window rect."""
    vp = app.viewport
    wr = vp.to_window(pygame.Rect(lrect))
    rad = vp.px(radius)
    if style == "dark":
        fill = C.INK
    elif style == "inset":
        fill = C.PAPER_DARK
    else:
        fill = C.PAPER_LIGHT
    if shadow and style != "inset":
        draw_shadow(surface, wr, rad, vp.px(6), alpha=70, blur=vp.px(14))
    pygame.draw.rect(surface, fill, wr, border_radius=rad)
    if border is not None:
        pygame.draw.rect(surface, border, wr, width=max(1, vp.px(1.5)), border_radius=rad)
    return wr


class WidgetGroup:
    """An ordered list of widgets: events go to each (top-most = last first) until one consumes;
    MOUSEMOTION goes to all (hover); update/draw/ui_elements go to all in order."""

    def __init__(self, widgets: Iterable[Widget] = ()):
        self.widgets: list[Widget] = list(widgets)

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        return w

    def get(self, id: str) -> Widget | None:
        for w in self.widgets:
            if w.id == id:
                return w
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for w in self.widgets:
                w.handle_event(event)
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            # every widget must see the release (to clear its pressed state)
            consumed = False
            for w in reversed(self.widgets):
                if w.handle_event(event):
                    consumed = True
            return consumed
        for w in reversed(self.widgets):
            if w.handle_event(event):
                return True
        return False

    def update(self, dt_ms: float) -> None:
        for w in self.widgets:
            w.update(dt_ms)

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        for w in self.widgets:
            w.draw(surface, app)

    def ui_elements(self) -> list[UIElement]:
        out: list[UIElement] = []
        for w in self.widgets:
            out.extend(w.ui_elements())
        return out

    def busy(self) -> bool:
        return any(w.busy() for w in self.widgets)


def draw_hanko(surface: pygame.Surface, app: Any, center: tuple[float, float], size: float, char: str,
               color=C.VERMILION, text_color=C.PAPER_LIGHT, tilt: float = 0.0) -> None:
    """A red seal stamp (rounded square with a JP character), ``size`` logical px."""
    vp = app.viewport
    r = vp.rect(center[0] - size / 2, center[1] - size / 2, size, size)
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    rad = max(2, vp.px(size * 0.16))
    pygame.draw.rect(s, color, s.get_rect(), border_radius=rad)
    inner = s.get_rect().inflate(-vp.px(size * 0.12), -vp.px(size * 0.12))
    pygame.draw.rect(s, mix(color, text_color, 0.55), inner, width=max(1, vp.px(2)), border_radius=max(1, rad - 2))
    glyph = app.assets.text(char, size * 0.62, text_color, jp=True)
    s.blit(glyph, glyph.get_rect(center=(r.w // 2, r.h // 2 - vp.px(size * 0.02))))
    if tilt:
        s = pygame.transform.rotozoom(s, tilt, 1.0)
    surface.blit(s, s.get_rect(center=r.center))


# --------------------------------------------------------------------------------------
# A scene made of widgets
# --------------------------------------------------------------------------------------
from scenes.kit.engine import Scene, Tween  # noqa: E402


class UIScene(Scene):
    """Base for menu-like scenes: a ``WidgetGroup`` (``self.widgets``) that receives events,
    updates, reports ``ui_elements`` and keeps the loop ``busy`` while hover animations run,
    plus a short fade-in (``self.fade``: 0..1) on enter."""

    FADE_MS = 200.0

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.widgets = WidgetGroup()
        self.fade = Tween(0.0, 1.0, self.FADE_MS, "out_quad")

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.widgets.handle_event(event)

    def update(self, dt_ms: float) -> None:
        self.fade.update(dt_ms)
        self.widgets.update(dt_ms)

    def busy(self) -> bool:
        return (not self.fade.done) or self.widgets.busy()

    def ui_elements(self) -> list[UIElement]:
        return self.widgets.ui_elements()

    def draw_fade(self, surface: pygame.Surface, color: Sequence[int] = C.PAPER) -> None:
        """Cover the window with ``color`` at (1 - fade) opacity (call last in ``draw``)."""
        a = int(255 * (1.0 - self.fade.value))
        if a > 2:
            fill_alpha(surface, color, a)
