"""One table of the server (docs/PROTOCOL.md): a :class:`game.match.Match` and who sits where.

A :class:`Table` holds the only true state of one game: a synchronous Match whose open seats are
``"human"`` and whose AI seats the server plays; each seat's token hash, name and connection
(:class:`Peer`); per seat, how much of the event log that connection was told. It checks every
request against the rules and the seat (:class:`game.net.protocol.ProtocolError` when refused),
keeps every change in its :class:`game.net.tablestore.TableStore` before anything is sent, and makes
each seat's messages from that seat's view and events only (``Match.view(seat)``,
``Match.events_for(seat)``; the record, which holds the deal, only once the game is over), their
parts made once (:mod:`game.net.viewtexts`; :class:`ViewTexts` is re-exported here).

A person's seat whose connection dropped may be given to an AI by the table's creator (the seat
that joined first) once it has been away :data:`game.net.protocol.STAND_IN_AFTER` seconds
(:meth:`Table.give_to_ai`, :mod:`game.net.standin`): the Match's seat becomes that AI level (the
server's AI plays it as it plays the other AI seats) until the person comes back with its token
(:meth:`Table.take_back`). Both are kept in the store's list of actions, in order, so a table
replays with its stand-ins.

Everything here runs on the server's event loop thread under the table's :attr:`Table.lock`,
except :meth:`Table.bot_step`, which the server runs in a worker thread while it holds the lock.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any, Callable, Protocol, Sequence

from ..core import Game
from ..i18n import _
from ..match import HUMAN, Match
from ..registry import get as get_game
from . import protocol as proto
from .clock import ClockRule, Clocks
from .names import clean_name
from .protocol import OPEN, ProtocolError
from .seats import Seats
from .standin import StandIns
from .tablestore import ACT, BACK, CLOCK, STAND_IN, UNDO, LeaseLost, SavedTable, StoreError, TableStore
from .turns import TurnClocks
from .undoask import UndoRequests
from .viewtexts import ViewTexts, action_dicts, event_dicts

log = logging.getLogger("tatami.net.server")


class Peer(Protocol):
    """A connection as a table sees it: messages go out in order and never block the table."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the client (a connection too slow to keep up is closed)."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection (at once, without waiting)."""


class Table(Seats, StandIns, UndoRequests, TurnClocks):
    """One table: the Match, the seats' people and connections, what each was told.

    Args:
        code: the table code. game: the rules.
        kinds: one seat kind per seat (``"open"`` or an AI level).
        names: a name or None per seat (an open seat's name comes with its ``join``).
        options: the game's ``new_state`` options.
        seed: the deal and bots' seed.
        store: where the table is kept.
        setup: a record's setup to deal from instead of the seed (the server's test flag).
        stand_in_after: seconds a person's seat must have been away before :meth:`give_to_ai`
            (:data:`game.net.protocol.STAND_IN_AFTER`; less in tests).
        clock: a turn-based table's clock (:mod:`game.net.turns`), or None (real time).
        now: the wall clock the table's clocks read (s; tests give one they move).
    Raises:
        ValueError, TypeError: the game refused the seats or the options (or the setup:
            :class:`game.core.RecordError` is a ValueError).
    """

    def __init__(self, code: str, game: Game, kinds: Sequence[str], names: Sequence[str | None],
                 options: dict[str, Any], seed: int, store: TableStore, setup: dict[str, Any] | None = None,
                 stand_in_after: float = proto.STAND_IN_AFTER, *, clock: ClockRule | None = None,
                 now: Callable[[], float] = time.time) -> None:
        self.code = code
        self.game = game
        self.kinds = list(kinds)
        self.names: list[str | None] = list(names)
        self.options = dict(options)
        self.seed = seed
        self.store = store
        self.setup = setup
        state = game.state_from_setup(setup) if setup is not None else None
        shown = [n if n else _("Seat {n}").format(n=i + 1) for i, n in enumerate(self.names)]
        self.match = Match(game, [HUMAN if k == OPEN else k for k in self.kinds], seed, state=state,
                           names=shown, options=self.options, synchronous=True)
        self.tokens: list[str | None] = [None] * len(self.kinds)
        self.players: list[str | None] = [None] * len(self.kinds)
        self.peers: dict[int, Peer] = {}
        #: seat -> (full-log index told up to, how many events that seat was told)
        self.cursors: dict[int, tuple[int, int]] = {}
        #: seat -> how many of the actions (``state.history``) that seat was told
        self.acts_told: dict[int, int] = {}
        #: seat -> the ``undo`` and ``undo_ask`` flags of the last ``state`` / ``update`` it was sent
        self.told_undo: dict[int, tuple[bool, bool]] = {}
        #: id(event) -> (the event, its ``to_dict()``) while the seats are told (emptied after):
        #: an event every seat may see is one object in every seat's ``events_for``, made into a
        #: dict once for all of them (:func:`event_dicts`)
        self._dicts: dict[int, tuple[Any, dict[str, Any]]] = {}
        #: each seat's last view and its text, field by field (only what changed is encoded again)
        self.view_texts = ViewTexts()
        self._started = False
        #: the seat that joined first (kept): the one that may give a dropped seat to an AI
        self.creator: int | None = None
        #: seat -> AI level, for the people's seats the creator gave to an AI while their person
        #: was away (the Match's seat is that level meanwhile)
        self.ai_after_drop: dict[int, str] = {}
        #: seat -> ``time.monotonic()`` since when a taken person's seat has had no connection
        self.away_since: dict[int, float] = {}
        self.stand_in_after = float(stand_in_after)
        self.lock = asyncio.Lock()
        self._position = self.match.position
        #: the ply the current decision began at (a simultaneous phase's first): ``act`` and
        #: ``undo`` name a ply from here to the table's
        self.decision_ply = self.match.ply
        self.finished = False
        self._before_bots: Any = None  # (the position before the AI's last moves: :meth:`keep_bots`)
        #: ``time.monotonic()`` of the last request or AI move (idle tables go), and of the making
        self.touched = self.made = time.monotonic()
        self.origin = ""  #: the creator's client address (the cap on waiting tables; "" restored)
        self.now = now
        self.clocks = Clocks(clock, [k == OPEN for k in self.kinds]) if clock else None
        self.ended: dict[str, Any] | None = None
        self.clock_marks: list[tuple[int, str]] = []

    # -- creation and restoring ---------------------------------------------------------------------
    def saved(self) -> SavedTable:
        """The table's setup as the store keeps it."""
        return SavedTable(self.code, self.game.name, self.kinds, self.names, self.options, self.seed, setup=self.setup,
                          clock=None if self.clocks is None else self.clocks.rule.to_dict())

    @classmethod
    def restore(cls, saved: SavedTable, store: TableStore, stand_in_after: float = proto.STAND_IN_AFTER,
                now: Callable[[], float] = time.time) -> Table:
        """The table ``saved`` describes, its actions, undos, stand-ins and clocks replayed through
        the rules. Every taken seat is away from now (nobody is connected yet).

        Raises:
            KeyError: the game is not registered.
            ValueError, TypeError: a setup or an action the rules refuse (the store is damaged)."""
        table = cls(saved.code, get_game(saved.game), saved.seats, saved.names, saved.options, saved.seed,
                    store, saved.setup, stand_in_after,
                    clock=None if saved.clock is None else ClockRule.parse(saved.clock), now=now)
        since = time.monotonic()
        for seat, (name, sha) in saved.taken.items():
            table.names[seat], table.tokens[seat] = clean_name(name), sha
            table.players[seat] = saved.players.get(seat)
            table.away_since[seat] = since
        table.creator = saved.creator
        m = table.match
        for seat, kind, action, ply in saved.actions:
            if kind == ACT:
                m.apply(seat, action)
            elif kind == UNDO:
                point = next((cp for cp in m.undo_points(seat, consent=True) if cp.ply == ply), None)
                if point is None:
                    raise ValueError(f"table {saved.code}: no undo point at ply {ply} for seat {seat}")
                m.undo_to(point)
                table.rewind_clocks(ply)
            elif kind == STAND_IN:
                table.seat_to(seat, action)
            elif kind == BACK:
                table.seat_to(seat, None)
            elif kind == CLOCK:
                table.replay_clock(action, ply)
            table._moved()
        table.finished = m.is_over()
        if table.clocks is not None and table.clocks.out and table.clocks.rule.on_timeout == "end":
            table.ended, table.finished = {"reason": "timeout", "seat": table.clocks.out[0]}, True
        return table

    # -- messages ---------------------------------------------------------------------------------------
    def summary(self, seat: int) -> dict[str, Any]:
        """One entry of a ``tables`` answer (``mine``; docs/PROTOCOL.md): the table as ``seat``'s
        player sees it from the menu — ``table``, ``game``, ``seat``, ``names``, ``started``,
        ``to_act``, ``your_turn`` (``seat`` is to act now and may), ``clock`` (a turn-based
        table's, or None)."""
        m = self.match
        live = self.started and not m.is_over() and not self.finished
        to_act = list(m.to_act()) if live else []
        return {"table": self.code, "game": self.game.name, "seat": seat, "names": list(self.names),
                "started": self.started, "to_act": to_act,
                "your_turn": seat in to_act and not self.out_of_time(seat) and seat not in self.ai_after_drop,
                "clock": self.clock_field()}

    def lobby(self) -> dict[str, Any]:
        """The ``lobby`` message."""
        return proto.message("lobby", seats=self.seat_list(), started=self.started)

    def undo_ok(self, seat: int) -> bool:
        """True when :meth:`undo` by ``seat`` at the table's ply would be accepted now (the
        ``undo`` field of its ``state`` / ``update``): the game started and not over, and an
        undo point for the seat (``Match.undo_points``)."""
        return self.started and not self.finished and not self.match.is_over() and bool(self.match.undo_points(seat))

    def _common(self, seat: int) -> tuple[dict[str, Any], str]:
        """The fields a ``state`` and an ``update`` share, and the canonical text of the view."""
        m = self.match
        over = m.is_over()
        live = self.started and not over and self.ended is None
        undo, ask = self.undo_ok(seat), self.ask_point(seat) is not None
        self.told_undo[seat] = (undo, ask)
        data, text = self.view_texts.encode(seat, m.view(seat), self.game)
        fields: dict[str, Any] = {
            "ply": m.ply, "decision": self.decision_ply, "view": data,
            "to_act": list(m.to_act()) if live else [],
            "legal": list(m.legal_actions(seat)) if live and seat in m.to_act() and not self.out_of_time(seat) else [],
            "over": over, "started": self.started, "undo": undo, "undo_ask": ask}
        if over:
            outcome = m.outcome()
            assert outcome is not None
            fields["outcome"] = {"winners": list(outcome.winners), "scores": list(outcome.scores),
                                 "reason": str(outcome.reason)}
            fields["record"] = m.record()
        if self.clocks is not None:
            fields["clock"] = self.clocks.message(self.now())
        if self.ended is not None:
            fields["ended"] = dict(self.ended, record=m.record())
        return fields, text

    def state_for(self, seat: int, cause: str = "sit", by: int | None = None) -> dict[str, Any]:
        """The ``state`` message of ``seat`` (``cause``: :data:`game.net.protocol.STATE_CAUSES`):
        everything it may know, every event and action from the start (its cursors start over);
        after an undo, ``by`` the seat whose decision went back."""
        events = event_dicts(self.match.events_for(seat, 0), self._dicts)
        self.cursors[seat], history = (self.match.event_count, len(events)), self.match.state.history
        self.acts_told[seat] = len(history)
        fields, view = self._common(seat)
        return proto.encode_with(proto.message("state", table=self.code, game=self.game.name, seat=seat,
                                               seats=self.seat_list(), event_count=len(events), events=events,
                                               actions=action_dicts(self.game, history, seat), cause=cause,
                                               **({"by": by} if by is not None else {}), **fields),
                                 "view", view)

    def update_for(self, seat: int, cause: str = "act") -> dict[str, Any]:
        """The ``update`` message of ``seat`` (``cause``: :data:`game.net.protocol.UPDATE_CAUSES`):
        the actions and events since the last it was told, as it may know them, and the rest."""
        since, told = self.cursors.get(seat, (0, 0))
        events = event_dicts(self.match.events_for(seat, since), self._dicts)
        self.cursors[seat] = (self.match.event_count, told + len(events))
        fields, view = self._common(seat)
        history, first = self.match.state.history, self.acts_told.get(seat, 0)
        self.acts_told[seat] = len(history)
        return proto.encode_with(proto.message("update", event_count=told + len(events), events=events,
                                               actions=action_dicts(self.game, history[first:], seat), cause=cause,
                                               **fields), "view", view)

    def send_updates(self, cause: str = "act") -> None:
        """Send every connected seat its ``update`` (``cause``, default ``"act"``)."""
        for seat, peer in list(self.peers.items()):
            peer.send(self.update_for(seat, cause))
        self._dicts.clear()

    def send_undo_changes(self, but: int | None = None, cause: str = "stand-in") -> None:
        """Send an ``update`` (``cause``: ``"stand-in"``, a seat given to an AI or taken back —
        who counts as a person —; ``"flags"``, a request began or ended, a person came or went) to
        every connected seat but ``but`` whose ``undo`` / ``undo_ask`` flags changed."""
        for seat, peer in list(self.peers.items()):
            now = (self.undo_ok(seat), self.ask_point(seat) is not None)
            if seat != but and self.told_undo.get(seat) is not None and self.told_undo[seat] != now:
                peer.send(self.update_for(seat, cause))

    def send_states(self, by: int | None = None) -> None:
        """Send every connected seat its ``state`` (cause ``"undo"``: the log went back; ``by``:
        whose decision)."""
        for seat, peer in list(self.peers.items()):
            peer.send(self.state_for(seat, "undo", by))
        self._dicts.clear()

    def send_all(self, message: dict[str, Any], but: int | None = None) -> None:
        """Send ``message`` to every connected seat except ``but``."""
        for seat, peer in list(self.peers.items()):
            if seat != but:
                peer.send(message)

    # -- play -------------------------------------------------------------------------------------------
    def _check_turn(self, seat: int, ply: int) -> None:
        m = self.match
        if self.finished or m.is_over():
            raise ProtocolError("game-over", "the game has ended")
        if not self.started:
            raise ProtocolError("not-started", "the table waits for its open seats to be taken")
        if not self.decision_ply <= ply <= m.ply:
            raise ProtocolError("stale", f"ply {ply} is not this table's ({m.ply})")

    def act(self, seat: int, action: str, ply: int) -> None:
        """Apply ``seat``'s ``action`` and keep it (nothing is sent here: the caller sends the updates).

        Raises:
            ProtocolError: ``game-over``, ``not-started``, ``stale`` (the caller sends a state),
                ``not-your-turn``, ``illegal`` (not one of the seat's legal actions, the rules'
                reason tried on a copy; the table is unchanged), ``not-kept`` (the store failed:
                the action is not played).
            LeaseLost: another server process holds the table now (nothing played)."""
        self._check_turn(seat, ply)
        m = self.match
        if seat not in m.to_act():
            raise ProtocolError("not-your-turn", f"seat {seat} is not to act")
        if self.out_of_time(seat):
            raise ProtocolError("timed-out", f"seat {seat}'s time ran out: the server's AI plays it")
        if action not in m.legal_actions(seat):  # the rules' reason, on a copy: the table is untouched
            try:
                m.state.clone().apply(seat, action)
                reason = f"{action[:20]!r} is not in the legal actions' notation"
            except Exception as exc:  # InvalidActionError, IllegalActionError; anything else too
                reason = str(exc) or type(exc).__name__
            raise ProtocolError("illegal", reason)
        # kept first: an action the store cannot keep is not played (a full disk; issue 33 item 19).
        # At a turn-based table the clocks after it are kept with it: applied first, taken back
        # when the write fails.
        before = m.state.clone() if self.clocks is not None else None
        try:
            if before is None:
                self.store.add_action(self.code, seat, ACT, action, m.ply + 1)
            else:
                m.apply(seat, action)
                self.keep_with_clock([(seat, ACT, action, m.ply)])
        except StoreError as exc:
            if before is not None:
                m.set_state(before)
            if isinstance(exc, LeaseLost):  # (another process holds the table: this copy leaves)
                raise
            log.error("table %s: seat %d's action not kept, so not played: %s", self.code, seat, exc)
            raise ProtocolError("not-kept", "the server could not keep that action: it was not played") from None
        if before is None:
            m.apply(seat, action)
        self._moved()

    def undo(self, seat: int, ply: int) -> None:
        """Take back ``seat``'s last decision as hot-seat play does (the newest of
        ``Match.undo_points(seat)``: never past revealed information, never past another
        person's action); kept. The caller sends every seat a ``state``.

        Raises:
            ProtocolError: ``game-over``, ``not-started``, ``stale``, ``undo`` (no point)."""
        self._check_turn(seat, ply)
        points = self.match.undo_points(seat)
        if not points:
            raise ProtocolError("undo", "nothing of this seat can be taken back now")
        self.match.undo_to(points[0])
        self.rewind_clocks(points[0].ply)
        self.keep_with_clock([(seat, UNDO, "", points[0].ply)])
        self._moved()

    def bots_due(self) -> bool:
        """True when an AI seat is to act and may (the table started, the game goes on)."""
        return self.started and not self.match.is_over() and bool(self.match.bots_to_act())

    def bot_step(self) -> list[tuple[int, str, int]]:
        """Every AI seat to act now chooses and its action is applied (``Match.step_bots``); an AI
        that fails (a bug, logged) plays a random legal action instead. Runs in a worker thread
        while the server holds :attr:`lock`; keeps nothing (the caller calls :meth:`keep_bots`).

        Returns:
            The actions applied: ``(seat, action, ply after it)``."""
        m = self.match
        before = m.ply
        self._before_bots = m.state.clone()  # (taken back if the store cannot keep the moves)
        try:
            m.step_bots()
        except Exception:
            log.exception("table %s: an AI failed at ply %d; it plays a random legal action", self.code, m.ply)
            seats = m.bots_to_act()
            if seats and m.legal_actions(seats[0]):
                m.apply(seats[0], random.Random(self.seed + m.ply).choice(m.legal_actions(seats[0])))
        return [(s, a, before + i + 1) for i, (s, a) in enumerate(m.state.history[before:])]

    def keep_bots(self, moves: list[tuple[int, str, int]]) -> bool:
        """Keep the AI actions :meth:`bot_step` applied. When the store cannot (a full disk), they
        are taken back — the position is the one before them, nothing told — as a person's
        action the store cannot keep is not played (issue 33, item 19). True when kept."""
        try:
            self.keep_with_clock([(s, ACT, a, p) for s, a, p in moves])
        except LeaseLost:
            raise
        except StoreError as exc:
            log.error("table %s: the AI's moves not kept, so taken back: %s", self.code, exc)
            self.match.set_state(self._before_bots)
            return False
        self._moved()
        return True

    def _moved(self) -> None:
        """After any change: where the decision began, whether the game has ended (kept)."""
        m = self.match
        self.touched = time.monotonic()
        if m.position != self._position:
            self._position, self.decision_ply = m.position, m.ply
        self.check_ask()  # (a request waiting ends when the table moves on)
        if m.is_over() and not self.finished:
            self.finished = True
            self.store.finish(self.code)


__all__ = ["Peer", "Table", "ViewTexts"]
