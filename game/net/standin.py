"""A dropped person's seat played by an AI (issue 26; split from :mod:`game.net.table` along its
seam): the table's creator may give a seat whose person has been away
:data:`game.net.protocol.STAND_IN_AFTER` seconds to the server's AI (:meth:`StandIns.give_to_ai`);
the Match's seat then is that AI level until its person comes back with its token
(:meth:`StandIns.take_back`). Both are kept in the store's list of actions, in order, so a table
replays with its stand-ins. A mixin of :class:`game.net.table.Table`, whose seats, Match and
store it uses."""
from __future__ import annotations

import logging
import random
from typing import Any

from ..ai import RandomBot, make_bot
from ..core import Game
from ..match import HUMAN, Match
from .protocol import OPEN, ProtocolError
from .tablestore import BACK, STAND_IN, TableStore

log = logging.getLogger("tatami.net.server")


class StandIns:
    """The stand-in AIs of a table's away seats (mixed into :class:`game.net.table.Table`)."""

    code: str
    game: Game
    kinds: list[str]
    tokens: list[str | None]
    peers: dict[int, Any]
    away_since: dict[int, float]
    ai_after_drop: dict[int, str]
    creator: int | None
    finished: bool
    seed: int
    stand_in_after: float
    store: TableStore
    match: Match

    @property
    def started(self) -> bool:  # (Table's)
        raise NotImplementedError

    def _moved(self) -> None:  # (Table's)
        raise NotImplementedError

    def stand_in_due(self, seat: int, now: float) -> float | None:
        """Seconds from ``now`` (monotonic) until the creator may give ``seat`` to an AI: 0.0 when
        :meth:`give_to_ai` would accept it now, None when it never will as things stand (a seat
        not a person's, connected, played by an AI already, the game not started or over)."""
        since = self.away_since.get(seat)
        if (since is None or seat in self.peers or self.kinds[seat] != OPEN or self.tokens[seat] is None
                or seat in self.ai_after_drop or self.finished or not self.started):
            return None
        return max(0.0, since + self.stand_in_after - now)

    def give_to_ai(self, by: int, seat: int, level: str, now: float) -> None:
        """The creator's request (seat ``by``): the server's AI ``level`` plays ``seat`` for its
        away person from now on (kept; the caller tells every seat and starts the AI).

        Raises:
            ProtocolError: ``game-over``, ``bad-seat`` (no such seat), ``not-creator`` (``by`` is
                not the creator), ``not-started``, ``not-person`` (an AI's seat, an open one, or
                one an AI plays already), ``seat-connected``, ``too-soon`` (away less than
                :attr:`stand_in_after` seconds at ``now``, monotonic)."""
        if self.finished or self.match.is_over():
            raise ProtocolError("game-over", "the game has ended")
        if not 0 <= seat < len(self.kinds):
            raise ProtocolError("bad-seat", f"this table has no seat {seat}")
        if by != self.creator:
            raise ProtocolError("not-creator", "only the table's creator may give a seat to an AI")
        if not self.started:
            raise ProtocolError("not-started", "the table waits for its open seats to be taken")
        if self.kinds[seat] != OPEN or self.tokens[seat] is None or seat in self.ai_after_drop:
            raise ProtocolError("not-person", f"seat {seat} is not a person's seat (or an AI plays it already)")
        due = self.stand_in_due(seat, now)
        if due is None:
            raise ProtocolError("seat-connected", f"seat {seat}'s person is connected")
        if due > 0.0:
            raise ProtocolError("too-soon", f"seat {seat} may be given to an AI in {due:.1f} s")
        self.store.add_action(self.code, seat, STAND_IN, level, self.match.ply)
        self.seat_to(seat, level)
        self._moved()

    def take_back(self, seat: int) -> bool:
        """Seat ``seat``'s person is back (its token checked): an AI playing it stops (kept).
        Returns True when an AI played it."""
        if seat not in self.ai_after_drop:
            return False
        self.store.add_action(self.code, seat, BACK, "", self.match.ply)
        self.seat_to(seat, None)
        self._moved()
        return True

    def seat_to(self, seat: int, level: str | None) -> None:
        """The Match's seat ``seat`` played by the AI ``level`` (its bot made afresh from the
        table's seed), or by its person again (None); as a request does, or a restore replaying
        the kept rows (nothing kept here)."""
        m = self.match
        if level is None:
            self.ai_after_drop.pop(seat, None)
            m.seats[seat] = HUMAN
            m.bots.pop(seat, None)
            return
        rng = random.Random(self.seed * 31 + seat + 1)
        try:
            bot: Any = make_bot(self.game.name, level, rng)
        except ValueError as exc:
            log.warning("table %s: no %s AI (%s); seat %d plays random actions", self.code, level, exc, seat)
            bot = RandomBot(rng, self.game.name)
        self.ai_after_drop[seat] = level
        m.seats[seat] = level
        m.bots[seat] = bot


__all__ = ["StandIns"]
