"""The coach's rating of a KAITO decision (RULES.md section 1; :mod:`game.analyse`).

Perfect information: the hard bot's alpha-beta search (:func:`game.kaito.search.fixed_depth_score`
/ :func:`~game.kaito.search.move_score`) to a fixed ``--depth`` (default 8 plies), no clock, so
the result is the same on every machine. ``eval_before`` is the position's score with the best
move, ``eval_after`` the score after the chosen one (search units, the seat's point of view;
beyond ``±999000`` a forced win / loss). ``value = 1 / (1 + exp(-score / 250))``
(:data:`KAITO_SCALE`; a kabuto lost from three is about 280 units: from an even game that is a
drop from 0.5 to 0.25), 1 for a forced win, 0 for a forced loss. A move that turns a forced win
into anything less, or anything into a forced loss the best move avoids, is a blunder whatever
the numbers.

Why (issue 21 §4): :func:`reason` plays the search's expected line (the principal variation:
the move, then each side's best reply by a search one ply shallower each time, at most
:data:`LINE_PLIES` plies) through the rules and keeps its first telling event — a last katana or
kabuto taken (the end), a seat left without a move, a katana or kabuto taken, a buy-back — as
data (:func:`line_reason`) that :func:`game.kaito.telling.reason_text` tells in words ("After f2,
Black takes your last kabuto on a2 in 2 moves.").
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.analyse import CoachSettings, decision_entry
from game.kaito.engine import FastPos, action_to_move, move_to_action
from game.kaito.events import GameEnded, MonExchanged, TileCaptured
from game.kaito.rules import KaitoState, KaitoView, Move
from game.kaito.search import MATE_BOUND, fixed_depth_score, move_score

#: The longest expected line a reason plays (plies, the decision's own action included).
LINE_PLIES = 6
#: Search depth of a hint's reason (plies; the hint's own search chose the action).
HINT_DEPTH = 4

#: Search score units per e-fold of the winning odds (``value = 1 / (1 + exp(-s / scale))``).
KAITO_SCALE = 250.0


def kaito_value(score: int) -> float:
    """A KAITO search score (side to move's units) as a chance of winning, 0..1."""
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / KAITO_SCALE))


def _forced_class(score: int) -> int:
    return 1 if score >= MATE_BOUND else -1 if score <= -MATE_BOUND else 0


def rate(view: KaitoView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` with a ``settings.depth``-ply search (module docstring;
    ``rng`` is not used: the search is deterministic).

    Returns:
        The decision's fields: ``action``, ``best``, ``value_chosen``, ``value_best``, ``loss``,
        ``mark``, ``unit`` (``"win"``), ``forced``, ``eval_before``, ``eval_after``, ``depth``,
        ``reason`` (:func:`line_reason` of the expected line after ``action``) and ``reason_best``
        (after ``best``; the same object when ``best`` is ``action``)."""
    depth = settings.depth
    pos = FastPos.from_view(view)
    _, best_move = fixed_depth_score(pos, depth)
    best_score = move_score(pos, best_move, depth)
    chosen = action_to_move(action)
    chosen_score = best_score if chosen == best_move else move_score(pos, chosen, depth)
    if chosen_score >= best_score:
        best_move, best_score = chosen, chosen_score
    best = action if best_move == chosen else move_to_action(best_move)
    thrown = _forced_class(best_score) > _forced_class(chosen_score)
    out = decision_entry(action, best, kaito_value(chosen_score), kaito_value(best_score), "win",
                 len(view.legal_actions) == 1, thrown)
    chosen_reason = line_reason(view, expected_line(view, action, depth))
    if out["mark"] == "good":
        chosen_reason = despite(chosen_reason)
    out.update(eval_before=best_score, eval_after=chosen_score, depth=depth, reason=chosen_reason,
               reason_best=chosen_reason if best == action else
               despite(line_reason(view, expected_line(view, best, depth))))
    return out


def adverse(reason: dict[str, Any]) -> bool:
    """True when the line's telling event (:func:`line_reason`) goes against the side that made
    its first action (``mover``): its katana or kabuto taken, its opponent buying one back, it
    left without a move or taking its own last tile."""
    kind, seat, mover = reason.get("kind"), reason.get("seat"), reason.get("mover")
    if kind in ("take", "take_last", "buy_back"):
        return seat is not None and seat != mover
    return kind in ("own_last", "no_move") and seat == mover


def despite(reason: dict[str, Any]) -> dict[str, Any]:
    """``reason`` of a good or the best action, marked ``despite`` when its line still goes
    against the mover (:func:`adverse`): told with "No other move does better." so that the
    verdict and the reason never disagree (issue 33, item 11)."""
    return {**reason, "despite": True} if adverse(reason) else reason


def expected_line(view: KaitoView, action: str, depth: int, plies: int = LINE_PLIES) -> list[str]:
    """The line the search expects after ``action`` (legal in ``view``): ``action``, then the best
    reply of the side to move found by a search of ``depth - 1`` plies, then ``depth - 2``...,
    until the game ends, the depth runs out or the line holds ``plies`` actions (notation strings).
    Deterministic (:func:`~game.kaito.search.fixed_depth_score`, no clock)."""
    pos = FastPos.from_view(view)
    line = [action]
    loser = pos.make(action_to_move(action))
    made, d = 1, depth - 1
    try:
        while loser < 0 and len(line) < plies and d >= 1 and pos.gen():
            _, move = fixed_depth_score(pos, d)
            line.append(move_to_action(move))
            loser = pos.make(move)
            made, d = made + 1, d - 1
    finally:
        for _ in range(made):
            pos.unmake()
    return line


def line_reason(view: KaitoView, line: list[str]) -> dict[str, Any]:
    """What ``line`` (legal actions from ``view``, :func:`expected_line`) comes to, as JSON-ready
    data told by :func:`game.kaito.telling.reason_text`:

    ``{"kind", "seat", "owner", "tile", "square", "moves", "action", "line", "path", "mover",
    "colors"}``:
    ``kind`` is the first telling event of the line played through the rules: ``"take_last"`` (a
    last katana / kabuto taken by the opponent of its ``owner``: the end), ``"own_last"`` (taken
    by its owner: the owner loses), ``"no_move"`` (``seat`` is left without a move), ``"take"``
    (a katana or kabuto taken), ``"buy_back"`` (``seat`` retrieved its ``tile``), or ``"quiet"``
    (none of these). ``seat``: who acts in it (for ``"no_move"``: who cannot move); ``owner``:
    the tile's seat; ``tile``: its code (``"BH"``); ``square``: its square index 0..35;
    ``moves``: how many actions of the line, ``action`` the first, up to and including it (the
    line's length for ``"quiet"``); ``line``: the actions; ``path``: the Kaito's squares, where it
    stood before ``action`` (None before the placement) and after each action of the line;
    ``mover``: the seat of ``action`` (the seats alternate along the line); ``colors``: each
    seat's colour (``"R"`` / ``"B"``)."""
    state = KaitoState.from_view(view)
    out: dict[str, Any] = {"kind": "quiet", "seat": None, "owner": None, "tile": None, "square": None,
                           "moves": len(line), "action": line[0] if line else None, "line": list(line),
                           "path": [view.kaito] + [Move.from_str(a).square for a in line],
                           "mover": view.seat if view.to_move is None else view.to_move,
                           "colors": list(view.colors)}
    found: dict[str, Any] | None = None
    for i, action in enumerate(line):
        seat = state.to_act()[0]
        start = len(state.events)
        state.apply(seat, action)
        for event in state.events[start:]:
            got = _telling_event(event, i)
            if got is not None and (found is None or _RANK[got["kind"]] < _RANK[found["kind"]]):
                found = got  # within one action, the end outranks a capture
        if found is not None:
            break
    out.update(found or {})
    return out


#: Which telling event of one action is the reason (smaller first).
_RANK = {"take_last": 0, "own_last": 0, "no_move": 1, "take": 2, "buy_back": 3}


def _telling_event(event: Any, index: int) -> dict[str, Any] | None:
    """The reason fields of ``event`` (of the line's action ``index``), or None when it tells
    nothing (a Mon taken, a warning, an own katana taken while others are left, the decision's
    own buy-back)."""
    if isinstance(event, TileCaptured) and event.tile[1] in "KH":
        if event.owner == event.seat and not event.last:
            return None
        kind = ("own_last" if event.owner == event.seat else "take_last") if event.last else "take"
        return {"kind": kind, "seat": event.seat, "owner": event.owner, "tile": event.tile,
                "square": event.square, "moves": index + 1}
    if isinstance(event, GameEnded) and event.reason == "no-move":
        return {"kind": "no_move", "seat": event.loser, "owner": None, "tile": None, "square": None,
                "moves": index + 1}
    if isinstance(event, MonExchanged) and index > 0:
        return {"kind": "buy_back", "seat": event.seat, "owner": event.seat, "tile": event.retrieved,
                "square": event.square, "moves": index + 1}
    return None


def reason(view: KaitoView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Why ``action`` (the hint's): :func:`line_reason` of its :func:`expected_line` searched to
    ``settings.depth`` plies (``rng`` is not used), :func:`despite` what goes against it."""
    return despite(line_reason(view, expected_line(view, action, settings.depth)))


__all__ = ["HINT_DEPTH", "KAITO_SCALE", "LINE_PLIES", "adverse", "despite", "expected_line", "kaito_value",
           "line_reason", "rate", "reason"]
