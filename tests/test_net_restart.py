"""``python -m game serve --db FILE`` killed with SIGKILL mid-game and started again on the same
database (issue 24 §3): every unfinished table is where its clients last saw it, the clients
``resume`` with their tokens and finish, and the record is legal."""
from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys

import pytest

from game.net import protocol as proto
from game.registry import get as get_game
from net_support import Seat, play_all, record_of, start_serve, table_of

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def told(frames):
    """The events a seat was told, end to end (a state starts them over)."""
    events = []
    for raw in frames:
        m = json.loads(raw)
        if m["type"] == "state":
            events = list(m["events"])
        elif m["type"] == "update":
            events.extend(m["events"])
    return events


def test_killed_server_restarts_from_its_database(tmp_path):
    db = tmp_path / "tables.db"
    games = [("sushi-draft", ["open", "easy", "open"], 14), ("kaito", ["open", "open"], 9),
             ("kanji-zushi", ["open", "open", "easy"], 8)]

    proc, url = start_serve(db)
    try:
        async def before():
            tables = []
            for game, kinds, plies in games:
                code, seats = await table_of(url, game, kinds)
                await play_all(seats, seed=plies, until_ply=plies)
                tables.append((code, seats))
            return tables
        tables = asyncio.run(asyncio.wait_for(before(), 300))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(60)
    assert proc.returncode == -signal.SIGKILL

    proc, url = start_serve(db)
    try:
        async def after():
            records = []
            for (code, old), (game, kinds, plies) in zip(tables, games):
                seats = []
                for o in old:
                    s = await Seat.open(url)
                    state = await s.resume(code, o.seat, o.token)
                    seen = told(o.frames)
                    assert state["events"][:len(seen)] == seen  # everything it was told is still so
                    assert state["ply"] >= o.last["ply"] >= plies
                    seats.append(s)
                await play_all(seats, seed=plies + 1)
                record = record_of(seats[0].frames)
                assert all(record_of(s.frames) == record for s in seats)
                records.append(record)
                for s in seats:
                    await s.close()
            return records
        records = asyncio.run(asyncio.wait_for(after(), 300))
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0  # a graceful stop on SIGTERM
    for record, (game, _kinds, _plies) in zip(records, games):
        assert record["game"] == game and get_game(game).from_record(record).is_over()


def test_serve_command_line(tmp_path):
    """Bad arguments: one line and status 2; a missing certificate: one line and status 1."""
    for args, status in ((["--port", "99999"], 2), (["--certfile", "x.pem"], 2), (["--bogus"], 2),
                         (["--certfile", str(tmp_path / "no.pem"), "--keyfile", str(tmp_path / "no.key")], 1)):
        done = subprocess.run([sys.executable, "-m", "game", "serve", *args], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == status, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("python -m game serve: ")
    assert proto.VERSION == 2
