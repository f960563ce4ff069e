"""Giving an away friend's seat to the server's AI (issue 24 §2): "the host may give the seat to
an AI after a while" (docs/PROTOCOL.md, ``stand_in``).

The table's creator (the app that hosts it) sees ``button:stand-in`` in the banner once a
person's seat has been away long enough (the seat list's ``stand_in_allowed``: 30 s); a click asks
the server to play that seat with :data:`STAND_IN_LEVEL` until its person comes back (resumes), as
Board Game Arena's tables do for a player gone. Other screens only read the seat list: the seat's
panel says an AI stands in, and the banner no longer waits for it.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import _
from scenes.kit.draw import text_width
from scenes.play.buttons import FittedButton

log = logging.getLogger("tatami.online")

#: The AI level that plays an away friend's seat (the medium AI: a fair game for the others).
STAND_IN_LEVEL = "medium"
#: The button's text size (logical px).
SIZE = 14


def stand_in_seat(match: Any) -> int | None:
    """The first seat this screen may give to the AI now: this seat is the table's creator and the
    server says a ``stand_in`` for that seat would be taken (``stand_in_allowed``); else None."""
    seats = match.snap.seats
    if not (0 <= match.seat < len(seats)) or not seats[match.seat].get("creator"):
        return None
    return next((i for i, s in enumerate(seats) if s.get("stand_in_allowed")), None)


def button_label(match: Any, seat: int) -> str:
    """``button:stand-in``'s text: "Let an AI play for Ben"."""
    # Translators: a button at an online table: the host lets the server's AI play an away friend's seat
    return _("Let an AI play for {name}").format(name=match.names[seat])


def sync_button(scene: Any) -> bool:
    """``button:stand-in`` added once, shown while :func:`stand_in_seat` names a seat, in the
    middle of the banner (as wide as its label as drawn, inside the banner: it takes the waiting
    line's place, the seat's panel says "Away"). True while it is shown."""
    match = scene.match
    seat = stand_in_seat(match)
    btn = scene.widgets.get("button:stand-in")
    if btn is None:
        if seat is None:
            return False
        btn = scene.widgets.add(FittedButton("button:stand-in", "", pygame.Rect(0, 0, 10, 10),
                                             lambda: give_seat(scene), "secondary", SIZE))
    btn.visible = seat is not None
    if seat is None:
        return False
    label = button_label(match, seat)
    banner = scene.banner_rect()
    if isinstance(btn, FittedButton) and btn.refit((label, tuple(banner), scene.app.viewport.version)):
        btn.label = label
        w = min(banner.w - 8, round(text_width(scene.app, label, SIZE, True)) + 24)
        h = max(24, banner.h - 8)
        btn.rect = pygame.Rect(banner.centerx - w // 2, banner.centery - h // 2, w, h)
    return True


def give_seat(scene: Any) -> None:
    """``button:stand-in``: ask the server to let :data:`STAND_IN_LEVEL` play the seat (the seat
    list's next ``lobby`` says it); a refusal is logged, the game goes on waiting."""
    seat = stand_in_seat(scene.match)
    if seat is not None:
        scene.match.remote.stand_in(seat, STAND_IN_LEVEL)
        scene.sfx("click")


__all__ = ["STAND_IN_LEVEL", "button_label", "give_seat", "stand_in_seat", "sync_button"]
