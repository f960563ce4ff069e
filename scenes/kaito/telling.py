"""KAITO's game log: each seat's colour, the notation shown on hover, and which entries stand out
(issue 10 §1), and the hint told in words (§5): functions over the core's events, and
:class:`KaitoTelling`, the play scene's :class:`scenes.play.gamelog.Telling`. The sentences are the events' own
(:func:`game.core.describe`)."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event
from game.i18n import N_, _
from game.kaito.events import LastTileAtStake, LastTileLeft
from game.kaito.rules import Move, square_name
from game.kaito.telling import COLOR_WORDS, color_label, reason_text
from scenes.kaito.art import rgb_of
from scenes.play.gamelog import Telling


def color_name(color: str) -> str:
    """The name of a side's colour code (``"R"`` -> "Red") in the language in use (the game's own
    colour words, :data:`game.kaito.events.COLOR_WORDS`); an unknown code as it is."""
    return color_label(color) if color in COLOR_WORDS else color


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


class KaitoTelling(Telling):
    """KAITO's game log (the play scene's ``telling``): each seat called by its colour, its entries
    in that colour, the notation as the tooltip, the warnings' emphasis."""

    def names(self) -> list[str]:
        """The log calls each seat by its colour, as the board shows it ("Red captured Black's
        katana"), whoever plays it."""
        return [color_name(c) for c in self.host.colors]

    def seat_color(self, seat: int) -> tuple[int, int, int] | None:
        """``seat``'s colour in the game log."""
        return seat_rgb(self.host.colors[seat])

    def detail(self, event: Event) -> str | None:
        """The notation of what ``event`` tells (the log entry's tooltip)."""
        return notation_of(event, self.host.state.history)

    def emphasis(self, event: Event) -> str | None:
        """A last katana / kabuto at stake: danger for a person at this screen facing an AI
        (a chance when it is the AI's); the end: the result."""
        return emphasis_of(event, self.host.humans) or super().emphasis(event)


#: The hint's sentence by the kind of action (whole sentences with named placeholders; a buy-back
#: names the kind bought back: one sentence per kind).
HINT_TEMPLATES = {
    "place": N_("Hint: place the Kaito on {square}."),
    "move": N_("Hint: move the Kaito to {square}."),
    # Translators: {paid} is the Mon values paid, e.g. "3 + 2"
    "buy-K": N_("Hint: move the Kaito to {square}, then buy back your katana paying {paid}."),
    # Translators: {paid} is the Mon values paid, e.g. "3 + 2"
    "buy-H": N_("Hint: move the Kaito to {square}, then buy back your kabuto paying {paid}."),
}


#: The turn banner while an action is animated (whole sentences with named placeholders; {color}
#: is the side's colour name, "Red" / "Black").
BANNER_TEMPLATES = {
    "place": N_("{color} places the Kaito on {square}"),
    "move": N_("{color} moves the Kaito to {square}"),
    "buy-K": N_("{color} takes {square} and buys back a katana"),
    "buy-H": N_("{color} takes {square} and buys back a kabuto"),
}


def _template_key(move: Move) -> str:
    """The key of ``move`` in :data:`HINT_TEMPLATES` / :data:`BANNER_TEMPLATES`."""
    if move.place:
        return "place"
    return f"buy-{move.buy}" if move.buy else "move"


def action_label(color: str, action: str) -> str:
    """The banner's words for ``color`` (a colour name) playing ``action`` (KAITO notation), e.g.
    ``"Black moves the Kaito to c5"``; "" for text that is not KAITO notation."""
    try:
        move = Move.from_str(action)
    except ValueError:
        return ""
    template = BANNER_TEMPLATES.get(_template_key(move), BANNER_TEMPLATES["move"])
    return _(template).format(color=color, square=square_name(move.square))


def hint_sentence(action: str) -> str:
    """The hard AI's suggested ``action`` told in one sentence (:data:`HINT_TEMPLATES`), "" for
    text that is not KAITO notation."""
    try:
        move = Move.from_str(action)
    except ValueError:
        return ""
    template = HINT_TEMPLATES.get(_template_key(move), HINT_TEMPLATES["move"])
    return _(template).format(square=square_name(move.square), paid=" + ".join(str(v) for v in move.paid))


def hint_line(hint: Any) -> str:
    """A :class:`game.hints.Hint` told in one line: its sentence, then why (issue 21 §4: its
    ``reason``, the expected line's first telling event, the hint's seat in the second person),
    e.g. "Hint: move the Kaito to c5. After c5, you take Black's last katana on e6 in 3 moves
    and win."."""
    names = [_("You") if s == hint.seat else "" for s in range(2)]
    why = reason_text(hint.reason, names) if isinstance(hint.reason, dict) else ""
    return " ".join(t for t in (hint_sentence(hint.action), why) if t)


__all__ = ["BANNER_TEMPLATES", "hint_line", "HINT_TEMPLATES", "action_label", "color_name",
           "KaitoTelling", "emphasis_of", "hint_sentence", "hinted_square", "notation_of", "seat_rgb"]
