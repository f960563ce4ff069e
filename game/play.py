"""``python -m game play GAME --seats a,b[,...] --games N --seed S [--jobs J]``: AI-vs-AI matches.

Plays ``N`` games between the bots named in ``--seats`` (levels of :data:`game.ai.LEVELS`, a level
played by a character, ``hard@tora`` (:mod:`game.characters`), or the reference searches
``mcts:<N>`` / ``ismcts:<N>`` of :mod:`game.ai.reference`), each
through a synchronous :class:`game.match.Match` (the one AI drive loop, bots chosen in-process;
only the core protocol underneath), and prints ONE JSON object::

    {"game": "kaito", "games": 200, "seed": 1, "bots": ["hard", "random"],
     "wins": [..], "win_share": [..], "ci95": [[lo, hi], ..], "mean_rank": [..],
     "mean_ms": [..], "max_ms": [..], "decisions": [..], "measures": [{..}, ..]}

Every list is per bot, in ``--seats`` order. Seats are rotated: in game ``i`` seat ``s`` is played
by bot ``(s + i) % N``, so every bot plays every seat equally often over a multiple of N games.
A win shared by k seats counts 1/k for each; ``win_share`` = wins / games, ``ci95`` is its 95%
Wilson interval (:func:`game.core.wilson_interval`). ``mean_rank``: 1 + the number of seats that
did strictly better (a winner beats a non-winner; otherwise the higher score is better).
``measures``: per bot, the mean over its games of the game's style measures (issue 36, the
``measures`` hook of its :mod:`game.characters` module: KAITO's captured katana and kabuto...).
``mean_ms`` / ``max_ms``: milliseconds per decision (``bot.choose`` call); with ``--jobs`` the
games run in worker processes and each decision is timed in its process.

All randomness is derived from ``--seed``: game ``i`` is set up with ``Random("S:i:setup")`` and
the bot of seat ``s`` gets ``Random("S:i:seat:s")``, so a run is reproducible (timings aside)
whatever ``--jobs``. In a simultaneous phase every seat in ``to_act()`` chooses from its own view,
all views being taken before any choice is applied (:meth:`game.match.Match.step_bots`).

Bad arguments print one line on standard error and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any, NoReturn, Sequence

from .ai import LEVELS, make_bot
from .ai.reference import check_level, kinds
from .ai.registry import bot_factories
from .core import wilson_interval
from .match import Match
from .rating import ranks
from .registry import GAMES, REGISTRATIONS, get


class UsageError(Exception):
    """Bad command-line arguments; the message is the one line to print."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one :class:`UsageError` line instead of usage + message
    (``python -m game play``, ``serve``, ``bot-client``)."""

    def error(self, message: str) -> NoReturn:  # one line instead of usage + message
        raise UsageError(message)


_Parser = OneLineParser


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game play", description="AI-vs-AI matches; prints one JSON object.")
    p.add_argument("game", help=f"game name: {', '.join(GAMES)}")
    p.add_argument("--seats", required=True, help="comma-separated bot levels, one per seat, e.g. hard,random")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    return p


class _Timed:
    """A bot whose every ``choose`` call is timed into ``ms`` (milliseconds per decision)."""

    def __init__(self, bot: Any, ms: list[float]) -> None:
        self.bot = bot
        self.ms = ms

    def choose(self, view: Any) -> str:
        """``bot.choose(view)``, timed."""
        t0 = time.perf_counter()
        action = self.bot.choose(view)
        self.ms.append((time.perf_counter() - t0) * 1000.0)
        return action


def play_game(game_name: str, levels: Sequence[str], index: int, seed: int) -> dict[str, Any]:
    """Play game ``index`` of a match and return its result.

    Returns:
        ``{"seat_bots": [bot index per seat], "winners": [seats], "scores": [...],
        "ms": [[ms per decision] per bot index]}``.
    Raises:
        RuntimeError: the game stalls (nobody to act) or exceeds the Match's step limit.
        ActionError: a bot chose an action the state rejects (a bug in the bot)."""
    game = get(game_name)
    n = len(levels)
    seat_bots = [(s + index) % n for s in range(n)]
    state = game.new_state(n, random.Random(f"{seed}:{index}:setup"))
    ms: list[list[float]] = [[] for _ in range(n)]
    bots = {s: _Timed(make_bot(game_name, levels[seat_bots[s]], random.Random(f"{seed}:{index}:seat:{s}")),
                      ms[seat_bots[s]])
            for s in range(n)}
    match = Match(game, [levels[b] for b in seat_bots], seed, state=state, bots=bots, synchronous=True)
    match.run_bots_until_human()  # every bot seat: all views first, so simultaneous choices are blind
    if not match.is_over():
        raise RuntimeError(f"{game_name}: game {index} is not over but nobody is to act")
    outcome = match.outcome()
    assert outcome is not None
    hooks = _character_hooks(game_name)
    measures: list[list[dict[str, float]]] = [[] for _ in range(n)]
    if hooks is not None:
        for s in range(n):
            measures[seat_bots[s]].append(hooks.measures(match.state.events, s))
    return {"seat_bots": seat_bots, "winners": list(outcome.winners), "scores": list(outcome.scores),
            "ms": ms, "measures": measures}


def _character_hooks(game_name: str) -> Any:
    """The game's character hooks (:mod:`game.characters`: ``measures``), or None."""
    reg = REGISTRATIONS.get(game_name)
    return reg.load(reg.characters) if reg is not None and reg.characters else None


def _play_one(args: tuple[str, tuple[str, ...], int, int]) -> dict[str, Any]:
    return play_game(*args)


def run_match(game_name: str, levels: Sequence[str], games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """Play a whole match and return the summary object printed by :func:`main`."""
    n = len(levels)
    tasks = [(game_name, tuple(levels), i, seed) for i in range(games)]
    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(min(jobs, games)) as pool:
            results = pool.map(_play_one, tasks, chunksize=1)
    else:
        results = [_play_one(t) for t in tasks]
    wins = [0.0] * n
    rank_sum = [0.0] * n
    ms: list[list[float]] = [[] for _ in range(n)]
    measured: list[list[dict[str, float]]] = [[] for _ in range(n)]
    for res in results:
        for b in range(n):
            measured[b].extend(res.get("measures", [[]] * n)[b])
        seat_bots = res["seat_bots"]
        winners = res["winners"]
        for seat in winners:
            wins[seat_bots[seat]] += 1.0 / len(winners)
        for seat, r in enumerate(ranks(winners, res["scores"])):
            rank_sum[seat_bots[seat]] += r
        for b in range(n):
            ms[b].extend(res["ms"][b])
    return {
        "game": game_name,
        "games": games,
        "seed": seed,
        "bots": list(levels),
        "wins": [round(w, 6) for w in wins],
        "win_share": [round(w / games, 4) for w in wins],
        "ci95": [[round(x, 4) for x in wilson_interval(w, games)] for w in wins],
        "mean_rank": [round(r / games, 4) for r in rank_sum],
        "mean_ms": [round(sum(t) / len(t), 2) if t else 0.0 for t in ms],
        "max_ms": [round(max(t), 2) if t else 0.0 for t in ms],
        "decisions": [len(t) for t in ms],
        "measures": [_mean_measures(m) for m in measured],
    }


def _mean_measures(games: list[dict[str, float]]) -> dict[str, float]:
    """The mean of each style measure over one bot's games ({} when the game has none)."""
    keys = list(games[0]) if games else []
    return {k: round(sum(g[k] for g in games) / len(games), 3) for k in keys}


def _validate(args: argparse.Namespace) -> list[str]:

    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r}; known: {', '.join(sorted(GAMES))}")
    game = GAMES[args.game]
    levels = [s.strip() for s in args.seats.split(",")]
    if not (game.min_seats <= len(levels) <= game.max_seats):
        raise UsageError(f"{args.game} needs {game.min_seats}..{game.max_seats} seats, "
                         f"--seats gives {len(levels)}")
    try:
        known = bot_factories(args.game)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for level in levels:
        if "@" in level:  # a level played by a character (game.characters)
            try:
                make_bot(args.game, level, random.Random(0))
            except ValueError as exc:
                raise UsageError(f"{exc} (in --seats)") from None
            continue
        if level in known:
            continue
        if ":" in level:
            try:
                check_level(args.game, level)
            except ValueError as exc:
                raise UsageError(f"{exc} (in --seats)") from None
            continue
        names = ", ".join([lv for lv in LEVELS if lv in known]
                          + [f"{kind}:N" for kind, games in kinds().items() if args.game in games])
        raise UsageError(f"unknown level {level!r} in --seats; known: {names}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    return levels


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m game play``; prints the JSON summary, returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        try:
            args = _parser().parse_args(argv)
        except SystemExit as exc:  # --help
            return int(exc.code or 0)
        levels = _validate(args)
    except UsageError as exc:
        print(f"play: error: {exc}", file=sys.stderr)
        return 2
    summary = run_match(args.game, levels, args.games, args.seed, args.jobs)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
