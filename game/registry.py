"""Explicit registry of the games Tatami knows (no folder scanning).

A game's rules module (with its events and data) is imported when that game is first looked up,
not when the registry is: the menu lists the games' names and reads the saves at start-up, and
importing all three rules modules there cost about 90 ms of the first frame (issue 20's start
figure under Wine; issue 23 takes the registrations further)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping

from .core import Game

#: Game name (as used in records and on the command line) -> (module, attribute) of its rules.
_RULES: dict[str, tuple[str, str]] = {
    "kaito": ("game.kaito", "KAITO"),
    "sushi-draft": ("game.sushi", "SUSHI"),
    "kanji-zushi": ("game.kanji", "KANJI"),
}


class _Games(MutableMapping[str, Game]):
    """Game name -> its rules (:class:`game.core.Game`), in registration order; a game's module
    is imported on its first lookup. Iterating, ``len`` and ``in`` import nothing. Entries can be
    set and deleted (tests register stand-in games)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}
        self._names: list[str] = list(_RULES)

    def __getitem__(self, name: str) -> Game:
        game = self._loaded.get(name)
        if game is None:
            if name not in self._names:
                raise KeyError(name)
            module, attr = _RULES[name]
            game = getattr(importlib.import_module(module), attr)
            assert game.name == name, f"{module}.{attr} is called {game.name!r}, registered as {name!r}"
            self._loaded[name] = game
        return game

    def __setitem__(self, name: str, game: Game) -> None:
        if name not in self._names:
            self._names.append(name)
        self._loaded[name] = game

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._loaded.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)


#: Game name (as used in records and on the command line) -> its rules (imported on first use).
GAMES: MutableMapping[str, Game] = _Games()


def get(name: str) -> Game:
    """The game called ``name``.

    Raises:
        KeyError: unknown game (the message lists the known ones)."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
