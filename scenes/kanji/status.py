"""The Kanji-zushi play scene's status texts: the instruction banner, the result line and each
seat's status tag. Read-only: from the scene's UI state, the public ``to_act`` of the Match and
the end event (:class:`game.kanji.events.GameEnded`: winners, scores, the tie-break).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core import is_you
from game.i18n import _, ngettext, pgettext
from game.kanji.events import GameEnded


def banner_text(s: Any) -> str:
    """The instruction banner's text for the play scene ``s``: the privacy hand-over, the result,
    the running animation's label, the human's instruction, or who is thinking."""
    if s.privacy_for is not None or (s.viewer is None and s.match.hot_seat and not s.end_shown):
        who = s.privacy_for if s.privacy_for is not None else s.bottom
        return _("Pass the screen to {name}").format(name=s.names[who])
    if s.end_shown and not s.animating():
        return s.result_text()
    if s.animating():
        return str(s.anim_label)
    seat = s.human_to_act()
    if seat is not None:
        sel = s.input.card_of(s.drag.selected) if s.drag.selected is not None else None
        keys = s.input.keys_in_use()  # the keyboard in use: the prompt names keys (issue 21 §5)
        if sel is not None and keys:
            # Translators: {card} is a neta card (a kanji component such as "亻"); the player uses the keyboard
            what = _("choose a shari with the arrows and Enter to put {card} beside it").format(card=sel)
        elif sel is not None:
            # Translators: {card} is a neta card (a kanji component such as "亻")
            what = _("click a shari to put {card} beside it").format(card=sel)
        elif keys:
            # Translators: the player uses the keyboard
            what = _("press Enter on a neta, then on a shari — or pass")
        else:
            what = _("drag a neta onto a shari — or pass")
        if len(s.humans) > 1:  # hot-seat: say whose turn it is
            # Translators: an instruction addressed to a player by name ("Aiko: drag a neta onto a shari — or pass")
            return _("{name}: {instruction}").format(name=s.names[seat], instruction=what)
        # Translators: {instruction} is what to do now ("drag a neta onto a shari — or pass")
        return _("Your turn: {instruction}").format(instruction=what)
    to_move = s.to_move()
    if to_move is None:
        return ""
    who = s.names[to_move]
    if s.review:  # the replay viewer: nobody thinks, the record says what comes next
        return _("{name}: to move").format(name=who)
    return _("You are thinking…") if is_you(who) else _("{name} is thinking…").format(name=who)


def result_text(end: GameEnded | None, names: Sequence[str]) -> str:
    """The game's result in one line with the seats' ``names``, from the end event: ``"Aiko wins
    with 52 strokes!"``, ``"You win the tie on 34 strokes with 曜"``, ``"A shared win!"``;
    ``"Game over"`` without one (RULES.md §3 end and scoring)."""
    if end is None:
        return _("Game over")
    tb = end.tie_break
    if len(end.winners) == 1:
        w = end.winners[0]
        who = names[w]
        you = is_you(who)
        if tb is not None and tb.decided:
            char = tb.kanji[tb.tied.index(w)]
            n = tb.total
            if you:
                # Translators: {char} is the kanji that decided the tie
                return ngettext("You win the tie on {n} stroke with {char}",
                                "You win the tie on {n} strokes with {char}", n).format(n=n, char=char)
            # Translators: {char} is the kanji that decided the tie
            return ngettext("{name} wins the tie on {n} stroke with {char}",
                            "{name} wins the tie on {n} strokes with {char}", n).format(name=who, n=n, char=char)
        n = end.scores[w]
        if you:
            return ngettext("You win with {n} stroke!", "You win with {n} strokes!", n).format(n=n)
        return ngettext("{name} wins with {n} stroke!", "{name} wins with {n} strokes!", n).format(name=who, n=n)
    return _("A shared win!")


def seat_status(s: Any, seat: int) -> str:
    """"wins" (game over, a winner) / "thinking" (an AI to move) / "to move" (a human) /
    "done" (5 kanji) / "" for ``seat``'s panel in the play scene ``s``."""
    sh = s.shown
    end = s.end_event
    if s.end_shown and not s.animating() and end is not None and seat in end.winners:
        return "wins"
    if len(sh.completed[seat]) >= 5:
        return "done"
    if s.end_shown or s.animating():
        return ""
    if s.to_move() == seat:
        status = "to move" if s.seats[seat] == "human" or s.review else "thinking"
        online = getattr(s.match, "status_of", None)  # (an online table's Match: a person, away)
        return online(seat, status, "to move") if online is not None else status
    return ""


def status_word(status: str) -> str:
    """The word shown for a seat's ``status`` (:func:`seat_status`) in the language in use."""
    if status == "wins":
        # Translators: a seat's status beside its name (max ~10 characters): it won the game
        return pgettext("seat status", "wins")
    if status == "done":
        # Translators: a seat's status beside its name (max ~10 characters): it made its five kanji
        return pgettext("seat status", "done")
    if status == "thinking":
        # Translators: a seat's status beside its name (max ~10 characters): an AI is thinking
        return pgettext("seat status", "thinking")
    if status == "to move":
        # Translators: a seat's status beside its name (max ~10 characters): a person is to move
        return pgettext("seat status", "to move")
    return status


__all__ = ["banner_text", "result_text", "seat_status", "status_word"]
