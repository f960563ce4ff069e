"""Online play in two real windows under Xvfb (issue 24 §2's acceptance): one Tatami hosts a KAITO
table from the setup screen (the app's own server on 127.0.0.1: TATAMI_NET_HOST), a second Tatami
types the lobby's invite (the address with the code, issue 33) into its join screen's code field,
both windows reach the game; the joiner
places the Kaito with the real mouse and the host's window shows it on the board; and the two
windows play a whole game against each other with the keyboard, to both score screens (the
harness is tests/xvfb_app.py)."""

from __future__ import annotations

import json
import time

import pytest
from xvfb_app import RealApp, centre, ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


class Window(RealApp):
    """A RealApp whose window is raised before each click (two windows overlap on one display)."""

    def click(self, rect: list[int]) -> None:
        self.xdo("windowraise", self.window)
        time.sleep(0.1)
        super().click(rect)

    def find_window(self) -> str:
        """This process's own window (both windows are named Tatami): by its _NET_WM_PID."""
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "the app exited before its window appeared"
            found = self.xdo("search", "--pid", str(self.proc.pid)).split()
            if found:
                self.window = found[-1]
                return self.window
            time.sleep(0.1)
        raise AssertionError("no window of this process appeared")

    def place(self, x: int, y: int = 0) -> None:
        """Move this window's top-left corner to (x, y) on the screen and wait until it is there:
        two windows side by side never overlap, so a click raised on one never lands on the other
        (CI run 13: the guest's window, mapped over the host's, took the host's click on a card)."""
        deadline = time.monotonic() + 20
        while self.origin() != (x, y):
            assert time.monotonic() < deadline, f"window {self.window} never reached {(x, y)}: {self.origin()}"
            self.xdo("windowmove", self.window, str(x), str(y))
            time.sleep(0.1)

    def drag(self, src: list[int], dst: list[int], steps: int = 12) -> None:
        self.xdo("windowraise", self.window)
        time.sleep(0.1)
        super().drag(src, dst, steps)

    def type_into(self, rect: list[int], text: str) -> None:
        """Click a text field, select all it holds (Ctrl+A) and type ``text`` over it (keys to this
        window)."""
        self.click(rect)
        time.sleep(0.2)
        self.xdo("windowfocus", "--sync", self.window)
        self.xdo("key", "--window", self.window, "ctrl+a")
        self.xdo("type", "--window", self.window, "--delay", "40", text)
        time.sleep(0.2)


def label(dump: dict, ident: str) -> str:
    return next(e.get("label") or "" for e in dump["elements"] if e["id"] == ident)


def kaito_on_board(d: dict) -> bool:
    if d.get("scene") != "kaito_play" or "kaito" not in ids(d):
        return False
    k = centre(next(e["rect"] for e in d["elements"] if e["id"] == "kaito"))
    grid = [centre(e["rect"]) for e in d["elements"] if e["id"].startswith("tile:")]
    return any(abs(x - k[0]) < 3 for x, _ in grid) and any(abs(y - k[1]) < 3 for _, y in grid)


def focused(d: dict) -> str | None:
    return next((e["id"] for e in d["elements"] if e.get("focus")), None)


def keyboard_turn(app: Window) -> bool:
    """If this window's player may act: the Kaito picked with Tab / Enter and dropped on its first
    legal target the same way (a buy-back offered is declined). False when it is not its turn."""
    d = json.loads(app.dump.read_text())
    if d.get("scene") != "kaito_play":
        return False
    if "button:no-exchange" in ids(d):
        app.click(app.element(d, "button:no-exchange"))
        time.sleep(0.3)
        return True
    app.xdo("windowraise", app.window)
    for _ in range(8):
        app.xdo("key", "--window", app.window, "Tab")
        time.sleep(0.08)
        if focused(json.loads(app.dump.read_text())) == "kaito":
            break
    else:
        return False
    app.xdo("key", "--window", app.window, "Return")
    time.sleep(0.15)
    # picking moves the ring to the first target: take it as it is, else Tab around the ring (the
    # targets, the Kaito, and the enabled buttons: Undo is enabled most of the time online, since
    # issue 33's undo requests — with one legal target 4 Tabs went round without landing on it)
    for _ in range(12):
        f = focused(json.loads(app.dump.read_text())) or ""
        if f.startswith(("tile:", "square:")):
            app.xdo("key", "--window", app.window, "Return")
            time.sleep(0.3)
            return True
        app.xdo("key", "--window", app.window, "Tab")
        time.sleep(0.08)
    return False


def two_people_setup(host: Window) -> dict:
    """From the menu: KAITO's setup screen with two people, the left first, fast moves; its dump."""
    menu = host.wait_stable(lambda d: d.get("scene") == "menu" and "button:game:kaito" in ids(d), timeout=40)
    setup = host.open_game(menu, "kaito", lambda d: d.get("scene") == "setup" and "button:host-online" in ids(d))
    setup = host.wait_stable(lambda d: d.get("scene") == "setup" and "button:host-online" in ids(d))
    for choice in ("choice:seat0:human", "choice:seat1:human", "choice:first:left", "choice:speed:fast"):
        host.click(host.element(setup, choice))
        time.sleep(0.2)
    return host.wait_stable(lambda d: d.get("scene") == "setup")


def host_and_join(display, tmp_path) -> tuple[Window, Window]:
    """Two windows: the host's KAITO table from its setup screen, the guest joined through its join
    screen (the lobby's invite typed whole into the code's field); both in the game."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    host = Window(display, tmp_path / "a")
    guest = Window(display, tmp_path / "b")
    try:
        host.find_window()
        guest.find_window()
        guest.place(1310)  # (beside the host's: the screen is 2600 px wide)
        setup = two_people_setup(host)
        lobby = host.click_until(host.element(setup, "button:host-online"),
                                 lambda d: d.get("scene") == "online_lobby" and label(d, "code"), "the lobby")
        code, invite = label(lobby, "code"), label(lobby, "address")
        assert invite.startswith("ws://127.0.0.1:") and invite.endswith(f"/{code}"), invite

        menu = guest.wait_stable(lambda d: d.get("scene") == "menu" and "button:online" in ids(d), timeout=40)
        join = guest.click_until(guest.element(menu, "button:online"), lambda d: d.get("scene") == "online_join",
                                 "the join screen")
        join = guest.wait_stable(lambda d: d.get("scene") == "online_join")
        guest.type_into(guest.element(join, "field:code"), invite)  # (the invite whole: issue 33, item 3)
        guest.type_into(guest.element(join, "field:online-name"), "Guest")
        join = guest.wait_stable(lambda d: d.get("scene") == "online_join")
        guest.click(guest.element(join, "button:join"))
        guest.wait_for(lambda d: d.get("scene") == "kaito_play", "the guest's game", timeout=40)
        host.wait_for(lambda d: d.get("scene") == "kaito_play", "the host's game", timeout=40)
    except BaseException:
        guest.close()
        host.close()
        raise
    return host, guest


def test_two_windows_host_and_join_a_kaito_table(display, tmp_path):
    host, guest = host_and_join(display, tmp_path)
    try:
        # the guest (seat 1) places the Kaito on a blank tile: dragged to tile after tile until one
        # takes it (a tile that is not a blank sends it back)
        d = guest.wait_stable(lambda d: d.get("scene") == "kaito_play" and "kaito" in ids(d))
        tiles = [e["rect"] for e in d["elements"] if e["id"].startswith("tile:")]
        for rect in tiles:
            guest.drag(guest.element(d, "kaito"), rect)
            try:
                guest.wait_for(kaito_on_board, "the Kaito placed in the guest's window", timeout=2.5)
                break
            except AssertionError:
                d = guest.wait_stable(lambda d: d.get("scene") == "kaito_play" and "kaito" in ids(d))
        guest.wait_for(kaito_on_board, "the Kaito placed in the guest's window", timeout=10)
        host.wait_for(kaito_on_board, "the Kaito placed in the host's window", timeout=30)
    finally:
        guest.close()
        host.close()


def test_two_windows_play_a_whole_kaito_game(display, tmp_path):
    """The acceptance: the two windows play a whole KAITO game against each other through the host's
    table, with the keyboard (each turn: Tab to the Kaito, Enter, Tab to a legal square, Enter),
    until both show the end (``button:score``)."""
    host, guest = host_and_join(display, tmp_path)
    try:
        deadline = time.monotonic() + 600
        while True:
            ends = [json.loads(w.dump.read_text()) for w in (host, guest)]
            if all("button:score" in ids(d) for d in ends):
                break
            assert time.monotonic() < deadline, "the game did not end in 10 minutes"
            moved = keyboard_turn(guest) or keyboard_turn(host)
            if not moved:
                time.sleep(0.2)
        for w in (host, guest):
            d = w.wait_stable(lambda d: "button:score" in ids(d))
            w.click(w.element(d, "button:score"))
            w.wait_for(lambda d: d.get("scene") == "kaito_score", "the score screen")
    finally:
        guest.close()
        host.close()
