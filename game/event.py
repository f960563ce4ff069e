"""Events: what happened in a game, as data (headless): the base class, the kinds, the wire form.

Every game's events (``game/<name>/events.py``) subclass :class:`Event`; a subclass declaring its
``KIND`` joins :data:`EVENT_CLASSES`, by which :func:`event_from_json` reads an
:meth:`Event.to_dict` back (a game's events are imported on first use through a kind loader,
:func:`add_kind_loader`). Who may know what is the event's own: :meth:`Event.for_viewer`. Their
sentences are each game's telling module's (:mod:`game.telling`). :mod:`game.core` offers every
name here again.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Sequence

from .decoding import decode_fields
from .errors import RecordError, brief_repr


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened in a game, as the core tells it (a small frozen record).

    Every :meth:`game.core.GameState.apply` appends the events it caused to ``state.events``; the scenes,
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
    """``value`` as plain JSON data: dataclasses as objects, tuples as lists, enums as values."""
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


def add_kind_loader(loader: Callable[[str], None]) -> None:
    """Have :func:`event_from_json` call ``loader(namespace)`` for a kind whose class is not
    defined yet (its game's events not imported yet: games are imported on first use)."""
    if loader not in _KIND_LOADERS:
        _KIND_LOADERS.append(loader)


def event_from_json(data: object) -> Event:
    """The :class:`Event` of ``data``, an :meth:`Event.to_dict` read from JSON (``{"kind": KIND,
    <field>: value...}``, tuples as lists, records as objects): ``event_from_json(e.to_dict()) ==
    e``, redacted events too. Class: ``EVENT_CLASSES[kind]``; fields checked by
    :func:`~game.decoding.decode_typed`.

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


def first_event(events: Sequence[Event], kind: type, seat: int | None = None) -> Any:
    """The first event of class ``kind`` in ``events`` (about ``seat`` when given), or None."""
    for e in events:
        if isinstance(e, kind) and (seat is None or e.seat == seat):
            return e
    return None
