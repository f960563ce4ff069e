"""A turn-based table's clocks at the table (issue 35, item 4; docs/PROTOCOL.md "Turn-based
tables"): the game log says when a player's time ran out and what follows — the server's AI plays
their seat to the end, or the table ends there (every seat's log: each window reads the clocks'
``out`` from the server, a window that came back later too) — the banner says it while it lasts,
and while the table waits for another person it says who is to play and their time left (they
may take a day: this window need not stay open). Words only: the server runs the clocks.
"""
from __future__ import annotations

import time
from typing import Any

from game.i18n import _, ngettext

#: A day (s).
DAY = 86400


def time_left_text(seconds: float) -> str:
    """A clock's time left in words, in the language in use: "2 days left", "5 hours left",
    "12 minutes left", "Less than a minute left"; "Out of time" at 0."""
    s = max(0.0, float(seconds))
    if s <= 0:
        # Translators: a turn-based player's clock has run out
        return _("Out of time")
    if s >= 2 * DAY:
        n = int(s // DAY)
        # Translators: a turn-based clock's time left in days
        return ngettext("{n} day left", "{n} days left", n).format(n=n)
    if s >= 3600:
        n = int(s // 3600)
        # Translators: a turn-based clock's time left in hours
        return ngettext("{n} hour left", "{n} hours left", n).format(n=n)
    if s >= 60:
        n = int(s // 60)
        # Translators: a turn-based clock's time left in minutes
        return ngettext("{n} minute left", "{n} minutes left", n).format(n=n)
    # Translators: a turn-based clock's time left, under a minute
    return _("Less than a minute left")


def seconds_left(snap: Any, seat: int, now: float | None = None) -> float | None:
    """``seat``'s time left (s) on the table's clock as the picture ``snap`` has it, counted down
    since it came when it runs (``clock_at``, monotonic s); None for a seat without a clock (an
    AI's) or a real-time table."""
    clock = snap.clock
    left = clock.get("left") if isinstance(clock, dict) else None
    if not isinstance(left, list) or not 0 <= seat < len(left) or not isinstance(left[seat], (int, float)):
        return None
    spent = (time.monotonic() if now is None else now) - snap.clock_at if seat in (clock.get("running") or ()) else 0
    return max(0.0, float(left[seat]) - spent)


def out_seats(snap: Any) -> list[int]:
    """The seats whose time ran out (the clock's ``out``)."""
    clock = snap.clock
    return [s for s in (clock.get("out") or ()) if isinstance(s, int)] if isinstance(clock, dict) else []


def out_line(match: Any, seat: int) -> str:
    """The log's line when ``seat``'s time ran out (what follows: the table's ``on_timeout``)."""
    clock = match.snap.clock or {}
    ends = clock.get("on_timeout") == "end"
    if seat == match.seat:
        if ends:
            # Translators: a line of the game log at a turn-based table
            return _("Your time ran out: the table ends here.")
        # Translators: a line of the game log at a turn-based table
        return _("Your time ran out: an AI plays for you to the end.")
    name = match.names[seat]
    if ends:
        # Translators: a line of the game log at a turn-based table; {name} is the player
        return _("{name}'s time ran out: the table ends here.").format(name=name)
    # Translators: a line of the game log at a turn-based table; {name} is the player
    return _("{name}'s time ran out: an AI plays for them to the end.").format(name=name)


def tell(scene: Any, match: Any) -> None:
    """Once per frame: a log line for each seat whose time ran out since the last frame (the
    ones out before this window sat down included: it was not there to see them)."""
    told: set[int] = match.clock_told
    for seat in out_seats(match.snap):
        if seat not in told and 0 <= seat < len(match.names):
            told.add(seat)
            scene.game_log.note(out_line(match, seat), seat)


def banner_line(match: Any) -> str | None:
    """The banner's line once the table ended on a clock, or while an AI plays this seat because
    its time ran out; else None."""
    snap = match.snap
    ended = snap.ended
    if isinstance(ended, dict) and ended.get("reason") == "timeout":
        seat = ended.get("seat")
        if seat == match.seat:
            # Translators: the play banner at a turn-based table that ended on this player's clock
            return _("The table has ended: your time ran out.")
        if isinstance(seat, int) and 0 <= seat < len(match.names):
            # Translators: the play banner at a turn-based table that ended on a player's clock
            return _("The table has ended: {name}'s time ran out.").format(name=match.names[seat])
        return _("The table has ended: a player's time ran out.")
    if match.seat in out_seats(snap) and not snap.over:
        # Translators: the play banner at a turn-based table after this player's time ran out
        return _("Your time ran out: an AI plays for you to the end.")
    return None


def waiting_line(match: Any) -> str | None:
    """While a turn-based table waits for another person and this seat has nothing to do: who is
    to play and their time left ("Ana to play · 23 hours left. Tatami tells you when it is your
    turn."); else None."""
    snap = match.snap
    if snap.clock is None or not snap.started or snap.over or snap.ended is not None:
        return None
    if match.seat in snap.to_act and snap.legal:
        return None
    for seat in snap.to_act:
        left = seconds_left(snap, seat) if seat != match.seat and 0 <= seat < len(match.names) else None
        if left is not None:
            # Translators: the play banner at a turn-based table while another player is to play;
            # {left} is e.g. "23 hours left"
            return _("{name} to play · {left}. Tatami tells you when it is your turn.").format(
                name=match.names[seat], left=time_left_text(left))
    return None


__all__ = ["DAY", "banner_line", "out_line", "out_seats", "seconds_left", "tell", "time_left_text", "waiting_line"]
