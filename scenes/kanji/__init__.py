"""Kanji-zushi's room: the play scene (``scene``: wiring over a :class:`game.match.Match`), its
layout (``layout``), what is shown (``shown``), the choreography of events (``choreo``), pure
drawing (``draw``, ``board``), input (``input``), status texts (``status``), kanji text and
tooltips (``text``), the art cache (``art``), the join-board sprite (``sprites``), the rules page
(``rules_page``), the score screen (``score``) and the kanji book (``book``, its drawing
``bookview``, its facts ``bookfacts`` and its store ``bookstore``).

This module is the room's registration only (:class:`~scenes.play.registration.GameInfo`, read by
:mod:`scenes.shell.catalog`): it imports nothing else of the room."""
from game.i18n import N_
from scenes.play.registration import GameInfo

GAME = GameInfo(
    "kanji-zushi", "漢字寿司", N_("Pair halves into real kanji"), "kanji_play",
    devtools="scenes.kanji.devtools:DEVTOOLS",
    scenes={"kanji_play": "scenes.kanji.scene:KanjiPlayScene", "kanji_score": "scenes.kanji.score:KanjiScoreScene",
            "kanji_book": "scenes.kanji.book:KanjiBookScene", "kanji_review": "scenes.kanji.review:KanjiReviewScene"},
    stores={"kanji_book": "scenes.kanji.bookstore:KanjiBook", "kanji_review": "scenes.kanji.reviewstore:KanjiReview"},
    # Translators: small buttons under Kanji-zushi's card in the main menu: every kanji you made; its spaced review
    links=(("book", N_("Kanji book"), "kanji_book"), ("review", N_("Review"), "kanji_review",
                                                           "scenes.kanji.review:menu_label")),
    art="art/kanji/emblem.svg", rules="scenes.kanji.rules_page:RULES",
    score_note=N_("Games of one player against the AI, by the strongest AI at the table. Best score: "
                  "strokes."),
    # Translators: under a seat of the setup screen: who plays after this seat
    extra={"next_label": N_("then {name}"),
           "setup_note": N_("Pair a left half from your hand with a right half on the table."),
           "options": [("answer_key", N_("Answer key"), [("joyo", N_("Jōyō list")),
                                                          ("rulebook", N_("Rulebook"))], "joyo")]})
