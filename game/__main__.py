"""``python -m game replay ...``, ``play ...``, ``narrate ...``, ``analyse ...`` (the coach),
``serve ...`` (the online game server, :mod:`game.net.serve`), ``bot-client ...`` (an AI playing
one seat of an online table, :mod:`game.net.botclient`), and the games' own commands (a
registration's ``commands``: e.g. a game's data shown as JSON).

Whatever the terminal's encoding (``PYTHONIOENCODING=ascii``, a C locale), the commands never die
of it: a character the output cannot encode is written as a ``\\uXXXX`` escape
(:func:`tolerant_streams`). A file of Tatami's own install that is missing (a damaged install,
:class:`game.core.InstallError`) is one line on standard error and exit status 1.
"""

from __future__ import annotations

import os
import sys
from typing import Any

USAGE = ("usage: python -m game {replay,play,narrate,analyse,serve,bot-client} ...\n  replay [--each-step] FILE...\n"
         "  play GAME --seats a,b --games N --seed S\n  narrate [--seat N] [--lang en|es|ja] FILE...\n"
         "  analyse FILE --seat N [--seed S] [--depth D] [--worlds W]\n"
         "  serve [--host H] [--port N] [--db FILE] [--certfile F --keyfile F]\n"
         "  bot-client URL (--game G --seats N | --join CODE | --resume CODE --seat S --token T) --level L\n"
         "             [--name NAME]")


def tolerant_streams(*streams: Any) -> None:
    """Make each text stream (default: ``sys.stdout`` and ``sys.stderr``) write a character its
    encoding cannot hold as a backslash escape instead of raising UnicodeEncodeError. Streams
    without ``reconfigure`` (a test's capture) are left as they are."""
    for stream in streams or (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError, TypeError):  # e.g. a closed or detached stream
            pass


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the sub-command; returns its exit status, or 1 (one line on standard error)
    when Tatami's own install is damaged (:class:`game.core.InstallError`). A reader that stops
    reading (``python -m game kanji show 語 | head -c 80``) ends the command quietly."""
    from .core import InstallError

    tolerant_streams()
    try:
        return _dispatch(sys.argv[1:] if argv is None else argv)
    except InstallError as exc:
        sys.stdout.flush()
        print(f"python -m game: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # (the rest of the output goes nowhere, so the interpreter's last flush cannot fail again)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _dispatch(argv: list[str]) -> int:
    """Run the sub-command named by ``argv[0]``; returns the exit status."""
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "replay":
        from .replay import main as replay_main

        return replay_main(rest)
    if command == "play":
        from .play import main as play_main

        return play_main(rest)
    if command == "narrate":
        from .narrate import main as narrate_main

        return narrate_main(rest)
    if command == "analyse":
        from .analyse import main as analyse_main

        return analyse_main(rest)
    if command == "serve":
        from .net.serve import main as serve_main

        return serve_main(rest)
    if command == "bot-client":
        from .net.botclient import main as bot_client_main

        return bot_client_main(rest)
    game_command = _game_commands().get(command)
    if game_command is not None:
        return game_command().main(rest)
    print(f"unknown command {command!r}\n{usage()}", file=sys.stderr)
    return 2


def _game_commands() -> dict[str, Any]:
    """A registered game's own command word -> a function importing its module (``main``,
    ``USAGE``): :attr:`game.registration.Registration.commands`."""
    from .registry import REGISTRATIONS

    out: dict[str, Any] = {}
    for reg in REGISTRATIONS.values():
        for word, module in reg.commands.items():
            out.setdefault(word, lambda reg=reg, module=module: reg.load(module))
    return out


def usage() -> str:
    """:data:`USAGE` and the lines of the games' own commands (their modules' ``USAGE``)."""
    lines = [getattr(load(), "USAGE", "") for load in _game_commands().values()]
    return "\n".join([USAGE, *(line for line in lines if line)])


if __name__ == "__main__":
    sys.exit(main())
