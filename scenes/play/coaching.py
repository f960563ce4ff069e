"""A tutorial in the play scene (issue 11), a part the scene holds (``scene.coaching``): the
director (:class:`scenes.tutorial.director.TutorialDirector`, the scene's ``coach``) attached on
the first frame, its panel drawn and in the UI dump while shown, the scripted seats held until a
step is done, and a scripted seat's panel saying "Coach"."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.i18n import _
from game.match import Match
from scenes.play.seats import level_label


class CoachHost(Protocol):
    """What the tutorial part reads of its play scene: the director (or None), the Match, and
    whether the coach's panel must step aside now (Kanji-zushi: a move plays on the join board it
    covers)."""

    coach: Any
    match: Match

    def coach_hidden(self) -> bool: ...


class Coaching:
    """The part (the director is the host's ``coach``, None outside a tutorial)."""

    def __init__(self, host: CoachHost) -> None:
        self.host = host

    def frame(self, dt_ms: float) -> None:
        """A tutorial's frame: the director attached on the first, then its update."""
        coach = self.host.coach
        if coach is not None:
            if coach.scene is None:
                coach.attach(self.host)
            coach.update(dt_ms)

    def shown(self) -> bool:
        """True while the coach's panel is on screen."""
        coach = self.host.coach
        return coach is not None and coach.scene is self.host and not self.host.coach_hidden()

    def draw(self, surface: pygame.Surface) -> None:
        """The coach's panel, if shown (no state change)."""
        if self.shown():
            self.host.coach.draw(surface)

    def elements(self) -> list[Any]:
        """The coach panel's UI elements (none outside a tutorial)."""
        return self.host.coach.ui_elements() if self.shown() else []

    def bots_allowed(self) -> bool:
        """False while a tutorial's step waits for the person (its scripted seats answer after it)."""
        coach = self.host.coach
        return coach is None or coach.bots_may_act()

    def seat_label(self, seat: int) -> str:
        """What plays ``seat``, as its panel says it, in the language in use: "Human", "Hard AI"...
        ("Coach" for a tutorial's scripted seat)."""
        online = getattr(self.host.match, "seat_label", None)  # an online seat: its connection too
        if online is not None:
            return str(online(seat))
        kind = self.host.match.seats[seat]
        if self.host.coach is not None and kind != "human":
            # Translators: what plays a tutorial's scripted seat (on its panel)
            return _("Coach")
        return level_label(kind)


__all__ = ["CoachHost", "Coaching"]
