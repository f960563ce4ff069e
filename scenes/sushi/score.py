"""Sushi Draft game-over screen: every chip revealed per seat and pile, totals, winners and a
per-round summary (which seat took each pile's chip in each round, and its value).

Built from the final :class:`game.sushi.rules.SushiView` (``revealed_chips`` is filled once the game is
over, so nothing hidden is needed). Rows are ranked by total; equal highest totals share the win
(RULES.md section 2, end). What decided the game — every seat's chip total and who won or shared
the win — is the core's own sentence (:class:`game.sushi.events.End`), from the ``end`` or
``record`` keyword (:class:`scenes.play.score.ScoreScene`).

UI ids: ``button:rematch`` (same seats, new deal), ``button:review`` (with a record and a replay
scene), ``button:menu`` (inherited from :class:`scenes.play.score.ScoreScene`).
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.core import is_you, join_list
from game.i18n import _, ngettext, pgettext
from game.sushi.rules import PILES, ROUNDS
from scenes.kit.draw import C, draw_chrome, draw_hanko, draw_panel, draw_text, fit_label, text_width, wrap_text
from scenes.play.score import ScoreScene
from scenes.play.seats import LEVEL_LABEL, SEAT_RGB
from scenes.sushi.art import PILE_TITLE

ICON = "art/sushi/icon_{}.svg"
CHIP_FACE = "art/sushi/chip_face_{}.svg"

# table geometry (logical px)
TABLE = pygame.Rect(60, 176, 1160, 300)
COL_NAME = 96
COL_ROUND0 = 380      # R1, R2, R3 centres: COL_ROUND0 + 64 * r
COL_PILE0 = 600       # pile columns: COL_PILE0 + 84 * i
COL_TOTAL = 1160
HEAD_Y = 204
ROW_Y0 = 246


def seat_round_points(view: Any) -> list[list[int]]:
    """Points each seat won in each round: ``[[r1, r2, r3] per seat]``.

    A seat's ``revealed_chips`` are in the order won, which is the order of the awards naming it
    (``view.awards`` is in round, then pile order)."""
    n = view.num_seats
    chips = view.revealed_chips or tuple(() for _ in range(n))
    points = [[0] * ROUNDS for _ in range(n)]
    taken = [0] * n
    for award in view.awards:
        s = award.seat
        if s is None or taken[s] >= len(chips[s]):
            continue
        points[s][award.round] += chips[s][taken[s]][1]
        taken[s] += 1
    return points


def round_results(view: Any) -> list[list[tuple[str, int | None, int | None]]]:
    """Per round, per pile: ``(pile, winning seat or None, chip value or None)``."""
    n = view.num_seats
    chips = view.revealed_chips or tuple(() for _ in range(n))
    taken = [0] * n
    rounds: list[list[tuple[str, int | None, int | None]]] = [[] for _ in range(ROUNDS)]
    for award in view.awards:
        value = None
        if award.seat is not None and taken[award.seat] < len(chips[award.seat]):
            value = chips[award.seat][taken[award.seat]][1]
            taken[award.seat] += 1
        rounds[award.round].append((award.pile, award.seat, value))
    return rounds


class SushiScoreScene(ScoreScene):
    """Final result of a Sushi Draft game.

    kwargs:
        view: the final :class:`game.sushi.rules.SushiView` (any seat's: all chips are revealed).
        seats: per seat "human" | "random" | "easy" | "medium" | "hard".
        names: per seat display names.
        setup: kwargs for the rematch (``app.start_game("sushi-draft", **setup)``); seed reset.
        record, end: the game record / its end event (see :class:`scenes.play.score.ScoreScene`).
    """

    name = "sushi_score"

    def __init__(self, app: Any, view: Any = None, seats: Sequence[str] = ("human", "medium", "medium"),
                 names: Sequence[str] | None = None, setup: dict | None = None, **kwargs: Any):
        outcome = getattr(view, "outcome", None)
        setup = dict(setup) if setup else dict(seats=list(seats), names=list(names or []) or None)
        if setup.get("names") is None:
            setup.pop("names", None)
        super().__init__(app, game_name="sushi-draft", outcome=outcome, seats=seats, names=names,
                         setup=setup, **kwargs)
        self.view = view
        n = len(self.seats)
        chips = getattr(view, "revealed_chips", None) or tuple(() for _ in range(n))
        self.chips = [tuple(c) for c in chips]
        self.scores = [sum(v for _, v in c) for c in self.chips]
        self.points = seat_round_points(view) if view is not None else [[0] * ROUNDS for _ in range(n)]
        self.rounds = round_results(view) if view is not None else [[] for _ in range(ROUNDS)]
        # rank order: total desc, then seat
        self.order = sorted(range(n), key=lambda s: (-self.scores[s], s))
        if self.winners and self.end is None:  # no end event to tell it: the totals from the view
            best = self.scores[self.winners[0]]
            if len(self.winners) == 1:
                who = self.names[self.winners[0]]
                if is_you(who):
                    self.description = ngettext("You win with {n} point.", "You win with {n} points.",
                                                best).format(n=best)
                else:
                    self.description = ngettext("{name} wins with {n} point.", "{name} wins with {n} points.",
                                                best).format(name=who, n=best)
            else:
                who = join_list([self.names[w] for w in self.winners])
                # Translators: {names} is a list of seat names ("Aiko and Ben")
                self.description = ngettext("{names} share the win with {n} point each.",
                                            "{names} share the win with {n} points each.",
                                            best).format(names=who, n=best)
        self.reason = ""

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        self.draw_headline(surface, 56, 48, 100, 18)
        self.draw_sentence(surface, 134)
        self._draw_table(surface)
        self._draw_rounds(surface)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        n = len(self.seats)
        row_h = 44 if n <= 4 else 40
        table = pygame.Rect(TABLE.x, TABLE.y, TABLE.w, 64 + row_h * n)
        draw_panel(surface, app, table, radius=20)
        for r in range(ROUNDS):
            head = _("Round {n}").format(n=r + 1)
            if text_width(app, head, 13 * 0.72, True) > 68:
                # Translators: a score table's column heading where "Round {n}" does not fit (a small
                # window; max ~4 characters), e.g. "R1"
                head = pgettext("score column", "R{n}").format(n=r + 1)
            head, size = fit_label(app, head, 13, True, 68)
            draw_text(surface, app, head, (COL_ROUND0 + 72 * r, HEAD_Y), size, C.INK_MUTED, bold=True)
        titles = [_(PILE_TITLE[pile]) for pile in PILES]
        widths = [min(80.0, text_width(app, t, 11)) for t in titles]
        for i, pile in enumerate(PILES):
            x = COL_PILE0 + 84 * i
            surface.blit(app.assets.svg(ICON.format(pile), 24, 24), vp.rect(x - 12, HEAD_Y - 16, 24, 24))
            # a long name may use what its shorter neighbours leave of their columns
            room = min(2 * (84 - 6 - widths[j] / 2) for j in (i - 1, i + 1) if 0 <= j < len(PILES))
            title, size = fit_label(app, titles[i], 11, False, room)
            draw_text(surface, app, title, (x, HEAD_Y + 18), size, C.INK_MUTED)
        # Translators: a column heading of the score table (max ~8 characters)
        draw_text(surface, app, _("Total"), (COL_TOTAL, HEAD_Y), 14, C.INK, bold=True)
        for k, s in enumerate(self.order):
            y = ROW_Y0 + 8 + row_h * k
            won = s in self.winners
            if won:
                band = vp.rect(table.x + 10, y - row_h / 2 + 2, table.w - 20, row_h - 4)
                pygame.draw.rect(surface, C.GOLD_LIGHT, band, border_radius=vp.px(10))
            col = SEAT_RGB[s % len(SEAT_RGB)]
            pygame.draw.circle(surface, col, vp.to_window((COL_NAME - 20, y)), vp.px(9))
            level = LEVEL_LABEL.get(self.seats[s])
            label = _(level) if level else self.seats[s]
            if self.names[s].startswith(label):
                draw_text(surface, app, self.names[s], (COL_NAME, y), 19, C.INK, bold=True, anchor="midleft")
            else:
                draw_text(surface, app, self.names[s], (COL_NAME, y - 7), 19, C.INK, bold=True, anchor="midleft")
                draw_text(surface, app, label, (COL_NAME, y + 12), 12, C.INK_MUTED, anchor="midleft")
            for r in range(ROUNDS):
                pts = self.points[s][r]
                draw_text(surface, app, str(pts) if pts else "–", (COL_ROUND0 + 72 * r, y), 18,
                          C.INK_SOFT if pts else C.INK_MUTED)
            for i, pile in enumerate(PILES):
                values = [v for p, v in self.chips[s] if p == pile]
                self._draw_chip_values(surface, COL_PILE0 + 84 * i, y, pile, values)
            draw_text(surface, app, str(self.scores[s]), (COL_TOTAL, y), 28, C.VERMILION if won else C.INK, bold=True)
            if won and self.stamp.elapsed_ms > self.stamp.delay_ms:
                size = 40 * max(0.05, self.stamp.value)
                draw_hanko(surface, app, (COL_TOTAL - 62, y), size, "勝", tilt=-10)

    def _draw_chip_values(self, surface: pygame.Surface, x: float, y: float, pile: str, values: list[int]) -> None:
        """Face-up chips (value printed on them) centred at (x, y); "–" when none."""
        app = self.app
        vp = self.viewport
        if not values:
            draw_text(surface, app, "–", (x, y), 16, C.INK_MUTED)
            return
        d = 30 if len(values) <= 2 else 24
        step = d + 2
        x0 = x - (len(values) - 1) * step / 2
        for k, v in enumerate(values):
            cx = x0 + k * step
            surface.blit(app.assets.svg(CHIP_FACE.format(pile), d, d), vp.rect(cx - d / 2, y - d / 2, d, d))
            draw_text(surface, app, str(v), (cx, y + 1), d * 0.5, C.INK, bold=True)

    def _draw_rounds(self, surface: pygame.Surface) -> None:
        """Per-round summary: for each round, each pile's winner (seat colour) and chip value."""
        app = self.app
        vp = self.viewport
        n = len(self.seats)
        top = TABLE.y + 64 + (44 if n <= 4 else 40) * n + 18
        w = 372
        small = max(11.0, app.assets.min_logical())  # the notes' size; larger in a small window
        step = max(14.0, small * 1.1)
        # Translators: under a pile's icon when nobody won its chip; "\n" breaks the line (two
        # lines of ~8 characters)
        kept = " ".join(_("kept\non pile").split("\n"))
        # a word too long for its column in a small window wraps: the boxes grow by those lines
        kept_lines = wrap_text(app, kept, 11, 58)[:3]
        name_lines = {s: wrap_text(app, self.names[s], 10, 64)[:2] for s in range(n)}
        extra = max([len(kept_lines) - 2, 0] + [len(v) - 1 for v in name_lines.values()])
        for r in range(ROUNDS):
            box = pygame.Rect(60 + r * (w + 22), top, w, round(112 + extra * step))
            draw_panel(surface, app, box, radius=16)
            draw_text(surface, app, _("Round {n}").format(n=r + 1), (box.x + 18, box.y + 20), 15, C.INK, bold=True,
                      anchor="midleft")
            results = self.rounds[r] if r < len(self.rounds) else []
            for i, (pile, seat, value) in enumerate(results):
                cx = box.x + 36 + i * 60
                cy = box.y + 62
                surface.blit(app.assets.svg(ICON.format(pile), 22, 22), vp.rect(cx - 11, cy - 24, 22, 22))
                if seat is None:
                    lines = _("kept\non pile").split("\n")[:2] if len(kept_lines) <= 2 else kept_lines
                    for k, line in enumerate(lines):
                        line, size = fit_label(app, line, 11, False, 58)
                        draw_text(surface, app, line, (cx, cy + 12 + k * step), size, C.INK_MUTED)
                    continue
                pygame.draw.circle(surface, SEAT_RGB[seat % len(SEAT_RGB)], vp.to_window((cx - 10, cy + 14)),
                                   vp.px(6))
                draw_text(surface, app, str(value) if value is not None else "?", (cx + 6, cy + 14), 15, C.INK,
                          bold=True)
                for k, line in enumerate(name_lines[seat]):
                    short, size = fit_label(app, line, 10, False, 64, least=0.85)
                    draw_text(surface, app, short, (cx, cy + 14 + max(18.0, small * 1.15) + k * step), size,
                              C.INK_MUTED)
