"""``tatami --replay FILE`` (scenes/cli.py): a good record (bare or wrapped with its setup) opens the app
straight into the replay viewer; a file that cannot be read or replayed exits with status 2 and one line
on stderr naming the file, before any window is opened."""
from __future__ import annotations

import json

import pytest

from scenes import cli
from scenes.replay.source import ai_game_record
from scenes.shell.app import App


@pytest.fixture
def opened(monkeypatch, tmp_path):
    """Runs ``cli.main`` headless in ``tmp_path`` (data dir) and records the scene on top after the
    first frame (``opened["top"]``) and whether an App was built at all."""
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    seen: dict = {"apps": 0}
    run = App.run

    def spy(self):
        seen["apps"] += 1
        code = run(self)
        seen["top"] = self.manager.top()
        return code

    monkeypatch.setattr(App, "run", spy)
    return seen


def write(tmp_path, doc, name="game.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def test_a_record_opens_in_the_replay_viewer(opened, tmp_path, capsys):
    record = ai_game_record("kaito", ["medium", "medium"], seed=2)
    code = cli.main(["--replay", write(tmp_path, record), "--quit-after-first-frame", "--size", "800x450"])
    assert code == 0
    top = opened["top"]
    assert top.name == "replay" and top.problem is None and top.count == len(record["actions"])
    assert "tatami:" not in capsys.readouterr().err


def test_a_saved_game_wrapper_brings_its_setup(opened, tmp_path):
    record = ai_game_record("sushi-draft", ["easy"] * 3, seed=2)
    setup = {"seats": ["human", "easy", "hard"], "names": ["Aiko", "Ben", "Chie"]}
    assert cli.main(["--replay", write(tmp_path, {"version": 1, "game": "sushi-draft", "record": record,
                                                  "setup": setup}), "--quit-after-first-frame"]) == 0
    top = opened["top"]
    assert top.name == "replay" and top.names == ["Aiko", "Ben", "Chie"] and top.seats() == setup["seats"]


@pytest.mark.parametrize("content, words", [
    ("{not json", "invalid JSON"),
    ([1, 2, 3], "not a JSON object"),
    ({"format": "tatami-record/9", "game": "kaito", "setup": {}, "actions": []}, "format"),
    ({"record": {"format": "tatami-record/1", "game": "chess", "setup": {}, "actions": []}}, "unknown game"),
])
def test_a_malformed_record_exits_2_with_one_line(opened, tmp_path, capsys, content, words):
    path = write(tmp_path, content)
    assert cli.main(["--replay", path]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tatami: ") and path in err[0] and words in err[0]
    assert opened["apps"] == 0  # no window was opened


def test_an_illegal_action_names_its_index(opened, tmp_path, capsys):
    record = ai_game_record("kaito", ["medium", "medium"], seed=2)
    record["actions"][4] = "@a1"
    assert cli.main(["--replay", write(tmp_path, record)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "action 4" in err[0]


def test_a_missing_file_exits_2(opened, tmp_path, capsys):
    assert cli.main(["--replay", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot read" in err[0]


def test_replay_cannot_be_combined_with_play(opened, tmp_path, capsys):
    record = ai_game_record("kaito", ["medium", "medium"], seed=2)
    assert cli.main(["--replay", write(tmp_path, record), "--play", "kaito"]) == 2
    assert "cannot be used with" in capsys.readouterr().err
