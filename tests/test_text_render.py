"""How text is drawn (issue 10 §9): evenly spaced at small sizes (no "M ackerel" from hinted,
whole-pixel advances), never below a readable window size (kanji larger still), measured exactly as
drawn; and Sushi Draft's card names printed whole where the hand's neighbour cannot cover them."""

from __future__ import annotations

import math

import pygame
import pytest

from scenes.kit.draw import draw_text, text_width
from scenes.shell.app import App
from scenes.shell.assets import MIN_JP_TEXT_PX, MIN_TEXT_PX, has_cjk, supersample
from scenes.shell.settings import Settings
from scenes.sushi.art import CARD_SHORT, CARD_TITLE, TITLE_BOTTOM, TITLE_TOP, TITLE_W, TITLE_X, title_layout
from scenes.sushi.layout import HAND, HAND_H, HAND_W

SAMPLES = ["Mackerel", "Shrimp Roll", "Cucumber Maki", "well eaten!", "Drop a card here", "Keep one",
           "Hard AI 2 made 話 (言+舌), 13 strokes"]


def app_at(tmp_path, monkeypatch, size):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    return App(size=size, settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)


@pytest.fixture
def small(tmp_path, monkeypatch):
    a = app_at(tmp_path, monkeypatch, (800, 450))
    yield a
    a.shutdown()


# -- even spacing -------------------------------------------------------------------------------
@pytest.mark.parametrize("px", [10, 11, 12, 13, 14, 16])
def test_small_text_keeps_its_true_proportions(app, px):
    """Hinting rounds every glyph's advance to a whole pixel, so at small sizes letters were spaced
    unevenly ("M ackerel", "well e a ten!"): a word grew or shrank by up to a pixel a letter. Where
    each letter starts in drawn text (the width of every prefix) must stay within 2 px (and 0.5 %)
    of the outline's true proportions: the font's width at 8x the size, divided by 8."""
    assets = app.assets
    for text in SAMPLES:
        jp = any(ord(c) > 0x2E80 for c in text)
        big = assets.font_px(px * 8, jp=jp)
        for k in range(1, len(text) + 1):
            true_w = big.size(text[:k])[0] / 8
            w, _ = assets.text_size_px(text[:k], px, jp=jp)
            assert abs(w - true_w) <= 2 + 0.005 * true_w, (text[:k], px, w, true_w)


def test_surfaces_are_as_big_as_measured(app, small):
    for a in (app, small):
        for text in SAMPLES:
            for size in (9, 12, 15, 22, 40, 60):
                surf = a.assets.text(text, size, (20, 20, 20))
                assert surf.get_size() == a.assets.text_size(text, size)
                assert math.isclose(text_width(a, text, size), surf.get_width() / a.viewport.scale)


def test_supersampling_factor():
    assert supersample(48) == 1 and supersample(100) == 1
    assert supersample(12) == 4 and supersample(10) == 5 and supersample(5) == 6


# -- a readable minimum -------------------------------------------------------------------------
def test_text_is_never_drawn_below_the_minimum(small):
    assets = small.assets
    assert small.viewport.scale == 0.625
    assert assets.text_px(12) == MIN_TEXT_PX == 10  # 12 logical px would be 7.5 window px
    assert assets.text_px(13, jp=True) == MIN_JP_TEXT_PX == 12  # kanji: 8 window px before
    assert assets.text_px(40) == 25  # large text scales as before
    tiny = draw_text(small.screen, small, "Mackerel", (640, 360), 11)
    assert tiny.h >= assets.font_px(MIN_TEXT_PX).get_height() - 1
    kanji = draw_text(small.screen, small, "話 (言+舌)", (640, 360), 13)
    assert kanji.h >= assets.font_px(MIN_JP_TEXT_PX, jp=True).get_height() - 1
    # what layout code measures grows with it (wraps and fits stay true)
    assert text_width(small, "Mackerel", 11) >= assets.text_size_px("Mackerel", MIN_TEXT_PX)[0] / 0.625 - 0.01


# -- Sushi Draft's card names ---------------------------------------------------------------------
def _rotated(points, centre, angle_deg):
    a = math.radians(-angle_deg)  # pygame: positive = counter-clockwise on screen (y down)
    cx, cy = centre
    return [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
             cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in points]


def _inside(point, poly) -> bool:
    """Point strictly inside a convex polygon (any winding)."""
    signs = []
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        signs.append((x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1))
    return all(s > 0 for s in signs) or all(s < 0 for s in signs)


@pytest.mark.parametrize("size", [(800, 450), (1024, 576), (1280, 720), (1920, 1080)])
def test_card_names_are_whole_at_every_window_size(tmp_path, monkeypatch, size):
    a = app_at(tmp_path, monkeypatch, size)
    try:
        vp = a.viewport
        w_px, h_px = vp.px(HAND_W), vp.px(HAND_H)
        for key in CARD_TITLE:
            layout = title_layout(a.assets, key, w_px, h_px)
            assert layout is not None, (key, size)
            px, lines = layout
            assert px >= a.assets.min_px()
            assert " ".join(lines) in (CARD_TITLE[key], CARD_SHORT[key])  # whole: never "Tuna Nigir"
            assert all(a.assets.text_size_px(line, px, bold=True)[0] <= w_px * TITLE_W for line in lines)
            if size[1] >= 720:
                assert " ".join(lines) == CARD_TITLE[key]  # the full name from 1280x720 up
    finally:
        a.shutdown()


def test_the_fanned_hand_never_covers_a_name():
    """In a full hand (6 cards, fanned), the strip where a card's name is printed — from TITLE_X to
    TITLE_X + TITLE_W of its width — lies outside its right neighbour, which is drawn on top."""
    n = 6
    slots = HAND.slots(n)
    for i in range(n - 1):
        (r, angle), (nr, nangle) = slots[i], slots[i + 1]
        x0, x1 = r.x + HAND_W * TITLE_X, r.x + HAND_W * (TITLE_X + TITLE_W)
        y0, y1 = r.y + HAND_H * TITLE_TOP, r.y + HAND_H * TITLE_BOTTOM
        title = _rotated([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], r.center, angle)
        neighbour = _rotated([nr.topleft, nr.topright, nr.bottomright, nr.bottomleft], nr.center, nangle)
        assert not any(_inside(p, neighbour) for p in title), (i, title, neighbour)


def test_card_faces_print_their_name(app):
    """The title is really on the face: the strip differs from the bare art."""
    from scenes.sushi.art import SushiArt, card_path

    art = SushiArt(app)
    vp = app.viewport
    w_px, h_px = vp.px(HAND_W), vp.px(HAND_H)
    for key in CARD_TITLE:
        face = art.card_px(key, w_px, h_px)
        bare = app.assets.svg_px(card_path(key), w_px, h_px)
        strip = pygame.Rect(0, round(h_px * TITLE_TOP), w_px, round(h_px * (TITLE_BOTTOM - TITLE_TOP)))
        assert pygame.image.tobytes(face.subsurface(strip), "RGBA") != pygame.image.tobytes(bare.subsurface(strip),
                                                                                                "RGBA")


def test_mixed_lines_keep_their_words_the_size_of_the_lines_around_them(app, small):
    """A line mixing words and kanji sets its words in the Latin font, like a word-only line, and
    its kanji in the Japanese font, on one baseline; at 800x450 the kanji at the Japanese minimum
    and the words at the Latin one."""
    text = "Hard AI made 話 (言+舌), 13 strokes"
    runs = small.assets.text_runs(text, 13)
    assert ("".join(p for p, _, _ in runs)) == text
    assert {(p.strip(), px, jp) for p, px, jp in runs if has_cjk(p)} == {("話", 12, True), ("言", 12, True),
                                                                         ("舌", 12, True)}
    assert all(px == MIN_TEXT_PX and not jp for p, px, jp in runs if not has_cjk(p))
    w, h = small.assets.text_size(text, 13)
    surf = small.assets.text(text, 13, (0, 0, 0))
    assert surf.get_size() == (w, h)
    assert w == sum(small.assets.text_size_px(p, px, jp=jp)[0] for p, px, jp in runs)
    big = app.assets.text_runs(text, 13)
    assert [p for p, _, _ in big] == [p for p, _, _ in runs] and all(px == 13 for _, px, _ in big)
    assert [jp for _, _, jp in big] == [has_cjk(p) for p, _, _ in big]
    assert small.assets.text_runs("休", 13) == [("休", 12, True)]
    assert small.assets.text_runs("words only", 13) == [("words only", 10, False)]
