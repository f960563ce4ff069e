"""The protocol every Tatami game implements (headless: no pygame here).

A :class:`Game` makes :class:`GameState` objects. A state says which seats must act now
(:meth:`GameState.to_act`, several seats at once in a simultaneous phase), lists each seat's
legal actions as notation strings (RULES.md), applies a validated action, reports whether the
game is over and why (:class:`Outcome`), and gives each seat the view it may see.

Simultaneous phases (Sushi Draft) fit the same calls: every seat in ``to_act()`` calls
``apply(seat, action)`` for its own choice; the state keeps the choice hidden and resolves the
phase when the last pending seat has submitted. ``to_act()`` shrinks as seats submit.

Randomness only ever comes from a ``random.Random`` handed to :meth:`Game.new_state`; everything
random is stored in the setup so that :meth:`GameState.record` replays with no random numbers
(RULES.md section 4).
"""

from __future__ import annotations

import abc
import random
from dataclasses import dataclass
from typing import Any, Sequence

RECORD_FORMAT = "tatami-record/1"


class ActionError(ValueError):
    """An action was rejected. The message says why (one line)."""


class InvalidActionError(ActionError):
    """The text is not a well-formed action of this game (e.g. ``"z9"`` in KAITO)."""


class IllegalActionError(ActionError):
    """The action is well-formed but not legal now (wrong seat, wrong phase, not a legal move)."""


class RecordError(ValueError):
    """A game record is malformed (bad JSON shape, wrong format tag, impossible setup)."""


@dataclass(frozen=True)
class Outcome:
    """Why and how a game ended.

    Attributes:
        winners: winning seats (several when the win is shared).
        reason: a short machine code, e.g. ``"no-katana"``, ``"no-kabuto"``, ``"no-move"``.
        description: one human sentence, e.g. ``"Black has no katana left on the board."``.
        scores: final score per seat (the game's own unit: tiles, chip points, strokes).
    """

    winners: tuple[int, ...]
    reason: str
    description: str
    scores: tuple[int, ...]


class GameState(abc.ABC):
    """One position of a game. Mutable: :meth:`apply` changes it in place; use :meth:`clone`."""

    game: "Game"
    num_seats: int
    history: list[tuple[int, str]]

    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now, ascending; empty when the game is over."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Distinct legal action strings of ``seat`` now, sorted by code point ([] if not to act)."""

    @abc.abstractmethod
    def apply(self, seat: int, action: str) -> None:
        """Validate and apply ``action`` for ``seat``.

        Raises:
            InvalidActionError: the text is not an action of this game.
            IllegalActionError: the action is not legal for this seat now (the message says why).
        """

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``."""

    @abc.abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Current score per seat (RULES.md section 4 defines it per game)."""

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may see now (its information set), as an immutable object.

        Every view has at least ``seat``, ``to_act`` and ``legal_actions`` (that seat's)."""

    @abc.abstractmethod
    def clone(self) -> "GameState":
        """An independent copy."""

    @abc.abstractmethod
    def setup(self) -> dict:
        """The record's ``setup`` object (RULES.md section 4): everything random, as data."""

    @abc.abstractmethod
    def record_actions(self) -> list:
        """The record's ``actions`` list (RULES.md section 4) for the actions applied so far."""

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome() is not None

    def record(self) -> dict:
        """The game record so far: ``{"format", "game", "setup", "actions"}`` (RULES.md section 4)."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "setup": self.setup(),
            "actions": self.record_actions(),
        }

    def summary(self) -> dict:
        """The replay command's line for this state (RULES.md section 4)."""
        out = self.outcome()
        return {
            "game": self.game.name,
            "over": out is not None,
            "scores": list(self.scores()),
            "winners": list(out.winners) if out else [],
            "to_act": list(self.to_act()),
            "legal": [self.legal_actions(s) for s in range(self.num_seats)],
        }


class Game(abc.ABC):
    """A game's rules: makes states and replays records.

    Attributes:
        name: record/CLI name, e.g. ``"kaito"``.
        title: display name, e.g. ``"KAITO"``.
        min_seats, max_seats: supported seat counts.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int

    @abc.abstractmethod
    def new_state(self, num_seats: int, rng: random.Random, **options: Any) -> GameState:
        """A fresh game set up with ``rng`` (the only source of randomness).

        Raises:
            ValueError: unsupported ``num_seats`` or option."""

    @abc.abstractmethod
    def state_from_setup(self, setup: dict) -> GameState:
        """The initial state described by a record's ``setup`` object.

        Raises:
            RecordError: the setup is malformed."""

    @abc.abstractmethod
    def replay_steps(self, record_actions: list, setup: dict | None = None) -> list[list[tuple[int, str]]]:
        """Split a record's ``actions`` into steps, each a list of (seat, action) to apply together.

        ``setup`` is the record's (already accepted) setup object, for games whose action shape
        depends on it (Sushi Draft: one action per seat in each phase).

        Raises:
            RecordError: the actions list is malformed."""

    def from_record(self, record: dict) -> GameState:
        """Replay a whole record and return the final state.

        Raises:
            RecordError: malformed record.
            ActionError: an action is invalid or illegal (message names its index)."""
        setup = record_setup(record, self.name)
        state = self.state_from_setup(setup)
        for index, step in enumerate(self.replay_steps(record.get("actions"), setup)):
            apply_step(state, step, index)
        return state


def record_setup(record: Any, game_name: str | None = None) -> dict:
    """Check a record's envelope and return its ``setup`` object.

    Raises:
        RecordError: not an object, wrong ``format``, wrong ``game``, missing setup/actions."""
    if not isinstance(record, dict):
        raise RecordError("record is not a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"format is {record.get('format')!r}, expected {RECORD_FORMAT!r}")
    if game_name is not None and record.get("game") != game_name:
        raise RecordError(f"game is {record.get('game')!r}, expected {game_name!r}")
    if not isinstance(record.get("setup"), dict):
        raise RecordError("setup is missing or not an object")
    if not isinstance(record.get("actions"), list):
        raise RecordError("actions is missing or not a list")
    return record["setup"]


def apply_step(state: GameState, step: Sequence[tuple[int, str]], index: int) -> None:
    """Apply one replay step; re-raise errors with the action index in the message.

    Raises:
        ActionError: same subclass as raised by ``state.apply``, message prefixed ``action N:``."""
    for seat, action in step:
        try:
            state.apply(seat, action)
        except ActionError as exc:
            raise type(exc)(f"action {index} ({action!r}): {exc}") from None


def wilson_interval(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (``successes`` may be fractional for shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
