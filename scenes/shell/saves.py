"""The autosave: the games in progress, kept in the per-user data directory ("a game is never lost").

One file per game (:class:`scenes.shell.saveslots.SaveSlots`): ``<data dir>/saves/<game>.json`` (``<game>`` is the registry
name: ``kaito``, ``sushi-draft``, ``kanji-zushi``; ``<data dir>`` is
``scenes.shell.settings.data_dir()``: ``$TATAMI_DATA_DIR`` if set, else
``platformdirs.user_data_dir("Tatami")``; never next to the executable), so a game of one game never
replaces a game of another. Each file (:class:`SaveStore`, one slot)::

    {"version": 1,
     "game": "kaito",                       # a name in game.registry.GAMES
     "game_id": "5f0c...",                  # this game's id (statistics count a game once)
     "rev": 14,                             # writes of this game id (two windows: SaveStore)
     "record": {...},                       # state.record(): tatami-record/1 (RULES.md section 4)
     "setup": {"seats": ["human", "hard"],  # the play scene's kwargs besides the state:
               "names": ["You", "Hard AI"], #   seats (required), names, colors, seed, speed,
               "colors": ["R", "B"], "seed": 123, "speed": 1.0},  # undo, hints, hint
     "saved_at": "2025-01-31T18:02:11+00:00"}

The single ``<data dir>/autosave.json`` of earlier versions is moved into its game's slot once (if
that slot is empty; otherwise it is kept as ``autosave.json.old``), never deleted.

The module is game-agnostic and never imports pygame: the record is replayed with
``game.registry.get(game).from_record(record)`` (deterministic, no random numbers), so any
game of the registry (KAITO now, Sushi Draft and Kanji-zushi later) saves and loads the same way.

Policy (the play scenes follow it): write after every applied action, on entering the scene
(a new game replaces the old save) and on leaving it (quit to menu, app quit); delete the file
once the game is over. Starting a new game of a game with one in progress asks first (the setup
screen, :mod:`scenes.shell.confirm`). Writes are atomic (temp file in the same directory + ``os.replace``); a
failing write is logged once (logger ``"tatami.saves"``) and otherwise ignored.

Loading never raises: a missing file is "no save"; an unreadable, corrupt or malformed file, or
a record that does not replay (``RecordError`` / ``ActionError``), is logged in one line, moved
aside as ``<game>.json.bad`` and reported as a :class:`LoadProblem` (``store.problem``).

Game ids: :meth:`SaveStore.game_id_for` gives the id of the game in the slot when it is the same
deal (same record setup, seats and seed: a resumed game), else a new one; the play scene keeps it
for its whole life and passes it to :meth:`SaveStore.save`, so statistics and the recent-games list
see one game once (:mod:`scenes.shell.stats`, :mod:`scenes.shell.history`).
"""
from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game import safejson
from game.i18n import N_, _, ngettext
from scenes.play.seats import ai_count, comma_list, level_label, shown_names
from scenes.shell import notices
from scenes.shell.jsonstore import LoadProblem, locked, newer_version, set_aside, write_text_atomic
from scenes.shell.savecheck import NewerSaveError, SaveFormatError, validate_setup
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.saves")

#: The legacy single save (migrated into its game's slot) and the folder of the per-game slots.
SAVE_FILE = "autosave.json"
SAVES_DIR = "saves"
SAVE_VERSION = 1
#: Larger files are refused unread (a record is a few KB).
MAX_BYTES = 4 * 1024 * 1024


@dataclass
class SavedGame:
    """A loaded, validated and replayed save.

    Attributes:
        game: the game's registry name ("kaito").
        state: the replayed ``GameState`` (position and history as when saved; not over).
        setup: the validated play-scene setup: ``seats`` (list of :data:`SEAT_KINDS`, one per
            seat) and, when saved, ``names`` (list of str), ``colors`` (list of str), ``seed``
            (int or None), ``speed`` (float > 0).
        record: the record as read from the file (tatami-record/1).
        saved_at: ISO 8601 time of the write ("" if absent).
        game_id: the game's id (``""`` in files of earlier versions).
        rev: how many times the file was written for this game id (0 in files of earlier versions):
            a store writes only over the revision it read or wrote itself (two windows).
    """

    game: str
    state: Any
    setup: dict
    record: dict = field(repr=False)
    saved_at: str = ""
    game_id: str = ""
    rev: int = 0

    @property
    def moves(self) -> int:
        """Actions applied so far (``len(state.history)``)."""
        return len(getattr(self.state, "history", ()))

    def start_kwargs(self) -> dict:
        """Keyword arguments for ``app.start_game(self.game, **kwargs)``: ``state`` plus the setup
        (``colors`` as a tuple)."""
        kw: dict[str, Any] = {"state": self.state, **self.setup}
        if "colors" in kw:
            kw["colors"] = tuple(kw["colors"])
        return kw

    def describe(self, title: str | None = None) -> str:
        """One line for the menu: ``"KAITO — You vs Hard AI, move 14"`` (in the language in use;
        ``title`` as given, default the game's translated name).

        Human seats come first, by their saved name (default "You" / "Player N"); AI seats by level. The move number is the
        next action's (history length + 1), as numbered in the play scene's move list."""
        if title is None:
            title = _game_title(self.game)
        seats = self.setup["seats"]
        names = shown_names(seats, self.setup.get("names"))
        order = sorted(range(len(seats)), key=lambda i: seats[i] != "human")
        who = vs_list([names[i] if seats[i] == "human" else level_label(seats[i]) for i in order])
        # Translators: a game in progress: {game} its name, {players} who plays ("You vs Hard AI"),
        # {n} the number of the next move
        return _("{game} \u2014 {players}, move {n}").format(game=title, players=who, n=self.moves + 1)

    def summary(self) -> str:
        """The menu's Continue line under a game's card, without the title: ``"You vs Hard AI, move
        14"``; AI seats of one level are counted (``"You vs 3 Medium AIs, move 5"``), people are
        named. The caller still fits it to its button (``fit_text``)."""
        seats = self.setup["seats"]
        names = shown_names(seats, self.setup.get("names"))
        people = [names[i] for i, s in enumerate(seats) if s == "human"]
        levels: dict[str, int] = {}
        for s in seats:
            if s != "human":
                levels[s] = levels.get(s, 0) + 1
        ais = [ai_count(s, n) for s, n in levels.items()]
        others = people[1:] + ais
        if people and others:
            # Translators: who plays a game: the first person, then the other seats ("You vs 2 Medium AIs, Hard AI")
            who = _("{first} vs {others}").format(first=people[0], others=comma_list(others))
        else:
            who = comma_list(people + ais)
        # Translators: the Continue button's line: {players} who plays, {n} the number of the next move
        return _("{players}, move {n}").format(players=who, n=self.moves + 1)

    def short_summary(self) -> str:
        """The Continue line where :meth:`summary` does not fit its button: how many play and the
        move, ``"4 players, move 14"``."""
        seats = len(self.setup["seats"])
        # Translators: the Continue button's short line: {n} players, {move} the number of the next move
        return ngettext("{n} player, move {move}", "{n} players, move {move}", seats).format(n=seats,
                                                                                             move=self.moves + 1)


def default_path() -> Path:
    """``<data dir>/autosave.json``: the single save of earlier versions (see ``scenes.shell.saveslots``)."""
    return data_dir() / SAVE_FILE


def default_folder() -> Path:
    """``<data dir>/saves``: the folder of the per-game slots (see ``scenes.shell.settings.data_dir``)."""
    return data_dir() / SAVES_DIR


def _fingerprint(record_setup: Any, seats: Any, seed: Any) -> str:
    """What makes two saves the same game: the record's setup (the deal), the seats and the seed."""
    return json.dumps([record_setup, seats, seed], sort_keys=True, default=str)


def new_game_id() -> str:
    """A fresh game id (32 hex digits)."""
    return uuid.uuid4().hex


class SaveStore:
    """Reads and writes one autosave file, one slot (:class:`scenes.shell.saveslots.SaveSlots` keeps
    one per game).

    ``save(state, setup, game_id=None)``, ``clear(game=None)``, ``load(game=None) -> SavedGame |
    None`` (``problem`` says why a file there was unusable), ``exists()``, ``game_id_for(...)``.
    A store built on an explicit path (tests) holds whatever game is saved to it; ``game``
    arguments are accepted for the same calls as ``SaveSlots`` and ignored. Never raises on
    I/O or content errors.

    Two windows on one data folder: every write and delete is made under a lock
    (:func:`scenes.shell.jsonstore.locked`) after reading the file's game id and revision. A store
    writes its game only over the revision it last read or wrote (:attr:`held`); when another
    window wrote the slot since, this window stops saving that game (a notice says so) and never
    deletes the other's. Starting a new game (another game id) replaces the slot, as the setup
    screen asked first. A file from a newer Tatami (:attr:`newer`) is never written or deleted.
    """

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.problem: LoadProblem | None = None
        self.writes = 0  # successful writes (tests)
        #: (game id, revision) of the file as this store last read or wrote it, None before
        self.held: tuple[str, int] | None = None
        #: the game id another window took over (this store no longer saves it)
        self.lost: str | None = None
        #: True when the file is a newer Tatami's save (kept untouched)
        self.newer = False
        self._write_failed = False
        self._delete_failed = False

    @property
    def bad_path(self) -> Path:
        """Where an unusable file is moved first: ``<name>.bad`` beside it."""
        return self.path.with_name(self.path.name + ".bad")

    def exists(self, game: str | None = None) -> bool:
        """True if the file is there (usable or not)."""
        try:
            return self.path.is_file()
        except OSError:
            return False

    def slot(self, game: str) -> "SaveStore":
        """The store that holds ``game``'s save: this one (a single file)."""
        return self

    # -- the file as it is now ----------------------------------------------------------
    def _peek(self) -> tuple[str, int, int] | None:
        """(game id, revision, version) of the file now, or None when there is none or it is not a
        readable save (reads JSON only, never replays). Never raises."""
        try:
            doc = safejson.read_json(self.path, MAX_BYTES)
        except (OSError, ValueError):
            return None
        if not isinstance(doc, dict):
            return None
        gid, rev, version = doc.get("game_id"), doc.get("rev", 0), doc.get("version")
        return (gid if isinstance(gid, str) else "", rev if isinstance(rev, int) else 0,
                version if isinstance(version, int) else 0)

    def _taken_over(self, now: tuple[str, int, int] | None, game_id: str) -> bool:
        """True when writing ``game_id`` now would overwrite another window's save of it: this store
        holds ``game_id`` at a revision the file no longer has."""
        if self.lost == game_id:
            return True
        if self.held is None or self.held[0] != game_id or not game_id or now is None:
            return False
        return (now[0], now[1]) != self.held

    # -- writing ------------------------------------------------------------------------
    def save(self, state: Any, setup: dict, game_id: str | None = None) -> bool:
        """Write ``state`` (its game and ``state.record()``), the play scene's ``setup`` dict and
        the game's id (:meth:`game_id_for`; omitted when None) with the next revision.

        ``setup`` must be JSON-serialisable (tuples become lists). Atomic: a temp file in the same
        directory replaces the old file. Returns False (logged once per store, and a notice on
        screen) if the directory is not writable or the data cannot be serialised; False without
        writing when the file is a newer Tatami's or another window took this game over (a notice
        once)."""
        doc: dict[str, Any] = {"version": SAVE_VERSION, "game": state.game.name}
        if game_id:
            doc["game_id"] = game_id
        doc.update(record=state.record(), setup=setup,
                   saved_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
        try:
            with locked(self.path):
                now = self._peek()
                if now is not None and now[2] > SAVE_VERSION:
                    self._newer_kept(f"version {now[2]}")
                    return False
                if self._taken_over(now, game_id or ""):
                    if self.lost != game_id:
                        self.lost = game_id
                        log.warning("autosave: %s was written by another Tatami window: this one stops saving "
                                    "game %s", self.path, game_id)
                        notices.report(notices.OTHER_WINDOW)
                    return False
                rev = (now[1] if now is not None and game_id and now[0] == game_id else 0) + 1
                doc["rev"] = rev
                try:
                    text = json.dumps(doc, ensure_ascii=False, indent=1, allow_nan=False)
                except (TypeError, ValueError) as e:
                    self._write_error(f"cannot serialise the game: {e}")
                    return False
                write_text_atomic(self.path, text)
        except OSError as e:
            self._write_error(f"cannot write {self.path}: {e}")
            return False
        self.held = (game_id or "", rev)
        self.writes += 1
        return True

    def _newer_kept(self, detail: str) -> None:
        if not self.newer:
            self.newer = True
            log.warning("autosave: %s is a newer Tatami's save (%s): kept unchanged, not written", self.path, detail)
        notices.report(notices.NEWER, file=self.path.name, what=notices.what("autosave"))

    def _write_error(self, msg: str) -> None:
        if not self._write_failed:
            self._write_failed = True
            log.warning("autosave: %s", msg)
            notices.report(notices.CANNOT_WRITE, what=notices.what("autosave"), folder=str(self.path.parent))

    def clear(self, game: str | None = None) -> bool:
        """Delete the save (the game ended). True if a file was removed. Another window's save (a
        revision or game this store does not hold) and a newer Tatami's are kept; a failure to
        delete is logged once."""
        try:
            with locked(self.path):
                now = self._peek()
                if now is None and not self.path.exists():
                    return False
                if now is not None and (now[2] > SAVE_VERSION
                                        or (self.held is not None and (now[0], now[1]) != self.held)):
                    return False
                self.path.unlink()
                self.held = None
                return True
        except FileNotFoundError:
            return False
        except OSError as e:
            if not self._delete_failed:
                self._delete_failed = True
                log.warning("autosave: cannot delete %s: %s", self.path, e)
            return False

    def game_id_for(self, record_setup: Any, seats: Any, seed: Any) -> str:
        """The id of the game saved here if it is the same deal (``record_setup`` = the record's
        ``"setup"``, ``seats`` the seat kinds, ``seed``): a resumed game keeps its id. Otherwise
        (no file, an unreadable one, another deal) a new id. Reads the file as JSON only (no
        replay); never raises, never moves a file."""
        try:
            doc = safejson.read_json(self.path, MAX_BYTES)
            gid = doc.get("game_id")
            same = _fingerprint(doc["record"].get("setup"), doc["setup"].get("seats"), doc["setup"].get("seed"))
            if isinstance(gid, str) and gid and same == _fingerprint(record_setup, list(seats), seed):
                return gid
        except Exception:  # no file, or not a save: a new game
            pass
        return new_game_id()

    # -- reading ------------------------------------------------------------------------
    def load(self, game: str | None = None, quiet: bool = False) -> SavedGame | None:
        """The saved game, replayed; None when there is none or it is unusable.

        Missing file: None, ``problem`` None. Unusable file (unreadable, not a regular file, too
        large, not UTF-8 JSON or past :mod:`game.safejson`'s limits, wrong shape or version,
        unknown game, bad setup, record that fails to replay, or a finished game): moved aside as
        ``<name>.bad`` (never over an earlier one), ``problem`` set, one warning line logged
        (unless ``quiet``: the caller reports it). A newer Tatami's save: kept, ``problem`` set,
        :attr:`newer`. Never raises."""
        self.problem = None
        try:
            raw = safejson.read_bytes(self.path, MAX_BYTES)
        except FileNotFoundError:
            return None
        except safejson.JsonFileError as e:
            self.set_aside(e.reason, str(e), quiet)
            return None
        try:
            saved = parse_save(raw)
        except NewerSaveError as e:
            self._newer_kept(str(e))
            self.problem = LoadProblem(e.reason, str(e), None)
            return None
        except SaveFormatError as e:
            self.set_aside(e.reason, str(e), quiet)
            return None
        except Exception as e:  # a bug in a game's replay must not stop the app from starting
            self.set_aside(N_("the game could not be replayed"), f"{type(e).__name__}: {e}", quiet)
            return None
        if saved.state.is_over():
            # a finished game is not resumable: not an error, just stale
            log.debug("autosave: %s holds a finished game; removed", self.path)
            self.held = (saved.game_id, saved.rev)
            self.clear()
            return None
        if self.lost != saved.game_id:
            self.held = (saved.game_id, saved.rev)
        return saved

    def set_aside(self, reason: str, detail: str, quiet: bool = False) -> None:
        """Move the file to ``<name>.bad``, set ``problem`` and (unless ``quiet``) log one line."""
        self.problem = set_aside(self.path, "autosave", reason, detail, quiet=quiet, logger=log)


def parse_save(raw: bytes | str) -> SavedGame:
    """Validate a save file's content and replay its record.

    Raises:
        NewerSaveError: a save of a newer Tatami (a version above :data:`SAVE_VERSION`).
        SaveFormatError: with a short ``reason`` — not UTF-8 JSON or past :mod:`game.safejson`'s
            limits, not an object of version :data:`SAVE_VERSION`, unknown game, record of another game,
            malformed setup, or a
            record that fails to replay (``RecordError`` / ``ActionError`` from the game)."""
    # The rules are imported on first use, not at start-up: they cost about 35 ms before the
    # first menu frame and are needed only when there is a save to read (no import cycle).
    from game.core import ActionError, RecordError
    from game.registry import GAMES

    try:
        doc = safejson.loads(raw)
    except safejson.JsonFileError as e:
        raise SaveFormatError(e.reason, str(e)) from None
    if not isinstance(doc, dict):
        raise SaveFormatError(N_("the file is not a saved game"), "the top level is not a JSON object")
    version = doc.get("version")
    if newer_version(doc, SAVE_VERSION) is not None:
        raise NewerSaveError(N_("the file is from a newer Tatami"),
                             f"version is {version}, this Tatami reads {SAVE_VERSION}")
    if version != SAVE_VERSION:
        raise SaveFormatError(N_("the file is not a saved game of this version"),
                              f"version is {doc.get('version')!r}, expected {SAVE_VERSION}")
    name = doc.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise SaveFormatError(N_("unknown game"), f"game is {name!r}; known: {', '.join(sorted(GAMES))}")
    record = doc.get("record")
    if not isinstance(record, dict):
        raise SaveFormatError(N_("the game record is malformed"), "record is missing or not an object")
    if record.get("game") != name:
        raise SaveFormatError(N_("the game record is malformed"),
                              f"record is of game {record.get('game')!r}, the save says {name!r}")
    try:
        state = GAMES[name].from_record(record)
    except RecordError as e:
        raise SaveFormatError(N_("the game record is malformed"), f"record: {e}") from None
    except ActionError as e:
        raise SaveFormatError(N_("the moves do not replay"), f"record: {e}") from None
    setup = validate_setup(doc.get("setup"), getattr(state, "num_seats", 0))
    saved_at, gid, rev = doc.get("saved_at"), doc.get("game_id"), doc.get("rev", 0)
    return SavedGame(name, state, setup, record, saved_at if isinstance(saved_at, str) else "",
                     gid if isinstance(gid, str) else "",
                     rev if isinstance(rev, int) and not isinstance(rev, bool) else 0)


def vs_list(names: list[str]) -> str:
    """``"A vs B"``, ``"A vs B vs C"`` in the language in use."""
    out = names[-1] if names else ""
    for name in reversed(names[:-1]):
        # Translators: two sides of a game ("You vs Hard AI"); {rest} may itself be "A vs B"
        out = _("{first} vs {rest}").format(first=name, rest=out)
    return out


def _game_title(name: str) -> str:
    from game.registry import get  # on first use, as in parse_save

    try:
        return _(get(name).title)
    except KeyError:
        return name


__all__ = [
    "LoadProblem", "NewerSaveError", "SAVES_DIR", "SAVE_FILE", "SAVE_VERSION", "SaveFormatError", "SaveStore",
    "SavedGame", "default_folder", "default_path", "new_game_id", "parse_save", "validate_setup",
]
