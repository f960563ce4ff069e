"""The replay viewer's control strip: layout, icons and drawing (no game logic).

The strip runs along the bottom of the 1280x720 logical space (:data:`STRIP`); the embedded
board is shown above it in :data:`BOARD` (1152x648: the play scene at 0.9 scale, bands of
64 px on both sides). Left to right: ``button:back``; the transport buttons
``button:replay-start``, ``button:replay-back``, ``button:replay-play``,
``button:replay-forward``, ``button:replay-end``; the position readout ("Move 12 of 40");
``choice:replay-speed`` (values ``0.5``, ``1``, ``2``, ``4``); ``choice:replay-viewer`` (values
``all``, ``0``, ``1``, ..., only for games with hidden information) and ``button:play-from-here``.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.i18n import _, pgettext
from scenes.kit.draw import C, draw_text, fit_label, fit_text, mix, text_width
from scenes.kit.widgets import Button, SegmentedChoice, WidgetGroup

#: the strip of controls (logical px)
STRIP = pygame.Rect(0, 648, 1280, 72)
#: where the embedded play scene is shown (logical px of the viewer; 0.9 of 1280x720)
BOARD = pygame.Rect(64, 0, 1152, 648)
#: the strip's colours
STRIP_FILL = (33, 29, 27)
BAND_FILL = (24, 20, 18)
TEXT = C.PAPER_LIGHT
TEXT_SOFT = (196, 184, 164)

BACK_RECT = pygame.Rect(16, 662, 96, 44)
_TRANSPORT_X = 132
START_RECT = pygame.Rect(_TRANSPORT_X, 662, 44, 44)
STEP_BACK_RECT = pygame.Rect(_TRANSPORT_X + 50, 662, 44, 44)
PLAY_RECT = pygame.Rect(_TRANSPORT_X + 100, 662, 54, 44)
STEP_FORWARD_RECT = pygame.Rect(_TRANSPORT_X + 160, 662, 44, 44)
END_RECT = pygame.Rect(_TRANSPORT_X + 210, 662, 44, 44)
#: the readout's column (centre x of "Move 12 of 40" and its second line)
READOUT_CENTER_X = 483
#: the width the readout's second line may take (logical px), between the transport and the speed
READOUT_W = 188
SPEED_RECT = pygame.Rect(580, 670, 164, 32)
VIEWER_RECT = pygame.Rect(764, 670, 330, 32)
PLAY_HERE_RECT = pygame.Rect(1110, 662, 156, 44)
CAPTION_Y = 659

#: auto-play speeds: (choice value, label, multiplier of animation time and pauses)
SPEEDS: tuple[tuple[str, str, float], ...] = (("0.5", "½×", 0.5), ("1", "1×", 1.0), ("2", "2×", 2.0),
                                              ("4", "4×", 4.0))
SPEED_FACTOR: dict[str, float] = {value: factor for value, _, factor in SPEEDS}


# -- icons ------------------------------------------------------------------------------------------
class TransportIcon:
    """A transport button's icon (drawn in the button's colours): ``kind`` is ``"start"``,
    ``"back"``, ``"play"``, ``"pause"``, ``"forward"`` or ``"end"``; ``button`` (set after the
    button is built) gives the enabled state."""

    def __init__(self, kind: str):
        self.kind = kind
        self.button: Button | None = None

    def __call__(self, surface: pygame.Surface, app: Any, lrect: pygame.Rect) -> None:
        vp = app.viewport
        enabled = self.button is None or self.button.enabled
        primary = self.button is not None and self.button.style == "primary"
        color = (C.PAPER_LIGHT if primary else C.INK) if enabled else C.INK_MUTED
        cx, cy = lrect.centerx, lrect.centery
        s = 8.0  # half height of a triangle (logical px)

        def tri(x: float, direction: int) -> None:  # a triangle whose tip points to ``direction``
            pts = [(x + direction * s, cy), (x - direction * s * 0.8, cy - s), (x - direction * s * 0.8, cy + s)]
            pygame.draw.polygon(surface, color, [vp.to_window(p) for p in pts])

        def bar(x: float) -> None:
            pygame.draw.rect(surface, color, vp.rect(x - 1.5, cy - s, 3, 2 * s))

        if self.kind == "play":
            tri(cx + 1, 1)
        elif self.kind == "pause":
            bar(cx - 4)
            bar(cx + 4)
        elif self.kind == "back":
            tri(cx, -1)
        elif self.kind == "forward":
            tri(cx, 1)
        elif self.kind == "start":
            bar(cx - 8)
            tri(cx + 2, -1)
        elif self.kind == "end":
            tri(cx - 2, 1)
            bar(cx + 8)


def _icon_button(group: WidgetGroup, id: str, kind: str, rect: pygame.Rect, on_click: Callable[[], None],
                 style: str = "secondary") -> Button:
    icon = TransportIcon(kind)
    button = group.add(Button(id, "", rect, on_click, style=style, icon=icon))
    icon.button = button
    return button


# -- the strip ----------------------------------------------------------------------------------------
class ControlStrip:
    """The viewer's widgets and the strip's drawing.

    Args:
        actions: callbacks by name — ``back`` (leave), ``start``, ``step_back``, ``play``
            (toggle auto-play), ``step_forward``, ``end``, ``play_here``, ``speed(value)``,
            ``viewer(value)``.
        viewer_options: ``[(value, label)]`` of the viewer choice (``"all"`` first), or None for
            a game without hidden information (no viewer choice).
        swatches: seat colour per viewer value (RGB), for the choice's dots.
    """

    def __init__(self, actions: dict[str, Callable[..., None]],
                 viewer_options: Sequence[tuple[str, str]] | None,
                 swatches: dict[str, tuple[int, int, int]] | None = None, speed: str = "1"):
        self.widgets = WidgetGroup()
        g = self.widgets
        self.back = g.add(Button("button:back", _("Back"), BACK_RECT, actions["back"], style="secondary", size=18))
        self.start = _icon_button(g, "button:replay-start", "start", START_RECT, actions["start"])
        self.step_back = _icon_button(g, "button:replay-back", "back", STEP_BACK_RECT, actions["step_back"])
        self.play_icon = TransportIcon("play")
        self.play = g.add(Button("button:replay-play", "", PLAY_RECT, actions["play"], style="primary",
                                 icon=self.play_icon))
        self.play_icon.button = self.play
        self.step_forward = _icon_button(g, "button:replay-forward", "forward", STEP_FORWARD_RECT,
                                         actions["step_forward"])
        self.end = _icon_button(g, "button:replay-end", "end", END_RECT, actions["end"])
        self.speed = g.add(SegmentedChoice("choice:replay-speed", [(v, label) for v, label, _ in SPEEDS],
                                           SPEED_RECT, value=speed, on_change=actions["speed"], size=16))
        self.viewer: SegmentedChoice | None = None
        if viewer_options:
            self.viewer = g.add(SegmentedChoice("choice:replay-viewer", list(viewer_options), VIEWER_RECT,
                                                value="all", on_change=actions["viewer"], size=15,
                                                swatches=swatches))
        # Translators: a button of the replay viewer: a new game from the position on screen (~16 characters)
        self.play_here = g.add(Button("button:play-from-here", _("Play from here"), PLAY_HERE_RECT,
                                      actions["play_here"], style="primary", size=17))
        self._cache: tuple[tuple, pygame.Surface] | None = None  # (what was drawn, its pixels)

    def sync(self, index: int, count: int, playing: bool, can_play_here: bool) -> None:
        """Enable the buttons for position ``index`` of ``count`` and show play or pause."""
        self.start.enabled = self.step_back.enabled = index > 0
        self.step_forward.enabled = self.end.enabled = index < count
        self.play.enabled = count > 0
        self.play_icon.kind = "pause" if playing else "play"
        self.play_here.enabled = can_play_here

    def hide_all_but_back(self) -> None:
        """Only ``button:back`` stays (a record that cannot be shown)."""
        for w in self.widgets.widgets:
            w.visible = w is self.back

    def _look(self) -> tuple:
        """Everything the strip's pixels depend on besides the texts (widget states)."""
        out: list[tuple] = []
        for w in self.widgets.widgets:
            if isinstance(w, Button):
                icon = w.icon.kind if isinstance(w.icon, TransportIcon) else None
                out.append((*w.look(), icon))
            elif isinstance(w, SegmentedChoice):
                out.append(w.look())
            else:
                return (object(),)  # an unknown widget: never cached
        return tuple(out)

    def draw(self, surface: pygame.Surface, app: Any, readout: str, detail: str, caption: str) -> None:
        """The strip, its widgets, the readout (``readout`` bold, ``detail`` under it) and the
        viewer choice's ``caption`` (or a title where there is no viewer choice).

        The strip's pixels are kept (a render cache, the only thing this changes) and blitted
        again while nothing of it changes (most frames of stepping or auto-play)."""
        vp = app.viewport
        wr = vp.to_window(STRIP).clip(surface.get_rect())
        key = (vp.version, wr.topleft, wr.size, readout, detail, caption, self._look())
        if self._cache is not None and self._cache[0] == key:
            surface.blit(self._cache[1], wr)
            return
        self._paint(surface, app, readout, detail, caption)
        if wr.w > 0 and wr.h > 0:
            self._cache = (key, surface.subsurface(wr).copy())

    def _paint(self, surface: pygame.Surface, app: Any, readout: str, detail: str, caption: str) -> None:
        vp = app.viewport
        wr = vp.to_window(STRIP)
        pygame.draw.rect(surface, STRIP_FILL, wr)
        pygame.draw.rect(surface, C.GOLD, vp.rect(STRIP.x, STRIP.y, STRIP.w, 2))
        if self.back.visible and self.start.visible:
            draw_text(surface, app, readout, (READOUT_CENTER_X, 676), 19, TEXT, bold=True)
            detail, size = fit_label(app, detail, 14, False, READOUT_W)
            draw_text(surface, app, detail, (READOUT_CENTER_X, 698), size, TEXT_SOFT)
            # Translators: the replay viewer's caption over the auto-play speed choice (½×, 1×, 2×, 4×)
            draw_text(surface, app, _("Speed"), (SPEED_RECT.centerx, CAPTION_Y), 13, TEXT_SOFT)
            cx = VIEWER_RECT.centerx
            if self.viewer is not None:
                draw_text(surface, app, fit_text(app, caption, 13, False, VIEWER_RECT.w), (cx, CAPTION_Y), 13,
                          TEXT_SOFT)
            else:
                draw_text(surface, app, fit_text(app, caption, 16, False, VIEWER_RECT.w), (cx, 686), 16,
                          mix(TEXT_SOFT, TEXT, 0.5))
        self.widgets.draw(surface, app)


def viewer_options(app: Any, names: Sequence[str], size: float = 15) -> tuple[list[tuple[str, str]], bool]:
    """The viewer choice's options and whether they need seat-colour dots: ``("all", "All")`` and
    one per seat (value ``"0"``, ``"1"``, ...), labelled with the seat's name when every name fits
    its segment at ``size`` (bold), else with the seat's number (then with its colour's dot)."""
    seg = VIEWER_RECT.w / (len(names) + 1)
    # Translators: the replay viewer's choice of whose hidden cards are shown: everyone's (a short segment)
    everyone = ("all", pgettext("replay viewer", "All"))
    if all(text_width(app, name, size, True) <= seg - 14 for name in names):
        return [everyone] + [(str(i), name) for i, name in enumerate(names)], False
    return [everyone] + [(str(i), str(i + 1)) for i in range(len(names))], True


__all__ = ["BOARD", "ControlStrip", "SPEEDS", "SPEED_FACTOR", "STRIP", "TransportIcon", "viewer_options"]
