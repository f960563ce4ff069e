"""A play scene's banner (the dark pill of its info strip where the turn is said) and its toast: a
short message that covers the banner with a pill of its own colour for a moment, fading in over
:data:`FADE_IN_MS` and out over the last :data:`FADE_OUT_MS` ms (Sushi Draft, Kanji-zushi). A
line said over the banner (the replay coach's, :func:`scenes.kit.marks.draw_said_pill`) takes
its place. Drawing only: the scene keeps the toast's text, colour and time left, and says how its
letters are measured and drawn (:class:`Lettering`: plain text, or a game's own glyphs inline).
Positions and sizes are LOGICAL px converted with ``app.viewport``; times are ms."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

import pygame

from scenes.kit.draw import C, draw_text, fit_label, pill_surface, text_width
from scenes.kit.marks import draw_said_pill
from scenes.kit.tween import clamp

FADE_IN_MS, FADE_OUT_MS = 90.0, 400.0  #: how long a toast takes to fade in, and out at its end (ms)
ROOM_SMALL, ROOM_FIT = 40, 30  #: the banner's width less these (logical px): text wider goes smaller, then is cut
RGB = Sequence[int]


def toast_alpha(ms_left: float, total_ms: float, text: str) -> float:
    """Opacity 0..1 of a toast shown for ``total_ms`` with ``ms_left`` ms to go (0 without ``text``
    or once its time is out): in over its first :data:`FADE_IN_MS`, out over its last :data:`FADE_OUT_MS`."""
    if ms_left <= 0 or not text:
        return 0.0
    return clamp(ms_left / FADE_OUT_MS, 0.0, 1.0) * clamp((total_ms - ms_left) / FADE_IN_MS, 0.0, 1.0)


class ToastLine:
    """A play scene's short fading message in its banner, as state (Kanji-zushi's; :class:`Toast`
    is what is drawn of it): ``text``, ``kind`` ("error" | "good" | "info"), ``ms`` left of
    ``total_ms``. A message shown with ``hold_ms`` is not replaced for that long: one that comes
    meanwhile waits in ``waiting`` and :meth:`update` hands it back when the hold ends (issue 33,
    item 10: a person's wrong pair stays readable while an AI answers at once)."""

    def __init__(self, total_ms: float) -> None:
        self.total_ms = total_ms
        self.text, self.kind, self.ms, self.hold_ms = "", "error", 0.0, 0.0
        self.waiting: tuple[str, str] | None = None

    def show(self, text: str, kind: str, hold_ms: float = 0.0) -> bool:
        """Show ``text`` now (True), or, while a held message is up, keep it for later (False)."""
        if self.hold_ms > 0 and hold_ms <= 0:
            self.waiting = (text, kind)
            return False
        self.text, self.kind, self.ms, self.hold_ms = text, kind, self.total_ms, hold_ms
        return True

    def update(self, dt_ms: float) -> tuple[str, str] | None:
        """Let ``dt_ms`` pass; returns the waiting ``(text, kind)`` once its hold has ended."""
        self.ms = max(0.0, self.ms - dt_ms)
        if self.hold_ms > 0:
            self.hold_ms = max(0.0, self.hold_ms - dt_ms)
            if self.hold_ms == 0 and self.waiting is not None:
                waiting, self.waiting = self.waiting, None
                return waiting
        return None

    def clear(self) -> None:
        """Nothing shown, nothing waiting (a resync)."""
        self.ms = self.hold_ms = 0.0
        self.waiting = None


@dataclass(frozen=True)
class Toast:
    """A toast as drawn now: its ``text``, the ``rgb`` of its pill and its ``alpha`` 0..1
    (:func:`toast_alpha`); the text shows once the pill is more than half opaque."""

    text: str
    rgb: RGB
    alpha: float


class Lettering(Protocol):
    """How a banner writes its line: at ``size`` (logical px), or at ``small`` where that is wider
    than the banner less :data:`ROOM_SMALL`, then fitted to the banner less :data:`ROOM_FIT`."""

    @property
    def size(self) -> float:
        """The text size (logical px)."""
        ...

    @property
    def small(self) -> float:
        """The smaller size for a long text (logical px)."""
        ...

    def width(self, text: str, size: float) -> float:
        """``text``'s width at ``size`` (logical px, bold)."""
        ...

    def fit(self, text: str, size: float, room: float) -> tuple[str, float]:
        """(text, size) to draw ``text`` within ``room`` logical px, from ``size``."""
        ...

    def draw(self, surface: pygame.Surface, text: str, center: tuple[int, int], size: float) -> None:
        """``text`` centred on the logical ``center`` at ``size``, bold, in paper white."""
        ...


@dataclass(frozen=True)
class PlainLettering:
    """:class:`Lettering` in the kit's text (:func:`scenes.kit.draw.draw_text`) for ``app``: fitted by
    shrinking down to ``least`` x the size, then cut (:func:`scenes.kit.draw.fit_label`)."""

    app: Any
    size: float = 19
    small: float = 16
    least: float = 0.8

    def width(self, text: str, size: float) -> float:
        return text_width(self.app, text, size, True)

    def fit(self, text: str, size: float, room: float) -> tuple[str, float]:
        return fit_label(self.app, text, size, True, room, least=self.least)

    def draw(self, surface: pygame.Surface, text: str, center: tuple[int, int], size: float) -> None:
        draw_text(surface, self.app, text, center, size, C.PAPER_LIGHT, bold=True)


def draw_banner(surface: pygame.Surface, app: Any, rect: pygame.Rect, text: str, lettering: Lettering,
                cached: Callable[[Any, Callable[[], pygame.Surface]], pygame.Surface], *,
                said: tuple[str, RGB] | None = None, toast: Toast | None = None) -> None:
    """The banner's words over its (already drawn) pill at the logical ``rect``: ``said`` (text,
    pill colour) over all of it when given; else ``text``, or ``toast`` in its pill while it shows
    (its text once more than half opaque). ``cached(key, build)`` keeps the toast's pill (a
    scene's render cache: filling it is the only change made)."""
    vp = app.viewport
    if said is not None:
        draw_said_pill(surface, app, pygame.Rect(rect), *said)
        text = ""
    elif toast is not None and toast.alpha > 0:
        rgb = tuple(toast.rgb)
        pill = cached(("toast", rect.w, rect.h, rgb),
                      lambda: pill_surface(vp.px(rect.w), vp.px(rect.h), vp.px(14), rgb))
        pill.set_alpha(int(255 * toast.alpha))
        surface.blit(pill, vp.to_window(rect).topleft)
        if toast.alpha > 0.5:
            text = toast.text
    if text:
        size = lettering.size
        if lettering.width(text, size) > rect.w - ROOM_SMALL:
            size = lettering.small
        text, size = lettering.fit(text, size, rect.w - ROOM_FIT)
        lettering.draw(surface, text, rect.center, size)


__all__ = ["FADE_IN_MS", "FADE_OUT_MS", "Lettering", "PlainLettering", "Toast", "ToastLine", "draw_banner",
           "toast_alpha"]
