"""What the KAITO scene shows: a snapshot of a view, advanced step by step by the events.

No rules live here. :meth:`Shown.from_view` copies a :class:`game.kaito.rules.KaitoView`; while an
action animates, :mod:`scenes.kaito.choreo` advances the copy with the facts the events carry
(:mod:`game.kaito.events`: which squares held the blanks, which tile was taken and where it went,
which held tiles paid and which tile came back from where), never working them out itself.
Once the animation ends, the snapshot agrees with the next view (:meth:`Shown.agrees_with`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.kaito.events import KaitoPlaced, MonExchanged, TileCaptured


@dataclass
class Shown:
    """The position as drawn (built from a KaitoView; advanced only while animating).

    Attributes:
        board: 36 tile codes or None, by square index.
        kaito: the Kaito's square, or None before the opening placement.
        held: per seat, the list of held tile codes (None = a slot emptied by a running animation).
        removed: tile codes out of the game, in removal order.
        colors: per seat colour code; pawn_color: the colour the Kaito shows.
        to_move, phase, outcome, last, ply: as in the view.
    """

    board: list[str | None]
    kaito: int | None
    held: list[list[str | None]]
    removed: list[str]
    colors: tuple[str, ...]
    to_move: int | None
    phase: str
    outcome: Any
    pawn_color: str
    last: tuple[int, str] | None = None
    ply: int = 0

    @classmethod
    def from_view(cls, view: Any, pawn_color: str | None = None) -> "Shown":
        """Snapshot a KaitoView. The Kaito shows the colour of the seat to move (the first
        player's colour before placement); once over, the colour of the seat that made the last
        move, as it showed during that move — read from the view, so the live game's last position
        and the replay viewer's agree (``pawn_color``: only when the view names no last move)."""
        if view.phase == "place":
            color = view.colors[0]
        elif view.to_move is not None:
            color = view.colors[view.to_move]
        elif view.last_action is not None:
            color = view.colors[view.last_action[0]]
        else:
            color = pawn_color or view.colors[0]
        return cls(
            board=list(view.board),
            kaito=view.kaito,
            held=[list(view.held[0]), list(view.held[1])],
            removed=list(view.removed),
            colors=tuple(view.colors),
            to_move=view.to_move,
            phase=view.phase,
            outcome=view.outcome,
            pawn_color=color,
            last=view.last_action,
            ply=view.ply,
        )

    def out_of_game(self, color: str) -> list[str]:
        """Tiles of ``color`` out of the game (own captures, paid Mon), in removal order."""
        return [t for t in self.removed if t and t[0] == color]

    def agrees_with(self, view: Any) -> bool:
        """True when the board, the Kaito, the held rows and the tiles out of the game are the
        view's (the events advanced this snapshot exactly to the new position)."""
        return (self.board == list(view.board) and self.kaito == view.kaito
                and [list(r) for r in self.held] == [list(r) for r in view.held]
                and self.removed == list(view.removed))

    # -- advanced by the events -----------------------------------------------------------------
    def remove_blanks(self, placed: KaitoPlaced) -> None:
        """The blank tiles leave the board (RULES.md §1 setup; squares from the event); the blanks
        join the tiles out of the game when the placement settles (:meth:`settle_placement`)."""
        for sq in placed.blanks:
            self.board[sq] = None

    def settle_placement(self, placed: KaitoPlaced) -> None:
        """The Kaito stands on ``placed.square``; the two blanks are out of the game."""
        self.kaito = placed.square
        self.removed.extend("OO" for _ in placed.blanks)

    def land(self, square: int) -> None:
        """The Kaito lands on ``square`` and lifts the tile there (it flies off next)."""
        self.kaito = square
        self.board[square] = None

    def receive(self, captured: TileCaptured) -> None:
        """The captured tile arrives where the event says: the mover's held row (appended: the
        event's ``slot`` is its end) or the tiles out of the game."""
        if captured.held:
            self.held[captured.seat].append(captured.tile)
        else:
            self.removed.append(captured.tile)

    def lift_exchange(self, exchange: MonExchanged) -> None:
        """The paid Mon (``paid_slots`` of the mover's row) and the retrieved tile (``from_slot``
        of the opponent's row) leave their rows; their slots stay empty until they land."""
        row = self.held[exchange.seat]
        for i in exchange.paid_slots:
            if 0 <= i < len(row):
                row[i] = None
        other = self.held[1 - exchange.seat]
        if 0 <= exchange.from_slot < len(other):
            other[exchange.from_slot] = None

    def settle_exchange(self, exchange: MonExchanged) -> None:
        """The paid Mon are out of the game, the retrieved tile lies on ``exchange.square`` and the
        rows close up."""
        self.removed.extend(exchange.paid)
        self.board[exchange.square] = exchange.retrieved
        self.held = [[c for c in row if c] for row in self.held]


__all__ = ["Shown"]
