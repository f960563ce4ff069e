"""``python -m game replay`` per RULES.md section 4, and record round-trips."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import IllegalActionError, RecordError
from game.kaito.rules import KAITO

ROOT = Path(__file__).resolve().parents[1]


def played_record(seed: int, plies: int | None = None) -> dict:
    rng = random.Random(seed)
    s = KAITO.new_state(2, rng)
    while not s.is_over() and (plies is None or len(s.history) < plies):
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s.record()


def run_replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "replay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_record_shape_matches_rules():
    rec = played_record(1)
    assert rec["format"] == "tatami-record/1" and rec["game"] == "kaito"
    assert set(rec["setup"]) == {"board", "colors"} and rec["actions"][0].startswith("@")


def test_replay_finished_game(tmp_path):
    rec = played_record(2)
    final = KAITO.from_record(rec)
    out = run_replay(write(tmp_path, "g.json", rec))
    assert out.returncode == 0, out.stderr
    line = json.loads(out.stdout)
    assert line == {"game": "kaito", "over": True, "scores": list(final.scores()),
                    "winners": list(final.outcome().winners), "to_act": [], "legal": [[], []]}


def test_replay_each_step_prints_before_every_action_and_at_end(tmp_path):
    rec = played_record(3, plies=5)
    out = run_replay("--each-step", write(tmp_path, "g.json", rec))
    lines = [json.loads(l) for l in out.stdout.splitlines()]
    assert len(lines) == len(rec["actions"]) + 1 == 6
    assert lines[0]["to_act"] == [1] and lines[0]["legal"][0] == []
    assert all(a.startswith("@") for a in lines[0]["legal"][1])
    assert lines[1]["to_act"] == [0] and lines[1]["legal"][0] == sorted(lines[1]["legal"][0])
    assert lines[-1]["over"] is False and lines[-1]["winners"] == []
    for i, action in enumerate(rec["actions"]):
        seat = lines[i]["to_act"][0]
        assert action in lines[i]["legal"][seat]


def test_replay_several_files_one_line_each(tmp_path):
    a, b = write(tmp_path, "a.json", played_record(4)), write(tmp_path, "b.json", played_record(5, 7))
    out = run_replay(a, b)
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 2


@pytest.mark.parametrize(
    "content, reason",
    [
        ("{not json", "invalid JSON"),
        ([1, 2], "not a JSON object"),
        ({"format": "x", "game": "kaito", "setup": {}, "actions": []}, "format"),
        ({"format": "tatami-record/1", "game": "chess", "setup": {}, "actions": []}, "unknown game"),
        ({"format": "tatami-record/1", "game": "kaito", "setup": {"board": "RK", "colors": ["R", "B"]}, "actions": []}, "board"),
        ({"format": "tatami-record/1", "game": "kaito", "actions": []}, "setup"),
    ],
)
def test_malformed_record_exits_2_with_one_line(tmp_path, content, reason):
    path = write(tmp_path, "bad.json", content if isinstance(content, str) else json.dumps(content))
    out = run_replay(path)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in out.stderr
    assert path in err[0] and reason in err[0]


def test_illegal_action_names_file_and_index_and_stops_that_record(tmp_path):
    rec = played_record(6, plies=4)
    rec["actions"][3] = "a1" if rec["actions"][3] != "a1" else "f6"
    rec["actions"].append("b2")
    good = write(tmp_path, "good.json", played_record(7, 3))
    bad = write(tmp_path, "bad.json", rec)
    out = run_replay("--each-step", bad, good)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and bad in err[0] and "action 3" in err[0]
    lines = out.stdout.splitlines()
    # 3 lines before actions 0..2 and one before the bad action 3, then the good record's 4 lines.
    assert len(lines) == 4 + 4


def test_invalid_notation_reported(tmp_path):
    rec = played_record(8, plies=2)
    rec["actions"][1] = "z9"
    out = run_replay(write(tmp_path, "r.json", rec))
    assert out.returncode == 2 and "action 1" in out.stderr and "notation" in out.stderr


def test_missing_file(tmp_path):
    out = run_replay(str(tmp_path / "nope.json"))
    assert out.returncode == 2 and "nope.json" in out.stderr and "Traceback" not in out.stderr


def test_from_record_raises_precise_errors():
    rec = played_record(9, plies=3)
    rec["actions"].append(rec["actions"][-1])  # the Kaito cannot stay / square now empty
    with pytest.raises(IllegalActionError, match="action 3"):
        KAITO.from_record(rec)
    with pytest.raises(RecordError):
        KAITO.from_record({"format": "tatami-record/1", "game": "kaito", "setup": {"board": 1}, "actions": []})
    with pytest.raises(RecordError):
        KAITO.from_record({**played_record(1), "actions": [5]})
