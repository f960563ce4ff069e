"""Nim's rules page (blocks of :mod:`scenes.shell.rules`)."""
from __future__ import annotations

from game.i18n import N_

RULES: list[tuple] = [
    ("title", N_("Nim"), "勝負"),
    ("p", N_("A game for two players with three heaps of stones.")),
    ("h", N_("A turn")),
    ("steps", [N_("Choose one heap."), N_("Take one or more stones from it.")]),
    ("h", N_("Goal")),
    ("p", N_("Whoever takes the last stone wins.")),
]
