"""Where the server keeps its tables: the :class:`TableStore` interface (docs/PROTOCOL.md "Tables
kept"; headless, no I/O here).

The server (:mod:`game.net.server`) and its tables (:mod:`game.net.table`) speak only to a
:class:`TableStore`; :class:`game.net.store.SqliteTableStore` (SQLite, a file or in memory) is one
implementation. What a store keeps of a table is a :class:`SavedTable`: its setup, the seats
people took (a token's hash, never the token) and its list of actions, numbered in order. The
table writes each change to the store BEFORE it sends the updates that tell of it, so a server
started again on a store that outlives its process (SQLite's file) replays every unfinished table
(:meth:`TableStore.unfinished`, :meth:`TableStore.load`, :meth:`game.net.table.Table.restore`)
where its clients last saw it.

Also here, shared by every implementation: the kinds of a row of the list of actions (:data:`ACT`,
:data:`UNDO`, :data:`STAND_IN`, :data:`BACK`), how long a finished table is kept
(:data:`KEEP_FINISHED_S`), :func:`token_hash`, :class:`StoreError` and the decorator raising it for a
database's own errors (:func:`store_errors`), and which ``--db`` names PostgreSQL
(:func:`is_postgres_url`).
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, ParamSpec, Protocol, TypeVar, runtime_checkable

#: Finished tables are deleted this long after they ended (s).
KEEP_FINISHED_S = 7 * 24 * 3600.0
#: Tables no seat was ever taken at are deleted this long after they were made (s): a ``create``
#: nobody follows with a ``join`` does not stay (issue 33, item 16).
KEEP_UNJOINED_S = 600.0

#: A row's kind in a table's list of actions: an action applied, an undo back to ``ply``, a
#: person's seat given to an AI (``action`` the level) or taken back by its person (``action``
#: empty), at ``ply``.
ACT = "act"
UNDO = "undo"
STAND_IN = "stand-in"
BACK = "back"
#: A row's kind: a turn-based table's clocks after a change (``seat`` -1, ``action`` the times as
#: :meth:`game.net.clock.Clocks.to_text` writes them, ``ply`` the table's).
CLOCK = "clock"


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, 64 lowercase hex digits (what a store and a table keep)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class StoreError(Exception):
    """A store's storage failed: it cannot be read or written (a full disk, a damaged or locked
    database). The implementation's own error is its ``__cause__``."""


class LeaseLost(StoreError):
    """A write for table ``code`` (its attribute) that another server process holds now (several
    processes on one database, :mod:`game.net.cluster`): this process's copy of the table is
    stale and must leave memory; its seats resume on the holder. Nothing was written."""

    def __init__(self, code: str) -> None:
        super().__init__(f"table {code} is held by another server process")
        self.code = code


_P = ParamSpec("_P")
_R = TypeVar("_R")


def store_errors(caught: type[BaseException]) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """A decorator for an implementation's methods: its database's error ``caught`` (e.g.
    ``sqlite3.Error``) raised as :class:`StoreError` (from it), one line naming the method."""
    def decorate(method: Callable[_P, _R]) -> Callable[_P, _R]:
        @functools.wraps(method)
        def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            try:
                return method(*args, **kwargs)
            except caught as exc:
                raise StoreError(f"{method.__name__}: {' '.join(str(exc).split())}") from exc
        return wrapper
    return decorate


def is_postgres_url(text: str) -> bool:
    """Whether a ``--db`` value names a PostgreSQL database (``postgresql://`` or ``postgres://``)
    rather than an SQLite file (:mod:`game.net.pgstore`)."""
    return text.startswith(("postgresql://", "postgres://"))


@dataclass
class SavedTable:
    """One table as kept: its setup, its taken seats and its actions in order.

    Attributes:
        code, game: the table code and the game's registered name.
        seats: seat kinds at creation (``"open"`` or an AI level).
        names: a name (str) or None per seat, as created; a taken seat's name is in ``taken``.
        options: the game's ``new_state`` options.
        seed: the deal and bots' seed (int).
        setup: a record's setup the table was dealt from instead of the seed (the server's test
            flag), or None.
        taken: seat -> (name, token hash) of the seats people took, in the order they were taken.
        actions: ``(seat, kind, action, ply)`` in order: kind :data:`ACT` (``action`` applied,
            ``ply`` after it), :data:`UNDO` (back to ``ply``; ``action`` empty), :data:`STAND_IN`
            (the seat given to the AI level ``action`` at ``ply``) or :data:`BACK` (the seat's
            person took it back at ``ply``; ``action`` empty).
        finished: True once the game ended (such a table is never replayed).
        creator: the seat that joined first (it may give a dropped person's seat to an AI), or
            None before anyone joined.
        clock: a turn-based table's clock (:meth:`game.net.clock.ClockRule.to_dict`), or None for
            a real-time table.
        players: seat -> the hash of the player secret of the person who took it (issue 35,
            item 3), for the seats taken by a player who said one.
    """

    code: str
    game: str
    seats: list[str]
    names: list[str | None]
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None = None
    taken: dict[int, tuple[str, str]] = field(default_factory=dict)
    actions: list[tuple[int, str, str, int]] = field(default_factory=list)
    finished: bool = False
    creator: int | None = None
    clock: dict[str, Any] | None = None
    players: dict[int, str] = field(default_factory=dict)


@runtime_checkable
class TableStore(Protocol):
    """The server's tables as kept: what the server and its tables call, nothing else.

    Threads: one thread at a time calls every method (the server's event loop), except
    :meth:`checkpoint`, which may run in another thread meanwhile (and meanwhile :meth:`close`).
    Every write is kept once its method returns (the caller sends the updates that tell of it
    only then). A store shared by several server processes refuses a write for a table this
    process does not hold with :class:`LeaseLost` (a :class:`StoreError`). Times are wall-clock seconds
    (``time.time()``).

    Raises (any method):
        StoreError: the storage cannot be read or written.
    """

    # -- one table's life ---------------------------------------------------------------------------
    def add_table(self, saved: SavedTable) -> None:
        """Keep a new table's setup (``saved``'s code, game, seats, names, options, seed, setup,
        creator and clock; its ``taken`` and ``actions`` are not read), created now, unfinished,
        before its code is given to anyone."""
        ...

    def set_deadline(self, code: str, when: float | None) -> None:
        """Keep when a seat's time at turn-based table ``code`` runs out next (wall-clock s), or
        None while no clock runs (:meth:`due` finds it then)."""
        ...

    def take_seat(self, code: str, seat: int, name: str, token_sha: str, player_sha: str | None = None) -> None:
        """Keep that a person took ``seat`` (0-based) of table ``code`` as ``name`` with the token
        whose :func:`token_hash` is ``token_sha``, a player whose secret hashes to ``player_sha``
        (or None: none said); a seat taken again replaces its row."""
        ...

    def set_creator(self, code: str, seat: int) -> None:
        """Keep that ``seat`` is table ``code``'s creator (the first seat taken)."""
        ...

    def add_action(self, code: str, seat: int, kind: str, action: str, ply: int) -> None:
        """Append one row ``(seat, kind, action, ply)`` to table ``code``'s list of actions (kind
        :data:`ACT`, :data:`UNDO`, :data:`STAND_IN` or :data:`BACK`: see :class:`SavedTable`)."""
        ...

    def add_actions(self, code: str, rows: list[tuple[int, str, str, int]]) -> None:
        """Append several rows ``(seat, kind, action, ply)``, in order (as :meth:`add_action`)."""
        ...

    def finish(self, code: str) -> None:
        """Mark table ``code`` finished now: :meth:`unfinished` no longer lists it, and
        :meth:`forget_old` deletes it :data:`KEEP_FINISHED_S` seconds later."""
        ...

    # -- reading -------------------------------------------------------------------------------------
    def unfinished(self) -> list[str]:
        """The codes of every table not finished, the oldest created first (ties by code)."""
        ...

    def due(self, now: float) -> list[str]:
        """The codes of the unfinished tables whose deadline (:meth:`set_deadline`) is at or
        before ``now``, the earliest first."""
        ...

    def tables_of(self, player_sha: str) -> list[tuple[str, int]]:
        """The unfinished tables at which the player whose secret hashes to ``player_sha`` took a
        seat: ``(code, seat)``, the oldest table first."""
        ...

    def load(self, code: str) -> SavedTable:
        """Table ``code`` as kept (finished or not): its setup, ``taken`` seats, ``actions`` in
        the order they were added, ``finished`` and ``creator`` (when none was set: the first seat
        taken, or None).

        Raises:
            KeyError: no such table (never added, or forgotten).
            ValueError: what is kept is not what a store writes (damaged)."""
        ...

    # -- upkeep --------------------------------------------------------------------------------------
    def forget_old(self, now: float | None = None) -> int:
        """Delete every table (its setup, seats and actions) finished more than
        :data:`KEEP_FINISHED_S` seconds before ``now`` (default: the clock's), and every table no
        seat was taken at made more than :data:`KEEP_UNJOINED_S` before it; returns how many."""
        ...

    def take_over_checkpoints(self) -> None:
        """From now on the caller runs :meth:`checkpoint` every second or so, off the thread that
        writes, so that no write waits for the disk (a store with nothing of the kind does
        nothing)."""
        ...

    def checkpoint(self) -> tuple[int, int]:
        """Move what was written since the last checkpoint to where it is stored for good, from
        any thread, never waiting for nor blocking the writer.

        Returns:
            ``(pending, moved)``: how many units of writing (SQLite: write-ahead log frames) were
            pending, how many of them were moved now; ``(0, 0)`` when there is nothing to move
            (nothing of the kind kept, or after :meth:`close`)."""
        ...

    def close(self) -> None:
        """Release the storage (every write was kept already); closing again does nothing.
        Afterwards :meth:`checkpoint` returns ``(0, 0)`` and nothing else may be called."""
        ...


__all__ = ["ACT", "BACK", "CLOCK", "KEEP_FINISHED_S", "KEEP_UNJOINED_S", "LeaseLost", "STAND_IN", "UNDO", "SavedTable", "StoreError", "TableStore",
           "is_postgres_url", "store_errors", "token_hash"]
