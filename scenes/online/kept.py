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

A seat is kept when the app takes it (:func:`keep_seat`: the lobby, or a seat taken back straight
into play) and forgotten when its game ends (the server says ``over``: a watcher on the seat's
client), when the player leaves the table from the lobby, or when the player asks it after a
failed resume (``forget:<i>`` on the join screen) — never silently. Never imports pygame.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.i18n import N_, _, ngettext
from game.net.protocol import MAX_NAME, MAX_TOKEN, normalize_code, shown_code
from scenes.online.session import Sitting, check_address, error_line, mirror_hook
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.shell.history import month_abbr
from scenes.shell.jsonstore import JsonStore, set_aside
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.online")

KEPT_FILE = "online-seats.json"
KEPT_VERSION = 1
#: How many unfinished seats are kept (the newest).
KEEP = 8
#: The file's size limit (bytes): 8 seats with their deals are a few KB.
MAX_BYTES = 256 * 1024
#: The longest address kept (characters).
MAX_URL = 200
#: The largest deal kept (characters of its JSON): a bigger one is not kept (the resume then
#: needs a Match that starts from the position told, not from the deal).
MAX_DEAL = 16 * 1024

#: What the notices call this file's contents (a catalog text: "{what} could not be read ...").
WHAT = N_("the unfinished online tables")

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


def when_text(iso: str) -> str:
    """``iso`` (an ISO 8601 time) in local time, ``"28 Nov 2026, 14:05"`` in the language in use
    (the raw text if unreadable)."""
    try:
        t = datetime.fromisoformat(iso).astimezone()
    except (ValueError, OverflowError, OSError):
        return iso
    # Translators: when a recent game ended ("31 Jan 2025, 18:02"); {month} is an abbreviated month
    return _("{day} {month} {year}, {time}").format(day=f"{t.day:02d}", month=month_abbr(t.month), year=t.year,
                                                    time=t.strftime("%H:%M"))


@dataclass(frozen=True)
class KeptSeat:
    """One seat taken at an online table whose game has not ended (see the module doc for the
    fields; ``deal`` is the seat's view at ply 0 in its wire form, or None)."""

    url: str
    table: str
    seat: int
    token: str
    game: str
    name: str
    when: str
    hosted: bool = False
    deal: dict[str, Any] | None = field(default=None, repr=False)
    #: the table's host left (its server went away) while this seat played: it resumes when they
    #: host it again (issue 33, item 2)
    host_away: bool = False
    #: this seat was to act when last seen (the menu's "your turn": a seat to act stays so until it
    #: acts), None when unknown
    my_turn: bool | None = None

    @property
    def key(self) -> tuple[str, int]:
        """What names the seat: (table code, seat)."""
        return self.table, self.seat

    @property
    def port(self) -> int | None:
        """The port of :attr:`url`, or None."""
        try:
            return int(self.url.rsplit(":", 1)[1].split("/", 1)[0])
        except (IndexError, ValueError):
            return None

    def title(self) -> str:
        """The row's first line: ``"KAITO — table ABCDE-FGHJK"`` (in the language in use)."""
        info = GAMES_BY_NAME.get(self.game)
        game = _(info.title) if info is not None else self.game
        # Translators: an unfinished online table on the join screen; {game} is the game's name,
        # {code} the table code ("ABCDE-FGHJK")
        return _("{game} — table {code}").format(game=game, code=shown_code(self.table))

    def since(self) -> str:
        """The row's second line: when the seat was taken (``"Joined on 28 Nov 2026, 14:05"``)."""
        if self.hosted:
            # Translators: under an unfinished online table the app hosted; {when} is a date and time
            return _("Hosted here on {when}").format(when=when_text(self.when))
        if self.host_away:
            # Translators: under an unfinished online table whose host left; {when} is when the seat was taken
            return _("Host away · {when}").format(when=when_text(self.when))
        # Translators: under an unfinished online table the player joined; {when} is a date and time
        return _("Joined on {when}").format(when=when_text(self.when))

    def deal_view(self) -> Any:
        """:attr:`deal` decoded by its game (``Game.view_from_json``), or None (none kept, an
        unknown game, a malformed deal: logged)."""
        if self.deal is None:
            return None
        try:
            from game.registry import get as get_game

            return get_game(self.game).view_from_json(self.deal)
        except Exception as exc:
            log.warning("online: the kept deal of table %s cannot be read: %s", self.table, exc)
            return None

    def to_dict(self) -> dict[str, Any]:
        """The JSON object stored in the file."""
        return {"url": self.url, "table": self.table, "seat": self.seat, "token": self.token, "game": self.game,
                "name": self.name, "when": self.when, "hosted": self.hosted, "deal": self.deal,
                "host_away": self.host_away, "my_turn": self.my_turn}

    @classmethod
    def from_dict(cls, d: Any) -> "KeptSeat":
        """A seat from its JSON object.

        Raises:
            ValueError: a field missing, of the wrong type or out of bounds."""
        if not isinstance(d, dict):
            raise ValueError("a seat is not an object")
        for key in ("url", "table", "token", "game", "name", "when"):
            if not isinstance(d.get(key), str):
                raise ValueError(f"{key} must be a string")
        url = check_address(d["url"])
        if url is None or len(url) > MAX_URL:
            raise ValueError("url is not an address")
        table = normalize_code(d["table"])
        if table is None:
            raise ValueError("table is not a table code")
        seat = d.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 15:
            raise ValueError("seat must be an integer 0..15")
        if not 1 <= len(d["token"]) <= MAX_TOKEN or not 1 <= len(d["game"]) <= 32:
            raise ValueError("token or game out of bounds")
        hosted, deal = d.get("hosted", False), d.get("deal")
        if not isinstance(hosted, bool) or not (deal is None or isinstance(deal, dict)):
            raise ValueError("hosted must be a boolean and deal an object or null")
        host_away, my_turn = d.get("host_away", False), d.get("my_turn")
        if not isinstance(host_away, bool) or not (my_turn is None or isinstance(my_turn, bool)):
            raise ValueError("host_away must be a boolean and my_turn a boolean or null")
        return cls(url, table, seat, d["token"], d["game"], d["name"][:MAX_NAME], d["when"], hosted, deal, host_away,
                   my_turn)


class KeptSeats(JsonStore):
    """The kept seats' file (default ``<data dir>/online-seats.json``): :meth:`entries` (newest
    first), :meth:`keep`, :meth:`forget`; ``problem``. Loads on first use; never raises on I/O or
    content errors (a bad file is set aside with a notice, its good seats kept)."""

    WHAT = WHAT
    VERSION = KEPT_VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None):
        super().__init__(Path(path) if path is not None else data_dir() / KEPT_FILE)
        self._entries: list[KeptSeat] | None = None

    def _set_aside(self, reason: str, detail: str, copy: bool = False) -> None:
        """Set the bad file aside (:func:`scenes.shell.jsonstore.set_aside`) and say so in the
        app's one-line notice bar."""
        self.problem = set_aside(self.path, self.WHAT, reason, detail, copy=copy, logger=self.LOG, notify=True)

    def load(self) -> None:
        """(Re)read the file (see the module doc for bad files)."""
        self._entries = []
        doc = self.read_doc()
        if doc is None:
            return
        if not isinstance(doc.get("seats"), list):
            self._set_aside(N_("the file is corrupt"), "ValueError: seats is not a list")
            return
        bad: list[str] = []
        for item in doc["seats"]:
            try:
                self._entries.append(KeptSeat.from_dict(item))
            except ValueError as e:
                bad.append(str(e))
        if bad:
            self._set_aside(N_("some tables were malformed"), f"{len(bad)} malformed: {bad[0]}", copy=True)
        del self._entries[KEEP:]

    def entries(self) -> list[KeptSeat]:
        """The kept seats, newest first (at most :data:`KEEP`)."""
        if self._entries is None:
            self.load()
        assert self._entries is not None
        return list(self._entries)

    def keep(self, seat: KeptSeat) -> bool:
        """Keep ``seat`` at the top (the same table and seat kept before: replaced, its first
        :attr:`KeptSeat.when` kept; the oldest beyond :data:`KEEP` dropped) and write. Returns
        whether the file was written (a failure is logged once, with a notice)."""
        def add() -> None:
            entries = self.entries()
            old = next((e for e in entries if e.key == seat.key), None)
            new = replace(seat, when=old.when) if old is not None else seat
            self._entries = [new] + [e for e in entries if e.key != seat.key][:KEEP - 1]
        self.update(add)
        return self.last_saved

    def forget(self, table: str, seat: int) -> bool:
        """Forget the seat ``seat`` of ``table`` and write; True when it was kept."""
        def drop() -> bool:
            entries = self.entries()
            self._entries = [e for e in entries if e.key != (table, seat)]
            return len(self._entries) != len(entries)
        dropped: bool = self.update(drop)
        return dropped

    def save(self) -> bool:
        """Write atomically; False (logged once) when the folder cannot be written."""
        return self.write_doc({"version": KEPT_VERSION, "seats": [e.to_dict() for e in self.entries()]},
                              separators=(",", ":"))


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
    return KeptSeat(client.url, p.table, p.seat, p.token, match.game.name, str(name)[:MAX_NAME],
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
        if match.remote.net.client.picture.over:
            store.forget(*seat.key)
            return None
        store.keep(seat)
        match.remote.net.submit(forget_when_over(match.remote.net.client, seat.table, seat.seat, store.path))
        match.kept = KeptLink(store, seat)  # (what the play scene changes of it: scenes.play.online_frame)
        return seat
    except Exception:
        log.exception("online: the seat is not kept")
        return None


def menu_line() -> str:
    """What the menu says of this player's unfinished online tables (issue 33, item 7), in the
    language in use: "Your turn online: KAITO" when a table was waiting for this seat when last
    seen (a seat to act stays so until it acts), else "2 unfinished online tables"; "" for none
    (a file that cannot be read counts as none: the join screen says why). Never raises."""
    try:
        entries = KeptSeats().entries()
    except Exception:
        log.exception("online: the kept seats cannot be read for the menu")
        return ""
    if not entries:
        return ""
    mine = next((e for e in entries if e.my_turn and not e.host_away), None)
    if mine is not None:
        info = GAMES_BY_NAME.get(mine.game)
        # Translators: on the menu: an online table waits for this player's move; {game} is its game
        return _("Your turn online: {game}").format(game=_(info.title) if info is not None else mine.game)
    # Translators: on the menu: online tables this player has not finished
    return ngettext("{n} unfinished online table", "{n} unfinished online tables", len(entries)).format(n=len(entries))


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
    """(on the client's loop) Wait until the server says the game is over, then forget the seat
    (the file written in a worker thread). Ends quietly when the client stops first."""
    try:
        await client.wait(lambda p: p.over)
    except Exception:
        return
    await asyncio.to_thread(lambda: KeptSeats(path).forget(table, seat))


class Resuming(Sitting):
    """Taking a kept seat back (``resume`` with its token) on a client thread, polled each frame
    like the :class:`scenes.online.session.Sitting` it is (its ``poll`` builds the Match).

    Args:
        kept: the seat. url: where to reach its server (default ``kept.url``; the app's own
            server started again may listen on another port).
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
        self.net = ClientThread(url or kept.url)

        async def sit(client: Any) -> None:
            await client.connect()
            await client.resume(kept.table, kept.seat, kept.token)
            # a mirror starts from the deal: the table's own when it has not moved, else the kept one
            told = self.net.deal_view()
            self.first_view = told if told is not None else deal
        self.future = self.net.submit(sit(self.net.client))


__all__ = ["KEEP", "KEPT_FILE", "KEPT_VERSION", "KeptSeat", "KeptSeats", "RESUME_LINES", "Resuming",
           "KeptLink", "deal_of", "menu_line", "forget_seat", "forget_when_over", "keep_seat", "resume_error_line", "seat_of", "when_text"]
