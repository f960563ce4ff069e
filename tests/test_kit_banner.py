"""The kit's banner and toast (scenes/kit/banner.py), which Sushi Draft and Kanji-zushi draw their
banner with: the toast's fade, a toast's words only once its pill is more than half opaque, a
line said over the banner taking its place, nothing drawn outside the banner. Logical px, ms."""
from __future__ import annotations

import pygame
import pytest

from scenes.kit.banner import FADE_IN_MS, FADE_OUT_MS, PlainLettering, Toast, draw_banner, toast_alpha

RECT = pygame.Rect(400, 20, 480, 52)
KEY = (255, 0, 255)


def test_a_toast_fades_in_then_out() -> None:
    total = 2600.0
    assert toast_alpha(total, total, "Oops") == 0.0  # just shown
    assert toast_alpha(total - FADE_IN_MS / 2, total, "Oops") == pytest.approx(0.5)
    assert toast_alpha(total - FADE_IN_MS, total, "Oops") == 1.0
    assert toast_alpha(FADE_OUT_MS / 2, total, "Oops") == pytest.approx(0.5)
    assert toast_alpha(0.0, total, "Oops") == toast_alpha(1000.0, total, "") == 0.0


def frame(app, text: str, **kw) -> pygame.Surface:
    surface = pygame.Surface(app.viewport.window_size)
    surface.fill(KEY)
    cache: dict = {}
    draw_banner(surface, app, RECT, text, PlainLettering(app), lambda k, build: cache.setdefault(k, build()), **kw)
    return surface


def inside(app, surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface.subsurface(app.viewport.to_window(RECT)), "RGB")


def test_the_banner_draws_inside_its_rect_only(app) -> None:
    for kw in ({}, {"toast": Toast("Wasabi goes on nigiri", (160, 40, 30), 0.8)},
               {"said": ("Coach: a blunder", (46, 74, 130))}):
        surface = frame(app, "Eat a card: drag it to your plate", **kw)
        assert inside(app, surface) != bytes(KEY) * (len(inside(app, surface)) // 3)
        surface.fill(KEY, app.viewport.to_window(RECT))
        assert pygame.image.tobytes(surface, "RGB") == bytes(KEY) * (surface.get_width() * surface.get_height())


def test_a_toast_shows_its_words_once_more_than_half_opaque_and_a_said_line_covers_it(app) -> None:
    line = "Eat a card: drag it to your plate"
    faint = frame(app, line, toast=Toast("Wasabi goes on nigiri", (160, 40, 30), 0.4))
    strong = frame(app, line, toast=Toast("Wasabi goes on nigiri", (160, 40, 30), 0.9))
    alone = frame(app, "Wasabi goes on nigiri", toast=Toast("Wasabi goes on nigiri", (160, 40, 30), 0.9))
    assert inside(app, strong) == inside(app, alone) != inside(app, faint)
    said = ("Coach: a blunder", (46, 74, 130))
    assert inside(app, frame(app, line, said=said, toast=Toast("Oops", (160, 40, 30), 1.0))) == \
        inside(app, frame(app, "", said=said))
