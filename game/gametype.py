"""What kind of game a game is (:class:`GameType`; split from :mod:`game.core`, which re-exports it):
the registrations (:mod:`game.registration`) the menu reads at start need only this, not the
rules' machinery (issue 34: the start). Needs nothing.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameType:
    """What kind of game this is (in the style of OpenSpiel's ``GameType``).

    Attributes:
        name: record and command-line name, e.g. ``"kaito"``.
        title: display name, e.g. ``"KAITO"`` (the English text, marked for the catalogs: shown as
            ``_(title)``).
        min_seats, max_seats: supported seat counts (inclusive).
        simultaneous: some phase has several seats choosing at once (choices hidden until all
            have chosen).
        hidden_information: some seat may not see everything (hands, chip values): the app
            needs a privacy screen between human seats sharing the screen.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    simultaneous: bool
    hidden_information: bool


__all__ = ["GameType"]
