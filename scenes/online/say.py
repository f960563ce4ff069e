"""Quick messages at an online table (scene ``online_say``; issue 24 §2): an overlay over the play
scene with the protocol's fixed phrases (``game.net.protocol.PHRASES``), each a button
``phrase:<phrase>`` in the language in use; a click says it to the table and closes the overlay
(``button:cancel`` or Esc closes it without a word). What a seat said shows in the play scene's
banner (:func:`scenes.play.online_frame.frame`).
"""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.i18n import _
from game.net.protocol import PHRASES
from scenes.kit import boxes
from scenes.kit.draw import C, draw_panel, draw_text, fill_alpha
from scenes.kit.widgets import Button, UIScene
from scenes.play.online_frame import phrase_text

PANEL = pygame.Rect(440, 130, 400, 470)


class SayScene(UIScene):
    """The phrases (see the module doc). kwargs: ``match`` (the seat's
    :class:`scenes.play.online.OnlineMatch`)."""

    name = "online_say"
    overlay = True
    FADE_MS = 120.0

    def __init__(self, app: Any, match: Any = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.match = match
        for i, phrase in enumerate(PHRASES):
            self.widgets.add(Button(f"phrase:{phrase}", phrase_text(phrase), (480, 200 + 54 * i, 320, 46),
                                    partial(self.say, phrase), style="secondary", size=19))
        self.widgets.add(Button("button:cancel", _("Cancel"), (540, 200 + 54 * len(PHRASES) + 8, 200, 44),
                                self.close, style="ghost", size=18))

    def say(self, phrase: str) -> None:
        """Say ``phrase`` to the table and close."""
        if self.match is not None:
            self.match.say(phrase)
        self.close()

    def close(self) -> None:
        self.app.manager.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle_event(event)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP,
                              pygame.MOUSEWHEEL)  # modal

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        fill_alpha(surface, C.INK, int(120 * self.fade.value))
        boxes.new_layer(app)
        draw_panel(surface, app, PANEL, radius=22)
        # Translators: the title of the quick messages' list at an online table
        draw_text(surface, app, _("Say"), (640, PANEL.y + 36), 28, C.INK, bold=True)
        self.widgets.draw(surface, app)


__all__ = ["SayScene"]
