"""Nim's mirror for online play (:class:`scenes.play.online.OnlineMatch`): the deal from a seat's
first view (perfect information)."""
from __future__ import annotations

from fourth_game.game_nim.rules import NIM, NimState, NimView


def start_state(view: NimView) -> NimState:
    """The deal ``view`` shows (a view at ply 0).

    Raises:
        ValueError: a view after the first action."""
    if view.ply != 0:
        raise ValueError("Nim's mirror starts from the deal (ply 0)")
    return NimState(NIM, view.heaps)
