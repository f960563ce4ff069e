"""The statistics page of the Profile (issue 36; the scene is :mod:`scenes.profile.scene`, from the
menu's ``button:stats``): for one game at a time, a table of the games played against each AI level
(``app.stats``, a :class:`scenes.shell.stats.StatsStore`; see that module for what counts); the
games counted apart (with hints, from a replay, online) in one line under it, and the file's
one-line notice when it was set aside (:func:`draw_stats`).

The texts are English catalog texts (``N_``) translated when drawn (game/i18n.py).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _, ngettext
from scenes.kit.draw import C, draw_panel, draw_text, fit_text
from scenes.play.seats import LEVEL_LABEL
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.shell.stats import LEVEL_ORDER, ONLINE, LevelStats

#: The table's columns: (title, width in logical px); the first is the opponent level. The titles
#: are shown in capitals.
COLUMNS: list[tuple[str, int]] = [
    # Translators: the statistics table's column titles (shown in capitals, ~12 characters at most)
    (N_("Opponent"), 190), (N_("Played"), 110), (N_("Won"), 100), (N_("Lost"), 100), (N_("Shared"), 110),
    (N_("Win rate"), 120), (N_("Streak"), 110), (N_("Best streak"), 140), (N_("Best score"), 130),
]
TABLE_X, TABLE_Y, ROW_H = 80, 254, 42
#: The note under the table of a game that names no best score of its own
#: (``GameInfo.score_note``: what the best score counts).
SCORE_NOTE = N_("Games of one player against the AI, by the strongest AI at the table. Best score: points.")
LEVEL_TEXT = {lv: LEVEL_LABEL[lv] for lv in LEVEL_ORDER}
#: The last row's label.
TOTAL = N_("Total")


def table_rows(rows: dict[str, LevelStats]) -> list[tuple[str, LevelStats | None]]:
    """The rows shown: Easy, Medium and Hard always (None where nothing was played), Random when
    played, then a "Total" row when any game counted (its ``streak`` is the sum's: not shown). The
    labels are English catalog texts (an unknown level: its key). The games played online
    (:data:`ONLINE`) are not among them: :func:`apart_line` tells them."""
    rows = {lv: r for lv, r in rows.items() if lv != ONLINE}
    levels = [lv for lv in LEVEL_ORDER if lv != "random" or lv in rows] + [lv for lv in rows if lv not in LEVEL_ORDER]
    out: list[tuple[str, LevelStats | None]] = [(LEVEL_TEXT.get(lv, lv), rows.get(lv)) for lv in levels]
    if rows:
        total = LevelStats()
        for r in rows.values():
            total.played += r.played
            total.won += r.won
            total.lost += r.lost
            total.shared += r.shared
            total.best_streak = max(total.best_streak, r.best_streak)
            if r.best_score is not None and (total.best_score is None or r.best_score > total.best_score):
                total.best_score = r.best_score
            total.assisted += r.assisted
            total.assisted_won += r.assisted_won
            total.retried += r.retried
            total.retried_won += r.retried_won
        total.streak = -1  # not meaningful across levels
        out.append((TOTAL, total))
    return out


def cells(row: LevelStats | None) -> list[str]:
    """A row's cells after the first column (``"—"`` where there is nothing to show)."""
    if row is None or row.played == 0:
        return ["0"] + ["\u2014"] * (len(COLUMNS) - 2)
    # Translators: a win rate in the statistics table ("50 %")
    rate = _("{percent} %").format(percent=round(100 * row.won / row.played))
    streak = "\u2014" if row.streak < 0 else str(row.streak)
    best = "\u2014" if row.best_score is None else str(row.best_score)
    return [str(row.played), str(row.won), str(row.lost), str(row.shared), rate, streak, str(row.best_streak), best]


def apart_line(rows: dict[str, LevelStats]) -> str:
    """The line under the table about the games counted apart, in the language in use, or ``""``:
    ``"Not counted above: 3 games with hints (2 won) · 1 game played from a replay (0 won)"``, and
    the games played online (:data:`ONLINE`'s row)."""
    online = rows.get(ONLINE)
    rows = {lv: r for lv, r in rows.items() if lv != ONLINE}
    assisted = sum(r.assisted for r in rows.values())
    retried = sum(r.retried for r in rows.values())
    parts = []
    if online is not None and online.played + online.assisted + online.retried:
        n = online.played + online.assisted + online.retried
        won = online.won + online.assisted_won + online.retried_won
        # Translators: games played at an online table (with friends over the network), counted apart
        # from the games against the AI in the statistics
        parts.append(ngettext("{n} game online ({won} won)", "{n} games online ({won} won)", n).format(n=n, won=won))
    if assisted:
        # Translators: games in which a hint was shown to the person, counted apart in the statistics
        parts.append(ngettext("{n} game with hints ({won} won)", "{n} games with hints ({won} won)", assisted).format(
            n=assisted, won=sum(r.assisted_won for r in rows.values())))
    if retried:
        # Translators: games started from a position of the replay viewer ("Play from here"), counted apart
        parts.append(ngettext("{n} game played from a replay ({won} won)",
                              "{n} games played from a replay ({won} won)", retried).format(
            n=retried, won=sum(r.retried_won for r in rows.values())))
    if not parts:
        return ""
    # Translators: {games} lists the games counted apart ("3 games with hints (2 won) · 1 game played
    # from a replay (0 won)")
    return _("Not counted above: {games}").format(games="  \u00b7  ".join(parts))


def draw_stats(surface: pygame.Surface, app: Any, game: str, rows: dict[str, LevelStats], kept: bool,
               notice: str) -> None:
    """The statistics table of ``game`` (``rows``: the store's table, by level key) from logical y
    :data:`TABLE_Y`, the note under it (what counts; ``kept`` False: "not kept in this session"),
    the games counted apart and the file's ``notice``."""
    vp = app.viewport
    shown = table_rows(rows)
    width = sum(w for _title, w in COLUMNS)
    panel = pygame.Rect(TABLE_X - 20, TABLE_Y - 22, width + 40, ROW_H * (len(shown) + 1) + 30)
    draw_panel(surface, app, panel, radius=20)
    x = TABLE_X
    for i, (title, w) in enumerate(COLUMNS):
        anchor, tx = ("midleft", x + 12) if i == 0 else ("center", x + w / 2)
        draw_text(surface, app, _(title).upper(), (tx, TABLE_Y + ROW_H / 2 - 4), 14, C.INK_MUTED, bold=True,
                  anchor=anchor)
        x += w
    for r, (label, row) in enumerate(shown):
        y = TABLE_Y + ROW_H * (r + 1)
        total = label == TOTAL
        pygame.draw.line(surface, C.PAPER_EDGE, vp.to_window((TABLE_X, y)), vp.to_window((TABLE_X + width, y)),
                         max(1, vp.px(1.5 if total else 1)))
        played = row is not None and row.played > 0
        ink = C.INK if played else C.INK_MUTED
        cy = y + ROW_H / 2
        draw_text(surface, app, _(label), (TABLE_X + 12, cy), 20, ink, bold=True, anchor="midleft")
        x = TABLE_X + COLUMNS[0][1]
        for text, (_title, w) in zip(cells(row), COLUMNS[1:]):
            draw_text(surface, app, text, (x + w / 2, cy), 21, ink, bold=total and played)
            x += w
    info = GAMES_BY_NAME.get(game)
    note = _(info.score_note if info is not None and info.score_note else SCORE_NOTE)
    if not kept:
        note = _("Statistics are not kept in this session.")
    draw_text(surface, app, note, (640, panel.bottom + 20), 15, C.INK_MUTED)
    below = panel.bottom + 42
    apart = apart_line(rows)
    if apart:
        draw_text(surface, app, fit_text(app, apart, 15, False, 1100), (640, below), 15, C.INK_SOFT)
        below += 22
    if notice:
        draw_text(surface, app, notice, (640, below), 15, C.VERMILION_DARK)


__all__ = ["COLUMNS", "SCORE_NOTE", "TOTAL", "apart_line", "cells", "draw_stats", "table_rows"]
