"""Sushi Draft's reveal beat (issue 33, item 12): undo follows the rule — a choice may be taken back
until the reveal.

A person's choice that ends a phase (every other seat has chosen: the AI seats choose while the
last animation runs, so against the AI the person's choice is always the last) is not applied at
once when undo is on: its card flies face down and lies there for :data:`REVEAL_BEAT_MS`, the
banner saying so, and only then is it applied and the phase resolves (the reveal, or the pass of
hands). Until then ``button:undo`` / Ctrl+Z takes it back (:meth:`scenes.play.undo.Undo.hold`); Space
or Enter reveals at once. Never online (the server decides), in a tutorial or the replay viewer.
"""
from __future__ import annotations

from typing import Any, Iterator

from game.core import Event
from game.i18n import _
from game.sushi.rules import EAT

#: How long a choice that ends its phase lies face down before it is applied (ms of animation
#: time at speed 1): the moment an undo may still take it back.
REVEAL_BEAT_MS = 1300.0


def hold(sc: Any, seat: int, action: str, start_rect: Any) -> bool:
    """Hold the person's ``action`` for ``seat`` for the beat when :func:`holds` says so: the
    choice is the scene's undo's to take back (:meth:`scenes.play.undo.Undo.hold`) and
    :func:`g_beat` runs as the main choreography. True if held (else the scene applies it now)."""
    if not holds(sc, seat, action):
        return False
    sc.undoing.hold(seat, action)
    sc.choreo.finish_side()
    sc.run_main(g_beat(sc, seat, action, start_rect))
    return True


def apply_held(sc: Any) -> list[Event] | None:
    """Apply the choice held for the beat (:meth:`scenes.play.undo.Undo.release`); its events
    (autosaved: a resolved phase), or None when an undo took it back or the state rejected it."""
    held = sc.undoing.release()
    if held is None or not sc.apply_person(*held):
        sc.refresh()
        return None
    sc.autosave()
    return list(sc.take_events(sc.bottom))


def holds(sc: Any, seat: int, action: str) -> bool:
    """True when the person's ``action`` for ``seat`` is held for the beat: undo is on, the scene
    plays offline (no tutorial, not the replay viewer), the action is legal (the core's list) and
    ``seat`` is the only seat still to act (the choice would resolve the phase)."""
    if not sc.undo_enabled or sc.review or sc.coach is not None or getattr(sc.match, "online", False):
        return False
    match = sc.match
    return tuple(match.to_act()) == (seat,) and action in match.legal_actions(seat)


def beat_line(phase: str) -> str:
    """The banner during the beat, in the language in use."""
    if phase == EAT:
        # Translators: the banner for a moment after the last card is chosen, before all are turned over
        return _("The cards turn over in a moment — Undo takes yours back")
    # Translators: the banner for a moment after the last card is kept, before the hands are passed
    return _("The hands pass in a moment — Undo takes yours back")


def g_beat(sc: Any, seat: int, action: str, start_rect: Any) -> Iterator[float]:
    """The choreography of a held choice: its card flies face down, lies there for the beat, then
    the choice is applied (:func:`apply_held`) and the phase
    resolves on screen. An undo during the beat resyncs the scene (this choreography is dropped)."""
    choreo = sc.choreo
    phase = sc.shown.phase
    flight, land = choreo.place(seat, action, start_rect)
    choreo.fly([flight])
    yield flight.tween.duration_ms
    land()
    choreo.fly([])
    sc.anim_label = beat_line(phase)
    sc.sync_widgets()  # (Undo offered for the beat)
    yield REVEAL_BEAT_MS
    sc.anim_label = ""
    events = apply_held(sc)
    if events is None:
        return
    sizes = sc.match.view(sc.bottom).hand_sizes
    yield from choreo.g_resolve(seat, action, None, events, sizes, placed=True)


__all__ = ["REVEAL_BEAT_MS", "apply_held", "beat_line", "g_beat", "hold", "holds"]
