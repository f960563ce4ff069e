"""Kanji-zushi records and ``python -m game replay`` (RULES.md section 4, ``kanji-zushi``)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.core import IllegalActionError, InvalidActionError, RecordError
from game.kanji.data import NETA, SHARI, SHARI_DECK, is_valid
from game.kanji.rules import KANJI, PASS

ROOT = Path(__file__).resolve().parents[1]
KEYS = ["game", "over", "scores", "winners", "to_act", "legal"]


def played_state(seed: int, n: int, actions: int | None = None, key: str = "joyo", greed: float = 0.6):
    """A seeded game stopped after ``actions`` actions (None: to the end). With probability
    ``greed`` a turn makes a valid attempt when the seat has one, else a random legal action."""
    rng = random.Random(seed)
    s = KANJI.new_state(n, rng, answer_key=key)
    while not s.is_over() and (actions is None or len(s.history) < actions):
        assert len(s.history) < 5000
        legal = s.legal_actions(s.to_move)
        good = [a for a in legal if a != PASS and is_valid(*a.split("+"), key)]
        s.apply(s.to_move, rng.choice(good) if good and rng.random() < greed else rng.choice(legal))
    return s


def played_record(seed: int, n: int, actions: int | None = None, **kw) -> dict:
    return played_state(seed, n, actions, **kw).record()


def run_replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "replay", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


def pairs_and_pass(hand, table) -> list[str]:
    """Every distinct hand-and-table attempt plus pass, sorted by code point (RULES.md §4)."""
    return sorted({f"{n}+{c}" for n in hand for c in table if c is not None} | {PASS})


# --- records ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, key", [(2, "joyo"), (4, "rulebook"), (6, "joyo")])
def test_record_shape_matches_rules(n, key):
    s = played_state(n, n, key=key)
    rec = s.record()
    assert rec["format"] == "tatami-record/1" and rec["game"] == "kanji-zushi"
    setup = rec["setup"]
    assert set(setup) == {"players", "shari", "neta", "answer_key"}
    assert setup["players"] == n and setup["answer_key"] == key
    assert len(setup["shari"]) == 46 and Counter(setup["shari"]) == Counter(SHARI_DECK)
    assert len(setup["neta"]) == n and all(sorted(d) == sorted(NETA) for d in setup["neta"])
    fresh = KANJI.state_from_setup(setup)
    assert fresh.view(0).table == tuple(setup["shari"][:6])  # the first 6 are the table, in slot order
    assert all(fresh.view(x).hand == tuple(c for c in NETA if c in setup["neta"][x][:5]) for x in range(n))
    assert rec["actions"] == [a for _, a in s.history]
    for action in rec["actions"]:
        assert action == PASS or (action.split("+")[0] in NETA and action.split("+", 1)[1] in SHARI)
    json.dumps(rec)  # plain JSON data


def test_record_round_trip_through_json_reproduces_the_game():
    for n in range(2, 7):
        s = played_state(100 + n, n, key="rulebook" if n % 2 else "joyo")
        again = KANJI.from_record(json.loads(json.dumps(s.record(), ensure_ascii=False)))
        assert again.scores() == s.scores() and again.outcome() == s.outcome()
        assert [again.view(x) for x in range(n)] == [s.view(x) for x in range(n)]
        assert again.record() == s.record() and again.history == s.history


def test_from_record_raises_precise_errors():
    rec = played_record(3, 3)
    bad = copy.deepcopy(rec)
    bad["actions"][4] = "亻-木"
    with pytest.raises(InvalidActionError, match=r"^action 4 \('亻-木'\): "):
        KANJI.from_record(bad)
    with pytest.raises(RecordError, match="game is 'kaito'"):
        KANJI.from_record({**rec, "game": "kaito"})
    with pytest.raises(RecordError, match="action 1 is not a string"):
        KANJI.from_record({**rec, "actions": ["pass", ["pass"]]})
    # a seat that finished is skipped: replaying computes each action's seat
    seats = [seat for step in KANJI.replay_steps(rec["actions"], rec["setup"]) for seat, _ in step]
    assert seats == [seat for seat, _ in played_state(3, 3).history]
    with pytest.raises(IllegalActionError, match="the game is over"):
        KANJI.from_record({**rec, "actions": rec["actions"] + [PASS]})


# --- the replay command -------------------------------------------------------------------------


def test_replay_finished_games_for_every_seat_count(tmp_path):
    states = [played_state(10 + n, n) for n in range(2, 7)] + [played_state(17, 3, key="rulebook")]
    paths = [write(tmp_path, f"g{i}.json", s.record()) for i, s in enumerate(states)]
    out = run_replay(*paths)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == len(states)
    for s, line in zip(states, lines):
        assert list(line) == KEYS
        assert line == {"game": "kanji-zushi", "over": True, "scores": list(s.scores()),
                        "winners": list(s.outcome().winners), "to_act": [],
                        "legal": [[] for _ in range(s.num_seats)]}
        # stroke totals of the completed kanji, recomputed from the public attempt log
        totals = [0] * s.num_seats
        for entry in s.attempts:
            if entry.valid:
                totals[entry.seat] += entry.strokes
        assert line["scores"] == totals
        top = [x for x, t in enumerate(totals) if t == max(totals)]
        assert set(line["winners"]) <= set(top) and line["winners"]


def test_replay_each_step_prints_a_line_before_every_action_and_at_the_end(tmp_path):
    rec = played_record(20, 3, greed=0.4)
    out = run_replay("--each-step", write(tmp_path, "g.json", rec))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == len(rec["actions"]) + 1
    setup = rec["setup"]
    first = lines[0]
    assert first["to_act"] == [0] and first["scores"] == [0, 0, 0] and first["over"] is False
    assert first["legal"] == [pairs_and_pass(setup["neta"][0][:5], setup["shari"][:6]), [], []]
    state = KANJI.state_from_setup(setup)
    for i, action in enumerate(rec["actions"]):
        line = lines[i]
        assert list(line) == KEYS
        assert line["over"] is False and line["winners"] == []
        assert line["to_act"] == [state.to_move] and line["scores"] == list(state.scores())
        seat = state.to_move
        view = state.view(seat)
        legal = line["legal"][seat]
        assert legal == pairs_and_pass(view.hand, view.table) and legal == sorted(legal)
        assert action in legal and len(set(legal)) == len(legal)
        assert all(line["legal"][x] == [] for x in range(3) if x != seat)
        state.apply(seat, action)
    last = lines[-1]
    assert last["over"] is True and last["to_act"] == [] and last["legal"] == [[], [], []]
    assert last["scores"] == list(state.scores()) and last["winners"] == list(state.outcome().winners)
    # scores only change after a valid attempt
    for i, entry in enumerate(state.attempts):
        if not entry.valid:
            assert lines[i + 1]["scores"] == lines[i]["scores"]


def test_replay_partial_game_shows_who_acts_and_every_pair(tmp_path):
    s = played_state(21, 4, actions=9)
    out = run_replay(write(tmp_path, "p.json", s.record()))
    assert out.returncode == 0, out.stderr
    line = json.loads(out.stdout)
    seat = s.to_move
    assert line["over"] is False and line["winners"] == [] and line["to_act"] == [seat]
    view = s.view(seat)
    assert line["legal"] == [pairs_and_pass(view.hand, view.table) if x == seat else [] for x in range(4)]
    assert line["scores"] == list(s.scores())


MALFORMED = [
    (lambda r: r["setup"].update(players=7), "setup players must be an integer 2..6"),
    (lambda r: r["setup"].update(players=True), "setup players must be an integer 2..6"),
    (lambda r: r["setup"].update(players=2), "setup neta must be a list of 2 decks"),
    (lambda r: r["setup"]["shari"].pop(), "setup shari must be an ordering of the 46-card shari deck"),
    (lambda r: r["setup"]["shari"].__setitem__(0, r["setup"]["shari"][1]), "setup shari must be an ordering"),
    (lambda r: r["setup"]["neta"][1].__setitem__(0, "米"), "setup neta[1] must be an ordering of the 10 neta"),
    (lambda r: r["setup"]["neta"][2].append("亻"), "setup neta[2] must be an ordering"),
    (lambda r: r["setup"].update(answer_key="kanken"), "setup answer_key must be"),
    (lambda r: r["setup"].pop("answer_key"), "setup is missing answer_key"),
    (lambda r: r["setup"].update(seed=4), "setup has unknown key(s) seed"),
    (lambda r: r.update(setup=[]), "setup is missing or not an object"),
    (lambda r: r["actions"].__setitem__(5, 5), "action 5 is not a string"),
    (lambda r: r["actions"].__setitem__(2, ["亻+木"]), "action 2 is not a string"),
    (lambda r: r.update(actions="pass"), "actions is missing or not a list"),
    (lambda r: r.update(game="kanji"), "unknown game 'kanji'"),
    (lambda r: r.update(format="tatami-record/2"), "format is 'tatami-record/2'"),
]


@pytest.mark.parametrize("change, reason", MALFORMED)
def test_malformed_record_exits_2_with_one_line_and_prints_nothing(tmp_path, change, reason):
    rec = played_record(30, 3)
    change(rec)
    path = write(tmp_path, "bad.json", rec)
    out = run_replay("--each-step", path)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in out.stderr
    assert err[0].startswith(path + ": malformed record: ") and reason in err[0]
    assert out.stdout == ""  # a malformed record is rejected before anything is printed


def test_illegal_neta_names_index_and_stops_that_record(tmp_path):
    rec = played_record(40, 3)
    index = 6
    before = KANJI.from_record({**rec, "actions": rec["actions"][:index]})
    seat = before.to_move
    missing = next(n for n in NETA if n not in before.hands[seat])
    rec["actions"][index] = f"{missing}+{before.table[0]}"
    bad = write(tmp_path, "bad.json", rec)
    good = write(tmp_path, "good.json", played_record(41, 2, actions=3))
    out = run_replay("--each-step", bad, good)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in out.stderr
    assert err[0] == f"{bad}: action {index} ({rec['actions'][index]!r}): seat {seat} has no {missing} in hand"
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    # lines before actions 0..6 of the bad record, then the good record's 3 + 1 lines
    assert len(lines) == index + 1 + 4
    assert [len(line["scores"]) for line in lines] == [3] * (index + 1) + [2] * 4
    assert lines[index]["legal"][seat] == before.legal_actions(seat)
    assert lines[index]["to_act"] == [seat]


@pytest.mark.parametrize("mutate, index, why", [
    (lambda r, s: r["actions"].__setitem__(3, "亻木"), 3, "is not an attempt <neta>+<shari>"),
    (lambda r, s: r["actions"].__setitem__(4, "x+木"), 4, "'x' is not a neta card"),
    (lambda r, s: r["actions"].__setitem__(5, "亻+"), 5, "'' is not a shari card name"),
    (lambda r, s: r["actions"].__setitem__(
        2, f"{s.hands[s.to_move][0]}+{next(c for c in SHARI if c not in s.table)}"), 2, "on the table"),
    (lambda r, s: r["actions"].append(PASS), None, "the game is over"),
])
def test_bad_actions_report_their_index(tmp_path, mutate, index, why):
    rec = played_record(50, 3)
    at = len(rec["actions"]) if index is None else index
    before = KANJI.from_record({**rec, "actions": rec["actions"][:at]})
    mutate(rec, before)
    path = write(tmp_path, "r.json", rec)
    out = run_replay("--each-step", path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}: action {at} ({rec['actions'][at]!r}): ")
    assert why in err[0]
    assert len(out.stdout.splitlines()) == at + 1


def test_several_files_good_ones_still_print(tmp_path):
    good1 = write(tmp_path, "a.json", played_record(60, 2))
    bad_rec = played_record(61, 4)
    bad_rec["setup"]["neta"][3] = bad_rec["setup"]["neta"][3][:9]
    bad = write(tmp_path, "b.json", bad_rec)
    good2 = write(tmp_path, "c.json", played_record(62, 5, actions=11, key="rulebook"))
    broken = write(tmp_path, "d.json", "{not json")
    out = run_replay(good1, bad, good2, broken)
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 2 and err[0].startswith(bad + ": ") and err[1].startswith(broken + ": ")
    assert "neta[3]" in err[0]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [len(line["scores"]) for line in lines] == [2, 5]
    assert lines[0]["over"] is True and lines[1]["over"] is False
    assert lines[1]["to_act"] == [list(played_state(62, 5, actions=11, key="rulebook").to_act())[0]]
