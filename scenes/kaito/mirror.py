"""KAITO's mirror hook for online play (issue 24 §2; :class:`scenes.play.online.OnlineMatch`): the
position at ply 0 from a seat's first view (perfect information: the whole grid and the colours)."""
from __future__ import annotations

from game.kaito.rules import KAITO, KaitoState, KaitoView


def start_state(view: KaitoView) -> KaitoState:
    """The deal ``view`` shows (a view at ply 0: the 36 tiles on the grid, the seats' colours).

    Raises:
        ValueError: a view after the first action."""
    if view.ply != 0:
        raise ValueError("KAITO's mirror starts from the deal (ply 0)")
    return KaitoState(KAITO, view.board, view.colors)
