"""Undo in a real window (issue 10 §2, "Tests"): under Xvfb, with a real mouse (xdotool) and the
app's UI dump (TATAMI_UI_DUMP), play a KAITO move against the AI, wait for the AI's answer, press
``button:undo``: the Kaito is back on its square (the harness is tests/xvfb_app.py)."""

from __future__ import annotations

import pytest
from xvfb_app import RealApp, centre, ids, require_tools

pytestmark = pytest.mark.xvfb
require_tools()


def kind(dump: dict, ident: str) -> str | None:
    return next((e["kind"] for e in dump["elements"] if e["id"] == ident), None)


def tiles(dump: dict) -> dict[str, list[int]]:
    return {e["id"]: e["rect"] for e in dump["elements"] if e["id"].startswith("tile:")}


def kaito_on_board(app: RealApp, d: dict) -> bool:
    """The human's turn: the Kaito stands on a board square (on the tile grid), not in a panel."""
    if d.get("scene") != "kaito_play" or "kaito" not in ids(d):
        return False
    k = centre(app.element(d, "kaito"))
    grid = [centre(r) for r in tiles(d).values()]
    return any(abs(x - k[0]) < 3 for x, _ in grid) and any(abs(y - k[1]) < 3 for _, y in grid)


def in_line(dump: dict, kaito: list[int]) -> list[str]:
    """Tiles in the Kaito's row or column (the squares it may move to)."""
    kx, ky = centre(kaito)
    out = []
    for ident, r in tiles(dump).items():
        x, y = centre(r)
        if (abs(x - kx) < 3) != (abs(y - ky) < 3):
            out.append(ident)
    return sorted(out)


def test_undo_puts_the_kaito_back_on_its_square(display, tmp_path):
    app = RealApp(display, tmp_path, "--play", "kaito", "--seats", "human,easy", "--seed", "7")
    try:
        app.find_window()
        app.wait_for(lambda d: kaito_on_board(app, d), "the human's first turn", timeout=40)
        before = app.wait_stable(lambda d: kaito_on_board(app, d))
        home = app.element(before, "kaito")
        assert kind(before, "button:undo") in (None, "button-disabled"), "undo offered before any move"
        targets = in_line(before, home)
        assert targets, f"no tile in the Kaito's lines: {sorted(tiles(before))}"
        target = targets[0]
        dest = tiles(before)[target]

        app.drag(home, dest)
        app.wait_for(lambda d: target not in ids(d), f"{target} to be captured")

        def answered(d: dict) -> bool:
            # the AI moved the Kaito on from the captured square (never back to its old one: the
            # Kaito lands on tiles only), and the move can be taken back
            if d.get("scene") != "kaito_play" or "kaito" not in ids(d):
                return False
            k = centre(app.element(d, "kaito"))
            away = k != pytest.approx(centre(dest), abs=3) and k != pytest.approx(centre(home), abs=3)
            return away and kaito_on_board(app, d) and kind(d, "button:undo") == "button"

        app.wait_for(answered, "the AI's answer", timeout=40)
        after = app.wait_stable(answered)
        assert len(tiles(after)) == len(tiles(before)) - 2  # two tiles captured

        app.click(app.element(after, "button:undo"))
        back = app.wait_for(lambda d: "kaito" in ids(d) and app.element(d, "kaito") == home and target in ids(d),
                            "the Kaito back on its square")
        back = app.wait_stable(lambda d: "kaito" in ids(d))
        assert app.element(back, "kaito") == home, "the Kaito is not back on its square after the undo"
        assert tiles(back) == tiles(before), "the board is not what it was before the move"
        assert kind(back, "button:undo") in (None, "button-disabled"), "undo still offered at the start"
        assert back["scene"] == "kaito_play"
    finally:
        app.close()
