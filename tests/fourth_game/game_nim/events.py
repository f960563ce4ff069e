"""Nim's events: data only (their sentences: :mod:`.telling`). Everything is public."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core import Event


class NimEnd(StrEnum):
    """Why a game of Nim ended (the Outcome's reason)."""

    LAST_STONE = "last-stone"  #: a seat took the last stone


@dataclass(frozen=True, kw_only=True)
class StonesTaken(Event):
    """``seat`` took ``count`` stones from heap ``heap`` (0-based), leaving ``left`` there."""

    KIND: ClassVar[str] = "nim.take"

    seat: int
    ply: int
    heap: int
    count: int
    left: int


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    """The last stone was taken: ``winners`` (its taker), ``loser``, the stones each seat took."""

    KIND: ClassVar[str] = "nim.end"

    seat: int | None = None
    winners: tuple[int, ...]
    loser: int
    reason: NimEnd
    scores: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (StonesTaken, GameEnded)

__all__ = ["EVENT_TYPES", "GameEnded", "NimEnd", "StonesTaken"]
