"""The first-time offer (registered as ``"tutorial_offer"``): the first time a player opens a game
from the menu, "New to KAITO? Learn in 3 minutes" over the menu, with ``button:tutorial`` (the
guided game) and ``button:skip-tutorial`` (on to the game's setup). Either answer is remembered in
the settings (``tutorial_offered``), so it is asked once per game; Esc closes it unanswered."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.i18n import _, ngettext
from scenes.kit import boxes
from scenes.kit.draw import C, draw_hanko, draw_panel, draw_text, fill_alpha, wrap_text
from scenes.kit.widgets import Button, UIScene
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.shell.offered import mark_offered
from scenes.tutorial.scene import start_tutorial

PANEL = pygame.Rect(640 - 310, 180, 620, 330)
class TutorialOfferScene(UIScene):
    """The offer. kwargs: ``game`` (its name) and ``on_skip`` (called after the offer closes by
    ``button:skip-tutorial``: the menu opens the setup)."""

    name = "tutorial_offer"
    overlay = True
    FADE_MS = 140.0

    def __init__(self, app: Any, game: str = "", on_skip: Callable[[], Any] | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.game = game
        self.on_skip = on_skip
        info = GAMES_BY_NAME[game]
        # Translators: the first-time offer of a game's tutorial; {game} is the game's name
        self.title = _("New to {game}?").format(game=_(info.title))
        self.message = _("A short guided game teaches every rule: the coach explains one at a time and "
                         "asks you to play it.")
        y = PANEL.bottom - 92
        # Translators: a button: no tutorial, on to the game's setup
        self.widgets.add(Button("button:skip-tutorial", _("Skip"), (PANEL.x + 40, y, 220, 58), self.skip,
                                style="secondary", size=20))
        minutes = info.tutorial_minutes
        # Translators: a button starting the tutorial ({n}: its length in minutes; ~24 characters)
        learn = ngettext("Learn in {n} minute", "Learn in {n} minutes", minutes).format(n=minutes)
        self.widgets.add(Button("button:tutorial", learn, (PANEL.right - 320, y, 280, 58), self.learn,
                                style="primary", size=20))

    def _close(self) -> None:
        if self.app.manager.top() is self:
            self.app.manager.pop()

    def learn(self) -> None:
        """``button:tutorial``: remember the answer and start the tutorial."""
        mark_offered(self.app, self.game)
        self._close()
        start_tutorial(self.app, self.game)

    def skip(self) -> None:
        """``button:skip-tutorial``: remember the answer and go on (``on_skip``)."""
        mark_offered(self.app, self.game)
        self._close()
        if self.on_skip is not None:
            self.on_skip()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._close()
            return True
        super().handle_event(event)
        return True  # modal: nothing reaches the menu under it

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        fill_alpha(surface, C.INK, int(150 * self.fade.value))
        boxes.new_layer(self.app)  # the dialog over the dim
        draw_panel(surface, app, PANEL, radius=24, border=C.GOLD)
        draw_hanko(surface, app, (PANEL.x + 56, PANEL.y + 56), 44, "師", tilt=-5)
        draw_text(surface, app, self.title, (PANEL.centerx + 20, PANEL.y + 56), 30, C.INK, bold=True)
        y: float = PANEL.y + 112
        for line in wrap_text(app, self.message, 19, PANEL.w - 90)[:4]:
            draw_text(surface, app, line, (PANEL.centerx, y), 19, C.INK_SOFT)
            y += 19 * 1.45
        self.widgets.draw(surface, app)


__all__ = ["TutorialOfferScene"]
