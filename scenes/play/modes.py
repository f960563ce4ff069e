"""How a play scene starts (issue 10 and 11): its modes from the scene's keyword arguments and the
:class:`game.match.Match` it plays on (the bots of a review, a tutorial's scripted seats, or the
levels' bots thinking in the AI worker)."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Sequence, cast

from game.characters import check as check_character
from game.core import Game, GameState
from game.match import Match
from scenes.play.seats import SEAT_KINDS

log = logging.getLogger("tatami.play")

#: The "seat" whose events are only the public ones (:meth:`game.core.Event.for_viewer` of a seat
#: that does not play): the game log of a hot-seat game.
PUBLIC = -1


class _IdleBot:
    """The bot of an AI seat in review mode: never asked (the record says what it did)."""

    def choose(self, view: Any) -> str:  # pragma: no cover - never called
        raise RuntimeError("a reviewed game has no AI")


@dataclass(frozen=True)
class PlayModes:
    """A play scene's modes.

    Attributes:
        review: the replay viewer's mode: no AI, worker, saves, privacy screen, input or score screen.
        undo: the player may take back decisions (setup's "Undo"; default on).
        hints: the hint button against AI (setup's "Hints"; default off; ``hint`` is its old name).
        viewer: review mode: the seat whose hidden information is shown, None for all.
        coach: a tutorial's :class:`scenes.tutorial.director.TutorialDirector` (its scripted bots
            play the AI seats; no undo, hints, saves, statistics or score screen), else None.
        retried: the game started from a position of another game (the replay viewer's "Play from
            here"), not from a deal: the statistics count it apart.
        assisted: a hint was shown to a person earlier in this game (a resumed save says so): the
            statistics count it apart.
        undid: a person took back a decision earlier in this game (a resumed save says so): the
            game is not rated (issue 36).
        remote: a seat at an online table (:class:`scenes.play.online.OnlineMatch`, issue 24): the
            scene plays on it instead of a local Match — no AI, hints or saves; undo asked of the
            server.
        characters: per seat, the key of the AI character playing it or None (issue 36,
            :mod:`game.characters`; the setup's choice, kept in a save).
    """

    review: bool = False
    undo: bool = True
    hints: bool = False
    viewer: int | None = None
    coach: Any = None
    retried: bool = False
    assisted: bool = False
    remote: Any = None
    undid: bool = False
    characters: tuple[str | None, ...] = ()

    @classmethod
    def from_kwargs(cls, kwargs: dict[str, Any] | None, game_name: str = "") -> "PlayModes":
        """The modes in a play scene's other keyword arguments (``review``, ``undo``, ``hints`` /
        ``hint``, ``viewer``, ``tutorial``, ``retried``, ``assisted``, ``undid``, ``remote``,
        ``characters``); any other key is logged and
        ignored."""
        modes = dict(kwargs or {})
        review = bool(modes.pop("review", False))
        undo = bool(modes.pop("undo", True))
        hints = bool(modes.pop("hints", modes.pop("hint", False)))
        viewer = modes.pop("viewer", None)
        coach = modes.pop("tutorial", None)
        retried, assisted = bool(modes.pop("retried", False)), bool(modes.pop("assisted", False))
        remote = modes.pop("remote", None)
        undid = bool(modes.pop("undid", False))
        chars = modes.pop("characters", None)
        characters = tuple(c if isinstance(c, str) else None for c in chars) if isinstance(chars, (list, tuple)) else ()
        if modes:
            log.debug("%s scene: ignoring options %s", game_name, sorted(modes))
        if coach is not None:
            undo = hints = False
        if remote is not None:
            hints = False  # a hint would be the local hard AI's: off online, for fairness
        return cls(review, undo, hints, viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None,
                   coach, retried, assisted, remote, undid, characters)


def check_seats(game: Game, seats: Sequence[str]) -> list[str]:
    """``seats`` lowered, each one of :data:`scenes.play.seats.SEAT_KINDS`.

    Raises:
        ValueError: a count outside the game's seat range, or an unknown kind."""
    out = [str(s).lower() for s in seats]
    if not game.min_seats <= len(out) <= game.max_seats or any(s not in SEAT_KINDS for s in out):
        raise ValueError(f"seats must be {game.min_seats} to {game.max_seats} of {SEAT_KINDS}, not {out!r}")
    return out


def make_match(game: Game, seats: list[str], seed: int | None, names: list[str], state: GameState | None,
               options: dict[str, Any] | None, modes: PlayModes, think_ms: float) -> Match:
    """The Match of a new play scene: in review mode synchronous with idle bots; otherwise the
    AI process starts now (in the background, so the first AI move is not delayed; the scene's
    ``exit`` closes it), with a tutorial's scripted bots if there is one; online, the seat's
    :class:`scenes.play.online.OnlineMatch` (``modes.remote``). ``think_ms``: the minimum AI
    "thinking" time in real ms.

    Raises:
        ValueError: a state with another seat count (the Match's)."""
    if modes.remote is not None:
        return cast(Match, modes.remote)  # the same calls over the server (scenes.play.online)
    if modes.review:
        idle = {s: _IdleBot() for s, kind in enumerate(seats) if kind != "human"}
        return Match(game, seats, seed, state=state, names=names, options=options, bots=idle, synchronous=True)
    characters = {s: k for s, k in enumerate(modes.characters[:len(seats)]) if k and check_character(seats[s], k)}
    return Match(game, seats, seed, state=state, names=names, options=options, think_ms=think_ms,
                 bots=modes.coach.bots if modes.coach is not None else None, characters=characters)


def narration_seat(match: Match, modes: PlayModes) -> int | None:
    """Whose view the game log tells: the replay viewer's choice in review mode (None:
    everything); with several people sharing the screen only what is public (:data:`PUBLIC`);
    else the one person at this screen (seat 0 of an AI-only game)."""
    if modes.review:
        return modes.viewer
    if match.hot_seat:
        return PUBLIC
    return match.humans[0] if match.humans else 0


__all__ = ["PUBLIC", "PlayModes", "check_seats", "make_match", "narration_seat"]
