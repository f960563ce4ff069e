"""The games Tatami knows: one line per game package (no folder scanning).

Each package's ``__init__`` holds its :class:`~game.registration.Registration` and imports none of
its rules, so reading the registrations at start-up (the menu's titles and seat ranges) costs
nothing; a game's rules module (with its events and data) is imported when that game is first
looked up in :data:`GAMES` (issue 20's start figure; issue 23 §7)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING

from game.event import add_kind_loader
from game.registration import Registration

if TYPE_CHECKING:  # (the rules' machinery is imported with a game's rules, not at start)
    from game.core import Game

#: The game packages, in menu order. Adding a game: its package, and one line here.
PACKAGES: tuple[str, ...] = (
    "game.kaito",
    "game.sushi",
    "game.kanji",
)

#: Game name (as used in records and on the command line) -> its registration.
REGISTRATIONS: dict[str, Registration] = {}
for _package in PACKAGES:
    _reg: Registration = importlib.import_module(_package).REGISTRATION
    REGISTRATIONS[_reg.name] = _reg


class _Games(MutableMapping[str, "Game"]):
    """Game name -> its rules (:class:`game.core.Game`), in registration order; a game's rules
    are imported on its first lookup. Iterating, ``len`` and ``in`` import nothing. Entries can
    be set and deleted (tests register stand-in games)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}
        self._names: list[str] = list(REGISTRATIONS)

    def __getitem__(self, name: str) -> Game:
        game = self._loaded.get(name)
        if game is None:
            if name not in self._names:
                raise KeyError(name)
            reg = REGISTRATIONS[name]
            game = reg.load_rules()
            assert game.name == name, f"{reg.package}.{reg.rules} is called {game.name!r}, registered as {name!r}"
            self._loaded[name] = game
        return game

    def add(self, name: str) -> None:
        """List the registered game ``name`` (last, its rules imported on first lookup)."""
        if name not in self._names:
            self._names.append(name)

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
GAMES: _Games = _Games()


def register(package: str) -> Registration:
    """Add the game package ``package`` (its ``__init__``'s ``REGISTRATION``) after the games of
    :data:`PACKAGES`: a game that lives outside the app's list (a test's, a plug-in's) registered at
    run time, in one step. The AI process is told the package with each bot's recipe
    (:class:`game.worker.BotHandle`), so it plays a game registered this way too. Registering the
    same package again changes nothing.

    Returns:
        its :class:`Registration`.
    Raises:
        ImportError: no such package; ValueError: it has no ``REGISTRATION``, or another package
        already registered its name."""
    module = importlib.import_module(package)
    reg = getattr(module, "REGISTRATION", None)
    if not isinstance(reg, Registration):
        raise ValueError(f"{package} has no REGISTRATION (a game.registration.Registration)")
    known = REGISTRATIONS.get(reg.name)
    if known is not None and known.package != reg.package:
        raise ValueError(f"the game {reg.name!r} is already registered by {known.package}")
    REGISTRATIONS[reg.name] = reg
    GAMES.add(reg.name)
    return reg


def unregister(name: str) -> None:
    """Undo :func:`register` for the game called ``name`` (nothing if it is not registered).

    Raises:
        ValueError: ``name`` is one of :data:`PACKAGES`' games (the app's own are not removed)."""
    reg = REGISTRATIONS.get(name)
    if reg is None:
        return
    if reg.package in PACKAGES:
        raise ValueError(f"{name!r} is one of the app's own games ({reg.package})")
    del REGISTRATIONS[name]
    if name in GAMES:
        del GAMES[name]


def get(name: str) -> Game:
    """The game called ``name``.

    Raises:
        KeyError: unknown game (the message lists the known ones)."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None


def registration(name: str) -> Registration:
    """The registration of the game called ``name`` (title, seats, flags, hooks; no rules
    imported).

    Raises:
        KeyError: unknown game (the message lists the known ones)."""
    try:
        return REGISTRATIONS[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(REGISTRATIONS)}") from None


def _load_kinds(namespace: str) -> None:
    """Import the rules (and so the events) of the registered game whose events' kinds are
    ``namespace.*``, for :func:`game.core.event_from_json`; nothing for an unknown namespace."""
    for reg in REGISTRATIONS.values():
        if reg.kinds and reg.kinds == namespace:
            reg.load_rules()


add_kind_loader(_load_kinds)
