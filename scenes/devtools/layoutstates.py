"""The states the layout check looks at (issue 21 §1): walks through the app that stop at every
state that changes what is on screen.

A walk is a generator over a :class:`~scenes.devtools.driver.Driver` on an app showing the menu;
each ``yield name`` asks for the frame on screen to be checked and kept as state ``name`` of the
walk's scene (its contact sheet). Walks reach their states like a player (clicks and drags on the
UI elements) or, for a position deep in a game, by handing a position the bots played from a
seeded deal to the play scene (as ``tools/snapshot_scenes.py`` does). Each walk starts on the menu
and may leave the app anywhere (the runner resets it to the menu).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pygame

from game.ai import make_bot
from scenes.devtools.driver import Driver, SelfTestFailure
from scenes.devtools.games import DevGame, dev_games
from scenes.devtools.walking import (Walker, bot_play, human_acts, new_state, settle, show,
                                     until_human)

Walk = Callable[[Driver], Iterator[str]]


@dataclass(frozen=True)
class SceneWalk:
    """A contact sheet's walk: ``scene`` names the sheet, ``walk`` yields its states, ``fast``
    names the states the test suite's subset checks (the rest: ``tatami --selftest --layout``)."""

    scene: str
    walk: Walk
    fast: tuple[str, ...] = ()


# ------------------------------------------------------------------------------------------
# helpers (scenes/devtools/walking.py; the old names kept for the tests)
# ------------------------------------------------------------------------------------------
_bot_play = bot_play
_new_state = new_state
_show = show
_human_acts = human_acts
_until_human = until_human


# ------------------------------------------------------------------------------------------
# the shell
# ------------------------------------------------------------------------------------------
def walk_shell(d: Driver) -> Iterator[str]:
    """Menu, rules of each game, settings, statistics and recent games (empty), the tutorials'
    chooser, a tutorial's first-time offer, each game's setup (hot-seat names shown), pause, the
    menu with a game to continue and the "replace it?" dialog."""
    settle(d)
    yield "menu"
    d.click("button:rules")
    settle(d)
    games = dev_games()
    for game in games:
        d.click(f"choice:rules-game:{game.name}")
        settle(d)
        yield f"rules-{game.name}"
    d.click("button:back")
    for button, state in (("settings", "settings"), ("stats", "stats-empty"), ("recent", "recent-empty"),
                          ("learn", "learn")):  # each opened from the menu, Esc back to it
        d.click(f"button:{button}")
        settle(d)
        yield state
        d.key(pygame.K_ESCAPE)
    settle(d)
    for i, game in enumerate(games):
        # each game's setup, two seats human (the first game's card first: its tutorial's offer)
        if i == 0:
            d.click(f"button:game:{game.name}")
            settle(d)
            if d.scene_name() == "tutorial_offer":
                yield "tutorial-offer"
                d.click("button:skip-tutorial")
                settle(d)
        else:
            d.open_game(game.name)
            settle(d)
        if game.sides:  # two sides: as it opens, then hot-seat
            yield f"setup-{game.name}"
        else:  # the AI seats' characters (issue 36): two of one level share it, one plays the other level
            d.click(f"choice:players:{game.seats[1]}")
            d.click("choice:seat0:human")
            for seat, level in zip(range(1, game.seats[1]), ("hard", "medium", "medium", "easy", "easy")):
                d.click(f"choice:seat{seat}:{level}")
            settle(d)
            yield f"setup-{game.name}-characters"
            d.click(f"choice:players:{game.tools.setup_players or game.seats[0]}")
        d.click("choice:seat0:human")
        d.click("choice:seat1:human")
        settle(d)
        yield f"setup-{game.name}-hotseat" if game.sides else f"setup-{game.name}"
        d.click("button:back")
    # the first game against the AI, one move, paused, left: the menu offers to continue it
    first = games[0]
    d.open_game(first.name)
    d.click("choice:seat0:human")
    for seat in range(1, first.seats[0]):
        d.click(f"choice:seat{seat}:hard")
    d.click("button:start")
    d.wait_scene(first.play_scene)
    scene = d.app.manager.top()
    settle(d)
    _until_human(d, scene)
    _human_acts(d, scene)
    _until_human(d, scene)
    d.key(pygame.K_ESCAPE)
    settle(d)
    yield "pause"
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    settle(d)
    yield "menu-continue"
    d.open_game(first.name)
    settle(d)
    d.click("button:start")
    settle(d)
    if d.scene_name() != "confirm":
        raise SelfTestFailure(f"layout walk: starting over a saved game showed {d.scene_name()!r}, not a confirm")
    yield "confirm-replace"


# ------------------------------------------------------------------------------------------
# the games
# ------------------------------------------------------------------------------------------
def generic_walk(game: DevGame) -> Walk:
    """The walk of a game that has none of its own: you against the Hard AI, the opening, the end
    after the AIs played (kept on screen) and the score screen."""

    def walk(d: Driver) -> Iterator[str]:
        n = game.seats[0]
        seats = ["human"] + ["hard"] * (n - 1)
        kw = dict(seats=seats, seed=1, **game.tools.play_kwargs)
        show(d, game.play_scene, state=game.new_state(n, 1), **kw)
        yield "opening"
        # the AIs play the deal to its last actions, the rest played in the scene: its end shown
        total = len(bot_play(game.new_state(n, 1), game.name, lambda s: False).history)
        st = bot_play(game.new_state(n, 1), game.name, lambda s: len(s.history) >= total - n)
        scene = show(d, game.play_scene, state=st, **kw)
        bot = make_bot(game.name, "medium", random.Random(1))  # the person plays as the AIs did
        for _ in range(20 * n):
            if scene.match.state.is_over() or d.app.manager.top() is not scene:
                break
            seat = scene.human_to_act()
            if seat is None or not human_acts(d, scene, lambda legal: bot.choose(scene.match.view(seat))):
                until_human(d, scene)
        settle(d)
        yield "end"
        for _ in range(3):  # "See the score" (a last round's scoring panel first: "Next round")
            ident = next((i for i in ("button:score", "button:next-round") if d.has(i)), None)
            if ident is None or d.scene_name() == game.score_scene:
                break
            d.click(ident)
            settle(d)
        if d.scene_name() == game.score_scene:
            yield "score"

    return walk


def game_walks(game: DevGame) -> list[SceneWalk]:
    """The contact sheets of ``game``'s play scene: its own walks (``DevTools.walks``, each given a
    :class:`~scenes.devtools.walking.Walker`), else the generic one."""
    if not game.tools.walks:
        return [SceneWalk(game.short, generic_walk(game))]

    def walker(walk: Callable[[Any], Iterator[str]]) -> Walk:
        return lambda d: walk(Walker(d, game.name))

    return [SceneWalk(sheet, walker(walk), fast) for sheet, walk, fast in game.tools.walks]


#: How long the replay walk waits for the coach's line (wall s; the analysis runs in a child
#: process): a guard, the state is checked with or without it.
COACH_WALL_S = 90.0


def _wait_for(d: Driver, ident: str, wall_s: float) -> bool:
    """Frames until the top scene shows element ``ident`` of a kind other than ``mark-pending``
    (the coach still at work), at most ``wall_s`` of wall time."""
    end = time.monotonic() + wall_s
    while not any(el.id == ident and el.kind != "mark-pending" for el in d.app.manager.top().ui_elements()):
        if time.monotonic() > end:
            return False
        d.frames(1)
        time.sleep(0.002)
    return True


def walk_replays(d: Driver) -> Iterator[str]:
    """The replay viewer of a finished game of each game (``DevTools.replay``), half-way, with its
    coach on and its line (and, where the game has one, its expected line on the board) shown."""
    for g in dev_games():
        n, seed = g.tools.replay
        game = g.name
        st = bot_play(g.new_state(n or g.seats[0], seed), game, lambda s: False)
        record = st.record()
        scene = show(d, "replay", record=record)
        ply = max(1, len(st.history) // 2)
        while ply < len(st.history) and st.history[ply - 1][0] != 0:
            ply += 1  # the coach rates seat 0: stop just after one of its decisions
        for _ in range(ply):
            d.key(pygame.K_RIGHT, settle=1)
        d.click("button:replay-coach")
        _wait_for(d, "coach-mark", COACH_WALL_S)  # the coach's line on the step shown (a child process)
        settle(d)
        yield f"{game}"
        del scene


def walk_tutorial(game: str) -> Walk:
    """Each step of ``game``'s tutorial, followed as :mod:`scenes.devtools.walk_tutorial` does."""

    def walk(d: Driver) -> Iterator[str]:
        from scenes.devtools.walk_tutorial import follow_marked, wait_settled

        d.click("button:learn")
        d.wait_scene("learn")
        d.click(f"button:tutorial:{game}")
        d.wait_scene(f"tutorial:{game}")
        top = d.app.manager.top()
        coach = top.coach
        shown: set[int] = set()
        for _ in range(200):
            wait_settled(d, 60)
            if coach.index not in shown:
                shown.add(coach.index)
                yield f"step-{coach.index + 1}"
            if d.has("button:play-now"):
                yield "done"
                return
            if d.has("button:tutorial-next"):
                d.click("button:tutorial-next")
                continue
            follow_marked(d)

    return walk


def score_cards(d: Driver) -> Iterator[str]:
    """Each game's score screen with the profile's cards (issue 36): a finished game of the person
    against the Hard AI rated and judged by the app's stores (when it has them), then shown."""
    ratings, achieved = getattr(d.app, "ratings", None), getattr(d.app, "achievements", None)
    if ratings is None or achieved is None:
        return
    for g in dev_games():
        n = g.seats[0]
        st = bot_play(g.new_state(n, 5), g.name, lambda s: False)
        seats = ["human"] + ["hard"] * (n - 1)
        gid = f"layout-{g.name}"
        ratings.record_finished(gid, g.name, {"seats": seats}, st)
        achieved.record_finished(gid, g.name, {"seats": seats}, st)
        show(d, g.score_scene, view=st.view(0), seats=seats, setup={"seats": seats}, record=st.record(), game_id=gid)
        yield f"score-cards-{g.name}"


def walk_lists(d: Driver) -> Iterator[str]:
    """The Profile (issue 36: the rating and its graph, the achievements, the friends, the
    statistics of each game) and recent games once games were played (the walks before this one
    ended some)."""
    yield from score_cards(d)
    d.app.go_to_menu()
    settle(d)
    d.click("button:stats")
    settle(d)
    yield "stats"
    for page in ("achievements", "friends", "stats"):
        d.click(f"choice:profile-page:{page}")
        settle(d)
        yield f"profile-{page}"
    for game in [g.name for g in dev_games()][1:]:  # (the first is shown first)
        d.click(f"choice:stats-game:{game}")
        settle(d)
        yield f"stats-{game}"
    d.click("choice:profile-page:achievements")
    settle(d)
    yield f"achievements-{dev_games()[-1].name}"
    d.key(pygame.K_ESCAPE)
    d.click("button:recent")
    settle(d)
    yield "recent"


def walk_online(d: Driver) -> Iterator[str]:
    """Online play (issue 24): the join screen (with kept tables too), the lobby, a hosted game and
    its quick messages — :func:`scenes.devtools.walk_online.walk`."""
    from scenes.devtools.walk_online import walk

    yield from walk(d, settle)


def walk_online_play(d: Driver) -> Iterator[str]:
    """Online tables in play with a friend (issue 24): bubbles, a friend away, the stand-in, each
    game's table — :func:`scenes.devtools.walk_online_play.walk`."""
    from scenes.devtools.walk_online_play import walk

    yield from walk(d)


def scene_walks() -> tuple[SceneWalk, ...]:
    """Every walk, in order: the shell, each game's play scene, the replays, each game's tutorial,
    the lists, the online screens and online tables in play."""
    games = dev_games()
    return (
        SceneWalk("shell", walk_shell, ("menu", _fast_setup(games), "menu-continue", "pause")),
        *[w for g in games for w in game_walks(g)],
        SceneWalk("replay", walk_replays, tuple(g.name for g in games if g.tools.replay_fast)),
        *[SceneWalk(f"tutorial-{g.short}", walk_tutorial(g.name), g.tools.tutorial_fast)
          for g in games if g.info.has_tutorial],
        SceneWalk("lists", walk_lists, ("stats", "recent")),
        SceneWalk("online", walk_online, ("join", "lobby")),
        SceneWalk("online-play", walk_online_play, tuple(st for g in games for st in g.tools.online_fast)),
    )


def _fast_setup(games: list[DevGame]) -> str:
    """The shell walk's fast setup state: the first multi-seat game's (else the first game's)."""
    return f"setup-{next((g for g in games if not g.sides), games[0]).name}"


WALKS: tuple[SceneWalk, ...] = scene_walks()

__all__ = ["WALKS", "SceneWalk", "game_walks", "generic_walk", "scene_walks", "settle", "walk_lists", "walk_online",
           "walk_online_play", "walk_replays", "walk_shell", "walk_tutorial"]
