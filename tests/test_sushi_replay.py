"""Sushi Draft records and ``python -m game replay`` (RULES.md section 4, ``sushi-draft``)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import IllegalActionError, InvalidActionError, RecordError
from game.sushi.rules import PILES, SUSHI, TYPES, WILD

ROOT = Path(__file__).resolve().parents[1]
KEYS = ["game", "over", "scores", "winners", "to_act", "legal"]


def played_state(seed: int, n: int, phases: int | None = None):
    """A seeded random game stopped after ``phases`` resolved phases (None: to the end)."""
    rng = random.Random(seed)
    s = SUSHI.new_state(n, rng)
    while not s.is_over() and (phases is None or len(s.record_actions()) < phases):
        for seat in s.to_act():
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def played_record(seed: int, n: int, phases: int | None = None) -> dict:
    return played_state(seed, n, phases).record()


def run_replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "replay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def wild_first_record() -> dict:
    """Round 1 deals seat 0 a wild; the first phase has seat 0 eat it as tuna (illegal: a wild
    needs a real card of its type eaten first this round)."""
    rec = played_record(11, 3)
    rec["setup"]["deals"][0] = [["wild", "tuna", "tuna", "shrimp", "salmon", "cucumber"],
                                ["tuna", "tuna", "shrimp", "shrimp", "salmon", "mackerel"],
                                ["tuna", "shrimp", "salmon", "cucumber", "mackerel", "wild"]]
    rec["actions"][0] = ["wild=tuna", "tuna", "tuna"]
    return rec


# --- records ------------------------------------------------------------------------------------


def test_record_shape_matches_rules():
    rec = played_record(1, 4)
    assert rec["format"] == "tatami-record/1" and rec["game"] == "sushi-draft"
    setup = rec["setup"]
    assert set(setup) == {"players", "deals", "chips"} and setup["players"] == 4
    assert len(setup["deals"]) == 3 and all(len(r) == 4 and all(len(h) == 6 for h in r) for r in setup["deals"])
    assert set(setup["chips"]) == set(PILES) and all(len(v) == 3 for v in setup["chips"].values())
    assert len(rec["actions"]) == 30 and all(len(p) == 4 for p in rec["actions"])
    for i, phase in enumerate(rec["actions"]):
        if i % 2:  # KEEP: card names only
            assert all("=" not in a for a in phase)
        else:  # EAT: a card name (never a bare wild) or wild=<type>
            assert all(a in TYPES or (a.startswith("wild=") and a[5:] in TYPES) for a in phase)
    json.dumps(rec)  # plain JSON data


def test_record_round_trip_through_json_reproduces_the_game():
    s = played_state(2, 5)
    again = SUSHI.from_record(json.loads(json.dumps(s.record(), ensure_ascii=False)))
    assert again.scores() == s.scores() and again.outcome() == s.outcome()
    assert [again.view(x) for x in range(5)] == [s.view(x) for x in range(5)]
    assert again.record() == s.record()


def test_from_record_raises_precise_errors():
    rec = played_record(3, 3)
    bad = copy.deepcopy(rec)
    bad["actions"][4][1] = "sushi"
    with pytest.raises(InvalidActionError, match="action 4"):
        SUSHI.from_record(bad)
    with pytest.raises(IllegalActionError, match="action 0 .*already eaten this round"):
        SUSHI.from_record(wild_first_record())
    with pytest.raises(RecordError, match="action 3 has 2 actions for 3 seats"):
        SUSHI.from_record({**rec, "actions": rec["actions"][:3] + [rec["actions"][3][:2]]})
    with pytest.raises(RecordError):
        SUSHI.from_record({**rec, "game": "kaito"})


# --- the replay command -------------------------------------------------------------------------


def test_replay_finished_games_for_every_seat_count(tmp_path):
    states = [played_state(10 + n, n) for n in range(2, 6)]
    paths = [write(tmp_path, f"g{s.num_seats}.json", s.record()) for s in states]
    out = run_replay(*paths)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 4
    for s, line in zip(states, lines):
        assert list(line) == KEYS
        assert line == {"game": "sushi-draft", "over": True, "scores": list(s.scores()),
                        "winners": list(s.outcome().winners), "to_act": [],
                        "legal": [[] for _ in range(s.num_seats)]}
        assert line["winners"] == [x for x, t in enumerate(line["scores"]) if t == max(line["scores"])]


def test_replay_each_step_prints_31_lines_for_a_full_game(tmp_path):
    rec = played_record(20, 3)
    out = run_replay("--each-step", write(tmp_path, "g.json", rec))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 31
    first = lines[0]
    assert first["to_act"] == [0, 1, 2] and first["scores"] == [0, 0, 0] and first["over"] is False
    for seat in range(3):
        expected = sorted({c for c in rec["setup"]["deals"][0][seat] if c != WILD})
        assert first["legal"][seat] == expected
    for i, phase in enumerate(rec["actions"]):
        line = lines[i]
        assert line["over"] is False and line["winners"] == [] and line["to_act"] == [0, 1, 2]
        for seat, action in enumerate(phase):
            legal = line["legal"][seat]
            assert action in legal and legal == sorted(legal) and len(set(legal)) == len(legal)
            if i % 2:  # KEEP: card names, a bare wild allowed
                assert not any("=" in a for a in legal)
            else:
                assert WILD not in legal
                if i % 10 == 0:  # the first EAT of a round: no wild can be eaten yet
                    assert not any(a.startswith("wild=") for a in legal)
    # scores only change at the end of a round (after every 10th phase)
    for i in range(1, 31):
        if i % 10:
            assert lines[i]["scores"] == lines[i - 1]["scores"]
    final = SUSHI.from_record(rec)
    for r in (1, 2):
        partial = SUSHI.from_record({**rec, "actions": rec["actions"][:10 * r]})
        assert lines[10 * r]["scores"] == list(partial.scores())
    assert lines[30]["over"] is True and lines[30]["scores"] == list(final.scores())
    assert lines[30]["winners"] == list(final.outcome().winners)


def test_replay_partial_game_shows_who_acts_and_legal_keeps(tmp_path):
    s = played_state(21, 4, phases=7)
    out = run_replay(write(tmp_path, "p.json", s.record()))
    assert out.returncode == 0, out.stderr
    line = json.loads(out.stdout)
    assert line["over"] is False and line["winners"] == [] and line["to_act"] == [0, 1, 2, 3]
    assert line["legal"] == [sorted(set(s.view(x).hand)) for x in range(4)]  # a KEEP phase


MALFORMED_SETUPS = [
    (lambda r: r["setup"].update(players=6), "players"),
    (lambda r: r["setup"].update(players=2), "deals[0] must hold 2 hands"),
    (lambda r: r["setup"]["deals"][1][2].append("tuna"), "deals[1][2] must be a list of 6 card names"),
    (lambda r: r["setup"]["deals"][0].__setitem__(
        slice(0, 3), [["tuna"] * 6, ["tuna"] * 3 + ["shrimp"] * 3, ["salmon"] * 6]),
     "deals[0] deals 9 tuna, the deck has 8"),
    (lambda r: r["setup"]["chips"].update(tuna=[3, 3, 5]), "chips['tuna'] must be an ordering"),
    (lambda r: r["setup"]["chips"].update(dessert=[2, 3, 5, 5]), "chips['dessert'] must be an ordering"),
    (lambda r: r["setup"]["chips"].pop("mackerel"), "chips must have exactly the piles"),
    (lambda r: r["setup"]["deals"][2][0].__setitem__(0, "nori"), "deals[2][0]"),
    (lambda r: r["setup"].pop("deals"), "deals must be a list of 3 rounds"),
    (lambda r: r["actions"].__setitem__(3, r["actions"][3][:2]), "action 3 has 2 actions for 3 seats"),
    (lambda r: r["actions"].__setitem__(5, r["actions"][5] + ["tuna"]), "action 5 has 4 actions for 3 seats"),
    (lambda r: r["actions"].__setitem__(2, "tuna"), "action 2 must be a list of action strings"),
    (lambda r: r["actions"].__setitem__(6, ["tuna", 3, "salmon"]), "action 6 must be a list of action strings"),
    (lambda r: r.update(actions={"0": []}), "actions is missing or not a list"),
]


@pytest.mark.parametrize("change, reason", MALFORMED_SETUPS)
def test_malformed_record_exits_2_with_one_line_and_prints_nothing(tmp_path, change, reason):
    rec = played_record(30, 3)
    change(rec)
    path = write(tmp_path, "bad.json", rec)
    out = run_replay("--each-step", path)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in out.stderr
    assert err[0].startswith(path + ": ") and reason in err[0]
    assert out.stdout == ""  # a malformed record is rejected before anything is printed


def test_illegal_card_not_in_hand_names_index_and_stops_that_record(tmp_path):
    rec = played_record(40, 3)
    index, seat = 4, 1
    before = SUSHI.from_record({**rec, "actions": rec["actions"][:index]})
    hand = before.view(seat).hand
    missing = next(t for t in TYPES if t not in hand)
    rec["actions"][index][seat] = missing
    bad = write(tmp_path, "bad.json", rec)
    good = write(tmp_path, "good.json", played_record(41, 2, phases=3))
    out = run_replay("--each-step", bad, good)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in out.stderr
    assert err[0].startswith(bad + ": ") and f"action {index}" in err[0]
    assert f"seat {seat} has no {missing} in hand" in err[0]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    # lines before phases 0..4 of the bad record, then the good record's 3 + 1 lines
    assert len(lines) == index + 1 + 4
    assert [len(line["scores"]) for line in lines] == [3] * (index + 1) + [2] * 4
    assert lines[index]["legal"][seat] == list(before.legal_actions(seat))


def test_wild_before_a_real_card_is_illegal(tmp_path):
    rec = wild_first_record()
    path = write(tmp_path, "wild.json", rec)
    out = run_replay(path)
    assert out.returncode == 2 and out.stdout == ""
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(path + ": ") and "action 0" in err[0]
    assert "already eaten this round" in err[0] and "'wild=tuna'" in err[0]
    each = run_replay("--each-step", path)
    assert each.returncode == 2 and len(each.stdout.splitlines()) == 1


@pytest.mark.parametrize("mutate, index, why", [
    (lambda r: r["actions"][8].__setitem__(2, "sushi"), 8, "not a card"),
    (lambda r: r["actions"][9].__setitem__(0, "wild=tuna"), 9, "keep phase an action is a card name"),
    (lambda r: r["actions"][10].__setitem__(1, "wild=dessert"), 10, "a wild can copy"),
    (lambda r: r["actions"].append(r["actions"][29]), 30, "the game is over"),
])
def test_bad_actions_report_their_index(tmp_path, mutate, index, why):
    rec = played_record(50, 3)
    mutate(rec)
    path = write(tmp_path, "r.json", rec)
    out = run_replay("--each-step", path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(path + ": ")
    assert f"action {index} " in err[0] and why in err[0]
    assert len(out.stdout.splitlines()) == index + 1


def test_several_files_good_ones_still_print(tmp_path):
    good1 = write(tmp_path, "a.json", played_record(60, 2))
    bad_rec = played_record(61, 4)
    bad_rec["setup"]["chips"]["salmon"] = [2, 4, 4]
    bad = write(tmp_path, "b.json", bad_rec)
    good2 = write(tmp_path, "c.json", played_record(62, 5, phases=11))
    broken = write(tmp_path, "d.json", "{not json")
    out = run_replay(good1, bad, good2, broken)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 2 and err[0].startswith(bad + ": ") and err[1].startswith(broken + ": ")
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [len(line["scores"]) for line in lines] == [2, 5]
    assert lines[0]["over"] is True and lines[1]["over"] is False
    assert lines[1]["to_act"] == [0, 1, 2, 3, 4]
