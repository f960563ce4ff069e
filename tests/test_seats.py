"""Seat names shown on screen (scenes/play/seats.py)."""

from scenes.play.seats import default_names


def test_default_names():
    assert default_names(["human", "hard"]) == ["You", "Hard AI"]
    assert default_names(["easy", "human"]) == ["Easy AI", "You"]
    assert default_names(["human", "human"]) == ["Player 1", "Player 2"]
    assert default_names(["hard", "hard"]) == ["Hard AI 1", "Hard AI 2"]
    assert default_names(["random", "medium"]) == ["Random AI", "Medium AI"]
    # numbered among the seats of the same level, not by seat index
    assert default_names(["human", "medium", "hard", "medium"]) == ["You", "Medium AI 1", "Hard AI", "Medium AI 2"]
    assert default_names(["human", "easy", "human"]) == ["Player 1", "Easy AI", "Player 2"]
