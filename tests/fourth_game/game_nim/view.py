"""What a Nim seat sees: everything (:class:`NimView`), and its wire form :data:`VIEW_CODEC`."""
from __future__ import annotations

from dataclasses import dataclass

from game.core import View
from game.wire import ViewCodec

from .events import NimEnd
from .telling import outcome_text


@dataclass(frozen=True, kw_only=True)
class NimView(View):
    """heaps: stones per heap now; taken: stones each seat took; to_move: the seat to act (None once
    over); last_action: the last (seat, action), or None."""

    heaps: tuple[int, ...]
    taken: tuple[int, ...]
    to_move: int | None
    last_action: tuple[int, str] | None


#: Nim's views on the wire; the Outcome's ``values``: ``winner`` (the seat that took the last stone).
VIEW_CODEC = ViewCodec(NimView, outcome_text, NimEnd, {"winner": int})
