"""Pause menu: an overlay over the play scene (drawn dimmed underneath).

UI ids: ``button:resume``, ``button:rules``, ``button:sound`` (sound effects on / off: the
"sound" setting), ``button:quit-to-menu``. Esc resumes.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from scenes.kit import boxes
from scenes.kit.draw import C, draw_panel, draw_text, fill_alpha, japanese_gloss
from scenes.kit.widgets import Button, UIScene

PANEL = pygame.Rect(640 - 210, 124, 420, 472)


class PauseScene(UIScene):
    """Overlay pushed over a pausable scene. kwargs: ``game`` (for the rules page, default
    taken from the scene below, else the rules page's own first game)."""

    name = "pause"
    overlay = True
    still_below = True  # the game below is paused: drawn once (scenes.kit.scene.Scene.still_below)
    FADE_MS = 140.0

    def __init__(self, app: Any, game: str | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.game = game
        x, w = 640 - 150, 300
        self.widgets.add(Button("button:resume", _("Resume"), (x, 274, w, 60), self.resume_game, style="primary",
                                size=22))
        self.widgets.add(Button("button:rules", _("Rules"), (x, 352, w, 56), self.show_rules, style="secondary",
                                size=20))
        self.btn_sound = self.widgets.add(Button("button:sound", self._sound_label(), (x, 424, w, 56),
                                                 self.toggle_sound, style="secondary", size=20, icon=self._speaker))
        self.widgets.add(Button("button:quit-to-menu", _("Quit to menu"), (x, 496, w, 56), self.quit_to_menu,
                                style="secondary", size=20))

    def _game_name(self) -> str:
        if self.game:
            return self.game
        below = self.app.manager.stack[:-1]
        for s in reversed(below):
            g = getattr(s, "game_name", None)
            if isinstance(g, str):
                return g
        return ""

    def resume_game(self) -> None:
        if self.app.manager.top() is self:
            self.app.manager.pop()

    def show_rules(self) -> None:
        self.app.manager.push(self.app.make_scene("rules", game=self._game_name()))

    def quit_to_menu(self) -> None:
        self.app.go_to_menu()

    def sound_on(self) -> bool:
        return self.app.settings.get("sound", True) is not False

    def _sound_label(self) -> str:
        return _("Sound: on") if self.sound_on() else _("Sound: off")

    def toggle_sound(self) -> None:
        """Flip the "sound" setting (applies at once; saved with the other settings)."""
        self.app.settings["sound"] = not self.sound_on()
        self.btn_sound.label = self._sound_label()

    def _speaker(self, surface: pygame.Surface, app: Any, lrect: pygame.Rect) -> None:
        """A small speaker at the button's left: with sound waves when on, crossed out when off."""
        vp = app.viewport
        on = self.sound_on()
        col = C.INK if on else C.INK_MUTED
        cx, cy = lrect.x + 34, lrect.centery
        body = [(cx - 9, cy - 4), (cx - 4, cy - 4), (cx + 3, cy - 10), (cx + 3, cy + 10), (cx - 4, cy + 4),
                (cx - 9, cy + 4)]
        pygame.draw.polygon(surface, col, [vp.to_window(p) for p in body])
        lw = max(1, vp.px(2))
        if on:
            for r in (7, 13):
                box = vp.rect(cx + 3 - r + 2, cy - r, 2 * r, 2 * r)
                pygame.draw.arc(surface, col, box, -0.85, 0.85, lw)
        else:
            for a, b in (((cx + 8, cy - 5), (cx + 18, cy + 5)), ((cx + 8, cy + 5), (cx + 18, cy - 5))):
                pygame.draw.line(surface, C.VERMILION, vp.to_window(a), vp.to_window(b), lw)

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
        boxes.new_layer(self.app)  # the dialog over the dim
        panel = PANEL.move(0, (1 - t) * 20)
        draw_panel(surface, app, panel, radius=24)
        draw_text(surface, app, _("Paused"), (640, panel.y + 62), 40, C.INK, bold=True)
        draw_text(surface, app, japanese_gloss("ひとやすみ"), (640, panel.y + 104), 17, C.VERMILION, jp=True,
                  decorative=True)
        self.widgets.draw(surface, app)
        # inside the dialog, under its last button (it read over the board before)
        draw_text(surface, app, _("Esc to resume"), (640, panel.bottom - 22), 15, C.INK_MUTED)
