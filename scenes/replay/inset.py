"""Showing a whole scene inside a smaller rectangle of the window, crisp (no scaling of pixels).

Every scene lays out in the 1280x720 logical space and draws through ``app.viewport`` and
``app.assets`` (text and art rendered at the viewport's scale). To show a play scene above the
replay viewer's control strip, the embedded scene gets an :class:`InsetApp`: the real App in
everything except its viewport (an :class:`InsetViewport` mapping 1280x720 onto a window-pixel
rectangle) and its assets (an own :class:`scenes.shell.assets.Assets` bound to that viewport, so
fonts and art are rendered at the inset's scale). The scene then draws straight onto the window
surface, at the inset's place and size.
"""
from __future__ import annotations

import weakref
from typing import Any

import pygame

from scenes.kit.viewport import LOGICAL_H, LOGICAL_W, Viewport
from scenes.shell.assets import Assets


class InsetViewport(Viewport):
    """A viewport mapping the logical 1280x720 onto ``window_rect`` (window px), centred in it at
    the largest uniform scale that fits (see :class:`scenes.kit.viewport.Viewport`)."""

    def __init__(self, window_rect: pygame.Rect | None = None):
        super().__init__()
        self.place(window_rect if window_rect is not None else pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H))

    def place(self, window_rect: pygame.Rect) -> bool:
        """Map the logical space into ``window_rect`` (window px; at least 1x1). Returns True if
        anything changed (``version`` is then incremented)."""
        r = pygame.Rect(window_rect)
        w, h = max(1, r.w), max(1, r.h)
        scale = min(w / LOGICAL_W, h / LOGICAL_H)
        ox = r.x + int(round((w - LOGICAL_W * scale) / 2))
        oy = r.y + int(round((h - LOGICAL_H * scale) / 2))
        changed = ((w, h) != self.window_size or abs(scale - self.scale) > 1e-9 or (ox, oy) != self.offset)
        if changed:
            self.version += 1
        self.window_size = (w, h)
        self.scale = scale
        self.offset = (ox, oy)
        return changed


class InsetApp:
    """The App as an embedded scene sees it: ``viewport`` and ``assets`` are the inset's, every
    other attribute (``make_scene``, ``manager``, ``sound``, ``settings``, ``animation_factor``,
    ``saves`` ...) is read from the real ``app``.

    Build a scene on it with :meth:`make_scene` (the App's own ``make_scene`` run with this object
    as the app, so the scene's ``self.app`` is the inset from its first line on).

    The viewport and assets are the same for every inset of one App (:func:`_shared`): the fonts,
    text and art rendered at the inset's scale are kept from one opening of the viewer to the
    next (the first frame of a second opening costs what a play scene's does, not a fresh
    render of everything). Insets of one App are therefore all at the same place.
    """

    def __init__(self, app: Any, window_rect: pygame.Rect | None = None):
        self.__dict__["_app"] = app
        vp, assets = _shared(app)
        self.__dict__["viewport"] = vp
        self.__dict__["assets"] = assets
        if window_rect is not None:
            self.place(window_rect)

    @property
    def app(self) -> Any:
        """The real App."""
        return self.__dict__["_app"]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_app"], name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("viewport", "assets"):
            raise AttributeError(f"the inset's {name} is fixed")
        setattr(self.__dict__["_app"], name, value)

    def place(self, window_rect: pygame.Rect) -> bool:
        """Move / resize the inset (window px). True if it changed (the inset's asset caches
        are dropped when the scale changed)."""
        vp: InsetViewport = self.__dict__["viewport"]
        old = vp.scale
        changed = vp.place(window_rect)
        if abs(vp.scale - old) > 1e-9:
            self.__dict__["assets"].clear()
        return changed

    def make_scene(self, scene_name: str, /, **kwargs: Any) -> Any:
        """The scene registered as ``scene_name`` built with this inset as its app.

        Raises:
            KeyError: unknown scene; whatever the scene's constructor raises."""
        make = getattr(type(self.__dict__["_app"]), "make_scene")
        return make(self, scene_name, **kwargs)


#: the inset viewport and assets of each App (see :class:`InsetApp`)
_SHARED: "weakref.WeakKeyDictionary[Any, tuple[InsetViewport, Assets]]" = weakref.WeakKeyDictionary()


def _shared(app: Any) -> tuple[InsetViewport, Assets]:
    """The inset viewport and assets of ``app``, made on first use (an object that cannot be
    weakly referenced gets new ones each time)."""
    try:
        pair = _SHARED.get(app)
    except TypeError:
        pair = None
    if pair is None:
        vp = InsetViewport()
        main = getattr(app, "assets", None)
        pair = (vp, Assets(vp, getattr(main, "root", None), checked_with=main if isinstance(main, Assets) else None))
        try:
            _SHARED[app] = pair
        except TypeError:
            pass
    return pair


__all__ = ["InsetApp", "InsetViewport"]
