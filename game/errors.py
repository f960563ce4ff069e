"""The errors of the game core (headless), and how an error line quotes a value.

Every rejection a game makes is one of these, with a one-line message: an action refused
(:class:`ActionError`: :class:`InvalidActionError` for text that is no action of the game,
:class:`IllegalActionError` for an action not allowed now), a malformed record or wire value
(:class:`RecordError`), a damaged installation (:class:`InstallError`). A value quoted in such
a line goes through :func:`brief_repr`. :mod:`game.core` offers every name here again.
"""

from __future__ import annotations

import reprlib
from typing import Any

from .i18n import _


class ActionError(ValueError):
    """An action was rejected. The message says why (one line)."""


class InvalidActionError(ActionError):
    """The text is not a well-formed action of this game (e.g. ``"z9"`` in KAITO)."""


class IllegalActionError(ActionError):
    """The action is well-formed but not legal now (wrong seat, wrong phase, not a legal move)."""


class RecordError(ValueError):
    """A game record is malformed (bad JSON shape, wrong format tag, impossible setup)."""


class InstallError(RuntimeError):
    """A file of Tatami's own installation (not a player's file) is missing or unusable, e.g.
    ``game/kanji/kanji_zushi.json``: the install is damaged. The message is one line naming the
    file; the command lines print it and exit with status 1 (``python -m game``, ``tatami``).

    Args:
        path: the file (any object whose ``str`` names it).
        detail: the system's reason, in English (whitespace runs become one space; "-" if empty).
    """

    def __init__(self, path: object, detail: str = ""):
        # Translators: an error line when a file of the program itself is missing or broken;
        # {path} is the file, {detail} the system's reason (in English)
        message = _("Tatami's installation is damaged: {path} is missing or unreadable ({detail}); "
                    "please reinstall Tatami").format(path=path, detail=" ".join(str(detail).split()) or "-")
        super().__init__(message)
        self.path = path
        self.detail = detail

    def __reduce__(self) -> tuple[Any, ...]:  # the same message after a trip to a worker process
        return (type(self), (self.path, self.detail))


#: Longest quoted value in an error line, in characters (see :func:`brief_repr`).
BRIEF = 60

_brief = reprlib.Repr()
_brief.maxlevel = 3
_brief.maxstring = _brief.maxother = _brief.maxlong = BRIEF + 10
_brief.maxlist = _brief.maxtuple = _brief.maxdict = _brief.maxset = 6


def brief_repr(value: object, limit: int = BRIEF) -> str:
    """``repr(value)`` for an error line: one line, at most ``limit`` characters, cut with "…"
    (an action or a record value can be megabytes long or deeply nested: never repr'd whole).
    Never raises for a value whose ``repr`` does not."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
        if len(value) > limit:
            text = text[:-1]  # the closing quote of a cut text goes: the "…" says there is more
    else:
        text = _brief.repr(value)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return text
