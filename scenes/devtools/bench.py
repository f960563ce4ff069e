"""``tatami --bench``: per-frame cost of every scene at 1280x720 with animations running.

For each scene, renders ``frames`` frames through the real ``App.frame`` (event dispatch +
update + draw + flip) at a fixed dt of 16.7 ms and measures each frame's wall time. Input
that keeps animations alive is posted along the way (hover sweeps over buttons, wheel
scrolling on the rules page). The games are the catalog's (:mod:`scenes.devtools.games`), each
with its ``DevTools``: the first game's setup and rules page, its play scene (``<play scene>``:
an AI-vs-AI game with animations on at normal speed, ``bench_play``; a finished game is
restarted), ``pause`` over it and ``score`` (its ``bench_score``); each other game's play scene,
its own measures (``bench_extras``: e.g. ``<room>_play_pass``, the frames of one animation;
``privacy``, the hot-seat curtain) and its score screen (``<score scene>``).

``replay_<room>`` opens the replay viewer on a whole AI-vs-AI game of each game (its
``bench_replay`` levels) and steps through it at
normal speed as a player would: a key every 6 frames, eight steps forward (animated), four back,
End, three back, Home (back and the jumps are shown at once), over and over. The first round of
those keys (96 frames) is not counted: it renders the art and text at the viewer's scale for the
first time (a one-off per window size; ``first_round_max_ms`` reports its slowest frame).

``<first play scene>_thinking`` runs the first game HARD-vs-HARD (``bench_thinking``) paced at 60
FPS like ``App.run`` (no minimum
think time and near-instant animations: the bots' searches, ~0.45 s a move, run in real time
between the frames) and measures only the frames during which an AI is thinking, with the AI in
its worker process; ``<first play scene>_thinking_thread`` is the same with the AI in a thread of the UI
process (the old way; for comparison only, left out of ``worst_p99_ms``). They also report the
frame period (``interval_*``, ``late_frames``), ``first_ai_move_ms`` (from creating the scene,
which starts the AI process, to the first AI move being applied) and ``ai_ready_ms`` (start-up
time of the AI process). Prints one JSON object::

    {"size": [1280, 720], "target_p99_ms": 8.0,
     "scenes": {"menu": {"frames": 300, "median_ms": 1.2, "p99_ms": 2.5, "max_ms": 3.0}, ...}}

The target (p99 <= 8 ms) is reported, not asserted.

``pacing`` (issue 21 §3; :mod:`scenes.devtools.pacing`): per game against AIs at normal animation
speed (each game's ``DevTools.pacing``: its seats and goal), the wall time from the
player's action to its next decision (``median_s``, ``p90_s``, ``max_s``; the AIs' thinking
included) of a scripted human acting through real events as soon as it may, ``watched`` (it waits
for everything) and ``skipped`` (it presses Space while another seat's move animates), with the
issue's goal (``goal_s``). ``tatami --bench --bench-only pacing --decisions N`` runs only that.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pygame

from game import environ
from scenes.devtools.games import DevGame, dev_games
from scenes.devtools.pacing import measure_pacing, percentile
from scenes.devtools.walking import play_out
from scenes.shell.app import App
from scenes.shell.registry import SCENES
from scenes.shell.settings import Settings

DT_MS = 1000.0 / 60.0
TARGET_P99_MS = 8.0
WARMUP_FRAMES = 10


def _hover_sweep(app: Any, i: int) -> None:
    """Every 12 frames, move the pointer onto the next UI element (hover animations)."""
    if i % 12:
        return
    top = app.manager.top()
    els = [e for e in top.ui_elements() if e.kind.startswith(("button", "choice"))]
    if not els:
        return
    el = els[(i // 12) % len(els)]
    pos = app.viewport.to_window(el.rect).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _wheel(app: Any, i: int) -> None:
    _hover_sweep(app, i)
    if i % 20 == 0:
        dy = -2 if (i // 200) % 2 == 0 else 2
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, precise_x=0.0, precise_y=float(dy),
                                             flipped=False))


def _measure(app: Any, name: str, make: Callable[[], None], frames: int,
             feed: Callable[[Any, int], None] | None, restart_if_left: bool = False,
             warmup: int = WARMUP_FRAMES) -> dict:
    """``frames`` frames of the scene ``make`` puts on top, after ``warmup`` frames not counted,
    with ``feed(app, i)`` posting input before frame ``i``."""
    pygame.event.clear()
    make()
    # restarted when the scene make() put on top (named as it names itself, which may differ from
    # the report's ``name``) has left it, e.g. a finished game for its score screen
    started = app.manager.top().name
    times: list[float] = []
    busy_frames = 0
    games = 1
    i = 0
    total = frames + warmup
    while i < total:
        if restart_if_left and app.manager.top().name != started:
            make()
            games += 1
        if feed is not None:
            feed(app, i)
        t0 = time.perf_counter()
        app.frame(DT_MS, pygame.event.get())
        t1 = time.perf_counter()
        if i >= warmup and app.manager.top() is not None:
            times.append((t1 - t0) * 1000.0)
            busy_frames += bool(app.manager.busy())
        i += 1
    return {
        "frames": len(times),
        "median_ms": round(statistics.median(times), 3) if times else 0.0,
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times), 3) if times else 0.0,
        "busy_frames": busy_frames,  # frames in which the scene was animating / thinking
        "scene_starts": games,
    }


#: the keys :func:`_replay_steps` presses, one every 6 frames, in a loop
REPLAY_KEYS = ([pygame.K_RIGHT] * 8 + [pygame.K_LEFT] * 4 + [pygame.K_END] + [pygame.K_LEFT] * 3
               + [pygame.K_HOME])


def _replay_steps(app: Any, i: int) -> None:
    """Step the replay viewer back and forth: one key of :data:`REPLAY_KEYS` every 6 frames."""
    if i % 6 == 0:
        key = REPLAY_KEYS[(i // 6) % len(REPLAY_KEYS)]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _measure_replays(app: Any, frames: int) -> dict[str, dict]:
    """The replay viewer of each registered game (see the module doc), by report name."""
    from scenes.replay.source import ai_game_record

    out: dict[str, dict] = {}
    for g in dev_games():
        if g.play_scene not in SCENES:
            continue
        short = g.short
        record = ai_game_record(g.name, list(g.tools.bench_replay or ["easy"] * g.seats[0]), seed=1)

        def make(record: dict = record) -> None:
            app.manager.reset(app.make_scene("replay", record=record))

        cold = _measure(app, "replay", make, 6 * len(REPLAY_KEYS), _replay_steps, False, warmup=0)
        out[f"replay_{short}"] = _measure(app, "replay", make, frames, _replay_steps, False,
                                          warmup=6 * len(REPLAY_KEYS))
        out[f"replay_{short}"].update(steps=len(record["actions"]), first_round_max_ms=cold["max_ms"])
    return out


def _measure_label(app: Any, make: Callable[[], Any], frames: int, prefix: str) -> dict:
    """Frames of a play scene during which its running animation's label starts with ``prefix``
    (e.g. "Passing hands to the left"): ``frames`` such frames, from AI-only games
    at normal speed (restarted when one ends; at most ``20 * frames`` frames in all)."""
    return _measure_when(app, make, frames,
                         lambda top: (getattr(top, "anim_label", "") or "").startswith(prefix))


def _measure_when(app: Any, make: Callable[[], Any], frames: int, when: Callable[[Any], bool]) -> dict:
    """Like :func:`_measure_label`, keeping the frames for which ``when(scene)`` holds after the
    frame (e.g. a join animation is running)."""
    pygame.event.clear()
    make()
    name = app.manager.top().name
    times: list[float] = []
    games, total = 1, 0
    while len(times) < frames and total < 20 * frames:
        top = app.manager.top()
        if top is None or top.name != name:
            make()
            games += 1
            top = app.manager.top()
        t0 = time.perf_counter()
        app.frame(DT_MS, pygame.event.get())
        t1 = time.perf_counter()
        total += 1
        if total > WARMUP_FRAMES and app.manager.top() is top and when(top):
            times.append((t1 - t0) * 1000.0)
    return {
        "frames": len(times),
        "median_ms": round(statistics.median(times), 3) if times else 0.0,
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times), 3) if times else 0.0,
        "frames_run": total,
        "scene_starts": games,
    }


def _measure_thinking(app: Any, make: Callable[[], Any], frames: int, mode: str) -> dict:
    """Frames of a HARD-vs-HARD game while an AI is thinking, paced like ``App.run``.

    Collects ``frames`` frames during which the AI worker had a request pending before and after
    the frame and no move was applied (at most ``3 * frames + 100`` frames in all; a finished game
    is restarted; animations are near-instant so that most frames are thinking frames). Reports
    the work of those frames (``median_ms`` / ``p99_ms`` / ``max_ms``, as for the other scenes) and
    their period (``interval_*``: from the previous frame's start, ideally 16.7 ms; a UI thread
    that waits for the GIL after ``clock.tick`` shows up here, not in the frame's work)."""
    pygame.event.clear()
    saved_mode = os.environ.get(environ.AI_MODE)
    os.environ[environ.AI_MODE] = mode  # read by every new AIWorker
    clock = pygame.time.Clock()
    fps = getattr(app, "FPS", 60)
    times: list[float] = []
    intervals: list[float] = []
    first_moves: list[float] = []
    ready: list[float] = []
    used_modes: set[str] = set()
    games = 0
    scene = None
    started = 0.0
    prev_start: float | None = None
    try:
        total = 0
        clock.tick()
        while len(times) < frames and total < 3 * frames + 100:
            if scene is None or app.manager.top() is not scene:
                started = time.perf_counter()
                scene = make()
                games += 1
                n0 = len(scene.state.history)
                prev_start = None
            worker = scene.worker
            before = worker.thinking
            plies = len(scene.state.history)
            t0 = time.perf_counter()
            app.frame(DT_MS, pygame.event.get())
            t1 = time.perf_counter()
            total += 1
            # a frame that applied (and animated) the AI's move is not a "thinking" frame
            thought = before and worker.thinking and len(scene.state.history) == plies
            if len(first_moves) < games and len(scene.state.history) > n0:
                first_moves.append((t1 - started) * 1000.0)
                used_modes.add("process" if getattr(worker, "process_answers", 0) else "thread")
                r = getattr(worker, "ready_ms", None)
                if r is not None:
                    ready.append(r)
            if total > WARMUP_FRAMES and thought:
                times.append((t1 - t0) * 1000.0)
                if prev_start is not None:
                    intervals.append((t0 - prev_start) * 1000.0)
            prev_start = t0
            clock.tick(fps)
    finally:
        if saved_mode is None:
            os.environ.pop(environ.AI_MODE, None)
        else:
            os.environ[environ.AI_MODE] = saved_mode
        if scene is not None:
            app.manager.reset(None)  # exits the scene: closes its AI worker

    out = {
        "frames": len(times),
        "median_ms": round(statistics.median(times), 3) if times else 0.0,
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times), 3) if times else 0.0,
        "interval_median_ms": round(statistics.median(intervals), 2) if intervals else 0.0,
        "interval_p99_ms": round(percentile(intervals, 0.99), 2),
        "interval_max_ms": round(max(intervals), 2) if intervals else 0.0,
        "late_frames": sum(1 for x in intervals if x > 1.25 * 1000.0 / fps),  # below 48 FPS
        "ai_mode": ",".join(sorted(used_modes)) or mode,
        "scene_starts": games,
        "first_ai_move_ms": [round(x, 1) for x in first_moves],
        "ai_ready_ms": [round(x, 1) for x in ready],
    }
    return out


def run_bench(frames: int = 300, size: tuple[int, int] | None = None, out: Any = None, only: str | None = None,
              decisions: int = 30, pacing_games: Any = None, speed: float = 1.0, app: Any = None) -> int:
    """Run the benchmark and print the JSON report; returns 0. ``only``: ``"frames"`` (the frame
    times) or ``"pacing"`` (the waits between the player's decisions, :func:`_pacing`:
    ``decisions`` each of ``pacing_games``, at animation ``speed``); None: both. ``app``: measure
    the pacing only, in this app (tests), instead of a new one."""
    if app is not None:
        return _print({"pacing": _pacing(app, decisions, pacing_games, speed)}, out)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    size = size or (1280, 720)
    report: dict[str, Any] = {"size": list(size), "target_p99_ms": TARGET_P99_MS, "scenes": {}}
    with tempfile.TemporaryDirectory(prefix="tatami-bench-") as tmp:
        settings = Settings(path=Path(tmp) / "settings.json")
        settings["animation_speed"] = "normal"
        app = App(size=size, settings=settings, uidump=False)
        try:
            if only != "frames":
                report["pacing"] = _pacing(app, decisions, pacing_games, speed)
            if only == "pacing":
                return _print(report, out)
            _bench_games(app, report["scenes"], frames)
        finally:
            app.shutdown()
    worst = max((v["p99_ms"] for v in report["scenes"].values() if not v.get("comparison_only")), default=0.0)
    report["worst_p99_ms"] = worst
    report["meets_target"] = worst <= TARGET_P99_MS
    return _print(report, out)


class Measures:
    """What a game's ``DevTools.bench_extras`` measures with, into the report's scenes:
    ``scene(name, make, hover, restart)``, ``label(name, make, prefix)``, ``when(name, make,
    when)``; ``app``."""

    def __init__(self, app: Any, scenes: dict, frames: int) -> None:
        self.app, self.scenes, self.frames = app, scenes, frames

    def scene(self, name: str, make: Callable[[], Any], hover: bool = False, restart: bool = False) -> None:
        self.scenes[name] = _measure(self.app, name, make, self.frames, _hover_sweep if hover else None, restart)

    def label(self, name: str, make: Callable[[], Any], prefix: str) -> None:
        self.scenes[name] = _measure_label(self.app, make, self.frames, prefix)

    def when(self, name: str, make: Callable[[], Any], when: Callable[[Any], bool]) -> None:
        self.scenes[name] = _measure_when(self.app, make, self.frames, when)


def _starter(app: Any, game: DevGame, kwargs: dict) -> Callable[[], Any]:
    """A new game of ``game`` on top (``app.start_game`` with ``kwargs``; default: easy AIs)."""
    kw = kwargs or dict(seats=["easy"] * game.seats[0], seed=1, think_ms=0, **game.tools.play_kwargs)
    return lambda: app.start_game(game.name, **kw)


def _bench_games(app: Any, scenes: dict, frames: int) -> None:
    """The menu, and every game's scenes (see the module doc), into ``scenes``."""
    games = dev_games()
    first = games[0]
    m = Measures(app, scenes, frames)

    def menu() -> None:
        app.manager.reset(app.make_scene("menu"))

    def setup() -> None:
        app.manager.reset(app.make_scene("menu"))
        app.manager.push(app.make_scene("setup", game=first.name))

    def rules() -> None:
        app.manager.reset(app.make_scene("rules", game=first.name))

    play = _starter(app, first, first.tools.bench_play)  # think_ms=0: the board animates in most frames

    def pause() -> None:
        play()
        for _ in range(3):
            app.frame(DT_MS, [])
        app.open_pause()

    m.scene("menu", menu, hover=True)
    m.scene("setup", setup, hover=True)
    scenes["rules"] = _measure(app, "rules", rules, frames, _wheel, False)
    if first.play_scene in SCENES:
        m.scene(first.play_scene, play, restart=True)
        m.scene("pause", pause, hover=True)
    if first.tools.bench_score is not None:
        m.scene("score", partial(first.tools.bench_score, app, play_out), hover=True, restart=True)
    for game in games[1:]:
        if game.play_scene not in SCENES:
            continue
        other = _starter(app, game, game.tools.bench_play)
        m.scene(game.play_scene, other, restart=True)
        if game.tools.bench_extras is not None:
            game.tools.bench_extras(m, other)
        if game.tools.bench_score is not None:
            m.scene(game.score_scene, partial(game.tools.bench_score, app, play_out), hover=True, restart=True)
    if "replay" in SCENES:
        scenes.update(_measure_replays(app, frames))
    if first.play_scene in SCENES:
        hard = first.tools.bench_thinking or dict(seats=["hard"] * first.seats[0], seed=1, think_ms=0,
                                                  speed=1000.0, **first.tools.play_kwargs)
        play_hard = _starter(app, first, hard)
        scenes[f"{first.play_scene}_thinking"] = _measure_thinking(app, play_hard, frames, "process")
        thread = _measure_thinking(app, play_hard, frames, "thread")
        thread["comparison_only"] = True  # the old in-thread AI: not what the app uses
        scenes[f"{first.play_scene}_thinking_thread"] = thread


def _pacing(app: Any, decisions: int, games: Any, speed: float) -> dict[str, Any]:
    """The waits of a scripted human (:mod:`scenes.devtools.pacing`), ``"watched"`` (it waits for
    every animation) and ``"skipped"`` (it presses Space while another seat's move animates)."""
    return {"watched": measure_pacing(app, decisions, games, speed=speed),
            "skipped": measure_pacing(app, decisions, games, speed=speed, skip=True)}


def _print(report: dict, out: Any) -> int:
    """Print ``report`` as one JSON line on ``out`` (stdout by default); returns 0."""
    print(json.dumps(report), file=out or sys.stdout, flush=True)
    return 0
