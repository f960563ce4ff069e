"""Who played a finished game and how, as the profile's stores read it (issue 36).

A play scene's setup (``scenes.play.base.PlayScene.save_setup``) says the seats (``"human"`` or an
AI level), the names as stored, and the marks: ``online`` (a seat of an online table; its
``people``: the other seats played by people), ``assisted`` (a hint was shown), ``undid`` (a
decision was taken back), ``retried`` (started from a replay's position).

* one ``"human"`` seat and AI levels elsewhere, offline: a game against the AI (:data:`AI`);
* several ``"human"`` seats offline: hot-seat (:data:`HOT_SEAT`); the profile's player is the
  first of them, the others are friends;
* online (:data:`ONLINE`): the player is the ``"human"`` seat, the friends the ``people`` seats.

Never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.achievements import AI, HOT_SEAT, ONLINE, Finished
from game.rating import ranks

#: Why a game is not rated, by the setup's mark (the first that applies).
UNCLEAN = (("retried", "replay"), ("assisted", "hint"), ("undid", "undo"))


@dataclass(frozen=True)
class Played:
    """A finished game as the profile reads it: the :class:`game.achievements.Finished` game, the
    friends' seats (hot-seat and online) with their stored names, and why it is not clean ("" when
    it is: ``"replay"``, ``"hint"`` or ``"undo"``)."""

    finished: Finished
    friends: tuple[tuple[int, str], ...]
    unclean: str


def played(game: str, setup: dict, state: Any, events: Any = None) -> Played | None:
    """The :class:`Played` of a finished ``state`` with the play scene's ``setup`` and the
    ``events`` the person's seat saw (None: the state's ``events_for`` that seat), or None when
    nobody at this screen played it (no ``"human"`` seat) or it has no outcome."""
    outcome = state.outcome() if state is not None else None
    seats = [str(s) for s in setup.get("seats") or []]
    if outcome is None or "human" not in seats or len(seats) != len(outcome.scores):
        return None
    names = [str(n) for n in setup.get("names") or []]
    names += [""] * (len(seats) - len(names))
    me = seats.index("human")
    if setup.get("online") is True:
        people = [p for p in setup.get("people") or [] if isinstance(p, int) and 0 <= p < len(seats) and p != me]
        kinds = ["person" if i in people else k for i, k in enumerate(seats)]
        where, friends = ONLINE, people
    else:
        friends = [i for i, k in enumerate(seats) if k == "human" and i != me]
        where, kinds = (HOT_SEAT if friends else AI), seats
    unclean = next((why for key, why in UNCLEAN if setup.get(key) is True), "")
    rank = tuple(ranks(tuple(outcome.winners), [float(s) for s in outcome.scores]))
    if events is None:
        events = state.events_for(me) if hasattr(state, "events_for") else ()
    finished = Finished(game, me, tuple(kinds), state, rank, not unclean, where, tuple(events))
    return Played(finished, tuple((i, names[i] or f"#{i + 1}") for i in friends), unclean)


__all__ = ["Played", "UNCLEAN", "played"]
