"""Sushi Draft's room: the play scene (``scene``: wiring over the Match) with its layout, shown
snapshot, choreography (events -> animations), input, texts, drawing (``draw``, ``draw_bottom``,
``paint``) and art, the rules page (``rules_page``) and the score screen (``score``).

This module is the room's registration only (:class:`~scenes.play.registration.GameInfo`, read by
:mod:`scenes.shell.catalog`): it imports nothing else of the room."""
from game.i18n import N_
from scenes.play.registration import GameInfo

GAME = GameInfo(
    "sushi-draft", "寿司", N_("Eat, keep and pass the plates"), "sushi_play",
    devtools="scenes.sushi.devtools:DEVTOOLS",
    scenes={"sushi_play": "scenes.sushi.scene:SushiPlayScene", "sushi_score": "scenes.sushi.score:SushiScoreScene"},
    art="art/sushi/card_tuna.svg", rules="scenes.sushi.rules_page:RULES",
    score_note=N_("Games of one player against the AI, by the strongest AI at the table. Best score: chip "
                  "points."),
    extra={"setup_note": N_("Everyone chooses at the same time; hands are passed to the next seat.")})
