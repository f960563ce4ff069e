"""A returning player need not wait (issue 21, pacing): Space or Enter while moves animate, or a
click that nothing else uses while a bot's move animates, finishes them at once; the game log still
tells them. (A click never skips a person's move: in a hot-seat game a quick second click would
become the next person's move.)"""
from __future__ import annotations

import time

import pygame
import pytest
from scene_input import click, drag, rect_of

from game.kaito.rules import square_name


def wait(app, cond, what, wall_s=30.0):
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, what
        app.pump(16)
        time.sleep(0.001)


def press(app, key):
    for et in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(et, key=key, mod=0, unicode="", scancode=0))
    app.pump(16)


@pytest.mark.parametrize("how", ["space", "enter", "click"])
def test_the_ais_move_is_finished_at_once(app, how):
    scene = app.make_scene("kaito_play", seats=["human", "easy"], seed=3, speed=1.0, think_ms=0)
    app.manager.reset(scene)
    wait(app, lambda: scene.human_to_act() == 0 and not scene.busy(), "the person's turn")
    view = scene.state.view(0)
    own = {"R" + k for k in "KH"}  # never the person's own katana or kabuto: the game must go on
    target = next(t for t in view.targets() if not view.exchanges_at(t) and view.board[t] not in own)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(target)}").center)
    presses = 0
    end = time.monotonic() + 30
    while not (scene.human_to_act() == 0 and not scene.busy()):
        assert time.monotonic() < end, "the person's next turn never came"
        ai_moving = scene.match.state.history[-1][0] == 1
        if scene.timeline.running and (how != "click" or ai_moving):  # a move animating: skip it
            plies = len(scene.match.state.history)
            if how == "click":  # a point nothing uses: the middle of the window's bottom margin
                click(app, app.viewport.to_window(pygame.Rect(640, 712, 1, 1)).topleft)
            else:
                press(app, pygame.K_SPACE if how == "space" else pygame.K_RETURN)
            presses += 1
            # finished; a newer move (the AI's answer, arrived in the same frame) may have begun
            assert not scene.timeline.running or len(scene.match.state.history) > plies, \
                "the animation still runs after the press"
        app.pump(16)
        time.sleep(0.001)
    assert presses >= (1 if how == "click" else 2)  # the AI's answer (a key skips the person's own too)
    ai = scene.match.state.history[2]
    assert ai[0] == 1 and any(e.detail and e.detail in str(ai[1]) for e in scene.narration.entries)
    assert scene.shown.agrees_with(scene.match.view(0))
