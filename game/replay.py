"""``python -m game replay [--each-step] FILE...`` (RULES.md section 4)."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from .core import ActionError, RecordError, apply_step, record_setup
from .registry import GAMES


class ReplayError(Exception):
    """A record could not be replayed; the message is the one line to print."""


def replay_file(path: str, each_step: bool, out: TextIO) -> None:
    """Replay one record file, printing summary lines to ``out``.

    Raises:
        ReplayError: unreadable file, malformed record or illegal action; message names the
            file and, for actions, the action index."""
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: malformed record: not UTF-8") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path}: malformed record: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    try:
        setup = record_setup(record)
        name = record.get("game")
        if name not in GAMES:
            raise RecordError(f"unknown game {name!r}")
        game = GAMES[name]
        state = game.state_from_setup(setup)
        steps = game.replay_steps(record["actions"], setup)
    except RecordError as exc:
        raise ReplayError(f"{path}: malformed record: {exc}") from None
    for index, step in enumerate(steps):
        if each_step:
            print(json.dumps(state.summary(), ensure_ascii=False), file=out)
        try:
            apply_step(state, step, index)
        except ActionError as exc:
            out.flush()
            raise ReplayError(f"{path}: {exc}") from None
    print(json.dumps(state.summary(), ensure_ascii=False), file=out)


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
