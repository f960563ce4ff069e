"""One seat's picture of its table as the server told it (docs/PROTOCOL.md, version 2):
:class:`Picture`, kept by :class:`game.net.client.Client` (which re-exports it) and changed by
each message it receives (:meth:`Picture.take`: a ``state`` replaces it, an ``update`` adds to
it). The view is decoded with the game's ``Game.view_from_json`` when first read, the events with
``game.core.event_from_json``. Headless, no I/O.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..core import Event, event_from_json
from ..registry import get as get_game


@dataclass
class Picture:
    """What one seat knows of its table, as the server told it.

    Attributes:
        table: the table code (10 characters) once joined; game: the game's registered name.
        seat: the client's seat (int) once joined; token: its secret seat token (32 characters).
        seats: the seat list, one dict per seat (``seat``, ``kind``, ``name``, ``connected``,
            ``away``, ``creator``, ``ai_after_drop``, ``stand_in``, ``stand_in_allowed``: see
            docs/PROTOCOL.md), as the last ``joined`` / ``state`` / ``lobby`` said.
        ply: actions applied at the table so far; decision: the ply the current decision began
            at (a simultaneous phase's first ply; ``act`` may name any ply from it on).
        events: this seat's events so far, decoded (:class:`game.core.Event`), in order.
        actions: every action applied so far, ``(seat, action)`` in order, as this seat may know
            it: the notation, or None where it is hidden from this seat (another seat's Sushi
            Draft choice); the server's word, never worked out here (``len(actions) == ply``).
        cause: why the last ``state`` / ``update`` was sent (``"sit"``, ``"undo"``, ``"stale"``;
            ``"act"``, ``"start"``, ``"stand-in"``: docs/PROTOCOL.md), "" before the first.
        view: this seat's view (the game's :class:`game.core.View`), None before the first state;
            decoded from ``view_json`` (its wire form) when first read after a message.
        to_act: seats to act now. legal: this seat's legal actions (empty when not to act).
        over: the game has ended; outcome: ``{"winners", "scores", "reason"}`` once over;
        record: the game record (RULES.md §4, with the seed) once over.
        started: every open seat has been taken (the game runs; before, ``act`` gets
            ``not-started``).
        undo: the server would accept an ``undo`` from this seat now (:meth:`game.net.client.Client.undo`), as the
            last ``state`` / ``update`` said (False from a server that does not say).
        undo_ask: the server would take an ``undo-ask`` (a request the other people answer) from
            this seat now, as the last ``state`` / ``update`` said.
        asking: the undo request waiting for answers (``undo-asked``: ``seat``, ``ply``,
            ``waiting``, ``seconds``), None when none waits.
        undo_news: what happened to undos, in order, one dict each: ``{"kind": "asked", "seat",
            "ply", "waiting"}`` (a request began), ``{"kind": "ended", "asked", "why", "seat"?}``
            (it ended unmade: ``undo-answered``), ``{"kind": "undone", "by", "undone"}`` (a
            ``state`` after an undo: whose decision, and the actions it took back as this seat
            knew them, ``(seat, action or None)``).
        said: quick messages received, ``(seat, phrase)`` in order.
        clock: a turn-based table's clocks as the last ``state`` / ``update`` said (``allowance``,
            ``per_move``, ``on_timeout``, ``left`` per seat in seconds then, ``running``, ``out``:
            docs/PROTOCOL.md "Turn-based tables"), None at a real-time table; clock_at: when it
            came (``time.monotonic()``): a running seat has ``left - (now - clock_at)``.
        ended: why the table ended before its game did (``reason`` ``"timeout"``, ``seat``), None
            otherwise; :attr:`record` then holds the game as far as it went.
        timeouts: the seats whose time ran out while connected, ``(seat, then)`` in order
            (``then``: ``"ai"`` or ``"end"``).
        revision: +1 whenever any of the above changes (a cheap "has anything changed" test;
            the client counts it, :meth:`take` does not).
    """

    table: str | None = None
    game: str | None = None
    seat: int | None = None
    token: str | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    ply: int = 0
    decision: int = 0
    events: list[Event] = field(default_factory=list)
    actions: list[tuple[int, str | None]] = field(default_factory=list)
    cause: str = ""
    view_json: dict[str, Any] | None = None
    _view: Any = field(default=None, repr=False, compare=False)
    to_act: tuple[int, ...] = ()
    legal: tuple[str, ...] = ()
    over: bool = False
    outcome: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    started: bool = False
    undo: bool = False
    undo_ask: bool = False
    asking: dict[str, Any] | None = None
    undo_news: list[dict[str, Any]] = field(default_factory=list)
    said: list[tuple[int, str]] = field(default_factory=list)
    clock: dict[str, Any] | None = None
    clock_at: float = 0.0
    ended: dict[str, Any] | None = None
    timeouts: list[tuple[int, str]] = field(default_factory=list)
    revision: int = 0

    @property
    def view(self) -> Any:
        """The seat's view, decoded by the game's ``view_from_json`` on first reading.

        Raises:
            RecordError: the server's view does not decode (a server of another version)."""
        if self._view is None and self.view_json is not None and self.game is not None:
            self._view = get_game(self.game).view_from_json(self.view_json)
        return self._view

    @property
    def my_turn(self) -> bool:
        """True when this seat is to act now (and has legal actions)."""
        return self.started and not self.over and self.ended is None and self.seat in self.to_act and bool(self.legal)

    def take(self, m: dict[str, Any]) -> None:
        """Change the picture by one message from the server, as :func:`game.net.protocol.decode`
        checked it: ``joined``, ``lobby``, ``said``, ``undo-asked``, ``undo-answered``, ``state``
        (a resync: the events start over) or ``update`` (its events added); any other type
        changes nothing.

        Raises:
            KeyError, TypeError, ValueError: a message this picture cannot read (a field missing
                or of another kind: a server of another version)."""
        kind = m.get("type")
        if kind == "joined":
            self.table, self.seat, self.token, self.game = (str(m["table"]), int(m["seat"]), str(m["token"]),
                                                            str(m["game"]))
            self.seats = list(m.get("seats", self.seats))
        elif kind == "lobby":
            self.seats = list(m["seats"])
            self.started = bool(m.get("started", self.started))
        elif kind == "said":
            self.said.append((int(m["seat"]), str(m["phrase"])))
        elif kind == "timeout":
            self.timeouts.append((int(m["seat"]), str(m["then"])))
        elif kind == "undo-asked":
            self.asking = {k: m[k] for k in ("seat", "ply", "waiting", "seconds")}
            self.undo_news.append({"kind": "asked", "seat": int(m["seat"]), "ply": int(m["ply"]),
                                   "waiting": [int(s) for s in m["waiting"]]})
        elif kind == "undo-answered":
            self.asking = None
            self.undo_news.append({"kind": "ended", **{k: m[k] for k in ("asked", "why", "seat") if k in m}})
        elif kind == "state":
            if m.get("by") is not None and m.get("cause") == "undo":
                self.asking = None
                self.undo_news.append({"kind": "undone", "by": int(m["by"]),
                                       "undone": list(self.actions[int(m["ply"]):])})
            self.table, self.game, self.seat = str(m["table"]), str(m["game"]), int(m["seat"])
            self.seats = list(m.get("seats", self.seats))
            self.events = [event_from_json(e) for e in m.get("events", ())]
            self.actions = []
            self._take_position(m)
        elif kind == "update":
            self.events.extend(event_from_json(e) for e in m.get("events", ()))
            self._take_position(m)

    @staticmethod
    def told_actions(m: dict[str, Any]) -> list[tuple[int, str | None]]:
        """The ``actions`` of a ``state`` / ``update`` as ``(seat, action or None)``, in order.

        Raises:
            KeyError, TypeError, ValueError: an entry this picture cannot read."""
        return [(int(a["seat"]), None if a["action"] is None else str(a["action"])) for a in m.get("actions", ())]

    def _take_position(self, m: dict[str, Any]) -> None:
        """The fields a ``state`` and an ``update`` share: ply, decision, the actions told, the
        cause, view, to act, legal actions, over, started, undo, and the outcome and record once over."""
        assert self.game is not None
        self.ply, self.decision = int(m["ply"]), int(m.get("decision", m["ply"]))
        self.actions.extend(self.told_actions(m))
        self.cause = str(m.get("cause", ""))
        self.view_json, self._view = m["view"], None
        self.to_act = tuple(int(s) for s in m.get("to_act", ()))
        self.legal = tuple(str(a) for a in m.get("legal", ()))
        self.over = bool(m.get("over"))
        self.started = bool(m.get("started", self.started))
        self.undo = bool(m.get("undo", False))
        self.undo_ask = bool(m.get("undo_ask", False))
        self.outcome = m.get("outcome") if self.over else None
        self.record = m.get("record") if self.over else None
        self.clock, self.clock_at = m.get("clock"), time.monotonic()
        self.ended = m.get("ended")
        if self.ended is not None:
            self.record = self.ended.get("record")


__all__ = ["Picture"]
