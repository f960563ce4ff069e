"""The coach, ``python -m game analyse FILE --seat N`` (game/analyse.py, issue 13 part 4): it marks a
known blunder in a fixed KAITO position, its JSON lines parse and cover every decision of the
seat in each game, it is deterministic with ``--seed``, and a bad file exits 2 with one line.
Tiny budgets (a shallow depth, a few worlds); no timing is asserted."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import make_bot
from game.analyse import THRESHOLDS, CoachSettings, analyse_file, main, mark
from game.kaito.coach import kaito_value
from game.kaito.coach import rate as rate_kaito
from game.kaito.rules import KaitoState, square_index
from game.registry import get

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"ply", "step", "seat", "action", "best", "value_chosen", "value_best", "loss", "mark", "unit", "forced"}


def _position(extra: dict[str, str] | None = None) -> KaitoState:
    """Red (seat 0) to move, the Kaito on a1: capturing a2 takes Red's last katana (Red loses at
    once, RULES.md section 1); b1 is a Mon of Black's."""
    tiles = {"a2": "RK", "b1": "B3", "c3": "RH", "d4": "BK", "e5": "BH", "f6": "B2", "c6": "R1"}
    tiles.update(extra or {})
    board: list[str | None] = [None] * 36
    for sq, tile in tiles.items():
        board[square_index(sq)] = tile
    return KaitoState.from_position(board, kaito=square_index("a1"), to_move=0, colors=("R", "B"))


@pytest.mark.parametrize("extra", [{}, {"b4": "B1", "b6": "BK", "e2": "R3"}])
def test_capturing_your_own_last_katana_is_a_blunder(extra):
    view = _position(extra).view(0)
    assert set(view.legal_actions) == {"a2", "b1"}
    probe = _position(extra)
    probe.apply(0, "a2")
    assert probe.outcome() is not None and probe.outcome().winners == (1,)  # the move loses at once
    rated = rate_kaito(view, "a2", random.Random(0), CoachSettings(depth=4))
    assert rated["mark"] == "blunder"
    assert rated["best"] == "b1" != rated["action"]
    assert rated["value_chosen"] == 0.0 and rated["value_best"] > rated["value_chosen"]
    assert rated["loss"] == pytest.approx(rated["value_best"] - rated["value_chosen"])
    assert rated["eval_after"] < rated["eval_before"]
    good = rate_kaito(view, "b1", random.Random(0), CoachSettings(depth=4))
    assert good["mark"] == "good" and good["best"] == "b1" and good["loss"] == 0.0


def test_marks_follow_the_documented_thresholds():
    inaccuracy, mistake, blunder = THRESHOLDS["win"]
    assert mark(0.0, "win") == "good"
    assert mark(inaccuracy - 1e-9, "win") == "good"
    assert mark(inaccuracy, "win") == "inaccuracy"
    assert mark(mistake, "win") == "mistake"
    assert mark(blunder, "win") == "blunder"
    assert mark(0.0, "win", thrown=True) == "blunder"
    assert [mark(x, "chips") for x in (0.1, 0.5, 1.0, 2.0)] == ["good", "inaccuracy", "mistake", "blunder"]
    assert kaito_value(0) == 0.5 and kaito_value(10**6) == 1.0 and kaito_value(-10**6) == 0.0


def _record(game_name: str, seats: int, seed: int, path: Path) -> dict:
    state = get(game_name).new_state(seats, random.Random(seed))
    bots = [make_bot(game_name, "medium" if s % 2 else "easy", random.Random(seed * 10 + s)) for s in range(seats)]
    while not state.is_over():
        views = {s: state.view(s) for s in state.to_act()}
        for s, v in views.items():
            state.apply(s, bots[s].choose(v))
    record = state.record()
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return {"state": state, "record": record}


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "analyse", *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=300)


@pytest.mark.parametrize("game_name, seats, seat, budget", [
    ("kaito", 2, 0, ["--depth", "3"]),
    ("kaito", 2, 1, ["--depth", "3"]),
    ("sushi-draft", 3, 2, ["--worlds", "8"]),
    ("kanji-zushi", 2, 1, ["--worlds", "8"]),
])
def test_json_lines_cover_every_decision_of_the_seat(tmp_path, game_name, seats, seat, budget):
    path = tmp_path / f"{game_name}.json"
    state = _record(game_name, seats, 3, path)["state"]
    proc = _run(str(path), "--seat", str(seat), "--seed", "1", *budget)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    mine = [(ply, a) for ply, (s, a) in enumerate(state.history) if s == seat]
    assert [(r["ply"], r["action"]) for r in rows] == mine
    for r in rows:
        assert FIELDS <= set(r)
        assert r["seat"] == seat and r["mark"] in ("good", "inaccuracy", "mistake", "blunder")
        assert r["loss"] >= 0
        if not r["forced"] or r["value_best"] is not None:
            assert r["value_best"] >= r["value_chosen"]
            assert r["loss"] == pytest.approx(r["value_best"] - r["value_chosen"], abs=1e-3)
        if r["best"] == r["action"]:
            assert r["loss"] == 0


def test_deterministic_with_seed(tmp_path):
    path = tmp_path / "sushi.json"
    _record("sushi-draft", 2, 4, path)
    first = analyse_file(str(path), 0, seed=5, worlds=6)
    assert first == analyse_file(str(path), 0, seed=5, worlds=6)
    kaito = tmp_path / "kaito.json"
    _record("kaito", 2, 4, kaito)
    assert analyse_file(str(kaito), 1, depth=3) == analyse_file(str(kaito), 1, depth=3)


def test_kanji_wrong_attempt_is_valued_as_a_pass(tmp_path):
    state = get("kanji-zushi").new_state(2, random.Random(6))
    view = state.view(0)
    from game.kanji.coach import rate as rate_kanji
    from game.kanji.data import valid_pairs
    valid = set(valid_pairs("joyo"))
    wrong = next(a for a in view.legal_actions if a != "pass" and tuple(a.split("+", 1)) not in valid)
    rated = rate_kanji(view, wrong, random.Random(1), CoachSettings(worlds=6))
    assert rated["value_chosen"] == rated["values"]["pass"]
    assert "pass" in rated["note"]


@pytest.mark.parametrize("content, words", [
    ("{not json", "invalid JSON"),
    (json.dumps({"format": "tatami-record/9", "game": "kaito", "setup": {}, "actions": []}), "malformed record"),
    (json.dumps([1, 2]), "malformed record"),
])
def test_malformed_file_exits_2_with_one_line(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    proc = _run(str(path), "--seat", "0")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and words in lines[0]


def test_illegal_action_missing_file_and_bad_seat_exit_2(tmp_path, capsys):
    path = tmp_path / "kaito.json"
    record = _record("kaito", 2, 2, path)["record"]
    record["actions"][3] = "z9"
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    for args in ([str(bad), "--seat", "0"], [str(tmp_path / "missing.json"), "--seat", "0"],
                 [str(path), "--seat", "2"]):
        assert main(args) == 2
        out = capsys.readouterr()
        assert out.out == ""
        assert len(out.err.strip().splitlines()) == 1
