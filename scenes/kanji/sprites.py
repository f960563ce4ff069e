"""The Kanji-zushi scene's own sprite: the pair on the join board (:class:`JoinShow`), moved by the
scene's :class:`scenes.kit.timeline.Timeline` beside the kit's flying cards
(:class:`scenes.kit.flight.Flight`). Times in ms.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from scenes.kit.tween import Tween


@dataclass
class JoinShow:
    """The pair on the join board. ``phase``: "apart" (just put down), "slide" (halves slide
    together), "morph" (the halves squeeze into place and cross-fade into the real character),
    "glow" (valid: gold), "write" (valid: its strokes written in order, issue 37), "shake" (wrong),
    "unmorph" (wrong: the character comes apart again).
    ``tween`` runs 0 -> 1 over the current phase."""

    seat: int
    neta: str
    shari: str
    char: str | None
    valid: bool
    phase: str = "apart"
    tween: Tween = field(default_factory=lambda: Tween(0.0, 1.0, 0.0))

    def start(self, phase: str, ms: float, ease: str = "in_out_cubic") -> None:
        """Begin ``phase`` lasting ``ms`` ms of animation time (``ease``: a tween easing name)."""
        self.phase = phase
        self.tween = Tween(0.0, 1.0, ms, ease)

    def update(self, dt_ms: float) -> None:
        """Advance the current phase by ``dt_ms`` ms of animation time."""
        self.tween.update(dt_ms)

    @property
    def done(self) -> bool:
        """True once the current phase has run to its end (a timeline sprite at rest)."""
        return self.tween.done

    @property
    def t(self) -> float:
        """Eased progress 0..1 of the current phase."""
        return float(self.tween.value)

    def morph_amount(self) -> float:
        """0 = two separate cards, 1 = the joined character."""
        if self.char is None:
            return 0.0
        if self.phase == "morph":
            return self.t
        if self.phase in ("glow", "write", "shake"):
            return 1.0
        if self.phase == "unmorph":
            return 1.0 - self.t
        return 0.0

    def together(self) -> float:
        """0 = the halves apart (as put down), 1 = edge to edge."""
        if self.phase == "apart":
            return 0.0
        if self.phase == "slide":
            return self.t
        return 1.0

    def shake_dx(self) -> float:
        """Horizontal shake offset (logical px)."""
        if self.phase != "shake":
            return 0.0
        t = self.tween.progress
        return 11.0 * math.sin(t * math.pi * 9) * (1 - t)


__all__ = ["JoinShow"]
