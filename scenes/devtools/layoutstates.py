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

from scenes.devtools.driver import Driver, SelfTestFailure

Walk = Callable[[Driver], Iterator[str]]


@dataclass(frozen=True)
class SceneWalk:
    """A contact sheet's walk: ``scene`` names the sheet, ``walk`` yields its states, ``fast``
    names the states the test suite's subset checks (the rest: ``tatami --selftest --layout``)."""

    scene: str
    walk: Walk
    fast: tuple[str, ...] = ()


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
def _bot_play(state: Any, game: str, until: Callable[[Any], bool], seed: int = 1) -> Any:
    """Bots play ``state`` (simultaneous phases: every seat's view first) until ``until(state)``
    or the end."""
    from game.ai import make_bot

    bots = [make_bot(game, "medium", random.Random(seed + s)) for s in range(state.num_seats)]
    while not state.is_over() and not until(state):
        seats = state.to_act()
        views = [state.view(s) for s in seats]
        for s, view in zip(seats, views):
            state.apply(s, bots[s].choose(view))
    return state


def _new_state(game: str, n: int, seed: int) -> Any:
    from game.kaito.rules import KAITO
    from game.kanji.rules import KANJI
    from game.sushi.rules import SUSHI

    if game == "kaito":
        return KAITO.new_state(2, random.Random(seed), colors=("R", "B"))
    return (SUSHI if game == "sushi-draft" else KANJI).new_state(n, random.Random(seed))


def _show(d: Driver, scene_name: str, **kw: Any) -> Any:
    """Put a new ``scene_name`` (made with ``kw``) alone on the stack and let it settle."""
    scene = d.app.make_scene(scene_name, **kw)
    d.app.manager.reset(scene)
    settle(d)
    return scene


#: The longest a walk waits for an AI seat or a hint (wall s): a bound, the wait ends on the answer.
AI_WALL_S = 60.0


def _ai_at_work(scene: Any) -> bool:
    """True while ``scene``'s match has an AI thinking for a seat or a hint being computed."""
    match = getattr(scene, "match", None)
    hints = getattr(match, "hints", None)
    return bool(getattr(match, "thinking", False) or getattr(hints, "pending", False))


def _frame_for(d: Driver, scene: Any) -> None:
    """One frame; while ``scene``'s AI works in its own process or thread, a moment of this one's
    time is given to it (a lean walk's frames cost nearly nothing and would starve it)."""
    d.frames(1)
    if _ai_at_work(scene):
        time.sleep(0.002)


def settle(d: Driver, max_frames: int = 1200, ai_wall_s: float = AI_WALL_S) -> None:
    """Advance frames until the top scene stops moving (animations finished as they come) and no
    AI of its match is at work: at most ``max_frames`` frames of animation, and ``ai_wall_s``
    seconds of wall time while an AI thinks (how many frames that is depends on the machine and on
    whether frames are drawn: the state reached must not)."""
    end = time.monotonic() + ai_wall_s
    n = 0
    while True:
        top = d.app.manager.top()
        finish = getattr(top, "finish_animations", None)
        if finish is not None:
            finish()
        _frame_for(d, top)
        n += 1
        top = d.app.manager.top()
        thinking = _ai_at_work(top)
        if not thinking and not top.busy() and not getattr(getattr(top, "timeline", None), "running", False):
            return
        if n >= max_frames and (not thinking or time.monotonic() > end):
            return


def _human_acts(d: Driver, scene: Any, pick: Callable[[list[str]], str] = lambda legal: legal[0]) -> bool:
    """The human to act in the play ``scene`` commits ``pick(legal actions)``; False if none acts."""
    seat = scene.human_to_act()
    if seat is None:
        return False
    legal = sorted(scene.match.legal_actions(seat))
    if not legal:
        return False
    ok = bool(scene.commit(seat, pick(legal)))
    settle(d)
    return ok


def _until_human(d: Driver, scene: Any, wall_s: float = AI_WALL_S) -> None:
    """Frames until a human may act in ``scene`` (the AIs have played) or the game ended, at most
    ``wall_s`` seconds of wall time."""
    end = time.monotonic() + wall_s
    while time.monotonic() < end:
        if scene.human_to_act() is not None or scene.ended or d.app.manager.top() is not scene:
            return
        scene.finish_animations()
        _frame_for(d, scene)
        if not _ai_at_work(scene):
            time.sleep(0.001)  # between two AI seats' turns: the next request is on its way


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
    for game in ("kaito", "sushi-draft", "kanji-zushi"):
        d.click(f"choice:rules-game:{game}")
        settle(d)
        yield f"rules-{game}"
    d.click("button:back")
    for button, state in (("settings", "settings"), ("stats", "stats-empty"), ("recent", "recent-empty"),
                          ("learn", "learn")):  # each opened from the menu, Esc back to it
        d.click(f"button:{button}")
        settle(d)
        yield state
        d.key(pygame.K_ESCAPE)
    settle(d)
    d.click("button:game:kaito")
    settle(d)
    if d.scene_name() == "tutorial_offer":
        yield "tutorial-offer"
        d.click("button:skip-tutorial")
        settle(d)
    yield "setup-kaito"
    d.click("choice:seat0:human")
    d.click("choice:seat1:human")
    settle(d)
    yield "setup-kaito-hotseat"
    d.click("button:back")
    for game, seats in (("sushi-draft", 4), ("kanji-zushi", 3)):
        d.open_game(game)
        settle(d)
        d.click(f"choice:players:{seats}")
        d.click("choice:seat0:human")
        d.click("choice:seat1:human")
        settle(d)
        yield f"setup-{game}"
        d.click("button:back")
    # a KAITO game against the AI, one move, paused, left: the menu offers to continue it
    d.open_game("kaito")
    d.click("choice:seat0:human")
    d.click("choice:seat1:hard")
    d.click("button:start")
    d.wait_scene("kaito_play")
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
    d.open_game("kaito")
    settle(d)
    d.click("button:start")
    settle(d)
    if d.scene_name() != "confirm":
        raise SelfTestFailure(f"layout walk: starting over a saved game showed {d.scene_name()!r}, not a confirm")
    yield "confirm-replace"


# ------------------------------------------------------------------------------------------
# the games
# ------------------------------------------------------------------------------------------
def _hover(d: Driver, lrect: pygame.Rect) -> None:
    """The pointer over the middle of the logical rect ``lrect`` (a frame or two to show it)."""
    d.move(d.app.viewport.to_window(pygame.Rect(lrect)).center)
    d.frames(2)


def _log_states(d: Driver, scene: Any) -> Iterator[str]:
    """The game log's tooltip (its last entry's detail) and, where the log is a strip (a small
    window), its opened panel; the pointer away and the panel closed after."""
    log = getattr(scene, "narration", None)
    entries = [el for el in scene.ui_elements() if el.kind == "log-entry"]
    if log is None or not entries:
        return
    _hover(d, entries[-1].rect)
    if log.tooltip() is not None:
        yield "log-tooltip"
    _hover(d, pygame.Rect(0, 0, 1, 1))
    if d.has("button:log"):
        d.click("button:log", settle=30)
        yield "log-open"
        d.click("button:log", settle=30)


def walk_kaito(d: Driver) -> Iterator[str]:
    """KAITO against the Hard AI: the opening, a middle position with the hint shown, the same
    after an undo, the end kept on screen, the score screen."""
    st = _new_state("kaito", 2, 3)
    seats = ["hard", "hard"]
    seats[st.to_act()[0]] = "human"
    _show(d, "kaito_play", state=st, seats=seats, colors=("R", "B"), seed=3, hints=True)
    yield "opening"
    st = _bot_play(_new_state("kaito", 2, 3), "kaito", lambda s: len(s.history) >= 14)
    seats = ["hard", "hard"]
    seats[st.to_act()[0]] = "human"
    scene = _show(d, "kaito_play", state=st, seats=seats, colors=("R", "B"), seed=3, hints=True)
    yield "middle"
    yield from _log_states(d, scene)
    scene.ask_hint()
    settle(d)
    yield "hint"
    if _human_acts(d, scene):
        _until_human(d, scene)
        scene.undo()
        settle(d)
        yield "undone"
    st = _bot_play(_new_state("kaito", 2, 3), "kaito", lambda s: False)
    seats = ["human", "hard"]
    scene = _show(d, "kaito_play", state=st, seats=seats, colors=("R", "B"), seed=3)
    yield "end"
    if d.has("button:score"):
        d.click("button:score")
        settle(d)
        yield "score"


def walk_sushi(d: Driver) -> Iterator[str]:
    """Sushi Draft, you and two AIs: the first pick, the hint, the round-scoring panel, a later
    round, the final scoring (the end kept on screen) and the score screen; then a hot-seat game's
    privacy curtain and pick."""
    st = _new_state("sushi-draft", 3, 5)
    scene = _show(d, "sushi_play", state=st, seats=["human", "hard", "hard"], seed=5, hints=True)
    yield "first-pick"
    scene.ask_hint()
    settle(d)
    yield "hint"
    # the last pick of round 1 by the player: the round-scoring panel
    if _last_pick(d, 0):
        yield "round-scoring"
    st = _bot_play(_new_state("sushi-draft", 3, 5), "sushi-draft", lambda s: s.view(0).round >= 2)
    scene = _show(d, "sushi_play", state=st, seats=["human", "hard", "hard"], seed=5)
    yield "round-3"
    yield from _log_states(d, scene)
    # the last pick of the game: the final scoring stays until the player asks for the score
    if _last_pick(d, 2):
        yield "final-scoring"
        d.click("button:score" if d.has("button:score") else "button:next-round")
        settle(d)
        if d.scene_name() == "sushi_score":
            yield "score"
    st = _new_state("sushi-draft", 4, 9)
    scene = _show(d, "sushi_play", state=st, seats=["human", "human", "hard", "hard"], seed=9)
    if d.scene_name() == "privacy":
        yield "curtain"
        d.click(d.app.manager.top().ui_elements()[0].id)
        settle(d)
    yield "hotseat-pick"


def _last_pick(d: Driver, rnd: int) -> bool:
    """Sushi Draft, you and two AIs: the bots play to your last choice of round ``rnd`` (0-based),
    you make it, the round's scoring panel opens; True once it shows (settled)."""
    st = _new_state("sushi-draft", 3, 5)
    _bot_play(st, "sushi-draft", lambda s: s.view(0).round > rnd or (
        s.view(0).round == rnd and len(s.view(0).hand) <= 2 and 0 in s.to_act()))
    scene = _show(d, "sushi_play", state=st, seats=["human", "hard", "hard"], seed=5)
    for _ in range(6):
        if scene.scoring is not None:
            break
        if not _human_acts(d, scene):
            _until_human(d, scene)
    if scene.scoring is None:
        return False
    settle(d)
    return True


def walk_kanji(d: Driver) -> Iterator[str]:
    """Kanji-zushi, you and two AIs: the first turn, the hint, an AI's kanji revealed, a later
    turn, the end and the score screen."""
    st = _new_state("kanji-zushi", 3, 7)
    scene = _show(d, "kanji_play", state=st, seats=["human", "hard", "hard"], seed=7, hints=True)
    yield "first-turn"
    scene.ask_hint()
    settle(d)
    yield "hint"
    if _human_acts(d, scene, lambda legal: next((a for a in legal if a != "pass"), legal[0])):
        _until_human(d, scene)
        yield "after-ais"
    st = _bot_play(_new_state("kanji-zushi", 3, 7), "kanji-zushi", lambda s: len(s.history) >= 9 and s.to_act() == (0,))
    scene = _show(d, "kanji_play", state=st, seats=["human", "hard", "hard"], seed=7)
    yield "later"
    yield from _log_states(d, scene)
    for _seat, _i, r in scene.kanji_rects()[:1]:  # a made kanji's tooltip (meanings, readings)
        _hover(d, r)
        if scene.tooltip() is not None:
            yield "tooltip"
        _hover(d, pygame.Rect(0, 0, 1, 1))
    st = _bot_play(_new_state("kanji-zushi", 3, 7), "kanji-zushi", lambda s: False)
    _show(d, "kanji_play", state=st, seats=["human", "hard", "hard"], seed=7)
    yield "end"
    if d.has("button:score"):
        d.click("button:score")
        settle(d)
        yield "score"


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
    """The replay viewer of a finished game of each game, half-way, with its coach on and its line
    (and KAITO's expected line under the board) shown."""
    for game, n, seed in (("kaito", 2, 3), ("sushi-draft", 3, 5), ("kanji-zushi", 3, 7)):
        st = _bot_play(_new_state(game, n, seed), game, lambda s: False)
        record = st.record()
        scene = _show(d, "replay", record=record)
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


def walk_lists(d: Driver) -> Iterator[str]:
    """Statistics and recent games once games were played (the walks before this one ended some)."""
    d.click("button:stats")
    settle(d)
    yield "stats"
    for game in ("sushi-draft", "kanji-zushi"):
        d.click(f"choice:stats-game:{game}")
        settle(d)
        yield f"stats-{game}"
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
    """Online tables in play with a friend (issue 24): bubbles, a friend away, the stand-in, Sushi
    Draft and Kanji-zushi — :func:`scenes.devtools.walk_online_play.walk`."""
    from scenes.devtools.walk_online_play import walk

    yield from walk(d)


WALKS: tuple[SceneWalk, ...] = (
    SceneWalk("shell", walk_shell, ("menu", "setup-sushi-draft", "menu-continue", "pause")),
    SceneWalk("kaito", walk_kaito, ("middle", "hint", "end")),
    SceneWalk("sushi", walk_sushi, ("first-pick", "round-scoring", "final-scoring")),
    SceneWalk("kanji", walk_kanji, ("first-turn", "later")),
    SceneWalk("replay", walk_replays, ("kaito",)),
    SceneWalk("tutorial-kaito", walk_tutorial("kaito"), ("step-2",)),
    SceneWalk("tutorial-sushi", walk_tutorial("sushi-draft"), ()),
    SceneWalk("tutorial-kanji", walk_tutorial("kanji-zushi"), ()),
    SceneWalk("lists", walk_lists, ("stats", "recent")),
    SceneWalk("online", walk_online, ("join", "lobby")),
    SceneWalk("online-play", walk_online_play, ("kaito-stand-in", "sushi-said")),
)

__all__ = ["WALKS", "SceneWalk", "settle", "walk_kaito", "walk_kanji", "walk_online", "walk_online_play",
           "walk_replays", "walk_shell", "walk_sushi", "walk_tutorial"]
