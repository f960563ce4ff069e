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
``anim_label``, ``sfx``, ``message`` and the pacing's ``anim_ms``, ``board_at``, ``chain_open``,
``chained``, ``settling`` and ``board_hold``.

Pacing (issue 21 §3): a move runs at its own ``pace`` (an AI's :data:`OTHERS_PACE` times as fast
as the person's; the timeline itself runs at 1.0), and :func:`run_chain` lets the next AI move
begin while the last one ends: once a move's result shows (its kanji, its wrong pair, its pass)
the scene may apply the next AI's answer (``chain_open``; :meth:`KanjiPlayScene.update`) and its
choreography runs beside the rest of this one (the glow, the kanji flying to its row, the refill,
the draw). A move waits before it takes the join board (:func:`_board_free`) until the last pair
left it, the slot and the seat it uses have settled, and an AI's result has been on the board
:data:`SEEN_MS` (so an AI's kanji stays readable even when the next AI forms one at once).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pygame

from game.core import Event, is_you
from game.i18n import _
from game.kanji import strokes as kanji_strokes
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
from scenes.kanji.strokeplay import StrokeClock, game_speed, has_strokes
from scenes.kanji.text import caption, wrong_text
from scenes.kit.flight import Flight, as_tuple
from scenes.kit.timeline import Choreography

# animation timings (ms at speed 1, the person's own move; an AI's are divided by its pace)
AI_PLACE_MS = 420.0
FLIP_MS = 260.0
TO_BOARD_MS = 300.0
SLIDE_MS = 180.0
MORPH_MS = 400.0
GLOW_MS = 600.0
SETTLE_MS = 360.0
REFILL_MS = 340.0
DRAW_MS = 360.0
SHAKE_MS = 620.0
UNMORPH_MS = 240.0
BACK_MS = 420.0
PASS_MS = 650.0
#: An AI's turn plays this many times as fast as a person's (issue 21 §3: a formed kanji in about
#: half a second; :func:`scenes.play.pacing.move_pace`). Its result stays on the join board and its
#: caption in the banner after the turn.
OTHERS_PACE = 3.6
#: An AI's result (its kanji or its wrong pair) stays on the join board at least this long (ms at
#: speed 1, whatever the pace) before the next seat's cards take the board.
SEEN_MS = 600.0
#: How often a choreography waiting for something looks again (ms of animation time).
POLL_MS = 16.0


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


def _fly(s: Any, own: list[Flight], *flights: Flight) -> list[Flight]:
    """Replace the sprites of one move in the air (``own``, that move's list) with ``flights`` (none:
    nothing of it flies); another move's (running beside it, :func:`run_chain`) stay."""
    if own:
        s.timeline.sprites = [f for f in s.timeline.sprites if all(f is not o for o in own)]
    own[:] = flights
    for f in flights:
        s.timeline.add(f)
    return list(flights)


def run_chain(s: Any, first: Choreography) -> Choreography:
    """The scene's main choreography: ``first`` (one move's) and every next AI move the scene
    hands over (``s.chained``, taken at once) running beside it, until all have ended. Waits at
    most :data:`POLL_MS` at a time while a move's result shows (``s.chain_open``)."""
    tasks: list[list[Any]] = []

    def add(gen: Choreography) -> None:
        try:
            tasks.append([gen, float(next(gen))])
        except StopIteration:
            pass

    add(first)
    while True:
        nxt, s.chained = s.chained, None
        if nxt is not None:
            add(nxt)
            continue
        if not tasks:
            break
        wait = max(0.0, min(t[1] for t in tasks))
        if s.chain_open:
            wait = min(wait, POLL_MS)
        yield wait
        left = []
        for t in tasks:
            t[1] -= wait
            try:
                while t[1] <= 0:
                    t[1] += float(next(t[0]))
            except StopIteration:
                continue
            left.append(t)
        tasks = left
    s.chain_open = False


def _result_shown(s: Any, pace: float) -> None:
    """A move's result shows now: the next AI move may begin (:func:`run_chain`); an AI's (``pace``
    > 1) stays :data:`SEEN_MS` (the person's glows :data:`GLOW_MS`)."""
    s.board_at = s.anim_ms
    s.board_hold = SEEN_MS if pace > 1.0 else 0.0
    s.chain_open = True


def _board_free(s: Any, seat: int, slot: int, pace: float) -> Choreography:
    """Wait until the join board is free (no pair on it), ``slot`` and ``seat`` have settled (the
    last move's refill, draw or cards going back) and, for an AI's move (``pace`` > 1), an AI's last
    result has been shown :data:`SEEN_MS`."""
    while s.join is not None or ("slot", slot) in s.settling or ("seat", seat) in s.settling:
        yield POLL_MS
    if pace > 1.0 and s.board_att is not None:
        left = s.board_hold - (s.anim_ms - s.board_at)
        if left > 0:
            yield left


def choreo_move(s: Any, move: MoveEvents, start_rect: pygame.Rect | None = None,
                pace: float = 1.0) -> Iterator[float]:
    """One turn on screen (see the module doc) at ``pace`` (> 1: an AI's, shorter). ``start_rect``:
    where a dragged neta was dropped."""
    att = move.tried
    if att is None:
        return
    sh = s.shown
    seat = att.seat
    area = s.areas[seat]
    name = s.names[seat]
    p = max(0.05, float(pace))
    own: list[Flight] = []
    while ("seat", seat) in s.settling:  # (this seat's last draw lands first)
        yield POLL_MS
    if att.is_pass:
        s.anim_label = _("You passed") if is_you(name) else _("{name} passed").format(name=name)
        sh.attempts.append(att)
        s.sfx("slide")
        s.chain_open = True  # (a pass leaves the last result on the board)
        yield PASS_MS / p
        return
    neta, shari, slot = att.neta, att.shari, att.slot
    assert neta is not None and shari is not None and slot is not None
    # Translators: the banner while a seat's pair is shown: its name and the two cards ("Aiko: 亻 + 木")
    label = _("{name}: {neta} + {shari}").format(name=name, neta=neta, shari=shari)
    s.anim_label = label
    # 1. the neta is put beside the shari (the person's: dropped there, or from the hand)
    hand_i = None
    mine = area.bottom and sh.hand is not None and neta in sh.hand
    if mine:
        hand_i = sh.hand.index(neta)
        start = start_rect or hand_rect(hand_i, len(sh.hand))
        sh.hand[hand_i] = None
    else:
        k = sh.hand_sizes[seat]
        start = area.hand_card(max(0, k - 1), max(1, k))
        sh.hand_sizes[seat] = max(0, k - 1)
        _fly(s, own, flight("card", BACK, start, beside_rect(slot), AI_PLACE_MS / p, lift=18))
        s.sfx("place")
        yield AI_PLACE_MS / p
        _fly(s, own, flight("card", BACK, beside_rect(slot), beside_rect(slot), FLIP_MS / p, second=(NETA, neta),
                            flip=(0.0, 1.0), ease="linear", lift=0))
        yield FLIP_MS / p
        start = beside_rect(slot)
        yield from _board_free(s, seat, slot, p)
    # 2. both cards go to the join board
    s.anim_label = label
    sh.table[slot] = None
    _fly(s, own,
         flight("card", (NETA, neta), start, board_card(0), TO_BOARD_MS / p, lift=16),
         flight("card", (SHARI, shari), slot_rect(slot), board_card(1), TO_BOARD_MS / p, delay=30 / p, lift=16))
    s.sfx("slide" if not mine else "place")
    yield (TO_BOARD_MS + 30) / p
    # 3. the halves slide together and (if they form a character) morph into it
    _fly(s, own)
    s.board_att = None  # (the last result stayed until the cards took the board; a pass leaves it)
    j = s.join = JoinShow(seat, neta, shari, att.char, att.valid)
    j.start("slide", SLIDE_MS / p)
    yield SLIDE_MS / p
    if att.char is not None:
        j.start("morph", MORPH_MS / p)
        yield MORPH_MS / p
    sh.attempts.append(att)
    s.board_att = att
    _result_shown(s, p)
    if move.formed is not None:
        yield from _valid(s, move, mine, own, p)
    else:
        yield from _wrong(s, att, hand_i, own, p)


def _valid(s: Any, move: MoveEvents, mine: bool, own: list[Flight], p: float) -> Iterator[float]:
    """A completed kanji: glow and caption, then the kanji settles, the refill turns up and the
    seat draws (each read from its event)."""
    ev = move.formed
    assert ev is not None
    sh = s.shown
    seat = ev.seat
    area = s.areas[seat]
    j = s.join
    assert j is not None
    j.start("glow", GLOW_MS / p, ease="out_cubic")
    s.sfx("capture")
    att = s.board_att
    assert att is not None and att.formed is not None
    s.message(caption(att.formed), "good")
    yield GLOW_MS / p
    yield from _write(s, j, ev.char, p)
    # the kanji settles into its seat's row; a new shari turns up; the seat draws a neta
    if s.join is j:
        s.join = None
    slot = ev.slot
    settling = {("slot", slot), ("seat", seat)}
    s.settling |= settling
    k = len(sh.completed[seat])
    flights = [flight("kanji", (ev.char, ev.strokes), board_tile(), area.kanji(min(k, 4)), SETTLE_MS / p, lift=22)]
    refill = move.refill_card
    if isinstance(move.refill, SlotRefilled):
        layer = min(3, max(0, sh.shari_left - 1))
        sh.apply_refill_count(move.refill)
        flights.append(flight("card", BACK, pile_rect(layer), slot_rect(slot), REFILL_MS / p, second=(SHARI, refill),
                              flip=(0.45, 0.9), delay=SETTLE_MS * 0.3 / p, lift=14))
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
            flights.append(flight("card", (NETA, card), src, dst, DRAW_MS * 0.8 / p, delay=SETTLE_MS * 0.4 / p,
                                  lift=4))
        if drawn is not None:
            dst = hand_rect(new_hand.index(drawn), len(new_hand))
            flights.append(flight("card", BACK, deck_rect(1), dst, DRAW_MS / p, second=(NETA, drawn),
                                  flip=(0.55, 0.95), delay=SETTLE_MS * 0.4 / p, lift=18))
        sh.hand = [None] * len(new_hand)
    elif draw is not None:
        n = sh.hand_sizes[seat]
        dst = area.hand_card(n, n + 1)
        start = area.deck() if not area.bottom else deck_rect(1)
        flights.append(flight("card", BACK, start, dst, DRAW_MS / p, delay=SETTLE_MS * 0.4 / p, lift=8))
    _fly(s, own, *flights)
    s.sfx("slide")
    longest = max((fl.tween.delay_ms + fl.tween.duration_ms for fl in flights), default=0.0)
    yield longest + 40 / p
    # everything landed
    sh.apply_formed(ev)
    sh.table[slot] = refill
    if new_hand is not None:
        sh.hand = new_hand
    elif draw is not None:
        sh.hand_sizes[seat] += 1
    s.settling -= settling
    _fly(s, own)


def _write(s: Any, j: JoinShow, char: str, p: float) -> Iterator[float]:
    """Issue 37: the formed kanji written on the join board stroke by stroke at the player's
    stroke-order speed (:func:`scenes.kanji.strokeplay.game_speed`: "off" skips it, as does a
    character without stroke data),
    a person's move at that speed, another seat's at its pace; Space or Enter ends it, as it ends
    any animation (:meth:`scenes.play.input.PlayInput.skip_animation`), and a click another seat's."""
    speed = game_speed(s.app)
    if speed == "off" or not has_strokes(char) or s.join is not j:
        return
    clock = StrokeClock(len(kanji_strokes.paths(char) or ()), speed)
    j.start("write", clock.total_ms / p, ease="linear")  # (the scene moves it on: the drawing's progress)
    yield clock.total_ms / p
    j.start("glow", 0.0)  # (written: the glyph again, at rest)


def _wrong(s: Any, att: Tried, hand_i: int | None, own: list[Flight], p: float) -> Iterator[float]:
    """A wrong attempt: the glyph shakes, the banner says why, both cards go back."""
    sh = s.shown
    seat = att.seat
    area = s.areas[seat]
    j = s.join
    assert j is not None and att.slot is not None
    slot = att.slot
    settling = {("slot", slot), ("seat", seat)}
    s.settling |= settling
    j.start("shake", SHAKE_MS / p, ease="linear")
    s.message(wrong_text(att), "error", hold=s.seats[seat] == "human")  # (a person's: read before the AI's)
    yield SHAKE_MS / p
    if att.char is not None:
        j.start("unmorph", UNMORPH_MS / p)
        yield UNMORPH_MS / p
    if s.join is j:
        s.join = None
    flights = []
    if hand_i is not None and sh.hand is not None:
        dst = hand_rect(hand_i, len(sh.hand))
        flights.append(flight("card", (NETA, att.neta), board_card(0, 1.0), dst, BACK_MS / p, lift=14))
    else:
        n = sh.hand_sizes[seat]
        dst = area.hand_card(n, n + 1)
        flights.append(flight("card", (NETA, att.neta), board_card(0, 1.0), dst, BACK_MS / p, second=BACK,
                              flip=(0.0, 0.35), lift=14))
    flights.append(flight("card", (SHARI, att.shari), board_card(1, 1.0), slot_rect(slot), BACK_MS / p,
                          delay=60 / p, lift=14))
    _fly(s, own, *flights)
    s.sfx("slide")
    yield (BACK_MS + 60) / p
    if hand_i is not None and sh.hand is not None:
        sh.hand[hand_i] = att.neta
    else:
        sh.hand_sizes[seat] += 1
    sh.table[slot] = att.shari
    s.settling -= settling
    _fly(s, own)


__all__ = ["OTHERS_PACE", "SEEN_MS", "MoveEvents", "choreo_move", "run_chain"]
