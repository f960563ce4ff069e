"""Kanji-zushi's reference opponent (RULES.md section 3; :mod:`game.ai.reference`): ``ismcts:N``,
a single-observer IS-MCTS as Cowling, Powley and Whitehouse (2012) describe it.

* Determinizations: one per iteration, drawn uniformly from the deals consistent with the seat's
  view (:func:`kanji_world_sampler`: :class:`~game.kanji.sampling.HiddenSampler` with
  ``pass_trust = 0``, i.e. only hard evidence — a neta seen tried and not completed since is still
  in hand; a pass is not read as "had no valid pair", which would be a model of how opponents
  play).
* Moves: in each determinization, each seat's valid completions (distinct hand neta x table shari)
  and ``pass``. A wrong attempt is the same move as a pass (RULES.md §3 ruling: it leaves the
  position as it is) and only gives information away, so it is not a separate arm. Measured
  (issue 36, docs/ai_figures.md): searching every wrong attempt as its own arm is weaker, not
  stronger (0.45 of 200 games against the version before; this one 0.61).
* Tree: every move is public (RULES.md §3: the attempt is shown), so a child is keyed by the move
  played — Cowling et al.'s tree of moves; chance (the refill, the neta drawn) stays inside the
  determinization. UCB1 with availability counts at each node over the moves legal in the
  current determinization.
* Root: with a valid pair in reach it passes only when :func:`~game.kanji.sampling.may_wait`
  allows waiting (never twice on an unchanged table nor as the last seat playing): RULES.md §3
  has no turn limit, and without this guard a search whose moves all score alike passes for ever.
* Play-outs: uniformly random moves to the end of the game on the compact
  :class:`~game.kanji.sampling.Sim` (:meth:`~game.kanji.sampling.Sim.random_playout`).

:class:`KanjiIsmctsV1Bot` is the reference as it was before issue 36 (children keyed by the
observer's events, so a node after a completion splits by the refill card and the neta drawn):
kept only to measure the new one against it, as ``ismctsold:N`` in ``python -m game play``.
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
    from :func:`kanji_world_sampler`, each seat's valid completions and ``pass`` searched, children
    keyed by the public moves, uniformly random play-outs on :class:`~game.kanji.sampling.Sim`."""

    game_name = "kanji-zushi"
    public_moves = True
    _valid: ClassVar[dict[str, frozenset[tuple[str, str]]]] = {}

    def worlds(self, view: KanjiView) -> Any:
        try:
            return kanji_world_sampler(view, log_events=not self.public_moves)
        except InconsistentView:
            return None

    def root_actions(self, view: KanjiView) -> list[str]:
        """The valid completions of the view, and ``pass`` if it has none or
        :func:`~game.kanji.sampling.may_wait` allows waiting (see the module docstring)."""
        done = sorted({attempt_text(n, s) for _, n, s in valid_options(view)})
        return done + [PASS] if not done or may_wait(view) else done

    def actions(self, state: KanjiState, seat: int) -> list[str]:
        """``seat``'s valid completions in the determinization ``state`` (sorted), then ``pass``."""
        valid = self._valid.get(state.answer_key)
        if valid is None:
            valid = self._valid[state.answer_key] = frozenset(kanji_data.valid_pairs(state.answer_key))
        table = {s for s in state.table if s is not None}
        out = sorted({attempt_text(n, s) for n in state.hands[seat] for s in table if (n, s) in valid})
        out.append(PASS)
        return out

    def rollout(self, state: KanjiState, rng: random.Random) -> list[float]:
        """Win shares (1/k for each of k winners) after uniformly random moves from ``state`` to
        the end (:meth:`Sim.random_playout`; ``state`` itself is left as it is)."""
        assert state.to_move is not None
        sim = Sim.from_state(state)
        sim.random_playout(state.to_move, rng)
        winners = sim.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.num_seats)]


class KanjiIsmctsV1Bot(KanjiIsmctsBot):
    """The reference before issue 36, for measuring the new one against it only: the same moves,
    but children keyed by the observer's events (:meth:`IsmctsBot.edge` with ``public_moves``
    False) and play-outs on the rules core."""

    level = "ismctsold"
    public_moves = False

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
