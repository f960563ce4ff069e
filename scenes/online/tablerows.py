"""The rows of this player's online tables on the join screen (issue 35, item 3): the online
server's list (``mine``, through :class:`scenes.online.turnwatch.TurnWatch`) — this player's turn
first, each with what the server says of it — then the seats kept in the file that the server does
not list (other servers, a table that ended meanwhile); :class:`TableButton` draws one row
(``resume:<i>``).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from scenes.kit.draw import C, draw_text, fit_text, mix
from scenes.kit.widgets import Button, fit_size
from scenes.online.keptfile import KeptSeat
from scenes.shell.catalog import game_title
from scenes.play.turn_clock import time_left_text
from scenes.play.seats import person_name

#: Most of this player's tables listed (the server's, then the newest kept).
KEPT_SHOWN = 6


class TableButton(Button):
    """An unfinished table's row (``resume:<i>``): its game and code in bold over ``sub`` (what the
    server says of it: :func:`status_line`) or when the seat was taken, each line fitted to the
    button (its UI-dump label holds both lines)."""

    def __init__(self, i: int, kept: KeptSeat, rect: Any, on_click: Any, sub: str | None = None):
        super().__init__(f"resume:{i}", kept.title(), rect, on_click, style="secondary", size=18,
                         sublabel=sub if sub is not None else kept.since())

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        label, sub = self.label, self.sublabel
        self.label, self.sublabel = "", None  # the body only
        try:
            super().draw(surface, app)
        finally:
            self.label, self.sublabel = label, sub
        lift = -2.0 * self._hover_t + 1.5 * self._press_t
        cx, cy, room = self.rect.centerx, self.rect.centery + lift, self.rect.w - 24
        ink = C.INK if self.enabled else C.INK_MUTED
        size = fit_size(app, label, self.size, True, room)
        draw_text(surface, app, fit_text(app, label, size, True, room), (cx, cy - 11), size, ink, bold=True)
        if sub:
            size = fit_size(app, sub, 15, False, room)
            draw_text(surface, app, fit_text(app, sub, size, False, room), (cx, cy + 13), size,
                      mix(ink, C.PAPER_LIGHT, 0.25))


def status_line(table: dict[str, Any]) -> str:
    """What the server says of one of this player's tables (an entry of ``mine``), in the language
    in use: "Your turn · 23 hours left", "Waiting for Ana", "Waiting for players"."""
    seat = table.get("seat")
    names = table.get("names") or []
    if not table.get("started"):
        # Translators: under one of this player's online tables: seats are still open
        return _("Waiting for players")
    clock = table.get("clock") or {}
    left = clock.get("left") if isinstance(clock, dict) else None
    if table.get("your_turn"):
        if isinstance(left, list) and isinstance(seat, int) and 0 <= seat < len(left) and left[seat] is not None:
            # Translators: under one of this player's turn-based tables; {left} is e.g. "23 hours left"
            return _("Your turn · {left}").format(left=time_left_text(float(left[seat])))
        # Translators: under one of this player's online tables: it waits for this player's move
        return _("Your turn")
    others = [person_name(str(names[s])) for s in table.get("to_act") or () if isinstance(s, int) and s != seat
              and 0 <= s < len(names) and names[s]]
    if others:
        # Translators: under one of this player's online tables; {names} are the players to move
        return _("Waiting for {names}").format(names=", ".join(others))
    return _("Waiting for the other players")


def listed_rows(watch: Any, entries: list[KeptSeat]) -> list[tuple[KeptSeat, str | None]]:
    """The rows of this player's tables: the online server's (``watch.tables``, this player's
    turn first, each with its :func:`status_line`; a seat kept in the file keeps its token), then
    the kept seats it does not list — other servers', and the server's own whose game ended
    meanwhile ("Finished: see how it ended": taking the seat back shows the end and counts the
    game in the statistics and recent games, as any) — at most :data:`KEPT_SHOWN`."""
    rows: list[tuple[KeptSeat, str | None]] = []
    listed: set[tuple[str, int]] = set()
    if watch is not None and watch.tables is not None:
        for t in sorted(watch.tables, key=lambda t: not t.get("your_turn")):
            try:
                key = (str(t["table"]), int(t["seat"]))
                names = t.get("names") or []
                name = str(names[key[1]]) if key[1] < len(names) and names[key[1]] else ""
                kept = next((e for e in entries if e.url == watch.url and e.key == key), None)
                row = kept or KeptSeat(watch.url, key[0], key[1], "", str(t["game"]), name, "")
            except (KeyError, TypeError, ValueError, IndexError):
                continue
            listed.add(key)
            rows.append((row, status_line(t)))
    for e in entries:
        if watch is None or watch.tables is None or e.url != watch.url or e.hosted:
            rows.append((e, None))  # (a table this computer hosted is on its own server, whatever its port)
        elif e.key not in listed:  # (the server no longer lists it: its game ended while away)
            # Translators: under one of this player's online tables whose game ended while they were away
            rows.append((e, _("Finished: see how it ended")))
    return rows[:KEPT_SHOWN]


__all__ = ["KEPT_SHOWN", "TableButton", "listed_rows", "status_line"]
