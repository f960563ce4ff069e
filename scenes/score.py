"""Game-over screen: who won and why, each side's captured tiles and score.

UI ids: ``button:rematch`` (same setup, new seed), ``button:menu``.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from scenes.assets import kaito_tile_svg
from scenes.engine import Tween, ease_out_back
from scenes.menu import draw_hanko
from scenes.seats import LEVEL_LABEL
from scenes.widgets import (
    C,
    SEAT_COLOR_NAME,
    SEAT_COLOR_RGB,
    Button,
    UIScene,
    draw_chrome,
    draw_panel,
    draw_text,
    text_width,
)

REASON_LABEL = {
    "no-katana": "No katana left",
    "no-kabuto": "No kabuto left",
    "no-move": "No move left",
}


class ScoreScene(UIScene):
    """Final result.

    kwargs:
        game_name: "kaito".
        outcome: object with ``winners`` (tuple of seats), ``reason`` (code), ``description``,
            ``scores`` (per seat) — e.g. ``game.core.Outcome``. May be None (abandoned game).
        seats: per seat "human" | "random" | "easy" | "medium" | "hard".
        names: per seat display names.
        colors: per seat colour code ("R"/"B").
        held: per seat tuple of tile codes captured from the opponent (still held at the end).
        setup: kwargs to start the rematch with (``app.start_game(game_name, **setup)``);
            defaults to seats/colors/names; ``seed`` is always reset to None.
    """

    name = "score"

    def __init__(
        self,
        app: Any,
        game_name: str = "kaito",
        outcome: Any = None,
        seats: Sequence[str] = ("human", "medium"),
        names: Sequence[str] | None = None,
        colors: Sequence[str] = ("R", "B"),
        held: Sequence[Sequence[str]] = ((), ()),
        setup: dict | None = None,
        **kwargs: Any,
    ):
        super().__init__(app, **kwargs)
        self.game_name = game_name
        self.outcome = outcome
        self.seats = list(seats)
        n = len(self.seats)
        self.names = list(names) if names else [f"Player {i + 1}" for i in range(n)]
        self.colors = list(colors)
        self.held = [tuple(h) for h in held] + [()] * max(0, n - len(held))
        self.winners = tuple(getattr(outcome, "winners", ()) or ())
        sc = getattr(outcome, "scores", None)
        self.scores = list(sc) if sc else [len(h) for h in self.held]
        self.reason = getattr(outcome, "reason", "") or ""
        self.description = getattr(outcome, "description", "") or ""
        self.setup = dict(setup) if setup else dict(seats=list(self.seats), colors=tuple(self.colors),
                                                     names=list(self.names))
        self.setup["seed"] = None
        self.stamp = Tween(0.0, 1.0, 520, ease_out_back, delay_ms=260)
        self.widgets.add(Button("button:menu", "Main menu", (400, 624, 220, 60), self.to_menu, style="secondary",
                                size=21))
        self.widgets.add(Button("button:rematch", "Rematch", (660, 624, 220, 60), self.rematch, style="primary",
                                size=22))

    # -- actions ----------------------------------------------------------------------
    def rematch(self) -> None:
        self.app.start_game(self.game_name, **self.setup)

    def to_menu(self) -> None:
        self.app.go_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_menu()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.rematch()
                return True
        return super().handle_event(event)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.stamp.update(dt_ms)

    def busy(self) -> bool:
        return super().busy() or not self.stamp.done

    # -- text -------------------------------------------------------------------------
    def headline(self) -> tuple[str, str]:
        """(English headline, Japanese word) for the result as seen by the players."""
        if not self.winners:
            return ("Game over", "おわり")
        if len(self.winners) > 1:
            return ("A shared victory", "ひきわけ")
        w = self.winners[0]
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        if len(humans) == 1:
            return ("Victory!", "勝ち") if w == humans[0] else ("Defeat", "負け")
        return (f"{self.names[w]} wins", "勝ち")

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        draw_chrome(surface, app)
        head, jp = self.headline()
        draw_text(surface, app, head, (640, 70), 54, C.INK, bold=True, shadow=(0, 0, 0, 40), shadow_offset=2.5)
        draw_text(surface, app, jp, (640, 120), 20, C.VERMILION, jp=True, decorative=True)
        y = 158
        if self.reason:
            label = REASON_LABEL.get(self.reason, self.reason.replace("-", " ").capitalize())
            w = text_width(app, label, 14, bold=True) + 28
            pill = vp.rect(640 - w / 2, y - 14, w, 28)
            pygame.draw.rect(surface, C.INK, pill, border_radius=vp.px(14))
            draw_text(surface, app, label, (640, y), 14, C.GOLD_LIGHT, bold=True)
            y += 32
        if self.description:
            draw_text(surface, app, self.description, (640, y + 4), 19, C.INK_SOFT)

        n = max(1, len(self.seats))
        pw, gap = 500, 40
        x0 = 640 - (n * pw + (n - 1) * gap) / 2
        for i in range(len(self.seats)):
            self._draw_seat(surface, i, pygame.Rect(x0 + i * (pw + gap), 226, pw, 370))
        self.widgets.draw(surface, app)
        self.draw_fade(surface)

    def _draw_seat(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        app = self.app
        vp = self.viewport
        won = i in self.winners
        draw_panel(surface, app, r, radius=22, border=C.GOLD if won else C.PAPER_EDGE)
        if won:
            pygame.draw.rect(surface, C.GOLD, vp.to_window(r), width=max(2, vp.px(3)), border_radius=vp.px(22))
        code = self.colors[i] if i < len(self.colors) else "R"
        col = SEAT_COLOR_RGB.get(code, C.INK)
        # colour disc + name + kind
        pygame.draw.circle(surface, col, vp.to_window((r.x + 44, r.y + 50)), vp.px(18))
        pygame.draw.circle(surface, C.GOLD_LIGHT, vp.to_window((r.x + 44, r.y + 50)), vp.px(18), max(1, vp.px(2)))
        draw_text(surface, app, self.names[i], (r.x + 76, r.y + 40), 26, C.INK, bold=True, anchor="midleft")
        kind = LEVEL_LABEL.get(self.seats[i], self.seats[i])
        draw_text(surface, app, f"{SEAT_COLOR_NAME.get(code, code)}  ·  {kind}", (r.x + 76, r.y + 70), 15,
                  C.INK_MUTED, anchor="midleft")
        # score
        score = self.scores[i] if i < len(self.scores) else 0
        draw_text(surface, app, str(score), (r.right - 36, r.y + 52), 48, C.VERMILION if won else C.INK, bold=True,
                  anchor="midright")
        unit = "tile" if score == 1 else "tiles"
        draw_text(surface, app, unit, (r.right - 36, r.y + 86), 13, C.INK_MUTED, anchor="midright")
        pygame.draw.rect(surface, C.PAPER_DARK, vp.rect(r.x + 28, r.y + 108, r.w - 56, 2))
        draw_text(surface, app, "Captured tiles", (r.x + 28, r.y + 130), 14, C.INK_MUTED, bold=True, anchor="midleft")
        tiles = list(self.held[i]) if i < len(self.held) else []
        # the largest tile size at which every held tile fits in the panel
        avail_w, avail_h = r.w - 56, r.bottom - 20 - (r.y + 150)
        for tw in (72, 64, 56, 48, 40, 34):
            g = max(6, tw // 8)
            per_row = max(1, int((avail_w + g) // (tw + g)))
            rows = -(-len(tiles) // per_row) if tiles else 0
            if rows * (tw + g + 4) <= avail_h:
                break
        th = tw
        if not tiles:
            draw_text(surface, app, "nothing", (r.centerx, r.y + 220), 17, C.INK_MUTED)
        for k, t in enumerate(tiles):
            row, colm = divmod(k, per_row)
            tx = r.x + 28 + colm * (tw + g)
            ty = r.y + 150 + row * (th + g + 4)
            if ty + th > r.bottom - 10:
                break
            tr = vp.rect(tx, ty, tw, th)
            surface.blit(app.assets.svg(kaito_tile_svg(t), tw, th), tr)
        if won:
            s = self.stamp.value
            if self.stamp.elapsed_ms > self.stamp.delay_ms:
                size = 78 * max(0.05, s)
                draw_hanko(surface, app, (r.right - 60, r.bottom - 58), size, "勝", tilt=-10)
