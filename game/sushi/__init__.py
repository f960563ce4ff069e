"""Sushi Draft (RULES.md section 2): simultaneous card drafting for 2-5 seats, one package.

``rules`` (the Game), ``events`` (what happened, as data and sentences), ``sim`` / ``search`` /
``ai`` (the bots), ``coach`` (the coach's rating), ``reference`` (IS-MCTS for measuring),
``tutorial`` (+ ``tutorial.json``). This module is the game's registration only: it imports none
of them (:mod:`game.registration`)."""

from game.gametype import GameType
from game.i18n import N_
from game.registration import Registration

REGISTRATION = Registration(
    game_type=GameType(name="sushi-draft", title=N_("Sushi Draft"), min_seats=2, max_seats=5,
                       simultaneous=True, hidden_information=True),
    package=__name__, rules="rules:SUSHI", coach="coach:rate",
    reference={"ismcts": "reference:SushiIsmctsBot"}, tutorial="tutorial", achievements="achievements",
    characters="characters", kinds="sushi")
