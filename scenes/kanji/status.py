"""The Kanji-zushi play scene's status texts: the instruction banner, the result line and each
seat's status tag. Read-only: from the scene's UI state, the public ``to_act`` of the Match and
the end event (:class:`game.kanji_events.GameEnded`: winners, scores, the tie-break).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.kanji_events import GameEnded


def banner_text(s: Any) -> str:
    """The instruction banner's text for the play scene ``s``: the privacy hand-over, the result,
    the running animation's label, the human's instruction, or who is thinking."""
    if s._privacy_for is not None or (s.viewer is None and s.match.hot_seat and not s._ended):
        who = s._privacy_for if s._privacy_for is not None else s.bottom
        return f"Pass the screen to {s.names[who]}"
    if s._ended and not s.animating():
        return s.result_text()
    if s.animating():
        return str(s.anim_label)
    seat = s.human_to_act()
    if seat is not None:
        prefix = f"{s.names[seat]}: " if len(s.humans) > 1 else "Your turn: "
        sel = s.input.card_of(s.drag.selected) if s.drag.selected is not None else None
        if sel is not None:
            return prefix + f"click a shari to put {sel} beside it"
        return prefix + "drag a neta onto a shari — or pass"
    to_move = s.to_move()
    if to_move is None:
        return ""
    who = s.names[to_move]
    if s.review:  # the replay viewer: nobody thinks, the record says what comes next
        return f"{who}: to move"
    return f"{who} {'is' if who != 'You' else 'are'} thinking…"


def result_text(end: GameEnded | None, names: Sequence[str]) -> str:
    """The game's result in one line with the seats' ``names``, from the end event: ``"Aiko wins
    with 52 strokes!"``, ``"You win the tie on 34 strokes with 曜"``, ``"A shared win!"``;
    ``"Game over"`` without one (RULES.md §3 end and scoring)."""
    if end is None:
        return "Game over"
    tb = end.tie_break
    if len(end.winners) == 1:
        w = end.winners[0]
        who = names[w]
        verb = "win" if who == "You" else "wins"
        if tb is not None and tb.decided:
            char = tb.kanji[tb.tied.index(w)]
            return f"{who} {verb} the tie on {tb.total} strokes with {char}"
        return f"{who} {verb} with {end.scores[w]} strokes!"
    return "A shared win!"


def seat_status(s: Any, seat: int) -> str:
    """"wins" (game over, a winner) / "thinking" (an AI to move) / "to move" (a human) /
    "done" (5 kanji) / "" for ``seat``'s panel in the play scene ``s``."""
    sh = s.shown
    end = s.end_event
    if s._ended and not s.animating() and end is not None and seat in end.winners:
        return "wins"
    if len(sh.completed[seat]) >= 5:
        return "done"
    if s._ended or s.animating():
        return ""
    if s.to_move() == seat:
        return "to move" if s.seats[seat] == "human" or s.review else "thinking"
    return ""


__all__ = ["banner_text", "result_text", "seat_status"]
