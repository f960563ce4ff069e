"""Playing with the keyboard alone (issue 12, "Keyboard and settings"): the play scenes' pieces in
the focus ring.

The ring of the scene's widget group (:class:`scenes.kit.focus.FocusRing`) starts with the pieces
the person can act with now — the scene's input handler lists them
(:meth:`scenes.play.input.PlayInput.keyboard_items`: the Kaito, the hand's cards, the neta), in
reading order — then the scene's buttons. Enter or Space on a piece
picks it up exactly as a click does (the drag controller's click-click selection,
:meth:`scenes.kit.dragdrop.DragController.select`); the ring then holds that piece's legal targets
(the controller's, i.e. what the seat's legal actions allow) and the piece itself (Enter on it puts
it back), and Enter on a target drops it there (:meth:`~scenes.kit.dragdrop.DragController.drop_on`,
the scene's own ``on_drop``: the same path as the mouse, so nothing is decided here). Esc cancels a
pick (the ring goes back to the piece; :meth:`scenes.play.input.PlayInput.focus_key`), else
pauses. The UI dump marks the focused piece or target by its id (the handler's ``keyboard_item_id``,
``keyboard_target_id``); the ring goes around the piece as drawn (``keyboard_item_rect``: a hand's
card raised as the focus lifts it). Each game's
answers to these hooks live in its input handler (``scene.input``: KAITO's, Sushi Draft's,
Kanji-zushi's :class:`scenes.play.input.PlayInput`).
"""
from __future__ import annotations

from typing import Any, Protocol

from scenes.kit.focus import FocusStop


class KeyboardScene(Protocol):
    """What keyboard play needs of a play scene (:class:`scenes.play.base.PlayScene` is one): its
    drag controller and widget group, whether it is in review or leaving, and its input handler
    (a :class:`scenes.play.input.PlayInput`, whose keyboard hooks name the pieces and targets)."""

    drag: Any
    widgets: Any
    review: bool
    input: Any

    @property
    def leaving(self) -> bool: ...


class KeyboardPlay:
    """The focus stops of one play scene (``scene.widgets.focus.extra`` is :meth:`stops`)."""

    def __init__(self, scene: KeyboardScene):
        self.scene = scene

    def stops(self) -> list[FocusStop]:
        """The pieces (nothing picked) or the picked piece's targets then the piece, as
        :class:`FocusStop` (LOGICAL rects); none while the person may not act."""
        sc = self.scene
        drag, inp = sc.drag, getattr(sc, "input", None)
        if inp is None or sc.review or sc.leaving or not inp.keyboard_may_act():
            return []
        picked = drag.selected
        if picked is not None:
            out = [FocusStop(("target", tid), rect, self._dropper(tid), inp.keyboard_target_id(tid))
                   for tid, rect in drag.targets]
            out.append(FocusStop(("item", picked), inp.keyboard_item_rect(picked), self._picker(picked),
                                 inp.keyboard_item_id(picked)))
            return out
        return [FocusStop(("item", it), inp.keyboard_item_rect(it), self._picker(it), inp.keyboard_item_id(it))
                for it in inp.keyboard_items() if drag.draggable(it)]

    def _picker(self, item: Any) -> Any:
        return lambda: self.pick(item)

    def _dropper(self, tid: Any) -> Any:
        return lambda: self.drop(tid)

    def pick(self, item: Any) -> None:
        """Enter on a piece: pick it up (or put it back); the ring moves to its first target."""
        drag = self.scene.drag
        ring = self.scene.widgets.focus
        if not drag.select(item):
            return
        stops = self.stops()
        if drag.selected == item and stops:
            ring.focus(stops[0])
        else:
            ring.focus(next((s for s in stops if s.key == ("item", item)), None) or (stops[0] if stops else None))

    def drop(self, tid: Any) -> None:
        """Enter on a target: drop the picked piece there (the scene's own drop). The ring rests
        until the next Tab or Enter."""
        if self.scene.drag.drop_on(tid):
            self.scene.widgets.focus.current = None


__all__ = ["KeyboardPlay"]
