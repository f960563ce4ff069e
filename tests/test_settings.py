"""scenes/shell/settings.py: defaults, round trip, corrupt files moved aside, never a crash."""
import json
import logging

import pytest

from scenes.shell.settings import DEFAULTS, Settings, data_dir


def test_data_dir_env_override(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    s = Settings()
    assert s.path == tmp_path / "d" / "settings.json"


def test_missing_file_gives_defaults_without_writing(tmp_path):
    s = Settings(tmp_path / "settings.json")
    assert s["window_size"] == DEFAULTS["window_size"]
    assert s.load_error is None
    assert not (tmp_path / "settings.json").exists()


def test_round_trip(tmp_path):
    p = tmp_path / "sub" / "settings.json"
    s = Settings(p)
    s["fullscreen"] = True
    s["window_size"] = [1000, 800]
    s["animation_speed"] = "fast"
    s.set_setup("kaito", {"sides": ["easy", "hard"], "colors": ["B", "R"], "first_side": "right"})
    assert s.save()
    t = Settings(p)
    assert t["fullscreen"] is True and t["window_size"] == [1000, 800] and t["animation_speed"] == "fast"
    assert t.setup_for("kaito")["sides"] == ["easy", "hard"]
    assert t.setup_for("kaito")["first_side"] == "right"
    assert t.animation_factor > 1
    assert not [f for f in p.parent.iterdir() if f.name.endswith(".tmp")]


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b"", b"null"])
def test_corrupt_file_keeps_defaults_and_is_moved_aside(tmp_path, caplog, content):
    p = tmp_path / "settings.json"
    p.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="tatami.settings"):
        s = Settings(p)
    assert s.data == DEFAULTS
    assert s.load_error
    assert not p.exists()
    assert (tmp_path / "settings.json.bad").read_bytes() == content
    lines = [r for r in caplog.records if r.name == "tatami.settings"]
    assert len(lines) == 1 and "settings" in lines[0].getMessage()
    # the app can still save good settings afterwards
    assert s.save() and json.loads(p.read_text())["version"] == 1


def test_wrong_types_fall_back_per_key(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"fullscreen": "yes", "window_size": [5, 5], "animation_speed": "warp",
                             "setup": {"kaito": {"sides": "human"}, "sushi-draft": {"players": 4}}}))
    s = Settings(p)
    assert s["fullscreen"] is False
    assert s["window_size"] == DEFAULTS["window_size"]
    assert s["animation_speed"] == "normal"
    assert "sides" not in s.setup_for("kaito")  # dropped: the setup screen's own defaults apply
    assert s.setup_for("sushi-draft") == {"players": 4}


def test_unreadable_path_never_raises(tmp_path):
    d = tmp_path / "adir"
    d.mkdir()
    s = Settings(d)  # a directory, not a file: reading fails
    assert s["fullscreen"] is False
    assert s.save() is False  # cannot replace a directory: logged, not raised


def test_unwritable_location_never_raises(tmp_path):
    # The data "directory" is a regular file, so neither mkdir nor the write can succeed
    # (works for root too, unlike a chmod-based read-only directory).
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    s = Settings(blocker / "settings.json")
    s["fullscreen"] = True
    assert s.save() is False
    assert s["fullscreen"] is True  # the in-memory settings are kept for this session
