"""The games as the dev tools see them: every room of :mod:`scenes.shell.catalog`, in menu order,
with its part of the dev tools (:class:`~scenes.play.registration.DevTools`, ``GameInfo.devtools``;
the generic defaults for a game that names none). The dev tools iterate these and never name a
game."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scenes.play.devhooks import DevTools
from scenes.play.registration import GameInfo
from scenes.shell import catalog


@dataclass(frozen=True)
class DevGame:
    """One game: ``info`` (its :class:`GameInfo`), ``tools`` (its dev tools' part) and ``short``,
    its room's name (``scenes.<short>``), which names its contact sheets and bench reports."""

    info: GameInfo
    tools: DevTools
    short: str

    @property
    def name(self) -> str:
        """The game's record and command-line name."""
        return self.info.name

    @property
    def seats(self) -> tuple[int, int]:
        """(fewest, most) seats."""
        return self.info.seats

    @property
    def play_scene(self) -> str:
        """The play scene's name."""
        return self.info.scene

    @property
    def score_scene(self) -> str:
        """The score screen's name: the game's other scene (``GameInfo.scenes``)."""
        return next((s for s in self.info.scenes if s != self.info.scene), "")

    @property
    def sides(self) -> bool:
        """A duel set up as two sides (the setup screen's ``sides``)."""
        return bool(self.info.extra.get("sides"))

    def new_state(self, n: int, seed: int) -> Any:
        """A seeded deal for ``n`` seats, as the walks start one (the game's own maker, if any)."""
        if self.tools.new_state is not None:
            return self.tools.new_state(n, seed)
        from game.registry import get

        return get(self.name).new_state(n, random.Random(seed))


def dev_games() -> list[DevGame]:
    """Every game of the catalog, in menu order."""
    return [DevGame(info, info.dev_tools(), room.rpartition(".")[2]) for room, info in zip(catalog.ROOMS, catalog.GAME_LIST)]


def dev_game(name: str) -> DevGame:
    """The game called ``name``.

    Raises:
        KeyError: no such game in the catalog."""
    for g in dev_games():
        if g.name == name:
            return g
    raise KeyError(name)


__all__ = ["DevGame", "dev_game", "dev_games"]
