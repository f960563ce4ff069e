"""``python -m game replay [--each-step] FILE...`` (RULES.md section 4), and the one way every record
reader reads a record file.

The four readers — ``python -m game replay``, ``narrate``, ``analyse`` and the replay viewer
(``tatami --replay``) — read a file with :func:`load_record` (or :func:`load_document` then
:func:`unwrap_record`, the viewer, which also keeps the wrapper's setup) and replay it with
:func:`replay_record`. Whatever the file holds, they either succeed or raise :class:`ReplayError`,
one short line naming the file:

* the file goes through :func:`game.safejson.read_json` first: a regular file of at most
  :data:`MAX_RECORD_BYTES` (16 MiB; a named pipe, ``/dev/zero`` or a folder is refused unread),
  UTF-8 JSON nested at most :data:`game.safejson.MAX_DEPTH` deep, integers of at most
  :data:`game.safejson.MAX_INT_DIGITS` digits, strings of at most :data:`MAX_RECORD_STRING`
  characters, NUL and lone surrogates cleaned out of every text;
* a value of the record quoted in an error line (an action, a format tag, a game name) is cut to
  a few dozen characters (:func:`game.core.brief_repr`);
* the app's own files that hold a record are accepted as well as a bare record: a saved game in
  progress (``{"version": 1, "game": ..., "record": {...}, "setup": {...}, "game_id": ...}``) and
  a recent-games entry (``{"record": {...}, "setup": {...}, ...}``), see :func:`unwrap_record`.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from . import safejson
from .core import ActionError, GameState, RecordError, apply_step, brief_repr, record_setup
from .i18n import _
from .registry import GAMES

#: Largest record file read, in bytes (16 MiB: an app record is a few KB, a very long game some
#: hundreds).
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: Longest text in a record, in characters (an action is a few dozen, a name 40 at most).
MAX_RECORD_STRING = safejson.MAX_STRING


class ReplayError(Exception):
    """A record could not be replayed; the message is the one line to print (the replay viewer
    shows it: told in the language in use)."""


def load_document(path: str) -> Any:
    """The JSON value in the file ``path``, read and validated by :func:`game.safejson.read_json`
    (at most :data:`MAX_RECORD_BYTES`, 16 MiB; see the module doc), not yet checked to be a record
    and not unwrapped.

    Raises:
        ReplayError: no such file, not a regular file (a named pipe, a device, a folder), too
            large, unreadable, not UTF-8, invalid JSON or past a limit of the validation; one line
            naming the file."""
    try:
        return safejson.read_json(path, MAX_RECORD_BYTES, MAX_RECORD_STRING)
    except FileNotFoundError as exc:
        # Translators: an error line; {path} is a file, {reason} the system's reason (in English)
        raise ReplayError(_("{path}: cannot read: {reason}").format(path=path, reason=exc.strerror or exc)) from None
    except OSError as exc:  # (safejson turns these into JsonFileError; kept for safety)
        raise ReplayError(_("{path}: cannot read: {reason}").format(path=path, reason=exc.strerror or exc)) from None
    except safejson.JsonFileError as exc:
        detail = str(exc)
        if exc.reason == "the file is corrupt":
            # Translators: an error line; {path} is a file, {reason} what is wrong with the record
            raise ReplayError(_("{path}: malformed record: {reason}").format(path=path, reason=detail)) from None
        if exc.reason == "the file cannot be read":
            detail = detail.removeprefix(f"cannot read {path}: ")  # the system's reason
        else:  # not a regular file, too large: the short phrase of the catalogs
            detail = _(exc.reason)
        raise ReplayError(_("{path}: cannot read: {reason}").format(path=path, reason=detail)) from None


def unwrap_record(doc: Any, where: str = "record") -> tuple[Any, dict | None]:
    """The record in ``doc`` and the wrapper it came in: the one rule of the four readers.

    A JSON object without ``"format"`` that has a ``"record"`` is one of the app's own files
    holding a record — a saved game in progress (``scenes/shell/saves.py``: ``{"version": 1,
    "game": ..., "record": {...}, "setup": {...}, "game_id": ...}``) or a recent-games entry
    (``{"record": {...}, "setup": {...}, ...}``) —: its record is returned with the wrapper (whose
    ``"setup"`` the replay viewer reads). Anything else is returned as it is, with None (a bare
    record, or something :func:`replay_record` will refuse).

    Returns:
        ``(record, wrapper)``: ``wrapper`` is ``doc`` when it was unwrapped, else None.
    Raises:
        ReplayError: a wrapper whose ``"record"`` is not a JSON object (one line naming ``where``)."""
    if isinstance(doc, dict) and "format" not in doc and "record" in doc:
        record = doc["record"]
        if not isinstance(record, dict):
            # Translators: an error line; {path} is a file; "record" is the name of a field (kept in English)
            raise ReplayError(_("{path}: malformed record: \"record\" is not a JSON object").format(path=where))
        return record, doc
    return doc, None


def load_record(path: str) -> Any:
    """The record in the file ``path`` (not yet checked: :func:`replay_record` does): the file's
    JSON value read by :func:`load_document` — a regular file of at most 16 MiB
    (:data:`MAX_RECORD_BYTES`), validated by :func:`game.safejson.read_json` — and unwrapped by
    :func:`unwrap_record` when it is the app's saved game or recent-games entry.

    Raises:
        ReplayError: unreadable file, not a regular file, too large, not UTF-8, invalid JSON, past
            a validation limit, or a wrapper without a record object; the message names the file."""
    return unwrap_record(load_document(path), path)[0]


def replay_record(path: str, record: Any, before_step: Callable[[GameState], None] | None = None) -> GameState:
    """Replay ``record`` (read from ``path``) and return the final state.

    ``before_step`` is called with the state before every step (``--each-step``).

    Raises:
        ReplayError: malformed record, or an invalid or illegal action; the message names the
            file and, for actions, the action index (RULES.md section 4)."""
    try:
        setup = record_setup(record)
        name = record.get("game")
        if not isinstance(name, str) or name not in GAMES:
            # Translators: {name} is the game name a record gives, in quotes
            raise RecordError(_("unknown game {name}").format(name=brief_repr(name)))
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
