"""The lobby of an online table (scene ``online_lobby``; issue 24 §2): the seats filling — each
seat's name, what plays it (a person, an AI level, open) and whether it is connected — and, large,
the table code and the address to give friends. When every seat is taken the server starts the
table (its ``started``) and the game's play scene replaces the lobby, built with ``remote=`` the
seat's :class:`scenes.play.online.OnlineMatch`.

The seat is kept in the kept seats' file (:mod:`scenes.online.kept`) as the lobby opens, so the
player can take it back after the app was closed; leaving the lobby forgets it.

The address line is the table's invite (issue 33, item 3: :func:`game.net.invite.invite_text`,
the address with the code, ``ws://192.168.1.20:43903/ABCDE-FGHJK``): one text a friend pastes whole
into the join screen, wherever this server listens; ``button:copy-invite`` puts it on the clipboard
(and says so for :data:`COPIED_MS`).

UI ids: ``seat:<i>`` (kind ``seat``, its line as label), ``code`` and ``address`` (kind
``text``, the code and the invite as labels), ``button:copy-invite``, ``button:leave`` (Esc too:
the table is left for good — the seat forgotten, the app's own server stopped; the menu), and at a
turn-based table (issue 35: it lives on its server with nobody connected) ``button:later``: the
menu, the seat kept — the table is in Play online's list and the menu says when it is this
player's turn.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.net.invite import invite_text
from game.net.protocol import shown_code
from scenes.kit import clipboard
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_text, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, UIScene
from scenes.online.kept import forget_seat, keep_seat
from scenes.online.session import announce, open_seats
from scenes.play.online import scene_seats
from scenes.play.seats import LEVEL_LABEL, person_name
from scenes.shell.catalog import GAMES_BY_NAME

SEAT_X, SEAT_Y, SEAT_W, SEAT_H = 240, 300, 800, 52
#: How long "Copied" shows after ``button:copy-invite`` (ms).
COPIED_MS = 2500.0


def seat_line(i: int, seat: dict[str, Any], mine: int) -> str:
    """One seat of the lobby in words ("Seat 2: Ana — connected")."""
    kind, name = str(seat.get("kind")), seat.get("name")
    if kind == "open":
        # Translators: a seat of an online table nobody took yet; {n} counts from 1
        return _("Seat {n}: open — waiting for a friend").format(n=i + 1)
    if kind in LEVEL_LABEL and kind != "human":
        # Translators: a seat of an online table played by the server's AI ({level}: "Hard AI")
        return _("Seat {n}: {level}").format(n=i + 1, level=_(LEVEL_LABEL[kind]))
    who = person_name(str(name)) if name else "?"
    if i == mine:
        # Translators: this player's own seat in an online lobby
        return _("Seat {n}: {name} (you)").format(n=i + 1, name=who)
    if seat.get("connected", True):
        # Translators: another player's seat in an online lobby, connected now
        return _("Seat {n}: {name} — connected").format(n=i + 1, name=who)
    # Translators: another player's seat in an online lobby whose connection dropped
    return _("Seat {n}: {name} — away").format(n=i + 1, name=who)


def play_scene(app: Any, match: Any, hosting: Any = None) -> Any:
    """The game's play scene over the seat ``match`` (an online play-scene Match), which holds
    ``hosting`` (the app's own server, or None) from now on: its close stops it."""
    match.hosting = hosting  # the app's own server lives as long as the game (its close stops it)
    info = GAMES_BY_NAME[match.game.name]
    return app.make_scene(info.scene, seats=scene_seats(match.remote.seats), names=match.names, remote=match)


class LobbyScene(UIScene):
    """The lobby (see the module doc).

    kwargs: ``match`` (the seat's :class:`scenes.play.online.OnlineMatch`), ``address`` (the
    server's address to give friends), ``hosting`` (the app's own server,
    :class:`scenes.online.session.Hosting`, stopped when the lobby is left; None when joined)."""

    name = "online_lobby"

    def __init__(self, app: Any, match: Any = None, address: str = "", hosting: Any = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.match, self.address, self.hosting = match, address, hosting
        self.widgets.add(Button("button:leave", _("Leave"), (110, 636, 180, 56), self.leave, style="secondary",
                                size=20))
        # Translators: the lobby's button that copies the table's invite (the address with the code)
        self.btn_copy = self.widgets.add(Button("button:copy-invite", _("Copy invite"), (960, 190, 200, 52),
                                                self.copy_invite, style="secondary", size=18))
        self.copied_ms = 0.0  # "Copied" still shown for this long (ms)
        # Translators: the lobby's button at a turn-based table: go back to the menu, keeping the seat
        self.btn_later = self.widgets.add(Button("button:later", _("Come back later"), (930, 636, 240, 56), self.later,
                                                 style="secondary", size=19))
        self.btn_later.visible = self.turn_based
        self.started = False
        #: the table announced on the local network while seats are open (hosting only), or None
        self.announcer = announce(match, hosting) if match is not None and hosting is not None else None
        self._open = open_seats(match) if match is not None else 0
        if match is not None:
            keep_seat(match, hosted=hosting is not None)  # (taken back after a restart: scenes.online.kept)

    @property
    def code(self) -> str:
        table = self.match.snap.table if self.match is not None else None
        return shown_code(table) if table else ""

    @property
    def invite(self) -> str:
        """The table's invite: the address with the code (the address alone before the code)."""
        table = self.match.snap.table if self.match is not None else None
        return invite_text(self.address, table) if table and self.address else self.address

    @property
    def turn_based(self) -> bool:
        """Whether the table is turn-based (it has a clock: docs/PROTOCOL.md)."""
        return self.match is not None and getattr(self.match.snap, "clock", None) is not None

    def later(self) -> None:
        """``button:later`` (a turn-based table): the menu; the seat stays kept and the table
        goes on without this window (its connection closes: :meth:`exit`)."""
        self.app.go_to_menu()

    def copy_invite(self) -> None:
        """``button:copy-invite``: the invite on the clipboard, "Copied" said for a while."""
        clipboard.copy(self.invite)
        self.copied_ms = COPIED_MS

    def seat_lines(self) -> list[str]:
        if self.match is None:
            return []
        return [seat_line(i, s, self.match.seat) for i, s in enumerate(self.match.snap.seats)]

    def typed_texts(self) -> list[str]:
        """Texts shown as typed, never translated (the layout check's typed names): the code, the
        address, the players' names."""
        seats = self.match.snap.seats if self.match is not None else ()
        names = (person_name(str(s.get("name") or "")) for s in seats)
        return [t for t in (self.code, self.invite, *names) if t]

    def leave(self) -> None:
        """``button:leave`` / Esc: leave the table for good — the kept seat forgotten (and the app's
        server stopped: :meth:`exit`); the menu."""
        if self.match is not None and not self.started:
            forget_seat(self.match)
        self.app.go_to_menu()

    def exit(self) -> None:
        """Leaving the stack before the game started: leave the table, stop the app's server (the
        table's announcement ends either way)."""
        if self.announcer is not None:
            self.announcer.close(wait=0)
            self.announcer = None
        if self.started:
            return  # the play scene holds the seat (and the server) now
        self.started = True
        if self.match is not None:
            self.match.close()
        if self.hosting is not None:
            self.hosting.stop()

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.copied_ms = max(0.0, self.copied_ms - dt_ms)
        if self.announcer is not None and self.match is not None and open_seats(self.match) != self._open:
            self._open = open_seats(self.match)
            self.announcer.update(open_seats=self._open)
        if self.match is not None and not self.started and self.match.started():
            self.started = True
            self.start_game()

    def start_game(self) -> None:
        """The table started: the game's play scene over the seat (the lobby is replaced)."""
        self.app.manager.replace(play_scene(self.app, self.match, self.hosting))

    def busy(self) -> bool:
        return True  # the seats change with the network

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return super().handle_event(event)

    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        out.append(UIElement("code", "text", pygame.Rect(340, 150, 600, 70), label=self.code))
        out.append(UIElement("address", "text", pygame.Rect(340, 226, 600, 36), label=self.invite))
        for i, line in enumerate(self.seat_lines()):
            out.append(UIElement(f"seat:{i}", "seat", pygame.Rect(SEAT_X, SEAT_Y + SEAT_H * i, SEAT_W, SEAT_H),
                                 label=line))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        title = _(GAMES_BY_NAME[self.match.game.name].title) if self.match is not None else ""
        # Translators: the online lobby's title; {game} is the game's name
        draw_text(surface, app, _("{game} online").format(game=title), (640, 62), 36, C.INK, bold=True)
        draw_text(surface, app, _("Give your friends the code, or the whole invite under it:"), (640, 118), 19,
                  C.INK_MUTED)
        draw_panel(surface, app, pygame.Rect(340, 146, 600, 122), radius=18)
        draw_text(surface, app, self.code, (640, 186), 48, C.VERMILION, bold=True)
        draw_text(surface, app, fit_text(app, self.invite, 21, False, 580), (640, 244), 21, C.INK)
        if self.copied_ms > 0:
            # Translators: said under the lobby's "Copy invite" button once the invite is on the clipboard
            draw_text(surface, app, _("Copied"), (1060, 262), 16, C.MATCHA)
        mine = self.match.seat if self.match is not None else -1
        for i, line in enumerate(self.seat_lines()):
            y = SEAT_Y + SEAT_H * i + SEAT_H / 2
            seat = self.match.snap.seats[i]
            on = seat.get("kind") != "open" and seat.get("connected", True)
            pygame.draw.circle(surface, C.MATCHA if on else C.INK_MUTED, self.viewport.to_window((SEAT_X + 16, y)),
                               max(2, self.viewport.px(7)))
            draw_text(surface, app, fit_text(app, line, 21, i == mine, SEAT_W - 40), (SEAT_X + 36, y), 21, C.INK,
                      bold=i == mine, anchor="midleft")
        waiting = sum(1 for s in (self.match.snap.seats if self.match is not None else ()) if s.get("kind") == "open")
        if waiting:
            if self.turn_based:
                # Translators: under the seats of a turn-based online lobby
                text = _("The game starts when every seat is taken. You need not wait here: Tatami tells you when "
                         "it is your turn.")
            else:
                # Translators: under the seats of an online lobby
                text = _("The game starts when every seat is taken.")
            lines = wrap_text(app, text, 18, 1000)
            for i, line in enumerate(lines[:2]):
                draw_text(surface, app, line, (640, 600 - 12 * (len(lines[:2]) - 1) + 24 * i), 18, C.INK_MUTED)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["LobbyScene", "play_scene", "seat_line"]
