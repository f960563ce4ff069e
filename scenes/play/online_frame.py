"""What an online table adds to a play scene's frames (issue 24; split from
:mod:`scenes.play.online`): :func:`frame`, called once per frame, resyncs the scene after an undo
or a reconnection, shows what the seats said in bubbles by their panels (``button:say`` opens the
quick messages), says in the banner the server's refusal of this seat's action (one sentence per
code) and whom the table waits for, and offers the table's creator to let an AI play an away seat
(:mod:`scenes.play.standin`).
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import N_, _
from scenes.kit.bubble import Bubbles
from scenes.kit.draw import text_width
from scenes.play import standin, table_life, turn_clock, undo_online
from scenes.play.buttons import FittedButton

log = logging.getLogger("tatami.online")

#: The banner's pill while a seat is away (grey ink).
WAITING_RGB = (96, 96, 104)


def waiting_line(match: Any) -> str | None:
    """``"Waiting for Ana…"`` while the table waits for another person whose seat is away (that
    seat is to act, this one has nothing to do), else None."""
    to_act = match.to_act()
    away = [s for s in match.away() if s in to_act]
    if not away or match.legal_actions(match.seat):
        return None
    # Translators: said in the play banner while a player's connection is lost; {name} is that player
    return _("Waiting for {name}…").format(name=match.names[away[0]])


#: The protocol's quick messages in words (English catalog texts, translated when shown).
PHRASE_TEXTS = {
    "hello": N_("Hello!"), "good-game": N_("Good game!"), "well-played": N_("Well played!"),
    "thinking": N_("Let me think…"), "oops": N_("Oops!"), "thanks": N_("Thanks!"),
}


def phrase_text(phrase: str) -> str:
    """A quick message in the language in use (an unknown one: as sent)."""
    text = PHRASE_TEXTS.get(phrase)
    return _(text) if text is not None else phrase


def said_line(match: Any, seat: int, phrase: str) -> str:
    """What a seat said, as the banner says it ("Ana: Good game!")."""
    # Translators: a quick message said at an online table, shown in the banner; {name} said {phrase}
    return _("{name}: {phrase}").format(name=match.names[seat], phrase=phrase_text(phrase))


def add_say_button(scene: Any) -> None:
    """``button:say`` (the quick messages, scene ``online_say``) where the hint button would be
    (hints are off online), once."""
    if scene.widgets.get("button:say") is not None:
        return
    # Translators: the button opening the quick messages at an online table (short)
    scene.widgets.add(FittedButton("button:say", _("Say…"), pygame.Rect(scene.btn_hint.rect), lambda: (
        scene.app.manager.push(scene.app.make_scene("online_say", match=scene.match))), "secondary", 15))


def fit_say_button(scene: Any) -> None:
    """``button:say`` as wide as its label as drawn now (the language in use, the window's smallest
    text size; at least the hint button's width), its right edge where the hint button's is."""
    btn, hint = scene.widgets.get("button:say"), scene.btn_hint
    if not isinstance(btn, FittedButton) or not btn.refit((btn.label, hint.rect.right, scene.app.viewport.version)):
        return  # (every frame: measure only on a change)
    w = max(hint.rect.w, round(text_width(scene.app, btn.label, btn.size, True)) + 16)
    btn.rect = pygame.Rect(hint.rect.right - w, hint.rect.y, w, hint.rect.h)


#: How long what a seat said stays in its bubble (real ms, fades included).
SAID_MS = 3000.0


def add_bubbles(scene: Any) -> Bubbles:
    """The scene's bubbles of what seats said (a :class:`scenes.kit.bubble.Bubbles` in its widget
    group, id ``said``, each bubble ``said:<seat>`` by the seat's ``seat_anchor``), added once."""
    bubbles = scene.widgets.get("said")
    if not isinstance(bubbles, Bubbles):
        bubbles = scene.widgets.add(Bubbles(scene.app, "said", scene.seat_anchor))
    return bubbles


def show_said(scene: Any, seat: int, phrase: str) -> None:
    """What ``seat`` said (a protocol phrase) in a bubble by its panel for :data:`SAID_MS`, in
    place of its older one ("Ana: Good game!", or "Good game!" where the name does not fit)."""
    if 0 <= seat < len(scene.match.names):
        add_bubbles(scene).show(seat, said_line(scene.match, seat, phrase), phrase_text(phrase), SAID_MS)


#: The banner's sentence when the server refused this seat's action, per error code
#: (docs/PROTOCOL.md); any other code: :data:`REFUSED_OTHER`.
REFUSAL_LINES = {
    # Translators: said in the play banner when the server refused this player's move
    "illegal": N_("The server refused that move: it is not allowed in this position."),
    "not-your-turn": N_("The server refused that move: it is not your turn."),
    "not-started": N_("The server refused that move: the game has not started yet."),
    "game-over": N_("The server refused that move: the game is over."),
    "rate": N_("Too many moves at once: wait a moment, then play again."),
    "not-kept": N_("The server could not save that move, so it was not played: try again."),
}
# Translators: said in the play banner when the server refused this player's move (any other reason)
REFUSED_OTHER = N_("The server refused that move.")


def refusal_line(code: str) -> str:
    """The banner's one translated sentence for the server's refusal ``code`` of an action."""
    return _(REFUSAL_LINES.get(code, REFUSED_OTHER))


def say_refusals(scene: Any, match: Any) -> None:
    """Say in the banner each refusal of this seat's action the server sent since the last call
    (:func:`refusal_line`; a ``stale`` one is not said: the table's ``state`` follows and the
    scene shows it)."""
    refused = match.remote.refused
    for exc in refused[match.refusals_told:]:
        if exc.code != "stale" and hasattr(scene, "say"):
            log.info("online: the server refused this seat's action: %s %s", exc.code, exc)
            scene.say(refusal_line(exc.code))
    match.refusals_told = len(refused)


def keep_changes(match: Any) -> None:
    """Write to the kept seat (``match.kept``, :class:`scenes.online.kept.KeptLink`) what changed:
    a new token (every resume gives one: issue 33, item 19), whether this seat is to act (the
    menu's "your turn", item 7; never once over: the seat is forgotten then)."""
    kept, snap = match.kept, match.snap
    if kept is None:
        return
    token, turn = match.kept_seen
    if snap.token and snap.token != token:
        kept.token(snap.token)
    mine = bool(snap.started and not snap.over and match.seat in snap.to_act and snap.legal)
    if not snap.over and snap.started and mine != turn:
        kept.turn(mine)
    match.kept_seen = (snap.token or token, mine)


def frame(scene: Any) -> None:
    """Once per frame of a play scene: an online Match's resync (an undo, a reconnection) makes
    the scene ``resync()``; what a seat said (this seat's own phrase too) is shown in a bubble by
    its panel (:func:`show_said`), and the server's refusal of this seat's action in the banner
    (:func:`say_refusals`); while the table waits for an away person the banner says whom,
    and the table's creator may let an AI play that seat (:mod:`scenes.play.standin`). Adds
    ``button:say`` and the bubbles' widget the first time."""
    match = scene.match
    if not getattr(match, "online", False):
        return
    if hasattr(scene, "btn_hint"):
        add_say_button(scene)
        fit_say_button(scene)
        # under a panel over the table (Sushi Draft's round scoring) as Undo and Hint are: it lay on
        # the panel's subtitle (issue 33, item 5)
        scene.widgets.get("button:say").visible = not scene.panel_up()
    if hasattr(scene, "widgets"):
        add_bubbles(scene)
    if match.sync():
        scene.resync()
    keep_changes(match)
    say_refusals(scene, match)
    if hasattr(scene, "game_log"):
        undo_online.tell_news(scene, match)
        table_life.tell(scene, match)
        turn_clock.tell(scene, match)
    said = match.snap.said
    for seat, phrase in said[match.said_told:]:
        show_said(scene, seat, phrase)
    match.said_told = len(said)
    line = (table_life.banner_line(match) or turn_clock.banner_line(match) or waiting_line(match)
            or undo_online.waiting_line(match) or turn_clock.waiting_line(match))
    if hasattr(scene, "widgets") and standin.sync_button(scene):
        line = ""  # (the banner holds button:stand-in instead)
    if line is not None:
        scene.banner_override, scene.said_ms = (line, WAITING_RGB), 0.0
    elif scene.banner_override is not None and scene.banner_override[1] == WAITING_RGB:
        scene.banner_override = None


__all__ = ["PHRASE_TEXTS", "REFUSAL_LINES", "REFUSED_OTHER", "SAID_MS", "WAITING_RGB", "add_bubbles",
           "add_say_button", "fit_say_button", "frame", "phrase_text", "refusal_line", "said_line", "say_refusals",
           "show_said", "waiting_line"]
