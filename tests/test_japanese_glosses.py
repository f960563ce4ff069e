"""The Japanese ornaments beside translated titles are for readers of other languages: in Japanese
the title already says it (issue 21, defect 13: "日本の3つのボードゲーム · 日本の卓上遊戯" on the menu,
"漢字寿司 漢字寿司" on the rules page, the card tag over the same card title)."""
from __future__ import annotations

import pytest
from scene_input import record_texts

from game import i18n


@pytest.fixture
def drawn(app, monkeypatch):
    """Every text the menu and the rules page draw in a frame."""
    import scenes.shell.menu as menu
    import scenes.shell.rules as rules

    texts = record_texts(monkeypatch, menu, rules)
    yield texts
    i18n.set_language("en")


def frame(app, drawn, scene_name, **kw):
    """One frame of ``scene_name`` (after two to settle): ``drawn`` holds that frame's texts."""
    app.manager.reset(app.make_scene(scene_name, **kw))
    for _ in range(2):
        app.pump(16)
    drawn.clear()
    app.pump(16)


@pytest.mark.parametrize("code", ["en", "es", "ja"])
def test_the_menu_says_each_thing_once(app, drawn, code):
    i18n.set_language(code)
    frame(app, drawn, "menu")
    line = next(t for t in drawn if i18n._("Board games from Japan") in t)
    if code == "ja":
        assert "日本の卓上遊戯" not in line
        assert drawn.count("漢字寿司") == 1  # the card's title, not its tag too
        assert "侍" not in drawn and "寿司" not in drawn
    else:
        assert line.endswith("日本の卓上遊戯")


@pytest.mark.parametrize("code", ["en", "ja"])
def test_the_rules_title_is_not_repeated(app, drawn, code):
    i18n.set_language(code)
    frame(app, drawn, "rules", game="kanji-zushi")
    assert drawn.count("漢字寿司") == 1
    assert i18n._("Kanji-zushi") in drawn


@pytest.mark.parametrize("scene_name, module, word, kwargs", [
    ("setup", "scenes.shell.setup", "勝負", {"game": "kaito"}),
    ("recent", "scenes.shell.recent", "棋譜", {}),
    ("stats", "scenes.profile.scene", "戦績", {}),
])
def test_the_screens_subtitles_are_not_repeated_in_japanese(app, monkeypatch, scene_name, module, word, kwargs):
    import importlib

    texts = record_texts(monkeypatch, importlib.import_module(module))
    try:
        for code, shown in (("en", True), ("ja", False)):
            i18n.set_language(code)
            app.manager.reset(app.make_scene(scene_name, **kwargs))
            app.pump(16)
            texts.clear()
            app.pump(16)
            assert (word in texts) is shown, (code, texts[:6])
    finally:
        i18n.set_language("en")
