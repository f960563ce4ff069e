"""One-line notices for the player about the per-user files: what the stores (settings, saves,
statistics, recent games) could not read or write, said on screen and not only in the log.

The stores never import pygame: they :func:`report` a notice (a catalog text marked ``N_`` and its
named placeholders); the app (:class:`scenes.shell.app.App`) takes them with :func:`take` each frame
and shows each as a one-line bar over the scene for a few seconds, told in the language in use at
that moment. The same notice reported again while it is pending or shown is not repeated.

Texts (``N_``, each a whole sentence with named placeholders):

* :data:`CANNOT_WRITE` — ``{what}`` (a catalog noun phrase) cannot be written to ``{folder}``;
* :data:`SET_ASIDE` / :data:`LEFT_IN_PLACE` — an unusable file was set aside (moved to
  ``<name>.bad``) or could not be moved and was left as it is;
* :data:`NEWER` — a file from a newer Tatami is kept untouched and not written;
* :data:`OTHER_WINDOW` — a game in progress is also open in another Tatami window.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from game.i18n import N_, _

# Translators: {what} is one of "the settings", "the saved game", "the statistics", "the recent
# games"; {folder} a folder on disk
CANNOT_WRITE = N_("Tatami cannot write {what} to {folder}: changes are kept only until you quit")
# Translators: {what} is one of "the settings", "the statistics", ...; {reason} says why, e.g.
# "the file is corrupt"; {file} where the bad file was moved
SET_ASIDE = N_("{what} could not be read ({reason}); the file was set aside as {file}")
# Translators: as above, but the bad file could not be moved: it stays where it is
LEFT_IN_PLACE = N_("{what} could not be read ({reason}); the file could not be moved and was left as it is")
# Translators: {file} a file written by a newer version of Tatami; {what} as above
NEWER = N_("{file} was written by a newer Tatami: it is kept unchanged, and {what} will not be saved here")
# Translators: a game in progress is being played in a second Tatami window at the same time
OTHER_WINDOW = N_("This game is also open in another Tatami window: this window no longer saves it")

#: What each store is called in the notices (catalog texts).
WHAT = {
    "settings": N_("the settings"),
    "autosave": N_("the saved game"),
    "statistics": N_("the statistics"),
    "recent games": N_("the recent games"),
    "ratings": N_("the ratings"),
    "achievements": N_("the achievements"),
}


@dataclass(frozen=True)
class Notice:
    """A notice: ``message`` (an ``N_`` catalog text) and its ``fields`` (placeholder -> value;
    a value that is itself a catalog text is translated too when told)."""

    message: str
    fields: tuple[tuple[str, str], ...] = field(default=())

    def text(self) -> str:
        """The one line in the language in use."""
        values = {k: _(v) if k in ("what", "reason") else v for k, v in self.fields}
        line = _(self.message).format(**values)
        return line[:1].upper() + line[1:]


_lock = threading.Lock()
_pending: list[Notice] = []
_told: set[Notice] = set()


def report(message: str, **fields: str) -> Notice:
    """Queue a notice (once: the same notice is not queued again in this run). Thread-safe;
    never raises."""
    notice = Notice(message, tuple(sorted((k, str(v)) for k, v in fields.items())))
    with _lock:
        if notice not in _told:
            _told.add(notice)
            _pending.append(notice)
    return notice


def what(store: str) -> str:
    """The catalog noun phrase of a store's ``WHAT`` ("statistics" -> "the statistics")."""
    return WHAT.get(store, store)


def take() -> list[Notice]:
    """The notices reported since the last call, oldest first."""
    with _lock:
        out = list(_pending)
        _pending.clear()
    return out


def reset() -> None:
    """Forget every notice (tests)."""
    with _lock:
        _pending.clear()
        _told.clear()


__all__ = ["CANNOT_WRITE", "LEFT_IN_PLACE", "NEWER", "Notice", "OTHER_WINDOW", "SET_ASIDE", "WHAT", "report",
           "reset", "take", "what"]
