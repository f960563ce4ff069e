"""Pacing for a returning player (issue 21 §3): what the three play scenes share.

* Another seat's move is told briefly and the person's own in full: :func:`move_pace` is the pace
  a move's choreography runs at (:meth:`scenes.kit.timeline.Timeline.run`); each game's
  choreography module names its ``OTHERS_PACE``.
* The AI thinks while the last move still animates: :func:`frame` asks
  :meth:`game.match.Match.think_ahead` (nothing is applied before the scene is idle).
* Holding Space or Enter fast-forwards: while one is held (:class:`HeldKeys`, from KEYDOWN /
  KEYUP), every frame finishes the animation of another seat's move at once — the game log
  still tells it. A single press finishes any (:meth:`scenes.play.input.PlayInput.skip_animation`).

:func:`frame` runs at the start of every frame of a play scene (``PlayScene._frame_start``).
"""
from __future__ import annotations

from typing import Any

import pygame

from scenes.play import online_frame

#: The keys that finish the running animations when pressed and fast-forward while held.
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class HeldKeys:
    """Which of :data:`SKIP_KEYS` are held down now, from the KEYDOWN / KEYUP events a play
    scene's input handler saw. A key whose KEYUP went to another scene (the pause menu covered
    the play scene) counts as released: a gap in the app's frames (``app.frames``) between two
    :meth:`held` calls forgets every key."""

    def __init__(self) -> None:
        self.keys: set[int] = set()
        self.frame = -1

    def see(self, event: pygame.event.Event) -> None:
        """Note a KEYDOWN or KEYUP (``event.key``) of a skip key; other events are ignored."""
        key = getattr(event, "key", None)
        if key not in SKIP_KEYS:
            return
        if event.type == pygame.KEYDOWN:
            self.keys.add(key)
        elif event.type == pygame.KEYUP:
            self.keys.discard(key)

    def held(self, app_frame: int) -> bool:
        """True while a skip key is held; ``app_frame``: the app's frame count now (the scene was
        covered if frames passed without this call: every key is then forgotten)."""
        if self.frame >= 0 and app_frame > self.frame + 1:
            self.keys.clear()
        self.frame = app_frame
        return bool(self.keys)


def move_pace(scene: Any, seat: int | None, others_pace: float) -> float:
    """The pace of the choreography of ``seat``'s move: 1.0 (in full) for a person at this screen,
    in the replay viewer, in a tutorial or when the seat is unknown; ``others_pace`` (> 1: shorter)
    for an AI."""
    if seat is None or scene.review or scene.coach is not None or scene.seats[seat] == "human":
        return 1.0
    return others_pace


def others_moving(scene: Any) -> bool:
    """True while the scene's main choreography shows what another seat did: the last action's
    seat is not a person at this screen, or a panel covers the table (Sushi Draft's round
    scoring)."""
    if not scene.timeline.running or scene.undoing.holding is not None:
        return False  # (a person's choice held for its reveal is theirs: a click does not skip it)
    if scene.panel_up():
        return True
    history = scene.match.state.history
    return bool(history) and scene.seats[history[-1][0]] != "human"


def frame(scene: Any) -> None:
    """The start of a play scene's frame: an online seat's resync and waiting line
    (:func:`scenes.play.online_frame.frame`); while a skip key is held, finish another seat's move at
    once; while a move animates, let the next AI seat think (:meth:`Match.think_ahead`)."""
    online_frame.frame(scene)
    if scene.review or scene.leaving:
        return
    held = getattr(scene.input, "held", None)
    if held is not None and held.held(getattr(scene.app, "frames", 0)) and others_moving(scene):
        scene.timeline.finish()
    if (scene.timeline.running and scene.privacy_for is None and not scene.match.is_over()
            and scene.coaching.bots_allowed()):
        scene.match.think_ahead()


__all__ = ["SKIP_KEYS", "HeldKeys", "frame", "move_pace", "others_moving"]
