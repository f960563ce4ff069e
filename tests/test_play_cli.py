"""Tests of ``python -m game play`` (game/play.py): JSON shape, seat rotation, generic protocol."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import game.registry as game_registry
from game.ai import RandomBot
from game.core import Game, GameState, GameType, IllegalActionError, Outcome
from game.play import main, play_game, ranks, run_match
from game.registration import Registration

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"game", "games", "seed", "bots", "wins", "win_share", "ci95", "mean_rank", "mean_ms", "max_ms",
        "decisions"}


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "play", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_cli_prints_one_json_object():
    proc = _run("kaito", "--seats", "medium,random", "--games", "4", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert KEYS <= set(out)
    assert out["game"] == "kaito" and out["games"] == 4 and out["bots"] == ["medium", "random"]
    for key in ("wins", "win_share", "ci95", "mean_rank", "mean_ms", "max_ms"):
        assert len(out[key]) == 2, key
    assert sum(out["wins"]) == pytest.approx(4)
    for share, (lo, hi) in zip(out["win_share"], out["ci95"]):
        assert 0 <= lo <= share <= hi <= 1
    for mean, top in zip(out["mean_ms"], out["max_ms"]):
        assert 0 <= mean <= top
    assert sum(out["mean_rank"]) == pytest.approx(3)  # two seats: ranks 1 and 2 every game
    assert all(1 <= r <= 2 for r in out["mean_rank"])


@pytest.mark.parametrize("args", [
    ["kaito", "--seats", "medium,wizard", "--games", "4"],
    ["kaito", "--seats", "medium", "--games", "4"],
    ["kaito", "--seats", "medium,random,easy", "--games", "4"],
    ["kaito", "--seats", "medium,random", "--games", "0"],
    ["kaito", "--seats", "medium,random", "--games", "four"],
    ["kaito", "--seats", "medium,random", "--jobs", "0"],
    ["chess", "--seats", "medium,random"],
    ["kaito", "--games", "3"],
    ["kaito", "--seats", "medium,random", "--frobnicate"],
])
def test_bad_arguments_exit_2_with_one_line(args):
    proc = _run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_bad_arguments_in_process(capsys):
    assert main(["kaito", "--seats", "hard,nobody"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nobody" in err


def test_seats_rotate_and_runs_are_reproducible():
    first = play_game("kaito", ("medium", "random"), 0, 5)
    second = play_game("kaito", ("medium", "random"), 1, 5)
    assert first["seat_bots"] == [0, 1] and second["seat_bots"] == [1, 0]
    a = run_match("kaito", ["easy", "medium"], 6, 11)
    b = run_match("kaito", ["easy", "medium"], 6, 11)
    assert a["wins"] == b["wins"] and a["decisions"] == b["decisions"]


def test_jobs_give_the_same_results():
    a = run_match("kaito", ["easy", "random"], 4, 2, jobs=1)
    b = run_match("kaito", ["easy", "random"], 4, 2, jobs=2)
    assert a["wins"] == b["wins"] and a["decisions"] == b["decisions"]


def test_ranks():
    assert ranks([0], [1, 5]) == [1, 2]
    assert ranks([1, 2], [9, 4, 4]) == [3, 1, 1]
    assert ranks([], [3, 7, 3]) == [2, 1, 2]


# -- a fake 3-seat game with simultaneous phases, through the generic protocol ---------------------


class _View:
    def __init__(self, seat, legal, pending, rnd):
        self.seat, self.legal_actions, self.pending, self.round = seat, legal, pending, rnd
        self.to_act = ()


class _SimulState(GameState):
    """Three rounds; every seat picks "a" or "b" at once; most "a" wins (ties share)."""

    num_seats = 3

    def __init__(self, game):
        self.game, self.history, self.round, self.choices, self.count = game, [], 0, {}, [0, 0, 0]

    def to_act(self):
        return () if self.round >= 3 else tuple(s for s in range(3) if s not in self.choices)

    def legal_actions(self, seat):
        return ["a", "b"] if seat in self.to_act() else []

    def apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalActionError("no")
        self.choices[seat] = action
        self.history.append((seat, action))
        if len(self.choices) == 3:
            for s, a in self.choices.items():
                self.count[s] += a == "a"
            self.choices, self.round = {}, self.round + 1

    def outcome(self):
        if self.round < 3:
            return None
        top = max(self.count)
        return Outcome(tuple(s for s in range(3) if self.count[s] == top), "most-a", tuple(self.count))

    def scores(self):
        return tuple(self.count)

    def view(self, seat):
        return _View(seat, self.legal_actions(seat), len(self.choices), self.round)

    def clone(self):
        raise NotImplementedError

    def setup(self):
        return {}

    def record_actions(self):
        return []


class _SimulGame(Game):
    game_type = GameType(name="simul-test", title="Simul", min_seats=2, max_seats=3,
                         simultaneous=True, hidden_information=True)

    def new_state(self, num_seats, rng, **options):
        return _SimulState(self)

    def state_from_setup(self, setup):
        return _SimulState(self)

    def replay_steps(self, record_actions, setup=None):
        return []


SEEN_PENDING: list[int] = []


class _WatchingBot(RandomBot):
    def choose(self, view):
        SEEN_PENDING.append(view.pending)
        return super().choose(view)


BOTS = {"random": lambda rng, **o: _WatchingBot(rng, "simul-test"),
        "easy": lambda rng, **o: _WatchingBot(rng, "simul-test")}


def test_generic_loop_handles_simultaneous_phases(monkeypatch):
    monkeypatch.setitem(game_registry.GAMES, "simul-test", _SimulGame())
    monkeypatch.setitem(game_registry.REGISTRATIONS, "simul-test", Registration(
        game_type=_SimulGame.game_type, package=__name__, rules=":_SimulGame", bots=":BOTS"))
    SEEN_PENDING.clear()
    out = run_match("simul-test", ["random", "easy", "random"], 6, 1)
    assert sum(out["wins"]) == pytest.approx(6)
    assert len(out["mean_rank"]) == 3 and all(1 <= r <= 3 for r in out["mean_rank"])
    assert out["decisions"] == [18, 18, 18]
    # every seat chose from a view taken before any choice of the phase was applied
    assert SEEN_PENDING and set(SEEN_PENDING) == {0}
