"""The settings screen (registered as ``"settings"``, the menu's ``button:settings``; issue 12):
sound on / off and its volume (a slider), animation speed, fullscreen, and per game whether new
games offer undo and hints (the defaults the setup screen starts from). Every change applies at
once and is saved at once.

UI ids: ``choice:sound:on|off``, ``slider:volume`` (kind ``slider``), ``choice:speed:<speed>``,
``choice:fullscreen:on|off``, ``choice:undo-<game>:on|off``, ``choice:hint-<game>:on|off``,
``choice:language:system|en|es|ja`` (the system's language, or one chosen: takes effect at once
through :meth:`App.set_language`), ``field:server`` (the online server's address, issue 35: where
Host online opens tables and whose tables Play online lists; empty for this computer; saved when
its editing ends, an address that is not one left unsaved and said), ``button:back`` (also Esc).

The texts are looked up when the screen is built or drawn; a language change rebuilds it
(:meth:`SettingsScene.language_changed`)."""
from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_text, wrap_text
from scenes.kit.slider import Slider
from scenes.kit.textfield import TextField
from scenes.kit.widgets import Button, SegmentedChoice, UIScene, fit_size
from scenes.shell.catalog import COMMON_OPTIONS, GAME_LIST
from scenes.shell.settings import ANIMATION_SPEEDS, server_address_ok

log = logging.getLogger("tatami.settings")

PANEL = pygame.Rect(190, 104, 900, 504)
LABEL_X = PANEL.x + 48
CONTROL_X = PANEL.x + 330
#: Each row's centre y (logical px); "language" is the language choice's row.
ROWS_Y = {"language": 152, "sound": 206, "speed": 260, "fullscreen": 314, "games": 370, "undo": 410, "hint": 462,
          "server": 528}
SPEED_TEXT = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
#: The rows' labels.
ROW_LABELS = (("language", N_("Language")), ("sound", N_("Sound effects")), ("speed", N_("Animation speed")), ("fullscreen", N_("Display")),
              ("undo", N_("Undo in new games")), ("hint", N_("Hints in new games")),
              # Translators: the settings row of the address where online tables are hosted and listed
              ("server", N_("Online server")))
#: The server field's width (logical px); what is said of the address typed goes right of it.
SERVER_W = 330
GAME_COL_W, GAME_COL_GAP = 160, 26


def game_column(k: int, n: int) -> tuple[float, float]:
    """(x, width) in logical px of the ``k``-th of ``n`` games' columns of the per-game rows:
    :data:`GAME_COL_W` wide, narrower when ``n`` of them would pass the panel's right margin."""
    room = PANEL.right - 40 - CONTROL_X
    w = min(float(GAME_COL_W), (room - (n - 1) * GAME_COL_GAP) / max(1, n))
    return CONTROL_X + k * (w + GAME_COL_GAP), w


def _option_default(key: str) -> str:
    return next(default for k, _label, _values, default in COMMON_OPTIONS if k == key)


def _on_off() -> list[tuple[str, str]]:
    return [("on", _("On")), ("off", _("Off"))]


class SettingsScene(UIScene):
    """The settings (see the module doc)."""

    name = "settings"

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        st = app.settings
        chosen = st.get("language")
        # Translators: the language choice's first option: follow the computer's language
        languages = [("system", _("System"))] + [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
        self.widgets.add(SegmentedChoice("choice:language", languages,
                                         (CONTROL_X, ROWS_Y["language"] - 22, 500, 44),
                                         value=chosen if chosen in LANGUAGES else "system",
                                         on_change=self._set_language, size=16))
        on = st.get("sound", True) is not False
        self.widgets.add(SegmentedChoice("choice:sound", _on_off(),
                                         (CONTROL_X, ROWS_Y["sound"] - 22, 150, 44), value="on" if on else "off",
                                         on_change=self._set_sound, size=16))
        self.volume = self.widgets.add(Slider("slider:volume", (CONTROL_X + 190, ROWS_Y["sound"] - 14, 300, 28),
                                              value=self._volume(), on_change=self._set_volume))
        speed = st.get("animation_speed", "normal")
        self.widgets.add(SegmentedChoice("choice:speed", [(s, _(SPEED_TEXT[s])) for s in ANIMATION_SPEEDS],
                                         (CONTROL_X, ROWS_Y["speed"] - 22, 470, 44),
                                         value=speed if speed in ANIMATION_SPEEDS else "normal",
                                         on_change=self._set_speed, size=16))
        self.widgets.add(SegmentedChoice("choice:fullscreen", [("off", _("Window")), ("on", _("Fullscreen"))],
                                         (CONTROL_X, ROWS_Y["fullscreen"] - 22, 300, 44),
                                         value="on" if getattr(app, "fullscreen", False) else "off",
                                         on_change=self._set_fullscreen, size=16))
        for k, g in enumerate(GAME_LIST):
            x, w = game_column(k, len(GAME_LIST))
            opts = st.setup_for(g.name).get("options", {})
            opts = opts if isinstance(opts, dict) else {}
            for key in ("undo", "hint"):
                value = opts.get(key, _option_default(key))
                self.widgets.add(SegmentedChoice(f"choice:{key}-{g.name}", _on_off(),
                                                 (x, ROWS_Y[key] - 22, w, 44),
                                                 value=value if value in ("on", "off") else _option_default(key),
                                                 on_change=partial(self._set_option, g.name, key), size=15))
        #: the online server's field (issue 35): empty for this computer; a bad address is not saved
        self.server = self.widgets.add(TextField(
            "field:server", (CONTROL_X, ROWS_Y["server"] - 22, SERVER_W, 44), str(st.get("online_server") or ""),
            _("This computer"), max_len=200, size=16, on_done=self._set_server, on_change=self._server_typed))
        self.server_bad = False
        self.widgets.add(Button("button:back", _("Back"), (PANEL.centerx - 100, PANEL.bottom + 20, 200, 54), self.back,
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

    def _set_language(self, value: str) -> None:
        """``choice:language``: every text in that language at once (this screen and the menu
        are rebuilt), the choice saved; "system" forgets it (the system's language)."""
        self.app.set_language(None if value == "system" else value)

    def _set_speed(self, value: str) -> None:
        self.app.settings["animation_speed"] = value
        self._save()

    def _set_fullscreen(self, value: str) -> None:
        if (value == "on") != bool(getattr(self.app, "fullscreen", False)):
            self.app.toggle_fullscreen()
        self._save()

    def _server_typed(self, text: str) -> None:
        self.server_bad = False

    def _set_server(self, text: str) -> None:
        """``field:server`` edited (its editing ended): an address (``ws://`` / ``wss://``) or
        nothing (this computer) saved at once; anything else left unsaved and said under it."""
        address = text.strip()
        if address and not server_address_ok(address):
            self.server_bad = True
            return
        self.server_bad = False
        if address != self.app.settings.get("online_server"):
            self.app.settings["online_server"] = address
            self._save()  # (the menu's watch over the server follows: scenes.online.keptfile.app_watch)

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

    def language_changed(self) -> "SettingsScene":
        """The language changed: this screen again, in it (its choices are built once), without a
        fade and with the keyboard focus where it was."""
        scene = type(self)(self.app)
        scene.fade.finish()
        scene.server.set_text(self.server.text)
        scene.server_bad = self.server_bad
        ring, old = scene.widgets.focus, self.widgets.focus
        current = getattr(old.current, "id", None)
        ring.keyboard = old.keyboard
        ring.current = next((w for w in scene.widgets.widgets if current is not None and w.id == current), None)
        return scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.server.focused:
            self.back()
            return True
        return super().handle_event(event)

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("Settings"), (640, 62), 40, C.INK, bold=True)
        draw_panel(surface, app, PANEL, radius=20)
        for key, label in ROW_LABELS:
            text = _(label)
            size = fit_size(app, text, 19, True, CONTROL_X - LABEL_X - 16)
            draw_text(surface, app, text, (LABEL_X, ROWS_Y[key]), size, C.INK, bold=True, anchor="midleft")
        # Translators: the sound volume beside its slider ("70%")
        draw_text(surface, app, _("{percent}%").format(percent=round(self.volume.value * 100)),
                  (CONTROL_X + 510, ROWS_Y["sound"]), 17, C.INK_SOFT, anchor="midleft")
        for k, g in enumerate(GAME_LIST):
            x, w = game_column(k, len(GAME_LIST))
            title = _(g.title)
            draw_text(surface, app, title, (x + w / 2, ROWS_Y["games"]), fit_size(app, title, 16, True, w + GAME_COL_GAP - 6),
                      C.INK_SOFT, bold=True)
        if self.server_bad:
            # Translators: under the online server's field when what was typed is not an address
            note, ink = _("Not saved: an address starts with ws:// or wss://, like wss://tatami.example.org."), C.VERMILION
        else:
            # Translators: under the online server's field: what the address is for
            note, ink = _("Host online opens tables there; Play online lists yours. Empty: this computer."), C.INK_SOFT
        room = PANEL.right - 40 - LABEL_X
        lines = wrap_text(app, note, 15, room)
        if len(lines) > 2:  # (a third line would pass the panel: the second ends the note, cut)
            lines = [lines[0], fit_text(app, " ".join(lines[1:]) if " " in note else "".join(lines[1:]), 15, False,
                                        room)]
        for i, line in enumerate(lines):
            draw_text(surface, app, line, (LABEL_X, ROWS_Y["server"] + 36 + 19 * i), 15, ink, anchor="midleft")
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["SettingsScene"]
