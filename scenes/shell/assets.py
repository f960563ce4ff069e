"""Bundled assets: fonts, SVG art and images, rendered at the window scale and cached.

Asset root:
* ``TATAMI_ASSETS_DIR`` if set (tests);
* frozen (PyInstaller): ``sys._MEIPASS/assets``;
* from source: ``<repo root>/assets``.

Only the bundled fonts are ever used (never system fonts). A missing or broken file never
crashes the app: it is logged once (logger "tatami.assets") and a placeholder is used
(pygame's built-in default font for text, a hatched surface for art).

Sizes: ``font(logical_size)`` and ``svg(path, logical_w, logical_h)`` take LOGICAL pixels and
render at ``round(n * viewport.scale)`` WINDOW pixels. ``clear()`` drops every cache; the
app calls it when the window scale changes, and :meth:`Assets.language_changed` (the texts) when
the language does. Every cache is bounded (issue 21 §6): fonts :attr:`Assets.FONT_CACHE_MAX` pixel
sizes, text :attr:`Assets.TEXT_CACHE_MAX` surfaces and :attr:`Assets.TEXT_CACHE_BYTES`, SVG art
:attr:`Assets.SVG_CACHE_MAX` and :attr:`Assets.SVG_CACHE_WINDOWS` windows' worth (at least
:attr:`Assets.SVG_CACHE_BYTES`), the glyph checks
:attr:`Assets.GLYPH_CACHE_MAX` (the least recently used go first).

Text (``text`` / ``text_size`` / ``render_px``) is drawn at its real window size, never smaller
than :data:`MIN_TEXT_PX` (:data:`MIN_JP_TEXT_PX` for Japanese), whatever the window's scale.
Small sizes are rasterised :func:`supersample` times larger and smooth-scaled down: FreeType's
hinting rounds each glyph's advance to a whole pixel, which at 8-14 px spaces letters unevenly
("M ackerel", "well e a ten!"); at several times the size the rounding is a fraction of a pixel
and the scaled text is evenly spaced (HarfBuzz shaping and kerning are kept). pygame-ce exposes no
hinting switch for ``pygame.font`` (pygame-ce issue #2829).
"""
from __future__ import annotations

import logging
import sys
import time
from pathlib import Path
from typing import Any, Iterable, Sequence

import pygame

from game import environ
from game.i18n import plain_words
from scenes.kit.draw import has_cjk  # noqa: F401  (re-exported: the JP font's test)
from scenes.kit.render_cache import MB, RenderCache, windows_of
from scenes.shell.fonts import (FONT_FILES, MAX_LINE_EMS_PX, MAX_SUPERSAMPLE, MIN_JP_TEXT_PX,  # noqa: F401
                                MIN_TEXT_PX, SUPERSAMPLE_PX, font_safe, supersample)  # (re-exported)
from scenes.shell.glyphs import Glyphs

log = logging.getLogger("tatami.assets")

def asset_root() -> Path:
    """Directory holding the bundled assets (see module doc)."""
    env = environ.assets_dir()
    if env:
        return env
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


class Assets:
    """Font / SVG / image loader bound to a ``Viewport``.

    Methods return pygame objects sized in WINDOW pixels for LOGICAL inputs.
    """

    #: Most text surfaces kept, and most bytes of them.
    TEXT_CACHE_MAX = 600
    TEXT_CACHE_BYTES = 12 * MB
    #: Most fonts kept, one per (window px size, bold, Japanese); a Japanese face holds ~0.5 MB.
    FONT_CACHE_MAX = 96
    #: Most SVG renders kept (one per window px size), and most bytes of them (three windows' worth
    #: if more: a table's art covers the window).
    SVG_CACHE_MAX = 160
    SVG_CACHE_BYTES, SVG_CACHE_WINDOWS = 24 * MB, 3.0
    #: Most answers kept of "has the font a glyph for this character / every one of this text".
    GLYPH_CACHE_MAX = 4096
    #: Most text measures kept (:meth:`text_size`: a few numbers each; scenes measure every frame
    #: what they lay out, and FreeType's measuring is what a frame would spend most on).
    MEASURE_CACHE_MAX = 4096

    def __init__(self, viewport: Any, root: Path | None = None, checked_with: "Assets | None" = None):
        """``checked_with``: the window's assets when these draw a part of the same window (the
        replay viewer's inset): the checks attached to them (``boxes``, ``unmarked``,
        ``overflow``) record what these draw too."""
        self.viewport = viewport
        self._checked_with = checked_with
        self.root = Path(root) if root is not None else asset_root()
        self._fonts: RenderCache[pygame.font.Font] = RenderCache(self.FONT_CACHE_MAX)
        self._svgs: RenderCache[pygame.Surface] = RenderCache(self.SVG_CACHE_MAX, windows_of(
            self.SVG_CACHE_WINDOWS, self.SVG_CACHE_BYTES, lambda: viewport.window_size))
        self._images: dict[str, pygame.Surface | None] = {}
        self._text: RenderCache[pygame.Surface] = RenderCache(self.TEXT_CACHE_MAX, self.TEXT_CACHE_BYTES)
        self._warned: set[str] = set()
        self._exists: dict[str, bool] = {}  # relpath -> is the file there (asked once)
        self._glyph_ok: RenderCache[bool] = RenderCache(self.GLYPH_CACHE_MAX)  # not scale dependent
        self._measures: RenderCache[tuple[int, int, int]] = RenderCache(self.MEASURE_CACHE_MAX)
        self.glyphs = Glyphs(self.font_px, self._glyph_ok)  #: which characters the fonts hold
        #: when a set: every text drawn with English-looking words under the pseudo language is
        #: added (the self-test's check that no text on screen bypassed the catalogs)
        self._unmarked: set[str] | None = None
        #: when a list: every text that did not fit where it is shown, as (text, needed, room)
        #: logical px (:func:`scenes.kit.widgets.fit_size` even at its smallest size, a text
        #: :func:`scenes.kit.draw.fit_text` had to cut) — the fit check of every language
        self._overflow: list[tuple[str, float, float]] | None = None
        #: when set: the layout check's record of every text drawn this frame (scenes/kit/boxes.py)
        self._boxes: Any = None
        self.missing: list[str] = []  # relpaths that failed to load (for reports/tests)
        #: ms spent opening fonts (``fonts``) and rasterising SVG art (``art``) since the start
        #: (the start benchmark's steps: scenes/shell/startclock.py)
        self.load_ms: dict[str, float] = {"fonts": 0.0, "art": 0.0}
        self._scale = viewport.scale

    # -- the checks attached (shared with the window's assets when drawing inside it) ---
    @property
    def unmarked(self) -> set[str] | None:
        """When a set: every text drawn with English-looking words under the pseudo language is
        added (the self-test's check that no text on screen bypassed the catalogs)."""
        return self._checked_with.unmarked if self._checked_with is not None else self._unmarked

    @unmarked.setter
    def unmarked(self, value: set[str] | None) -> None:
        self._unmarked = value

    @property
    def overflow(self) -> list[tuple[str, float, float]] | None:
        """When a list: every text that did not fit where it is shown, as (text, needed, room)
        logical px (the fit check of every language)."""
        return self._checked_with.overflow if self._checked_with is not None else self._overflow

    @overflow.setter
    def overflow(self, value: list[tuple[str, float, float]] | None) -> None:
        self._overflow = value

    @property
    def boxes(self) -> Any:
        """When set: the layout check's record of every text drawn this frame
        (:class:`scenes.kit.boxes.BoxRecorder`)."""
        return self._checked_with.boxes if self._checked_with is not None else self._boxes

    @boxes.setter
    def boxes(self, value: Any) -> None:
        self._boxes = value

    # -- housekeeping -----------------------------------------------------------------
    def path(self, relpath: str) -> Path:
        return self.root / relpath

    def exists(self, relpath: str) -> bool:
        """True if the asset file is there (asked of the disk once per path: the bundled assets
        do not change while the app runs, and scenes ask while drawing)."""
        found = self._exists.get(relpath)
        if found is None:
            found = self._exists[relpath] = self.path(relpath).is_file()
        return found

    def _warn_once(self, relpath: str, msg: str) -> None:
        if relpath not in self._warned:
            self._warned.add(relpath)
            self.missing.append(relpath)
            log.warning("asset %s: %s (using a placeholder)", relpath, msg)

    def clear(self) -> None:
        """Drop every scale-dependent cache (call when the window scale changes)."""
        self._fonts.clear()
        self._svgs.clear()
        self._text.clear()
        self._measures.clear()
        self._scale = self.viewport.scale

    def caches(self) -> dict[str, RenderCache[Any]]:
        """The bounded caches by name (``fonts``, ``text``, ``svgs``, ``glyphs``, ``measures``), for a
        report."""
        return {"fonts": self._fonts, "text": self._text, "svgs": self._svgs, "glyphs": self._glyph_ok,
                "measures": self._measures}

    def language_changed(self) -> None:
        """Drop the rendered texts (the app calls this when the language changes: the old
        language's texts will not be drawn again)."""
        self._text.clear()

    def _check_scale(self) -> None:
        if self.viewport.scale != self._scale:  # (the same window size gives the same float)
            self.clear()

    # -- fonts ------------------------------------------------------------------------
    def font_px(self, px: int, bold: bool = False, jp: bool = False) -> pygame.font.Font:
        """A bundled font at an exact WINDOW pixel size (cached)."""
        px = max(4, int(px))
        key = (px, bool(bold), bool(jp))
        return self._fonts.get(key, lambda: self._load_font(px, bool(bold), bool(jp)), self._fonts.version)

    def _load_font(self, px: int, bold: bool, jp: bool) -> pygame.font.Font:
        """The bundled font of ``px`` WINDOW px, or its fallbacks (module doc); its time is added
        to :attr:`load_ms`."""
        t0 = time.perf_counter()
        try:
            return self._open_font(px, bold, jp)
        finally:
            self.load_ms["fonts"] += (time.perf_counter() - t0) * 1000.0

    def _open_font(self, px: int, bold: bool, jp: bool) -> pygame.font.Font:
        rel = FONT_FILES[("jp_bold" if bold else "jp") if jp else ("bold" if bold else "regular")]
        f = None
        p = self.path(rel)
        if p.is_file():
            try:
                f = pygame.font.Font(str(p), px)
            except (OSError, pygame.error) as e:
                self._warn_once(rel, f"cannot load font: {e}")
        else:
            self._warn_once(rel, "missing font file")
        if f is None and bold:
            # the regular face of the script, synthetic bold
            reg = self.path(FONT_FILES["jp" if jp else "regular"])
            if reg.is_file():
                try:
                    f = pygame.font.Font(str(reg), px)
                    f.bold = True
                except (OSError, pygame.error):
                    f = None
        if f is None and jp:
            # fall back to the Latin face (CJK glyphs will be missing)
            f = self.font_px(px, bold=bold, jp=False)
        if f is None:
            # pygame's own bundled default font (not a system font)
            f = pygame.font.Font(None, int(px * 1.3))
            if bold:
                f.bold = True
        return f

    def font(self, logical_size: float, bold: bool = False, jp: bool = False) -> pygame.font.Font:
        """A bundled font at ``round(logical_size * scale)`` window px (cached per pixel size)."""
        self._check_scale()
        return self.font_px(round(logical_size * self.viewport.scale), bold, jp)

    def font_for(self, text: str, logical_size: float, bold: bool = False) -> pygame.font.Font:
        """Like ``font`` but picks the JP font when the text holds CJK characters."""
        return self.font(logical_size, bold=bold, jp=has_cjk(text))

    def can_render(self, text: str, jp: bool | None = None) -> bool:
        """True if every character of ``text`` has a glyph in the bundled font that would be used
        (:class:`scenes.shell.glyphs.Glyphs`)."""
        return self.glyphs.can_render(text, has_cjk(text) if jp is None else jp)

    def missing_glyphs(self, runs: Iterable[tuple[str, int, bool]]) -> str:
        """The characters of ``runs`` (:meth:`text_runs`' ``(piece, px, JP font)``) their font has
        no glyph for, each once, spaces aside ("" when every one is there)."""
        return self.glyphs.missing(runs)

    def text_px(self, logical_size: float, jp: bool = False) -> int:
        """The WINDOW px size text of ``logical_size`` logical px is drawn at:
        ``round(logical_size * scale)``, at least :data:`MIN_TEXT_PX` (:data:`MIN_JP_TEXT_PX` with
        ``jp``)."""
        self._check_scale()
        return max(round(logical_size * self.viewport.scale), MIN_JP_TEXT_PX if jp else MIN_TEXT_PX)

    def min_px(self, jp: bool = False) -> int:
        """The smallest text size drawn, in WINDOW px (:data:`MIN_TEXT_PX` / :data:`MIN_JP_TEXT_PX`)."""
        return MIN_JP_TEXT_PX if jp else MIN_TEXT_PX

    def min_logical(self, jp: bool = False) -> float:
        """The smallest logical size text keeps at the current scale (the minimum window px size
        in logical px): sizes below it are drawn as large as it."""
        return self.min_px(jp) / self.viewport.scale

    def text_size_px(self, text: str, px: int, bold: bool = False, jp: bool = False) -> tuple[int, int]:
        """(w, h) WINDOW px of ``text`` as :meth:`render_px` draws it at ``px`` px (h: the line
        height)."""
        k = supersample(px)
        w, h = self.font_px(px * k, bold, jp).size(font_safe(text, px * k))
        if k == 1:
            return (w, h)
        return (-(-w // k), max(1, round(h / k)))

    def render_px(self, text: str, px: int, color: Sequence[int] = (0, 0, 0), bold: bool = False,
                  jp: bool = False) -> pygame.Surface:
        """``text`` anti-aliased on a transparent surface, ``px`` WINDOW px tall, of exactly
        :meth:`text_size_px` (not cached; see the module doc for the supersampling)."""
        rgb = tuple(color[:3])
        k = supersample(px)
        if k == 1 or not text:
            return self.font_px(px, bold, jp).render(font_safe(text, px), True, rgb)
        big = self.font_px(px * k, bold, jp).render(font_safe(text, px * k), True, rgb)
        size = self.text_size_px(text, px, bold, jp)
        return pygame.transform.smoothscale(big, size)

    def _ascent_px(self, px: int, bold: bool, jp: bool) -> int:
        """The font's ascent (top of the line to the baseline) in WINDOW px, as :meth:`render_px`
        draws ``px`` px text."""
        k = supersample(px)
        return round(self.font_px(px * k, bold, jp).get_ascent() / k)

    def text_runs(self, text: str, logical_size: float, jp: bool | None = None) -> list[tuple[str, int, bool]]:
        """How :meth:`text` draws ``text`` at ``logical_size``: ``[(piece, window px, JP font)]``.

        Text without Japanese is one run in the Latin font; text that is all Japanese (spaces
        aside), or asked for with ``jp=True`` without holding any, one run in the JP font. A line
        mixing Japanese with other text is set in runs on one baseline: the Japanese in the JP font
        at :meth:`text_px` (``jp=True``), the rest in the Latin font at its own size — so its words
        look like the lines around them, and in a small window, where the Japanese minimum is
        the larger, its kanji stay readable while its words keep the Latin size."""
        if jp is None:
            jp = has_cjk(text)
        px = self.text_px(logical_size, jp)
        if not jp:
            return [(text, px, False)]
        runs: list[list[Any]] = []
        for ch in text:
            cjk = has_cjk(ch)
            if runs and (ch.isspace() or runs[-1][1] == cjk):
                runs[-1][0] += ch
            else:
                runs.append([ch, cjk])
        if len(runs) <= 1 or not any(cjk for _, cjk in runs):
            return [(text, px, True)]
        latin_px = self.text_px(logical_size, False)
        return [(piece, px if cjk else latin_px, cjk) for piece, cjk in runs]

    def _runs_size(self, runs: list[tuple[str, int, bool]], bold: bool) -> tuple[int, int, int]:
        """(w, h, baseline y) in WINDOW px of ``runs`` set on one baseline."""
        if len(runs) == 1:
            piece, px, jp = runs[0]
            w, h = self.text_size_px(piece, px, bold, jp)
            return w, h, self._ascent_px(px, bold, jp)
        sizes = [self.text_size_px(piece, px, bold, jp) for piece, px, jp in runs]
        ascents = [self._ascent_px(px, bold, jp) for _, px, jp in runs]
        top = max(ascents)
        below = max(h - a for (_, h), a in zip(sizes, ascents))
        return sum(w for w, _ in sizes), top + below, top

    def text_size(self, text: str, logical_size: float, bold: bool = False,
                  jp: bool | None = None) -> tuple[int, int]:
        """(w, h) WINDOW px of :meth:`text` (``jp=None``: the JP font if ``text`` holds CJK); kept
        (LRU, :attr:`MEASURE_CACHE_MAX`) per text, pixel size, weight and ``jp``."""
        self._check_scale()
        # the runs depend on the size only through round(size * scale) (text_px), as in text()
        key = (text, round(logical_size * self.viewport.scale), bool(bold), jp)
        m = self._measures.peek(key)
        if m is None:
            m = self._runs_size(self.text_runs(text, logical_size, jp), bold)
            self._measures.put(key, m)
        return (m[0], m[1])

    def text(
        self,
        text: str,
        logical_size: float,
        color: Sequence[int] = (0, 0, 0),
        bold: bool = False,
        jp: bool | None = None,
    ) -> pygame.Surface:
        """Rendered (anti-aliased, transparent) text at :meth:`text_px` window px (in runs, see
        :meth:`text_runs`); cached (LRU), as large as :meth:`text_size` says.

        ``jp=None`` chooses the JP font automatically if the text has CJK characters. A 4th
        ``color`` value below 255 is the surface's alpha.
        """
        self._check_scale()
        unmarked = self.unmarked
        if unmarked is not None and plain_words(text):
            unmarked.add(text)
        # the runs depend on the size only through round(size * scale) (text_px): one entry per
        # pixel size; jp as asked (None: decided by the text, the same each time)
        key = (text, round(logical_size * self.viewport.scale), tuple(color), bold, jp)
        s = self._text.peek(key)
        if s is not None:
            return s
        if jp is None:
            jp = has_cjk(text)
        runs = self.text_runs(text, logical_size, jp)
        if len(runs) == 1:
            s = self.render_px(text, runs[0][1], color, bold, runs[0][2])
        else:
            w, h, top = self._runs_size(runs, bold)
            s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            x = 0
            for piece, px, run_jp in runs:
                img = self.render_px(piece, px, color, bold, run_jp)
                s.blit(img, (x, top - self._ascent_px(px, bold, run_jp)))
                x += img.get_width()
        if len(color) == 4 and color[3] < 255:
            s.set_alpha(color[3])
        self._text.put(key, s)
        return s

    def report_overflow(self, text: str, needed: float, room: float) -> None:
        """A text did not fit (``needed`` > ``room`` logical px): kept in :attr:`overflow` while
        a fit check runs, else nothing. Checked at the reference size (1280x720, scale 1) and
        larger: in a smaller window the smallest text size (:data:`MIN_TEXT_PX`) is larger than
        the layout's small print, and a cut there is expected."""
        if self.overflow is not None and self.viewport.scale >= 0.999:
            self.overflow.append((text, round(needed, 1), round(room, 1)))
        if self.boxes is not None:
            self.boxes.note_cut(text, needed, room)

    # -- art --------------------------------------------------------------------------
    def svg_px(self, relpath: str, w_px: int, h_px: int) -> pygame.Surface:
        """SVG rasterised at exactly (w_px, h_px) window pixels (cached). Placeholder on error."""
        w_px, h_px = max(1, int(w_px)), max(1, int(h_px))
        key = (relpath, w_px, h_px)
        s = self._svgs.peek(key)
        if s is not None:
            return s
        p = self.path(relpath)
        s = None
        t0 = time.perf_counter()
        if p.is_file():
            try:
                s = pygame.image.load_sized_svg(str(p), (w_px, h_px))
                if s.get_size() != (w_px, h_px):
                    # keep the aspect ratio the SVG chose, centred on a transparent canvas
                    canvas = pygame.Surface((w_px, h_px), pygame.SRCALPHA)
                    canvas.blit(s, s.get_rect(center=(w_px // 2, h_px // 2)))
                    s = canvas
                s = s.convert_alpha() if pygame.display.get_surface() else s
            except (pygame.error, OSError, ValueError) as e:
                self._warn_once(relpath, f"cannot load SVG: {e}")
                s = None
        else:
            self._warn_once(relpath, "missing file")
        if s is None:
            s = placeholder_surface(w_px, h_px)
        self.load_ms["art"] += (time.perf_counter() - t0) * 1000.0
        self._svgs.put(key, s)
        return s

    def svg(self, relpath: str, logical_w: float, logical_h: float) -> pygame.Surface:
        """SVG rasterised at the window size of a logical (w, h) box (cached per size)."""
        self._check_scale()
        vp = self.viewport
        return self.svg_px(relpath, vp.px(logical_w), vp.px(logical_h))

    def image(self, relpath: str) -> pygame.Surface | None:
        """A raster image (PNG) at its own size, or None if missing/broken (logged once)."""
        if relpath in self._images:
            return self._images[relpath]
        p = self.path(relpath)
        img = None
        if p.is_file():
            try:
                img = pygame.image.load(str(p))
            except (pygame.error, OSError) as e:
                self._warn_once(relpath, f"cannot load image: {e}")
        else:
            self._warn_once(relpath, "missing file")
        self._images[relpath] = img
        return img


def placeholder_surface(w: int, h: int) -> pygame.Surface:
    """A visible but unobtrusive stand-in for missing art: translucent hatched box."""
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    s.fill((120, 100, 80, 60))
    step = max(6, min(w, h) // 6)
    for x in range(-h, w, step):
        pygame.draw.line(s, (120, 100, 80, 110), (x, h), (x + h, 0), 1)
    pygame.draw.rect(s, (120, 100, 80, 160), s.get_rect(), 1)
    return s

