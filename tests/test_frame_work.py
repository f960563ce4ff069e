"""The work a frame does not repeat (issue 34): the scenes under the pause menu drawn once and shown
as that picture (scenes/shell/painter.py), the opening fade's opaque first frame drawn alone, text
measured once per text and size (Assets.text_size), a card drawn larger than its reference render
rasterised only at the sizes of a ladder, a Sushi Draft card at any smaller size scaled from one
render. Each test counts the work and compares the pixels with the work done in full; none times."""
from __future__ import annotations

import pygame
import pytest

from scenes.kit import boxes
from scenes.kit.linebreak import has_cjk

DT = 1000 / 60


def _count_draws(scene, monkeypatch) -> list[int]:
    """Count ``scene.draw`` calls (the instance's, the class's code still runs)."""
    calls = [0]
    real = type(scene).draw

    def draw(surface):
        calls[0] += 1
        real(scene, surface)

    monkeypatch.setattr(scene, "draw", draw)
    return calls


def _full_frame(app) -> pygame.Surface:
    """What a frame shows when every visible scene draws itself (no kept picture)."""
    screen = pygame.Surface(app.screen.get_size())
    screen.fill((28, 24, 22))
    for scene in app.manager.visible_scenes():
        scene.draw(screen)
    return screen


def test_the_game_under_the_pause_menu_is_drawn_once_and_shown_the_same(app, monkeypatch):
    app.start_game("kaito", seats=["human", "easy"], seed=3, think_ms=0)
    for _ in range(5):
        app.pump(DT)
    play = app.manager.top()
    draws = _count_draws(play, monkeypatch)
    app.open_pause()
    for _ in range(30):  # the pause menu fades in, then stays
        app.pump(DT)
    assert app.manager.top().name == "pause"
    assert draws[0] == 1
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(_full_frame(app), "RGB")
    # a new window size draws it again (once)
    app.resize_window((1600, 900))
    for _ in range(3):
        app.pump(DT)
    assert draws[0] == 3  # (once for the frame, once in the full frame the test drew)
    # resumed: the game draws itself every frame again
    app.manager.pop()
    for _ in range(4):
        app.pump(DT)
    assert draws[0] == 7


def test_while_the_layout_check_records_everything_is_drawn_every_frame(app, monkeypatch):
    app.start_game("kaito", seats=["human", "easy"], seed=3, think_ms=0)
    app.pump(DT)
    draws = _count_draws(app.manager.top(), monkeypatch)
    app.open_pause()
    app.assets.boxes = boxes.BoxRecorder()
    for _ in range(5):
        app.pump(DT)
    assert draws[0] == 5


def test_the_menus_first_frame_is_its_fade_cover_alone(app, monkeypatch):
    from scenes.kit.draw import C

    app.manager.push(app.make_scene("menu"))
    menu = app.manager.top()
    draws = _count_draws(menu, monkeypatch)
    app.frame(0.0, [])  # no time has passed: the fade-in covers everything
    assert draws[0] == 0 and app.cover_frames == 1 and not app.scene_shown
    w, h = app.screen.get_size()
    picked = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, w, 97) for y in range(0, h, 53)}
    assert picked == {tuple(C.PAPER[:3])}
    # and it is exactly what drawing the menu under its opaque cover would show
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(_full_frame(app), "RGB")
    app.frame(DT, [])
    assert draws[0] == 2 and app.scene_shown  # (the second draw is the full frame's)


def test_text_is_measured_once_per_text_and_size_and_as_if_measured_afresh(app, monkeypatch):
    assets = app.assets
    texts = ["Tuna", "Round 3 — your turn", "木 + 口 = 杏", "漢字寿司", "Camarón", ""]
    expected = {}
    for t in texts:
        for size in (11, 17, 22.4):
            runs = assets.text_runs(t, size)
            w = sum(assets.text_size_px(p, px, False, jp)[0] for p, px, jp in runs)
            expected[(t, size)] = w
    sizes = []
    real = type(assets).text_size_px

    def counted(self, text, px, bold=False, jp=False):
        sizes.append(text)
        return real(self, text, px, bold, jp)

    monkeypatch.setattr(type(assets), "text_size_px", counted)
    for _ in range(3):
        for (t, size), w in expected.items():
            assert assets.text_size(t, size)[0] == w
    assert len(sizes) <= sum(len(assets.text_runs(t, s)) for t, s in expected)  # the first round only
    first = len(sizes)
    app.resize_window((800, 450))  # a new scale: measured again, at the new size
    assets.text_size("Tuna", 17)
    assert len(sizes) == first + 1


@pytest.mark.parametrize("text,cjk", [("", False), ("abc", False), ("Camarón ñ", False), ("漢", True),
                                      ("hello 漢字", True), ("、", True), ("Ａ", True), ("⿱", True),
                                      ("\U00020001", True), ("\u2fe0", False), ("x\u2e80", True)])
def test_has_cjk(text, cjk):
    assert has_cjk(text) is cjk


def test_a_card_larger_than_its_reference_is_rasterised_only_at_ladder_sizes(app, monkeypatch):
    app.start_game("sushi-draft", seats=["human", "easy"], seed=1, think_ms=0)
    art = app.manager.top().art
    rasters: list[tuple[int, int]] = []
    real = type(app.assets).svg_px

    def svg_px(self, relpath, w, h):
        if (relpath, int(w), int(h)) not in self.caches()["svgs"]:
            rasters.append((int(w), int(h)))
        return real(self, relpath, w, h)

    monkeypatch.setattr(type(app.assets), "svg_px", svg_px)
    vp = app.viewport
    bw, bh = vp.px(art.BASE_W), vp.px(art.BASE_H)
    for k in range(60):  # a card zooming from its reference size to twice it
        f = 1 + k / 60
        img = art.card_scaled("tuna", bw * f, bh * f)
        assert abs(img.get_width() - bw * f) <= 2 and abs(img.get_height() - bh * f) <= 2
    assert len(rasters) <= 5  # the reference and the ladder's steps (x1.25), not 60 sizes


def test_a_sushi_card_smaller_than_the_hands_is_scaled_from_one_render(app, monkeypatch):
    app.start_game("sushi-draft", seats=["human", "easy"], seed=1, think_ms=0)
    art = app.manager.top().art
    rasters = []
    real = type(app.assets).svg_px

    def svg_px(self, relpath, w, h):
        if (relpath, int(w), int(h)) not in self.caches()["svgs"]:
            rasters.append((relpath, int(w), int(h)))
        return real(self, relpath, w, h)

    monkeypatch.setattr(type(app.assets), "svg_px", svg_px)
    for w in range(40, 120, 6):  # the stacks', the piles' and the opponents' sizes
        art.card("salmon", w, w * art.BASE_H / art.BASE_W)
    assert len(rasters) == 1
