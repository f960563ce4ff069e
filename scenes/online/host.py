"""Hosting a table from the setup screen (scene ``online_host``, the setup's ``button:host-online``;
issue 24 §2): the table is created from the setup's choices — the first Human seat is this
player's, the other Human seats are open to friends, the AI seats are the server's — and its seat
taken; the lobby (``online_lobby``, with the code and the invite to give) replaces this screen.
A failure is one translated line (``error``) with ``button:back``.

Where the table lives (issue 35, item 3): with no online server in the settings, on this computer —
the app starts its own server (:class:`scenes.online.session.Hosting`, the tables' database in the
data folder) and creates the table at once, in real time. With an online server
(:func:`scenes.online.pace.server_address`), this screen first asks the table's pace
(``choice:pace:live|1d|3d``: real time, or turn-based with a clock per player, item 4) and, for a
turn-based table, what happens when a clock runs out (``choice:timeout:ai|end``); ``button:open``
creates it there (the choices are remembered in the settings). Turn-based tables need the server:
on this computer a table lives only while the app runs.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import _
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_text, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, SegmentedChoice, UIScene, fit_size
from scenes.online.pace import (PACE_CHOICES, PACE_LABELS, PACE_NOTES, TIMEOUT_CHOICES, TIMEOUT_LABELS, clock_request,
                                server_address)
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


#: The choices' panel (logical px), its labels' left edge and the controls' left edge and width.
PANEL = pygame.Rect(190, 130, 900, 420)
LABEL_X, CONTROL_X, CONTROL_W = 230, 520, 530
#: The rows' centre y: where the table lives, its pace (the pace's note under it), the timeout.
ROW_Y = {"where": 180, "pace": 250, "note": 312, "timeout": 400}


class HostScene(UIScene):
    """Creating the table (see the module doc). kwargs: ``game``, ``setup`` (the setup screen's
    play-scene kwargs); ``host`` (the bind address of the app's own server; default
    :func:`scenes.online.session.bind_host`); ``server`` (an online server's address instead of
    the settings': tests)."""

    name = "online_host"

    def __init__(self, app: Any, game: str = "", setup: dict[str, Any] | None = None, host: str | None = None,
                 server: str | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self.back, style="secondary",
                                size=20))
        self.error = ""
        self.hosting: Hosting | None = None
        self.sitting: Sitting | None = None
        self.game, self.setup, self.host = game, dict(setup or {}), host
        #: the online server the table goes to, or None: this computer
        self.server = server or server_address(getattr(app, "settings", None))
        self.choosing = self.server is not None
        if self.choosing:
            self._add_choices()
        else:
            self.open_here()

    # -- the choices (an online server) -----------------------------------------------------------------
    def _add_choices(self) -> None:
        st = getattr(self.app, "settings", None)
        pace = st.get("online_pace", "live") if st is not None else "live"
        on_timeout = st.get("online_timeout", "ai") if st is not None else "ai"
        self.pace = self.widgets.add(SegmentedChoice(
            "choice:pace", [(p, _(PACE_LABELS[p])) for p in PACE_CHOICES], (CONTROL_X, ROW_Y["pace"] - 22, CONTROL_W, 44),
            value=pace if pace in PACE_CHOICES else "live", on_change=self._chosen, size=16))
        self.timeout = self.widgets.add(SegmentedChoice(
            "choice:timeout", [(t, _(TIMEOUT_LABELS[t])) for t in TIMEOUT_CHOICES],
            (CONTROL_X, ROW_Y["timeout"] - 22, CONTROL_W, 44),
            value=on_timeout if on_timeout in TIMEOUT_CHOICES else "ai", on_change=self._chosen, size=16))
        self.timeout.visible = self.pace.value != "live"
        # Translators: the button that creates an online table on the server with the choices made
        self.btn_open = self.widgets.add(Button("button:open", _("Open the table"), (PANEL.centerx - 130, 476, 260, 56),
                                                self.open_on_server, size=21))

    def _chosen(self, _value: Any = None) -> None:
        """A choice changed: the timeout's row follows the pace; both remembered in the settings."""
        self.timeout.visible = self.pace.value != "live"
        st = getattr(self.app, "settings", None)
        if st is not None:
            st["online_pace"], st["online_timeout"] = self.pace.value, self.timeout.value
            try:
                st.save()
            except Exception:
                log.exception("online: the hosting choices are not saved")

    def open_on_server(self) -> None:
        """``button:open``: create the table on the online server with the pace chosen, and sit."""
        if self.sitting is not None or self.server is None:
            return
        self.choosing = False
        for w in (self.pace, self.timeout, self.btn_open):
            w.visible = False
        seats, options, mine, name = table_request(self.setup)
        self.sitting = Sitting(self.server, name, create=(self.game, seats, options), seat=mine,
                               clock=clock_request(self.pace.value, self.timeout.value))

    # -- this computer ----------------------------------------------------------------------------
    def open_here(self) -> None:
        """Start the app's own server and create the table on it (real time)."""
        host = self.host
        seats, options, mine, name = table_request(self.setup)
        game = self.game
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
        hosting, self.hosting = self.hosting, None
        address = hosting.shared_url if hosting is not None else self.server
        self.app.manager.reset(self.app.make_scene("online_lobby", match=sitting.match, address=address,
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
        elif self.choosing:
            self._draw_choices(surface)
        else:
            draw_text(surface, app, _("Opening your table…"), (640, 360), 22, C.INK_MUTED)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


    def _draw_choices(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_panel(surface, app, PANEL, radius=20)
        rows = [("where", _("Server")), ("pace", _("Pace"))]
        if self.timeout.visible:
            # Translators: the hosting choice of what happens when a turn-based player's clock runs out
            rows.append(("timeout", _("When a clock runs out")))
        room = CONTROL_X - LABEL_X - 16
        for key, label in rows:
            size = fit_size(app, label, 19, True, room)
            draw_text(surface, app, fit_text(app, label, size, True, room), (LABEL_X, ROW_Y[key]), size, C.INK,
                      bold=True, anchor="midleft")
        where = self.server or ""
        draw_text(surface, app, fit_text(app, where, 19, False, CONTROL_W), (CONTROL_X, ROW_Y["where"]), 19, C.INK,
                  anchor="midleft")
        note = _(PACE_NOTES[self.pace.value])
        for i, line in enumerate(wrap_text(app, note, 17, PANEL.w - 80)[:2]):
            draw_text(surface, app, line, (LABEL_X, ROW_Y["note"] + 24 * i), 17, C.INK_SOFT, anchor="midleft")

    def typed_texts(self) -> list[str]:
        """Texts shown as typed, never translated (the layout check's): the server's address."""
        return [self.server] if self.choosing and self.server else []


__all__ = ["DB_NAME", "HostScene", "table_request"]
