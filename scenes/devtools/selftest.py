"""``tatami --selftest``: a headless walk through every scene with synthetic input.

Runs the real ``App`` frame loop at a fixed dt (16.7 ms) on SDL's dummy video driver and
drives it only with pygame events posted at the UI elements' window-pixel rects (exactly
what a user's clicks produce). The walk:

  menu -> rules (wheel scroll) -> menu -> setup (AI vs AI, fast) -> KAITO play
  -> Esc: pause -> rules -> pause -> resume -> (window resized) -> play to the end
  -> score -> rematch -> play -> Esc: pause -> quit to menu -> setup -> back -> menu
  -> Sushi Draft: setup (you + 2 AIs) -> play all three rounds with dragged cards (eat onto the
  plate or a wild onto its stack, keep onto the mat, "Next round") -> score -> menu
  -> Kanji-zushi: setup (you + an AI, hint on) -> drag the pairs the game's own data says are
  valid (pass when none) -> a hover tooltip -> score -> menu; the bundled data gives 亻+木 = 休

It asserts that each expected scene is reached, prints a short report and returns 0, or
prints the reason and returns 1. Settings are written to a temporary directory (never next
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

from game.kanji import judge
from game.kanji_data import form
from scenes.shell.app import App
from scenes.shell.registry import scene_class
from scenes.shell.settings import Settings

DT_MS = 1000.0 / 60.0


class SelfTestFailure(AssertionError):
    pass


class Driver:
    """Posts synthetic input to a running ``App`` and advances frames (fixed dt).

    Positions are taken from ``scene.ui_elements()`` (logical) and converted to WINDOW pixels
    with the app's viewport, then posted as real pygame events.
    """

    def __init__(self, app: Any, deadline: float, log: Callable[[str], None] = print):
        self.pg = pygame
        self.app = app
        self.deadline = deadline
        self.log = log
        self.visited: list[str] = []

    # -- frames -----------------------------------------------------------------------
    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self._check_time()
            self.app.pump(DT_MS)
            self._note_scene()

    def _note_scene(self) -> None:
        top = self.app.manager.top()
        name = getattr(top, "name", None)
        if name and (not self.visited or self.visited[-1] != name):
            self.visited.append(name)

    def _check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise SelfTestFailure(f"timed out (scene {self.scene_name()!r})")
        if not self.app.running:
            raise SelfTestFailure("the app quit unexpectedly")

    def scene_name(self) -> str | None:
        top = self.app.manager.top()
        return getattr(top, "name", None)

    def wait_scene(self, name: str, max_frames: int = 600, wall_s: float | None = None) -> None:
        """Advance frames until the top scene is ``name``."""
        end = time.monotonic() + wall_s if wall_s else None
        n = 0
        while self.scene_name() != name:
            if end is None and n >= max_frames:
                raise SelfTestFailure(f"expected scene {name!r}, still on {self.scene_name()!r}")
            if end is not None and time.monotonic() > end:
                raise SelfTestFailure(f"expected scene {name!r} within {wall_s:.0f} s, still on "
                                      f"{self.scene_name()!r}")
            self.frames(1)
            n += 1
        self.log(f"  reached {name}")

    # -- input ------------------------------------------------------------------------
    def element(self, id: str):
        top = self.app.manager.top()
        for el in top.ui_elements():
            if el.id == id:
                return el
        ids = ", ".join(e.id for e in top.ui_elements())
        raise SelfTestFailure(f"no element {id!r} in scene {self.scene_name()!r} (has: {ids})")

    def window_pos(self, id: str) -> tuple[int, int]:
        el = self.element(id)
        if el.kind.endswith("-disabled"):
            raise SelfTestFailure(f"element {id!r} is disabled")
        r = self.app.viewport.to_window(el.rect)
        return r.center

    def post(self, type_: int, **kw: Any) -> None:
        self.pg.event.post(self.pg.event.Event(type_, **kw))

    def move(self, pos: tuple[int, int]) -> None:
        self.post(self.pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frames(1)

    def click(self, id: str, settle: int = 2) -> None:
        """Hover, press and release the left button at the centre of element ``id``."""
        pos = self.window_pos(id)
        self.move(pos)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames(1)
        self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(settle)

    def key(self, key: int, settle: int = 2) -> None:
        self.post(self.pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.post(self.pg.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames(settle)

    def wheel(self, dy: int, settle: int = 2) -> None:
        self.post(self.pg.MOUSEWHEEL, x=0, y=dy, precise_x=0.0, precise_y=float(dy), flipped=False)
        self.frames(settle)

    def drag(self, src: str, dst: str, steps: int = 4, settle: int = 2) -> None:
        """Press on element ``src``, move in ``steps`` to element ``dst`` and release there."""
        a, b = self.window_pos(src), self.window_pos(dst)
        self.move(a)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frames(1)
        for k in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)
            self.post(self.pg.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(self.pg.MOUSEBUTTONUP, pos=b, button=1)
        self.frames(settle)

    def has(self, id: str) -> bool:
        """True if the top scene shows an enabled element ``id``."""
        top = self.app.manager.top()
        return any(el.id == id and not el.kind.endswith("-disabled") for el in top.ui_elements())

    def stray_input(self) -> None:
        """Clicks in the letterbox / off-window and odd buttons: must never crash."""
        w, h = self.app.viewport.window_size
        for pos in ((0, 0), (w - 1, h - 1), (-50, -50), (w + 100, h // 2)):
            self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=1)
            self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=1)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=(w // 2, h // 2), button=3)
        self.post(self.pg.MOUSEBUTTONUP, pos=(w // 2, h // 2), button=3)
        self.frames(2)


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
    d.click("button:game:kaito")
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

    # the AIs play to the end
    d.wait_scene("score", wall_s=35)
    score = app.manager.top()
    winners = getattr(score, "winners", ())
    log(f"  game over: winners={list(winners)} reason={getattr(score, 'reason', '?')!r}")
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

    # setup remembers the choices; back returns to the menu
    d.click("button:game:kaito")
    d.wait_scene("setup")
    kinds = getattr(app.manager.top(), "kinds", None)
    if kinds != ["easy", "easy"]:
        raise SelfTestFailure(f"setup did not remember the last choices (got {kinds})")
    d.click("button:back")
    d.wait_scene("menu")

    _walk_sushi(d, log)
    _walk_kanji(d, log)

    formed = form("亻", "木")
    if formed is None or formed.char != "休" or formed.strokes != 6:
        raise SelfTestFailure(f"the Kanji-zushi data is wrong or missing: 亻+木 gave {formed!r}")


def _start_game(d: Driver, game: str, choices: Sequence[str], play_scene: str) -> None:
    """From the menu: open ``game``'s set-up, click the ``choices`` (UI ids) in order, switch the
    animations to instant, start, and wait for ``play_scene`` (then some stray input on it)."""
    d.click(f"button:game:{game}")
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
    _leave_score(d)


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
            if scene.hint_pair() is None:
                raise SelfTestFailure("the hint shows no pair although a valid one exists")
            d.drag(f"neta:{pair[0]}", f"shari:{pair[1]}")
            made += 1
        if scene.state.view(seat).ply == turn:
            raise SelfTestFailure("a Kanji-zushi attempt by mouse was not applied")
        if made == 1 and d.has(f"kanji:{seat}:0"):
            d.move(d.window_pos(f"kanji:{seat}:0"))  # hover: the readings/meaning tooltip
            if not scene.tooltip():
                raise SelfTestFailure("hovering a completed kanji shows no tooltip")
    log(f"  kanji-zushi: {made} kanji made with the mouse")
    _leave_score(d)


def run_selftest(size: tuple[int, int] | None = None, timeout_s: float = 60.0, out: Any = None) -> int:
    """Run the self-test; returns the exit code (0 pass, 1 fail)."""
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
            if app.assets.missing:
                log(f"  missing assets: {', '.join(app.assets.missing)}")
            app.manager.push(app.make_scene("menu"))
            d = Driver(app, deadline=t0 + timeout_s, log=log)
            _walk(d, log)
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
