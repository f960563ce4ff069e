"""The end of a game on screen (issue 10 §3), a part the play scene holds (``scene.ending``): the
final position and the result kept until the player asks for the score (``button:score``, Enter),
the end sound, and the score screen opened once."""
from __future__ import annotations

import logging
from typing import Any, Protocol

from game.match import Match

log = logging.getLogger("tatami.play")


class EndingHost(Protocol):
    """What the end reads and sets of its play scene: the app, the Match, seats and names, the
    seat shown, the modes, its end state (``ended``, ``end_fade``, leaving) and its hooks (the end
    sound, the buttons, the game's score screen and its extra arguments)."""

    app: Any
    match: Match
    seats: list[str]
    names: list[str]
    game_name: str
    review: bool
    ended: bool
    end_fade: float
    viewer: int | None
    bottom: int
    saving: Any
    score_requested: bool

    @property
    def leaving(self) -> bool: ...

    def leave(self) -> None: ...

    def end_sound(self) -> str: ...

    def sfx(self, name: str) -> None: ...

    def sync_play_widgets(self) -> None: ...

    def go_to_score(self) -> None: ...

    def score_extra(self) -> dict[str, Any]: ...


class Ending:
    """The part (the end state is the host's ``ended`` / ``end_fade``)."""

    def __init__(self, host: EndingHost) -> None:
        self.host = host

    def show(self) -> None:
        """The game is over and its last action has been shown: keep the final position and the
        result on screen until the player asks for the score. Plays the end sound once. Runs once."""
        h = self.host
        if h.ended or h.leaving:
            return
        h.ended = True
        h.end_fade = 0.0
        h.match.cancel()
        h.match.hints.cancel()
        if not h.review:
            h.sfx(h.end_sound())
        h.sync_play_widgets()

    def request_score(self) -> None:
        """``button:score`` / Enter once the end is on screen: the game's score screen."""
        h = self.host
        if h.ended and not h.leaving and not h.review:
            h.go_to_score()

    def open_score(self, scene_name: str, setup: dict) -> None:
        """Replace the play scene with the score screen ``scene_name`` built from the final view of
        the seat shown (``view``, ``seats``, ``names``, ``setup`` for the rematch, the record, the
        game's id — what the ratings and achievements say of it — and the host's ``score_extra``).
        Runs once; a score screen that cannot be built is logged and the game stays on screen."""
        h = self.host
        if h.leaving or h.review:
            return
        seat = h.viewer if h.viewer is not None else h.bottom
        h.score_requested = True
        try:
            scene = h.app.make_scene(scene_name, view=h.match.state.view(seat), seats=list(h.seats),
                                     names=list(h.names), setup=setup, record=h.match.record(),
                                     game_id=h.saving.game_uid, **h.score_extra())
        except Exception:
            log.exception("%s: cannot open the score screen", h.game_name)
            return
        h.leave()
        h.app.manager.replace(scene)


__all__ = ["Ending", "EndingHost"]
