"""What the Sushi Draft scene shows: a snapshot of ONE seat's view, advanced by events.

:class:`Shown` is built from the :class:`game.sushi.rules.SushiView` of the seat at the bottom of the
screen (:meth:`Shown.from_view`): other seats' hands are only counts (card backs), their chosen
cards are face-down cards, their chip values are hidden. While the choreography
(:mod:`scenes.sushi.choreo`) animates the events of an action it edits the snapshot step by step
with the small methods below, and finally replaces it with a fresh one from the view. No rules
live here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from game.sushi.rules import TYPES, eaten_type


def stacks_of(eaten: Sequence[str]) -> dict[str, list[str]]:
    """A seat's eaten actions grouped by the type they count as, in eating order:
    ``["tuna", "wild=tuna"] -> {"tuna": ["tuna", "wild=tuna"], ...}`` (every type present)."""
    out: dict[str, list[str]] = {t: [] for t in TYPES}
    for action in eaten:
        out[eaten_type(action)].append(action)
    return out


# -- displayed snapshot ---------------------------------------------------------------------------
@dataclass
class SeatShown:
    """One seat as drawn.

    hand: the cards (only for the bottom seat when its owner is looking, else None);
    hand_count: cards in hand (a chosen card is not counted); eaten: the revealed EAT actions of
    this round (``"wild=tuna"`` for wilds); chips: the piles of the chips won; values: the chip
    values, None where hidden; chosen: True once it has chosen this phase (a face-down card);
    choice: the bottom seat's own pending action (private), else None."""

    hand: list | None
    hand_count: int
    eaten: list
    chips: list
    values: list
    chosen: bool = False
    choice: str | None = None

    def clear_hand(self) -> None:
        """Empty the hand (passed on, discarded or about to be dealt): no cards, no choice."""
        self.hand = [] if self.hand is not None else None
        self.hand_count = 0
        self.chosen = False
        self.choice = None


@dataclass
class Shown:
    """What the scene draws, built from one seat's :class:`game.sushi.rules.SushiView`.

    ``private`` False hides the bottom seat's hand and chip values too (hot-seat privacy)."""

    num_seats: int
    round: int
    step: int
    phase: str
    phase_index: int
    piles_left: list
    seats: list
    bottom: int
    private: bool
    over: bool = False
    hand_size: int = 6

    @classmethod
    def from_view(cls, view: Any, private: bool = True) -> "Shown":
        """Snapshot ``view`` (the bottom seat's view). Other seats get counts only."""
        seats = []
        revealed = view.revealed_chips
        for s in range(view.num_seats):
            chosen = s in view.chosen
            mine = s == view.seat and private
            chips = list(view.chips[s])
            if revealed is not None:
                values: list = [v for _, v in revealed[s]]
            elif mine:
                values = [v for _, v in view.my_chips]
            else:
                values = [None] * len(chips)
            if mine:
                seats.append(SeatShown(list(view.hand), len(view.hand), list(view.eaten[s]), chips, values, chosen,
                                       view.my_choice))
            else:
                count = max(0, view.hand_sizes[s] - (1 if chosen else 0))
                seats.append(SeatShown(None, count, list(view.eaten[s]), chips, values, chosen, None))
        return cls(view.num_seats, view.round, view.step, view.phase, view.phase_index, list(view.piles_left),
                   seats, view.seat, private, view.phase == "over", view.hand_size)

    def reveal_all(self, views: Any) -> None:
        """Show every seat's hidden information (the replay viewer's "All", after the game):
        ``views[s]`` is seat ``s``'s own view; its hand, pending choice and chip values are
        copied into the other seats' snapshots."""
        for s, v in enumerate(views):
            if s == self.bottom:
                continue
            ss = self.seats[s]
            ss.hand = list(v.hand)
            ss.choice = v.my_choice
            if v.revealed_chips is None:
                ss.values = [val for _, val in v.my_chips]

    def clear_hands(self) -> None:
        """Every seat's hand emptied (:meth:`SeatShown.clear_hand`)."""
        for ss in self.seats:
            ss.clear_hand()


@dataclass
class ScoringShow:
    """The round-scoring panel: ``awards`` (:class:`game.sushi.events.Award`, PILES order) of round
    ``round`` (0-2), the pile being shown (``index``; -1 before the first, ``len(awards)`` once all
    are shown), ``done`` when the panel waits for "Next round" (or counts ``auto_ms`` down, ms),
    ``final`` after round 3; ``texts`` are the awards' sentences (``Award.text``)."""

    round: int
    awards: list
    index: int = -1
    done: bool = False
    final: bool = False
    auto_ms: float | None = None
    texts: list = field(default_factory=list)


__all__ = ["ScoringShow", "SeatShown", "Shown", "stacks_of"]
