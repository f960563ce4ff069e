"""Kanji-zushi shows rounds, not every seat's turns (issue 21, §5: a game of four read "Turn 37"):
a round is one turn of each seat still playing (RULES.md §3)."""
from __future__ import annotations

import random

import pytest
from scene_input import record_texts

from game.kanji.rules import KANJI
from game.kanji.view import round_number


@pytest.mark.parametrize("seats, to_move, expected", [
    ([], 0, 1),
    ([0], 1, 1),
    ([0, 1, 2], 0, 2),
    ([0, 1, 2, 0], 1, 2),
    ([0, 1, 2, 0, 2], 0, 3),  # seat 1 finished its five kanji: it is skipped
    ([0, 1, 0, 1], None, 2),  # over: the last round
])
def test_round_number(seats, to_move, expected):
    assert round_number(seats, to_move) == expected


def test_the_scene_shows_the_round(app, monkeypatch):
    import scenes.kanji.draw as kdraw

    st = KANJI.new_state(3, random.Random(4))
    rng = random.Random(4)
    for _ in range(7):  # seats 0 1 2 0 1 2 0: seat 1 to move in round 3
        seat = st.to_act()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    view = st.view(0)
    assert view.round == round_number([a.seat for a in view.attempts], view.to_move)
    texts = record_texts(monkeypatch, kdraw)
    scene = app.make_scene("kanji_play", seats=["human", "easy", "easy"], state=st, speed=1000.0)
    app.manager.reset(scene)
    app.pump(16)
    texts.clear()
    app.pump(16)
    assert f"Round {view.round}" in texts and not any(t.startswith("Turn ") for t in texts)
    assert view.round == 3
