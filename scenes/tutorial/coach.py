"""The coach's panel of a tutorial (issue 11): one rule at a time in words, a why-not line when
the person tried something else, and the buttons (``button:tutorial-next``; at the end
``button:play-now`` and ``button:menu``). Drawn over the play scene at the rect the game gives
(:meth:`scenes.play.base.PlayScene.coach_rect`)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.i18n import _
from scenes.kit.draw import C, draw_hanko, draw_panel, draw_text, drawn_size, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, WidgetGroup

#: Text sizes tried, largest first, until the coach's words fit the panel (logical px).
TEXT_SIZES = (18, 17, 16, 15, 14)
#: Height of the buttons' row (logical px).
BUTTON_H = 38
#: The panel's inner margin (logical px).
PAD = 16
#: Height of the title line ("Coach · step 3 of 11", logical px).
TITLE_H = 26


def line_step(app: Any, size: float, text: str) -> float:
    """The coach's line spacing (logical px) for ``text`` at ``size``: 1.32 x the size it is
    really drawn at (larger than ``size`` in a small window, where the smallest text size wins)."""
    return 1.32 * drawn_size(app, size, text)


class CoachPanel:
    """The coach's card: ``title``, ``text`` (the step's words), ``why`` (a refused action's
    explanation, shown under it in vermilion) and the buttons the director shows.

    Args:
        on_next: ``button:tutorial-next`` (close a page). on_play: ``button:play-now``.
        on_menu: ``button:menu``."""

    def __init__(self, on_next: Callable[[], None], on_play: Callable[[], None], on_menu: Callable[[], None]):
        self.rect = pygame.Rect(0, 0, 400, 200)
        self.title = ""
        self.text = ""
        self.why = ""
        self.widgets = WidgetGroup()
        # Translators: the tutorial coach's button closing a page of explanations (~14 characters)
        self.btn_next = self.widgets.add(Button("button:tutorial-next", _("Continue"), (0, 0, 150, BUTTON_H), on_next,
                                                style="primary", size=17))
        # Translators: at the end of a tutorial: a real game against the easy AI (~18 characters)
        self.btn_play = self.widgets.add(Button("button:play-now", _("Play a real game"), (0, 0, 200, BUTTON_H),
                                                on_play, style="primary", size=17))
        # Translators: at the end of a tutorial: back to the main menu (a short button)
        self.btn_menu = self.widgets.add(Button("button:menu", _("Menu"), (0, 0, 110, BUTTON_H), on_menu,
                                                style="secondary", size=17))
        #: (text size, lines, why-not lines) laid out by :meth:`fit`
        self.layout: tuple[float, list[str], list[str]] = (TEXT_SIZES[0], [], [])
        self._fitted: Any = None
        self.show_buttons(next_=False, end=False)

    def show_buttons(self, next_: bool, end: bool) -> None:
        """Show ``button:tutorial-next`` (a page) or the end's two buttons (or none: a move is asked)."""
        self.btn_next.visible = next_ and not end
        self.btn_play.visible = self.btn_menu.visible = end

    def place(self, rect: pygame.Rect) -> None:
        """Lay the panel out in logical ``rect`` (buttons on its bottom right)."""
        self.rect = pygame.Rect(rect)
        y = self.rect.bottom - PAD - BUTTON_H + 4
        right = self.rect.right - PAD
        self.btn_next.rect = pygame.Rect(right - 150, y, 150, BUTTON_H)
        room = self.rect.w - 2 * PAD - 10  # the end's two buttons share the row
        play_w = min(200, int(room * 0.64))
        menu_w = min(110, room - play_w)
        self.btn_play.rect = pygame.Rect(right - play_w, y, play_w, BUTTON_H)
        self.btn_menu.rect = pygame.Rect(right - play_w - 10 - menu_w, y, menu_w, BUTTON_H)

    def buttons_shown(self) -> bool:
        return self.btn_next.visible or self.btn_play.visible

    def fit(self, app: Any, base: pygame.Rect, grow: str = "up", stops: Sequence[int] = ()) -> None:
        """Lay the words out in ``base`` (logical px) at the largest size of :data:`TEXT_SIZES`
        that fits; when none does, at the smallest, the panel taller than ``base`` (its bottom kept
        for ``grow="up"``, its top for ``"down"``). ``stops``: the logical y where a grown panel's
        bottom (``"down"``) or top (``"up"``) may end: the first one past what it needs, so that
        it covers the whole of a line it would half cover. Called each frame before drawing; cheap when
        nothing changed."""
        key = (tuple(base), grow, tuple(stops), self.text, self.why, self.buttons_shown(), app.viewport.scale)
        if key == self._fitted:
            return
        self._fitted = key
        width = base.w - 2 * PAD
        extra = 2 * PAD + TITLE_H + (BUTTON_H + 6 if self.buttons_shown() else 0)
        need = 0.0
        for size in TEXT_SIZES:
            lines = wrap_text(app, self.text, size, width)
            why = wrap_text(app, self.why, size, width, bold=True) if self.why else []
            need = (len(lines) + len(why)) * line_step(app, size, self.text + self.why) + (6 if why else 0) + extra
            self.layout = (size, lines, why)
            if need <= base.h:
                break
        rect = pygame.Rect(base)
        if need > base.h:
            rect.h = int(need + 0.5)
            if grow == "up":
                rect.bottom = base.bottom
                top = next((y for y in sorted(stops, reverse=True) if y <= rect.y), rect.y)
                rect.h, rect.y = rect.bottom - top, top
            else:
                rect.h = next((y - rect.y for y in sorted(stops) if y >= rect.bottom), rect.h)
        self.place(rect)

    # -- events and frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons first; a press on the panel itself is used (never reaches the table)."""
        if self.widgets.handle_event(event):
            return True
        pos = getattr(event, "pos", None)
        return (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and pos is not None
                and self.rect.collidepoint(pos))

    def update(self, dt_ms: float) -> None:
        self.widgets.update(dt_ms)

    def busy(self) -> bool:
        return self.widgets.busy()

    def ui_elements(self) -> list[UIElement]:
        """``coach`` (the panel, kind ``panel``) and the buttons shown."""
        words = " ".join(t for t in (self.text, self.why) if t) or None
        return [UIElement("coach", "panel", pygame.Rect(self.rect), words), *self.widgets.ui_elements()]

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        """The card, the coach's seal, title, words, why-not and buttons (no state change)."""
        r = self.rect
        draw_panel(surface, app, r, radius=16, border=C.GOLD)
        draw_hanko(surface, app, (r.x + PAD + 11, r.y + PAD + 10), 22, "師", tilt=-4)
        draw_text(surface, app, self.title, (r.x + PAD + 30, r.y + PAD + 10), 15, C.INK_SOFT, bold=True,
                  anchor="midleft")
        size, lines, why = self.layout
        y: float = r.y + PAD + TITLE_H
        step = line_step(app, size, self.text + self.why)
        for line in lines:
            draw_text(surface, app, line, (r.x + PAD, y), size, C.INK, anchor="topleft")
            y += step
        if why:
            y += 6
            for line in why:
                draw_text(surface, app, line, (r.x + PAD, y), size, C.VERMILION_DARK, bold=True, anchor="topleft")
                y += step
        self.widgets.draw(surface, app)


__all__ = ["CoachPanel"]
