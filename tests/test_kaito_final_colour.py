"""The Kaito shows the same colour at a game's last position live and in the replay viewer (issue
21, defect 14: black live, red in the viewer): once over, the colour of the seat that made the last
move, read from the view."""
from __future__ import annotations

import random
import time

import pytest

from game.kaito.rules import KAITO
from game.match import Match
from scenes.kaito.scene import KaitoPlayScene
from scenes.kaito.shown import Shown


def finished_record(seed: int) -> dict:
    match = Match(KAITO, ["random", "random"], seed, synchronous=True)
    match.run_bots_until_human()
    assert match.state.is_over()
    return match.record()


@pytest.mark.parametrize("seed", range(6))
def test_the_last_position_shows_the_last_movers_colour(seed):
    record = finished_record(seed)
    state = KAITO.from_record(record)
    view = state.view(0)
    last_seat = view.last_action[0]
    want = view.colors[last_seat]
    # the replay viewer builds its snapshot from the view alone; the live game carries the colour
    # the Kaito showed during the last move (the mover's) or, before the fix, whatever it showed
    assert Shown.from_view(view).pawn_color == want
    for carried in ("R", "B"):
        assert Shown.from_view(view, carried).pawn_color == want


def test_live_and_replay_agree_on_screen(app):
    record = finished_record(3)
    state = KAITO.from_record(record)
    live = app.make_scene("kaito_play", seats=["human", "human"], state=state.clone(), speed=1000.0)
    app.manager.reset(live)
    for _ in range(5):
        app.pump(16)
    viewer = app.make_scene("replay", record=record, at="end")
    app.manager.reset(viewer)
    end = time.monotonic() + 30
    while viewer.board is None and time.monotonic() < end:
        app.pump(16)
    for _ in range(10):
        app.pump(16)
    assert isinstance(viewer.board, KaitoPlayScene)
    assert viewer.board.shown.pawn_color == live.shown.pawn_color
