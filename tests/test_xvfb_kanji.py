"""Kanji-zushi in a real window under Xvfb, played with a real mouse (xdotool) through the UI dump:
a whole game against an AI from the menu, with the hint on (the dump marks the hinted pair), to
the score screen. Harness: tests/xvfb_app.py."""

from __future__ import annotations

import json
import time

import pytest
from xvfb_app import RealApp, ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


def kinds(dump: dict) -> dict[str, str]:
    return {e["id"]: e["kind"] for e in dump["elements"]}


def test_a_whole_kanji_zushi_game_with_the_mouse(display, tmp_path):
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"animation_speed": "fast"}), encoding="utf-8")
    app = RealApp(display, tmp_path)
    try:
        app.find_window()
        menu = app.wait_for(lambda d: d.get("scene") == "menu" and "button:game:kanji-zushi" in ids(d),
                            "the main menu")
        app.open_game(menu, "kanji-zushi", lambda d: d.get("scene") == "setup" and "choice:hint:on" in ids(d))
        for choice in ("choice:players:2", "choice:seat0:human", "choice:seat1:easy", "choice:hint:on"):
            app.click(app.element(json.loads(app.dump.read_text()), choice))
            time.sleep(0.15)
        app.click_until(app.element(json.loads(app.dump.read_text()), "button:start"),
                        lambda d: d.get("scene") == "kanji_play", "the play scene")

        made = passes = 0
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            assert app.proc.poll() is None, f"the app exited ({app.proc.returncode}) mid-game"
            dump = app.wait_stable(lambda d: True, quiet_s=0.4, timeout=60)
            if dump["scene"] == "kanji_score":
                break
            if "button:score" in ids(dump):  # the end stays on screen until the score is asked for
                app.click(app.element(dump, "button:score"))
                continue
            assert dump["scene"] == "kanji_play", f"unexpected scene {dump['scene']}"
            k = kinds(dump)
            if not any(kind.startswith("target") for i, kind in k.items() if i.startswith("shari:")):
                time.sleep(0.1)  # not the human's turn
                continue
            if "button:hint" in k and not k["button:hint"].endswith("-disabled"):
                app.click(app.element(dump, "button:hint"))  # the hard AI's suggestion, marked "hint"
                try:
                    dump = app.wait_for(lambda d: any(e["kind"] == "hint" for e in d["elements"]),
                                        "the hint", timeout=15)
                except AssertionError:
                    pass  # the hard AI would pass: nothing is marked
                k = kinds(dump)
            neta = next((i for i, kind in k.items() if i.startswith("neta:") and kind == "hint"), None)
            shari = next((i for i, kind in k.items() if i.startswith("shari:") and kind == "hint"), None)
            if neta and shari:
                before = sum(1 for i in k if i.startswith("kanji:0:"))
                app.drag(app.element(dump, neta), app.element(dump, shari))
                app.wait_for(lambda d: d.get("scene") != "kanji_play"
                             or sum(1 for i in ids(d) if i.startswith("kanji:0:")) > before,
                             "the hinted pair to be completed", timeout=20)
                made += 1
            else:
                app.click(app.element(dump, "button:pass"))
                passes += 1
                time.sleep(0.5)
        else:
            raise AssertionError("the game did not reach the score screen in 300 s")
        assert made >= 1
        score = app.wait_for(lambda d: d.get("scene") == "kanji_score" and "button:menu" in ids(d),
                             "the score buttons")
        assert "button:rematch" in ids(score)
        app.click_until(app.element(score, "button:menu"), lambda d: d.get("scene") == "menu", "back to the menu")
    finally:
        app.close()
