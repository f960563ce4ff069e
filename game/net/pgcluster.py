"""Several server processes on one PostgreSQL database (issue 35, item 2; docs/SERVER.md
"Several processes"): :class:`PostgresCluster`, the :class:`game.net.cluster.Cluster` that
``python -m game serve --db postgresql://...`` runs.

- **Who is alive.** Each process has a row in ``processes`` (its id, a heartbeat every
  :data:`BEAT_S` seconds from its event loop) and holds a session advisory lock on its listening
  connection. A process is alive while its heartbeat is younger than :data:`LEASE_S` (by the
  database's clock: the machines' clocks need not agree) and its lock is held: a process that is
  killed loses its lock at once (PostgreSQL ends its session when the socket closes); one that
  hangs stops beating.
- **Who holds a table.** ``owners`` names the process that holds each table (applies its actions,
  runs its AI and its timers). A process takes a table when nobody alive holds it
  (:meth:`PostgresCluster.claim`); every write for a table is fenced by that row
  (:class:`game.net.pgstore.PostgresTableStore`), so two processes never both write one table.
- **Messages between processes** go through PostgreSQL's LISTEN/NOTIFY: each process listens on
  its own channel (``tatami_<id>``); a message is a JSON object (:mod:`game.net.cluster` says
  which), sent in order on one connection; one longer than a NOTIFY may carry (:data:`NOTIFY_MAX`
  bytes) waits in the ``mail`` table and the notification names its row.

Everything here runs on the server's event loop; the blocking calls are short statements on the
loopback or a LAN (the claim, the release) or run in a thread (the heartbeat).
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any, Callable

import psycopg
from psycopg import sql

from .pgstore import PostgresTableStore
from .tablestore import StoreError

log = logging.getLogger("tatami.net.cluster")

#: Seconds between two heartbeats of a process.
BEAT_S = 1.0
#: Seconds after its last heartbeat a process is taken for dead (its tables may be taken over).
LEASE_S = 3.0
#: The advisory lock's first key (the second is the process's own ``lock_key``).
LOCK_CLASS = 0x7A7A
#: Bytes a NOTIFY payload may carry here (PostgreSQL's limit is 8000); longer ones go by ``mail``.
NOTIFY_MAX = 7900
#: Seconds a letter of ``mail`` nobody fetched is kept (its reader died).
MAIL_KEEP_S = 120.0

#: "Now" by the database's clock, in seconds since the epoch.
_NOW = "extract(epoch from clock_timestamp())"
#: The processes alive (see the module doc), as a subquery of ids.
_ALIVE = (f"SELECT p.id FROM processes p JOIN pg_locks l ON l.locktype = 'advisory' AND l.classid = {LOCK_CLASS} "
          f"AND l.objid::bigint = p.lock_key AND l.objsubid = 2 AND l.granted WHERE p.seen > {_NOW} - %(lease)s")


#: Take the tables ``{where}`` picks that no live process holds (this process's own too); returns
#: the codes taken.
_CLAIM = ("INSERT INTO owners SELECT code, %(me)s FROM tables WHERE {where} ON CONFLICT (code) "
          "DO UPDATE SET process = EXCLUDED.process WHERE owners.process = EXCLUDED.process OR "
          f"owners.process NOT IN ({_ALIVE}) RETURNING code")


def new_process_id() -> str:
    """A new process id: 16 lowercase hex digits (a channel name's tail)."""
    return secrets.token_hex(8)


class PostgresCluster:
    """This process among the server processes sharing ``store``'s database (a
    :class:`game.net.cluster.Cluster`).

    Args:
        store: this process's store, made with ``process=`` this process's id (its pool serves
            the claims and heartbeats; its fence guards the writes).
    Raises:
        ValueError: the store has no process id.
    """

    def __init__(self, store: PostgresTableStore) -> None:
        if store.process is None:
            raise ValueError("the store was made without a process id")
        self.store = store
        self.me: str = store.process
        self.beat_s, self.lease_s = BEAT_S, LEASE_S
        self.lock_key = secrets.randbelow((1 << 31) - 2) + 1
        self.channel = f"tatami_{self.me}"
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._outbox: list[tuple[str, str]] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._deliver: Callable[[dict[str, Any]], None] = lambda payload: None
        #: set when the listening connection failed (the process can no longer be reached)
        self.failed = asyncio.Event()

    # -- life ---------------------------------------------------------------------------------------------
    async def start(self, deliver: Callable[[dict[str, Any]], None]) -> None:
        """Take the session lock, beat once, listen on this process's channel; from now on each
        message another process sends here is given to ``deliver`` (in the order sent).

        Raises:
            StoreError: the database cannot be reached."""
        self._deliver = deliver
        try:
            self._listener = await psycopg.AsyncConnection.connect(self.store.url, autocommit=True)
            self._sender = await psycopg.AsyncConnection.connect(self.store.url, autocommit=True)
            await self._listener.execute("SELECT pg_advisory_lock(%s, %s)", (LOCK_CLASS, self.lock_key))
            await self._listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
            await self._sender.execute(
                f"INSERT INTO processes VALUES (%s, %s, {_NOW}, {_NOW}) ON CONFLICT (id) DO NOTHING",
                (self.me, self.lock_key))
        except psycopg.Error as exc:
            raise StoreError(f"cluster start: {' '.join(str(exc).split())}") from exc
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send())]

    async def stop(self) -> None:
        """Send what is queued and leave: this process is no longer alive at once (a ``join`` or
        ``resume`` elsewhere takes its table then), and the others take the rest of its tables at
        their next :meth:`beat` (:meth:`claim_orphans`: its tables stay marked as its own until
        then, so that an AI's turn or a clock goes on with nobody connected)."""
        if self._outbox:
            self._wake.set()
            for _ in range(100):
                if not self._outbox:
                    break
                await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        try:
            if self._sender is not None and not self._sender.closed:
                await self._sender.execute("DELETE FROM processes WHERE id = %s", (self.me,))
        except psycopg.Error as exc:
            log.warning("leaving the cluster: %s", exc)
        for conn in (self._sender, self._listener):
            if conn is not None:
                await conn.close()

    # -- tables --------------------------------------------------------------------------------------------
    def claim(self, code: str) -> str | None:
        """Take table ``code`` unless a live process holds it: None when this process holds it
        now (or there is no such table: the caller finds that out), else the holder's id.

        Raises:
            StoreError: the database failed."""
        try:
            with self.store.pool.connection() as conn, conn.transaction():
                row = conn.execute(_CLAIM.format(where="code = %(code)s"),
                                   {"me": self.me, "code": code, "lease": LEASE_S}).fetchone()
                if row is not None:
                    return None
                held = conn.execute("SELECT process FROM owners WHERE code = %s", (code,)).fetchone()
        except psycopg.Error as exc:
            raise StoreError(f"claim: {' '.join(str(exc).split())}") from exc
        return None if held is None or held[0] == self.me else str(held[0])

    def claim_unfinished(self) -> list[str]:
        """Take every unfinished table nobody alive holds (a process starting, the others
        dead): their codes, oldest first.

        Raises:
            StoreError: the database failed."""
        try:
            with self.store.pool.connection() as conn, conn.transaction():
                rows = conn.execute(_CLAIM.format(where="finished IS NULL"), {"me": self.me, "lease": LEASE_S}).fetchall()
                order = conn.execute("SELECT code FROM tables WHERE finished IS NULL ORDER BY created, code").fetchall()
        except psycopg.Error as exc:
            raise StoreError(f"claim: {' '.join(str(exc).split())}") from exc
        mine = {str(r[0]) for r in rows}
        return [str(r[0]) for r in order if r[0] in mine]

    def claim_orphans(self) -> list[str]:
        """Take every unfinished table held by a process no longer alive (not the tables nobody
        holds: idle ones that left a process's memory, with nothing to run): their codes.

        Raises:
            StoreError: the database failed."""
        try:
            with self.store.pool.connection() as conn:
                rows = conn.execute(_CLAIM.format(where="finished IS NULL AND code IN (SELECT code FROM owners)"),
                                    {"me": self.me, "lease": LEASE_S}).fetchall()
        except psycopg.Error as exc:
            raise StoreError(f"claim: {' '.join(str(exc).split())}") from exc
        return sorted(str(r[0]) for r in rows)

    def release(self, codes: list[str]) -> None:
        """Give up tables ``codes`` (they left this process's memory): the next process asked for
        one takes it at once. A failure is logged (the hold then lapses with this process)."""
        if not codes:
            return
        try:
            with self.store.pool.connection() as conn:
                conn.execute("DELETE FROM owners WHERE process = %s AND code = ANY(%s)", (self.me, codes))
        except psycopg.Error as exc:
            log.warning("tables not released: %s", exc)

    def held(self) -> set[str]:
        """The codes of the tables this process holds now.

        Raises:
            StoreError: the database failed."""
        try:
            with self.store.pool.connection() as conn:
                rows = conn.execute("SELECT code FROM owners WHERE process = %s", (self.me,)).fetchall()
        except psycopg.Error as exc:
            raise StoreError(f"held: {' '.join(str(exc).split())}") from exc
        return {str(r[0]) for r in rows}

    # -- heartbeats ------------------------------------------------------------------------------------------
    async def beat(self) -> tuple[set[str], float, bool]:
        """One heartbeat (in a thread): ``(the ids of the live processes, seconds since this
        process's previous heartbeat by the database's clock, whether a process no longer alive
        still holds tables)``; more than :data:`LEASE_S` means others may have taken this
        process's tables meanwhile (the caller checks :meth:`held`); orphans are for
        :meth:`claim_orphans`.

        Raises:
            StoreError: the database failed."""
        return await asyncio.to_thread(self._beat)

    def _beat(self) -> tuple[set[str], float, bool]:
        try:
            with self.store.pool.connection() as conn, conn.transaction():
                row = conn.execute(f"UPDATE processes SET seen = {_NOW} WHERE id = %s "
                                   f"RETURNING {_NOW} - (SELECT seen FROM processes WHERE id = %s)",
                                   (self.me, self.me)).fetchone()
                if row is None:  # (our row was removed: a stop raced, or a cleaner) — back in
                    conn.execute(f"INSERT INTO processes VALUES (%s, %s, {_NOW}, {_NOW})", (self.me, self.lock_key))
                alive = {str(r[0]) for r in conn.execute(_ALIVE, {"lease": LEASE_S}).fetchall()}
                orphans = conn.execute("SELECT EXISTS (SELECT 1 FROM owners o JOIN tables t ON t.code = o.code "
                                       "WHERE t.finished IS NULL AND NOT o.process = ANY(%s))",
                                       (sorted(alive),)).fetchone()
                conn.execute(f"DELETE FROM mail WHERE made < {_NOW} - %s", (MAIL_KEEP_S,))
        except psycopg.Error as exc:
            raise StoreError(f"heartbeat: {' '.join(str(exc).split())}") from exc
        return alive, (float(row[0]) if row is not None else float("inf")), bool(orphans and orphans[0])

    # -- messages ----------------------------------------------------------------------------------------------
    def post(self, process: str, payload: dict[str, Any]) -> None:
        """Queue ``payload`` (a JSON object) for process ``process``; sent in order, soon."""
        self._outbox.append((f"tatami_{process}", json.dumps(payload, separators=(",", ":"))))
        self._wake.set()

    async def _send(self) -> None:
        """Send the queued messages, each batch in one round trip."""
        assert self._sender is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._outbox = self._outbox, []
            if not batch:
                continue
            channels, bodies = [], []
            try:
                for channel, body in batch:
                    if len(body.encode("utf-8")) > NOTIFY_MAX:
                        cur = await self._sender.execute(f"INSERT INTO mail (body, made) VALUES (%s, {_NOW}) RETURNING id",
                                                         (body,))
                        letter = await cur.fetchone()
                        body = f"@{letter[0]}" if letter else body
                    channels.append(channel)
                    bodies.append(body)
                # (binary parameters: a text array's text form escapes every quote of the JSON, slowly)
                await self._sender.execute("SELECT pg_notify(c, b) FROM unnest(%b::text[], %b::text[]) "
                                           "WITH ORDINALITY AS x(c, b, n) ORDER BY n", (channels, bodies))
            except psycopg.Error as exc:
                log.error("%d message(s) to other processes not sent: %s", len(batch), exc)

    async def _listen(self) -> None:
        """Give each notification on this process's channel to ``deliver``; a failed listening
        connection sets :attr:`failed`."""
        assert self._listener is not None and self._sender is not None
        try:
            async for note in self._listener.notifies():
                body = note.payload
                try:
                    if body.startswith("@"):
                        cur = await self._sender.execute("DELETE FROM mail WHERE id = %s RETURNING body",
                                                         (int(body[1:]),))
                        row = await cur.fetchone()
                        if row is None:
                            log.warning("a letter from another process is missing (%s)", body)
                            continue
                        body = str(row[0])
                    payload = json.loads(body)
                except (psycopg.Error, ValueError) as exc:
                    log.warning("a message from another process could not be read: %s", exc)
                    continue
                if isinstance(payload, dict):
                    self._deliver(payload)
        except asyncio.CancelledError:
            raise
        except psycopg.Error as exc:
            log.error("the connection other processes reach this one by failed: %s", exc)
            self.failed.set()


__all__ = ["BEAT_S", "LEASE_S", "NOTIFY_MAX", "PostgresCluster", "new_process_id"]
