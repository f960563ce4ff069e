"""A one-line text field (the setup screen's player names, the join screen's code, address, name).

Click inside to focus it (a click elsewhere, Enter or Esc ends the editing; so does the keyboard's
focus ring moving on: Tab / Shift+Tab are left to the ring, :mod:`scenes.kit.focus`, which also
starts the editing of a field it comes to). One field is focused at a time in the whole app:
focusing one ends the editing of any other. While focused it takes ``TEXTINPUT`` events (typed
characters, IME included) at its caret, replacing the selection, and these keys (issue 33, item
4): Left / Right (with Ctrl: a word; with Shift: the selection grows), Home / End, Backspace /
Delete (the selection, else a character; with Ctrl: a word), Ctrl+A (select all), Ctrl+C /
Ctrl+X / Ctrl+V (the system clipboard, :mod:`scenes.kit.clipboard`). Input comes only from the
events, never from polling.
Reports one UI element, kind ``"field"`` (``"field-focused"`` while editing), its text as ``label``.
"""
from __future__ import annotations

import unicodedata
import weakref
from typing import Any, Callable, Sequence

import pygame

from scenes.kit import clipboard
from scenes.kit.draw import C, draw_text, fit_text, text_width
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Widget


def clean_text(text: str, max_len: int) -> str:
    """``text`` without control characters and line breaks, at most ``max_len`` characters."""
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return kept[:max_len]


def word_left(text: str, i: int) -> int:
    """The index Ctrl+Left goes to from ``i``: the start of the word before it (spaces skipped)."""
    while i > 0 and text[i - 1].isspace():
        i -= 1
    while i > 0 and not text[i - 1].isspace():
        i -= 1
    return i


def word_right(text: str, i: int) -> int:
    """The index Ctrl+Right goes to from ``i``: the end of the word after it (spaces skipped)."""
    while i < len(text) and text[i].isspace():
        i += 1
    while i < len(text) and not text[i].isspace():
        i += 1
    return i


#: The one field being edited in the app (a weak reference), or None.
_editing: "weakref.ref[TextField] | None" = None


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
        on_paste: called with the clipboard's text on Ctrl+V; True when it took the text itself
            (e.g. the join screen's invite, spread over its fields), else the text is inserted.

    Attributes:
        caret: where typing goes (0 .. len(text)); anchor: the selection's other end, or None.
    """

    kind = "field"

    def __init__(self, id: str, rect: Sequence[float] | pygame.Rect, text: str = "", placeholder: str = "",
                 max_len: int = 16, on_change: Callable[[str], None] | None = None,
                 on_done: Callable[[str], None] | None = None, size: float = 19,
                 on_paste: Callable[[str], bool] | None = None):
        super().__init__(id, rect)
        self.max_len = max(1, int(max_len))
        self.text = clean_text(text, self.max_len)
        self.placeholder = placeholder
        self.on_change = on_change
        self.on_done = on_done
        self.on_paste = on_paste
        self.size = size
        self.focused = False
        self.hovered = False
        self.caret = len(self.text)
        self.anchor: int | None = None

    def ui_elements(self) -> list[UIElement]:
        if not self.visible:
            return []
        return [UIElement(self.id, "field-focused" if self.focused else self.kind, pygame.Rect(self.rect),
                          label=self.text)]

    def set_text(self, text: str) -> None:
        """Replace the text (cleaned and cut; the caret at its end; no ``on_change``)."""
        self.text = clean_text(text, self.max_len)
        self.caret, self.anchor = len(self.text), None

    # -- focus ------------------------------------------------------------------------------------
    def focus(self) -> None:
        """Start editing (SDL text input on, for the IME); any other field's editing ends."""
        global _editing
        if self.focused:
            return
        other = _editing() if _editing is not None else None
        if other is not None and other is not self:
            other.blur()
        self.focused = True
        _editing = weakref.ref(self)
        try:
            pygame.key.start_text_input()
        except pygame.error:  # no video system: typing still arrives as events in tests
            pass

    def blur(self) -> None:
        """End editing: ``on_done(text)``."""
        global _editing
        if self.focused:
            self.focused = False
            self.anchor = None
            if _editing is not None and _editing() is self:
                _editing = None
            if self.on_done is not None:
                self.on_done(self.text)

    # -- editing ----------------------------------------------------------------------------------
    def selection(self) -> tuple[int, int] | None:
        """The selected span ``(start, end)``, or None."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return (min(self.anchor, self.caret), max(self.anchor, self.caret))

    def select_all(self) -> None:
        """Select the whole text (Ctrl+A)."""
        self.anchor, self.caret = 0, len(self.text)

    def _edit(self, text: str, caret: int) -> None:
        text = clean_text(text, self.max_len)
        self.caret, self.anchor = max(0, min(caret, len(text))), None
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def insert(self, typed: str) -> None:
        """Put ``typed`` (cleaned) at the caret in place of the selection, as far as ``max_len``
        allows."""
        typed = clean_text(typed, self.max_len)
        a, b = self.selection() or (self.caret, self.caret)
        room = self.max_len - (len(self.text) - (b - a))
        typed = typed[:max(0, room)]
        self._edit(self.text[:a] + typed + self.text[b:], a + len(typed))

    def _delete(self, forward: bool, word: bool) -> None:
        span = self.selection()
        if span is None:
            i = self.caret
            if forward:
                span = (i, word_right(self.text, i) if word else min(len(self.text), i + 1))
            else:
                span = (word_left(self.text, i) if word else max(0, i - 1), i)
        a, b = span
        self._edit(self.text[:a] + self.text[b:], a)

    def _move(self, to: int, extend: bool) -> None:
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            span = self.selection()
            self.anchor = None
            if span is not None and to in (self.caret - 1, self.caret + 1):  # (an arrow ends a selection at its side)
                to = span[0] if to < self.caret else span[1]
        self.caret = max(0, min(to, len(self.text)))

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, getattr(event, "mod", 0)
        ctrl, shift = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)), bool(mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._delete(key == pygame.K_DELETE, ctrl)
        elif key == pygame.K_LEFT:
            self._move(word_left(self.text, self.caret) if ctrl else self.caret - 1, shift)
        elif key == pygame.K_RIGHT:
            self._move(word_right(self.text, self.caret) if ctrl else self.caret + 1, shift)
        elif key in (pygame.K_HOME, pygame.K_UP):
            self._move(0, shift)
        elif key in (pygame.K_END, pygame.K_DOWN):
            self._move(len(self.text), shift)
        elif ctrl and key == pygame.K_a:
            self.select_all()
        elif ctrl and key in (pygame.K_c, pygame.K_x):
            span = self.selection()
            if span is not None:
                clipboard.copy(self.text[span[0]:span[1]])
                if key == pygame.K_x:
                    self._delete(False, False)
        elif ctrl and key == pygame.K_v:
            pasted = clipboard.paste()
            if pasted and not (self.on_paste is not None and self.on_paste(pasted)):
                self.insert(" ".join(pasted.split()))  # (one line: its breaks and tabs a space)
        elif key == pygame.K_TAB:
            return False  # the focus ring's: it moves on from this field and ends its editing
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.blur()
        return True  # every other key belongs to the field while it is focused (no shortcuts)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.rect.collidepoint(event.pos):
                if not self.focused:
                    self.caret, self.anchor = len(self.text), None
                self.focus()
                return True
            self.blur()  # a click elsewhere ends the editing and goes on to its target
            return False
        if not self.focused:
            return False
        if et == pygame.TEXTINPUT:
            self.insert(getattr(event, "text", ""))
            return True
        if et == pygame.KEYDOWN:
            return self._key(event)
        if et == pygame.KEYUP:
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------------
    def _window(self, app: Any, room: float) -> tuple[int, int]:
        """The part ``text[start:end]`` shown within ``room`` logical px, the caret in it (an
        ellipsis stands for each side cut off)."""
        text, size = self.text, self.size
        if text_width(app, text, size, True) <= room:
            return 0, len(text)
        start = 0
        while start < self.caret and text_width(app, "…" + text[start:self.caret] + "…", size, True) > room:
            start += 1
        end = self.caret
        while end < len(text) and text_width(app, ("…" if start else "") + text[start:end + 1] + "…", size,
                                             True) <= room:
            end += 1
        return start, end

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
        x0: float = self.rect.x + pad
        cy = self.rect.centery
        room = self.rect.w - 2 * pad - 4
        if not self.text:
            if self.placeholder and not self.focused:
                draw_text(surface, app, fit_text(app, self.placeholder, self.size, True, room), (x0, cy), self.size,
                          C.INK_MUTED, bold=True, anchor="midleft")
            caret_x = x0
        else:
            start, end = self._window(app, room)
            before = "…" if start > 0 else ""
            shown = before + self.text[start:end] + ("…" if end < len(self.text) else "")

            def x_of(i: int) -> float:
                i = max(start, min(i, end))
                return x0 + text_width(app, before + self.text[start:i], self.size, True)
            span = self.selection() if self.focused else None
            if span is not None:
                a, b = x_of(span[0]), x_of(span[1])
                if b > a:
                    pygame.draw.rect(surface, C.GOLD_LIGHT, vp.rect(a, cy - self.size * 0.66, b - a, self.size * 1.32))
            draw_text(surface, app, shown, (x0, cy), self.size, C.INK, bold=True, anchor="midleft")
            caret_x = x_of(self.caret)
        if self.focused:
            top, bottom = vp.to_window((caret_x + 1, cy - self.size * 0.62)), vp.to_window((caret_x + 1, cy + self.size * 0.62))
            pygame.draw.line(surface, C.VERMILION, top, bottom, max(1, vp.px(2)))
