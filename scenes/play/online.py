"""A play scene's seat at an online table (issue 24 §2): :class:`OnlineMatch`, the Match calls the
play scenes make (:mod:`scenes.play.base`), over a :class:`game.net.remote.RemoteMatch`, so a scene
built with ``remote=`` (:class:`scenes.play.modes.PlayModes`) plays exactly as with a local Match.

The server is the truth and the one judge of an action. For a game of perfect information the
scene also needs the position itself (``match.state``: its history, a capture's preview): the
OnlineMatch keeps a *mirror* — a local :class:`game.core.GameState` dealt from the table's first
view (the room's ``"mirror"`` hook in its ``GameInfo.extra``: ``view -> GameState`` at ply 0) —
and applies to it the actions the server tells (every ``state`` and ``update`` says which, with
their events: one :class:`game.match.Move` per action, its update's events as sent). The person's
own action is applied to the mirror at once (the scene shows it) and sent unchecked; the update
that tells it back is not shown twice. A refusal (the server's error) is said in the banner and
the mirror goes back to the server's log; a ``state`` (an undo, a reconnection) deals the mirror
again and replays its actions. Either bumps :attr:`OnlineMatch.position`; :func:`frame` then
``resync()``\\ s the scene (:mod:`scenes.play.online_frame`).

No AI runs here (the server plays AI seats), no hints (a hint would be the local hard AI's), no
saves; undo is asked of the server.
"""
from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from game.core import ActionError, Event, GameState, IllegalActionError, Outcome
from game.i18n import _, pgettext
from game.match import Move
from scenes.play import table_life
from scenes.play.seats import SEAT_KINDS, YOU, default_names, level_label, person_name

log = logging.getLogger("tatami.online")


@dataclass(frozen=True)
class UndoPoint:
    """Where an undo asked of the server goes back to: ``ply`` (the person's last decision)."""

    ply: int


class _NoHints:
    """The hint service of an online seat: never offered (the hard AI would be local)."""

    pending = False

    def request(self, seat: int) -> None:
        return None

    def poll(self) -> None:
        return None

    def cancel(self) -> None:
        return None


class OnlineSeat:
    """What every online play-scene Match shares (see the module doc): the table's seats, names
    and connections, quick messages, undo asked of the server, no AI, no hints, no saves.
    :class:`OnlineMatch` (a mirror, perfect information) and
    :class:`scenes.play.online_told.ToldMatch` (the views and events as told, hidden
    information) add the position.

    Args:
        remote: a :class:`game.net.remote.RemoteMatch` whose seat has joined (or resumed) a table.
    """

    online = True
    synchronous = False
    hot_seat = False
    thinking = False
    worker = None
    seed = 0

    def __init__(self, remote: Any) -> None:
        self.remote = remote
        self.game = remote.game
        self.seat: int = remote.seat
        #: bumps at every resync (undo, reconnection), as a local Match's at a jump
        self.position = 0
        self.hints = _NoHints()
        self.bots: dict[int, Any] = {}
        self.said_told = 0  # the quick messages already said in the banner (:func:`frame`)
        self.refusals_told = len(remote.refused)  # the server's refusals already said (:func:`frame`)
        #: the app's own server when this screen hosts the table (stopped by :meth:`close`), else None
        self.hosting: Any = None
        #: the snapshot's ``undo_news`` already told in the log, and the request whose question
        #: was shown (``(seat, ply)``; :mod:`scenes.play.undo_online`)
        self.undo_told = len(remote.snap.undo_news)
        self.asked_shown: tuple[int, int] | None = None
        #: the other people's seats as the last frame saw them and this seat's link then
        #: (:mod:`scenes.play.table_life`)
        self.life_seen: dict[int, str] | None = table_life.seat_states(self)
        self.was_connected = bool(remote.snap.connected)
        #: the seats whose running out of time the log told (:mod:`scenes.play.turn_clock`)
        self.clock_told: set[int] = set()
        #: the seat as kept across restarts (a :class:`scenes.online.kept.KeptLink`, set by the
        #: online room), and its token and turn as last written there
        self.kept: Any = None
        self.kept_seen: tuple[str | None, bool | None] = (remote.snap.token, None)

    @property
    def snap(self) -> Any:
        """The client's latest :class:`game.net.remote.Snapshot`."""
        return self.remote.snap

    @property
    def names(self) -> list[str]:
        """The seats' names as this screen tells them: this seat "You" (as offline: the log says
        "You took…", issue 33 item 6), the others as the table knows them (a seat without a name,
        an AI's: its default name in the language in use, "Easy AI")."""
        seats = self.snap.seats  # (one snapshot: the client thread may publish the next meanwhile)
        defaults = default_names(scene_seats(["human" if i == self.seat else str(s.get("kind"))
                                              for i, s in enumerate(seats)]))
        return [_(YOU) if i == self.seat else person_name(str(s["name"])) if s.get("name") else defaults[i]
                for i, s in enumerate(seats)]

    def status_of(self, seat: int, status: str, person: str = "choosing") -> str:
        """A seat panel's ``status`` (a play scene's: "thinking", "choosing", "chosen" ...) as this
        table sees it: another person's is ``person`` (the scene's word for a person to act),
        never "thinking" like an AI's, and none while they are away (the panel says "Away"; issue
        33 item 6)."""
        if seat == self.seat or self.remote.seats[seat] != "person" or status not in ("thinking", person):
            return status
        return person if self.connected(seat) else ""

    @property
    def seats(self) -> list[str]:
        """Kinds for the play scene: ``"human"`` for this seat, an AI level for the server's AI
        seats, ``"medium"`` for another person (a kind the scenes know; the names say who)."""
        return scene_seats(self.remote.seats)

    @property
    def humans(self) -> list[int]:
        """The one seat played at this screen."""
        return [self.seat]

    @property
    def num_seats(self) -> int:
        return len(self.remote.seats)

    def started(self) -> bool:
        """True once the server started the table (every seat taken)."""
        return bool(self.snap.started)

    def legal_actions(self, seat: int) -> list[str]:
        """This seat's legal actions now (each kind of online Match says; none here)."""
        return []

    def forced_action(self, seat: int) -> str | None:
        legal = self.legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    def privacy_due(self, shown: int | None, bottom: int | None = None) -> int | None:
        return None

    def bots_to_act(self) -> list[int]:
        return []

    def think_ahead(self) -> bool:
        return False

    def undo_to(self, point: UndoPoint) -> None:
        """Ask the server for the undo; its ``state`` comes back and :func:`frame` resyncs."""
        self.remote.request_undo()

    def ask_undo(self) -> None:
        """Ask the other people to accept an undo (:mod:`scenes.play.undo_online`)."""
        self.remote.ask_undo()

    def answer_undo(self, accept: bool) -> None:
        """Accept or refuse the undo request waiting for this seat's answer."""
        self.remote.answer_undo(accept)

    def say(self, phrase: str) -> None:
        """A quick message (one of the protocol's ``PHRASES``)."""
        self.remote.say(phrase)

    def cancel(self) -> None:
        """Nothing to cancel (no AI here)."""

    def close(self) -> None:
        """Leave the table and stop the client's thread (and the app's own server, if hosting)."""
        self.remote.close()
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    def away(self) -> list[int]:
        """Seats of other people whose connection dropped and no AI plays for (``stand_in``)."""
        return [i for i, s in enumerate(self.snap.seats) if i != self.seat and s.get("kind") == "person"
                and not s.get("connected", True) and not s.get("ai_after_drop")]

    def seat_label(self, seat: int) -> str:
        """What plays ``seat``, as its panel says it, with its connection: "Human" (this screen),
        "Online" / "Away" (another person, connected or not), an AI level's label."""
        kind = self.remote.seats[seat] if 0 <= seat < len(self.remote.seats) else "open"
        if seat == self.seat:
            return level_label("human")
        if kind in SEAT_KINDS:
            return level_label(kind)
        if self.snap.seats[seat].get("ai_after_drop"):
            # Translators: on a play panel, an away player's seat the server's AI plays until they are back
            return pgettext("seat", "AI stands in")
        if self.connected(seat):
            # Translators: on a play panel, another person playing over the network, connected now
            return pgettext("seat", "Online")
        # Translators: on a play panel, another person playing over the network whose connection dropped
        return pgettext("seat", "Away")

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` is at the table now (AI seats always; this seat: its own link)."""
        if seat == self.seat:
            return bool(self.snap.connected)
        if seat == table_life.host_seat(self) and table_life.host_gone(self):
            return False  # (the host's app, the server, went away: issue 33 item 2)
        seats = self.snap.seats
        return bool(seats[seat].get("connected", True)) if 0 <= seat < len(seats) else False


class OnlineMatch(OnlineSeat):
    """The Match of a play scene at an online table of a game of perfect information, with a
    mirror of the position (see the module doc).

    Args:
        remote: a :class:`game.net.remote.RemoteMatch` whose seat has joined a table that has not
            started (its view is the deal's, ply 0).
        start: ``view -> GameState`` (the room's mirror hook): the position at ply 0.
        first_view: the seat's view as its join was answered (ply 0; default: the latest), so an
            AI seat that acts at once does not move the table past the deal first.
    Raises:
        ValueError: the table has moved past ply 0, or the game has hidden information.
    """

    def __init__(self, remote: Any, start: Callable[[Any], GameState], first_view: Any = None) -> None:
        super().__init__(remote)
        if self.game.game_type.hidden_information:
            raise ValueError(f"{self.game.name} has hidden information: no mirror of its position")
        view = first_view if first_view is not None else remote.snap.view
        if view is None or getattr(view, "ply", 0) != 0:
            raise ValueError("the table has already begun")
        self._deal = start(view)
        self.state: GameState = self._deal.clone()
        self._queue: deque[Move] = deque()
        self.broken = False  # the server told an action the mirror cannot take (logged once)
        self._rebuilt = False  # the mirror was replayed from the deal: the scene must resync
        self._mine: deque[tuple[int, str]] = deque()  # this screen's actions not told back yet
        self._rebuild()

    @property
    def ply(self) -> int:
        """Actions the mirror has applied."""
        return len(self.state.history)

    @property
    def event_count(self) -> int:
        """Events in the mirror's log (the cursor of :meth:`events_for`)."""
        return len(self.state.events)

    def to_act(self) -> tuple[int, ...]:
        return tuple(self.state.to_act()) if self.started() else ()

    def is_over(self) -> bool:
        return self.state.is_over()

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def view(self, seat: int) -> Any:
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> list[str]:
        """This seat's legal actions, to offer (none before the start, none for another seat)."""
        if seat != self.seat or not self.started():
            return []
        return list(self.state.legal_actions(seat))

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        return self.state.events_for(seat, since)

    def preview(self, seat: int, action: str) -> list[Event]:
        """The events ``action`` would cause now (on a copy of the mirror)."""
        trial = self.state.clone()
        before = len(trial.events)
        trial.apply(seat, action)
        return list(trial.events[before:])

    def record(self) -> dict[str, Any]:
        """The server's record once over (with the deal), else the mirror's."""
        return self.remote.record() or self.state.record()

    def apply(self, seat: int, action: str) -> list[Event]:
        """Show ``action`` at once — applied to the mirror, its events returned (as a local
        Match's ``apply``) — and send it. The server judges it: a refusal comes back as its error
        (said in the banner by :func:`frame`) and the mirror goes back to the server's log.

        Raises:
            InvalidActionError / IllegalActionError: the mirror's rules refuse it, another seat's,
            or the table has not started (nothing is sent)."""
        if seat != self.seat or not self.started():
            raise IllegalActionError(f"seat {seat} may not act at this screen now")
        before = len(self.state.events)
        self.state.apply(seat, action)
        self._mine.append((seat, action))
        self.remote.send(seat, action)
        return list(self.state.events[before:])

    def drive(self) -> Move | None:
        """The next action another seat took, as the server told it (one
        :class:`game.match.Move` per call, as a local Match's), or None."""
        self._catch_up(queue=True)
        return self._queue.popleft() if self._queue else None

    def undo_points(self, seat: int) -> list[UndoPoint]:
        """The person's last decision, when the server says it would take an undo now (its
        ``undo`` flag) and no other person acted since (the server's rule)."""
        history = self.state.history
        mine = [i for i, (s, _a) in enumerate(history) if s == seat]
        if seat != self.seat or not mine or self.is_over() or not self.snap.undo:
            return []
        kinds = self.remote.seats
        if any(kinds[s] == "person" for s, _a in history[mine[-1] + 1:]):
            return []
        return [UndoPoint(mine[-1])]

    def sync(self) -> bool:
        """Take a ``state`` the server sent (an undo, a reconnection): the mirror is dealt again
        and replayed to the server's actions. True when that happened, or when the mirror went
        back to the server's log (this screen's action refused): the scene must resync."""
        if self.remote.net.told[0] == self._resyncs and not self._rebuilt:
            return False
        if self.remote.net.told[0] != self._resyncs:
            self._rebuild()
        self._rebuilt = False
        self.position += 1
        return True

    def _rebuild(self) -> None:
        """The mirror dealt again and every action told since the last ``state`` (its own, from
        ply 0, first) applied to it; no Moves queued, this screen's actions not told back dropped."""
        self._resyncs = self.remote.net.told[0]
        self._refused = len(self.remote.refused)
        self.state = self._deal.clone()
        self._queue.clear()
        self._mine.clear()
        self.broken = False
        self._next = 0  # the next told position to take
        self._catch_up(queue=False)

    def _catch_up(self, queue: bool) -> None:
        """Apply to the mirror the actions of the positions told since the last call, as told
        (queued as Moves with their update's events for :meth:`drive` when ``queue``). This
        screen's own action refused, or another applied before it: back to the server's log."""
        resyncs, positions = self.remote.net.told
        if resyncs != self._resyncs:
            return  # a state: sync() deals again
        if len(self.remote.refused) != self._refused:
            self._refused = len(self.remote.refused)
            if self._mine:
                self._went_back("the server refused this screen's action")
                return
        while self._next < len(positions) and not self.broken:
            told, first = positions[self._next], positions[self._next - 1].events_end if self._next else 0
            self._next += 1
            for seat, action in told.actions:
                events = tuple(told.log[first:told.events_end]) if len(told.actions) == 1 else None
                if not self._take(seat, action, events, queue):
                    return

    def _take(self, seat: int, action: str | None, events: tuple[Event, ...] | None, queue: bool) -> bool:
        """One action told: this screen's own told back, or another applied to the mirror (a
        Move of ``events``, its update's; None: the mirror's own, for an update of several).
        False when the mirror went back to the server's log or is broken."""
        if self._mine:
            if self._mine[0] == (seat, action):
                self._mine.popleft()
                return True
            self._went_back(f"the server applied seat {seat}'s {action!r} before this screen's action")
            return False
        first = len(self.state.events)
        try:
            if action is None:
                raise IllegalActionError("an action hidden from this seat")
            self.state.apply(seat, action)
        except ActionError as exc:
            self.broken = True
            log.error("online: the mirror cannot take seat %d's %r at ply %d: %s", seat, action, self.ply, exc)
            return False
        if queue:
            shown = events if events is not None else tuple(self.state.events_for(self.seat, first))
            self._queue.append(Move(seat, str(action), shown, first, self.ply))
        return True

    def _went_back(self, why: str) -> None:
        log.warning("online: %s at ply %d: the mirror is replayed from the server's log", why, self.ply)
        self._rebuild()
        self._rebuilt = True  # (the scene resyncs: sync())


def scene_seats(kinds: list[str]) -> list[str]:
    """The play scene's seat kinds for the table's (``"human"`` stays, AI levels stay, anything
    else — another person — is ``"medium"``: a kind the scenes know)."""
    return [k if k in SEAT_KINDS else "medium" for k in kinds]


__all__ = ["OnlineMatch", "OnlineSeat", "UndoPoint", "scene_seats"]
