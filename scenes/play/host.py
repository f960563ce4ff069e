"""What every play scene offers the helpers of its room (issue 23 §5): one protocol,
:class:`PlayHost`, that :class:`scenes.play.base.PlayScene` satisfies. A helper's own protocol
extends it with what only its game's scene has (``class BoardScene(PlayHost, Protocol)``), so the
helpers never name a concrete scene class and the shared members are typed once."""
from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame

from game.match import Match
from scenes.kit.dragdrop import DragController
from scenes.kit.narration import NarrationLog
from scenes.kit.timeline import Timeline
from scenes.kit.viewport import Viewport


class PlayHost(Protocol):
    """The members of a play scene its helpers read: the app, the viewport and real clock (ms),
    the drag controller, the timeline, the Match with its seats, names and people, the modes, the
    game log panel, the hint and tutorial parts, the widget group, the render cache, what a seat's
    panel says, who may act, and the sound effects."""

    app: Any
    clock_ms: float
    drag: DragController
    timeline: Timeline
    match: Match
    seats: list[str]
    names: list[str]
    review: bool
    widgets: Any
    hinting: Any
    coaching: Any
    banner_override: tuple[str, tuple[int, int, int]] | None

    @property
    def viewport(self) -> Viewport: ...

    @property
    def humans(self) -> list[int]: ...

    @property
    def leaving(self) -> bool: ...

    @property
    def narration(self) -> NarrationLog | None: ...

    def cached(self, key: Any, build: Callable[[], pygame.Surface]) -> pygame.Surface: ...

    def human_to_act(self) -> int | None: ...

    def seat_label(self, seat: int) -> str: ...

    def sfx(self, name: str) -> None: ...


__all__ = ["PlayHost"]
