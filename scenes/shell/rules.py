"""Rules screen: the game's rules (RULES.md) as readable paragraphs with tile illustrations.

Each game's page is its room's blocks (``scenes/<name>/rules_page.py``, named by its
:class:`~scenes.play.registration.GameInfo`: ``("title", text, jp)``, ``("h", text)``, ``("p",
text)``, ``("steps", [text])``, ``("bullets", [text])``, ``("tiles", [(svg, caption)], optional (w,
h) logical px, default 72x72)``, ``("note", text)``). Every paragraph, heading, list item and
caption is one whole text of the catalogs (marked with ``N_`` there, translated when the page is
laid out; game/i18n.py). Japanese words
inside a rules text stay inside its English text; the Japanese word beside a title is not
translated.

Scroll with the mouse wheel, arrow keys, Page Up/Down, Home/End. UI ids: ``button:back``,
``button:tutorial`` (the game's guided first game),
``scroll:rules`` (the scrollable text area, kind "scroll"). Esc goes back.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _, language
from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_panel,
    draw_text,
    drawn_size,
    japanese_gloss,
    text_width,
    wrap_text,
)
from scenes.kit.scene import UIElement
from scenes.kit.tween import approach, clamp
from scenes.kit.widgets import Button, SegmentedChoice, UIScene
from scenes.shell.catalog import GAME_LIST, GAMES_BY_NAME


def rules_pages() -> dict[str, list[tuple]]:
    """Game name -> its rules page's blocks, for every game that has one, in menu order (each
    page's module imported on first use)."""
    return {g.name: g.rules_blocks() for g in GAME_LIST if g.rules}


def rules_texts() -> list[str]:
    """Every text the rules pages show, in English (paragraphs, headings, steps, captions, the titles
    and their Japanese words), in page order; asset paths left out (the font subset and its test
    read it; tools/make_fonts.py adds the catalogs' translations)."""
    out: list[str] = []

    def walk(item: object) -> None:
        if isinstance(item, str):
            if not item.endswith(".svg"):
                out.append(item)
        elif isinstance(item, (list, tuple)):
            for x in item:
                walk(x)

    for blocks in rules_pages().values():
        for block in blocks:
            walk(block[1:])  # block[0] is the block's kind
    return out

COL_X = 250  # text column, logical px
COL_W = 780
VIEW_TOP = 110  # scroll area, logical px
VIEW_BOTTOM = 700
TILE_W, TILE_H = 72, 72


class RulesScene(UIScene):
    """Scrollable rules page. kwargs: ``game`` (default: the first game with a page);
    ``choice:rules-game:<name>`` switches to another game's rules."""

    name = "rules"

    def __init__(self, app: Any, game: str = "", **kwargs: Any):
        super().__init__(app, **kwargs)
        self.pages = rules_pages()
        self.game = game if game in self.pages else next(iter(self.pages))
        self.blocks = self.pages[self.game]
        self.scroll = 0.0  # logical px scrolled
        self.scroll_target = 0.0
        self._layout_key: Any = None
        self._items: list[tuple] = []
        self._content_h = 0.0
        self.widgets.add(Button("button:back", _("Back"), (40, 28, 150, 52), self.back, style="secondary", size=20))
        # Translators: a button opening the game's guided first game (max ~20 characters)
        self.widgets.add(Button("button:tutorial", _("Learn by playing"), (206, 28, 230, 52), self._tutorial,
                                style="primary", size=19))
        titles = {g: _(GAMES_BY_NAME[g].title) for g in self.pages}
        w = min(480, max(370, 120 * len(self.pages)))  # (wider for a fourth game, up to the title)
        self.widgets.add(SegmentedChoice("choice:rules-game", [(g, titles[g]) for g in self.pages],
                                         (1240 - w, 32, w, 44), value=self.game, on_change=self._show_game, size=15))

    def _tutorial(self) -> None:
        """``button:tutorial``: the guided game of the game shown (issue 11)."""
        self.app.open_tutorial(self.game)

    def _show_game(self, game: str) -> None:
        """Show another game's rules (the page is rebuilt at the top)."""
        if game == self.game or game not in self.pages:
            return
        self.game = game
        self.blocks = self.pages[game]
        self.scroll = self.scroll_target = 0.0
        self._layout_key = None

    # -- layout (logical px, depends on font metrics at the current scale and the language) --
    def _layout(self) -> None:
        key = (self.viewport.version, language())
        if key == self._layout_key:
            return
        self._layout_key = key
        app = self.app
        items: list[tuple] = []
        y = VIEW_TOP + 36.0
        P, LH = 19, 30  # paragraph size / line height
        for b in self.blocks:
            kind = b[0]
            if kind == "title":
                items.append(("title", y, _(b[1]), b[2]))
                y += 84
            elif kind == "h":
                y += 14
                items.append(("h", y, _(b[1])))
                y += 44
            elif kind == "p":
                for line in wrap_text(app, _(b[1]), P, COL_W):
                    items.append(("line", y, line, COL_X, P, C.INK))
                    y += LH
                y += 12
            elif kind == "note":
                lines = wrap_text(app, _(b[1]), 17, COL_W - 48)
                h = len(lines) * 27 + 28
                items.append(("notebox", y, h))
                yy = y + 14
                for line in lines:
                    items.append(("line", yy, line, COL_X + 30, 17, C.INK_SOFT))
                    yy += 27
                y += h + 18
            elif kind in ("steps", "bullets"):
                for i, text in enumerate(b[1]):
                    lines = wrap_text(app, _(text), P, COL_W - 48)
                    items.append(("marker", y, kind, i))
                    for line in lines:
                        items.append(("line", y, line, COL_X + 48, P, C.INK))
                        y += LH
                    y += 12
            elif kind == "tiles":
                tw, th = b[2] if len(b) > 2 else (TILE_W, TILE_H)
                n = len(b[1])
                gap = (COL_W - n * tw) / max(1, n - 1)
                gap = min(gap, 64)
                total = n * tw + (n - 1) * gap
                x = COL_X + (COL_W - total) / 2
                for code, cap in b[1]:
                    items.append(("tile", y, code, _(cap), x, tw, th, tw + max(gap, 0) - 8))
                    x += tw + gap
                y += th + 58  # room for a caption on two lines
        self._items = items
        self._content_h = y - VIEW_TOP + 40

    @property
    def max_scroll(self) -> float:
        self._layout()
        return max(0.0, self._content_h - (VIEW_BOTTOM - VIEW_TOP))

    def scroll_by(self, dy: float) -> None:
        self.scroll_target = clamp(self.scroll_target + dy, 0.0, self.max_scroll)

    # -- events -----------------------------------------------------------------------
    def back(self) -> None:
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            dy = getattr(event, "precise_y", None)
            if dy is None:
                dy = event.y
            self.scroll_by(-float(dy) * 70)
            return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            page = (VIEW_BOTTOM - VIEW_TOP) * 0.85
            if k == pygame.K_ESCAPE or k == pygame.K_BACKSPACE:
                self.back()
                return True
            steps = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                     pygame.K_SPACE: page}
            if k in steps:
                self.scroll_by(steps[k])
                return True
            if k == pygame.K_HOME:
                self.scroll_target = 0.0
                return True
            if k == pygame.K_END:
                self.scroll_target = self.max_scroll
                return True
        return super().handle_event(event)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.scroll_target = clamp(self.scroll_target, 0.0, self.max_scroll)
        self.scroll = approach(self.scroll, self.scroll_target, dt_ms, 45)

    def busy(self) -> bool:
        return super().busy() or abs(self.scroll - self.scroll_target) > 0.01

    def ui_elements(self) -> list[UIElement]:
        return super().ui_elements() + [
            UIElement("scroll:rules", "scroll", pygame.Rect(COL_X - 40, VIEW_TOP, COL_W + 80, VIEW_BOTTOM - VIEW_TOP))
        ]

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        self._layout()
        draw_chrome(surface, app)
        page = pygame.Rect(COL_X - 60, VIEW_TOP - 20, COL_W + 120, 720 - VIEW_TOP + 60)
        draw_panel(surface, app, page, radius=22)
        clip_l = pygame.Rect(page.x, VIEW_TOP - 10, page.w, VIEW_BOTTOM - VIEW_TOP + 20)
        old_clip = surface.get_clip()
        surface.set_clip(vp.to_window(clip_l).clip(surface.get_rect()))
        off = -self.scroll
        top, bottom = VIEW_TOP - 120, VIEW_BOTTOM + 40
        for it in self._items:
            y = it[1] + off
            if y < top or y > bottom:
                continue
            kind = it[0]
            if kind == "title":
                draw_text(surface, app, it[2], (COL_X, y + 10), 52, C.INK, bold=True, anchor="midleft")
                tw = text_width(app, it[2], 52, bold=True)
                draw_text(surface, app, japanese_gloss(it[3]), (COL_X + tw + 22, y + 16), 30, C.VERMILION,
                          anchor="midleft", jp=True, decorative=True)
                pygame.draw.rect(surface, C.GOLD, vp.rect(COL_X, y + 48, 120, 3))
            elif kind == "h":
                pygame.draw.rect(surface, C.VERMILION, vp.rect(COL_X, y + 2, 5, 24), border_radius=vp.px(2))
                draw_text(surface, app, it[2], (COL_X + 16, y + 14), 25, C.INK, bold=True, anchor="midleft")
            elif kind == "line":
                text, x, size, col = it[2:]
                draw_text(surface, app, text, (x, y), size, col, anchor="topleft")
            elif kind == "marker":
                mk, i = it[2:]
                if mk == "steps":
                    cr = vp.to_window((COL_X + 15, y + 14))
                    pygame.draw.circle(surface, C.VERMILION, cr, vp.px(14))
                    draw_text(surface, app, str(i + 1), (COL_X + 15, y + 14), 16, C.PAPER_LIGHT, bold=True)
                else:
                    cr = vp.to_window((COL_X + 15, y + 14))
                    pygame.draw.circle(surface, C.GOLD, cr, vp.px(5))
            elif kind == "notebox":
                r = vp.rect(COL_X + 10, y, COL_W - 10, it[2])
                pygame.draw.rect(surface, C.PAPER_DARK, r, border_radius=vp.px(12))
                pygame.draw.rect(surface, C.GOLD, vp.rect(COL_X + 10, y, 5, it[2]), border_radius=vp.px(2))
            elif kind == "tile":
                svg, cap, x, tw, th, room = it[2:]
                img = app.assets.svg(svg, tw, th)
                tr = vp.rect(x, y, tw, th)
                surface.blit(img, tr)
                # a caption wider than its column (a longer language, a small window) on two lines
                lines = [cap] if text_width(app, cap, 14) <= room else wrap_text(app, cap, 14, room)[:2]
                step = 1.2 * drawn_size(app, 14, cap)
                for k, line in enumerate(lines):
                    draw_text(surface, app, line, (x + tw / 2, y + th + 18 + k * step), 14, C.INK_SOFT)
        surface.set_clip(old_clip)
        # fade the text edges into the paper
        self._draw_edge_fades(surface, page)
        # scrollbar
        ms = self.max_scroll
        if ms > 0:
            track = pygame.Rect(page.right - 22, VIEW_TOP + 10, 6, VIEW_BOTTOM - VIEW_TOP - 30)
            pygame.draw.rect(surface, C.PAPER_DARK, vp.to_window(track), border_radius=vp.px(3))
            view_h = VIEW_BOTTOM - VIEW_TOP
            th = max(40, track.h * view_h / (view_h + ms))
            ty = track.y + (track.h - th) * (self.scroll / ms)
            pygame.draw.rect(surface, C.INK_MUTED, vp.rect(track.x, ty, track.w, th), border_radius=vp.px(3))
        # header over everything
        draw_text(surface, app, _("How to play"), (640, 54), 30, C.INK, bold=True)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)

    def _draw_edge_fades(self, surface: pygame.Surface, page: pygame.Rect) -> None:
        vp = self.viewport
        key = (vp.version, page.w)
        cache = getattr(self, "_fade_cache", None)
        if cache is None or cache[0] != key:
            w = vp.px(page.w - 40)
            h = vp.px(28)
            top = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(h):
                a = int(255 * (1 - i / h) ** 1.5)
                pygame.draw.line(top, (*C.PAPER_LIGHT, a), (0, i), (w, i))
            bot = pygame.transform.flip(top, False, True)
            cache = (key, top, bot)
            self._fade_cache = cache
        top, bot = cache[1], cache[2]
        x = vp.to_window((page.x + 20, 0))[0]
        surface.blit(top, (x, vp.to_window((0, VIEW_TOP - 10))[1]))
        surface.blit(bot, (x, vp.to_window((0, VIEW_BOTTOM + 10))[1] - bot.get_height()))
