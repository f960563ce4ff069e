"""The game log of a play scene (issue 10 §1), a part the scene holds (``scene.game_log``).

Every event the Match reports is told as a sentence (:func:`game.core.describe`) in a
:class:`scenes.kit.narration.NarrationLog`, marked with the acting seat's colour; the game's
:class:`Telling` names the seats and adds a tooltip (KAITO: the notation) and an emphasis. The log
keeps its own cursor (:attr:`GameLog.told`): a choreography may wait for more events before it
reads them, the log does not. Lines that are no event — an undo, a player who dropped or came back,
an AI standing in (issue 33) — are :meth:`GameLog.note`\ d: they keep their place among the events
when the log is told again.
"""
from __future__ import annotations

import logging
from typing import Any, Protocol, Sequence

from game.core import Event
from game.match import Match
from game.telling import describe
from scenes.kit.narration import NarrationLog

log = logging.getLogger("tatami.play")

RGB = tuple[int, int, int]


class Telling:
    """How a game's log tells its events; a game's room subclasses it (``scenes/<name>/telling.py``).

    The default: seats called by their display names, no colour, no tooltip, the game's end
    emphasised as a result."""

    def __init__(self, host: Any) -> None:
        #: the play scene told about (its ``names``; a subclass reads what it needs)
        self.host = host

    def names(self) -> list[str]:
        """The seats' names in the log's sentences."""
        return list(self.host.names)

    def seat_color(self, seat: int) -> RGB | None:
        """``seat``'s colour (RGB) for its log entries; None for none."""
        return None

    def detail(self, event: Event) -> str | None:
        """The tooltip of ``event``'s log entry, or None."""
        return None

    def emphasis(self, event: Event) -> str | None:
        """``"danger"`` / ``"chance"`` / ``"result"`` for an entry that must stand out, else None:
        the game's end is a result."""
        return "result" if event.KIND.endswith(".end") else None


class LogHost(Protocol):
    """What the game log reads of its play scene: the Match, whose view it tells
    (``narration_seat``: a seat, :data:`scenes.play.modes.PUBLIC`, or None for everything), the
    game's telling, the game's name (for the log file) and the app (for the panel)."""

    app: Any
    match: Match
    narration_seat: int | None
    telling: Telling
    game_name: str


class GameLog:
    """The part: the log panel (:attr:`panel`, None until :meth:`open`) and its cursor."""

    def __init__(self, host: LogHost) -> None:
        self.host = host
        #: the panel (``log`` in the UI dump), once opened
        self.panel: NarrationLog | None = None
        #: index in the full event log of the next event to tell (:meth:`tell_new`)
        self.told = 0
        #: the lines noted (:meth:`note`): (events told before it, text, seat colour)
        self.notes: list[tuple[int, str, RGB | None]] = []

    def open(self, rect: Any, collapsed: bool = False, expanded_rect: Any = None) -> NarrationLog:
        """The log panel at logical ``rect``, filled with every event so far as the seat told about
        knew it. ``collapsed``: only the newest entry shows until the player opens it over
        ``expanded_rect``."""
        kw: dict[str, Any] = {"collapsed": collapsed}
        if expanded_rect is not None:
            kw["expanded_rect"] = expanded_rect
        self.panel = NarrationLog(self.host.app, rect, **kw)
        self.rebuild()
        return self.panel

    def narrate(self, events: Sequence[Event]) -> None:
        """Tell ``events``, one sentence each, with the acting seat's colour, the entry's tooltip
        and its emphasis (the host's :class:`Telling`). An event that cannot be told is logged
        and skipped."""
        panel = self.panel
        if panel is None:
            return
        telling = self.host.telling
        for ev in events:
            try:
                text = describe(ev, telling.names())
            except Exception:
                log.exception("%s: cannot describe %r", self.host.game_name, ev)
                continue
            if not text:
                continue
            seat = getattr(ev, "seat", None)
            panel.add(text, telling.seat_color(seat) if isinstance(seat, int) else None,
                      detail=telling.detail(ev), emphasis=telling.emphasis(ev))

    def note(self, text: str, seat: int | None = None) -> None:
        """Add ``text`` (a whole sentence in the language in use: an undo, a player who dropped or
        came back, an AI standing in) to the log now, in ``seat``'s colour (None: none). It keeps its
        place after the events told so far when the log is told again (:meth:`rebuild`); after an
        undo that went back past it, it stays at the end."""
        self.tell_new()
        color = self.host.telling.seat_color(seat) if seat is not None else None
        self.notes.append((self.told, text, color))
        if self.panel is not None:
            self.panel.add(text, color)

    def tell_new(self) -> None:
        """Tell the events not told yet."""
        match = self.host.match
        if self.panel is not None and self.told < match.event_count:
            self.narrate(match.events_for(self.host.narration_seat, self.told))
        self.told = match.event_count

    def rebuild(self) -> None:
        """Tell the whole game again from its first event (a new scene, an undo, a jump)."""
        if self.panel is None:
            return
        match = self.host.match
        self.panel.clear()
        seat, told = self.host.narration_seat, 0
        for at, text, color in self.notes:  # (in the order noted; their places never decrease)
            at = min(at, match.event_count)
            if at > told:
                since, after = match.events_for(seat, told), match.events_for(seat, at)
                self.narrate(since[:len(since) - len(after)])  # the events told before the line
                told = at
            self.panel.add(text, color)
        self.narrate(match.events_for(seat, told))
        self.told = match.event_count
        self.panel.finish()


__all__ = ["GameLog", "LogHost", "Telling"]
