"""The coach's rating of a Kanji-zushi decision (RULES.md section 3; :mod:`game.analyse`).

The hard bot's simulations (its :class:`~game.kanji.ai.HiddenSampler` and greedy
:class:`~game.kanji.ai.Sim` playouts, ``--worlds`` worlds, common random numbers) for every valid
completion and ``pass``; ``value`` is the mean win share (ties between options broken by the mean
stroke margin). A wrong attempt has exactly a pass's effect (RULES.md section 3 ruling), so it is
valued as ``pass`` (``note`` says so).

Why (issue 21 §4): the strokes an action scores now (RULES.md §3 scoring: a completed kanji's
KANJIDIC2 stroke count) against the best's, and the card it leaves to the next seat still
playing: in the same sampled worlds, what that seat's greedy reply makes on its next turn with a
shari card the seat can see on the table (not the unseen card turned up into the emptied slot).
:func:`action_reason` keeps it as data, :func:`game.kanji.telling.reason_text` says it in one
sentence ("持 scores 9 strokes; it leaves 青 to Hard AI 2 for 清 (11 strokes; chance: 58%).").
"""

from __future__ import annotations

import random
from typing import Any

from game.analyse import DEFAULT_WORLDS, CoachSettings, best_of, decision_entry, rounded
from game.kanji.ai import valid_options
from game.kanji.data import NETA, SHARI
from game.kanji.rules import PASS, KanjiView, attempt_text, parse_action
from game.kanji.sampling import NETA_INDEX, SHARI_INDEX, HiddenSampler, KeyTable, Sim, key_table, next_active

#: A card is "left" to the next seat only when its reply makes a kanji with it in at least this
#: share of the sampled worlds (0..1).
LEAVE_MIN = 0.05
#: Weight of the stroke margin in choosing among equal win shares (the hard bot's).
KANJI_MARGIN_WEIGHT = 0.01


class NextTally:
    """Per option, what the next seat still playing makes on its next turn in the sampled worlds
    (its greedy reply, :meth:`~game.kanji.sampling.Sim.best_pair`), with a shari card the
    deciding seat saw on the table after its own action.

    Attributes:
        seat: the next seat still playing (None when no other seat plays on).
        worlds: the worlds counted.
        made: option -> shari card -> ``{(kanji, strokes): worlds}``.
        strokes: option -> the next seat's strokes summed over the worlds (0 for a pass, the
            unseen refilled card's kanji included)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.worlds = 0
        self.made: dict[str, dict[str, dict[tuple[str, int], int]]] = {}
        self.strokes: dict[str, int] = {}

    def add(self, option: str, sim: Sim, known: list[bool], key: KeyTable) -> None:
        """Count the next seat's greedy reply in ``sim`` (after ``option``); ``known[slot]``:
        the slot holds a card the deciding seat saw."""
        made = self.made.setdefault(option, {})
        self.strokes.setdefault(option, 0)
        if self.seat is None:
            return
        v, neta, slot = sim.best_pair(self.seat)
        if not v:
            return
        self.strokes[option] += v
        if not known[slot]:
            return
        shari = SHARI[sim.table[slot]]
        formed = key.formed[(NETA[neta], shari)]
        pair = made.setdefault(shari, {})
        pair[(formed.char, v)] = pair.get((formed.char, v), 0) + 1


def _simulate(view: KanjiView, rng: random.Random, worlds: int, pass_trust: float, tally: NextTally | None,
              only: str | None = None, playout: bool = True) -> tuple[dict[str, float], dict[str, float]]:
    """The simulations of :func:`kanji_values` (``only``: just that option, which must be legal;
    ``playout`` False: no game finished, only ``tally`` counted — the hint's reason)."""
    me, n = view.seat, view.num_seats
    options = valid_options(view)
    table = list(view.table)
    firsts: list[tuple[str, tuple[int, int] | None]] = [
        (attempt_text(nn, ss), (NETA.index(nn), table.index(ss))) for _, nn, ss in options]
    firsts.append((PASS, None))
    if only is not None:
        firsts = [f for f in firsts if f[0] == only] or [(PASS, None)]
    sampler = HiddenSampler(view, pass_trust)
    key = key_table(view.answer_key)
    wins = [0.0] * len(firsts)
    margins = [0.0] * len(firsts)
    after = (me + 1) % n
    for _unused in range(worlds):
        base = Sim.from_view(view, sampler.sample(rng))
        for i, (action, first) in enumerate(firsts):
            sim = base.copy()
            known = [c is not None for c in table]
            if first is not None:
                sim.complete(me, first[0], first[1])
                known[first[1]] = False  # the card turned up there is one the seat has not seen
            if tally is not None:
                tally.add(action, sim, known, key)
            if not playout:
                continue
            # a pass with a valid pair in reach leaves the table alive; without one it counts
            sim.playout(after, 0 if options or first is not None else 1)
            winners = sim.winners()
            wins[i] += 1.0 / len(winners) if me in winners else 0.0
            margins[i] += sim.score[me] - max(sim.score[s] for s in range(n) if s != me)
    if tally is not None:
        tally.worlds += worlds
    labels = [label for label, _ in firsts]
    return ({a: w / worlds for a, w in zip(labels, wins)}, {a: m / worlds for a, m in zip(labels, margins)})


def kanji_values(view: KanjiView, rng: random.Random, worlds: int = DEFAULT_WORLDS,
                 pass_trust: float = 0.9, tally: NextTally | None = None) -> tuple[dict[str, float],
                                                                                  dict[str, float]]:
    """Per option (every valid completion, and ``pass``), the mean win share and the mean stroke
    margin (own total minus the best other) over ``worlds`` sampled worlds, each option played and
    the game finished by greedy play for every seat (the hard bot's simulations, RULES.md §3).
    ``tally``: also count the next seat's replies there (:class:`NextTally`; no randomness drawn).

    Raises:
        game.kanji.ai.InconsistentView: no deal explains the view (hand-made views only)."""
    return _simulate(view, rng, worlds, pass_trust, tally)


def _formed(view: KanjiView, action: str) -> tuple[str, str | None, int]:
    """``(kind, kanji, strokes)`` of ``action``: ``"kanji"`` (a valid pair: the character and its
    strokes), ``"wrong"`` (a pair the answer key rejects) or ``"pass"``."""
    pair = parse_action(action)
    if pair is None:
        return "pass", None, 0
    key = key_table(view.answer_key)
    if pair in key.valid:
        return "kanji", key.formed[pair].char, key.strokes[NETA_INDEX[pair[0]]][SHARI_INDEX[pair[1]]]
    return "wrong", None, 0


def _option(view: KanjiView, action: str) -> str:
    """The option simulated for ``action``: itself when it completes a kanji, else ``pass``."""
    return action if _formed(view, action)[0] == "kanji" else PASS


def action_reason(view: KanjiView, action: str, tally: NextTally, best: str | None = None,
                  focus: str = "leaves") -> dict[str, Any]:
    """Why ``action`` (legal in ``view``), as JSON-ready data told by
    :func:`game.kanji.telling.reason_text`, from ``tally`` (the worlds where ``action`` was
    simulated; a wrong attempt reads the pass's, its same effect).

    ``{"kind", "focus", "seat", "action", "kanji", "strokes", "best", "best_kanji",
    "best_strokes", "next", "leaves", "next_kanji", "next_strokes", "next_chance",
    "next_expected", "worlds"}``: ``kind`` ``"kanji"`` / ``"wrong"`` / ``"pass"``; ``focus``
    ``"score"`` (it scores fewer strokes than ``best``: that is the reason) or ``"leaves"``
    (the card it leaves to the next seat); ``kanji`` / ``strokes`` what it completes now
    (None / 0); ``best*`` the same for the best action (None when not compared); ``next`` the
    next seat still playing (None: nobody plays after it); ``leaves`` the shari card on the table
    that gives ``next`` most strokes on its next turn in expectation (compared with ``best``: most
    beyond what it gets with that card after ``best``; None: none it uses in :data:`LEAVE_MIN`
    of the worlds),
    ``next_kanji`` / ``next_strokes`` the kanji it makes with it most often and its strokes,
    ``next_chance`` the share of worlds where it does (0..1, 2 decimals); ``next_expected`` the
    strokes ``next`` makes on its next turn, mean over the worlds (any card, the unseen one too)."""
    kind, kanji, strokes = _formed(view, action)
    option = _option(view, action)
    out: dict[str, Any] = {"kind": kind, "focus": focus, "seat": view.seat, "action": action, "kanji": kanji,
                           "strokes": strokes, "best": best, "best_kanji": None, "best_strokes": None,
                           "next": tally.seat, "leaves": None, "next_kanji": None, "next_strokes": None,
                           "next_chance": 0.0, "next_expected": 0.0, "worlds": tally.worlds}
    if best is not None:
        _k, out["best_kanji"], out["best_strokes"] = _formed(view, best)
    worlds = max(1, tally.worlds)
    out["next_expected"] = rounded(tally.strokes.get(option, 0) / worlds)
    by_card = tally.made.get(option, {})
    if by_card:
        # compared with the best, the card it leaves that the best does not: the largest gain
        against = tally.made.get(_option(view, best), {}) if best is not None else {}

        def total(card: str) -> int:
            return sum(v * k for (_ch, v), k in by_card[card].items())

        def gain(card: str) -> int:
            return total(card) - sum(v * k for (_ch, v), k in against.get(card, {}).items())

        card = max(sorted(by_card), key=gain)
        if gain(card) <= 0:  # it leaves nothing the best does not: the card worth most to that seat
            card = max(sorted(by_card), key=total)
        (char, v), _count = max(sorted(by_card[card].items()), key=lambda kv: (kv[1], kv[0][1]))
        chance = sum(by_card[card].values()) / worlds
        if chance >= LEAVE_MIN:
            out.update(leaves=card, next_kanji=char, next_strokes=v, next_chance=round(chance, 2))
    return out


def _next_seat(view: KanjiView) -> int | None:
    """The next seat still playing after the deciding one, or None."""
    other = next_active(view, view.seat)
    return None if other == view.seat else other


def rate(view: KanjiView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Rate ``action`` taken from ``view`` with :func:`kanji_values` (``settings.worlds`` worlds).

    Returns:
        The decision's fields (see the module docstring) plus ``values`` (option -> mean win
        share), ``worlds``, for a wrong attempt ``note``, and ``reason`` / ``reason_best``
        (:func:`action_reason` of ``action`` and of ``best``; one object when they are the same
        option). The chosen action's reason, when it is not the best, is about the strokes
        (``focus`` ``"score"``) when the best scores more now by at least as much as the action
        gives the next seat beyond what the best leaves it; else about the card it leaves."""
    worlds = settings.worlds
    tally = NextTally(_next_seat(view))
    values, margins = kanji_values(view, rng, worlds, tally=tally)
    option = action if action in values else PASS
    best = best_of(values, option, {a: KANJI_MARGIN_WEIGHT * m for a, m in margins.items()})
    out = decision_entry(action, best, values[option], values[best], "win", len(view.legal_actions) == 1)
    out.update(values={a: rounded(v) for a, v in sorted(values.items())}, worlds=worlds)
    if option != action:
        out["note"] = "a wrong attempt: the same effect as a pass (RULES.md section 3)"
    best_reason = action_reason(view, best, tally)
    if best == option and best == action:
        chosen = best_reason
    else:
        chosen = action_reason(view, action, tally, best)
        fewer = (best_reason["strokes"] or 0) - (chosen["strokes"] or 0)
        gives = chosen["next_expected"] - best_reason["next_expected"]
        if fewer > 0 and fewer >= gives:
            chosen["focus"] = "score"
    out.update(reason=chosen, reason_best=best_reason)
    return out


def reason(view: KanjiView, action: str, rng: random.Random, settings: CoachSettings) -> dict[str, Any]:
    """Why ``action`` (the hint's; legal in ``view``): :func:`action_reason` — the strokes it
    scores and the card it leaves to the next seat — from ``settings.worlds`` sampled worlds where
    only ``action`` is played and the next seat's reply counted (no game finished: a few ms;
    randomness from ``rng``)."""
    tally = NextTally(_next_seat(view))
    kind = _formed(view, action)[0]
    _simulate(view, rng, settings.worlds, 0.9, tally, only=action if kind == "kanji" else PASS, playout=False)
    return action_reason(view, action, tally)


__all__ = ["KANJI_MARGIN_WEIGHT", "LEAVE_MIN", "NextTally", "action_reason", "kanji_values", "rate", "reason"]
