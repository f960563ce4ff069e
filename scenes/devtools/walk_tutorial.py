"""Follow a tutorial like a first-time player (issue 11): read each page and press
``button:tutorial-next``; when a step asks for a move, do what its marked pieces (kind
``tutorial-target`` in the UI dump) say — a drag from the first to the second, or a click on the
only one — and, once per tutorial, first try a wrong move and check that it is refused and the
step stays. Used by ``--selftest`` and the scene tests; driven by
:class:`scenes.devtools.driver.Driver` with real mouse events."""
from __future__ import annotations

import time
from typing import Any, Callable

from scenes.devtools.driver import Driver, SelfTestFailure

TARGET = "tutorial-target"


def targets(d: Driver) -> list[str]:
    """The ids of the top scene's elements of kind ``tutorial-target``, in dump order."""
    top = d.app.manager.top()
    return [el.id for el in top.ui_elements() if el.kind == TARGET]


def _coach(d: Driver) -> Any:
    return getattr(d.app.manager.top(), "coach", None)


def _settled(d: Driver) -> bool:
    """The coach waits for the player: a page's button or marked pieces on a still table."""
    top = d.app.manager.top()
    coach = getattr(top, "coach", None)
    if coach is None or coach.phase == "after" or top.animating():
        return False
    return d.has("button:tutorial-next") or d.has("button:play-now") or bool(targets(d))


def wait_settled(d: Driver, wall_s: float) -> None:
    end = time.monotonic() + wall_s
    while not _settled(d):
        if time.monotonic() > end:
            coach = _coach(d)
            where = f"step {coach.index} ({coach.step.say}), {coach.phase}" if coach is not None else "no coach"
            raise SelfTestFailure(f"tutorial: nothing to do on {d.scene_name()!r} ({where}) within {wall_s:.0f} s")
        d.frames(1)


def wrong_move(d: Driver) -> bool:
    """Try a move the step does not ask for (another piece of the same kind than the marked one:
    a drag onto the second marked piece, or a click; the game's own ``DevTools.wrong_move`` where it
    has one); True if one was tried. The caller checks it was refused."""
    top = d.app.manager.top()
    marked = targets(d)
    if not marked:
        return False
    prefix = marked[0].split(":")[0]
    others = [el.id for el in top.ui_elements() if el.id.split(":")[0] == prefix and el.id not in marked
              and not el.kind.endswith("-disabled") and el.kind in ("tile", "card")]
    own = _game_tools(top).wrong_move
    if own is not None:
        tried = own(d, marked, others)
        if tried is not None:
            return bool(tried)
    if not others:
        return False
    if len(marked) >= 2:
        d.drag(others[0], marked[1])
    else:
        d.click(others[0])
    return True


def _game_tools(top: Any) -> Any:
    """The dev tools' part of the game whose tutorial ``top`` is (``tutorial:<game>``)."""
    from scenes.devtools.games import dev_game

    try:
        return dev_game(str(top.name).partition(":")[2]).tools
    except KeyError:
        from scenes.play.devhooks import DevTools

        return DevTools()


def follow_marked(d: Driver) -> list[str]:
    """Do what the step's marked pieces say — a drag from the first to the second, or a click on
    the only one — and let two frames pass; returns the marked ids."""
    marked = targets(d)
    if len(marked) >= 2:
        d.drag(marked[0], marked[1])
    else:
        d.click(marked[0])
    d.frames(2)
    return marked


def walk_tutorial(d: Driver, log: Callable[[str], None], wall_s: float = 120.0, try_wrong: bool = True) -> dict:
    """Complete the tutorial on top of ``d``'s app. Returns ``{"steps", "moves", "refused"}``.

    Raises:
        SelfTestFailure: the coach never waits for anything, a wrong move was played or advanced
            the step, a marked move was not taken, or the end buttons never came."""
    top = d.app.manager.top()
    coach = getattr(top, "coach", None)
    if coach is None:
        raise SelfTestFailure(f"tutorial: {d.scene_name()!r} has no coach")
    moves = 0
    tried_wrong = not try_wrong
    end = time.monotonic() + wall_s
    while not d.has("button:play-now"):
        if time.monotonic() > end:
            raise SelfTestFailure(f"tutorial: not finished within {wall_s:.0f} s (step {coach.index})")
        wait_settled(d, max(1.0, end - time.monotonic()))
        if d.has("button:play-now"):
            break
        if d.has("button:tutorial-next"):
            d.click("button:tutorial-next")
            continue
        index, ply = coach.index, len(top.match.state.history)
        if not tried_wrong and wrong_move(d):
            tried_wrong = True
            d.frames(3)
            if coach.index != index or coach.phase != "show" or len(top.match.state.history) != ply:
                raise SelfTestFailure(f"tutorial: a wrong move was played at step {index}")
            log(f"  tutorial: a wrong move was refused: {coach.panel.why or '(by the rules)'}")
            continue
        marked = follow_marked(d)
        if coach.index == index and coach.phase == "show" and targets(d) == marked and not top.animating():
            raise SelfTestFailure(f"tutorial: following {marked} at step {index} did nothing")
        moves += 1
    log(f"  tutorial finished: {len(coach.tutorial.steps)} steps, {moves} moves, {coach.refused} refused")
    return {"steps": len(coach.tutorial.steps), "moves": moves, "refused": coach.refused}


def walk_tutorials(d: Driver, log: Callable[[str], None], games: tuple[str, ...] = ()) -> None:
    """From the menu: each game's tutorial through ``button:learn`` / ``button:tutorial:<game>``,
    followed to its end (:func:`walk_tutorial`), then ``button:menu`` back to the menu."""
    from game.tutorial import TUTORIAL_GAMES

    for game in games or TUTORIAL_GAMES:
        d.click("button:learn")
        d.wait_scene("learn")
        d.click(f"button:tutorial:{game}")
        d.wait_scene(f"tutorial:{game}")
        walk_tutorial(d, log, try_wrong=True)
        d.click("button:menu")
        d.wait_scene("menu")


__all__ = ["TARGET", "follow_marked", "targets", "wait_settled", "walk_tutorial", "walk_tutorials", "wrong_move"]
