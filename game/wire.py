"""Views on the wire (issue 24, docs/PROTOCOL.md "Views and events on the wire"): the shared
codec behind :meth:`game.core.Game.view_to_json` / ``view_from_json``, which every game inherits
and feeds its own :class:`ViewCodec` (its ``view_codec`` attribute).

A view travels as one JSON object of its dataclass fields (:class:`game.core.View`'s and the
game's own), plain data only:

* tuples as lists, nested records (KAITO's none; Sushi Draft's ``Award``; Kanji-zushi's
  ``Completed``, ``Attempt``, ``TieBreak``) as objects of their fields, hidden or absent values
  as ``null``, reason codes (``StrEnum``) as their strings;
* ``outcome`` as ``null`` or ``{"winners": [int], "reason": str, "scores": [int], "values":
  {name: value}}``: the :class:`~game.core.Outcome` without its telling function, which the
  receiver gets back from the game (``values`` are the function's arguments, typed per game).

Reading checks every field against the view class's annotations (:func:`game.decoding.decode_typed`:
ints not bools, texts, bounded lists and texts, exact field sets), since the data comes from the
network; anything else raises :class:`~game.errors.RecordError` with a one-line message. Events
travel as :meth:`game.event.Event.to_dict` and are read by :func:`game.event.event_from_json`.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from game.decoding import decode_fields, decode_typed
from game.errors import RecordError, brief_repr
from game.view import Outcome, View

_OUTCOME_KEYS = ("reason", "scores", "values", "winners")


#: The types a view's leaves have, taken as they are by :func:`plain` (``bool`` before ``int``:
#: exact types only, so an ``IntEnum`` or a ``StrEnum`` still becomes its value).
LEAVES = frozenset({str, int, bool, float, type(None)})


def plain(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses as objects of their fields, tuples as lists,
    enums as their values, an :class:`Outcome` as its wire object (see the module).

    Raises:
        TypeError: a value with no JSON form (a function, a set...)."""
    kind = type(value)
    if kind in LEAVES:
        return value
    if kind is tuple or kind is list:  # (leaves taken as they are: most of a view's items)
        return [v if type(v) in LEAVES else plain(v) for v in value]
    fields = _field_names(kind)  # type: ignore[arg-type]
    if fields:
        out = {}
        for name in fields:
            v = getattr(value, name)
            out[name] = v if type(v) in LEAVES else plain(v)
        return out
    if isinstance(value, Outcome):
        return {"winners": plain(value.winners), "reason": plain(value.reason), "scores": plain(value.scores),
                "values": {name: plain(v) for name, v in value.values}}
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, str):
        return str(value)
    raise TypeError(f"no JSON form for {type(value).__name__}: {brief_repr(value)}")


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names (none for other types and for an :class:`Outcome`)."""
    if kind is Outcome or not dataclasses.is_dataclass(kind):
        return ()
    return tuple(f.name for f in dataclasses.fields(kind))


@dataclass(frozen=True)
class ViewCodec:
    """One game's view codec: its ``Game.view_codec``, which the inherited
    :meth:`game.core.Game.view_to_json` / ``view_from_json`` call.

    Attributes:
        view_type: the game's :class:`View` dataclass.
        tell: the game's outcome telling function (its telling module's ``outcome_text``),
            given back to a decoded :class:`Outcome`.
        reason: the game's end-reason enum (the Outcome's ``reason``).
        values: the Outcome's ``values`` by name -> type (``tell``'s keyword arguments, as the
            game's rules pass them to :meth:`Outcome.told`).
    """

    view_type: type[View]
    tell: Callable[..., str]
    reason: type[enum.Enum]
    values: Mapping[str, Any]

    def to_json(self, view: View) -> dict[str, Any]:
        """``view`` as plain JSON data (module docstring).

        Raises:
            TypeError: ``view`` is not a ``view_type``."""
        if not isinstance(view, self.view_type):
            raise TypeError(f"expected a {self.view_type.__name__}, got {type(view).__name__}")
        out: dict[str, Any] = plain(view)
        return out

    def from_json(self, data: object) -> Any:
        """The ``view_type`` of ``data`` (made by :meth:`to_json`), every field checked.

        Raises:
            RecordError: malformed data (one line naming the field)."""
        return decode_fields(self.view_type, data, "view", {Outcome: self._outcome})

    def _outcome(self, data: object, where: str) -> Outcome:
        if not isinstance(data, dict) or set(data) != set(_OUTCOME_KEYS):
            raise RecordError(f"{where}: expected an object of {', '.join(_OUTCOME_KEYS)}, got {brief_repr(data)}")
        values = data["values"]
        if not isinstance(values, dict) or set(values) != set(self.values):
            raise RecordError(f"{where}.values: expected an object of {', '.join(sorted(self.values))}, "
                              f"got {brief_repr(values)}")
        return Outcome(decode_typed(tuple[int, ...], data["winners"], f"{where}.winners"),
                       decode_typed(self.reason, data["reason"], f"{where}.reason"),
                       decode_typed(tuple[int, ...], data["scores"], f"{where}.scores"), self.tell,
                       tuple((name, decode_typed(self.values[name], values[name], f"{where}.values.{name}"))
                             for name in sorted(self.values)))
