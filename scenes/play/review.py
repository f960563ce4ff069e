"""Review mode (the replay viewer embeds the play scene), a part the play scene holds
(``scene.reviewing``): jumps (:meth:`Review.show_state`), steps forward with the usual animation
(:meth:`Review.play_action`) and whose hidden information is shown (:meth:`Review.set_viewer`)."""
from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from game.core import GameState
from game.match import Match


class ReviewHost(Protocol):
    """What review mode reads and sets of its play scene: the Match, the seat shown and told
    about, and the scene's own steps (finish the animations, show the position again, animate an
    action just applied, lay the table out for another viewer)."""

    match: Match
    review_viewer: int | None
    narration_seat: int | None

    def before_review_step(self) -> None: ...

    def finish_animations(self) -> None: ...

    def resync(self) -> None: ...

    def animate_applied(self, seat: int, action: str) -> None: ...

    def viewer_changed(self) -> None: ...


class CoachReason(NamedTuple):
    """Why the decision the replay coach rates (issue 21 §4), for the room to show beside the
    coach's line in its banner.

    Attributes:
        text: the reason in one sentence, in the language in use ("After f2, Black takes your
            last kabuto on a2 in 2 moves.").
        reason: the game's data of it (an analysis row's ``reason``; KAITO: the expected line,
            its ``path`` of squares and the seats' ``colors``, drawn as arrows on the board).
        best: the best action's data when it is another action (``reason_best``), else None."""

    text: str
    reason: dict[str, Any]
    best: dict[str, Any] | None = None


class Review:
    """The part (the viewer is the host's; the coach's reason for the step shown is its own)."""

    def __init__(self, host: ReviewHost) -> None:
        self.host = host
        #: the replay coach's reason for the step shown (set by the viewer's coach), or None
        self.coach_reason: CoachReason | None = None

    def show_state(self, state: GameState) -> None:
        """Show ``state`` at once, without animation (the replay viewer's back, start, end, jumps).

        Raises:
            ValueError: ``state`` has another seat count."""
        self.host.match.set_state(state)
        self.host.resync()

    def play_action(self, seat: int, action: str) -> None:
        """Apply ``seat``'s ``action`` and animate it as an AI's action is (a running animation is
        finished first, and the host's ``before_review_step`` settles what it must).

        Raises:
            InvalidActionError, IllegalActionError: from the state (nothing changes)."""
        self.host.before_review_step()
        self.host.finish_animations()
        self.host.match.apply(seat, action)
        self.host.animate_applied(seat, action)

    def set_viewer(self, seat: int | None) -> None:
        """Show ``seat``'s hidden information and tell the game as it saw it (None: everything)."""
        h = self.host
        h.finish_animations()
        h.review_viewer = seat
        h.narration_seat = seat
        h.viewer_changed()
        h.resync()


__all__ = ["CoachReason", "Review", "ReviewHost"]
