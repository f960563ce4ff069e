"""The achievements earned (issue 36 §3), per game, with the date each was earned.

Stored in ``<data dir>/achievements.json`` (atomic, locked, a bad file set aside: :class:`JsonStore`)::

    {"version": 1,
     "games": {"kanji-zushi": {"earned": {"first-win": "2026-12-07T16:30:00+00:00"},
                               "tally": {"played": 3, "won": 1, "streak": 0, "kanji": ["休", ...]}}},
     "counted": ["5f0c...", ...]}

Every finished game someone at this screen played counts (against the AI, hot-seat: the first
person's seat, online: this seat); each game's achievements and lifetime counts are its own
(:mod:`game.achievements`, the game's ``achievements`` module). An achievement is earned once and
keeps its first date. What the last games earned is kept in memory for their score screens
(:meth:`AchievementStore.result`). Never imports pygame.
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.achievements import judge
from game.i18n import N_
from scenes.profile.finished import played
from scenes.profile.words import earned_line
from scenes.shell.jsonstore import JsonStore
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.achievements")

ACHIEVEMENTS_FILE = "achievements.json"
VERSION = 1
COUNTED_KEEP = 1000
MAX_BYTES = 4 * 1024 * 1024


class AchievementStore(JsonStore):
    """The achievements file (default ``<data dir>/achievements.json``); ``app.achievements`` in
    interactive runs. ``record_finished(game_id, game, setup, state) -> list[str] | None``,
    ``earned(game) -> {key: ISO date}``, ``tally(game)``, ``result(game_id)``, ``notice()``.
    Never raises on I/O or content errors."""

    WHAT = "achievements"
    # Translators: the achievements file was written by a newer version of Tatami
    NEWER_NOTICE = N_("The achievements come from a newer Tatami: they are kept unchanged, and none is earned here")
    # Translators: {reason} says why, e.g. "the file is corrupt"
    SET_ASIDE_NOTICE = N_("The achievements could not be read ({reason}) \u2014 set aside; they start again")
    VERSION = VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None):
        super().__init__(Path(path) if path is not None else data_dir() / ACHIEVEMENTS_FILE)
        self.games: dict[str, dict[str, Any]] | None = None
        self.counted: list[str] = []
        #: the game and the keys each game of this run earned, by game id (the score screens read it)
        self.results: dict[str, tuple[str, list[str]]] = {}

    def load(self) -> None:
        """(Re)read the file: missing means nothing earned yet; an unusable file is set aside."""
        self.games, self.counted = {}, []
        doc = self.read_doc()
        if doc is None:
            return
        try:
            games = doc.get("games", {})
            counted = doc.get("counted", [])
            if not isinstance(games, dict) or not isinstance(counted, list):
                raise ValueError("games must be an object and counted a list")
            out = {}
            for game, entry in games.items():
                earned, tally = entry.get("earned", {}), entry.get("tally", {})
                if not isinstance(earned, dict) or not isinstance(tally, dict):
                    raise ValueError(f"{game}: earned and tally must be objects")
                out[str(game)] = {"earned": {str(k): str(v) for k, v in earned.items()}, "tally": tally}
        except (ValueError, AttributeError) as e:
            self._set_aside(N_("the file is corrupt"), f"{type(e).__name__}: {e}")
            return
        self.games = out
        self.counted = [c for c in counted if isinstance(c, str)][-COUNTED_KEEP:]

    def _games(self) -> dict[str, dict[str, Any]]:
        if self.games is None:
            self.load()
        assert self.games is not None
        return self.games

    def save(self) -> bool:
        """Write atomically; False (logged once, a notice) when it cannot be written."""
        return self.write_doc({"version": VERSION, "games": self._games(), "counted": self.counted}, indent=1)

    def loaded(self) -> None:
        """Read the file on first use (:meth:`JsonStore.notice`)."""
        self._games()

    def earned(self, game: str) -> dict[str, str]:
        """``game``'s earned achievements: key -> when (ISO 8601), in the order earned."""
        return dict(self._games().get(game, {}).get("earned", {}))

    def tally(self, game: str) -> dict[str, Any]:
        """``game``'s lifetime counts (a copy)."""
        return dict(self._games().get(game, {}).get("tally", {}))

    def result(self, game_id: str | None) -> list[str]:
        """The keys the game ``game_id`` earned in this run ([] when none or not counted)."""
        return list(self.results.get(game_id or "", ("", []))[1])

    def score_line(self, game_id: str | None) -> str:
        """The score screen's line about what the game ``game_id`` earned
        (:func:`scenes.profile.words.earned_line`), in the language in use; "" for nothing."""
        game, keys = self.results.get(game_id or "", ("", []))
        return earned_line(game, keys) if keys else ""

    def record_finished(self, game_id: str, game: str, setup: dict, state: Any, events: Any = None) -> list[str] | None:
        """Count a finished game once: its lifetime counts, then the achievements it earns (in
        the game's order). Returns the keys newly earned, or None when it does not count."""
        seen = played(game, setup, state, events)
        if seen is None or not game_id:
            return None
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")

        def change() -> list[str] | None:
            if game_id in self.counted:
                return None
            self.counted = (self.counted + [game_id])[-COUNTED_KEEP:]
            entry = self._games().setdefault(game, {"earned": {}, "tally": {}})
            new, failed = judge(seen.finished, entry["tally"], set(entry["earned"]))
            for key, error in failed:
                log.warning("%s: achievement %s could not be judged: %s: %s", game, key, type(error).__name__, error)
            for key in new:
                entry["earned"][key] = now
            return new

        result: list[str] | None = self.update(change)
        if result is not None:
            self.results[game_id] = (game, result)
        return result


__all__ = ["ACHIEVEMENTS_FILE", "AchievementStore"]
