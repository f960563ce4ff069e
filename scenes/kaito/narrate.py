"""KAITO's game log: each seat's colour, the notation shown on hover, and which entries stand out
(issue 10 §1). Pure functions over the core's events; the sentences are the events' own
(:func:`game.core.describe`)."""
from __future__ import annotations

from typing import Sequence

from game.core import Event
from game.kaito import Move, square_name
from game.kaito_events import LastTileAtStake, LastTileLeft
from scenes.kaito.art import rgb_of


def seat_rgb(color: str) -> tuple[int, int, int]:
    """The RGB of a seat's colour code (``"R"`` / ``"B"``) for its log entries."""
    r, g, b = rgb_of(color)[:3]
    return (r, g, b)


def notation_of(event: Event, history: Sequence[tuple[int, str]]) -> str | None:
    """The RULES.md §1 notation of the action that caused ``event`` (``history[event.ply]``), the
    tooltip of its log entry; None for an event without a ply in ``history`` (the end)."""
    ply = getattr(event, "ply", None)
    if not isinstance(ply, int) or not 0 <= ply < len(history):
        return None
    return history[ply][1]


def emphasis_of(event: Event, humans: Sequence[int]) -> str | None:
    """``"danger"`` when a last katana / kabuto of a person at this screen is down to one or at
    stake, ``"chance"`` when it is an AI opponent's (with no person at the screen, or two: always
    ``"danger"``, the owner's warning); None for any other event."""
    if not isinstance(event, (LastTileLeft, LastTileAtStake)):
        return None
    if len(humans) == 1 and event.seat not in humans:
        return "chance"
    return "danger"


def hinted_square(action: str | None) -> int | None:
    """The square an action moves the Kaito to (or places it on), or None (no action, or not
    KAITO notation)."""
    if action is None:
        return None
    try:
        return Move.from_str(action).square
    except ValueError:
        return None


#: The hint's sentence by the kind of action (whole sentences with named placeholders).
HINT_TEMPLATES = {
    "place": "Hint: place the Kaito on {square}.",
    "move": "Hint: move the Kaito to {square}.",
    "buy": "Hint: move the Kaito to {square}, then buy back your {kind} paying {paid}.",
}
KIND_WORDS = {"K": "katana", "H": "kabuto"}


def hint_sentence(action: str) -> str:
    """The hard AI's suggested ``action`` told in one sentence (:data:`HINT_TEMPLATES`), "" for
    text that is not KAITO notation."""
    try:
        move = Move.from_str(action)
    except ValueError:
        return ""
    square = square_name(move.square)
    if move.place:
        return HINT_TEMPLATES["place"].format(square=square)
    if move.buy:
        return HINT_TEMPLATES["buy"].format(square=square, kind=KIND_WORDS.get(move.buy, move.buy),
                                            paid=" + ".join(str(v) for v in move.paid))
    return HINT_TEMPLATES["move"].format(square=square)


__all__ = ["HINT_TEMPLATES", "emphasis_of", "hint_sentence", "hinted_square", "notation_of", "seat_rgb"]
