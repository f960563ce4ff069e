"""``python -m game narrate [--seat N] [--lang L] FILE...``: a record's events told in sentences
(issue 9 §1).

Each record is replayed exactly as ``python -m game replay`` does (same loading, same checks, same
error lines: :func:`game.replay.load_record` and :func:`game.replay.replay_record`); then every
event of its log is printed on its own line as one sentence (:func:`game.core.describe`). Seat
names are the record's ``"names"`` when it has a list of one non-empty string per seat, else
``"Seat 1"``, ``"Seat 2"``, ... (seat 0 is "Seat 1").

``--lang en|es|ja`` (or ``pseudo``, the test language) tells it in that language
(:func:`game.i18n.set_language`); without it, ``TATAMI_LANG``, else the system's language
(:func:`game.i18n.init_from_env`). The error lines are told in it too.

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

from . import i18n
from .i18n import _
from .replay import ReplayError, load_record, replay_record
from .telling import describe


def record_names(record: Any, num_seats: int) -> list[str]:
    """Display names for the ``num_seats`` seats of ``record``: its ``"names"`` list when it has
    exactly one non-empty string per seat, else ``["Seat 1", "Seat 2", ...]`` (in the language in
    use)."""
    names = record.get("names") if isinstance(record, dict) else None
    if (isinstance(names, list) and len(names) == num_seats
            and all(isinstance(x, str) and x.strip() for x in names)):
        return list(names)
    return [_("Seat {n}").format(n=i + 1) for i in range(num_seats)]


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
        # Translators: an error line; {path} is a file, "--seat" a command-line option, {last} the highest seat
        raise ReplayError(_("{path}: --seat {seat} is out of range: this game has seats 0 to {last}").format(
            path=path, seat=seat, last=state.num_seats - 1))
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
    parser.add_argument("--lang", choices=(*i18n.LANGUAGES, i18n.PSEUDO), default=None,
                        help=f"the language of the sentences (default: ${i18n.ENV_VAR}, else the system's); "
                             f"{i18n.PSEUDO} is a test language")
    parser.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    before = i18n.language()
    if args.lang is not None:
        i18n.set_language(args.lang)
    else:
        i18n.init_from_env()
    problem = i18n.load_problem()
    if problem:  # e.g. no catalog for that language: English, and one line saying why
        print(f"narrate: {problem}", file=sys.stderr)
    try:
        return _narrate_all(args.files, args.seat)
    finally:
        i18n.set_language(before)  # a caller in the same process (a test) keeps its language


def _narrate_all(files: list[str], seat: int | None) -> int:
    """Tell every file (see :func:`main`); returns the exit status."""
    status = 0
    try:
        for path in files:
            try:
                narrate_file(path, seat, sys.stdout)
            except ReplayError as exc:
                sys.stdout.flush()
                print(str(exc), file=sys.stderr)
                status = 2
        sys.stdout.flush()
    except BrokenPipeError:  # ``| head``: the reader left; quietly stop (no traceback at exit)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status
