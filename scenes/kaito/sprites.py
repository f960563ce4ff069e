"""KAITO's flying sprites: the kit's :class:`scenes.kit.flight.Flight` with an SVG path and a layer.

A tile flies under the pawn (``layer="under"``: a captured tile, a retrieved one), over it
(``"over"``: the fading blanks, the paid Mon) or is the pawn itself (``"pawn"``). Positions are
LOGICAL px (x, y, w, h); durations and delays in ms.
"""
from __future__ import annotations

from typing import Callable, Sequence

from scenes.kit.flight import Flight

#: the layers a KAITO flight is drawn in, bottom to top (the pawn between the two tile layers)
LAYERS = ("under", "pawn", "over")


class TileFlight(Flight):
    """An SVG (a tile or the pawn) moving from ``start`` to ``end`` over ``duration`` ms after
    ``delay`` ms, fading from ``a0`` to ``a1``, with a shadow offset of ``lift`` px at mid-flight.
    It stays drawn at its end until the choreography drops it.

    Raises:
        ValueError: ``layer`` is not one of :data:`LAYERS`."""

    def __init__(self, path: str, start: Sequence[float], end: Sequence[float], duration: float,
                 ease: Callable[[float], float] | str = "in_out_cubic", delay: float = 0.0,
                 a0: int = 255, a1: int = 255, lift: float = 6.0, layer: str = "over"):
        if layer not in LAYERS:
            raise ValueError(f"layer must be one of {LAYERS}, not {layer!r}")
        super().__init__("svg", path, start, end, duration, ease=ease, delay=delay, a0=a0, a1=a1, lift=lift)
        self.layer = layer

    @property
    def path(self) -> str:
        """The SVG drawn (an asset path, e.g. ``art/kaito/tile_BK.svg``)."""
        return str(self.first)


__all__ = ["LAYERS", "TileFlight"]
