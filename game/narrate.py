"""``python -m game narrate [--seat N] FILE...``: a record's events told in sentences (issue 9 §1).

Each record is replayed exactly as ``python -m game replay`` does (same loading, same checks, same
error lines: :func:`game.replay.load_record` and :func:`game.replay.replay_record`); then every
event of its log is printed on its own line as one English sentence
(:func:`game.core.describe`). Seat names are the record's ``"names"`` when it has a list of one
non-empty string per seat, else ``"Seat 1"``, ``"Seat 2"``, ... (seat 0 is "Seat 1").

``--seat N`` (0-based, as in records and in ``replay``'s output) tells the game as seat N saw it:
:meth:`game.core.GameState.events_for` leaves out other seats' private events and blanks their
secret fields. Without it, everything (a spectator after the game).

Several files are told one after the other, without separators. A file that cannot be read, a
malformed record, an illegal action or a ``--seat`` the game does not have prints one line on
standard error naming the file (and the action index) and nothing on standard output for that
file; the exit status is then 2 (the other files are still told).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, TextIO

from .core import describe
from .replay import ReplayError, load_record, replay_record


def record_names(record: Any, num_seats: int) -> list[str]:
    """Display names for the ``num_seats`` seats of ``record``: its ``"names"`` list when it has
    exactly one non-empty string per seat, else ``["Seat 1", "Seat 2", ...]``."""
    names = record.get("names") if isinstance(record, dict) else None
    if (isinstance(names, list) and len(names) == num_seats
            and all(isinstance(x, str) and x.strip() for x in names)):
        return list(names)
    return [f"Seat {i + 1}" for i in range(num_seats)]


def narrate_lines(path: str, seat: int | None) -> list[str]:
    """The sentences telling the record in ``path`` as ``seat`` saw it (None: everything).

    Returns:
        One sentence per event the seat may know, in log order.
    Raises:
        ReplayError: unreadable file, malformed record, illegal action, or a seat outside
            ``0 .. players - 1``; the message is the one line to print (it names the file)."""
    record = load_record(path)
    state = replay_record(path, record)
    if seat is not None and not 0 <= seat < state.num_seats:
        raise ReplayError(f"{path}: --seat {seat} is out of range: this game has seats 0 to {state.num_seats - 1}")
    names = record_names(record, state.num_seats)
    return [describe(event, names) for event in state.events_for(seat)]


def narrate_file(path: str, seat: int | None, out: TextIO) -> None:
    """Print the sentences of :func:`narrate_lines` to ``out``, one a line (all or nothing).

    Raises:
        ReplayError: as :func:`narrate_lines` (nothing is printed for this file then)."""
    for line in narrate_lines(path, seat):
        print(line, file=out)


def main(argv: list[str]) -> int:
    """Entry point of ``python -m game narrate``; returns the exit status (0 ok, 2 on any bad
    record, bad seat or usage error)."""
    parser = argparse.ArgumentParser(prog="python -m game narrate",
                                     description="Tell Tatami game records in sentences, one event a line.")
    parser.add_argument("--seat", type=int, default=None, metavar="N",
                        help="tell it as seat N saw it (0-based: seat 0 is \"Seat 1\"); default: everything")
    parser.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    status = 0
    try:
        for path in args.files:
            try:
                narrate_file(path, args.seat, sys.stdout)
            except ReplayError as exc:
                sys.stdout.flush()
                print(str(exc), file=sys.stderr)
                status = 2
        sys.stdout.flush()
    except BrokenPipeError:  # ``| head``: the reader left; quietly stop (no traceback at exit)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status
