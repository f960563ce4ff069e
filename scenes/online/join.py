"""The join screen (scene ``online_join``, the menu's ``button:online``; issue 24 §2): a table code
(``field:code``, ``ABCDE-FGHJK``), the server's address (``field:address``, default
:data:`scenes.online.session.DEFAULT_ADDRESS`), the player's name (``field:online-name``),
``button:join``, ``button:back`` (Esc too); beside them, this player's unfinished tables
(``resume:<i>``, kept across restarts by :mod:`scenes.online.kept`: the game, the code and when the
seat was taken) above the tables found on the local network (``found:<i>``, buttons that fill the
code and address; empty until LAN discovery, ``game.net.discovery``, is available and finds some).
A failed join is one translated line (``error``, by the server's error code:
:func:`scenes.online.session.error_line`); a failed resume too
(:func:`scenes.online.kept.resume_error_line`), and its row then offers ``forget:<i>``. The code of
an unfinished table typed with another address takes that seat back there (its server moved).
A lobby's invite (the address with the code, :mod:`game.net.invite`) pasted or typed whole into
the code's or the address's field fills both (issue 33, item 3).

While a join or a resume waits for the server (never in a frame:
:class:`scenes.online.session.Sitting` / :class:`scenes.online.kept.Resuming`, polled in
``update``), ``button:join`` and the rows are disabled; once seated the lobby (``online_lobby``)
replaces this screen — or, for a table taken back that has started, its play scene. A table the app
hosted is taken back on its own server started again on the same database (its unfinished tables
replayed), on the port it had when that port is free.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.i18n import _
from game.net.invite import parse_invite, server_of
from game.net.protocol import MAX_NAME, normalize_code, shown_code
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_text
from scenes.kit.scene import UIElement
from scenes.kit.textfield import TextField
from scenes.kit.widgets import Button, UIScene, fit_size
from scenes.online.host import DB_NAME
from scenes.online.kept import KeptSeat, KeptSeats, Resuming, keep_seat, resume_error_line
from scenes.online.keptfile import app_watch
from scenes.online.lobby import play_scene
from scenes.online.pace import server_address
from scenes.online.session import DEFAULT_ADDRESS, Hosting, Sitting, check_address, error_line
from scenes.online.tablerows import KEPT_SHOWN, TableButton, listed_rows
from scenes.play.seats import PLAYER, person_name
from scenes.shell.catalog import game_title
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.online")

#: Most tables listed from the local network.
FOUND_MAX = 4
#: The side column of the lists (logical px): its left edge and width; a row's height and step;
#: the width of a row's ``forget:<i>``.
SIDE_X, SIDE_W, ROW_H, ROW_STEP, FORGET_W = 780, 440, 58, 66, 110
#: The top of the side column's first row, and where the column ends.
SIDE_TOP, SIDE_BOTTOM = 204, 700


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

    def __init__(self, app: Any, code: str = "", address: str | None = None, name: str = "", **kwargs: Any):
        super().__init__(app, **kwargs)
        address = address if address is not None else server_address(getattr(app, "settings", None)) or DEFAULT_ADDRESS
        self.store = KeptSeats()
        #: the settings' online server's answers (this player's tables there), or None
        self.watch = app_watch(app)
        if self.watch is not None:
            self.watch.refresh()
        self.watch_seen = self.watch.revision if self.watch is not None else 0
        rows = listed_rows(self.watch, self.store.entries())
        self.kept: list[KeptSeat] = [seat for seat, _sub in rows]
        #: what the server says of each row (None: a kept seat's date)
        self.subs: list[str | None] = [sub for _seat, sub in rows]
        self.lan = LanTables()
        #: the lists beside the form (this player's tables, a server, or LAN discovery on): the form moves left
        self.side = bool(self.kept) or self.watch is not None or self.lan.browser is not None
        fx, fw = (60, 680) if self.side else (240, 800)
        self.form = pygame.Rect(fx, 170, fw, 380)
        x = fx + 224  # the fields' left edge; their labels end 14 px before it
        self.f_code = self.widgets.add(TextField("field:code", (x, 196, 380, 56), code, "ABCDE-FGHJK",
                                                 max_len=120, size=26, on_paste=self.take_invite))
        self.f_address = self.widgets.add(TextField("field:address", (x, 290, 380, 50), address, DEFAULT_ADDRESS,
                                                    max_len=120, size=19, on_paste=self.take_invite))
        self.f_name = self.widgets.add(TextField("field:online-name", (x, 378, 380, 50), name, _("Player"),
                                                 max_len=MAX_NAME, size=19))
        self.btn_join = self.widgets.add(Button("button:join", _("Join"), (fx + fw // 2 - 100, 470, 200, 60),
                                                self.join, size=24))
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self.back, style="secondary",
                                size=20))
        self.error = ""
        self.sitting: Sitting | None = None
        #: the kept table being taken back (its index), and the app's server started for it
        self.resuming: int | None = None
        self.hosting: Hosting | None = None
        #: the kept table whose resume failed (its row offers forget:<i>), or None
        self.failed: int | None = None
        self.kept_buttons: list[Button] = []
        self.forget_buttons: list[Button] = []
        self.found: list[Any] = []
        self.found_buttons: list[Button] = []
        self._build_kept()

    # -- actions ----------------------------------------------------------------------------------
    def join(self) -> None:
        """``button:join``: check the fields, then join on a client thread — or, for the code of
        one of this player's unfinished tables, take that seat back at the address typed (its
        server moved: a host whose usual port was taken)."""
        if self.sitting is not None:
            return
        if not self.take_invite(self.f_code.text):  # (an invite typed whole into either field)
            self.take_invite(self.f_address.text)
        code = normalize_code(self.f_code.text)
        url = check_address(self.f_address.text or DEFAULT_ADDRESS)
        if code is None:
            self.error = error_line("bad-code")
            return
        if url is None:
            self.error = error_line("bad-address")
            return
        mine = next((i for i, k in enumerate(self.kept) if k.table == code and not k.hosted), None)
        if mine is not None:
            self.take_back(mine, url)
            return
        self.error, self.failed = "", None
        name = self.f_name.text.strip() or PLAYER
        self.sitting = Sitting(url, name, code=code)
        self._waiting(True)

    def take_invite(self, text: str) -> bool:
        """A lobby's invite (:func:`game.net.invite.parse_invite`: the address with the code),
        pasted or typed into the code's or the address's field, spread over both; True when
        ``text`` was one (a code alone or an address alone is left to the field)."""
        url, code = parse_invite(text)
        if url is None or code is None:
            return False
        self.f_address.set_text(url)
        self.f_code.set_text(shown_code(code))
        self.error = ""
        return True

    def take_back(self, i: int, url: str | None = None) -> None:
        """``resume:<i>``: take the kept seat back with its token, at its address (or ``url``) — a
        table the app hosted on its own server started again on the same database first."""
        if self.sitting is not None or not 0 <= i < len(self.kept):
            return
        kept = self.kept[i]
        self.error, self.failed = "", None
        if kept.hosted:
            try:
                self.hosting = Hosting(data_dir() / DB_NAME, prefer_port=kept.port)
            except Exception as exc:
                log.warning("online: cannot host again: %s", exc)
                self._resume_failed(i, "no-host")
                return
            url = self.hosting.local_url
        self.resuming = i
        self.sitting = Resuming(kept, url)
        self._waiting(True)

    def forget(self, i: int) -> None:
        """``forget:<i>``: forget the kept table (after its resume failed) and list the others."""
        if self.sitting is not None or not 0 <= i < len(self.kept):
            return
        self.store.forget(*self.kept[i].key)
        self.error, self.failed = "", None
        self._relist()

    def _relist(self) -> None:
        """The rows again, from the kept seats and the server's last answer."""
        rows = listed_rows(self.watch, self.store.entries())
        self.kept, self.subs = [seat for seat, _sub in rows], [sub for _seat, sub in rows]
        self._build_kept()

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
        watch = self.watch
        if watch is not None and watch.revision != self.watch_seen and self.sitting is None and self.failed is None:
            self.watch_seen = watch.revision
            self._relist()  # (the server answered)
        self._sync_found()
        sitting = self.sitting
        if sitting is None or not sitting.poll():
            return
        self.sitting = None
        self._waiting(False)
        resumed, self.resuming = self.resuming, None
        if sitting.error is not None:
            if resumed is None:
                self.error = error_line(sitting.error)
            else:
                self._resume_failed(resumed, sitting.error)
            return
        self.lan.close()
        match = sitting.match
        if resumed is None:
            self.app.manager.replace(self.app.make_scene("online_lobby", match=match,
                                                         address=self.f_address.text or DEFAULT_ADDRESS))
            return
        hosting, self.hosting = self.hosting, None
        if match is not None and match.started():  # straight back into the game
            keep_seat(match, hosted=hosting is not None)
            self.app.manager.replace(play_scene(self.app, match, hosting))
            return
        address = hosting.shared_url if hosting is not None else server_of(sitting.net.client.url)
        self.app.manager.replace(self.app.make_scene("online_lobby", match=match, address=address, hosting=hosting))

    def _resume_failed(self, i: int, code: str) -> None:
        """A resume failed with ``code``: its line, and ``forget:<i>`` on its row."""
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None
        self.error, self.failed = resume_error_line(code), i
        self._build_kept()

    def _waiting(self, waiting: bool) -> None:
        """While a join or resume waits: ``button:join`` and the rows disabled."""
        for b in (self.btn_join, *self.kept_buttons, *self.forget_buttons):
            b.enabled = not waiting

    def _build_kept(self) -> None:
        """The kept tables' rows (``resume:<i>``; the failed one's ``forget:<i>``) follow
        :attr:`kept`; the found tables' rows move under them."""
        for b in (*self.kept_buttons, *self.forget_buttons):
            self.widgets.widgets.remove(b)
        self.kept_buttons, self.forget_buttons = [], []
        for i, kept in enumerate(self.kept):
            y = SIDE_TOP + ROW_STEP * i
            w = SIDE_W - (FORGET_W + 8 if i == self.failed else 0)
            self.kept_buttons.append(self.widgets.add(TableButton(i, kept, (SIDE_X, y, w, ROW_H),
                                                                  partial(self.take_back, i), self.subs[i])))
            if i == self.failed:
                # Translators: a small button beside an unfinished online table that could not be
                # taken back: remove it from the list
                self.forget_buttons.append(self.widgets.add(Button(
                    f"forget:{i}", _("Forget"), (SIDE_X + SIDE_W - FORGET_W, y, FORGET_W, ROW_H),
                    partial(self.forget, i), style="secondary", size=17)))
        self.found = []  # (rebuilt under the rows by _sync_found)
        for b in self.found_buttons:
            self.widgets.widgets.remove(b)
        self.found_buttons = []

    @property
    def found_top(self) -> int:
        """The top of the first found table's row (under the kept tables and their heading)."""
        return SIDE_TOP + (ROW_STEP * len(self.kept) + 40 if self.kept else 60 if self.watch is not None else 0)

    def _sync_found(self) -> None:
        """The found tables' buttons follow the browser's list (as many as fit under the kept)."""
        room = max(0, (SIDE_BOTTOM - self.found_top + ROW_STEP - ROW_H) // ROW_STEP)
        found = self.lan.tables()[:room]
        if [t.code for t in found] == [t.code for t in self.found] and len(self.found_buttons) == len(found):
            return
        for b in self.found_buttons:
            self.widgets.widgets.remove(b)
        self.found = found
        self.found_buttons = [self.widgets.add(Button(
            f"found:{i}", _("{host} — {game}").format(host=person_name(t.host), game=game_title(t.game)),
            (SIDE_X, self.found_top + ROW_STEP * i, SIDE_W, 52), partial(self.pick_found, i), style="secondary",
            size=17)) for i, t in enumerate(found)]

    def busy(self) -> bool:
        return super().busy() or self.sitting is not None

    def exit(self) -> None:
        """Leaving the stack: a join or resume in progress is dropped (the app's server started
        for it stopped), the LAN browser closed."""
        if self.sitting is not None:
            self.sitting.cancel()
            self.sitting = None
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None
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
        texts, the example code, the kept tables' codes, the found tables' hosts."""
        return [t for t in (self.f_code.text, self.f_address.text, self.f_name.text, "ABCDE-FGHJK",
                            *(shown_code(k.table) for k in self.kept), *(str(f.host) for f in self.found)) if t]

    def _editing(self) -> bool:
        return any(f.focused for f in (self.f_code, self.f_address, self.f_name))

    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        if self.error:
            out.append(UIElement("error", "text", pygame.Rect(self.form.x, 560, self.form.w, 36), label=self.error))
        return out

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("Play online"), (640, 70), 44, C.INK, bold=True)
        draw_text(surface, app, _("Join a friend's table with its code."), (640, 126), 20, C.INK_MUTED)
        form = self.form
        draw_panel(surface, app, form, radius=20)
        for label, y in ((_("Table code"), 224), (_("Server address"), 315), (_("Your name"), 403)):
            size = fit_size(app, label, 19, True, 196)
            draw_text(surface, app, fit_text(app, label, size, True, 196), (form.x + 210, y), size, C.INK,
                      bold=True, anchor="midright")
        status, colour = "", C.INK_MUTED
        if self.sitting is not None:
            # Translators: while a kept online table is taken back with its seat's key
            status = _("Taking your seat back…") if self.resuming is not None else _("Joining…")
        elif self.error:
            status, colour = self.error, C.VERMILION
        if status:
            size = fit_size(app, status, 20, True, form.w)
            draw_text(surface, app, fit_text(app, status, size, True, form.w), (form.centerx, 578), size, colour,
                      bold=colour == C.VERMILION)
        mid = SIDE_X + SIDE_W / 2
        if self.kept or self.watch is not None:
            # Translators: the heading over this player's online tables whose game has not ended
            heading = _("Your unfinished tables")
            draw_text(surface, app, fit_text(app, heading, 18, True, SIDE_W), (mid, SIDE_TOP - 22), 18, C.INK_MUTED,
                      bold=True)
        if not self.kept and self.watch is not None:
            watch = self.watch
            if watch.error is not None:
                note = error_line(watch.error)
            elif watch.tables is None:
                # Translators: on Play online while the online server is asked for this player's tables
                note = _("Asking the server…")
            else:
                # Translators: on Play online: this player has no unfinished table on the online server
                note = _("None on {server}").format(server=watch.url)
            draw_text(surface, app, fit_text(app, note, 17, False, SIDE_W), (mid, SIDE_TOP + 20), 17, C.INK_MUTED)
        if self.found:
            heading = _("On your network")
            draw_text(surface, app, fit_text(app, heading, 18, True, SIDE_W), (mid, self.found_top - 22), 18,
                      C.INK_MUTED, bold=True)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)


__all__ = ["FOUND_MAX", "JoinScene", "KEPT_SHOWN", "LanTables", "TableButton"]
