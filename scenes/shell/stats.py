"""Statistics of finished games: one person against AIs, per game and per opponent level.

Stored in ``<data dir>/stats.json`` (``scenes.shell.settings.data_dir()``; atomic writes)::

    {"version": 1,
     "games": {"kaito": {"hard": {"played": 5, "won": 2, "lost": 3, "shared": 0,
                                  "streak": 0, "best_streak": 2, "best_score": 6}}},
     "counted": ["5f0c...", ...]}          # ids of the games counted (the newest COUNTED_KEEP)

What counts: a game that ended with exactly one ``"human"`` seat, every other seat an AI level. A
game in which a hint was shown to the person, or one started from the replay viewer's "Play from
here", is counted apart (``assisted``, ``retried``: how many, how many won), never as a clean
result against that level.
A game played **online** (issue 24: the setup's ``online`` mark, one seat of an online table) is
counted apart from the games against the AI, under its own key :data:`ONLINE` (``"online"``, a row
with the same counts, its opponents people or the server's AIs), whoever sat at the other seats.
The **level key** is the strongest AI level among the opponents (order ``random`` < ``easy`` <
``medium`` < ``hard``): a game against a Hard AI and two Easy AIs counts under ``"hard"``.
Results, from the person's seat ``h`` and ``outcome.winners``: ``won`` (``h`` the only winner),
``shared`` (``h`` among several winners, or nobody won), ``lost`` (``h`` not a winner). ``streak``:
wins in a row now (a loss or a shared result ends it); ``best_streak``: the longest;
``best_score``: the highest ``outcome.scores[h]`` (the game's own unit: KAITO tiles captured and held,
Sushi Draft chip points, Kanji-zushi strokes; higher is better in all three), None before a score.

A game counts once: :meth:`StatsStore.record_game` takes the game's id (the play scene keeps one per
game, resumed games keep theirs: :meth:`scenes.shell.saves.SaveStore.game_id_for`) and ignores an
id it has counted before, so a resume, an undo after the end or the score screen's way back never
count it again.

Loading never raises (:class:`scenes.shell.jsonstore.JsonStore`): a missing file is "no games yet";
an unreadable, corrupt or malformed file is moved aside as ``stats.json.bad`` (an earlier one is
kept: ``.bad.2``...), logged in one line (logger ``"tatami.stats"``) and reported by
:attr:`StatsStore.problem` / :meth:`StatsStore.notice`; counting starts again from zero. A file of
a newer Tatami is kept and not written. A game is counted under a lock on the file as it is at that
moment (:meth:`JsonStore.update`), so two windows never drop each other's games. A failing write is
logged once and told on screen. Never imports pygame.
"""
from __future__ import annotations

import copy
import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.i18n import N_, _
from scenes.shell.jsonstore import JsonStore
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.stats")

STATS_FILE = "stats.json"
STATS_VERSION = 1
#: AI levels, weakest first (the level key is the strongest opponent's).
LEVEL_ORDER: tuple[str, ...] = ("random", "easy", "medium", "hard")
#: How many counted game ids are kept (a game id older than that could count again; a game in
#: progress is never that old).
COUNTED_KEEP = 1000
MAX_BYTES = 4 * 1024 * 1024
RESULTS = ("won", "lost", "shared")
#: The key of the games played online (counted apart from every AI level's).
ONLINE = "online"


@dataclass
class LevelStats:
    """One row of the statistics: one game against one opponent level.

    Attributes:
        played: games counted (= won + lost + shared).
        won / lost / shared: results of the person's seat (see the module doc).
        streak: wins in a row up to now; best_streak: the longest such run.
        best_score: highest final score of the person's seat (the game's unit), None if none yet.
        assisted / assisted_won: games in which a hint was shown to the person, and those won;
        retried / retried_won: games started from "Play from here", and those won. Both are
        counted apart: never in played, the results, the streaks or the best score.
    """

    played: int = 0
    won: int = 0
    lost: int = 0
    shared: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    #: games counted apart (not in the numbers above): helped by a hint / started from "Play
    #: from here", and how many of each the person won
    assisted: int = 0
    assisted_won: int = 0
    retried: int = 0
    retried_won: int = 0

    def add_apart(self, result: str, assisted: bool, retried: bool) -> None:
        """Count one game apart: helped by a hint (``assisted``) and/or started from "Play from
        here" (``retried``), with the person's ``result`` (one of :data:`RESULTS`).

        Raises:
            ValueError: unknown result."""
        if result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {result!r}")
        won = int(result == "won")
        if assisted:
            self.assisted += 1
            self.assisted_won += won
        if retried:
            self.retried += 1
            self.retried_won += won

    def add(self, result: str, score: int | None) -> None:
        """Count one game of ``result`` (one of :data:`RESULTS`) with the person's ``score``.

        Raises:
            ValueError: unknown result."""
        if result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {result!r}")
        self.played += 1
        setattr(self, result, getattr(self, result) + 1)
        self.streak = self.streak + 1 if result == "won" else 0
        self.best_streak = max(self.best_streak, self.streak)
        if score is not None and (self.best_score is None or score > self.best_score):
            self.best_score = score

    @classmethod
    def from_dict(cls, d: Any) -> "LevelStats":
        """A row from its JSON object.

        Raises:
            ValueError: not an object, a count not a non-negative int, or counts that disagree."""
        if not isinstance(d, dict):
            raise ValueError("a row is not an object")
        out = cls()
        for key in ("played", "won", "lost", "shared", "streak", "best_streak", "assisted", "assisted_won",
                    "retried", "retried_won"):
            v = d.get(key, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"{key} must be a count, not {v!r}")
            setattr(out, key, v)
        score = d.get("best_score")
        if score is not None and (not isinstance(score, int) or isinstance(score, bool)):
            raise ValueError(f"best_score must be an integer or null, not {score!r}")
        out.best_score = score
        if out.won + out.lost + out.shared != out.played:
            raise ValueError("played is not won + lost + shared")
        if out.assisted_won > out.assisted or out.retried_won > out.retried:
            raise ValueError("more games won than played apart")
        return out


def level_key(seats: list[str], online: bool = False) -> str | None:
    """The statistics key of a seating: the strongest AI level among the seats that are not
    ``"human"``; :data:`ONLINE` for an online game (``online``: this Tatami's person is the one
    ``"human"`` seat, whoever sits at the others); None when the game does not count (not exactly
    one human, or no other seat, or offline a seat that is not an AI level)."""
    if seats.count("human") != 1 or len(seats) < 2:
        return None
    if online:
        return ONLINE
    levels = [s for s in seats if s != "human"]
    if any(s not in LEVEL_ORDER for s in levels):
        return None
    return max(levels, key=LEVEL_ORDER.index)


def result_of(seat: int, winners: Any) -> str:
    """``"won"``, ``"shared"`` or ``"lost"`` for ``seat`` given the outcome's ``winners``."""
    winners = tuple(winners or ())
    if not winners:
        return "shared"
    if seat in winners:
        return "won" if len(winners) == 1 else "shared"
    return "lost"


class StatsStore(JsonStore):
    """The statistics file (default ``<data dir>/stats.json``); ``app.stats`` in interactive runs.

    ``record_game(game_id, game, setup, outcome, record=None) -> str | None``,
    ``table(game) -> dict[level, LevelStats]``, ``games()``, ``reset()``, ``problem`` /
    ``notice()``. Loads on first use (:meth:`load`); never raises on I/O or content errors.
    """

    WHAT = "statistics"
    VERSION = STATS_VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None):
        super().__init__(Path(path) if path is not None else data_dir() / STATS_FILE)
        self._data: dict[str, dict[str, LevelStats]] | None = None
        self._counted: list[str] = []

    # -- reading --------------------------------------------------------------------------
    def load(self) -> None:
        """(Re)read the file: missing means empty; an unusable file is set aside (module doc)."""
        self._data, self._counted = {}, []
        doc = self.read_doc()
        if doc is None:
            return
        try:
            games, counted = doc.get("games", {}), doc.get("counted", [])
            if not isinstance(games, dict) or not isinstance(counted, list):
                raise ValueError("games must be an object and counted a list")
            data = {str(g): {str(lv): LevelStats.from_dict(row) for lv, row in levels.items()}
                    for g, levels in games.items() if isinstance(levels, dict) or _bad(f"{g} is not an object")}
        except ValueError as e:
            self._set_aside(N_("the file is corrupt"), f"{type(e).__name__}: {e}")
            return
        self._data = data
        self._counted = [c for c in counted if isinstance(c, str)][-COUNTED_KEEP:]

    def _rows(self) -> dict[str, dict[str, LevelStats]]:
        if self._data is None:
            self.load()
        assert self._data is not None
        return self._data

    def notice(self) -> str:
        """One line for the screens when the file was unusable, else ``""`` (in the language in use)."""
        if self._data is None:
            self.load()
        if self.problem is None:
            return ""
        if self.newer:
            # Translators: the statistics file was written by a newer version of Tatami
            return _("The statistics come from a newer Tatami: they are kept unchanged, and games are not counted here")
        if self.problem.moved_to is None:
            # Translators: {reason} says why, e.g. "the file is corrupt"; the file could not be moved
            return _("The statistics could not be read ({reason}); the file could not be moved and was left "
                     "as it is").format(reason=_(self.problem.reason))
        # Translators: {reason} says why, e.g. "the file is corrupt"
        return _("The statistics could not be read ({reason}) \u2014 set aside; counting starts again").format(
            reason=_(self.problem.reason))

    def games(self) -> list[str]:
        """Games with at least one counted game."""
        return [g for g, rows in self._rows().items() if rows]

    def table(self, game: str) -> dict[str, LevelStats]:
        """``game``'s rows by level key, weakest level first (copies)."""
        rows = self._rows().get(game, {})
        order = sorted(rows, key=lambda lv: (LEVEL_ORDER.index(lv) if lv in LEVEL_ORDER else 99, lv))
        return {lv: copy.copy(rows[lv]) for lv in order}

    def counted(self, game_id: str) -> bool:
        """True if the game ``game_id`` was counted."""
        self._rows()
        return game_id in self._counted

    # -- writing --------------------------------------------------------------------------
    def record_game(self, game_id: str, game: str, setup: dict, outcome: Any, record: Any = None) -> str | None:
        """Count a finished game once.

        Args:
            game_id: the game's id (an id counted before is ignored).
            game: the game's registry name ("kaito").
            setup: the play scene's setup (``seats``: one seat kind per seat; ``assisted`` /
                ``retried`` true: the game is counted apart, :meth:`LevelStats.add_apart`;
                ``online`` true: played at an online table, counted under :data:`ONLINE`).
            outcome: the state's :class:`game.core.Outcome` (``winners``, ``scores``).
            record: unused (the same call as ``HistoryStore.record_game``).
        Returns:
            the person's result (``"won"``, ``"lost"``, ``"shared"``), or None when the game does
            not count (already counted, no outcome, not one person against AIs or online)."""
        seats = list(setup.get("seats") or [])
        key = level_key(seats, online=setup.get("online") is True)
        if key is None or outcome is None or not game_id:
            return None
        seat = seats.index("human")
        result = result_of(seat, outcome.winners)
        scores = tuple(getattr(outcome, "scores", ()) or ())
        score = scores[seat] if seat < len(scores) and isinstance(scores[seat], int) else None
        apart = bool(setup.get("assisted")) or bool(setup.get("retried"))

        def count() -> str | None:
            if self.counted(game_id):
                return None
            row = self._rows().setdefault(game, {}).setdefault(key, LevelStats())
            if apart:
                row.add_apart(result, bool(setup.get("assisted")), bool(setup.get("retried")))
            else:
                row.add(result, score)
            self._counted = (self._counted + [game_id])[-COUNTED_KEEP:]
            return result

        # under the lock, on the file as it is now: another window's games are kept
        answer: str | None = self.update(count)
        return answer

    def reset(self) -> bool:
        """Forget every statistic (the counted ids are kept, so no game counts twice). Returns
        :meth:`save`'s answer."""
        self.update(lambda: self._rows().clear())
        return self.last_saved

    def save(self) -> bool:
        """Write atomically; False (logged once) when the folder cannot be written."""
        doc = {"version": STATS_VERSION,
               "games": {g: {lv: asdict(row) for lv, row in rows.items()} for g, rows in self._rows().items()},
               "counted": self._counted}
        return self.write_doc(doc, indent=1)


def _bad(msg: str) -> bool:
    raise ValueError(msg)


__all__ = ["COUNTED_KEEP", "LEVEL_ORDER", "LevelStats", "ONLINE", "STATS_FILE", "STATS_VERSION", "StatsStore",
           "level_key", "result_of"]
