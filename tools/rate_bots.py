"""The AI levels' fixed ratings (issue 36 §1): bot-vs-bot games, rated with openskill.

    python tools/rate_bots.py [--games N] [--seed S] [--jobs J] [--game NAME ...] [--out PATH]

For every registered game (or each ``--game``), every pair of its AI levels (:data:`game.ai.LEVELS`
the game has a bot for) plays ``N`` two-seat games (``game.play.play_game``: seats rotated, every
game seeded from ``S``). All the games of a game are then rated in one pass of openskill's
Plackett-Luce model (:mod:`game.rating`), every level starting as a new player, in an order that
interleaves the pairs (game ``i`` of every pair, then game ``i + 1``...), so no pair's games all
come last. The levels' final skills are what a person's games against them are rated with.

Writes ``game/ai/ratings.json`` (or ``--out``)::

    {"command": "python tools/rate_bots.py --games 60 --seed 1", "date": "2026-12-07",
     "model": "openskill PlackettLuce", "games": {"kaito": {"levels": {"hard": [mu, sigma], ...},
     "shown": {"hard": 1890, ...}, "pairs": {"hard-medium": {"games": 60, "wins": [w, l],
     "shared": d}, ...}}}}

and prints one line per game. Bad arguments: one line on standard error, exit status 2.
"""
from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import LEVELS  # noqa: E402
from game.ai.registry import bot_factories  # noqa: E402
from game.play import OneLineParser, UsageError, play_game  # noqa: E402
from game.rating import RATINGS_FILE, Skill, openskill_model, ranks  # noqa: E402
from game.registry import GAMES  # noqa: E402


def _one(task: tuple[str, tuple[str, str], int, int]) -> dict[str, Any]:
    game, pair, index, seed = task
    res = play_game(game, pair, index, seed)
    return {"pair": list(pair), "index": index, **res}


def rate(levels: list[str], results: list[dict[str, Any]]) -> dict[str, Skill]:
    """Every level's skill after rating ``results`` (each ``{"pair", "seat_bots", "winners",
    "scores"}``) in the order given, every level starting as a new player."""
    model = openskill_model()
    skill = {lv: model.rating() for lv in levels}
    for res in results:
        seat_levels = [res["pair"][b] for b in res["seat_bots"]]
        teams = [[skill[lv]] for lv in seat_levels]
        rated = model.rate(teams, ranks=ranks(res["winners"], res["scores"]))
        for lv, team in zip(seat_levels, rated):
            skill[lv] = team[0]
    return {lv: Skill(r.mu, r.sigma) for lv, r in skill.items()}


def tally(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per pair ``"a-b"``: games, wins of a and of b, games shared."""
    out: dict[str, Any] = {}
    for res in results:
        a, b = res["pair"]
        row = out.setdefault(f"{a}-{b}", {"games": 0, "wins": [0, 0], "shared": 0})
        row["games"] += 1
        if len(res["winners"]) != 1:
            row["shared"] += 1
        else:
            row["wins"][res["seat_bots"][res["winners"][0]]] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="tools/rate_bots.py", description="The AI levels' fixed ratings.")
    parser.add_argument("--games", type=int, default=60, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", action="append", default=None, help="a game's name (default: every game)")
    parser.add_argument("--out", default=str(RATINGS_FILE))
    try:
        args = parser.parse_args(argv)
        if args.games < 1 or args.jobs < 1:
            raise UsageError("--games and --jobs must be at least 1")
        unknown = [g for g in args.game or () if g not in GAMES]
        if unknown:
            raise UsageError(f"unknown game {unknown[0]!r}; known: {', '.join(GAMES)}")
    except UsageError as e:
        print(f"rate_bots: {e}", file=sys.stderr)
        return 2
    out_path = Path(args.out)
    doc: dict[str, Any] = {"games": {}}
    if out_path.exists() and args.game:  # one game measured again: the others kept
        doc = json.loads(out_path.read_text(encoding="utf-8"))
    command = "python tools/rate_bots.py " + " ".join(argv if argv is not None else sys.argv[1:])
    doc.update(command=command.strip(), date=datetime.date.today().isoformat(), model="openskill PlackettLuce")
    for game in args.game or list(GAMES):
        levels = [lv for lv in LEVELS if lv in bot_factories(game)]
        pairs = list(combinations(levels, 2))
        tasks = [(game, pair, i, args.seed) for i in range(args.games) for pair in pairs]
        if args.jobs > 1:
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                results = pool.map(_one, tasks, chunksize=1)
        else:
            results = [_one(t) for t in tasks]
        skills = rate(levels, results)
        doc["games"][game] = {"levels": {lv: s.to_json() for lv, s in skills.items()},
                              "shown": {lv: s.shown() for lv, s in skills.items()}, "pairs": tally(results)}
        print(game, " ".join(f"{lv} {s.shown()} ({s.mu:.1f} ± {s.sigma:.1f})" for lv, s in skills.items()),
              flush=True)
    out_path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
