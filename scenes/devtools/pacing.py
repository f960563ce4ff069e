"""``tatami --bench``'s pacing part (issue 21 §3): how long a player waits for its next decision.

A scripted human plays each game against AIs through the real app: real pygame events (a drag of
a piece or a card onto its target, a click on a button: the game's ``DevTools.pacing_act``) posted the moment it may decide
(``scene.human_to_act()`` is its seat, or a round's "Next round" is shown), in frames paced at
60 FPS like ``App.run`` (``dt`` is the real time since the last frame, at most ``App.MAX_DT_MS``).
A wait is the wall time from the start of the frame that takes the person's action to the end of
the frame after which the person may decide again: its own move's animation, the AIs' thinking
(in their worker process, their minimum thinking time included) and their moves' animations, at
the animation speed asked for (normal: 1.0). A finished game is followed by a new one (the next
seed); the end screen is not a decision.

With ``skip=True`` the scripted human also presses Space on every frame in which another seat's
move animates (issue 21 §3: a returning player's fast-forward), and clicks a round's scoring
panel at once.

:func:`measure_pacing` returns, per game, ``{"seats", "decisions", "median_s", "p90_s",
"max_s", "goal_s", "games"}`` (seconds, three decimals); the games, their seats and goals (the
issue's) are each game's ``DevTools.pacing``.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any, Sequence

import pygame

from scenes.devtools.games import dev_games


def pacing_games() -> list[tuple[str, str, tuple[str, ...], float]]:
    """(report name, game, seats, goal in seconds for the median wait) of every game with a
    ``DevTools.pacing``, in menu order."""
    return [(p[0], g.name, p[1], p[2]) for g in dev_games() if (p := g.tools.pacing) is not None]

#: Frames per second of the paced loop (``App.FPS``).
FPS = 60


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, linear between the two nearest (0.0 for none)."""
    if not values:
        return 0.0
    v = sorted(values)
    k = (len(v) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def _rect(scene: Any, ident: str) -> pygame.Rect | None:
    """The logical rect of ``scene``'s UI element ``ident``, or None."""
    for el in scene.ui_elements():
        if el.id == ident:
            return pygame.Rect(el.rect)
    return None


class ScriptedHuman:
    """Posts one decision's real pygame events for the human seat of a play scene.

    Args:
        app: the :class:`scenes.shell.app.App` (its viewport turns logical px into window px).
        rng: the choices' random source (among the moves it considers).
    """

    def __init__(self, app: Any, rng: random.Random):
        self.app = app
        self.rng = rng

    def _post(self, kind: int, logical: tuple[int, int]) -> None:
        pos = self.app.viewport.to_window(pygame.Rect(logical[0], logical[1], 1, 1)).topleft
        if kind == pygame.MOUSEMOTION:
            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))

    def drag(self, scene: Any, src: str, dst: str) -> bool:
        """Queue a press on ``src``, four moves and a release on ``dst`` (UI ids). False if
        either is not on screen."""
        a, b = _rect(scene, src), _rect(scene, dst)
        if a is None or b is None:
            return False
        (ax, ay), (bx, by) = a.center, b.center
        self._post(pygame.MOUSEBUTTONDOWN, (ax, ay))
        for k in range(1, 5):
            self._post(pygame.MOUSEMOTION, (ax + (bx - ax) * k // 4, ay + (by - ay) * k // 4))
        self._post(pygame.MOUSEBUTTONUP, (bx, by))
        return True

    def click(self, scene: Any, ident: str) -> bool:
        """Queue a click on UI element ``ident``; False if it is not on screen."""
        r = _rect(scene, ident)
        if r is None:
            return False
        self._post(pygame.MOUSEBUTTONDOWN, r.center)
        self._post(pygame.MOUSEBUTTONUP, r.center)
        return True

    def may_decide(self, scene: Any) -> bool:
        """True when the person may act now: its seat is to act at the screen, or a round's
        scoring asks for "Next round", or a step of the person's own waits (``scene.exchange``)."""
        if scene.human_to_act() is not None:
            return True
        if getattr(scene, "exchange", None) is not None and not scene.timeline.running:
            return True
        btn = getattr(scene, "btn_next", None)
        return btn is not None and btn.visible

    def act(self, scene: Any) -> bool:
        """Queue the events of one decision (the frame that takes them applies it); False if
        none could be made."""
        btn = getattr(scene, "btn_next", None)
        if btn is not None and btn.visible:
            return self.click(scene, "button:next-round")
        if getattr(scene, "exchange", None) is not None:
            return self.click(scene, "button:no-exchange")
        seat = scene.human_to_act()
        if seat is None:
            return False
        act = self._acts().get(scene.name)
        return bool(act(self, scene, seat)) if act is not None else False

    @staticmethod
    def _acts() -> dict[str, Any]:
        """Play scene name -> its game's ``DevTools.pacing_act``."""
        return {g.play_scene: g.tools.pacing_act for g in dev_games() if g.tools.pacing_act is not None}


def _others_animating(scene: Any) -> bool:
    """True while the play scene animates a move that is not the person's own (the one to skip)."""
    if not scene.timeline.running:
        return False
    history = scene.match.state.history
    return bool(history) and scene.seats[history[-1][0]] != "human"


def _progress(scene: Any) -> tuple[int, bool]:
    """What a decision changes: the actions applied, whether a round's scoring panel is up."""
    return len(scene.match.state.history), bool(scene.panel_up())


def _skip_key() -> None:
    for et in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(et, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))


def measure_game(app: Any, game: str, seats: Sequence[str], decisions: int, seed: int = 1,
                 speed: float = 1.0, skip: bool = False, wall_s: float = 900.0) -> dict[str, Any]:
    """The waits of ``decisions`` decisions of a scripted human (seat 0) in ``game`` against the
    AI ``seats`` (see the module doc); at most ``wall_s`` seconds of wall time.

    Returns:
        ``{"seats", "decisions", "median_s", "p90_s", "max_s", "games"}`` (seconds)."""
    human = ScriptedHuman(app, random.Random(seed))
    clock = pygame.time.Clock()
    max_dt = float(getattr(app, "MAX_DT_MS", 100.0))
    waits: list[float] = []
    games = 0
    scene: Any = None
    started: float | None = None
    mark = (0, False)
    deadline = time.monotonic() + wall_s
    pygame.event.clear()
    clock.tick()
    while len(waits) < decisions and time.monotonic() < deadline:
        top = app.manager.top()
        if scene is None or top is not scene or scene.ended:
            scene = app.start_game(game, seats=list(seats), seed=seed + games, speed=speed)
            games += 1
            started = None
        if started is None and human.may_decide(scene):
            mark = _progress(scene)
            if human.act(scene):
                started = time.perf_counter()
        elif skip and started is not None and (_others_animating(scene) or
                                                 (scene.panel_up() and scene.timeline.running)):
            _skip_key()
        dt = min(float(clock.tick(FPS)), max_dt)
        app.frame(dt, pygame.event.get())
        if started is not None and app.manager.top() is scene and human.may_decide(scene):
            if _progress(scene) != mark:  # (else the drop was refused or a step opened: no wait)
                waits.append(time.perf_counter() - started)
            started = None
    app.manager.reset(None)
    return {
        "seats": list(seats),
        "decisions": len(waits),
        "median_s": round(statistics.median(waits), 3) if waits else 0.0,
        "p90_s": round(percentile(waits, 0.9), 3),
        "max_s": round(max(waits), 3) if waits else 0.0,
        "games": games,
    }


def measure_pacing(app: Any, decisions: int = 30, games: Sequence[tuple[str, str, Sequence[str], float]] | None
                   = None, speed: float = 1.0, skip: bool = False, wall_s: float = 900.0) -> dict[str, Any]:
    """:func:`measure_game` for each of ``games`` (default :func:`pacing_games`), by report name,
    each with its ``goal_s``."""
    out: dict[str, Any] = {}
    for name, game, seats, goal in games if games is not None else pacing_games():
        row = measure_game(app, game, seats, decisions, speed=speed, skip=skip, wall_s=wall_s)
        row["goal_s"] = goal
        out[name] = row
    return out


__all__ = ["pacing_games", "ScriptedHuman", "measure_game", "measure_pacing"]
