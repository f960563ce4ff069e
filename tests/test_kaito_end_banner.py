"""KAITO's end banner speaks to the person (issue 21, §5): "You win: you took Black's last kabuto",
"You lose: …", from the core's GameEnded; hot-seat games and the replay viewer keep "Red wins!"."""
from __future__ import annotations

import time

import pytest
from scene_input import drag, record_texts, rect_of

from game.kaito.rules import KaitoState, square_index, square_name
from scenes.kaito.scene import KaitoPlayScene

# Red (seat 0, the person) to move from a1: b1 holds Black's last kabuto; a3 Red's own last Mon...
TILES = {"b1": "BH", "c3": "BK", "d4": "RK", "e5": "RH", "a3": "R1"}


def state(tiles=TILES, to_move=0):
    board = [None] * 36
    for sq, code in tiles.items():
        board[square_index(sq)] = code
    return KaitoState.from_position(board, kaito=0, to_move=to_move, colors=("R", "B"))


def play(app, seats, target):
    scene = app.make_scene("kaito_play", seats=seats, state=state(), speed=1000.0, think_ms=0)
    app.manager.reset(scene)
    for _ in range(5):
        app.pump(16)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{target}").center)
    end = time.monotonic() + 30
    while not (scene.over() and not scene.timeline.running):
        assert time.monotonic() < end
        app.pump(16)
    app.pump(16)
    return scene


def test_the_person_who_wins_is_told_why(app):
    scene = play(app, ["human", "easy"], "b1")
    assert isinstance(scene, KaitoPlayScene)
    assert scene.board_painter.banner_text()[0] == "You win: you took Black's last kabuto"


def test_hot_seat_keeps_the_colour(app):
    scene = play(app, ["human", "human"], "b1")
    assert scene.board_painter.banner_text()[0] == "Red wins!"


@pytest.mark.parametrize("code, expected", [("es", "Ganas"), ("ja", "勝ち：")])
def test_in_every_language(app, code, expected):
    from game import i18n

    i18n.set_language(code)
    try:
        scene = play(app, ["human", "easy"], "b1")
        assert scene.board_painter.banner_text()[0].startswith(expected)
    finally:
        i18n.set_language("en")


def test_no_captured_tiles_yet_is_not_said_after_they_were_spent(app, monkeypatch):
    """Issue 21, §5: "No captured tiles yet" showed for a seat that had captured tiles and paid them
    all to buy a tile back."""
    import scenes.kaito.panels as panels

    board = [None] * 36
    for sq, code in TILES.items():
        board[square_index(sq)] = code
    # Red paid Black's Mon 3 to buy back a tile: it is out of the game, Red's row is empty
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"), held=((), ()),
                                  removed=("OO", "OO", "B3"))
    drawn = record_texts(monkeypatch, panels)
    scene = app.make_scene("kaito_play", seats=["human", "easy"], state=st, speed=1000.0)
    app.manager.reset(scene)
    app.pump(16)
    drawn.clear()
    app.pump(16)
    texts = list(drawn)
    assert texts.count("No captured tiles left") == 1 and texts.count("No captured tiles yet") == 1
    assert square_name(0) == "a1"
