"""The setup screen's drawing (:class:`scenes.shell.setup.SetupScene`): the seats of a multi-seat
game, the two sides of a duel, and the hint line over the buttons. Draws only."""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _, pgettext
from scenes.kit.draw import SEAT_COLOR_RGB, C, draw_panel, draw_text, text_width, wrap_text
from scenes.play.seats import SEAT_RGB
from scenes.shell.catalog import NEXT_LABEL, GameInfo

# Translators: the two sides of a two-sided game (a duel) on the setup screen (shown in capitals over each side)
SIDE_LABEL = (N_("Player A"), N_("Player B"))
#: The hint line between Back and Start (logical px): its centre and widest line (two lines at most).
NOTE_Y, NOTE_W = 606, 1000


def setup_note(info: GameInfo, humans: int) -> str:
    """The hint line under the seats of ``info``'s multi-seat setup with ``humans`` people: what
    happens between their turns when there are two or more (a privacy screen where the game hides
    something), else the game's own ``setup_note``."""
    if humans >= 2 and info.registration.game_type.hidden_information:
        return _("Two or more humans: a privacy screen hides each hand between turns.")
    if humans >= 2:
        return _("Two or more humans: take turns at this screen; nothing is hidden in this game.")
    note = info.extra.get("setup_note", "")
    return _(note) if note else ""


def draw_multi(self: Any, surface: pygame.Surface) -> None:
    """The seats of a multi-seat game: per seat its colour, number, name or character, who it
    passes to and how its character plays; the hint line."""
    app = self.app
    vp = self.viewport
    hi = self.info.seats[1]
    step = self.row_y(1) - self.row_y(0)
    panel = pygame.Rect(110, self.row_y(0) - step / 2 - 12, 1060, step * hi + 24)
    draw_panel(surface, app, panel, radius=20)
    seats = self._seat_kinds()
    names = self.player_names()
    for i in range(hi):
        y = self.row_y(i)
        on = i < self.players
        col = SEAT_RGB[i % len(SEAT_RGB)]
        if on:
            pygame.draw.circle(surface, col, vp.to_window((150, y)), vp.px(11))
            # Translators: a seat's number on the setup screen, in capitals (~8 characters)
            draw_text(surface, app, _("SEAT {n}").format(n=i + 1), (176, y), 13, C.INK_MUTED, bold=True,
                      anchor="midleft")
            if seats[i] != "human" and not self.characters[i]:
                draw_text(surface, app, names[i], (256, y - 8), 20, C.INK, bold=True, anchor="midleft")
            nxt = names[(i + 1) % self.players]
            order = _(self.info.extra.get("next_label", NEXT_LABEL)).format(name=nxt)
            draw_text(surface, app, f"{order}  →", (256, y + 16), 12.5, C.INK_MUTED, anchor="midleft")
            if seats[i] != "human" and self.characters[i]:  # how it plays, where it fits beside
                style = self.cast.style(i)
                room = 294 - text_width(app, f"{order}  →", 12.5) - 16
                if text_width(app, style, 12.5) <= room:
                    draw_text(surface, app, style, (550, y + 16), 12.5, C.VERMILION, anchor="midright")
        else:
            draw_text(surface, app, _("Seat {n} — not playing").format(n=i + 1), (176, y), 15, C.INK_MUTED,
                      anchor="midleft")
    draw_note(self, surface, setup_note(self.info, seats.count("human")))


def draw_note(self: Any, surface: pygame.Surface, note: str) -> None:
    """The hint line above the buttons (wrapped to a second line when it is longer)."""
    lines = wrap_text(self.app, note, 14, NOTE_W)[:2] if note else []
    for k, line in enumerate(lines):
        draw_text(surface, self.app, line, (640, NOTE_Y + (k - (len(lines) - 1) / 2) * 18), 14, C.INK_MUTED)


def draw_two(self: Any, surface: pygame.Surface) -> None:
    """The two sides of a duel: per side its panel, colour band, name or character, role and how
    its character plays; the hint line."""
    app = self.app
    vp = self.viewport
    names = self.player_names()
    first_side = {"left": 0, "right": 1}.get(self.first)
    for side in (0, 1):
        x = 110 if side == 0 else 660
        panel = pygame.Rect(x, 200, 510, 300)
        draw_panel(surface, app, panel, radius=20)
        # colour band on the panel's left edge
        col = SEAT_COLOR_RGB[self.colors[side]]
        pygame.draw.rect(surface, col, vp.rect(x, 222, 8, 256), border_radius=vp.px(4))
        draw_text(surface, app, _(SIDE_LABEL[side]).upper(), (x + 32, 228), 14, C.INK_MUTED, bold=True,
                  anchor="midleft")
        if self.kinds[side] != "human" and not self.characters[side]:
            draw_text(surface, app, names[side], (x + 32, 269), 28, C.INK, bold=True, anchor="midleft")
        if self.kinds[side] != "human" and self.characters[side]:
            draw_text(surface, app, self.cast.style(side), (x + 32, 387), 14, C.VERMILION, anchor="midleft")
        if first_side is None:
            role = _("Random start")
        elif first_side == side:
            role = _("Moves first")
        else:
            role = _(self.info.extra["sides_role"]) if self.info.extra.get("sides_role") else ""
        rc = C.VERMILION if first_side == side else C.INK_SOFT
        draw_text(surface, app, role, (x + 478, 228), 16, rc, bold=first_side == side, anchor="midright")
        # Translators: over a side's choice of Human or an AI level
        draw_text(surface, app, pgettext("setup", "Player"), (x + 32, 308), 14, C.INK_MUTED, anchor="midleft")
        draw_text(surface, app, _("Colour"), (x + 32, 406), 14, C.INK_MUTED, anchor="midleft")
    draw_note(self, surface, _(self.info.extra["sides_note"]) if self.info.extra.get("sides_note") else "")


__all__ = ["NOTE_W", "NOTE_Y", "SIDE_LABEL", "draw_multi", "draw_note", "draw_two", "setup_note"]
