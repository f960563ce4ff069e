"""A render cache: surfaces (or anything costly to build) kept by key for one window size.

Scenes draw in window pixels through the viewport (:mod:`scenes.kit.viewport`), so a surface
built for one window size is wrong for the next: every cached value belongs to a *version*
(``viewport.version``, bumped on each change of size or scale) and a new version empties the
cache. Two bounds limit memory (issue 21 §6): past ``limit`` entries, or past ``max_bytes`` bytes of
pixels (:func:`surface_bytes`), the least recently used go first. A byte bound may follow the window
(:func:`windows_of`: so many windows' worth of pixels, never below a floor), so a large screen
does not rebuild the art it shows every frame.

Used by :class:`scenes.play.base.PlayScene` (``cached``: shadows, panels, table layers),
:class:`scenes.kit.card_art.CardArt` (card, chip and tile art), :class:`scenes.shell.assets.Assets`
(text, SVG art, fonts) and :mod:`scenes.kit.draw` (shadows, paper). Filling the cache is the only
thing a scene's ``draw`` may change. Needs no pygame.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")

#: One mebibyte, for the caches' byte bounds.
MB = 1 << 20


def surface_bytes(value: Any) -> int:
    """Bytes of pixels ``value`` holds: a pygame Surface's pitch x height (anything with
    ``get_pitch`` and ``get_height``), the sum over a tuple's items, else 0."""
    if isinstance(value, tuple):
        return sum(surface_bytes(v) for v in value)
    pitch = getattr(value, "get_pitch", None)
    height = getattr(value, "get_height", None)
    if pitch is None or height is None:
        return 0
    return int(pitch()) * int(height())


class RenderCache(Generic[V]):
    """Get-or-build by key, emptied when the version changes, at most ``limit`` entries and
    ``max_bytes`` bytes.

    Args:
        limit: most entries kept (>= 1); inserting one more evicts the least recently used.
        max_bytes: most bytes kept as weighed by ``weigh`` (None: no byte bound), or a function
            giving it (asked at each insertion, e.g. :func:`windows_of`); past it the least
            recently used go first, though the newest entry always stays.
        weigh: a value's size in bytes (default :func:`surface_bytes`).
        window: the values are sized in window px but the cache has no version to tell (a module's
            cache, e.g. :data:`scenes.kit.draw.SHADOWS`): :func:`drop_window_caches` empties it.
    Raises:
        ValueError: ``limit`` below 1, or ``max_bytes`` below 0.

    ``builds`` counts the values built, ``bytes`` the bytes held (a test or a benchmark reads
    them)."""

    def __init__(self, limit: int = 400, max_bytes: int | Callable[[], int] | None = None,
                 weigh: Callable[[Any], int] = surface_bytes, window: bool = False):
        if limit < 1:
            raise ValueError(f"a render cache holds at least 1 entry, not {limit}")
        if isinstance(max_bytes, int) and max_bytes < 0:
            raise ValueError(f"a render cache's byte bound is at least 0, not {max_bytes}")
        self.limit = limit
        self.max_bytes = max_bytes
        self.weigh = weigh
        self.version: Hashable = None
        self.builds = 0
        self.bytes = 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        if window:
            _WINDOW_CACHES.add(self)

    @property
    def byte_bound(self) -> int | None:
        """The byte bound now (``max_bytes``, called if it is a function), or None."""
        return self.max_bytes() if callable(self.max_bytes) else self.max_bytes

    def get(self, key: Hashable, build: Callable[[], V], version: Hashable = None) -> V:
        """The value cached under ``key`` for ``version`` (e.g. ``viewport.version``), built by
        ``build()`` on first use. A ``version`` other than the last one seen empties the cache
        first. A value of None is cached like any other. ``build`` may itself fill the cache (nested keys); its exceptions propagate and
        nothing is cached for ``key``."""
        if version != self.version:
            self.clear()
            self.version = version
        items = self._items
        if key in items:
            items.move_to_end(key)
            return items[key]
        value = build()
        self.builds += 1
        self.put(key, value)
        return value

    def peek(self, key: Hashable, default: Any = None) -> Any:
        """The value under ``key`` (marked as recently used), or ``default``; builds nothing and
        leaves the version as it is."""
        items = self._items
        try:
            value = items[key]
        except KeyError:
            return default
        items.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` under ``key`` (replacing what was there), then evict down to the bounds."""
        if key in self._items:
            self.bytes -= self._sizes.pop(key)
            del self._items[key]
        size = self.weigh(value)
        self._items[key] = value
        self._sizes[key] = size
        self.bytes += size
        most = self.byte_bound
        while len(self._items) > self.limit or (most is not None and self.bytes > most and len(self._items) > 1):
            old, _ = self._items.popitem(last=False)
            self.bytes -= self._sizes.pop(old)

    def clear(self) -> None:
        """Forget every value (the version stays)."""
        self._items.clear()
        self._sizes.clear()
        self.bytes = 0

    def keys(self) -> list[Hashable]:
        """The keys held, least recently used first."""
        return list(self._items)

    def values(self) -> list[V]:
        """The values held, least recently used first."""
        return list(self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


def windows_of(windows: float, floor: int, window_size: Callable[[], tuple[int, int]]) -> Callable[[], int]:
    """A byte bound of ``windows`` times the pixels of a window of ``window_size()`` px (4 bytes a
    pixel), at least ``floor`` bytes."""
    def bound() -> int:
        w, h = window_size()
        return max(floor, int(windows * w * h * 4))
    return bound


_WINDOW_CACHES: weakref.WeakSet[RenderCache[Any]] = weakref.WeakSet()


def drop_window_caches() -> None:
    """Empty every cache made with ``window=True`` (the app calls this when the window's size
    changes: what they hold was sized for the old one)."""
    for cache in list(_WINDOW_CACHES):
        cache.clear()


__all__ = ["MB", "RenderCache", "drop_window_caches", "surface_bytes", "windows_of"]
