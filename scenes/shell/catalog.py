"""The games as the menu and setup screens present them (no scene imports: the menu, the setup
screen and the app read it; :mod:`scenes.shell.registry` maps scene names to classes).

Adding a game to the menu: append a ``GameInfo`` to ``GAME_LIST`` (with ``available=True``)
and register its play scene in ``scenes.shell.registry.SCENES``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import N_, _, ngettext


@dataclass(frozen=True)
class GameInfo:
    """A game as the menu / setup screens present it.

    name: the core's game name ("kaito"); title: display name; jp: Japanese subtitle;
    tagline: one line for the menu card; scene: play scene name in ``SCENES``;
    available: False shows a "coming soon" card; art: an SVG (asset-relative) shown on the card;
    players: the (fewest, most) seats the menu card names (a test checks :attr:`players_text`
    against the game's metadata; :meth:`players_label` is the card's line).
    extra: setup-screen details: ``options`` — the game's own options as
    ``[(key, label, [(value, text)], default)]`` passed to the play scene as ``key=value``
    ("on"/"off" become booleans); ``next_label`` — the seat-order line under a seat, with the next
    seat's ``{name}`` ("passes to {name}", "then {name}"); ``setup_note`` — the hint line under the
    seats. Every game also has :data:`COMMON_OPTIONS` (see :attr:`options`).

    Every text here is an English catalog text (``N_``), translated where it is shown
    (``_(info.title)``; game/i18n.py).
    """

    name: str
    title: str
    jp: str
    tagline: str
    scene: str
    available: bool = True
    art: str = ""
    players: tuple[int, int] = (2, 2)
    extra: dict = field(default_factory=dict)

    @property
    def players_text(self) -> str:
        """The card's seat line in English ("2 players", "2–5 players")."""
        lo, hi = self.players
        return f"{lo} players" if lo == hi else f"{lo}–{hi} players"

    def players_label(self) -> str:
        """The card's seat line in the language in use ("2 players", "2–5 players")."""
        lo, hi = self.players
        if lo == hi:
            return ngettext("{n} player", "{n} players", hi).format(n=hi)
        # Translators: a range of player counts on a game's card ("2–5 players"); the form follows {hi}
        return ngettext("{lo}–{hi} player", "{lo}–{hi} players", hi).format(lo=lo, hi=hi)

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
    ("undo", N_("Undo"), [("on", N_("On")), ("off", N_("Off"))], "on"),
    ("hint", N_("Hints"), [("off", N_("Off")), ("on", N_("On"))], "off"),
]
#: Play-scene keyword of an option key, where it differs from the key.
OPTION_KWARGS: dict[str, str] = {"hint": "hints"}


GAME_LIST: list[GameInfo] = [
    GameInfo("kaito", N_("KAITO"), "侍", N_("Steer the Kaito, seize the tiles"), "kaito_play",
             available=True, art="art/kaito/tile_RK.svg", players=(2, 2)),
    GameInfo("sushi-draft", N_("Sushi Draft"), "寿司", N_("Eat, keep and pass the plates"), "sushi_play",
             available=True, art="art/sushi/card_tuna.svg", players=(2, 5),
             extra={"setup_note": N_("Everyone chooses at the same time; hands are passed to the next seat.")}),
    GameInfo("kanji-zushi", N_("Kanji-zushi"), "漢字寿司", N_("Pair halves into real kanji"), "kanji_play",
             available=True, art="art/kanji/emblem.svg", players=(2, 6),
             # Translators: under a seat of the setup screen: who plays after this seat
             extra={"next_label": N_("then {name}"),
                    "setup_note": N_("Pair a left half from your hand with a right half on the table."),
                    "options": [("answer_key", N_("Answer key"), [("joyo", N_("Jōyō list")),
                                                                   ("rulebook", N_("Rulebook"))], "joyo")]}),
]
#: The seat-order line under a seat of the setup screen when the game names none (``{name}``: the
#: next seat's name).
# Translators: under a seat of the setup screen: whom this seat passes its hand to
NEXT_LABEL = N_("passes to {name}")

GAMES_BY_NAME: dict[str, GameInfo] = {g.name: g for g in GAME_LIST}


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of ``name`` (KeyError if unknown)."""
    return GAMES_BY_NAME[name]


def game_title(name: str) -> str:
    """The display name of the game ``name`` in the language in use (``name`` itself if unknown)."""
    info = GAMES_BY_NAME.get(name)
    return _(info.title) if info is not None else name
