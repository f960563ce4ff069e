"""The kanji book (issue 37, item 2; scene ``kanji_book``): every kanji the person formed in
Kanji-zushi — and, on its other tab, the ones they saw others form — as a grid, sorted and filtered
by date, strokes, school grade and JLPT level, and for the selected one its stroke order written
at the chosen speed (replayable; the two halves in their own colours), its meanings in the
language in use, on and kun readings, strokes, grade, JLPT level, when and how often it was
formed, its halves and the other kanji those halves make.

The book is the app's ``app.kanji_book`` (:class:`scenes.kanji.bookstore.KanjiBook`, made at start
through the room's ``GameInfo.stores``); without it the book is empty. Reached from the menu
(``button:room:kanji-zushi:book``) and from the score screen (``button:new-kanji``: ``only`` = the
new kanji, the first selected).

kwargs: ``only`` (characters to show alone: "New in this game", with ``button:show-all``),
``select`` (the character selected first), ``tab`` (``"mine"`` or ``"seen"``), ``book`` (the
store shown instead of ``app.kanji_book``: the layout walks' empty book).

UI ids: ``choice:book-tab:mine|seen``, ``choice:book-sort:date|strokes|grade|jlpt``,
``choice:book-grade:all|1..6|8``, ``choice:book-jlpt:all|5..1``, each kanji of the page
``kanji:<char>`` (kind ``kanji``, ``kanji-selected`` for the selected one; the character as label),
``button:page-prev`` / ``button:page-next`` (more than one page), the selected kanji's ``detail``
(kind ``text``: "休 — rest"), ``stroke-order`` (kind ``strokes``, or ``text`` labelled with
:data:`~scenes.kanji.strokeplay.NO_STROKES` when the data has no strokes for it),
``choice:book-speed:slow|normal|fast``, ``button:replay``, the other kanji its halves make
``pair:<char>`` (kind ``kanji-link`` when in the book, ``kanji-link-absent`` otherwise),
the recent games it was formed in that ``app.history`` still keeps ``played:<k>`` (kind ``game-link``,
the most recent ``played:0``; its date as label: opens the replay viewer), ``button:show-all`` (with
``only``), ``button:back``; an empty page's ``empty`` (kind ``text``: how to
fill the book, or that the filters leave nothing). Keys: the arrows move the selection, Enter
replays, Esc goes back.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.i18n import N_, _
from game.kanji import strokes as kanji_strokes
from scenes.kanji import bookview
from scenes.kanji.art import KanjiArt
from scenes.kanji.bookfacts import (
    GRADES,
    LEVELS,
    SORTS,
    STROKE_RANGES,
    WHENS,
    arrange,
    facts,
    grade_option,
    level_option,
    strokes_option,
    when_option,
)
from scenes.kanji.bookstore import BookEntry
from scenes.kanji.exporting import export_book
from scenes.kanji.strokeplay import GAME_SETTING, NO_STROKES, StrokeClock, game_speed
from scenes.kanji.text import kanji_title, lang_of, meanings_shown
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, SegmentedChoice, UIScene

#: Speeds offered for the stroke order: (key of ``strokeplay.STROKE_MS``, English catalog label).
SPEEDS: tuple[tuple[str, str], ...] = (
    # Translators: the kanji book's speeds of the stroke-order animation (short)
    ("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")),
)
_ARROWS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -bookview.COLS, pygame.K_DOWN: bookview.COLS}


class KanjiBookScene(UIScene):
    """The kanji book (see the module doc). State: ``tab``, ``sort``, ``grade``, ``level``,
    ``only``, ``page``, ``selected`` (a character or None), ``speed`` and ``clock`` (the stroke
    order's :class:`StrokeClock`)."""

    name = "kanji_book"

    def __init__(self, app: Any, only: Sequence[str] | None = None, select: str | None = None,
                 tab: str = "mine", book: Any = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.store = book if book is not None else getattr(app, "kanji_book", None)
        self.history = getattr(app, "history", None)
        self.recent: dict[str, Any] = {}
        self.art = KanjiArt(app)
        self.tab = tab if tab in ("mine", "seen") else "mine"
        self.sort, self.grade, self.level, self.speed = "date", "all", "all", "normal"
        self.when = self.strokes = "all"
        #: what the last export said ("Saved to …", or why not), drawn under the export buttons
        self.export_said = ""
        self.only: tuple[str, ...] | None = tuple(only) if only else None
        self.page = 0
        self.selected: str | None = None
        self.clock = StrokeClock(0, self.speed)
        self.all: dict[str, list[BookEntry]] = {}
        self.shown: list[BookEntry] = []
        self.notice = ""
        self._build()
        self.refresh(select=select or (self.only[0] if self.only else None))

    # -- widgets ----------------------------------------------------------------------------------
    def _build(self) -> None:
        w = self.widgets
        self.w_tab = w.add(SegmentedChoice("choice:book-tab", self._tab_options(), bookview.TAB_RECT,
                                           value=self.tab, on_change=self._set_tab, size=17))
        self.w_sort = w.add(SegmentedChoice("choice:book-sort", [(k, _(label)) for k, label in SORTS],
                                            bookview.row_rect(0), value=self.sort, on_change=self._set_sort, size=15))
        self.w_grade = w.add(SegmentedChoice("choice:book-grade", [(g, grade_option(g)) for g in GRADES],
                                             bookview.row_rect(1), value=self.grade, on_change=self._set_grade,
                                             size=15))
        self.w_level = w.add(SegmentedChoice("choice:book-jlpt", [(v, level_option(v)) for v in LEVELS],
                                             bookview.row_rect(2), value=self.level, on_change=self._set_level,
                                             size=15))
        when, strokes = bookview.split_row(3)
        self.w_when = w.add(SegmentedChoice("choice:book-when", [(v, when_option(v)) for v in WHENS], when,
                                            value=self.when, on_change=self._set_when, size=14))
        self.w_strokes = w.add(SegmentedChoice("choice:book-strokes", [(v, strokes_option(v)) for v in STROKE_RANGES],
                                               strokes, value=self.strokes, on_change=self._set_strokes, size=14))
        # the stroke order shown when a kanji is formed in a game (issue 37 item 1: off, or a speed)
        game = game_speed(self.app)
        self.w_game = w.add(SegmentedChoice("choice:game-strokes", [("off", _("Off"))] + [
            (k, _(label)) for k, label in reversed(SPEEDS)], bookview.row_rect(4), value=game,
            on_change=self._set_game_speed, size=15))
        # Translators: the kanji book's buttons writing the book to a file for other programs
        w.add(Button("button:export-anki", _("Export to Anki"), bookview.ANKI_RECT, lambda: self.export("anki"),
                     style="secondary", size=16))
        w.add(Button("button:export-csv", _("Export as CSV"), bookview.CSV_RECT, lambda: self.export("csv"),
                     style="secondary", size=16))
        self.w_speed = w.add(SegmentedChoice("choice:book-speed", [(k, _(label)) for k, label in SPEEDS],
                                             bookview.SPEED_RECT, value=self.speed, on_change=self._set_speed,
                                             size=15))
        # Translators: the kanji book's button that writes the selected kanji's strokes again
        self.w_replay = w.add(Button("button:replay", _("Replay"), bookview.REPLAY_RECT, self.replay,
                                     style="secondary", size=17))
        w.add(Button("button:back", _("Back"), bookview.BACK_RECT, self.back, style="secondary", size=19))
        # Translators: the kanji book shows only a game's new kanji: this button shows them all again
        self.w_all = w.add(Button("button:show-all", _("Show all"), bookview.ALL_RECT, self.show_all,
                                  style="secondary", size=17))
        self.w_prev = w.add(Button("button:page-prev", "\u25C0", bookview.PREV_RECT, lambda: self.turn(-1),
                                   style="secondary", size=17))
        self.w_next = w.add(Button("button:page-next", "\u25B6", bookview.NEXT_RECT, lambda: self.turn(1),
                                   style="secondary", size=17))

    def _set_game_speed(self, value: str) -> None:
        self.app.settings[GAME_SETTING] = value
        try:
            self.app.settings.save()
        except Exception:  # (the settings store logs and tells its own write failures)
            pass

    def export(self, kind: str) -> None:
        """``button:export-anki`` / ``button:export-csv``: the book's kanji (the tab's, all of
        them: not the filter's) written to a new file; the line under the buttons says where."""
        entries = self.all.get(self.tab, [])
        _path, self.export_said = export_book(entries, kind, lang_of())

    def _tab_options(self) -> list[tuple[str, str]]:
        mine = len(self.all.get("mine", ()))
        seen = len(self.all.get("seen", ()))
        # Translators: the kanji book's tabs: the kanji you formed, the ones you saw others form ({n}: how many)
        return [("mine", _("Formed by you ({n})").format(n=mine)), ("seen", _("Seen ({n})").format(n=seen))]

    # -- state ------------------------------------------------------------------------------------
    def refresh(self, select: str | None = None) -> None:
        """Re-read the store and arrange the tab's kanji; keep (or make: ``select``) a selection
        among those shown, and show its page."""
        if self.store is not None:
            self.all = {"mine": self.store.entries(True), "seen": self.store.entries(False)}
            self.notice = self.store.notice()
        else:
            self.all = {"mine": [], "seen": []}
        if self.history is not None:
            self.recent = {e.game_id: e for e in self.history.entries()}
        self.w_tab.options = self._tab_options()
        only = self.only if self.tab == "mine" else None
        self.shown = self.arrange(self.all[self.tab], only)
        chars = [e.char for e in self.shown]
        want = select if select in chars else self.selected if self.selected in chars else None
        if want is None and chars:
            want = chars[0]
        self.select(want)
        self.w_all.visible = self.only is not None and self.tab == "mine"
        pages = self.pages()
        self.w_prev.visible = self.w_next.visible = pages > 1
        self.w_prev.enabled, self.w_next.enabled = self.page > 0, self.page < pages - 1

    def pages(self) -> int:
        """How many pages the kanji shown fill (at least 1)."""
        return max(1, -(-len(self.shown) // bookview.PER_PAGE))

    def select(self, char: str | None) -> None:
        """Select ``char`` (one of those shown, or None): its page shown, its strokes written from
        the first."""
        changed = char != self.selected
        self.selected = char
        if char is not None:
            index = [e.char for e in self.shown].index(char)
            self.page = index // bookview.PER_PAGE
        else:
            self.page = min(self.page, self.pages() - 1)
        if changed:
            self.clock = StrokeClock(len(kanji_strokes.paths(char) or ()) if char else 0, self.speed)
        self.w_replay.enabled = self.w_speed.visible = self.w_replay.visible = char is not None
        self.w_replay.enabled = char is not None and bool(kanji_strokes.paths(char))

    def entry(self) -> BookEntry | None:
        """The selected kanji's entry, or None."""
        return next((e for e in self.shown if e.char == self.selected), None)

    def played(self) -> list[Any]:
        """The recent games (:class:`scenes.shell.history.HistoryEntry`, still in ``app.history``)
        the selected kanji was formed in, the most recent first, at most
        :data:`bookview.PLAYED_MAX`."""
        entry = self.entry()
        if entry is None:
            return []
        games = [self.recent[g] for g in reversed(entry.games) if g in self.recent]
        return games[:bookview.PLAYED_MAX]

    def replay_game(self, k: int) -> None:
        """The ``k``-th of :meth:`played` in the replay viewer (over the book), when there is one."""
        games = self.played()
        if 0 <= k < len(games) and self.app.has_scene("replay"):
            game = games[k]
            self.app.manager.push(self.app.make_scene("replay", record=game.record, setup=dict(game.setup)))

    def page_entries(self) -> list[BookEntry]:
        """The kanji on the page shown."""
        k = self.page * bookview.PER_PAGE
        return self.shown[k:k + bookview.PER_PAGE]

    # -- actions ----------------------------------------------------------------------------------
    def _set_tab(self, tab: str) -> None:
        self.tab = tab
        self.page = 0
        self.refresh()

    def _set_sort(self, sort: str) -> None:
        self.sort = sort
        self.refresh()

    def _set_grade(self, grade: str) -> None:
        self.grade = grade
        self.refresh()

    def _set_level(self, level: str) -> None:
        self.level = level
        self.refresh()

    def _set_when(self, when: str) -> None:
        self.when = when
        self.refresh()

    def _set_strokes(self, strokes: str) -> None:
        self.strokes = strokes
        self.refresh()

    def arrange(self, entries: Sequence[BookEntry], only: Sequence[str] | None) -> list[BookEntry]:
        """``entries`` kept by every filter and ordered by the sort (:func:`bookfacts.arrange`;
        the date filter counts back from the store's today)."""
        today = self.store.today() if self.store is not None else None
        return arrange(entries, self.sort, self.grade, self.level, only, self.when, self.strokes, today)

    def _set_speed(self, speed: str) -> None:
        self.speed = speed
        self.clock = StrokeClock(self.clock.count, speed)

    def replay(self) -> None:
        """Write the selected kanji's strokes again from the first (``button:replay``, Enter)."""
        self.clock.restart()

    def show_all(self) -> None:
        """Every kanji again, not only a game's new ones (``button:show-all``)."""
        self.only = None
        self.refresh()

    def turn(self, delta: int) -> None:
        """Another page (``button:page-prev`` / ``-next``): its first kanji selected."""
        page = max(0, min(self.pages() - 1, self.page + delta))
        if page != self.page and self.shown:
            self.select(self.shown[page * bookview.PER_PAGE].char)
            self.refresh()

    def move(self, delta: int) -> None:
        """The selection ``delta`` kanji on (the arrows: a row is :data:`bookview.COLS`)."""
        chars = [e.char for e in self.shown]
        if not chars:
            return
        i = chars.index(self.selected) if self.selected in chars else 0
        self.select(chars[max(0, min(len(chars) - 1, i + delta))])
        self.refresh()

    def follow(self, char: str) -> None:
        """Select ``char`` where the book has it (a ``pair:<char>`` link): on this tab, else on
        the other, the filters cleared when they hide it. Nothing when the book lacks it."""
        for tab in (self.tab, "seen" if self.tab == "mine" else "mine"):
            if any(e.char == char for e in self.all.get(tab, ())):
                if tab != self.tab:
                    self.tab = tab
                    self.w_tab.set_value(tab)
                if char not in [e.char for e in self.arrange(self.all[tab], self.only if tab == "mine" else None)]:
                    self.grade = self.level = self.when = self.strokes = "all"
                    self.only = None
                    for w in (self.w_grade, self.w_level, self.w_when, self.w_strokes):
                        w.set_value("all")
                self.shown = self.arrange(self.all[tab], self.only if tab == "mine" else None)
                self.select(char)
                self.refresh()
                return

    def in_book(self, char: str) -> bool:
        """True when either tab has ``char``."""
        return any(e.char == char for entries in self.all.values() for e in entries)

    def back(self) -> None:
        """Back where the book was opened from (the menu, the score screen)."""
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def language_changed(self) -> "KanjiBookScene":
        """The language changed: the book again in it, as it was."""
        scene = type(self)(self.app, only=self.only, select=self.selected, tab=self.tab, book=self.store)
        for name, value in (("sort", self.sort), ("grade", self.grade), ("level", self.level)):
            setattr(scene, name, value)
        scene.w_sort.set_value(self.sort)
        scene.w_grade.set_value(self.grade)
        scene.w_level.set_value(self.level)
        scene.refresh(select=self.selected)
        scene.fade.finish()
        return scene

    # -- input ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The arrows move the selection, Enter replays, Esc goes back; a click on a kanji or on a
        link selects it; the rest goes to the widgets."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in _ARROWS:
                self.move(_ARROWS[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.widgets.focus.keyboard:
                self.replay()
                return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            pos = getattr(event, "pos", None)
            hit = self.hit(pos) if pos is not None else None
            if hit is not None:
                self.widgets.handle_event(event)  # (the widgets forget a press)
                kind, char = hit
                if kind == "kanji":
                    self.select(char)
                    self.refresh()
                elif kind == "played":
                    self.replay_game(int(char))
                elif self.in_book(char):
                    self.follow(char)
                return True
        return super().handle_event(event)

    def hit(self, pos: Sequence[float]) -> tuple[str, str] | None:
        """``("kanji", char)``, ``("pair", char)`` or ``("played", k)`` under the logical ``pos``, or
        None."""
        for e, r in zip(self.page_entries(), bookview.cell_rects(len(self.page_entries()))):
            if r.collidepoint(pos):
                return ("kanji", e.char)
        if self.selected is not None:
            for char, r in bookview.link_rects(facts(self.selected)):
                if r.collidepoint(pos):
                    return ("pair", char)
            for k, r in enumerate(bookview.played_rects(len(self.played()))):
                if r.collidepoint(pos):
                    return ("played", str(k))
        return None

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.clock.advance(dt_ms)

    def busy(self) -> bool:
        return super().busy() or (self.selected is not None and not self.clock.done)

    # -- the dump and drawing ---------------------------------------------------------------------
    def ui_elements(self) -> list[UIElement]:
        out = super().ui_elements()
        entries = self.page_entries()
        if not entries:
            out.append(UIElement("empty", "text", bookview.GRID, label=bookview.empty_text(self)))
        for e, r in zip(entries, bookview.cell_rects(len(entries))):
            out.append(UIElement(f"kanji:{e.char}", "kanji-selected" if e.char == self.selected else "kanji", r,
                                 label=e.char))
        if self.selected is not None:
            f = facts(self.selected)
            shown = meanings_shown(f.formed) if f.formed is not None else []
            out.append(UIElement("detail", "text", bookview.DETAIL_RECT,
                                 label=kanji_title(self.selected, shown[0]) if shown else self.selected))
            has = bool(kanji_strokes.paths(self.selected))
            out.append(UIElement("stroke-order", "strokes" if has else "text", bookview.STROKE_RECT,
                                 label=None if has else _(NO_STROKES)))
            games = self.played()
            for k, (game, r) in enumerate(zip(games, bookview.played_rects(len(games)))):
                out.append(UIElement(f"played:{k}", "game-link", r, label=game.when()))
            for char, r in bookview.link_rects(f):
                out.append(UIElement(f"pair:{char}", "kanji-link" if self.in_book(char) else "kanji-link-absent", r,
                                     label=char))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        bookview.draw_book(surface, self.app, self)
        self.widgets.draw(surface, self.app)
        self.draw_fade(surface)


__all__ = ["KanjiBookScene", "SPEEDS"]
