"""The kanji book's drawing and layout (issue 37, item 2), in logical px: the controls and the grid
of kanji on the left, the selected kanji's panel on the right — its stroke order
(:func:`scenes.kanji.strokeplay.draw_strokes`, the halves' colours with their legend, or
:data:`~scenes.kanji.strokeplay.NO_STROKES`), meanings, readings, strokes, grade, JLPT level, its
history, its halves and the other kanji they make. Pure drawing: the state is the scene's
(:class:`scenes.kanji.book.KanjiBookScene`), read through :class:`BookShown`.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.i18n import _, pgettext
from game.kanji import strokes as kanji_strokes
from scenes.kanji.art import KanjiArt
from scenes.kanji.bookfacts import KanjiFacts, facts, grade_word, history_lines, level_word
from scenes.kanji.bookstore import BookEntry
from scenes.kanji.strokeplay import LEFT_INK, NO_STROKES, RIGHT_INK, StrokeClock, draw_strokes
from scenes.kanji.text import draw_rich, meanings_shown, strokes_text, wrap_rich
from scenes.kit.draw import C, draw_chrome, draw_panel, draw_text, fit_label, fit_text, japanese_gloss, wrap_text

#: The left column: the tab, the five rows of choices (sort, grade, JLPT; the date and strokes
#: filters side by side; the stroke order shown in games) with their labels.
TAB_RECT = pygame.Rect(40, 112, 590, 40)
ROW_Y, ROW_H, ROW_STEP, ROW_X, ROW_LABEL_X = 164, 34, 44, 160, 40
#: The grid: columns, rows, a cell's side and the gap; its top left.
COLS, ROWS, CELL, CELL_GAP = 8, 3, 58, 10
GRID = pygame.Rect(44, 390, COLS * (CELL + CELL_GAP) - CELL_GAP, ROWS * (CELL + CELL_GAP) - CELL_GAP)
PER_PAGE = COLS * ROWS
#: The bottom row: back, show all (a game's new kanji only), the pages.
BACK_RECT = pygame.Rect(40, 640, 160, 50)
ALL_RECT = pygame.Rect(216, 640, 190, 50)
PREV_RECT, NEXT_RECT = pygame.Rect(470, 644, 46, 42), pygame.Rect(584, 644, 46, 42)
#: The exports (issue 37 item 4), at the header's right, and the line saying where they went.
ANKI_RECT, CSV_RECT, EXPORT_SAID = pygame.Rect(806, 46, 210, 40), pygame.Rect(1030, 46, 210, 40), (1240, 100)
#: The right panel and its parts.
PANEL = pygame.Rect(656, 112, 588, 578)
STROKE_RECT = pygame.Rect(676, 130, 240, 240)
DETAIL_RECT = pygame.Rect(932, 126, 296, 56)
SPEED_RECT = pygame.Rect(676, 382, 240, 34)
REPLAY_RECT = pygame.Rect(676, 424, 240, 40)
FACTS_X, FACTS_W, LABEL_W = 932, 296, 64
HISTORY_Y, HALVES_Y = 478, 566
#: The recent games it was formed in (the replay viewer's way in): at most three, under the history.
PLAYED_Y, PLAYED_W, PLAYED_H, PLAYED_MAX = 518, 176, 28, 3
LINK, LINK_STEP, LINKS_X = 30, 34, 764


def split_row(k: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Row ``k`` as two choices side by side: the date filter's (3 options) and the strokes' (4)."""
    r = row_rect(k)
    w = round((r.w - 12) * 0.46)
    return pygame.Rect(r.x, r.y, w, r.h), pygame.Rect(r.x + w + 12, r.y, r.w - w - 12, r.h)


def row_rect(k: int) -> pygame.Rect:
    """The ``k``-th row of choices (0 sort, 1 grade, 2 JLPT)."""
    return pygame.Rect(ROW_X, ROW_Y + k * ROW_STEP, TAB_RECT.right - ROW_X, ROW_H)


def cell_rects(n: int) -> list[pygame.Rect]:
    """The rects of the first ``n`` cells of the grid (row by row)."""
    return [pygame.Rect(GRID.x + (i % COLS) * (CELL + CELL_GAP), GRID.y + (i // COLS) * (CELL + CELL_GAP), CELL, CELL)
            for i in range(min(n, PER_PAGE))]


def played_rects(n: int) -> list[pygame.Rect]:
    """The rects of the first ``n`` recent games' links (left to right, at most :data:`PLAYED_MAX`)."""
    return [pygame.Rect(STROKE_RECT.x + k * (PLAYED_W + 10), PLAYED_Y, PLAYED_W, PLAYED_H)
            for k in range(min(n, PLAYED_MAX))]


def link_rects(f: KanjiFacts) -> list[tuple[str, pygame.Rect]]:
    """The other kanji the halves make, each with its rect: the left half's row, then the right's."""
    out = []
    for row, chars in enumerate((f.with_left, f.with_right)):
        y = HALVES_Y + 34 + row * 44
        for i, char in enumerate(chars[:12]):
            out.append((char, pygame.Rect(LINKS_X + i * LINK_STEP, y, LINK, LINK)))
    return out


class BookShown(Protocol):
    """What the drawing reads of the scene."""

    art: KanjiArt
    tab: str
    only: tuple[str, ...] | None
    page: int
    selected: str | None
    clock: StrokeClock
    shown: list[BookEntry]
    notice: str

    def pages(self) -> int: ...

    def page_entries(self) -> list[BookEntry]: ...

    def entry(self) -> BookEntry | None: ...

    def in_book(self, char: str) -> bool: ...

    def played(self) -> list[Any]: ...


def draw_book(surface: pygame.Surface, app: Any, book: BookShown) -> None:
    """The whole book but its widgets: the title, the rows' labels, the grid (or what an empty
    book or filter says), the page and the selected kanji's panel."""
    draw_chrome(surface, app)
    # Translators: the title of the kanji book (every kanji you formed in Kanji-zushi)
    draw_text(surface, app, _("Kanji book"), (340, 56), 38, C.INK, bold=True)
    draw_text(surface, app, japanese_gloss("漢字帳"), (340, 92), 16, C.VERMILION, jp=True, decorative=True)
    # Translators: the labels of the kanji book's rows of choices: the order, the school grade, the JLPT level
    # Translators: the kanji book's row choosing how a kanji formed in a game is written: Off, Fast...
    # Translators: the kanji book's row of two filters: when a kanji was first formed, its strokes
    for k, label in enumerate((_("Sort by"), pgettext("filter", "Grade"), _("JLPT"), _("Date, strokes"),
                               _("In games"))):
        text, size = fit_label(app, label, 15, True, ROW_X - ROW_LABEL_X - 8)
        draw_text(surface, app, text, (ROW_LABEL_X, row_rect(k).centery), size, C.INK_MUTED, bold=True,
                  anchor="midleft")
    _draw_grid(surface, app, book)
    draw_panel(surface, app, PANEL, radius=18)
    if book.selected is not None:
        _draw_detail(surface, app, book, facts(book.selected))
    else:
        vp = app.viewport
        surf, ink = book.art.glyph("漢", vp.px(150), C.PAPER_EDGE)
        c = vp.to_window((PANEL.centerx, PANEL.centery - 50))
        surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))
        # Translators: the kanji book's empty panel: what it shows once a kanji is chosen
        text = _("Choose a kanji: it is written here stroke by stroke, with its meanings and readings.")
        y = PANEL.centery + 70
        for line in wrap_text(app, text, 16, PANEL.w - 120):
            draw_text(surface, app, line, (PANEL.centerx, y), 16, C.INK_MUTED)
            y += 24
    if book.notice:
        draw_text(surface, app, book.notice, (640, 706), 13, C.VERMILION_DARK)
    said = getattr(book, "export_said", "")
    if said:
        room = PANEL.right - 420
        draw_text(surface, app, fit_text(app, said, 13, False, room), EXPORT_SAID, 13, C.INK_SOFT, anchor="midright")


def _draw_grid(surface: pygame.Surface, app: Any, book: BookShown) -> None:
    vp = app.viewport
    entries = book.page_entries()
    y = GRID.y + 40
    for line in wrap_text(app, empty_text(book), 17, GRID.w - 40):
        draw_text(surface, app, line, (GRID.centerx, y), 17, C.INK_SOFT)
        y += 26
    for e, r in zip(entries, cell_rects(len(entries))):
        wr = vp.to_window(r)
        sel = e.char == book.selected
        pygame.draw.rect(surface, (252, 248, 238), wr, border_radius=vp.px(8))
        pygame.draw.rect(surface, C.VERMILION if sel else C.PAPER_EDGE, wr, width=max(1, vp.px(3 if sel else 1.5)),
                         border_radius=vp.px(8))
        surf, ink = book.art.glyph(e.char, vp.px(CELL * 0.7))
        c = wr.center
        surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))
    if book.only is not None and book.tab == "mine":
        # Translators: the kanji book opened from a score screen shows only that game's new kanji
        draw_text(surface, app, _("New in this game"), (GRID.x, GRID.bottom + 16), 15, C.VERMILION_DARK, bold=True,
                  anchor="midleft")
    if book.pages() > 1:
        # Translators: the kanji book's page shown and how many there are
        draw_text(surface, app, _("{page} / {pages}").format(page=book.page + 1, pages=book.pages()),
                  ((PREV_RECT.right + NEXT_RECT.x) / 2, PREV_RECT.centery), 16, C.INK_SOFT)


def empty_text(book: Any) -> str:
    """What the grid says when the page has no kanji (how to fill an empty book, or that the
    filters leave nothing); "" when it has some."""
    if book.page_entries():
        return ""
    if book.tab == "mine" and book.only is None and not _filtered(book):
        # Translators: the kanji book before any kanji was formed: how to fill it
        return _("No kanji yet. Play Kanji-zushi: every kanji you form is kept here, with the day you first "
                 "formed it; the ones you see others form go under Seen.")
    if book.tab == "seen" and not _filtered(book):
        # Translators: the kanji book's Seen tab before anyone else formed a kanji
        return _("No kanji seen yet: the kanji other players form in your games are kept here.")
    # Translators: the kanji book when its filters leave nothing
    return _("No kanji match these filters.")


def _filtered(book: Any) -> bool:
    return getattr(book, "grade", "all") != "all" or getattr(book, "level", "all") != "all"


def _draw_detail(surface: pygame.Surface, app: Any, book: BookShown, f: KanjiFacts) -> None:
    vp = app.viewport
    char = f.char
    box = vp.to_window(STROKE_RECT)
    pygame.draw.rect(surface, (252, 248, 238), box, border_radius=vp.px(12))
    pygame.draw.rect(surface, C.PAPER_EDGE, box, width=max(1, vp.px(1.5)), border_radius=vp.px(12))
    if not draw_strokes(surface, app, STROKE_RECT.inflate(-24, -24), char, book.clock.written, halves=True):
        surf, ink = book.art.glyph(char, vp.px(120), C.PAPER_EDGE)
        c = vp.to_window((STROKE_RECT.centerx, STROKE_RECT.centery - 24))
        surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))
        y = STROKE_RECT.bottom - 52
        for line in wrap_text(app, _(NO_STROKES), 14, STROKE_RECT.w - 24)[:3]:
            draw_text(surface, app, line, (STROKE_RECT.centerx, y), 14, C.INK_SOFT)
            y += 19
    # the title: the kanji's meanings in the language in use
    formed = f.formed
    shown = meanings_shown(formed, 4) if formed is not None else []
    title = ", ".join(shown) if shown else char
    lines = wrap_text(app, title, 22, FACTS_W)[:2]
    for i, line in enumerate(lines):
        text, size = fit_label(app, line, 22, True, FACTS_W)
        draw_text(surface, app, text, (FACTS_X, DETAIL_RECT.y + 16 + i * 28), size, C.INK, bold=True,
                  anchor="midleft")
    y = DETAIL_RECT.y + 16 + len(lines) * 28 + 8
    rows: list[tuple[str, str]] = []
    if formed is not None and formed.on:
        rows.append((pgettext("kanji reading", "On"), "、".join(formed.on[:4])))
    if formed is not None and formed.kun:
        rows.append((pgettext("kanji reading", "Kun"), "、".join(formed.kun[:4])))
    for label, text in rows:
        label, size = fit_label(app, label, 13, True, LABEL_W - 6)
        draw_text(surface, app, label, (FACTS_X, y), size, C.INK_MUTED, bold=True, anchor="midleft")
        for line in wrap_rich(app, text, 16, FACTS_W - LABEL_W)[:2]:
            draw_rich(surface, app, book.art, line, (FACTS_X + LABEL_W, y), 16, C.INK)
            y += 24
        y += 4
    for fact in (strokes_text(f.strokes) if f.strokes is not None else "", grade_word(f.grade), level_word(f.jlpt)):
        if fact:
            text, size = fit_label(app, fact, 16, False, FACTS_W)
            draw_text(surface, app, text, (FACTS_X, y), size, C.INK_SOFT, anchor="midleft")
            y += 24
    _draw_legend(surface, app, book, f)
    entry = book.entry()
    if entry is not None:
        for i, line in enumerate(history_lines(entry)):
            text, size = fit_label(app, line, 16, False, PANEL.w - 40)
            draw_text(surface, app, text, (STROKE_RECT.x, HISTORY_Y + i * 24), size, C.INK, anchor="midleft")
    games = book.played()
    for game, r in zip(games, played_rects(len(games))):
        wr = vp.to_window(r)
        pygame.draw.rect(surface, C.PAPER_LIGHT, wr, border_radius=vp.px(r.h / 2))
        pygame.draw.rect(surface, C.INK_SOFT, wr, width=max(1, vp.px(1.2)), border_radius=vp.px(r.h / 2))
        text, size = fit_label(app, "\u25B6 " + game.when(), 13, False, r.w - 16)
        draw_text(surface, app, text, r.center, size, C.INK)
    _draw_halves(surface, app, book, f)


def _draw_legend(surface: pygame.Surface, app: Any, book: BookShown, f: KanjiFacts) -> None:
    """The halves' colours (only when the strokes are split into halves)."""
    if not f.neta or kanji_strokes.halves(f.char) is None:
        return
    vp = app.viewport
    # Translators: the kanji book's legend of the stroke colours: the card half on the left / on the right
    for k, (half, color, word) in enumerate(((f.neta, LEFT_INK, _("left half")),
                                             (f.shari, RIGHT_INK, _("right half")))):
        y = REPLAY_RECT.y + 8 + k * 26 - 34
        x = FACTS_X
        pygame.draw.circle(surface, color, vp.to_window((x + 7, y)), vp.px(7))
        w = draw_rich(surface, app, book.art, half, (x + 22, y), 17, color, bold=True)
        text, size = fit_label(app, word, 15, False, FACTS_W - 30 - w)
        draw_text(surface, app, text, (x + 30 + w, y), size, C.INK_SOFT, anchor="midleft")


def _draw_halves(surface: pygame.Surface, app: Any, book: BookShown, f: KanjiFacts) -> None:
    """Its halves and the other kanji each makes in Kanji-zushi (those in the book in ink)."""
    if not f.neta:
        return
    vp = app.viewport
    # Translators: the kanji book: the two card halves a kanji is made of, then what else they make
    draw_text(surface, app, _("Its halves and the other kanji they make"), (STROKE_RECT.x, HALVES_Y + 10), 14,
              C.INK_MUTED, bold=True, anchor="midleft")
    links = dict(link_rects(f))
    for row, (half, chars) in enumerate(((f.neta, f.with_left), (f.shari, f.with_right))):
        y = HALVES_Y + 34 + row * 44 + LINK / 2
        draw_rich(surface, app, book.art, half, (STROKE_RECT.x + 4, y), 22, LEFT_INK if row == 0 else RIGHT_INK,
                  bold=True)
        draw_text(surface, app, "\u2192", (STROKE_RECT.x + 56, y), 18, C.INK_MUTED)
        if not chars:
            # Translators: the kanji book: a card half that makes no other kanji in the game
            draw_text(surface, app, _("no other kanji"), (LINKS_X, y), 14, C.INK_MUTED, anchor="midleft")
        for char in chars[:12]:
            r = links[char]
            known = book.in_book(char)
            wr = vp.to_window(r)
            pygame.draw.rect(surface, (252, 248, 238) if known else C.PAPER, wr, border_radius=vp.px(6))
            pygame.draw.rect(surface, C.INK_SOFT if known else C.PAPER_EDGE, wr, width=max(1, vp.px(1.2)),
                             border_radius=vp.px(6))
            surf, ink = book.art.glyph(char, vp.px(LINK * 0.72), C.INK if known else C.INK_MUTED)
            c = wr.center
            surface.blit(surf, (c[0] - ink.centerx, c[1] - ink.centery))


__all__ = ["ALL_RECT", "BACK_RECT", "COLS", "DETAIL_RECT", "GRID", "NEXT_RECT", "PANEL", "PER_PAGE", "PREV_RECT",
           "REPLAY_RECT", "ROWS", "SPEED_RECT", "STROKE_RECT", "TAB_RECT", "cell_rects", "draw_book", "empty_text", "link_rects",
           "played_rects", "row_rect"]
