"""The autosave of a play scene (issues 6 and 12), a part the scene holds (``scene.saving``): the
game written to its slot of ``app.saves`` after every action of a game with a human seat, and once
it is over counted in the statistics and the recent games (each takes a game id once)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

from game.match import Match

log = logging.getLogger("tatami.play")


class SavingHost(Protocol):
    """What the autosave reads of its play scene: the app (its stores), the Match and seats, the
    game's name, the modes that never save (review, tutorial) and the setup saved with the record."""

    app: Any
    match: Match
    seats: list[str]
    game_name: str
    review: bool
    coach: Any

    @property
    def humans(self) -> list[int]: ...

    @property
    def seed(self) -> int: ...

    def save_setup(self) -> dict: ...


class Saving:
    """The part: the game's id (:attr:`game_uid`, the deal's; a resumed game keeps its save's) and
    :meth:`save`."""

    def __init__(self, host: SavingHost) -> None:
        self.host = host
        #: the game's id in the saves, statistics and recent games (None until the first save)
        self.game_uid: str | None = None

    def save(self) -> None:
        """Write the game to its slot of ``app.saves`` (``scenes.shell.saveslots.SaveSlots``), or
        once it is over delete that save and count it in ``app.stats`` / ``app.history``. Only
        games with a human seat: an AI-only game must not replace a person's game in progress.
        Never raises."""
        h = self.host
        store = getattr(h.app, "saves", None)
        if not h.humans or h.review or h.coach is not None:
            return
        warm = getattr(getattr(h.app, "ratings", None), "warm", None)
        if callable(warm):  # (a person's game is rated at its end: openskill imported meanwhile)
            warm()
        if getattr(h.match, "online", False):
            self._count_online()
            return
        try:
            state = h.match.state
            if self.game_uid is None:  # the deal's id (no store: this scene's)
                deal = h.match.record().get("setup")
                self.game_uid = (store.slot(h.game_name).game_id_for(deal, list(h.seats), h.seed)
                                 if store is not None else f"{h.game_name}-{h.seed}-{id(h):x}")
            if not state.is_over():
                if store is not None:
                    store.save(state, h.save_setup(), self.game_uid)
                return
            if store is not None:
                store.clear(h.game_name)
            self._count(h.save_setup())
        except Exception:
            log.exception("%s: autosave failed", h.game_name)

    def _count(self, setup: dict) -> None:
        """A finished game into the statistics and recent games (outcome and record), then the
        profile's ratings and achievements and every room's own store (``app.room_stores``, e.g.
        a room's book of what was played: each ignores the games not its own), with the final
        state and its events."""
        h = self.host
        state = h.match.state
        for done in (getattr(h.app, "stats", None), getattr(h.app, "history", None)):
            if done is not None:
                done.record_game(self.game_uid, h.game_name, setup, state.outcome(), h.match.record())
        events = h.match.events_for(h.humans[0])  # as the person's seat saw them (hot-seat: the first)
        rooms = list((getattr(h.app, "room_stores", None) or {}).values())
        for progress in (getattr(h.app, "ratings", None), getattr(h.app, "achievements", None), *rooms):
            if progress is not None:
                progress.record_finished(self.game_uid, h.game_name, setup, state, events)

    def _count_online(self) -> None:
        """A game at an online table (issue 24) is never saved (the server keeps it); once over it
        is counted in ``app.stats`` / ``app.history`` with the setup's ``online`` mark, under the
        table's id. Never raises."""
        h = self.host
        try:
            state = h.match.state
            if not state.is_over():
                return
            table = getattr(getattr(h.match, "snap", None), "table", None) or f"{id(h):x}"
            self.game_uid = f"{h.game_name}-online-{table}"
            remote = getattr(h.match, "remote", None)
            people = [i for i, kind in enumerate(getattr(remote, "seats", None) or []) if kind == "person"]
            self._count({**h.save_setup(), "online": True, "people": people})
        except Exception:
            log.exception("%s: counting the online game failed", h.game_name)


__all__ = ["Saving", "SavingHost"]
