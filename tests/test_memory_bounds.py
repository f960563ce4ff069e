"""Every render cache is bounded (issue 21 §6: an hour of play grew from 150 MB to 368 MB): the
kit's :class:`~scenes.kit.render_cache.RenderCache` by entries and bytes, the shadows and paper of
:mod:`scenes.kit.draw`, the fonts, texts, SVG art and glyph checks of
:class:`~scenes.shell.assets.Assets`; a cache of window-size surfaces is emptied on a resize and
the rendered texts on a change of language. Counts and bytes of pixels the caches hold, never
the process's memory (which noise moves: the soak benchmark, ``tools/soak.py``, measures that)."""
from __future__ import annotations

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game import i18n
from scenes.devtools.soak import cache_report, summarize
from scenes.kit import draw, narration
from scenes.kit.render_cache import MB, RenderCache, drop_window_caches, surface_bytes, windows_of
from scenes.shell.assets import Assets


def within_bounds(report: dict[str, dict[str, int]], window: tuple[int, int]) -> list[str]:
    """The caches of ``report`` over their bound, or whose byte bound is more than five windows'
    worth and 32 MB (none expected)."""
    over = []
    most_bytes = max(32 * MB, 5 * window[0] * window[1] * 4)
    for name, got in report.items():
        if got["entries"] > got["limit"] or (got["max_bytes"] is not None and got["bytes"] > got["max_bytes"]):
            over.append(f"{name}: {got}")
        # (fonts, glyph answers, text measures and fades hold no pixels: bounded by count)
        if name not in ("assets.fonts", "assets.glyphs", "assets.measures", "narration.fades") \
                and not 0 < got["max_bytes"] <= most_bytes:
            over.append(f"{name}: no byte bound or too large: {got}")
    return over


def test_a_byte_bound_evicts_the_least_recently_used() -> None:
    cache: RenderCache[pygame.Surface] = RenderCache(limit=100, max_bytes=3 * 40 * 40 * 4)
    for k in range(3):
        cache.get(k, lambda: pygame.Surface((40, 40), pygame.SRCALPHA))
    cache.get(0, lambda: pygame.Surface((1, 1)))  # 0 used again: 1 is now the oldest
    cache.get(3, lambda: pygame.Surface((40, 40), pygame.SRCALPHA))
    assert 1 not in cache and {0, 2, 3} <= set(k for k in range(4) if k in cache)
    assert cache.bytes == sum(surface_bytes(v) for v in cache.values()) <= cache.max_bytes
    huge = cache.get("huge", lambda: pygame.Surface((200, 200), pygame.SRCALPHA))
    assert len(cache) == 1 and cache.peek("huge") is huge  # the newest stays even alone over the bound
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


@given(st.lists(st.tuples(st.integers(0, 30), st.integers(1, 64), st.integers(0, 1)), max_size=80))
def test_never_over_the_byte_bound(gets: list[tuple[int, int, int]]) -> None:
    cache: RenderCache[pygame.Surface] = RenderCache(limit=50, max_bytes=64 * 64 * 4 * 2)
    for key, side, version in gets:
        surf = cache.get((key, side), lambda s=side: pygame.Surface((s, s), pygame.SRCALPHA), version)  # type: ignore[misc]
        assert surf.get_size() == (side, side)
        assert cache.bytes == sum(surface_bytes(v) for v in cache.values()) <= cache.max_bytes
        assert len(cache) <= 50


def test_a_byte_bound_may_follow_the_window() -> None:
    size = [(1280, 720)]
    cache: RenderCache[pygame.Surface] = RenderCache(10, windows_of(2, 4 * MB, lambda: size[0]))
    assert cache.byte_bound == 2 * 1280 * 720 * 4
    size[0] = (400, 300)
    assert cache.byte_bound == 4 * MB  # the floor


def test_a_hovered_cards_shadows_stay_under_their_bound() -> None:
    """A menu card's shadow grows with its hover, a new size every frame: the shadows kept stay
    under their bound, 8 MB in a small window (they were 256 surfaces, ~85 MB at 1080p)."""
    drop_window_caches()
    for i in range(300):
        draw.shadow_surface((420 + i, 300 + i), 16, alpha=60 + i % 40, blur=16 + i % 7)
        assert draw.SHADOWS.bytes <= draw.SHADOWS.byte_bound
    last = draw.shadow_surface((719, 599), 16, alpha=60 + 299 % 40, blur=16 + 299 % 7)
    assert draw.shadow_surface((719, 599), 16, alpha=60 + 299 % 40, blur=16 + 299 % 7) is last  # still cached
    for i in range(20):
        draw.paper_background((1000 + i, 600))
        assert draw.PAPERS.bytes <= draw.PAPERS.byte_bound
    drop_window_caches()
    assert len(draw.SHADOWS) == len(draw.PAPERS) == 0
    for frame in range(61):  # a menu card's hover deepening its shadow over a second: a handful of shadows
        draw.shadow_surface((300, 400), 20, alpha=int(60 + 40 * frame / 60), blur=24)
    assert len(draw.SHADOWS) <= 6


def test_fonts_and_glyph_checks_are_bounded(app) -> None:
    assets = app.assets
    for px in range(8, 8 + 3 * Assets.FONT_CACHE_MAX):
        assets.font_px(px, jp=px % 2 == 0)
        assert len(assets.caches()["fonts"]) <= Assets.FONT_CACHE_MAX
    f = assets.font_px(30)
    assert assets.font_px(30) is f  # a size in use is kept
    for n in range(Assets.GLYPH_CACHE_MAX + 500):
        assets.can_render(f"Player {n}")
    assert len(assets.caches()["glyphs"]) <= Assets.GLYPH_CACHE_MAX


def test_texts_are_bounded_by_bytes(app) -> None:
    assets = app.assets
    for n in range(Assets.TEXT_CACHE_MAX):
        assets.text(f"A long line of text number {n} " * 3, 40, bold=n % 2 == 1)
        assert assets.caches()["text"].bytes <= Assets.TEXT_CACHE_BYTES
    assert len(assets.caches()["text"]) <= Assets.TEXT_CACHE_MAX


def _draw(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.pump(1000 / 60)


def test_switching_sizes_and_languages_keeps_every_cache_under_its_bound(app) -> None:
    """The menu, the rules, the settings and a Sushi Draft game are drawn at three window sizes and
    odd ones between them, in English, Spanish and Japanese, six times over: after each, every
    cache is within its bound, a resize left nothing of the old size and a new language no old
    text."""
    drop_window_caches()  # the module-wide caches hold what earlier tests drew at this window's size
    try:
        sizes = [(1280, 720), (800, 450), (1920, 1080), (1111, 625), (1366, 768)]
        langs = ["en", "es", "ja"]
        for n in range(6):
            app.set_language(langs[n % 3])  # another language than the last round's
            assert len(app.assets.caches()["text"]) == 0
            for size in sizes[n % 2::2] if n % 2 else sizes:
                app.resize_window(size)
                assert len(app.assets.caches()["text"]) == len(app.assets.caches()["svgs"]) == len(draw.SHADOWS) == 0
                assert len(draw.PAPERS) == len(narration.FADES) == 0
                for name, kw in (("menu", {}), ("rules", {"game": "kaito"}), ("settings", {}),
                                 ("sushi_play", {"seats": ["human", "easy", "easy"], "seed": n})):
                    app.manager.reset(app.make_scene(name, **kw))
                    _draw(app)
                    assert within_bounds(cache_report(app), app.screen.get_size()) == []
                w, h = app.screen.get_size()
                assert all(key[0] == (w, h) or key[0] == "seigaiha" for key in draw.PAPERS.keys())
                assert all(s.get_width() <= w + 200 for s in draw.SHADOWS.values())
    finally:
        i18n.set_language("en")


def test_a_new_language_drops_the_rendered_texts(app) -> None:
    try:
        app.assets.text("Hello", 20)
        assert len(app.assets.caches()["text"]) == 1
        app.set_language("es")
        assert len(app.assets.caches()["text"]) == 0
    finally:
        i18n.set_language("en")


def test_the_narration_fades_are_bounded() -> None:
    for w in range(100, 140):
        narration.top_fade(w, 20)
    assert len(narration.FADES) <= 16


def test_the_soak_summary() -> None:
    samples = [{"minute": m, "rss_mb": 100.0 + (50.0 if m < 10 else m * 0.5), "round": m // 5,
                "size": [800, 450] if m // 5 % 2 else [1920, 1080]} for m in range(0, 61)]
    s = summarize(samples, warmup_min=10)
    assert s["warmup_rss_mb"] == 105.0 and s["end_rss_mb"] == 130.0 and s["max_rss_mb"] == 150.0
    assert s["slope_mb_per_h"] == 30.0 and s["samples"] == 61
    assert s["by_size"]["1920x1080"] == {"first_round_max_mb": 107.0, "last_round_max_mb": 130.0, "rounds": 6}
    assert s["by_size"]["800x450"] == {"first_round_max_mb": 109.5, "last_round_max_mb": 129.5, "rounds": 5}
    assert summarize([]) == {"samples": 0}
    assert MB == 1 << 20


def test_memory_goes_back_once_a_new_scene_is_idle(app, monkeypatch) -> None:
    """A new scene at the bottom of the stack, a resize or a new language: the app collects the
    garbage and gives memory back (:func:`scenes.shell.heap.tidy`) at the next frame where nothing
    moves, once; not for the first scene (it would delay the first frame)."""
    from scenes.shell import app as app_module
    from scenes.shell import heap

    calls: list[int] = []
    monkeypatch.setattr(app_module.heap, "tidy", lambda: calls.append(app.frames) or True)
    app.manager.reset(app.make_scene("menu"))
    _draw(app, 30)  # the scene fades in, then nothing moves
    assert calls == []
    app.manager.reset(app.make_scene("settings"))
    _draw(app, 30)  # the scene fades in, then nothing moves
    assert len(calls) == 1
    app.resize_window((1000, 600))
    _draw(app, 30)  # the scene fades in, then nothing moves
    assert len(calls) == 2
    try:
        app.set_language("es")
        _draw(app, 30)  # the scene fades in, then nothing moves
        assert len(calls) == 3
    finally:
        i18n.set_language("en")
    _draw(app, 30)
    assert len(calls) == 3
    assert isinstance(heap.give_back(), bool) and isinstance(heap.tidy(), bool)
