"""Undo at an online table as the play scene shows it (issue 33, item 1; the server's side:
:mod:`game.net.undoask`, docs/PROTOCOL.md *Undo*).

``button:undo`` / Ctrl+Z asks the server for an undo when it would take one at once (this seat's
last decision, nobody else having acted since), else asks the other people to accept one (a
request, offered exactly when the server would take it: the ``undo_ask`` flag). What happens
is told in every seat's game log as it happens — a request made, refused, unanswered, ended by a
move or a person leaving, an undo made ("Ana took back e1 (and 1 answer).") — from the snapshot's
``undo_news`` (:func:`tell_news`). The person asked sees the question over the table (scene
``online_undo_ask``: ``button:undo-accept`` / ``button:undo-refuse``); the asking seat's banner says
whom it waits for (:func:`waiting_line`).
"""
from __future__ import annotations

from typing import Any

from game.core import join_list
from game.i18n import _, ngettext
from scenes.play.undo import taken_back


def asked_line(match: Any, news: dict[str, Any]) -> str:
    """The question of a request (and its log line): who asks to take back what."""
    seat = int(news["seat"])
    undone = [(s, a) for s, a in match.snap.actions[int(news["ply"]):]]
    mine = next((a for s, a in undone if s == seat), None)
    n = sum(1 for s, _a in undone if s != seat)
    name = match.names[seat]
    if seat == match.seat:
        # Translators: a line of the game log at an online table: this player asked the others to accept an undo
        return _("You asked to take back your last move.")
    if mine is None:
        # Translators: asked of a player at an online table; {name} asks to undo a hidden choice
        return _("{name} asks to take back their last choice.").format(name=name)
    # Translators: asked of a player at an online table; {action} the move ("e1"), {n} the moves after it
    return ngettext("{name} asks to take back {action} and the move after it.",
                    "{name} asks to take back {action} and the {n} moves after it.", n).format(
        name=name, action=match.game.action_text(mine), n=n)


def ended_line(match: Any, news: dict[str, Any]) -> str:
    """The log line of a request that ended unmade (``why``: refused, timeout, moved, away)."""
    why = news.get("why")
    seat = news.get("seat")
    if why == "refused" and isinstance(seat, int):
        if seat == match.seat:
            # Translators: a line of the game log at an online table: this player refused an undo request
            return _("You refused to take the moves back.")
        # Translators: a line of the game log at an online table: {name} refused an undo request
        return _("{name} refused to take the moves back.").format(name=match.names[seat])
    if why == "timeout":
        # Translators: a line of the game log at an online table: nobody answered an undo request in time
        return _("No answer in time: nothing was taken back.")
    if why == "away":
        # Translators: a line of the game log at an online table: a player asked to accept an undo left
        return _("A player left: nothing was taken back.")
    # Translators: a line of the game log at an online table: a move was made while an undo request waited
    return _("The game went on: nothing was taken back.")


def undone_line(match: Any, news: dict[str, Any]) -> str:
    """The log line of an undo made: "Ana took back e1 (and 1 answer)."."""
    by = int(news["by"])
    undone = [(int(s), a) for s, a in news.get("undone", ())]
    mine = next((a for s, a in undone if s == by), None)
    if mine is None:  # (a choice hidden from this seat)
        # Translators: a line of the game log at an online table: {name} took back a choice hidden from this player
        return _("{name} took back their last choice.").format(name=match.names[by])
    return taken_back(match.game, by, [(s, a or "") for s, a in undone], match.names[by])


def tell_news(scene: Any, match: Any) -> None:
    """Note in the game log each undo news since the last call (:func:`asked_line`,
    :func:`ended_line`, :func:`undone_line`), and open the question for this seat when a request
    waits for its answer."""
    news = match.snap.undo_news
    for item in news[match.undo_told:]:
        kind = item.get("kind")
        if kind == "asked":
            scene.game_log.note(asked_line(match, item), int(item["seat"]))
        elif kind == "ended":
            scene.game_log.note(ended_line(match, item))
        elif kind == "undone":
            scene.game_log.note(undone_line(match, item), int(item["by"]))
    match.undo_told = len(news)
    asking = match.snap.asking
    key = (asking["seat"], asking["ply"]) if asking is not None else None
    if asking is not None and match.seat in asking.get("waiting", ()) and match.asked_shown != key:
        match.asked_shown = key
        scene.app.manager.push(scene.app.make_scene("online_undo_ask", match=match,
                                                    question=asked_line(match, asking)))


def waiting_line(match: Any) -> str | None:
    """The asking seat's banner while its request waits: whom it waits for; else None."""
    asking = match.snap.asking
    if asking is None or asking.get("seat") != match.seat:
        return None
    names = [match.names[s] for s in asking.get("waiting", ()) if 0 <= s < len(match.names)]
    # Translators: said in the play banner while this player's undo request waits; {names} who must answer
    return _("Waiting for {names} to accept taking the moves back…").format(names=join_list(names))


__all__ = ["asked_line", "ended_line", "tell_news", "undone_line", "waiting_line"]
