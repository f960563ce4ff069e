"""Kanji-zushi data (game/kanji/data.py + game/kanji/kanji_zushi.json) against RULES.md §3 and the
rulebook's example lists.

Expected facts come from RULES.md §3 (deck, rulings, the extra kanji valid under the default key)
and the English rulebook's printed lists; the few stroke counts are KANJIDIC2's well-known ones.
Everything else (which cards are duplicated, which invalid-list kanji are formable) is recomputed
from the data.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import unicodedata
from collections import Counter

import pytest

import game.kanji.data as kd
from game.kanji.data import (
    ANSWER_KEYS,
    NETA,
    RULEBOOK_INVALID,
    RULEBOOK_VALID,
    RULEBOOK_VALID_PRINTED,
    SHARI,
    SHARI_DECK,
    Formed,
    card_glyphs,
    form,
    formable_chars,
    formed_pairs,
    is_valid,
    joyo_strokes,
    valid_pairs,
)

# RULES.md §3: "the default answer key is the official list ..., so 付 昨 討 技 枝 級 涼 伎 扱 are
# valid too"; "伎, 扱, 粗 as invalid although all three are Jōyō".
EXTRA_VALID_UNDER_JOYO = "付昨討技枝級涼伎扱"
JOYO_IN_INVALID_LIST = "伎扱粗"


def pairs_forming(char: str) -> list[tuple[str, str]]:
    return [pair for pair, f in formed_pairs().items() if f.char == char]


def test_joyo_list_has_exactly_2136_kanji_with_stroke_counts():
    joyo = kd.JOYO
    assert len(joyo) == 2136
    assert len(set(joyo)) == 2136
    assert list(joyo) == sorted(joyo)
    for ch in joyo:
        n = joyo_strokes(ch)
        assert isinstance(n, int) and 1 <= n <= 29, ch
    # Not Jōyō: kana, a Latin letter, a jinmeiyō kanji from the invalid list, the old form 繪.
    for ch in ("あ", "A", "暘", "繪", "椋"):
        assert joyo_strokes(ch) is None


def test_joyo_can_be_imported_by_name():
    from game.kanji.data import JOYO

    assert JOYO == kd.JOYO
    with pytest.raises(AttributeError):
        kd.NOT_A_NAME  # noqa: B018


def test_deck_is_46_cards_43_distinct_with_three_doubles():
    assert len(NETA) == 10 and len(set(NETA)) == 10
    assert len(SHARI_DECK) == 46
    assert len(SHARI) == 43 and len(set(SHARI)) == 43
    doubles = {name for name, n in Counter(SHARI_DECK).items() if n > 1}
    assert doubles == {"寺", "殳", "乍"}
    assert all(n <= 2 for n in Counter(SHARI_DECK).values())
    assert SHARI_DECK[0] == kd.GO_RIGHT == "⿱幺夂"


def test_duplicated_cards_are_the_three_completing_most_joyo_kanji():
    # RULES.md §3: a second copy of the three cards that complete the most Jōyō kanji with the ten
    # neta, ties broken by lowest code point.  Recomputed here from the data.
    count = {s: sum(is_valid(n, s, "joyo") for n in NETA) for s in SHARI}

    def key(s):  # the ⿱幺夂 card sorts by its first code point; it completes 1 anyway
        return (-count[s], ord(s[0]))

    top3 = sorted(SHARI, key=key)[:3]
    assert set(top3) == {name for name, n in Counter(SHARI_DECK).items() if n == 2}
    # The tie rule really decides the third card: another card completes as many as 乍.
    third = count[top3[2]]
    tied = [s for s in SHARI if count[s] == third]
    assert len(tied) > 1 and top3[2] == min(tied, key=lambda s: ord(s[0])) == "乍"


def test_every_printed_valid_kanji_is_formed_and_valid_under_both_keys():
    assert len(RULEBOOK_VALID_PRINTED) == 71 and "繪" in RULEBOOK_VALID_PRINTED
    assert len(RULEBOOK_VALID) == 71 and "繪" not in RULEBOOK_VALID and "絵" in RULEBOOK_VALID
    for ch in RULEBOOK_VALID:
        pairs = pairs_forming(ch)
        assert pairs, f"{ch} is formed by no neta + shari card"
        for neta, shari in pairs:
            assert is_valid(neta, shari, "joyo"), ch
            assert is_valid(neta, shari, "rulebook"), ch
    assert {form(*p).char for p in valid_pairs("rulebook")} == set(RULEBOOK_VALID)
    assert form("糸", "会").char == "絵"


def test_printed_invalid_list_is_rejected_except_the_joyo_ones_rules_names():
    joyo = set(kd.JOYO)
    assert len(RULEBOOK_INVALID) == 26
    # RULES.md §3: of the printed "not regular-use" list exactly 伎 扱 粗 are Jōyō.
    assert {ch for ch in RULEBOOK_INVALID if ch in joyo} == set(JOYO_IN_INVALID_LIST)
    formable = set(formable_chars())
    for ch in RULEBOOK_INVALID:
        for neta, shari in pairs_forming(ch):
            assert not is_valid(neta, shari, "rulebook"), ch
            assert is_valid(neta, shari, "joyo") == (ch in joyo), ch
    # 粗 (米 + 且) and 珂 (王 + 可) need a neta nobody has: not formable at all.
    assert "粗" not in formable and "珂" not in formable
    accepted_under_joyo = {ch for ch in RULEBOOK_INVALID if ch in formable and ch in joyo}
    assert accepted_under_joyo == {"伎", "扱"}


def test_every_accepted_kanji_is_joyo_and_rulebook_key_is_a_subset():
    joyo = set(kd.JOYO)
    for key in ANSWER_KEYS:
        for neta, shari in valid_pairs(key):
            assert neta in NETA and shari in SHARI
            assert form(neta, shari).char in joyo
    assert valid_pairs("rulebook") <= valid_pairs("joyo")
    # And every pair forming a Jōyō kanji is accepted under "joyo".
    for (neta, shari), f in formed_pairs().items():
        assert is_valid(neta, shari) == (f.char in joyo) == f.joyo


def test_default_key_accepts_exactly_the_rulebook_list_plus_the_rules_extras():
    chars = {form(*p).char for p in valid_pairs("joyo")}
    assert chars == set(RULEBOOK_VALID) | set(EXTRA_VALID_UNDER_JOYO)
    for ch in EXTRA_VALID_UNDER_JOYO:
        pairs = pairs_forming(ch)
        assert pairs, ch
        for pair in pairs:
            assert is_valid(*pair) and is_valid(*pair, answer_key="joyo")
            assert not is_valid(*pair, answer_key="rulebook")


@pytest.mark.parametrize("neta, shari, char", [("日", "昜", "暘"), ("木", "京", "椋"),
                                               ("氵", "曳", "洩")])
def test_formable_non_joyo_kanji_exist_but_are_not_valid(neta, shari, char):
    f = form(neta, shari)
    assert f is not None and f.char == char
    assert f.joyo is False and f.grade is None and f.meanings == ()
    assert isinstance(f.strokes, int) and f.strokes > 0
    assert not is_valid(neta, shari) and not is_valid(neta, shari, "rulebook")
    assert char in RULEBOOK_INVALID


def test_non_joyo_formable_kanji_of_the_invalid_list_are_reported_as_existing():
    joyo = set(kd.JOYO)
    formable = set(formable_chars())
    existing_not_joyo = {ch for ch in RULEBOOK_INVALID if ch in formable and ch not in joyo}
    assert {"暘", "椋", "洩"} <= existing_not_joyo
    for ch in existing_not_joyo:
        (pair,) = pairs_forming(ch)
        assert form(*pair).joyo is False


@pytest.mark.parametrize("neta, shari, char, strokes", [
    ("亻", "木", "休", 6), ("言", "吾", "語", 14), ("日", "翟", "曜", 18),
    ("彳", "⿱幺夂", "後", 9), ("彳", "亍", "行", 6),
])
def test_known_pairs_and_kanjidic2_stroke_counts(neta, shari, char, strokes):
    f = form(neta, shari)
    assert f.char == char and f.joyo
    assert f.strokes == strokes == joyo_strokes(char)


def test_no_character_for_a_pair_without_one():
    assert form("亻", "气") is None  # no such Japanese character in the sources
    assert not is_valid("亻", "气")
    assert not is_valid("亻", "气", "rulebook")


def test_jouyou_entries_carry_kanjidic2_meanings_and_readings():
    for (_n, _s), f in formed_pairs().items():
        assert isinstance(f, Formed) and len(f.char) == 1
        if f.joyo:
            assert f.grade in (1, 2, 3, 4, 5, 6, 8)
            assert f.meanings and all(isinstance(m, str) and m for m in f.meanings)
            assert f.on or f.kun
            for r in f.on:
                assert all("KATAKANA" in unicodedata.name(c) for c in r), (f.char, r)
            for r in f.kun:
                assert all("HIRAGANA" in unicodedata.name(c) or c in ".-" for c in r), (f.char, r)
        else:
            assert f.grade is None and not f.meanings and not f.on and not f.kun
    assert "rest" in form("亻", "木").meanings
    with pytest.raises(dataclasses.FrozenInstanceError):
        form("亻", "木").char = "X"


def test_unknown_names_and_keys_raise_value_error():
    with pytest.raises(ValueError, match="neta"):
        form("人", "木")
    with pytest.raises(ValueError, match="shari"):
        form("亻", "後")
    with pytest.raises(ValueError, match="shari"):
        is_valid("亻", "")
    with pytest.raises(ValueError, match="answer key"):
        is_valid("亻", "木", answer_key="official")
    with pytest.raises(ValueError, match="answer key"):
        valid_pairs("nope")


def test_card_glyphs_cover_every_card_and_the_components():
    glyphs = card_glyphs()
    assert len(glyphs) == len(set(glyphs)) and not any(c.isspace() for c in glyphs)
    for ch in NETA:
        assert ch in glyphs
    for name in SHARI:
        for ch in name:
            assert ch in glyphs
    for ch in "昜翟亍後幺夂":
        assert ch in glyphs


def test_data_file_pairs_name_their_sources_and_explain_fill_ins():
    data = kd.load_data()
    assert data["neta"] == list(NETA) and data["shari_deck"] == list(SHARI_DECK)
    assert set(data["sources"]) >= {"kanjidic2", "kanjivg"}
    for src in data["sources"].values():
        assert src["licence"] and src["url"] and src["copyright"]
    for neta, row in data["pairs"].items():
        assert neta in NETA
        for shari, entry in row.items():
            assert shari in SHARI
            assert entry["sources"], (neta, shari)
            if "kanjivg" not in entry["sources"]:  # filled in by the secondary sources
                assert entry.get("why"), (neta, shari)
    assert "幺" in data["pairs"]["彳"]["⿱幺夂"]["why"]
    stats = data["stats"]
    assert stats["pairs_forming_a_character"] == len(formed_pairs())
    assert stats["pairs_forming_a_joyo_kanji"] == len(valid_pairs("joyo"))
    assert stats["joyo"] == 2136


def test_json_round_trips_byte_for_byte():
    raw = kd.DATA_PATH.read_bytes()
    text = raw.decode("utf-8")
    assert "\\u" not in text  # ensure_ascii=False: real characters, not escapes
    assert kd.serialize(json.loads(text)).encode("utf-8") == raw


def test_data_loads_without_the_network(monkeypatch):
    def no_network(*_args, **_kwargs):
        raise AssertionError("the kanji data must not touch the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    monkeypatch.setattr(kd, "_cache", None)  # force a fresh load from disk
    assert form("亻", "木").char == "休"
    assert len(kd.JOYO) == 2136


def test_load_data_rejects_a_file_of_another_format(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    with pytest.raises(ValueError, match="format|tatami"):
        kd.load_data(bad)
