"""Main menu: logo and title, one card per game (from ``catalog.GAME_LIST``), rules, quit,
and "Continue" when there is a saved game in progress (``app.saves``, see ``scenes/shell/saves.py``).

UI ids: ``button:game:<name>`` (disabled cards have kind "button-disabled"),
``button:continue`` (only while a usable save exists), ``button:rules``, ``button:quit``.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_hanko,
    draw_seigaiha,
    draw_shadow,
    draw_text,
    mix,
    text_width,
)
from scenes.kit.widgets import Button, UIScene
from scenes.shell.catalog import GAME_LIST, GAMES_BY_NAME

log = logging.getLogger("tatami.menu")

LOGO = "art/logo.svg"
BUTTON_Y, BUTTON_H = 608, 54  # the bottom row (logical px); "Continue" is taller, same centre
CONTINUE_W, CONTINUE_H, SMALL_W, BUTTON_GAP = 340, 64, 190, 20
NOTICE_Y = 692  # the one-line "bad save" notice, under the bottom row


class GameCard(Button):
    """A whole game card that is one button (id ``button:game:<name>``)."""

    def __init__(self, info: Any, rect, on_click):
        super().__init__(f"button:game:{info.name}", info.title, rect, on_click, style="secondary",
                         enabled=info.available)
        self.info = info

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        vp = app.viewport
        h = self._hover_t
        lift = -6 * h + 2 * self._press_t
        r = self.rect.move(0, lift)
        wr = vp.to_window(r)
        rad = vp.px(20)
        enabled = self.enabled
        if enabled:
            draw_shadow(surface, wr, rad, vp.px(8 + 8 * h), alpha=int(60 + 40 * h), blur=vp.px(16 + 6 * h))
        else:
            draw_shadow(surface, wr, rad, vp.px(4), alpha=30, blur=vp.px(10))
        fill = C.PAPER_LIGHT if enabled else mix(C.PAPER_LIGHT, C.PAPER_DARK, 0.55)
        pygame.draw.rect(surface, fill, wr, border_radius=rad)
        border = mix(C.PAPER_EDGE, C.VERMILION, h) if enabled else C.PAPER_EDGE
        pygame.draw.rect(surface, border, wr, width=max(1, vp.px(2 if h > 0.05 else 1.5)), border_radius=rad)

        # illustration band
        art = pygame.Rect(r.x + 16, r.y + 16, r.w - 32, 150)
        aw = vp.to_window(art)
        band = C.INDIGO if enabled else mix(C.INDIGO, C.PAPER_DARK, 0.6)
        pygame.draw.rect(surface, band, aw, border_radius=vp.px(14))
        clip = surface.get_clip()
        surface.set_clip(aw.inflate(-vp.px(4), -vp.px(4)))
        draw_seigaiha(surface, app, art, C.PAPER_LIGHT, alpha=34 if enabled else 22, r=22)
        surface.set_clip(clip)
        # art: game tile(s) if available, else the JP title large
        cx, cy = art.centerx, art.centery
        if self.info.art and app.assets.exists(self.info.art):
            tw = th = 96
            img = app.assets.svg(self.info.art, tw, th)
            if not enabled:
                img = img.copy()
                img.set_alpha(110)
            tr = vp.rect(cx - tw / 2, cy - th / 2 - 3 * h, tw, th)
            surface.blit(img, tr)
        else:
            draw_text(surface, app, self.info.jp, (cx, cy), 64, C.PAPER_LIGHT if enabled else C.PAPER_DARK, jp=True, decorative=True,
                      shadow=(0, 0, 0, 90) if enabled else None, shadow_offset=2)
        # jp tag top-left of the band
        tag = self.info.jp
        draw_text(surface, app, tag, (art.x + 14, art.y + 12), 18, C.GOLD_LIGHT if enabled else C.PAPER_EDGE,
                  anchor="topleft", jp=True, decorative=True)

        ink = C.INK if enabled else C.INK_MUTED
        draw_text(surface, app, self.info.title, (r.x + 24, r.y + 198), 32, ink, bold=True, anchor="midleft")
        draw_text(surface, app, self.info.tagline, (r.x + 24, r.y + 236), 17, C.INK_SOFT if enabled else C.INK_MUTED,
                  anchor="midleft")
        draw_text(surface, app, self.info.players_text, (r.x + 24, r.y + 262), 15, C.INK_MUTED, anchor="midleft")
        # call to action
        pill_w = 132 if enabled else 150
        pill = pygame.Rect(r.right - 24 - pill_w, r.bottom - 58, pill_w, 40)
        pw = vp.to_window(pill)
        if enabled:
            pc = mix(C.VERMILION, C.VERMILION_LIGHT, h)
            pygame.draw.rect(surface, pc, pw, border_radius=vp.px(20))
            draw_text(surface, app, "Play  \u25B6", pill.center, 18, C.PAPER_LIGHT, bold=True)
        else:
            pygame.draw.rect(surface, C.PAPER_DARK, pw, border_radius=vp.px(20))
            pygame.draw.rect(surface, C.PAPER_EDGE, pw, width=max(1, vp.px(1.5)), border_radius=vp.px(20))
            draw_text(surface, app, "Coming soon", pill.center, 16, C.INK_MUTED, bold=True)


class ContinueButton(Button):
    """The primary "Continue ▶" button (id ``button:continue``): a bold label over a one-line
    description of the saved game (``sublabel``, e.g. "KAITO — You vs Hard AI, move 14"),
    larger and brighter than a plain Button's sublabel so it stays legible in small windows."""

    def __init__(self, rect, on_click):
        super().__init__("button:continue", "Continue  \u25B6", rect, on_click, style="primary", size=21,
                         sublabel="")

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        label, sub = self.label, self.sublabel
        self.label, self.sublabel = "", None  # the body (shadow, fill, gold line) only
        try:
            super().draw(surface, app)
        finally:
            self.label, self.sublabel = label, sub
        lift = -2.0 * self._hover_t + 1.5 * self._press_t
        cx, cy = self.rect.centerx, self.rect.centery + lift
        if not sub:
            draw_text(surface, app, label, (cx, cy), self.size, C.PAPER_LIGHT, bold=True)
            return
        draw_text(surface, app, label, (cx, cy - 10), self.size, C.PAPER_LIGHT, bold=True)
        draw_text(surface, app, sub, (cx, cy + 15), 14.5, mix(C.PAPER_LIGHT, C.GOLD_LIGHT, 0.45))


class MainMenuScene(UIScene):
    """The title screen."""

    name = "menu"

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.games = [g for g in GAME_LIST]
        n = len(self.games)
        cw, ch, gap = 340, 330, 40
        x0 = (1280 - (n * cw + (n - 1) * gap)) / 2
        for i, g in enumerate(self.games):
            card = GameCard(g, (x0 + i * (cw + gap), 232, cw, ch), lambda g=g: self._choose(g.name))
            card.enabled = g.available and self.app.has_scene(g.scene)
            self.widgets.add(card)
        self.btn_rules = self.widgets.add(Button("button:rules", "How to play", (440, BUTTON_Y, SMALL_W, BUTTON_H),
                                                 self._rules, style="secondary", size=20))
        self.btn_quit = self.widgets.add(Button("button:quit", "Quit", (650, BUTTON_Y, SMALL_W, BUTTON_H),
                                                self.app.quit, style="secondary", size=20))
        self.btn_continue = self.widgets.add(ContinueButton(
            (0, BUTTON_Y + (BUTTON_H - CONTINUE_H) // 2, CONTINUE_W, CONTINUE_H), self._continue))
        self.saved: Any = None  # scenes.shell.saves.SavedGame shown by "Continue"
        self.notice = ""  # one line when a bad save was set aside
        self._layout_buttons()

    # -- saved game -------------------------------------------------------------------
    def enter(self) -> None:
        # read the save here, not in __init__: when returning from a game the menu is made
        # before the play scene exits (and writes its final save)
        self.refresh_saved()

    def refresh_saved(self) -> None:
        """(Re)load ``app.saves``: show "Continue" for a usable save; a notice for a bad one."""
        store = getattr(self.app, "saves", None)
        self.saved = None
        self.notice = ""
        if store is not None:
            saved = store.load()
            info = GAMES_BY_NAME.get(saved.game) if saved is not None else None
            if saved is not None and (info is None or not self.app.has_scene(info.scene)):
                log.warning("menu: the saved game %r has no play scene here; not offered", saved.game)
                saved = None
            self.saved = saved
            if store.problem is not None:
                self.notice = (f"The saved game could not be loaded ({store.problem.reason}) "
                               "\u2014 it was set aside")
        if self.saved is not None:
            info = GAMES_BY_NAME[self.saved.game]
            self.btn_continue.sublabel = self.saved.describe(info.title)
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        """Centre the bottom row: [Continue] How to play, Quit."""
        show = self.saved is not None
        self.btn_continue.visible = show
        row = [self.btn_continue, self.btn_rules, self.btn_quit] if show else [self.btn_rules, self.btn_quit]
        total = sum(b.rect.w for b in row) + BUTTON_GAP * (len(row) - 1)
        x = round(640 - total / 2)
        for b in row:
            b.rect.x = x
            x += b.rect.w + BUTTON_GAP

    def _continue(self) -> None:
        saved = self.saved
        if saved is None:
            return
        try:
            self.app.start_game(saved.game, **saved.start_kwargs())
        except Exception as e:  # a save that validates but the scene refuses: set it aside
            log.warning("menu: cannot continue the saved game: %s: %s", type(e).__name__, e)
            store = getattr(self.app, "saves", None)
            if store is not None:
                store.set_aside("the play scene refused it", f"{type(e).__name__}: {e}", quiet=True)
            self.saved = None
            self.notice = "The saved game could not be continued \u2014 it was set aside"
            self._layout_buttons()

    def _choose(self, game: str) -> None:
        self.app.manager.push(self.app.make_scene("setup", game=game))

    def _rules(self) -> None:
        self.app.manager.push(self.app.make_scene("rules", game="kaito"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._choose(self.games[0].name)
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        draw_chrome(surface, app)
        # title group: [logo] Tatami [畳 stamp]
        title = "Tatami"
        tw = text_width(app, title, 78, bold=True)
        has_logo = app.assets.exists(LOGO)
        logo_s = 112
        stamp = 70
        gap = 26
        total = tw + gap + stamp + ((logo_s + gap) if has_logo else 0)
        x = 640 - total / 2
        cy = 112
        if has_logo:
            img = app.assets.svg(LOGO, logo_s, logo_s)
            surface.blit(img, vp.rect(x, cy - logo_s / 2, logo_s, logo_s))
            x += logo_s + gap
        draw_text(surface, app, title, (x, cy + 2), 78, C.INK, bold=True, anchor="midleft",
                  shadow=(0, 0, 0, 40), shadow_offset=2.5)
        x += tw + gap
        draw_hanko(surface, app, (x + stamp / 2, cy + 4), stamp, "畳", tilt=-4)
        sub, jp = "Three board games from Japan", "日本の卓上遊戯"
        if app.assets.can_render(jp, jp=True):
            sub = f"{sub}  ·  {jp}"
        draw_text(surface, app, sub, (640, 186), 19, C.INK_SOFT)
        self.widgets.draw(surface, app)
        if self.notice:
            draw_text(surface, app, self.notice, (640, NOTICE_Y), 15, C.VERMILION_DARK)
        draw_text(surface, app, "F11  fullscreen", (1262, 702), 13, C.INK_MUTED, anchor="bottomright")
        self.draw_fade(surface)
