"""What KAITO's turn banner says (issue 21 §5): the turn, the end spoken to the person, and the
opening in plain words.

Read-only: from the play scene's shown state, its seats, colours and names (rendered in the
language in use: :class:`scenes.play.seats.ShownNames`), the core's end event and the input
handler's :meth:`~scenes.play.input.PlayInput.keys_in_use` (the prompts name keys, "press Enter on
a square", while the keyboard is in use; drags and clicks once the mouse is used again).

Until the first move (RULES.md §1: seat 1 places the Kaito, then seat 0 moves first) the banner
has two lines: who plays what and who opens ("You play Black; Red (Hard AI) moves first"), then
the turn's line.
"""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.kaito.events import NO_KABUTO, NO_KATANA, GameEnded
from scenes.kaito.telling import color_name


def end_for_you(scene: Any) -> str:
    """The end told to the one person at the table, in the language in use ("You lose: Black
    took your last kabuto"), from the core's :class:`game.kaito.events.GameEnded`; ``""`` in
    the replay viewer, a hot-seat or an AI-only game, or before the end is told."""
    if scene.review or scene.seats.count("human") != 1:
        return ""
    end = next((e for e in reversed(scene.match.state.events) if isinstance(e, GameEnded)), None)
    if end is None:
        return ""
    you = scene.seats.index("human")
    other = color_name(scene.colors[1 - you])
    kind = {NO_KATANA: "katana", NO_KABUTO: "kabuto"}.get(end.reason)
    won = you in end.winners
    if kind is None:  # no move left
        # Translators: the end banner for the person: the opponent ({color}) cannot move
        return _("You win: {color} cannot move").format(color=other) if won else \
            _("You lose: you cannot move")
    own = end.captured_by == end.loser
    texts = {  # (won, the loser took its own tile, kind)
        # Translators: the end banner for the person; {color} is the opponent's colour ("Black")
        (True, False, "katana"): _("You win: you took {color}'s last katana"),
        (True, False, "kabuto"): _("You win: you took {color}'s last kabuto"),
        (True, True, "katana"): _("You win: {color} took its own last katana"),
        (True, True, "kabuto"): _("You win: {color} took its own last kabuto"),
        (False, False, "katana"): _("You lose: {color} took your last katana"),
        (False, False, "kabuto"): _("You lose: {color} took your last kabuto"),
        (False, True, "katana"): _("You lose: you took your own last katana"),
        (False, True, "kabuto"): _("You lose: you took your own last kabuto"),
    }
    return texts[(won, own, kind)].format(color=other)


def opening_line(scene: Any) -> str:
    """Who plays what and who opens, in plain words, until the first move ("You play Black; Red
    (Hard AI) moves first", "You play Red and move first", "Red (Player 1) moves first"); ``""``
    once seat 0 has moved, in the replay viewer, or from a position set up
    mid-game (seat 0 moves first, seat 1 placed the Kaito: RULES.md §1)."""
    history = scene.match.state.history
    phase = scene.shown.phase
    opening = (phase == "place" and not history) or (phase == "move" and len(history) == 1 and history[0][0] == 1)
    if scene.review or not opening:
        return ""
    first = color_name(scene.colors[0])
    name = scene.names[0]  # who moves first: "Hard AI", "Aoi" (a tutorial's), "Player 1", a typed name
    if scene.seats.count("human") == 1:
        if scene.seats[0] == "human":
            # Translators: KAITO's first banner line for the one person, who moves first ({color}: "Red")
            return _("You play {color} and move first").format(color=color_name(scene.colors[0]))
        # Translators: KAITO's first banner line; {first} is the colour that moves first ("Red"), {name}
        # who plays it ("Hard AI")
        return _("You play {color}; {first} ({name}) moves first").format(
            color=color_name(scene.colors[1]), first=first, name=name)
    # Translators: KAITO's first banner line (hot-seat, or two AIs); {first} is the colour that moves
    # first ("Red"), {name} who plays it ("Player 1", "Hard AI")
    return _("{first} ({name}) moves first").format(first=first, name=name)


def turn_line(scene: Any) -> tuple[str, str | None]:
    """(the banner's turn text, the colour code of the pawn icon beside it or None): the end, the
    running animation's label, the buy-back step, who is thinking or what the person does now —
    naming keys while the keyboard is in use."""
    sh = scene.shown
    if scene.over() and not scene.timeline.running:
        out = scene.view_shown().outcome
        if out and out.winners:
            c = scene.colors[out.winners[0]]
            return (end_for_you(scene) or _("{color} wins!").format(color=color_name(c))), c
        return _("Game over"), None
    if scene.timeline.running:
        return scene.anim_label, sh.pawn_color
    if scene.exchange is not None:
        c = scene.colors[scene.exchange.seat]
        return _("{color}: buy back a tile?").format(color=color_name(c)), c
    seat = scene.seat_to_act()
    if seat is None:
        return "", None
    c = scene.colors[seat]
    cname = color_name(c)
    if scene.review:  # the replay viewer: nobody thinks, the record says what comes next
        return _("{color} to move").format(color=cname), c
    if scene.seats[seat] != "human":
        status_of = getattr(scene.match, "status_of", None)  # (an online table: another person never "thinks")
        if status_of is not None and status_of(seat, "thinking") != "thinking":
            return _("{color} to move").format(color=cname), c
        return _("{color} is thinking").format(color=cname), c
    keys = scene.input.keys_in_use()
    picked = scene.drag.selected is not None
    if sh.phase == "place":
        if keys and picked:
            # Translators: the player uses the keyboard (the arrows move over the board)
            return _("{color}: press Enter on a blank square").format(color=cname), c
        if keys:
            # Translators: the player uses the keyboard
            return _("{color}: press Enter on the Kaito").format(color=cname), c
        return _("{color}: place the Kaito on a blank square").format(color=cname), c
    if keys and picked:
        # Translators: the player uses the keyboard (the arrows move over the board)
        return _("{color} to move — press Enter on a square").format(color=cname), c
    if keys:
        # Translators: the player uses the keyboard
        return _("{color} to move — press Enter on the Kaito").format(color=cname), c
    return _("{color} to move — drag the Kaito").format(color=cname), c


def banner_text(scene: Any) -> tuple[str, str | None]:
    """(the turn banner's text, the colour of the pawn icon shown beside it): before the first
    move the opening line (:func:`opening_line`) and the turn's line (:func:`turn_line`) as two
    lines ("\\n" between), else the turn's line; the running animation's label alone."""
    text, color = turn_line(scene)
    first = "" if scene.timeline.running else opening_line(scene)
    return (f"{first}\n{text}" if first and text else text), color


__all__ = ["banner_text", "end_for_you", "opening_line", "turn_line"]
