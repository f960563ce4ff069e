"""Undo (issue 10 §2) driven through the real App with real pygame events (SDL dummy).

Board Game Arena's policy: against AI, ``button:undo`` / Ctrl+Z takes back the person's last
decision together with the AI actions after it; never past information revealed or randomness
drawn since (Sushi Draft: until the phase resolves; Kanji-zushi: not after an attempt or a draw);
in hot-seat games only until the next seat acts; never once the game is over; not with the setting
off. The record and the autosave never hold an undone action.

Every check compares the scene after an undo with what it showed before the decision: every seat's
view of the Match, the history and record, the UI dump (the Kaito's rect, the hand's cards), the
displayed snapshot (``shown``) and the game log's sentences. AI seats are plain deterministic
Python bots (they run in the worker's thread path); a "gated" bot blocks on a
:class:`threading.Event` so a test decides when the AI answers.
"""
from __future__ import annotations

import copy
import json
import random
import threading
import time

import pygame
import pytest
from scene_input import click, drag, ids, press_key, rect_of, settle, start_scene

from game.kaito.rules import KAITO, KaitoState, square_index, square_name
from game.kanji.data import NETA, SHARI_DECK
from game.kanji.rules import KANJI, judge
from game.sushi.rules import SUSHI
from scenes.kaito.scene import KaitoPlayScene
from scenes.kaito.shown import Shown as KaitoShown
from scenes.kanji.scene import KanjiPlayScene
from scenes.sushi.scene import SushiPlayScene
from scenes.sushi.shown import Shown as SushiShown


# ------------------------------------------------------------------------------------------
# bots and helpers
# ------------------------------------------------------------------------------------------
class FirstBot:
    """Always its first legal action, at once (deterministic)."""

    def __init__(self):
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        return view.legal_actions[0]


class GatedBot:
    """Answers (its first legal action, or ``pick(view)``) only once ``gate`` is set."""

    def __init__(self, gate, pick=None):
        self.gate = gate
        self.pick = pick
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        self.gate.wait(20)
        return self.pick(view) if self.pick else view.legal_actions[0]


def pump_until(app, cond, what, frames=4000):
    """Pump 16 ms frames until ``cond()``; AssertionError naming ``what`` after ``frames`` frames."""
    for _ in range(frames):
        if cond():
            return
        app.pump(16)
        time.sleep(0.0005)
    raise AssertionError(f"{what}: not reached within {frames} frames")


def pump(app, frames):
    for _ in range(frames):
        app.pump(16)
        time.sleep(0.0005)


def kind_of(scene, id_):
    """The UI dump kind of ``id_``, or None when it is not in the dump."""
    for el in scene.ui_elements():
        if el.id == id_:
            return el.kind
    return None


def undo_offered(scene):
    """True when ``button:undo`` is in the dump and enabled (kind "button")."""
    return kind_of(scene, "button:undo") == "button"


def log_texts(scene):
    return [e.text for e in scene.narration.entries]


def click_undo(app, scene):
    assert undo_offered(scene), f"button:undo is {kind_of(scene, 'button:undo')!r}, expected an enabled button"
    click(app, rect_of(scene, "button:undo").center)


def ctrl_z(app):
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)


def do_undo(app, scene, how):
    if how == "button":
        click_undo(app, scene)
    else:
        ctrl_z(app)
    pump(app, 2)


def record_actions(record):
    return json.dumps(record["actions"], ensure_ascii=False)


# ------------------------------------------------------------------------------------------
# KAITO
# ------------------------------------------------------------------------------------------
def placed_state(seed=1):
    """A fresh deal after seat 1's opening placement: seat 0 (Red) to move."""
    st = KAITO.new_state(2, random.Random(seed), colors=("R", "B"))
    st.apply(1, st.legal_actions(1)[0])
    return st


def plain_targets(scene, seat=0):
    """``seat``'s Kaito targets that are plain moves (no buy-back step), ascending."""
    v = scene.match.view(seat)
    return [t for t in v.targets() if not v.exchanges_at(t)]


def kaito_drag(app, scene, sq):
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(sq)}").center)


def wait_answered(app, scene, ply):
    """Pump until ``ply`` actions are applied and the scene is idle (the AI answered, shown)."""
    pump_until(app, lambda: scene.match.ply >= ply and not scene.busy(), f"ply {ply} applied and shown")
    assert scene.match.ply == ply, scene.state.history


def kaito_snapshot(scene):
    """Everything an undo must restore exactly."""
    return {
        "views": [scene.match.view(s) for s in (0, 1)],
        "history": list(scene.state.history),
        "record": copy.deepcopy(scene.match.record()),
        "kaito": pygame.Rect(rect_of(scene, "kaito")),
        "tiles": sorted(i for i in ids(scene) if i.startswith(("tile:", "held:"))),
        "shown": copy.deepcopy(scene.shown),
        "log": log_texts(scene),
        "moves": list(scene.log),
        "last_from": scene.last_from,
        "cursor": scene.cursor,
    }


def assert_log_kept(scene, before):
    """The game log after an undo (issue 33): what it told before the decision, then a line for
    each undo since ("Red took back c4 (and 1 answer)."), never the undone actions."""
    texts = log_texts(scene)
    assert texts[:len(before)] == before, "the game log is not what it was before the move"
    extra = texts[len(before):]
    assert extra and all(" took back " in t for t in extra), extra


def assert_kaito_restored(scene, snap, undone=True):
    assert list(scene.state.history) == snap["history"]
    assert scene.match.record() == snap["record"]
    for s in (0, 1):
        assert scene.match.view(s) == snap["views"][s], f"seat {s}'s view differs after the undo"
    assert rect_of(scene, "kaito") == snap["kaito"], "the Kaito is not back on its square in the UI dump"
    assert sorted(i for i in ids(scene) if i.startswith(("tile:", "held:"))) == snap["tiles"]
    assert scene.shown == snap["shown"]
    assert scene.shown == KaitoShown.from_view(scene.view_shown()), "shown differs from a fresh snapshot"
    if undone:
        assert_log_kept(scene, snap["log"])
    else:
        assert log_texts(scene) == snap["log"], "the game log changed although nothing was taken back"
    assert list(scene.log) == snap["moves"]
    assert scene.last_from == snap["last_from"]
    assert scene.cursor == scene.match.event_count == snap["cursor"]
    assert scene.human_to_act() == 0


@pytest.mark.parametrize("how", ["button", "ctrl-z"])
def test_kaito_undo_restores_exactly_the_position_before_the_persons_move(app, how):
    bot = FirstBot()
    scene = start_scene(app, KaitoPlayScene, bots={1: bot}, seats=["human", "easy"], state=placed_state(2))
    assert scene.human_to_act() == 0
    before = kaito_snapshot(scene)
    target = plain_targets(scene)[0]
    kaito_drag(app, scene, target)
    wait_answered(app, scene, 3)  # the placement, the person's move, the AI's answer
    assert scene.state.history[1] == (0, square_name(target)) and scene.state.history[2][0] == 1
    assert bot.asked == 1
    assert rect_of(scene, "kaito") != before["kaito"]
    assert len(log_texts(scene)) > len(before["log"])
    assert undo_offered(scene)
    do_undo(app, scene, how)
    settle(app, scene)
    assert_kaito_restored(scene, before)
    assert bot.asked == 1, "the AI was asked again although the person is to move"
    # the log says what was taken back (issue 33); the banner says whose turn it is, not "Taken back"
    assert log_texts(scene)[-1] == f"Red took back {square_name(target)} (and 1 answer)."
    assert scene.banner_override is None and scene.human_to_act() == 0


def test_kaito_two_undos_go_back_two_decisions(app):
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(3))
    first = kaito_snapshot(scene)
    kaito_drag(app, scene, plain_targets(scene)[0])
    wait_answered(app, scene, 3)
    second = kaito_snapshot(scene)
    targets = plain_targets(scene)
    assert targets, "no plain move for the second decision in this deal"
    kaito_drag(app, scene, targets[-1])
    wait_answered(app, scene, 5)
    click_undo(app, scene)
    settle(app, scene)
    assert_kaito_restored(scene, second)
    assert undo_offered(scene), "the first decision can still be taken back"
    ctrl_z(app)
    settle(app, scene)
    assert_kaito_restored(scene, first)
    assert not undo_offered(scene)


def test_kaito_undo_is_not_offered_at_the_start(app):
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(4))
    assert scene.human_to_act() == 0
    before = kaito_snapshot(scene)
    assert kind_of(scene, "button:undo") in (None, "button-disabled")
    assert not scene.undoing.available()
    if "button:undo" in ids(scene):
        click(app, rect_of(scene, "button:undo").center)
    ctrl_z(app)
    settle(app, scene)
    assert_kaito_restored(scene, before, undone=False)


def test_kaito_undo_is_not_offered_once_the_person_won(app):
    # Red (the person) captures Black's last kabuto on b1: Red wins at once
    board = [None] * 36
    for sq, code in {"b1": "BH", "c3": "BK", "d4": "RK", "e5": "RH", "a3": "R1"}.items():
        board[square_index(sq)] = code
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"))
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=st)
    kaito_drag(app, scene, square_index("b1"))
    pump_until(app, lambda: scene.ended, "the end on screen")
    assert scene.state.is_over()
    history = list(scene.state.history)
    assert kind_of(scene, "button:undo") in (None, "button-disabled")
    assert not scene.undoing.available()
    ctrl_z(app)
    pump(app, 5)
    assert list(scene.state.history) == history and scene.state.is_over() and scene.ended
    assert app.manager.top() is scene and "button:score" in ids(scene)


def test_kaito_undo_is_not_offered_once_the_ai_won(app):
    # Red's only move is to b1; from there Black captures Red's last katana on b4 and wins
    board = [None] * 36
    for sq, code in {"b1": "B1", "b4": "RK", "e5": "RH", "c3": "BK", "f6": "BH"}.items():
        board[square_index(sq)] = code
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"))
    assert st.view(0).targets() == [square_index("b1")]
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=st)
    kaito_drag(app, scene, square_index("b1"))
    pump_until(app, lambda: scene.ended, "the end on screen")
    assert scene.state.history == [(0, "b1"), (1, "b4")] and scene.state.outcome().winners == (1,)
    assert kind_of(scene, "button:undo") in (None, "button-disabled")
    ctrl_z(app)
    pump(app, 5)
    assert scene.state.history == [(0, "b1"), (1, "b4")] and scene.ended


def test_kaito_undo_setting_off(app):
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(5),
                        undo=False)
    kaito_drag(app, scene, plain_targets(scene)[0])
    wait_answered(app, scene, 3)
    history = list(scene.state.history)
    assert kind_of(scene, "button:undo") in (None, "button-disabled")
    assert not scene.undoing.available()
    ctrl_z(app)
    settle(app, scene)
    assert list(scene.state.history) == history
    assert scene.save_setup()["undo"] is False


def test_kaito_after_an_undo_another_move_leaves_no_trace_of_the_undone_one(app, tmp_path):
    from scenes.shell.saveslots import SaveSlots

    app.saves = SaveSlots(tmp_path / "saves")
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(6))
    slot = app.saves.slot("kaito")

    def saved():
        doc = json.loads(slot.path.read_text(encoding="utf-8"))
        return doc["record"]["actions"]

    start_actions = saved()
    assert len(start_actions) == 1  # the placement
    targets = plain_targets(scene)
    assert len(targets) >= 2, "this deal needs two plain moves"
    undone = square_name(targets[0])
    kaito_drag(app, scene, targets[0])
    wait_answered(app, scene, 3)
    ai_answer = scene.state.history[2][1]
    assert len(saved()) == 3
    click_undo(app, scene)
    settle(app, scene)
    # the autosave after the undo holds no undone action
    assert saved() == start_actions, "the autosave still holds the undone actions"
    loaded = app.saves.load("kaito")
    assert loaded is not None and list(loaded.state.history) == list(scene.state.history)
    # a different move works, the AI answers, and nothing undone is in the record or the save
    other = targets[-1]
    kaito_drag(app, scene, other)
    wait_answered(app, scene, 3)
    history = list(scene.state.history)
    assert history[1] == (0, square_name(other)) and history[2][0] == 1
    record = scene.match.record()
    assert record["actions"] == [a for _, a in history]
    assert undone not in record["actions"][1:2]
    assert saved() == record["actions"]
    assert KAITO.from_record(record).history == history  # the record replays to the game on screen
    del ai_answer


def test_kaito_stray_clicks_while_the_ai_thinks_and_an_undo_then(app):
    """The issue's complaint: a stray pair of clicks made while the AI was thinking played a real
    move. While the AI thinks, clicks never move; and whatever the person did can be undone, even
    while the AI is still thinking (its late answer is then dropped)."""
    gate = threading.Event()
    bot = GatedBot(gate)
    try:
        scene = start_scene(app, KaitoPlayScene, bots={1: bot}, seats=["human", "easy"], state=placed_state(7))
        before = kaito_snapshot(scene)
        targets = plain_targets(scene)
        kaito_drag(app, scene, targets[0])
        pump_until(app, lambda: scene.match.thinking and not scene.animating(), "the AI thinking")
        mid = list(scene.state.history)
        assert len(mid) == 2
        # click-click while the AI thinks: the Kaito, then every tile on the board
        for sq in [i for i in range(36) if scene.shown.board[i]][:12]:
            click(app, rect_of(scene, "kaito").center)
            assert scene.drag.selected is None, "the Kaito was selected while the AI thinks"
            click(app, rect_of(scene, f"tile:{square_name(sq)}").center)
            drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(sq)}").center)
        pump(app, 3)
        assert scene.match.thinking, "the AI stopped thinking without an answer"
        assert list(scene.state.history) == mid, "a click while the AI thinks played a move"
        assert scene.errors == 0
        # the person's move can be taken back while the AI still thinks
        assert undo_offered(scene)
        click_undo(app, scene)
        settle(app, scene)
        assert_kaito_restored(scene, before)
        # the AI's answer to the undone move arrives now: it must be dropped
        gate.set()
        pump(app, 30)
        assert list(scene.state.history) == before["history"], "the AI's stale answer was applied after the undo"
        assert scene.human_to_act() == 0
        # and the game goes on normally
        kaito_drag(app, scene, targets[-1])
        wait_answered(app, scene, 3)
        assert scene.state.history[1] == (0, square_name(targets[-1]))
    finally:
        gate.set()


def test_kaito_undo_while_the_ais_answer_is_still_animating(app):
    """At normal speed the AI's answer is still moving on screen when the person presses undo: the
    animation stops and the position before the person's move is shown at once."""
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(9),
                        speed=1.0)
    before = kaito_snapshot(scene)
    kaito_drag(app, scene, plain_targets(scene)[0])
    pump_until(app, lambda: scene.match.ply == 3 and scene.animating(), "the AI's answer animating")
    click_undo(app, scene)
    assert not scene.animating()
    assert_kaito_restored(scene, before)
    settle(app, scene)  # nothing of the dropped animation lands later
    assert_kaito_restored(scene, before)
    assert scene.choreo.desyncs == 0


# ------------------------------------------------------------------------------------------
# Hot-seat KAITO
# ------------------------------------------------------------------------------------------
def test_hot_seat_kaito_a_seat_may_undo_until_the_next_seat_acts(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], state=placed_state(8))
    start = kaito_snapshot(scene)
    assert not undo_offered(scene)
    t0 = plain_targets(scene, 0)
    kaito_drag(app, scene, t0[0])
    settle(app, scene)
    assert scene.match.ply == 2 and scene.human_to_act() == 1
    assert undo_offered(scene), "seat 0 may undo its move while seat 1 has not acted"
    click_undo(app, scene)
    settle(app, scene)
    assert_kaito_restored(scene, start)
    # seat 0 moves again; then seat 1 acts
    kaito_drag(app, scene, t0[-1])
    settle(app, scene)
    after0 = kaito_snapshot(scene)
    t1 = plain_targets(scene, 1)
    assert t1, "seat 1 needs a plain move"
    kaito_drag(app, scene, t1[0])
    settle(app, scene)
    assert scene.match.ply == 3
    # seat 1 may take its own move back: to the position after seat 0's move, not before it
    assert undo_offered(scene)
    ctrl_z(app)
    settle(app, scene)
    assert list(scene.state.history) == after0["history"]
    for s in (0, 1):
        assert scene.match.view(s) == after0["views"][s]
    assert rect_of(scene, "kaito") == after0["kaito"]
    assert_log_kept(scene, after0["log"])
    assert scene.human_to_act() == 1


def test_hot_seat_kaito_undo_never_goes_back_past_the_next_seats_move(app):
    """Once seat 1 has acted, seat 0's move is final: seat 1 may take its own move back, but no
    undo (a second one, or Ctrl+Z) then reaches back to seat 0's decision."""
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], state=placed_state(8))
    kaito_drag(app, scene, plain_targets(scene, 0)[0])
    settle(app, scene)
    after0 = list(scene.state.history)
    kaito_drag(app, scene, plain_targets(scene, 1)[0])
    settle(app, scene)
    assert scene.match.ply == 3
    click_undo(app, scene)
    settle(app, scene)
    assert list(scene.state.history) == after0
    offered = undo_offered(scene)
    points = [cp.ply for cp in scene.match.undo_points(0)]
    ctrl_z(app)
    settle(app, scene)
    assert list(scene.state.history) == after0, (
        "a second undo took back seat 0's move although seat 1 had acted after it "
        f"(button:undo was {'enabled' if offered else 'disabled'}; Match.undo_points(0) was {points})")
    assert not offered, "button:undo offered seat 0's move back after seat 1 had acted"


# ------------------------------------------------------------------------------------------
# Sushi Draft
# ------------------------------------------------------------------------------------------
def sushi_hand_ids(scene):
    return sorted(i for i in ids(scene) if i.startswith("hand:"))


def sushi_wait_for_human(app, scene):
    pump_until(app, lambda: scene.human_to_act() is not None and not scene.side and not scene.drag.busy()
               and scene.hand.settled() and not scene.animating(), "the person's turn")


def sushi_snapshot(scene):
    return {
        "views": [scene.match.view(s) for s in range(len(scene.seats))],
        "history": list(scene.state.history),
        "record": copy.deepcopy(scene.match.record()),
        "hand": list(scene.shown.seats[scene.bottom].hand),
        "hand_ids": sushi_hand_ids(scene),
        "hand_rects": {i: pygame.Rect(rect_of(scene, i)) for i in sushi_hand_ids(scene)},
        "shown": copy.deepcopy(scene.shown),
        "log": log_texts(scene),
    }


def test_sushi_a_choice_is_taken_back_until_the_phase_resolves(app):
    gate = threading.Event()
    bot = GatedBot(gate)
    try:
        scene = start_scene(app, SushiPlayScene, bots={1: bot}, seats=["human", "easy"], seed=2)
        sushi_wait_for_human(app, scene)
        assert scene.match.ply == 0 and scene.match.thinking
        before = sushi_snapshot(scene)
        assert not undo_offered(scene)
        hand = before["hand"]
        i = next(k for k, c in enumerate(hand) if c != "wild")
        drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
        pump(app, 5)
        assert scene.state.history == [(0, hand[i])] and scene.match.view(0).my_choice == hand[i]
        assert sushi_hand_ids(scene) == [f"hand:{k}" for k in range(len(hand) - 1)]
        assert scene.match.thinking, "the AI answered although its gate is closed"
        # before the phase resolves, undo takes the card back into the hand
        click_undo(app, scene)
        sushi_wait_for_human(app, scene)
        assert scene.state.history == []
        for s in range(2):
            assert scene.match.view(s) == before["views"][s], f"seat {s}'s view differs after the undo"
        assert scene.match.record() == before["record"]
        assert list(scene.shown.seats[0].hand) == hand
        assert sushi_hand_ids(scene) == before["hand_ids"], "the card is not back in the hand in the UI dump"
        assert f"hand:{i}" in ids(scene)
        assert {k: rect_of(scene, k) for k in sushi_hand_ids(scene)} == before["hand_rects"]
        assert scene.shown == SushiShown.from_view(scene.match.view(0), private=True)
        assert scene.shown == before["shown"]
        assert_log_kept(scene, before["log"])
        assert not scene.shown.seats[0].chosen
        # eat another card; the AI answers; the phase resolves (everything is revealed)
        j = next(k for k, c in enumerate(hand) if c not in ("wild", hand[i]))
        drag(app, rect_of(scene, f"hand:{j}").center, rect_of(scene, "plate").center)
        pump(app, 3)
        assert scene.state.history == [(0, hand[j])]
        gate.set()
        pump_until(app, lambda: scene.match.ply >= 2, "the AI's choice")
        settle(app, scene)
        assert scene.match.view(0).eaten[0] == (hand[j],), "the undone card was eaten"
        assert scene.state.history[0] == (0, hand[j]) and (0, hand[i]) not in scene.state.history[:2]
        replayed = SUSHI.from_record(scene.match.record()).history  # (whole phases only)
        assert len(replayed) >= 2 and replayed == scene.state.history[:len(replayed)]
        assert scene.match.view(0).phase == "keep"
        # after the reveal, the choice cannot be taken back
        assert kind_of(scene, "button:undo") in (None, "button-disabled")
        assert not scene.undoing.available() and scene.match.undo_points(0) == []
        history = list(scene.state.history)
        ctrl_z(app)
        pump(app, 3)
        assert list(scene.state.history) == history
    finally:
        gate.set()


def test_sushi_undo_while_the_card_still_flies_to_the_plate(app):
    gate = threading.Event()
    try:
        scene = start_scene(app, SushiPlayScene, bots={1: GatedBot(gate)}, seats=["human", "easy"], seed=4,
                            speed=1.0)
        sushi_wait_for_human(app, scene)
        before = sushi_snapshot(scene)
        i = next(k for k, c in enumerate(before["hand"]) if c != "wild")
        drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
        assert scene.state.history == [(0, before["hand"][i])]
        assert scene.side or scene.flights, "the chosen card should still be in the air"
        click_undo(app, scene)
        sushi_wait_for_human(app, scene)
        pump(app, 60)  # anything of the dropped flight would have landed by now
        assert scene.state.history == []
        assert scene.match.view(0) == before["views"][0]
        assert list(scene.shown.seats[0].hand) == before["hand"] and not scene.shown.seats[0].chosen
        assert sushi_hand_ids(scene) == before["hand_ids"]
        assert scene.shown == SushiShown.from_view(scene.match.view(0), private=True)
        assert_log_kept(scene, before["log"])
    finally:
        gate.set()


def test_sushi_undo_keeps_the_ai_choices_made_before_the_persons(app):
    """Three seats: one AI chose before the person, the other still thinks: the undo takes back
    the person's choice only (the earlier AI choice stays, face down)."""
    gate = threading.Event()
    try:
        scene = start_scene(app, SushiPlayScene, bots={1: FirstBot(), 2: GatedBot(gate)},
                            seats=["human", "easy", "easy"], seed=5)
        sushi_wait_for_human(app, scene)
        pump_until(app, lambda: scene.match.ply == 1, "the first AI's choice")
        ai_first = list(scene.state.history)
        assert ai_first[0][0] == 1
        before = sushi_snapshot(scene)
        assert not undo_offered(scene)
        i = next(k for k, c in enumerate(before["hand"]) if c != "wild")
        drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
        pump(app, 5)
        assert [s for s, _ in scene.state.history] == [1, 0] and scene.match.thinking
        click_undo(app, scene)
        sushi_wait_for_human(app, scene)
        assert list(scene.state.history) == ai_first
        for s in range(3):
            assert scene.match.view(s) == before["views"][s]
        assert sushi_hand_ids(scene) == before["hand_ids"]
        assert_log_kept(scene, before["log"])
        assert scene.shown.seats[1].chosen  # the AI's choice is still face down on its plate
    finally:
        gate.set()


def test_sushi_the_last_choice_against_a_quick_ai_is_held_and_taken_back_before_the_reveal(app):
    """Issue 33, item 12: the AI chose first (as it always does, while the deal animates), so the
    person's choice ends the phase. With undo on it lies face down for the reveal's beat, the banner
    says so and Undo is offered; the undo puts the card back in the hand (nothing was applied) and
    the log says what was taken back. Chosen again, the reveal follows the beat."""
    from scenes.sushi.beat import REVEAL_BEAT_MS, beat_line

    scene = start_scene(app, SushiPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], seed=3, speed=1.0)
    sushi_wait_for_human(app, scene)
    pump_until(app, lambda: scene.match.ply == 1, "the AI's choice")
    before = sushi_snapshot(scene)
    assert not undo_offered(scene)
    hand = before["hand"]
    i = next(k for k, c in enumerate(hand) if c != "wild")
    drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
    pump_until(app, lambda: scene.anim_label == beat_line("eat"), "the reveal's beat")
    assert scene.state.history == before["history"], "the held choice was applied before the beat ended"
    assert scene.shown.seats[0].chosen and undo_offered(scene)
    assert scene.banner_text() == beat_line("eat")
    click_undo(app, scene)
    sushi_wait_for_human(app, scene)
    assert scene.state.history == before["history"] and scene.match.record() == before["record"]
    assert list(scene.shown.seats[0].hand) == hand and not scene.shown.seats[0].chosen
    assert sushi_hand_ids(scene) == before["hand_ids"]
    assert log_texts(scene)[-1] == f"You took back {hand[i]}."
    assert not undo_offered(scene)
    # chosen again: the beat runs out, the phase resolves, nothing is offered back past the reveal
    j = next(k for k, c in enumerate(hand) if c not in ("wild", hand[i]))
    drag(app, rect_of(scene, f"hand:{j}").center, rect_of(scene, "plate").center)
    pump(app, int(REVEAL_BEAT_MS / 16) - 10)
    assert scene.state.history == before["history"] and scene.undoing.holding == (0, hand[j])
    pump_until(app, lambda: (0, hand[j]) in scene.state.history, "the held choice applied after the beat")
    pump_until(app, lambda: scene.match.view(0).eaten[0] == (hand[j],) and not scene.animating(), "the reveal")
    assert not scene.undoing.available()


def test_sushi_the_beat_is_skipped_by_enter_and_absent_with_undo_off(app):
    """Enter reveals at once; with undo off a choice is applied at once, as before."""
    scene = start_scene(app, SushiPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], seed=6, speed=1.0)
    sushi_wait_for_human(app, scene)
    pump_until(app, lambda: scene.match.ply == 1, "the AI's choice")
    i = next(k for k, c in enumerate(scene.shown.seats[0].hand) if c != "wild")
    card = scene.shown.seats[0].hand[i]
    drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
    pump_until(app, lambda: scene.undoing.holding is not None and scene.anim_label, "the reveal's beat")
    press_key(app, pygame.K_RETURN)
    assert scene.state.history[:2] == [(1, scene.state.history[0][1]), (0, card)] and scene.undoing.holding is None
    off = start_scene(app, SushiPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], seed=6, speed=1.0,
                      undo=False)
    sushi_wait_for_human(app, off)
    pump_until(app, lambda: off.match.ply == 1, "the AI's choice")
    drag(app, rect_of(off, f"hand:{i}").center, rect_of(off, "plate").center)
    assert off.state.history[1] == (0, card) and off.undoing.holding is None


def test_hot_seat_sushi_the_second_persons_choice_is_held_for_their_undo(app):
    """Issue 33, item 12 in hot-seat: the second person's choice ends the phase; it is held for the
    beat and their Undo takes it back (the first person's hidden choice stays)."""
    scene = start_scene(app, SushiPlayScene, seats=["human", "human"], seed=5, speed=1.0)

    def ready():
        pump_until(app, lambda: app.manager.top().name == "privacy", "the curtain")
        pump(app, 30)
        click(app, rect_of(app.manager.top(), "button:ready").center)
        sushi_wait_for_human(app, scene)

    ready()
    i = next(k for k, c in enumerate(scene.shown.seats[0].hand) if c != "wild")
    drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
    ready()
    assert scene.viewer == 1
    hand = list(scene.shown.seats[1].hand)
    j = next(k for k, c in enumerate(hand) if c != "wild")
    drag(app, rect_of(scene, f"hand:{j}").center, rect_of(scene, "plate").center)
    pump_until(app, lambda: scene.anim_label and undo_offered(scene), "the reveal's beat")
    assert [s for s, _ in scene.state.history] == [0]
    ctrl_z(app)
    sushi_wait_for_human(app, scene)
    assert [s for s, _ in scene.state.history] == [0] and scene.viewer == 1
    assert list(scene.shown.seats[1].hand) == hand
    assert log_texts(scene)[-1].endswith(f"took back {hand[j]}.")


# ------------------------------------------------------------------------------------------
# Kanji-zushi
# ------------------------------------------------------------------------------------------
TABLE = ["木", "昜", "口", "寺", "及", "京"]
HAND0 = ["亻", "日", "土", "言", "禾"]


def kanji_planned(table=TABLE, hand0=HAND0, seats=2):
    """A state whose table is ``table`` and whose seat 0 holds ``hand0`` (the rest from a seeded
    deal), seat 0 to move (as tests/test_kanji_scene.py builds it)."""
    from collections import Counter

    base = KANJI.new_state(seats, random.Random(1), answer_key="joyo").setup()
    rest = Counter(SHARI_DECK) - Counter(table)
    shari = list(table)
    for c in base["shari"]:
        if rest[c] > 0:
            shari.append(c)
            rest[c] -= 1
    base["shari"] = shari
    base["neta"][0] = list(hand0) + [n for n in NETA if n not in hand0]
    return KANJI.state_from_setup(base)


def kanji_pair(scene, valid=True):
    """(hand index, slot) of the first displayed pair ``judge`` calls valid (or wrong)."""
    for i, n in enumerate(scene.shown.hand):
        for slot, s in enumerate(scene.shown.table):
            if n is not None and s is not None and judge(n, s, scene.answer_key)[1] == valid:
                return i, slot
    raise AssertionError("no such pair in this deal")


@pytest.mark.parametrize("valid", [True, False], ids=["completed", "wrong"])
def test_kanji_no_undo_after_an_attempt(app, valid):
    gate = threading.Event()
    try:
        scene = start_scene(app, KanjiPlayScene, bots={1: GatedBot(gate, lambda v: "pass")}, seats=["human", "easy"],
                            state=kanji_planned())
        assert scene.human_to_act() == 0
        i, slot = kanji_pair(scene, valid)
        drag(app, rect_of(scene, f"neta:{i}").center, rect_of(scene, f"shari:{slot}").center)
        pump_until(app, lambda: not scene.animating() and scene.match.thinking, "the AI thinking after the attempt")
        assert [s for s, _ in scene.state.history] == [0]
        # the attempt showed a card (and a completed one drew): never taken back
        assert scene.match.undo_points(0) == []
        assert kind_of(scene, "button:undo") in (None, "button-disabled")
        ctrl_z(app)
        pump(app, 3)
        assert [s for s, _ in scene.state.history] == [0]
        gate.set()
        pump_until(app, lambda: scene.human_to_act() == 0, "the person's next turn")
        assert [s for s, _ in scene.state.history] == [0, 1]
        assert scene.match.undo_points(0) == [] and not undo_offered(scene)
    finally:
        gate.set()


def test_kanji_a_pass_can_be_taken_back_and_the_button_agrees_with_the_match(app):
    gate = threading.Event()
    try:
        scene = start_scene(app, KanjiPlayScene, bots={1: GatedBot(gate, lambda v: "pass")}, seats=["human", "easy"],
                            state=kanji_planned())
        assert scene.human_to_act() == 0
        views = [scene.match.view(s) for s in (0, 1)]
        hand, table, log = list(scene.shown.hand), list(scene.shown.table), log_texts(scene)
        neta = sorted(i for i in ids(scene) if i.startswith("neta:"))
        assert scene.match.undo_points(0) == [] and not undo_offered(scene)
        click(app, rect_of(scene, "button:pass").center)
        pump_until(app, lambda: not scene.animating() and scene.match.thinking, "the AI thinking after the pass")
        assert scene.state.history == [(0, "pass")]
        points = scene.match.undo_points(0)
        assert [cp.ply for cp in points] == [0], "a pass revealed nothing: the turn before it is an undo point"
        assert undo_offered(scene), "Match.undo_points offers the pass back but button:undo is not enabled"
        click_undo(app, scene)
        settle_kanji(app, scene)
        assert scene.state.history == []
        assert [scene.match.view(s) for s in (0, 1)] == views
        assert list(scene.shown.hand) == hand and list(scene.shown.table) == table
        assert sorted(i for i in ids(scene) if i.startswith("neta:")) == neta
        assert_log_kept(scene, log)
        assert scene.human_to_act() == 0
        # pass again; the AI passes too: the pass (with the AI's) is still an undo point
        click(app, rect_of(scene, "button:pass").center)
        gate.set()
        pump_until(app, lambda: scene.match.ply >= 2 and not scene.busy(), "the AI's pass")
        if scene.state.is_over():  # both passed: the game may end on a dead table
            assert scene.match.undo_points(0) == [] or not scene.undoing.available()
            assert kind_of(scene, "button:undo") in (None, "button-disabled")
        else:
            assert [cp.ply for cp in scene.match.undo_points(0)] == [0]
            assert undo_offered(scene) == bool(scene.match.undo_points(0))
            click_undo(app, scene)
            settle_kanji(app, scene)
            assert scene.state.history == [] and [scene.match.view(s) for s in (0, 1)] == views
    finally:
        gate.set()


def test_kanji_a_pass_followed_by_an_ais_attempt_cannot_be_taken_back(app):
    """The AI's attempt after the person's pass showed its cards (and drew): the pass is final."""
    class Attempter:
        def choose(self, view):
            return next(a for a in view.legal_actions if a != "pass")

    scene = start_scene(app, KanjiPlayScene, bots={1: Attempter()}, seats=["human", "easy"], state=kanji_planned())
    click(app, rect_of(scene, "button:pass").center)
    pump_until(app, lambda: scene.match.ply == 2 and scene.human_to_act() == 0, "the AI's attempt shown")
    assert scene.state.history[0] == (0, "pass") and scene.state.history[1][1] != "pass"
    assert scene.match.undo_points(0) == []
    assert kind_of(scene, "button:undo") in (None, "button-disabled")
    ctrl_z(app)
    pump(app, 3)
    assert len(scene.state.history) == 2


def settle_kanji(app, scene):
    """Pump until the person may act again (a gated AI keeps a Kanji scene 'busy')."""
    pump_until(app, lambda: not scene.animating() and scene.hand.settled(), "the Kanji scene at rest")


def test_hot_seat_sushi_undo_never_reaches_the_other_persons_hidden_choice(app):
    """Issue 21, defect 2: Player 1 eats, the curtain passes the screen to Player 2, whose Undo was
    enabled and took back Player 1's hidden choice. Player 2 may take back only their own."""
    scene = start_scene(app, SushiPlayScene, seats=["human", "human"], seed=5)
    pump_until(app, lambda: app.manager.top().name == "privacy" or scene.human_to_act() == 0, "Player 1's turn")
    pump(app, 20)  # the curtain fades in
    if app.manager.top().name == "privacy":
        click(app, rect_of(app.manager.top(), "button:ready").center)
    sushi_wait_for_human(app, scene)
    assert scene.viewer == 0
    i = next(k for k, c in enumerate(scene.shown.seats[0].hand) if c != "wild")
    drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
    pump_until(app, lambda: app.manager.top().name == "privacy", "the curtain for Player 2")
    pump(app, 20)
    assert scene.privacy_for == 1 and scene.undoing.point() is None
    click(app, rect_of(app.manager.top(), "button:ready").center)
    sushi_wait_for_human(app, scene)
    assert scene.viewer == 1 and [s for s, _ in scene.state.history] == [0]
    assert not undo_offered(scene), "Player 2's Undo would take back Player 1's hidden choice"
    ctrl_z(app)
    pump(app, 10)
    assert [s for s, _ in scene.state.history] == [0]
    # Player 2 chooses: the phase resolves (a reveal): nothing is offered back past it either
    j = next(k for k, c in enumerate(scene.shown.seats[1].hand) if c != "wild")
    drag(app, rect_of(scene, f"hand:{j}").center, rect_of(scene, "plate").center)
    pump(app, 5)
    assert not (scene.viewer == 1 and scene.match.undo_points(0))
