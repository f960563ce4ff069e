"""What the Kanji-zushi play scene shows: a snapshot built from ONE seat's view (the seat at the
bottom), advanced step by step by that seat's events while a move is choreographed, and built
afresh from the view once the choreography ends.

No rules live here: :meth:`Shown.from_view` copies a :class:`game.kanji.rules.KanjiView`; the
``apply_*`` methods copy what an event of :mod:`game.kanji.events` says (the card drawn, the
refill, the kanji completed) into the snapshot. :class:`Tried` is one entry of the attempt log
and of the join board's result, built from the view's public log (:class:`game.kanji.rules.Attempt`)
or from an attempt's event (:class:`~game.kanji.events.KanjiFormed`,
:class:`~game.kanji.events.KanjiWrong`, :class:`~game.kanji.events.Passed`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.kanji.data import Formed
from game.kanji.events import KanjiFormed, KanjiWrong, NetaDrawn, Passed, SlotRefilled
from game.kanji.rules import PASS, Completed, attempt_text
from game.kanji.view import round_number


@dataclass(frozen=True)
class Tried:
    """One action of the attempt log as shown (RULES.md §3, a turn).

    Attributes:
        seat: who acted. action: the notation (``"亻+木"``, ``"pass"``).
        neta, shari: the cards tried (None for a pass). slot: the table slot of the shari (None
            for a pass). char: the character the pair formed, or None. strokes: its strokes.
        valid: True when the seat completed a kanji. why: the core's sentence for a wrong
            attempt (:attr:`game.kanji.events.KanjiWrong.why`), "" otherwise.
        formed: a completed kanji's facts (meanings, readings, strokes, grade) as its
            :class:`~game.kanji.events.KanjiFormed` event told them, else None (not compared).
    """

    seat: int
    action: str
    neta: str | None = None
    shari: str | None = None
    slot: int | None = None
    char: str | None = None
    strokes: int | None = None
    valid: bool = False
    why: str = ""
    formed: Formed | None = field(default=None, compare=False)

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.neta is None

    @classmethod
    def from_attempt(cls, att: Any) -> Tried:
        """From the view's public log entry (:class:`game.kanji.rules.Attempt`)."""
        why = "" if att.valid or att.is_pass else att.why
        return cls(att.seat, att.action, att.neta, att.shari, att.slot, att.char, att.strokes, att.valid, why)

    @classmethod
    def from_event(cls, event: Any) -> Tried | None:
        """From an attempt's first event (formed, wrong or pass); None for any other event."""
        if isinstance(event, Passed):
            return cls(event.seat, PASS)
        if isinstance(event, KanjiFormed):
            formed = Formed(event.char, True, event.strokes, tuple(event.meanings), tuple(event.on),
                            tuple(event.kun), event.grade)
            return cls(event.seat, attempt_text(event.neta, event.shari), event.neta, event.shari, event.slot,
                       event.char, event.strokes, True, "", formed)
        if isinstance(event, KanjiWrong):
            return cls(event.seat, attempt_text(event.neta, event.shari), event.neta, event.shari, event.slot,
                       event.char, event.strokes, False, event.why)
        return None


@dataclass
class Shown:
    """What the scene draws, built from the bottom seat's :class:`game.kanji.rules.KanjiView`.

    ``hand`` is the bottom seat's neta (None when hidden: hot-seat privacy); while an animation
    runs an entry may be None (a card in flight). ``private`` False hides the hand. Lists are
    per seat (``hand_sizes``, ``neta_left``, ``completed``) or per table slot (``table``, 6)."""

    num_seats: int
    bottom: int
    private: bool
    hand: list | None
    hand_sizes: list
    neta_left: list
    shari_left: int
    table: list
    completed: list
    attempts: list
    to_move: int | None
    turn: int
    over: bool
    answer_key: str
    #: the other seats' hands, face up (the replay viewer's "All", after the game), else None
    open_hands: dict | None = None

    @classmethod
    def from_view(cls, view: Any, private: bool = True) -> Shown:
        """A fresh snapshot of ``view`` (its hand only when ``private``)."""
        return cls(
            num_seats=view.num_seats,
            bottom=view.seat,
            private=private,
            hand=list(view.hand) if private else None,
            hand_sizes=list(view.hand_sizes),
            neta_left=list(view.neta_left),
            shari_left=view.shari_left,
            table=list(view.table),
            completed=[list(k) for k in view.completed],
            attempts=[Tried.from_attempt(a) for a in view.attempts],
            to_move=view.to_move,
            turn=view.ply,
            over=view.outcome is not None,
            answer_key=view.answer_key,
        )

    @property
    def round(self) -> int:
        """The round shown, from 1 (:func:`game.kanji.view.round_number` of the attempts shown)."""
        return round_number([t.seat for t in self.attempts], None if self.over else self.to_move)

    @property
    def scores(self) -> list[int]:
        """Stroke total of each seat's displayed kanji."""
        return [sum(k.strokes for k in ks) for ks in self.completed]

    # -- advanced by events (the choreography calls these when the matching step lands) -------------
    def apply_formed(self, event: KanjiFormed) -> None:
        """The seat's completed row gains the event's kanji (once)."""
        row = self.completed[event.seat]
        if len(row) < event.count:
            row.append(Completed(event.char, event.strokes, event.neta, event.shari, event.ply))

    def apply_refill_count(self, event: SlotRefilled) -> None:
        """The shari pile shrinks to what the refill event says is left."""
        self.shari_left = event.shari_left

    def apply_draw_count(self, event: NetaDrawn) -> None:
        """The drawing seat's neta deck shrinks to what the draw event says is left."""
        self.neta_left[event.seat] = event.neta_left


__all__ = ["Shown", "Tried"]
