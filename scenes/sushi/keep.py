"""Sushi Draft's forced keep: the round's last keep (hand size 2), every seat's last card, which
is discarded (RULES.md, Sushi Draft).

At a local table the scene applies every seat's forced keep at once (:func:`forced_keep`). At an
online table (issue 24 §2) each screen holds one seat: this seat's keep is sent, the others' come
from the server (the AI's and other people's), and the round ends when the server tells the
reveal — what :func:`forced_keep_online` shows, one step per frame.
"""
from __future__ import annotations

import logging
from typing import Any

from game.core import ActionError, Event
from scenes.sushi.choreo import resolves

log = logging.getLogger("tatami.sushi")


def forced_keep(sc: Any) -> list[Event] | None:
    """Every seat's forced keep applied at once (humans too: ``match.forced_action``); online:
    :func:`forced_keep_online`. Returns the events whose round's end the scene animates, or None
    (nothing to animate yet)."""
    match = sc.match
    if getattr(match, "online", False):
        return forced_keep_online(sc)
    match.cancel()
    for seat in list(match.to_act()):
        action = match.forced_action(seat)
        if action is None:
            log.error("sushi: the keep of seat %d is not forced (%s)", seat, match.legal_actions(seat))
            return None
        try:
            match.apply(seat, action)
        except ActionError as exc:  # pragma: no cover - legal by construction
            log.error("sushi: forced keep rejected: %s", exc)
            return None
    events = sc.take_events(sc.bottom)
    if resolves(events):
        sc.autosave()
    return events


def forced_keep_online(sc: Any) -> list[Event] | None:
    """One step of the round's forced keep at an online table: a step the server told first
    (another seat's keep: it lies face down; the last one's reveal: the round's end, returned),
    else this seat's own forced keep sent (its events as the server answered them)."""
    match = sc.match
    move = match.drive()
    if move is None:
        action = match.forced_action(sc.bottom)
        if action is None:
            return None  # this seat's keep is in: the others' are awaited
        try:
            match.apply(sc.bottom, action)
        except ActionError as exc:  # no answer in time: the server's next step says
            log.warning("sushi: the forced keep was not taken: %s", exc)
            return None
    events = sc.take_events(sc.bottom)
    if not resolves(events):
        sc.refresh()  # a keep face down
        return None
    sc.autosave()
    return events
