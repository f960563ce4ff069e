"""Who sits at a seat: a human or an AI level, and how seats are named on screen."""

from __future__ import annotations

from typing import Sequence

#: What a seat can be: a person at this screen, or an AI level (game/ai LEVELS).
SEAT_KINDS: tuple[str, ...] = ("human", "random", "easy", "medium", "hard")

#: Display label per seat kind.
LEVEL_LABEL: dict[str, str] = {
    "human": "Human", "random": "Random AI", "easy": "Easy AI", "medium": "Medium AI", "hard": "Hard AI",
}


def default_names(seats: Sequence[str]) -> list[str]:
    """Display names for seats: "You" for a lone human, "Player N" for hot-seat humans, the AI's
    label ("Hard AI") for bots, numbered ("Hard AI 2") when two seats share the same level.

    ``seats`` lists one of :data:`SEAT_KINDS` per seat; returns one name per seat."""
    humans = [i for i, s in enumerate(seats) if s == "human"]
    names = []
    for i, s in enumerate(seats):
        if s == "human":
            names.append("You" if len(humans) == 1 else f"Player {humans.index(i) + 1}")
        else:
            label = LEVEL_LABEL.get(s, "AI")
            names.append(f"{label} {i + 1}" if list(seats).count(s) > 1 else label)
    return names
