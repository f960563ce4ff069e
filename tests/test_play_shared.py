"""What the three play scenes share, written once: the kit's panel row and per-card easing, and the
PlayScene / PlayInput behaviour every game now inherits (animating, the end delay, a person's
rejected action, the privacy screen coming back, the event routing)."""
import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scene_input import click, ids, rect_of, start_scene

from scenes.kaito.scene import KaitoPlayScene
from scenes.kanji.scene import KanjiPlayScene
from scenes.kit.layout import PanelRow
from scenes.kit.tween import approach_each, settled
from scenes.sushi.scene import SushiPlayScene

SCENES = [KaitoPlayScene, SushiPlayScene, KanjiPlayScene]


# -- kit: the opponents' panel row ------------------------------------------------------------
@given(n=st.integers(1, 8), gap=st.integers(0, 24), max_w=st.integers(40, 600))
def test_panel_row_is_equal_panels_centred_in_the_span(n, gap, max_w):
    row = PanelRow(x0=16, x1=1204, y=8, h=132, gap=gap, max_w=max_w)
    rects = row.rects(n)
    assert len(rects) == n
    assert len({r.w for r in rects}) == 1 and rects[0].w <= max_w
    assert all(r.y == 8 and r.h == 132 for r in rects)
    assert all(b.x - a.right == gap for a, b in zip(rects, rects[1:]))
    assert rects[0].x >= 16 and rects[-1].right <= 1204
    assert abs((rects[0].x - 16) - (1204 - rects[-1].right)) <= 1  # centred (integer px)


def test_panel_row_of_nobody_is_empty_and_matches_the_games_rows():
    assert PanelRow(x0=16, x1=1204, y=8, h=170, gap=16, max_w=440).rects(0) == []
    # the values Sushi Draft drew before the row moved to the kit (4 opponents)
    row = PanelRow(x0=16, x1=1204, y=8, h=170, gap=16, max_w=440).rects(4)
    assert [tuple(r) for r in row] == [(16, 8, 285, 170), (317, 8, 285, 170), (618, 8, 285, 170),
                                       (919, 8, 285, 170)]


# -- kit: easing every card of a hand ---------------------------------------------------------
@given(st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=1, max_size=8))
def test_approach_each_moves_every_value_toward_its_target_and_settles(pairs):
    values = [v for v, _ in pairs]
    targets = [t for _, t in pairs]
    before = [abs(v - t) for v, t in pairs]
    approach_each(values, targets, 16, 40)
    assert all(abs(v - t) <= b + 1e-9 for v, t, b in zip(values, targets, before))
    for _ in range(400):
        approach_each(values, targets, 16, 40)
    assert settled(values, targets)


def test_settled_is_false_while_one_card_is_still_lifting():
    assert not settled([0.0, 3.0], [0.0, 20.0])
    assert settled([0.0, 20.0], [0.0, 20.0])


# -- PlayScene: the shared behaviour, in each game ----------------------------------------------
@pytest.mark.parametrize("cls", SCENES)
def test_animating_follows_the_timeline_and_finish_animations_ends_it(app, cls):
    scene = start_scene(app, cls, seats=("human", "random"), speed=1.0)

    def long_wait():
        for _ in range(3):
            yield 1000.0  # ms of animation time

    scene.run_main(long_wait())
    assert scene.animating()
    scene.finish_animations()
    assert not scene.animating()


@pytest.mark.parametrize("cls", SCENES)
def test_a_rejected_action_is_counted_and_never_raised(app, cls):
    scene = start_scene(app, cls, seats=("human", "random"))
    assert scene.apply_person(0, "not-an-action") is False
    assert scene.errors == 1


@pytest.mark.parametrize("cls", SCENES)
def test_the_end_stays_until_the_score_is_asked_for_once(app, cls, monkeypatch):
    scene = start_scene(app, cls, seats=("human", "random"))
    asked = []
    monkeypatch.setattr(scene, "go_to_score", lambda: asked.append(True))
    scene.request_score()  # not over: nothing
    assert asked == [] and "button:score" not in ids(scene)
    scene.show_end()
    assert scene.ended and "button:score" in ids(scene) and "button:undo" not in ids(scene)
    for _ in range(30):
        app.pump(16)
    assert asked == []  # no countdown: the end waits for the player
    click(app, rect_of(scene, "button:score").center)
    assert asked == [True]


@pytest.mark.parametrize("cls", [SushiPlayScene, KanjiPlayScene])
def test_a_privacy_screen_gone_without_ready_is_asked_again(app, cls, monkeypatch):
    scene = start_scene(app, cls, seats=("human", "random"))
    asked = []
    monkeypatch.setattr(scene.handover, "ask", lambda seat: asked.append(seat))
    assert scene.handover.returned() is False  # nothing asked for
    scene.privacy_for = 1  # asked for, and this scene is on top again
    assert scene.handover.returned() is True
    assert asked == [1] and scene.privacy_for is None


@pytest.mark.parametrize("cls", SCENES)
def test_events_are_ignored_once_the_scene_is_leaving_and_motion_sets_the_hover(app, cls):
    scene = start_scene(app, cls, seats=("human", "random"))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 400), rel=(0, 0), buttons=(0, 0, 0))
    assert scene.input.handle_event(motion) is True
    hover = scene.input.hover if cls is KaitoPlayScene else scene.hover
    assert hover == (300, 400)
    scene._left = True
    assert scene.input.handle_event(motion) is False
    no_pos = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1)
    scene._left = False
    assert scene.input.handle_event(no_pos) is False
