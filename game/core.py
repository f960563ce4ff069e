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
import dataclasses
import enum
import functools
import math
import random
import reprlib
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence, Union

from .i18n import _, pgettext

RECORD_FORMAT = "tatami-record/1"


class ActionError(ValueError):
    """An action was rejected. The message says why (one line)."""


class InvalidActionError(ActionError):
    """The text is not a well-formed action of this game (e.g. ``"z9"`` in KAITO)."""


class IllegalActionError(ActionError):
    """The action is well-formed but not legal now (wrong seat, wrong phase, not a legal move)."""


class RecordError(ValueError):
    """A game record is malformed (bad JSON shape, wrong format tag, impossible setup)."""


class InstallError(RuntimeError):
    """A file of Tatami's own installation (not a player's file) is missing or unusable, e.g.
    ``game/kanji/kanji_zushi.json``: the install is damaged. The message is one line naming the
    file; the command lines print it and exit with status 1 (``python -m game``, ``tatami``)."""

    def __init__(self, path: object, detail: str = ""):
        # Translators: an error line when a file of the program itself is missing or broken;
        # {path} is the file, {detail} the system's reason (in English)
        message = _("Tatami's installation is damaged: {path} is missing or unreadable ({detail}); "
                    "please reinstall Tatami").format(path=path, detail=" ".join(str(detail).split()) or "-")
        super().__init__(message)
        self.path = path
        self.detail = detail

    def __reduce__(self) -> tuple[Any, ...]:  # the same message after a trip to a worker process
        return (type(self), (self.path, self.detail))


#: Longest quoted value in an error line (see :func:`brief_repr`).
BRIEF = 60

_brief = reprlib.Repr()
_brief.maxlevel = 3
_brief.maxstring = _brief.maxother = _brief.maxlong = BRIEF + 10
_brief.maxlist = _brief.maxtuple = _brief.maxdict = _brief.maxset = 6


def brief_repr(value: object, limit: int = BRIEF) -> str:
    """``repr(value)`` for an error line: one line, at most ``limit`` characters, cut with "…"
    (an action or a record value can be megabytes long or deeply nested: never repr'd whole)."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
        if len(value) > limit:
            text = text[:-1]  # the closing quote of a cut text goes: the "…" says there is more
    else:
        text = _brief.repr(value)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return text


@dataclass(frozen=True)
class Outcome:
    """Why and how a game ended: data only; its sentence is the game's to tell.

    Attributes:
        winners: winning seats (several when the win is shared).
        reason: why it ended, a member of the game's reason enum (a ``StrEnum``: it equals its code,
            e.g. KAITO's ``KaitoEnd.NO_KATANA == "no-katana"``; records and JSON see the code).
        scores: final score per seat (the game's own unit: tiles, chip points, strokes).
        tell: the game's telling function (its events module's ``outcome_text``, a module-level
            function: views stay immutable and picklable) making the sentence from ``values`` in
            the language in use; None for an outcome without one (the reason code is its text).
        values: ``tell``'s keyword arguments, as sorted ``(name, value)`` pairs (plain data).
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]
    tell: Callable[..., str] | None = field(default=None, compare=False, repr=False)
    values: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    @classmethod
    def told(cls, winners: Sequence[int], reason: str, scores: Sequence[int], tell: Callable[..., str], /,
             **values: Any) -> "Outcome":
        """An Outcome whose sentence ``tell(**values)`` tells in the language in use (:meth:`text`)."""
        return cls(tuple(winners), reason, tuple(scores), tell, tuple(sorted(values.items())))

    def text(self) -> str:
        """The end's sentence in the language in use now, e.g. "Black has no katana left on the board."."""
        if self.tell is None:
            return str(self.reason)
        return self.tell(**dict(self.values))

    @property
    def description(self) -> str:
        """:meth:`text` (the sentence in the language in use now)."""
        return self.text()


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened in a game, as the core tells it (a small frozen record).

    Every :meth:`GameState.apply` appends the events it caused to ``state.events``; the scenes,
    the move log and ``python -m game narrate`` read them instead of re-applying rules.

    Subclasses set the class attributes:
        KIND: stable machine name, ``"<game>.<what>"`` (e.g. ``"kaito.capture"``); never reused.
        SECRET: names of fields only ``seat`` may see; :meth:`for_viewer` sets them to ``None``
            for every other seat.
        PRIVATE: True when the whole event is ``seat``'s alone (others get nothing; a public
            companion event, e.g. "a seat has chosen", tells them what they may know).
        IRREVERSIBLE: True when the event revealed hidden information or randomness to someone
            (a card drawn, choices revealed, hands passed): an undo never goes back past it
            (Board Game Arena's rule).

    Attributes:
        seat: the seat the event is about (the acting seat, the receiver of cards, the winner of
            a chip), or None for the table as a whole (a refill, the end of a round).
    """

    KIND: ClassVar[str] = "event"
    SECRET: ClassVar[frozenset[str]] = frozenset()
    PRIVATE: ClassVar[bool] = False
    IRREVERSIBLE: ClassVar[bool] = False

    seat: int | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass declaring its ``KIND`` joins :data:`EVENT_CLASSES` (a redefined one replaces it)."""
        super().__init_subclass__(**kwargs)
        if "KIND" in cls.__dict__:
            EVENT_CLASSES[cls.KIND] = cls

    @property
    def kind(self) -> str:
        """The stable machine name of this event (``KIND``)."""
        return self.KIND

    def for_viewer(self, viewer: int | None) -> "Event | None":
        """This event as ``viewer`` may know it: itself for its own seat or for ``None`` (a
        spectator after the game: everything), ``None`` when :attr:`PRIVATE` to another seat,
        otherwise a copy with the :attr:`SECRET` fields set to ``None``."""
        if viewer is None or viewer == self.seat:
            return self
        if self.PRIVATE:
            return None
        if not self.SECRET:
            return self
        return dataclasses.replace(self, **{name: None for name in self.SECRET})

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": KIND, <field>: value, ...}`` with tuples as lists (for JSON)."""
        out: dict[str, Any] = {"kind": self.KIND}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):  # a reason code (a StrEnum) as its plain code
        return value.value
    return value


#: Event kind -> its class: every :class:`Event` subclass declaring a ``KIND`` (:func:`add_kind_loader`).
EVENT_CLASSES: dict[str, type[Event]] = {}

#: Called with a kind's namespace (``"kaito"``) unknown yet: import its game's events (:mod:`game.registry`'s).
_KIND_LOADERS: list[Callable[[str], None]] = []

#: Bounds of data read from the network (:func:`decode_typed`): items of a list, characters of a text, an int.
WIRE_MAX_ITEMS = 10_000
WIRE_MAX_TEXT = 10_000
WIRE_MAX_INT = 2 ** 53


def add_kind_loader(loader: Callable[[str], None]) -> None:
    """Have :func:`event_from_json` call ``loader(namespace)`` for a kind whose class is not
    defined yet (its game's events not imported yet: games are imported on first use)."""
    if loader not in _KIND_LOADERS:
        _KIND_LOADERS.append(loader)


def event_from_json(data: object) -> Event:
    """The :class:`Event` of ``data``, an :meth:`Event.to_dict` read from JSON (``{"kind": KIND,
    <field>: value...}``, tuples as lists, records as objects): ``event_from_json(e.to_dict()) ==
    e``, redacted events too. Class: ``EVENT_CLASSES[kind]``; fields checked by :func:`decode_typed`.

    Raises:
        RecordError: not an object, unknown kind, a field missing, unknown or bad (one line)."""
    if not isinstance(data, dict):
        raise RecordError(f"event: expected an object, got {brief_repr(data)}")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise RecordError(f"event: 'kind' missing or not a text: {brief_repr(kind)}")
    cls = EVENT_CLASSES.get(kind)
    if cls is None and "." in kind:
        for loader in list(_KIND_LOADERS):
            loader(kind.partition(".")[0])
        cls = EVENT_CLASSES.get(kind)
    if cls is None:
        raise RecordError(f"event: unknown kind {brief_repr(kind)}")
    return decode_fields(cls, {k: v for k, v in data.items() if k != "kind"}, kind)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:  # field name -> its type, in field order
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def decode_fields(cls: type, data: object, where: str,
                  special: Mapping[type, Callable[[object, str], Any]] | None = None) -> Any:
    """The dataclass ``cls`` from ``data``, an object of exactly its fields, each decoded by
    :func:`decode_typed` (``where``: the value's name in errors; ``special``: decoders of some
    classes, ``decoder(value, where)``, e.g. a view's :class:`Outcome`). RecordError if not."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object, got {brief_repr(data)}")
    hints = _hints(cls)
    if len(data) != len(hints) or not all(n in data for n in hints):
        missing = [n for n in hints if n not in data] + [None]
        extra = [k for k in data if k not in hints] + [None]
        raise RecordError(f"{where}: field {missing[0]!r} missing" if missing[0] else
                          f"{where}: unknown field {brief_repr(extra[0])}")
    values = {n: decode_typed(h, data[n], f"{where}.{n}", special) for n, h in hints.items()}
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"{where}: {' '.join(str(exc).split())[:200]}") from None


def decode_typed(hint: Any, value: object, where: str,
                 special: Mapping[type, Callable[[object, str], Any]] | None = None) -> Any:
    """``value`` (plain JSON data) as the type ``hint`` says, strictly: ``int`` (not a bool, within
    :data:`WIRE_MAX_INT`), ``str`` (:data:`WIRE_MAX_TEXT`), ``bool``, ``float``, ``X | Y``, ``tuple[X,
    ...]`` / ``tuple[X, Y]`` from a list (:data:`WIRE_MAX_ITEMS`), an ``Enum`` from its value, a
    dataclass (:func:`decode_fields`). Nesting is the type's own: hostile data goes no deeper.

    Raises:
        RecordError: the value does not fit (one line naming ``where``)."""
    if hint is str or hint is int or hint is bool or hint is float:
        return _decode_scalar(hint, value, where)
    if special and isinstance(hint, type) and hint in special:
        return special[hint](value, where)
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        for alternative in rest[:-1]:  # the first that fits (e.g. ``bool | KaitoEnd``)
            try:
                return decode_typed(alternative, value, where, special)
            except RecordError:
                pass
        return decode_typed(rest[-1], value, where, special)
    if origin is tuple:
        if not isinstance(value, list):
            raise RecordError(f"{where}: expected a list, got {brief_repr(value)}")
        if len(value) > WIRE_MAX_ITEMS:
            raise RecordError(f"{where}: a list of {len(value)} items (at most {WIRE_MAX_ITEMS})")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(value)
        elif len(value) != len(args):
            raise RecordError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(decode_typed(a, v, f"{where}[{i}]", special) for i, (a, v) in enumerate(zip(args, value)))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            raise RecordError(f"{where}: not a {hint.__name__}: {brief_repr(value)}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return decode_fields(hint, value, where, special)
    raise RecordError(f"{where}: no wire form for {hint}")


def _decode_scalar(hint: type, value: object, where: str) -> Any:
    if type(value) is hint and (hint is bool or hint is str and len(value) <= WIRE_MAX_TEXT  # type: ignore[arg-type]
                                or hint is int and -WIRE_MAX_INT <= value <= WIRE_MAX_INT):  # type: ignore[operator]
        return value
    if hint is float and type(value) is int and abs(value) <= WIRE_MAX_INT:
        return float(value)
    if type(value) is not hint:
        raise RecordError(f"{where}: expected {hint.__name__}, got {brief_repr(value)}")
    if isinstance(value, str) and len(value) > WIRE_MAX_TEXT:
        raise RecordError(f"{where}: a text of {len(value)} characters (at most {WIRE_MAX_TEXT})")
    if type(value) is int and abs(value) > WIRE_MAX_INT:
        raise RecordError(f"{where}: {brief_repr(value)} is out of bounds")
    if isinstance(value, float) and not math.isfinite(value):
        raise RecordError(f"{where}: {value!r} is not a finite number")
    return value


def join_list(items: Sequence[str]) -> str:
    """A list in the language in use: ``"a"``, ``"a and b"``, ``"a, b and c"`` in English (``""``
    for none), through the catalogs' list patterns. Used by every game's event sentences and
    outcome descriptions."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    # Translators: the last two items of a list ("Ana and Ben", "tuna, shrimp and wild")
    out = _("{first} and {last}").format(first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        # Translators: an item of a list followed by the rest of the list ("Ana, Ben and Cy")
        out = _("{first}, {rest}").format(first=item, rest=out)
    return out


#: The earlier name of :func:`join_list` (an English-only list before issue 12).
english_list = join_list


def is_you(name: str) -> bool:
    """True when the seat name ``name`` is the person's own, "You" (in the language in use, or
    in English as an older save may hold it): a sentence about that seat takes its
    second-person template."""
    # Translators: the name of the person's own seat, as sentences of the game log use it
    return name == _("You") or name == "You"


def name_in_sentence(name: str) -> str:
    """A seat name as it stands inside a sentence, after its first word: the person's own seat
    (:func:`is_you`) is "you" in its mid-sentence form ("…; you and Ana tied on 40 strokes"); any
    other name as it is."""
    if is_you(name):
        # Translators: the person's own seat named in the middle of a sentence or list ("…; you and Ana tied")
        return pgettext("seat name mid-sentence", "you")
    return name


def pick_template(templates: Mapping[str, Callable[[int], str]], key: str, subject: str | None = None,
                  n: int = 0) -> str:
    """``templates[key]`` in the language in use, for the count ``n``: the ``key + "/you"``
    variant (a whole second-person sentence) when ``subject`` (the subject seat's name) is the
    person (:func:`is_you`) and ``templates`` has one. Each value translates when called (a
    plural form picked by ``n``). KeyError for an unknown ``key``."""
    if subject is not None and is_you(subject):
        you = templates.get(key + "/you")
        if you is not None:
            return you(n)
    return templates[key](n)


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """``names[seat]``; ``"Seat N"`` when ``names`` is too short, ``"Nobody"`` for None (never
    raises for an int)."""
    if seat is None:
        # Translators: in a game sentence, the seat name when no seat is concerned
        return _("Nobody")
    # Translators: the name of a seat without a player name; {n} is its number
    return names[seat] if 0 <= seat < len(names) else _("Seat {n}").format(n=seat)


def first_event(events: Sequence[Event], kind: type, seat: int | None = None) -> Any:
    """The first event of class ``kind`` in ``events`` (about ``seat`` when given), or None."""
    for e in events:
        if isinstance(e, kind) and (seat is None or e.seat == seat):
            return e
    return None


@dataclass(frozen=True, kw_only=True)
class View:
    """What one seat may see now (its information set): the part every game shares.

    Each game's view subclasses it with its own fields. Immutable; built fresh by
    :meth:`GameState.view`.

    Attributes:
        seat: the viewing seat.
        to_act: seats that must act now, ascending (empty once over).
        legal_actions: this seat's legal action strings, sorted by code point (empty if it is not
            to act).
        outcome: the :class:`Outcome` once the game is over, else None.
        ply: how many actions have been applied so far (every seat's, hidden choices included:
            that a seat has chosen is public).
    """

    seat: int
    to_act: tuple[int, ...]
    legal_actions: tuple[str, ...]
    outcome: "Outcome | None"
    ply: int


@dataclass(frozen=True)
class GameType:
    """What kind of game this is (in the style of OpenSpiel's ``GameType``).

    Attributes:
        name: record and command-line name, e.g. ``"kaito"``.
        title: display name, e.g. ``"KAITO"`` (the English text, marked for the catalogs: shown as
            ``_(title)``).
        min_seats, max_seats: supported seat counts (inclusive).
        simultaneous: some phase has several seats choosing at once (choices hidden until all
            have chosen).
        hidden_information: some seat may not see everything (hands, chip values): the app
            needs a privacy screen between human seats sharing the screen.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    simultaneous: bool
    hidden_information: bool


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
        plain_views: :meth:`view_to_json` is :func:`game.wire.plain` (a JSON field per view field): the
            server encodes only the fields that changed (:class:`game.net.table.ViewTexts`).
    """

    game_type: GameType
    plain_views: bool = False

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

    def view_to_json(self, view: View) -> dict[str, Any]:
        """``view`` (any seat's) as plain JSON data, the same bytes for the same view under
        ``json.dumps(sort_keys=True)`` and nothing beyond the view (no seed): the online
        protocol's ``view`` (docs/PROTOCOL.md; shape: :class:`game.wire.ViewCodec`)."""
        raise NotImplementedError(f"{self.name} has no wire form of its views")

    def view_from_json(self, data: object) -> View:
        """The view of ``data`` made by :meth:`view_to_json` (``view_from_json(view_to_json(v))
        == v``), every field checked: ``data`` comes from the network.

        Raises:
            RecordError: malformed data (one line naming the field)."""
        raise NotImplementedError(f"{self.name} has no wire form of its views")


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
