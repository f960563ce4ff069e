"""``python -m game analyse FILE --seat N [--seed S] [--depth D] [--worlds W]``: the coach (issue 13 §4).

Rates every decision seat ``N`` (0-based, as in records) took in a tatami-record/1 file (RULES.md
section 4) and prints one JSON object per decision, one a line, in the order played::

    {"ply": 7, "step": 7, "seat": 0, "action": "d4", "best": "c4+K:3,1", "value_chosen": 0.31,
     "value_best": 0.52, "loss": 0.21, "mark": "blunder", "unit": "win", "forced": false, ...}

* ``ply``: index of the action among all actions applied (every seat's, in order; the ``ply`` of
  the view the seat decided from, plus the choices of lower seats already made in a Sushi Draft
  phase); ``step``: index of the record's step (a Sushi Draft phase holds every seat's action).
* ``value_chosen`` / ``value_best``: the seat's expected outcome after its action and after the
  best one found, in ``unit``; ``loss`` = ``value_best - value_chosen`` (never negative: when the
  chosen action scores best it is ``best``); ``forced``: the seat had one legal action.
* ``reason`` / ``reason_best`` (issue 21 §4; a game without reasons leaves them out): why, as
  data the game tells in one sentence (:func:`game.telling.reason_text`), for the chosen action
  and for the best one (the same object when they are one). KAITO: the search's expected line
  after the action and its first telling event (:func:`game.kaito.coach.line_reason`: ``kind``,
  ``seat``, ``owner``, ``tile``, ``square``, ``moves``, ``line``, ``path``...: "After f2, Black
  takes your last kabuto on a2 in 2 moves."). Sushi Draft: the chip the choice wins or loses
  against the other action and to whom (:func:`game.sushi.coach.chip_reason`: ``kind``,
  ``pile``, ``rival``, ``chance``...: "Eating tuna rather than salmon wins the tuna chip from
  Hard AI 2 (chance of winning it: 62%, instead of 20%)."). Kanji-zushi: the strokes it scores against the
  best's and the card it leaves to the next seat (:func:`game.kanji.coach.action_reason`:
  ``kind``, ``focus``, ``strokes``, ``best_strokes``, ``next``, ``leaves``, ``next_kanji``...).
* ``unit`` ``"win"``: a chance of winning, 0..1 (a shared win counts 1/k). ``"chips"``: Sushi
  Draft's first two rounds, the expected chip points the seat gains this round minus the mean of
  the others' (the hard bot's own measure; the win is decided only at the end).

How each game rates a decision is its own (``game/<name>/coach.py``, ``rate(view, action, rng,
settings)``, named by its registration), always from what the seat could see: the view at that
decision, rebuilt by replaying the record up to it, never a hidden card. A game without a coach
module gets one error line.

Marks by ``loss`` (the first threshold reached, largest first):

=========== =============== ===============
mark        unit ``win``    unit ``chips``
=========== =============== ===============
blunder     >= 0.15         >= 2.0
mistake     >= 0.10         >= 1.0
inaccuracy  >= 0.05         >= 0.5
good        below           below
=========== =============== ===============

The ``win`` thresholds are lichess's (a drop of 0.3 / 0.2 / 0.1 in winning chances on its
[-1, 1] scale); the ``chips`` ones are about two thirds of an average chip (a chip is worth 1-5
points), a third, and a sixth. In KAITO a move that turns a forced win into anything less, or
anything into a forced loss the best move avoids, is a blunder whatever the numbers.

Randomness: decision ``ply`` of the seat draws from ``Random(f"{seed}:{ply}")``, so the output
is the same for the same file, seat, seed, depth and worlds. A file that cannot be read, a
malformed record, an illegal action or a seat the game does not have prints one line on
standard error (:func:`game.replay.load_record` / :func:`~game.replay.replay_record`'s lines, as
``narrate`` does) and nothing on standard output; the exit status is then 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from dataclasses import dataclass
from typing import Any, Iterator

from . import environ, i18n
from .core import GameState
from .i18n import _
from .registry import REGISTRATIONS
from .replay import ReplayError, load_record, replay_record

#: Marks from best to worst.
MARKS = ("good", "inaccuracy", "mistake", "blunder")
#: Loss thresholds of inaccuracy, mistake, blunder per unit (see the module docstring).
THRESHOLDS: dict[str, tuple[float, float, float]] = {"win": (0.05, 0.10, 0.15), "chips": (0.5, 1.0, 2.0)}
#: Default search depth in plies of a game rated by a search (KAITO: about 0.1-0.3 s per search
#: on the development machine).
DEFAULT_DEPTH = 8
#: Default sampled worlds per decision of a game rated by sampling (Sushi Draft, Kanji-zushi).
DEFAULT_WORLDS = 500


@dataclass(frozen=True)
class CoachSettings:
    """How hard the coach looks at each decision: ``depth`` (plies, for a game rated by a fixed-depth
    search) and ``worlds`` (sampled worlds, for a game rated by sampling hidden information). A
    game's ``coach.rate`` reads the one it uses."""

    depth: int = DEFAULT_DEPTH
    worlds: int = DEFAULT_WORLDS


def mark(loss: float, unit: str, thrown: bool = False) -> str:
    """The mark of a decision that lost ``loss`` (in ``unit``: ``"win"`` or ``"chips"``);
    ``thrown`` (a forced result given away) is always a blunder."""
    if thrown:
        return "blunder"
    inaccuracy, mistake, blunder = THRESHOLDS[unit]
    if loss >= blunder:
        return "blunder"
    if loss >= mistake:
        return "mistake"
    if loss >= inaccuracy:
        return "inaccuracy"
    return "good"


def rounded(x: float) -> float:
    """``x`` to 4 decimals (the JSON lines' precision)."""
    return round(x, 4)


def decision_entry(action: str, best: str, chosen: float, top: float, unit: str, forced: bool,
                   thrown: bool = False) -> dict[str, Any]:
    """The fields every game's rating has (module docstring): ``action``, ``best``,
    ``value_chosen`` / ``value_best`` (``chosen`` / ``top``, in ``unit``), ``loss``, ``mark``,
    ``unit``, ``forced``; ``thrown``: a forced result given away (always a blunder)."""
    loss = max(0.0, top - chosen)
    return {"action": action, "best": best, "value_chosen": rounded(chosen), "value_best": rounded(top),
            "loss": rounded(loss), "mark": mark(loss, unit, thrown), "unit": unit, "forced": forced}


def best_of(values: dict[str, float], action: str, tiebreak: dict[str, float] | None = None) -> str:
    """The action with the top value (then ``tiebreak``); the chosen ``action`` when it is tied."""
    def key(a: str) -> tuple[float, float]:
        return values[a], (tiebreak or {}).get(a, 0.0)
    top = max(key(a) for a in values)
    return action if action in values and key(action) >= top else min(a for a in values if key(a) >= top)


def decisions(path: str, record: Any, seat: int) -> list[tuple[int, int, GameState, str]]:
    """Every decision of ``seat`` in ``record`` as ``(ply, step, state before the step, action)``.

    Raises:
        ReplayError: malformed record, illegal action, or a seat the game does not have (the
            message is the one line to print; it names the file)."""
    before: list[GameState] = []
    final = replay_record(path, record, lambda state: before.append(state.clone()))
    if not 0 <= seat < final.num_seats:
        raise ReplayError(_("{path}: --seat {seat} is out of range: this game has seats 0 to {last}").format(
            path=path, seat=seat, last=final.num_seats - 1))
    out = []
    history = final.history
    for step, state in enumerate(before):
        start = len(state.history)
        end = len(before[step + 1].history) if step + 1 < len(before) else len(history)
        for ply in range(start, end):
            who, action = history[ply]
            if who == seat:
                out.append((ply, step, state, action))
    return out


def analyse_record(path: str, record: Any, seat: int, seed: int = 0, depth: int = DEFAULT_DEPTH,
                   worlds: int = DEFAULT_WORLDS) -> list[dict[str, Any]]:
    """One JSON-ready object per decision of ``seat`` (module docstring), in the order played.

    Raises:
        ReplayError: as :func:`decisions`."""
    return list(iter_analysis(path, record, seat, seed, depth, worlds))


def iter_analysis(path: str, record: Any, seat: int, seed: int = 0, depth: int = DEFAULT_DEPTH,
                  worlds: int = DEFAULT_WORLDS) -> Iterator[dict[str, Any]]:
    """:func:`analyse_record` one decision at a time, each yielded as soon as it is rated (the
    replay viewer shows the marks as they come).

    Raises:
        ReplayError: as :func:`decisions` (before the first row)."""
    game = record.get("game") if isinstance(record, dict) else None
    settings = CoachSettings(depth, worlds)
    for ply, step, state, action in decisions(path, record, seat):
        view = state.view(seat)
        rng = random.Random(f"{seed}:{ply}")
        reg = REGISTRATIONS.get(state.game.name)
        rate = reg.coach_rate() if reg is not None else None
        if rate is None:
            # Translators: an error line of the replay coach; {path} is a file, {game} a game name in quotes
            raise ReplayError(_("{path}: the coach does not know the game {game}").format(path=path, game=repr(game)))
        rated = rate(view, action, rng, settings)
        yield {"ply": ply, "step": step, "seat": seat, **rated}


def analyse_file(path: str, seat: int, seed: int = 0, depth: int = DEFAULT_DEPTH,
                 worlds: int = DEFAULT_WORLDS) -> list[dict[str, Any]]:
    """:func:`analyse_record` of the record in ``path``.

    Raises:
        ReplayError: unreadable file, malformed record, illegal action or a bad seat."""
    return analyse_record(path, load_record(path), seat, seed, depth, worlds)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: list[str]) -> int:
    """Entry point of ``python -m game analyse``; prints the JSON lines, returns the exit status
    (0 ok, 2 on a bad record, a bad seat or a usage error)."""
    parser = argparse.ArgumentParser(prog="python -m game analyse",
                                     description="Rate each decision of one seat in a Tatami game record.")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--seat", type=int, required=True, metavar="N", help="the seat to rate (0-based)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulations (default 0)")
    parser.add_argument("--depth", type=_positive, default=DEFAULT_DEPTH,
                        help=f"search depth in plies, for a game rated by a search (default {DEFAULT_DEPTH})")
    parser.add_argument("--worlds", type=_positive, default=DEFAULT_WORLDS,
                        help=f"sampled worlds per decision, for a game rated by sampling (default {DEFAULT_WORLDS})")
    args = parser.parse_args(argv)
    if environ.language():  # the viewer may pass its language: the error line is shown
        i18n.init_from_env()
    try:
        record = load_record(args.file)
        rows = iter_analysis(args.file, record, args.seat, args.seed, args.depth, args.worlds)
        first = next(rows, None)  # a bad record or seat fails here, before any output
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        if first is not None:
            print(json.dumps(first, ensure_ascii=False), flush=True)
        for row in rows:  # each line as soon as it is rated
            print(json.dumps(row, ensure_ascii=False), flush=True)
    except BrokenPipeError:  # ``| head``: the reader left; quietly stop
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


__all__ = ["DEFAULT_DEPTH", "DEFAULT_WORLDS", "MARKS", "THRESHOLDS", "CoachSettings", "analyse_file",
           "analyse_record", "best_of", "decision_entry", "decisions", "iter_analysis", "mark", "rounded"]
