"""Kanji-zushi (RULES.md section 3): build real kanji from left and right halves, 2-6 seats, one
package.

``data`` (the characters, from ``kanji_zushi.json``), ``rules`` (the Game), ``events`` (what
happened, as data and sentences), ``ai`` (the bots), ``coach`` (the coach's rating), ``reference``
(IS-MCTS for measuring), ``tutorial`` (+ ``tutorial.json``), ``strokes`` (the stroke order, from
``strokes.json``), ``show`` (``python -m game kanji show CHAR``). This module is the game's
registration only: it imports none of them (:mod:`game.registration`)."""

from game.gametype import GameType
from game.i18n import N_
from game.registration import Registration

REGISTRATION = Registration(
    game_type=GameType(name="kanji-zushi", title=N_("Kanji-zushi"), min_seats=2, max_seats=6,
                       simultaneous=False, hidden_information=True),
    package=__name__, rules="rules:KANJI", coach="coach:rate",
    reference={"ismcts": "reference:KanjiIsmctsBot", "ismctsold": "reference:KanjiIsmctsV1Bot"},
    tutorial="tutorial", achievements="achievements", characters="characters", kinds="kanji",
    commands={"kanji": "show"})
