"""Widgets shared by the menu / setup / pause / rules / score scenes and the play scenes.

Every widget lays out in LOGICAL pixels (``rect``), receives events whose ``pos`` is in
LOGICAL pixels, draws onto the window surface through ``app.viewport`` and reports its
interactive parts as ``UIElement``s. Hover / press state comes only from the events
(MOUSEMOTION / MOUSEBUTTONDOWN / MOUSEBUTTONUP), never from polling the mouse.

A Button click or a user's pick in a SegmentedChoice plays the "click" effect through the
sound service of the App bound with ``bind_app`` (the App does it; no App: silent).
"""
from __future__ import annotations

import weakref
from typing import Any, Callable, Iterable, Sequence, TypeVar

import pygame

from scenes.kit import boxes
from scenes.kit.draw import (
    C,
    draw_lead_mark,
    draw_shadow,
    draw_text,
    fill_alpha,
    fit_text,
    mix,
    text_width,
)
from scenes.kit.focus import FocusRing
from scenes.kit.scene import Scene, UIElement
from scenes.kit.tween import Tween, approach


def fit_size(app: Any, text: str, size: float, bold: bool, width: float, least: float = 0.72) -> float:
    """``size`` (logical px), or smaller (down to ``least`` of it) so that ``text`` fits ``width``
    logical px: a label longer in another language shrinks rather than overflow its widget."""
    w = text_width(app, text, size, bold) if text else 0.0
    if w <= width:
        return size
    if w * least > width + 0.5:
        report = getattr(getattr(app, "assets", None), "report_overflow", None)
        if report is not None:
            report(text, w * least, width)
    return max(size * least, size * width / w)

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


#: a widget type (``WidgetGroup.add`` returns what it was given)
W = TypeVar("W", bound="Widget")

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
        # every visible word: the second line too ("Continue" / "You vs Hard AI, move 6")
        words = "\n".join(t for t in (self.label, self.sublabel) if t)
        return [UIElement(self.id, kind, pygame.Rect(self.rect), words or None)]

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

    def look(self) -> tuple:
        """What the button's pixels depend on besides its label and rect (its states and eased
        hover / press amounts, rounded): a cache key for a strip drawn once."""
        return (self.visible, self.enabled, self.hovered, self.pressed, round(self._hover_t, 3),
                round(self._press_t, 3))

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
        size = fit_size(app, self.label, self.size, True, r.w - 16)
        label = self.label
        if text_width(app, label, size, True) > r.w - 12:  # even shrunk: cut, never past the edge
            label = fit_text(app, label, size, True, r.w - 12)
        boxes.widget(app, self.id, wr)
        with boxes.within(app, wr, self.id):
            if self.sublabel:
                draw_text(surface, app, label, (cx, cy - self.size * 0.42), size, text_col, bold=True)
                draw_text(surface, app, self.sublabel, (cx, cy + self.size * 0.62), self.size * 0.62,
                          mix(text_col, fill, 0.25))
            else:
                draw_text(surface, app, label, (cx, cy), size, text_col, bold=True)


class SegmentedChoice(Widget):
    """A row of mutually exclusive options (a segmented control / toggle).

    options: list of (value, label). Each segment is a UIElement with id
    ``f"{id}:{value}"`` and kind "choice" ("choice-selected" for the current value).
    ``on_change(value)`` fires when the user picks a different value. ``swatches``: value -> a
    colour dot before the label; ``icons``: value -> an SVG under the assets (a portrait) there
    instead, as tall as the choice less 10 logical px (:func:`scenes.kit.draw.draw_lead_mark`).
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
        icons: dict[Any, str] | None = None,
    ):
        super().__init__(id, rect)
        self.options = list(options)
        self.icons = icons or {}
        self.disabled = set(disabled)
        self.value = value if value is not None else self.options[0][0]
        self.on_change = on_change
        self.size = size
        self.swatches = swatches or {}
        self._hover: Any = None
        self._pressed: Any = None
        self._sel_x = float(self._segment_rects()[self._index(self.value)].x)

    def look(self) -> tuple:
        """What the choice's pixels depend on besides its rect (its value, hover, the sliding
        selection, the options): a cache key for a strip drawn once."""
        return (self.visible, self.value, self._hover, round(self._sel_x, 2), tuple(self.options))

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
        for (v, text), r in zip(self.options, self._segment_rects()):
            kind = "choice-selected" if v == self.value else "choice"
            if v in self.disabled and v != self.value:
                kind = "choice-disabled"
            out.append(UIElement(f"{self.id}:{v}", kind, r, str(text) or None))
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
        for (v, _label), seg in zip(self.options, segs):
            boxes.widget(app, f"{self.id}:{v}", vp.to_window(seg))
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
            sw, icon, tx = self.swatches.get(v), self.icons.get(v, ""), float(r.centerx)
            d, gap = (self.rect.h - 10, 6) if icon else (self.size * 0.95, 10)
            room = r.w - 8 - (d + gap if sw or icon else 0)
            size = fit_size(app, label, self.size, selected, room)
            if text_width(app, label, size, selected) > room + 4:  # even shrunk: cut, never past the edge
                label = fit_text(app, label, size, selected, room + 4)
            if sw is not None or icon:
                tw = text_width(app, label, size, bold=selected)
                sx = r.centerx - (d + gap + tw) / 2
                draw_lead_mark(surface, app, (sx + d / 2, r.centery), d, sw, icon, selected,
                               v in self.disabled and not selected)
                tx = sx + d + gap + tw / 2
            with boxes.within(app, vp.to_window(r), f"{self.id}:{v}"):
                draw_text(surface, app, label, (tx, r.centery), size, col, bold=selected)


class WidgetGroup:
    """An ordered list of widgets: events go to each (top-most = last first) until one consumes;
    MOUSEMOTION goes to all (hover); update/draw/ui_elements go to all in order."""

    def __init__(self, widgets: Iterable[Widget] = ()):
        self.widgets: list[Widget] = list(widgets)
        #: the keyboard focus (:class:`scenes.kit.focus.FocusRing`): keys no widget used
        self.focus = FocusRing(self)

    def add(self, w: W) -> W:
        """Add ``w`` (drawn and hit-tested in order of adding); returns it, typed as given."""
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
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.pointer_used()
        for w in reversed(self.widgets):
            if w.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self.focus.handle_key(event)
        return False

    def update(self, dt_ms: float) -> None:
        for w in self.widgets:
            w.update(dt_ms)

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        for w in self.widgets:
            w.draw(surface, app)
        self.focus.draw(surface, app)

    def ui_elements(self) -> list[UIElement]:
        out: list[UIElement] = []
        for w in self.widgets:
            out.extend(w.ui_elements())
        return self.focus.mark(out)

    def busy(self) -> bool:
        return any(w.busy() for w in self.widgets)


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

    def covered(self) -> bool:
        """True before the fade-in has begun: its opaque start (:meth:`draw_cover`) hides all."""
        return int(255 * (1.0 - self.fade.value)) >= 255

    draw_cover = draw_fade  # (at full opacity while covered)
