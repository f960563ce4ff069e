"""The recent finished games: the last :data:`KEEP` games with a human seat, their records and setup,
for the menu's "Recent games" list and the replay viewer.

Stored in ``<data dir>/history.json`` (``scenes.shell.settings.data_dir()``; atomic writes), newest
first::

    {"version": 1,
     "games": [{"id": "5f0c...",                 # the game's id (added once)
                "game": "kaito",                 # a registry name
                "finished_at": "2025-01-31T18:02:11+00:00",
                "setup": {"seats": ["human", "hard"], "names": ["You", "Hard AI"], ...},
                "record": {...},                 # match.record(): tatami-record/1, the whole game
                "result": "You lost to Hard AI", # one line (:func:`result_line`)
                "winners": [1], "scores": [3, 6]}]}

``setup`` is the play scene's saved setup (``seats`` one seat kind per seat — ``"human"`` or an AI
level —, ``names``, ``colors``, ``seed``, ...), as in the autosave.

Written once per game at its end, from the same play-scene hook as the statistics
(:meth:`HistoryStore.record_game`; an id already listed is ignored). Loading never raises: a
missing file is an empty list; an unreadable or corrupt file is moved aside as
``history.json.bad`` (one log line, logger ``"tatami.history"``, and :meth:`HistoryStore.notice`);
a file with some malformed entries is copied aside the same way and its good entries are kept.
Never imports pygame.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from scenes.play.seats import LEVEL_LABEL, default_names
from scenes.shell.jsonstore import JsonStore
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.history")

HISTORY_FILE = "history.json"
HISTORY_VERSION = 1
#: How many finished games are kept.
KEEP = 50
MAX_BYTES = 16 * 1024 * 1024


@dataclass
class HistoryEntry:
    """One finished game.

    Attributes:
        game_id: the game's id; game: its registry name; finished_at: ISO 8601 time (UTC).
        setup: the play scene's setup (``seats``, ``names``, ...); record: tatami-record/1.
        result: one line (:func:`result_line`); winners: winning seats; scores: final scores.
    """

    game_id: str
    game: str
    finished_at: str
    setup: dict
    record: dict = field(repr=False)
    result: str = ""
    winners: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """Display names per seat (saved, else the defaults)."""
        seats = self.setup["seats"]
        names = self.setup.get("names")
        return list(names) if isinstance(names, list) and len(names) == len(seats) else default_names(seats)

    def opponents(self) -> str:
        """Who played, for a list row: ``"vs Hard AI"``, ``"vs 2 Medium AIs, Easy AI"`` for one person
        against AIs (AI seats counted by level), otherwise every name: ``"Aki, Ben, Easy AI"``."""
        seats = self.setup["seats"]
        if seats.count("human") != 1:
            return ", ".join(self.names)
        levels: dict[str, int] = {}
        for s in seats:
            if s != "human":
                levels[s] = levels.get(s, 0) + 1
        label = {s: LEVEL_LABEL.get(s, "AI") for s in levels}
        return "vs " + ", ".join(label[s] if n == 1 else f"{n} {label[s]}s" for s, n in levels.items())

    def when(self) -> str:
        """``finished_at`` in local time, ``"31 Jan 2025, 18:02"`` (the raw text if unreadable)."""
        try:
            return datetime.fromisoformat(self.finished_at).astimezone().strftime("%d %b %Y, %H:%M")
        except (ValueError, OverflowError, OSError):
            return self.finished_at

    def to_dict(self) -> dict:
        """The JSON object stored in the file."""
        return {"id": self.game_id, "game": self.game, "finished_at": self.finished_at, "setup": self.setup,
                "record": self.record, "result": self.result, "winners": list(self.winners),
                "scores": list(self.scores)}

    @classmethod
    def from_dict(cls, d: Any) -> "HistoryEntry":
        """An entry from its JSON object.

        Raises:
            ValueError: a key missing or of the wrong type."""
        if not isinstance(d, dict):
            raise ValueError("an entry is not an object")
        setup, record = d.get("setup"), d.get("record")
        if not isinstance(setup, dict) or not isinstance(setup.get("seats"), list) or not setup["seats"]:
            raise ValueError("setup.seats is missing")
        if not all(isinstance(s, str) for s in setup["seats"]):
            raise ValueError("setup.seats must be strings")
        if not isinstance(record, dict) or record.get("game") != d.get("game"):
            raise ValueError("record is missing or of another game")
        for key in ("id", "game", "finished_at", "result"):
            if not isinstance(d.get(key), str):
                raise ValueError(f"{key} must be a string")
        ints = [d.get("winners", []), d.get("scores", [])]
        if not all(isinstance(v, list) and all(isinstance(x, int) for x in v) for v in ints):
            raise ValueError("winners and scores must be lists of integers")
        return cls(d["id"], d["game"], d["finished_at"], setup, record, d["result"], list(ints[0]), list(ints[1]))


def result_line(setup: dict, outcome: Any) -> str:
    """One line about the end: ``"You won"``, ``"You lost to Hard AI"``, ``"You shared the win with
    Easy AI"`` for one person; otherwise ``"Aki won"``, ``"Aki and Ben shared the win"``, or
    ``"Nobody won"``."""
    seats = list(setup.get("seats") or [])
    names = setup.get("names")
    names = list(names) if isinstance(names, list) and len(names) == len(seats) else default_names(seats)
    winners = [w for w in (getattr(outcome, "winners", ()) or ()) if 0 <= w < len(names)]

    def listed(seats_: list[int]) -> str:
        ns = [names[s] for s in seats_]
        return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]

    if not winners:
        return "Nobody won"
    if seats.count("human") == 1:
        me = seats.index("human")
        if me in winners:
            others = [w for w in winners if w != me]
            return f"{names[me]} won" if not others else f"{names[me]} shared the win with {listed(others)}"
        return f"{names[me]} lost to {listed(winners)}"
    return f"{listed(winners)} won" if len(winners) == 1 else f"{listed(winners)} shared the win"


class HistoryStore(JsonStore):
    """The recent-games file (default ``<data dir>/history.json``); ``app.history`` in interactive runs.

    ``record_game(game_id, game, setup, outcome, record) -> bool``, ``entries()`` (newest first),
    ``problem`` / ``notice()``. Loads on first use; never raises on I/O or content errors.
    """

    WHAT = "recent games"
    VERSION = HISTORY_VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None):
        super().__init__(Path(path) if path is not None else data_dir() / HISTORY_FILE)
        self._entries: list[HistoryEntry] | None = None

    def load(self) -> None:
        """(Re)read the file (see the module doc for bad files)."""
        self._entries = []
        doc = self.read_doc()
        if doc is None:
            return
        if not isinstance(doc.get("games"), list):
            self._set_aside("the file is corrupt", "ValueError: games is not a list")
            return
        bad: list[str] = []
        for item in doc["games"]:
            try:
                self._entries.append(HistoryEntry.from_dict(item))
            except ValueError as e:
                bad.append(str(e))
        if bad:
            self._set_aside("some games were malformed", f"{len(bad)} malformed: {bad[0]}", copy=True)
        del self._entries[KEEP:]

    def entries(self) -> list[HistoryEntry]:
        """The finished games, newest first (at most :data:`KEEP`)."""
        if self._entries is None:
            self.load()
        assert self._entries is not None
        return list(self._entries)

    def notice(self) -> str:
        """One line for the screens when the file was (partly) unusable, else ``""``."""
        self.entries()
        if self.problem is None:
            return ""
        return f"The recent games could not all be read ({self.problem.reason}) \u2014 set aside"

    def record_game(self, game_id: str, game: str, setup: dict, outcome: Any, record: dict) -> bool:
        """Add a finished game at the top (the oldest beyond :data:`KEEP` are dropped) and write.

        Args:
            game_id: the game's id (an id already listed is ignored).
            game: the registry name; setup: the play scene's setup (``seats`` required);
            outcome: the :class:`game.core.Outcome` (``winners``, ``scores``); record: tatami-record/1.
        Returns:
            True if added (the write may still fail: logged once)."""
        entries = self.entries()
        if not game_id or any(e.game_id == game_id for e in entries) or not setup.get("seats"):
            return False
        entry = HistoryEntry(
            game_id, game, datetime.now(timezone.utc).isoformat(timespec="seconds"), dict(setup), record,
            result_line(setup, outcome), [int(w) for w in getattr(outcome, "winners", ()) or ()],
            [int(s) for s in getattr(outcome, "scores", ()) or ()])
        self._entries = [entry] + entries[:KEEP - 1]
        self.save()
        return True

    def save(self) -> bool:
        """Write atomically; False (logged once) when the folder cannot be written."""
        doc = {"version": HISTORY_VERSION, "games": [e.to_dict() for e in self.entries()]}
        return self.write_doc(doc, separators=(",", ":"))


__all__ = ["HISTORY_FILE", "HISTORY_VERSION", "HistoryEntry", "HistoryStore", "KEEP", "result_line"]
