"""The Sushi Draft play scene driven through the real App with real pygame mouse events (SDL dummy).

Events are posted in WINDOW pixels at the centres of the scene's ``ui_elements()`` rects and go
through ``App.pump`` exactly like a user's input (conversion to logical pixels included). AI seats
are ``random`` (fast) or injected test bots that run in the worker's thread path.
"""
import json
import random
import threading
import time

import pygame
import pytest
from scene_input import click, drag, ids, post, press_key, rect_of, settle, start_scene  # noqa: E402

from game.sushi.rules import STEPS, SUSHI, SushiView, eaten_card
from game.sushi.telling import award_text
from scenes.shell.app import App
from scenes.shell.saves import SaveStore
from scenes.shell.settings import Settings
from scenes.sushi.scene import MSG_WILD_FIRST, MSG_WILD_STACK, SushiPlayScene


# ------------------------------------------------------------------------------------------
# harness
# ------------------------------------------------------------------------------------------
def start(app, bots=None, **kw):
    return start_scene(app, SushiPlayScene, bots, **kw)




def hand_ids(scene):
    return sorted(i for i in ids(scene) if i.startswith("hand:"))


def pump_until(app, cond, frames=3000):
    for _ in range(frames):
        if cond():
            return
        app.pump(16)
        time.sleep(0.0005)
    raise AssertionError("condition not reached")


def wait_for_human(app, scene):
    """Pump until the bottom human may act (AIs chose, animations over, no card still flying)."""
    pump_until(app, lambda: scene.human_to_act() is not None and not scene.side and not scene.drag.busy())


class Gated:
    """A bot that answers (its first legal action) only once ``gate`` is set."""

    def __init__(self, gate):
        self.gate = gate
        self.seen = []

    def choose(self, view):
        self.seen.append(type(view))
        self.gate.wait(5)
        return view.legal_actions[0]


class First:
    """A bot that always plays its first legal action at once."""

    def __init__(self):
        self.seen = []

    def choose(self, view):
        self.seen.append(type(view))
        return view.legal_actions[0]


def planned_state(hand0, hand1, players=2):
    """A 2-seat state whose round-1 hands are ``hand0`` / ``hand1`` (rounds 2-3 and chips from a
    seeded deal)."""
    base = SUSHI.new_state(players, random.Random(42)).setup()
    base["deals"][0][0] = list(hand0)
    base["deals"][0][1] = list(hand1)
    return SUSHI.state_from_setup(base)


def wild_state():
    """Seat 0 (human) has eaten a tuna and kept its wild: step 1, EAT, wild in hand."""
    st = planned_state(["wild", "tuna", "salmon", "shrimp", "cucumber", "mackerel"],
                       ["tuna", "tuna", "shrimp", "shrimp", "salmon", "salmon"])
    st.apply(0, "tuna")
    st.apply(1, "salmon")
    st.apply(0, "wild")
    st.apply(1, "tuna")
    assert st.view(0).phase == "eat" and "wild" in st.view(0).hand
    assert st.view(0).wild_targets() == ("tuna",)
    return st


def human_move(app, scene):
    """One mouse action for the human at the bottom if it must act; True if it acted."""
    seat = scene.human_to_act()
    if seat is None:
        return False
    view = scene.state.view(seat)
    hand = scene.shown.seats[seat].hand
    if view.phase == "eat":
        for i, card in enumerate(hand):
            if card != "wild":
                drag(app, rect_of(scene, f"hand:{i}").center, rect_of(scene, "plate").center)
                return True
        t = view.wild_targets()[0]
        drag(app, rect_of(scene, f"hand:{hand.index('wild')}").center, rect_of(scene, f"stack:{seat}:{t}").center)
        return True
    drag(app, rect_of(scene, f"hand:{len(hand) - 1}").center, rect_of(scene, "keep").center)
    return True


def assert_private(scene):
    """The displayed snapshot holds no other seat's hand, choice or chip values."""
    sh = scene.shown
    for s, ss in enumerate(sh.seats):
        if s != scene.bottom or scene.viewer is None:
            assert ss.hand is None and ss.choice is None, (s, ss)
            if not sh.over and scene.scoring is None:
                assert all(v is None for v in ss.values), (s, ss.values)


# ------------------------------------------------------------------------------------------
# EAT
# ------------------------------------------------------------------------------------------
def test_eat_by_drag_stays_face_down_until_everyone_chose(app):
    gate = threading.Event()
    bots = {1: Gated(gate), 2: Gated(gate)}
    scene = start(app, seats=["human", "random", "random"], seed=1, bots=bots)
    pump_until(app, lambda: scene.human_to_act() is not None and len(hand_ids(scene)) == 6)
    st = scene.state
    hand = list(scene.shown.seats[0].hand)
    assert hand == list(st.view(0).hand)
    drag(app, rect_of(scene, "hand:0").center, rect_of(scene, "plate").center)
    for _ in range(5):
        app.pump(16)
    card = hand[0]
    assert st.view(0).my_choice == card  # applied, but still hidden
    assert st.view(1).chosen == (0,) and st.view(1).eaten[0] == ()
    ss = scene.shown.seats[0]
    assert ss.chosen and ss.eaten == [] and ss.hand == hand[1:]
    assert hand_ids(scene) == [f"hand:{i}" for i in range(5)]
    assert scene.seat_status(1) == "thinking" and scene.seat_status(0) == "chosen"
    assert_private(scene)
    gate.set()
    settle(app, scene)
    v = st.view(0)
    assert v.phase == "keep" and v.eaten[0] == (card,)
    assert scene.shown.seats[0].eaten == [card] and not scene.shown.seats[0].chosen
    assert [scene.shown.seats[s].eaten for s in (1, 2)] == [list(v.eaten[1]), list(v.eaten[2])]
    assert bots[1].seen and set(bots[1].seen) == {SushiView}  # bots only ever see views


def test_eat_by_click_click(app):
    scene = start(app, seats=["human", "random"], seed=2)
    wait_for_human(app, scene)
    st = scene.state
    hand = scene.shown.seats[0].hand
    i = next(k for k, c in enumerate(hand) if c != "wild")
    click(app, rect_of(scene, f"hand:{i}").center)
    assert scene.drag.selected == ("hand", i) and not st.view(0).my_choice
    assert "plate" in scene.banner_text().lower()
    click(app, rect_of(scene, "plate").center)
    settle(app, scene)
    assert (0, hand[i]) in st.history
    assert st.view(0).eaten[0] == (hand[i],)


def test_dropped_elsewhere_snaps_back(app):
    scene = start(app, seats=["human", "random"], seed=3, speed=1.0)
    wait_for_human(app, scene)
    st = scene.state
    home = rect_of(scene, "hand:2")
    drag(app, home.center, rect_of(scene, "keep").center)  # EAT: the keep mat is not a target
    assert scene.drag.busy() and scene.toast_text  # snapping back, with a message
    settle(app, scene)
    assert [a for s, a in st.history if s == 0] == [] and st.view(0).my_choice is None
    assert rect_of(scene, "hand:2") == home and len(scene.shown.seats[0].hand) == 6


# ------------------------------------------------------------------------------------------
# wilds
# ------------------------------------------------------------------------------------------
def test_wild_dropped_on_its_stack_is_eaten_as_that_type(app):
    scene = start(app, seats=["human", "random"], state=wild_state())
    wait_for_human(app, scene)
    hand = scene.shown.seats[0].hand
    w = hand.index("wild")
    # while dragging, the tuna stack is the (only) highlighted target
    drag(app, rect_of(scene, f"hand:{w}").center, rect_of(scene, "stack:0:tuna").center, release=False)
    assert [t for t, _ in scene.drag.targets] == [("stack", "tuna")]
    assert scene.drag.hover_target == ("stack", "tuna")
    post(app, pygame.MOUSEBUTTONUP, rect_of(scene, "stack:0:tuna").center)
    app.pump(16)
    settle(app, scene)
    st = scene.state
    assert (0, "wild=tuna") in st.history
    assert st.view(0).eaten[0][-1] == "wild=tuna"
    assert scene.shown.seats[0].eaten[-1] == "wild=tuna"


def test_wild_dropped_on_the_plate_snaps_back_with_a_message(app):
    scene = start(app, seats=["human", "random"], state=wild_state())
    wait_for_human(app, scene)
    st = scene.state
    n = len([1 for s, _ in st.history if s == 0])
    w = scene.shown.seats[0].hand.index("wild")
    drag(app, rect_of(scene, f"hand:{w}").center, rect_of(scene, "plate").center)
    assert scene.toast_text == MSG_WILD_STACK and scene.toast_ms > 0
    settle(app, scene)
    assert len([1 for s, _ in st.history if s == 0]) == n and st.view(0).my_choice is None
    assert "wild" in scene.shown.seats[0].hand


def test_wild_before_any_real_card_cannot_be_eaten(app):
    st = planned_state(["wild", "tuna", "salmon", "shrimp", "cucumber", "mackerel"],
                       ["tuna", "tuna", "shrimp", "shrimp", "salmon", "salmon"])
    scene = start(app, seats=["human", "random"], state=st)
    wait_for_human(app, scene)
    w = scene.shown.seats[0].hand.index("wild")
    drag(app, rect_of(scene, f"hand:{w}").center, rect_of(scene, "stack:0:tuna").center)
    assert scene.toast_text == MSG_WILD_FIRST
    settle(app, scene)
    scene.toast_ms = 0
    click(app, rect_of(scene, f"hand:{w}").center)  # clicking it says why too
    assert scene.toast_text == MSG_WILD_FIRST and scene.drag.selected is None
    assert all(s != 0 for s, _ in st.history) and st.view(0).my_choice is None


def test_clicking_a_wild_with_one_possible_type_eats_it(app):
    scene = start(app, seats=["human", "random"], state=wild_state())
    wait_for_human(app, scene)
    w = scene.shown.seats[0].hand.index("wild")
    click(app, rect_of(scene, f"hand:{w}").center)
    settle(app, scene)
    assert (0, "wild=tuna") in scene.state.history


def test_wild_with_two_possible_types_asks_for_the_stack(app):
    st = planned_state(["wild", "tuna", "salmon", "shrimp", "cucumber", "mackerel"],
                       ["tuna", "tuna", "shrimp", "shrimp", "salmon", "salmon"])
    for mine in ("tuna", "wild", "shrimp", "wild"):  # eat tuna, keep the wild, eat shrimp, keep it
        st.apply(0, mine)
        st.apply(1, st.legal_actions(1)[0])
    assert st.view(0).wild_targets() == ("shrimp", "tuna")
    scene = start(app, seats=["human", "random"], state=st)
    wait_for_human(app, scene)
    w = scene.shown.seats[0].hand.index("wild")
    click(app, rect_of(scene, f"hand:{w}").center)
    assert scene.drag.selected == ("hand", w)  # not eaten yet: which type?
    assert sorted(t for t, _ in scene.drag.targets) == [("stack", "shrimp"), ("stack", "tuna")]
    assert "stack" in scene.banner_text()
    click(app, rect_of(scene, "plate").center)  # the plate is no target for a wild: deselects
    assert scene.drag.selected is None and st.view(0).my_choice is None
    click(app, rect_of(scene, f"hand:{w}").center)
    click(app, rect_of(scene, "stack:0:shrimp").center)
    settle(app, scene)
    assert (0, "wild=shrimp") in st.history
    assert scene.shown.seats[0].eaten[-1] == "wild=shrimp"


def test_keep_by_click_click(app):
    scene = start(app, seats=["human", "random"], seed=19)
    wait_for_human(app, scene)
    human_move(app, scene)
    settle(app, scene)
    wait_for_human(app, scene)
    hand = list(scene.shown.seats[0].hand)
    click(app, rect_of(scene, "hand:0").center)
    assert [t for t, _ in scene.drag.targets] == ["keep"]
    click(app, rect_of(scene, "keep").center)
    settle(app, scene)
    assert scene.state.view(0).my_kept == (hand[0],)


# ------------------------------------------------------------------------------------------
# KEEP and the pass
# ------------------------------------------------------------------------------------------
def test_keep_by_drag_passes_the_hands(app):
    scene = start(app, seats=["human", "random", "random"], seed=5)
    wait_for_human(app, scene)
    human_move(app, scene)
    settle(app, scene)
    wait_for_human(app, scene)
    st = scene.state
    assert st.view(0).phase == "keep"
    hand = list(scene.shown.seats[0].hand)
    kept = hand[1]
    drag(app, rect_of(scene, "hand:1").center, rect_of(scene, "keep").center)
    settle(app, scene)
    v = st.view(0)
    assert v.phase == "eat" and v.step == 1 and v.my_kept == (kept,)
    # the new hand is the kept card plus what the right neighbour (seat 2) passed
    assert sorted(v.hand) == sorted([kept] + _leftovers(st, 2))
    assert scene.shown.seats[0].hand == list(v.hand)
    assert hand_ids(scene) == [f"hand:{i}" for i in range(len(v.hand))]
    v = st.view(0)  # (the AIs may have chosen again already: their chosen card is face down)
    assert [scene.shown.seats[s].hand_count for s in range(3)] == [v.hand_sizes[s] - (s in v.chosen) for s in range(3)]
    assert [scene.shown.seats[s].chosen for s in range(3)] == [s in v.chosen for s in range(3)]
    assert_private(scene)


def _leftovers(state, seat):
    """What ``seat`` passed on after step 0: its dealt hand minus what it ate and kept (from the
    record, independent of the scene)."""
    phases = state.record()["actions"]
    cards = list(state.setup()["deals"][0][seat])
    cards.remove(eaten_card(phases[0][seat]))
    cards.remove(phases[1][seat])
    return cards


def test_keep_is_forced_at_hand_size_two_and_the_round_is_scored(app):
    scene = start(app, seats=["human", "random"], seed=6, hints=True)
    st = scene.state
    for _ in range(4000):
        v = st.view(0)
        if v.step == STEPS - 1 and v.phase == "eat" and scene.human_to_act() is not None:
            break
        if not human_move(app, scene):
            app.pump(16)
            time.sleep(0.0005)
    assert len(scene.shown.seats[0].hand) == 2
    n = len(st.history)
    human_move(app, scene)  # eat one of the last two
    pump_until(app, lambda: scene.scoring is not None and scene.scoring.done)
    # the keep of the last card was applied for the human without any input
    keeps = [a for s, a in st.history[n:] if s == 0]
    assert len(keeps) == 2 and st.view(0).round == 1
    assert scene.human_to_act() is None
    # the scoring panel explains every pile with Award.text
    sc = scene.scoring
    assert [a.pile for a in sc.awards] == ["tuna", "shrimp", "salmon", "cucumber", "mackerel", "dessert"]
    assert sc.texts == [award_text(a, scene.names) for a in st.view(0).awards if a.round == 0]
    assert all(t.split(":")[0] in ("Tuna", "Shrimp", "Salmon", "Cucumber", "Mackerel", "Dessert") for t in sc.texts)
    # chips flew to their winners; the human's values are known to it only
    won = [a.seat for a in sc.awards if a.seat is not None]
    for s in range(2):
        assert len(scene.shown.seats[s].chips) == won.count(s)
        assert sum(1 for e in ids(scene) if e.startswith(f"chip:{s}:")) == won.count(s)
    assert scene.shown.seats[0].values == [v for _, v in st.view(0).my_chips]
    assert all(v is None for v in scene.shown.seats[1].values)
    # the panel's title is not covered by Hint and Undo (issue 21, defect 3): hidden under it
    kinds = {e.id: e.kind for e in scene.ui_elements()}
    assert "button:undo" not in kinds and "button:hint" not in kinds
    assert not scene.btn_undo.visible and not scene.btn_hint.visible
    # Next round deals the new hands
    assert "button:next-round" in ids(scene)
    click(app, rect_of(scene, "button:next-round").center)
    settle(app, scene)
    assert scene.scoring is None and "button:next-round" not in ids(scene)
    assert scene.btn_undo.visible and scene.btn_hint.visible  # back once the panel is gone
    assert scene.shown.round == 1 and scene.shown.seats[0].hand == list(st.view(0).hand)
    assert len(hand_ids(scene)) == 6 and scene.shown.seats[0].eaten == []


def test_enter_key_advances_to_the_next_round(app):
    scene = start(app, seats=["human", "random"], seed=7)
    st = scene.state
    for _ in range(6000):
        if scene.scoring is not None and scene.scoring.done:
            break
        if not human_move(app, scene):
            app.pump(16)
            time.sleep(0.0005)
    assert scene.scoring is not None and scene.scoring.done
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    app.pump(16)
    settle(app, scene)
    assert scene.scoring is None and st.view(0).round == 1 and scene.shown.round == 1


# ------------------------------------------------------------------------------------------
# robustness
# ------------------------------------------------------------------------------------------
def _spam(app, scene, k):
    spots = [(0, 0), (640, 360), (1279, 719), (-50, -50), (5000, 5000)]
    spots += [el.rect.center for el in scene.ui_elements() if el.kind in ("card", "target", "stack", "pile")][:12]
    p = spots[k % len(spots)]
    post(app, pygame.MOUSEBUTTONUP, p)  # a release without a press
    post(app, pygame.MOUSEBUTTONDOWN, p, button=1 + k % 5)
    post(app, pygame.MOUSEMOTION, (p[0] + 40, p[1] - 60))
    post(app, pygame.MOUSEBUTTONUP, (p[0] + 40, p[1] - 60), button=1 + k % 5)
    post(app, pygame.MOUSEBUTTONUP, rect_of(scene, "plate").center)
    app.pump(16)


def test_stray_input_during_ai_thinking_and_animations_does_nothing(app):
    gate = threading.Event()
    scene = start(app, seats=["human", "easy", "easy"], seed=8, speed=1.0, bots={1: Gated(gate), 2: Gated(gate)})
    pump_until(app, lambda: scene.human_to_act() is not None)
    human_move(app, scene)
    st = scene.state
    assert [s for s, _ in st.history] == [0]
    for k in range(12):  # AI thinking, the human has chosen
        assert scene.worker.thinking
        _spam(app, scene, k)
    assert [s for s, _ in st.history] == [0]
    gate.set()
    pump_until(app, lambda: scene.animating())
    k = 0
    while scene.animating() and k < 200:  # the reveal (a stray click finishes it: the AIs' moves)
        assert scene.human_to_act() is None
        _spam(app, scene, k)
        k += 1
    assert k >= 1
    settle(app, scene)
    assert [s for s, _ in st.history if s == 0] == [0]  # the stray input applied nothing
    assert st.view(0).phase == "keep" and st.view(0).my_choice is None and scene.errors == 0


def test_stray_keys_and_clicks_everywhere_never_crash(app):
    scene = start(app, seats=["human", "random", "random", "random", "random"], seed=9, speed=3.0)
    rng = random.Random(1)
    for k in range(150):
        kind = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION])
        post(app, kind, (rng.randrange(-100, 1400), rng.randrange(-100, 800)), button=rng.randrange(1, 6))
        if k % 17 == 0:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=40))
        app.pump(16)
        if app.manager.top() is not scene:
            app.manager.pop()
    assert scene.errors == 0


def test_pause_cancels_a_drag_and_resumes(app):
    scene = start(app, seats=["human", "random"], seed=10)
    wait_for_human(app, scene)
    drag(app, rect_of(scene, "hand:0").center, (640, 300), release=False)
    assert scene.drag.dragging
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.pump(16)  # Esc first cancels the drag ...
    assert not scene.drag.dragging and app.manager.top() is scene
    drag(app, rect_of(scene, "hand:0").center, (640, 300), release=False)
    click(app, rect_of(scene, "button:pause").center)  # ... the pause button pauses at once
    assert app.manager.top().name == "pause" and not scene.drag.dragging
    post(app, pygame.MOUSEBUTTONUP, rect_of(scene, "plate").center)
    app.pump(16)
    app.manager.pop()
    app.pump(16)
    assert scene.state.history == [] or all(s != 0 for s, _ in scene.state.history)
    human_move(app, scene)
    settle(app, scene)
    assert any(s == 0 for s, _ in scene.state.history)


def test_draw_does_not_change_state(app):
    scene = start(app, seats=["human", "random", "random"], seed=11, speed=1.0)
    pump_until(app, lambda: scene.human_to_act() is not None)
    human_move(app, scene)
    snap = (repr(scene.shown), list(scene.state.history), len(scene.flights), scene.drag.selected)
    for _ in range(3):
        scene.draw(app.screen)
    assert (repr(scene.shown), list(scene.state.history), len(scene.flights), scene.drag.selected) == snap


def test_small_window(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    small = App(size=(800, 450), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    try:
        scene = start(small, seats=["human", "random"], seed=12)
        wait_for_human(small, scene)
        card = next(c for c in scene.shown.seats[0].hand if c != "wild")
        human_move(small, scene)  # a drag in window pixels at scale 0.625
        settle(small, scene)
        assert scene.state.view(0).eaten[0] == (card,)
    finally:
        small.shutdown()


# ------------------------------------------------------------------------------------------
# hot-seat and privacy
# ------------------------------------------------------------------------------------------
def test_hot_seat_privacy_between_humans(app):
    scene = start(app, seats=["human", "human", "random"], seed=13, bots={2: First()})
    pump_until(app, lambda: app.manager.top() is not scene)
    # the game starts behind the privacy screen of the first human: no hand is shown
    top = app.manager.top()
    assert top.name == "privacy" and top.player == "Player 1"
    assert scene.viewer is None and hand_ids(scene) == []
    assert_private(scene)
    app.pump(400)  # the screen arms itself
    click(app, (640, 640))  # a stray click: the curtain stays (issue 10 §8)
    assert app.manager.top() is top and scene.viewer is None
    click(app, rect_of(top, "button:ready").center)
    pump_until(app, lambda: scene.human_to_act() is not None)
    assert app.manager.top() is scene and scene.viewer == 0 and scene.bottom == 0
    assert scene.shown.seats[0].hand == list(scene.state.view(0).hand)
    human_move(app, scene)
    pump_until(app, lambda: app.manager.top() is not scene)
    top = app.manager.top()
    assert top.name == "privacy" and top.player == "Player 2"
    assert scene.viewer is None and hand_ids(scene) == []
    assert all(ss.hand is None for ss in scene.shown.seats)
    app.pump(400)
    click(app, rect_of(top, "button:ready").center)
    pump_until(app, lambda: scene.human_to_act() is not None)
    assert scene.viewer == 1 and scene.bottom == 1
    assert scene.shown.seats[1].hand == list(scene.state.view(1).hand)
    assert len(hand_ids(scene)) == 6 and scene.shown.seats[0].hand is None
    assert scene.shown.seats[0].chosen  # Player 1's choice: a face-down card
    assert_private(scene)


def test_one_human_never_sees_a_privacy_screen(app):
    pushed = []
    real_push = app.manager.push

    def spy(scene):
        pushed.append(scene.name)
        return real_push(scene)

    app.manager.push = spy
    scene = start(app, seats=["random", "human", "random"], seed=14)
    assert scene.bottom == 1 and scene.viewer == 1
    for _ in range(3000):
        if scene.state.view(1).phase_index >= 6:
            break
        if not human_move(app, scene):
            app.pump(16)
            time.sleep(0.0005)
        assert scene.viewer == 1 and scene.bottom == 1
        assert_private(scene)
    assert scene.state.view(1).phase_index >= 6
    assert "privacy" not in pushed


# ------------------------------------------------------------------------------------------
# whole games
# ------------------------------------------------------------------------------------------
def test_whole_game_by_mouse_reaches_the_score_screen(app):
    scene = start(app, seats=["human", "random", "random", "random"], seed=15)
    for _ in range(20000):
        if app.manager.top() is not scene:
            break
        if scene.scoring is not None and scene.scoring.done and not scene.scoring.final:
            click(app, rect_of(scene, "button:next-round").center)
            continue
        if scene.ended:  # the final scoring stays on screen until the score is asked for
            assert "button:next-round" not in ids(scene)
            click(app, rect_of(scene, "button:score").center)
            continue
        if not human_move(app, scene):
            app.pump(16)
            if scene.worker.thinking:
                time.sleep(0.0005)
        assert_private(scene)
    assert scene.state.is_over() and scene.score_requested
    top = app.manager.top()
    assert top.name == "sushi_score"
    assert top.view.revealed_chips is not None and top.view.seat == 0
    assert list(top.names) == scene.names and top.setup["seats"] == scene.seats
    assert scene.errors == 0


def test_ai_only_game_runs_by_itself(app):
    scene = start(app, seats=["random", "random", "random"], seed=16)
    assert scene.viewer == 0 and not scene.humans
    for _ in range(20000):  # no input at all: rounds advance by themselves, up to the end
        if scene.ended:
            break
        app.pump(16)
        if scene.worker.thinking:
            time.sleep(0.0005)
    assert scene.state.is_over() and scene.scoring.final and scene.scoring.done
    assert scene.scoring.texts == [award_text(a, scene.names) for a in scene.state.view(0).awards if a.round == 2]
    press_key(app, pygame.K_RETURN)
    assert app.manager.top().name == "sushi_score"


# ------------------------------------------------------------------------------------------
# autosave, setup, UI dump
# ------------------------------------------------------------------------------------------
def test_autosave_after_resolved_phases_and_resume(app, tmp_path):
    app.saves = SaveStore(tmp_path / "autosave.json")
    scene = start(app, seats=["human", "random"], seed=17, names=["Aiko", "Ben"])
    saved = json.loads((tmp_path / "autosave.json").read_text())
    assert saved["game"] == "sushi-draft" and saved["record"]["actions"] == []
    assert saved["setup"]["seats"] == ["human", "random"] and saved["setup"]["names"] == ["Aiko", "Ben"]
    wait_for_human(app, scene)
    human_move(app, scene)
    settle(app, scene)
    saved = json.loads((tmp_path / "autosave.json").read_text())
    assert len(saved["record"]["actions"]) == 1  # the resolved EAT phase
    loaded = app.saves.load()
    assert loaded is not None and loaded.state.view(0).phase_index == 1
    resumed = start(app, state=loaded.state, **loaded.setup)
    assert resumed.names == ["Aiko", "Ben"] and resumed.shown.phase == "keep"
    assert resumed.shown.seats[0].eaten == list(scene.state.view(0).eaten[0])


def test_ui_elements_ids_and_bounds(app):
    scene = start(app, seats=["human", "random", "random", "random", "random"], seed=18)
    wait_for_human(app, scene)
    got = ids(scene)
    assert {"plate", "keep", "button:pause"} <= got
    assert hand_ids(scene) == [f"hand:{i}" for i in range(6)]
    assert {f"stack:{s}:{t}" for s in range(5) for t in ("tuna", "shrimp", "salmon", "cucumber", "mackerel")} <= got
    assert {f"pile:{p}" for p in ("tuna", "shrimp", "salmon", "cucumber", "mackerel", "dessert")} <= got
    for el in scene.ui_elements():
        assert 0 <= el.rect.x and el.rect.right <= 1280 and 0 <= el.rect.y and el.rect.bottom <= 720, el
    # interactive rects do not overlap between areas (hand vs plate vs keep vs stacks)
    rects = {el.id: el.rect for el in scene.ui_elements()}
    for a in ("plate", "keep", "pile:tuna"):
        assert not rects[a].colliderect(rects["hand:0"])
    assert not rects["plate"].colliderect(rects["keep"])


def test_bad_seats_are_rejected(app):
    with pytest.raises(ValueError):
        SushiPlayScene(app, seats=["human"])
    with pytest.raises(ValueError):
        SushiPlayScene(app, seats=["human", "wizard"])
    with pytest.raises(ValueError):
        SushiPlayScene(app, seats=["human", "random"], state=SUSHI.new_state(3, random.Random(1)))
