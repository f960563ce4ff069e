"""The people at a table's seats (mixed into :class:`game.net.table.Table`): who took which open
seat, its name, its token's hash and its player's (issue 35, item 3: the secret a player's Tatami
makes once and sends in ``hello``), the seat list every message carries, and the checks of a
``resume``.
"""
from __future__ import annotations

import hmac
import time
from typing import Any, Callable

from . import protocol as proto
from .protocol import OPEN, PERSON, ProtocolError
from .tablestore import TableStore, token_hash


class Seats:
    """The seats' people (see the module doc)."""

    code: str
    kinds: list[str]
    names: list[str | None]
    tokens: list[str | None]
    #: per seat, the hash of the player secret of the person who took it (None: none said)
    players: list[str | None]
    peers: dict[int, Any]
    away_since: dict[int, float]
    ai_after_drop: dict[int, str]
    creator: int | None
    finished: bool
    store: TableStore
    _started: bool
    #: (StandIns': no stub here, this class comes first among the table's bases)
    stand_in_due: Callable[[int, float], float | None]

    @property
    def started(self) -> bool:
        """True once every open seat has been taken (the game moves only then)."""
        if not self._started:  # (a seat once taken stays taken: once True, always True)
            self._started = all(k != OPEN or t is not None for k, t in zip(self.kinds, self.tokens))
        return self._started

    def seat_list(self, now: float | None = None) -> list[dict[str, Any]]:
        """The protocol's seat list (docs/PROTOCOL.md), one object per seat: ``seat``, ``kind``,
        ``name``, ``connected`` (bool), ``away`` (whole seconds a taken person's seat has been
        without a connection at ``now``, monotonic seconds, default the clock's; None when
        connected or not a person's), ``creator`` (bool), ``ai_after_drop`` (bool),
        ``stand_in`` (the AI level playing for the away person, or None), ``stand_in_allowed``
        (bool: :meth:`give_to_ai` would give this seat to an AI now)."""
        now = time.monotonic() if now is None else now
        out = []
        for s, kind in enumerate(self.kinds):
            person = kind == OPEN
            since = self.away_since.get(s) if person and s not in self.peers else None
            out.append({"seat": s, "kind": (PERSON if self.tokens[s] is not None else OPEN) if person else kind,
                        "name": self.names[s], "connected": (s in self.peers) if person else True,
                        "away": None if since is None else int(max(0.0, now - since)),
                        "creator": s == self.creator, "ai_after_drop": s in self.ai_after_drop,
                        "stand_in": self.ai_after_drop.get(s), "stand_in_allowed": self.stand_in_due(s, now) == 0.0})
        return out

    def take(self, name: str, seat: int | None, player: str | None = None) -> tuple[int, str]:
        """Give an open seat (``seat``, else the first open one) to ``name``, whose player secret
        hashes to ``player`` (or None); kept in the store.

        Returns:
            ``(seat, token)``; only the token's hash is kept.
        Raises:
            ProtocolError: ``game-over``, ``table-full``, ``bad-seat`` (not a seat of the table,
                an AI's, or taken)."""
        if self.finished:
            raise ProtocolError("game-over", "the game has ended")
        free = [s for s, k in enumerate(self.kinds) if k == OPEN and self.tokens[s] is None]
        if seat is None:
            if not free:
                raise ProtocolError("table-full", "no open seat left")
            seat = free[0]
        elif seat not in free:
            raise ProtocolError("bad-seat", f"seat {seat} is not an open seat of this table")
        token = proto.new_token()
        sha = token_hash(token)
        self.store.take_seat(self.code, seat, name, sha, player)
        self.tokens[seat], self.names[seat], self.players[seat] = sha, name, player
        if self.creator is None:
            self.creator = seat
            self.store.set_creator(self.code, seat)
        return seat, token

    def rotate_token(self, seat: int) -> str:
        """A new token for ``seat`` (a resume: issue 33, item 19), kept in the store before it
        replaces the old one, which stops working. Returns the new token.

        Raises:
            StoreError: the store could not keep it (the old token still works)."""
        token = proto.new_token()
        sha = token_hash(token)
        self.store.take_seat(self.code, seat, self.names[seat] or "", sha, self.players[seat])
        self.tokens[seat] = sha
        return token

    def check_player(self, seat: int, player: str | None) -> None:
        """Check that the player whose secret hashes to ``player`` took seat ``seat`` (a
        ``resume`` without the seat's token: issue 35, item 3; constant-time).

        Raises:
            ProtocolError: ``bad-seat`` (no such seat), ``bad-token`` (no player said, or another's)."""
        if not 0 <= seat < len(self.kinds):
            raise ProtocolError("bad-seat", f"this table has no seat {seat}")
        kept = self.players[seat]
        if player is None or kept is None or not hmac.compare_digest(kept, player):
            raise ProtocolError("bad-token", "this seat was not taken by this player")

    def check_token(self, seat: int, token: str) -> None:
        """Check that ``token`` is seat ``seat``'s (constant-time).

        Raises:
            ProtocolError: ``bad-seat`` (no such seat), ``bad-token``."""
        if not 0 <= seat < len(self.kinds):
            raise ProtocolError("bad-seat", f"this table has no seat {seat}")
        sha = self.tokens[seat]
        if sha is None or not hmac.compare_digest(sha, token_hash(token)):
            raise ProtocolError("bad-token", "that token is not this seat's")


__all__ = ["Seats"]
