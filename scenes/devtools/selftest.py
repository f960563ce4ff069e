"""``tatami --selftest``: a headless walk through every scene with synthetic input.

Runs the real ``App`` frame loop at a fixed dt (16.7 ms) on SDL's dummy video driver and
drives it only with pygame events posted at the UI elements' window-pixel rects (exactly
what a user's clicks produce). The walk (the games in menu order, :mod:`scenes.devtools.games`):

  menu -> rules (wheel scroll) -> menu -> setup (AI vs AI, fast) -> the first game's play
  -> Esc: pause -> rules -> pause -> resume -> (window resized) -> play to the end
  -> score -> rematch -> play -> Esc: pause -> quit to menu -> setup -> back -> menu
  -> each other game: setup (its ``DevTools.selftest_choices``) -> played to the score with the
  mouse (its ``selftest_act``: dragged cards, pairs, "Next round", the hint once, a tooltip;
  without one, by its AIs) -> the replay viewer: the score's ``button:review`` (else Esc: menu)
  opens it on that game: steps forward / back / start / end by buttons, keys and wheel, the viewer
  switched to a seat and back to all (the coach on where ``selftest_coach``) -> back to the menu;
  then the first game's AI-vs-AI record (kept from its score screen) in the viewer over the menu,
  stepped the same way -> back -> menu
  -> the statistics screen (``stats``, when registered): opened from the menu and left again
  -> the settings screen: its language (as it is) and speed choices used, left with Esc
  -> each game's tutorial (issue 11) from the menu's ``button:learn``: a wrong move tried and
  refused, then the coach followed to the end (:mod:`scenes.devtools.walk_tutorial`) -> menu
  -> each game's own data checked (``selftest_check``)

Every text must fit where it is shown (:meth:`scenes.shell.assets.Assets.report_overflow`: a
label that does not fit even shrunk, a text cut with an ellipsis). Under the pseudo language (``TATAMI_LANG=pseudo``, game/i18n.py) every text drawn is checked: one
with an English-looking word (:func:`game.i18n.plain_words`) bypassed the catalogs and fails the
walk.

Each game's end stays on screen until ``button:score`` is clicked. The driver is
:mod:`scenes.devtools.driver`; the replay and statistics walks are
:mod:`scenes.devtools.walk_replay`. It asserts that each expected scene is reached, prints a
short report and returns 0, or prints the reason and returns 1. Settings are written to a temporary directory (never next
to the executable, never the user's own settings); nothing relies on the source tree, so it
also runs from the PyInstaller bundle.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import pygame

from game import i18n, system
from game.net import discovery
from scenes.devtools.driver import Driver, SelfTestFailure
from scenes.devtools.games import DevGame, dev_games
from scenes.devtools.walk_replay import walk_replay, walk_settings, walk_stats
from scenes.devtools.walk_tutorial import walk_tutorials
from scenes.devtools.walking import Walker
from scenes.shell.app import App
from scenes.shell.registry import scene_class
from scenes.shell.settings import Settings


def _walk(d: Driver, log: Callable[[str], None]) -> None:
    app = d.app
    d.frames(3)
    d.wait_scene("menu")
    d.stray_input()
    d.wait_scene("menu", max_frames=1)

    # rules from the menu, scrolled with the wheel
    d.click("button:rules")
    d.wait_scene("rules")
    before = app.manager.top().scroll_target
    d.wheel(-3, settle=30)
    if not app.manager.top().scroll > before:
        raise SelfTestFailure("the rules page did not scroll with the mouse wheel")
    d.click("button:back")
    d.wait_scene("menu")

    # setup: AI vs AI
    games = dev_games()
    first = games[0]
    seats = first.seats[0]
    d.open_game(first.name)
    d.wait_scene("setup")
    for seat in range(seats):
        d.click(f"choice:seat{seat}:easy")
    d.click("choice:speed:fast")
    d.click("button:start")
    d.wait_scene(first.play_scene)

    # pause -> rules -> pause -> resume
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:rules")
    d.wait_scene("rules")
    d.click("button:back")
    d.wait_scene("pause")
    d.click("button:resume")
    d.wait_scene(first.play_scene)

    # a different window shape mid-game (letterbox on the sides)
    app.resize_window((1000, 800))
    d.frames(2)
    d.stray_input()

    # the AIs play to the end; the final position stays until "See the score"
    d.wait_score(first.score_scene, 35)
    score = app.manager.top()
    winners = getattr(score, "winners", ())
    log(f"  game over: winners={list(winners)} reason={getattr(score, 'reason', '?')!r}")
    first_record = getattr(score, "record", None)  # replayed at the end of the walk
    d.frames(10)

    # rematch, then quit to the menu through the pause menu
    app.settings["animation_speed"] = "instant"  # not offered in the UI; keeps the rematch short
    d.click("button:rematch")
    d.wait_scene(first.play_scene)
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    app.resize_window((800, 450))  # a small window while paused
    d.frames(3)
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    if len(app.manager) != 1:
        raise SelfTestFailure(f"quit to menu left {len(app.manager)} scenes on the stack")
    app.resize_window((1280, 720))  # the rest at the reference size: every text checked for fit
    d.frames(2)

    # setup remembers the choices; back returns to the menu
    d.open_game(first.name)
    d.wait_scene("setup")
    kinds = getattr(app.manager.top(), "kinds", None)
    if kinds != ["easy"] * seats:
        raise SelfTestFailure(f"setup did not remember the last choices (got {kinds})")
    d.click("button:back")
    d.wait_scene("menu")

    for game in games[1:]:
        _walk_game(d, log, game)
    if first_record is not None and app.has_scene("replay"):
        app.manager.push(app.make_scene("replay", record=first_record))
        d.wait_scene("replay")
        walk_replay(d, log, first.info.title, coach=first.tools.selftest_coach)
    walk_stats(d, log)
    walk_settings(d, log)
    if app.has_scene("tutorial"):
        walk_tutorials(d, log)

    for game in games:
        error = game.tools.selftest_check() if game.tools.selftest_check is not None else ""
        if error:
            raise SelfTestFailure(error)


def _start_game(d: Driver, game: str, choices: Sequence[str], play_scene: str) -> None:
    """From the menu: open ``game``'s set-up, click the ``choices`` (UI ids) in order, switch the
    animations to instant, start, and wait for ``play_scene`` (then some stray input on it)."""
    d.open_game(game)
    d.wait_scene("setup")
    for ident in choices:
        d.click(ident)
    d.app.settings["animation_speed"] = "instant"
    d.click("button:start")
    d.wait_scene(play_scene)
    d.stray_input()


def _play_frames(d: Driver, play_scene: str, score_scene: str, title: str, seconds: float) -> Iterator[Any]:
    """Yield the play scene ``play_scene`` each time it is on top, until ``score_scene`` opens
    (any other scene on top: one frame passes). Raises :class:`SelfTestFailure` when the
    ``title`` game has not ended within ``seconds`` of wall time, or a privacy screen appears
    (the walks play one human)."""
    end = time.monotonic() + seconds
    while d.scene_name() != score_scene:
        if time.monotonic() > end:
            raise SelfTestFailure(f"the {title} game did not end (scene {d.scene_name()!r})")
        scene = d.app.manager.top()
        if scene.name == "privacy":
            raise SelfTestFailure("a privacy screen appeared with a single human")
        if scene.name != play_scene:
            d.frames(1)
            continue
        if d.has("button:score"):  # the end is on screen until the player asks for the score
            d.click("button:score")
            continue
        yield scene


def _leave_score(d: Driver) -> None:
    """On a score screen: let it settle, then Esc back to the menu."""
    d.frames(10)
    d.key(pygame.K_ESCAPE)
    d.wait_scene("menu")


def _walk_game(d: Driver, log: Callable[[str], None], game: DevGame) -> None:
    """A whole game from its setup (``DevTools.selftest_choices``) to its score: the person's
    decisions made with the mouse (``selftest_act``; without one, every seat an easy AI), the score
    checked (``selftest_end``), then the replay viewer on it."""
    tools = game.tools
    w = Walker(d, game.name)
    lo, hi = game.seats
    choices = tools.selftest_choices or ((f"choice:players:{lo}",) if hi > lo and not game.sides else ()) + tuple(
        f"choice:seat{i}:easy" for i in range(lo))
    _start_game(d, game.name, choices, game.play_scene)
    tally: dict = {}
    title = game.info.title
    for scene in _play_frames(d, game.play_scene, game.score_scene, title, tools.selftest_seconds):
        if tools.selftest_act is not None:
            tools.selftest_act(w, scene, tally)
        else:
            d.frames(1)
    if tools.selftest_end is not None:
        tools.selftest_end(w, d.app.manager.top(), tally, log)
    if not (d.app.has_scene("replay") and d.has("button:review")):
        _leave_score(d)
        return
    # the replay viewer (with the coach: its child process prints the game's texts, which the
    # frozen Windows app must write in UTF-8, not in the ANSI code page)
    d.frames(10)
    d.click("button:review")
    d.wait_scene("replay")
    walk_replay(d, log, title, coach=tools.selftest_coach)


def run_selftest(size: tuple[int, int] | None = None, timeout_s: float = 180.0, out: Any = None) -> int:
    """Run the self-test; returns the exit code (0 pass, 1 fail). ``timeout_s``: the wall time
    after which a walk that has not finished counts as stuck (a hang guard, not a speed check:
    about 40 s here, longer on a loaded machine or under Wine)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    def log(msg: str) -> None:
        print(msg, file=out or sys.stdout, flush=True)

    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tatami-selftest-") as tmp:
        log("tatami selftest")
        first = dev_games()[0]
        try:
            scene_class(first.play_scene)
        except Exception as exc:  # an unimportable play scene must fail the self-test clearly
            log(f"FAIL: the {first.info.title} play scene is not available ({type(exc).__name__}: {exc})")
            return 1
        settings = Settings(path=Path(tmp) / "settings.json")
        app = None
        d = None
        try:
            app = App(size=size or (1280, 720), settings=settings)
            log(f"  language: {i18n.language()}")
            log(f"  {system.describe()}")
            log(f"  LAN discovery: {discovery.library()}")  # a bundle carries every part it uses
            if i18n.language() == i18n.PSEUDO:
                app.assets.unmarked = set()  # every text drawn must come through the catalogs
            else:
                app.assets.overflow = []  # every text shown must fit where it is shown
            if app.assets.missing:
                log(f"  missing assets: {', '.join(app.assets.missing)}")
            app.manager.push(app.make_scene("menu"))
            d = Driver(app, deadline=t0 + timeout_s, log=log)
            _walk(d, log)
            unmarked = sorted(app.assets.unmarked or ())
            if unmarked:
                shown = "; ".join(repr(t) for t in unmarked[:12])
                raise SelfTestFailure(f"{len(unmarked)} texts on screen bypassed the translation catalogs "
                                      f"(pseudo language), e.g. {shown}")
            overflow = sorted(set(app.assets.overflow or ()))
            if overflow:
                shown = "; ".join(f"{t!r} needs {need} px in {room}" for t, need, room in overflow[:12])
                raise SelfTestFailure(f"{len(overflow)} texts do not fit where they are shown "
                                      f"({i18n.language()}), e.g. {shown}")
            missing = [a for a in app.assets.missing]
            dt = time.monotonic() - t0
            log(f"  scenes: {' -> '.join(d.visited)}")
            if missing:
                log(f"  warning: missing assets: {', '.join(missing)}")
            log(f"PASS in {dt:.1f} s ({app.frames} frames)")
            return 0
        except SelfTestFailure as e:
            if d is not None:
                log(f"  scenes: {' -> '.join(d.visited)}")
            log(f"FAIL: {e}")
            return 1
        except Exception as e:  # a real bug in a scene: report it, do not hide it
            log(f"FAIL: {type(e).__name__}: {e}")
            log(traceback.format_exc())
            return 1
        finally:
            if app is not None:
                try:
                    app.shutdown()
                except Exception:
                    pass
