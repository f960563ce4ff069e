"""Rules screen: the game's rules (RULES.md) as readable paragraphs with tile illustrations.

Every paragraph, heading, list item and caption is one whole text of the catalogs (marked with
``N_`` in the tables below, translated when the page is laid out; game/i18n.py). Japanese words
inside a rules text stay inside its English text; the Japanese word beside a title is not
translated.

Scroll with the mouse wheel, arrow keys, Page Up/Down, Home/End. UI ids: ``button:back``,
``button:tutorial`` (the game's guided first game),
``scroll:rules`` (the scrollable text area, kind "scroll"). Esc goes back.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _, language
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, text_width, wrap_text
from scenes.kit.scene import UIElement
from scenes.kit.tween import approach, clamp
from scenes.kit.widgets import Button, SegmentedChoice, UIScene
from scenes.shell.assets import kaito_tile_svg
from scenes.shell.catalog import GAMES_BY_NAME

# Content blocks: ("title", text, jp), ("h", text), ("p", text), ("steps", [text]),
# ("bullets", [text]), ("tiles", [(svg, caption)], optional (w, h) logical px, default 72x72),
# ("note", text). Every text is marked with N_ (the English source; the catalogs' msgid) and
# translated where the page is laid out.
KAITO_RULES: list[tuple] = [
    ("title", N_("KAITO"), "侍"),
    ("p", N_("A duel for two players by Inon Kohn. Both players steer the same samurai "
          "pawn — the Kaito — around a grid of tiles, capturing the tile it lands on.")),
    ("h", N_("Goal")),
    ("p", N_("Leave your opponent with no katana (sword) or no kabuto (helmet) on the board, or with "
          "no tile the Kaito can reach at the start of their turn.")),
    ("h", N_("The tiles")),
    ("tiles", [(kaito_tile_svg("RK"), N_("Katana ×7")), (kaito_tile_svg("BH"), N_("Kabuto ×3")),
               (kaito_tile_svg("R3"), N_("Mon 3 ×2")), (kaito_tile_svg("B2"), N_("Mon 2 ×2")),
               (kaito_tile_svg("R1"), N_("Mon 1 ×3")), (kaito_tile_svg("OO"), N_("Blank ×2")),
               ("art/kaito/kaito_R.svg", N_("The Kaito"))]),
    ("p", N_("Each colour, red and black, has 17 tiles: 7 katana, 3 kabuto and 7 Mon tiles worth "
          "3, 3, 2, 2, 1, 1 and 1 points. Two blank tiles mark where the game starts.")),
    ("h", N_("Setup")),
    ("p", N_("The 36 tiles are shuffled face up into a 6 × 6 grid. Each player takes a colour. The "
          "second player removes both blank tiles and places the Kaito on one of the two emptied "
          "squares. Then the first player moves.")),
    ("h", N_("A turn")),
    ("steps", [
        N_("Move the Kaito along its row or column to any square that holds a tile. It may pass over "
        "empty squares and over other tiles, and it must move."),
        N_("Capture the tile it lands on. An opponent's tile is placed face up in front of you; a tile "
        "of your own colour leaves the game. Capturing your own tiles is allowed."),
        N_("Optionally, once per turn, make a Mon exchange: give back opponent Mon tiles you hold worth "
        "at least 4 points to retrieve one of your katana that your opponent holds, or at least 5 "
        "points for one of your kabuto. The paid Mon leave the game and no change is given. The "
        "retrieved tile is put under the Kaito and stays when the Kaito moves on."),
        N_("The Kaito turns to show your opponent's colour, and their turn begins."),
    ]),
    ("note", N_("A payment must be minimal: removing any one paid tile would make it too small. "
             "So 3 + 3 buys a katana, but 3 + 2 + 1 does not.")),
    ("h", N_("End of the game")),
    ("bullets", [
        N_("A player with no katana or no kabuto left on the board loses at once — whoever captured it. "
        "This is checked right after each capture, before any exchange, so taking your own last "
        "katana or kabuto loses. A capture that ends the game allows no exchange."),
        N_("A player who, at the start of their turn, has no tile in the Kaito's row or column loses. "
        "A tile lying under the Kaito does not count."),
        N_("The game always ends: every capture removes a tile from the board."),
    ]),
    ("h", N_("Playing in Tatami")),
    ("p", N_("Drag the Kaito onto a highlighted tile, or click the Kaito and then the tile. When an "
          "exchange is possible you are offered it after the capture. Press Esc to pause, F11 for "
          "fullscreen.")),
]

SUSHI_RULES: list[tuple] = [
    ("title", N_("Sushi Draft"), "寿司"),
    ("p", N_("A card-drafting game for 2 to 5 players by Takahiro Amioka. Everyone picks at the same "
          "time: eat the best mix of sushi, keep a card for later, and pass the rest of your hand on.")),
    ("h", N_("Goal")),
    ("p", N_("Win scoring chips by eating the most of a kind of sushi, and the dessert chip by eating "
          "the most different kinds. After three rounds the highest chip total wins.")),
    ("h", N_("The cards")),
    ("tiles", [("art/sushi/card_tuna.svg", N_("Tuna nigiri ×8")), ("art/sushi/card_shrimp.svg", N_("Shrimp roll ×7")),
               ("art/sushi/card_salmon.svg", N_("Salmon roll ×6")), ("art/sushi/card_cucumber.svg", N_("Cucumber ×5")),
               ("art/sushi/card_mackerel.svg", N_("Mackerel ×4")), ("art/sushi/card_wild.svg", N_("Wild ×2"))], (80, 112)),
    ("p", N_("There are six piles of three face-down chips: one per kind of sushi and one for dessert. "
          "Tuna chips are worth 3, 4 or 5; shrimp 2, 4, 4; salmon 2, 2, 4; cucumber 1, 3, 3; "
          "mackerel 1, 2, 3; dessert 2, 3, 5. Nobody knows which value lies on top of a pile.")),
    ("h", N_("A round")),
    ("steps", [
        N_("The 32 cards are shuffled and everyone gets 6. The rest are not used this round."),
        N_("Eat: everyone secretly chooses one card from their hand and lays it face down."),
        N_("Reveal: when everyone has chosen, all the chosen cards are turned face up together and "
        "stay in front of their players."),
        N_("Keep: everyone chooses one card of their hand to keep."),
        N_("Pass: everyone passes the rest of their hand to the player on their left, who adds the "
        "cards to the one they kept."),
        N_("Repeat with hands of 5, 4, 3 and 2 cards. With 2 cards, the card left after eating is "
        "discarded: each player eats 5 cards a round."),
    ]),
    ("h", N_("Wild cards")),
    ("p", N_("A wild counts as one more card of a kind you have already eaten this round (a real card, "
          "not another wild). You choose that kind when you pick the wild, before the reveal. So a "
          "wild can never be the first card you eat in a round, and it never adds a new kind for "
          "dessert.")),
    ("h", N_("Scoring after each round")),
    ("p", N_("For each kind of sushi, the players who ate it are ranked by how many they ate. The top "
          "chip of that pile goes to the player who ate the most. Players who tie cancel each other "
          "out and the chip goes to the next position: it goes to the first group that holds a "
          "single player. If every group is tied, or nobody ate that kind, the chip stays on the "
          "pile for the next round.")),
    ("p", N_("Dessert works the same way, counting how many different kinds each player ate.")),
    ("note", N_("Example: Aiko and Ben ate 3 tuna each and Chie ate 2. Aiko and Ben cancel out, so the "
             "tuna chip goes to Chie.")),
    ("h", N_("End of the game")),
    ("p", N_("You may look at your own chips at any time, but keep them hidden from the others. After "
          "the third round all chips are revealed and added up. The highest total wins; equal "
          "highest totals share the win. With two players a tie simply awards nothing.")),
    ("h", N_("Playing in Tatami")),
    ("p", N_("Drag a card onto your plate to eat it, or click it. Drop a wild onto the stack of the "
          "kind it copies. Then drag the card you want to keep onto the keep mat: the rest of your "
          "hand goes to the next player. With two or more people at one screen, a privacy screen "
          "hides each hand until its owner is ready. Press Esc to pause.")),
]

KANJI_RULES: list[tuple] = [
    ("title", N_("Kanji-zushi"), "漢字寿司"),
    ("p", N_("A game for 2 to 6 players about how kanji are built. Many kanji are a left half and a right "
          "half side by side: 亻 (person) beside 木 (tree) makes 休, \"rest\". Put the halves together "
          "to make real, everyday kanji; the more strokes they have, the more they score.")),
    ("h", N_("The cards")),
    ("p", N_("Each player has the same deck of 10 neta cards, the left halves: 亻 氵 彳 土 扌 木 日 禾 糸 言. "
          "Everyone shares one deck of 46 shari cards, the right halves, such as 寺, 青, 反 or 会.")),
    ("h", N_("Setup")),
    ("p", N_("The shari deck is shuffled and its top 6 cards are laid face up on the table in two rows. Each "
          "player shuffles their own neta deck and draws 5 cards. The first player is chosen at random.")),
    ("h", N_("A turn")),
    ("steps", [
        N_("Put one neta card from your hand beside one shari card on the table: neta on the left, shari on "
        "the right."),
        N_("If the pair makes one of the 2,136 regular-use (Jōyō) kanji, keep both cards face up in front of "
        "you as a completed kanji. A new shari card from the deck fills the table, and you draw a neta "
        "card, while the decks last."),
        N_("If the pair makes no character, or a character that is not a regular-use kanji (for example "
        "日 + 昜 = 暘), both cards go back and your turn ends. You may also simply pass."),
        N_("Play passes clockwise to the next player."),
    ]),
    ("h", N_("End of the game")),
    ("bullets", [
        N_("A player with 5 completed kanji takes no more turns. When everyone has 5, the game ends."),
        N_("If no player who still has turns can complete any regular-use kanji from their own hand and the "
        "table, nothing can change any more and the game ends at once."),
        N_("Your score is the total number of strokes of your kanji. The highest score wins. A tie goes to "
        "the tied player whose single kanji has the most strokes; if that ties too, the win is shared."),
    ]),
    ("note", N_("Answer key: by default every kanji of the official 2010 Jōyō list counts, so 付, 昨, 技 "
             "and 伎 are good. The \"Rulebook\" option accepts only the 71 kanji printed in the "
             "original rulebook (with 繪 read as 絵).")),
    ("h", N_("Playing in Tatami")),
    ("p", N_("Drag a neta card from your hand onto a shari card on the table, or click one and then the "
          "other. The halves join into the kanji: a good one shows its meaning and readings and joins your "
          "row; a wrong one shakes and the cards go back. Hover any completed kanji to see its readings "
          "and meaning. The Hint option highlights one good pair. Press Esc to pause.")),
    ("h", N_("Credits")),
    ("p", N_("Kanji data: KANJIDIC2 by the Electronic Dictionary Research and Development Group (CC BY-SA "
          "4.0) for the Jōyō list, stroke counts, meanings and readings; KanjiVG by Ulrich Apel and "
          "contributors (CC BY-SA 3.0) for which halves make which kanji, cross-checked with the CJK "
          "Decomposition Data and CHISE IDS. This software uses the KANJIDIC2 dictionary file, the "
          "property of the Electronic Dictionary Research and Development Group, in conformance with "
          "the Group's licence.")),
]

RULES_BY_GAME: dict[str, list[tuple]] = {"kaito": KAITO_RULES, "sushi-draft": SUSHI_RULES,
                                         "kanji-zushi": KANJI_RULES}


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

    for blocks in RULES_BY_GAME.values():
        for block in blocks:
            walk(block[1:])  # block[0] is the block's kind
    return out

COL_X = 250  # text column, logical px
COL_W = 780
VIEW_TOP = 110  # scroll area, logical px
VIEW_BOTTOM = 700
TILE_W, TILE_H = 72, 72


class RulesScene(UIScene):
    """Scrollable rules page. kwargs: ``game`` (default "kaito"); ``choice:rules-game:<name>``
    switches to another game's rules."""

    name = "rules"

    def __init__(self, app: Any, game: str = "kaito", **kwargs: Any):
        super().__init__(app, **kwargs)
        self.game = game if game in RULES_BY_GAME else "kaito"
        self.blocks = RULES_BY_GAME[self.game]
        self.scroll = 0.0  # logical px scrolled
        self.scroll_target = 0.0
        self._layout_key: Any = None
        self._items: list[tuple] = []
        self._content_h = 0.0
        self.widgets.add(Button("button:back", _("Back"), (40, 28, 150, 52), self.back, style="secondary", size=20))
        # Translators: a button opening the game's guided first game (max ~20 characters)
        self.widgets.add(Button("button:tutorial", _("Learn by playing"), (206, 28, 230, 52), self._tutorial,
                                style="primary", size=19))
        titles = {g: _(GAMES_BY_NAME[g].title) if g in GAMES_BY_NAME else g for g in RULES_BY_GAME}
        self.widgets.add(SegmentedChoice("choice:rules-game", [(g, titles[g]) for g in RULES_BY_GAME],
                                         (870, 32, 370, 44), value=self.game, on_change=self._show_game, size=15))

    def _tutorial(self) -> None:
        """``button:tutorial``: the guided game of the game shown (issue 11)."""
        from scenes.tutorial.scene import start_tutorial  # (the rules core loads on first use)

        start_tutorial(self.app, self.game)

    def _show_game(self, game: str) -> None:
        """Show another game's rules (the page is rebuilt at the top)."""
        if game == self.game or game not in RULES_BY_GAME:
            return
        self.game = game
        self.blocks = RULES_BY_GAME[game]
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
                    items.append(("tile", y, code, _(cap), x, tw, th))
                    x += tw + gap
                y += th + 46
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
                draw_text(surface, app, it[3], (COL_X + tw + 22, y + 16), 30, C.VERMILION, anchor="midleft", jp=True, decorative=True)
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
                svg, cap, x, tw, th = it[2:]
                img = app.assets.svg(svg, tw, th)
                tr = vp.rect(x, y, tw, th)
                surface.blit(img, tr)
                draw_text(surface, app, cap, (x + tw / 2, y + th + 18), 14, C.INK_SOFT)
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
