"""The render cache of the card games' art (Sushi Draft, Kanji-zushi): card surfaces in WINDOW
pixels, built once per size and dropped when the window's scale changes.

A subclass sets :attr:`CardArt.BASE_W` / :attr:`CardArt.BASE_H` (the logical size cards are
normally drawn at, e.g. in the hand) and implements :meth:`CardArt._build_card`; it can cache
anything else through :meth:`CardArt._get`.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from scenes.kit.render_cache import MB, RenderCache, windows_of


class CardArt:
    """Least-recently-used caches of surfaces, keyed per window scale (``viewport.version``): the
    art drawn every frame (:attr:`cache`, ``MAX_ITEMS`` and ``MAX_BYTES``), and apart from it the
    passing sizes of a flight (:attr:`transient`, ``TRANSIENT_BYTES``: a card or tile at each even
    pixel size it passes through, used a few frames each), so a flight never evicts what every
    frame draws (issue 34: Kanji-zushi rebuilt its kanji glyphs ~0.6 times a frame).

    * ``card(key, w, h)`` / ``card_px(key, w_px, h_px)``: a card (``key`` is the subclass's card
      key) at a logical / window-pixel size, built by ``_build_card`` at exactly that size.
    * ``card_scaled(key, w_px, h_px)``: a card at an arbitrary animated size: smooth-scaled from
      the ``BASE_W`` x ``BASE_H`` render (rendered afresh when bigger than that), cached per even
      pixel size, so flights never rasterise SVG every frame.
    """

    #: Most surfaces kept (the least recently used go first).
    MAX_ITEMS = 800
    #: Most bytes of pixels kept (issue 21 §6: a flight's cards at every size they pass through):
    #: ``MAX_WINDOWS`` windows' worth, at least ``MAX_BYTES`` (33 MB at 1920x1080).
    MAX_BYTES, MAX_WINDOWS = 24 * MB, 4.0
    #: Most bytes of a flight's passing sizes: ``TRANSIENT_WINDOWS`` windows' worth, at least
    #: ``TRANSIENT_BYTES``.
    TRANSIENT_BYTES, TRANSIENT_WINDOWS = 8 * MB, 1.0
    #: The ratio between the renders a card larger than the reference is scaled down from.
    LADDER = 1.25
    #: Logical size (px) of the reference render ``card_scaled`` scales from.
    BASE_W = 100.0
    BASE_H = 140.0

    def __init__(self, app: Any):
        self.app = app
        self._cache: RenderCache[Any] = RenderCache(
            self.MAX_ITEMS, windows_of(self.MAX_WINDOWS, self.MAX_BYTES, lambda: app.viewport.window_size))
        self._transient: RenderCache[Any] = RenderCache(
            self.MAX_ITEMS, windows_of(self.TRANSIENT_WINDOWS, self.TRANSIENT_BYTES, lambda: app.viewport.window_size))

    @property
    def cache(self) -> RenderCache[Any]:
        """The cache of the art drawn every frame (its size and bytes, for a report)."""
        return self._cache

    @property
    def transient(self) -> RenderCache[Any]:
        """The cache of a flight's passing sizes (for a report)."""
        return self._transient

    def _get(self, key: tuple, build: Callable[[], Any]) -> Any:
        """The value cached under ``key`` for the current window scale, built on first use."""
        return self._cache.get(key, build, self.app.viewport.version)

    def _get_passing(self, key: tuple, build: Callable[[], Any]) -> Any:
        """Like :meth:`_get`, for a size a flight passes through (kept apart: :attr:`transient`)."""
        return self._transient.get(key, build, self.app.viewport.version)

    def svg_art(self, relpath: str, w_px: int, h_px: int) -> pygame.Surface:
        """A card's picture (the SVG ``relpath``) at ``w_px`` x ``h_px``: smooth-scaled from its
        render at the reference size (``BASE_W`` x ``BASE_H``) when smaller and of the same shape —
        one SVG rasterised per picture, not one per size a stack or a pile shows (~3 ms each at
        1920x1080; issue 34) — else rasterised at that size. For a subclass's ``_build_card``."""
        vp = self.app.viewport
        base_w, base_h = vp.px(self.BASE_W), vp.px(self.BASE_H)
        if w_px < base_w and h_px < base_h and abs(w_px / h_px - base_w / base_h) < 0.02:
            return pygame.transform.smoothscale(self.app.assets.svg_px(relpath, base_w, base_h), (w_px, h_px))
        return self.app.assets.svg_px(relpath, w_px, h_px)

    def _build_card(self, key: Any, w_px: int, h_px: int) -> pygame.Surface:
        """The card ``key`` rendered at exactly ``w_px`` x ``h_px`` window pixels."""
        raise NotImplementedError

    def card_px(self, key: Any, w_px: int, h_px: int) -> pygame.Surface:
        w_px, h_px = max(1, int(w_px)), max(1, int(h_px))
        return self._get(("card", key, w_px, h_px), lambda: self._build_card(key, w_px, h_px))

    def card(self, key: Any, w: float, h: float) -> pygame.Surface:
        vp = self.app.viewport
        return self.card_px(key, vp.px(w), vp.px(h))

    def card_scaled(self, key: Any, w_px: float, h_px: float) -> pygame.Surface:
        w_px = max(2, int(round(w_px / 2)) * 2)
        h_px = max(2, int(round(h_px / 2)) * 2)
        vp = self.app.viewport

        def build() -> pygame.Surface:
            src = self.card_px(key, vp.px(self.BASE_W), vp.px(self.BASE_H))
            if src.get_size() == (w_px, h_px):
                return src
            if w_px > src.get_width() * 1.05:
                # bigger than the reference: scaled down from the next size of a ladder of
                # LADDER-times steps above it, each rendered once (not every size the flight
                # passes: an SVG rasterised at 1920x1080 costs ~3 ms)
                step = self.LADDER ** math.ceil(math.log(w_px / src.get_width(), self.LADDER) - 1e-9)
                src = self.card_px(key, round(src.get_width() * step), round(src.get_height() * step))
                if src.get_size() == (w_px, h_px):
                    return src
            return pygame.transform.smoothscale(src, (w_px, h_px))

        return self._get_passing(("scaled", key, w_px, h_px), build)
