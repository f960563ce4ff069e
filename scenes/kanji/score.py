"""Kanji-zushi game-over screen: every seat's kanji with their stroke counts and meanings, the
totals, the winners, why the game ended and how a tie was settled (RULES.md section 3, scoring:
the highest stroke total wins; a tie goes to the tied seat with the single kanji of most strokes;
if that ties too they share the win).

Built from the final :class:`game.kanji.rules.KanjiView` (completed kanji are public; ``outcome`` and
``tie_break`` are filled once the game is over). What decided the game — the stroke totals and any
tie-break — is the core's own sentence (:class:`game.kanji.events.GameEnded`, from the ``end`` or
``record`` keyword); without either, :func:`result_sentence` tells it from the view. Meanings and
readings come from :func:`game.kanji.data.form`; each kanji's first meaning is shown whole
(wrapped, a word too long for its column hyphenated) with its stroke count, as a whole phrase
("13 strokes", :func:`strokes_text`). Hovering a kanji shows its tooltip (meanings, on/kun readings,
strokes), as in the play scene.

UI ids: ``kanji:<seat>:<i>`` (hover targets), ``button:rematch`` (same seats, names, answer key
and hint, new deal), ``button:review`` (with a record and a replay scene), ``button:menu``
(inherited from :class:`scenes.play.score.ScoreScene`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core import is_you, join_list
from game.i18n import N_, _, ngettext
from scenes.kanji.art import KanjiArt
from scenes.kanji.layout import seat_rgb
from scenes.kanji.text import (
    draw_kanji_tip,
    formed_of,
    meanings_shown,
    strokes_text,
    tip_lines,
)
from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_hanko,
    draw_panel,
    draw_text,
    fit_label,
    fit_text,
    text_width,
    wrap_text,
)
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button
from scenes.play.score import BUTTON_H, BUTTON_Y, ScoreScene
from scenes.play.seats import LEVEL_LABEL

#: The end reasons of game.kanji.rules (ALL_COMPLETE, DEAD_TABLE) as shown on the pill.
REASON_TEXT = {
    "all-complete": N_("Every seat made five kanji"),
    "dead-table": N_("Dead table: no seat can complete a kanji"),
}

TABLE = pygame.Rect(70, 192, 1140, 410)
COL_NAME = 118
COL_TILES = 300  #: left edge of the first kanji tile
TILE_STEP = 156  #: one kanji's cell: its tile, then its meaning and strokes
TEXT_GAP, CELL_PAD = 8, 8  #: tile -> text, text -> the next cell (logical px)
COL_TOTAL = 1112
STAMP_X = 1166  #: centre of the winner's stamp
TEXT_SIZE = 12  #: a kanji's meaning and strokes (logical px; larger in small windows, see the assets)


def wrap_meaning(app: Any, text: str, size: float, width: float) -> list[str]:
    """``text`` wrapped on words to ``width`` logical px at ``size``; a word wider than that is
    split with a hyphen (never cut off or shortened with "…")."""
    out: list[str] = []
    for line in wrap_text(app, text, size, width, split_long=False):
        while len(line) > 1 and text_width(app, line, size) > width:
            k = len(line) - 1
            while k > 1 and text_width(app, line[:k] + "-", size) > width:
                k -= 1
            if len(line) >= 7:  # keep a few letters for the next line ("establish-ment", not "establishm-ent")
                k = max(3, min(k, len(line) - 4))
            out.append(line[:k] + "-")
            line = line[k:]
        out.append(line)
    return out


def result_sentence(view: Any, names: Sequence[str], end: Any = None) -> str:
    """The result in one sentence with the seats' names, the tie-break spelled out when it
    decided: ``"Tie on 34 strokes — Aiko's 曜 (18) is the biggest kanji"``. From the end event
    (:class:`game.kanji.events.GameEnded`: winners, scores, tie-break) when given, else from the
    final view's outcome and tie-break. "" without either."""
    if end is not None:
        winners, scores, tb = end.winners, end.scores, end.tie_break
    else:
        out = getattr(view, "outcome", None)
        if out is None:
            return ""
        winners, scores, tb = out.winners, out.scores, getattr(view, "tie_break", None)
    if tb is None:
        w = winners[0]
        who, n = names[w], scores[w]
        if is_you(who):
            return ngettext("You win with {n} stroke.", "You win with {n} strokes.", n).format(n=n)
        return ngettext("{name} wins with {n} stroke.", "{name} wins with {n} strokes.", n).format(name=who, n=n)
    n = tb.total
    if tb.decided:
        w = tb.winners[0]
        k = tb.tied.index(w)
        char, biggest = tb.kanji[k], tb.biggest[k]
        if is_you(names[w]):
            # Translators: {char} is the winner's biggest kanji, {biggest} its strokes
            return ngettext("Tie on {n} stroke — Your {char} ({biggest}) is the biggest kanji.",
                            "Tie on {n} strokes — Your {char} ({biggest}) is the biggest kanji.",
                            n).format(n=n, char=char, biggest=biggest)
        # Translators: {char} is the winner's biggest kanji, {biggest} its strokes
        return ngettext("Tie on {n} stroke — {name}'s {char} ({biggest}) is the biggest kanji.",
                        "Tie on {n} strokes — {name}'s {char} ({biggest}) is the biggest kanji.",
                        n).format(n=n, name=names[w], char=char, biggest=biggest)
    if n == 0:
        return _("Nobody completed a kanji: the win is shared.")
    who = join_list([names[s] for s in tb.winners])
    best = max(tb.biggest)
    if len(tb.winners) == len(tb.tied):
        # Translators: {best} is the strokes of the biggest kanji, {names} a list of seat names
        return ngettext("Tie on {n} stroke and on the biggest kanji ({best}): {names} share the win.",
                        "Tie on {n} strokes and on the biggest kanji ({best}): {names} share the win.",
                        n).format(n=n, best=best, names=who)
    # Translators: {best} is the strokes of the biggest kanji, {names} a list of seat names
    return ngettext("Tie on {n} stroke; {names} share the win with a biggest kanji of {best}.",
                    "Tie on {n} strokes; {names} share the win with a biggest kanji of {best}.",
                    n).format(n=n, best=best, names=who)


class KanjiScoreScene(ScoreScene):
    """Final result of a Kanji-zushi game.

    kwargs:
        view: the final :class:`game.kanji.rules.KanjiView` (any seat's: completed kanji are public).
        seats: per seat "human" | "random" | "easy" | "medium" | "hard".
        names: per seat display names.
        setup: kwargs for the rematch (``app.start_game("kanji-zushi", **setup)``: seats, names,
            answer_key, hint); the seed is reset.
        end: the game's :class:`game.kanji.events.GameEnded` event (the play scene passes it):
            the result sentence and the tie-break come from it; without it, from ``record`` (the
            game record, replayed), else from ``view``.
        record: the game record (see :class:`scenes.play.score.ScoreScene`).
    """

    name = "kanji_score"

    def __init__(self, app: Any, view: Any = None, seats: Sequence[str] = ("human", "medium"),
                 names: Sequence[str] | None = None, setup: dict | None = None, end: Any = None,
                 **kwargs: Any):
        outcome = getattr(view, "outcome", None)
        setup = dict(setup) if setup else dict(seats=list(seats), names=list(names or []) or None)
        if setup.get("names") is None:
            setup.pop("names", None)
        if view is not None:
            setup.setdefault("answer_key", getattr(view, "answer_key", "joyo"))
        super().__init__(app, game_name="kanji-zushi", outcome=outcome, seats=seats, names=names,
                         setup=setup, end=end, **kwargs)
        self.view = view
        n = len(self.seats)
        completed = getattr(view, "completed", None) or tuple(() for _ in range(n))
        self.completed = [tuple(k) for k in completed] + [()] * max(0, n - len(completed))
        self.scores = [sum(k.strokes for k in ks) for ks in self.completed]
        end = self.end
        self.tie_break = getattr(end, "tie_break", None) if end is not None else getattr(view, "tie_break", None)
        self.order = sorted(range(n), key=lambda s: (s not in self.winners, -self.scores[s], s))
        if end is None:  # no end event to tell it: the result from the final view
            self.description = result_sentence(view, self.names) if view is not None else ""
        reason = REASON_TEXT.get(self.reason)
        self.reason_text = _(reason) if reason else self.reason.replace("-", " ").capitalize()
        self.reason = ""
        self.art = KanjiArt(app)
        self.hover: tuple[int, int] | None = None
        self.add_new_kanji()

    def add_new_kanji(self) -> None:
        """``button:new-kanji`` ("3 new kanji") in the buttons' row when this game added kanji the
        person had never formed to the kanji book (``app.kanji_book.new_in(game_id)``): it opens
        the book on them."""
        book = getattr(self.app, "kanji_book", None)
        self.new_kanji = list(book.new_in(self.game_id)) if book is not None and self.game_id else []
        if not self.new_kanji or not self.app.has_scene("kanji_book"):
            return
        n = len(self.new_kanji)
        # Translators: a score screen's button: the kanji formed for the first time in this game (opens the kanji book)
        label = ngettext("{n} new kanji", "{n} new kanji", n).format(n=n)
        self.widgets.add(Button("button:new-kanji", label, (0, BUTTON_Y, 200, BUTTON_H), self.open_book,
                                style="secondary", size=20))
        row = [w for w in self.widgets.widgets if isinstance(w, Button) and w.rect.y == BUTTON_Y]
        new = row.pop()
        row.insert(len(row) - 1, new)  # before the rematch: menu, review, new kanji, rematch
        width, gap = 200, 32
        x = 640 - (len(row) * width + (len(row) - 1) * gap) / 2
        for i, w in enumerate(row):
            w.rect = pygame.Rect(round(x + i * (width + gap)), BUTTON_Y, width, BUTTON_H)

    def open_book(self) -> None:
        """``button:new-kanji``: the kanji book over this screen, on this game's new kanji."""
        self.app.manager.push(self.app.make_scene("kanji_book", only=list(self.new_kanji)))

    # -- layout -------------------------------------------------------------------------------
    def row_h(self) -> float:
        """Height of one seat's row (logical px), by seat count."""
        return {2: 96, 3: 92, 4: 80, 5: 68}.get(len(self.seats), 58)

    def row_y(self, k: int) -> float:
        """Centre y of the ``k``-th row (rank order)."""
        return TABLE.y + 58 + self.row_h() * (k + 0.5)

    def tile_size(self) -> int:
        """Side of a kanji tile (logical px), by seat count."""
        return {2: 60, 3: 58, 4: 54, 5: 48}.get(len(self.seats), 44)

    def text_room(self) -> float:
        """Width (logical px) of the meaning and strokes column right of a tile."""
        return TILE_STEP - self.tile_size() - TEXT_GAP - CELL_PAD

    def cell_lines(self, seat: int, i: int) -> tuple[float, list[str]]:
        """Kanji ``i`` of ``seat``'s text beside its tile: ``(text size in logical px, lines)`` —
        its first meaning (the first that is not a prefix such as "inter-") whole
        (:func:`wrap_meaning`), then its strokes (:func:`strokes_text`)."""
        c = self.completed[seat][i]
        f = formed_of(c.neta, c.shari)
        # the first meaning that is a word: KANJIDIC2 lists a prefix first for some ("inter-" for 相),
        # which would read as if it were cut off
        meanings = meanings_shown(f, len(f.meanings) or 1) if f is not None else []
        meaning = next((m for m in meanings if not m.endswith("-")), meanings[0] if meanings else "")
        size = max(float(TEXT_SIZE), self.app.assets.min_logical())
        lines = wrap_meaning(self.app, meaning, size, self.text_room()) if meaning else []
        return size, lines + [fit_text(self.app, strokes_text(c.strokes), size, False, self.text_room())]

    def tile_rect(self, seat: int, i: int) -> pygame.Rect:
        """Kanji ``i`` of ``seat`` (logical): a tile, its meaning and strokes to its right."""
        k = self.order.index(seat)
        t = self.tile_size()
        return pygame.Rect(COL_TILES + i * TILE_STEP, round(self.row_y(k) - t / 2), t, t)

    def ui_elements(self) -> list[UIElement]:
        """``kanji:<seat>:<i>`` hover targets, then the buttons."""
        out = [UIElement(f"kanji:{s}:{i}", "kanji", self.tile_rect(s, i))
               for s in range(len(self.seats)) for i in range(len(self.completed[s][:5]))]
        return out + super().ui_elements()

    def hovered(self) -> tuple[int, int] | None:
        """(seat, index) of the kanji under the pointer, or None."""
        if self.hover is None:
            return None
        for s in range(len(self.seats)):
            for i in range(len(self.completed[s][:5])):
                if self.tile_rect(s, i).collidepoint(self.hover):
                    return (s, i)
        return None

    def tooltip_rows(self) -> list[tuple[str, str]]:
        """The hovered kanji's tooltip rows (meaning, readings, strokes), [] if none."""
        h = self.hovered()
        if h is None:
            return []
        k = self.completed[h[0]][h[1]]
        f = formed_of(k.neta, k.shari)
        return tip_lines(f, k.neta, k.shari) if f is not None else []

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track the pointer for the tooltip, then the buttons."""
        if event.type == pygame.MOUSEMOTION:
            pos = getattr(event, "pos", None)
            self.hover = (int(pos[0]), int(pos[1])) if pos is not None else None
        return super().handle_event(event)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The headline, the reason, the result sentence, the table, the buttons and the tooltip."""
        app = self.app
        draw_chrome(surface, app)
        self.draw_headline(surface, 58, 50, 102, 18)
        if self.reason_text and self.end is None:  # the end event's sentence tells the reason itself
            self.draw_reason_pill(surface, self.reason_text, 136)
            self.draw_sentence(surface, 170, max_lines=1)
        else:
            self.draw_sentence(surface, 142)
        self._draw_table(surface)
        self.widgets.draw(surface, app)
        h = self.hovered()
        if h is not None:
            k = self.completed[h[0]][h[1]]
            f = formed_of(k.neta, k.shari)
            if f is not None:
                draw_kanji_tip(surface, app, self.art, f, self.tile_rect(*h), k.neta, k.shari, self.names[h[0]])
        self.draw_fade(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        n = len(self.seats)
        rh = self.row_h()
        table = pygame.Rect(TABLE.x, TABLE.y, TABLE.w, round(58 + rh * n + 12))
        draw_panel(surface, app, table, radius=20)
        hy = TABLE.y + 30
        draw_text(surface, app, _("Kanji made, with their strokes (hover one to learn it)"), (COL_TILES, hy), 13,
                  C.INK_MUTED, bold=True, anchor="midleft")
        # Translators: a column heading of the score table (max ~8 characters)
        draw_text(surface, app, _("Total"), (COL_TOTAL, hy), 14, C.INK, bold=True)
        tb = self.tie_break
        for k, s in enumerate(self.order):
            y = self.row_y(k)
            won = s in self.winners
            if won:
                band = vp.rect(table.x + 10, y - rh / 2 + 3, table.w - 20, rh - 6)
                pygame.draw.rect(surface, C.GOLD_LIGHT, band, border_radius=vp.px(12))
            elif k % 2 == 1:
                band = vp.rect(table.x + 10, y - rh / 2 + 3, table.w - 20, rh - 6)
                pygame.draw.rect(surface, C.PAPER, band, border_radius=vp.px(12))
            pygame.draw.circle(surface, seat_rgb(s), vp.to_window((COL_NAME - 22, y)), vp.px(9))
            level = LEVEL_LABEL.get(self.seats[s])
            label = _(level) if level else self.seats[s]
            name = self.names[s]
            name_w = COL_TILES - COL_NAME - 12
            if name.startswith(label):
                draw_text(surface, app, fit_text(app, name, 19, True, name_w), (COL_NAME, y), 19, C.INK, bold=True,
                          anchor="midleft")
            else:
                draw_text(surface, app, fit_text(app, name, 19, True, name_w), (COL_NAME, y - 8), 19, C.INK,
                          bold=True, anchor="midleft")
                draw_text(surface, app, label, (COL_NAME, y + 12), 12, C.INK_MUTED, anchor="midleft")
            kanji = self.completed[s][:5]
            if not kanji:
                draw_text(surface, app, _("no kanji"), (COL_TILES, y), 15, C.INK_MUTED, anchor="midleft")
            biggest = max(kanji, key=lambda c: c.strokes, default=None)
            decided = tb is not None and tb.decided and s in tb.tied
            for i, c in enumerate(kanji):
                r = self.tile_rect(s, i)
                wr = vp.to_window(r)
                surface.blit(self.art.tile_px(c.char, None, wr.w, wr.h, "board"), wr.topleft)
                if decided and c is biggest:
                    pygame.draw.rect(surface, C.VERMILION, wr.inflate(vp.px(6), vp.px(6)), width=max(2, vp.px(2.5)),
                                     border_radius=vp.px(9))
                size, lines = self.cell_lines(s, i)
                step = max(14.0, size * 1.12)
                tx = r.right + TEXT_GAP
                y0 = y - step * (len(lines) - 1) / 2
                for j, line in enumerate(lines):
                    last = j == len(lines) - 1  # the strokes
                    draw_text(surface, app, line, (tx, y0 + j * step), size, C.VERMILION if last else C.INK_SOFT,
                              bold=last, anchor="midleft")
            draw_text(surface, app, str(self.scores[s]), (COL_TOTAL, y - 5), 28, C.VERMILION if won else C.INK,
                      bold=True)
            unit_size = max(11.0, app.assets.min_logical())
            # Translators: the unit under a seat's stroke total on the score screen (max ~8 characters)
            unit, size = fit_label(app, ngettext("stroke", "strokes", self.scores[s]), 11, False, 64)
            draw_text(surface, app, unit, (COL_TOTAL, y + 13 + unit_size / 2), size, C.INK_MUTED)
            if won and self.stamp.elapsed_ms > self.stamp.delay_ms:
                size = 40 * max(0.05, self.stamp.value)
                draw_hanko(surface, app, (STAMP_X, y), size, "勝", tilt=-10)


__all__ = ["REASON_TEXT", "KanjiScoreScene", "result_sentence", "strokes_text", "wrap_meaning"]
