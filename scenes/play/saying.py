"""Why, said in the banner (issue 21 §4) by the rooms that say it there (Sushi Draft, Kanji-zushi;
KAITO says it under its board): a hint's line — its sentence and its reason
(:func:`game.telling.reason_text` of :attr:`game.hints.Hint.reason`) — and, in the replay viewer,
the coach's reason after the coach's line. Both are fitted to the banner
(:func:`scenes.kit.marks.said_fits`: one line, or two at a smaller size), never cut: what does not
fit is left out (the reason alone, then the sentence alone)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.i18n import _
from game.telling import reason_text
from scenes.kit.marks import said_fits

#: The banner's line in a play scene: (text, RGB), as :attr:`scenes.play.base.PlayScene.banner_override`.
Said = tuple[str, tuple[int, int, int]]

#: How long a hint's line stays said at most (real ms; it goes at once when the hint is stale):
#: 2.5 s plus 50 ms a character (about 20 characters a second, a slow reader's pace), up to 12 s.
HINT_SAY_BASE_MS, HINT_SAY_PER_CHAR_MS, HINT_SAY_MAX_MS = 2500.0, 50.0, 12000.0


def two_sentences(first: str, second: str) -> str:
    """Two sentences said one after the other, in the language in use ("Hint: eat the tuna. Eating
    tuna…"; Japanese without a space); either alone when the other is ""."""
    if not first or not second:
        return first or second
    # Translators: two sentences said one after the other in a banner (Japanese: no space between)
    return _("{first} {second}").format(first=first, second=second)


def hint_say_ms(text: str) -> float:
    """How long a hint's ``text`` stays said (real ms; :data:`HINT_SAY_BASE_MS`...)."""
    return min(HINT_SAY_MAX_MS, HINT_SAY_BASE_MS + HINT_SAY_PER_CHAR_MS * len(text))


def hint_line(app: Any, banner: pygame.Rect, game_name: str, hint: Any, sentence: str,
              names: Sequence[str]) -> str:
    """A hint said in one banner (logical ``banner``): ``sentence`` (the hint's own, or "" when the
    marks say it) and its reason in words (``hint.reason``, the seat's name "You"... as ``names``
    gives them), as much of it as fits whole: both, else the reason, else the sentence."""
    why = reason_text(game_name, getattr(hint, "reason", None), names)
    for text in (two_sentences(sentence, why), why, sentence):
        if text and said_fits(app, banner, text):
            return text
    return sentence


def with_reason(app: Any, banner: pygame.Rect, said: Said | None, reason: Any) -> Said | None:
    """The replay coach's line ``said`` followed by its reason's sentence (``reason``: a
    :class:`scenes.play.review.CoachReason`, or None) when both fit the logical ``banner`` whole;
    else ``said`` as it is."""
    text = getattr(reason, "text", "")
    if said is None or not text:
        return said
    both = two_sentences(said[0], text)
    return (both, said[1]) if said_fits(app, banner, both) else said


class SaysCoachReason:
    """A play scene mixin (before :class:`~scenes.play.base.PlayScene` in the bases) for a room
    that says the replay coach's reason in its banner: the banner's line read while the coach
    rates the step shown is the coach's line and its reason (:func:`with_reason`, by
    ``reviewing.coach_reason``); what the coach writes is kept as written."""

    _said_line: Said | None = None

    @property
    def banner_override(self) -> Said | None:
        """The line said in the banner (the replay coach's, a hint's, the undo's), the coach's
        reason after the coach's line."""
        said = self._said_line
        reviewing = getattr(self, "reviewing", None)
        reason = getattr(reviewing, "coach_reason", None) if reviewing is not None else None
        if said is None or reason is None:
            return said
        return with_reason(getattr(self, "app"), pygame.Rect(getattr(self, "banner")), said, reason)

    @banner_override.setter
    def banner_override(self, value: Said | None) -> None:
        self._said_line = value


__all__ = ["HINT_SAY_BASE_MS", "HINT_SAY_MAX_MS", "HINT_SAY_PER_CHAR_MS", "Said", "SaysCoachReason", "hint_line",
           "hint_say_ms", "two_sentences", "with_reason"]
