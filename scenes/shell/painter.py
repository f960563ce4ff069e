"""How the visible scenes become the window's picture each frame (split from :mod:`scenes.shell.app`):
a scene whose opening fade still covers everything draws only that cover
(:meth:`scenes.kit.scene.Scene.covered`), and the scenes under an overlay under which nothing
moves (:attr:`scenes.kit.scene.Scene.still_below`: the pause menu) are drawn once and shown as
that picture while it stays on top (issue 34: at 1920x1080 the paused game's board cost ~2 ms a
frame). Each overlay starts a new layer of the layout check (:func:`scenes.kit.boxes.new_layer`);
while the check records, everything is drawn every frame.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from scenes.kit import boxes

#: The window's colour around the scenes (the letterbox).
LETTERBOX = (28, 24, 22)


class Painter:
    """Puts the visible scenes on the window for ``app`` (its viewport and layout recorder)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        #: the picture of the scenes under a still overlay, with what it shows (:meth:`_still_picture`)
        self._still: tuple[Any, pygame.Surface] | None = None

    def paint(self, screen: pygame.Surface, scenes: Sequence[Any]) -> bool:
        """Draw ``scenes`` (bottom first) on ``screen``; True when a scene was drawn (not only an
        opening fade's cover). Changes nothing but the kept picture."""
        start = self._still_picture(screen, scenes)
        if start == 0:
            screen.fill(LETTERBOX)
        shown = start > 0
        for i, scene in enumerate(scenes[start:], start):
            if i:
                boxes.new_layer(self.app)  # an overlay scene lies over the scene below it
            if scene.covered():  # its opening fade hides everything under it: only the cover
                scene.draw_cover(screen)
            else:
                scene.draw(screen)
                shown = True
        return shown

    def _still_picture(self, screen: pygame.Surface, scenes: Sequence[Any]) -> int:
        """When the top of ``scenes`` is an overlay under which nothing moves, put the picture of
        the scenes below it on ``screen`` (drawn once, kept while they, the window and its scale
        stay the same) and return how many scenes it holds; else 0. Never while the layout check
        records (it reads every text drawn)."""
        if len(scenes) < 2 or not scenes[-1].still_below or boxes.recorder(self.app) is not None:
            self._still = None
            return 0
        below = scenes[:-1]
        key = (tuple(id(s) for s in below), self.app.viewport.version, screen.get_size())
        if self._still is None or self._still[0] != key:
            screen.fill(LETTERBOX)
            for i, scene in enumerate(below):
                if i:
                    boxes.new_layer(self.app)
                scene.draw(screen)
            self._still = (key, screen.copy())
        else:
            screen.blit(self._still[1], (0, 0))
        return len(below)


__all__ = ["LETTERBOX", "Painter"]
