"""The walks' helpers (issue 21 §1): letting the app settle, a position handed to a play scene,
bots playing a seeded deal, a human's move, the pointer over a rect; and :class:`Walker`, which
carries them with the driver to a game's own walks (``scenes/<name>/devtools.py``, which import no
dev tool)."""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterator, NoReturn

import pygame

from scenes.devtools.driver import Driver, SelfTestFailure

#: The longest a walk waits for an AI seat or a hint (wall s): a bound, the wait ends on the answer.
AI_WALL_S = 60.0


def bot_play(state: Any, game: str, until: Callable[[Any], bool], seed: int = 1) -> Any:
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


def play_out(state: Any, choose: Callable[[Any, int], str]) -> Any:
    """Every seat to act (a simultaneous phase's seats one after another) plays ``choose(state,
    seat)`` until the end; returns ``state`` (a room's dev tools hand their choice here: a room
    applies no action to a state itself)."""
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, choose(state, seat))
    return state


def new_state(game: str, n: int, seed: int) -> Any:
    """A seeded deal of ``game`` for ``n`` seats, as the walks start one."""
    from scenes.devtools.games import dev_game

    return dev_game(game).new_state(n, seed)


def show(d: Driver, scene_name: str, **kw: Any) -> Any:
    """Put a new ``scene_name`` (made with ``kw``) alone on the stack and let it settle; a play
    scene's AI seats are played by characters (:func:`game.characters.default_cast`) unless
    ``kw`` says which."""
    if scene_name.endswith("_play") and isinstance(kw.get("seats"), (list, tuple)) and "characters" not in kw:
        from game.characters import default_cast

        kw["characters"] = default_cast(kw["seats"])
    scene = d.app.make_scene(scene_name, **kw)
    d.app.manager.reset(scene)
    settle(d)
    return scene


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


def human_acts(d: Driver, scene: Any, pick: Callable[[list[str]], str] = lambda legal: legal[0]) -> bool:
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


def until_human(d: Driver, scene: Any, wall_s: float = AI_WALL_S) -> None:
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


def hover(d: Driver, lrect: pygame.Rect) -> None:
    """The pointer over the middle of the logical rect ``lrect`` (a frame or two to show it)."""
    d.move(d.app.viewport.to_window(pygame.Rect(lrect)).center)
    d.frames(2)


def log_states(d: Driver, scene: Any) -> Iterator[str]:
    """The game log's tooltip (its last entry's detail) and, where the log is a strip (a small
    window), its opened panel; the pointer away and the panel closed after."""
    log = getattr(scene, "narration", None)
    entries = [el for el in scene.ui_elements() if el.kind == "log-entry"]
    if log is None or not entries:
        return
    hover(d, entries[-1].rect)
    if log.tooltip() is not None:
        yield "log-tooltip"
    hover(d, pygame.Rect(0, 0, 1, 1))
    if d.has("button:log"):
        d.click("button:log", settle=30)
        yield "log-open"
        d.click("button:log", settle=30)


class Walker:
    """The driver ``d`` and the helpers above for the walks of game ``game`` (its own
    ``scenes/<name>/devtools.py``): ``w.show``, ``w.new_state(n, seed)``, ``w.bot_play``, ...."""

    def __init__(self, d: Driver, game: str = "") -> None:
        self.d = d
        self.game = game

    def settle(self) -> None:
        settle(self.d)

    def show(self, scene_name: str, **kw: Any) -> Any:
        return show(self.d, scene_name, **kw)

    def new_state(self, n: int, seed: int) -> Any:
        return new_state(self.game, n, seed)

    def bot_play(self, state: Any, until: Callable[[Any], bool], seed: int = 1) -> Any:
        return bot_play(state, self.game, until, seed)

    def human_acts(self, scene: Any, pick: Callable[[list[str]], str] = lambda legal: legal[0]) -> bool:
        return human_acts(self.d, scene, pick)

    def until_human(self, scene: Any) -> None:
        until_human(self.d, scene)

    def hover(self, lrect: Any) -> None:
        hover(self.d, pygame.Rect(lrect))

    def log_states(self, scene: Any) -> Iterator[str]:
        return log_states(self.d, scene)

    def fail(self, msg: str) -> NoReturn:
        """Stop the walk: ``msg`` is what went wrong (:class:`SelfTestFailure`)."""
        raise SelfTestFailure(msg)


__all__ = ["AI_WALL_S", "Walker", "bot_play", "hover", "human_acts", "log_states", "new_state", "settle", "show",
           "until_human"]
