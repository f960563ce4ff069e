"""KAITO's part of a tutorial (issue 11): where the coach's panel goes and which pieces of the
buy-back step the step asks for next (marked like a hint, kind ``tutorial-target``)."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from scenes.kaito.exchange import ExchangeStep
from scenes.kaito.layout import CONFIRM_RECT, LOWER_RECT, PANEL_TOP, ex_choice_rect, held_rect, pay_slot_rect
from scenes.kit.marks import draw_hint_mark


class CoachStage(Protocol):
    """What KAITO's tutorial marks read of the play scene: the buy-back step, the position shown,
    the timeline, the director, the app and clock (for the pulse), the mark's tag, a seat's panel."""

    @property
    def hinting(self) -> Any: ...

    exchange: ExchangeStep | None
    shown: Any
    timeline: Any
    coach: Any
    app: Any
    clock_ms: float

    def panel(self, seat: int) -> pygame.Rect: ...

    @property
    def narration(self) -> Any: ...


class KaitoCoach:
    """KAITO's part of a tutorial, held by the play scene (``scene.coach_marks``): where the
    coach's panel goes and which pieces of the buy-back step the step asks for next."""

    def __init__(self, scene: CoachStage) -> None:
        self.scene = scene

    def rect(self) -> pygame.Rect:
        """The coach takes the lower card (the game log's), or the opponent's panel while the
        buy-back step uses the lower card or while the step's words point at the game log
        (``Step.shows``: "the game log warns…" must not be said over the log)."""
        if self.scene.exchange is not None and not self.scene.timeline.running:
            return pygame.Rect(PANEL_TOP)
        coach = self.scene.coach
        if coach is not None and "log" in coach.step.shows:
            return pygame.Rect(PANEL_TOP)
        return pygame.Rect(LOWER_RECT)

    def sync_log(self) -> None:
        """The game log is shown unless the buy-back step or a tutorial's coach takes the lower card
        (a coach step that speaks of the log keeps it in sight: :meth:`rect`)."""
        sc = self.scene
        if sc.narration is not None:
            coach_below = sc.coach is not None and self.rect().colliderect(LOWER_RECT)
            sc.narration.visible = (sc.exchange is None or sc.timeline.running) and not coach_below

    def marks(self) -> list[str]:
        """UI ids the tutorial's buy-back step asks for next: the held Mon still to lay in the pay
        area (one at a time), then the confirm button (the asked-for kind first)."""
        ex = self.scene.exchange
        want = self.scene.coach.expected() if self.scene.coach is not None else None
        if ex is None or want is None or self.scene.timeline.running or "+" not in want:
            return []
        kind, _, paid = want.partition("+")[2].partition(":")
        if ex.kind != kind:
            return [f"buy:{kind}"]
        row = self.scene.shown.held[ex.seat]
        have = sorted((int(c[1]) for i in ex.selected if (c := row[i])), reverse=True)
        need = [int(v) for v in paid.split(",")]
        for v in have:
            if v in need:
                need.remove(v)
            else:
                return [f"held:{ex.seat}:{i}" for i in ex.selected[-1:]]  # take a wrong one back
        if not need:
            return ["button:confirm-exchange"]
        for i, code in enumerate(row):
            if code and i not in ex.selected and code[1:2] == str(need[0]):
                return [f"held:{ex.seat}:{i}"]
        return []

    def _mark_rects(self) -> list[pygame.Rect]:
        ex = self.scene.exchange
        out = []
        for ident in self.marks():
            if ident == "button:confirm-exchange":
                out.append(pygame.Rect(CONFIRM_RECT))
            elif ident.startswith("buy:") and ex is not None and ident[4:] in ex.kinds:
                out.append(ex_choice_rect(ex.kinds.index(ident[4:])))
            elif ident.startswith("held:") and ex is not None:
                i = int(ident.rsplit(":", 1)[1])
                out.append(pay_slot_rect(ex.selected.index(i), len(ex.selected)) if i in ex.selected
                           else held_rect(self.scene.panel(ex.seat), i))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The pulsing marks on the buy-back pieces :meth:`marks` asks for (no state change)."""
        for rect in self._mark_rects():
            draw_hint_mark(surface, self.scene.app, rect, self.scene.clock_ms, tag=self.scene.hinting.tag)


__all__ = ["CoachStage", "KaitoCoach"]
