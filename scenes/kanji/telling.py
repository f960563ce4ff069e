"""Kanji-zushi's game log (the play scene's ``telling``, :class:`scenes.play.gamelog.Telling`):
each seat's entries in its colour on the table; the sentences are the events' own."""
from __future__ import annotations

from scenes.kanji.layout import seat_rgb
from scenes.play.gamelog import Telling


class KanjiTelling(Telling):
    """Seats by their names, each entry with the seat's colour."""

    def seat_color(self, seat: int) -> tuple[int, int, int] | None:
        """``seat``'s colour in the game log (its panel's dot)."""
        return seat_rgb(seat)


__all__ = ["KanjiTelling"]
