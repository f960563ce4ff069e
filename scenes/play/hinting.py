"""Hints (issue 10 §5) and a tutorial's asked-for action, a part the play scene holds
(``scene.hinting``): the hard AI's choice for the human to act, from that seat's view only
(:meth:`game.hints.Hints.request`), which the scene marks; in a tutorial the step's action."""
from __future__ import annotations

from typing import Any, Protocol

from game.hints import Hint
from game.i18n import pgettext
from game.match import Match
from scenes.kit.marks import hint_tag


class HintHost(Protocol):
    """What hints read of their play scene: the Match, the modes, the tutorial's director (or
    None), the human to act, and what the scene does when a hint arrives."""

    match: Match
    hints_enabled: bool
    review: bool
    coach: Any
    assisted: bool

    def human_to_act(self) -> int | None: ...

    def hint_shown(self, hint: Hint) -> None: ...

    def sync_play_widgets(self) -> None: ...


class Hinting:
    """The part: the hint asked for and the one shown (:attr:`hint`, while it is about the
    position on screen)."""

    def __init__(self, host: HintHost) -> None:
        self.host = host
        #: the hard AI's suggestion for the human to act, while it is still about this position
        self.hint: Hint | None = None

    def ask(self) -> None:
        """``button:hint``: ask the hard AI what it would choose for the human to act (from that
        seat's view only); :meth:`current` marks it once the answer is in."""
        h = self.host
        seat = h.human_to_act()
        if seat is None or not h.hints_enabled or h.review:
            return
        got = h.match.hints.request(seat)
        if got is not None:
            self._arrived(got)
        h.sync_play_widgets()

    def poll(self) -> None:
        """Take the answer when it is in (each frame; never blocks)."""
        got = self.host.match.hints.poll()
        if got is not None:
            self._arrived(got)

    def _arrived(self, hint: Hint) -> None:
        self.hint = hint
        self.host.assisted = True  # the statistics count this game apart
        self.host.hint_shown(hint)
        self.host.sync_play_widgets()

    def current(self) -> str | None:
        """The hinted action while it is about the position on screen and its seat is to act
        (never while animating), else None; in a tutorial, the step's asked-for action."""
        h = self.host
        if h.coach is not None:
            want = h.coach.expected()
            return want if want is not None and h.human_to_act() == h.coach.human else None
        hint = self.hint
        if hint is None or hint.position != h.match.position or h.human_to_act() != hint.seat:
            return None
        return hint.action

    @property
    def kind(self) -> str:
        """The UI-dump kind of a marked piece: ``"tutorial-target"`` in a tutorial, else ``"hint"``."""
        return "hint" if self.host.coach is None else "tutorial-target"

    @property
    def tag(self) -> str:
        """The word on a marked piece's tag, in the language in use: "here" in a tutorial, else "hint"."""
        if self.host.coach is None:
            return hint_tag()
        # Translators: the small tag on the piece a tutorial asks for (~6 characters)
        return pgettext("hint tag", "here")


__all__ = ["HintHost", "Hinting"]
