"""Main menu: logo and title, one card per game (from ``catalog.GAME_LIST``), under each card a
"Continue" while that game has one in progress (``app.saves``, see ``scenes/shell/saveslots.py``),
then rules, statistics, recent games and quit.

UI ids: ``button:game:<name>`` (disabled cards have kind "button-disabled"), ``continue:<name>``
(only while that game has a usable save), ``button:online`` (the join screen of online play),
``button:online-tables`` (only while this player has unfinished online tables: "Your turn online:
KAITO" or how many; the join screen lists them),
``button:room:<name>:<key>`` (a room's links under its card, ``GameInfo.links``, e.g. a room's book of
what was played), ``button:learn`` (the tutorials), ``button:rules``, ``button:stats``, ``button:recent``, ``button:settings``,
``button:quit``. The first time a game's card is used, its tutorial is offered first (``"tutorial_offer"``).

Every text is looked up when the menu is built or drawn; a language change rebuilds the menu
(:meth:`MainMenuScene.language_changed`).
"""
from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.i18n import N_, _, ngettext, pgettext
from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_hanko,
    draw_seigaiha,
    draw_shadow,
    draw_text,
    fit_label,
    fit_text,
    japanese_gloss,
    mix,
    text_width,
    wrap_text,
)
from scenes.kit.widgets import Button, UIScene, fit_size
from scenes.shell.catalog import GAME_LIST, GAMES_BY_NAME
from scenes.shell.offered import offer_due

log = logging.getLogger("tatami.menu")

LOGO = "art/logo.svg"
CARD_Y, CARD_W, CARD_H, CARD_GAP = 186, 340, 330, 40  # the game cards (logical px)
#: a room's links under its card (``GameInfo.links``: at most two side by side), and their gap
LINK_Y, LINK_H, LINK_GAP = CARD_Y + CARD_H + 8, 30, 8
CONTINUE_Y, CONTINUE_H = LINK_Y + LINK_H + 8, 56  # a game's "Continue", under its card and links
SUB_SIZE = 14.5  # the Continue summary's text size
BUTTON_Y, BUTTON_H, SMALL_W, BUTTON_GAP = 626, 50, 160, 12  # the bottom row
#: the line about this player's unfinished online tables, top right (logical px)
ONLINE_TABLES_RECT = (900, 18, 362, 44)
NOTICE_Y = 696  # the one-line "bad file" notice, under the bottom row
TITLE_Y = 88  # centre of the title group
#: Why a saved game the play scene refused is set aside (shown in the menu's notice).
REFUSED = N_("the play scene refused it")
#: The reason of a saved game written by a newer Tatami (scenes.shell.saves.parse_save).
NEWER_SAVE = N_("the file is from a newer Tatami")


def card_width(n: int) -> float:
    """A game card's width (logical px) when ``n`` cards share the row: :data:`CARD_W`, narrower
    when that many would not fit between margins of :data:`CARD_GAP` (a fourth game)."""
    return min(float(CARD_W), (1280 - (n + 1) * CARD_GAP) / max(1, n))


def tagline_lines(app: Any, text: str, width: float) -> list[tuple[str, float, float]]:
    """A card's tagline as ``(line, size, dy)`` rows within ``width`` logical px: one line at
    17 px when it fits (``dy`` 0), else two lines at 14 px (``dy`` -9 and +9: a narrow card of a
    fourth game, a long language), else one line fitted by :func:`fit_label`."""
    if text_width(app, text, 17) <= width:
        return [(text, 17.0, 0.0)]
    lines = wrap_text(app, text, 14, width, split_long=False)
    if len(lines) == 2 and all(text_width(app, line, 14) <= width for line in lines):
        return [(lines[0], 14.0, -9.0), (lines[1], 14.0, 9.0)]
    line, size = fit_label(app, text, 17, False, width)
    return [(line, size, 0.0)]


def play_label() -> str:
    """A game card's call to action while no game of it is in progress."""
    # Translators: on a game's card in the main menu (~10 characters): start this game
    return pgettext("menu card", "Play") + "  \u25B6"


class GameCard(Button):
    """A whole game card that is one button (id ``button:game:<name>``)."""

    def __init__(self, info: Any, rect, on_click):
        super().__init__(f"button:game:{info.name}", _(info.title), rect, on_click, style="secondary",
                         enabled=info.available)
        self.info = info
        self.pill = play_label()  # "New game" while the game has one in progress (the menu sets it)

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
        tag = japanese_gloss(self.info.jp)
        draw_text(surface, app, tag, (art.x + 14, art.y + 12), 18, C.GOLD_LIGHT if enabled else C.PAPER_EDGE,
                  anchor="topleft", jp=True, decorative=True)

        ink = C.INK if enabled else C.INK_MUTED
        title, tagline, room = _(self.info.title), _(self.info.tagline), r.w - 48
        title, title_size = fit_label(app, title, 32, True, room)
        draw_text(surface, app, title, (r.x + 24, r.y + 198), title_size, ink, bold=True, anchor="midleft")
        for line, size, dy in tagline_lines(app, tagline, room):
            draw_text(surface, app, line, (r.x + 24, r.y + 236 + dy), size, C.INK_SOFT if enabled else C.INK_MUTED,
                      anchor="midleft")
        draw_text(surface, app, self.info.players_label(), (r.x + 24, r.y + 262), 15, C.INK_MUTED, anchor="midleft")
        # call to action
        pill_w = 132 if enabled else 150
        pill = pygame.Rect(r.right - 24 - pill_w, r.bottom - 58, pill_w, 40)
        pw = vp.to_window(pill)
        if enabled:
            pc = mix(C.VERMILION, C.VERMILION_LIGHT, h)
            pygame.draw.rect(surface, pc, pw, border_radius=vp.px(20))
            draw_text(surface, app, self.pill, pill.center, 18, C.PAPER_LIGHT, bold=True)
        else:
            pygame.draw.rect(surface, C.PAPER_DARK, pw, border_radius=vp.px(20))
            pygame.draw.rect(surface, C.PAPER_EDGE, pw, width=max(1, vp.px(1.5)), border_radius=vp.px(20))
            draw_text(surface, app, _("Coming soon"), pill.center, 16, C.INK_MUTED, bold=True)


class ContinueButton(Button):
    """A game's "Continue ▶" button under its card (id ``continue:<game>``): a bold label over a
    one-line summary of the saved game (``sublabel``, e.g. "You vs Hard AI, move 14"), shortened
    with an ellipsis to fit the button at any window size."""

    def __init__(self, game: str, rect, on_click):
        # Translators: the button under a game's card that continues the game in progress
        super().__init__(f"continue:{game}", pgettext("menu", "Continue") + "  \u25B6", rect, on_click,
                         style="primary", size=19, sublabel="")
        self.game = game
        #: the shorter line shown where ``sublabel`` does not fit ("4 players, move 14")
        self.short = ""

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
        room = self.rect.w - 28
        line = fit_text(app, sub if text_width(app, sub, SUB_SIZE, False) <= room or not self.short else self.short,
                        SUB_SIZE, False, room)
        draw_text(surface, app, line, (cx, cy + 13), SUB_SIZE, mix(C.PAPER_LIGHT, C.GOLD_LIGHT, 0.45))


class MainMenuScene(UIScene):
    """The title screen."""

    name = "menu"

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.games = [g for g in GAME_LIST]
        n = len(self.games)
        card_w = card_width(n)
        x0 = (1280 - (n * card_w + (n - 1) * CARD_GAP)) / 2
        self.continues: dict[str, ContinueButton] = {}
        #: the room links whose label a function tells (``GameInfo.links``), and the labels told
        self.link_labels: list[tuple[Button, str]] = []
        self.told_labels: dict[str, str] = {}
        self.cards: dict[str, GameCard] = {}
        for i, g in enumerate(self.games):
            x = x0 + i * (card_w + CARD_GAP)
            card = GameCard(g, (x, CARD_Y, card_w, CARD_H), lambda g=g: self._choose(g.name))
            card.enabled = g.available and self.app.has_scene(g.scene)
            self.cards[g.name] = self.widgets.add(card)
            cont = ContinueButton(g.name, (x, CONTINUE_Y, card_w, CONTINUE_H), lambda g=g: self._continue(g.name))
            cont.visible = False
            self.continues[g.name] = self.widgets.add(cont)
            self.add_links(g, x, card_w)
        row = [("button:online", _("Play online"), self._online),
               ("button:learn", _("Learn to play"), self._learn), ("button:rules", _("How to play"), self._rules),
               ("button:stats", _("Profile"), self._stats), ("button:recent", _("Recent games"), self._recent),
               ("button:settings", _("Settings"), self._settings), ("button:quit", _("Quit"), self.app.quit)]
        x = round(640 - (len(row) * SMALL_W + (len(row) - 1) * BUTTON_GAP) / 2)
        for ident, label, action in row:
            self.widgets.add(Button(ident, label, (x, BUTTON_Y, SMALL_W, BUTTON_H), action, style="secondary", size=19))
            x += SMALL_W + BUTTON_GAP
        # this player's unfinished online tables (issue 33, item 7): shown while there are some
        self.btn_tables = self.widgets.add(Button("button:online-tables", "", ONLINE_TABLES_RECT, self._online,
                                                  style="secondary", size=17))
        self.btn_tables.visible = False
        self.widgets.focus.numbered = [f"button:game:{g.name}" for g in self.games]
        self.saved: dict[str, Any] = {}  # game -> scenes.shell.saves.SavedGame offered by "Continue"
        self.notice = ""  # one line when a bad file was set aside
        self._watch_seen: tuple[int, int] = (0, 0)  # the app's turn watch and its answer last shown

    def add_links(self, info: Any, x: float, card_w: float) -> None:
        """The room's links under its card (``info.links``: ``button:room:<game>:<key>``, each
        opening one of its scenes), half the card wide each, at most two."""
        w = (card_w - LINK_GAP) / 2
        for i, (key, label, scene, *badge) in enumerate(info.links[:2]):
            button = Button(f"button:room:{info.name}:{key}", _(label), (x + i * (w + LINK_GAP), LINK_Y, w, LINK_H),
                            partial(self._open, scene), style="secondary", size=15)
            button.enabled = self.app.has_scene(scene)
            self.widgets.add(button)
            if badge:
                self.link_labels.append((button, badge[0]))

    def ask_link_labels(self) -> None:
        """The links' labels as they stand now (``GameInfo.links``' functions: "Review (12 due)"),
        asked on a daemon thread — they may read files — and shown by :meth:`update` when told."""
        import threading

        from game.registration import load

        def ask() -> None:
            for button, path in self.link_labels:
                try:
                    label = load(path)(self.app)
                except Exception:  # (a room's count must never break the menu: the plain label)
                    log.exception("menu: %s failed", path)
                    continue
                if label:
                    self.told_labels[button.id] = label

        if self.link_labels:
            threading.Thread(target=ask, name="menu-link-labels", daemon=True).start()

    def _open(self, scene: str) -> None:
        """A room's link: its scene over the menu."""
        self.app.manager.push(self.app.make_scene(scene))

    # -- saved games -------------------------------------------------------------------
    def enter(self) -> None:
        # read the saves here, not in __init__: when returning from a game the menu is made
        # before the play scene exits (and writes its final save)
        self.refresh_saved()
        self.ask_link_labels()

    def resume(self) -> None:
        """Back on top (a room's scene was popped, e.g. the review): the links' labels again."""
        self.ask_link_labels()

    def refresh_saved(self) -> None:
        """(Re)load ``app.saves``: a "Continue" under each game with a usable save; a notice for a
        bad file (a save, else the statistics)."""
        store = getattr(self.app, "saves", None)
        self.saved = {}
        notices: list[str] = []
        if store is not None:
            found = store.load_all() if hasattr(store, "load_all") else _one(store.load())
            for game, saved in found.items():
                info = GAMES_BY_NAME.get(game)
                if info is None or not self.app.has_scene(info.scene) or not info.available:
                    log.warning("menu: the saved game %r has no play scene here; not offered", game)
                    continue
                self.saved[game] = saved
            problems = getattr(store, "problems", None)
            problems = problems if problems is not None else [p for p in [store.problem] if p is not None]
            if problems:
                notices.append(_load_notice(problems[0], len(problems) - 1))
        stats = getattr(self.app, "stats", None)  # (the recent games tell theirs on their own screen)
        if stats is not None:
            try:
                notices.append(stats.notice())
            except Exception:  # a notice must never stop the menu
                log.exception("menu: cannot read the statistics")
        self.notice = next((n for n in notices if n), "")
        self.refresh_online()
        for game, btn in self.continues.items():
            saved = self.saved.get(game)
            btn.visible = saved is not None
            btn.sublabel = saved.summary() if saved is not None else ""
            btn.short = saved.short_summary() if saved is not None else ""
            self.cards[game].pill = _("New game") if saved is not None else play_label()

    def refresh_online(self) -> None:
        """``button:online-tables`` follows the app's line about this player's online tables (the
        kept seats; whose turn it is on the settings' online server: ``app.turn_watch``)."""
        tables = getattr(self.app, "online_tables", None)
        line = tables() if tables is not None else ""
        self.btn_tables.label, self.btn_tables.visible = line, bool(line)
        watch = getattr(self.app, "turn_watch", None)
        self._watch_seen = (id(watch), getattr(watch, "revision", 0))

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        for ident, label in list(self.told_labels.items()):  # (told by :meth:`ask_link_labels`)
            button = self.widgets.get(ident)
            if isinstance(button, Button):
                button.label = label
            self.told_labels.pop(ident, None)
        watch = getattr(self.app, "turn_watch", None)
        if watch is not None and (id(watch), watch.revision) != self._watch_seen:
            self.refresh_online()  # (the server answered: whose turn it is)

    def _continue(self, game: str) -> None:
        saved = self.saved.get(game)
        if saved is None:
            return
        try:
            self.app.start_game(saved.game, **saved.start_kwargs())
        except Exception as e:  # a save that validates but the scene refuses: set it aside
            log.warning("menu: cannot continue the saved game: %s: %s", type(e).__name__, e)
            store = getattr(self.app, "saves", None)
            if store is not None:
                store.slot(game).set_aside(REFUSED, f"{type(e).__name__}: {e}", quiet=True)
            del self.saved[game]
            self.continues[game].visible = False
            self.notice = _("The saved game could not be continued \u2014 it was set aside")

    def _stats(self) -> None:
        self.app.manager.push(self.app.make_scene("stats"))

    def _recent(self) -> None:
        self.app.manager.push(self.app.make_scene("recent"))

    def _choose(self, game: str) -> None:
        """A game's card: its setup — the first time, after offering its tutorial (issue 11)."""
        def setup() -> None:
            self.app.manager.push(self.app.make_scene("setup", game=game))
        if offer_due(self.app, game) and self.app.has_scene("tutorial_offer"):
            self.app.manager.push(self.app.make_scene("tutorial_offer", game=game, on_skip=setup))
        else:
            setup()

    def _settings(self) -> None:
        """``button:settings``: the settings screen."""
        self.app.manager.push(self.app.make_scene("settings"))

    def _online(self) -> None:
        """``button:online``: the join screen (issue 24)."""
        self.app.manager.push(self.app.make_scene("online_join"))

    def _learn(self) -> None:
        """``button:learn``: the tutorials' chooser."""
        self.app.manager.push(self.app.make_scene("learn"))

    def _rules(self) -> None:
        self.app.manager.push(self.app.make_scene("rules", game=GAME_LIST[0].name))

    def language_changed(self) -> "MainMenuScene":
        """The language changed: a new menu in it (the cards and buttons are built once)."""
        scene = type(self)(self.app)
        scene.fade.finish()
        return scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Widgets and the keyboard focus (Tab, arrows, Enter; 1, 2, 3 open the games in order)."""
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
        cy = TITLE_Y
        if has_logo:
            img = app.assets.svg(LOGO, logo_s, logo_s)
            surface.blit(img, vp.rect(x, cy - logo_s / 2, logo_s, logo_s))
            x += logo_s + gap
        draw_text(surface, app, title, (x, cy + 2), 78, C.INK, bold=True, anchor="midleft",
                  shadow=(0, 0, 0, 40), shadow_offset=2.5)
        x += tw + gap
        draw_hanko(surface, app, (x + stamp / 2, cy + 4), stamp, "畳", tilt=-4)
        sub, jp = _("Board games from Japan"), japanese_gloss("日本の卓上遊戯")
        if jp and app.assets.can_render(jp, jp=True):
            sub = f"{sub}  ·  {jp}"
        draw_text(surface, app, sub, (640, TITLE_Y + 70), 19, C.INK_SOFT)
        self.widgets.draw(surface, app)
        if self.notice:
            draw_text(surface, app, self.notice, (640, NOTICE_Y), 15, C.VERMILION_DARK)
        # Translators: the key that toggles fullscreen, bottom right of the main menu
        draw_text(surface, app, _("F11  fullscreen"), (1262, 702), 13, C.INK_MUTED, anchor="bottomright")
        self.draw_fade(surface)


def _load_notice(problem: Any, more: int) -> str:
    """The menu's line about saved games that could not be loaded: the first one's
    :class:`scenes.shell.jsonstore.LoadProblem` (its reason translated; whether the file was set
    aside, left in place, or kept as a newer Tatami's) and how many ``more``."""
    reason = _(problem.reason)
    if problem.reason == NEWER_SAVE:
        # Translators: a saved game written by a newer version of Tatami is not offered but kept as it is
        return _("A saved game comes from a newer Tatami: it is kept unchanged")
    if problem.moved_to is None:
        # Translators: {reason} says why, e.g. "the file cannot be read"; the file could not be moved aside
        return _("A saved game could not be loaded ({reason}); the file could not be moved and was left as "
                 "it is").format(reason=reason)
    if more <= 0:
        # Translators: {reason} says why, e.g. "the file is corrupt"
        return _("A saved game could not be loaded ({reason}) \u2014 it was set aside").format(reason=reason)
    return ngettext("A saved game could not be loaded ({reason}) (and {n} more) \u2014 it was set aside",
                    "A saved game could not be loaded ({reason}) (and {n} more) \u2014 it was set aside",
                    more).format(reason=reason, n=more)


def _one(saved: Any) -> dict[str, Any]:
    """A one-file store's answer as ``load_all`` gives it."""
    return {saved.game: saved} if saved is not None else {}
