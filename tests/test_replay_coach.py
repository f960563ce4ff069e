"""The coach's marks in the replay viewer (issue 13 §4): ``button:replay-coach`` rates the seat
shown in a child process (``python -m game analyse``, the bundle's ``--analyse``), rows read as
they arrive; the step just shown gets its line (``coach-mark``, kind ``mark-<mark>``) with the
better move; leaving ends the child; a failing child leaves one line and no marks."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.analyse import MARKS, analyse_record, iter_analysis
from game.tutorial import compile_tutorial, load_tutorial
from scenes.devtools.driver import Driver
from scenes.replay.coach import MARK_SENTENCES, CoachMarks, analyse_command, mark_sentence

ROOT = Path(__file__).resolve().parents[1]


def kaito_game():
    tut = load_tutorial("kaito")
    record = compile_tutorial(tut).state.record()
    setup = {"seats": ["easy", "human"], "names": ["Aoi", "You"], "colors": ["B", "R"]}
    return record, setup


def wait_done(marks, wall_s=120.0):
    end = time.monotonic() + wall_s
    while not marks.done:
        assert time.monotonic() < end, "the coach did not finish"
        time.sleep(0.05)


def test_the_viewer_shows_each_rated_decision_with_the_better_move(app):
    record, setup = kaito_game()
    d = Driver(app, time.monotonic() + 240, log=lambda s: None)
    app.manager.reset(app.make_scene("replay", record=record, setup=setup, at="start"))
    d.frames(3)
    scene = app.manager.top()
    assert "coach-mark" not in {e.id for e in scene.ui_elements()}  # off until asked for
    d.click("button:replay-coach")
    assert scene.coach.on and scene.coach.seat() == 1  # the person of the setup
    marks = scene.coach.marks[1]
    wait_done(marks)
    assert marks.problem is None
    expected = analyse_record("record", record, 1, depth=6, worlds=150)
    assert [r["step"] for r in expected] == sorted(marks.rows)
    for row in expected:
        got = marks.at(row["step"])
        assert got["action"] == row["action"] and got["mark"] == row["mark"] and got["best"] == row["best"]
    worst = max(expected, key=lambda r: r["loss"])
    assert worst["mark"] != "good"  # the scripted lesson's moves are not all the engine's choice
    d.key(__import__("pygame").K_HOME)
    for _ in range(worst["step"] + 1):
        d.click("button:replay-forward", settle=40)
    els = {e.id: e for e in scene.ui_elements()}
    assert els["coach-mark"].kind == f"mark-{worst['mark']}"
    line = scene.coach.line()
    # the actions in words (issue 21 §4: "a1, buying back the katana with 3 + 1", not "a1+K:3,1")
    assert line[0] == mark_sentence(worst, "You", scene.coach.game) and worst["best"] in line[0]
    assert "+K:" not in line[0] and "+H:" not in line[0]
    # said in the embedded scene's banner, in place of "Black to move" (issue 21, defect 4: the
    # pill over the board covered the banner); the dump's box is the banner's on the viewer's screen
    assert scene.board.banner_override is not None and scene.board.banner_override[0] == line[0]
    window = scene.board.viewport.to_window(scene.board.banner_rect())
    box = els["coach-mark"].rect
    assert abs(scene.viewport.to_window(box).centerx - window.centerx) <= 2
    assert abs(scene.viewport.to_window(box).centery - window.centery) <= 2
    # a step of the other seat has no line: the banner is the scene's own again
    d.click("button:replay-forward", settle=40)
    assert "coach-mark" not in {e.id for e in scene.ui_elements()}
    assert scene.board.banner_override is None
    proc = marks._proc
    d.click("button:back")
    assert proc is not None and proc.poll() is not None  # the child ended with the viewer


def test_a_failing_coach_leaves_one_line_and_no_marks():
    record, _ = kaito_game()
    marks = CoachMarks(record, 5)  # no such seat
    wait_done(marks)
    assert marks.rows == {} and marks.problem and "\n" not in marks.problem and "seat" in marks.problem
    marks.close()


def test_the_coach_streams_rows_and_the_bundle_entry_prints_the_same_lines(tmp_path):
    record, _ = kaito_game()
    rows = iter_analysis("record", record, 1, depth=4)
    first = next(rows)  # a generator: the first row is there before the rest is rated
    assert first["ply"] == 0 and first["mark"] in MARKS
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    a = subprocess.run([sys.executable, "-m", "scenes", "--analyse", str(path), "--seat", "1", "--depth", "4"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    b = subprocess.run([sys.executable, "-m", "game", "analyse", str(path), "--seat", "1", "--depth", "4"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout and len(a.stdout.splitlines()) == 7


def test_sentences_and_command_line(monkeypatch):
    for mark in MARKS:
        text = mark_sentence({"mark": mark, "action": "c4", "best": "d2"}, "You")
        assert text.startswith("Coach: You played c4") and (("d2" in text) == (mark != "good"))
    assert set(MARK_SENTENCES) == set(MARKS) | {"forced"}  # forced: the only legal move
    assert analyse_command("f.json", 1)[1:4] == ["-m", "game", "analyse"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert analyse_command("f.json", 1)[1:3] == ["--analyse", "f.json"]


@pytest.mark.parametrize("bad", [None, "not a record"])
def test_the_button_is_hidden_without_a_record_to_rate(app, bad):
    app.manager.reset(app.make_scene("replay", record=bad))
    app.pump(16)
    assert "button:replay-coach" not in {e.id for e in app.manager.top().ui_elements()}


def test_the_coach_says_actions_in_the_game_s_words():
    """A pass or a Sushi Draft card is said in the language in use (the game's action_text), never
    as raw notation: under the pseudo language no English word is left (seen: "prefers pass")."""
    from game import i18n
    from game.registry import get

    kanji, sushi, kaito = get("kanji-zushi"), get("sushi-draft"), get("kaito")
    try:
        i18n.set_language("en")
        assert mark_sentence({"mark": "mistake", "action": "亻+木", "best": "pass"}, "You", kanji) == \
            "Coach: You played 亻+木 — a mistake; the hard AI prefers passing."
        assert mark_sentence({"mark": "blunder", "action": "tuna", "best": "wild=salmon"}, "Ana", sushi) == \
            "Coach: Ana played tuna — a blunder; the hard AI prefers a wild as salmon."
        assert mark_sentence({"mark": "blunder", "action": "c4", "best": "d2"}, "Ana", kaito).endswith("prefers d2.")
        i18n.set_language("pseudo")
        for game, row in ((kanji, {"mark": "mistake", "action": "pass", "best": "pass"}),
                          (sushi, {"mark": "mistake", "action": "salmon", "best": "wild=tuna"})):
            text = mark_sentence(row, "Ana", game)
            assert i18n.plain_words(text.replace("Ana", "")) == [], text
        i18n.set_language("es")
        assert "prefiere pasar" in mark_sentence({"mark": "mistake", "action": "pass", "best": "pass"}, "Ana", kanji)
    finally:
        i18n.set_language("en")


def test_a_forced_move_is_marked_forced_not_good():
    """Issue 21 §4: the only legal move is marked forced, never "good"; the others keep their mark."""
    from scenes.replay.coach import row_mark

    forced = {"action": "a1", "best": "a1", "mark": "good", "forced": True, "loss": 0.0}
    assert row_mark(forced) == "forced"
    assert mark_sentence(forced, "You") == "Coach: You played a1 \u2014 forced: the only legal move."
    assert mark_sentence(forced, "Aoi") == "Coach: Aoi played a1 \u2014 forced: the only legal move."
    chosen = {"action": "c4", "best": "d2", "mark": "mistake", "forced": False, "loss": 0.12}
    assert row_mark(chosen) == "mistake" and "a mistake" in mark_sentence(chosen, "You")
    # every game's analysis says which decisions were forced: KAITO's scripted lesson has some
    record, _setup = kaito_game()
    rows = analyse_record("record", record, 1, depth=2, worlds=20)
    assert all(isinstance(r["forced"], bool) for r in rows)


def test_the_better_move_reads_apart_from_the_move_played():
    """Issue 21 §4, seen in the replay viewer: "Seat 1 played d2, buying back the kabuto with 3 + 2
    — a blunder; the hard AI prefers d2" — the same square, the difference unsaid. The better move
    says what sets it apart; the move played alone reads as before."""
    from game import i18n
    from game.registry import get

    kaito = get("kaito")
    row = {"mark": "blunder", "action": "d2+H:3,2", "best": "d2"}
    try:
        i18n.set_language("en")
        assert mark_sentence(row, "Ana", kaito) == ("Coach: Ana played d2, buying back the kabuto with 3 + 2 \u2014 "
                                                    "a blunder; the hard AI prefers d2 without buying back.")
        assert kaito.action_text("d2") == "d2" and kaito.action_text("d2", "c4") == "d2"
        assert kaito.action_text("d2", "d2+K:1") == "d2 without buying back"
        assert kaito.action_text("d2+K:1", "d2") == "d2, buying back the katana with 1"
        for lang in ("es", "ja"):
            i18n.set_language(lang)
            assert kaito.action_text("d2", "d2+K:1") not in ("d2", "d2 without buying back")  # translated
    finally:
        i18n.set_language("en")


def test_a_line_too_long_for_the_banner_is_said_without_the_move_played(tmp_path, monkeypatch):
    """The coach's line is said whole in the embedded scene's banner: where the whole sentence would
    be cut (Spanish at 800x450, a long move in words), the line without the move played (shown on
    the board and in the reason) — never an ellipsis."""
    import pygame

    from game import i18n
    from scenes.kit.marks import said_fits
    from scenes.replay.coach import MARK_SENTENCES_SHORT
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    app = App(size=(800, 450), settings=Settings(tmp_path / "s.json", autoload=False), uidump=False, language="es")
    try:
        record, setup = kaito_game()
        app.manager.reset(app.make_scene("replay", record=record, setup=setup, at="start"))
        d = Driver(app, time.monotonic() + 120, log=lambda s: None)
        d.frames(3)
        scene = app.manager.top()
        row = {"mark": "blunder", "action": "d2+H:3,2", "best": "d2", "step": 0}

        class Rated:  # the rows the coach's child process would have sent for this seat
            seat, done, problem = 1, True, None

            @staticmethod
            def at(step):
                return row

            @staticmethod
            def close():
                pass

        scene.coach.on = True
        scene.coach.marks[1] = Rated()
        d.click("button:replay-forward", settle=40)
        whole = mark_sentence(row, scene.names[1], scene.coach.game)
        banner = pygame.Rect(scene.board.banner_rect())
        assert not said_fits(scene.board.app, banner, whole)  # the whole line would be cut here
        text, kind = scene.coach.line()
        assert kind == "mark-blunder"
        assert text == i18n._(MARK_SENTENCES_SHORT["blunder"]).format(best=scene.coach.game.action_text("d2", "d2+H:3,2"))
        assert said_fits(scene.board.app, banner, text)
        assert scene.board.banner_override[0] == text  # said in the banner as it is
        label = next(e.label for e in scene.ui_elements() if e.id == "coach-mark")
        assert label.startswith(text)  # the dump holds what the banner says
    finally:
        app.shutdown()
        i18n.set_language("en")
