"""Sushi Draft's game log (the play scene's ``telling``, :class:`scenes.play.gamelog.Telling`):
each seat's entries in its panel's colour; the sentences are the events' own."""
from __future__ import annotations

from scenes.play.gamelog import Telling
from scenes.play.seats import SEAT_RGB


class SushiTelling(Telling):
    """Seats by their names, each entry with the seat's panel colour."""

    def seat_color(self, seat: int) -> tuple[int, int, int] | None:
        """``seat``'s colour in the game log (its panel's dot)."""
        return SEAT_RGB[seat % len(SEAT_RGB)]


__all__ = ["SushiTelling"]
