"""The replay viewer (scenes/replay, issue 10 §4) driven through the real App with real pygame events.

What is checked: after any sequence of back / forward / start / end steps (buttons, keys, wheel) the
embedded play scene shows exactly the record replayed to that point (every seat's view of its Match
equals ``from_record`` of the record's prefix); auto-play steps on by itself and pauses; the viewer
choice reaches the embedded scene; a malformed record shows one line and only ``button:back``;
play-from-here starts a real game at the position on screen with the same seats (asking first when
that game has a game in progress); ``tatami --replay`` with a good and a bad file.
"""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scene_input import click, ids, rect_of

from game.registry import get
from scenes.replay.source import Positions, ReplayError, parse_replay
from scenes.shell.catalog import GAMES_BY_NAME

GAME_SEATS = {"kaito": 2, "sushi-draft": 3, "kanji-zushi": 3}


# -- helpers -------------------------------------------------------------------------------------------
def random_record(game: str = "kaito", seed: int = 3, seats: int | None = None, finish: bool = True,
                  max_steps: int | None = None) -> dict:
    """The record of a game of random legal actions (to the end, or ``max_steps`` actions)."""
    rng = random.Random(seed)
    state = get(game).new_state(seats or GAME_SEATS[game], rng)
    n = 0
    while not state.is_over() and (max_steps is None or n < max_steps):
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state.record()


def prefix_state(record: dict, k: int):
    """``from_record`` of the record's first ``k`` steps (actions, or Sushi Draft phases)."""
    return get(record["game"]).from_record({**record, "actions": record["actions"][:k]})


def open_replay(app, record, **kw):
    scene = app.make_scene("replay", record=record, **kw)
    app.manager.reset(scene)
    app.pump(16)
    return scene


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.pump(16)


def wheel(app, dy):
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, precise_x=0.0, precise_y=float(dy),
                                         flipped=False))
    app.pump(16)


def assert_shows(scene, record, k):
    """The viewer is at step ``k`` and its embedded scene's Match is the record replayed to ``k``."""
    assert scene.index == k
    expected = prefix_state(record, k)
    board = scene.board
    assert board.state.history == expected.history
    for seat in range(expected.num_seats):
        assert board.match.view(seat) == expected.view(seat)


# -- the positions -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAME_SEATS))
def test_positions_are_every_prefix_of_the_record(game):
    record = random_record(game, seed=5)
    pos = Positions.build(record)
    assert pos.count == len(record["actions"]) and len(pos.states) == pos.count + 1
    for k in range(0, pos.count + 1, max(1, pos.count // 7)):
        assert pos.peek(k).history == prefix_state(record, k).history
    if game == "sushi-draft":  # one step per phase: every seat's choice
        assert all(len(step) == 3 for step in pos.steps)
    else:
        assert all(len(step) == 1 for step in pos.steps)
    clone = pos.state(1)
    clone.apply(*pos.steps[1][0])
    assert len(pos.peek(1).history) == len(pos.steps[0])  # the stored position did not change


@pytest.mark.parametrize("doc, words", [
    ([1, 2], "not a JSON object"),
    ({"record": "x"}, "\"record\" is not a JSON object"),
])
def test_parse_replay_rejects_what_is_not_a_record(doc, words):
    with pytest.raises(ReplayError, match=words):
        parse_replay(doc, "f.json")


def test_parse_replay_accepts_a_record_and_a_wrapper():
    record = random_record(max_steps=3)
    assert parse_replay(record).record is record and parse_replay(record).setup is None
    src = parse_replay({"record": record, "setup": {"seats": ["human", "hard"]}})
    assert src.record is record and src.setup == {"seats": ["human", "hard"]}


def test_a_broken_record_is_one_line_naming_the_action():
    record = random_record(max_steps=6)
    record["actions"][3] = "zz9"
    with pytest.raises(ReplayError) as info:
        Positions.build(record, "game.json")
    assert "\n" not in str(info.value) and "game.json" in str(info.value) and "action 3" in str(info.value)


# -- the scene -------------------------------------------------------------------------------------------
IDS = {"button:back", "button:replay-start", "button:replay-back", "button:replay-play", "button:replay-forward",
       "button:replay-end", "button:play-from-here", "choice:replay-speed:1"}


def test_opens_at_the_start_with_its_controls(app):
    record = random_record()
    scene = open_replay(app, record)
    assert scene.problem is None and IDS <= ids(scene)
    assert not any(i.startswith("choice:replay-viewer") for i in ids(scene))  # KAITO hides nothing
    assert_shows(scene, record, 0)
    assert scene.readout()[0] == f"Move 0 of {len(record['actions'])}"
    kinds = {el.id: el.kind for el in scene.ui_elements()}
    assert kinds["button:replay-back"] == "button-disabled" and kinds["button:replay-forward"] == "button"


OPS = st.lists(st.sampled_from(["forward", "back", "start", "end", "right", "left", "home", "endkey",
                                "wheel-down", "wheel-up"]), min_size=1, max_size=14)


@pytest.mark.parametrize("game", sorted(GAME_SEATS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, seed=st.integers(0, 50))
def test_any_sequence_of_steps_shows_the_record_replayed_to_that_point(app, game, ops, seed):
    record = random_record(game, seed=seed)
    scene = open_replay(app, record)
    n = len(record["actions"])
    k = 0
    buttons = {"forward": "button:replay-forward", "back": "button:replay-back", "start": "button:replay-start",
               "end": "button:replay-end"}
    keys = {"right": pygame.K_RIGHT, "left": pygame.K_LEFT, "home": pygame.K_HOME, "endkey": pygame.K_END}
    for op in ops:
        if op in buttons:
            enabled = dict((el.id, el.kind) for el in scene.ui_elements())[buttons[op]] == "button"
            click(app, rect_of(scene, buttons[op]).center)
            if not enabled:
                assert scene.index == k  # a disabled button does nothing
                continue
        elif op in keys:
            press(app, keys[op])
        else:
            wheel(app, -1 if op == "wheel-down" else 1)
        k = {"forward": min(n, k + 1), "right": min(n, k + 1), "wheel-down": min(n, k + 1),
             "back": max(0, k - 1), "left": max(0, k - 1), "wheel-up": max(0, k - 1),
             "start": 0, "home": 0, "end": n, "endkey": n}[op]
        scene.board.finish_animations()
        assert_shows(scene, record, k)


def test_going_back_is_instant(app):
    record = random_record()
    scene = open_replay(app, record)
    press(app, pygame.K_END)
    press(app, pygame.K_LEFT)
    assert not scene.board.animating()  # shown at once: nothing to wait for
    assert_shows(scene, record, len(record["actions"]) - 1)


def test_a_step_forward_animates_and_a_new_step_finishes_it(app):
    record = random_record()
    scene = open_replay(app, record)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.index == 2
    frames = 0
    while scene.board.animating() and frames < 600:
        app.pump(16)
        frames += 1
    assert not scene.board.animating()
    assert_shows(scene, record, 2)


def test_autoplay_steps_on_by_itself_and_pauses(app):
    record = random_record()
    scene = open_replay(app, record)
    press(app, pygame.K_SPACE)
    assert scene.playing
    for _ in range(2000):
        app.pump(16)
        if scene.index >= 3:
            break
    assert scene.index >= 3
    click(app, rect_of(scene, "button:replay-play").center)  # pause
    at = scene.index
    assert not scene.playing
    for _ in range(200):
        app.pump(16)
    assert scene.index == at
    scene.board.finish_animations()
    assert_shows(scene, record, at)


def test_a_faster_speed_plays_more_steps_in_the_same_frames(app):
    record = random_record()
    counts = {}
    for speed in ("1", "4"):
        scene = open_replay(app, record)
        click(app, rect_of(scene, f"choice:replay-speed:{speed}").center)
        assert scene.speed == speed
        press(app, pygame.K_SPACE)
        for _ in range(400):
            app.pump(16)
        counts[speed] = scene.index
    assert counts["4"] > counts["1"] >= 1


def test_autoplay_at_the_end_starts_over(app):
    record = random_record(max_steps=4)
    scene = open_replay(app, record, at="end")
    assert scene.index == 4
    press(app, pygame.K_SPACE)
    assert scene.playing and scene.index == 0


def test_back_returns_to_the_previous_scene_or_the_menu(app):
    app.manager.reset(app.make_scene("menu"))
    scene = app.make_scene("replay", record=random_record(max_steps=4))
    app.manager.push(scene)
    app.pump(16)
    click(app, rect_of(scene, "button:back").center)
    assert app.manager.top().name == "menu" and len(app.manager) == 1
    scene = open_replay(app, random_record(max_steps=4))  # alone on the stack
    press(app, pygame.K_ESCAPE)
    assert app.manager.top().name == "menu"


@pytest.mark.parametrize("mangle", [
    lambda r: {**r, "format": "nope"},
    lambda r: {**r, "actions": "e4"},
    lambda r: {**r, "actions": r["actions"][:2] + ["zz9"]},
    lambda r: {**r, "game": "chess"},
    lambda r: "not a record",
])
def test_a_malformed_record_shows_one_line_and_only_back(app, mangle):
    scene = open_replay(app, mangle(random_record(max_steps=5)))
    assert scene.problem and "\n" not in scene.problem
    assert ids(scene) == {"button:back"}
    press(app, pygame.K_RIGHT)
    wheel(app, -1)
    app.pump(16)  # drawing and input do not fail
    click(app, rect_of(scene, "button:back").center)
    assert app.manager.top().name == "menu"


# -- play from here --------------------------------------------------------------------------------------
def test_play_from_here_starts_a_game_at_that_position_with_the_same_seats(app):
    record = random_record()
    setup = {"seats": ["human", "hard"], "names": ["Aiko", "Hard AI"], "colors": ["R", "B"]}
    scene = open_replay(app, record, setup=setup)
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    click(app, rect_of(scene, "button:play-from-here").center)
    game = app.manager.top()
    assert game.name == "kaito_play" and len(app.manager) == 1
    assert game.seats == ["human", "hard"] and game.names == ["Aiko", "Hard AI"]
    assert game.state.history == prefix_state(record, 5).history
    assert not game.review


def test_play_from_here_without_a_setup_seats_a_human_against_medium(app):
    record = random_record()
    scene = open_replay(app, record)
    press(app, pygame.K_RIGHT)
    click(app, rect_of(scene, "button:play-from-here").center)
    game = app.manager.top()
    assert game.name == "kaito_play" and game.seats == ["human", "medium"]
    assert game.state.history == prefix_state(record, 1).history


def test_play_from_here_is_disabled_on_a_finished_position(app):
    record = random_record()
    scene = open_replay(app, record, at="end")
    kinds = {el.id: el.kind for el in scene.ui_elements()}
    assert kinds["button:play-from-here"] == "button-disabled"
    click(app, rect_of(scene, "button:play-from-here").center)
    assert app.manager.top() is scene


def test_play_from_here_asks_before_replacing_a_game_in_progress(app, tmp_path):
    from scenes.shell.saveslots import SaveSlots

    app.saves = SaveSlots(tmp_path / "saves")
    in_progress = prefix_state(random_record(seed=9), 3)
    app.saves.save(in_progress, {"seats": ["human", "easy"]})
    record = random_record()
    scene = open_replay(app, record)
    press(app, pygame.K_RIGHT)
    click(app, rect_of(scene, "button:play-from-here").center)
    confirm = app.manager.top()
    assert confirm.name == "confirm" and {"button:confirm-abandon", "button:cancel"} <= ids(confirm)
    for _ in range(15):
        app.pump(16)
    click(app, rect_of(confirm, "button:cancel").center)
    assert app.manager.top() is scene
    assert app.saves.load("kaito").state.history == in_progress.history  # untouched
    click(app, rect_of(scene, "button:play-from-here").center)
    confirm = app.manager.top()
    for _ in range(15):
        app.pump(16)
    click(app, rect_of(confirm, "button:confirm-abandon").center)
    game = app.manager.top()
    assert game.name == "kaito_play" and game.state.history == prefix_state(record, 1).history


# -- hidden information: the viewer choice ---------------------------------------------------------------
@pytest.mark.parametrize("game", ["sushi-draft", "kanji-zushi"])
def test_the_viewer_choice_reaches_the_embedded_scene(app, game):
    record = random_record(game, seed=2)
    scene = open_replay(app, record, setup={"seats": ["human", "easy", "hard"], "names": ["Aiko", "Ben", "Chie"]})
    assert {"choice:replay-viewer:all", "choice:replay-viewer:0", "choice:replay-viewer:2"} <= ids(scene)
    kinds = {el.id: el.kind for el in scene.ui_elements()}
    assert kinds["choice:replay-viewer:all"] == "choice-selected"
    for _ in range(4):
        press(app, pygame.K_RIGHT)
    click(app, rect_of(scene, "choice:replay-viewer:2").center)
    assert scene.viewer == 2 and scene.board.review_viewer == 2
    assert scene.caption() == "Hidden cards: as Chie saw them"
    press(app, pygame.K_LEFT)  # the viewer stays through steps
    assert scene.board.review_viewer == 2
    scene.board.finish_animations()
    assert_shows(scene, record, 3)
    click(app, rect_of(scene, "choice:replay-viewer:all").center)
    assert scene.viewer is None and scene.board.review_viewer is None


def test_a_viewer_given_at_the_start_is_shown(app):
    record = random_record("sushi-draft", seed=2)
    scene = open_replay(app, record, viewer=1)
    assert scene.board.review_viewer == 1
    kinds = {el.id: el.kind for el in scene.ui_elements()}
    assert kinds["choice:replay-viewer:1"] == "choice-selected"
    assert open_replay(app, record, viewer=7).viewer is None  # no such seat: everything


# -- the frame ------------------------------------------------------------------------------------------
def test_a_touchpad_steps_once_per_whole_notch(app):
    record = random_record()
    scene = open_replay(app, record)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0, precise_x=0.0, precise_y=-0.5,
                                             flipped=False))
    app.pump(16)
    assert scene.index == 1  # 1.5 notches down: one step, half a notch kept


def test_the_board_follows_a_window_resize(app):
    scene = open_replay(app, random_record())
    app.resize_window((800, 450))
    app.pump(16)
    inset = scene.inset.viewport
    assert inset.area == app.viewport.to_window(pygame.Rect(64, 0, 1152, 648))
    assert inset.scale == pytest.approx(app.viewport.scale * 0.9)
    click(app, rect_of(scene, "button:replay-forward").center)  # the strip's ids follow too
    assert scene.index == 1


def test_draw_changes_nothing(app):
    record = random_record()
    scene = open_replay(app, record)
    press(app, pygame.K_RIGHT)
    scene.board.finish_animations()
    app.pump(16)
    before = (scene.index, scene.playing, scene.board.state.history[:], [el.key() for el in scene.ui_elements()])
    first = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == first
    assert before == (scene.index, scene.playing, scene.board.state.history, [el.key() for el in scene.ui_elements()])


@pytest.mark.parametrize("game", list(GAMES_BY_NAME))
def test_the_viewer_goes_idle_after_a_step(app, game):
    scene = open_replay(app, random_record(game, seed=4))
    press(app, pygame.K_RIGHT)
    for _ in range(1500):
        if not scene.busy():
            break
        app.pump(16)
    assert not scene.busy()  # nothing moves: the app may wait for input (low CPU)
    assert "button:pause" not in {el.id for el in scene.board.ui_elements()}  # review mode: no pause


def test_start_kwargs_keep_the_setup():
    from scenes.replay.source import start_kwargs

    record = random_record("kanji-zushi", seed=2)
    pos = Positions.build(record)
    kw = start_kwargs(pos, 4, {"seats": ["human", "hard", "easy"], "names": ["A", "B", "C"], "hint": True})
    assert kw["seats"] == ["human", "hard", "easy"] and kw["names"] == ["A", "B", "C"] and kw["hint"] is True
    assert kw["state"].history == pos.peek(4).history and kw["state"] is not pos.peek(4)
    kw = start_kwargs(Positions.build(random_record()), 0, None)
    assert kw["seats"] == ["human", "medium"] and kw["names"] == ["You", "Medium AI"] and kw["colors"] == ("R", "B")


def test_the_readout_tells_the_position():
    from scenes.replay.source import readout

    record = random_record()
    pos = Positions.build(record)
    names = ["Aiko", "Ben"]
    n = pos.count
    assert readout(pos, 0, names) == (f"Move 0 of {n}", "Start · Next: Ben")  # seat 1 places the Kaito
    assert readout(pos, 1, names) == (f"Move 1 of {n}", "Next: Aiko")
    winner = names[pos.peek(n).outcome().winners[0]]
    assert readout(pos, n, names) == (f"Move {n} of {n}", f"Game over: {winner} wins")
    mine = ["You" if i == pos.peek(n).outcome().winners[0] else "Hard AI" for i in range(2)]
    assert readout(pos, n, mine)[1] == "Game over: you win"  # (issue 33 item 13: not "You wins")
    unfinished = Positions.build(random_record(max_steps=3))
    assert readout(unfinished, 3, names)[1] == "End of the record"
    sushi = Positions.build(random_record("sushi-draft", max_steps=2))
    assert readout(sushi, 1, names + ["Chie"])[1] == "Next: all choose"
