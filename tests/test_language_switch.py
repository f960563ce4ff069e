"""Switching the language while the app runs (issue 12): the settings screen's language choice
takes effect at once — every label of the settings screen and of the menu under it changes, with
no restart — and is saved; ``App(language=...)`` / ``TATAMI_LANG`` / the saved choice pick the
language at start; the system's language is the default."""
from __future__ import annotations

import json

import pygame
import pytest
from test_settings_screen import open_settings

from game import i18n


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("TATAMI_LANG", raising=False)
    yield
    i18n.set_language("en")


def labels(scene) -> dict[str, str]:
    return {e.id: e.label for e in scene.ui_elements() if e.label}


#: Labels that are the same in every language (each language's own name, numbers).
SAME_EVERYWHERE = {"choice:language:en", "choice:language:es", "choice:language:ja"}


def changed_everywhere(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The ids whose label did NOT change (expected: none but the language names and words the
    language in use writes as English does, e.g. Spanish "Normal")."""
    assert before.keys() == after.keys()
    return [k for k in before if before[k] == after[k] and k not in SAME_EVERYWHERE
            and not before[k].strip().isdigit() and i18n._(before[k]) != before[k]]


def test_the_language_choice_relabels_the_settings_and_the_menu_at_once(app):
    i18n.set_language("en")
    d = open_settings(app)
    menu = app.manager.stack[0]
    en_settings, en_menu = labels(app.manager.top()), labels(menu)
    assert en_settings["button:back"] == "Back"
    d.click("choice:language:es")
    settings = app.manager.top()
    assert settings.name == "settings" and i18n.language() == "es"
    es_settings = labels(settings)
    assert changed_everywhere(en_settings, es_settings) == []
    assert json.loads(app.settings.path.read_text(encoding="utf-8"))["language"] == "es"
    kinds = {e.id: e.kind for e in settings.ui_elements()}
    assert kinds["choice:language:es"].endswith("selected")

    d.click("choice:language:ja")
    ja_settings = labels(app.manager.top())
    assert changed_everywhere(es_settings, ja_settings) == []
    assert any(ord(ch) > 0x3000 for ch in ja_settings["button:back"])

    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")
    ja_menu = labels(app.manager.top())
    assert changed_everywhere(en_menu, ja_menu) == []

    d.click("button:settings")
    d.wait_scene("settings")
    d.click("choice:language:en")
    assert labels(app.manager.top()) == en_settings
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")
    assert labels(app.manager.top()) == en_menu


def test_the_system_choice_follows_the_locale_and_forgets_the_saved_language(app, monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    d = open_settings(app)
    d.click("choice:language:ja")
    d.click("choice:language:system")
    assert i18n.language() == "es" and app.settings["language"] is None


def test_the_language_at_start_argument_then_env_then_saved_choice(tmp_path, monkeypatch):
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "ja"}), encoding="utf-8")

    def started(**kw) -> str:
        a = App(size=(1280, 720), settings=Settings(path=path), uidump=False, **kw)
        try:
            return i18n.language()
        finally:
            a.shutdown()

    assert started() == "ja"
    monkeypatch.setenv("TATAMI_LANG", "es")
    assert started() == "es"
    assert started(language="en") == "en"


def test_a_bad_saved_language_is_forgotten(tmp_path):
    from scenes.shell.settings import Settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "xx"}), encoding="utf-8")
    assert Settings(path=path)["language"] is None
