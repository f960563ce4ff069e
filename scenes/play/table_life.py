"""A table's life told at an online table (issue 33, items 2 and 6): a player who drops, comes back,
or whose seat an AI plays meanwhile, this seat's own connection lost and found again, and the
table's host leaving — each a line in the game log (every window sees its own seat list change,
so every log tells it) and, while it lasts, the banner's line (:func:`banner_line`).

The host leaving: at a table an app hosts, the host's app *is* the server, so when its host goes
back to the menu every other seat's connection closes with code 1001 (the server going away;
:attr:`game.net.client.Client.server_gone`). The banner then says what happens — the game goes on
when the host hosts it again, and the table stays in this player's unfinished tables, which say
"host away" (``match.kept``, :meth:`scenes.online.kept.KeptLink.host_gone`) until it is taken back or the
server says the game is over.
"""
from __future__ import annotations

from typing import Any

from game.i18n import _


def seat_states(match: Any) -> dict[int, str]:
    """Each other person's seat as its panel says it: ``"here"``, ``"away"`` or ``"ai"`` (an AI
    plays it until they are back)."""
    out: dict[int, str] = {}
    for i, s in enumerate(match.snap.seats):
        if i == match.seat or s.get("kind") != "person":
            continue
        out[i] = "ai" if s.get("ai_after_drop") else "here" if s.get("connected", True) else "away"
    return out


def host_seat(match: Any) -> int | None:
    """The seat of the table's creator (the app that hosts it), if it is another seat."""
    return next((i for i, s in enumerate(match.snap.seats) if s.get("creator") and i != match.seat), None)


def host_gone(match: Any) -> bool:
    """True while this seat's connection is down because the server went away and the table's
    host is another player (their app was the server: they left)."""
    snap = match.snap
    return not snap.connected and bool(snap.server_gone) and host_seat(match) is not None


def seat_line(match: Any, seat: int, was: str, now: str) -> str | None:
    """The log's line when ``seat`` went from ``was`` to ``now`` (:func:`seat_states`), or None."""
    name = match.names[seat]
    if now == "away" and was == "here":
        # Translators: a line of the game log at an online table: {name}'s connection dropped
        return _("{name} lost the connection.").format(name=name)
    if now == "here":
        # Translators: a line of the game log at an online table: {name} is connected again
        return _("{name} is back.").format(name=name)
    if now == "ai":
        # Translators: a line of the game log at an online table: the server's AI plays an away player's seat
        return _("An AI plays for {name} until they are back.").format(name=name)
    return None


def tell(scene: Any, match: Any) -> None:
    """Once per frame: note in the log what changed since the last frame (other seats, this
    seat's connection, the host gone) and mark the kept seat "host away" once."""
    seats = seat_states(match)
    before = match.life_seen
    if before is not None:
        for seat, now in seats.items():
            was = before.get(seat, "here")
            line = seat_line(match, seat, was, now) if was != now else None
            if line is not None:
                scene.game_log.note(line, seat)
    match.life_seen = seats
    connected, gone = bool(match.snap.connected), host_gone(match)
    if connected != match.was_connected and match.snap.started:
        if not connected and gone:
            host = host_seat(match)
            # Translators: a line of the game log at an online table: the player who hosts it left
            scene.game_log.note(_("{name}, who hosts this table, has left.").format(name=match.names[host]), host)
            mark_host_away(match)
        elif not connected:
            # Translators: a line of the game log at an online table: this player's connection dropped
            scene.game_log.note(_("The connection to the table was lost."))
        else:
            # Translators: a line of the game log at an online table: this player's connection is back
            scene.game_log.note(_("Connected to the table again."))
    match.was_connected = connected


def mark_host_away(match: Any) -> None:
    """The kept seat of this table says "host away" (``match.kept``, set by the online room:
    :class:`scenes.online.kept.KeptLink`). Never raises."""
    kept = getattr(match, "kept", None)
    if kept is not None:
        kept.host_gone()


def banner_line(match: Any) -> str | None:
    """The banner's line while this seat is cut off: the host gone (what happens now), the
    connection given up, or reconnecting; else None."""
    snap = match.snap
    if snap.connected or not snap.started or snap.over:
        return None
    if host_gone(match):
        # Translators: the play banner after the player hosting an online table left
        return _("The host has left. The game goes on when they host it again: it stays in your unfinished tables.")
    if snap.given_up:
        # Translators: the play banner when the connection to an online table could not be made again
        return _("The connection is lost. The table stays in your unfinished tables.")
    # Translators: the play banner while the connection to an online table is being made again
    return _("Connection lost: reconnecting…")


__all__ = ["banner_line", "host_gone", "host_seat", "mark_host_away", "seat_line", "seat_states", "tell"]
