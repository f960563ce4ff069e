"""The app's notice bar: the one-line notices of :mod:`scenes.shell.notices` (a file that could not
be read or written, a game open in another window) shown over whatever scene is on screen.

Each notice stays :data:`SHOW_MS` ms (``dt`` of the frames), then the next one queued; the text is
told in the language in use when drawn and fitted to the bar. Drawing never changes state.
"""
from __future__ import annotations

from typing import Any

import pygame

from scenes.kit.draw import C, draw_panel, draw_text, fit_text
from scenes.shell import notices

#: How long one notice is shown (ms).
SHOW_MS = 8000.0
#: The bar (logical px): centred at the top of the 1280x720 logical screen, above the screens' titles.
BAR = pygame.Rect(140, 4, 1000, 30)
#: Its text size (logical px).
TEXT_SIZE = 15


class NoticeBar:
    """The notices waiting and the one shown (:attr:`current`, with :attr:`left_ms` to go)."""

    def __init__(self) -> None:
        self.queue: list[notices.Notice] = []
        self.current: notices.Notice | None = None
        self.left_ms = 0.0
        #: True while the top scene keeps its whole screen (a game in play): the notices wait
        self.held = False

    def update(self, dt_ms: float, top: Any = None) -> None:
        """Take new notices (:func:`scenes.shell.notices.take`) and count the shown one down by
        ``dt_ms`` ms. While ``top`` (the top scene) holds the notices (``holds_notices``: a game in
        play, whose banner and seat names lie where the bar would), they wait: shown on the pause
        menu, the score screen or the menu, never over the game's own text."""
        self.queue.extend(notices.take())
        self.held = bool(getattr(top, "holds_notices", False))
        if self.held:
            return
        if self.current is not None:
            self.left_ms -= dt_ms
            if self.left_ms <= 0:
                self.current = None
        if self.current is None and self.queue:
            self.current = self.queue.pop(0)
            self.left_ms = SHOW_MS

    def text(self) -> str:
        """The line shown now in the language in use, or ``""``."""
        return self.current.text() if self.current is not None else ""

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        """The bar over the scene (nothing when no notice is shown)."""
        line = self.text()
        if not line or self.held:
            return
        draw_panel(surface, app, BAR, style="dark", radius=10)
        draw_text(surface, app, fit_text(app, line, TEXT_SIZE, False, BAR.w - 32), BAR.center, TEXT_SIZE, C.PAPER_LIGHT)


__all__ = ["NoticeBar", "SHOW_MS"]
