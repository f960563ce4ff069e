"""The player's ratings (issue 36 §1): one per game against the AI, and one table per friend.

Stored in ``<data dir>/ratings.json`` (atomic, locked, a bad file set aside: :class:`JsonStore`)::

    {"version": 1,
     "games": {"kaito": {"skill": [27.1, 4.2], "unrated": 2,
                         "history": [{"at": "2026-12-07T16:30:00+00:00", "shown": 1124, "level": "hard"}]}},
     "friends": {"kaito": {"Ana": {"you": [26.0, 7.9], "them": [24.0, 7.9], "played": 1, "won": 1,
                                   "lost": 0, "shared": 0, "last": "2026-12-07T16:30:00+00:00"}}},
     "counted": ["5f0c...", ...]}

* A finished **game against the AI** (:data:`game.achievements.AI`) moves the player's skill for
  that game (:func:`game.rating.rate_against_bots`, the AI seats' skills fixed from
  ``game/ai/ratings.json``); each rated game adds a point to the ``history`` (the Profile's graph,
  the newest :data:`HISTORY_KEEP`).
* A game **with friends** (hot-seat, online) is rated apart: a table per opponent name (the name as
  the setup stores it; a default name is its English label), the player's and the friend's skills
  in it (:func:`game.rating.rate_pair`) and the results between them.
* **Not rated**: a game with a hint shown, a decision taken back, or started from a replay's
  position; against an AI whose level has no fixed rating. Such games against the AI are counted
  in the game's ``unrated``.

A game counts once (its id; the newest :data:`COUNTED_KEEP` kept). What the last games did is kept
in memory for their score screens (:meth:`RatingStore.result`). Never imports pygame.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.achievements import AI
from game.i18n import N_
from game.rating import Skill, bot_skill, openskill_model, rate_against_bots, rate_pair
from scenes.profile.finished import played
from scenes.profile.words import rating_line
from scenes.shell.jsonstore import JsonStore
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.ratings")

RATINGS_FILE = "ratings.json"
VERSION = 1
COUNTED_KEEP = 1000
HISTORY_KEEP = 300
FRIENDS_KEEP = 200
MAX_BYTES = 4 * 1024 * 1024
RESULTS = ("won", "lost", "shared")


@dataclass(frozen=True)
class Rated:
    """What one finished game did to the ratings (the score screen's line).

    Attributes:
        kind: ``"ai"`` (the player's rating moved), ``"friends"`` (the friends' tables moved) or
            ``"unrated"``.
        before / after: the shown rating before and after (``"ai"``), else None.
        provisional: the rating after the game has not settled yet.
        reason: why not rated: ``"hint"``, ``"undo"``, ``"replay"``, ``"no-rating"`` (an AI level
            without a fixed rating), else "".
        friends: per friend, ``(stored name, your shown rating against them before, after)``.
    """

    kind: str
    before: int | None = None
    after: int | None = None
    provisional: bool = False
    reason: str = ""
    friends: tuple[tuple[str, int, int], ...] = ()


@dataclass
class Friend:
    """One friend's table in one game: the player's skill against them (``you``), theirs
    (``them``), the results between the two, and when they last played (ISO 8601)."""

    you: Skill
    them: Skill
    played: int = 0
    won: int = 0
    lost: int = 0
    shared: int = 0
    last: str = ""

    def to_json(self) -> dict:
        """The file's object."""
        return {"you": self.you.to_json(), "them": self.them.to_json(), "played": self.played, "won": self.won,
                "lost": self.lost, "shared": self.shared, "last": self.last}

    @classmethod
    def from_json(cls, d: Any) -> "Friend":
        """Raises: ValueError when malformed (counts not counts, or not adding up)."""
        if not isinstance(d, dict):
            raise ValueError("a friend is not an object")
        out = cls(Skill.from_json(d.get("you")), Skill.from_json(d.get("them")), last=str(d.get("last") or ""))
        for key in ("played", *RESULTS):
            v = d.get(key, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"{key} must be a count, not {v!r}")
            setattr(out, key, v)
        if out.won + out.lost + out.shared != out.played:
            raise ValueError("played is not won + lost + shared")
        return out


@dataclass
class GameRating:
    """The player's rating in one game: ``skill``, the ``history`` of rated games (``{"at",
    "shown", "level"}``, oldest first) and how many games were not rated."""

    skill: Skill
    history: list[dict]
    unrated: int = 0

    @classmethod
    def from_json(cls, d: Any) -> "GameRating":
        """Raises: ValueError when malformed."""
        if not isinstance(d, dict) or not isinstance(d.get("history", []), list):
            raise ValueError("a game's rating is not an object with a history list")
        history = []
        for h in d.get("history", []):
            if not isinstance(h, dict) or not isinstance(h.get("shown"), int) or isinstance(h.get("shown"), bool):
                raise ValueError("a history point needs a shown rating")
            history.append({"at": str(h.get("at") or ""), "shown": h["shown"], "level": str(h.get("level") or "")})
        unrated = d.get("unrated", 0)
        if not isinstance(unrated, int) or isinstance(unrated, bool) or unrated < 0:
            raise ValueError("unrated must be a count")
        return cls(Skill.from_json(d.get("skill")), history[-HISTORY_KEEP:], unrated)


class RatingStore(JsonStore):
    """The ratings file (default ``<data dir>/ratings.json``); ``app.ratings`` in interactive runs.

    ``record_finished(game_id, game, setup, state) -> Rated | None``, ``rating(game)``,
    ``friends(game)``, ``result(game_id)``, ``notice()``. Never raises on I/O or content errors."""

    WHAT = "ratings"
    # Translators: the ratings file was written by a newer version of Tatami
    NEWER_NOTICE = N_("The ratings come from a newer Tatami: they are kept unchanged, and games are not rated here")
    # Translators: {reason} says why, e.g. "the file is corrupt"
    SET_ASIDE_NOTICE = N_("The ratings could not be read ({reason}) \u2014 set aside; every rating starts again")
    VERSION = VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None):
        super().__init__(Path(path) if path is not None else data_dir() / RATINGS_FILE)
        self.games: dict[str, GameRating] | None = None
        self.friend_tables: dict[str, dict[str, Friend]] = {}
        self.counted: list[str] = []
        #: what the games of this run did, by game id (the score screens read it)
        self.results: dict[str, Rated] = {}
        #: openskill imported (or being imported) ahead of the first rating (:meth:`warm`)
        self.warmed = False

    def load(self) -> None:
        """(Re)read the file: missing means no ratings yet; an unusable file is set aside."""
        self.games, self.friend_tables, self.counted = {}, {}, []
        doc = self.read_doc()
        if doc is None:
            return
        try:
            games = {str(g): GameRating.from_json(r) for g, r in _object(doc.get("games", {})).items()}
            friends = {str(g): {str(n): Friend.from_json(f) for n, f in _object(table).items()}
                       for g, table in _object(doc.get("friends", {})).items()}
            counted = doc.get("counted", [])
            if not isinstance(counted, list):
                raise ValueError("counted must be a list")
        except ValueError as e:
            self._set_aside(N_("the file is corrupt"), f"{type(e).__name__}: {e}")
            return
        self.games, self.friend_tables = games, friends
        self.counted = [c for c in counted if isinstance(c, str)][-COUNTED_KEEP:]

    def _games(self) -> dict[str, GameRating]:
        if self.games is None:
            self.load()
        assert self.games is not None
        return self.games

    def save(self) -> bool:
        """Write atomically; False (logged once, a notice) when it cannot be written."""
        doc = {"version": VERSION,
               "games": {g: {"skill": r.skill.to_json(), "history": r.history, "unrated": r.unrated}
                         for g, r in self._games().items()},
               "friends": {g: {n: f.to_json() for n, f in t.items()} for g, t in self.friend_tables.items()},
               "counted": self.counted}
        return self.write_doc(doc, indent=1)

    def loaded(self) -> None:
        """Read the file on first use (:meth:`JsonStore.notice`)."""
        self._games()

    def warm(self) -> None:
        """Import openskill on a daemon thread now (a game has started), so rating its end does
        not hold that frame up (the import is about 30-80 ms). Once per run; never raises."""
        if not self.warmed:
            self.warmed = True
            threading.Thread(target=openskill_model, name="openskill-import", daemon=True).start()

    # -- reading ----------------------------------------------------------------------------
    def rating(self, game: str) -> GameRating | None:
        """The player's rating in ``game`` (None before a rated game)."""
        return self._games().get(game)

    def friends(self, game: str) -> dict[str, Friend]:
        """``game``'s friends' tables by stored name, the most recently played first."""
        self._games()
        table = self.friend_tables.get(game, {})
        return dict(sorted(reversed(list(table.items())), key=lambda kv: kv[1].last, reverse=True))

    def result(self, game_id: str | None) -> Rated | None:
        """What the game ``game_id`` did to the ratings in this run, or None."""
        return self.results.get(game_id or "")

    def score_line(self, game_id: str | None) -> str:
        """The score screen's line about the game ``game_id`` (:func:`scenes.profile.words.rating_line`),
        in the language in use; "" when it did nothing to the ratings."""
        return rating_line(self.result(game_id))

    # -- writing ----------------------------------------------------------------------------
    def record_finished(self, game_id: str, game: str, setup: dict, state: Any, events: Any = None) -> Rated | None:
        """Rate a finished game once (module doc). Returns what it did (also kept for
        :meth:`result`), or None when it does not count (nobody here played it, counted before)."""
        seen = played(game, setup, state, events)
        if seen is None or not game_id:
            return None
        f = seen.finished
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")

        def change() -> Rated | None:
            if game_id in self.counted:
                return None
            self.counted = (self.counted + [game_id])[-COUNTED_KEEP:]
            if f.where != AI:  # friends: rated apart (a game with help is not rated at all)
                if seen.unclean:
                    return Rated("unrated", reason=seen.unclean)
                return self._rate_friends(game, seen.friends, f.seat, f.ranks, now)
            entry = self._games().setdefault(game, GameRating(Skill(), []))
            if seen.unclean:
                entry.unrated += 1
                return Rated("unrated", reason=seen.unclean)
            bots = {s: bot_skill(game, k) for s, k in enumerate(f.seats) if s != f.seat}
            if any(b is None for b in bots.values()):
                entry.unrated += 1
                return Rated("unrated", reason="no-rating")
            before = entry.skill
            entry.skill = rate_against_bots(before, f.seat, {s: b for s, b in bots.items() if b is not None}, f.ranks)
            entry.history = (entry.history + [{"at": now, "shown": entry.skill.shown(),
                                               "level": f.against or ""}])[-HISTORY_KEEP:]
            return Rated("ai", before.shown(), entry.skill.shown(), entry.skill.provisional)

        result: Rated | None = self.update(change)
        if result is not None:
            self.results[game_id] = result
        return result

    def _rate_friends(self, game: str, friends: tuple[tuple[int, str], ...], me: int, ranks: tuple[int, ...],
                      now: str) -> Rated:
        table = self.friend_tables.setdefault(game, {})
        told = []
        for seat, name in friends:
            friend = table.setdefault(name, Friend(Skill(), Skill()))
            before = friend.you.shown()
            friend.you, friend.them = rate_pair(friend.you, friend.them, ranks[me], ranks[seat])
            friend.played += 1
            result = "won" if ranks[me] < ranks[seat] else "lost" if ranks[me] > ranks[seat] else "shared"
            setattr(friend, result, getattr(friend, result) + 1)
            friend.last = now
            told.append((name, before, friend.you.shown()))
        if len(table) > FRIENDS_KEEP:  # the least recently played go first
            for name in sorted(table, key=lambda n: table[n].last)[:len(table) - FRIENDS_KEEP]:
                del table[name]
        return Rated("friends", friends=tuple(told))


def _object(v: Any) -> dict:
    if not isinstance(v, dict):
        raise ValueError("expected an object")
    return v


__all__ = ["COUNTED_KEEP", "Friend", "GameRating", "HISTORY_KEEP", "RATINGS_FILE", "Rated", "RatingStore"]
