"""Kanji meanings in the player's language (issue 12): KANJIDIC2's Spanish meanings in
game/kanji/kanji_zushi.json ("meanings_es") and ``game.kanji.data.gloss``."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from game.i18n import pseudo
from game.kanji import data as kd
from game.kanji.data import Formed, form, formed_pairs, gloss


@pytest.mark.parametrize("char, en, es, ja", [
    ("休", "rest", "descanso", "やすむ"),     # kun やす.む: okurigana dot removed
    ("林", "grove", "arboleda", "はやし"),
    ("作", "make", "hacer", "つくる"),       # kun つく.る
    ("相", "inter-", "apariencia", "あい"),  # kun あい-: trailing dash dropped
    ("校", "exam", "escuela", "コウ"),       # no kun reading: the first on reading
    ("行", "going", "ir", "いく"),
])
def test_gloss_of_known_characters(char, en, es, ja):
    assert gloss(char, "en") == en
    assert gloss(char, "es") == es
    assert gloss(char, "ja") == ja


def test_gloss_other_languages_fall_back_to_english_and_region_suffixes_are_ignored():
    assert gloss("休", "fr") == gloss("休", "") == "rest"
    assert gloss("休", "pseudo") == pseudo("rest")  # the test language transforms it (game/i18n.py)
    assert gloss("休", "es_MX") == gloss("休", "es-ES") == gloss("休", "ES") == "descanso"
    assert gloss("休", "ja_JP") == "やすむ"


def test_gloss_is_none_when_there_is_nothing():
    # A card glyph that no pair forms, a formable non-Jōyō kanji (no meanings or readings kept),
    # and something that is not a kanji at all.
    assert "木" not in kd.formable_chars()
    for char in ("木", "暘", "A"):
        for lang in ("en", "es", "ja", "fr"):
            assert gloss(char, lang) is None, (char, lang)


def test_spanish_falls_back_to_english_without_spanish_meanings(monkeypatch):
    # Every Jōyō character of the game has Spanish meanings in KANJIDIC2 2022-235, so the
    # fallback is checked on a copy of the data with them removed for one character.
    data = copy.deepcopy(kd._tables().data)
    del data["chars"]["休"]["meanings_es"]
    monkeypatch.setattr(kd, "_cache", kd._Tables(data))
    assert form("亻", "木").meanings_es == ()
    assert gloss("休", "es") == "rest" == gloss("休", "en")
    assert gloss("作", "es") == "hacer"


def test_characters_with_spanish_meanings_have_non_empty_strings():
    data = kd.load_data()
    with_es = {ch: info for ch, info in data["chars"].items() if "meanings_es" in info}
    assert with_es
    for ch, info in with_es.items():
        assert info["joyo"], ch  # kept for the Jōyō characters only, like the English ones
        es = info["meanings_es"]
        assert isinstance(es, list) and es, ch
        assert all(isinstance(m, str) and m and m == m.strip() for m in es), (ch, es)
    for f in formed_pairs().values():
        assert isinstance(f.meanings_es, tuple)
        assert f.meanings_es == tuple(data["chars"][f.char].get("meanings_es", ()))
        if not f.joyo:
            assert f.meanings_es == ()


def test_count_of_characters_with_spanish_meanings_is_in_the_stats():
    data = kd.load_data()
    count = sum(1 for info in data["chars"].values() if "meanings_es" in info)
    assert data["stats"]["characters_with_meanings_es"] == count
    assert count == len({f.char for f in formed_pairs().values() if f.meanings_es})
    assert "Spanish" in data["sources"]["kanjidic2"]["used_for"]


def test_meanings_es_is_keyword_only_so_positional_construction_still_works():
    f = Formed("休", True, 6, ("rest",), ("キュウ",), ("やす.む",), 1)
    assert f.on == ("キュウ",) and f.kun == ("やす.む",) and f.grade == 1 and f.meanings_es == ()
    g = Formed("休", True, 6, ("rest",), meanings_es=("descanso",))
    assert g.meanings_es == ("descanso",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.meanings_es = ()  # type: ignore[misc]
