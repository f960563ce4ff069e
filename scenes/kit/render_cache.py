"""A render cache: surfaces (or anything costly to build) kept by key for one window size.

Scenes draw in window pixels through the viewport (:mod:`scenes.kit.viewport`), so a surface
built for one window size is wrong for the next: every cached value belongs to a *version*
(``viewport.version``, bumped on each change of size or scale) and a new version empties the
cache. A size limit bounds memory: past ``limit`` entries the least recently used goes first.

Used by :class:`scenes.play.base.PlayScene` (``cached``: shadows, panels, table layers) and
:class:`scenes.kit.card_art.CardArt` (card, chip and tile art). Filling the cache is the only
thing a scene's ``draw`` may change. Needs no pygame.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class RenderCache(Generic[V]):
    """Get-or-build by key, emptied when the version changes, at most ``limit`` entries.

    Args:
        limit: most entries kept (>= 1); inserting one more evicts the least recently used.
    Raises:
        ValueError: ``limit`` below 1.

    ``builds`` counts the values built (a test or a benchmark reads it)."""

    def __init__(self, limit: int = 400):
        if limit < 1:
            raise ValueError(f"a render cache holds at least 1 entry, not {limit}")
        self.limit = limit
        self.version: Hashable = None
        self.builds = 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable, build: Callable[[], V], version: Hashable = None) -> V:
        """The value cached under ``key`` for ``version`` (e.g. ``viewport.version``), built by
        ``build()`` on first use. A ``version`` other than the last one seen empties the cache
        first. A value of None is cached like any other. ``build`` may itself fill the cache (nested keys); its exceptions propagate and
        nothing is cached for ``key``."""
        if version != self.version:
            self._items.clear()
            self.version = version
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        value = build()
        self.builds += 1
        self._items[key] = value
        while len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every value (the version stays)."""
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


__all__ = ["RenderCache"]
