"""The online seats kept across restarts, as a file (issue 24; the network side is
:mod:`scenes.online.kept`): :class:`KeptSeat`, :class:`KeptSeats` and the menu's line about them
(:func:`menu_line`), with whose turn it is on the settings' online server (issue 35: the app's
watch, :func:`app_watch`, made — with asyncio and the network — only once a server is set).
Apart from the network so that the menu reads it without starting the online room's stack
(asyncio, the client, the mirrors: issue 34, the start). See :mod:`scenes.online.kept`
for the file's format. Never imports pygame.
"""
from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from game.i18n import N_, _, ngettext
from scenes.online.pace import server_address
from scenes.shell.catalog import game_title
from scenes.shell.history import month_abbr
from scenes.shell.jsonstore import JsonStore, set_aside
from scenes.shell.settings import data_dir, server_address_ok

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

#: A player's secret as the file keeps it (what :func:`secrets.token_urlsafe` makes: 16-64 characters).
PLAYER_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")

#: What the notices call this file's contents (a catalog text: "{what} could not be read ...").
WHAT = N_("the unfinished online tables")


def check_address(text: str) -> str | None:
    """``text`` (spaces around it dropped) as an address (``ws://`` or ``wss://`` and a host: the
    settings' own check, :func:`scenes.shell.settings.server_address_ok`), or None."""
    url = text.strip()
    return url if server_address_ok(url) else None


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
        from game.net.protocol import shown_code  # (on use: the menu reads this file at start)

        game = game_title(self.game)
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
        from game.net.protocol import MAX_NAME, MAX_TOKEN, normalize_code  # (on use: read at start)

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
    first), :meth:`keep`, :meth:`forget`, and this player's secret (:meth:`player`: issue 35, the
    key a server knows the player by, made on first use); ``problem``. Loads on first use; never
    raises on I/O or content errors (a bad file is set aside with a notice, its good seats kept)."""

    WHAT = WHAT
    VERSION = KEPT_VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None):
        super().__init__(Path(path) if path is not None else data_dir() / KEPT_FILE)
        self._entries: list[KeptSeat] | None = None
        self._player: str | None = None

    def _set_aside(self, reason: str, detail: str, copy: bool = False) -> None:
        """Set the bad file aside (:func:`scenes.shell.jsonstore.set_aside`) and say so in the
        app's one-line notice bar."""
        self.problem = set_aside(self.path, self.WHAT, reason, detail, copy=copy, logger=self.LOG, notify=True)

    def load(self) -> None:
        """(Re)read the file (see the module doc for bad files)."""
        self._entries = []
        self._player = None
        doc = self.read_doc()
        if doc is None:
            return
        player = doc.get("player")
        if isinstance(player, str) and PLAYER_RE.fullmatch(player):
            self._player = player
        elif player is not None:  # (kept aside: a new secret is made; the seats' tokens still work)
            self._set_aside(N_("the file is corrupt"), "ValueError: the player's secret is malformed", copy=True)
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

    def player(self) -> str:
        """This player's secret (32 characters), made and written on first use. Said in every
        ``hello``: the server keeps the seats it takes as this player's (docs/PROTOCOL.md,
        "Players"). When the file cannot be written the secret made is used for this run only."""
        if self._entries is None:
            self.load()
        if self._player is None:
            def make() -> str:
                if self._player is None:  # (re-read under the lock: another window may have made it)
                    self._player = secrets.token_urlsafe(24)
                return self._player
            made: str = self.update(make)
            return made
        return self._player

    def save(self) -> bool:
        """Write atomically; False (logged once) when the folder cannot be written."""
        doc: dict[str, Any] = {"version": KEPT_VERSION, "seats": [e.to_dict() for e in self.entries()]}
        if self._player is not None:
            doc["player"] = self._player
        return self.write_doc(doc, separators=(",", ":"))


def open_tables(app: Any) -> set[str]:
    """The codes of the online tables this window is at (a scene of its stack with an online Match)."""
    out: set[str] = set()
    for scene in list(getattr(getattr(app, "manager", None), "stack", ())):
        match = getattr(scene, "match", None)
        table = getattr(getattr(match, "snap", None), "table", None) if getattr(match, "online", False) else None
        if table:
            out.add(str(table))
    return out


def app_watch(app: Any) -> Any:
    """``app.turn_watch`` (a :class:`scenes.online.turnwatch.TurnWatch`), following the settings'
    online server: made when one is set (its
    player's secret from the kept seats' file, a desktop notifier), replaced when the address
    changed, stopped and None when there is none. Never raises."""
    url = server_address(getattr(app, "settings", None))
    watch = getattr(app, "turn_watch", None)
    if watch is not None and watch.url == url:
        return watch
    if watch is not None:
        watch.stop()
        app.turn_watch = None
    if url is None:
        return None
    try:  # (asyncio and the network only now: a server is set)
        from scenes.online.notify import Notifier
        from scenes.online.turnwatch import TurnWatch

        assets = getattr(app, "assets", None)
        icon = assets.path("icon/tatami.png") if assets is not None else None
        app.turn_watch = TurnWatch(url, KeptSeats().player(), Notifier(icon), quiet=lambda: open_tables(app))
    except Exception:
        log.exception("online: the turns are not watched")
        app.turn_watch = None
    return getattr(app, "turn_watch", None)


def menu_line(app: Any = None) -> str:
    """The menu's line about this player's online tables, in the language in use: "Your turn in 2
    games" (the server's tables at this player's turn, with the kept seats elsewhere that were
    when last seen), "Your turn online: KAITO" for one, else "2 unfinished online tables" (the
    server's and the kept seats elsewhere; before the server answers, the kept seats); "" for none
    (a file that cannot be read counts as none: the join screen says why). Without ``app``, the
    kept seats alone (issue 33, item 7). Never raises."""
    try:
        watch = app_watch(app) if app is not None else None
        listed = watch.tables if watch is not None else None  # (None until the server answers)
        server = watch.url if watch is not None and listed is not None else None
        turns = [str(t.get("game")) for t in listed or () if t.get("your_turn")]
        elsewhere = [e for e in KeptSeats().entries() if e.url != server]
        turns += [e.game for e in elsewhere if e.my_turn and not e.host_away]
    except Exception:
        log.exception("online: the menu's line about online tables")
        return ""
    if len(turns) == 1:
        # Translators: on the menu: an online table waits for this player's move; {game} is its game
        return _("Your turn online: {game}").format(game=game_title(turns[0]))
    if turns:
        # Translators: on the menu: online tables wait for this player's move
        return ngettext("Your turn in {n} game", "Your turn in {n} games", len(turns)).format(n=len(turns))
    n = len(listed or ()) + len(elsewhere)
    if not n:
        return ""
    # Translators: on the menu: online tables this player has not finished
    return ngettext("{n} unfinished online table", "{n} unfinished online tables", n).format(n=n)


__all__ = ["KEEP", "KEPT_FILE", "KEPT_VERSION", "MAX_DEAL", "KeptSeat", "KeptSeats", "app_watch", "check_address",
           "menu_line", "open_tables",
           "when_text"]
