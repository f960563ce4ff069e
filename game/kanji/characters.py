"""Kanji-zushi's side of the AI characters (issue 36, item 2; :mod:`game.characters`): what a
temperament plays like, and the moments a character speaks at (RULES.md section 3)."""
from __future__ import annotations

from typing import Any, Sequence

from game.i18n import N_

#: Temperament -> the bots' options (:data:`game.kanji.ai.STYLES`): the bold one is greedy for
#: strokes, the careful one races to five kanji.
STYLES: dict[str, dict[str, Any]] = {"balanced": {}, "bold": {"style": "strokes"}, "careful": {"style": "race"}}

STYLE_TEXT: dict[str, str] = {
    # Translators: how an AI character plays Kanji-zushi (short, under its name on the setup screen)
    "balanced": N_("Plays an even game"),
    "bold": N_("Greedy for strokes"),
    "careful": N_("Races to five kanji"),
}

#: A kanji this big (strokes) is worth a word from the seat that formed it, and this big from
#: another seat it hurts (RULES.md §3: score = strokes).
BIG_OWN, BIG_OTHER = 12, 14


def moments(events: Sequence[Any], seat: int) -> list[str]:
    """``"big_move"`` when ``seat`` formed a kanji of :data:`BIG_OWN` strokes or more, ``"hurt"``
    when another seat formed one of :data:`BIG_OTHER` or more."""
    out = []
    for e in events:
        if getattr(e, "kind", "") != "kanji.formed":
            continue
        if e.seat == seat and e.strokes >= BIG_OWN:
            out.append("big_move")
        elif e.seat != seat and e.strokes >= BIG_OTHER:
            out.append("hurt")
    return out


def measures(events: Sequence[Any], seat: int) -> dict[str, float]:
    """What a finished game says of ``seat``'s style (``python -m game play``'s ``measures``,
    ``tests/test_characters.py``): ``kanji`` (how many it formed), ``strokes_per_kanji`` (their
    mean strokes), ``passes`` (its turns passed), ``turns_to_five`` (its turns before its fifth
    kanji, 0 when it formed fewer)."""
    formed: list[int] = []
    turns = passes = 0
    to_five = 0
    for e in events:
        kind = getattr(e, "kind", "")
        if getattr(e, "seat", None) != seat or kind not in ("kanji.formed", "kanji.wrong", "kanji.pass"):
            continue
        turns += 1
        if kind == "kanji.formed":
            formed.append(e.strokes)
            if len(formed) == 5:
                to_five = turns
        elif kind == "kanji.pass":
            passes += 1
    return {"kanji": float(len(formed)), "strokes_per_kanji": sum(formed) / len(formed) if formed else 0.0,
            "passes": float(passes), "turns_to_five": float(to_five)}
