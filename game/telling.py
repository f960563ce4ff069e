"""What happened, in words: the shared door to each game's telling module (issue 23 §4).

An event is data (:class:`game.core.Event`); its sentence is made by its game's ``telling``
module (``game/<name>/telling.py``, named by the game's registration: ``TELLERS``, event class ->
sentence-maker) in the language in use. The
game is found by the event's kind (``"kaito.move"`` -> the registration whose ``kinds`` is
``"kaito"``); nothing is registered on import.
"""
from __future__ import annotations

from functools import cache
from typing import Any, Sequence

from game.core import Event
from game.registry import REGISTRATIONS


@cache
def _telling(kinds: str) -> Any:
    for reg in REGISTRATIONS.values():
        if reg.kinds == kinds:
            return reg.telling_module()
    raise KeyError(f"no game tells events of kind {kinds}.*; known: {', '.join(r.kinds for r in REGISTRATIONS.values())}")


def describe(event: Event, names: Sequence[str]) -> str:
    """One whole sentence telling ``event`` (possibly redacted for a seat) in the language in use,
    with ``names[s]`` for seat ``s``: its game's ``telling.TELLERS[type(event)]``.

    Raises:
        KeyError: no registered game has events of this kind, or its telling has no sentence for
            this event class."""
    tellers = _telling(event.KIND.partition(".")[0]).TELLERS
    try:
        tell = tellers[type(event)]
    except KeyError:
        raise KeyError(f"no sentence for {type(event).__name__} ({event.KIND})") from None
    return str(tell(event, names))


def reason_text(game_name: str, reason: Any, names: Sequence[str]) -> str:
    """Why a decision, in one sentence in the language in use (issue 21 §4): ``reason`` (the data
    of the game's ``coach.reason`` or an analysis row's ``reason`` / ``reason_best``) told by the
    game's telling module's ``reason_text(reason, names)``; "" when the game tells none, or for
    data it cannot tell (``reason`` None, an older row)."""
    reg = REGISTRATIONS.get(game_name)
    tell = getattr(reg.telling_module(), "reason_text", None) if reg is not None else None
    if tell is None or not isinstance(reason, dict):
        return ""
    return str(tell(reason, names))


__all__ = ["describe", "reason_text"]
