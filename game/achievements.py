"""Achievements (issue 36 §3): what a player can earn in each game, judged from a finished game.

Each game lists its own in its package (``Registration.achievements``: ``"achievements:ACHIEVEMENTS"``,
a tuple of :class:`Achievement`, and ``"achievements:tally"``'s sibling ``TALLY``, a function keeping
the game's lifetime counts). Everything here is shared and names no game.

A finished game is given to them as a :class:`Finished`: the final state (``outcome()``), the
events its person's seat saw, the seat of the person at this screen, the seats' kinds, each seat's rank
(:func:`game.rating.ranks`), whether the game was played clean (no hint, no undo, not from a
replay) and where (against the AI, hot-seat, online). A game's ``TALLY(finished, tally)`` adds the
game to the lifetime counts first (a JSON object the store keeps per game: games played, wins in a
row, kanji formed...), then each achievement's ``check(finished, tally)`` says whether it is earned.
Checks never raise on a strange game: a check that raises is logged by the store and not earned.

The titles and descriptions are ``N_`` catalog texts, translated when shown. Never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.ai.base import LEVELS
from game.i18n import N_
from game.registry import registration

#: Where a finished game was played: one person against AI seats, several people at one screen,
#: or at an online table.
AI, HOT_SEAT, ONLINE = "ai", "hot-seat", "online"


@dataclass(frozen=True)
class Finished:
    """A finished game as the achievements see it.

    Attributes:
        game: the game's registry name.
        seat: the seat of the person at this screen (hot-seat: the first person's seat).
        seats: every seat's kind (``"human"`` or an AI level; online, another person is
            ``"person"``).
        state: the final :class:`game.core.GameState` (``events``, ``history``, ``outcome()``).
        ranks: every seat's rank, 1 best (:func:`game.rating.ranks`).
        clean: no hint shown, no decision taken back, not started from a replay's position.
        where: :data:`AI`, :data:`HOT_SEAT` or :data:`ONLINE`.
        events: the game's events as the person's seat saw them (``events_for(seat)``: another
            seat's secrets redacted), in order.
    """

    game: str
    seat: int
    seats: tuple[str, ...]
    state: Any
    ranks: tuple[int, ...]
    clean: bool
    where: str
    events: tuple[Any, ...] = ()

    @property
    def won(self) -> bool:
        """True when the person is the one winner (rank 1, nobody else at rank 1)."""
        return self.ranks[self.seat] == 1 and self.ranks.count(1) == 1

    @property
    def against(self) -> str | None:
        """The strongest AI level among the other seats of a game against the AI, else None."""
        if self.where != AI:
            return None
        levels = [k for s, k in enumerate(self.seats) if s != self.seat and k in LEVELS]
        return max(levels, key=LEVELS.index) if levels else None

    def events_of(self, kind: str) -> list[Any]:
        """The events of ``kind`` (``"kaito.move"``) the person's seat saw, in order."""
        return [e for e in self.events if e.KIND == kind]


#: A check: (the finished game, the game's lifetime counts after this game) -> earned.
Check = Callable[[Finished, dict], bool]


@dataclass(frozen=True)
class Achievement:
    """One achievement: ``key`` (stable, never translated: the store's key and the UI dump's
    ``achievement:<game>:<key>``), ``title`` and ``text`` (``N_`` catalog texts) and ``check``."""

    key: str
    title: str
    text: str
    check: Check


def beat_level(level: str) -> Check:
    """A check: the person alone won a clean game whose strongest AI is ``level`` or stronger."""
    def check(f: Finished, tally: dict) -> bool:
        return f.won and f.clean and f.against is not None and LEVELS.index(f.against) >= LEVELS.index(level)
    return check


@dataclass(frozen=True)
class CountAtLeast:
    """A check on the lifetime counts: ``tally[key]`` (a number, or a list's length) is at least
    ``n``; :meth:`count` is how far the player is (the Profile shows "12/20")."""

    key: str
    n: int

    def count(self, tally: dict) -> int:
        """``tally[key]`` as a count (0 when missing or not a count)."""
        v = tally.get(self.key, 0)
        return len(v) if isinstance(v, list) else v if isinstance(v, int) and not isinstance(v, bool) else 0

    def __call__(self, f: Finished, tally: dict) -> bool:
        return self.count(tally) >= self.n


def count_at_least(key: str, n: int) -> CountAtLeast:
    """A check: the lifetime count ``tally[key]`` is at least ``n`` (:class:`CountAtLeast`)."""
    return CountAtLeast(key, n)


def progress(achievement: Achievement, tally: dict) -> tuple[int, int] | None:
    """``(count so far, goal)`` of an achievement earned by a lifetime count (the count capped at
    the goal), else None."""
    check = achievement.check
    if isinstance(check, CountAtLeast):
        return min(check.count(tally), check.n), check.n
    return None


def beats(medium_title: str, hard_title: str) -> tuple[Achievement, ...]:
    """The three achievements of beating the AI that every game has (``beat-easy``,
    ``beat-medium``, ``beat-hard``: a clean win against that level or a stronger one), the Medium
    and Hard ones with the game's own titles (``N_`` texts); the Easy one is the "Apprentice"."""
    return (
        # Translators: an achievement's title (short) and what earns it, in every game
        Achievement("beat-easy", N_("Apprentice"), N_("Beat the Easy AI without hints or undo."), beat_level("easy")),
        Achievement("beat-medium", medium_title, N_("Beat the Medium AI without hints or undo."), beat_level("medium")),
        Achievement("beat-hard", hard_title, N_("Beat the Hard AI without hints or undo."), beat_level("hard")),
    )


#: Three clean wins in a row against the AI (every game's; the lifetime count ``streak``).
# Translators: an achievement's title (short) and what earns it, in every game
STREAK = Achievement("streak-3", N_("Three in a row"), N_("Win three games in a row against the AI, without hints or "
                                                          "undo."), count_at_least("streak", 3))


def common_tally(f: Finished, tally: dict) -> None:
    """The counts every game keeps: ``played`` (games), ``won`` (games won alone) and ``streak``
    (games won in a row against the AI, clean; any other result against the AI ends it)."""
    tally["played"] = _int(tally.get("played")) + 1
    tally["won"] = _int(tally.get("won")) + int(f.won)
    if f.where == AI:
        tally["streak"] = _int(tally.get("streak")) + 1 if f.won and f.clean else 0


def add_distinct(tally: dict, key: str, items: Sequence[str], cap: int = 500) -> None:
    """Add ``items`` to the list ``tally[key]`` (kept sorted, without repeats, at most ``cap``)."""
    have = [x for x in tally.get(key, []) if isinstance(x, str)] if isinstance(tally.get(key), list) else []
    tally[key] = sorted(set(have) | set(items))[:cap]


def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def achievements_of(game: str) -> tuple[tuple[Achievement, ...], Callable[[Finished, dict], None] | None]:
    """``game``'s achievements and its tally function, from its registration (both empty / None
    for a game that has none)."""
    reg = registration(game)
    if not reg.achievements:
        return (), None
    module = reg.load(reg.achievements)
    return tuple(module.ACHIEVEMENTS), getattr(module, "tally", None)


def judge(f: Finished, tally: dict, have: set[str]) -> tuple[list[str], list[tuple[str, Exception]]]:
    """Add ``f`` to ``tally`` (the game's counts, changed in place) and say which achievements
    not in ``have`` it earns: ``(keys earned, [(key, error) of checks that raised])``."""
    achievements, count = achievements_of(f.game)
    earned: list[str] = []
    failed: list[tuple[str, Exception]] = []
    if count is not None:
        try:
            count(f, tally)
        except Exception as e:  # the counts of a strange game: its achievements are still judged
            failed.append(("tally", e))
    for a in achievements:
        if a.key in have:
            continue
        try:
            if a.check(f, tally):
                earned.append(a.key)
        except Exception as e:  # a check must never lose the game's other achievements
            failed.append((a.key, e))
    return earned, failed


__all__ = ["AI", "Achievement", "Check", "CountAtLeast", "Finished", "HOT_SEAT", "ONLINE", "achievements_of",
           "STREAK", "add_distinct", "beat_level", "beats", "common_tally", "count_at_least", "judge", "progress"]
