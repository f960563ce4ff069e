"""The settings screen (registered as ``"settings"``, the menu's ``button:settings``; issue 12):
sound on / off and its volume (a slider), animation speed, fullscreen, and per game whether new
games offer undo and hints (the defaults the setup screen starts from). Every change applies at
once and is saved at once.

UI ids: ``choice:sound:on|off``, ``slider:volume`` (kind ``slider``), ``choice:speed:<speed>``,
``choice:fullscreen:on|off``, ``choice:undo-<game>:on|off``, ``choice:hint-<game>:on|off``,
``button:back`` (also Esc). The language choice comes with the translation catalogs."""
from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text
from scenes.kit.slider import Slider
from scenes.kit.widgets import Button, SegmentedChoice, UIScene
from scenes.shell.catalog import COMMON_OPTIONS, GAME_LIST
from scenes.shell.settings import ANIMATION_SPEEDS

log = logging.getLogger("tatami.settings")

PANEL = pygame.Rect(190, 112, 900, 500)
LABEL_X = PANEL.x + 48
CONTROL_X = PANEL.x + 330
ROWS_Y = {"sound": 180, "speed": 250, "fullscreen": 320, "games": 396, "undo": 446, "hint": 508}
SPEED_TEXT = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
GAME_COL_W, GAME_COL_GAP = 160, 26


def _option_default(key: str) -> str:
    return next(default for k, _, _, default in COMMON_OPTIONS if k == key)


class SettingsScene(UIScene):
    """The settings (see the module doc)."""

    name = "settings"

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        st = app.settings
        on = st.get("sound", True) is not False
        self.widgets.add(SegmentedChoice("choice:sound", [("on", "On"), ("off", "Off")],
                                         (CONTROL_X, ROWS_Y["sound"] - 22, 150, 44), value="on" if on else "off",
                                         on_change=self._set_sound, size=16))
        self.volume = self.widgets.add(Slider("slider:volume", (CONTROL_X + 190, ROWS_Y["sound"] - 14, 300, 28),
                                              value=self._volume(), on_change=self._set_volume))
        speed = st.get("animation_speed", "normal")
        self.widgets.add(SegmentedChoice("choice:speed", [(s, SPEED_TEXT[s]) for s in ANIMATION_SPEEDS],
                                         (CONTROL_X, ROWS_Y["speed"] - 22, 470, 44),
                                         value=speed if speed in ANIMATION_SPEEDS else "normal",
                                         on_change=self._set_speed, size=16))
        self.widgets.add(SegmentedChoice("choice:fullscreen", [("off", "Window"), ("on", "Fullscreen")],
                                         (CONTROL_X, ROWS_Y["fullscreen"] - 22, 300, 44),
                                         value="on" if getattr(app, "fullscreen", False) else "off",
                                         on_change=self._set_fullscreen, size=16))
        for k, g in enumerate(GAME_LIST):
            x = CONTROL_X + k * (GAME_COL_W + GAME_COL_GAP)
            opts = st.setup_for(g.name).get("options", {})
            opts = opts if isinstance(opts, dict) else {}
            for key in ("undo", "hint"):
                value = opts.get(key, _option_default(key))
                self.widgets.add(SegmentedChoice(f"choice:{key}-{g.name}", [("on", "On"), ("off", "Off")],
                                                 (x, ROWS_Y[key] - 22, GAME_COL_W, 44),
                                                 value=value if value in ("on", "off") else _option_default(key),
                                                 on_change=partial(self._set_option, g.name, key), size=15))
        self.widgets.add(Button("button:back", "Back", (PANEL.centerx - 100, PANEL.bottom + 24, 200, 54), self.back,
                                style="secondary", size=20))

    # -- applying ---------------------------------------------------------------------------------
    def _save(self) -> None:
        try:
            self.app.settings.save()
        except Exception:  # the settings store logs its own write failures
            log.exception("cannot save the settings")

    def _volume(self) -> float:
        v = self.app.settings.get("volume", 0.7)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.7

    def _set_sound(self, value: str) -> None:
        self.app.settings["sound"] = value == "on"
        self._save()

    def _set_volume(self, value: float) -> None:
        self.app.settings["volume"] = round(float(value), 2)
        self._save()
        sound = getattr(self.app, "sound", None)
        if sound is not None and value > 0:
            try:
                sound.play("click")  # hear the new level at once
            except Exception:
                log.debug("volume preview failed", exc_info=True)

    def _set_speed(self, value: str) -> None:
        self.app.settings["animation_speed"] = value
        self._save()

    def _set_fullscreen(self, value: str) -> None:
        if (value == "on") != bool(getattr(self.app, "fullscreen", False)):
            self.app.toggle_fullscreen()
        self._save()

    def _set_option(self, game: str, key: str, value: str) -> None:
        st = self.app.settings
        saved = st.setup_for(game)
        opts = dict(saved.get("options") or {})
        opts[key] = value
        saved["options"] = opts
        st.set_setup(game, saved)
        self._save()

    def back(self) -> None:
        """``button:back`` / Esc: the scene below (the menu)."""
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return super().handle_event(event)

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, "Settings", (640, 62), 40, C.INK, bold=True)
        draw_panel(surface, app, PANEL, radius=20)
        rows = (("sound", "Sound effects"), ("speed", "Animation speed"), ("fullscreen", "Display"),
                ("undo", "Undo in new games"), ("hint", "Hints in new games"))
        for key, label in rows:
            draw_text(surface, app, label, (LABEL_X, ROWS_Y[key]), 19, C.INK, bold=True, anchor="midleft")
        draw_text(surface, app, f"{round(self.volume.value * 100)}%", (CONTROL_X + 510, ROWS_Y["sound"]), 17,
                  C.INK_SOFT, anchor="midleft")
        for k, g in enumerate(GAME_LIST):
            x = CONTROL_X + k * (GAME_COL_W + GAME_COL_GAP) + GAME_COL_W / 2
            draw_text(surface, app, g.title, (x, ROWS_Y["games"]), 16, C.INK_SOFT, bold=True)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["SettingsScene"]
