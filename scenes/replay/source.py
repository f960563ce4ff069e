"""What the replay viewer shows: a game record read, checked and replayed into its positions.

No pygame here. Loading and checking are the core's (:mod:`game.replay`: ``load_document``,
``replay_record`` and its one-line :class:`game.replay.ReplayError`); this module only adds:

* the two shapes a replay file may have (:func:`parse_replay`, by the readers' one rule
  :func:`game.replay.unwrap_record`): a bare record (``{"format": "tatami-record/1", ...}``,
  RULES.md section 4) or a wrapper ``{"record": {...}, "setup": {...}}`` as the autosave and the
  recent-games store write (its ``setup`` holds the play scene's seats, names, colours; checked
  with :func:`scenes.shell.saves.validate_setup`);
* :class:`Positions`: every position of the record, kept as a clone, so that any step back or
  jump is a lookup (no re-play).

A *step* is one replay step of the core (``Game.replay_steps``): one action in KAITO and
Kanji-zushi, one whole phase (every seat's hidden choice, revealed together) in Sushi Draft.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.core import GameState
from game.i18n import _, pgettext
from game.narrate import record_names
from game.replay import MAX_RECORD_BYTES, ReplayError, load_document, replay_record, unwrap_record
from scenes.play.seats import NAME_MAX, clip_name, is_you, shown_names

log = logging.getLogger("tatami.replay")

#: A bigger record file is refused unread (an app record is a few KB): the readers' limit.
MAX_BYTES = MAX_RECORD_BYTES


@dataclass(frozen=True)
class ReplaySource:
    """A record to show and the players' setup that goes with it.

    Attributes:
        record: a tatami-record/1 dict (not yet replayed; :class:`Positions` checks it).
        setup: the play scene's setup (``seats``, optionally ``names``, ``colors``, ``seed``,
            ``hint``), already validated, or None when the file held a bare record.
    """

    record: Any
    setup: dict | None = None


def parse_replay(doc: Any, where: str = "record") -> ReplaySource:
    """Accept a bare record or a wrapper (the app's saved game or recent-games entry), by the
    readers' one rule, :func:`game.replay.unwrap_record`.

    A wrapper's setup that does not fit (wrong shape) is dropped with one warning line: the
    record can still be shown, with default names and seats. The record itself is checked later,
    by :class:`Positions`.

    Args:
        doc: the JSON value read from the file (any type).
        where: the file name for messages.
    Raises:
        ReplayError: ``doc`` is neither a record nor a wrapper holding one (one line naming
            ``where``)."""
    record, wrapper = unwrap_record(doc, where)
    if not isinstance(record, dict):
        # Translators: an error line; {path} is a file, {reason} what is wrong with the record
        raise ReplayError(_("{path}: malformed record: {reason}").format(
            path=where, reason=_("record is not a JSON object")))
    setup = wrapper.get("setup") if wrapper is not None else None
    return ReplaySource(record, setup if isinstance(setup, dict) else None)


def load_replay_file(path: str) -> ReplaySource:
    """Read a replay file (a bare record or a wrapper, see :func:`parse_replay`) through
    :func:`game.replay.load_document` (a regular file of at most 16 MiB, validated by
    :mod:`game.safejson`: a named pipe or a device is refused unread, NUL and lone surrogates are
    cleaned out of the names).

    Raises:
        ReplayError: unreadable, not a regular file, too large, not UTF-8, invalid JSON or not a
            record; one line naming ``path``. The record's content is checked by :class:`Positions`."""
    return parse_replay(load_document(path), path)


def clean_setup(setup: Any, num_seats: int, where: str = "record") -> dict | None:
    """``setup`` checked by :func:`scenes.shell.saves.validate_setup` (a copy with the known keys),
    or None when it is missing or does not fit ``num_seats`` (one warning line then)."""
    if setup is None:
        return None
    from scenes.shell.saves import SaveFormatError, validate_setup

    try:
        return validate_setup(setup, num_seats)
    except SaveFormatError as exc:
        log.warning("replay: %s: ignoring the player setup: %s", where, exc)
        return None


@dataclass
class Positions:
    """Every position of a record, from the setup (index 0) to after its last step (index ``n``).

    Built once with :meth:`build` (the record is replayed a single time, a clone kept before
    each step); :meth:`state` is then a lookup. ``states[k]`` must never be changed: callers get
    clones.

    Attributes:
        game: the game's registry name ("kaito", "sushi-draft", "kanji-zushi").
        states: ``n + 1`` positions, ``states[k]`` after ``k`` steps.
        steps: ``n`` lists of ``(seat, action)``, step ``k`` leading from ``states[k]`` to
            ``states[k + 1]`` (one pair, or one per seat for a Sushi Draft phase).
        names: one display name per seat (the record's ``"names"``, else ``"Seat 1"``...).
    """

    game: str
    states: list[GameState]
    steps: list[list[tuple[int, str]]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, record: Any, where: str = "record") -> "Positions":
        """Replay ``record`` (:func:`game.replay.replay_record`), keeping every position.

        Raises:
            ReplayError: a malformed record or an invalid / illegal action (one line naming
                ``where`` and, for an action, its index)."""
        states: list[GameState] = []
        final = replay_record(where, record, before_step=lambda s: states.append(s.clone()))
        states.append(final)
        history = final.history
        steps = [list(history[len(a.history):len(b.history)]) for a, b in zip(states, states[1:])]
        return cls(str(record["game"]), states, steps, record_names(record, final.num_seats))

    @property
    def count(self) -> int:
        """The number of steps ``n`` (positions are ``0 .. n``)."""
        return len(self.steps)

    @property
    def num_seats(self) -> int:
        """How many seats play."""
        return int(self.states[0].num_seats)

    def state(self, index: int) -> GameState:
        """A clone of the position after ``index`` steps (the caller may change it).

        Raises:
            IndexError: ``index`` outside ``0 .. count``."""
        if not 0 <= index <= self.count:
            raise IndexError(f"position {index} is outside 0..{self.count}")
        return self.states[index].clone()

    def peek(self, index: int) -> GameState:
        """The stored position after ``index`` steps, NOT a copy: read it, never change it."""
        return self.states[index]

    def colors(self) -> tuple[str, ...] | None:
        """The seats' colour codes of a game that has them (KAITO: ``("R", "B")``), else None."""
        colors = getattr(self.states[0], "colors", None)
        return tuple(colors) if colors is not None else None


def default_seats(num_seats: int) -> list[str]:
    """Seats for play-from-here without a saved setup: seat 0 human, the others medium AIs."""
    return ["human"] + ["medium"] * (num_seats - 1)


def seat_names(positions: Positions, setup: dict | None) -> list[str]:
    """Display names: the setup's (a default name saved in another language shown as today's
    default, :func:`scenes.play.seats.shown_names`), else the record's, else ``"Seat 1"``,
    ``"Seat 2"``...; a name from a file is cleaned and cut to ``NAME_MAX`` characters
    (:func:`scenes.play.seats.clip_name`)."""
    names: Sequence[str] | None = setup.get("names") if setup else None
    if setup and names and len(names) == positions.num_seats:
        seats = setup.get("seats")
        if isinstance(seats, (list, tuple)) and len(seats) == len(names):
            return shown_names(list(seats), names)
        return [clip_name(str(n)) or str(n)[:NAME_MAX] for n in names]
    # a record's names as the app shows any name read from a file (cleaned, at most NAME_MAX)
    return [clip_name(n) or f"{i + 1}" for i, n in enumerate(positions.names)]


def readout(positions: Positions, index: int, names: Sequence[str]) -> tuple[str, str]:
    """The viewer's position readout at step ``index``: ``("Move 12 of 40", detail)``; the detail
    is who acts next ("Next: Aiko", "Next: all choose"; "Start · ..." at step 0), the result at
    the end of a finished game ("Game over: Aiko wins"), or "End of the record". Translated
    (whole texts of the catalogs, game/i18n.py)."""
    n = positions.count
    state = positions.peek(index)
    out = state.outcome()
    if out is not None:
        winners = [names[w] for w in out.winners if 0 <= w < len(names)]
        if len(winners) == 1 and is_you(winners[0]):
            # Translators: the replay viewer at the end of a game the person at the screen won
            detail = _("Game over: you win")
        elif len(winners) == 1:
            # Translators: the replay viewer at the end of a game; {name} is the winner's name
            detail = _("Game over: {name} wins").format(name=winners[0])
        else:
            detail = _("Game over: a shared win") if winners else _("Game over")
    elif index == n:
        # Translators: the replay viewer at the last step of a game that was not finished
        detail = _("End of the record")
    else:
        to_act = state.to_act()
        start = index == 0
        if len(to_act) > 1:
            # Translators: the replay viewer: every player chooses at once next (Sushi Draft)
            detail = _("Start · Next: all choose") if start else _("Next: all choose")
        elif to_act:
            name = names[to_act[0]]
            # Translators: the replay viewer: {name} is the player who acts next
            detail = (_("Start · Next: {name}") if start else _("Next: {name}")).format(name=name)
        else:
            # Translators: the replay viewer at the first position of a game
            detail = pgettext("replay position", "Start") if start else ""
    # Translators: the replay viewer's position: {n} steps shown of {total}
    return (_("Move {n} of {total}").format(n=index, total=n), detail)


def start_kwargs(positions: Positions, index: int, setup: dict | None) -> dict[str, Any]:
    """``app.start_game`` kwargs for a new game from step ``index``: the setup's seats (else seat 0
    human against medium AIs), names (as :func:`scenes.play.seats.shown_names` shows them: else the
    defaults, :func:`scenes.play.seats.default_names`), colours,
    Kanji-zushi's ``hint``, ``state``, a clone of the position, and ``retried`` (the statistics
    count a game played from here apart)."""
    seats = list(setup["seats"]) if setup else default_seats(positions.num_seats)
    names = shown_names(seats, setup.get("names") if setup else None)
    kw: dict[str, Any] = {"seats": seats, "names": names, "state": positions.state(index), "retried": True}
    colors = setup.get("colors") if setup else None
    if colors is None:
        colors = positions.colors()
    if colors is not None:
        kw["colors"] = tuple(colors)
    if setup and "hint" in setup:
        kw["hint"] = setup["hint"]
    return kw


def ai_game_record(game: str, levels: Sequence[str], seed: int = 1) -> dict:
    """The record of a whole game between AIs of ``levels`` (one per seat), played headless with
    a synchronous :class:`game.match.Match` (the self-test's and the benchmark's replays).

    Raises:
        KeyError: unknown game. ValueError: a seat count the game does not allow."""
    from game.match import Match
    from game.registry import get

    match = Match(get(game), list(levels), seed, synchronous=True)
    match.run_bots_until_human()
    return match.record()


__all__ = ["ai_game_record", "MAX_BYTES", "Positions", "ReplayError", "ReplaySource", "clean_setup", "default_seats",
           "load_replay_file", "parse_replay", "readout", "seat_names", "start_kwargs"]
