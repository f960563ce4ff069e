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
* ``unit`` ``"win"``: a chance of winning, 0..1 (a shared win counts 1/k). ``"chips"``: Sushi
  Draft's first two rounds, the expected chip points the seat gains this round minus the mean of
  the others' (the hard bot's own measure; the win is decided only at the end).

How each game is rated, always from what the seat could see (the view at that decision, rebuilt
by replaying the record up to it; for Sushi Draft and Kanji-zushi never the hidden cards):

* KAITO (RULES.md section 1; perfect information): the hard bot's alpha-beta search
  (:func:`game.ai.kaito_search.fixed_depth_score` / :func:`~game.ai.kaito_search.move_score`) to a
  fixed ``--depth`` (default 8 plies), no clock, so the result is the same on every machine.
  ``eval_before`` is the position's score with the best move, ``eval_after`` the score after the
  chosen one (search units, the seat's point of view; beyond ``±999000`` a forced win / loss).
  ``value = 1 / (1 + exp(-score / 250))`` (:data:`KAITO_SCALE`; a kabuto lost from three is about
  280 units: from an even game that is a drop from 0.5 to 0.25), 1 for a forced win, 0 for a
  forced loss.
* Sushi Draft (RULES.md section 2): the flat Monte Carlo evaluation (:class:`~game.ai.sushi_ai.SushiFlatBot`) with
  exactly ``--worlds`` sampled worlds (default 500) instead of a clock; its mean score per legal
  action is ``values``. A forced choice is not simulated (values null, loss 0).
* Kanji-zushi (RULES.md section 3): the hard bot's simulations (its
  :class:`~game.ai.kanji_ai.HiddenSampler` and greedy :class:`~game.ai.kanji_ai.Sim` playouts,
  ``--worlds`` worlds, common random numbers) for every valid completion and ``pass``; ``value``
  is the mean win share (ties between options broken by the mean stroke margin). A wrong attempt
  has exactly a pass's effect (RULES.md section 3 ruling), so it is valued as ``pass`` (``note``
  says so).

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
import math
import os
import random
import sys
from typing import Any, Iterator

from .ai.kaito_engine import FastPos, action_to_move, move_to_action
from .ai.kaito_search import MATE_BOUND, fixed_depth_score, move_score
from .ai.kanji_ai import HiddenSampler, Sim, valid_options
from .ai.sushi_ai import SushiFlatBot
from . import environ, i18n
from .core import GameState
from .i18n import _
from .kaito import KaitoView
from .kanji import PASS, KanjiView, attempt_text
from .kanji_data import NETA
from .replay import ReplayError, load_record, replay_record
from .sushi import ROUNDS, SushiView

#: Marks from best to worst.
MARKS = ("good", "inaccuracy", "mistake", "blunder")
#: Loss thresholds of inaccuracy, mistake, blunder per unit (see the module docstring).
THRESHOLDS: dict[str, tuple[float, float, float]] = {"win": (0.05, 0.10, 0.15), "chips": (0.5, 1.0, 2.0)}
#: KAITO: search score units per e-fold of the winning odds (``value = 1 / (1 + exp(-s / scale))``).
KAITO_SCALE = 250.0
#: KAITO: default search depth in plies (about 0.1-0.3 s per search on the development machine).
DEFAULT_DEPTH = 8
#: Sushi Draft and Kanji-zushi: default sampled worlds per decision.
DEFAULT_WORLDS = 500
#: Kanji-zushi: weight of the stroke margin in choosing among equal win shares (the hard bot's).
KANJI_MARGIN_WEIGHT = 0.01


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


def kaito_value(score: int) -> float:
    """A KAITO search score (side to move's units) as a chance of winning, 0..1."""
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / KAITO_SCALE))


def _forced_class(score: int) -> int:
    return 1 if score >= MATE_BOUND else -1 if score <= -MATE_BOUND else 0


def _r(x: float) -> float:
    return round(x, 4)


def _entry(action: str, best: str, chosen: float, top: float, unit: str, forced: bool,
           thrown: bool = False) -> dict[str, Any]:
    loss = max(0.0, top - chosen)
    return {"action": action, "best": best, "value_chosen": _r(chosen), "value_best": _r(top),
            "loss": _r(loss), "mark": mark(loss, unit, thrown), "unit": unit, "forced": forced}


def rate_kaito(view: KaitoView, action: str, depth: int = DEFAULT_DEPTH) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` (KAITO) with a ``depth``-ply search (module docstring).

    Returns:
        The decision's fields: ``action``, ``best``, ``value_chosen``, ``value_best``, ``loss``,
        ``mark``, ``unit`` (``"win"``), ``forced``, ``eval_before``, ``eval_after``, ``depth``."""
    pos = FastPos.from_view(view)
    _, best_move = fixed_depth_score(pos, depth)
    best_score = move_score(pos, best_move, depth)
    chosen = action_to_move(action)
    chosen_score = best_score if chosen == best_move else move_score(pos, chosen, depth)
    if chosen_score >= best_score:
        best_move, best_score = chosen, chosen_score
    best = action if best_move == chosen else move_to_action(best_move)
    thrown = _forced_class(best_score) > _forced_class(chosen_score)
    out = _entry(action, best, kaito_value(chosen_score), kaito_value(best_score), "win",
                 len(view.legal_actions) == 1, thrown)
    out.update(eval_before=best_score, eval_after=chosen_score, depth=depth)
    return out


def _best_of(values: dict[str, float], action: str, tiebreak: dict[str, float] | None = None) -> str:
    """The action with the top value (then ``tiebreak``); the chosen ``action`` when it is tied."""
    def key(a: str) -> tuple[float, float]:
        return values[a], (tiebreak or {}).get(a, 0.0)
    top = max(key(a) for a in values)
    return action if action in values and key(action) >= top else min(a for a in values if key(a) >= top)


def rate_sushi(view: SushiView, action: str, rng: random.Random, worlds: int = DEFAULT_WORLDS) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` (Sushi Draft) with the hard bot's search (``worlds``
    sampled worlds, randomness from ``rng``).

    Returns:
        The decision's fields (see the module docstring) plus ``values`` (action -> the hard bot's
        mean score, or None for a forced choice) and ``worlds``."""
    unit = "win" if view.round == ROUNDS - 1 else "chips"
    if len(view.legal_actions) == 1:
        return {"action": action, "best": action, "value_chosen": None, "value_best": None, "loss": 0.0,
                "mark": "good", "unit": unit, "forced": True, "values": None, "worlds": 0}
    bot = SushiFlatBot(rng, iterations=worlds)
    bot.choose(view)
    means: dict[str, float] = bot.last_info["means"]
    best = _best_of(means, action)
    out = _entry(action, best, means[action], means[best], unit, False)
    out.update(values={a: _r(v) for a, v in sorted(means.items())}, worlds=bot.last_info["worlds"])
    return out


def kanji_values(view: KanjiView, rng: random.Random, worlds: int = DEFAULT_WORLDS,
                 pass_trust: float = 0.9) -> tuple[dict[str, float], dict[str, float]]:
    """Per option (every valid completion, and ``pass``), the mean win share and the mean stroke
    margin (own total minus the best other) over ``worlds`` sampled worlds, each option played and
    the game finished by greedy play for every seat (the hard bot's simulations, RULES.md §3).

    Raises:
        game.ai.kanji_ai.InconsistentView: no deal explains the view (hand-made views only)."""
    me, n = view.seat, view.num_seats
    options = valid_options(view)
    table = list(view.table)
    firsts: list[tuple[str, tuple[int, int] | None]] = [
        (attempt_text(nn, ss), (NETA.index(nn), table.index(ss))) for _, nn, ss in options]
    firsts.append((PASS, None))
    sampler = HiddenSampler(view, pass_trust)
    wins = [0.0] * len(firsts)
    margins = [0.0] * len(firsts)
    after = (me + 1) % n
    for _unused in range(worlds):
        base = Sim.from_view(view, sampler.sample(rng))
        for i, (_action, first) in enumerate(firsts):
            sim = base.copy()
            if first is not None:
                sim.complete(me, first[0], first[1])
            # a pass with a valid pair in reach leaves the table alive; without one it counts
            sim.playout(after, 0 if options or first is not None else 1)
            winners = sim.winners()
            wins[i] += 1.0 / len(winners) if me in winners else 0.0
            margins[i] += sim.score[me] - max(sim.score[s] for s in range(n) if s != me)
    labels = [label for label, _ in firsts]
    return ({a: w / worlds for a, w in zip(labels, wins)}, {a: m / worlds for a, m in zip(labels, margins)})


def rate_kanji(view: KanjiView, action: str, rng: random.Random, worlds: int = DEFAULT_WORLDS) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` (Kanji-zushi) with :func:`kanji_values`.

    Returns:
        The decision's fields (see the module docstring) plus ``values`` (option -> mean win
        share), ``worlds`` and, for a wrong attempt, ``note``."""
    values, margins = kanji_values(view, rng, worlds)
    option = action if action in values else PASS
    best = _best_of(values, option, {a: KANJI_MARGIN_WEIGHT * m for a, m in margins.items()})
    out = _entry(action, best, values[option], values[best], "win", len(view.legal_actions) == 1)
    out.update(values={a: _r(v) for a, v in sorted(values.items())}, worlds=worlds)
    if option != action:
        out["note"] = "a wrong attempt: the same effect as a pass (RULES.md section 3)"
    return out


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
    for ply, step, state, action in decisions(path, record, seat):
        view = state.view(seat)
        rng = random.Random(f"{seed}:{ply}")
        if isinstance(view, KaitoView):
            rated = rate_kaito(view, action, depth)
        elif isinstance(view, SushiView):
            rated = rate_sushi(view, action, rng, worlds)
        elif isinstance(view, KanjiView):
            rated = rate_kanji(view, action, rng, worlds)
        else:
            # Translators: an error line of the replay coach; {path} is a file, {game} a game name in quotes
            raise ReplayError(_("{path}: the coach does not know the game {game}").format(path=path, game=repr(game)))
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
                        help=f"KAITO search depth in plies (default {DEFAULT_DEPTH})")
    parser.add_argument("--worlds", type=_positive, default=DEFAULT_WORLDS,
                        help=f"sampled worlds per decision, Sushi Draft and Kanji-zushi (default {DEFAULT_WORLDS})")
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


__all__ = ["DEFAULT_DEPTH", "DEFAULT_WORLDS", "KAITO_SCALE", "MARKS", "THRESHOLDS", "analyse_file",
           "analyse_record", "decisions", "iter_analysis", "kaito_value", "kanji_values", "mark", "rate_kaito",
           "rate_kanji", "rate_sushi"]
