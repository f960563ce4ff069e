"""KAITO (RULES.md section 1): the 2-player capture duel on a 6x6 grid, one package.

``rules`` (the Game), ``events`` (what happened, as data and sentences), ``engine`` / ``search`` /
``levels`` / ``ai`` (the bots), ``coach`` (the coach's rating), ``reference`` (plain UCT for
measuring), ``tutorial`` (+ ``tutorial.json``). This module is the game's registration only: it
imports none of them (:mod:`game.registration`)."""

from game.gametype import GameType
from game.i18n import N_
from game.registration import Registration

REGISTRATION = Registration(
    game_type=GameType(name="kaito", title=N_("KAITO"), min_seats=2, max_seats=2,
                       simultaneous=False, hidden_information=False),
    package=__name__, rules="rules:KAITO", coach="coach:rate",
    reference={"mcts": "reference:KaitoMctsBot"}, tutorial="tutorial", achievements="achievements",
    characters="characters", kinds="kaito")
