"""KAITO's room: the play scene (``scene``: wiring over the Match) with its layout, what is shown
(``shown``), panels, choreography, input, coaching and telling, drawing and art, the rules page
(``rules_page``) and the score screen (``score``).

This module is the room's registration only (:class:`~scenes.play.registration.GameInfo`, read by
:mod:`scenes.shell.catalog`): it imports nothing else of the room."""
from game.i18n import N_
from scenes.play.registration import GameInfo

GAME = GameInfo(
    "kaito", "侍", N_("Steer the Kaito, seize the tiles"), "kaito_play",
    scenes={"kaito_play": "scenes.kaito.scene:KaitoPlayScene", "kaito_score": "scenes.kaito.score:KaitoScoreScene"},
    art="art/kaito/tile_RK.svg", rules="scenes.kaito.rules_page:RULES",
    extra={"sides": True, "mirror": "scenes.kaito.mirror:start_state",
           # Translators: on the setup screen, over the side that does not move first
           "sides_role": N_("Places the Kaito"),
           "sides_note": N_("The other player places the Kaito on a blank square to begin.")},
    devtools="scenes.kaito.devtools:DEVTOOLS",
    score_note=N_("Games of one player against the AI, by the strongest AI at the table. Best score: tiles held "
                  "at the end."))
