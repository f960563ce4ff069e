"""Kanji-zushi's reference opponent (RULES.md section 3; :mod:`game.ai.reference`): ``ismcts:N``.

Determinizations come from the hard bot's :class:`~game.kanji.ai.HiddenSampler` with
``pass_trust = 0`` (only hard evidence: cards seen tried stay in hand; a pass is not read as "had
no valid pair", which would be a model of how opponents play).

The action set is abstracted: a wrong attempt has exactly a pass's effect on the position
(RULES.md section 3 ruling) and only gives information away, so the search (tree and rollouts)
chooses among the valid completions and ``pass``. At the root it passes with a valid pair in
reach only when :func:`~game.kanji.ai.may_wait` allows it (the hard bot's rule that keeps games
finite).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.ai.reference import IsmctsBot
from game.kanji import data as kanji_data
from game.kanji.ai import valid_options
from game.kanji.rules import KANJI, PASS, KanjiState, KanjiView, attempt_text
from game.kanji.sampling import HiddenSampler, InconsistentView, may_wait


class KanjiIsmctsBot(IsmctsBot):
    """IS-MCTS for Kanji-zushi (RULES.md section 3); determinizations from
    :func:`kanji_world_sampler`; actions: the valid completions and ``pass`` (see the module
    docstring)."""

    game_name = "kanji-zushi"
    _valid: ClassVar[dict[str, frozenset[tuple[str, str]]]] = {}

    def worlds(self, view: KanjiView) -> Any:
        try:
            return kanji_world_sampler(view)
        except InconsistentView:
            return None

    def root_actions(self, view: KanjiView) -> list[str]:
        done = sorted({attempt_text(n, s) for _, n, s in valid_options(view)})
        return done + [PASS] if not done or may_wait(view) else done

    def actions(self, state: KanjiState, seat: int) -> list[str]:
        valid = self._valid.get(state.answer_key)
        if valid is None:
            valid = self._valid[state.answer_key] = frozenset(kanji_data.valid_pairs(state.answer_key))
        table = {s for s in state.table if s is not None}
        out = sorted({attempt_text(n, s) for n in state.hands[seat] for s in table if (n, s) in valid})
        out.append(PASS)
        return out

    def rollout(self, state: KanjiState, rng: random.Random) -> None:
        state.log_events = False  # a throw-away world: the same positions, no event records
        super().rollout(state, rng)


def kanji_world_sampler(view: KanjiView) -> Any:
    """A sampler ``rng -> KanjiState``: full game states consistent with ``view`` (RULES.md §3):
    hands, neta decks and the shari pile from :class:`~game.kanji.ai.HiddenSampler`
    (``pass_trust = 0``), the public table, completed kanji and attempt log from the view; the
    history is the attempt log, the event log empty.

    Raises:
        InconsistentView: (from the HiddenSampler) no deal explains the view."""
    sampler = HiddenSampler(view, pass_trust=0.0)

    def sample(r: random.Random) -> KanjiState:
        deal = sampler.sample(r)
        st = KanjiState.__new__(KanjiState)
        st.game = KANJI
        st.num_seats = view.num_seats
        st.answer_key = view.answer_key
        st.shari_order = ()
        st.neta_orders = ()
        st.table = list(view.table)
        st.shari_pile = list(deal.pile)
        st.hands = [list(h) for h in deal.hands]
        st.neta_decks = [list(d) for d in deal.decks]
        st.completed = [list(k) for k in view.completed]
        st.attempts = list(view.attempts)
        st.history = [(a.seat, a.action) for a in view.attempts]
        st.to_move = view.to_move
        st.tie_break = None
        st.events = []
        st.log_events = True
        return st

    return sample


__all__ = ["KanjiIsmctsBot", "kanji_world_sampler"]
