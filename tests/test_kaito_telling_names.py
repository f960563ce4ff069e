"""The KAITO game log never repeats a colour (issue 21, defect 7): a seat called by its colour
("Red", "Black": the tutorial's and the narration's names) owns "Black's kabuto", not "Black's Black
kabuto", in every language; a seat with a person's name keeps the tile's colour."""
from __future__ import annotations

import pytest

from game import i18n
from game.kaito.events import LastTileAtStake, LastTileLeft, TileCaptured
from game.kaito.rules import square_index
from game.telling import describe


@pytest.fixture
def lang():
    yield lambda code: i18n.set_language(code)
    i18n.set_language("en")


CAPTURE = TileCaptured(seat=0, ply=7, square=square_index("a2"), tile="BH", owner=1, held=True, slot=0, last=False)
OWN = TileCaptured(seat=1, ply=8, square=square_index("c3"), tile="B3", owner=1, held=False, slot=0, last=False)
LAST = LastTileLeft(seat=1, ply=9, tile="BH", square=square_index("a2"))
STAKE = LastTileAtStake(seat=0, ply=9, tile="RK", square=square_index("d4"), mover=1)


@pytest.mark.parametrize("code, repeated", [("en", "Black's Black"), ("es", "kabuto negro de Negro"),
                                            ("ja", "黒の黒の")])
def test_a_seat_named_by_its_colour_is_not_repeated(lang, code, repeated):
    lang(code)
    names = [i18n._("Red"), i18n._("Black")]
    lines = [describe(e, names) for e in (CAPTURE, OWN, LAST, STAKE)]
    for line in lines:
        assert repeated not in line, line
        assert f"{names[1]} {names[1]}" not in line and "赤の赤の" not in line, line
    if code == "en":
        assert lines[0] == "Red captured Black's kabuto on a2 and now holds it."
        assert "Black is down to their last kabuto on the board, on a2" in lines[2]
        assert "Red's last katana on d4" in lines[3]
    if code == "ja":
        assert "黒の兜" in lines[0] and "黒の黒" not in "".join(lines)


def test_a_named_seat_keeps_the_colour(lang):
    lang("en")
    line = describe(CAPTURE, ["Ana", "Ben"])
    assert line == "Ana captured Ben's Black kabuto on a2 and now holds it."
    assert "Ben captured their own Black Mon 3" in describe(OWN, ["Ana", "Ben"])
