"""The render cache of the card games' art (Sushi Draft, Kanji-zushi): card surfaces in WINDOW
pixels, built once per size and dropped when the window's scale changes.

A subclass sets :attr:`CardArt.BASE_W` / :attr:`CardArt.BASE_H` (the logical size cards are
normally drawn at, e.g. in the hand) and implements :meth:`CardArt._build_card`; it can cache
anything else through :meth:`CardArt._get`.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from scenes.kit.render_cache import MB, RenderCache, windows_of


class CardArt:
    """Least-recently-used cache of surfaces, keyed per window scale (``viewport.version``; a
    :class:`scenes.kit.render_cache.RenderCache` of ``MAX_ITEMS`` and ``MAX_BYTES``).

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
    #: Logical size (px) of the reference render ``card_scaled`` scales from.
    BASE_W = 100.0
    BASE_H = 140.0

    def __init__(self, app: Any):
        self.app = app
        self._cache: RenderCache[Any] = RenderCache(
            self.MAX_ITEMS, windows_of(self.MAX_WINDOWS, self.MAX_BYTES, lambda: app.viewport.window_size))

    @property
    def cache(self) -> RenderCache[Any]:
        """The cache itself (its size and bytes, for a report)."""
        return self._cache

    def _get(self, key: tuple, build: Callable[[], Any]) -> Any:
        """The value cached under ``key`` for the current window scale, built on first use."""
        return self._cache.get(key, build, self.app.viewport.version)

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
            if w_px > src.get_width() * 1.05:  # bigger than the reference: render at that size
                return self.card_px(key, w_px, h_px)
            return pygame.transform.smoothscale(src, (w_px, h_px))

        return self._get(("scaled", key, w_px, h_px), build)
