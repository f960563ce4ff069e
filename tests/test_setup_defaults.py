"""A corrupt settings file never turns a person's seat into an AI (issue 10 §9): an unknown seat
kind falls back to the default of THAT seat — seat 0 is "human", the others "medium" — in the
settings (``Settings.setup_for``) and so on the setup screen, whose seat choices it fills."""

from __future__ import annotations

import json

import pytest

from scenes.shell.settings import SEAT_CHOICES, Settings, seat_default


def settings_with(tmp_path, setup: dict) -> Settings:
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"setup": setup}))
    return Settings(p)


def test_unknown_kinds_fall_back_seat_by_seat(tmp_path):
    s = settings_with(tmp_path, {
        "sushi-draft": {"seats": ["robot", 7, "hard", None, "random"], "players": 5},
        "kanji-zushi": {"seats": ["easy", "Medium AI", "hard"]},
        "kaito": {"sides": ["zzz", "hard"]},
    })
    assert s.setup_for("sushi-draft")["seats"] == ["human", "medium", "hard", "medium", "medium"]
    assert s.setup_for("sushi-draft")["players"] == 5
    assert s.setup_for("kanji-zushi")["seats"] == ["easy", "medium", "hard"]  # a real choice is kept
    assert s.setup_for("kaito")["sides"] == ["human", "hard"]


def test_kaito_right_side_falls_back_to_its_own_default(tmp_path):
    s = settings_with(tmp_path, {"kaito": {"sides": ["hard", "???"], "colors": ["B", "R"]}})
    assert s.setup_for("kaito")["sides"] == ["hard", "medium"] and s.setup_for("kaito")["colors"] == ["B", "R"]


def test_not_a_list_is_dropped(tmp_path):
    s = settings_with(tmp_path, {"sushi-draft": {"seats": "human", "players": 3}})
    assert "seats" not in s.setup_for("sushi-draft")


def test_seat_defaults():
    assert seat_default("sushi-draft", 0) == "human" and seat_default("sushi-draft", 3) == "medium"
    assert seat_default("kaito", 0, "sides") == "human" and seat_default("kaito", 1, "sides") == "medium"
    assert set(SEAT_CHOICES) == {"human", "easy", "medium", "hard"}


@pytest.mark.parametrize("game", ["sushi-draft", "kanji-zushi"])
def test_the_setup_screen_keeps_the_person_at_seat_0(tmp_path, monkeypatch, game):
    from scenes.shell.app import App

    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"setup": {game: {"seats": ["nonsense", "hard", "bogus"], "players": 3}}}))
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(p), uidump=False)
    try:
        scene = a.make_scene("setup", game=game)
        a.manager.reset(scene)
        a.pump(16)
        assert scene.kinds[:3] == ["human", "hard", "medium"]  # never AI against AI
        kinds = {e.id for e in scene.ui_elements()}
        assert "choice:seat0:human" in kinds
    finally:
        a.shutdown()
