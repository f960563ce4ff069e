"""KAITO's side of the AI characters (issue 36, item 2; :mod:`game.characters`): what a
temperament plays like, and the moments a character speaks at (RULES.md section 1)."""
from __future__ import annotations

from typing import Any, Sequence

from game.i18n import N_

#: Temperament -> the bots' options (:data:`game.kaito.ai.STYLE_WEIGHTS`): the bold one hunts the
#: opponent's katana and kabuto, the careful one guards its own.
STYLES: dict[str, dict[str, Any]] = {"balanced": {}, "bold": {"style": "hunter"}, "careful": {"style": "guard"}}

STYLE_TEXT: dict[str, str] = {
    # Translators: how an AI character plays KAITO (short, under its name on the setup screen)
    "balanced": N_("Plays an even game"),
    "bold": N_("Hunts your katana and kabuto"),
    "careful": N_("Guards its katana and kabuto"),
}


def moments(events: Sequence[Any], seat: int) -> list[str]:
    """``"big_move"`` when ``seat`` captured one of the opponent's kabuto or bought a tile back,
    ``"hurt"`` when the opponent captured one of ``seat``'s kabuto (RULES.md §1, a turn)."""
    out = []
    for e in events:
        kind = getattr(e, "kind", "")
        if kind == "kaito.capture" and e.tile.endswith("H") and e.owner != e.seat:
            out.append("big_move" if e.seat == seat else "hurt" if e.owner == seat else "")
        elif kind == "kaito.exchange" and e.seat == seat:
            out.append("big_move")
    return [m for m in out if m]


def measures(events: Sequence[Any], seat: int) -> dict[str, float]:
    """What a finished game says of ``seat``'s style (``python -m game play``'s ``measures``,
    ``tests/test_characters.py``): ``hunted`` (the opponent's katana and kabuto it captured),
    ``first_hunt`` (its moves up to the first of them, 0 for none), ``lost`` (its own the
    opponent captured), ``bought_back`` (its Mon exchanges)."""
    out = {"hunted": 0.0, "first_hunt": 0.0, "lost": 0.0, "bought_back": 0.0}
    moves = 0
    for e in events:
        kind = getattr(e, "kind", "")
        if kind == "kaito.capture" and e.seat == seat:
            moves += 1
        if kind == "kaito.capture" and e.tile[1] in "KH" and e.owner != e.seat:
            if e.seat == seat:
                out["hunted"] += 1
                out["first_hunt"] = out["first_hunt"] or float(moves)
            else:
                out["lost"] += 1
        elif kind == "kaito.exchange" and e.seat == seat:
            out["bought_back"] += 1
    return out
