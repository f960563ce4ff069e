"""The Profile's pages (issue 36), drawn in logical px inside :data:`AREA`: the rating (the number
and its history as a graph, the AI levels' ratings as lines across it), the achievements (a grid,
earned ones with their date) and the friends' tables. Pure drawing: the scene
(:mod:`scenes.profile.scene`) holds the stores and the state."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.achievements import progress
from game.ai.base import LEVELS
from game.i18n import N_, _, ngettext
from game.rating import bot_ratings
from scenes.kit.draw import C, draw_panel, draw_text, drawn_size, fit_label, fit_text, text_width, wrap_text
from scenes.play.seats import LEVEL_LABEL
from scenes.profile import words

#: The pages' area (logical px), under the page and game choices, above the buttons.
AREA = pygame.Rect(60, 232, 1160, 380)
#: The rating's card and the graph's panel.
RATING_CARD = pygame.Rect(AREA.x, AREA.y, 370, AREA.h)
GRAPH = pygame.Rect(AREA.x + 394, AREA.y, AREA.w - 394, AREA.h)
#: Where the rating's number is drawn (its UI dump element ``rating``).
RATING_NUMBER = pygame.Rect(RATING_CARD.x + 12, RATING_CARD.y + 62, RATING_CARD.w - 24, 76)
#: The achievements' grid: columns, cell size and gap.
COLS, CELL_W, CELL_H, GAP = 3, 372, 68, 22
#: The friends' table: (title, width) per column, and its row height.
FRIEND_COLUMNS: list[tuple[str, int]] = [
    # Translators: the friends' table's column titles in the Profile (shown in capitals, short)
    (N_("Friend"), 300), (N_("Played"), 130), (N_("Won"), 110), (N_("Lost"), 110), (N_("Shared"), 130),
    (N_("Your rating"), 180), (N_("Last game"), 200),
]
FRIEND_ROW_H, FRIEND_ROWS = 46, 6


def level_lines(game: str) -> list[tuple[str, int]]:
    """The AI levels' shown ratings in ``game`` (weakest first), as (level, shown)."""
    levels = bot_ratings().get(game, {})
    return [(lv, levels[lv].shown()) for lv in LEVELS if lv in levels and lv != "random"]


def draw_rating(surface: pygame.Surface, app: Any, game: str, rating: Any) -> None:
    """The rating page: the card (the number, provisional or not, the counts, the AI levels) and
    the graph of ``rating`` (a :class:`scenes.profile.ratings.GameRating`, or None before any)."""
    card = RATING_CARD
    draw_panel(surface, app, card, radius=18)
    cx = card.centerx
    # Translators: the Profile's rating card: its title
    draw_text(surface, app, _("Your rating").upper(), (cx, card.y + 34), 15, C.INK_MUTED, bold=True)
    if rating is None or not rating.history:
        draw_text(surface, app, "\u2014", (cx, card.y + 100), 60, C.INK_MUTED, bold=True)
        # Translators: the Profile's rating card before any rated game
        text = _("Play a game against the AI without hints or undo to get a rating.")
    else:
        shown = rating.skill.shown()
        number, size = fit_label(app, words.rating_text(shown, rating.skill.provisional), 60, True, RATING_NUMBER.w)
        draw_text(surface, app, number, (cx, card.y + 100), size, C.VERMILION, bold=True)
        n = len(rating.history)
        # Translators: under the rating: how many games were rated and how many were not
        text = ngettext("{n} rated game", "{n} rated games", n).format(n=n)
        if rating.unrated:
            text += "  \u00b7  " + ngettext("{n} not rated", "{n} not rated", rating.unrated).format(n=rating.unrated)
        if rating.skill.provisional:
            # Translators: the rating has not settled yet; shown with a "?" after the number
            text += "\n" + _("Provisional: it settles after about ten rated games.")
    y = card.y + 156
    for part in text.split("\n"):
        for line in wrap_text(app, part, 15, card.w - 40):
            draw_text(surface, app, line, (cx, y), 15, C.INK_SOFT)
            y += 21
    y = max(y + 14, card.y + 238)
    # Translators: the Profile's rating card: the AI levels' fixed ratings, to compare with
    draw_text(surface, app, _("The AI's ratings").upper(), (cx, y), 13, C.INK_MUTED, bold=True)
    for lv, shown in level_lines(game):
        y += 28
        draw_text(surface, app, _(LEVEL_LABEL[lv]), (card.x + 40, y), 17, C.INK, anchor="midleft")
        draw_text(surface, app, words.number(shown), (card.right - 40, y), 17, C.INK, bold=True, anchor="midright")
    draw_graph(surface, app, GRAPH, [int(h["shown"]) for h in (rating.history if rating else [])], level_lines(game))


def draw_graph(surface: pygame.Surface, app: Any, panel: pygame.Rect, points: Sequence[int],
               levels: Sequence[tuple[str, int]]) -> None:
    """The rating's history in ``panel``: one point per rated game (oldest left), joined by a
    line, over dashed lines at the AI levels' ratings (labelled at the right)."""
    vp = app.viewport
    draw_panel(surface, app, panel, radius=18)
    # Translators: the Profile's graph of the rating over the rated games
    draw_text(surface, app, _("Rating over your rated games").upper(), (panel.x + 30, panel.y + 30), 13,
              C.INK_MUTED, bold=True, anchor="midleft")
    plot = pygame.Rect(panel.x + 40, panel.y + 60, panel.w - 170, panel.h - 96)
    values = list(points) + [s for _lv, s in levels]
    if not values:
        return
    lo, hi = min(values), max(values)
    pad = max(40, (hi - lo) // 8)
    lo, hi = lo - pad, hi + pad

    def y_of(v: float) -> float:
        return plot.bottom - (v - lo) / (hi - lo) * plot.h

    for lv, shown in levels:
        y = y_of(shown)
        for x in range(plot.x, plot.right, 14):
            pygame.draw.line(surface, C.PAPER_EDGE, vp.to_window((x, y)), vp.to_window((min(x + 7, plot.right), y)),
                             max(1, vp.px(1.5)))
        label, size = fit_label(app, _(LEVEL_LABEL[lv]), 13, False, 110)
        draw_text(surface, app, label, (plot.right + 10, y), size, C.INK_MUTED, anchor="midleft")
    pygame.draw.line(surface, C.PAPER_EDGE, vp.to_window((plot.x, plot.bottom)),
                     vp.to_window((plot.right, plot.bottom)), max(1, vp.px(1.5)))
    if not points:
        return
    step = plot.w / max(1, len(points) - 1)
    xy = [vp.to_window((plot.x + (i * step if len(points) > 1 else plot.w / 2), y_of(v)))
          for i, v in enumerate(points)]
    if len(xy) > 1:
        pygame.draw.lines(surface, C.VERMILION, False, xy, max(2, vp.px(3)))
    for p in xy[-40:]:
        pygame.draw.circle(surface, C.VERMILION_DARK, p, max(2, vp.px(4)))
    draw_text(surface, app, words.number(points[-1]), (plot.right - 4, y_of(points[-1]) - 18), 14, C.VERMILION_DARK,
              bold=True, anchor="midright")


def achievement_rects(n: int) -> list[pygame.Rect]:
    """The grid's cells (logical px) for ``n`` achievements, row by row."""
    x0 = AREA.centerx - (COLS * CELL_W + (COLS - 1) * GAP) / 2
    return [pygame.Rect(round(x0 + (i % COLS) * (CELL_W + GAP)), AREA.y + (i // COLS) * (CELL_H + 10), CELL_W, CELL_H)
            for i in range(n)]


def draw_achievements(surface: pygame.Surface, app: Any, achievements: Sequence[Any], earned: dict[str, str],
                      tally: dict) -> None:
    """The achievements page: a cell per achievement — earned ones gold-edged with a stamp and
    the date, the others muted, with how far the player is on a count ("12/20": ``tally``, the
    game's lifetime counts)."""
    for a, r in zip(achievements, achievement_rects(len(achievements))):
        got = a.key in earned
        draw_panel(surface, app, r, radius=12, border=C.GOLD if got else C.PAPER_EDGE, style="paper" if got else "inset",
                   shadow=got)
        mark = (r.x + 30, r.centery)
        pygame.draw.circle(surface, C.GOLD if got else C.PAPER_EDGE, app.viewport.to_window(mark),
                           app.viewport.px(16), 0 if got else max(1, app.viewport.px(2)))
        if got:
            draw_text(surface, app, "\u2713", mark, 18, C.WHITE, bold=True)
        ink = C.INK if got else C.INK_MUTED
        far = progress(a, tally)
        date = words.day(earned[a.key]) if got else f"{far[0]}/{far[1]}" if far is not None else ""
        date_w = text_width(app, date, 12) + 10 if date else 0
        title, size = fit_label(app, _(a.title), 17, True, r.w - 70 - date_w)
        draw_text(surface, app, title, (r.x + 58, r.y + 19), size, ink, bold=True, anchor="midleft")
        if date:
            draw_text(surface, app, date, (r.right - 12, r.y + 19), 12, C.INK_MUTED, anchor="midright")
        text = _(a.text)
        lines = wrap_text(app, text, 12, r.w - 70)
        step = max(15.0, drawn_size(app, 12, text) * 1.2)  # (a small window draws it larger)
        for i, line in enumerate(lines[:2]):
            line = fit_text(app, " ".join(lines[1:]), 12, False, r.w - 70) if i == 1 else line
            draw_text(surface, app, line, (r.x + 58, r.y + 38 + i * step), 12, C.INK_SOFT, anchor="midleft")


def draw_friends(surface: pygame.Surface, app: Any, friends: dict[str, Any]) -> None:
    """The friends page: a row per friend (the most recent first, at most :data:`FRIEND_ROWS`):
    the games between you, and your rating against them (rated apart from the AI's)."""
    width = sum(w for _t, w in FRIEND_COLUMNS)
    x0 = AREA.centerx - width / 2
    rows = list(friends.items())[:FRIEND_ROWS]
    panel = pygame.Rect(x0 - 20, AREA.y, width + 40, FRIEND_ROW_H * (max(1, len(rows)) + 1) + 24)
    draw_panel(surface, app, panel, radius=18)
    x = x0
    for i, (title, w) in enumerate(FRIEND_COLUMNS):
        anchor, tx = ("midleft", x + 12) if i == 0 else ("center", x + w / 2)
        label, size = fit_label(app, _(title).upper(), 14, True, w - 12)
        draw_text(surface, app, label, (tx, AREA.y + 34), size, C.INK_MUTED, bold=True, anchor=anchor)
        x += w
    if not rows:
        # Translators: the friends' page of the Profile before any game with friends
        text = _("Games with friends, at one screen or online, are rated apart: one table for each friend.")
        draw_text(surface, app, fit_text(app, text, 16, False, width - 20), (AREA.centerx, AREA.y + 34 + FRIEND_ROW_H),
                  16, C.INK_SOFT)
        return
    for r, (name, f) in enumerate(rows):
        y = AREA.y + 12 + FRIEND_ROW_H * (r + 1)
        pygame.draw.line(surface, C.PAPER_EDGE, app.viewport.to_window((x0, y)), app.viewport.to_window((x0 + width, y)),
                         max(1, app.viewport.px(1)))
        cells = [words.friend_name(name), str(f.played), str(f.won), str(f.lost), str(f.shared),
                 words.rating_text(f.you.shown(), f.you.provisional), words.day(f.last)]
        x = x0
        for i, (text, (_t, w)) in enumerate(zip(cells, FRIEND_COLUMNS)):
            cy = y + FRIEND_ROW_H / 2
            if i == 0:
                draw_text(surface, app, fit_text(app, text, 19, True, w - 16), (x + 12, cy), 19, C.INK, bold=True,
                          anchor="midleft")
            else:
                draw_text(surface, app, text, (x + w / 2, cy), 18, C.INK)
            x += w
    if len(friends) > FRIEND_ROWS:
        more = len(friends) - FRIEND_ROWS
        # Translators: under the friends' table: the friends not shown (played with least recently)
        draw_text(surface, app, ngettext("and {n} more friend", "and {n} more friends", more).format(n=more),
                  (AREA.centerx, panel.bottom + 18), 14, C.INK_MUTED)


__all__ = ["AREA", "FRIEND_COLUMNS", "achievement_rects", "draw_achievements", "draw_friends", "draw_graph",
           "draw_rating", "level_lines"]
