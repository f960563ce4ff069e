"""The kanji book's store (issue 37, item 2): every kanji the person formed in Kanji-zushi, and apart
the ones they saw others form, with the first and last date, how many times and in which games.

Stored in ``<data dir>/kanji-book.json`` (atomic, locked, a bad file set aside, a newer Tatami's
file kept and never written: :class:`scenes.shell.jsonstore.JsonStore`)::

    {"version": 1,
     "mine": {"休": {"first": "2026-12-07", "last": "2026-12-09", "count": 3,
                     "games": ["kanji-zushi-...", ...], "first_game": "kanji-zushi-..."}},
     "seen": {"林": {...the same fields...}},
     "counted": ["kanji-zushi-...", ...]}

``mine`` and ``seen`` keep the order in which each kanji was first formed. A game counts once (by
its id); its :class:`game.kanji.events.KanjiFormed` events as the person's seat saw them are what
it adds: formed by the person's seat (the first ``"human"`` seat of the setup: against the AI,
hot-seat — the first person, like the achievements — and online, this seat) to ``mine``, by any
other seat to ``seen``. Made at start as ``app.kanji_book`` through the room's
``GameInfo.stores`` hook, and told every finished game by the autosave
(:meth:`scenes.play.saving.Saving`: ``record_finished``). Never imports pygame.
"""
from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game.i18n import N_
from game.kanji.events import KanjiFormed
from scenes.shell.jsonstore import JsonStore
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.kanjibook")

BOOK_FILE = "kanji-book.json"
VERSION = 1
#: The game this store records (its registration's name).
GAME = "kanji-zushi"
#: Game ids kept per kanji (the most recent) and counted games remembered.
GAMES_KEEP, COUNTED_KEEP = 20, 1000
MAX_BYTES = 4 * 1024 * 1024
_FIELDS = ("first", "last", "count", "games", "first_game")


@dataclass(frozen=True)
class BookEntry:
    """One kanji of the book.

    Attributes:
        char: the kanji. first, last: the dates (ISO 8601 ``"2026-12-07"``) it was first and last
            formed. count: how many times it was formed (>= 1). games: the ids of the games it was
            formed in, most recent last, at most :data:`GAMES_KEEP`. mine: True when the person
            formed it, False when they saw another seat form it.
    """

    char: str
    first: str
    last: str
    count: int
    games: tuple[str, ...]
    mine: bool


def _clean_entry(raw: Any) -> dict[str, Any]:
    """A stored entry checked and normalised.

    Raises:
        ValueError: a field is missing or of the wrong type."""
    if not isinstance(raw, dict):
        raise ValueError("an entry must be an object")
    first, last, count, games = raw.get("first"), raw.get("last"), raw.get("count"), raw.get("games", [])
    if not isinstance(first, str) or not isinstance(last, str):
        raise ValueError("first and last must be dates")
    datetime.date.fromisoformat(first)
    datetime.date.fromisoformat(last)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError("count must be a positive integer")
    if not isinstance(games, list) or not all(isinstance(g, str) for g in games):
        raise ValueError("games must be a list of ids")
    first_game = raw.get("first_game", games[0] if games else "")
    return {"first": first, "last": last, "count": count, "games": games[-GAMES_KEEP:],
            "first_game": str(first_game)}


class KanjiBook(JsonStore):
    """The kanji book file (default ``<data dir>/kanji-book.json``); ``app.kanji_book`` in
    interactive runs. Never raises on I/O or content errors.

    Read: :meth:`entries`, :meth:`chars`, :meth:`new_in`, :meth:`notice`. Write:
    :meth:`record_finished`. ``today`` (a ``() -> datetime.date``) dates what is recorded: tests
    set it."""

    WHAT = "kanji book"
    # Translators: the kanji book's file was written by a newer version of Tatami
    NEWER_NOTICE = N_("The kanji book comes from a newer Tatami: it is kept unchanged, and nothing is added here")
    # Translators: {reason} says why, e.g. "the file is corrupt"
    SET_ASIDE_NOTICE = N_("The kanji book could not be read ({reason}) \u2014 set aside; it starts again")
    VERSION = VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        super().__init__(Path(path) if path is not None else data_dir() / BOOK_FILE)
        self.today = today
        self.book: dict[str, dict[str, dict[str, Any]]] | None = None
        self.counted: list[str] = []

    # -- the file ---------------------------------------------------------------------------------
    def load(self) -> None:
        """(Re)read the file: missing means an empty book; an unusable one is set aside."""
        self.book, self.counted = {"mine": {}, "seen": {}}, []
        doc = self.read_doc()
        if doc is None:
            return
        try:
            book: dict[str, dict[str, dict[str, Any]]] = {}
            for side in ("mine", "seen"):
                raw = doc.get(side, {})
                if not isinstance(raw, dict):
                    raise ValueError(f"{side} must be an object")
                book[side] = {str(c): _clean_entry(e) for c, e in raw.items() if len(str(c)) == 1}
            counted = doc.get("counted", [])
            if not isinstance(counted, list):
                raise ValueError("counted must be a list")
        except ValueError as e:
            self._set_aside(N_("the file is corrupt"), f"{type(e).__name__}: {e}")
            return
        self.book = book
        self.counted = [c for c in counted if isinstance(c, str)][-COUNTED_KEEP:]

    def _book(self) -> dict[str, dict[str, dict[str, Any]]]:
        if self.book is None:
            self.load()
        assert self.book is not None
        return self.book

    def save(self) -> bool:
        """Write atomically; False (logged once, a notice) when it cannot be written."""
        book = self._book()
        return self.write_doc({"version": VERSION, "mine": book["mine"], "seen": book["seen"],
                               "counted": self.counted}, indent=1)

    def loaded(self) -> None:
        """Read the file on first use (:meth:`JsonStore.notice`)."""
        self._book()

    # -- reading ----------------------------------------------------------------------------------
    def entries(self, mine: bool = True) -> list["BookEntry"]:
        """The kanji the person formed (``mine``) or saw another seat form, in the order each was
        first formed."""
        side = self._book()["mine" if mine else "seen"]
        return [BookEntry(c, e["first"], e["last"], e["count"], tuple(e["games"]), mine) for c, e in side.items()]

    def chars(self) -> list[str]:
        """Every kanji the person formed, in the order first formed."""
        return list(self._book()["mine"])

    def new_in(self, game_id: str | None) -> list[str]:
        """The kanji the person formed for the first time in the game ``game_id`` (first-formed
        order); [] for an unknown or empty id."""
        if not game_id:
            return []
        return [c for c, e in self._book()["mine"].items() if e.get("first_game") == game_id]

    # -- writing ----------------------------------------------------------------------------------
    def record_finished(self, game_id: str, game_name: str, setup: dict, state: Any,
                        events: Any = None) -> list[str] | None:
        """Count a finished Kanji-zushi game once: every kanji formed in it, from the
        :class:`KanjiFormed` events of ``events`` (as the person's seat saw them; None: the state's
        ``events_for`` that seat). Returns the kanji the person formed for the first time, or None
        when the game does not count (another game, no id, no ``"human"`` seat, not over, already
        counted, or a newer Tatami's file)."""
        seats = [str(s) for s in (setup or {}).get("seats") or []]
        if game_name != GAME or not game_id or "human" not in seats:
            return None
        if state is not None and getattr(state, "outcome", None) is not None and state.outcome() is None:
            return None
        me = seats.index("human")
        if events is None:
            events = state.events_for(me) if hasattr(state, "events_for") else ()
        formed = [(e.seat, e.char) for e in events if isinstance(e, KanjiFormed)]
        day = self.today().isoformat()

        def change() -> list[str] | None:
            if game_id in self.counted or self.newer:
                return None
            self.counted = (self.counted + [game_id])[-COUNTED_KEEP:]
            book = self._book()
            new: list[str] = []
            for seat, char in formed:
                side = book["mine" if seat == me else "seen"]
                entry = side.get(char)
                if entry is None:
                    side[char] = {"first": day, "last": day, "count": 1, "games": [game_id], "first_game": game_id}
                    if seat == me:
                        new.append(char)
                    continue
                entry["last"] = day
                entry["count"] += 1
                if not entry["games"] or entry["games"][-1] != game_id:
                    entry["games"] = (entry["games"] + [game_id])[-GAMES_KEEP:]
            return new

        result: list[str] | None = self.update(change)
        return result


__all__ = ["BOOK_FILE", "BookEntry", "GAMES_KEEP", "KanjiBook"]
