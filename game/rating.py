"""Ratings (issue 36 §1): a Bayesian skill per game, openskill's Plackett-Luce model.

A skill is a mean ``mu`` and an uncertainty ``sigma`` (openskill's scale: a new player is 25 and
25/3). Plackett-Luce ranks any number of seats in one update (2-6 seats), so a Sushi Draft table of
five is one ranking, not ten duels.

* **Shown as one number**, the conservative estimate ``mu - 3 sigma`` (the skill the player has
  with about 99.7 % certainty), on a scale of :data:`BASE` + :data:`SCALE` per unit:
  :meth:`Skill.shown` (a new player shows 1,000). It is **provisional** while ``sigma`` is above
  :data:`SETTLED_SIGMA` (about ten games).
* **Against the AI** (:func:`rate_against_bots`), the AI seats' skills are fixed: measured once by
  ``tools/rate_bots.py`` from bot-vs-bot games, kept in ``game/ai/ratings.json`` with the command
  that made them (:func:`bot_skill`). Only the person's skill moves.
* **Against friends** (hot-seat, online: :func:`rate_pair`), a skill per opponent name is kept
  apart (the stores of ``scenes/profile``), both sides moving.

The ranks of a finished game (:func:`ranks`): 1 + the seats that did strictly better — a winner
beats a non-winner, then the higher score (RULES.md: every game's score is "higher is better"), so
equal results share a rank.

openskill is imported on the first rating (about 30 ms), never at start. Never imports pygame.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

#: openskill's defaults (PlackettLuce()): a new player's mean and uncertainty.
MU, SIGMA = 25.0, 25.0 / 3.0
#: The shown number: BASE + SCALE * (mu - 3 sigma), rounded (a new player: 1,000).
BASE, SCALE = 1000, 40
#: A rating is provisional while its sigma is above this (openskill units; about ten games).
SETTLED_SIGMA = 3.0
#: The AI levels' fixed skills (tools/rate_bots.py writes it).
RATINGS_FILE = Path(__file__).resolve().parent / "ai" / "ratings.json"
#: Bounds a skill read from a file must keep (openskill units).
MU_RANGE, SIGMA_RANGE = (-200.0, 250.0), (0.001, 50.0)


@dataclass(frozen=True)
class Skill:
    """A player's (or an AI level's) skill: ``mu`` (mean) and ``sigma`` (uncertainty), openskill
    units."""

    mu: float = MU
    sigma: float = SIGMA

    def shown(self) -> int:
        """The one number a player sees: ``BASE + SCALE * (mu - 3 sigma)``, rounded."""
        return round(BASE + SCALE * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        """True while the rating has not settled (``sigma`` > :data:`SETTLED_SIGMA`)."""
        return self.sigma > SETTLED_SIGMA

    def to_json(self) -> list[float]:
        """``[mu, sigma]``, rounded to 6 decimals."""
        return [round(self.mu, 6), round(self.sigma, 6)]

    @classmethod
    def from_json(cls, data: Any) -> "Skill":
        """A skill from ``[mu, sigma]`` (or ``{"mu", "sigma"}``).

        Raises:
            ValueError: not two finite numbers within :data:`MU_RANGE` / :data:`SIGMA_RANGE`."""
        if isinstance(data, dict):
            data = [data.get("mu"), data.get("sigma")]
        if not isinstance(data, (list, tuple)) or len(data) != 2:
            raise ValueError(f"a skill is [mu, sigma], not {str(data)[:60]}")
        mu, sigma = data
        for v in (mu, sigma):
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v):
                raise ValueError(f"a skill's numbers must be finite, not {v!r}")
        if not (MU_RANGE[0] <= mu <= MU_RANGE[1] and SIGMA_RANGE[0] <= sigma <= SIGMA_RANGE[1]):
            raise ValueError(f"a skill out of range: {mu!r}, {sigma!r}")
        return cls(float(mu), float(sigma))


def ranks(winners: Sequence[int], scores: Sequence[float]) -> list[int]:
    """Rank per seat, 1 best: 1 + the number of seats strictly better (a winner beats a non-winner,
    then the higher score); seats with equal results share a rank. ``scores``: one per seat."""
    n = len(scores)
    key = [(1 if s in winners else 0, scores[s]) for s in range(n)]
    return [1 + sum(1 for t in range(n) if key[t] > key[s]) for s in range(n)]


@lru_cache(maxsize=1)
def openskill_model() -> Any:
    """openskill's Plackett-Luce model with its default parameters (imported on first use)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _rate(skills: Sequence[Skill], seat_ranks: Sequence[int]) -> list[Skill]:
    model = openskill_model()
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = model.rate(teams, ranks=list(seat_ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def rate_against_bots(player: Skill, seat: int, bots: dict[int, Skill], seat_ranks: Sequence[int]) -> Skill:
    """The person's skill after one game against AI seats whose skills are fixed.

    Args:
        player: the person's skill before the game; ``seat`` their seat.
        bots: every other seat's fixed skill (:func:`bot_skill`), by seat.
        seat_ranks: every seat's rank (:func:`ranks`), one per seat.
    Raises:
        ValueError: the seats of ``bots`` and ``seat`` are not exactly ``range(len(seat_ranks))``."""
    if sorted([seat, *bots]) != list(range(len(seat_ranks))):
        raise ValueError("every seat must be the person's or an AI's")
    skills = [player if s == seat else bots[s] for s in range(len(seat_ranks))]
    return _rate(skills, seat_ranks)[seat]


def rate_pair(a: Skill, b: Skill, rank_a: int, rank_b: int) -> tuple[Skill, Skill]:
    """Two friends' skills after a game between them (their ranks at the table, 1 best; a game of
    more seats is rated pair by pair: each friend against the profile's player)."""
    new_a, new_b = _rate([a, b], [rank_a, rank_b])
    return new_a, new_b


@lru_cache(maxsize=1)
def bot_ratings() -> dict[str, dict[str, Skill]]:
    """The AI levels' fixed skills per game, from :data:`RATINGS_FILE` (``{"games": {game:
    {"levels": {level: [mu, sigma]}}}}``); empty when the file is missing or unreadable (no game
    against the AI is rated then; logged by the caller's "not rated" reason)."""
    try:
        doc = json.loads(RATINGS_FILE.read_text(encoding="utf-8"))
        return {str(g): {str(lv): Skill.from_json(s) for lv, s in entry["levels"].items()}
                for g, entry in doc["games"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def bot_skill(game: str, level: str) -> Skill | None:
    """The fixed skill of ``game``'s AI ``level`` (:func:`bot_ratings`), None when not measured."""
    return bot_ratings().get(game, {}).get(level)


__all__ = ["BASE", "MU", "RATINGS_FILE", "SCALE", "SETTLED_SIGMA", "SIGMA", "Skill", "bot_ratings", "bot_skill", "openskill_model",
           "rate_against_bots", "rate_pair", "ranks"]
