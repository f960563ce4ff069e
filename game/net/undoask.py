"""Undo requests at an online table (issue 33, item 1; docs/PROTOCOL.md, *Undo*): Board Game Arena's
way, a mixin of :class:`game.net.table.Table`.

A seat takes back its own last decision at once when no other person acted since (``undo``, the
hot-seat rule: ``Match.undo_points(seat)``). Anything else the rules allow — the decision and the
other people's actions after it, never past revealed information (``Match.undo_points(seat,
consent=True)``) — is a request: ``undo-ask`` names it, every seat is told (``undo-asked``: who
asks, the ply the game would go back to, how long the others have), and each person whose action
would go back answers (``undo-answer``). When all of them accept, the undo is made (kept as any
undo) and every seat gets its ``state``; one refusal, :data:`UNDO_ASK_S` seconds without all the
answers, any action at the table meanwhile or a person asked leaving ends it, and every seat is
told ``undo-answered`` (``accepted`` false and ``why``). One request at a time per table; a seat
is offered a request (the ``undo_ask`` flag of its ``state`` / ``update``) exactly when the server
would take it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import protocol as proto
from .protocol import ProtocolError
from .tablestore import UNDO

#: Seconds the people asked have to answer an undo request; then it is refused (``timeout``).
UNDO_ASK_S = 30.0


@dataclass
class UndoAsk:
    """An undo request waiting for answers.

    Attributes:
        seat: who asks. ply: the table's ply when asked (the request ends if the table moves).
        point: the ply the game goes back to (the asking seat's last decision).
        waiting: the people whose answer is awaited (their actions would go back).
        deadline: ``time.monotonic()`` when it is refused for want of answers.
    """

    seat: int
    ply: int
    point: int
    waiting: set[int] = field(default_factory=set)
    deadline: float = 0.0


class UndoRequests:
    """The undo requests of a table (mixed into :class:`game.net.table.Table`, whose match, seats,
    connections and store it uses)."""

    match: Any
    kinds: list[str]
    peers: dict[int, Any]
    ai_after_drop: dict[int, str]
    store: Any
    code: str
    finished: bool
    #: the request waiting for answers, or None
    asking: UndoAsk | None = None
    #: (TurnClocks': annotations, no stubs, so that they do not hide them in the table's bases)
    rewind_clocks: Callable[[int], None]
    keep_with_clock: Callable[[list[tuple[int, str, str, int]]], None]

    @property
    def started(self) -> bool:  # (Table's)
        raise NotImplementedError

    def undo_ok(self, seat: int) -> bool:  # (Table's)
        raise NotImplementedError

    def _check_turn(self, seat: int, ply: int) -> None:  # (Table's)
        raise NotImplementedError

    def _moved(self) -> None:  # (Table's)
        raise NotImplementedError

    def send_all(self, message: dict[str, Any], but: int | None = None) -> None:  # (Table's)
        raise NotImplementedError

    def send_undo_changes(self, but: int | None = None, cause: str = "stand-in") -> None:  # (Table's)
        raise NotImplementedError

    def send_states(self, by: int | None = None) -> None:  # (Table's)
        raise NotImplementedError

    def undo_request(self, seat: int, msg: dict[str, Any], seconds: float = UNDO_ASK_S) -> UndoAsk | None:
        """``seat``'s ``undo-ask`` or ``undo-answer`` (``msg``), every seat told what follows: the
        request made (returned: the caller times it out after ``seconds``), the undo made (every
        seat's ``state``), the request ended, the flags changed.

        Raises:
            ProtocolError: as :meth:`ask_undo` and :meth:`answer_undo`."""
        if msg["type"] == "undo-ask":
            ask = self.ask_undo(seat, msg["ply"], seconds)
            self.send_undo_changes(cause="flags")
            return ask
        asker = self.asking.seat if self.asking is not None else seat
        if self.answer_undo(seat, msg["accept"]):
            self.send_states(by=asker)
        elif self.asking is None:
            self.send_undo_changes(cause="flags")
        return None

    def _asked_of(self, seat: int, point: int) -> set[int]:
        """The people other than ``seat`` whose actions after ply ``point`` an undo would take
        back (persons playing their seat now: not one an AI plays meanwhile)."""
        return {s for s, _a in self.match.state.history[point:]
                if s != seat and self.kinds[s] == proto.OPEN and s not in self.ai_after_drop}

    def ask_point(self, seat: int) -> int | None:
        """The ply an undo request by ``seat`` would go back to now, or None when no request is
        offered: the game is not running, an undo needs no request (:meth:`undo_ok`), another
        request waits, nothing the rules allow, or a person asked is not connected."""
        if self.asking is not None or not self.started or self.finished or self.match.is_over():
            return None
        if self.kinds[seat] != proto.OPEN or self.undo_ok(seat):
            return None
        points = self.match.undo_points(seat, consent=True)
        if not points:
            return None
        others = self._asked_of(seat, points[0].ply)
        if not others or any(s not in self.peers for s in others):
            return None
        return int(points[0].ply)

    def ask_undo(self, seat: int, ply: int, seconds: float = UNDO_ASK_S) -> UndoAsk:
        """``seat`` asks for an undo at ``ply``: the request waits (every seat is told
        ``undo-asked``, with the ``seconds`` the people asked have). The caller times it out
        after them (:meth:`end_ask` ``"timeout"``).

        Raises:
            ProtocolError: ``game-over``, ``not-started``, ``stale``; ``undo`` (nothing to ask:
                :meth:`ask_point` is None — also when an undo needs no request)."""
        self._check_turn(seat, ply)
        point = self.ask_point(seat)
        if point is None:
            raise ProtocolError("undo", "no undo request of this seat can be made now")
        ask = UndoAsk(seat, self.match.ply, point, self._asked_of(seat, point), time.monotonic() + seconds)
        self.asking = ask
        self.send_all(proto.message("undo-asked", seat=seat, ply=point, waiting=sorted(ask.waiting),
                                    seconds=seconds))
        return ask

    def answer_undo(self, seat: int, accept: bool) -> bool:
        """``seat``'s answer to the request waiting. A refusal ends it (``refused``); the last
        acceptance makes the undo (kept; the caller sends every seat its ``state``). True when
        the undo was made.

        Raises:
            ProtocolError: ``undo``: no request waits for this seat's answer."""
        ask = self.asking
        if ask is None or seat not in ask.waiting:
            raise ProtocolError("undo", "no undo request waits for this seat's answer")
        if not accept:
            self.end_ask("refused", seat)
            return False
        ask.waiting.discard(seat)
        if ask.waiting:
            return False
        self.asking = None
        point = next(cp for cp in self.match.undo_points(ask.seat, consent=True) if cp.ply == ask.point)
        self.match.undo_to(point)
        self.rewind_clocks(point.ply)
        self.keep_with_clock([(ask.seat, UNDO, "", point.ply)])
        self._moved()
        return True

    def end_ask(self, why: str, by: int | None = None) -> bool:
        """End the request waiting, if any, unmade: every seat is told ``undo-answered``
        (``accepted`` false, ``why``: ``refused`` by seat ``by``, ``timeout``, ``moved`` — the
        table moved on —, ``away`` — a person asked left). True if one was waiting."""
        ask, self.asking = self.asking, None
        if ask is None:
            return False
        fields: dict[str, Any] = {"asked": ask.seat, "accepted": False, "why": why}
        if by is not None:
            fields["seat"] = by
        self.send_all(proto.message("undo-answered", **fields))
        return True

    def timed_out(self, ask: UndoAsk) -> None:
        """``ask`` still unanswered when its time is out (the server's timer): it ends unmade
        (``timeout``) and the seats' flags are told again."""
        if self.asking is ask and self.end_ask("timeout"):
            self.send_undo_changes(cause="flags")

    def check_ask(self) -> bool:
        """After any change at the table: end the request waiting when the table moved past its
        ply (``moved``) or a person asked is gone (``away``). True if it ended."""
        ask = self.asking
        if ask is None:
            return False
        if self.match.ply != ask.ply:
            return self.end_ask("moved")
        if any(s not in self.peers for s in ask.waiting):
            return self.end_ask("away")
        return False


__all__ = ["UNDO_ASK_S", "UndoAsk", "UndoRequests"]
