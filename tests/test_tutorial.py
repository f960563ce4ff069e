"""Tutorials as data (issue 11): every tutorial's scripted game is checked against the rules core
(each step's action legal and the person's, each reply by a seat to act, every required rule
shown with its evidence in the events, the game over at the end), so a rules change cannot
silently break a tutorial; and the check itself catches each kind of breakage."""
from __future__ import annotations

import dataclasses
import json
import re

import pytest

from game.registry import REGISTRATIONS
from game.tutorial import (
    COMMON_TEXTS,
    TUTORIAL_GAMES,
    ScriptedBot,
    Step,
    TutorialError,
    compile_tutorial,
    forced_round,
    load_tutorial,
    required_rules,
)

#: The coach's panel shows at most this many characters comfortably (scenes/tutorial/coach.py).
MAX_TEXT = 300


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_each_tutorial_plays_through_the_rules_and_shows_every_rule(game):
    tut = load_tutorial(game)
    walk = compile_tutorial(tut)
    assert walk.state.is_over()
    assert set(required_rules(game)) <= walk.shown
    assert tut.human in (walk.state.outcome().winners or ())  # the person wins the guided game
    asks = [s for s in tut.steps if s.do is not None]
    assert len(asks) >= 6, "a tutorial asks the person to play, not only to read"


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_texts_exist_fit_the_panel_and_use_known_placeholders(game):
    tut = load_tutorial(game)
    keys = {s.say for s in tut.steps} | {s.why for s in tut.steps} | {k for s in tut.steps for k in s.wrong.values()}
    for key in keys:
        text = tut.texts[key]
        assert text.strip() and len(text) <= MAX_TEXT, (key, len(text))
        assert set(re.findall(r"{([a-z_]+)}", text)) <= {"event", "reason"}, key
    assert set(COMMON_TEXTS) <= set(tut.texts)


def test_the_kaito_tutorial_shows_the_exchange_and_the_last_kabuto_in_the_events():
    tut = load_tutorial("kaito")
    walk = compile_tutorial(tut)
    kinds = [e.kind for events in walk.events for e in events]
    assert "kaito.exchange" in kinds and "kaito.last_tile" in kinds
    exchange = next(e for events in walk.events for e in events if e.kind == "kaito.exchange")
    assert exchange.seat == tut.human
    assert walk.state.outcome().reason == "no-kabuto"


def _with_step(tut, index, **changes):
    steps = list(tut.steps)
    steps[index] = dataclasses.replace(steps[index], **changes)
    return dataclasses.replace(tut, steps=tuple(steps))


def _first_ask(tut):
    return next(s for s in tut.steps if s.do is not None)


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_an_illegal_scripted_action_is_caught(game):
    tut = load_tutorial(game)
    step = _first_ask(tut)
    broken = _with_step(tut, step.index, do="no-such-action")
    with pytest.raises(TutorialError, match="rejected by the rules"):
        compile_tutorial(broken)


def test_a_reply_left_over_or_missing_is_caught():
    tut = load_tutorial("kaito")
    step = next(s for s in tut.steps if s.replies)
    with pytest.raises(TutorialError, match="no reply left"):
        compile_tutorial(_with_step(tut, step.index, replies=()))
    with pytest.raises(TutorialError):
        compile_tutorial(_with_step(tut, step.index, replies=step.replies + step.replies))


def test_a_rule_without_its_evidence_or_never_shown_is_caught():
    tut = load_tutorial("kaito")
    place = next(s for s in tut.steps if "place" in s.rules)
    with pytest.raises(TutorialError, match="never shows place"):
        compile_tutorial(_with_step(tut, place.index, rules=()))
    first_capture = next(s for s in tut.steps if "capture-opponent" in s.rules)
    with pytest.raises(TutorialError, match="do not show 'capture-own'"):
        compile_tutorial(_with_step(tut, first_capture.index, rules=("capture-own",)))


def test_a_missing_text_and_a_game_not_over_are_caught():
    tut = load_tutorial("kaito")
    with pytest.raises(TutorialError, match="no text for key"):
        compile_tutorial(_with_step(tut, 0, say="kaito.nothing-here"))
    short = dataclasses.replace(tut, steps=tut.steps[:3])
    with pytest.raises(TutorialError, match="not over"):
        compile_tutorial(short)


def test_a_step_asking_the_person_out_of_turn_is_caught():
    tut = load_tutorial("kaito")
    # a page inserted nowhere changes nothing; an action asked twice in a row is out of turn
    ask = _first_ask(tut)
    doubled = dataclasses.replace(tut, steps=tut.steps[:ask.index + 1]
                                  + (dataclasses.replace(ask, index=ask.index + 1, replies=()),)
                                  + tut.steps[ask.index + 1:])
    with pytest.raises(TutorialError):
        compile_tutorial(doubled)


def test_malformed_files_get_one_line(tmp_path):
    for content, words in (("{", "cannot read"), ("[]", "must be an object"),
                           (json.dumps({"game": "kaito", "seats": ["human", "human"]}), "seats must be"),
                           (json.dumps({"game": "kaito", "seats": ["script", "human"], "steps": [{"do": "a1"}]}),
                            "needs a \"say\""),
                           (json.dumps({"game": "kaito", "seats": ["script", "human"],
                                        "steps": [{"say": "x", "then": 1}]}), "unknown key")):
        path = tmp_path / "kaito.json"
        path.write_text(content, encoding="utf-8")
        with pytest.raises(TutorialError) as info:
            load_tutorial("kaito", path)
        assert words in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(TutorialError, match="no tutorial"):
        load_tutorial("chess")


def test_every_tutorial_file_is_listed_and_every_listed_game_has_one():
    files = {name for name, reg in REGISTRATIONS.items() if reg.tutorial_path.is_file()}
    assert files == set(TUTORIAL_GAMES)


def test_a_scripted_bot_answers_its_queue_head_without_consuming_it():
    bot = ScriptedBot(1, "kaito")
    bot.queue[:] = ["c6", "f1"]

    class View:
        legal_actions = ("a1", "c6")

    assert bot.choose(View()) == "c6"
    assert bot.choose(View()) == "c6"  # a request asked again gets the same answer
    bot.queue.clear()
    assert bot.choose(View()) == "a1"  # (never in a checked tutorial) a legal fallback


def test_the_forced_last_keep_is_found_only_at_hand_size_two():
    tut = load_tutorial("sushi-draft")
    state = tut.initial_state()
    assert forced_round(tut.rules(), state) == []
    step = Step(0, "x")
    assert step.why_not("anything") == "tutorial.wrong"
