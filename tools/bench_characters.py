"""Do the AI characters keep their level's strength band? (issue 36, item 2)

    python tools/bench_characters.py [--games N] [--seed S] [--jobs J] [--game NAME ...]
                                     [--character KEY ...] [--out PATH]

Every character of :mod:`game.characters` (a level played with a temperament) plays ``N``
two-seat games (``game.play.run_match``: seats rotated, every game seeded from ``S``) against the
plain level below its own (random below easy) and against the plain level above it (none above
hard). Its band: it beats the level below (a win share above 0.5) and loses to the level above (a
share below 0.5) — the same order as the plain levels' ladder (``docs/ai_figures.md``). Each pair's
style measures (the game's ``measures`` hook) are printed too.

Prints one Markdown row per pair and writes every result as JSON to ``--out`` (default: none).
Speed and win shares are benchmark figures, never test assertions; run it on a quiet machine,
e.g. ``taskset -c 1 nice -n 5``. Bad arguments: one line on standard error, exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import LEVELS  # noqa: E402
from game.characters import CHARACTERS  # noqa: E402
from game.play import OneLineParser, UsageError, run_match  # noqa: E402
from game.registry import GAMES  # noqa: E402


def neighbours(level: str) -> tuple[str | None, str | None]:
    """The plain levels just below and just above ``level`` in :data:`game.ai.LEVELS` (None at
    an end)."""
    i = LEVELS.index(level)
    return (LEVELS[i - 1] if i > 0 else None), (LEVELS[i + 1] if i + 1 < len(LEVELS) else None)


def bench(game: str, key: str, games: int, seed: int, jobs: int) -> list[dict[str, Any]]:
    """The character ``key``'s matches at ``game`` against the levels below and above its own:
    one dict per pair, ``{"game", "character", "against", "side" ("below"/"above"), "share",
    "ci95", "measures" (the character's, then the opponent's), "in_band"}``."""
    c = next(c for c in CHARACTERS if c.key == key)
    below, above = neighbours(c.level)
    out = []
    for side, other in (("below", below), ("above", above)):
        if other is None:
            continue
        res = run_match(game, [f"{c.level}@{key}", other], games, seed, jobs)
        share = res["win_share"][0]
        out.append({"game": game, "character": key, "level": c.level, "temperament": c.temperament,
                    "against": other, "side": side, "share": share, "ci95": res["ci95"][0],
                    "measures": res["measures"], "mean_ms": res["mean_ms"][0],
                    "in_band": share > 0.5 if side == "below" else share < 0.5})
    return out


def main(argv: list[str] | None = None) -> int:
    p = OneLineParser(prog="bench_characters")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--game", action="append", default=[])
    p.add_argument("--character", action="append", default=[])
    p.add_argument("--out", default="")
    try:
        args = p.parse_args(argv)
        for g in args.game:
            if g not in GAMES:
                raise UsageError(f"unknown game {g!r}; known: {', '.join(sorted(GAMES))}")
        keys = [c.key for c in CHARACTERS]
        for k in args.character:
            if k not in keys:
                raise UsageError(f"unknown character {k!r}; known: {', '.join(keys)}")
        if args.games < 1 or args.jobs < 1:
            raise UsageError("--games and --jobs must be at least 1")
    except UsageError as exc:
        print(f"bench_characters: error: {exc}", file=sys.stderr)
        return 2
    results = []
    print("| game | character | level | vs | share | 95% CI | in band | its measures |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.game or sorted(GAMES):
        for key in args.character or keys:
            for r in bench(game, key, args.games, args.seed, args.jobs):
                results.append(r)
                m = ", ".join(f"{k} {v}" for k, v in r["measures"][0].items())
                print(f"| {game} | {key} | {r['level']} | {r['against']} | {r['share']:.3f} | "
                      f"{r['ci95'][0]:.2f}-{r['ci95'][1]:.2f} | {'yes' if r['in_band'] else 'NO'} | {m} |",
                      flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
