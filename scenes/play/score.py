"""The score-screen base every game's score screen extends: the headline (victory, defeat, a
shared win), the end reason and description, a panel per seat, the winner's stamp, and the
``button:menu`` / ``button:rematch`` buttons (Esc: menu, Enter: rematch).

UI ids: ``button:rematch`` (same setup, new seed), ``button:menu``.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_hanko,
    draw_panel,
    draw_text,
    text_width,
)
from scenes.kit.tween import Tween, ease_out_back
from scenes.kit.widgets import Button, UIScene
from scenes.play.seats import LEVEL_LABEL, default_names


class ScoreScene(UIScene):
    """Final result (the base of every game's score screen).

    kwargs:
        game_name: the game's registry name (``"kaito"``); the rematch starts it again.
        outcome: object with ``winners`` (tuple of seats), ``reason`` (code), ``description``,
            ``scores`` (per seat) — e.g. ``game.core.Outcome``. May be None (abandoned game).
        seats: per seat "human" | "random" | "easy" | "medium" | "hard".
        names: per seat display names.
        setup: kwargs to start the rematch with (``app.start_game(game_name, **setup)``);
            defaults to seats/names; ``seed`` is always reset to None.

    Subclasses draw each seat's panel (:meth:`_draw_seat`) or the whole body, and may map reason
    codes to short labels in ``reason_labels``.
    """

    name = "score"
    #: reason code -> short label shown in the pill under the headline (default: the code, humanised)
    reason_labels: dict[str, str] = {}

    def __init__(
        self,
        app: Any,
        game_name: str = "kaito",
        outcome: Any = None,
        seats: Sequence[str] = ("human", "medium"),
        names: Sequence[str] | None = None,
        setup: dict | None = None,
        **kwargs: Any,
    ):
        super().__init__(app, **kwargs)
        self.game_name = game_name
        self.outcome = outcome
        self.seats = list(seats)
        n = len(self.seats)
        self.names = list(names) if names else default_names(self.seats)
        self.winners = tuple(getattr(outcome, "winners", ()) or ())
        sc = getattr(outcome, "scores", None)
        self.scores = list(sc) if sc else [0] * n
        self.reason = getattr(outcome, "reason", "") or ""
        self.description = getattr(outcome, "description", "") or ""
        self.setup = dict(setup) if setup else self.default_setup()
        self.setup["seed"] = None
        self.stamp = Tween(0.0, 1.0, 520, ease_out_back, delay_ms=260)
        self.widgets.add(Button("button:menu", "Main menu", (400, 624, 220, 60), self.to_menu, style="secondary",
                                size=21))
        self.widgets.add(Button("button:rematch", "Rematch", (660, 624, 220, 60), self.rematch, style="primary",
                                size=22))

    def default_setup(self) -> dict:
        """The rematch setup when none was given: the same seats and names."""
        return dict(seats=list(self.seats), names=list(self.names))

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
    def draw_headline(self, surface: pygame.Surface, y: float, size: float, jp_y: float, jp_size: float) -> None:
        """The :meth:`headline` centred at logical ``(640, y)`` (``size`` px, ink, soft shadow) and
        its Japanese word at ``(640, jp_y)`` (``jp_size`` px, vermilion)."""
        head, jp = self.headline()
        draw_text(surface, self.app, head, (640, y), size, C.INK, bold=True, shadow=(0, 0, 0, 40),
                  shadow_offset=2.5)
        draw_text(surface, self.app, jp, (640, jp_y), jp_size, C.VERMILION, jp=True, decorative=True)

    def draw_reason_pill(self, surface: pygame.Surface, label: str, y: float) -> None:
        """``label`` (why the game ended) in a dark pill centred at logical ``(640, y)``."""
        app = self.app
        vp = self.viewport
        w = text_width(app, label, 14, bold=True) + 28
        pygame.draw.rect(surface, C.INK, vp.rect(640 - w / 2, y - 14, w, 28), border_radius=vp.px(14))
        draw_text(surface, app, label, (640, y), 14, C.GOLD_LIGHT, bold=True)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        self.draw_headline(surface, 70, 54, 120, 20)
        y = 158
        if self.reason:
            label = self.reason_labels.get(self.reason, self.reason.replace("-", " ").capitalize())
            self.draw_reason_pill(surface, label, y)
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
        """Seat ``i``'s panel in logical rect ``r``: its name, kind and score (subclasses add more)."""
        app = self.app
        won = i in self.winners
        draw_panel(surface, app, r, radius=22, border=C.GOLD if won else C.PAPER_EDGE)
        draw_text(surface, app, self.names[i], (r.x + 36, r.y + 40), 26, C.INK, bold=True, anchor="midleft")
        kind = LEVEL_LABEL.get(self.seats[i], self.seats[i])
        draw_text(surface, app, kind, (r.x + 36, r.y + 70), 15, C.INK_MUTED, anchor="midleft")
        score = self.scores[i] if i < len(self.scores) else 0
        draw_text(surface, app, str(score), (r.right - 36, r.y + 52), 48, C.VERMILION if won else C.INK, bold=True,
                  anchor="midright")
        self.draw_stamp(surface, i, r)

    def draw_stamp(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        """The winner's 勝 stamp in the bottom-right corner of seat ``i``'s panel ``r`` (animated)."""
        if i in self.winners and self.stamp.elapsed_ms > self.stamp.delay_ms:
            size = 78 * max(0.05, self.stamp.value)
            draw_hanko(surface, self.app, (r.right - 60, r.bottom - 58), size, "勝", tilt=-10)
