"""Where the app's online tables live and how fast they go (issue 35, items 3 and 4): the online
server of the settings (``online_server``: an address, or "" for this computer), the hosting
choices of a table's pace — real time, or turn-based with a clock per player as Board Game Arena's
(:data:`PACES`: an allowance of days plus a day added per move) — and the words for a clock's time
left are :func:`scenes.play.turn_clock.time_left_text`'s. Never imports pygame.
"""
from __future__ import annotations

from typing import Any

from game.i18n import N_
from scenes.play.turn_clock import DAY
from scenes.shell.settings import server_address_ok
#: The turn-based presets offered when hosting: name -> (allowance, per move), seconds
#: (docs/PROTOCOL.md, "Turn-based tables").
PACES: dict[str, tuple[int, int]] = {"1d": (DAY, DAY), "3d": (3 * DAY, DAY)}
#: The pace choice's options, in order: real time, then the presets.
PACE_CHOICES = ("live", *PACES)
#: What happens when a turn-based clock runs out (the ``clock``'s ``on_timeout``).
TIMEOUT_CHOICES = ("ai", "end")
#: The pace choice's labels (catalog texts, translated when shown).
PACE_LABELS = {
    # Translators: a pace of an online table: everyone plays now, at the same time
    "live": N_("Real time"),
    # Translators: a turn-based pace: each player has a day, and a day more after each move
    "1d": N_("1 day per move"),
    # Translators: a turn-based pace: each player has 3 days, and a day more after each move
    "3d": N_("3 days + 1 per move"),
}
#: What each pace means, said under the choice.
PACE_NOTES = {
    "live": N_("Everyone plays now, at the same time, until the game ends."),
    "1d": N_("Each player has 1 day, and 1 more day after each move. Play when you like: Tatami tells you when it is "
             "your turn."),
    "3d": N_("Each player has 3 days, and 1 more day after each move. Play when you like: Tatami tells you when it is "
             "your turn."),
}
TIMEOUT_LABELS = {
    # Translators: when a turn-based player's clock runs out: the server's AI plays their seat
    "ai": N_("An AI plays for them"),
    # Translators: when a turn-based player's clock runs out: the table ends there
    "end": N_("The table ends"),
}


def server_address(settings: Any) -> str | None:
    """The online server of ``settings`` (``online_server``, checked when read), or None for this
    computer (the app's own server)."""
    address = settings.get("online_server") if settings is not None else None
    return address if address and server_address_ok(address) else None


def clock_request(pace: str, on_timeout: str) -> dict[str, Any] | None:
    """The ``create`` message's ``clock`` for ``pace`` (None: real time) and ``on_timeout``
    (``"ai"`` or ``"end"``; anything else: ``"ai"``)."""
    if pace not in PACES:
        return None
    allowance, per_move = PACES[pace]
    return {"allowance": allowance, "per_move": per_move, "on_timeout": on_timeout if on_timeout in TIMEOUT_CHOICES
            else "ai"}


__all__ = ["DAY", "PACES", "PACE_CHOICES", "PACE_LABELS", "PACE_NOTES", "TIMEOUT_CHOICES", "TIMEOUT_LABELS",
           "clock_request", "server_address"]
