"""The menu's game catalog reads seat ranges from the games' own metadata (issue 9 §2)."""
from __future__ import annotations

from game.registry import GAMES
from scenes.shell.catalog import GAME_LIST, GAMES_BY_NAME


def test_every_catalog_game_is_a_registered_game_and_offers_its_seat_range():
    assert set(GAMES_BY_NAME) <= set(GAMES)
    for info in GAME_LIST:
        gt = GAMES[info.name].game_type
        assert info.seats == (gt.min_seats, gt.max_seats)
        assert info.title == gt.title


def test_the_menu_cards_seat_line_agrees_with_the_metadata():
    for info in GAME_LIST:
        lo, hi = info.seats
        expected = f"{lo} players" if lo == hi else f"{lo}–{hi} players"
        assert info.players_text == expected, info.name
