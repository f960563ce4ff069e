"""Texts a new player saw cut or drawn on each other (issue 21, defects 5 and 6), checked by the
window rects the kit's draw_text returns, in the language and window size where each was seen.

5. Spanish hot-seat Sushi Draft at 1280x720: the pass card's "a la izquierda" cut by "Deshacer".
6. Japanese Sushi Draft at 800x450: the chip card's two lines drawn on each other; "得点" cut at
   the phase strip's edge. English Kanji-zushi at 800x450: "Game…" for "Game log"."""
from __future__ import annotations

import pytest
from scene_input import click, record_texts, rect_of

from game import i18n
from scenes.shell.app import App
from scenes.shell.settings import Settings


@pytest.fixture
def make(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    apps = []

    def build(size, lang):
        a = App(size=size, settings=Settings(tmp_path / "s.json", autoload=False), uidump=False, language=lang)
        apps.append(a)
        return a

    yield build
    for a in apps:
        a.shutdown()
    i18n.set_language("en")


def frames(app, n):
    for _ in range(n):
        app.pump(16)


def test_spanish_pass_card_direction_is_not_under_undo(make, monkeypatch):
    import scenes.sushi.draw_bottom as bottom

    app = make((1280, 720), "es")
    scene = app.make_scene("sushi_play", seats=["human", "human"], seed=5, speed=3.0)
    app.manager.reset(scene)
    frames(app, 40)
    if app.manager.top().name == "privacy":
        click(app, rect_of(app.manager.top(), "button:ready").center)
    frames(app, 40)
    drawn = record_texts(monkeypatch, bottom)
    frames(app, 1)
    direction = drawn.boxes(i18n._("to the left"))
    assert direction, list(drawn)
    undo = app.viewport.to_window(scene.btn_undo.rect)
    assert scene.btn_undo.visible and not direction[0].colliderect(undo)


def test_japanese_small_window_chip_lines_and_phase_strip(make, monkeypatch):
    import scenes.sushi.draw as top
    import scenes.sushi.draw_bottom as bottom
    from scenes.sushi.layout import PHASE_RECT

    app = make((800, 450), "ja")
    scene = app.make_scene("sushi_play", seats=["human", "easy", "easy"], seed=5, speed=3.0)
    app.manager.reset(scene)
    frames(app, 60)
    drawn = record_texts(monkeypatch, top, bottom)
    frames(app, 1)
    head = drawn.boxes(i18n._("No chips yet"))
    hint = i18n._("Eat the most of a type to win one")
    lines = [r for t, r in zip(drawn, drawn.rects) if t and t in hint]
    assert head and lines
    boxes = head + lines
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), f"{a} and {b} drawn on each other"
    strip = app.viewport.to_window(PHASE_RECT)
    for label in ("EAT", "KEEP", "SCORE"):
        box = drawn.boxes(i18n.pgettext("phase", label))
        assert box and strip.contains(box[0]), f"{label} lies outside the phase strip"


def test_english_small_window_kanji_log_title_is_whole(make, monkeypatch):
    import scenes.kanji.draw as kdraw

    app = make((800, 450), "en")
    scene = app.make_scene("kanji_play", seats=["human", "easy"], seed=5)
    app.manager.reset(scene)
    frames(app, 30)
    drawn = record_texts(monkeypatch, kdraw)
    frames(app, 1)
    titles = [t for t in drawn if t.startswith("Game") or t == "Log"]
    assert titles == ["Game log"], titles


def test_japanese_small_window_pass_card_and_undo_label_stay_in_their_boxes(make, monkeypatch):
    """Defect 6: "残りのカードの渡し先" ran under the hand and "元に戻す" was cut by its own button."""
    import scenes.kit.widgets as widgets
    import scenes.sushi.draw_bottom as bottom
    from scenes.sushi.layout import PASS_RECT

    app = make((800, 450), "ja")
    scene = app.make_scene("sushi_play", seats=["human", "human"], seed=5, speed=3.0)
    app.manager.reset(scene)
    frames(app, 40)
    if app.manager.top().name == "privacy":
        click(app, rect_of(app.manager.top(), "button:ready").center)
    frames(app, 40)
    drawn = record_texts(monkeypatch, bottom, widgets)
    frames(app, 1)
    card = app.viewport.to_window(PASS_RECT)
    for text in (i18n._("Your leftovers go to"), i18n._("You receive from")):
        box = drawn.boxes(text)
        assert box and card.contains(box[0]), f"{text!r} runs out of the pass card"
    undo = app.viewport.to_window(scene.btn_undo.rect)
    label = drawn.boxes(i18n._("Undo"))
    # (its line box, leading included, may be a pixel taller than the button: the glyphs are not)
    assert label and undo.left <= label[0].left and label[0].right <= undo.right, \
        f"the Undo label {label} is cut by its button {undo}"
