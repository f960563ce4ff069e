"""The window's names for the desktop (split from :mod:`scenes.shell.app` along its seam): the class a
taskbar groups and names it by (X11 WM_CLASS, Wayland app id) and, on X11, a plain WM_NAME.
"""
from __future__ import annotations

import os
import sys

import pygame

from game import system

#: The window class (X11 WM_CLASS, Wayland app id) a taskbar groups and names the window by.
WINDOW_CLASS = "Tatami"


def name_window_class(name: str) -> None:
    """Name the window's class ``name`` for the window managers (X11 WM_CLASS, read by SDL from
    ``SDL_VIDEO_X11_WMCLASS`` when the display opens; ``SDL_VIDEO_WAYLAND_WMCLASS`` on Wayland).

    pygame sets ``SDL_VIDEO_X11_WMCLASS`` to the script's file name when it is imported
    ("__main__.py" under ``python -m scenes``), so a taskbar showed that. A value that is not
    pygame's default (the user's own) is kept. Call before ``pygame.display.init()``."""
    pygame_default = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
    current = os.environ.get("SDL_VIDEO_X11_WMCLASS")
    if current is None or current == pygame_default:
        os.environ["SDL_VIDEO_X11_WMCLASS"] = name
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", name)


def plain_wm_name(title: str) -> None:
    """On X11, also store WM_NAME as a plain STRING property (:func:`game.system.x11_store_name`).
    Best effort: silently does nothing off X11."""
    try:
        if pygame.display.get_driver() != "x11":
            return
        window = pygame.display.get_wm_info().get("window")
    except pygame.error:  # pragma: no cover - no display
        return
    if window:
        system.x11_store_name(int(window), title)


__all__ = ["WINDOW_CLASS", "name_window_class", "plain_wm_name"]
