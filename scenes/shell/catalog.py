"""The games as the menu, setup, rules, statistics and tutorial screens present them: one line per
game room (no scene imports: each room's ``__init__`` holds only its
:class:`~scenes.play.registration.GameInfo`; :mod:`scenes.shell.registry` maps scene names to
classes, the games' scenes among them).

Adding a game to the app: its room ``scenes/<name>/`` with ``GAME`` in its ``__init__``, and one
line in :data:`ROOMS`.
"""
from __future__ import annotations

import importlib

from game.i18n import _
from scenes.play.registration import COMMON_OPTIONS, NEXT_LABEL, OPTION_KWARGS, GameInfo

#: The game rooms, in menu order.
ROOMS: tuple[str, ...] = (
    "scenes.kaito",
    "scenes.sushi",
    "scenes.kanji",
)

GAME_LIST: list[GameInfo] = [importlib.import_module(room).GAME for room in ROOMS]
GAMES_BY_NAME: dict[str, GameInfo] = {g.name: g for g in GAME_LIST}


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of ``name`` (KeyError if unknown)."""
    return GAMES_BY_NAME[name]


def game_title(name: str) -> str:
    """The display name of the game ``name`` in the language in use (``name`` itself if unknown)."""
    info = GAMES_BY_NAME.get(name)
    return _(info.title) if info is not None else name


def game_scenes() -> dict[str, str]:
    """Scene name -> ``"module:Class"`` of every game's scenes (play scenes, score screens)."""
    return {name: path for g in GAME_LIST for name, path in g.scenes.items()}


__all__ = ["COMMON_OPTIONS", "GAMES_BY_NAME", "GAME_LIST", "NEXT_LABEL", "OPTION_KWARGS", "ROOMS", "GameInfo",
           "game_info", "game_scenes", "game_title"]
