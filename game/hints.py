"""Hints (issue 10 §5): what the hard bot would choose for a person, from that seat's view only.

:class:`Hints` belongs to a :class:`game.match.Match` (``match.hints``). A synchronous Match
answers at once; the app's computes in a second :class:`game.worker.AIWorker` (made on the first
hint, no minimum thinking time) so the UI never waits and a bot thinking in the main worker is
not disturbed. A hint is about one position (its ply): one asked before the position changed is
dropped (:attr:`game.match.Match.position`: every action of a turn-based game, every phase of a
simultaneous one — the other seats' blind choices within a phase change nothing the seat sees).
Headless (never imports pygame).

Why (issue 21 §4): a hint carries its reason, the data of the game's ``coach.reason`` (KAITO: the
expected line after the hinted move) computed from the same view when the action arrives, at a
small budget (:data:`HINT_SETTINGS`: a few milliseconds), which the scenes tell in one line
(:func:`game.telling.reason_text`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from .ai import make_bot as make_local_bot
from .analyse import CoachSettings
from .registry import REGISTRATIONS
from .worker import AIWorker
from .worker import make_bot as make_worker_bot


class HintedMatch(Protocol):
    """What the hints read of their :class:`game.match.Match`: its seed and game, whether it is
    synchronous, the seats to act, the end, a seat's view and the position counter."""

    seed: int
    game: Any
    synchronous: bool

    @property
    def position(self) -> int: ...

    def to_act(self) -> Any: ...

    def is_over(self) -> bool: ...

    def view(self, seat: int) -> Any: ...

#: The level whose choice a hint shows ("the move the hard AI would choose").
HINT_LEVEL = "hard"
#: The budget of a hint's reason: KAITO's expected line searched 4 plies deep, 40 sampled worlds.
HINT_SETTINGS = CoachSettings(depth=4, worlds=40)


@dataclass(frozen=True)
class Hint:
    """The action the hint level's bot would choose for ``seat`` at one decision (issue 10 §5).

    Attributes:
        seat: the seat it is for.
        position: :attr:`game.match.Match.position` when it was asked: the hint is stale once the
            position changes (not when another seat makes a blind choice in the same phase).
        action: the suggested action (RULES.md notation; one of that view's legal actions).
        reason: why, as the data of the game's ``coach.reason`` from the same view (told by
            :func:`game.telling.reason_text`), or None (a game without reasons).
    """

    seat: int
    position: int
    action: str
    reason: dict[str, Any] | None = None


def hint_reason(game_name: str, view: Any, action: str, seed: int) -> dict[str, Any] | None:
    """The reason of hinting ``action`` from ``view`` (the seat's own: nothing it cannot see), by
    the game's ``coach.reason`` at :data:`HINT_SETTINGS` with ``Random(seed)``; None when the
    game has no reason or it cannot be found (a hint never fails for want of one)."""
    reg = REGISTRATIONS.get(game_name)
    why = reg.coach_reason() if reg is not None else None
    if why is None:
        return None
    try:
        got = why(view, action, random.Random(seed), HINT_SETTINGS)
    except (ValueError, KeyError, IndexError):
        return None
    return got if isinstance(got, dict) else None


class Hints:
    """The hard bot's suggestions for the people of ``match`` (see the module doc)."""

    def __init__(self, match: HintedMatch):
        self.match = match
        self._worker: AIWorker | None = None
        self._bots: dict[int, Any] = {}
        self._asked: tuple[int, int] | None = None  # (seat, ply) of the hint being computed

    def _bot(self, seat: int) -> Any:
        bot = self._bots.get(seat)
        if bot is None:
            m = self.match
            rng = random.Random(m.seed * 31 + seat + 101)
            make = make_local_bot if m.synchronous else make_worker_bot
            bot = self._bots[seat] = make(m.game.name, HINT_LEVEL, rng)
        return bot

    def request(self, seat: int) -> Hint | None:
        """Ask what the hard bot would choose for ``seat`` now, from ``seat``'s own view.

        Returns:
            The :class:`Hint` at once for a synchronous Match; otherwise None (asked: see
            :meth:`poll`; a new request supersedes a pending one), also when ``seat`` is not to
            act or the game is over.
        Raises:
            KeyError: the game has no hard bot (never for Tatami's three games)."""
        m = self.match
        if seat not in m.to_act() or m.is_over():
            return None
        view = m.view(seat)
        bot = self._bot(seat)
        if m.synchronous:
            return self._hint(seat, m.position, bot.choose(view))
        if self._worker is None:
            self._worker = AIWorker(min_think_ms=0.0, rng=random.Random(m.seed + 11))
        self._asked = (seat, m.position)
        self._worker.request(bot, view)
        return None

    @property
    def pending(self) -> bool:
        """True while a hint is being computed for the current position."""
        return self._asked is not None

    def poll(self) -> Hint | None:
        """The hint asked by :meth:`request` once ready and still about the current position (a
        hint for an earlier position is dropped); else None. Never blocks."""
        if self._asked is None or self._worker is None:
            return None
        seat, position = self._asked
        if position != self.match.position:
            self.cancel()
            return None
        action = self._worker.poll()
        if action is None:
            return None
        self._asked = None
        return self._hint(seat, position, action)

    def _hint(self, seat: int, position: int, action: str) -> Hint:
        """The :class:`Hint` of ``action`` with its reason from ``seat``'s view now."""
        m = self.match
        return Hint(seat, position, action, hint_reason(m.game.name, m.view(seat), action, m.seed * 7919 + position))

    def cancel(self) -> None:
        """Forget a hint being computed."""
        self._asked = None
        if self._worker is not None:
            self._worker.cancel()

    def close(self) -> None:
        """Cancel and end the hint worker's process (a later hint starts a new one)."""
        self._asked = None
        if self._worker is not None:
            self._worker.close()


__all__ = ["HINT_LEVEL", "HINT_SETTINGS", "Hint", "Hints", "hint_reason"]
