"""What a table's messages are made of, made once and taken again (:mod:`game.net.table`): each
seat's view as JSON data and canonical text, field by field (:class:`ViewTexts`: only the fields
that changed are encoded again), each event's dict across the seats told of it
(:func:`event_dicts`), and the actions as each seat may know them (:func:`action_dicts`).
Headless; runs on the server's event loop thread under the table's lock.
"""
from __future__ import annotations

import dataclasses
import enum
from typing import Any, Sequence

from ..core import Game
from ..wire import LEAVES, plain
from . import protocol as proto


def _immutable(value: Any, depth: int = 2) -> bool:
    """True for a value that cannot change: a str, number, bool, None, enum member or frozen
    dataclass instance, or a tuple of such (tuples nested at most ``depth`` deep)."""
    kind = type(value)
    if kind is tuple:
        return depth > 0 and all(_immutable(v, depth - 1) for v in value)
    if kind is str or kind is int or kind is bool or value is None or kind is float or isinstance(value, enum.Enum):
        return True
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def action_dicts(game: Game, history: Sequence[tuple[int, str]], viewer: int) -> list[dict[str, Any]]:
    """The ``actions`` of a message to seat ``viewer`` (docs/PROTOCOL.md): ``{"seat": S,
    "action": A}`` for each ``(S, action)`` of ``history``, in order, ``A`` the game's
    :meth:`game.core.Game.public_action` for that viewer (None: hidden from it)."""
    public = game.public_action
    return [{"seat": s, "action": public(a, s, viewer)} for s, a in history]


def event_dicts(events: list[Any], cache: dict[int, tuple[Any, dict[str, Any]]]) -> list[dict[str, Any]]:
    """``[e.to_dict() for e in events]``, each event's dict taken from ``cache`` (id(event) ->
    (event, dict)) when it was made already: while several seats are told, an event they all may
    see is one object in each seat's ``events_for`` (the dicts are encoded, never changed)."""
    out = []
    for event in events:
        hit = cache.get(id(event))
        if hit is None or hit[0] is not event:
            hit = cache[id(event)] = (event, event.to_dict())
        out.append(hit[1])
    return out


class ViewTexts:
    """Each seat's view as JSON data and canonical text, made again only where the view changed.

    A game with :attr:`game.core.Game.plain_views` makes one JSON field per field of its view
    dataclass (the wire codec, :mod:`game.wire`). Kept per seat: the last view sent and, for each
    of its fields, the field's JSON data and text (and each item's, for a tuple of records). In
    the next view, a field whose value is immutable (:func:`_immutable`) and the same object as,
    or equal to, the last one (or an item of a tuple of records that is) has the same JSON, so its
    data and text are taken again instead of being made anew: a view is made afresh each time,
    but most of it did not change (a Kanji-zushi view repeats its log of attempts, the hand, the
    table). The data are encoded, never changed. Equal values of one view field have one JSON
    form because a field holds one type (a field typed ``int`` never holds a bool or a float:
    ``1 == True`` would otherwise reuse ``1`` for ``true``); tests/test_net_server.py compares
    every view sent with the game's own ``view_to_json``. Any other game's view is made and
    encoded whole.
    """

    def __init__(self) -> None:
        #: seat -> {field: :data:`_Field`}
        self.last: dict[int, dict[str, _Field]] = {}
        #: a view dataclass -> its field names, sorted, each with its key's text (``'"name":'``)
        self._names: dict[type, tuple[tuple[str, str], ...]] = {}

    def encode(self, seat: int, view: Any, game: Game) -> tuple[dict[str, Any], str]:
        """``(game.view_to_json(view), its canonical text as protocol.encode makes it)``."""
        kind = type(view)
        names = self._names.get(kind)
        if names is None:
            if not game.plain_views or not dataclasses.is_dataclass(view):
                self.last.pop(seat, None)
                whole = game.view_to_json(view)
                return whole, proto.encode(whole)
            names = self._names[kind] = tuple((f.name, f"{proto.encode_value(f.name)}:")
                                              for f in sorted(dataclasses.fields(kind), key=lambda f: f.name))
        before = self.last.get(seat, {})
        now: dict[str, _Field] = {}
        data: dict[str, Any] = {}
        parts = []
        for name, key in names:
            value = getattr(view, name)
            old = before.get(name)
            # (the value kept is immutable: equal now, equal when it was encoded)
            field = old if old is not None and old[4] and (value is old[0] or value == old[0]) else _field(value, old)
            now[name] = field
            data[name] = field[1]
            parts.append(key + field[2])
        self.last[seat] = now
        return data, f"{{{','.join(parts)}}}"


#: One field as :class:`ViewTexts` keeps it: (the view's value, its JSON data, its text, for a
#: tuple of records each item's (data, text, immutable) else None, whether the value is immutable).
_Field = tuple[Any, Any, str, "list[tuple[Any, str, bool]] | None", bool]


def _field(value: Any, old: _Field | None) -> _Field:
    """One field of a view made anew (:class:`ViewTexts`); a tuple of records item by item,
    taking again each item that is immutable and the same as, or equal to, ``old``'s."""
    if type(value) is tuple and value and type(value[0]) not in LEAVES and not isinstance(value[0], enum.Enum):
        was: tuple[Any, ...] = old[0] if old is not None and type(old[0]) is tuple and old[3] is not None else ()
        kept = old[3] if old is not None and old[3] is not None else []
        items: list[tuple[Any, str, bool]] = []
        for i, item in enumerate(value):
            if i < len(was) and kept[i][2] and (item is was[i] or item == was[i]):
                items.append(kept[i])
            else:
                wire = plain(item)
                items.append((wire, proto.encode_value(wire), _immutable(item, 1)))
        return (value, [w for w, _, _ in items], f"[{','.join(t for _, t, _ in items)}]", items,
                all(i[2] for i in items))
    wire = plain(value)
    return value, wire, proto.encode_value(wire), None, _immutable(value)


__all__ = ["ViewTexts", "action_dicts", "event_dicts"]
