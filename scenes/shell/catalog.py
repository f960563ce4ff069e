"""The games as the menu and setup screens present them (no scene imports: the menu, the setup
screen and the app read it; :mod:`scenes.shell.registry` maps scene names to classes).

Adding a game to the menu: append a ``GameInfo`` to ``GAME_LIST`` (with ``available=True``)
and register its play scene in ``scenes.shell.registry.SCENES``.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GameInfo:
    """A game as the menu / setup screens present it.

    name: the core's game name ("kaito"); title: display name; jp: Japanese subtitle;
    tagline: one line for the menu card; scene: play scene name in ``SCENES``;
    available: False shows a "coming soon" card; art: an SVG (asset-relative) shown on the card;
    players_text: the menu card's seat line (a test checks it against the game's metadata).
    extra: setup-screen details: ``options`` — the game's own options as
    ``[(key, label, [(value, text)], default)]`` passed to the play scene as ``key=value``
    ("on"/"off" become booleans); ``next_label`` — the seat-order word ("passes to", "then");
    ``setup_note`` — the hint line under the seats. Every game also has :data:`COMMON_OPTIONS`
    (see :attr:`options`).
    """

    name: str
    title: str
    jp: str
    tagline: str
    scene: str
    available: bool = True
    art: str = ""
    players_text: str = "2 players"
    extra: dict = field(default_factory=dict)

    @property
    def seats(self) -> tuple[int, int]:
        """(min, max) seats offered: the game's own ``GameType`` (RULES.md), never repeated here.

        The rules are imported on first use (the setup screen, ``--play``), not at start-up."""
        from game.registry import get

        gt = get(self.name).game_type
        return (gt.min_seats, gt.max_seats)

    @property
    def options(self) -> list[tuple]:
        """The setup screen's options: the game's own (``extra["options"]``), then
        :data:`COMMON_OPTIONS` (undo, hints)."""
        return list(self.extra.get("options", ())) + list(COMMON_OPTIONS)


#: Options of every game, after its own: ``(key, label, [(value, text)], default)``. The setup
#: screen shows them as ``choice:<key>:<value>`` and passes ``OPTION_KWARGS[key]=<bool>`` to the
#: play scene ("on" -> True): ``undo=`` (take back a decision; default on) and ``hints=`` (the hint
#: button; default off). The hint choice keeps the id ``choice:hint:*`` it had as Kanji-zushi's option.
COMMON_OPTIONS: list[tuple] = [
    ("undo", "Undo", [("on", "On"), ("off", "Off")], "on"),
    ("hint", "Hints", [("off", "Off"), ("on", "On")], "off"),
]
#: Play-scene keyword of an option key, where it differs from the key.
OPTION_KWARGS: dict[str, str] = {"hint": "hints"}


GAME_LIST: list[GameInfo] = [
    GameInfo("kaito", "KAITO", "侍", "Steer the Kaito, seize the tiles", "kaito_play",
             available=True, art="art/kaito/tile_RK.svg", players_text="2 players"),
    GameInfo("sushi-draft", "Sushi Draft", "寿司", "Eat, keep and pass the plates", "sushi_play",
             available=True, art="art/sushi/card_tuna.svg", players_text="2–5 players",
             extra={"setup_note": "Everyone chooses at the same time; hands are passed to the next seat."}),
    GameInfo("kanji-zushi", "Kanji-zushi", "漢字寿司", "Pair halves into real kanji", "kanji_play",
             available=True, art="art/kanji/emblem.svg", players_text="2–6 players",
             extra={"next_label": "then",
                    "setup_note": "Pair a left half from your hand with a right half on the table.",
                    "options": [("answer_key", "Answer key", [("joyo", "Jōyō list"), ("rulebook", "Rulebook")],
                                 "joyo")]}),
]

GAMES_BY_NAME: dict[str, GameInfo] = {g.name: g for g in GAME_LIST}


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of ``name`` (KeyError if unknown)."""
    return GAMES_BY_NAME[name]
