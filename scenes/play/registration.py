"""A game as the app presents it: the scenes side of its one registration (issue 23 §2).

Each game's room ``scenes/<name>/`` holds, in its ``__init__.py``, one :class:`GameInfo` called
``GAME`` and imports nothing else of the room (the menu reads every card at start-up; the play
and score scenes are imported on first use). :mod:`scenes.shell.catalog` lists the rooms. The
title, the seat range and the flags are the core's (:class:`game.registration.Registration`),
never repeated here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.i18n import N_, ngettext
from game.registration import Registration, load
from game.registry import registration


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

    def dev_tools(self) -> "DevTools":
        """The game's part of the dev tools (imported on first use), or the generic defaults."""
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


@dataclass(frozen=True)
class DevTools:
    """A game's part of the dev tools (:mod:`scenes.devtools`: the layout walks, the self-test, the
    bench and its pacing), ``DEVTOOLS`` in ``scenes/<name>/devtools.py``. Every field has a generic
    default, so a game with none is still walked. The functions take a walker ``w`` (the dev tools'
    ``Walker``: its driver ``w.d`` and the walks' helpers), so the room imports no dev tool.

    new_state: ``(n, seed) -> state``, a seeded deal for ``n`` seats (default: the rules' own).
    play_kwargs: what the setup screen adds to a play scene's kwargs (e.g. ``colors``).
    setup_players: the seat count the shell walk picks on a multi-seat setup (0: the fewest).
    walks: the layout walks of its play scene, ``(sheet, walk(w) -> Iterator[state], fast states)``
        (default: the opening, the end after the AIs played, the score screen).
    replay: ``(seats, seed)`` of the AI game shown in the replay walk (0 seats: the fewest);
        replay_fast: that state is a fast one.
    tutorial_fast: the tutorial walk's fast states.
    wrong_move: ``(d, marked, others) -> bool | None``, the tutorial's wrong move where the generic
        one (drag another piece of the marked kind, or click it) is not (None: the generic one).
    selftest_choices: the self-test's set-up clicks for a game played by mouse; selftest_act:
        ``(w, scene, tally)``, one step by mouse on the play scene (tally: counts kept across the game);
        selftest_end: ``(w, score, tally, log)``, the score screen checked and the count logged;
        selftest_seconds, selftest_coach (the replay viewer's coach on); selftest_check: ``() ->
        error or ""``, the game's data checked. No ``selftest_act``: the game is played by its AIs.
    pacing: ``(report name, seats, goal_s)`` of the bench's pacing; pacing_act: ``(human, scene,
        seat) -> bool``, a scripted decision (``human.drag``, ``human.click``, ``human.rng``).
    bench_play: the bench's play kwargs; bench_score: ``(app, play_out)``, a score screen on top
        (``play_out(state, choose)``: the dev tools play ``choose(state, seat)`` for every seat to act
        to the end — a room applies no action itself);
        bench_extras: ``(b, play)``, more measures (``b.scene``, ``b.label``, ``b.when``);
        bench_replay: the AI levels of the replay measure; bench_thinking: HARD-vs-HARD kwargs.
    online_play: ``(o) -> Iterator[state]``, the online-play walk's tables of the game (``o.host(seats)``:
        the play scene and the friend; ``o.still()``, ``o.say``, ``o.drop``, ``o.until``, ``o.d``);
        online_fast: its fast states (the default table: ``<room>-said``, not fast).
    """

    new_state: Callable[[int, int], Any] | None = None
    play_kwargs: dict = field(default_factory=dict)
    setup_players: int = 0
    walks: tuple[tuple[str, Callable[[Any], Any], tuple[str, ...]], ...] = ()
    replay: tuple[int, int] = (0, 1)
    replay_fast: bool = False
    tutorial_fast: tuple[str, ...] = ()
    wrong_move: Callable[..., bool | None] | None = None
    selftest_choices: tuple[str, ...] = ()
    selftest_act: Callable[..., None] | None = None
    selftest_end: Callable[..., None] | None = None
    selftest_seconds: float = 40.0
    selftest_coach: bool = False
    selftest_check: Callable[[], str] | None = None
    pacing: tuple[str, tuple[str, ...], float] | None = None
    pacing_act: Callable[..., bool] | None = None
    bench_play: dict = field(default_factory=dict)
    bench_score: Callable[[Any, Callable[..., Any]], None] | None = None
    bench_extras: Callable[..., None] | None = None
    bench_replay: tuple[str, ...] = ()
    bench_thinking: dict = field(default_factory=dict)
    online_play: Callable[..., Any] | None = None
    online_fast: tuple[str, ...] = ()


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


__all__ = ["COMMON_OPTIONS", "NEXT_LABEL", "OPTION_KWARGS", "DevTools", "GameInfo"]
