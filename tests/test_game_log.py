"""The game log of every play scene (issue 10 §1) and the hint button (§5), through the real App
with real pygame events (SDL dummy).

The log (``scene.narration``, a :class:`scenes.kit.narration.NarrationLog`) tells every event as its
sentence (:func:`game.core.describe`) as the narrated seat knew it: the one person against AIs, only
what is public in a hot-seat game with hidden cards. KAITO calls the seats by their colours, shows
the action's notation on hover, and marks a last katana / kabuto warning "danger" when it is the
person's and "chance" when it is the AI's; the end is a "result". The hint marks the hard AI's
choice (kind ``hint`` in the UI dump) and the mark goes once the position changes.
"""
from __future__ import annotations

import random
import threading
import time

import pygame
import pytest
from scene_input import click, drag, ids, post, rect_of, settle, start_scene

from game.kaito.events import GameEnded, LastTileAtStake, LastTileLeft
from game.kaito.rules import KAITO, KaitoState, square_index, square_name
from game.kaito.telling import COLOR_WORDS
from game.kanji.data import NETA, SHARI_DECK
from game.kanji.rules import KANJI, judge
from game.sushi.rules import SUSHI
from game.telling import describe
from scenes.kaito.scene import KaitoPlayScene
from scenes.kanji.scene import KanjiPlayScene
from scenes.play.modes import PUBLIC
from scenes.sushi.scene import SushiPlayScene


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
class FirstBot:
    def choose(self, view):
        return view.legal_actions[0]


class PassBot:
    def choose(self, view):
        return "pass"


def pump_until(app, cond, what, frames=4000):
    for _ in range(frames):
        if cond():
            return
        app.pump(16)
        time.sleep(0.0005)
    raise AssertionError(f"{what}: not reached within {frames} frames")


def wait_wall(app, cond, what, seconds=60.0):
    """Pump frames until ``cond()``; a wall-clock guard only against a hang (the hint worker is a
    real AI process)."""
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not reached within {seconds} s")
        app.pump(16)
        time.sleep(0.005)


def texts(scene):
    return [e.text for e in scene.narration.entries]


def told(events, names):
    return [t for t in (describe(e, names) for e in events) if t]


def kinds(scene):
    return {el.id: el.kind for el in scene.ui_elements()}


def hinted(scene):
    return sorted(i for i, k in kinds(scene).items() if k == "hint")


def entry_for(scene, text):
    """The index of the (last) log entry whose text is ``text``."""
    found = [e.index for e in scene.narration.entries if e.text == text]
    assert found, f"{text!r} is not in the log: {texts(scene)}"
    return found[-1]


# -- KAITO ---------------------------------------------------------------------------------
def placed_state(seed=1):
    st = KAITO.new_state(2, random.Random(seed), colors=("R", "B"))
    st.apply(1, st.legal_actions(1)[0])
    return st


def kaito_state(tiles, to_move=0, held=None):
    board = [None] * 36
    for sq, code in tiles.items():
        board[square_index(sq)] = code
    kw = {"held": held, "removed": ("OO", "OO")} if held else {}
    return KaitoState.from_position(board, kaito=0, to_move=to_move, colors=("R", "B"), **kw)


def kaito_drag(app, scene, sq):
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(sq)}").center)


def plain_targets(scene, seat=0):
    v = scene.match.view(seat)
    return [t for t in v.targets() if not v.exchanges_at(t)]


def kaito_names(scene):
    return [COLOR_WORDS[c] for c in scene.colors]


# -- Sushi Draft ---------------------------------------------------------------------------
def sushi_planned(hand0, hand1):
    base = SUSHI.new_state(2, random.Random(42)).setup()
    base["deals"][0][0] = list(hand0)
    base["deals"][0][1] = list(hand1)
    return SUSHI.state_from_setup(base)


def sushi_wait_for_human(app, scene):
    pump_until(app, lambda: scene.human_to_act() is not None and not scene.side and not scene.drag.busy()
               and not scene.animating(), "the person's turn")


def sushi_act(app, scene, card=None):
    """The human at the bottom eats (or keeps) ``card`` (default: its first card that is not a wild)."""
    seat = scene.human_to_act()
    assert seat is not None
    hand = scene.shown.seats[seat].hand
    phase = scene.match.view(seat).phase
    i = hand.index(card) if card is not None else next(k for k, c in enumerate(hand) if c != "wild")
    chosen = hand[i]
    drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate" if phase == "eat" else "keep").center)
    return chosen


# -- Kanji-zushi ---------------------------------------------------------------------------
TABLE = ["木", "昜", "口", "寺", "及", "京"]
HAND0 = ["亻", "日", "土", "言", "禾"]


def kanji_planned(table=TABLE, hand0=HAND0, seats=2, reverse_deck=False):
    """Seat 0 holds ``hand0`` over ``table`` (the rest from a seeded deal); ``reverse_deck``
    reverses the rest of seat 0's neta deck (a twin differing only in hidden cards)."""
    from collections import Counter

    base = KANJI.new_state(seats, random.Random(1), answer_key="joyo").setup()
    rest = Counter(SHARI_DECK) - Counter(table)
    shari = list(table)
    for c in base["shari"]:
        if rest[c] > 0:
            shari.append(c)
            rest[c] -= 1
    base["shari"] = shari
    deck = [n for n in NETA if n not in hand0]
    base["neta"][0] = list(hand0) + (deck[::-1] if reverse_deck else deck)
    return KANJI.state_from_setup(base)


def kanji_valid_pair(scene):
    for i, n in enumerate(scene.shown.hand):
        for slot, s in enumerate(scene.shown.table):
            if n is not None and s is not None and judge(n, s, scene.answer_key)[1]:
                return i, slot
    raise AssertionError("no valid pair in this deal")


def ready(app, scene, seat):
    """Hand the screen to ``seat``: its privacy screen is up; press its ready button."""
    pump_until(app, lambda: app.manager.top() is not scene, f"the privacy screen for seat {seat}")
    top = app.manager.top()
    assert top.name == "privacy" and top.player == scene.names[seat], (top.name, getattr(top, "player", None))
    app.pump(400)  # the screen arms itself
    click(app, rect_of(top, "button:ready").center)
    pump_until(app, lambda: scene.human_to_act() == seat, f"seat {seat} to act")


# ------------------------------------------------------------------------------------------
# the log tells what the person saw
# ------------------------------------------------------------------------------------------
def test_kaito_log_tells_every_event_by_colour(app):
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(2),
                        names=["Ana", "Bot"])
    names = kaito_names(scene)
    assert names == ["Red", "Black"]
    assert texts(scene) == told(scene.match.events_for(0), names) and texts(scene)  # the placement
    for k in range(2):
        kaito_drag(app, scene, plain_targets(scene)[0])
        ply = 2 * k + 3
        pump_until(app, lambda ply=ply: scene.match.ply == ply and not scene.busy(), "the AI's answer")
        assert texts(scene) == told(scene.match.events_for(0), names)
    assert all("Ana" not in t and "Bot" not in t for t in texts(scene)), "KAITO's log names seats by colour"
    assert any(t.startswith("Red ") for t in texts(scene)) and any(t.startswith("Black ") for t in texts(scene))
    # each seat's entries carry that seat's colour, the two colours differ
    by_seat = {}
    for ev, entry in zip([e for e in scene.match.events_for(0) if describe(e, names)], scene.narration.entries):
        seat = getattr(ev, "seat", None)
        if isinstance(seat, int):
            by_seat.setdefault(seat, set()).add(entry.color)
    assert len(by_seat[0]) == 1 and len(by_seat[1]) == 1 and by_seat[0] != by_seat[1]
    assert None not in by_seat[0] | by_seat[1]


def test_sushi_log_tells_what_the_person_saw(app):
    scene = start_scene(app, SushiPlayScene, bots={1: FirstBot(), 2: FirstBot()}, seats=["human", "easy", "easy"],
                        seed=5, names=["Ana", "Ben", "Cho"])
    for _ in range(4):  # two EATs and two KEEPs
        sushi_wait_for_human(app, scene)
        sushi_act(app, scene)
    sushi_wait_for_human(app, scene)
    mine = told(scene.match.events_for(0), scene.names)
    assert texts(scene) == mine
    # what the others kept and received stays out of the person's log
    everything = set(told(scene.match.events_for(None), scene.names))
    secret = everything - set(mine)
    assert secret and not secret.intersection(texts(scene))


def test_kanji_log_tells_what_the_person_saw(app):
    scene = start_scene(app, KanjiPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=kanji_planned(),
                        names=["Ana", "Ben"])
    i, slot = kanji_valid_pair(scene)
    drag(app, rect_of(scene, f"neta:{i}").center, rect_of(scene, f"shari:{slot}").center)
    pump_until(app, lambda: scene.human_to_act() == 0 and scene.match.ply >= 2, "the person's next turn")
    click(app, rect_of(scene, "button:pass").center)
    pump_until(app, lambda: scene.human_to_act() == 0 and scene.match.ply >= 4, "the person's third turn")
    mine = told(scene.match.events_for(0), scene.names)
    assert texts(scene) == mine
    # the person's own draw is told with its card; the AI's draws (if any) without
    drawn = [e for e in scene.match.events_for(None) if e.KIND == "kanji.draw"]
    assert any(e.seat == 0 for e in drawn)
    for e in drawn:
        assert (describe(e, scene.names) in texts(scene)) == (e.seat == 0 or e.card is None)


# ------------------------------------------------------------------------------------------
# hot-seat: only what is public
# ------------------------------------------------------------------------------------------
def assert_only_public(scene):
    names = scene.names
    assert scene.narration_seat == PUBLIC
    assert texts(scene) == told(scene.match.events_for(PUBLIC), names)
    public = set(texts(scene))
    for e in scene.match.events_for(None):
        text = describe(e, names)
        if e.PRIVATE:
            assert text not in public, f"a private event is told to everyone: {text!r}"
        elif e.SECRET and any(getattr(e, f) is not None for f in e.SECRET):
            redacted = describe(e.for_viewer(PUBLIC), names)
            if redacted != text:
                assert text not in public, f"a secret is told to everyone: {text!r}"


def sushi_hot_seat_game(app, hand1):
    """A two-person Sushi Draft game played with the mouse through the privacy screens: both eat
    tuna, both keep salmon, then Ana eats shrimp and Ben cucumber. Returns the scene."""
    st = sushi_planned(["tuna", "salmon", "shrimp", "cucumber", "mackerel", "tuna"], hand1)
    scene = start_scene(app, SushiPlayScene, seats=["human", "human"], state=st, names=["Ana", "Ben"])
    plan = [{0: "tuna", 1: "tuna"}, {0: "salmon", 1: "salmon"}, {0: "shrimp", 1: "cucumber"}]
    for phase in plan:
        todo = dict(phase)
        while todo:
            pump_until(app, lambda: app.manager.top() is not scene or (
                scene.human_to_act() is not None and not scene.animating() and not scene.side), "a person's turn")
            if app.manager.top() is not scene:
                ready(app, scene, scene.names.index(app.manager.top().player))
            sushi_wait_for_human(app, scene)
            seat = scene.human_to_act()
            card = todo.pop(seat)
            assert sushi_act(app, scene, card) == card
            pump_until(app, lambda: not scene.animating(), "the choice shown")
    pump_until(app, lambda: scene.match.ply == 6 and not scene.animating(), "the last reveal shown")
    return scene


def test_sushi_hot_seat_log_is_public_and_blind_to_hidden_cards(app):
    a = sushi_hot_seat_game(app, ["tuna", "shrimp", "shrimp", "salmon", "salmon", "cucumber"])
    log_a, hands_a = texts(a), [a.match.view(s).hand for s in (0, 1)]
    assert_only_public(a)
    assert any("tuna" in t for t in log_a)  # the reveal is public
    b = sushi_hot_seat_game(app, ["tuna", "cucumber", "mackerel", "mackerel", "salmon", "shrimp"])
    hands_b = [b.match.view(s).hand for s in (0, 1)]
    assert hands_a != hands_b  # the premise: the twins differ in hidden cards
    assert_only_public(b)
    assert texts(b) == log_a, "the public log depends on hidden cards"


def kanji_hot_seat_game(app, reverse_deck):
    """A two-person Kanji-zushi game: Ana completes a kanji (and draws), Ben passes."""
    scene = start_scene(app, KanjiPlayScene, seats=["human", "human"], state=kanji_planned(reverse_deck=reverse_deck),
                        names=["Ana", "Ben"])
    ready(app, scene, 0)
    i, slot = kanji_valid_pair(scene)
    drag(app, rect_of(scene, f"neta:{i}").center, rect_of(scene, f"shari:{slot}").center)
    ready(app, scene, 1)
    click(app, rect_of(scene, "button:pass").center)
    pump_until(app, lambda: scene.match.ply == 2 and not scene.animating(), "Ben's pass shown")
    return scene


def test_kanji_hot_seat_log_is_public_and_blind_to_hidden_cards(app):
    a = kanji_hot_seat_game(app, reverse_deck=False)
    b = kanji_hot_seat_game(app, reverse_deck=True)
    assert a.state.history == b.state.history
    assert a.match.view(0).hand != b.match.view(0).hand  # the premise: Ana drew another card
    for scene in (a, b):
        assert_only_public(scene)
        assert "Ana drew a neta card." in texts(scene)
    assert texts(a) == texts(b), "the public log depends on hidden cards"


# ------------------------------------------------------------------------------------------
# KAITO: notation on hover, warnings and the end
# ------------------------------------------------------------------------------------------
def hover_entry(app, scene, index):
    post(app, pygame.MOUSEMOTION, rect_of(scene, f"log:{index}").center)
    app.pump(16)
    return scene.narration.tooltip()


def test_kaito_hovering_an_entry_shows_the_actions_notation(app):
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=placed_state(3))
    names = kaito_names(scene)
    kaito_drag(app, scene, plain_targets(scene)[0])
    pump_until(app, lambda: scene.match.ply == 3 and not scene.busy(), "the AI's answer")
    history = scene.state.history
    for ev in scene.match.events_for(0):
        ply = getattr(ev, "ply", None)
        if ev.KIND != "kaito.move":
            continue
        tip = hover_entry(app, scene, entry_for(scene, describe(ev, names)))
        assert tip == history[ply][1], f"hovering {describe(ev, names)!r} shows {tip!r}"
    post(app, pygame.MOUSEMOTION, (5, 715))
    app.pump(16)
    assert scene.narration.tooltip() is None


def test_kaito_an_exchange_entry_shows_the_whole_notation(app):
    st = kaito_state({"b1": "BK", "c3": "BK", "d4": "RK", "e5": "RH", "f6": "BH", "b4": "R1", "a3": "B2"},
                     held=(("B3", "B1"), ("RK",)))
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], state=st)
    kaito_drag(app, scene, square_index("b1"))
    settle(app, scene)
    held = scene.shown.held[0]
    for code in ("B3", "B1"):
        click(app, rect_of(scene, f"held:0:{held.index(code)}").center)
    click(app, rect_of(scene, "button:confirm-exchange").center)
    settle(app, scene)
    assert st.history == [(0, "b1+K:3,1")]
    names = kaito_names(scene)
    ex = next(e for e in scene.match.events_for(0) if e.KIND == "kaito.exchange")
    assert hover_entry(app, scene, entry_for(scene, describe(ex, names))) == "b1+K:3,1"


def test_kaito_last_tile_warnings_are_danger_for_the_person_and_chance_for_the_ai(app):
    # Red (the person) takes Black's first kabuto on b1: Black is down to its last kabuto (f6).
    # Black (the AI) answers b4, taking one of Red's katanas: Red is down to its last (d4), which
    # now lies in the Kaito's row (at stake for Red itself).
    st = kaito_state({"b1": "BH", "f6": "BH", "c3": "BK", "b4": "RK", "d4": "RK", "e5": "RH", "b6": "B2"})
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=st)
    kaito_drag(app, scene, square_index("b1"))
    pump_until(app, lambda: scene.match.ply == 2 and not scene.busy(), "the AI's answer")
    assert scene.state.history == [(0, "b1"), (1, "b4")]
    names = kaito_names(scene)
    events = scene.match.events_for(0)
    warnings = [e for e in events if isinstance(e, (LastTileLeft, LastTileAtStake))]
    assert {(type(e).__name__, e.seat) for e in warnings} == {
        ("LastTileLeft", 1), ("LastTileLeft", 0), ("LastTileAtStake", 0)}
    for e in warnings:
        entry = scene.narration.entries[entry_for(scene, describe(e, names))]
        want = "danger" if e.seat == 0 else "chance"
        assert entry.emphasis == want, f"{describe(e, names)!r}: emphasis {entry.emphasis!r}, expected {want!r}"
    plain = [en for en in scene.narration.entries
             if en.text not in {describe(e, names) for e in warnings}]
    assert all(en.emphasis is None for en in plain)


@pytest.mark.parametrize("winner", ["person", "ai"])
def test_kaito_the_end_entry_is_the_result(app, winner):
    if winner == "person":  # Red takes Black's last kabuto
        st = kaito_state({"b1": "BH", "c3": "BK", "d4": "RK", "e5": "RH", "a3": "R1"})
    else:  # Red's only move is b1; Black then takes Red's last katana on b4
        st = kaito_state({"b1": "B1", "b4": "RK", "e5": "RH", "c3": "BK", "f6": "BH"})
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=st)
    kaito_drag(app, scene, square_index("b1"))
    pump_until(app, lambda: scene.ended, "the end on screen")
    end = [e for e in scene.match.events_for(0) if isinstance(e, GameEnded)]
    assert len(end) == 1
    last = scene.narration.entries[-1]
    assert last.text == describe(end[0], kaito_names(scene)) and last.emphasis == "result"
    assert texts(scene) == told(scene.match.events_for(0), kaito_names(scene))


# ------------------------------------------------------------------------------------------
# hints
# ------------------------------------------------------------------------------------------
def ask_hint(app, scene):
    assert kinds(scene).get("button:hint") == "button", kinds(scene).get("button:hint")
    click(app, rect_of(scene, "button:hint").center)
    wait_wall(app, lambda: scene.hinting.current() is not None, "the hint")
    app.pump(16)
    return scene.hinting.current()


def test_kaito_hint_marks_the_hard_ais_choice_and_goes_with_the_move(app):
    # the winning capture on b1 is the hard AI's only sensible choice (a3 takes Red's own Mon)
    st = kaito_state({"b1": "BH", "c3": "BK", "d4": "RK", "e5": "RH", "a3": "R1"})
    scene = start_scene(app, KaitoPlayScene, bots={1: FirstBot()}, seats=["human", "easy"], state=st, hints=True)
    assert hinted(scene) == []
    assert ask_hint(app, scene) == "b1"
    assert hinted(scene) == ["tile:b1"]
    kaito_drag(app, scene, square_index("a3"))  # not the hint
    app.pump(16)
    assert hinted(scene) == [], "the hint mark stayed after the move"
    pump_until(app, lambda: scene.match.ply >= 2 and not scene.busy(), "the AI's answer")
    assert hinted(scene) == []


class GatedBot:
    """Answers its first legal action only once ``gate`` is set."""

    def __init__(self, gate):
        self.gate = gate

    def choose(self, view):
        self.gate.wait(20)
        return view.legal_actions[0]


def test_sushi_hint_marks_the_hand_card_and_goes_with_the_choice(app):
    gate = threading.Event()
    try:
        scene = start_scene(app, SushiPlayScene, bots={1: GatedBot(gate)}, seats=["human", "easy"], seed=6,
                            hints=True)
        sushi_wait_for_human(app, scene)
        assert hinted(scene) == []
        action = ask_hint(app, scene)  # (the AI still thinks: nothing else changes meanwhile)
        assert scene.match.ply == 0
        assert action in scene.match.legal_actions(0)
        marked = hinted(scene)
        assert len(marked) == 1 and marked[0].startswith("hand:")
        card = scene.shown.seats[0].hand[int(marked[0].split(":")[1])]
        assert card == action.partition("=")[0]
        sushi_act(app, scene, card)
        app.pump(16)
        assert hinted(scene) == [], "the hint mark stayed after the choice"
    finally:
        gate.set()


def test_sushi_hint_survives_an_ais_blind_choice(app):
    """Sushi Draft's choices are simultaneous and blind: an AI choosing while the person waits for
    a hint changes nothing the person sees (same hand, same legal actions), so the hint must still
    come and stay marked."""
    gate = threading.Event()
    try:
        scene = start_scene(app, SushiPlayScene, bots={1: GatedBot(gate)}, seats=["human", "easy"], seed=6,
                            hints=True)
        sushi_wait_for_human(app, scene)
        view = scene.match.view(0)
        click(app, rect_of(scene, "button:hint").center)
        gate.set()  # the AI chooses (face down) while the hint is computed or shown
        pump_until(app, lambda: scene.match.ply == 1, "the AI's choice")
        assert scene.match.view(0).hand == view.hand and scene.match.legal_actions(0) == view.legal_actions
        assert scene.human_to_act() == 0
        wait_wall(app, lambda: scene.hinting.current() is not None or not scene.match.hints.pending, "the hint")
        for _ in range(10):
            app.pump(16)
        assert scene.hinting.current() is not None, (
            "the hint was lost because an AI chose meanwhile (game/hints.py Hints.poll drops a hint "
            "whose ply changed; Hinting.current also requires hint.ply == match.ply)")
        assert len([i for i in hinted(scene) if i.startswith("hand:")]) == 1
    finally:
        gate.set()


def test_kanji_hint_marks_neta_and_shari_and_goes_with_the_attempt(app):
    scene = start_scene(app, KanjiPlayScene, bots={1: PassBot()}, seats=["human", "easy"], state=kanji_planned(),
                        hints=True)
    action = ask_hint(app, scene)
    assert action in scene.match.legal_actions(0) and "+" in action
    neta, _, shari = action.partition("+")
    i, slot = scene.shown.hand.index(neta), scene.shown.table.index(shari)
    assert hinted(scene) == sorted([f"neta:{i}", f"shari:{slot}"])
    drag(app, rect_of(scene, f"neta:{i}").center, rect_of(scene, f"shari:{slot}").center)
    app.pump(16)
    assert hinted(scene) == [], "the hint mark stayed after the attempt"
    pump_until(app, lambda: scene.human_to_act() == 0, "the person's next turn")
    assert hinted(scene) == []


@pytest.mark.parametrize("cls,kw", [
    (KaitoPlayScene, {"state": None}),
    (SushiPlayScene, {"seed": 3}),
    (KanjiPlayScene, {"state": None}),
], ids=["kaito", "sushi", "kanji"])
def test_no_hint_button_without_the_setting(app, cls, kw):
    kw = dict(kw)
    if cls is KaitoPlayScene:
        kw["state"] = placed_state(4)
    elif cls is KanjiPlayScene:
        kw["state"] = kanji_planned()
    scene = start_scene(app, cls, bots={1: FirstBot()}, seats=["human", "easy"], **kw)
    pump_until(app, lambda: scene.human_to_act() is not None, "the person's turn")
    assert "button:hint" not in ids(scene)
    assert scene.hinting.current() is None


@pytest.mark.parametrize("cls", [KaitoPlayScene, SushiPlayScene, KanjiPlayScene], ids=["kaito", "sushi", "kanji"])
def test_no_hint_button_between_two_people(app, cls):
    kw = {"state": placed_state(4)} if cls is KaitoPlayScene else {"seed": 3}
    if cls is KanjiPlayScene:
        kw = {"state": kanji_planned()}
    scene = start_scene(app, cls, seats=["human", "human"], hints=True, **kw)
    if cls is not KaitoPlayScene:
        ready(app, scene, 0)
    assert scene.human_to_act() == 0
    assert "button:hint" not in ids(scene)
    assert "hint" not in set(kinds(scene).values())
