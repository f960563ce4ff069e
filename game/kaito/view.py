"""What a KAITO seat sees (RULES.md section 1): :class:`KaitoView`, the whole position (KAITO hides
nothing), and its wire form :data:`VIEW_CODEC` (:mod:`game.wire`; :class:`game.core.Game`'s
``view_to_json`` / ``view_from_json`` through ``KaitoGame.view_codec``). Built by
:meth:`game.kaito.rules.KaitoState.view` and offered again by :mod:`game.kaito.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import View
from game.kaito.board import Move
from game.kaito.events import KaitoEnd
from game.kaito.telling import outcome_text
from game.wire import ViewCodec


@dataclass(frozen=True, kw_only=True)
class KaitoView(View):
    """Everything a seat sees in KAITO (perfect information: the whole position).

    The shared fields (``seat``, ``to_act``, ``legal_actions``, ``outcome``, ``ply``: actions
    applied so far) are :class:`game.core.View`'s.

    Attributes:
        board: 36 cells by square index (tile code or None); the cell under the Kaito may hold a
            retrieved tile.
        kaito: the Kaito's square index, or None before it is placed.
        colors: ``colors[s]`` is seat s's colour ("R"/"B").
        to_move: the seat whose turn it is (None once over).
        held: per seat, the opponent tiles it holds face up.
        removed: tiles out of the game (own captures, paid Mon, the blanks).
        phase: ``"place"``, ``"move"`` or ``"over"``.
        last_action: the last (seat, action) applied, or None.
    """

    board: tuple[str | None, ...]
    kaito: int | None
    colors: tuple[str, str]
    to_move: int | None
    held: tuple[tuple[str, ...], tuple[str, ...]]
    removed: tuple[str, ...]
    phase: str
    last_action: tuple[int, str] | None

    def targets(self) -> list[int]:
        """Squares the Kaito may land on now (for this seat, if it is to act)."""
        return sorted({Move.from_str(a).square for a in self.legal_actions})

    def exchanges_at(self, square: int) -> list[Move]:
        """The legal moves to ``square`` that include a Mon exchange."""
        moves = [Move.from_str(a) for a in self.legal_actions]
        return [m for m in moves if m.square == square and m.buy]


#: KAITO's views on the wire (:mod:`game.wire`); the Outcome's ``values``: ``case``, an ``OUTCOME_TEXTS`` key.
VIEW_CODEC = ViewCodec(KaitoView, outcome_text, KaitoEnd, {"case": tuple[str, bool | KaitoEnd]})
