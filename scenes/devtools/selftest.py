"""``tatami --selftest``: a headless walk through every scene with synthetic input.

Runs the real ``App`` frame loop at a fixed dt (16.7 ms) on SDL's dummy video driver and
drives it only with pygame events posted at the UI elements' window-pixel rects (exactly
what a user's clicks produce). The walk:

  menu -> rules (wheel scroll) -> menu -> setup (AI vs AI, fast) -> KAITO play
  -> Esc: pause -> rules -> pause -> resume -> (window resized) -> play to the end
  -> score -> rematch -> play -> Esc: pause -> quit to menu -> setup -> back -> menu
  -> Sushi Draft: setup (you + 2 AIs) -> play all three rounds with dragged cards (eat onto the
  plate or a wild onto its stack, keep onto the mat, "Next round") -> score
  -> Kanji-zushi: setup (you + an AI, hints on) -> ``button:hint`` once -> drag the pairs the
  game's own data says are valid (pass when none) -> a hover tooltip -> score -> menu; the
  bundled data gives 亻+木 = 休
  -> the replay viewer: the Sushi Draft score's ``button:review`` (else Esc: menu) opens it on that
  game: steps forward / back / start / end by buttons, keys and wheel, the viewer switched to a
  seat and back to all -> back to the menu; then the KAITO AI-vs-AI game's record (kept from its
  score screen) in the viewer over the menu, stepped the same way -> back -> menu
  -> the statistics screen (``stats``, when registered): opened from the menu and left again
  -> the settings screen: its language (as it is) and speed choices used, left with Esc
  -> each game's tutorial (issue 11) from the menu's ``button:learn``: a wrong move tried and
  refused, then the coach followed to the end (:mod:`scenes.devtools.walk_tutorial`) -> menu

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
from game.kanji.data import form
from game.kanji.rules import judge
from scenes.devtools.driver import Driver, SelfTestFailure
from scenes.devtools.walk_replay import walk_replay, walk_settings, walk_stats
from scenes.devtools.walk_tutorial import walk_tutorials
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
    d.open_game("kaito")
    d.wait_scene("setup")
    d.click("choice:seat0:easy")
    d.click("choice:seat1:easy")
    d.click("choice:speed:fast")
    d.click("button:start")
    d.wait_scene("kaito_play")

    # pause -> rules -> pause -> resume
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:rules")
    d.wait_scene("rules")
    d.click("button:back")
    d.wait_scene("pause")
    d.click("button:resume")
    d.wait_scene("kaito_play")

    # a different window shape mid-game (letterbox on the sides)
    app.resize_window((1000, 800))
    d.frames(2)
    d.stray_input()

    # the AIs play to the end; the final position stays until "See the score"
    d.wait_score("kaito_score", 35)
    score = app.manager.top()
    winners = getattr(score, "winners", ())
    log(f"  game over: winners={list(winners)} reason={getattr(score, 'reason', '?')!r}")
    kaito_record = getattr(score, "record", None)  # replayed at the end of the walk
    d.frames(10)

    # rematch, then quit to the menu through the pause menu
    app.settings["animation_speed"] = "instant"  # not offered in the UI; keeps the rematch short
    d.click("button:rematch")
    d.wait_scene("kaito_play")
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
    d.open_game("kaito")
    d.wait_scene("setup")
    kinds = getattr(app.manager.top(), "kinds", None)
    if kinds != ["easy", "easy"]:
        raise SelfTestFailure(f"setup did not remember the last choices (got {kinds})")
    d.click("button:back")
    d.wait_scene("menu")

    _walk_sushi(d, log)
    _walk_kanji(d, log)
    if kaito_record is not None and app.has_scene("replay"):
        app.manager.push(app.make_scene("replay", record=kaito_record))
        d.wait_scene("replay")
        walk_replay(d, log, "KAITO", coach=True)
    walk_stats(d, log)
    walk_settings(d, log)
    if app.has_scene("tutorial"):
        walk_tutorials(d, log)

    formed = form("亻", "木")
    if formed is None or formed.char != "休" or formed.strokes != 6:
        raise SelfTestFailure(f"the Kanji-zushi data is wrong or missing: 亻+木 gave {formed!r}")


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


def _walk_sushi(d: Driver, log: Callable[[str], None]) -> None:
    """A whole Sushi Draft game: one human (driven by drags) against two easy AIs."""
    app = d.app
    _start_game(d, "sushi-draft", ("choice:players:3", "choice:seat0:human", "choice:seat1:easy",
                                   "choice:seat2:easy"), "sushi_play")
    choices = 0
    for scene in _play_frames(d, "sushi_play", "sushi_score", "Sushi Draft", 40):
        if d.has("button:next-round"):
            d.click("button:next-round")
            continue
        seat = scene.human_to_act()
        if seat is None:
            d.frames(1)
            continue
        view = scene.state.view(seat)
        legal = list(view.legal_actions)
        hand = list(scene.shown.seats[scene.bottom].hand or [])  # the fanned hand, left to right
        plain = [i for i, c in enumerate(hand) if c in legal]
        before = view.phase_index, view.my_choice
        if view.phase == "keep":
            d.drag(f"hand:{plain[0] if plain else 0}", "keep")
        elif plain:
            d.drag(f"hand:{plain[0]}", "plate")
        else:  # only wilds can be eaten: drop one on the stack it copies
            kind = legal[0].split("=", 1)[1]
            d.drag(f"hand:{hand.index('wild')}", f"stack:{seat}:{kind}")
        after = scene.state.view(seat)
        if (after.phase_index, after.my_choice) == before:
            raise SelfTestFailure(f"a legal drop in the {view.phase} phase was not applied (legal {legal})")
        choices += 1
    log(f"  sushi draft: {choices} choices made with the mouse")
    score = app.manager.top()
    if not getattr(score, "chips", None) or len(score.chips) != 3:
        raise SelfTestFailure("the Sushi Draft score screen does not show the three seats' chips")
    if not (app.has_scene("replay") and d.has("button:review")):
        _leave_score(d)
        return
    d.frames(10)
    d.click("button:review")
    d.wait_scene("replay")
    walk_replay(d, log, "Sushi Draft")


def _walk_kanji(d: Driver, log: Callable[[str], None]) -> None:
    """A whole Kanji-zushi game: one human (mouse drags of valid pairs) against an easy AI."""
    _start_game(d, "kanji-zushi", ("choice:players:2", "choice:seat0:human", "choice:seat1:easy",
                                   "choice:hint:on"), "kanji_play")
    made = 0
    for scene in _play_frames(d, "kanji_play", "kanji_score", "Kanji-zushi", 30):
        seat = scene.human_to_act()
        if seat is None:
            d.frames(1)
            continue
        view = scene.state.view(seat)
        hand = list(scene.shown.hand or [])
        pair = next(((i, slot) for i, neta in enumerate(hand) for slot, shari in enumerate(view.table)
                     if shari is not None and judge(neta, shari, view.answer_key)[1]), None)
        turn = view.ply
        if pair is None:
            d.click("button:pass")
        else:
            if made == 0 and d.has("button:hint"):  # ask the hard AI once (issue 10 §5)
                d.click("button:hint")
                end = time.monotonic() + 10
                while scene.hinting.current() is None and time.monotonic() < end:
                    d.frames(1)
                if scene.hinting.current() is None:
                    raise SelfTestFailure("button:hint marked nothing for the human to act")
            d.drag(f"neta:{pair[0]}", f"shari:{pair[1]}")
            made += 1
        if scene.state.view(seat).ply == turn:
            raise SelfTestFailure("a Kanji-zushi attempt by mouse was not applied")
        if made == 1 and d.has(f"kanji:{seat}:0"):
            d.move(d.window_pos(f"kanji:{seat}:0"))  # hover: the readings/meaning tooltip
            if not scene.tooltip():
                raise SelfTestFailure("hovering a completed kanji shows no tooltip")
    log(f"  kanji-zushi: {made} kanji made with the mouse")
    if not (d.app.has_scene("replay") and d.has("button:review")):
        _leave_score(d)
        return
    # the replay viewer with the coach on this game: its child process prints kanji (the frozen
    # Windows app must write them in UTF-8, not in the ANSI code page)
    d.frames(10)
    d.click("button:review")
    d.wait_scene("replay")
    walk_replay(d, log, "Kanji-zushi", coach=True)


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
        try:
            scene_class("kaito_play")
        except Exception as exc:  # an unimportable play scene must fail the self-test clearly
            log(f"FAIL: the KAITO play scene is not available ({type(exc).__name__}: {exc})")
            return 1
        settings = Settings(path=Path(tmp) / "settings.json")
        app = None
        d = None
        try:
            app = App(size=size or (1280, 720), settings=settings)
            log(f"  language: {i18n.language()}")
            log(f"  {system.describe()}")
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
