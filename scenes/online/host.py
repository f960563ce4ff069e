"""Hosting a table from the setup screen (scene ``online_host``, the setup's ``button:host-online``;
issue 24 §2): the app starts its own server (:class:`scenes.online.session.Hosting`, the tables'
database in the data folder), creates the table from the setup's choices — the first Human seat is
this player's, the other Human seats are open to friends, the AI seats are the server's — and takes
its seat; the lobby (``online_lobby``, with the code and the address to give) replaces this screen.
A failure is one translated line (``error``) with ``button:back``.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import _
from scenes.kit.draw import C, draw_chrome, draw_text, fit_text
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, UIScene
from scenes.online.session import Hosting, Sitting, error_line
from scenes.play.seats import HOST, is_default_name
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.online")

#: The app's own server's database, in the data folder.
DB_NAME = "online-tables.sqlite3"


def table_request(setup: dict[str, Any]) -> tuple[list[str], dict[str, Any], int, str]:
    """From the setup screen's play-scene kwargs: the table's seat kinds (``"human"`` -> ``"open"``),
    its options (KAITO's ``colors``, Kanji-zushi's ``answer_key``), this player's seat (the first
    Human; else seat 0) and name (:data:`scenes.play.seats.HOST`, an English label, where none was
    typed or the setup's is a default name such as "Player 1": each app shows it in its own
    language)."""
    kinds = [str(k) for k in setup.get("seats", ())]
    mine = kinds.index("human") if "human" in kinds else 0
    seats = ["open" if k == "human" or i == mine else k for i, k in enumerate(kinds)]
    options: dict[str, Any] = {}
    if setup.get("colors"):
        options["colors"] = list(setup["colors"])
    if setup.get("answer_key"):
        options["answer_key"] = str(setup["answer_key"])
    names = list(setup.get("names") or [])
    typed = str(names[mine]) if mine < len(names) and names[mine] else ""
    name = typed if typed and not is_default_name(kinds, mine, typed) else HOST  # ("Player 1": a label)
    return seats, options, mine, name


class HostScene(UIScene):
    """Starting the app's server and the table (see the module doc). kwargs: ``game``, ``setup``
    (the setup screen's play-scene kwargs); ``host`` (the bind address; default
    :func:`scenes.online.session.bind_host`)."""

    name = "online_host"

    def __init__(self, app: Any, game: str = "", setup: dict[str, Any] | None = None, host: str | None = None,
                 **kwargs: Any):
        super().__init__(app, **kwargs)
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self.back, style="secondary",
                                size=20))
        self.error = ""
        self.hosting: Hosting | None = None
        self.sitting: Sitting | None = None
        seats, options, mine, name = table_request(setup or {})
        try:
            self.hosting = Hosting(data_dir() / DB_NAME, host)
        except Exception as exc:
            log.warning("online: cannot host: %s", exc)
            self.error = error_line("no-host")
            return
        self.sitting = Sitting(self.hosting.local_url, name, create=(game, seats, options), seat=mine)

    def back(self) -> None:
        """``button:back`` / Esc: stop (the server too: :meth:`exit`) and go back to the setup screen."""
        self.app.manager.pop()

    def exit(self) -> None:
        """Leaving the stack before the lobby took over: the join dropped, the server stopped."""
        if self.sitting is not None:
            self.sitting.cancel()
            self.sitting = None
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        sitting = self.sitting
        if sitting is None or not sitting.poll():
            return
        self.sitting = None
        if sitting.error is not None:
            self.error = error_line(sitting.error)
            return
        assert self.hosting is not None
        hosting, self.hosting = self.hosting, None
        self.app.manager.reset(self.app.make_scene("online_lobby", match=sitting.match, address=hosting.shared_url,
                                                   hosting=hosting))

    def busy(self) -> bool:
        return super().busy() or self.sitting is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return super().handle_event(event)

    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        if self.error:
            out.append(UIElement("error", "text", pygame.Rect(240, 340, 800, 40), label=self.error))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("Host online"), (640, 70), 44, C.INK, bold=True)
        if self.error:
            draw_text(surface, app, fit_text(app, self.error, 21, True, 800), (640, 360), 21, C.VERMILION, bold=True)
        else:
            draw_text(surface, app, _("Opening your table…"), (640, 360), 22, C.INK_MUTED)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["DB_NAME", "HostScene", "table_request"]
