"""A game as the app presents it: the scenes side of its one registration (issue 23 §2).

Each game's room ``scenes/<name>/`` holds, in its ``__init__.py``, one :class:`GameInfo` called
``GAME`` and imports nothing else of the room (the menu reads every card at start-up; the play
and score scenes are imported on first use). :mod:`scenes.shell.catalog` lists the rooms. The
title, the seat range and the flags are the core's (:class:`game.registration.Registration`),
never repeated here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.i18n import N_, ngettext
from game.registration import Registration, load
from game.registry import registration

if TYPE_CHECKING:
    from scenes.play.devhooks import DevTools


@dataclass(frozen=True)
class GameInfo:
    """A game as the menu, setup, rules, statistics and tutorial screens present it.

    name: the core's game name ("kaito"); jp: the Japanese word beside the title; tagline: one
    line for the menu card; scene: the play scene's name; scenes: scene name -> ``"module:Class"``
    of the game's scenes (its play scene and score screen), imported on first use; available:
    False shows a "coming soon" card; art: an SVG (asset-relative) shown on the card; rules:
    ``"module:ATTRIBUTE"`` of the game's rules page (blocks, :mod:`scenes.shell.rules`);
    score_note: the line under the statistics table (what the best score counts).
    extra: ``mirror`` — online play (issue 24): ``"module:function"``, the position at ply 0 from a
        seat's first view (:class:`scenes.play.online.OnlineMatch`; games of perfect information);
        setup-screen details: ``options`` — the game's own options as
    ``[(key, label, [(value, text)], default)]`` passed to the play scene as ``key=value``
    ("on"/"off" become booleans); ``next_label`` — the seat-order line under a seat, with the next
    seat's ``{name}`` ("passes to {name}", "then {name}"); ``setup_note`` — the hint line under the
    seats; ``sides`` — True for a duel set up as two sides (left and right) with a colour each and
    who moves first, passed to the play scene as ``colors`` in seat order, with ``sides_role`` (the
    label of the side that does not move first) and ``sides_note`` (the hint line under the sides).
    Every game also has :data:`COMMON_OPTIONS` (see :attr:`options`).
    devtools: ``"module:ATTRIBUTE"`` of the game's :class:`DevTools` (``scenes/<name>/devtools.py``),
    or "" for the generic ones.
    stores: the room's own per-user stores, app attribute -> ``"module:Class"`` (e.g.
    ``{"kanji_book": "scenes.kanji.bookstore:KanjiBook"}``): each made once at start with no
    arguments (its file in the data folder) by :func:`scenes.shell.catalog.open_room_stores`, kept
    as that attribute of the app and in ``app.room_stores``, and told every finished game with
    ``record_finished(game_id, game_name, setup, state, events)`` by the autosave
    (:class:`scenes.play.saving.Saving`; a store ignores other games).
    links: the room's small buttons under its menu card, ``(key, label, scene)`` or ``(key, label,
    scene, "module:function")``: the label an English catalog text (``N_``), the scene one of the
    room's (opened over the menu); the function, ``(app) -> str | None``, gives the label as it
    stands now ("Review (12 due)", in the language in use; None: the plain label), asked off the
    frame loop each time the menu shows (it may read files); the menu shows them as
    ``button:room:<name>:<key>``, at most two side by side.

    Every text here is an English catalog text (``N_``), translated where it is shown
    (``_(info.title)``; game/i18n.py).
    """

    name: str
    jp: str
    tagline: str
    scene: str
    scenes: dict[str, str] = field(default_factory=dict)
    available: bool = True
    art: str = ""
    rules: str = ""
    score_note: str = ""
    extra: dict = field(default_factory=dict)
    devtools: str = ""
    stores: dict[str, str] = field(default_factory=dict)
    links: tuple[tuple[str, ...], ...] = ()

    def dev_tools(self) -> "DevTools":
        """The game's part of the dev tools (imported on first use), or the generic defaults."""
        from scenes.play.devhooks import DevTools  # (the dev tools only: not on the app's start path)

        return load(self.devtools) if self.devtools else DevTools()

    @property
    def registration(self) -> Registration:
        """The core's registration of this game (:mod:`game.registry`; no rules imported).

        Raises:
            KeyError: the core knows no game of this name."""
        return registration(self.name)

    @property
    def title(self) -> str:
        """The display name, an English catalog text (the core's ``GameType.title``)."""
        return self.registration.game_type.title

    @property
    def players(self) -> tuple[int, int]:
        """(fewest, most) seats (the core's ``GameType``, RULES.md)."""
        gt = self.registration.game_type
        return (gt.min_seats, gt.max_seats)

    #: The seats the setup screen offers: the same range.
    seats = players

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
    def options(self) -> list[tuple]:
        """The setup screen's options: the game's own (``extra["options"]``), then
        :data:`COMMON_OPTIONS` (undo, hints)."""
        return list(self.extra.get("options", ())) + list(COMMON_OPTIONS)

    def rules_blocks(self) -> list[tuple]:
        """The game's rules page (its blocks; empty when it has none), imported on first use."""
        return list(load(self.rules)) if self.rules else []

    @property
    def has_tutorial(self) -> bool:
        """Whether the core registers a tutorial for this game."""
        return bool(self.registration.tutorial)

    @property
    def tutorial_minutes(self) -> int:
        """The tutorial's length as told to the player ("Learn in 3 minutes"; measured:
        docs/FIGURES.md, "Tutorials")."""
        return self.registration.tutorial_minutes


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
#: The seat-order line under a seat of the setup screen when the game names none (``{name}``: the
#: next seat's name).
# Translators: under a seat of the setup screen: whom this seat passes its hand to
NEXT_LABEL = N_("passes to {name}")


__all__ = ["COMMON_OPTIONS", "NEXT_LABEL", "OPTION_KWARGS", "GameInfo"]
