"""The layout check (issue 21 §1): each of its rules finds what it is for on a real frame drawn by
the kit (a cut, an overlap, a text lying over a button, a text too small, a text in another
language) and stays quiet where the kit declares a text to lie over others. The whole matrix is
tests/test_layout_matrix.py (and ``tatami --selftest --layout``)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from scenes.devtools.layoutcheck import MIN_READABLE_PX, check_frame, foreign_texts
from scenes.devtools.layoutrun import capture
from scenes.kit import boxes
from scenes.kit.boxes import BoxRecorder, DrawnText
from scenes.kit.draw import draw_panel, draw_text
from scenes.kit.scene import Scene, UIElement
from scenes.kit.widgets import Button
from scenes.shell.app import App
from scenes.shell.settings import Settings


class Canvas(Scene):
    """A scene that draws what a test gives it (``paint(surface, app)``) and shows ``elements``."""

    name = "canvas"

    def __init__(self, app, paint, elements=()):
        super().__init__(app)
        self.paint = paint
        self.elements = list(elements)

    def draw(self, surface):
        self.paint(surface, self.app)

    def ui_elements(self):
        return self.elements


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(tmp_path / "s.json", autoload=False), uidump=False, language="en")
    yield a
    a.shutdown()
    i18n.set_language("en")


def frame(app, paint, elements=(), lang="en"):
    app.manager.reset(Canvas(app, paint, elements))
    findings, _ = capture(app, BoxRecorder(), lang)
    return findings


def kinds(findings):
    return sorted({f.kind for f in findings})


def test_texts_apart_are_fine_and_texts_on_each_other_overlap(app):
    def apart(surface, a):
        draw_text(surface, a, "Black to move", (300, 100), 24)
        draw_text(surface, a, "Round 1 scoring", (300, 200), 24)

    def on_each_other(surface, a):
        draw_text(surface, a, "Black to move", (300, 100), 24)
        draw_text(surface, a, "Round 1 scoring", (330, 108), 24)

    assert frame(app, apart) == []
    found = frame(app, on_each_other)
    assert kinds(found) == ["overlap"] and found[0].text == "Round 1 scoring"


def test_a_text_lying_over_is_declared_and_a_panel_hides_what_it_covers(app):
    def tooltip(surface, a):
        draw_text(surface, a, "Black to move", (300, 100), 24)
        with boxes.lying_over(a):
            draw_text(surface, a, "Round 1 scoring", (330, 108), 24)

    def panel_over_whole(surface, a):
        draw_text(surface, a, "Black to move", (300, 100), 24)
        draw_panel(surface, a, pygame.Rect(150, 60, 400, 100))
        draw_text(surface, a, "Round 1 scoring", (330, 108), 24)

    def panel_over_half(surface, a):
        draw_text(surface, a, "Black to move", (300, 100), 24)
        draw_panel(surface, a, pygame.Rect(300, 60, 400, 100))

    assert frame(app, tooltip) == []
    assert frame(app, panel_over_whole) == []
    found = frame(app, panel_over_half)
    assert kinds(found) == ["cut"] and "panel" in found[0].detail


def test_cut_by_the_window_by_its_box_and_by_an_ellipsis(app):
    def off_window(surface, a):
        draw_text(surface, a, "Sushi Draft", (1275, 300), 30)

    def out_of_button(surface, a):
        button = Button("button:x", "A label far too long for this small button, really", (100, 100, 60, 40),
                        lambda: None)
        button.draw(surface, a)

    found = frame(app, off_window)
    assert kinds(found) == ["cut"] and "window" in found[0].detail
    found = frame(app, out_of_button)
    assert "cut" in kinds(found)


def test_a_text_partly_over_a_button_overlaps_it_one_inside_is_its_label(app):
    button = Button("button:hint", "Hint", (600, 90, 120, 44), lambda: None)

    def title_under_button(surface, a):
        draw_text(surface, a, "Round 1 scoring: the most of a kind", (560, 112), 24)
        button.draw(surface, a)

    def label_only(surface, a):
        button.draw(surface, a)

    el = UIElement("button:hint", "button", pygame.Rect(button.rect), "Hint")
    found = frame(app, title_under_button, [el])
    assert any(f.kind == "overlap" and "button:hint" in f.detail for f in found)
    assert frame(app, label_only, [el]) == []


def test_a_text_too_small_is_found():
    rec = BoxRecorder()
    ink = pygame.Rect(10, 10, 40, 7)
    rec.texts.append(DrawnText("tiny", ink, ink, ((MIN_READABLE_PX[False] - 2, False),), None, False, 0, 1))
    rec.texts.append(DrawnText("小さい", ink.move(0, 40), ink.move(0, 40), ((MIN_READABLE_PX[True] - 1, True),), None,
                               False, 0, 2))
    # Latin words at the Latin minimum beside kanji at the Japanese one are readable
    rec.texts.append(DrawnText("Hard AI put 言", ink.move(0, 80), ink.move(0, 80),
                               ((MIN_READABLE_PX[False], False), (MIN_READABLE_PX[True], True)), None, False, 0, 3))
    found = check_frame(rec, pygame.Rect(0, 0, 800, 450), "en")
    assert [f.kind for f in found] == ["small", "small"]


@pytest.mark.parametrize("lang, text", [
    ("en", "あなた vs Hard AI, move 6"),  # a default name kept from Japanese (issue 21, defect 1)
    ("ja", "Jugador 1の寿司"),  # "Player 1" kept from Spanish
    ("es", "Round 1 scoring"),  # an English label
    (i18n.PSEUDO, "Round 1 scoring"),  # under the pseudo language: it bypassed the catalogs
])
def test_a_text_from_another_language_is_found(app, lang, text):
    i18n.set_language(lang)

    def paint(surface, a):
        draw_text(surface, a, text, (640, 300), 24)

    found = frame(app, paint, lang=lang)
    assert kinds(found) == ["language"]


def test_a_language_own_texts_and_short_shared_words_are_not_foreign():
    es = foreign_texts("es")
    en = foreign_texts("en")
    i18n.set_language("es")
    assert es.search(i18n._("Round {n} scoring").format(n=1)) is None
    # Spanish "may" (the month) inside an English sentence is the English word
    assert en.search("Once per turn you may pay back") is None
    i18n.set_language("en")


def test_the_replay_viewer_s_embedded_scene_is_checked_too(app):
    """The replay viewer's play scene draws with assets of its own (its inset's scale): what it
    draws is recorded with the viewer's own texts (seen: its coach's line and score lines were
    never checked)."""
    from scenes.devtools.layoutstates import _bot_play, _new_state

    record = _bot_play(_new_state("kaito", 2, 3), "kaito", lambda s: len(s.history) >= 6).record()
    app.manager.reset(app.make_scene("replay", record=record, at="end"))
    for _ in range(3):
        app.manager.update(16)
    rec = BoxRecorder()
    capture(app, rec, "en")
    scene = app.manager.top()
    inset = scene.board.viewport.to_window(pygame.Rect(0, 0, 1280, 720))
    words = {t.text for t in rec.texts if t.ink.w and inset.contains(t.ink)}
    assert set(scene.board.names) <= words, words  # the embedded scene's seat panels
    assert any(t.text == "Back" for t in rec.texts)  # and the viewer's own controls


def test_a_game_with_no_dev_tools_of_its_own_gets_the_generic_walk(app):
    """Issue 32 §3: a game whose room names no ``devtools`` is still walked — its opening against
    the AI, the end after the AIs played, the score screen — on a sheet named after its room, and
    its deal is the rules' own."""
    import time

    from scenes.devtools.driver import Driver
    from scenes.devtools.games import DevGame, dev_games
    from scenes.devtools.layoutstates import game_walks
    from scenes.play.devhooks import DevTools

    own = next(g for g in dev_games() if not g.sides)
    bare = DevGame(own.info, DevTools(), own.short)
    assert bare.new_state(2, 1).num_seats == 2
    (walk,) = game_walks(bare)
    assert walk.scene == own.short and walk.fast == ()
    app.manager.reset(app.make_scene("menu"))
    d = Driver(app, time.monotonic() + 300, log=lambda _m: None, lean=True)
    assert list(walk.walk(d)) == ["opening", "end", "score"]
    assert d.scene_name() == own.score_scene


def test_every_game_s_dev_tools_are_found_through_its_registration():
    from scenes.devtools.games import dev_games
    from scenes.play.devhooks import DevTools

    games = dev_games()
    assert games and all(isinstance(g.tools, DevTools) for g in games)
    assert all(g.score_scene and g.score_scene != g.play_scene for g in games)
    # each contact sheet's name is its walk's own, and no two games share one
    from scenes.devtools.layoutstates import WALKS

    sheets = [w.scene for w in WALKS]
    assert len(sheets) == len(set(sheets))


def test_a_character_its_font_lacks_is_found_in_a_text_and_on_a_cached_tile(app):
    """Issue 33, item 8: "15画" set in the Latin font showed a box (tofu) on Kanji-zushi's tiles at
    1920x1080; a glyph missing from the font that draws a text is a finding, and the tile's stroke
    count is set in the font that holds it (scenes.kit.draw.render_label)."""
    from scenes.kit.draw import render_label

    def latin(surface, a):
        draw_text(surface, a, "15画", (300, 100), 24, jp=False)  # (forced into the Latin font)

    def right(surface, a):
        draw_text(surface, a, "15画", (300, 100), 24)
        surface.blit(render_label(a, "15画", 20, (0, 0, 0)), (300, 200))

    def tile(surface, a):  # (a cached picture drawn with the old way: the Latin font)
        img = a.assets.font_px(20, bold=True).render("15画", True, (0, 0, 0))
        rec = boxes.recorder(a)
        rec.note_text("15画", img, img.get_rect(), ((20, False),), None,
                      missing=a.assets.missing_glyphs([("15画", 20, False)]))
        surface.blit(img, (300, 200))

    found = frame(app, latin)
    assert kinds(found) == ["glyph"] and "画" in found[0].detail
    assert frame(app, right) == []
    assert kinds(frame(app, tile)) == ["glyph"]


def test_kanji_tiles_say_their_strokes_in_a_font_that_holds_them(app):
    """The tile the issue saw: "mine" style with its stroke count, in Japanese (7画)."""
    from scenes.kanji.art import KanjiArt

    i18n.set_language("ja")
    try:
        art = KanjiArt(app)

        def paint(surface, a):
            surface.blit(art.tile_px("体", 7, 120, 160, "mine"), (300, 100))
        app.manager.reset(Canvas(app, paint))
        rec = BoxRecorder()
        found, _ = capture(app, rec, "ja")
        assert "glyph" not in kinds(found)
        assert [t.missing for t in rec.texts if t.text == "7画"] == [""]  # (drawn, and whole)
    finally:
        i18n.set_language("en")
