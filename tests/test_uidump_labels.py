"""UI dump labels (issue 12): elements with visible text carry it as ``label`` (buttons, choices,
game-log entries, the tutorial coach's words), so checks can read the screen in any language;
elements without text have none."""
from __future__ import annotations

import time

from scenes.devtools.driver import Driver
from scenes.shell.uidump import UIDump
from scenes.tutorial.scene import start_tutorial


def dump(app):
    return {e["id"]: e for e in UIDump.snapshot(app.manager.top(), app.viewport)["elements"]}


def test_menu_and_setup_elements_carry_their_words(app):
    d = Driver(app, time.monotonic() + 60, log=lambda s: None)
    app.manager.reset(app.make_scene("menu"))
    d.frames(2)
    els = dump(app)
    assert els["button:learn"]["label"] == "Learn to play"
    assert els["button:settings"]["label"] == "Settings"
    assert els["button:game:sushi-draft"]["label"] == "Sushi Draft"
    app.manager.push(app.make_scene("setup", game="kaito"))
    d.frames(2)
    els = dump(app)
    assert els["choice:undo:on"]["label"] == "On" and els["button:start"]["label"] == "Start game"
    assert "focus" not in els["button:start"]


def test_log_entries_and_the_coach_carry_their_sentences(app):
    app.settings["animation_speed"] = "instant"
    d = Driver(app, time.monotonic() + 60, log=lambda s: None)
    start_tutorial(app, "kaito")
    d.frames(3)
    scene = app.manager.top()
    els = dump(app)
    assert els["coach"]["label"] == scene.coach.panel.text and "KAITO" in els["coach"]["label"]
    assert els["button:tutorial-next"]["label"] == "Continue"
    assert "label" not in els["tile:a1"]  # a tile shows a picture, not words
    # the game log of a game (in the tutorial the coach's panel takes the log's card)
    game = app.start_game("kaito", seats=["human", "easy"], seed=2)
    d.frames(2)
    log = game.narration
    log.add("Red moved the Kaito to d4.")
    d.frames(2)
    assert log.visible
    labels = [e.label for e in game.narration.ui_elements() if e.kind == "log-entry"]
    assert labels and labels[-1] == "Red moved the Kaito to d4."


def test_a_disabled_element_says_so_and_a_label_holds_every_line(tmp_path, monkeypatch):
    """Issue 21 §1: a disabled element carries "enabled": false; a label holds all of its visible
    text (the Continue button's second line "You vs Hard AI, move 3" included)."""
    import random

    from game.registry import GAMES
    from scenes.shell.app import App
    from scenes.shell.saves import SaveStore
    from scenes.shell.saveslots import SaveSlots
    from scenes.shell.settings import Settings

    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    st = GAMES["kaito"].new_state(2, random.Random(3))
    for _ in range(2):
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    SaveStore(tmp_path / "saves" / "kaito.json").save(st, {"seats": ["human", "hard"]}, "k" * 32)
    app = App(size=(1280, 720), settings=Settings(tmp_path / "settings.json", autoload=False), uidump=False)
    try:
        app.saves = SaveSlots()
        app.manager.push(app.make_scene("menu"))
        for _ in range(3):
            app.pump(16)
        els = dump(app)
        first, second = els["continue:kaito"]["label"].split("\n")
        assert first.startswith("Continue") and second == "You vs Hard AI, move 3"
        assert all(e.get("enabled", True) for e in els.values())
        app.manager.push(app.make_scene("stats", page="stats"))
        for _ in range(3):
            app.pump(16)
        els = dump(app)
        reset = els["button:reset-stats"]
        assert reset["kind"] == "button-disabled" and reset["enabled"] is False
        assert "enabled" not in els["button:back"]
    finally:
        app.shutdown()
