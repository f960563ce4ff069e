"""``python -m game replay [--each-step] FILE...`` (RULES.md section 4)."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from .core import ActionError, GameState, RecordError, apply_step, record_setup
from .i18n import _
from .registry import GAMES


class ReplayError(Exception):
    """A record could not be replayed; the message is the one line to print (the replay viewer
    shows it: told in the language in use)."""


def load_record(path: str) -> Any:
    """The JSON value in the record file ``path`` (not yet checked to be a record).

    Raises:
        ReplayError: unreadable file, not UTF-8, or invalid JSON; the message names the file."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as exc:
        # Translators: an error line; {path} is a file, {reason} the system's reason (in English)
        raise ReplayError(_("{path}: cannot read: {reason}").format(path=path, reason=exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise ReplayError(_("{path}: malformed record: not UTF-8").format(path=path)) from None
    except json.JSONDecodeError as exc:
        # Translators: an error line; {path} is a file, {message} the JSON parser's reason (in English)
        raise ReplayError(_("{path}: malformed record: invalid JSON at line {line} column {column}: {message}").format(
            path=path, line=exc.lineno, column=exc.colno, message=exc.msg)) from None


def replay_record(path: str, record: Any, before_step: Callable[[GameState], None] | None = None) -> GameState:
    """Replay ``record`` (read from ``path``) and return the final state.

    ``before_step`` is called with the state before every step (``--each-step``).

    Raises:
        ReplayError: malformed record, or an invalid or illegal action; the message names the
            file and, for actions, the action index (RULES.md section 4)."""
    try:
        setup = record_setup(record)
        name = record.get("game")
        if name not in GAMES:
            # Translators: {name} is the game name a record gives, in quotes
            raise RecordError(_("unknown game {name}").format(name=repr(name)))
        game = GAMES[name]
        state = game.state_from_setup(setup)
        steps = game.replay_steps(record["actions"], setup)
    except RecordError as exc:
        # Translators: an error line; {path} is a file, {reason} what is wrong with the record
        raise ReplayError(_("{path}: malformed record: {reason}").format(path=path, reason=exc)) from None
    for index, step in enumerate(steps):
        if before_step is not None:
            before_step(state)
        try:
            apply_step(state, step, index)
        except ActionError as exc:
            # Translators: an error line; {path} is a file, {reason} the action rejected and why
            raise ReplayError(_("{path}: {reason}").format(path=path, reason=exc)) from None
    return state


def replay_file(path: str, each_step: bool, out: TextIO) -> None:
    """Replay one record file, printing summary lines to ``out``.

    Raises:
        ReplayError: unreadable file, malformed record or illegal action; message names the
            file and, for actions, the action index."""
    def show(state: GameState) -> None:
        print(json.dumps(state.summary(), ensure_ascii=False), file=out)

    try:
        state = replay_record(path, load_record(path), show if each_step else None)
    except ReplayError:
        out.flush()
        raise
    show(state)


def main(argv: list[str]) -> int:
    """Entry point; returns the exit status (0 ok, 2 on any bad record or usage error)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game replay", description="Replay Tatami game records.")
    parser.add_argument("--each-step", action="store_true", help="print a line before every action too")
    parser.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    status = 0
    for path in args.files:
        try:
            replay_file(path, args.each_step, sys.stdout)
        except ReplayError as exc:
            sys.stdout.flush()
            print(str(exc), file=sys.stderr)
            status = 2
    return status
