"""``python -m game bot-client URL ...``: one seat of an online table played by an AI level
(issue 24 §4; docs/PROTOCOL.md, "Bot clients").

Three ways to take a seat::

    python -m game bot-client URL --game G --seats N --level L [--name NAME]   # a new table
    python -m game bot-client URL --join CODE --level L [--name NAME]          # the next open seat
    python -m game bot-client URL --resume CODE --seat S --token=T --level L   # a seat taken back

``--game`` creates a table of ``N`` open seats and takes seat 0. Standard output, one line each:
``table CODE`` first (the code as the server gave it), then ``seat S token T`` (what
``--resume`` needs to take the seat back), and when the game is over its record (RULES.md §4,
with the seed) as one line of JSON, last. The bot (``game.ai.make_bot(game, level, rng)``) sees
only its seat's view, decoded from the wire; it thinks in a thread so the connection stays
answered. A dropped connection is taken back on its own with ``resume`` for up to
``--reconnect`` seconds (60).

Exit status: 0 the game was played to its end; 2 bad arguments (one line on standard error);
1 the server cannot be reached, refused a request, or the seat could not be taken back (one line
on standard error: ``python -m game bot-client: <why>``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from typing import Any, Callable

from ..ai import make_bot
from ..play import OneLineParser, UsageError
from .client import Client, ConnectionLost, Picture, ServerError
from .invite import table_url

PROG = "python -m game bot-client"


def _parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog=PROG, description="Play one seat of an online table with an AI level.")
    p.add_argument("url", help="the server, e.g. ws://127.0.0.1:8765")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--game", help="create a table of this game (and take seat 0)")
    how.add_argument("--join", metavar="CODE", help="take the next open seat of this table")
    how.add_argument("--resume", metavar="CODE", help="take back --seat of this table with --token")
    p.add_argument("--seats", type=int, help="open seats of the table --game creates")
    p.add_argument("--seat", type=int, help="the seat --resume takes back")
    p.add_argument("--token", help="the seat's token (--resume); write --token=T: a token may begin with '-'")
    p.add_argument("--level", required=True, help="the AI level that plays: random, easy, medium, hard")
    p.add_argument("--name", help="the seat's name (default: 'Bot <level>')")
    p.add_argument("--seed", type=int, default=0, help="the bot's seed (mixed with the table and seat)")
    p.add_argument("--reconnect", type=float, default=60.0, help="seconds to try to take the seat back (60)")
    p.add_argument("--timeout", type=float, default=3600.0,
                   help="seconds to wait for the others before giving up (3600)")
    return p


def parse(argv: list[str]) -> argparse.Namespace:
    """The arguments, checked together.

    Raises:
        UsageError: a missing or contradictory option (the one line to print)."""
    args = _parser().parse_args(argv)
    if args.game is not None and (args.seats is None or args.seats < 1):
        raise UsageError("--game needs --seats N (the number of seats)")
    if args.resume is not None and (args.seat is None or not args.token):
        raise UsageError("--resume needs --seat S and --token T")
    if args.name is not None and not 1 <= len(args.name) <= 24:
        raise UsageError("--name must be 1 to 24 characters")
    if args.reconnect < 0 or args.timeout <= 0:
        raise UsageError("--reconnect and --timeout must be positive")
    return args


async def take_seat(client: Client, args: argparse.Namespace, say: Callable[[str], None]) -> Picture:
    """Create / join / resume as the arguments say and print the first two lines.

    Raises:
        ServerError: the server refused (``no-table``, ``table-full``, ``bad-token`` ...)."""
    name = args.name or f"Bot {args.level}"
    code = args.join if args.join is not None else args.resume
    if args.game is not None:  # (made on a connection of its own: the seat's goes to the table's address)
        maker = Client(client.url, reconnect_for=0)
        try:
            await maker.connect()
            code = await maker.create(args.game, ["open"] * args.seats)
        finally:
            await maker.close()
    client.url = table_url(client.url, code)  # (every seat of a table meets at one process: docs/SERVER.md)
    await client.connect()
    if args.game is not None:
        picture = await client.join(code, name, seat=0)
    elif args.join is not None:
        picture = await client.join(args.join, name)
    else:
        picture = await client.resume(args.resume, args.seat, args.token)
    say(f"table {picture.table}")
    say(f"seat {picture.seat} token {picture.token}")
    return picture


async def play_seat(client: Client, bot: Any, timeout: float,
                    say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play the client's seat with ``bot`` (``choose(view) -> action``) until the game is over;
    returns the record. Every new token the server gives (at each automatic resume after a drop:
    the old one stops working) is said again to ``say`` as ``seat S token T``.

    Raises:
        ConnectionLost: the seat was lost for good. asyncio.TimeoutError: nothing happened for
        ``timeout`` seconds. ServerError: the server refused an action for a reason other than a
        race (``stale``, ``not-your-turn``) — a bug of the bot or the server."""
    p = client.picture
    refused = 0
    told = p.token
    while True:
        await client.wait(lambda p: p.over or p.ended is not None or (p.my_turn and client.connected), timeout)
        if say is not None and p.token != told:
            told = p.token
            say(f"seat {p.seat} token {p.token}")
        if p.over or p.ended is not None:  # (ended: a turn-based table whose clock ran out; its record so far)
            assert p.record is not None
            return p.record
        ply, view = p.ply, p.view
        action = await asyncio.to_thread(bot.choose, view)
        if p.ply != ply or p.view is not view or not p.my_turn:
            continue  # the position changed while the bot thought (a resync)
        try:
            await client.act(action)
        except ConnectionLost:
            continue  # the picture after the resume says whether it was applied
        except ServerError as exc:
            if exc.code not in ("stale", "not-your-turn", "timeout", "rate", "game-over"):
                refused += 1
                if refused > 3:
                    raise
            seen = p.revision  # a state follows a stale act: wait for it before deciding again
            try:
                await client.wait(lambda p: p.revision != seen, 5.0)
            except asyncio.TimeoutError:
                pass


async def run(args: argparse.Namespace, say: Callable[[str], None]) -> dict[str, Any]:
    """The whole bot client: take the seat, play it, return the record (see :func:`main`)."""
    client = Client(args.url, reconnect_for=args.reconnect)
    try:
        picture = await take_seat(client, args, say)
        assert picture.game is not None
        rng = random.Random(f"{picture.table}:{picture.seat}:{args.seed}")
        bot = make_bot(picture.game, args.level, rng)
        return await play_seat(client, bot, args.timeout, say)
    finally:
        await client.close()


def main(argv: list[str]) -> int:
    """Entry point; returns the exit status (see the module doc)."""
    try:
        args = parse(argv)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2

    def say(line: str) -> None:
        print(line, flush=True)

    try:
        record = asyncio.run(run(args, say))
    except ServerError as exc:  # (another protocol version: its one line alone)
        print(f"{PROG}: {exc.message}" if exc.code == "version" else f"{PROG}: the server refused: {exc}",
              file=sys.stderr)
        return 1
    except ConnectionLost as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except asyncio.TimeoutError:
        print(f"{PROG}: nothing happened at the table for {args.timeout:g} s", file=sys.stderr)
        return 1
    except ValueError as exc:  # make_bot: an unknown level for this game
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    say(json.dumps(record, ensure_ascii=False, sort_keys=True))
    return 0
