"""The Sushi Draft scene as a room driven by the Match and the events (issue 9 §3-§4): people act
through ``match.apply``, the AI through ``match.drive``; the choreography animates what the events
of the seat shown say, never what it works out from the rules; the scene never applies to the
state itself and never reads another seat's events."""
import random
import sys
from pathlib import Path

import pygame
import pytest
from scene_input import settle, start_scene

from game.ai import make_bot
from game.core import first_event
from game.sushi.events import Pass, Reveal
from game.sushi.rules import SUSHI
from scenes.sushi.choreo import PLACE_MS
from scenes.sushi.scene import SushiPlayScene

MATCH_PY = str(Path("game", "match.py"))


def _others_choose(state, human=0):
    """Every seat but ``human`` makes its choice of the current phase (easy bots)."""
    for s in state.to_act():
        if s != human:
            state.apply(s, make_bot("sushi-draft", "easy", random.Random(s)).choose(state.view(s)))
    return state


def _to_keep(seed=3, n=3):
    """A state in step 0's KEEP phase where only seat 0 still has to choose."""
    st = SUSHI.new_state(n, random.Random(seed))
    _others_choose(st)
    st.apply(0, st.legal_actions(0)[0])
    assert st.phase == "keep"
    return _others_choose(st)


def test_the_scene_never_applies_to_the_state_itself(app, monkeypatch):
    callers = []
    scene = start_scene(app, SushiPlayScene, seats=["human", "random", "random"], seed=21)
    state = scene.state
    real = type(state).apply

    def spy(self, seat, action):
        callers.append(sys._getframe(1).f_code.co_filename)
        return real(self, seat, action)

    monkeypatch.setattr(type(state), "apply", spy)
    for _ in range(400):  # the AIs choose (match.drive), the human eats and keeps (match.apply)
        seat = scene.human_to_act()
        if seat is not None and not scene.side:
            scene.commit(seat, scene.match.legal_actions(seat)[0])
        app.pump(16)
        if state.view(0).phase_index >= 4:
            break
    assert state.view(0).phase_index >= 4 and len(callers) >= 12
    assert all(c.endswith(MATCH_PY) for c in callers), set(callers)


def test_the_scene_reads_only_the_events_of_the_seat_shown(app, monkeypatch):
    scene = start_scene(app, SushiPlayScene, seats=["random", "human", "random"], seed=22)
    asked = []
    real = scene.match.events_for
    monkeypatch.setattr(scene.match, "events_for", lambda seat, since=0: asked.append(seat) or real(seat, since))
    for _ in range(300):
        seat = scene.human_to_act()
        if seat is not None and not scene.side:
            scene.commit(seat, scene.match.legal_actions(seat)[0])
        app.pump(16)
    assert asked and set(asked) == {1}  # never None (everything) nor another seat
    assert scene.cursor <= scene.match.event_count


def test_the_reveal_shows_what_the_event_says(app):
    """Fed a reveal that differs from the game, the choreography shows the event's cards."""
    scene = start_scene(app, SushiPlayScene, seats=["human", "random"], seed=23)
    settle(app, scene)
    fake = Reveal(seat=None, round=0, step=0, actions=("wild=tuna", "mackerel"), cards=("wild", "mackerel"),
                  types=("tuna", "mackerel"))
    scene.run_main(scene.choreo.g_reveal(fake))
    scene.finish_animations()
    assert [scene.shown.seats[s].eaten for s in (0, 1)] == [["wild=tuna"], ["mackerel"]]
    assert scene.state.view(0).eaten == ((), ())  # the game itself is untouched


def test_the_pass_lands_cards_in_the_slots_the_event_names(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random", "random"], state=_to_keep(), speed=1.0,
                        undo=False)  # (the pass at once: no reveal beat, scenes/sushi/beat.py)
    seat = scene.human_to_act()
    assert seat == 0 and not scene.side
    kept = scene.shown.seats[0].hand[1]
    before = scene.match.event_count
    assert scene.commit(0, kept)
    assert scene.cursor == scene.match.event_count > before
    got = first_event(scene.match.events_for(0, before), Pass, 0)
    assert got is not None and got.kept == kept
    scene.timeline.step(PLACE_MS + 1)  # the kept card has landed: the hands fly
    assert scene.anim_label.startswith("Passing")
    area = scene.areas[0]
    m = len(got.hand)
    landing = {tuple(area.hand_card(i, m)): i for i in range(m)}
    into_hand = [(f, landing[tuple(round(v) for v in f.end)]) for f in scene.flights
                 if tuple(round(v) for v in f.end) in landing]
    received = sorted(slot for f, slot in into_hand if f.second != f.first or f.flip)
    assert received == list(got.received_slots)
    assert all(f.second == got.hand[slot] for f, slot in into_hand if slot in got.received_slots)
    kept_flights = [f for f, slot in into_hand if slot == got.kept_slot]
    assert [f.first for f in kept_flights] == [kept]
    scene.finish_animations()
    assert scene.shown.seats[0].hand == list(got.hand)


def test_a_choice_that_does_not_end_the_phase_flies_beside_and_lands(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random", "random"], seed=24, speed=1.0,
                        think_ms=10 ** 7)
    for _ in range(200):
        if scene.human_to_act() is not None:
            break
        app.pump(16)
    card = scene.shown.seats[0].hand[0]
    assert scene.commit(0, scene.match.legal_actions(0)[0] if card == "wild" else card)
    assert len(scene.side) == 1 and not scene.animating()  # not blocking: the AIs still choose
    flight = scene.side[0][0]
    assert flight in scene.flights and not scene.shown.seats[0].chosen
    scene.timeline.step(PLACE_MS / 2)
    assert scene.side and not scene.shown.seats[0].chosen
    scene.timeline.step(PLACE_MS)
    assert not scene.side and flight not in scene.flights
    assert scene.shown.seats[0].chosen and scene.shown.seats[0].choice == scene.state.view(0).my_choice


@pytest.mark.parametrize("seats", [["human", "random"], ["random", "random", "random"]])
def test_finish_animations_settles_everything(app, seats):
    scene = start_scene(app, SushiPlayScene, seats=seats, seed=25, speed=1.0)
    assert scene.animating()  # the deal
    scene.finish_animations()
    assert not scene.animating() and not scene.flights and not scene.side
    assert scene.shown.seats[scene.bottom].hand_count == 6


def _twin(hand1):
    """A 2-seat state whose round-1 hands are a fixed hand for seat 0 and ``hand1`` for seat 1."""
    base = SUSHI.new_state(2, random.Random(42)).setup()
    base["deals"][0][0] = ["tuna", "tuna", "salmon", "shrimp", "cucumber", "wild"]
    base["deals"][0][1] = list(hand1)
    return SUSHI.state_from_setup(base)


def test_another_seats_hidden_hand_changes_nothing_on_screen(app):
    """Twin games that differ only in seat 1's hidden hand look the same to seat 0 (frames and UI
    dump), also after seat 1 has put its card face down."""
    frames = []
    for hand1 in (["mackerel"] * 4 + ["cucumber"] * 2, ["tuna", "shrimp", "shrimp", "salmon", "wild", "cucumber"]):
        scene = start_scene(app, SushiPlayScene, seats=["human", "random"], state=_twin(hand1), speed=1.0,
                            think_ms=10 ** 7)
        scene.finish_animations()
        app.pump(16)
        scene.match.cancel()
        scene.match.apply(1, scene.match.legal_actions(1)[-1])  # seat 1 chooses (face down)
        scene._show_choice(1, None)
        scene.finish_animations()
        scene.clock_ms = 0.0
        scene.draw(app.screen)
        dump = [(e.id, e.kind, tuple(e.rect)) for e in scene.ui_elements()]
        frames.append((bytes(pygame.image.tobytes(app.screen, "RGB")), dump, repr(scene.shown)))
    assert frames[0][1] == frames[1][1] and frames[0][2] == frames[1][2]
    assert frames[0][0] == frames[1][0]
