"""What a frame drew, box by box: the record the layout check reads (issue 21 §1).

While a :class:`BoxRecorder` is attached to the assets (``app.assets.boxes``), every text the kit
draws (:func:`scenes.kit.draw.draw_text`) is recorded as a :class:`DrawnText`: its words, its ink
rect and line rect (WINDOW px), the window px size of its smallest run, the box that holds it
(its container: a button, a pill, a segment) and whether it is declared to lie over others (a
tooltip, a flight, a dragged card, a dialog over a dimmed scene). An opaque panel drawn over
earlier texts hides them (:meth:`BoxRecorder.cover`). A text cut with an ellipsis, or a label
that did not fit even shrunk, is recorded as cut. Nothing is recorded while no recorder is
attached (the normal case): the hooks cost one attribute read.

The kit's drawing code marks containers and layers with the module functions :func:`within`,
:func:`lying_over`, :func:`cover` and :func:`new_layer`; each is a no-op without a recorder.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

import pygame


@dataclass
class DrawnText:
    """One text drawn in a frame.

    text: the words as drawn; ink: the rect its glyphs' pixels cover (WINDOW px); line: the rect of
    its whole line (WINDOW px); runs: each run's window px size and whether it is in the Japanese
    font (a line mixing scripts is set in runs, see ``Assets.text_runs``); box: the WINDOW px
    rect of the container it must stay inside, or None; over: declared to lie over whatever was drawn before it (a tooltip, a flight, a dialog); layer: the
    scene layer (0 the bottom scene, +1 per overlay scene or dimmed dialog); seq: drawing order;
    hidden: covered whole by an opaque panel drawn later; cut_by: the WINDOW px rect of a panel
    drawn later over part of it (it reads cut), or None; owner: what drew it (a widget's id), if
    said; ornament: a Japanese ornament beside a translated title (``decorative``: shown in
    every language, never a language finding); missing: the characters its font has no glyph
    for (drawn as boxes: a ``glyph`` finding, issue 33 item 8)."""

    text: str
    ink: pygame.Rect
    line: pygame.Rect
    runs: tuple[tuple[int, bool], ...]
    box: pygame.Rect | None
    over: bool
    layer: int
    seq: int
    owner: str | None = None
    ornament: bool = False
    hidden: bool = False
    cut_by: pygame.Rect | None = None
    missing: str = ""


@dataclass
class BoxRecorder:
    """The boxes of one frame (reset with :meth:`clear` before the frame is drawn).

    texts: every :class:`DrawnText`; cuts: ``(text, needed, room)`` logical px of every text cut
    with an ellipsis or a label that did not fit even shrunk; covers: opaque panels as
    ``(window rect, seq, over)``; widgets: the widgets drawn, id -> ``(window rect, seq, layer)``."""

    texts: list[DrawnText] = field(default_factory=list)
    cuts: list[tuple[str, float, float]] = field(default_factory=list)
    covers: list[tuple[pygame.Rect, int, bool]] = field(default_factory=list)
    widgets: dict[str, tuple[pygame.Rect, int, int]] = field(default_factory=dict)
    _boxes: list[tuple[pygame.Rect, str | None]] = field(default_factory=list)
    _over: int = 0
    layer: int = 0
    _seq: int = 0

    def clear(self) -> None:
        """Forget the last frame."""
        self.texts.clear()
        self.cuts.clear()
        self.covers.clear()
        self.widgets.clear()
        self._boxes.clear()
        self._over = 0
        self.layer = 0
        self._seq = 0

    def _next(self) -> int:
        self._seq += 1
        return self._seq

    @contextmanager
    def inside(self, wrect: pygame.Rect, owner: str | None = None) -> Iterator[None]:
        """Texts drawn in the block must stay inside the WINDOW rect ``wrect`` (see :func:`within`)."""
        self._boxes.append((pygame.Rect(wrect), owner))
        try:
            yield
        finally:
            self._boxes.pop()

    @contextmanager
    def over(self) -> Iterator[None]:
        """What is drawn in the block lies over what was drawn before (see :func:`lying_over`)."""
        self._over += 1
        try:
            yield
        finally:
            self._over -= 1

    def note_text(self, text: str, image: pygame.Surface, wrect: pygame.Rect, runs: tuple[tuple[int, bool], ...],
                  clip: pygame.Rect | None, ornament: bool = False, missing: str = "") -> None:
        """Record ``text`` drawn as ``image`` at the WINDOW rect ``wrect`` (``runs``: each run's
        window px size and Japanese font or not). ``clip``: the window surface's clip rect (a scrolled list shows
        only what is inside it), or None for a text drawn on a surface of its own (a cached
        picture: its words are checked, not its place); ``missing``: the characters its font
        has no glyph for."""
        bound = image.get_bounding_rect()
        ink = bound.move(wrect.topleft) if bound.w and bound.h else pygame.Rect(wrect.x, wrect.y, 0, 0)
        if clip is None:
            ink = pygame.Rect(0, 0, 0, 0)
        elif not clip.contains(ink):
            ink = ink.clip(clip)
        box, owner = self._boxes[-1] if self._boxes else (None, None)
        self.texts.append(DrawnText(text, ink, pygame.Rect(wrect), tuple(runs), box, self._over > 0, self.layer,
                                    self._next(), owner, ornament, missing=missing))

    def note_widget(self, ident: str, wrect: pygame.Rect) -> None:
        """A widget (a button, a choice) drawn now at the WINDOW rect ``wrect``: it lies over
        the panels drawn before it. Elements of the scene that are not widgets (tiles, cards,
        piles) count as drawn with the table, under every panel."""
        self.widgets[ident] = (pygame.Rect(wrect), self._next(), self.layer)

    def panel_under(self, t: DrawnText) -> tuple[pygame.Rect, int] | None:
        """The last opaque panel drawn before ``t`` in its layer that holds it whole, as
        ``(window rect, seq)``, or None (the text lies on the table)."""
        for rect, seq, _over in reversed(self.covers):
            if seq < t.seq and rect.contains(t.ink):
                return rect, seq
        return None

    def note_cut(self, text: str, needed: float, room: float) -> None:
        """A text that did not fit ``room`` logical px (it needed ``needed``)."""
        self.cuts.append((text, round(needed, 1), round(room, 1)))

    def note_cover(self, wrect: pygame.Rect) -> None:
        """An opaque panel at the WINDOW rect ``wrect`` drawn now: texts of this layer drawn before
        it and wholly under it are hidden; one partly under it reads cut (unless the panel is drawn
        inside :func:`lying_over`: a dialog or tooltip may hide part of what lies under it)."""
        over = self._over > 0
        self.covers.append((pygame.Rect(wrect), self._next(), over))
        for t in self.texts:
            if t.hidden or t.layer != self.layer or not t.ink.w or not wrect.colliderect(t.ink):
                continue
            if wrect.contains(t.ink) or over:
                t.hidden = True
            elif t.cut_by is None and not _inside_box(t, wrect):
                t.cut_by = pygame.Rect(wrect)


def _inside_box(t: DrawnText, wrect: pygame.Rect) -> bool:
    """True if the panel ``wrect`` is the text's own container (a button drawn under its label)."""
    return t.box is not None and t.box.contains(wrect)


def widget(app: Any, ident: str, wrect: pygame.Rect) -> None:
    """A widget ``ident`` drawn now at the WINDOW rect ``wrect`` (see :meth:`BoxRecorder.note_widget`)."""
    rec = recorder(app)
    if rec is not None:
        rec.note_widget(ident, wrect)


def clip_of(surface: pygame.Surface) -> pygame.Rect | None:
    """The layout check's view of where a text on ``surface`` shows: the surface's clip rect when
    it is set (a scrolled list), the whole plane when not (the window's edge is checked apart), and
    None for a surface that is not the window (a picture drawn for later). The window is the
    display surface, whatever viewport draws on it (the replay viewer's inset has its own)."""
    if surface is not pygame.display.get_surface():
        return None
    clip = surface.get_clip()
    return pygame.Rect(-10**6, -10**6, 2 * 10**6, 2 * 10**6) if clip == surface.get_rect() else clip


def recorder(app: Any) -> BoxRecorder | None:
    """The recorder attached to ``app``'s assets, or None (the normal case)."""
    return getattr(getattr(app, "assets", None), "boxes", None)


@contextmanager
def within(app: Any, wrect: pygame.Rect, owner: str | None = None) -> Iterator[None]:
    """Texts drawn inside the block must stay inside the WINDOW rect ``wrect`` (their container:
    a button, a pill, a segment); ``owner`` names it in a report."""
    rec = recorder(app)
    if rec is None:
        yield
        return
    with rec.inside(wrect, owner):
        yield


@contextmanager
def lying_over(app: Any) -> Iterator[None]:
    """What is drawn inside the block is declared to lie over what was drawn before (a tooltip,
    a flight, a dragged card, the opened log panel): it is not an overlap, and a panel drawn in it
    hides what lies under it whole."""
    rec = recorder(app)
    if rec is None:
        yield
        return
    with rec.over():
        yield


def cover(app: Any, wrect: pygame.Rect) -> None:
    """An opaque panel drawn at the WINDOW rect ``wrect`` (see :meth:`BoxRecorder.note_cover`)."""
    rec = recorder(app)
    if rec is not None:
        rec.note_cover(wrect)


def new_layer(app: Any) -> None:
    """Everything drawn from now on lies over everything drawn before (an overlay scene, the
    dim under a dialog): texts below are not compared with texts above."""
    rec = recorder(app)
    if rec is not None:
        rec.layer += 1
