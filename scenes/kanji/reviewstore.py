"""Kanji-zushi's review state (issue 37 §3), kept per user like the other files.

Stored in ``<data dir>/kanji-review.json`` (atomic, locked, a bad file set aside, a newer
Tatami's file kept untouched and never written: :class:`scenes.shell.jsonstore.JsonStore`)::

    {"version": 1,
     "deck": {"new_per_day": 10,
              "cards": {"meaning:休": {"state": 2, "step": null, "stability": 3.2, "difficulty": 5.1,
                                      "due": "2026-12-10T09:00:00+00:00",
                                      "last_review": "2026-12-07T09:00:00+00:00", "first": "2026-12-07"}}}}

``deck`` is :meth:`game.kanji.review.ReviewDeck.to_dict` (FSRS through the ``fsrs`` package). Every
change (:meth:`KanjiReview.sync`, :meth:`KanjiReview.answer`) locks the file, re-reads it, applies
the change and writes it, so two windows on one data folder keep each other's answers. The time is
the caller's ``now`` (an aware datetime), except when a finished game's kanji join the deck
(:meth:`KanjiReview.record_finished`: the store's ``clock``, which tests set). Never imports pygame.
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from game.i18n import N_
from game.kanji.review import DEFAULT_NEW_PER_DAY, Rating, ReviewDeck, reviewable
from scenes.kanji.bookstore import GAME
from scenes.shell.jsonstore import JsonStore
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.kanji.review")

REVIEW_FILE = "kanji-review.json"
VERSION = 1
#: 2,136 kanji x 3 cards of ~250 bytes each fit ten times over.
MAX_BYTES = 16 * 1024 * 1024

#: What the notices call this file's contents (a catalog text: "{what} could not be read ...").
WHAT = N_("the kanji review")


class KanjiReview(JsonStore):
    """The review file (default ``<data dir>/kanji-review.json``).

    ``deck()`` (a copy-free view of the deck in memory, loaded on first use), ``sync(chars, now)
    -> list[str]``, ``answer(card_id, rating, now) -> datetime``, ``due(now)``, ``count_due(now)``,
    ``notice()``. Reads and writes never raise on I/O or content errors (a write that fails is
    logged once with a notice on screen; the answer still counts in memory); ``ValueError`` from the
    deck (an unknown card id, a bad rating, a naive ``now``) passes up."""

    WHAT = WHAT
    # Translators: the kanji review file was written by a newer version of Tatami
    NEWER_NOTICE = N_("The kanji review comes from a newer Tatami: it is kept unchanged, and today's answers "
                      "are not saved")
    # Translators: {reason} says why, e.g. "the file is corrupt"
    SET_ASIDE_NOTICE = N_("The kanji review could not be read ({reason}) \u2014 set aside; it starts again")
    VERSION = VERSION
    MAX_BYTES = MAX_BYTES
    LOG = log

    def __init__(self, path: Path | str | None = None, new_per_day: int = DEFAULT_NEW_PER_DAY):
        super().__init__(Path(path) if path is not None else data_dir() / REVIEW_FILE)
        self.new_per_day = new_per_day
        #: the time when the store itself needs it (a game's kanji joining the deck): aware, UTC
        self.clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc)
        self._deck: ReviewDeck | None = None

    def load(self) -> None:
        """(Re)read the file: missing means a fresh deck; an unusable one is set aside (a fresh
        deck); a newer Tatami's is kept and a deck used in memory only (kept across re-reads, so
        this session's answers still count while nothing is written)."""
        kept = self._deck
        self._deck = ReviewDeck(self.new_per_day)
        doc = self.read_doc()
        if doc is None:
            if self.newer and kept is not None:
                self._deck = kept
            return
        try:
            self._deck = ReviewDeck.from_dict(doc.get("deck"))
        except ValueError as e:
            self._set_aside(N_("the file is corrupt"), f"ValueError: {e}")

    def deck(self) -> ReviewDeck:
        """The deck in memory (read on first use)."""
        if self._deck is None:
            self.load()
        assert self._deck is not None
        return self._deck

    def save(self) -> bool:
        """Write atomically; False (logged once, a notice) when it cannot be written or the file is
        a newer Tatami's."""
        return self.write_doc({"version": VERSION, "deck": self.deck().to_dict()}, indent=1)

    def sync(self, chars: Iterable[str], now: datetime) -> list[str]:
        """Add the cards of the book's kanji ``chars`` the deck lacks (``ReviewDeck.add``) and
        write when any was added. Returns the card ids added."""
        wanted = list(chars)
        have = {cid.partition(":")[2] for cid in self.deck().card_ids()}
        if not [c for c in wanted if c not in have and reviewable(c)]:
            return []  # nothing new for the deck in memory: no need to lock and re-read
        added: list[str] = []

        def change() -> list[str]:
            added[:] = self.deck().add(wanted, now)
            return added

        self.update(change)
        return added

    def record_finished(self, game_id: str, game_name: str, setup: dict, state: Any, events: Any = None) -> None:
        """A finished game (the autosave tells every room store, :attr:`GameInfo.stores`): the
        kanji the person's seat formed in a Kanji-zushi game join the deck now (:meth:`sync`);
        another game, or one without a person, changes nothing. Never raises (a failure is
        logged: the review still takes the book's kanji when it opens)."""
        seats = [str(s) for s in (setup or {}).get("seats") or []]
        if game_name != GAME or "human" not in seats:
            return
        me = seats.index("human")
        chars = [e.char for e in events or () if getattr(e, "kind", "") == "kanji.formed" and e.seat == me]
        try:
            if chars:
                self.sync(chars, self.clock())
        except Exception:
            log.exception("kanji review: the game's kanji could not join the deck")

    def answer(self, card_id: str, rating: Rating | int, now: datetime) -> datetime:
        """Schedule ``card_id`` after an answer (``ReviewDeck.answer``) and write it through.
        Returns when the card is due next. Raises ``ValueError`` for an unknown card (in the file
        as re-read), a bad rating or a naive ``now``."""
        result: datetime = self.update(lambda: self.deck().answer(card_id, rating, now))
        return result

    def due(self, now: datetime) -> list[str]:
        """The card ids to review at ``now`` (``ReviewDeck.due``), from the deck in memory."""
        return self.deck().due(now)

    def count_due(self, now: datetime) -> int:
        """How many cards :meth:`due` gives (the menu's "12 due")."""
        return self.deck().count_due(now)

    def loaded(self) -> None:
        """Read the file on first use (:meth:`JsonStore.notice`)."""
        self.deck()


__all__ = ["REVIEW_FILE", "KanjiReview"]
