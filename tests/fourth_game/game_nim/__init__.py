"""Nim (a test-only fourth game): three heaps of stones; a turn takes one or more stones from one
heap; whoever takes the last stone wins. Notation ``h<heap>-<count>`` (heaps 1..3: ``h2-3`` takes
three stones from the second heap).

This module is the game's registration only (:mod:`game.registration`): it imports none of its
rules."""

from game.core import GameType
from game.i18n import N_
from game.registration import Registration

REGISTRATION = Registration(
    game_type=GameType(name="nim", title=N_("Nim"), min_seats=2, max_seats=2,
                       simultaneous=False, hidden_information=False),
    package=__name__, rules="rules:NIM", kinds="nim")
