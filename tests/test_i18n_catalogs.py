"""The translation catalogs (issue 12; game/i18n.py, tools/i18n.py): complete, not fuzzy, up to date
with the source (a fresh Babel extraction compared with the template and each catalog), the same
named placeholders as the English, plural forms by each language's rules, every glyph of every
catalog in the bundled fonts, and the run-time switch (set_language, the pseudo language, a
missing or broken catalog falls back to English with one line)."""

from __future__ import annotations

import gettext
import importlib.util
import shutil
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"


def _tool():
    spec = importlib.util.spec_from_file_location("tatami_i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _catalog(lang: str):
    with open(i18n.po_path(lang), "rb") as f:
        return read_po(f)


def test_the_catalogs_are_complete_not_fuzzy_and_up_to_date_with_the_source():
    problems = _tool().problems()
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_each_catalog_has_its_languages_plural_rule_and_every_text(lang):
    catalog = _catalog(lang)
    assert catalog.locale is not None and str(catalog.locale) == lang
    assert catalog.num_plurals == {"es": 2, "ja": 1}[lang]
    messages = [m for m in catalog if m.id]
    assert len(messages) > 300  # the whole app, not a sample
    assert any(isinstance(m.id, tuple) for m in messages)  # counted texts use ngettext


def test_the_check_fails_on_a_fuzzy_an_untranslated_and_a_placeholder_mismatch(tmp_path, monkeypatch):
    tool = _tool()
    for lang in tool.LANGS:
        dst = tmp_path / lang / "LC_MESSAGES"
        dst.mkdir(parents=True)
        shutil.copy(i18n.po_path(lang), dst / "tatami.po")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    assert tool.problems() == [] or pytest.fail("the copies should pass like the originals")
    po = tmp_path / "es" / "LC_MESSAGES" / "tatami.po"
    catalog = _catalog("es")
    plain = [m for m in catalog if m.id and not isinstance(m.id, tuple) and "{" in m.id]
    a, b, c = plain[0], plain[1], plain[2]
    a.flags.add("fuzzy")
    b.string = ""
    c.string = c.string.replace("{", "{x", 1)
    from babel.messages.pofile import write_po

    with open(po, "wb") as f:
        write_po(f, catalog)
    found = "\n".join(tool.problems())
    assert "fuzzy" in found and repr(a.id) in found
    assert "untranslated" in found and repr(b.id) in found
    assert "placeholders" in found


def test_set_language_translates_at_once_and_back():
    es = _catalog("es")
    msg = next(m for m in es if m.id and not isinstance(m.id, tuple) and not m.context and m.string != m.id)
    assert i18n._(msg.id) == msg.id
    assert i18n.set_language("es") == "es"
    assert i18n._(msg.id) == msg.string
    assert i18n.set_language("ja") == "ja"
    assert i18n._(msg.id) == _catalog("ja").get(msg.id).string
    i18n.set_language("en")
    assert i18n._(msg.id) == msg.id


def test_plural_forms_follow_each_language():
    es = _catalog("es")
    msg = next(m for m in es if isinstance(m.id, tuple) and not m.context)
    i18n.set_language("es")
    assert i18n.ngettext(msg.id[0], msg.id[1], 1) == msg.string[0]
    assert i18n.ngettext(msg.id[0], msg.id[1], 5) == msg.string[1]
    i18n.set_language("ja")
    ja = _catalog("ja").get(msg.id[0])
    assert i18n.ngettext(msg.id[0], msg.id[1], 1) == i18n.ngettext(msg.id[0], msg.id[1], 5) == ja.string[0]


def test_the_language_follows_the_system_locale(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    assert i18n.system_language() == "es"
    assert i18n.set_language(None) == "es"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert i18n.system_language() == "ja"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr:ja")
    assert i18n.system_language() == "ja"
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setattr(i18n._locale, "getlocale", lambda: ("de_DE", "UTF-8"))
    assert i18n.system_language() == "en"


def test_a_missing_catalog_falls_back_to_english_with_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    assert i18n.set_language("es") == "en"
    problem = i18n.load_problem()
    assert problem and "\n" not in problem and "'es'" in problem
    assert i18n._("Undo") == "Undo"


def test_a_broken_catalog_falls_back_to_english(tmp_path, monkeypatch):
    lc = tmp_path / "ja" / "LC_MESSAGES"
    lc.mkdir(parents=True)
    (lc / "tatami.mo").write_bytes(b"not a catalog")
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    assert i18n.set_language("ja") == "en" and i18n.load_problem()


def test_a_stale_mo_is_not_used_the_po_is_compiled_in_memory(tmp_path, monkeypatch):
    lc = tmp_path / "es" / "LC_MESSAGES"
    lc.mkdir(parents=True)
    shutil.copy(i18n.po_path("es"), lc / "tatami.po")
    (lc / "tatami.mo").write_bytes(b"stale")
    import os

    os.utime(lc / "tatami.mo", (1, 1))  # older than the .po
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    assert i18n.set_language("es") == "es"
    assert isinstance(i18n.translations("es"), gettext.GNUTranslations)


def test_listeners_hear_a_change_once():
    heard: list[str] = []
    remove = i18n.on_change(heard.append)
    try:
        i18n.set_language("es")
        i18n.set_language("es")
        i18n.set_language("en")
    finally:
        remove()
    assert heard == ["es", "en"]


def test_the_pseudo_language_marks_every_word_and_keeps_placeholders():
    i18n.set_language("pseudo")
    text = i18n._("{seat} captured their own {tile} on {square}.")
    assert i18n.is_pseudo(text)
    assert i18n.plain_words(text.format(seat="c", tile="d", square="e4")) == []
    assert "{seat}" in text and "{square}" in text
    assert i18n.plain_words("Undo") == ["Undo"]
    assert i18n.plain_words(i18n._("Undo")) == []
    assert i18n.plain_words("Tatami · Español · 日本語 · 12") == []


# -- glyphs ---------------------------------------------------------------------------------------


def _cmap(name: str) -> set[int]:
    return set(TTFont(FONTS / name).getBestCmap())


def test_the_bundled_fonts_cover_every_glyph_of_every_catalog():
    """A text holding Japanese is drawn in runs (scenes/shell/assets.py, ``text_runs``): its CJK
    characters in the Japanese font, the rest in Noto Sans (regular and bold)."""
    sys.path.insert(0, str(ROOT))
    from scenes.shell.assets import has_cjk

    latin = _cmap("NotoSans-Regular.ttf") & _cmap("NotoSans-Bold.ttf")
    jp = _cmap("NotoSansJP-Regular.otf") & _cmap("NotoSansJP-Bold.otf")
    missing: dict[str, set[str]] = {}
    for lang in ("es", "ja"):
        for m in _catalog(lang):
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            for s in strings:
                for ch in s:
                    if ch in "\n\t":
                        continue
                    font = jp if has_cjk(ch) else latin
                    if ord(ch) not in font:
                        missing.setdefault(lang, set()).add(ch)
    assert missing == {}, {k: "".join(sorted(v)) for k, v in missing.items()}
