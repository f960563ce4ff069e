"""Kanji-zushi's stroke order (issue 37 items 1 and 5): game/kanji/strokes.py + strokes.json, and
``python -m game kanji show CHAR`` (game/kanji/show.py).

The expected stroke counts are KANJIDIC2's, as committed in kanji_zushi.json (game/kanji/data.py);
the path flattening is checked on hand-made SVG paths whose points are worked out by hand.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import game.kanji.data as kd
import game.kanji.strokes as ks
from game.core import InstallError
from game.kanji import show

ROOT = Path(__file__).resolve().parents[1]


def halves_names() -> list[str]:
    return list(dict.fromkeys([*kd.NETA, *kd.SHARI]))


def run_show(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = show.main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_stroke_count_from_the_paths_is_kanjidic2s_for_every_formable_joyo_kanji():
    formed = {f.char: f for f in kd.formed_pairs().values()}
    joyo = [ch for ch, f in sorted(formed.items()) if f.joyo]
    assert len(joyo) == 80
    wrong = [f"{ch}: {None if ks.paths(ch) is None else len(ks.paths(ch))} != {formed[ch].strokes}"
             for ch in joyo if ks.paths(ch) is None or len(ks.paths(ch)) != formed[ch].strokes]
    assert not wrong, "stroke counts differ from KANJIDIC2: " + ", ".join(wrong)


def test_every_formed_character_and_half_has_paths_or_is_listed_missing():
    missing = ks.missing()
    names = [*kd.formable_chars(), *halves_names()]
    unaccounted = [n for n in names if ks.paths(n) is None and n not in missing]
    assert not unaccounted, f"neither paths nor listed missing: {unaccounted}"
    assert all(ks.paths(n) is None for n in missing) and all(ks.known(n) for n in names)
    assert all(ks.paths(h) is not None for h in halves_names()), "every card half has strokes"
    assert set(ks.names()) | set(missing) == set(names)
    for name in ks.names():
        for stroke in ks.paths(name):
            assert len(stroke) >= 2
            assert all(0 <= x <= 109 and 0 <= y <= 109 for x, y in stroke), name
        labels = ks.numbers(name)
        assert labels is None or len(labels) == len(ks.paths(name))
    assert ks.paths("x") is None and not ks.known("x") and ks.halves("x") is None


def test_left_and_right_halves_cover_every_stroke_in_order():
    with_halves = 0
    for ch in kd.formable_chars():
        split = ks.halves(ch)
        if split is None:
            continue
        with_halves += 1
        left, right = split
        assert list(left) + list(right) == list(range(len(ks.paths(ch)))), ch
        assert len(left) and len(right), ch
    assert with_halves == len([c for c in kd.formable_chars() if ks.paths(c) is not None])
    left, right = ks.halves("休")  # 亻 (2 strokes) + 木 (4)
    assert (left, right) == (range(0, 2), range(2, 6))
    assert len(ks.paths("亻")) == 2 and len(ks.paths("木")) == 4


def test_halves_without_a_file_are_taken_from_a_character_and_say_so():
    assert ks.drawn_from(kd.GO_RIGHT) == "後"
    assert ks.paths(kd.GO_RIGHT) == ks.paths("後")[ks.halves("後")[1].start:]
    assert ks.drawn_from("木") is None


def test_jlpt_levels_and_facts():
    assert ks.jlpt("休") == 5 and ks.jlpt("木") == 5
    assert all(ks.jlpt(n) in (None, 1, 2, 3, 4, 5) for n in ks.names())
    assert ks.jlpt("x") is None
    facts = ks.facts("木")
    assert facts["strokes"] == 4 and facts["grade"] == 1 and "tree" in facts["meanings"]
    assert ks.facts("休") is None  # formed characters' facts are data.form's


def test_the_file_is_canonical_and_credits_its_sources():
    data = ks.load_data()
    assert ks.serialize(data) == ks.DATA_PATH.read_text(encoding="utf-8")
    assert "make_kanji_strokes.py" in data["generated_by"]
    assert "CC BY-SA 3.0" in data["licence"] and "kanji-lists" in data["licence"]
    assert set(data["sources"]) == {"kanjivg", "kanji-lists", "kanjidic2"}
    assert "20260714" in data["sources"]["kanjivg"]["version"]
    assert "MIT" in data["sources"]["kanji-lists"]["licence"]


def test_a_damaged_file_is_an_install_error(monkeypatch, tmp_path):
    monkeypatch.setattr(ks, "_cache", None)
    monkeypatch.setattr(ks, "DATA_PATH", tmp_path / "strokes.json")
    with pytest.raises(InstallError, match="strokes.json"):
        ks.paths("休")
    (tmp_path / "strokes.json").write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(InstallError, match="strokes.json"):
        ks.paths("休")


def test_path_flattening_handles_relative_and_smooth_commands():
    spec = importlib.util.spec_from_file_location("make_kanji_strokes", ROOT / "tools" / "make_kanji_strokes.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.path_points("M10,10l5,0h5v5L30,30z") == [(10, 10), (15, 10), (20, 10), (20, 15), (30, 30), (10, 10)]
    assert tool.path_points("m1,2 3,4") == [(1, 2), (4, 6)]  # implicit line-to after m
    straight = tool.path_points("M0,0c10,0,20,0,30,0s20,0,30,0")  # the s reflects c's control
    assert straight[-1] == (60, 0) and all(y == 0 for _, y in straight)
    curve = tool.path_points("M0,0C0,50,100,50,100,0", tol=0.1)
    assert curve[0] == (0, 0) and curve[-1] == (100, 0) and len(curve) > 8
    assert max(y for _, y in curve) == pytest.approx(37.5, abs=0.1)  # the cubic's top at t=1/2
    assert tool.compact([(1.04, 2.0), (1.0, 2.0)]) == [1, 2, 1, 2]  # a dot keeps two points
    with pytest.raises(ValueError):
        tool.path_points("M0,0A5,5,0,0,1,10,10")


def test_show_a_known_kanji():
    status, out, err = run_show("show", "休")
    assert status == 0 and not err and out.count("\n") == 1
    obj = json.loads(out)
    assert list(obj) == ["char", "strokes", "paths", "meanings", "readings", "grade", "jlpt", "halves"]
    assert obj["char"] == "休" and obj["strokes"] == len(obj["paths"]) == 6
    assert all(0 <= v <= 109 for stroke in obj["paths"] for point in stroke for v in point)
    assert all(len(point) == 2 for stroke in obj["paths"] for point in stroke)
    assert set(obj["meanings"]) == {"en", "es", "ja"} and "rest" in obj["meanings"]["en"]
    assert all(isinstance(m, str) for ms in obj["meanings"].values() for m in ms)
    assert obj["meanings"]["ja"] == ["やすむ", "やすまる", "やすめる"]
    assert obj["readings"] == {"on": ["キュウ"], "kun": ["やす.む", "やす.まる", "やす.める"]}
    assert obj["grade"] == 1 and obj["jlpt"] == 5
    assert obj["halves"] == {"pairs": [["亻", "木"]], "strokes": {"left": [0, 2], "right": [2, 6]}, "makes": []}


def test_show_a_half_and_a_character_kanjivg_lacks():
    obj = json.loads(run_show("show", "木")[1])
    assert obj["grade"] == 1 and obj["strokes"] == 4 and obj["halves"]["pairs"] == []
    assert {"neta": "木", "shari": "木", "char": "林", "joyo": True} in obj["halves"]["makes"]
    assert {"neta": "亻", "shari": "木", "char": "休", "joyo": True} in obj["halves"]["makes"]
    lacking = next(iter(ks.missing()))
    obj = json.loads(run_show("show", lacking)[1])
    assert obj["paths"] is None and obj["halves"]["strokes"] is None and obj["halves"]["pairs"]
    obj = json.loads(run_show("show", kd.GO_RIGHT)[1])
    assert obj["halves"]["makes"] == [{"neta": "彳", "shari": kd.GO_RIGHT, "char": "後", "joyo": True}]


@pytest.mark.parametrize("args", [["show", "x"], ["show", "休木"], ["show", ""], ["show"], [], ["list"]])
def test_show_refuses_with_one_line_and_status_2(args):
    status, out, err = run_show(*args)
    assert status == 2 and not out and err.count("\n") == 1


def test_the_command_runs_as_a_process_on_an_ascii_terminal():
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="ascii")
    proc = subprocess.run([sys.executable, "-m", "game", "kanji", "show", "休"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert json.loads(proc.stdout)["char"] == "休"
    proc = subprocess.run([sys.executable, "-m", "game", "kanji", "show", "x"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.count("\n") == 1
