"""The kit's render cache (scenes/kit/render_cache.py): get-or-build by key, emptied when the
viewport version changes, bounded (least recently used out first); PlayScene's ``cached`` and
CardArt sit on it."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.kit.card_art import CardArt
from scenes.kit.render_cache import RenderCache
from scenes.play.base import CACHE_LIMIT, PlayScene


class Builder:
    """A build function that counts its calls and returns a fresh object each time."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> object:
        self.calls += 1
        return object()


def test_builds_once_per_key_and_version() -> None:
    cache: RenderCache[object] = RenderCache(limit=10)
    build = Builder()
    a = cache.get("shadow", build, version=0)
    assert cache.get("shadow", build, version=0) is a
    assert build.calls == 1 and cache.builds == 1 and "shadow" in cache and len(cache) == 1
    b = cache.get("panel", build, version=0)
    assert b is not a and build.calls == 2


def test_a_new_version_empties_the_cache() -> None:
    cache: RenderCache[object] = RenderCache(limit=10)
    build = Builder()
    a = cache.get("k", build, version=0)
    cache.get("other", build, version=0)
    b = cache.get("k", build, version=1)  # the window was resized
    assert b is not a and len(cache) == 1 and "other" not in cache and cache.version == 1
    assert cache.get("k", build, version=1) is b


def test_least_recently_used_goes_first() -> None:
    cache: RenderCache[object] = RenderCache(limit=2)
    build = Builder()
    cache.get("a", build)
    cache.get("b", build)
    cache.get("a", build)  # "a" used again: "b" is now the oldest
    cache.get("c", build)
    assert "a" in cache and "c" in cache and "b" not in cache and len(cache) == 2


def test_none_is_cached_and_errors_cache_nothing() -> None:
    cache: RenderCache[object] = RenderCache(limit=4)
    calls = []
    assert cache.get("none", lambda: calls.append(1)) is None
    assert cache.get("none", lambda: calls.append(1)) is None
    assert calls == [1]

    def broken() -> object:
        raise RuntimeError("no art")

    with pytest.raises(RuntimeError):
        cache.get("bad", broken)
    assert "bad" not in cache


def test_nested_builds_fill_the_cache_too() -> None:
    cache: RenderCache[str] = RenderCache(limit=4)
    outer = cache.get("outer", lambda: cache.get("inner", lambda: "base") + "+scaled")
    assert outer == "base+scaled" and "inner" in cache and "outer" in cache


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError):
        RenderCache(limit=0)


@given(st.integers(min_value=1, max_value=8), st.lists(st.tuples(st.integers(0, 12), st.integers(0, 2)),
                                                       max_size=60))
def test_never_over_the_limit_and_always_the_right_value(limit: int, gets: list[tuple[int, int]]) -> None:
    """Whatever the keys and versions asked, the cache holds at most ``limit`` values and every
    answer is what ``build`` makes for that key and version."""
    cache: RenderCache[tuple[int, int]] = RenderCache(limit)
    for key, version in gets:
        assert cache.get(key, lambda k=key, v=version: (k, v), version) == (key, version)  # type: ignore[misc]
        assert len(cache) <= limit


def test_play_scene_cached_is_keyed_by_viewport_version() -> None:
    """PlayScene.cached keeps a surface until the window size changes."""
    scene = PlayScene.__new__(PlayScene)
    app = SimpleNamespace(viewport=SimpleNamespace(version=0))
    scene.app = app
    scene.render_cache = RenderCache(CACHE_LIMIT)
    built: list[pygame.Surface] = []

    def build() -> pygame.Surface:
        built.append(pygame.Surface((4, 4)))
        return built[-1]

    first = scene.cached(("shadow", 1), build)
    assert scene.cached(("shadow", 1), build) is first and len(built) == 1
    app.viewport.version = 1
    assert scene.cached(("shadow", 1), build) is not first and len(built) == 2


def test_card_art_rebuilds_after_a_resize() -> None:
    class Art(CardArt):
        MAX_ITEMS = 3

        def _build_card(self, key: object, w_px: int, h_px: int) -> object:  # type: ignore[override]
            return (key, w_px, h_px, object())

    app = SimpleNamespace(viewport=SimpleNamespace(version=0, px=lambda n: int(n), window_size=(1280, 720)))
    art = Art(app)
    a = art.card_px("tuna", 10, 14)
    assert art.card_px("tuna", 10, 14) is a
    app.viewport.version = 5
    assert art.card_px("tuna", 10, 14) is not a
    for w in range(20, 30):
        art.card_px("egg", w, 14)
    assert len(art._cache) == Art.MAX_ITEMS
