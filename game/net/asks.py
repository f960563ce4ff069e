"""What a seat asks of its table beyond playing (mixed into :class:`game.net.client.Client`): an
undo, an undo the others accept, an answer to theirs, a dropped seat given to the server's AI, a
quick phrase (docs/PROTOCOL.md).
"""
from __future__ import annotations

from typing import Any, Callable

from . import protocol
from .picture import Picture


class TableAsks:
    """The requests of a seat besides ``act`` (see the module doc)."""

    picture: Picture

    async def request(self, message: dict[str, Any], answer: str | Callable[[dict[str, Any]], bool],
                      timeout: float = 30.0) -> dict[str, Any]:  # (Client's)
        raise NotImplementedError

    async def send(self, message: dict[str, Any]) -> None:  # (Client's)
        raise NotImplementedError

    async def undo(self) -> None:
        """Ask for an undo to this seat's last undo point.

        Raises:
            ServerError: ``undo`` (no undo point), ``game-over`` ..."""
        ply = self.picture.ply
        await self.request(protocol.undo(ply), lambda m: m.get("type") in ("update", "state"))

    async def ask_undo(self) -> None:
        """Ask the other people to accept an undo of this seat's last decision (``undo-ask``, when
        the picture's ``undo_ask`` says the server takes one); returns once every seat was told
        (``undo-asked``). Their answers come later (``Picture.asking``, ``undo_news``).

        Raises:
            ServerError: ``undo`` (no request this seat may make now), ``stale`` ..."""
        await self.request(protocol.undo_ask(self.picture.ply), "undo-asked")

    async def answer_undo(self, accept: bool) -> None:
        """Answer the undo request waiting (``undo-answer``): accept (True) or refuse. Sent, not
        waited for: the ``state`` (the undo made) or ``undo-answered`` follows for every seat.

        Raises:
            ConnectionLost: no connection."""
        await self.send(protocol.undo_answer(accept))

    async def stand_in(self, seat: int, level: str) -> None:
        """As the table's creator, give seat ``seat`` (a person's, away for at least the server's
        :data:`game.net.protocol.STAND_IN_AFTER` seconds: its ``stand_in_allowed``) to the
        server's AI ``level`` (``"easy"``, ``"medium"`` or ``"hard"``); returns once the ``lobby``
        says an AI plays it. The seat's person takes it back by resuming.

        Raises:
            ServerError: ``not-creator``, ``too-soon``, ``seat-connected``, ``not-person``,
                ``bad-seat``, ``not-started``, ``game-over``, ``malformed`` (a level not offered) ...
            ConnectionLost: the connection dropped meanwhile."""
        def answered(m: dict[str, Any]) -> bool:
            seats = m.get("seats", ()) if m.get("type") == "lobby" else ()
            return any(s.get("seat") == seat and s.get("ai_after_drop") for s in seats)
        await self.request(protocol.stand_in(seat, level), answered)

    async def say(self, phrase: str) -> None:
        """Send a quick message (one of the welcome's ``phrases``); returns once it came back.

        Raises:
            ServerError: ``malformed`` (not a phrase) ..."""
        await self.request(protocol.say(phrase),
                           lambda m: m.get("type") == "said" and m.get("seat") == self.picture.seat)


__all__ = ["TableAsks"]
