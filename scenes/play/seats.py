"""Who sits at a seat: a human or an AI level, and how seats are named on screen."""

from __future__ import annotations

from typing import Sequence

#: What a seat can be: a person at this screen, or an AI level (game/ai LEVELS).
SEAT_KINDS: tuple[str, ...] = ("human", "random", "easy", "medium", "hard")

#: Display label per seat kind.
LEVEL_LABEL: dict[str, str] = {
    "human": "Human", "random": "Random AI", "easy": "Easy AI", "medium": "Medium AI", "hard": "Hard AI",
}

#: Accent colour (RGB) of each seat in multi-seat games (Sushi Draft, Kanji-zushi), seat 0 first:
#: vermilion, indigo, pine, gold, plum, teal. The setup screen and the play scenes use the same order.
SEAT_RGB: tuple[tuple[int, int, int], ...] = (
    (200, 68, 47), (46, 94, 170), (64, 140, 86), (196, 146, 38), (128, 78, 160), (38, 138, 140),
)


def default_names(seats: Sequence[str]) -> list[str]:
    """Display names for seats: "You" for a lone human, "Player N" for hot-seat humans, the AI's
    label ("Hard AI") for bots, numbered among their level ("Medium AI 1", "Medium AI 2") when seats share a level.

    ``seats`` lists one of :data:`SEAT_KINDS` per seat; returns one name per seat."""
    humans = [i for i, s in enumerate(seats) if s == "human"]
    names = []
    for i, s in enumerate(seats):
        if s == "human":
            names.append("You" if len(humans) == 1 else f"Player {humans.index(i) + 1}")
        else:
            label = LEVEL_LABEL.get(s, "AI")
            same = [j for j, k in enumerate(seats) if k == s]
            names.append(f"{label} {same.index(i) + 1}" if len(same) > 1 else label)
    return names
