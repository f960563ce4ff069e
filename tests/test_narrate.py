"""``python -m game narrate [--seat N] FILE...`` (game/narrate.py, issue 9 §1): error paths as
``replay``, whole games of each kind told in sentences, and nothing secret told to another seat."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.kaito.rules import KAITO
from game.kanji.rules import KANJI
from game.match import Match
from game.narrate import main, narrate_lines, record_names
from game.registry import GAMES as REGISTERED
from game.replay import main as replay_main
from game.sushi.rules import SUSHI, eaten_card
from game.telling import describe

ROOT = Path(__file__).resolve().parent.parent
#: Every registered game at its fewest seats and at two more (where it has them).
GAMES = [(game, n) for game in REGISTERED.values()
         for n in sorted({game.min_seats, min(game.min_seats + 2, game.max_seats)})]


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """``narrate`` without ``--lang`` follows TATAMI_LANG, else the system's language: these tests
    read the English sentences."""
    monkeypatch.setenv("TATAMI_LANG", "en")


def random_game(game, seats: int, seed: int, stop=None) -> Match:
    """A seeded game between random bots through Match (as ``python -m game play`` plays),
    until it is over or ``stop(match)`` holds after a step."""
    m = Match(game, ["random"] * seats, seed, synchronous=True)
    while not m.is_over() and not (stop and stop(m)):
        assert m.step_bots()
    return m


def write(tmp_path: Path, name: str, record: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return str(path)


def narrate(capsys, *args: str) -> tuple[int, list[str], list[str]]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


# -- (a) error paths ----------------------------------------------------------------------------
def _bad_records(tmp_path: Path) -> list[str]:
    good = random_game(KAITO, 2, 1).record()
    illegal = copy.deepcopy(good)
    illegal["actions"][3] = illegal["actions"][2]  # seat 1 moves twice: not its turn / not legal
    (tmp_path / "not-json.json").write_text("{", encoding="utf-8")
    return [
        str(tmp_path / "missing.json"),
        str(tmp_path / "not-json.json"),
        write(tmp_path, "format.json", {**good, "format": "tatami-record/0"}),
        write(tmp_path, "game.json", {**good, "game": "chess"}),
        write(tmp_path, "illegal.json", illegal),
    ]


def test_bad_records_fail_with_the_same_line_as_replay(tmp_path, capsys):
    for path in _bad_records(tmp_path):
        status, out, err = narrate(capsys, path)
        assert status == 2 and out == [] and len(err) == 1 and path in err[0], (path, err)
        assert replay_main([path]) == 2
        assert capsys.readouterr().err.splitlines() == err  # exactly replay's line
    status, out, err = narrate(capsys, str(tmp_path / "illegal.json"))
    assert "action 3" in err[0]


def test_a_bad_file_does_not_stop_the_others(tmp_path, capsys):
    good = write(tmp_path, "good.json", random_game(KANJI, 2, 3).record())
    status, out, err = narrate(capsys, str(tmp_path / "missing.json"), good)
    assert status == 2 and len(err) == 1 and out == narrate_lines(good, None) and out


@pytest.mark.parametrize("seat", ["2", "-1", "9"])
def test_a_seat_the_game_does_not_have_is_one_line_and_status_2(tmp_path, capsys, seat):
    path = write(tmp_path, "kaito.json", random_game(KAITO, 2, 1).record())
    status, out, err = narrate(capsys, "--seat", seat, path)
    assert status == 2 and out == [] and len(err) == 1
    assert path in err[0] and "--seat" in err[0] and "0 to 1" in err[0]


def test_the_command_line(tmp_path):
    path = write(tmp_path, "kaito.json", random_game(KAITO, 2, 2).record())
    proc = subprocess.run([sys.executable, "-m", "game", "narrate", "--seat", "0", path], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.splitlines() == narrate_lines(path, 0)
    bad = subprocess.run([sys.executable, "-m", "game", "narrate", str(tmp_path / "nope.json")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1


# -- names ------------------------------------------------------------------------------------------
def test_names_come_from_the_record_when_it_has_them():
    assert record_names({}, 3) == ["Seat 1", "Seat 2", "Seat 3"]
    assert record_names({"names": ["Aiko", "Ben"]}, 2) == ["Aiko", "Ben"]
    assert record_names({"names": ["Aiko"]}, 2) == ["Seat 1", "Seat 2"]
    assert record_names({"names": ["Aiko", " "]}, 2) == ["Seat 1", "Seat 2"]
    assert record_names({"names": ["Aiko", 7]}, 2) == ["Seat 1", "Seat 2"]


def test_a_record_with_names_is_told_with_them(tmp_path):
    m = random_game(KANJI, 2, 5)
    path = write(tmp_path, "named.json", {**m.record(), "names": ["Aiko", "Ben"]})
    lines = narrate_lines(path, None)
    assert lines == [describe(e, ["Aiko", "Ben"]) for e in m.state.events]
    assert any("Aiko" in line for line in lines) and not any("Seat 1" in line for line in lines)


# -- (b) whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("game,seats", GAMES, ids=lambda x: getattr(x, "name", x))
def test_a_whole_game_is_told_to_its_end(tmp_path, game, seats):
    m = random_game(game, seats, 17)
    assert m.is_over()
    path = write(tmp_path, "game.json", m.record())
    names = [f"Seat {i + 1}" for i in range(seats)]
    lines = narrate_lines(path, None)
    assert len(lines) >= len(m.state.history), "fewer sentences than actions"
    assert lines == [describe(e, names) for e in m.state.events]
    last = m.state.events[-1]
    assert last.kind.endswith(".end") and lines[-1] == describe(last, names)
    assert all(line.strip() and "\n" not in line for line in lines)
    for seat in range(seats):  # every seat's telling ends with the end too
        told = narrate_lines(path, seat)
        assert told[-1] == lines[-1] and len(told) <= len(lines)
        assert told == [describe(e, names) for e in m.state.events_for(seat)]


def test_kaito_hides_nothing_so_every_seat_hears_everything(tmp_path):
    path = write(tmp_path, "kaito.json", random_game(KAITO, 2, 8).record())
    assert narrate_lines(path, 0) == narrate_lines(path, 1) == narrate_lines(path, None)


# -- (c) no secret of another seat ----------------------------------------------------------------
def test_sushi_a_seat_hears_nothing_of_cards_it_has_not_seen(tmp_path):
    """Two records that differ only in one card of seat 1's first hand, which seat 1 neither
    eats nor keeps but passes to seat 2: seat 0's telling is the same, seat 2's is not."""
    m = random_game(SUSHI, 3, 4, stop=lambda m: len(m.record()["actions"]) == 2)  # EAT, KEEP
    record = m.record()
    hand = record["setup"]["deals"][0][1]
    used = {eaten_card(record["actions"][0][1]), record["actions"][1][1]}
    old = next(c for c in hand if c not in used)
    counts = {c: sum(h.count(c) for h in record["setup"]["deals"][0]) for c in ("tuna", "shrimp", "salmon")}
    new = next(c for c, n in counts.items() if c != old and n < {"tuna": 8, "shrimp": 7, "salmon": 6}[c])
    twin = copy.deepcopy(record)
    twin_hand = twin["setup"]["deals"][0][1]
    twin_hand[twin_hand.index(old)] = new
    a, b = write(tmp_path, "a.json", record), write(tmp_path, "b.json", twin)
    assert narrate_lines(a, 0) == narrate_lines(b, 0)
    assert narrate_lines(a, 2) != narrate_lines(b, 2)  # seat 2 received that card
    assert narrate_lines(a, None) != narrate_lines(b, None)


def test_kanji_others_hear_that_a_seat_drew_not_what(tmp_path):
    """Two records that differ only in the order of seat 1's undrawn neta (its 6th and 7th
    cards), cut right after seat 1's first draw: seat 0's telling is the same."""
    def drew(m):
        return any(e.kind == "kanji.draw" and e.seat == 1 for e in m.state.events)

    m = random_game(KANJI, 2, 6, stop=drew)
    assert drew(m)
    record = m.record()
    twin = copy.deepcopy(record)
    deck = twin["setup"]["neta"][1]
    deck[5], deck[6] = deck[6], deck[5]
    a, b = write(tmp_path, "a.json", record), write(tmp_path, "b.json", twin)
    assert narrate_lines(a, 0) == narrate_lines(b, 0)
    assert narrate_lines(a, 1) != narrate_lines(b, 1)  # seat 1 knows what it drew
