"""A turn-based table on an online server in two real windows under Xvfb (issue 35's acceptance):
a real server (``python -m game serve`` on 127.0.0.1, its tables in SQLite), both Tatamis with it
as their online server (Settings → Online server, in their settings files). The host opens a KAITO
table there from its setup screen, choosing the pace "1 day per move" on its Host online screen;
the guest types the lobby's invite (the server's address with the code) into its join screen;
both windows reach the game. The host moves; the guest's Tatami is closed and started again: its
menu says it is their turn (the server's list), its row on Play online takes the seat back
(straight into the game) and the guest's move reaches the host's window, whose turn it is again (the harness is
tests/xvfb_app.py; the windows' helpers are tests/test_xvfb_online.py's)."""

from __future__ import annotations

import json
import time

import pytest
from net_support import start_serve
from test_xvfb_online import Window, keyboard_turn, label, two_people_setup
from xvfb_app import ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


def with_server(folder, url: str) -> None:
    """The Tatami of data folder ``folder`` plays on the online server ``url`` (its settings)."""
    (folder / "data").mkdir(parents=True, exist_ok=True)
    (folder / "data" / "settings.json").write_text(json.dumps({"version": 1, "online_server": url}))


def test_two_windows_play_a_turn_based_table_on_a_server(display, tmp_path):
    server, url = start_serve(tmp_path / "tables.db")
    host = guest = None
    try:
        for name in ("a", "b"):
            with_server(tmp_path / name, url)
        host, guest = Window(display, tmp_path / "a"), Window(display, tmp_path / "b")
        host.find_window()
        guest.find_window()
        guest.place(1310)
        setup = two_people_setup(host)
        choices = host.click_until(host.element(setup, "button:host-online"),
                                   lambda d: d.get("scene") == "online_host" and "choice:pace:1d" in ids(d),
                                   "the pace to choose")
        host.click(host.element(choices, "choice:pace:1d"))
        choices = host.wait_stable(lambda d: "choice:timeout:ai" in ids(d))
        lobby = host.click_until(host.element(choices, "button:open"),
                                 lambda d: d.get("scene") == "online_lobby" and label(d, "code"), "the lobby")
        code, invite = label(lobby, "code"), label(lobby, "address")
        assert invite == f"{url}/{code}" and "button:later" in ids(lobby)

        menu = guest.wait_stable(lambda d: d.get("scene") == "menu" and "button:online" in ids(d), timeout=40)
        join = guest.click_until(guest.element(menu, "button:online"), lambda d: d.get("scene") == "online_join",
                                 "the join screen")
        join = guest.wait_stable(lambda d: d.get("scene") == "online_join")
        assert label(join, "field:address") == url  # (the settings' server)
        guest.type_into(guest.element(join, "field:code"), invite)
        guest.type_into(guest.element(join, "field:online-name"), "Guest")
        join = guest.wait_stable(lambda d: d.get("scene") == "online_join")
        guest.click(guest.element(join, "button:join"))
        guest.wait_for(lambda d: d.get("scene") == "kaito_play", "the guest's game", timeout=40)
        host.wait_stable(lambda d: d.get("scene") == "kaito_play", timeout=40)

        # the guest plays when it is theirs to (the deal says who begins), until the host has moved:
        # then it is the guest's turn
        deadline = time.monotonic() + 90
        while not keyboard_turn(host):
            assert time.monotonic() < deadline, "the host could not move"
            if not keyboard_turn(guest):
                time.sleep(0.3)
        for _ in range(3):  # (a buy-back offered after the move is the host's too)
            if not keyboard_turn(host):
                break
        guest.close()  # the guest's Tatami closed; started again later, on the same data folder
        guest = Window(display, tmp_path / "b")
        guest.find_window()
        guest.place(1310)
        menu = guest.wait_for(lambda d: d.get("scene") == "menu" and "button:online-tables" in ids(d)
                              and label(d, "button:online-tables") == "Your turn online: KAITO",
                              "the menu's your-turn line", timeout=60)
        join = guest.click_until(guest.element(menu, "button:online-tables"),
                                 lambda d: d.get("scene") == "online_join" and "resume:0" in ids(d)
                                 and "Your turn" in label(d, "resume:0"), "the server's list")
        guest.click_until(guest.element(join, "resume:0"), lambda d: d.get("scene") == "kaito_play",
                          "the game taken back", timeout=20)
        deadline = time.monotonic() + 60
        while not keyboard_turn(guest):
            assert time.monotonic() < deadline, "the guest could not move"
            time.sleep(0.3)
        deadline = time.monotonic() + 60  # the guest's move reached the host's window: its turn again
        while not keyboard_turn(host):
            assert time.monotonic() < deadline, "the guest's move never reached the host's window"
            time.sleep(0.3)
    finally:
        for w in (guest, host):
            if w is not None:
                w.close()
        server.terminate()
        server.wait(10)
