"""Sushi Draft in a real window under Xvfb, played with a real mouse (xdotool) through the UI dump:
the hot-seat privacy screen between two humans, and a whole game against two AIs to the score
screen. Harness: tests/xvfb_app.py."""

from __future__ import annotations

import json
import time

import pytest
from xvfb_app import RealApp, ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


def kinds(dump: dict) -> dict[str, str]:
    return {e["id"]: e["kind"] for e in dump["elements"]}


def hand_ids(dump: dict) -> list[str]:
    return sorted((i for i in ids(dump) if i.startswith("hand:")), key=lambda i: int(i.split(":")[1]))


def fast_settings(tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"animation_speed": "fast"}), encoding="utf-8")


def test_hot_seat_privacy_screen_in_a_real_window(display, tmp_path):
    fast_settings(tmp_path)
    app = RealApp(display, tmp_path, "--play", "sushi-draft", "--seats", "human,human,easy", "--seed", "4")
    try:
        app.find_window()
        # the game opens behind the curtain for Player 1: no hand is on screen
        curtain = app.wait_for(lambda d: d.get("scene") == "privacy" and "button:ready" in ids(d),
                               "the privacy screen for Player 1", timeout=40)
        assert not hand_ids(curtain)
        time.sleep(0.4)  # the curtain ignores clicks for its first 250 ms (no double-click skip)
        app.click(app.element(curtain, "button:ready"))
        table = app.wait_stable(lambda d: d.get("scene") == "sushi_play" and kinds(d).get("plate") == "target"
                                and len(hand_ids(d)) == 6)
        # Player 1 eats a card by dragging it onto the plate ...
        app.drag(app.element(table, "hand:0"), app.element(table, "plate"))
        # ... and the curtain comes down for Player 2 before their hand is shown
        curtain2 = app.wait_for(lambda d: d.get("scene") == "privacy", "the privacy screen for Player 2")
        assert not hand_ids(curtain2)
        time.sleep(0.4)
        app.click(app.element(curtain2, "button:ready"))
        app.wait_stable(lambda d: d.get("scene") == "sushi_play" and kinds(d).get("plate") == "target"
                        and len(hand_ids(d)) == 6)
    finally:
        app.close()


def test_a_whole_sushi_draft_game_with_the_mouse(display, tmp_path):
    fast_settings(tmp_path)
    app = RealApp(display, tmp_path)
    try:
        app.find_window()
        menu = app.wait_for(lambda d: d.get("scene") == "menu" and "button:game:sushi-draft" in ids(d),
                            "the main menu")
        app.open_game(menu, "sushi-draft", lambda d: d.get("scene") == "setup" and "choice:players:3" in ids(d))
        for choice in ("choice:players:3", "choice:seat0:human", "choice:seat1:easy", "choice:seat2:medium"):
            app.click(app.element(json.loads(app.dump.read_text()), choice))
            time.sleep(0.15)
        app.click_until(app.element(json.loads(app.dump.read_text()), "button:start"),
                        lambda d: d.get("scene") == "sushi_play", "the play scene")

        choices = 0
        deadline = time.monotonic() + 400
        while time.monotonic() < deadline:
            assert app.proc.poll() is None, f"the app exited ({app.proc.returncode}) mid-game"
            dump = app.wait_stable(lambda d: True, quiet_s=0.35, timeout=60)
            scene = dump["scene"]
            if scene == "sushi_score":
                break
            if "button:score" in ids(dump):  # the end stays on screen until the score is asked for
                app.click(app.element(dump, "button:score"))
                continue
            assert scene == "sushi_play", f"unexpected scene {scene} (no privacy screen with one human)"
            k = kinds(dump)
            if "button:next-round" in k and not k["button:next-round"].endswith("-disabled"):
                app.click(app.element(dump, "button:next-round"))
                continue
            target = next((t for t in ("plate", "keep") if k.get(t) == "target"), None)
            if target is None:
                time.sleep(0.1)
                continue
            hand = hand_ids(dump)
            before = len(hand)
            done = False
            for card in hand:  # a wild dropped on the plate snaps back: try the next card
                app.drag(app.element(dump, card), app.element(dump, target))
                after = app.wait_stable(lambda d: True, quiet_s=0.35, timeout=30)
                if after["scene"] != "sushi_play" or kinds(after).get(target) != "target" \
                        or len(hand_ids(after)) != before:
                    done = True
                    break
            if not done:  # only wilds left to eat: drop one onto a stack it may copy
                stack = next(i for i, kind in k.items() if i.startswith("stack:") and kind == "target")
                app.drag(app.element(dump, hand[-1]), app.element(dump, stack))
            choices += 1
        else:
            raise AssertionError("the game did not reach the score screen in 400 s")
        assert choices >= 20
        score = app.wait_for(lambda d: d.get("scene") == "sushi_score" and "button:menu" in ids(d),
                             "the score buttons")
        assert "button:rematch" in ids(score)
        app.click_until(app.element(score, "button:menu"), lambda d: d.get("scene") == "menu", "back to the menu")
    finally:
        app.close()
