"""Hints (issue 10 §5) and a tutorial's asked-for action, a part the play scene holds
(``scene.hinting``): the hard AI's choice for the human to act, from that seat's view only
(:meth:`game.hints.Hints.request`), which the scene marks; in a tutorial the step's action. A room
that says the hint in its banner (:meth:`Hinting.say`: the hint's sentence and why, issue 21 §4)
has it taken back as soon as the hint is stale (the position changed, or the seat has chosen)."""
from __future__ import annotations

from typing import Any, Protocol

from game.hints import Hint
from game.i18n import pgettext
from game.match import Match
from scenes.kit.marks import hint_tag
from scenes.play.saying import hint_line, hint_say_ms


class HintHost(Protocol):
    """What hints read of their play scene: the Match, the modes, the tutorial's director (or
    None), the human to act, and what the scene does when a hint arrives."""

    match: Match
    hints_enabled: bool
    review: bool
    coach: Any
    assisted: bool
    app: Any
    names: Any
    banner_override: Any
    said_ms: float

    def human_to_act(self) -> int | None: ...

    def banner_rect(self) -> Any: ...

    def say(self, text: str, ms: float = ...) -> None: ...

    def hint_shown(self, hint: Hint) -> None: ...

    def sync_play_widgets(self) -> None: ...


class Hinting:
    """The part: the hint asked for and the one shown (:attr:`hint`, while it is about the
    position on screen)."""

    def __init__(self, host: HintHost) -> None:
        self.host = host
        #: the hard AI's suggestion for the human to act, while it is still about this position
        self.hint: Hint | None = None
        #: the line :meth:`say` said in the banner, while it is there
        self._said: str | None = None

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
        """Take the answer when it is in (each frame; never blocks); a hint said in the banner
        goes once it is stale."""
        got = self.host.match.hints.poll()
        if got is not None:
            self._arrived(got)
        if self._said is not None and self.current() is None:
            self.unsay()

    def say(self, sentence: str) -> str:
        """Say the hint just arrived in the banner (:meth:`~scenes.play.base.PlayScene.say`):
        ``sentence`` (the room's, or "" when its marks show the action) and why (the hint's
        reason told by the game, issue 21 §4), as much as fits whole
        (:func:`scenes.play.saying.hint_line`), until the hint is stale or read
        (:func:`~scenes.play.saying.hint_say_ms`). Returns the line said ("" for none)."""
        h = self.host
        hint = self.hint
        if hint is None:
            return ""
        text = hint_line(h.app, h.banner_rect(), h.match.game.name, hint, sentence, list(h.names))
        if text:
            h.say(text, hint_say_ms(text))
            self._said = text
        return text

    def unsay(self) -> None:
        """Take back the line :meth:`say` said, if it is still in the banner."""
        h = self.host
        said = h.banner_override
        if said is not None and said[0] == self._said:
            h.banner_override, h.said_ms = None, 0.0
        self._said = None

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
