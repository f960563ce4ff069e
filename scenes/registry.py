"""Explicit registries: scene names -> classes, and the games shown in the menu.

Adding a game to the menu: append a ``GameInfo`` to ``GAME_LIST`` (with ``available=True``)
and add its play scene to ``SCENES`` — a two-line change.
"""
from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass, field

from scenes.menu import MainMenuScene
from scenes.pause import PauseScene
from scenes.rules import RulesScene
from scenes.score import ScoreScene
from scenes.setup import SetupScene

log = logging.getLogger("tatami.registry")

@dataclass(frozen=True)
class GameInfo:
    """A game as the menu / setup screens present it.

    name: the core's game name ("kaito"); title: display name; jp: Japanese subtitle;
    tagline: one line for the menu card; scene: play scene name in ``SCENES``;
    seats: (min, max) seats offered; available: False shows a "coming soon" card;
    art: an SVG (asset-relative) shown on the card.
    extra: setup-screen details of multi-seat games: ``options`` — game options as
    ``[(key, label, [(value, text)], default)]`` passed to the play scene as ``key=value``
    ("on"/"off" become booleans); ``next_label`` — the seat-order word ("passes to", "then");
    ``setup_note`` — the hint line under the seats.
    """

    name: str
    title: str
    jp: str
    tagline: str
    scene: str
    seats: tuple[int, int] = (2, 2)
    available: bool = True
    art: str = ""
    players_text: str = "2 players"
    extra: dict = field(default_factory=dict)


GAME_LIST: list[GameInfo] = [
    GameInfo("kaito", "KAITO", "侍", "Steer the Kaito, seize the tiles", "kaito_play",
             available=True, art="art/kaito/tile_RK.svg", players_text="2 players"),
    GameInfo("sushi-draft", "Sushi Draft", "寿司", "Eat, keep and pass the plates", "sushi_play",
             seats=(2, 5), available=True, art="art/sushi/card_tuna.svg", players_text="2–5 players",
             extra={"setup_note": "Everyone chooses at the same time; hands are passed to the next seat."}),
    GameInfo("kanji-zushi", "Kanji-zushi", "漢字寿司", "Pair halves into real kanji", "kanji_play",
             seats=(2, 6), available=True, art="art/kanji/emblem.svg", players_text="2–6 players",
             extra={"next_label": "then",
                    "setup_note": "Pair a left half from your hand with a right half on the table.",
                    "options": [("answer_key", "Answer key", [("joyo", "Jōyō list"), ("rulebook", "Rulebook")],
                                 "joyo"),
                                ("hint", "Hint", [("off", "Off"), ("on", "On")], "off")]}),
]

GAMES_BY_NAME: dict[str, GameInfo] = {g.name: g for g in GAME_LIST}

#: Scene name -> class, or "module:Class" for scenes imported on first use (play scenes pull in
#: the rules core and the AI; loading them lazily keeps start-up to the first menu frame short).
SCENES: dict[str, type | str] = {
    "menu": MainMenuScene,
    "setup": SetupScene,
    "pause": PauseScene,
    "rules": RulesScene,
    "score": ScoreScene,
    "kaito_play": "scenes.kaito_scene:KaitoPlayScene",
    "sushi_play": "scenes.sushi_scene:SushiPlayScene",
    "sushi_score": "scenes.sushi_score:SushiScoreScene",
    "privacy": "scenes.privacy:PrivacyScene",
    "kanji_play": "scenes.kanji_scene:KanjiPlayScene",
    "kanji_score": "scenes.kanji_score:KanjiScoreScene",
}


def scene_class(name: str) -> type:
    """The class registered as ``name``, importing it on first use.

    Raises:
        KeyError: no scene of that name (the message lists the known ones)."""
    try:
        entry = SCENES[name]
    except KeyError:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(SCENES))}") from None
    if isinstance(entry, str):
        module_name, _, attr = entry.partition(":")
        entry = getattr(importlib.import_module(module_name), attr)
        SCENES[name] = entry
    return entry


def game_info(name: str) -> GameInfo:
    return GAMES_BY_NAME[name]
