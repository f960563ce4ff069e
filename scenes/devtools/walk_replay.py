"""The self-test's walks through the replay viewer and the statistics screen (issue 10 §4, §7),
driven like a player by :class:`scenes.devtools.driver.Driver` (see :mod:`scenes.devtools.selftest`)."""
from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from game import i18n
from scenes.devtools.driver import Driver, SelfTestFailure


def _replay_check(d: Driver, want: int, what: str) -> None:
    """The replay viewer on top is at step ``want`` and its board shows that position."""
    scene = d.app.manager.top()
    scene.board.finish_animations()
    if scene.index != want:
        raise SelfTestFailure(f"replay: {what} went to step {scene.index}, expected {want}")
    if scene.board.state.history != scene.positions.peek(want).history:
        raise SelfTestFailure(f"replay: after {what} the board does not show step {want}")


def _walk_coach(d: Driver, log: Callable[[str], None], scene: Any) -> None:
    """The coach on: its child process (the bundle's ``--analyse`` when frozen) rates the seat
    shown; every decision gets a mark, and the line is on screen after one of them."""
    d.click("button:replay-coach")
    marks = scene.coach.marks.get(scene.coach.seat())
    end = time.monotonic() + 120
    while marks is not None and not marks.done:
        if time.monotonic() > end:
            raise SelfTestFailure("replay: the coach did not finish within 120 s")
        d.frames(1)
        time.sleep(0.02)
    if marks is None or marks.problem or not marks.rows:
        raise SelfTestFailure(f"replay: the coach gave no marks ({marks.problem if marks else 'not started'})")
    step = min(marks.rows)
    scene.go_to(step + 1)
    d.frames(2)
    if not d.has("coach-mark"):
        raise SelfTestFailure("replay: the coach's line is not on screen")
    log(f"  replay coach: {len(marks.rows)} decisions rated")


def walk_replay(d: Driver, log: Callable[[str], None], title: str, coach: bool = False) -> None:
    """On the replay viewer: step with the buttons, the keys and the wheel, checking each position;
    switch the viewer to seat 1 and back (games with hidden information); leave with Back (the
    previous scene is gone: the menu)."""
    scene = d.app.manager.top()
    if scene.problem is not None or scene.count < 3:
        raise SelfTestFailure(f"replay: the {title} record is not shown ({scene.problem or 'too short'})")
    n = scene.count
    # (the score screen's review opens on the final position, a record from the menu at the start)
    order = (("start", 0), ("end", n), ("start", 0)) if scene.index == n else (("end", n), ("start", 0))
    for button, want in order:
        d.click(f"button:replay-{button}")
        _replay_check(d, want, f"the {button} button")
    d.click("button:replay-forward")
    d.click("button:replay-forward")
    _replay_check(d, 2, "two steps forward")
    d.click("button:replay-back")
    _replay_check(d, 1, "a step back")
    d.key(pygame.K_RIGHT)
    d.wheel(-1)
    _replay_check(d, 3, "Right and the wheel")
    d.key(pygame.K_END)
    _replay_check(d, n, "End")
    d.key(pygame.K_LEFT)
    d.wheel(1)
    _replay_check(d, n - 2, "Left and the wheel")
    if d.has("choice:replay-viewer:1"):
        d.click("choice:replay-viewer:1", settle=10)
        if scene.board.review_viewer != 1:
            raise SelfTestFailure("replay: the viewer choice did not reach the board")
        d.click("button:replay-back")
        d.click("choice:replay-viewer:all", settle=10)
    d.stray_input()
    if coach and d.has("button:replay-coach"):
        _walk_coach(d, log, scene)
    log(f"  replay viewer: {title}, {n} steps walked")
    d.click("button:back")
    d.wait_scene("menu")


def walk_stats(d: Driver, log: Callable[[str], None]) -> None:
    """From the menu: the Profile (issue 36) — each of its pages — and back, when there is one;
    and a rating computed (openskill and the AI levels' ratings file are in the bundle)."""
    if not d.app.has_scene("stats"):
        return
    d.click("button:stats") if d.has("button:stats") else d.app.manager.push(d.app.make_scene("stats"))
    d.wait_scene("stats")
    d.frames(5)
    for page in ("achievements", "friends", "stats", "rating"):
        if d.has(f"choice:profile-page:{page}"):
            d.click(f"choice:profile-page:{page}")
            d.frames(3)
    d.click("button:back") if d.has("button:back") else d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")
    from game.rating import Skill, bot_ratings, rate_against_bots

    after = rate_against_bots(Skill(), 0, {1: Skill(30.0, 2.0)}, [1, 2])
    if not after.mu > Skill().mu or not bot_ratings():
        raise SelfTestFailure("the rating does not work here (openskill, or game/ai/ratings.json, is missing)")
    log(f"  profile opened and left; a win against a stronger AI: {Skill().shown()} -> {after.shown()}")


def walk_settings(d: Driver, log: Callable[[str], None]) -> None:
    """From the menu: the settings screen — the language chosen again as it is (the screen and the
    menu are rebuilt only on a real change), the speed changed and put back — and back."""
    d.click("button:settings")
    d.wait_scene("settings")
    d.frames(10)
    lang = i18n.language()
    saved = d.app.settings.get("language")
    if lang in i18n.LANGUAGES and d.has(f"choice:language:{lang}"):
        d.click(f"choice:language:{lang}")
        d.app.settings["language"] = saved  # the walk leaves the (temporary) choice as it was
    speed = d.app.settings.get("animation_speed", "normal")
    d.click("choice:speed:slow")
    d.click(f"choice:speed:{speed}")
    d.frames(5)
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")
    log("  settings screen opened and left")


__all__ = ["walk_replay", "walk_settings", "walk_stats"]
