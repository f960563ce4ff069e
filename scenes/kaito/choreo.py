"""KAITO's choreography: the events of an action (:mod:`game.kaito.events`) turned into animations.

:meth:`Choreographer.play` takes the events one action caused, as the seat shown may know them
(``match.events_for(seat, cursor)``), and returns a generator for the scene's
:class:`scenes.kit.timeline.Timeline`. Every fact it shows comes from an event: the blank squares
(:class:`KaitoPlaced`), the glide distance (:class:`KaitoMoved`), the tile taken, whether it is now
held or out of the game and its slot there (:class:`TileCaptured`), the Mon paid and their slots,
the tile retrieved, where it came from and the square it now lies on (:class:`MonExchanged`).
The sprites are :class:`scenes.kaito.sprites.TileFlight` (the kit's ``Flight``); the displayed
position (:class:`scenes.kaito.shown.Shown`) is advanced step by step and, at the end, checked
against the new view and replaced by it.

Timings are ms of animation time (speed 1).
"""
from __future__ import annotations

import logging
from typing import Any, Iterator, Protocol, Sequence

import pygame

from game.core import Event, first_event
from game.kaito.events import KaitoMoved, KaitoPlaced, MonExchanged, TileCaptured
from game.kaito.rules import square_name
from game.match import Match
from scenes.kaito.art import pawn_path, tile_path
from scenes.kaito.layout import (
    BLANK_FADE_SHRINK,
    as_tuple,
    held_rect,
    pawn_rect_at,
    square_rect,
    tally_rect,
)
from scenes.kaito.shown import Shown
from scenes.kaito.sprites import TileFlight
from scenes.kit.tween import Tween, ease_in_out_sine


class KaitoStage(Protocol):
    """What the choreography reads and edits of the play scene (:class:`scenes.kaito.scene.KaitoPlayScene`
    is one): the displayed position ``shown``, the ``timeline``, where the pawn rests, a seat's
    panel rect, and its sound effects."""

    shown: Any
    timeline: Any

    def pawn_home(self) -> pygame.Rect: ...

    def panel(self, seat: int) -> pygame.Rect: ...

    def sfx(self, name: str) -> None: ...

log = logging.getLogger("tatami.kaito")

PLACE_MS = 460.0
SETTLE_MS = 170.0
GLIDE_MS = 300.0
CAPTURE_MS = 420.0
PAY_MS = 460.0
RETRIEVE_MS = 520.0
FLIP_MS = 280.0
BLANK_FADE_MS = 380.0
#: ms between two paid Mon tiles starting their flights
PAY_STAGGER_MS = 60.0
#: An AI's move plays this many times as fast as a person's (issue 21 §3: about 0.45 s instead of
#: 1 s at normal speed; :func:`scenes.play.pacing.move_pace`).
OTHERS_PACE = 2.2

#: A choreography: a generator yielding waits in ms (:mod:`scenes.kit.timeline`).
Choreography = Iterator[float]


def capture_preview(match: Match, seat: int, square: int) -> tuple[KaitoMoved, TileCaptured]:
    """The events the plain capture on ``square`` would cause, asked of the core
    (:meth:`game.match.Match.preview`; nothing is applied).

    Used once per turn, when a capture allows a Mon exchange: the capture is shown before the
    player decides on the exchange, and the action (capture + exchange, one action in RULES.md §1)
    is only applied once decided.

    Raises:
        game.core.ActionError: the capture is not legal (the scene offers only legal targets)."""
    events = match.preview(seat, square_name(square))
    return first_event(events, KaitoMoved), first_event(events, TileCaptured)


class Choreographer:
    """Turns a KAITO action's events into a generator of animation steps for the scene's timeline.

    Attributes:
        pawn_flight: the pawn's flight while it glides (drawn instead of the resting pawn).
        flip, flip_to: the pawn turning over to the next seat's colour (a 0..1 tween) and that
            colour, while it turns.
        desyncs: how many times the events left the displayed position different from the next
            view (0 unless the events and the view disagree; then the view wins and it is logged).
    """

    def __init__(self, scene: KaitoStage):
        self.scene = scene
        self.pawn_flight: TileFlight | None = None
        self.flip: Tween | None = None
        self.flip_to: str | None = None
        self.desyncs = 0

    # -- sprites ----------------------------------------------------------------------------------
    def flights(self, layer: str) -> list[TileFlight]:
        """The flights of ``layer`` ("under" / "over") moving now, in launch order."""
        return [s for s in self.scene.timeline.sprites if isinstance(s, TileFlight) and s.layer == layer]

    def _launch(self, flight: TileFlight) -> TileFlight:
        self.scene.timeline.add(flight)
        return flight

    def _drop(self, *layers: str) -> None:
        """Forget the flights of ``layers`` (their tiles are drawn where they landed)."""
        tl = self.scene.timeline
        tl.sprites = [s for s in tl.sprites if not (isinstance(s, TileFlight) and s.layer in layers)]
        if "pawn" in layers:
            self.pawn_flight = None

    def reset(self) -> None:
        """The main choreography ended: no pawn flight, no flip (the timeline dropped the sprites)."""
        self.pawn_flight = None
        self.flip = None
        self.flip_to = None

    # -- one action ------------------------------------------------------------------------------
    def play(self, events: Sequence[Event], view: Any, drop_rect: pygame.Rect | None = None,
             capture_done: bool = False, paid_rects: Sequence[tuple[str, pygame.Rect]] | None = None) -> Choreography:
        """The animation of one action's ``events``, ending with the scene showing ``view``
        (the shown seat's view after the action).

        Args:
            drop_rect: where a person dropped the pawn (it settles from there), or None (it glides
                from its square).
            capture_done: the move and capture were already shown (:meth:`capture`, before the
                player chose the exchange): only the exchange and the turn-over remain.
            paid_rects: (tile code, rect) of the Mon the player laid in the pay area, in the
                order laid; the paid tiles fly from there instead of from the held row."""
        sh = self.scene.shown
        flip_to = view.colors[view.to_move] if view.to_move is not None and view.phase != "place" else None
        if flip_to == sh.pawn_color:
            flip_to = None
        placed = first_event(events, KaitoPlaced)
        if placed is not None:
            yield from self._place(placed, drop_rect)
        else:
            moved, captured = first_event(events, KaitoMoved), first_event(events, TileCaptured)
            exchanged = first_event(events, MonExchanged)
            if not capture_done and moved is not None and captured is not None:
                # without a buy-back the Kaito turns over while the captured tile flies
                early = flip_to if exchanged is None else None
                yield from self.capture(moved, captured, drop_rect, early)
                flip_to = None if early else flip_to
            if exchanged is not None:
                yield from self._exchange(exchanged, paid_rects)
        if flip_to is not None:
            self._turn_over(flip_to)
            yield FLIP_MS
        sh = self.scene.shown
        if not sh.agrees_with(view):
            self.desyncs += 1
            log.warning("kaito: the events left %r, the view shows otherwise; showing the view", sh)
        self.scene.shown = Shown.from_view(view, sh.pawn_color)

    def _place(self, placed: KaitoPlaced, drop_rect: pygame.Rect | None) -> Choreography:
        """The opening: the blanks fade from their squares, the pawn goes to ``placed.square``."""
        scene, sh = self.scene, self.scene.shown
        start = drop_rect or scene.pawn_home()
        dur = SETTLE_MS if drop_rect is not None else PLACE_MS
        sh.remove_blanks(placed)
        for sq in placed.blanks:
            r = square_rect(sq)
            self._launch(TileFlight(tile_path("OO"), as_tuple(r), as_tuple(r.inflate(-BLANK_FADE_SHRINK, -BLANK_FADE_SHRINK)), BLANK_FADE_MS,
                                    "in_quad", delay=dur * 0.6, a0=255, a1=0, lift=0))
        self.pawn_flight = self._launch(TileFlight(pawn_path(sh.pawn_color), as_tuple(start),
                                                   as_tuple(pawn_rect_at(placed.square)), dur, "in_out_cubic",
                                                   lift=16, layer="pawn"))
        yield dur
        sh.settle_placement(placed)
        self._drop("pawn")
        scene.sfx("place")
        yield BLANK_FADE_MS * 0.6
        self._drop("over")

    def _turn_over(self, color: str) -> None:
        """The Kaito starts turning over to ``color`` (the next seat's), over :data:`FLIP_MS`."""
        self.flip_to = color
        self.flip = self.scene.timeline.add(Tween(0.0, 1.0, FLIP_MS, ease_in_out_sine))

    def capture(self, moved: KaitoMoved, captured: TileCaptured, drop_rect: pygame.Rect | None,
                flip_to: str | None = None) -> Choreography:
        """The pawn glides ``moved.frm`` -> ``moved.to`` (or settles from ``drop_rect``), then the
        tile flies to the mover's held row or to its owner's out-of-game tally, at the event's slot
        (and, with ``flip_to``, the Kaito turns over to that colour meanwhile)."""
        scene, sh = self.scene, self.scene.shown
        sq = moved.to
        start = drop_rect or scene.pawn_home()
        dur = SETTLE_MS if drop_rect is not None else GLIDE_MS * (0.75 + 0.1 * moved.distance)
        self.pawn_flight = self._launch(TileFlight(pawn_path(sh.pawn_color), as_tuple(start),
                                                   as_tuple(pawn_rect_at(sq)), dur, "in_out_cubic", lift=10,
                                                   layer="pawn"))
        scene.sfx("slide")
        yield dur
        sh.land(sq)
        self._drop("pawn")
        scene.sfx("capture")  # the Kaito lands: the captured tile starts its flight
        if flip_to is not None:
            self._turn_over(flip_to)
        src = square_rect(captured.square)
        if captured.held:
            dst = held_rect(scene.panel(captured.seat), captured.slot)
            self._launch(TileFlight(tile_path(captured.tile), as_tuple(src), as_tuple(dst), CAPTURE_MS,
                                    "in_out_cubic", lift=22, layer="under"))
            yield CAPTURE_MS
        else:
            dst = tally_rect(scene.panel(captured.owner), captured.slot)
            self._launch(TileFlight(tile_path(captured.tile), as_tuple(src), as_tuple(dst), CAPTURE_MS * 1.1,
                                    "in_out_cubic", a0=255, a1=110, lift=16, layer="under"))
            yield CAPTURE_MS * 1.1
        sh.receive(captured)
        self._drop("under")

    def _exchange(self, ex: MonExchanged, paid_rects: Sequence[tuple[str, pygame.Rect]] | None) -> Choreography:
        """The paid Mon fly to the opponent's out-of-game tally (from the pay area, or from the
        event's slots of the held row), the retrieved tile flies from the event's slot of the
        opponent's row onto ``ex.square``."""
        scene, sh = self.scene, self.scene.shown
        opp = 1 - ex.seat
        sources = self._paid_sources(ex, paid_rects)
        scene.sfx("coins")  # the Mon tiles are paid, the katana / kabuto comes back
        sh.lift_exchange(ex)
        for k, (code, src) in enumerate(zip(ex.paid, sources)):
            dst = tally_rect(scene.panel(opp), ex.out_slot + k)
            self._launch(TileFlight(tile_path(code), as_tuple(src), as_tuple(dst), PAY_MS, "in_out_cubic",
                                    delay=k * PAY_STAGGER_MS, a0=255, a1=110, lift=14))
        src_back = held_rect(scene.panel(opp), ex.from_slot)
        self._launch(TileFlight(tile_path(ex.retrieved), as_tuple(src_back), as_tuple(square_rect(ex.square)),
                                RETRIEVE_MS, "in_out_cubic", delay=PAY_MS * 0.5, lift=26, layer="under"))
        yield PAY_MS * 0.5 + RETRIEVE_MS
        sh.settle_exchange(ex)
        self._drop("over", "under")

    def _paid_sources(self, ex: MonExchanged,
                      paid_rects: Sequence[tuple[str, pygame.Rect]] | None) -> list[pygame.Rect]:
        """Where each tile of ``ex.paid`` starts its flight: the pay-area rect of a laid tile with
        the same code (each used once), else its slot in the mover's held row."""
        panel = self.scene.panel(ex.seat)
        rows = [held_rect(panel, i) for i in ex.paid_slots]
        if paid_rects is None:
            return rows
        free = list(paid_rects)
        out = []
        for code, row_rect in zip(ex.paid, rows):
            hit = next((k for k, (c, _) in enumerate(free) if c == code), None)
            out.append(free.pop(hit)[1] if hit is not None else row_rect)
        return out


__all__ = ["BLANK_FADE_MS", "CAPTURE_MS", "Choreographer", "FLIP_MS", "GLIDE_MS", "OTHERS_PACE", "PAY_MS", "PLACE_MS",
           "RETRIEVE_MS", "SETTLE_MS", "capture_preview"]
