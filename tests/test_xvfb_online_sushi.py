"""Sushi Draft online in two real windows under Xvfb (issue 24 §2): one Tatami hosts a two-seat
table from the setup screen (its own server on 127.0.0.1: TATAMI_NET_HOST), the other joins by
typing the code and address; both play the first round's simultaneous choices with the real mouse
(a card dragged onto the plate, then onto the keep mat), each window showing only its own hand,
until both show the round's scoring. Harness: tests/xvfb_app.py; the windows: tests/test_xvfb_online.py.
"""

from __future__ import annotations

import json
import time

import pytest
from test_xvfb_online import Window, label
from test_xvfb_sushi import fast_settings, hand_ids, kinds
from xvfb_app import ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


def host_and_join_sushi(display, tmp_path) -> tuple[Window, Window]:
    """The host's Sushi Draft table (two people) from its setup screen, the guest joined through its
    join screen; both in the game."""
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        fast_settings(tmp_path / name)
    host, guest = Window(display, tmp_path / "a"), Window(display, tmp_path / "b")
    try:
        host.find_window()
        guest.find_window()
        guest.place(1310)  # (beside the host's: never a click on the other window)
        menu = host.wait_stable(lambda d: d.get("scene") == "menu" and "button:game:sushi-draft" in ids(d), timeout=40)
        host.open_game(menu, "sushi-draft", lambda d: d.get("scene") == "setup" and "choice:players:2" in ids(d))
        for choice in ("choice:players:2", "choice:seat0:human", "choice:seat1:human"):
            host.click(host.element(json.loads(host.dump.read_text()), choice))
            time.sleep(0.2)
        setup = host.wait_stable(lambda d: d.get("scene") == "setup" and "button:host-online" in ids(d))
        lobby = host.click_until(host.element(setup, "button:host-online"),
                                 lambda d: d.get("scene") == "online_lobby" and label(d, "code"), "the lobby")
        code, address = label(lobby, "code"), label(lobby, "address")
        menu = guest.wait_stable(lambda d: d.get("scene") == "menu" and "button:online" in ids(d), timeout=40)
        guest.click_until(guest.element(menu, "button:online"), lambda d: d.get("scene") == "online_join",
                          "the join screen")
        join = guest.wait_stable(lambda d: d.get("scene") == "online_join")
        guest.type_into(guest.element(join, "field:code"), code)
        guest.type_into(guest.element(join, "field:address"), address)
        join = guest.wait_stable(lambda d: d.get("scene") == "online_join")
        guest.click(guest.element(join, "button:join"))
        guest.wait_for(lambda d: d.get("scene") == "sushi_play", "the guest's game", timeout=40)
        host.wait_for(lambda d: d.get("scene") == "sushi_play", "the host's game", timeout=40)
    except BaseException:
        guest.close()
        host.close()
        raise
    return host, guest


def mouse_choice(w: Window) -> bool:
    """If this window's player may choose now: a card of its hand dragged onto the plate or the
    keep mat (the next card if one snaps back: a wild with nothing to copy). False otherwise."""
    dump = json.loads(w.dump.read_text())
    if dump.get("scene") != "sushi_play":
        return False
    k = kinds(dump)
    target = next((t for t in ("plate", "keep") if k.get(t) == "target"), None)
    hand = hand_ids(dump)
    if target is None or not hand:
        return False
    for card in hand:
        w.drag(w.element(dump, card), w.element(dump, target))
        after = w.wait_stable(lambda d: True, quiet_s=0.35, timeout=30)
        if kinds(after).get(target) != "target" or len(hand_ids(after)) != len(hand):
            return True
    return False


def test_two_windows_play_a_sushi_draft_round_online(display, tmp_path):
    host, guest = host_and_join_sushi(display, tmp_path)
    try:
        for w in (host, guest):  # each window deals its own hand
            w.wait_stable(lambda d: len(hand_ids(d)) >= 2 and kinds(d).get("plate") == "target", timeout=40)
        deadline = time.monotonic() + 300
        choices = 0
        while True:
            dumps = [json.loads(w.dump.read_text()) for w in (host, guest)]
            if all("button:next-round" in ids(d) for d in dumps):
                break
            assert time.monotonic() < deadline, "the first round did not end in 5 minutes"
            moved = False
            for w in (host, guest):
                moved = mouse_choice(w) or moved
            choices += moved
            if not moved:
                time.sleep(0.2)
        assert choices >= 4
        # the round's scoring in both windows; each goes on to the next round by its own button
        for w in (host, guest):
            d = w.wait_stable(lambda d: "button:next-round" in ids(d))
            w.click(w.element(d, "button:next-round"))
            w.wait_for(lambda d: d.get("scene") == "sushi_play" and "button:next-round" not in ids(d),
                       "the next round", timeout=30)
    finally:
        guest.close()
        host.close()
