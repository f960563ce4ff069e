"""The end of a game told to the person who won speaks in the second person without a capital in
mid-sentence (issue 21, defect 8: "…and You won with 55 strokes" in Kanji-zushi's log and score
screen; Sushi Draft had the same sentence)."""
from __future__ import annotations

import pytest

from game import i18n
from game.kanji.events import TIE_BREAK, WIN, GameEnded, KanjiEnd, TieBreak
from game.sushi.events import End
from game.telling import describe

NAMES = ["You", "Easy AI"]

KANJI_ENDS = [
    GameEnded(reason=KanjiEnd.ALL_COMPLETE, result=WIN, winners=(0,), scores=(55, 40), tie_break=None),
    GameEnded(reason=KanjiEnd.DEAD_TABLE, result=WIN, winners=(0,), scores=(31, 20), tie_break=None),
    GameEnded(reason=KanjiEnd.ALL_COMPLETE, result=TIE_BREAK, winners=(0,), scores=(40, 40),
              tie_break=TieBreak(tied=(0, 1), total=40, biggest=(12, 9), kanji=("飯", "休"), winners=(0,))),
    GameEnded(reason=KanjiEnd.DEAD_TABLE, result=TIE_BREAK, winners=(0,), scores=(40, 40),
              tie_break=TieBreak(tied=(0, 1), total=40, biggest=(12, 9), kanji=("飯", "休"), winners=(0,))),
]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("event", KANJI_ENDS + [End(seat=None, chips=((), ()), scores=(21, 17), winners=(0,))])
def test_the_winner_is_you_in_lower_case_mid_sentence(event):
    line = describe(event, NAMES)
    assert " You " not in line and "you won" in line, line
    assert line[0].isupper()
