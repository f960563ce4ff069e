"""KAITO's reference opponent (RULES.md section 1; :mod:`game.ai.reference`): ``mcts:N``, plain
UCT on the bots' compact :class:`~game.kaito.engine.FastPos` (the same rules, checked against the
core in ``tests/test_ai.py``)."""

from __future__ import annotations

from game.ai.reference import UctBot
from game.kaito.engine import FastPos, move_to_action
from game.kaito.rules import KaitoView


class KaitoMctsBot(UctBot):
    """Plain UCT for KAITO: ``budget`` simulations per decision."""

    game_name = "kaito"

    def position(self, view: KaitoView) -> FastPos:
        """The view as a :class:`~game.kaito.engine.FastPos` (the side to move is the view's)."""
        return FastPos.from_view(view)

    def action_of(self, move: int) -> str:
        """A FastPos move in notation (RULES.md section 1)."""
        return move_to_action(move)


__all__ = ["KaitoMctsBot"]
