"""The games as the menu, setup, rules, statistics and tutorial screens present them: one line per
game room (no scene imports: each room's ``__init__`` holds only its
:class:`~scenes.play.registration.GameInfo`; :mod:`scenes.shell.registry` maps scene names to
classes, the games' scenes among them).

Adding a game to the app: its room ``scenes/<name>/`` with ``GAME`` in its ``__init__``, and one
line in :data:`ROOMS`; or, for a game that lives outside the app (a test's, a plug-in's), one call
of :func:`register` with its room at run time (its core registered first:
:func:`game.registry.register`).
"""
from __future__ import annotations

import importlib
import logging
from typing import Any

from game import registry as core
from game.i18n import _
from game.registration import load
from scenes.play.registration import COMMON_OPTIONS, NEXT_LABEL, OPTION_KWARGS, GameInfo

#: The game rooms, in menu order.
ROOMS: tuple[str, ...] = (
    "scenes.kaito",
    "scenes.sushi",
    "scenes.kanji",
)

_OWN_ROOMS = ROOMS

GAME_LIST: list[GameInfo] = [importlib.import_module(room).GAME for room in ROOMS]
GAMES_BY_NAME: dict[str, GameInfo] = {g.name: g for g in GAME_LIST}
#: Scene name -> ``"module:Class"`` of every game's scenes (play scenes, score screens), kept with
#: the list (:mod:`scenes.shell.registry` reads it at each lookup).
GAME_SCENES: dict[str, str] = {name: path for g in GAME_LIST for name, path in g.scenes.items()}


def room_of(name: str) -> str:
    """The room (module path) of the game ``name``.

    Raises:
        KeyError: no such game in the catalog."""
    for room, info in zip(ROOMS, GAME_LIST):
        if info.name == name:
            return room
    raise KeyError(name)


def register(room: str) -> GameInfo:
    """Add the game room ``room`` (its ``__init__``'s ``GAME``) after the rooms of :data:`ROOMS`,
    in one step: the menu's cards, setup, rules, statistics, the scene registry
    (:mod:`scenes.shell.registry`) and the dev tools (:mod:`scenes.devtools.games`) list it from
    then on. Registering the same room again changes nothing.

    Returns:
        its :class:`GameInfo`.
    Raises:
        ImportError: no such room; ValueError: it has no ``GAME``, its game is not registered in
        :mod:`game.registry`, or another room has its name."""
    global ROOMS
    info = getattr(importlib.import_module(room), "GAME", None)
    if not isinstance(info, GameInfo):
        raise ValueError(f"{room} has no GAME (a scenes.play.registration.GameInfo)")
    if info.name not in core.REGISTRATIONS:
        raise ValueError(f"{room}: its game {info.name!r} is not registered (game.registry.register)")
    if room in ROOMS:
        return info
    if info.name in GAMES_BY_NAME:
        raise ValueError(f"the game {info.name!r} already has a room, {room_of(info.name)}")
    ROOMS = (*ROOMS, room)
    GAME_LIST.append(info)
    GAMES_BY_NAME[info.name] = info
    GAME_SCENES.update(info.scenes)
    return info


def unregister(room: str) -> None:
    """Undo :func:`register` for ``room`` (nothing if it is not registered).

    Raises:
        ValueError: ``room`` is one of the app's own (listed in the source's :data:`ROOMS`)."""
    global ROOMS
    if room not in ROOMS:
        return
    if room in _OWN_ROOMS:
        raise ValueError(f"{room} is one of the app's own rooms")
    k = ROOMS.index(room)
    info = GAME_LIST.pop(k)
    ROOMS = ROOMS[:k] + ROOMS[k + 1:]
    GAMES_BY_NAME.pop(info.name, None)
    for scene in info.scenes:
        GAME_SCENES.pop(scene, None)


def open_room_stores(app: Any) -> dict[str, Any]:
    """Make every room's own per-user stores (:attr:`GameInfo.stores`: each class called with no
    arguments, its file in the data folder) and keep each as that attribute of ``app`` and in
    ``app.room_stores`` (attribute -> store), which the autosave tells every finished game. A store
    that cannot be made is logged and left out. Returns ``app.room_stores``."""
    stores: dict[str, Any] = {}
    for info in GAME_LIST:
        for attr, path in info.stores.items():
            try:
                stores[attr] = load(path)()
            except Exception:  # one room's store must never keep the app from starting
                logging.getLogger("tatami").exception("%s: cannot make the store %s", info.name, path)
                continue
            setattr(app, attr, stores[attr])
    app.room_stores = stores
    return stores


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of ``name`` (KeyError if unknown)."""
    return GAMES_BY_NAME[name]


def game_title(name: str) -> str:
    """The display name of the game ``name`` in the language in use (``name`` itself if unknown)."""
    info = GAMES_BY_NAME.get(name)
    return _(info.title) if info is not None else name


__all__ = ["COMMON_OPTIONS", "GAMES_BY_NAME", "GAME_LIST", "GAME_SCENES", "NEXT_LABEL", "OPTION_KWARGS", "ROOMS", "GameInfo",
           "game_info", "game_title", "open_room_stores",
           "register", "room_of", "unregister"]
