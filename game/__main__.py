"""``python -m game replay ...``, ``play ...``, ``narrate ...`` and ``analyse ...`` (the coach)."""

from __future__ import annotations

import sys

USAGE = ("usage: python -m game {replay,play,narrate,analyse} ...\n  replay [--each-step] FILE...\n"
         "  play GAME --seats a,b --games N --seed S\n  narrate [--seat N] [--lang en|es|ja] FILE...\n"
         "  analyse FILE --seat N [--seed S] [--depth D] [--worlds W]")


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the sub-command; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
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
    print(f"unknown command {command!r}\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
