"""The online seats kept across restarts (issue 24: rejoining an online table after the app was
closed or crashed): :class:`KeptSeats`, a small per-user file of the seats this app took and whose
game has not ended, and :class:`Resuming`, taking one back with its token.

A seat's token (docs/PROTOCOL.md) is the only way back to it; the app keeps it in
``<data dir>/online-seats.json`` (:func:`scenes.shell.settings.data_dir`; the
:class:`scenes.shell.jsonstore.JsonStore` way: atomic writes under a lock, a corrupt file set aside
as ``.bad`` with the usual one-line notice, a newer Tatami's file kept untouched), newest first, at
most :data:`KEEP`::

    {"version": 1,
     "seats": [{"url": "ws://192.168.1.20:8765",   # the server (the app's own: its local address)
                "table": "ABCDEFGHJK", "seat": 1,   # the table code (canonical) and the seat
                "token": "Zk3...",                  # the seat's secret token (32 characters)
                "game": "kaito", "name": "Ben",     # the game's registered name, this player's name
                "when": "2026-11-28T14:05:11+00:00",  # when the seat was taken (UTC)
                "hosted": false,                    # the table is the app's own server's
                "deal": {...} | null}]}             # this seat's view at ply 0 (wire form), for a
                                                    # mirrored game (scenes.play.online.OnlineMatch)

The file and its seats (:class:`KeptSeat`, :class:`KeptSeats`) and the menu's line are
:mod:`scenes.online.keptfile`'s (re-exported here), apart from the network so that the menu reads
them without the online stack. A seat is kept when the app takes it (:func:`keep_seat`: the lobby, or a seat taken back straight
into play) and forgotten when its game ends (the server says ``over``: a watcher on the seat's
client), when the player leaves the table from the lobby, or when the player asks it after a
failed resume (``forget:<i>`` on the join screen) — never silently. Never imports pygame.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.i18n import N_, _
from game.net.invite import server_of, table_url
from game.net.protocol import MAX_NAME
from scenes.online.keptfile import KEEP, KEPT_FILE, KEPT_VERSION, MAX_DEAL, KeptSeat, KeptSeats, menu_line, when_text
from scenes.online.session import Sitting, error_line, mirror_hook

log = logging.getLogger("tatami.online")

#: The line of a failed resume, by error code (else the join's line: :func:`error_line`).
RESUME_LINES: dict[str, str] = {
    # Translators: a kept online table could not be taken back: the server has no table of that
    # code any more (restarted without it, or the table was removed)
    "no-table": N_("This table no longer exists on its server."),
    # Translators: a kept online table could not be taken back: nothing answers at its address
    "no-server": N_("Its server does not answer: it may be closed, or its host gone."),
    # Translators: a kept online table could not be taken back: the server refused the seat's key
    "bad-token": N_("This seat is no longer yours at that table."),
    "bad-seat": N_("This seat is no longer yours at that table."),
}


def resume_error_line(code: str) -> str:
    """The one translated line shown when taking a kept seat back failed with error ``code``."""
    line = RESUME_LINES.get(code)
    return _(line) if line is not None else error_line(code)


def deal_of(match: Any) -> dict[str, Any] | None:
    """The seat's view at ply 0 in its wire form, for a game the app plays over a mirror (its
    position rebuilt from the mirror's record: ``Game.state_from_setup``), else None."""
    game = match.game
    record = getattr(getattr(match, "state", None), "record", None)
    if mirror_hook(game.name) is None or not callable(record):
        return None
    try:
        import json

        deal = game.view_to_json(game.state_from_setup(record()["setup"]).view(match.seat))
        return deal if len(json.dumps(deal)) <= MAX_DEAL else None
    except Exception as exc:
        log.warning("online: the deal is not kept: %s", exc)
        return None


def seat_of(match: Any, hosted: bool) -> KeptSeat | None:
    """The :class:`KeptSeat` of the seat ``match`` holds (its client's table, seat and token), or
    None before it has them."""
    client = match.remote.net.client
    p = client.picture
    if p.table is None or p.seat is None or p.token is None:
        return None
    name = str(p.seats[p.seat].get("name") or "") if 0 <= p.seat < len(p.seats) else ""  # (as the table has it)
    return KeptSeat(server_of(client.url), p.table, p.seat, p.token, match.game.name, str(name)[:MAX_NAME],
                    datetime.now(timezone.utc).isoformat(timespec="seconds"), hosted, deal_of(match))


def keep_seat(match: Any, hosted: bool, store: KeptSeats | None = None) -> KeptSeat | None:
    """Keep the seat ``match`` (an online play-scene Match) holds in the kept seats' file, and
    forget it there once the server says the game is over (:func:`forget_when_over`). Returns
    the seat kept, or None (no seat yet; a game already over: forgotten). Never raises."""
    try:
        seat = seat_of(match, hosted)
        if seat is None:
            return None
        store = store or KeptSeats()
        picture = match.remote.net.client.picture
        if picture.over or picture.ended is not None:  # (a game over, or a table ended on a clock)
            store.forget(*seat.key)
            return None
        store.keep(seat)
        match.remote.net.submit(forget_when_over(match.remote.net.client, seat.table, seat.seat, store.path))
        match.kept = KeptLink(store, seat)  # (what the play scene changes of it: scenes.play.online_frame)
        return seat
    except Exception:
        log.exception("online: the seat is not kept")
        return None


class KeptLink:
    """The kept seat of an online play scene, changed as the game goes (issue 33): a new token (the
    server gives one at every resume, the automatic ones after a drop too: the old one no longer
    works; item 19), whether this seat is to act (the menu's "your turn"; item 7), its host gone
    (item 2). Each change is written at once (:meth:`KeptSeats.keep`). Never raises.

    Args:
        store: the kept seats' file. seat: the seat as kept.
    """

    def __init__(self, store: KeptSeats, seat: KeptSeat) -> None:
        self.store = store
        self.seat = seat

    def _keep(self, **changes: Any) -> bool:
        try:
            self.seat = replace(self.seat, **changes)
            return self.store.keep(self.seat)
        except Exception:
            log.exception("online: the kept seat is not changed")
            return False

    def token(self, token: str) -> bool:
        """The seat's new token."""
        return self._keep(token=token)

    def turn(self, mine: bool) -> bool:
        """Whether this seat is to act now."""
        return self._keep(my_turn=mine)

    def host_gone(self) -> bool:
        """The table's host left (its server went away)."""
        return self._keep(host_away=True)


def forget_seat(match: Any, store: KeptSeats | None = None) -> bool:
    """Forget the seat ``match`` holds (the player left the table for good). Never raises."""
    try:
        p = match.remote.net.client.picture
        return p.table is not None and p.seat is not None and (store or KeptSeats()).forget(p.table, p.seat)
    except Exception:
        log.exception("online: the seat is not forgotten")
        return False


async def forget_when_over(client: Any, table: str, seat: int, path: Path | None = None) -> None:
    """(on the client's loop) Wait until the server says the game is over (or the table ended on a
    turn-based clock), then forget the seat
    (the file written in a worker thread). Ends quietly when the client stops first."""
    try:
        await client.wait(lambda p: p.over or p.ended is not None)
    except Exception:
        return
    await asyncio.to_thread(lambda: KeptSeats(path).forget(table, seat))


class Resuming(Sitting):
    """Taking a kept seat back (``resume`` with its token) on a client thread, polled each frame
    like the :class:`scenes.online.session.Sitting` it is (its ``poll`` builds the Match).

    Args:
        kept: the seat (its token "" for a seat the server listed as this player's: taken back by
            the player's secret). url: where to reach its server (default ``kept.url``; the app's
            own server started again may listen on another port).
    Raises:
        nothing here: a failure is :attr:`error` (``no-server``, ``no-table``, ``bad-token`` ...).
    """

    def __init__(self, kept: KeptSeat, url: str | None = None) -> None:  # (Sitting's own setup: no join)
        from game.net.remote import ClientThread

        self.kept = kept
        self.match = None
        self.error: str | None = None
        self.first_view: Any = None
        deal = kept.deal_view()
        self.net = ClientThread(table_url(url or kept.url, kept.table), player=KeptSeats().player())

        async def sit(client: Any) -> None:
            await client.connect()
            await client.resume(kept.table, kept.seat, kept.token or None)  # (none: by the player's secret)
            # a mirror starts from the deal: the table's own when it has not moved, else the kept one
            told = self.net.deal_view()
            self.first_view = told if told is not None else deal
        self.future = self.net.submit(sit(self.net.client))


__all__ = ["KEEP", "KEPT_FILE", "KEPT_VERSION", "KeptSeat", "KeptSeats", "RESUME_LINES", "Resuming",
           "KeptLink", "deal_of", "menu_line", "forget_seat", "forget_when_over", "keep_seat", "resume_error_line", "seat_of", "when_text"]
