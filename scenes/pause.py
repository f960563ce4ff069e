"""Pause menu: an overlay over the play scene (drawn dimmed underneath).

UI ids: ``button:resume``, ``button:rules``, ``button:quit-to-menu``. Esc resumes.
"""
from __future__ import annotations

from typing import Any

import pygame

from scenes.widgets import C, Button, UIScene, draw_panel, draw_text, fill_alpha


class PauseScene(UIScene):
    """Overlay pushed over a pausable scene. kwargs: ``game`` (for the rules page, default
    taken from the scene below, else "kaito")."""

    name = "pause"
    overlay = True
    FADE_MS = 140.0

    def __init__(self, app: Any, game: str | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.game = game
        x, w = 640 - 150, 300
        self.widgets.add(Button("button:resume", "Resume", (x, 300, w, 60), self.resume_game, style="primary", size=22))
        self.widgets.add(Button("button:rules", "Rules", (x, 378, w, 56), self.show_rules, style="secondary",
                                size=20))
        self.widgets.add(Button("button:quit-to-menu", "Quit to menu", (x, 450, w, 56), self.quit_to_menu,
                                style="secondary", size=20))

    def _game_name(self) -> str:
        if self.game:
            return self.game
        below = self.app.manager.stack[:-1]
        for s in reversed(below):
            g = getattr(s, "game_name", None)
            if isinstance(g, str):
                return g
        return "kaito"

    def resume_game(self) -> None:
        if self.app.manager.top() is self:
            self.app.manager.pop()

    def show_rules(self) -> None:
        self.app.manager.push(self.app.make_scene("rules", game=self._game_name()))

    def quit_to_menu(self) -> None:
        self.app.go_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.resume_game()
            return True
        super().handle_event(event)
        # modal: nothing reaches the paused scene
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP,
                              pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = self.fade.value
        fill_alpha(surface, C.INK, int(170 * t))
        panel = pygame.Rect(640 - 210, 150 + (1 - t) * 20, 420, 400)
        draw_panel(surface, app, panel, radius=24)
        draw_text(surface, app, "Paused", (640, panel.y + 62), 40, C.INK, bold=True)
        draw_text(surface, app, "ひとやすみ", (640, panel.y + 104), 17, C.VERMILION, jp=True, decorative=True)
        self.widgets.draw(surface, app)
        draw_text(surface, app, "Esc to resume", (640, panel.bottom + 26), 15, C.PAPER_DARK)
