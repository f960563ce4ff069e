"""Sushi Draft's choreography: the events of an action turned into animations (issue 9 §3).

Each ``g_*`` method is a generator for the scene's :class:`scenes.kit.timeline.Timeline`: it edits
the displayed snapshot (:class:`scenes.sushi.shown.Shown`) step by step, launches
:class:`scenes.kit.flight.Flight` sprites and yields how long to wait (ms of animation time). What
happened is read from the events of the seat shown (``Match.events_for(bottom, cursor)``), never
worked out again from the rules:

* ``sushi.chosen`` -> a card flies face down to the seat's chosen-card spot (:meth:`place`);
* ``sushi.reveal`` -> every chosen card turns over and flies to its owner's stack
  (``Reveal.actions``);
* ``sushi.keep`` / ``sushi.pass`` -> the leftovers fly to the left; the bottom seat's received
  cards land in ``Pass.received_slots`` and its kept card in ``Pass.kept_slot`` of ``Pass.hand``;
* ``sushi.discard`` -> the last cards are discarded (the bottom seat's face: ``Discard.card``);
* ``sushi.award`` -> a chip flies to its winner (``AwardEvent.seat``), the bottom seat's own chip
  turns over to show ``AwardEvent.value``; ``sushi.end`` -> every chip is revealed;
* ``sushi.deal`` -> six cards fly to every seat (the bottom seat's faces: ``Deal.cards``).

Face-up cards are only ever the bottom seat's, and only while its owner looks (``Shown.private``).
Positions come from :mod:`scenes.sushi.layout`; timings (ms at speed 1) are the constants below.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, Protocol, Sequence

import pygame

from game.core import Event, first_event
from game.i18n import _
from game.sushi.events import AwardEvent, Discard, End, Keep, Pass, Reveal, RoundEnd
from game.sushi.rules import EAT, KEEP, PILES, STEPS, TYPES, WILD, eaten_card
from game.sushi.telling import award_text
from scenes.kit.flight import Flight, as_tuple, centered
from scenes.sushi.art import BACK
from scenes.sushi.layout import DECK_POS, pile_chip_rect
from scenes.sushi.shown import ScoringShow, stacks_of


class SushiStage(Protocol):
    """What the choreography reads and edits of the play scene (:class:`scenes.sushi.scene.SushiPlayScene`
    is one): the displayed snapshot ``shown``, the seat ``areas``, the ``timeline``, ``side`` (chosen
    cards still flying, with their landing), the caption ``anim_label``, the scoring panel, the
    bottom seat, names and people, and the scene's hooks."""

    shown: Any
    areas: dict[int, Any]
    timeline: Any
    side: list[tuple[Flight, Callable[[], None]]]
    anim_label: str
    scoring: Any
    bottom: int
    match: Any
    seats: list[str]
    review: bool
    privacy_for: int | None
    coaching: Any

    @property
    def leaving(self) -> bool: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def humans(self) -> list[int]: ...

    def sfx(self, name: str) -> None: ...

    def take_snapshot(self) -> Any: ...

    def refresh(self) -> None: ...

    def sync_widgets(self) -> None: ...

    def show_end(self) -> None: ...

    def open_choice(self, seat: int) -> str | None: ...

# animation timings (ms at speed 1)
PLACE_MS = 320.0
AI_PLACE_MS = 260.0
# the reveal shows everyone's card at once: brisk (issue 21 §3: the waits between a person's
# decisions; every card stays on its eaten stack and the game log tells them)
GATHER_MS = 200.0
FLIP_MS = 280.0
REVEAL_HOLD_MS = 200.0
TO_STACK_MS = 360.0
#: ms between two seats' revealed cards starting their flights to the stacks
STACK_STAGGER_MS = 20.0
PASS_MS = 640.0
PASS_STAGGER_MS = 45.0
DEAL_MS = 420.0
DEAL_STAGGER_MS = 38.0
DEAL_BEAT_MS = 120.0
FORCED_PAUSE_MS = 750.0
DISCARD_MS = 520.0
SCORE_START_MS = 450.0
SCORE_PILE_MS = 560.0
CHIP_MS = 560.0
CHIP_FLIP_MS = 300.0
SCORE_HOLD_MS = 420.0
AUTO_NEXT_MS = 2600.0

#: The event kinds that end a phase (a choice that causes one is the phase's last).
RESOLVING = (Reveal, Keep, Pass, Discard, RoundEnd)

Choreography = Iterator[float]


def resolves(events: Sequence[Event]) -> bool:
    """True when ``events`` end a phase (a reveal, a pass of hands, a discard, a round's end)."""
    return any(isinstance(e, RESOLVING) for e in events)


def _flight(kind: str, first: Any, start: Any, end: Any, duration: float, **kw: Any) -> Flight:
    """A :class:`scenes.kit.flight.Flight` from ``start`` to ``end`` (pygame rects or (x, y, w, h)
    in LOGICAL px) over ``duration`` ms; ``kw`` as Flight's."""
    return Flight(kind, first, as_tuple(start), as_tuple(end), duration, **kw)


def _longest(flights: Sequence[Flight]) -> float:
    """ms until the last of ``flights`` has landed (delay + duration)."""
    return max((f.tween.delay_ms + f.tween.duration_ms for f in flights), default=0.0)


class SushiChoreo:
    """The scene's choreographies (generators for its timeline) and its non-blocking flights.

    Args:
        scene: the play scene (a :class:`SushiStage`) whose ``shown``, ``areas``, ``timeline``
            and ``side`` (chosen cards still flying, with their landing) it edits.
    """

    def __init__(self, scene: SushiStage):
        self.sc = scene

    # -- sprites ----------------------------------------------------------------------------------
    def fly(self, flights: Sequence[Flight]) -> None:
        """Make ``flights`` the choreography's sprites (chosen cards still flying stay first)."""
        self.sc.timeline.sprites = [f for f, _ in self.sc.side] + list(flights)

    def side_choice(self, seat: int, action: str | None, start_rect: pygame.Rect | None) -> None:
        """A hidden choice that does not end the phase: its card flies without blocking anyone
        (a human may be dragging meanwhile) and lands on its own."""
        flight, land = self.place(seat, action, start_rect)
        entry = (flight, land)
        self.sc.side.append(entry)
        self.sc.timeline.add(flight)
        self.sc.timeline.spawn(self._g_land(entry))

    def _g_land(self, entry: tuple[Flight, Callable[[], None]]) -> Choreography:
        flight, land = entry
        while not flight.done:
            tw = flight.tween
            yield max(1e-3, tw.delay_ms + tw.duration_ms - tw.elapsed_ms - 1e-6)
        if entry in self.sc.side:  # (not landed yet by finish_side)
            self.sc.side.remove(entry)
            self._drop_sprite(flight)
            land()

    def _drop_sprite(self, flight: Flight) -> None:
        if flight in self.sc.timeline.sprites:
            self.sc.timeline.sprites.remove(flight)

    def finish_side(self) -> None:
        """Land every chosen card still flying at once."""
        side, self.sc.side = self.sc.side, []
        for flight, land in side:
            flight.tween.finish()
            self._drop_sprite(flight)
            land()

    def apply_ahead(self) -> None:
        """While a deal, a reveal or a pass animates, apply the AI seats' choices of the phase that
        follows as soon as the worker has them (:meth:`game.match.Match.drive`; issue 21 §3: the
        person who decides at once then waits for nobody). Nothing flies: they lie face down when
        the animation ends, as its last step takes a new snapshot; the game log tells them with the
        next action. Only while a person is still to choose (no AI's choice can end the phase
        unseen); never during a round's end and scoring, a forced keep, a tutorial's step or
        behind the privacy screen."""
        sc = self.sc
        if (not sc.timeline.running or sc.scoring is not None or sc.review or sc.leaving
                or sc.privacy_for is not None or not sc.coaching.bots_allowed()):
            return
        v = sc.match.view(sc.bottom)
        if v.round != sc.shown.round or v.phase not in (EAT, KEEP) or (v.phase == KEEP and v.step == STEPS - 1):
            return
        if any(sc.seats[s] == "human" for s in v.to_act):  # (so no AI's choice ends the phase unseen)
            sc.match.drive()

    # -- a choice ---------------------------------------------------------------------------------
    def place(self, seat: int, action: str | None,
              start_rect: pygame.Rect | None) -> tuple[Flight, Callable[[], None]]:
        """Take the chosen card out of ``seat``'s displayed hand (``sushi.chosen``; ``action`` is
        known only for the bottom seat, else None); returns (its flight to the chosen-card spot,
        the function marking it landed). The card lies face down in front of its seat (bottom
        EAT: on the plate; bottom KEEP: on the keep mat, face up for its owner)."""
        sc = self.sc
        sh = sc.shown
        ss = sh.seats[seat]
        area = sc.areas[seat]
        phase = sh.phase
        card = eaten_card(action) if action is not None else None
        n = ss.hand_count
        end = area.chosen_card(phase)
        secret: str | None = None
        if area.bottom and ss.hand is not None and card in ss.hand:
            i = ss.hand.index(card)
            start = start_rect or area.hand_card(i, n)
            ss.hand.pop(i)
            ss.hand_count = len(ss.hand)
            to_back = phase == EAT
            flight = _flight("card", card, start, end, PLACE_MS, second=BACK if to_back else card,
                            flip=(0.15, 0.85) if to_back else None, lift=14)
        else:
            # the replay viewer's "All" shows the other seats' choices too (after the game)
            secret = sc.open_choice(seat) if not area.bottom else None
            open_card = eaten_card(secret) if secret else None
            start = area.hand_card(max(0, n - 1), max(1, n), face_up=ss.hand is not None)
            ss.hand_count = max(0, n - 1)
            if ss.hand is not None and ss.hand:
                if open_card in ss.hand:
                    ss.hand.remove(open_card)
                else:
                    ss.hand.pop()
            flight = _flight("card", open_card or BACK, start, end, AI_PLACE_MS, lift=6)
        sc.sfx("place")
        private = area.bottom and sh.private

        def land() -> None:
            ss.chosen = True
            ss.choice = action if private else secret

        return flight, land

    def g_resolve(self, seat: int, action: str | None, start_rect: pygame.Rect | None,
                  events: Sequence[Event], hand_sizes: Sequence[int], placed: bool = False) -> Choreography:
        """The last choice of a phase lands (unless ``placed``: it lies face down already, held for
        the reveal's beat, :mod:`scenes.sushi.beat`), then the phase resolves on screen: the reveal,
        the pass (``hand_sizes``: every seat's new hand size, from the view after it) or the
        round's end, as ``events`` tell."""
        if not placed:
            flight, land = self.place(seat, action, start_rect)
            self.fly([flight])
            yield flight.tween.duration_ms
            land()
            self.fly([])
        reveal = first_event(events, Reveal)
        if reveal is not None:
            yield from self.g_reveal(reveal)
        else:  # a pass (the keep that ends a round is forced and never flies here)
            yield from self.g_pass(events, hand_sizes)
        self.sc.refresh()

    # -- EAT reveal -------------------------------------------------------------------------------
    def g_reveal(self, reveal: Reveal) -> Choreography:
        """Every chosen card turns over at once, then flies to its owner's eaten stack."""
        sc = self.sc
        sh = sc.shown
        n = sh.num_seats
        sc.anim_label = _("Everyone reveals their sushi")
        actions = reveal.actions
        for s in range(n):
            sh.seats[s].chosen = False
            sh.seats[s].choice = None
        starts = [sc.areas[s].chosen_card(EAT) for s in range(n)]
        mids = [sc.areas[s].reveal_card() for s in range(n)]
        self.fly([_flight("card", BACK, starts[s], mids[s], GATHER_MS, lift=10) for s in range(n)])
        yield GATHER_MS
        self.fly([_flight("card", BACK, mids[s], mids[s], FLIP_MS, second=reveal.cards[s], flip=(0, 1),
                         ease="linear", lift=0) for s in range(n)])
        sc.sfx("slide")
        yield FLIP_MS + REVEAL_HOLD_MS
        flights = []
        for s in range(n):
            t = reveal.types[s]
            k = len(stacks_of(sh.seats[s].eaten)[t])
            dst = sc.areas[s].stack_card(TYPES.index(t), k, k + 1, wild=reveal.cards[s] == WILD)
            flights.append(_flight("card", reveal.cards[s], mids[s], dst, TO_STACK_MS, delay=s * STACK_STAGGER_MS,
                                   lift=14))
        self.fly(flights)
        yield TO_STACK_MS + STACK_STAGGER_MS * n
        sc.sfx("place")
        for s in range(n):
            sh.seats[s].eaten.append(actions[s])
        self.fly([])

    # -- KEEP: pass to the left -------------------------------------------------------------------
    def g_pass(self, events: Sequence[Event], hand_sizes: Sequence[int]) -> Choreography:
        """Every seat's leftovers fly to its left neighbour; the kept cards go back into their
        hands; the bottom seat's received cards turn face up into its new hand (``sushi.keep``
        and ``sushi.pass`` of the bottom seat; the others' cards stay backs)."""
        sc = self.sc
        sh = sc.shown
        n = sh.num_seats
        b = sc.bottom
        sc.anim_label = _("Passing hands to the left")
        flights: list[Flight] = []
        new_counts = list(hand_sizes)
        mine = sh.private and sh.seats[b].hand is not None
        keep: Keep | None = first_event(events, Keep, b) if mine else None
        got: Pass | None = first_event(events, Pass, b) if mine else None
        new_hand = list(got.hand) if got is not None else None
        m = new_counts[b]
        kept_slot: int | None = None
        if got is not None:
            kept_slot = got.kept_slot
        elif m:
            kept_slot = m - 1
        recv_slots = list(got.received_slots) if got is not None else [i for i in range(m) if i != kept_slot]
        for s in range(n):
            src_area = sc.areas[s]
            dst = keep.to_seat if (keep is not None and s == b) else (s + 1) % n
            dst_area = sc.areas[dst]
            ss = sh.seats[s]
            k = ss.hand_count
            passed = list(keep.passed) if (keep is not None and s == b) else None
            for j in range(k):
                delay = j * PASS_STAGGER_MS + s * 20
                start = src_area.hand_card(j, k)
                face = passed[j] if (passed is not None and j < len(passed)) else BACK
                if dst_area.bottom:
                    slot = recv_slots[j] if j < len(recv_slots) else j
                    end = dst_area.hand_card(slot, m)
                    last = new_hand[slot] if new_hand is not None and slot < len(new_hand) else BACK
                    flights.append(_flight("card", face, start, end, PASS_MS, second=last,
                                          flip=(0.72, 1.0) if last != BACK else None, delay=delay, lift=18,
                                          angle1=dst_area.hand_angle(slot, m)))
                else:
                    end = dst_area.hand_card(min(j + 1, 5), max(new_counts[dst], 1))
                    flights.append(_flight("card", face, start, end, PASS_MS, second=BACK,
                                          flip=(0.0, 0.25) if face != BACK else None, delay=delay, lift=18,
                                          angle0=src_area.hand_angle(j, k)))
            # the kept card goes back into its own hand
            if ss.chosen:
                start = src_area.chosen_card(KEEP)
                if src_area.bottom:
                    slot = kept_slot if kept_slot is not None else 0
                    end = src_area.hand_card(slot, m)
                    face = got.kept if got is not None else BACK
                    flights.append(_flight("card", face, start, end, PASS_MS * 0.8, delay=PASS_MS * 0.4, lift=10,
                                          angle1=src_area.hand_angle(slot, m)))
                else:
                    end = src_area.hand_card(0, max(new_counts[s], 1))
                    flights.append(_flight("card", BACK, start, end, PASS_MS * 0.8, delay=PASS_MS * 0.4, lift=6))
        sh.clear_hands()
        self.fly(flights)
        sc.sfx("slide")
        yield _longest(flights) + 60
        self.fly([])

    # -- the deal ---------------------------------------------------------------------------------
    def g_deal(self, cards: Sequence[str] | None) -> Choreography:
        """A new round: six cards fly from the middle of the table to every seat; the bottom
        seat's turn face up (``cards``: its ``sushi.deal`` cards, None while its owner is not
        looking)."""
        sc = self.sc
        target = sc.take_snapshot()
        work = sc.take_snapshot()
        work.clear_hands()
        sc.shown = work
        sc.anim_label = _("Round {n}: dealing").format(n=target.round + 1)
        yield DEAL_BEAT_MS  # (a first frame that renders and caches the art never skips the deal)
        n = work.num_seats
        faces = list(cards) if (cards is not None and target.private) else None
        flights = []
        order = [(sc.bottom + k) % n for k in range(1, n + 1)]  # the left neighbour first
        for j in range(6):
            for k, s in enumerate(order):
                ts = target.seats[s]
                m = ts.hand_count + (1 if ts.chosen else 0)
                if j >= m:
                    continue
                area = sc.areas[s]
                end = area.hand_card(j, m)
                face = faces[j] if (area.bottom and faces is not None and j < len(faces)) else BACK
                delay = (j * n + k) * DEAL_STAGGER_MS
                start = centered(DECK_POS, end.w * 0.8, end.h * 0.8)
                flights.append(_flight("card", BACK, start, end, DEAL_MS, second=face,
                                      flip=(0.7, 1.0) if face != BACK else None, delay=delay, lift=12,
                                      angle1=area.hand_angle(j, m)))
        self.fly(flights)
        sc.sfx("slide")
        yield _longest(flights) + 80
        self.fly([])
        sc.shown = target
        sc.refresh()

    # -- end of a round ---------------------------------------------------------------------------
    def g_round_end(self, events: Sequence[Event]) -> Choreography:
        """The last card of every hand is discarded (``sushi.discard``), then the round is
        scored (:meth:`g_scoring`)."""
        sc = self.sc
        sh = sc.shown
        sc.anim_label = _("Last card: discarded")
        yield FORCED_PAUSE_MS
        flights = []
        for s, ss in enumerate(sh.seats):
            area = sc.areas[s]
            k = ss.hand_count
            gone = first_event(events, Discard, s) if ss.hand is not None else None
            for j in range(k):
                start = area.hand_card(j, k)
                face = gone.card if (gone is not None and j == 0) else BACK
                end = centered(DECK_POS, start.w * 0.6, start.h * 0.6)
                flights.append(_flight("card", face, start, end, DISCARD_MS, second=BACK,
                                      flip=(0.0, 0.4) if face != BACK else None, a0=255, a1=0, lift=10,
                                      angle0=area.hand_angle(j, k)))
            ss.clear_hand()
        self.fly(flights)
        sc.sfx("slide")
        yield DISCARD_MS + 60
        self.fly([])
        yield from self.g_scoring(events)

    def g_scoring(self, events: Sequence[Event]) -> Choreography:
        """The round's six ``sushi.award`` events, pile by pile: the chip flies face down to its
        winner; the bottom seat's own chips turn over to show their value to it. After
        ``sushi.end``: every chip is revealed and the score screen follows."""
        sc = self.sc
        sh = sc.shown
        r = sh.round
        won = [e for e in events if isinstance(e, AwardEvent) and e.round == r]
        awards = [e.award for e in won]
        final = first_event(events, End) is not None
        panel = sc.scoring = ScoringShow(r, awards, final=final)
        panel.texts = [award_text(a, sc.names) for a in awards]
        sc.anim_label = _("Round {n} scoring").format(n=r + 1)
        sc.sync_widgets()
        yield SCORE_START_MS
        for k, event in enumerate(won):
            award = event.award
            panel.index = k
            yield SCORE_PILE_MS
            w = award.seat
            if w is None:
                yield SCORE_HOLD_MS
                continue
            pk = PILES.index(award.pile)
            left = sh.piles_left[pk]
            start = pile_chip_rect(pk, max(0, min(2, left - 1)))
            sh.piles_left[pk] = max(0, left - 1)
            ws = sh.seats[w]
            area = sc.areas[w]
            dst = area.chip(len(ws.chips), len(ws.chips) + 1)
            self.fly([_flight("chip", ("back", award.pile), start, dst, CHIP_MS, lift=16)])
            sc.sfx("coins")
            yield CHIP_MS
            value = event.value if (w == sc.bottom and sh.private) else None
            if value is not None:
                self.fly([_flight("chip", ("back", award.pile), dst, dst, CHIP_FLIP_MS,
                                 second=("face", award.pile, value), flip=(0, 1), ease="linear", lift=0)])
                yield CHIP_FLIP_MS
            self.fly([])
            ws.chips.append(award.pile)
            ws.values.append(value)
            yield SCORE_HOLD_MS
        panel.index = len(awards)
        panel.done = True
        if final:
            # the game is over: every chip is revealed (the last round's sushi stays on the table)
            sc.shown = sc.take_snapshot()
            sc.show_end()
        elif not sc.humans:
            panel.auto_ms = AUTO_NEXT_MS
        sc.anim_label = ""
        sc.sync_widgets()


__all__ = ["RESOLVING", "SushiChoreo", "resolves"]
