"""Line breaking for every language (issue 12; scenes/kit/linebreak.py ``line_units`` / ``wrap_units``):
words stay whole, Japanese breaks between characters but never puts 、。」 at a line's start or
「 at its end, and no line is wider than the width asked (measured here by character count, so
the test needs no font)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scenes.kit.linebreak import NO_LINE_END, NO_LINE_START, line_units, wrap_units


def width_of(s: str) -> float:
    return float(len(s))


def test_words_stay_whole_and_japanese_breaks_between_characters():
    assert line_units("Drag the Kaito") == ["Drag ", "the ", "Kaito"]
    assert line_units("カイトを動かす。") == ["カ", "イ", "ト", "を", "動", "か", "す。"]
    assert line_units("「カイト」です") == ["「カ", "イ", "ト」", "で", "す"]
    lines = wrap_units("相手の刀（かたな）か兜（かぶと）を盤上から1枚残らずなくすか、相手の手番の開始時に", 10, width_of)
    assert all(len(line) <= 10 for line in lines) and len(lines) > 2
    assert "".join(lines) == "相手の刀（かたな）か兜（かぶと）を盤上から1枚残らずなくすか、相手の手番の開始時に"
    assert not any(line[0] in NO_LINE_START for line in lines[1:])
    assert not any(line[-1] in NO_LINE_END for line in lines)
    assert wrap_units("Move the Kaito any number of squares", 12, width_of) == \
        ["Move the", "Kaito any", "number of", "squares"]


def test_a_word_longer_than_a_line_is_split_or_left_whole_to_hyphenate():
    assert wrap_units("a establishment b", 6, width_of) == ["a", "establ", "ishmen", "t", "b"]
    assert wrap_units("a establishment b", 6, width_of, split_long=False) == ["a", "establishment", "b"]


@given(st.text(alphabet="あいうえおカイト刀兜。、「」abc de 12", max_size=60), st.integers(2, 20))
def test_nothing_is_lost_and_no_line_is_too_wide(text, width):
    lines = wrap_units(text, width, width_of)
    assert all(len(line) <= width or len(line) == 1 for line in lines)
    assert "".join(lines).replace(" ", "") == "".join(text.split()).replace(" ", "")
