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

Here: :class:`GameType`, :class:`GameState`, :class:`Game` and the record's envelope
(:func:`record_setup`, :func:`apply_step`). The rest of the protocol has a module of its own and
is offered here again: the errors (:mod:`game.errors`), :class:`View` and :class:`Outcome`
(:mod:`game.view`), :class:`Event` and its wire form (:mod:`game.event`), the strict decoder of
wire data (:mod:`game.decoding`), the words every game's sentences share (:mod:`game.sentences`).
"""

from __future__ import annotations

import abc
import random
from typing import Any, ClassVar, Sequence

# The parts of the protocol in their own modules, offered here too (see the module's docstring).
from .decoding import WIRE_MAX_INT, WIRE_MAX_ITEMS, WIRE_MAX_TEXT, decode_fields, decode_typed
from .errors import (
    BRIEF,
    ActionError,
    IllegalActionError,
    InstallError,
    InvalidActionError,
    RecordError,
    brief_repr,
)
from .event import EVENT_CLASSES, Event, add_kind_loader, event_from_json, first_event
from .gametype import GameType
from .i18n import _
from .sentences import english_list, is_you, join_list, name_in_sentence, pick_template, seat_name
from .view import Outcome, View
from .wire import ViewCodec

RECORD_FORMAT = "tatami-record/1"


class GameState(abc.ABC):
    """One position of a game. Mutable: :meth:`apply` changes it in place; use :meth:`clone`.

    Attributes:
        game: the rules this state follows.
        num_seats: how many seats play.
        history: every (seat, action) applied, in order.
        events: the event log: every :class:`Event` the actions caused, in order (full
            information; read it per seat with :meth:`events_for`).
    """

    game: "Game"
    num_seats: int
    history: list[tuple[int, str]]
    events: list[Event]

    def emit(self, event: Event) -> None:
        """Append ``event`` to the log (rules code only)."""
        self.events.append(event)

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events from log index ``since`` on, as ``seat`` may know them.

        ``seat=None`` is a spectator after the game: everything. Private events of other seats
        are left out and secret fields are ``None`` (:meth:`Event.for_viewer`); ``since`` counts
        in the full log (``len(state.events)``), so a reader keeps its own cursor."""
        out = []
        for event in self.events[since:]:
            shown = event.for_viewer(seat)
            if shown is not None:
                out.append(shown)
        return out

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
    def view(self, seat: int) -> View:
        """What ``seat`` may see now (its information set), as an immutable :class:`View`."""

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
        game_type: the game's :class:`GameType` (name, title, seat range, simultaneous, hidden
            information); ``name``, ``title``, ``min_seats`` and ``max_seats`` read it.
        view_codec: the game's views on the wire (a :class:`game.wire.ViewCodec`: its view class,
            its outcome's telling function, reason enum and values), behind the inherited
            :meth:`view_to_json` / :meth:`view_from_json`; None (the default) for a game with no
            wire form of its views. A game declares only this; the methods are the codec's.
    """

    game_type: GameType
    view_codec: ClassVar[ViewCodec | None] = None

    @property
    def plain_views(self) -> bool:
        """True when :meth:`view_to_json` is :func:`game.wire.plain` (a JSON field per view field):
        a game with a :attr:`view_codec` whose ``view_to_json`` is the codec's. The server then
        encodes only the fields that changed (:class:`game.net.table.ViewTexts`). A game that
        writes its own ``view_to_json`` overrides this too."""
        return self.view_codec is not None

    @property
    def name(self) -> str:
        """Record and command-line name, e.g. ``"kaito"``."""
        return self.game_type.name

    @property
    def title(self) -> str:
        """Display name, e.g. ``"KAITO"``: the English text (a catalog msgid); shown as ``_(title)``."""
        return self.game_type.title

    @property
    def min_seats(self) -> int:
        """Fewest seats the game supports."""
        return self.game_type.min_seats

    @property
    def max_seats(self) -> int:
        """Most seats the game supports."""
        return self.game_type.max_seats

    @abc.abstractmethod
    def new_state(self, num_seats: int, rng: random.Random, **options: Any) -> GameState:
        """A fresh game set up with ``rng`` (the only source of randomness; required).

        Raises:
            TypeError: ``rng`` is not a ``random.Random``.
            ValueError: unsupported ``num_seats`` or option."""

    @abc.abstractmethod
    def state_from_setup(self, setup: dict) -> GameState:
        """The initial state described by a record's ``setup`` object.

        Raises:
            RecordError: the setup is malformed."""

    @abc.abstractmethod
    def replay_steps(self, record_actions: object, setup: dict | None = None) -> list[list[tuple[int, str]]]:
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

    def action_text(self, action: str, unlike: str | None = None) -> str:
        """``action`` as a player reads it in a sentence, in the language in use (the coach's
        "the hard AI prefers {best}"). By default the action's notation itself (RULES.md: KAITO's
        squares, Kanji-zushi's pairs); a game whose notation holds words overrides it. ``unlike``:
        another action said in the same sentence (the move played, beside the coach's better
        one): a game whose words would read the same for both says what sets them apart."""
        return action

    def public_action(self, action: str, seat: int, viewer: int | None) -> str | None:
        """``seat``'s ``action`` (notation) as ``viewer`` may know it (None: a spectator after the
        game, who knows everything): the online protocol's ``actions`` (docs/PROTOCOL.md), told
        to each seat as the events are. Returns the action itself where it is public (the
        default: a KAITO move, a Kanji-zushi pair or pass), or what of it a viewer may know — a
        game-defined public form, or None for "``seat`` acted, what is hidden" (a Sushi Draft
        choice, face down). Every seat knows its own action whole. Never raises for an action
        the game applied."""
        return action

    def view_to_json(self, view: View) -> dict[str, Any]:
        """``view`` (any seat's) as plain JSON data, the same bytes for the same view under
        ``json.dumps(sort_keys=True)`` and nothing beyond the view (no seed): the online
        protocol's ``view`` (docs/PROTOCOL.md; shape: :class:`game.wire.ViewCodec`), by the
        game's :attr:`view_codec`.

        Raises:
            TypeError: ``view`` is not this game's view class.
            NotImplementedError: the game has no :attr:`view_codec`."""
        return self._codec().to_json(view)

    def view_from_json(self, data: object) -> View:
        """The view of ``data`` made by :meth:`view_to_json` (``view_from_json(view_to_json(v))
        == v``), every field checked: ``data`` comes from the network. Its class is the
        :attr:`view_codec`'s view class.

        Raises:
            RecordError: malformed data (one line naming the field).
            NotImplementedError: the game has no :attr:`view_codec`."""
        view: View = self._codec().from_json(data)
        return view

    def _codec(self) -> ViewCodec:
        if self.view_codec is None:
            raise NotImplementedError(f"{self.name} has no wire form of its views")
        return self.view_codec


def require_rng(rng: Any) -> random.Random:
    """Return ``rng`` if it is a ``random.Random``.

    Raises:
        TypeError: anything else (``new_state`` has no unseeded fallback)."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"new_state needs a random.Random, not {type(rng).__name__}")
    return rng


def record_setup(record: Any, game_name: str | None = None) -> dict:
    """Check a record's envelope and return its ``setup`` object.

    Raises:
        RecordError: not an object, wrong ``format``, wrong ``game``, missing setup/actions."""
    # The messages reach the replay viewer's screen: translated (the record's words stay as they are).
    if not isinstance(record, dict):
        raise RecordError(_("record is not a JSON object"))
    if record.get("format") != RECORD_FORMAT:
        # Translators: {found} and {expected} are quoted record format tags, e.g. 'tatami-record/1'
        raise RecordError(_("format is {found}, expected {expected}").format(
            found=brief_repr(record.get("format")), expected=repr(RECORD_FORMAT)))
    if game_name is not None and record.get("game") != game_name:
        # Translators: {found} and {expected} are quoted game names of a record, e.g. 'kaito'
        raise RecordError(_("game is {found}, expected {expected}").format(
            found=brief_repr(record.get("game")), expected=repr(game_name)))
    if not isinstance(record.get("setup"), dict):
        # Translators: "setup" is the name of a field of a game record (kept in English)
        raise RecordError(_("setup is missing or not an object"))
    if not isinstance(record.get("actions"), list):
        # Translators: "actions" is the name of a field of a game record (kept in English)
        raise RecordError(_("actions is missing or not a list"))
    return record["setup"]


def apply_step(state: GameState, step: Sequence[tuple[int, str]], index: int) -> None:
    """Apply one replay step; re-raise errors with the action index in the message.

    Raises:
        ActionError: same subclass as raised by ``state.apply``, message prefixed ``action N:``."""
    for seat, action in step:
        try:
            state.apply(seat, action)
        except ActionError as exc:
            # Translators: a rejected action of a game record: {index} its number, {action} its
            # notation in quotes ('d4'), {reason} why it was rejected
            raise type(exc)(_("action {index} ({action}): {reason}").format(
                index=index, action=brief_repr(action), reason=exc)) from None


def wilson_interval(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (``successes`` may be fractional for shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


__all__ = [
    "BRIEF", "EVENT_CLASSES", "RECORD_FORMAT", "WIRE_MAX_INT", "WIRE_MAX_ITEMS", "WIRE_MAX_TEXT",
    "ActionError", "Event", "Game", "GameState", "GameType", "IllegalActionError", "InstallError",
    "InvalidActionError", "Outcome", "RecordError", "View", "add_kind_loader", "apply_step",
    "brief_repr", "decode_fields", "decode_typed", "english_list", "event_from_json", "first_event",
    "is_you", "join_list", "name_in_sentence", "pick_template", "record_setup", "require_rng",
    "seat_name", "wilson_interval",
]
