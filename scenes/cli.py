"""The command line: ``tatami`` (console script), ``python -m scenes`` and the packed executable.

``main(argv)`` parses the flags and starts the app or a developer tool:

* ``--selftest``  headless walk through every scene with synthetic input; exit 0/1.
* ``--selftest --layout [--sheets DIR]``  the layout check over every scene, state, language and
  window size (scenes/devtools/layoutrun.py); contact sheets in DIR; exit 0/1.
* ``--bench``     render frames of every scene, print per-frame timings as JSON, and the waits
  between a scripted player's decisions per game (``--bench-only frames|pacing``, ``--decisions N``).
* ``--play GAME --seats human,hard [--seed N]``  start straight into a game.
* ``--continue``  open the most recently saved game in progress (``<data dir>/saves/<game>.json``); exit 2 with
  one line on stderr if there is none or it is unusable (a bad file is set aside as ``.bad``).
* ``--analyse FILE --seat N [...]``  the coach (``python -m game analyse``), as the replay viewer
  runs it from the bundle: one JSON line per decision of seat N.
* ``--tutorial GAME``  start that game's tutorial (kaito, sushi-draft, kanji-zushi).
* ``--replay FILE``  open a game record (tatami-record/1, or a saved ``{"record", "setup"}``) in the
  replay viewer; exit 2 with one line on stderr if it cannot be read or replayed.
* ``--quit-after-first-frame``  exit right after the first menu frame is shown (once the menu is drawn:
  the first frame may be its fade's opaque cover alone); prints when each step of the start happened.
* ``--size WxH``  window size in window pixels.
* ``--lang en|es|ja``  the app's language for this run (else ``TATAMI_LANG``, the settings' choice, the
  system's).

The developer tools (:mod:`scenes.devtools`) are imported only when asked for, to keep start-up to
the first menu frame short; nothing imports this module back.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any, Sequence

from game import environ, system
from game.errors import InstallError
from scenes.play.seats import SEAT_KINDS, default_names
from scenes.profile.achieved import AchievementStore
from scenes.profile.ratings import RatingStore
from scenes.shell.app import App, configure_logging, parse_size
from scenes.shell.catalog import GAMES_BY_NAME, open_room_stores
from scenes.shell.history import HistoryStore
from scenes.shell.registry import SCENES
from scenes.shell.saveslots import SaveSlots
from scenes.shell.startclock import mark
from scenes.shell.stats import StatsStore

log = logging.getLogger("tatami")


def build_parser() -> argparse.ArgumentParser:
    titles = [g.title for g in GAMES_BY_NAME.values()]
    p = argparse.ArgumentParser(prog="tatami", description=f"Tatami: {', '.join(titles[:-1])} and {titles[-1]}.")
    p.add_argument("--selftest", action="store_true", help="headless walk through every scene; exit 0 on success")
    p.add_argument("--layout", action="store_true",
                   help="with --selftest: the layout check over every scene, state, language and window size")
    p.add_argument("--sheets", metavar="DIR", default=None,
                   help="with --selftest --layout: write a contact sheet per scene (PNG) into DIR")
    p.add_argument("--bench", action="store_true", help="print per-frame render timings of every scene as JSON")
    p.add_argument("--play", metavar="GAME", help=f"start straight into a game: {', '.join(GAMES_BY_NAME)}")
    p.add_argument("--seats", metavar="A,B", default="human,medium",
                   help="with --play: each seat human or an AI level (random, easy, medium, hard)")
    p.add_argument("--seed", type=int, default=None, help="with --play: random seed of the deal")
    p.add_argument("--continue", dest="continue_game", action="store_true",
                   help="continue the saved game in progress (exit 2 if there is none)")
    tutorials = [g.name for g in GAMES_BY_NAME.values() if g.has_tutorial]
    p.add_argument("--tutorial", metavar="GAME", choices=tutorials,
                   help=f"start a game's guided first game ({', '.join(tutorials)})")
    p.add_argument("--replay", metavar="FILE", help="open a game record in the replay viewer (exit 2 if unusable)")
    p.add_argument("--quit-after-first-frame", action="store_true",
                   help="exit right after the first frame is shown (start-up benchmark)")
    p.add_argument("--size", type=parse_size, default=None, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--frames", type=_positive, default=300, help="with --bench: frames per scene (at least 1)")
    p.add_argument("--bench-only", choices=("frames", "pacing"), default=None,
                   help="with --bench: only the frame times, or only the waits between the player's decisions")
    p.add_argument("--decisions", type=_positive, default=30,
                   help="with --bench: the player's decisions measured per game for the pacing (at least 1)")
    p.add_argument("--lang", choices=("en", "es", "ja", "pseudo"), default=None,
                   help="language of the app (en, es, ja; default: TATAMI_LANG, else the settings' choice, "
                        "else the system's); pseudo is a test language")
    return p


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1 (else a usage error, exit status 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _load_replay(path: str, other_mode: bool) -> Any:
    """``--replay FILE``: the :class:`scenes.replay.source.ReplaySource` of ``path``, checked by
    replaying it; None after printing one line on stderr (unreadable, malformed, an illegal action,
    or used with ``--play`` / ``--continue``)."""
    if other_mode:
        print("tatami: --replay cannot be used with --play or --continue", file=sys.stderr)
        return None
    from scenes.replay.source import Positions, ReplayError, load_replay_file

    try:
        source = load_replay_file(path)
        Positions.build(source.record, path)
    except ReplayError as exc:
        print(f"tatami: {exc}", file=sys.stderr)
        return None
    return source


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point. Returns the process exit code: 0, 2 for a usage error or an unusable file
    named on the command line, 1 when no window can be opened (no display) or Tatami's own
    install is damaged (:class:`game.core.InstallError`); each failure is one line on stderr."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--analyse"]:  # the coach (python -m game analyse), run by the replay viewer
        from game.__main__ import main as game_main

        if environ.nice():
            system.lower_own_priority(10)  # below the app's own priority
        return game_main(["analyse", *argv[1:]])
    try:
        return _main(argv)
    except InstallError as exc:
        print(f"tatami: {exc}", file=sys.stderr)
        return 1


def _main(argv: list[str]) -> int:
    """:func:`main` once the coach is set apart (an :class:`game.core.InstallError` goes up)."""
    args = build_parser().parse_args(argv)
    mark("imports")  # (the start's steps: scenes/shell/startclock.py)
    configure_logging()
    if args.lang:
        os.environ[environ.LANG] = args.lang  # the self-test's and child processes' apps too
    if args.selftest and args.layout:
        from scenes.devtools.layoutrun import run_layout

        return run_layout(sheets=args.sheets)
    if args.selftest:
        from scenes.devtools.selftest import run_selftest

        return run_selftest(size=args.size)
    if args.bench:
        from scenes.devtools.bench import run_bench

        return run_bench(frames=args.frames, size=args.size, only=args.bench_only, decisions=args.decisions)

    if args.continue_game and args.play is not None:
        print("tatami: --continue and --play cannot be used together", file=sys.stderr)
        return 2
    saves = SaveSlots()  # <data dir>/saves/<game>.json (a legacy autosave.json is moved in)
    continued = None
    if args.continue_game:
        continued = saves.load(quiet=True)
        if continued is None:
            p = saves.problem
            if p is None:
                print(f"tatami: no saved game to continue (nothing in {saves.path})", file=sys.stderr)
            else:
                aside = f"; it was set aside as {p.moved_to}" if p.moved_to else ""
                print(f"tatami: cannot continue the saved game: {p.reason} ({p.detail}){aside}", file=sys.stderr)
            return 2
        info = GAMES_BY_NAME.get(continued.game)
        if info is None or info.scene not in SCENES:
            print(f"tatami: cannot continue the saved game: {continued.game!r} is not available", file=sys.stderr)
            return 2

    play_kwargs = None
    if args.play is not None:  # (an empty name is an unknown game, not "no game")
        info = GAMES_BY_NAME.get(args.play)
        if info is None or info.scene not in SCENES:
            known = ", ".join(g.name for g in GAMES_BY_NAME.values() if g.scene in SCENES)
            print(f"tatami: unknown or unavailable game {args.play!r} (available: {known})", file=sys.stderr)
            return 2
        seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
        bad = [s for s in seats if s not in SEAT_KINDS]
        if bad or not (info.seats[0] <= len(seats) <= info.seats[1]):
            print(f"tatami: --seats must list {info.seats[0]}-{info.seats[1]} of {', '.join(SEAT_KINDS)}",
                  file=sys.stderr)
            return 2
        play_kwargs = dict(seats=seats, seed=args.seed, names=default_names(seats))

    replay = None
    if args.replay is not None:
        replay = _load_replay(args.replay, args.play is not None or args.continue_game)
        if replay is None:
            return 2

    import pygame  # (already imported by scenes.shell.app, after its quiet-start setting)

    problem = system.display_problem()  # no desktop to open a window on, and no headless driver asked
    if problem:
        print(f"tatami: {problem}", file=sys.stderr)
        return 1
    try:
        app = App(size=args.size, language=args.lang)
        mark("window")
    except pygame.error as exc:  # the display refused: one line, not a traceback
        pygame.quit()
        print(f"tatami: cannot open the window ({' '.join(str(exc).split())}): no display was found, or it "
              "refused the window; start Tatami from a graphical desktop", file=sys.stderr)
        return 1
    app.saves = saves
    app.stats = StatsStore()  # <data dir>/stats.json
    app.history = HistoryStore()  # <data dir>/history.json
    app.ratings = RatingStore()  # <data dir>/ratings.json
    app.achievements = AchievementStore()  # <data dir>/achievements.json
    open_room_stores(app)  # each room's own stores (GameInfo.stores), app attributes, files in <data dir>
    try:
        if continued is not None:
            app.start_game(continued.game, **continued.start_kwargs())
        elif play_kwargs is not None:
            app.start_game(args.play, **play_kwargs)
        elif replay is not None:
            app.manager.push(app.make_scene("replay", record=replay.record, setup=replay.setup, where=args.replay))
        elif args.tutorial:
            from scenes.tutorial.scene import start_tutorial

            if not start_tutorial(app, args.tutorial):
                print(f"tatami: the {args.tutorial} tutorial cannot be started (see the log)", file=sys.stderr)
                return 2
        else:
            app.manager.push(app.make_scene("menu"))
        mark("scene")
        app.quit_after_first_frame = args.quit_after_first_frame
        return app.run()
    except InstallError:
        raise  # one line (main)
    except Exception:
        log.exception("Tatami crashed")
        raise
    finally:
        app.shutdown()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
