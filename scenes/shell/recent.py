"""The recent finished games (registered as ``"recent"``, from the menu's ``button:recent``): the
last games of ``app.history`` (:class:`scenes.shell.history.HistoryStore`), newest first, each row
opening the replay viewer.

UI ids: ``recent:<i>`` (row ``i``, 0 = newest; kind ``"button-disabled"`` when this build has no
``"replay"`` scene; rows scrolled out of the list are not listed), ``button:back`` (Esc too).
Scroll with the mouse wheel, the arrow keys, Page Up / Down, Home / End. Choosing a row pushes
``app.make_scene("replay", record=<tatami-record/1 dict>, setup=<the play scene's setup dict:
seats, names, colors, seed, ...>)``.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import Any, Callable

import pygame

from game.i18n import _, pgettext
from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_panel,
    draw_text,
    fit_text,
    japanese_gloss,
    mix,
    text_width,
)
from scenes.kit.widgets import Button, UIScene
from scenes.shell.catalog import game_title

log = logging.getLogger("tatami.recent")

LIST_X, LIST_W, LIST_TOP, LIST_BOTTOM = 110, 1060, 150, 606
ROW_H, ROW_GAP = 62, 8


class RecentRow(Button):
    """One finished game as a clickable row (id ``recent:<i>``)."""

    def __init__(self, index: int, entry: Any, rect: Any, on_click: Callable[[], None], enabled: bool):
        super().__init__(f"recent:{index}", "", rect, on_click, style="secondary", enabled=enabled)
        self.entry = entry
        self.title = game_title(entry.game)

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        vp = app.viewport
        h = self._hover_t
        r = self.rect
        wr = vp.to_window(r)
        fill = mix(C.PAPER_LIGHT, C.WHITE, h) if self.enabled else C.PAPER
        pygame.draw.rect(surface, fill, wr, border_radius=vp.px(12))
        border = mix(C.PAPER_EDGE, C.VERMILION, h) if self.enabled else C.PAPER_EDGE
        pygame.draw.rect(surface, border, wr, width=max(1, vp.px(1.5)), border_radius=vp.px(12))
        e = self.entry
        ink = C.INK if self.enabled else C.INK_MUTED
        cy = r.centery
        draw_text(surface, app, self.title, (r.x + 24, cy - 11), 19, ink, bold=True, anchor="midleft")
        draw_text(surface, app, fit_text(app, e.opponents(), 15, False, 330), (r.x + 24, cy + 14), 15,
                  C.INK_SOFT, anchor="midleft")
        tag = e.apart_tag()
        if tag:  # a game counted apart in the statistics: said on its row, beside its title
            tw = text_width(app, self.title, 19, bold=True)
            draw_text(surface, app, fit_text(app, tag, 13, True, 330 - tw - 12), (r.x + 24 + tw + 12, cy - 10), 13,
                      C.GOLD, bold=True, anchor="midleft")
        when = e.when()
        room = min(470.0, r.right - 24 - text_width(app, when, 15) - 16 - (r.x + 370))
        draw_text(surface, app, fit_text(app, e.result_text(), 18, True, room), (r.x + 370, cy), 18,
                  C.VERMILION_DARK if e.lost() else ink, bold=True, anchor="midleft")
        draw_text(surface, app, when, (r.right - 24, cy - 10), 15, C.INK_MUTED, anchor="midright")
        if self.enabled:
            # Translators: on a recent game's row: open it in the replay viewer
            draw_text(surface, app, pgettext("recent games", "Replay") + "  \u25B6", (r.right - 24, cy + 14), 14,
                      mix(C.INK_SOFT, C.VERMILION, h), bold=True, anchor="midright")


class RecentScene(UIScene):
    """The list of recent games."""

    name = "recent"

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.store = getattr(app, "history", None)
        self.entries = self.store.entries() if self.store is not None else []
        self.notice = self.store.notice() if self.store is not None else ""
        self.can_replay = bool(app.has_scene("replay"))
        self.scroll = 0.0  # logical px the list is scrolled down
        self.rows: list[RecentRow] = []
        for i, entry in enumerate(self.entries):
            row = RecentRow(i, entry, (LIST_X, 0, LIST_W, ROW_H), partial(self.open, i), self.can_replay)
            self.rows.append(self.widgets.add(row))
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self._back, style="secondary",
                                size=20))
        self._place_rows()

    @property
    def max_scroll(self) -> float:
        """How far the list can scroll (logical px)."""
        content = len(self.rows) * (ROW_H + ROW_GAP) - ROW_GAP
        return max(0.0, content - (LIST_BOTTOM - LIST_TOP))

    def scroll_by(self, dy: float) -> None:
        """Scroll the list by ``dy`` logical px (clamped)."""
        self.scroll = min(max(0.0, self.scroll + dy), self.max_scroll)
        self._place_rows()

    def _place_rows(self) -> None:
        """Put each row at its place in the scrolled list; rows not wholly inside are hidden."""
        for i, row in enumerate(self.rows):
            y = LIST_TOP + i * (ROW_H + ROW_GAP) - round(self.scroll)
            row.rect.y = y
            row.visible = y >= LIST_TOP - 1 and y + ROW_H <= LIST_BOTTOM + 1

    def open(self, i: int) -> None:
        """Open row ``i`` in the replay viewer (pushed over this list)."""
        if not self.can_replay or not 0 <= i < len(self.entries):
            return
        entry = self.entries[i]
        try:
            scene = self.app.make_scene("replay", record=entry.record, setup=dict(entry.setup))
        except Exception as e:  # a record the viewer refuses: one line, the list stays
            log.warning("recent games: cannot replay game %d: %s: %s", i, type(e).__name__, e)
            # Translators: {error} is the name of a program error (for a bug report)
            self.notice = _("This game cannot be replayed ({error})").format(error=type(e).__name__)
            return
        self.app.manager.push(scene)

    def _back(self) -> None:
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def language_changed(self) -> "RecentScene":
        """The language changed: the list again, in it (its back button is built once)."""
        scene = type(self)(self.app)
        scene.fade.finish()
        scene.scroll_by(self.scroll)
        return scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            dy = getattr(event, "precise_y", None)
            self.scroll_by(-float(event.y if dy is None else dy) * (ROW_H + ROW_GAP))
            return True
        if event.type == pygame.KEYDOWN:
            page = LIST_BOTTOM - LIST_TOP - ROW_H
            steps = {pygame.K_DOWN: ROW_H + ROW_GAP, pygame.K_UP: -(ROW_H + ROW_GAP), pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("Recent games"), (640, 62), 44, C.INK, bold=True)
        draw_text(surface, app, japanese_gloss("棋譜"), (640, 106), 18, C.VERMILION, jp=True, decorative=True)
        if not self.rows:
            panel = pygame.Rect(LIST_X, 250, LIST_W, 160)
            draw_panel(surface, app, panel, radius=20)
            text = (_("No finished games yet: they appear here when a game ends.") if self.store is not None
                    else _("Finished games are not kept in this session."))
            draw_text(surface, app, text, panel.center, 19, C.INK_SOFT)
        self.widgets.draw(surface, app)
        foot = []
        if self.rows and self.max_scroll > 0:
            foot.append(_("Scroll for older games"))
        if self.rows and not self.can_replay:
            foot.append(_("The replay viewer is not available in this version"))
        draw_text(surface, app, " \u00B7 ".join(foot), (640, 664), 14, C.INK_MUTED)
        if self.notice:
            draw_text(surface, app, self.notice, (640, 700), 14, C.VERMILION_DARK)
        self.draw_fade(surface)
