"""Kanji-zushi's reference opponent (RULES.md section 3; :mod:`game.ai.reference`): ``ismcts:N``,
a single-observer IS-MCTS as Cowling, Powley and Whitehouse (2012) describe it.

* Determinizations: one per iteration, drawn uniformly from the deals consistent with the seat's
  view (:func:`kanji_world_sampler`: :class:`~game.kanji.sampling.HiddenSampler` with
  ``pass_trust = 0``, i.e. only hard evidence — a neta seen tried and not completed since is still
  in hand; a pass is not read as "had no valid pair", which would be a model of how opponents
  play).
* Actions: at every node, every legal action of the current determinization
  (:meth:`KanjiState.legal_actions`: each distinct hand neta x table shari attempt, valid or not,
  and ``pass``), chosen by UCB1 with availability counts.
* Tree: every move is public (RULES.md §3: the attempt is shown), so a child is keyed by the move
  played — Cowling et al.'s tree of moves; chance (the refill, the neta drawn) stays inside the
  determinization.
* Root: the one departure, for finite games (RULES.md §3 has no turn limit, and a search whose
  actions all score alike, e.g. as the last seat playing, would pass for ever): with a valid pair
  in reach the observer wastes no turn (a pass or a wrong attempt) unless
  :func:`~game.kanji.sampling.may_wait` allows waiting (never twice on an unchanged table nor as
  the last seat playing). Deeper in the tree and in play-outs every legal action stays open.
* Play-outs: uniformly random legal play to the end of the game, run on the compact
  :class:`~game.kanji.sampling.Sim` (:meth:`~game.kanji.sampling.Sim.random_playout`: the same
  distribution of positions as drawing from ``legal_actions`` each turn, without building the
  turns that change nothing).

:class:`KanjiIsmctsV1Bot` is the reference as it was before issue 36 (only valid completions and
``pass``, children keyed by the observer's events, so a node after a completion splits by the
refill card and the neta drawn): kept only to measure the new one against it, as
``ismctsold:N`` in ``python -m game play``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.ai.reference import IsmctsBot, win_shares
from game.kanji import data as kanji_data
from game.kanji.ai import valid_options
from game.kanji.rules import KANJI, PASS, KanjiState, KanjiView, attempt_text
from game.kanji.sampling import HiddenSampler, InconsistentView, Sim, may_wait


class KanjiIsmctsBot(IsmctsBot):
    """SO-ISMCTS for Kanji-zushi (RULES.md section 3; see the module docstring): determinizations
    from :func:`kanji_world_sampler`, every legal action searched, children keyed by the public
    moves, uniformly random legal play-outs on :class:`~game.kanji.sampling.Sim`."""

    game_name = "kanji-zushi"
    public_moves = True

    def worlds(self, view: KanjiView) -> Any:
        try:
            return kanji_world_sampler(view, log_events=not self.public_moves)
        except InconsistentView:
            return None

    def root_actions(self, view: KanjiView) -> list[str]:
        """Every legal action of the view; only the valid completions when it has one and
        :func:`~game.kanji.sampling.may_wait` forbids waiting (see the module docstring)."""
        legal = list(view.legal_actions)
        if may_wait(view):
            return legal
        return sorted({attempt_text(n, s) for _, n, s in valid_options(view)}) or legal

    def rollout(self, state: KanjiState, rng: random.Random) -> list[float]:
        """Win shares (1/k for each of k winners) after uniformly random legal play from
        ``state`` to the end (:meth:`Sim.random_playout`; ``state`` itself is left as it is)."""
        assert state.to_move is not None
        sim = Sim.from_state(state)
        sim.random_playout(state.to_move, rng)
        winners = sim.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.num_seats)]


class KanjiIsmctsV1Bot(IsmctsBot):
    """The reference before issue 36, for measuring the new one against it only: the moves are
    the valid completions and ``pass`` (a wrong attempt left out: it has a pass's effect), at the
    root ``pass`` with a valid pair in reach only when :func:`may_wait` allows it, children keyed
    by the observer's events, random play-outs over those moves on the rules core."""

    game_name = "kanji-zushi"
    level = "ismctsold"
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

    def rollout(self, state: KanjiState, rng: random.Random) -> list[float]:
        state.log_events = False  # a throw-away world: the same positions, no event records
        while not state.is_over():
            for s in state.to_act():
                acts = self.actions(state, s)
                state.apply(s, acts[rng.randrange(len(acts))])
        return win_shares(state)


def kanji_world_sampler(view: KanjiView, log_events: bool = True) -> Any:
    """A sampler ``rng -> KanjiState``: full game states consistent with ``view`` (RULES.md §3):
    hands, neta decks and the shari pile from :class:`~game.kanji.sampling.HiddenSampler`
    (``pass_trust = 0``: uniform over the deals the view's hard evidence allows), the public
    table, completed kanji and attempt log from the view; the history is the attempt log, the
    event log empty; ``log_events`` as :attr:`KanjiState.log_events` (False when no reader of
    the world's events needs them).

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
        st.log_events = log_events
        return st

    return sample


__all__ = ["KanjiIsmctsBot", "KanjiIsmctsV1Bot", "kanji_world_sampler"]
