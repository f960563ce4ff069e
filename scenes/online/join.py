"""The join screen (scene ``online_join``, the menu's ``button:online``; issue 24 §2): a table code
(``field:code``, ``ABCDE-FGHJK``), the server's address (``field:address``, default
:data:`scenes.online.session.DEFAULT_ADDRESS`), the player's name (``field:online-name``),
``button:join``, ``button:back`` (Esc too), and the tables found on the local network
(``found:<i>``, buttons that fill the code and address; empty until LAN discovery,
``game.net.discovery``, is available and finds some). A failed join is one translated line
(``error``, by the server's error code: :func:`scenes.online.session.error_line`).

While the join waits for the server (never in a frame: :class:`scenes.online.session.Sitting`,
polled in ``update``), ``button:join`` is disabled; once seated the lobby (``online_lobby``)
replaces this screen.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.i18n import _
from game.net.protocol import CODE_LENGTH, MAX_NAME, normalize_code
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_text
from scenes.kit.scene import UIElement
from scenes.kit.textfield import TextField
from scenes.kit.widgets import Button, UIScene, fit_size
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.online.session import DEFAULT_ADDRESS, Sitting, check_address, error_line

log = logging.getLogger("tatami.online")

#: Most tables listed from the local network.
FOUND_MAX = 4


def game_title(name: str) -> str:
    """A game's title in the language in use, by its registered name (an unknown one as given)."""
    info = GAMES_BY_NAME.get(name)
    return _(info.title) if info is not None else name


class LanTables:
    """The tables announced on the local network (``game.net.discovery``'s browser, when that
    module exists and discovery is enabled; otherwise always empty). Hook of the join screen."""

    def __init__(self) -> None:
        self.browser: Any = None
        try:
            from game.net import discovery  # (built apart: optional until it lands)

            if discovery.enabled():
                self.browser = discovery.Browser()
                self.browser.start()
        except Exception as exc:  # missing module, no zeroconf, no network: an empty list
            log.info("online: no LAN discovery (%s)", exc)
            self.browser = None

    def tables(self) -> list[Any]:
        """The tables found now, at most :data:`FOUND_MAX` (objects with ``code``, ``game``,
        ``host``, ``open_seats``, ``url``)."""
        if self.browser is None:
            return []
        try:
            return [t for t in self.browser.tables() if getattr(t, "compatible", True)][:FOUND_MAX]
        except Exception:
            return []

    def close(self) -> None:
        if self.browser is not None:
            try:
                self.browser.close()
            except Exception:
                pass
            self.browser = None


class JoinScene(UIScene):
    """The join screen (see the module doc). kwargs: ``code``, ``address``, ``name`` to start
    the fields with."""

    name = "online_join"

    def __init__(self, app: Any, code: str = "", address: str = DEFAULT_ADDRESS, name: str = "", **kwargs: Any):
        super().__init__(app, **kwargs)
        self.f_code = self.widgets.add(TextField("field:code", (464, 196, 380, 56), code, "ABCDE-FGHJK",
                                                 max_len=CODE_LENGTH + 4, size=26))
        self.f_address = self.widgets.add(TextField("field:address", (464, 290, 380, 50), address, DEFAULT_ADDRESS,
                                                    max_len=120, size=19))
        self.f_name = self.widgets.add(TextField("field:online-name", (464, 378, 380, 50), name, _("Player"),
                                                 max_len=MAX_NAME, size=19))
        self.btn_join = self.widgets.add(Button("button:join", _("Join"), (540, 470, 200, 60), self.join, size=24))
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self.back, style="secondary",
                                size=20))
        self.error = ""
        self.sitting: Sitting | None = None
        self.lan = LanTables()
        self.found: list[Any] = []
        self.found_buttons: list[Button] = []

    # -- actions ----------------------------------------------------------------------------------
    def join(self) -> None:
        """``button:join``: check the fields, then join on a client thread."""
        if self.sitting is not None:
            return
        code = normalize_code(self.f_code.text)
        url = check_address(self.f_address.text or DEFAULT_ADDRESS)
        if code is None:
            self.error = error_line("bad-code")
            return
        if url is None:
            self.error = error_line("bad-address")
            return
        self.error = ""
        name = self.f_name.text.strip() or _("Player")
        self.sitting = Sitting(url, name, code=code)
        self.btn_join.enabled = False

    def back(self) -> None:
        """``button:back`` / Esc: the menu (a join in progress is dropped: :meth:`exit`)."""
        self.app.go_to_menu()

    def pick_found(self, i: int) -> None:
        """``found:<i>``: a table of the local network fills the code and the address."""
        if i < len(self.found):
            table = self.found[i]
            self.f_code.set_text(str(table.code))
            self.f_address.set_text(str(table.url))

    # -- the frame -----------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self._sync_found()
        sitting = self.sitting
        if sitting is None or not sitting.poll():
            return
        self.sitting = None
        self.btn_join.enabled = True
        if sitting.error is not None:
            self.error = error_line(sitting.error)
            return
        self.lan.close()
        self.app.manager.replace(self.app.make_scene("online_lobby", match=sitting.match,
                                                     address=self.f_address.text or DEFAULT_ADDRESS))

    def _sync_found(self) -> None:
        """The found tables' buttons follow the browser's list."""
        found = self.lan.tables()
        if [t.code for t in found] == [t.code for t in self.found]:
            return
        for b in self.found_buttons:
            self.widgets.widgets.remove(b)
        self.found = found
        self.found_buttons = [self.widgets.add(Button(
            f"found:{i}", _("{host} — {game}").format(host=t.host, game=game_title(t.game)),
            (900, 200 + 64 * i, 300, 52), partial(self.pick_found, i), style="secondary", size=17))
            for i, t in enumerate(found)]

    def busy(self) -> bool:
        return super().busy() or self.sitting is not None

    def exit(self) -> None:
        """Leaving the stack: a join in progress is dropped, the LAN browser closed."""
        if self.sitting is not None:
            self.sitting.cancel()
            self.sitting = None
        self.lan.close()

    def language_changed(self) -> "JoinScene":
        scene = type(self)(self.app, code=self.f_code.text, address=self.f_address.text, name=self.f_name.text)
        scene.fade.finish()
        self.lan.close()
        return scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self._editing():
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._editing():
            handled = super().handle_event(event)
            self.join()
            return handled
        return super().handle_event(event)

    def typed_texts(self) -> list[str]:
        """Texts shown as typed, never translated (the layout check's typed names): the fields'
        texts, the example code, the found tables' hosts."""
        return [t for t in (self.f_code.text, self.f_address.text, self.f_name.text, "ABCDE-FGHJK",
                            *(str(f.host) for f in self.found)) if t]

    def _editing(self) -> bool:
        return any(f.focused for f in (self.f_code, self.f_address, self.f_name))

    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        if self.error:
            out.append(UIElement("error", "text", pygame.Rect(240, 560, 800, 36), label=self.error))
        return out

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("Play online"), (640, 70), 44, C.INK, bold=True)
        draw_text(surface, app, _("Join a friend's table with its code."), (640, 126), 20, C.INK_MUTED)
        draw_panel(surface, app, pygame.Rect(240, 170, 800, 380), radius=20)
        for label, y in ((_("Table code"), 224), (_("Server address"), 315), (_("Your name"), 403)):
            size = fit_size(app, label, 19, True, 196)
            draw_text(surface, app, fit_text(app, label, size, True, 196), (450, y), size, C.INK, bold=True,
                      anchor="midright")
        if self.sitting is not None:
            draw_text(surface, app, _("Joining…"), (640, 578), 20, C.INK_MUTED)
        elif self.error:
            draw_text(surface, app, fit_text(app, self.error, 20, True, 800), (640, 578), 20, C.VERMILION, bold=True)
        if self.found:
            draw_text(surface, app, _("On your network"), (1050, 176), 18, C.INK_MUTED, bold=True)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["FOUND_MAX", "JoinScene", "LanTables"]
