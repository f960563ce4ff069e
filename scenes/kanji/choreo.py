"""Kanji-zushi's choreography: one move's events (as the seat shown may know them) -> a generator
the scene's :class:`scenes.kit.timeline.Timeline` runs (it yields waits in ms of animation time).

A turn on screen: the neta is put beside the chosen shari on the table (an AI's card flies face
down from its hand and turns over there), both cards go to the join board, slide together and,
when the pair forms a character, morph into it. Valid (:class:`~game.kanji.events.KanjiFormed`):
a gold glow, the caption "休 — rest; キュウ / やす.む; 6 strokes" (from the event's meanings,
readings and strokes), the kanji flies to its seat's completed row, a new shari turns up from the
pile into the emptied slot (:class:`~game.kanji.events.SlotRefilled`; none after
:class:`~game.kanji.events.SlotLeftEmpty`) and the seat draws a neta from its deck
(:class:`~game.kanji.events.NetaDrawn`; the card's face only for the drawer). Wrong
(:class:`~game.kanji.events.KanjiWrong`): the glyph shakes, the banner says why (the event's
``why``) and both cards go back. A pass (:class:`~game.kanji.events.Passed`) is logged and the
turn moves on.

Nothing here asks the rules what happened: every answer is read from the events; the snapshot
(:class:`scenes.kanji.shown.Shown`) is edited step by step and rebuilt from the view at the end.
The scene ``s`` provides ``shown``, ``areas``, ``names``, ``timeline``, ``join``, ``board_att``,
``anim_label``, ``sfx`` and ``message``.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pygame

from game.core import Event, is_you
from game.i18n import _
from game.kanji.events import (
    KanjiFormed,
    NetaDrawn,
    SlotLeftEmpty,
    SlotRefilled,
)
from game.kanji.rules import sort_hand
from scenes.kanji.art import BACK, NETA, SHARI
from scenes.kanji.layout import (
    beside_rect,
    board_card,
    board_tile,
    deck_rect,
    hand_rect,
    pile_rect,
    slot_rect,
)
from scenes.kanji.shown import Tried
from scenes.kanji.sprites import JoinShow
from scenes.kanji.text import caption, wrong_text
from scenes.kit.flight import Flight, as_tuple

# animation timings (ms at speed 1)
PLACE_MS = 240.0
AI_PLACE_MS = 420.0
FLIP_MS = 260.0
TO_BOARD_MS = 380.0
SLIDE_MS = 260.0
MORPH_MS = 560.0
GLOW_MS = 950.0
SETTLE_MS = 480.0
REFILL_MS = 460.0
DRAW_MS = 480.0
SHAKE_MS = 620.0
UNMORPH_MS = 240.0
BACK_MS = 420.0
PASS_MS = 650.0
#: An AI's turn plays this many times as fast as a person's (issue 21 §3: a formed kanji about
#: 1 s instead of 3.6 s at normal speed; :func:`scenes.play.pacing.move_pace`). Its result stays on
#: the join board and its caption in the banner after the turn.
OTHERS_PACE = 3.6


class MoveEvents:
    """One move's events, sorted by role (RULES.md §3, a turn; :mod:`game.kanji.events`).

    Attributes:
        tried: the attempt (:class:`scenes.kanji.shown.Tried`) from the move's first event, or
            None when the events hold no attempt (e.g. only the end at set-up).
        formed: the :class:`~game.kanji.events.KanjiFormed` event, or None.
        refill: the :class:`~game.kanji.events.SlotRefilled` or
            :class:`~game.kanji.events.SlotLeftEmpty` event, or None.
        draw: the :class:`~game.kanji.events.NetaDrawn` event (``card`` None unless the seat
            shown drew it), or None.
    """

    def __init__(self, events: Sequence[Event]):
        self.tried: Tried | None = None
        self.formed: KanjiFormed | None = None
        self.refill: SlotRefilled | SlotLeftEmpty | None = None
        self.draw: NetaDrawn | None = None
        for ev in events:
            if self.tried is None:
                self.tried = Tried.from_event(ev)
            if isinstance(ev, KanjiFormed):
                self.formed = ev
            elif isinstance(ev, (SlotRefilled, SlotLeftEmpty)):
                self.refill = ev
            elif isinstance(ev, NetaDrawn):
                self.draw = ev

    @property
    def refill_card(self) -> str | None:
        """The shari card turned face up into the emptied slot, or None."""
        return self.refill.card if isinstance(self.refill, SlotRefilled) else None


def flight(kind: str, first: Any, start: Any, end: Any, duration: float, **kw: Any) -> Flight:
    """A kit :class:`~scenes.kit.flight.Flight` from ``start`` to ``end`` (logical rects:
    ``pygame.Rect`` or (x, y, w, h)); ``kw`` as the Flight's (second, flip, delay, lift, ...)."""
    return Flight(kind, first, as_tuple(start), as_tuple(end), duration, **kw)


def _fly(s: Any, *flights: Flight) -> list[Flight]:
    """Replace the sprites in the air with ``flights`` (none: nothing flies)."""
    s.timeline.clear_sprites()
    for f in flights:
        s.timeline.add(f)
    return list(flights)


def choreo_move(s: Any, move: MoveEvents, start_rect: pygame.Rect | None = None) -> Iterator[float]:
    """One turn on screen (see the module doc). ``start_rect``: where a dragged neta was dropped."""
    att = move.tried
    if att is None:
        return
    sh = s.shown
    seat = att.seat
    area = s.areas[seat]
    name = s.names[seat]
    if att.is_pass:
        s.anim_label = _("You passed") if is_you(name) else _("{name} passed").format(name=name)
        sh.attempts.append(att)
        s.sfx("slide")
        yield PASS_MS
        return
    neta, shari, slot = att.neta, att.shari, att.slot
    assert neta is not None and shari is not None and slot is not None
    s.board_att = None  # (a pass leaves the last result on the board)
    # Translators: the banner while a seat's pair is shown: its name and the two cards ("Aiko: 亻 + 木")
    s.anim_label = _("{name}: {neta} + {shari}").format(name=name, neta=neta, shari=shari)
    # 1. the neta is put beside the shari
    hand_i = None
    mine = area.bottom and sh.hand is not None and neta in sh.hand
    if mine:
        hand_i = sh.hand.index(neta)
        start = start_rect or hand_rect(hand_i, len(sh.hand))
        sh.hand[hand_i] = None
        _fly(s, flight("card", (NETA, neta), start, beside_rect(slot), PLACE_MS, lift=10))
        s.sfx("place")
        yield PLACE_MS
    else:
        k = sh.hand_sizes[seat]
        start = area.hand_card(max(0, k - 1), max(1, k))
        sh.hand_sizes[seat] = max(0, k - 1)
        _fly(s, flight("card", BACK, start, beside_rect(slot), AI_PLACE_MS, lift=18))
        s.sfx("place")
        yield AI_PLACE_MS
        _fly(s, flight("card", BACK, beside_rect(slot), beside_rect(slot), FLIP_MS, second=(NETA, neta),
                       flip=(0.0, 1.0), ease="linear", lift=0))
        yield FLIP_MS
    # 2. both cards go to the join board
    sh.table[slot] = None
    _fly(s,
         flight("card", (NETA, neta), beside_rect(slot), board_card(0), TO_BOARD_MS, lift=16),
         flight("card", (SHARI, shari), slot_rect(slot), board_card(1), TO_BOARD_MS, delay=60, lift=16))
    s.sfx("slide")
    yield TO_BOARD_MS + 60
    # 3. the halves slide together and (if they form a character) morph into it
    _fly(s)
    j = s.join = JoinShow(seat, neta, shari, att.char, att.valid)
    j.start("slide", SLIDE_MS)
    yield SLIDE_MS
    if att.char is not None:
        j.start("morph", MORPH_MS)
        yield MORPH_MS
    sh.attempts.append(att)
    s.board_att = att
    if move.formed is not None:
        yield from _valid(s, move, mine)
    else:
        yield from _wrong(s, att, hand_i)


def _valid(s: Any, move: MoveEvents, mine: bool) -> Iterator[float]:
    """A completed kanji: glow and caption, then the kanji settles, the refill turns up and the
    seat draws (each read from its event)."""
    ev = move.formed
    assert ev is not None
    sh = s.shown
    seat = ev.seat
    area = s.areas[seat]
    j = s.join
    assert j is not None
    j.start("glow", GLOW_MS, ease="out_cubic")
    s.sfx("capture")
    att = s.board_att
    assert att is not None and att.formed is not None
    s.message(caption(att.formed), "good")
    yield GLOW_MS
    # the kanji settles into its seat's row; a new shari turns up; the seat draws a neta
    s.join = None
    slot = ev.slot
    k = len(sh.completed[seat])
    flights = [flight("kanji", (ev.char, ev.strokes), board_tile(), area.kanji(min(k, 4)), SETTLE_MS, lift=22)]
    refill = move.refill_card
    if isinstance(move.refill, SlotRefilled):
        layer = min(3, max(0, sh.shari_left - 1))
        sh.apply_refill_count(move.refill)
        flights.append(flight("card", BACK, pile_rect(layer), slot_rect(slot), REFILL_MS, second=(SHARI, refill),
                              flip=(0.45, 0.9), delay=SETTLE_MS * 0.35, lift=14))
    draw = move.draw
    new_hand = None
    if draw is not None:
        sh.apply_draw_count(draw)
    if mine:
        kept = [c for c in sh.hand if c is not None]
        drawn = draw.card if draw is not None else None
        new_hand = list(sort_hand(kept + ([drawn] if drawn is not None else [])))
        # the cards kept slide into their new (sorted) places
        for i, card in enumerate(sh.hand):
            if card is None or card not in new_hand:
                continue
            src = hand_rect(i, len(sh.hand))
            dst = hand_rect(new_hand.index(card), len(new_hand))
            flights.append(flight("card", (NETA, card), src, dst, DRAW_MS * 0.8, delay=SETTLE_MS * 0.5, lift=4))
        if drawn is not None:
            dst = hand_rect(new_hand.index(drawn), len(new_hand))
            flights.append(flight("card", BACK, deck_rect(1), dst, DRAW_MS, second=(NETA, drawn), flip=(0.55, 0.95),
                                  delay=SETTLE_MS * 0.5, lift=18))
        sh.hand = [None] * len(new_hand)
    elif draw is not None:
        n = sh.hand_sizes[seat]
        dst = area.hand_card(n, n + 1)
        start = area.deck() if not area.bottom else deck_rect(1)
        flights.append(flight("card", BACK, start, dst, DRAW_MS, delay=SETTLE_MS * 0.5, lift=8))
    _fly(s, *flights)
    s.sfx("slide")
    longest = max((fl.tween.delay_ms + fl.tween.duration_ms for fl in flights), default=0.0)
    yield longest + 40
    # everything landed
    sh.apply_formed(ev)
    sh.table[slot] = refill
    if new_hand is not None:
        sh.hand = new_hand
    elif draw is not None:
        sh.hand_sizes[seat] += 1
    _fly(s)


def _wrong(s: Any, att: Tried, hand_i: int | None) -> Iterator[float]:
    """A wrong attempt: the glyph shakes, the banner says why, both cards go back."""
    sh = s.shown
    seat = att.seat
    area = s.areas[seat]
    j = s.join
    assert j is not None and att.slot is not None
    j.start("shake", SHAKE_MS, ease="linear")
    s.message(wrong_text(att), "error")
    yield SHAKE_MS
    if att.char is not None:
        j.start("unmorph", UNMORPH_MS)
        yield UNMORPH_MS
    s.join = None
    slot = att.slot
    flights = []
    if hand_i is not None and sh.hand is not None:
        dst = hand_rect(hand_i, len(sh.hand))
        flights.append(flight("card", (NETA, att.neta), board_card(0, 1.0), dst, BACK_MS, lift=14))
    else:
        n = sh.hand_sizes[seat]
        dst = area.hand_card(n, n + 1)
        flights.append(flight("card", (NETA, att.neta), board_card(0, 1.0), dst, BACK_MS, second=BACK,
                              flip=(0.0, 0.35), lift=14))
    flights.append(flight("card", (SHARI, att.shari), board_card(1, 1.0), slot_rect(slot), BACK_MS, delay=60,
                          lift=14))
    _fly(s, *flights)
    s.sfx("slide")
    yield BACK_MS + 60
    if hand_i is not None and sh.hand is not None:
        sh.hand[hand_i] = att.neta
    else:
        sh.hand_sizes[seat] += 1
    sh.table[slot] = att.shari
    _fly(s)


__all__ = ["OTHERS_PACE", "MoveEvents", "choreo_move"]
