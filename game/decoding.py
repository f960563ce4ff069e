"""Plain JSON data read back as typed values, strictly (headless): the decoder of the wire.

Data from the network (a view, an event: :mod:`game.wire`, :func:`game.event.event_from_json`)
is checked against the type annotations of the class it should become: :func:`decode_typed` for
one value, :func:`decode_fields` for a dataclass. Ints are not bools, texts and lists are bounded
(:data:`WIRE_MAX_TEXT`, :data:`WIRE_MAX_ITEMS`, :data:`WIRE_MAX_INT`), an object has exactly the
class's fields; anything else is a one-line :class:`~game.errors.RecordError` naming the value.
:mod:`game.core` offers every name here again.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import types
import typing
from typing import Any, Callable, Mapping, Union

from .errors import RecordError, brief_repr

#: Bounds of data read from the network (:func:`decode_typed`): items of a list, characters of a text, an int.
WIRE_MAX_ITEMS = 10_000
WIRE_MAX_TEXT = 10_000
WIRE_MAX_INT = 2 ** 53


@functools.cache
def _hints(cls: type) -> dict[str, Any]:  # field name -> its type, in field order
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def decode_fields(cls: type, data: object, where: str,
                  special: Mapping[type, Callable[[object, str], Any]] | None = None) -> Any:
    """The dataclass ``cls`` from ``data``, an object of exactly its fields, each decoded by
    :func:`decode_typed` (``where``: the value's name in errors; ``special``: decoders of some
    classes, ``decoder(value, where)``, e.g. a view's :class:`~game.view.Outcome`).

    Raises:
        RecordError: not an object, a field missing or unknown, a value that does not fit, or
            ``cls`` refusing the values (one line naming ``where``)."""
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
