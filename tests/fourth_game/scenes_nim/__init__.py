"""Nim's room (a test-only fourth game): the play scene (``scene``), the score screen (``score``),
the rules page (``rules_page``) and the online mirror (``mirror``). This module is the room's
registration only (:class:`~scenes.play.registration.GameInfo`): it imports nothing else of the
room. No ``devtools`` hook: the dev tools use their generic walks for it."""
from game.i18n import N_
from scenes.play.registration import GameInfo

GAME = GameInfo(
    "nim", "勝負", N_("Take stones; take the last one to win"), "nim_play",
    scenes={"nim_play": "fourth_game.scenes_nim.scene:NimPlayScene",
            "nim_score": "fourth_game.scenes_nim.score:NimScoreScene"},
    rules="fourth_game.scenes_nim.rules_page:RULES",
    extra={"mirror": "fourth_game.scenes_nim.mirror:start_state",
           "setup_note": N_("Whoever takes the last stone wins."),
           # Translators: under a seat of the setup screen: who plays after it
           "next_label": N_("then {name}")},
    score_note=N_("Games of one player against the AI. Best score: stones taken."))
