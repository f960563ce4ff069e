"""The KAITO tutorial in a real window under Xvfb (issue 11), followed with a real mouse (xdotool)
through TATAMI_UI_DUMP: pages closed with ``button:tutorial-next``, the pieces of kind
``tutorial-target`` clicked, a wrong square refused, to ``button:play-now`` and a real game."""

from __future__ import annotations

import json
import time

import pytest
from xvfb_app import RealApp, ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


def marked(dump: dict) -> list[dict]:
    return [e for e in dump["elements"] if e["kind"] == "tutorial-target"]


def test_the_kaito_tutorial_in_a_real_window(display, tmp_path):
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"animation_speed": "fast"}), encoding="utf-8")
    app = RealApp(display, tmp_path, "--tutorial", "kaito")
    try:
        app.find_window()
        first = app.wait_stable(lambda d: d.get("scene") == "tutorial:kaito" and "coach" in ids(d), timeout=40)
        assert "button:tutorial-next" in ids(first)  # the welcome page
        app.click_until(app.element(first, "button:tutorial-next"),
                        lambda d: any(e["id"] == "tile:d6" for e in marked(d)), "the placement step")
        # a wrong square: the other blank is refused and the step stays
        dump = app.wait_stable(lambda d: bool(marked(d)))
        app.click(app.element(dump, "tile:b4"))
        time.sleep(0.8)
        after = json.loads(app.dump.read_text())
        assert [e["id"] for e in marked(after)] == ["tile:d6"] and "tile:b4" in ids(after)

        pages = moves = 0
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            assert app.proc.poll() is None, f"the app exited ({app.proc.returncode})"
            dump = app.wait_stable(lambda d: d.get("scene") == "tutorial:kaito"
                                   and ("button:tutorial-next" in ids(d) or "button:play-now" in ids(d)
                                        or bool(marked(d))), quiet_s=0.5, timeout=60)
            if "button:play-now" in ids(dump):
                break
            if "button:tutorial-next" in ids(dump):
                app.click(app.element(dump, "button:tutorial-next"))
                pages += 1
            else:
                app.click(marked(dump)[0]["rect"])
                moves += 1
            time.sleep(0.3)
        else:
            raise AssertionError("the tutorial did not reach its end in 240 s")
        assert moves >= 7 and pages >= 3
        app.click_until(app.element(dump, "button:play-now"), lambda d: d.get("scene") == "kaito_play",
                        "a real game against the easy AI")
    finally:
        app.close()
