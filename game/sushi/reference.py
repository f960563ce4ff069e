"""Sushi Draft's reference opponent (RULES.md section 2; :mod:`game.ai.reference`): ``ismcts:N``.

Determinizations reuse the hard bot's sampler (no second sampler):
:class:`~game.sushi.sim.Determinizer` (every hand of this round, consistent with the seat's own
hands, keeps and every revealed eat; other seats' choices modelled as uniform over their cards),
then the chip values the seat has not seen shuffled among the other seats' chips and the piles,
and the later rounds dealt from a shuffled deck. Every legal action is searched.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.reference import IsmctsBot
from game.sushi.determinize import Determinizer, InconsistentView
from game.sushi.rules import (
    CARD_COUNTS,
    CARD_NAMES,
    CHIP_VALUES,
    HAND_SIZE,
    PILES,
    ROUNDS,
    SUSHI,
    SushiState,
    SushiView,
)
from game.sushi.sim import cards_of


class SushiIsmctsBot(IsmctsBot):
    """IS-MCTS for Sushi Draft (RULES.md section 2); determinizations from
    :func:`sushi_world_sampler`, every legal action searched."""

    game_name = "sushi-draft"

    def worlds(self, view: SushiView) -> Any:
        try:
            return sushi_world_sampler(view, self.rng)
        except InconsistentView:
            return None

    def actions(self, state: SushiState, seat: int) -> list[str]:
        return state.legal_actions(seat)


def sushi_world_sampler(view: SushiView, rng: random.Random, particles: int = 48) -> Any:
    """A sampler ``rng -> SushiState``: full game states consistent with ``view`` (RULES.md §2).

    Each call draws this round's hands from a :class:`~game.sushi.sim.Determinizer` (built
    once, here), the chip values the seat has not seen (each pile's values minus the seat's own
    chips of that pile, shuffled among the other seats' chips of that pile, in the order won, and
    the pile) and the later rounds' deals from a shuffled 32-card deck. The state starts at the
    view's phase with no choice pending (a seat that already chose in the view chooses again in
    the world), an empty history and an empty event log.

    Raises:
        InconsistentView: (from the Determinizer) no deal explains the view."""
    det = Determinizer(view, rng, particles)
    me, n = view.seat, view.num_seats
    deck = [name for name in CARD_NAMES for _ in range(CARD_COUNTS[name])]
    unseen: dict[str, list[int]] = {}
    for pile in PILES:
        values = list(CHIP_VALUES[pile])
        for p, v in view.my_chips:
            if p == pile:
                values.remove(v)
        unseen[pile] = values

    def sample(r: random.Random) -> SushiState:
        hands, _ = det.sample(r)
        deals = []
        for _ in range(ROUNDS):
            cards = list(deck)
            r.shuffle(cards)
            deals.append(tuple(tuple(cards[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(n)))
        piles: dict[str, list[int]] = {}
        for pile in PILES:
            values = list(unseen[pile])
            r.shuffle(values)
            piles[pile] = values
        chips: list[list[tuple[str, int]]] = []
        for s in range(n):
            chips.append(list(view.my_chips) if s == me else [(p, piles[p].pop()) for p in view.chips[s]])
        st = SushiState.__new__(SushiState)
        st.game = SUSHI
        st.num_seats = n
        st.deals = tuple(deals)
        st.initial_piles = {p: tuple(v) for p, v in piles.items()}
        st.piles = piles
        st.chips = chips
        st.round, st.step, st.phase = view.round, view.step, view.phase
        st.hands = [list(cards_of(h)) for h in hands]
        st.eaten = [list(e) for e in view.eaten]
        st.past_eaten = list(view.past_eaten)
        st.held_hands = [list(view.my_hands) if s == me else [tuple(st.hands[s])] for s in range(n)]
        st.kept = [list(view.my_kept) if s == me else [] for s in range(n)]
        st.pending = {}
        st.awards = list(view.awards)
        st.phases = [[] for _ in range(view.phase_index)]  # as many phases as resolved (their actions unseen)
        st.history = []
        st.events = []
        return st

    return sample


__all__ = ["SushiIsmctsBot", "sushi_world_sampler"]
