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
level —, ``names``, ``colors``, ``seed``, ...), as in the autosave; ``"online": true`` for a game
played at an online table (issue 24; its row is marked, its opponents named).

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

from game.i18n import N_, _, pgettext
from scenes.play.seats import ai_count, and_list, comma_list, is_you, shown_names
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
        result: one line (:func:`result_line`, in the language of the moment it ended; the screens
        show :meth:`result_text`); winners: winning seats; scores: final scores.
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
        """Display names per seat (saved, else the defaults; a saved default name in the language in
        use: :func:`scenes.play.seats.shown_names`)."""
        names = self.setup.get("names")
        return shown_names(self.setup["seats"], names if isinstance(names, list) else None)

    def opponents(self) -> str:
        """Who played, for a list row: ``"vs Hard AI"``, ``"vs 2 Medium AIs, Easy AI"`` for one person
        against AIs (AI seats counted by level), otherwise — and for a game played online, whose
        other seats may be people — every name: ``"Aki, Ben, Easy AI"`` (in the language in use)."""
        seats = self.setup["seats"]
        if seats.count("human") != 1 or self.online:
            return comma_list(self.names)
        levels: dict[str, int] = {}
        for s in seats:
            if s != "human":
                levels[s] = levels.get(s, 0) + 1
        # Translators: a recent game's opponents ("vs Hard AI", "vs 2 Medium AIs, Easy AI")
        return _("vs {opponents}").format(opponents=comma_list([ai_count(s, n) for s, n in levels.items()]))

    def result_text(self) -> str:
        """:attr:`result` told again in the language in use (:func:`result_line` of the saved setup
        and winners)."""
        return result_line(self.setup, _Winners(tuple(self.winners)))

    @property
    def online(self) -> bool:
        """True for a game played at an online table (the setup's ``online`` mark)."""
        return self.setup.get("online") is True

    def apart_tag(self) -> str:
        """A short tag for a game the statistics count apart, in the language in use: ``"online"``,
        ``"with hints"``, ``"from a replay"`` (several: joined), else ``""``."""
        tags = []
        if self.online:
            # Translators: a tag on a recent game's row: it was played at an online table (over the network)
            tags.append(pgettext("recent games", "online"))
        if self.setup.get("assisted") is True:
            # Translators: a tag on a recent game's row: a hint was shown during that game
            tags.append(pgettext("recent games", "with hints"))
        if self.setup.get("retried") is True:
            # Translators: a tag on a recent game's row: it was started from the replay viewer's "Play from here"
            tags.append(pgettext("recent games", "from a replay"))
        return " \u00b7 ".join(tags)

    def lost(self) -> bool:
        """True when the one person at the table did not win (someone else did)."""
        seats = self.setup["seats"]
        return seats.count("human") == 1 and bool(self.winners) and seats.index("human") not in self.winners

    def when(self) -> str:
        """``finished_at`` in local time, ``"31 Jan 2025, 18:02"`` (in the language in use; the raw
        text if unreadable)."""
        try:
            t = datetime.fromisoformat(self.finished_at).astimezone()
        except (ValueError, OverflowError, OSError):
            return self.finished_at
        # Translators: when a recent game ended ("31 Jan 2025, 18:02"); {month} is an abbreviated month
        return _("{day} {month} {year}, {time}").format(day=f"{t.day:02d}", month=month_abbr(t.month), year=t.year,
                                                        time=t.strftime("%H:%M"))

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


class _Winners:
    """An outcome as :func:`result_line` reads it (``winners`` only)."""

    def __init__(self, winners: tuple[int, ...]):
        self.winners = winners


def month_abbr(month: int) -> str:
    """The abbreviated name of ``month`` (1-12) in the language in use ("Jan")."""
    names = (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"), pgettext("month", "Apr"),
             pgettext("month", "May"), pgettext("month", "Jun"), pgettext("month", "Jul"), pgettext("month", "Aug"),
             pgettext("month", "Sep"), pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))
    return names[month - 1]


def result_line(setup: dict, outcome: Any) -> str:
    """One line about the end, in the language in use: ``"You won"``, ``"You lost to Hard AI"``,
    ``"You shared the win with Easy AI"`` for one person (the second-person sentences when that
    person has the default name, :func:`scenes.play.seats.is_you`); otherwise ``"Aki won"``, ``"Aki
    and Ben shared the win"``, or ``"Nobody won"``."""
    seats = list(setup.get("seats") or [])
    saved = setup.get("names")
    names = shown_names(seats, saved if isinstance(saved, list) else None)
    winners = [w for w in (getattr(outcome, "winners", ()) or ()) if 0 <= w < len(names)]

    def listed(seats_: list[int]) -> str:
        return and_list([names[s] for s in seats_])

    if not winners:
        return _("Nobody won")
    if seats.count("human") == 1:
        me = seats.index("human")
        you, name = is_you(names[me]), names[me]
        others = [w for w in winners if w != me]
        if me in winners and not others:
            return _("You won") if you else _("{name} won").format(name=name)
        if me in winners:
            if you:
                return _("You shared the win with {others}").format(others=listed(others))
            return _("{name} shared the win with {others}").format(name=name, others=listed(others))
        if you:
            return _("You lost to {winners}").format(winners=listed(winners))
        return _("{name} lost to {winners}").format(name=name, winners=listed(winners))
    if len(winners) == 1:
        return _("{name} won").format(name=listed(winners))
    return _("{names} shared the win").format(names=listed(winners))


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
            self._set_aside(N_("the file is corrupt"), "ValueError: games is not a list")
            return
        bad: list[str] = []
        for item in doc["games"]:
            try:
                self._entries.append(HistoryEntry.from_dict(item))
            except ValueError as e:
                bad.append(str(e))
        if bad:
            self._set_aside(N_("some games were malformed"), f"{len(bad)} malformed: {bad[0]}", copy=True)
        del self._entries[KEEP:]

    def entries(self) -> list[HistoryEntry]:
        """The finished games, newest first (at most :data:`KEEP`)."""
        if self._entries is None:
            self.load()
        assert self._entries is not None
        return list(self._entries)

    def notice(self) -> str:
        """One line for the screens when the file was (partly) unusable, else ``""`` (in the language
        in use)."""
        self.entries()
        if self.problem is None:
            return ""
        if self.newer:
            # Translators: the recent games' file was written by a newer version of Tatami
            return _("The recent games come from a newer Tatami: they are kept unchanged, and new games are not added")
        if self.problem.moved_to is None:
            # Translators: {reason} says why, e.g. "the file is corrupt"; the file could not be moved
            return _("The recent games could not all be read ({reason}); the file could not be moved and was "
                     "left as it is").format(reason=_(self.problem.reason))
        # Translators: {reason} says why, e.g. "the file is corrupt"
        return _("The recent games could not all be read ({reason}) \u2014 set aside").format(
            reason=_(self.problem.reason))

    def record_game(self, game_id: str, game: str, setup: dict, outcome: Any, record: dict) -> bool:
        """Add a finished game at the top (the oldest beyond :data:`KEEP` are dropped) and write.

        Args:
            game_id: the game's id (an id already listed is ignored).
            game: the registry name; setup: the play scene's setup (``seats`` required);
            outcome: the :class:`game.core.Outcome` (``winners``, ``scores``); record: tatami-record/1.
        Returns:
            True if added (the write may still fail: logged once)."""
        if not game_id or not setup.get("seats"):
            return False
        entry = HistoryEntry(
            game_id, game, datetime.now(timezone.utc).isoformat(timespec="seconds"), dict(setup), record,
            result_line(setup, outcome), [int(w) for w in getattr(outcome, "winners", ()) or ()],
            [int(s) for s in getattr(outcome, "scores", ()) or ()])

        def add() -> bool:
            entries = self.entries()
            if any(e.game_id == game_id for e in entries):
                return False
            self._entries = [entry] + entries[:KEEP - 1]
            return True

        # under the lock, on the file as it is now: another window's games are kept
        added: bool = self.update(add)
        return added

    def save(self) -> bool:
        """Write atomically; False (logged once) when the folder cannot be written."""
        doc = {"version": HISTORY_VERSION, "games": [e.to_dict() for e in self.entries()]}
        return self.write_doc(doc, separators=(",", ":"))


__all__ = ["HISTORY_FILE", "HISTORY_VERSION", "HistoryEntry", "HistoryStore", "KEEP", "result_line"]
