"""Sitting at an online table without ever waiting in a frame (issue 24 §2): :class:`Sitting` (a
join — or a table created, then joined — in progress on a client thread, polled each frame),
:class:`Hosting` (``game.net.server`` run by the app on an asyncio loop in a daemon thread, its
database in the app's data folder) and the translated line of each error code.
"""
from __future__ import annotations

import asyncio
import importlib
import logging
import socket
import threading
from pathlib import Path
from typing import Any, Sequence

from game import environ
from game.i18n import N_, _
from game.net.client import error_code
from game.net.invite import table_url
from scenes.online.keptfile import KeptSeats, check_address
from scenes.play.online import OnlineMatch, OnlineSeat
from scenes.play.online_told import ToldMatch
from scenes.shell.catalog import GAMES_BY_NAME

log = logging.getLogger("tatami.online")

#: The address the join screen offers first (a server on this machine).
DEFAULT_ADDRESS = "ws://127.0.0.1:8765"
#: The port the app's own server tries first (then any free one).
HOST_PORT = 8765
#: The bind address of the app's server for real use (every network of the machine);
#: ``TATAMI_NET_HOST`` (tests, checks, development: 127.0.0.1) overrides it.
BIND_ALL = "0.0.0.0"

#: One line per error code (the server's, docs/PROTOCOL.md, and the app's own), English catalog
#: texts translated when shown.
ERROR_LINES: dict[str, str] = {
    "bad-code": N_("A table code has ten letters and digits, like ABCDE-FGHJK."),
    "bad-address": N_("An address starts with ws:// or wss://, like ws://192.168.1.20:8765."),
    "no-server": N_("No Tatami server answers at this address."),
    "no-table": N_("No table has this code on this server."),
    # Translators: joining or taking back an online table whose record the server cannot read
    "damaged": N_("The server's record of this table is damaged: it cannot be played there."),
    "table-full": N_("Every seat of this table is taken."),
    "bad-seat": N_("This seat cannot be taken."),
    "version": N_("This server speaks another version of Tatami."),
    "busy": N_("The server is busy. Try again later."),
    "rate": N_("Too many requests. Wait a moment and try again."),
    "unsupported": N_("This game cannot be played online in the app yet."),
    "no-host": N_("The server could not be started on this computer."),
    "timeout": N_("The server did not answer in time."),
}
#: The line of any other code.
OTHER_ERROR = N_("The server refused: {code}.")


def error_line(code: str) -> str:
    """The one translated line shown for error ``code``."""
    line = ERROR_LINES.get(code)
    return _(line) if line is not None else _(OTHER_ERROR).format(code=code)


def mirror_hook(game: str) -> Any:
    """The room's ``view -> GameState`` mirror hook (``GameInfo.extra["mirror"]``), or None."""
    info = GAMES_BY_NAME.get(game)
    path = info.extra.get("mirror") if info is not None else None
    if not isinstance(path, str):
        return None
    module, _sep, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def seat_match(remote: Any, first_view: Any = None) -> OnlineSeat:
    """The play scenes' Match for a seat just taken: an :class:`OnlineMatch` (a mirror of the
    position, from the room's mirror hook) for a game of perfect information, else a
    :class:`scenes.play.online_told.ToldMatch` (the views and events as told) — for a game of
    perfect information too when no deal is known to start a mirror from (the table has begun and
    its seat was taken back by the player's secret, without the kept seat's deal).

    Raises:
        ValueError: nothing told yet."""
    hook = mirror_hook(remote.game.name)
    if hook is not None:
        try:
            return OnlineMatch(remote, hook, first_view)
        except ValueError as exc:  # no deal to start a mirror from (a seat taken back by the player's secret)
            log.info("online: no mirror of this table (%s): its positions as told", exc)
    return ToldMatch(remote, first_view)


class Sitting:
    """Joining table ``code`` at ``url`` as ``name`` (at ``seat``, else the first open one) — or,
    with ``create=(game, seats, options)``, creating the table first (turn-based with ``clock``, the
    ``create`` message's: :func:`scenes.online.pace.clock_request`) — on a
    :class:`game.net.remote.ClientThread`. Poll :meth:`poll` once per frame.

    Attributes:
        match: the seat's :class:`scenes.play.online.OnlineMatch` once seated, else None.
        error: the error code once it failed (see :func:`error_line`), else None.
    """

    def __init__(self, url: str, name: str, code: str | None = None,
                 create: tuple[str, Sequence[str], dict[str, Any]] | None = None, seat: int | None = None,
                 clock: dict[str, Any] | None = None) -> None:
        from game.net.remote import ClientThread

        self.match: OnlineSeat | None = None
        self.error: str | None = None
        self.first_view: Any = None
        # (the player's secret in every hello: the server keeps the seats taken as this player's)
        player = KeptSeats().player()
        # the seat's connection goes to the table's own address (game.net.invite.table_url: behind
        # several processes every seat of a table meets at one); a table is made on one of its own
        self.net = ClientThread(table_url(url, code) if code else url, player=player)

        async def sit(client: Any) -> None:
            table = code
            if create is not None:
                table = await create_table(url, player, create[0], list(create[1]), create[2] or None, clock)
                client.url = table_url(url, table)
            await client.connect()
            await client.join(table, name, seat)
            self.first_view = self.net.deal_view()  # the deal as told, before an AI seat acted
        self.future = self.net.submit(sit(self.net.client))

    @property
    def done(self) -> bool:
        return self.match is not None or self.error is not None

    def poll(self) -> bool:
        """Take the join's result once it is there; True once seated or failed."""
        if self.done or not self.future.done():
            return self.done
        exc = self.future.exception()
        if exc is not None:
            self.fail(error_code(exc))
            return True
        from game.net.remote import RemoteMatch

        try:
            remote = RemoteMatch(self.net)
            self.match = seat_match(remote, self.first_view)
        except Exception as exc2:
            log.warning("online: cannot play this table here: %s", exc2)
            self.fail("unsupported")
        return True

    def fail(self, code: str) -> None:
        """Give up with ``code`` (the client thread stops)."""
        self.error = code
        self.net.stop()

    def cancel(self) -> None:
        """Stop waiting (the client thread stops)."""
        if self.match is not None:
            self.match.close()
        else:
            self.net.stop()


async def create_table(url: str, player: str, game: str, seats: list[str], options: dict[str, Any] | None,
                       clock: dict[str, Any] | None) -> str:
    """(on a client's loop) Create a table at ``url`` on a connection of its own, closed after;
    its code (:meth:`game.net.client.Client.create` raises)."""
    from game.net.client import Client

    maker = Client(url, player=player, reconnect_for=0)
    try:
        await maker.connect()
        return await maker.create(game, seats, options=options, clock=clock)
    finally:
        await maker.close()


def bind_host() -> str:
    """Where the app's server listens: ``TATAMI_NET_HOST`` or every network (:data:`BIND_ALL`)."""
    return environ.net_host() or BIND_ALL


def lan_address() -> str:
    """This computer's address as others on the network reach it (best effort, no traffic)."""
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return address


def open_seats(match: Any) -> int:
    """Seats of ``match``'s table nobody took yet."""
    return sum(1 for seat in match.snap.seats if seat.get("kind") == "open")


def announce(match: Any, hosting: "Hosting") -> Any:
    """Announce the app's own table on the local network (``game.net.discovery.Announcer``: inert
    when ``TATAMI_LAN`` is off), or None: a server bound to one address only is not for the
    network; a failure is logged."""
    if hosting.host != BIND_ALL or match.snap.table is None:
        return None
    try:
        from game.net.discovery import Announcer

        seats = match.snap.seats
        return Announcer(match.snap.table, match.game.name, int(hosting.url.rsplit(":", 1)[1]),
                         open_seats=open_seats(match), seats=len(seats), host=match.names[match.seat])
    except Exception as exc:
        log.warning("online: the table is not announced on the network: %s", exc)
        return None


#: What the app's own server keeps, as a notice names it.
# Translators: in a notice: what could not be read (the tables this computer hosted online)
HOSTED_WHAT = N_("the tables hosted on this computer")


def set_aside_if_damaged(db: Path) -> bool:
    """The app's own server's database ``db``, when it cannot be read whole (garbage in it, a
    table lost: :class:`game.net.store.SqliteTableStore` refuses it), moved aside as
    ``<name>.bad`` with its log files, a notice on screen, so hosting starts again on a new one
    and the damaged file is kept for whoever wants it back (issue 33, item 17). True when moved."""
    from game.net.store import Store
    from game.net.tablestore import StoreError
    from scenes.shell.jsonstore import set_aside

    try:
        Store(db).close()
        return False
    except StoreError as exc:
        problem = set_aside(db, HOSTED_WHAT, N_("the file is corrupt"), str(exc), logger=log, notify=True)
    if problem.moved_to is None:
        return False
    for tail in ("-wal", "-shm"):  # (its log belongs to it: a new database must not read it)
        log_file = db.with_name(db.name + tail)
        if log_file.exists():
            log_file.replace(problem.moved_to.with_name(problem.moved_to.name + tail))
    return True


class Hosting:
    """The app's own server (:class:`game.net.server.Server`) on an asyncio loop in a daemon thread,
    its tables in ``db`` (SQLite). Starting blocks for the bind only (a few ms).

    Args:
        db: the database file (None: in memory). host: the bind address (:func:`bind_host`).
        prefer_port: the port to try first (the one a table hosted before listened on, so its players'
            clients find it again), then :data:`HOST_PORT`, then any free one.
    Raises:
        OSError: no port could be bound.
    """

    def __init__(self, db: Path | None, host: str | None = None, prefer_port: int | None = None) -> None:
        from game.net.server import Server
        from game.net.store import Store

        if db is not None:
            set_aside_if_damaged(db)

        self.host = host or bind_host()
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="tatami-host", daemon=True)
        self._thread.start()

        async def start() -> tuple[Any, str]:
            server = Server(Store(db) if db is not None else None)
            for first in dict.fromkeys(p for p in (prefer_port, HOST_PORT) if p):
                try:
                    return server, await server.start(self.host, first)
                except OSError:  # taken: the next one
                    continue
            return server, await server.start(self.host, 0)  # any free one
        try:
            self.server, self.url = asyncio.run_coroutine_threadsafe(start(), self.loop).result(30.0)
        except BaseException:
            self.loop.call_soon_threadsafe(self.loop.stop)
            raise
        #: the address to connect to from this computer
        self.local_url = self.url.replace(f"//{BIND_ALL}:", "//127.0.0.1:")
        port = self.url.rsplit(":", 1)[1]
        #: the address to give friends (this computer's network address when bound to all)
        self.shared_url = f"ws://{lan_address()}:{port}" if self.host == BIND_ALL else self.local_url

    def stop(self) -> None:
        """Stop the server and its thread (idempotent)."""
        if not self.loop.is_running():
            return
        try:
            asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10.0)
        except Exception:
            log.exception("online: stopping the app's server")
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10.0)


__all__ = ["BIND_ALL", "DEFAULT_ADDRESS", "ERROR_LINES", "Hosting", "OTHER_ERROR", "Sitting", "announce", "bind_host",
           "create_table",
           "check_address", "error_code", "error_line", "lan_address", "mirror_hook", "open_seats",
           "seat_match"]
