"""The per-game autosaves: one :class:`scenes.shell.saves.SaveStore` per game, ``<data
dir>/saves/<game>.json`` (the file format, the loading rules and the game ids are in
:mod:`scenes.shell.saves`). ``app.saves`` is a :class:`SaveSlots` in interactive runs (``scenes.cli``).

Never imports pygame.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from game import safejson
from game.i18n import N_
from scenes.shell.saves import (
    MAX_BYTES,
    SAVE_FILE,
    LoadProblem,
    SavedGame,
    SaveStore,
    default_folder,
)

log = logging.getLogger("tatami.saves")


class SaveSlots:
    """The per-game autosaves: one :class:`SaveStore` per game in ``folder`` (default
    :func:`default_folder`, ``<data dir>/saves``), file ``<game>.json``. ``app.saves`` in
    interactive runs.

    * ``slot(game) -> SaveStore``; ``save(state, setup, game_id)`` writes ``state.game.name``'s slot;
      ``clear(game)``; ``game_id_for(...)`` needs ``game`` first; ``exists(game)``.
    * ``load(game)`` -> that game's :class:`SavedGame` or None; ``load()`` the newest of all;
      ``load_all() -> dict[game, SavedGame]`` (registry order). ``problems`` lists the
      :class:`LoadProblem` of each slot found unusable by the last load (``problem``: the first).
    * ``legacy``: the single save of earlier versions, moved into its game's slot on first use.

    Never raises on I/O or content errors.
    """

    def __init__(self, folder: Path | str | None = None, legacy: Path | str | None = None):
        self.path = Path(folder) if folder is not None else default_folder()
        self.legacy = Path(legacy) if legacy is not None else self.path.parent / SAVE_FILE
        self.problems: list[LoadProblem] = []
        self._slots: dict[str, SaveStore] = {}
        self._migrated = False

    @property
    def problem(self) -> LoadProblem | None:
        """The first problem of the last load, or None."""
        return self.problems[0] if self.problems else None

    def slot(self, game: str) -> SaveStore:
        """The store of ``game`` (``<folder>/<game>.json``).

        Raises:
            ValueError: ``game`` is not a plain file name."""
        if not game or "/" in game or "\\" in game or game.startswith("."):
            raise ValueError(f"not a game name: {game!r}")
        if game not in self._slots:
            self._slots[game] = SaveStore(self.path / f"{game}.json")
        return self._slots[game]

    def _games(self) -> list[str]:
        from game.registry import GAMES  # on first use (see parse_save)

        return list(GAMES)

    def migrate(self) -> None:
        """Move the legacy ``autosave.json`` into its game's slot, once per store (an unusable one
        is set aside as ``autosave.json.bad`` with a problem; one whose slot is taken is kept as
        ``autosave.json.old``). Never raises."""
        if self._migrated:
            return
        self._migrated = True
        try:
            if not self.legacy.is_file():
                return
        except OSError as e:  # a folder this user cannot read: nothing to migrate from it
            log.warning("autosave: cannot look for %s: %s", self.legacy, e)
            return
        try:
            doc = safejson.read_json(self.legacy, MAX_BYTES)
            game = doc.get("game") if isinstance(doc, dict) else None
            if game not in self._games():
                raise ValueError(f"game is {game!r}")
        except Exception as e:
            old = SaveStore(self.legacy)
            old.set_aside(N_("the file is not a saved game"), f"{type(e).__name__}: {e}")
            if old.problem is not None:
                self.problems.append(old.problem)
            return
        target = self.slot(game).path
        try:
            if target.exists():
                os.replace(self.legacy, self.legacy.with_name(self.legacy.name + ".old"))
                log.warning("autosave: %s kept as %s.old (a newer %s save exists)", self.legacy,
                            self.legacy.name, game)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(self.legacy, target)
        except OSError as e:
            log.warning("autosave: cannot move %s into %s: %s", self.legacy, target, e)

    # -- the SaveStore calls, by game -----------------------------------------------------
    def exists(self, game: str | None = None) -> bool:
        """True if ``game``'s file is there (any game's when None)."""
        self.migrate()
        games = [game] if game else self._games()
        return any(self.slot(g).exists() for g in games)

    def save(self, state: Any, setup: dict, game_id: str | None = None) -> bool:
        """:meth:`SaveStore.save` into the slot of ``state.game.name``."""
        self.migrate()
        return self.slot(state.game.name).save(state, setup, game_id)

    def clear(self, game: str | None = None) -> bool:
        """Delete ``game``'s save (every game's when None). True if a file was removed."""
        self.migrate()
        return any([self.slot(g).clear() for g in ([game] if game else self._games())])

    def game_id_for(self, game: str, record_setup: Any, seats: Any, seed: Any) -> str:
        """:meth:`SaveStore.game_id_for` on ``game``'s slot."""
        self.migrate()
        return self.slot(game).game_id_for(record_setup, seats, seed)

    def load(self, game: str | None = None, quiet: bool = False) -> SavedGame | None:
        """``game``'s saved game (None: the most recently saved of all), or None."""
        if game is None:
            games = self.load_all(quiet)
            return max(games.values(), key=lambda g: g.saved_at) if games else None
        self.problems = []
        self.migrate()
        store = self.slot(game)
        saved = store.load(quiet=quiet)
        if store.problem is not None:
            self.problems.append(store.problem)
        return saved

    def load_all(self, quiet: bool = False) -> dict[str, SavedGame]:
        """Every usable save by game (registry order); ``problems`` lists the unusable ones (each
        set aside, logged unless ``quiet``)."""
        self.problems = []
        self.migrate()  # its problem (if any) is reported with this load
        out: dict[str, SavedGame] = {}
        for game in self._games():
            store = self.slot(game)
            saved = store.load(quiet=quiet)
            if store.problem is not None:
                self.problems.append(store.problem)
            elif saved is not None and saved.game != game:
                store.set_aside(N_("the file is in another game's slot"), f"it holds {saved.game!r}", quiet)
                if store.problem is not None:
                    self.problems.append(store.problem)
            elif saved is not None:
                out[game] = saved
        return out


__all__ = ["SaveSlots"]
