"""The system clipboard for the text fields (issue 33, item 4): SDL's, through ``pygame.scrap``
(pygame-ce: ``put_text`` / ``get_text``, the desktop's clipboard under X11, Wayland, Windows and
macOS); where SDL has none (no video system yet) a copy stays within the app. Never raises."""
from __future__ import annotations

import logging

import pygame

log = logging.getLogger("tatami.clipboard")

_local = ""  # what was copied when the system clipboard could not take it


def copy(text: str) -> None:
    """Put ``text`` on the clipboard."""
    global _local
    _local = text
    try:
        import pygame.scrap

        pygame.scrap.put_text(text)
    except (pygame.error, ImportError, AttributeError) as exc:
        log.debug("the system clipboard took nothing: %s", exc)


def paste() -> str:
    """The clipboard's text ("" when it holds none)."""
    try:
        import pygame.scrap

        if pygame.scrap.has_text():
            return str(pygame.scrap.get_text() or "")
        return ""
    except (pygame.error, ImportError, AttributeError) as exc:
        log.debug("the system clipboard gave nothing: %s", exc)
        return _local


__all__ = ["copy", "paste"]
