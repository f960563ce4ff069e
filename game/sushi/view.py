"""What a Sushi Draft seat sees (RULES.md section 2): :class:`SushiView`, its information set (its own
hand, choice and chip values; what is public of the others), and its wire form :data:`VIEW_CODEC`
(:mod:`game.wire`; :class:`game.core.Game`'s ``view_to_json`` / ``view_from_json`` through
``SushiGame.view_codec``). Built by :meth:`game.sushi.rules.SushiState.view` and offered again
by :mod:`game.sushi.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import View
from game.sushi.cards import HAND_SIZE, WILD, eaten_type
from game.sushi.events import Award, SushiEnd
from game.sushi.telling import outcome_text
from game.wire import ViewCodec


@dataclass(frozen=True, kw_only=True)
class SushiView(View):
    """What one seat may see (its information set). Immutable; built fresh by :meth:`SushiState.view`.

    The :class:`game.core.View` fields: ``seat`` (the viewing seat), ``to_act`` (seats still to
    choose this phase), ``legal_actions`` (this seat's, sorted), ``outcome`` (once over) and
    ``ply`` (actions applied so far, pending hidden choices included: who has chosen is public).

    Attributes:
        num_seats: N (2-5).
        round: 0-2 (3 once over). step: 0-4 within the round (hand size 6 - step).
        phase: ``"eat"``, ``"keep"`` or ``"over"``.
        hand: this seat's cards in canonical order, minus a choice it has already submitted.
        my_choice: this seat's submitted but unrevealed action this phase, or None.
        chosen: seats that have submitted this phase (public: you see a card put face down).
        hand_sizes: cards in each seat's hand at the start of this phase.
        eaten: per seat, the EAT actions revealed this round, in order (``"wild=tuna"`` for wilds).
        past_eaten: per finished round, per seat, the EAT actions of that round.
        my_hands: the hands this seat held at the start of each step of this round (own memory).
        my_kept: the cards this seat kept at each resolved KEEP of this round.
        chips: per seat, the piles of the chips it won, in the order won (values hidden).
        my_chips: this seat's chips as ``(pile, value)`` pairs (only its owner sees values).
        piles_left: chips left on each pile, in :data:`PILES` order.
        awards: every :class:`Award` decided so far, in order.
        revealed_chips: once over, every seat's ``(pile, value)`` chips (all revealed at the
            end), else None.
        phase_index: number of phases resolved so far (0-30); unlike ``ply`` it does not count
            the choices of a phase still collecting them.
    """

    num_seats: int
    round: int
    step: int
    phase: str
    hand: tuple[str, ...]
    my_choice: str | None
    chosen: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    eaten: tuple[tuple[str, ...], ...]
    past_eaten: tuple[tuple[tuple[str, ...], ...], ...]
    my_hands: tuple[tuple[str, ...], ...]
    my_kept: tuple[str, ...]
    chips: tuple[tuple[str, ...], ...]
    my_chips: tuple[tuple[str, int], ...]
    piles_left: tuple[int, ...]
    awards: tuple[Award, ...]
    revealed_chips: tuple[tuple[tuple[str, int], ...], ...] | None
    phase_index: int

    @property
    def hand_size(self) -> int:
        """Cards in each hand at the start of this step (6..2)."""
        return HAND_SIZE - self.step

    def wild_targets(self) -> tuple[str, ...]:
        """Types a wild may copy now for this seat (from its legal actions), e.g. ("tuna",)."""
        return tuple(eaten_type(a) for a in self.legal_actions if a.startswith(WILD + "="))


#: Sushi Draft's views on the wire (:mod:`game.wire`): awards as objects; chip values only as the view has them.
VIEW_CODEC = ViewCodec(SushiView, outcome_text, SushiEnd, {"winners": tuple[int, ...], "points": int})
