"""Default names are labels, not data (issue 21, defect 1): a game saved in one language reads in
another with the names of that language ("あなた vs Hard AI" in the English menu, "Jugador 1の寿司"
on the Japanese Sushi Draft screen before); a language switch renames the defaults at once; typed
names stay as typed. A file keeps a default name as its English label."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import i18n
from game.registry import GAMES
from scenes.play.seats import default_names, is_default_name, shown_names, stored_names
from scenes.shell.saves import SaveStore


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def in_language(code: str, seats: list[str]) -> list[str]:
    i18n.set_language(code)
    try:
        return default_names(seats)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("seats", [["human", "hard"], ["human", "human"], ["human", "medium", "medium"]])
@pytest.mark.parametrize("code", ["es", "ja", "pseudo"])
def test_a_default_name_of_any_language_is_shown_in_the_one_in_use(seats, code):
    other = in_language(code, seats)
    assert other != default_names(seats)
    assert shown_names(seats, other) == default_names(seats)
    assert all(is_default_name(seats, i, n) for i, n in enumerate(other))
    assert stored_names(seats, other) == in_language("en", seats)
    assert shown_names(seats, ["Ana"] + other[1:])[0] == "Ana"


def _save(path: Path, game: str, seats: list[str], names: list[str]) -> SaveStore:
    st = GAMES[game].new_state(len(seats), random.Random(3))
    for _ in range(2):
        for seat in list(st.to_act()):
            st.apply(seat, st.legal_actions(seat)[0])
    store = SaveStore(path)
    assert store.save(st, {"seats": seats, "names": names}, "x" * 32)
    return store


@pytest.mark.parametrize("code, seats, expected", [
    ("ja", ["human", "hard"], "You vs Hard AI"),
    ("es", ["human", "human"], "Player 1 vs Player 2"),
])
def test_the_continue_line_names_the_players_in_the_language_in_use(tmp_path, code, seats, expected):
    store = _save(tmp_path / "kaito.json", "kaito", seats, in_language(code, seats))
    saved = store.load()
    assert saved is not None and saved.summary().startswith(expected + ", move")


def test_a_play_scene_renames_its_defaults_when_the_language_changes(app):
    seats = ["human", "human", "easy"]
    i18n.set_language("es")
    scene = app.make_scene("sushi_play", seats=seats, seed=4, names=["Jugador 1", "Ana", "IA fácil"])
    assert scene.names == ["Jugador 1", "Ana", "IA fácil"]
    i18n.set_language("ja")
    assert scene.names == [in_language("ja", seats)[0], "Ana", in_language("ja", seats)[2]]
    assert scene.save_setup()["names"] == ["Player 1", "Ana", "Easy AI"]
