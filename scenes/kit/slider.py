"""A horizontal slider widget (the settings screen's sound volume): a track, a filled part and a
knob; press anywhere on it and drag. Values 0..1 in ``step`` increments. UI dump kind ``slider``."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from scenes.kit.draw import C, mix
from scenes.kit.widgets import Widget


class Slider(Widget):
    """``value`` (0..1, rounded to ``step``); ``on_change(value)`` on every change while pressed
    or dragged (logical px: the track spans ``rect``'s width at its vertical centre)."""

    kind = "slider"

    def __init__(self, id: str, rect: Sequence[float] | pygame.Rect, value: float = 0.5,
                 on_change: Callable[[float], None] | None = None, step: float = 0.05):
        super().__init__(id, rect)
        self.step = step
        self.value = self._snap(value)
        self.on_change = on_change
        self.dragging = False
        self.hovered = False

    def _snap(self, v: float) -> float:
        try:
            v = float(v)
        except (TypeError, ValueError):
            v = 0.0
        v = min(1.0, max(0.0, v))
        return round(round(v / self.step) * self.step, 4) if self.step > 0 else v

    def set_value(self, v: float, notify: bool = True) -> None:
        """Move the knob to ``v`` (clamped, snapped); ``on_change`` when it changed and ``notify``."""
        new = self._snap(v)
        if new == self.value:
            return
        self.value = new
        if notify and self.on_change is not None:
            self.on_change(new)

    def _value_at(self, x: float) -> float:
        return (x - self.rect.x) / max(1, self.rect.w)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.hovered = self.rect.inflate(0, 16).collidepoint(pos)
            if self.dragging:
                self.set_value(self._value_at(pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and pos is not None:
            if self.rect.inflate(0, 16).collidepoint(pos):
                self.dragging = True
                self.set_value(self._value_at(pos[0]))
                return True
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.dragging:
            self.dragging = False
            if pos is not None:
                self.set_value(self._value_at(pos[0]))
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        vp = app.viewport
        r = self.rect
        cy = r.centery
        track = vp.rect(r.x, cy - 4, r.w, 8)
        pygame.draw.rect(surface, C.PAPER_DARK, track, border_radius=vp.px(4))
        filled = vp.rect(r.x, cy - 4, r.w * self.value, 8)
        pygame.draw.rect(surface, C.VERMILION, filled, border_radius=vp.px(4))
        knob = vp.to_window((r.x + r.w * self.value, cy))
        hot = self.hovered or self.dragging
        pygame.draw.circle(surface, mix(C.PAPER_LIGHT, C.WHITE, 0.5 if hot else 0.0), knob, vp.px(13))
        pygame.draw.circle(surface, C.VERMILION_DARK if hot else C.INK_SOFT, knob, vp.px(13), max(1, vp.px(2)))


__all__ = ["Slider"]
