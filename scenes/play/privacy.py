"""Hot-seat privacy screen: hides the table between two human seats' turns.

Pushed by a play scene (Sushi Draft, Kanji-zushi) when the next seat to act is a human other than
the one whose hand was last shown::

    app.manager.push(app.make_scene("privacy", name="Aiko", on_ready=show_aikos_hand))

The screen is opaque (``overlay = False``: the play scene below is not drawn, so no hand shows
through). "Pass the screen to Aiko": only the ``button:ready`` button (pressed AND released on it,
so the release of the previous player's click cannot dismiss it) or Enter / keypad Enter pops the
screen and then calls ``on_ready()``; a click anywhere else, or any other key, does nothing (a
stray click never shows the next player's hand). Input is ignored for the first :data:`ARM_MS` ms
so a double click cannot skip it. Esc opens the pause menu (the play scene's ``game_name`` picks
the rules page).

UI ids: ``button:ready``.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.i18n import _
from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_panel,
    draw_seigaiha,
    draw_text,
    japanese_gloss,
)
from scenes.kit.widgets import Button, UIScene

log = logging.getLogger("tatami.privacy")

#: Input is ignored this long after the screen appears (ms).
ARM_MS = 250.0
PANEL = pygame.Rect(640 - 300, 190, 600, 340)


class PrivacyScene(UIScene):
    """Full-screen curtain between hot-seat turns.

    kwargs:
        name: display name of the player who must take the device (e.g. "Player 2"; default "the
            next player").
        on_ready: called with no arguments after the screen has popped itself.
        note: optional second line, as shown (translated by the caller; e.g. "Round 2 · eat");
            default "Your hand is hidden until you are ready."
    """

    name = "privacy"
    pausable = True
    FADE_MS = 160.0

    def __init__(self, app: Any, name: str | None = None, on_ready: Callable[[], None] | None = None,
                 note: str | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.player = str(name) if name is not None else _("the next player")
        self.on_ready = on_ready
        self.note = note or _("Your hand is hidden until you are ready.")
        self.age_ms = 0.0
        self._done = False
        # Translators: the privacy screen's button; {name} is the player who takes the device
        self.widgets.add(Button("button:ready", _("I'm {name} — show my hand").format(name=self.player),
                                (640 - 200, 420, 400, 64), self.ready, style="primary", size=21))

    @property
    def armed(self) -> bool:
        """True once input is accepted (:data:`ARM_MS` after the screen appeared)."""
        return self.age_ms >= ARM_MS

    def ready(self) -> None:
        """Pop this screen (if on top) and call ``on_ready``. Runs at most once."""
        if self._done or not self.armed:
            return
        self._done = True
        if self.app.manager.top() is self:
            self.app.manager.pop()
        if self.on_ready is not None:
            try:
                self.on_ready()
            except Exception:  # a broken callback must not take the app down
                log.exception("privacy screen: on_ready failed")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter / keypad Enter (``event.key``) or a click on ``button:ready`` (``event.pos``) lifts
        the curtain once armed; every other click is swallowed; other keys (Esc: the pause menu) bubble."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ready()
                return True
            return False  # Esc bubbles to the app: pause menu
        if not self.armed:
            if event.type == pygame.MOUSEMOTION:
                self.widgets.handle_event(event)  # hover only: no press can start yet
                return False
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
        if self.widgets.handle_event(event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.age_ms += dt_ms

    def busy(self) -> bool:
        return super().busy() or not self.armed

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_seigaiha(surface, app, pygame.Rect(0, 0, 1280, 720), C.INK, alpha=18)
        draw_panel(surface, app, PANEL, radius=24)
        draw_text(surface, app, self.heading(), (640, PANEL.y + 56), 20, C.INK_SOFT)
        draw_text(surface, app, self.player, (640, PANEL.y + 108), 46, C.INK, bold=True)
        draw_text(surface, app, japanese_gloss("交代"), (640, PANEL.y + 154), 18, C.VERMILION, jp=True, decorative=True)
        draw_text(surface, app, self.note, (640, PANEL.y + 196), 17, C.INK_MUTED)
        self.widgets.draw(surface, app)
        draw_text(surface, app, _("Press Enter or the button when ready"), (640, PANEL.bottom + 30), 15, C.INK_MUTED)
        self.draw_fade(surface)

    def heading(self) -> str:
        """The line over the player's name (drawn large under it): "Pass the screen to" when the
        sentence ends with the name, else the whole sentence with the name in it."""
        # Translators: the privacy screen between two players' turns; when the sentence ends with
        # {name}, the name is shown large on the next line instead
        sentence = _("Pass the screen to {name}")
        head, _name, tail = sentence.partition("{name}")
        return head.strip() if _name and not tail.strip() else sentence.format(name=self.player)
