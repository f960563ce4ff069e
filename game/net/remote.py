"""A seat of an online table for synchronous code: :class:`ClientThread` and :class:`RemoteMatch`
(issue 24 §2; docs/PROTOCOL.md, "The app's side").

:class:`ClientThread` runs one :class:`game.net.client.Client` on an asyncio loop in a daemon
thread. The caller's thread (the app's frame loop) never waits on the network: requests are
submitted (:meth:`ClientThread.submit` returns a ``concurrent.futures.Future``), and after every
message the loop thread publishes a fresh immutable :class:`Snapshot` of the picture (one
attribute assignment), which the caller reads without a lock.

:class:`RemoteMatch` offers the calls the play scenes make on a local :class:`game.match.Match`
(``view(seat)``, ``legal_actions(seat)``, ``events_for(seat, since)``, ``to_act()``,
``is_over()``, ``outcome()``, ``record()``, ``apply(seat, action)``, ``drive()`` ...) over a
:class:`ClientThread`, for the one seat it holds. Differences a scene sees:

* the server is the one judge of an action: :meth:`RemoteMatch.send` sends it unchecked (a
  scene offers the view's legal actions), and a refusal comes back as the server's error
  (kept in :attr:`RemoteMatch.refused` for the scene to show); :meth:`RemoteMatch.apply` sends
  and waits for the answer, raising ``IllegalActionError`` for a refusal as a local Match would.
  The events arrive with the server's update through ``events_for`` — so ``apply`` returns
  ``[]`` and a scene takes the events on its next frame, as it takes an AI's;
* ``drive()`` returns the :class:`game.match.Move`-like news since the last call (the actions
  and events as the server told this seat, taken as told) or None; no AI runs here (the server
  plays AI seats);
* ``event_count`` / ``events_for(seat, since)`` count this seat's events (the only log it has);
* ``undo`` is asked of the server (``request_undo``); a resync (a ``state``) bumps
  :attr:`RemoteMatch.position`, after which a scene re-takes everything (its ``resync()``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, TypeVar

from ..core import Event, IllegalActionError, InvalidActionError, Outcome
from ..registry import get as get_game
from . import protocol
from .client import Client, Picture, ServerError

T = TypeVar("T")
log = logging.getLogger("tatami.online")
#: The longest wait, in seconds, of :meth:`RemoteMatch.apply` for the server's answer.
ACT_WAIT_S = 5.0


@dataclass(frozen=True)
class Snapshot:
    """The picture at one moment, immutable (see :class:`game.net.client.Picture` for the fields);
    ``resyncs`` counts the ``state`` messages taken (each one replaces the events and actions)."""

    table: str | None
    game: str | None
    seat: int | None
    seats: tuple[dict[str, Any], ...]
    ply: int
    events: tuple[Event, ...]
    actions: tuple[tuple[int, str | None], ...]
    view: Any
    to_act: tuple[int, ...]
    legal: tuple[str, ...]
    over: bool
    started: bool
    outcome: dict[str, Any] | None
    record: dict[str, Any] | None
    said: tuple[tuple[int, str], ...]
    connected: bool
    resyncs: int
    revision: int
    undo: bool = False
    undo_ask: bool = False
    asking: dict[str, Any] | None = None
    undo_news: tuple[dict[str, Any], ...] = ()
    server_gone: bool = False
    given_up: bool = False
    token: str | None = None
    #: a turn-based table's clocks, when they came (monotonic s) and why the table ended early
    #: (docs/PROTOCOL.md "Turn-based tables"); None at a real-time table
    clock: dict[str, Any] | None = None
    clock_at: float = 0.0
    ended: dict[str, Any] | None = None


@dataclass(frozen=True)
class Told:
    """One position as the server told this seat, kept for every ``state`` and ``update`` so a
    seat's scene can be shown the game one server step at a time (the view *after* each step,
    not only the latest): ``events_end`` (this seat's event count after it), ``view_json`` (the
    view's wire form), ``to_act``, ``legal``, ``ply``, ``decision``, ``over``, ``started``, and
    ``undo`` (the server would take an undo from this seat now; False from a server that does
    not say), and ``log``: this seat's event list itself (the same list object for every
    position since the same ``state``, so a slice of it up to ``events_end`` is always whole);
    ``actions``: the actions the message told, ``(seat, action or None)`` as this seat may know
    them (a ``state``'s: every one from ply 0; an ``update``'s: those it applied), and ``cause``
    why it was sent (docs/PROTOCOL.md)."""

    events_end: int
    view_json: dict[str, Any] | None
    to_act: tuple[int, ...]
    legal: tuple[str, ...]
    ply: int
    decision: int
    over: bool
    started: bool
    undo: bool
    log: list[Event]
    actions: tuple[tuple[int, str | None], ...] = ()
    cause: str = ""


def told(p: Picture, message: dict[str, Any]) -> Told:
    """The :class:`Told` of picture ``p`` right after it took ``message`` (a state or an update)."""
    return Told(len(p.events), p.view_json, p.to_act, p.legal, p.ply, p.decision, p.over, p.started,
                bool(message.get("undo", False)), p.events, tuple(Picture.told_actions(message)), p.cause)


def snapshot(p: Picture, connected: bool, resyncs: int, server_gone: bool = False, given_up: bool = False) -> Snapshot:
    """An immutable copy of picture ``p``, with the client's ``connected``, ``server_gone`` (the
    connection is down because the server went away: :attr:`Client.server_gone`) and ``given_up``
    (it stopped trying: :attr:`Client.failure`)."""
    return Snapshot(p.table, p.game, p.seat, tuple(dict(s) for s in p.seats), p.ply, tuple(p.events),
                    tuple(p.actions), p.view, p.to_act, p.legal, p.over, p.started, p.outcome, p.record,
                    tuple(p.said), connected, resyncs, p.revision, p.undo, p.undo_ask,
                    dict(p.asking) if p.asking is not None else None, tuple(p.undo_news), server_gone, given_up,
                    p.token, p.clock, p.clock_at, p.ended)  # (clock, ended: replaced whole by each message)


class ClientThread:
    """A :class:`Client` on its own asyncio loop in a daemon thread (see the module doc); its
    :attr:`told` keeps every position the server told since the last ``state``.

    Args:
        url: the server. client_options: keyword arguments of :class:`Client`.
    """

    def __init__(self, url: str, **client_options: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="tatami-net", daemon=True)
        self._thread.start()
        self._resyncs = 0
        #: (resyncs, positions): every position told since the last ``state`` (that state's
        #: first), replaced whole at a ``state`` — one attribute, read without a lock
        self.told: tuple[int, list[Told]] = (0, [])

        def on_message(message: dict[str, Any]) -> None:
            kind = message.get("type")
            if kind == "state":
                self._resyncs += 1
                self.told = (self._resyncs, [told(self.client.picture, message)])
            elif kind == "update":
                self.told[1].append(told(self.client.picture, message))

        async def make() -> Client:
            return Client(url, on_message=on_message, **client_options)
        self.client: Client = self.submit(make()).result()
        self.snapshot: Snapshot = snapshot(self.client.picture, False, 0)
        self.loop.call_soon_threadsafe(self._watch)

    def _watch(self) -> None:
        """(loop thread) Publish a snapshot after every change of the picture."""
        async def watch() -> None:
            client = self.client
            while True:
                self.snapshot = snapshot(client.picture, client.connected, self._resyncs, client.server_gone)
                seen = client.picture.revision
                try:
                    await client.wait(lambda p: p.revision != seen)
                except Exception:  # the client stopped for good: a last snapshot
                    self.snapshot = snapshot(client.picture, False, self._resyncs, client.server_gone, True)
                    return
        self.loop.create_task(watch())

    def submit(self, coro: Awaitable[T]) -> "concurrent.futures.Future[T]":
        """Run ``coro`` on the loop thread; the future holds its result or exception."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)  # type: ignore[arg-type]

    def call(self, make: Callable[[Client], Awaitable[T]], timeout: float = 30.0) -> T:
        """Run ``make(client)`` on the loop thread and wait for its result (for setup steps:
        connect, create, join; never in a frame).

        Raises:
            whatever the coroutine raised; ``TimeoutError`` after ``timeout`` seconds."""
        return self.submit(make(self.client)).result(timeout)

    def deal_view(self) -> Any:
        """The view the last ``state`` told, as it came, when it was the deal (ply 0), else
        None: an AI seat may act in the same moment, and the picture a ``join`` / ``resume``
        returns may already hold its update. (Read on the loop thread, right after the answer.)

        Raises:
            KeyError: the game is unknown here; ValueError: a view this game cannot read."""
        positions = self.told[1]
        first = positions[0] if positions else None
        game = self.client.picture.game
        if first is None or first.ply != 0 or first.view_json is None or game is None:
            return None
        return get_game(game).view_from_json(first.view_json)

    def stop(self) -> None:
        """Close the client and end the thread (idempotent)."""
        if not self.loop.is_running():
            return
        try:
            self.submit(self.client.close()).result(10.0)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10.0)


@dataclass(frozen=True)
class News:
    """What :meth:`RemoteMatch.drive` reports: this seat's new ``events`` (from index
    ``first_event`` of its log) up to ``ply``; ``actions`` the actions told since the last news,
    ``(seat, action or None)`` as the server told them; ``seat`` the first one's seat (else the
    first event's, or None)."""

    seat: int | None
    events: tuple[Event, ...]
    first_event: int
    ply: int
    actions: tuple[tuple[int, str | None], ...] = ()


class RemoteMatch:
    """The Match calls of the play scenes for the one seat a :class:`ClientThread` holds.

    Args:
        net: a ClientThread whose client has joined (or resumed) its seat.
    Raises:
        ValueError: the client holds no seat yet.
    """

    synchronous = False
    hot_seat = False

    def __init__(self, net: ClientThread) -> None:
        s = net.snapshot
        if s.seat is None or s.game is None:
            raise ValueError("the client holds no seat")
        self.net = net
        self.game = get_game(s.game)
        self.seat: int = s.seat
        self._told = len(s.events)
        self._acts = len(s.actions)
        self._resyncs = s.resyncs
        #: the server's refusals of this seat's actions (``ServerError``: code and English line),
        #: oldest first — replaced whole by the loop thread, read by the scene without a lock
        self.refused: tuple[ServerError, ...] = ()
        #: bumps at every resync (a ``state``: an undo, a reconnection), as a local Match's
        #: ``position`` does at a jump
        self.position = 0

    # -- the picture --------------------------------------------------------------------------------
    @property
    def snap(self) -> Snapshot:
        """The latest snapshot."""
        return self.net.snapshot

    @property
    def seats(self) -> list[str]:
        """One kind per seat, a local Match's way: ``"human"`` for this seat, else the server's
        kind (``"person"``, ``"open"`` or an AI level)."""
        return ["human" if i == self.seat else str(s.get("kind")) for i, s in enumerate(self.snap.seats)]

    @property
    def names(self) -> list[str]:
        """The seats' names (``"Seat N"`` for a seat without one)."""
        return [str(s.get("name") or f"Seat {i + 1}") for i, s in enumerate(self.snap.seats)]

    @property
    def humans(self) -> list[int]:
        """The seat played at this screen."""
        return [self.seat]

    @property
    def num_seats(self) -> int:
        """How many seats play."""
        return len(self.snap.seats)

    @property
    def ply(self) -> int:
        """Actions applied at the table so far."""
        return self.snap.ply

    @property
    def event_count(self) -> int:
        """This seat's events so far (the cursor for :meth:`events_for`)."""
        return len(self.snap.events)

    def to_act(self) -> tuple[int, ...]:
        """Seats to act now (empty until the table started, and once over)."""
        s = self.snap
        return s.to_act if s.started and not s.over else ()

    def is_over(self) -> bool:
        """True once the server said the game ended."""
        return self.snap.over

    def outcome(self) -> Outcome | None:
        """The outcome (the view's, told in the language in use) once over, else None."""
        view = self.snap.view
        return getattr(view, "outcome", None) if self.snap.over else None

    def _mine(self, seat: int | None) -> None:
        if seat is not None and seat != self.seat:
            raise ValueError(f"this screen holds seat {self.seat}, not {seat}")

    def view(self, seat: int) -> Any:
        """This seat's view. Raises ValueError for another seat."""
        self._mine(seat)
        return self.snap.view

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """This seat's legal actions now (empty when not to act). Raises ValueError for another seat."""
        self._mine(seat)
        s = self.snap
        return s.legal if s.started and not s.over and seat in s.to_act else ()

    def forced_action(self, seat: int) -> str | None:
        """The only legal action of this seat now, or None."""
        legal = self.legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """This seat's events from index ``since`` of its own log on (``seat`` None or this seat)."""
        self._mine(seat)
        return list(self.snap.events[since:])

    def record(self) -> dict[str, Any]:
        """The game's record once over (with the seed), else ``{}`` (the server keeps the game)."""
        return dict(self.snap.record or {})

    def privacy_due(self, shown: int | None, bottom: int | None = None) -> int | None:
        """Never: one seat per screen."""
        return None

    # -- acting ---------------------------------------------------------------------------------------
    def send(self, seat: int, action: str) -> "concurrent.futures.Future[None]":
        """Send ``action`` for this seat without checking it (the server judges; never waits).
        The future holds None once the server took it, or the refusal: a ``ServerError`` (also
        added to :attr:`refused`, for the scene to show; a ``stale`` one is followed by a
        ``state``) or ``ConnectionLost`` (the resumed picture says whether it was applied).

        Raises:
            InvalidActionError: not a string. ValueError: another seat."""
        self._mine(seat)
        if not isinstance(action, str):
            raise InvalidActionError(f"an action is a string, not {type(action).__name__}")
        return self.net.submit(self._act(action))

    async def _act(self, action: str) -> None:
        try:
            await self.net.client.act(action)
        except ServerError as exc:
            self.refused = (*self.refused, exc)
            log.info("online: the server refused %r: %s", action[:20], exc)
            raise

    def apply(self, seat: int, action: str, timeout: float = ACT_WAIT_S) -> list[Event]:
        """:meth:`send` ``action`` and wait (at most ``timeout`` s) for the server's answer;
        returns ``[]`` (the events come with the server's update, see :meth:`drive`).

        Raises:
            InvalidActionError: not a string. ValueError: another seat. IllegalActionError: the
            server refused it (its line: ``illegal``, ``not-your-turn``, ``stale`` ...), the
            connection dropped meanwhile, or no answer in time (a late answer still counts)."""
        future = self.send(seat, action)
        try:
            future.result(timeout)
        except Exception as exc:
            raise IllegalActionError(f"the server did not take {action!r}: {exc}") from exc
        return []

    def request_undo(self) -> None:
        """Ask the server for an undo (a refusal leaves the game as it is)."""
        async def undo() -> None:
            try:
                await self.net.client.undo()
            except Exception:
                pass
        self.net.submit(undo())

    def ask_undo(self) -> None:
        """Ask the other people to accept an undo (a refusal of the request itself is logged; the
        snapshot's ``asking`` and ``undo_news`` tell what follows)."""
        async def ask() -> None:
            try:
                await self.net.client.ask_undo()
            except Exception as exc:
                log.info("online: the undo request was refused: %s", exc)
        self.net.submit(ask())

    def answer_undo(self, accept: bool) -> None:
        """Accept (True) or refuse the undo request waiting (never waits)."""
        async def answer() -> None:
            try:
                await self.net.client.answer_undo(accept)
            except Exception as exc:
                log.info("online: the answer to the undo request was not sent: %s", exc)
        self.net.submit(answer())

    def stand_in(self, seat: int, level: str) -> None:
        """As the table's creator, ask the server's AI ``level`` to play away seat ``seat`` (a
        refusal is logged; the seat list says when it plays)."""
        async def ask() -> None:
            try:
                await self.net.client.stand_in(seat, level)
            except Exception as exc:
                log.warning("online: the stand-in for seat %d was refused: %s", seat, exc)
        self.net.submit(ask())

    def say(self, phrase: str) -> None:
        """Send a quick message (one of the protocol's ``PHRASES``)."""
        self.net.submit(self.net.client.send(protocol.say(phrase)))

    def drive(self) -> News | None:
        """This seat's events and actions told since the last call, as told (None when nothing
        new). After a resync (:attr:`position` bumped) the news starts at the log's start."""
        s = self.snap
        if s.resyncs != self._resyncs:
            self._resyncs = s.resyncs
            self.position += 1
            self._told = self._acts = 0
        if len(s.events) <= self._told and len(s.actions) <= self._acts:
            return None
        first, self._told = self._told, len(s.events)
        new, acts = s.events[first:], s.actions[self._acts:]
        self._acts = len(s.actions)
        seat = acts[0][0] if acts else new[0].seat if new else None
        return News(seat, new, first, s.ply, acts)

    def think_ahead(self) -> bool:
        """Nothing to think about here (the server plays the AI seats)."""
        return False

    @property
    def thinking(self) -> bool:
        """Never thinking here."""
        return False

    def close(self) -> None:
        """Leave the table (the seat stays this player's) and stop the client's thread."""
        try:
            self.net.submit(self.net.client.leave()).result(5.0)
        except Exception:
            pass
        self.net.stop()

    cancel = close
