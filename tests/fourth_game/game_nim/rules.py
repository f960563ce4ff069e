"""Nim's rules: three heaps of 1..7 stones (dealt with the seeded rng); seat 0 moves first; a turn
takes 1..n stones from one heap (``h<heap>-<count>``, heaps counted from 1); whoever takes the last
stone wins. Score: the stones a seat took."""

from __future__ import annotations

import random
import re
from typing import Any, Sequence

from game.core import (
    Event,
    Game,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    RecordError,
    require_rng,
)
from game.i18n import _

from . import REGISTRATION
from .events import GameEnded, NimEnd, StonesTaken
from .telling import outcome_text
from .view import VIEW_CODEC, NimView

HEAPS = 3
MAX_STONES = 7
_ACTION = re.compile(r"h([1-9])-([1-9])")


def parse_action(action: Any) -> tuple[int, int]:
    """``"h2-3"`` -> (heap index 1, count 3).

    Raises:
        InvalidActionError: not Nim notation."""
    m = _ACTION.fullmatch(action) if isinstance(action, str) else None
    if m is None:
        raise InvalidActionError(_("{action} is not a move of Nim (h<heap>-<count>)").format(action=repr(action)[:40]))
    return int(m.group(1)) - 1, int(m.group(2))


def action_of(heap: int, count: int) -> str:
    """The notation taking ``count`` stones from heap index ``heap``."""
    return f"h{heap + 1}-{count}"


class NimState(GameState):
    """A position: ``heaps`` (stones left), ``taken`` (per seat), ``to_move``."""

    num_seats = 2

    def __init__(self, game: "NimGame", heaps: Sequence[int]):
        self.game = game
        self.initial = tuple(heaps)
        self.heaps = list(heaps)
        self.taken = [0, 0]
        self.to_move = 0
        self.history: list[tuple[int, str]] = []
        self.events: list[Event] = []
        self._outcome: Outcome | None = None

    def to_act(self) -> tuple[int, ...]:
        return () if self._outcome else (self.to_move,)

    def legal_actions(self, seat: int) -> list[str]:
        if self._outcome or seat != self.to_move:
            return []
        return sorted(action_of(h, k) for h, n in enumerate(self.heaps) for k in range(1, n + 1))

    def apply(self, seat: int, action: str) -> None:
        heap, count = parse_action(action)
        if self._outcome:
            raise IllegalActionError(_("the game is over"))
        if seat != self.to_move:
            raise IllegalActionError(_("it is seat {turn}'s turn, not seat {seat}'s").format(turn=self.to_move,
                                                                                              seat=seat))
        if heap >= len(self.heaps) or count > self.heaps[heap]:
            raise IllegalActionError(_("heap {heap} does not hold {count} stones").format(heap=heap + 1, count=count))
        ply = len(self.history)
        self.heaps[heap] -= count
        self.taken[seat] += count
        self.history.append((seat, action))
        self.emit(StonesTaken(seat=seat, ply=ply, heap=heap, count=count, left=self.heaps[heap]))
        if not any(self.heaps):
            self._outcome = Outcome.told((seat,), NimEnd.LAST_STONE, self.scores(), outcome_text, winner=seat)
            self.emit(GameEnded(winners=(seat,), loser=1 - seat, reason=NimEnd.LAST_STONE, scores=self.scores()))
        else:
            self.to_move = 1 - seat

    def outcome(self) -> Outcome | None:
        return self._outcome

    def scores(self) -> tuple[int, ...]:
        return tuple(self.taken)

    def view(self, seat: int) -> NimView:
        if seat not in (0, 1):
            raise ValueError(f"Nim has seats 0 and 1, not {seat}")
        return NimView(seat=seat, to_act=self.to_act(), legal_actions=tuple(self.legal_actions(seat)),
                       outcome=self._outcome, ply=len(self.history), heaps=tuple(self.heaps),
                       taken=tuple(self.taken), to_move=None if self._outcome else self.to_move,
                       last_action=self.history[-1] if self.history else None)

    def clone(self) -> "NimState":
        other = NimState(self.game, self.initial)
        other.heaps, other.taken, other.to_move = list(self.heaps), list(self.taken), self.to_move
        other.history, other.events, other._outcome = list(self.history), list(self.events), self._outcome
        return other

    def setup(self) -> dict:
        return {"heaps": list(self.initial)}

    def record_actions(self) -> list:
        return [a for _seat, a in self.history]


class NimGame(Game):
    """Nim's rules."""

    game_type = REGISTRATION.game_type
    view_codec = VIEW_CODEC

    def new_state(self, num_seats: int, rng: random.Random, **options: Any) -> NimState:
        """Three heaps of 1..7 stones drawn with ``rng`` (option ``heaps``: given ones).

        Raises:
            TypeError: no ``random.Random``. ValueError: not 2 seats, an unknown or bad option."""
        if num_seats != 2:
            raise ValueError("Nim is for exactly 2 seats")
        rng = require_rng(rng)
        unknown = set(options) - {"heaps"}
        if unknown:
            raise ValueError(f"unknown Nim option(s): {sorted(unknown)}")
        heaps = options.get("heaps") or [rng.randint(1, MAX_STONES) for _ in range(HEAPS)]
        if len(heaps) != HEAPS or not all(isinstance(n, int) and 1 <= n <= MAX_STONES for n in heaps):
            raise ValueError(f"heaps must be {HEAPS} counts of 1..{MAX_STONES}, not {heaps!r}")
        return NimState(self, heaps)

    def state_from_setup(self, setup: dict) -> NimState:
        heaps = setup.get("heaps") if isinstance(setup, dict) else None
        if (not isinstance(heaps, list) or len(heaps) != HEAPS
                or not all(type(n) is int and 1 <= n <= MAX_STONES for n in heaps)):
            raise RecordError(_("setup heaps must be {n} counts of 1 to {most}").format(n=HEAPS, most=MAX_STONES))
        return NimState(self, heaps)

    def replay_steps(self, record_actions: object, setup: dict | None = None) -> list[list[tuple[int, str]]]:
        if not isinstance(record_actions, list):
            raise RecordError(_("actions is not a list"))
        steps = []
        for i, action in enumerate(record_actions):
            if not isinstance(action, str):
                raise RecordError(_("action {index} is not a string").format(index=i))
            steps.append([(i % 2, action)])
        return steps


NIM = NimGame()

__all__ = ["HEAPS", "MAX_STONES", "NIM", "NimGame", "NimState", "NimView", "action_of", "parse_action"]
