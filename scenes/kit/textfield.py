"""A one-line text field (the setup screen's player names).

Click inside to focus it (a click elsewhere, Enter or Esc ends the editing; so does the keyboard's
focus ring moving on: Tab / Shift+Tab are left to the ring, :mod:`scenes.kit.focus`, which also
starts the editing of a field it comes to); while focused it takes ``TEXTINPUT`` events (typed
characters, IME included) and ``KEYDOWN`` Backspace / Delete (the last character; with Ctrl,
everything). Input comes only from the events, never from polling.
Reports one UI element, kind ``"field"`` (``"field-focused"`` while editing).
"""
from __future__ import annotations

import unicodedata
from typing import Any, Callable, Sequence

import pygame

from scenes.kit.draw import C, draw_text, fit_text, text_width
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Widget


def clean_text(text: str, max_len: int) -> str:
    """``text`` without control characters and line breaks, at most ``max_len`` characters."""
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return kept[:max_len]


class TextField(Widget):
    """A text field at logical ``rect``.

    Args:
        id: UI id (e.g. ``"field:name0"``).
        rect: logical rect.
        text: initial text (cleaned, cut to ``max_len``).
        placeholder: shown in muted ink while the text is empty (e.g. the default name).
        max_len: most characters kept (default 16).
        on_change: called with the new text after each edit.
        on_done: called with the text when the editing ends (focus lost).
        size: text size, logical px.
    """

    kind = "field"

    def __init__(self, id: str, rect: Sequence[float] | pygame.Rect, text: str = "", placeholder: str = "",
                 max_len: int = 16, on_change: Callable[[str], None] | None = None,
                 on_done: Callable[[str], None] | None = None, size: float = 19):
        super().__init__(id, rect)
        self.max_len = max(1, int(max_len))
        self.text = clean_text(text, self.max_len)
        self.placeholder = placeholder
        self.on_change = on_change
        self.on_done = on_done
        self.size = size
        self.focused = False
        self.hovered = False

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        return [UIElement(self.id, "field-focused" if self.focused else self.kind, pygame.Rect(self.rect))]

    def set_text(self, text: str) -> None:
        """Replace the text (cleaned and cut; no ``on_change``)."""
        self.text = clean_text(text, self.max_len)

    def focus(self) -> None:
        """Start editing (SDL text input on, for the IME)."""
        if not self.focused:
            self.focused = True
            try:
                pygame.key.start_text_input()
            except pygame.error:  # no video system: typing still arrives as events in tests
                pass

    def blur(self) -> None:
        """End editing: ``on_done(text)``."""
        if self.focused:
            self.focused = False
            if self.on_done is not None:
                self.on_done(self.text)

    def _edit(self, text: str) -> None:
        text = clean_text(text, self.max_len)
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.rect.collidepoint(event.pos):
                self.focus()
                return True
            self.blur()  # a click elsewhere ends the editing and goes on to its target
            return False
        if not self.focused:
            return False
        if et == pygame.TEXTINPUT:
            self._edit(self.text + getattr(event, "text", ""))
            return True
        if et == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
                self._edit("" if ctrl else self.text[:-1])
            elif key == pygame.K_TAB:
                return False  # the focus ring's: it moves on from this field and ends its editing
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.blur()
            return True  # every other key belongs to the field while it is focused (no shortcuts)
        if et == pygame.KEYUP:
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        vp = app.viewport
        wr = vp.to_window(self.rect)
        radius = vp.px(min(10, self.rect.h / 3))
        fill = C.WHITE if self.focused else (C.PAPER_LIGHT if not self.hovered else C.PAPER)
        pygame.draw.rect(surface, fill, wr, border_radius=radius)
        border = C.VERMILION if self.focused else (C.INK_SOFT if self.hovered else C.PAPER_EDGE)
        pygame.draw.rect(surface, border, wr, width=max(1, vp.px(2 if self.focused else 1.5)), border_radius=radius)
        pad = 12
        x: float = self.rect.x + pad
        cy = self.rect.centery
        room = self.rect.w - 2 * pad - 4
        if self.text:
            shown = self.text
            if text_width(app, shown, self.size, True) > room:  # keep the end (where the caret is) in view
                while len(shown) > 1 and text_width(app, "…" + shown, self.size, True) > room:
                    shown = shown[1:]
                shown = "…" + shown
            draw_text(surface, app, shown, (x, cy), self.size, C.INK, bold=True, anchor="midleft")
            x += text_width(app, shown, self.size, True)
        elif self.placeholder and not self.focused:
            draw_text(surface, app, fit_text(app, self.placeholder, self.size, True, room), (x, cy), self.size,
                      C.INK_MUTED, bold=True, anchor="midleft")
        if self.focused:
            top, bottom = vp.to_window((x + 2, cy - self.size * 0.62)), vp.to_window((x + 2, cy + self.size * 0.62))
            pygame.draw.line(surface, C.VERMILION, top, bottom, max(1, vp.px(2)))
