"""Generic drag-and-drop with a click-click alternative, shared by every game's play scene.

The scene owns the items (anything hashable: ``"kaito"``, ``("held", 0, 3)``, a card id ...)
and feeds a :class:`DragController` with its mouse/keyboard events. The controller only reads
``event.type``, ``event.pos`` (LOGICAL pixels), ``event.button`` and ``event.key``; it never polls
the mouse or the keyboard.

Gestures
--------
* **Drag**: press on a draggable item and move it by at least ``click_px`` (4 logical px). The
  item follows the pointer keeping the grab offset; the legal targets are highlighted. On
  release it drops on the legal target whose rect overlaps the dragged rect the most (at least
  ``min_overlap`` of the dragged rect's area), else on the target under the pointer. If there is
  none, or the scene rejects the drop, the item snaps back home with a short eased animation
  (``snap_ms``, 200 ms by default).
* **Click-click**: press and release (moving < ``click_px``) on a draggable item selects it (its
  targets highlight); a click on one of the targets drops it there. Clicking the selected item
  again, clicking elsewhere, Esc or a right-click cancels the selection. Clicking another
  draggable item selects that one instead.

Stray input never raises: other buttons, releases without a press, presses during the snap-back
animation (the animation is finished at once and the press handled normally), Esc with nothing
to cancel (not consumed, so the scene can open its pause menu).

Callbacks (all given to the constructor, all in LOGICAL pixels):
    hit_test(pos) -> item | None          topmost item under ``pos`` (draggable or not)
    item_rect(item) -> pygame.Rect        the item's home rect (where it rests)
    draggable(item) -> bool               may the user pick it up now?
    drop_targets(item) -> [(target_id, pygame.Rect)]   its legal targets now
    on_drop(item, target_id, drop_rect) -> bool   perform the drop; False = rejected (snap back).
        ``drop_rect`` is where the item was released (a drag) or None (a click-click drop), so
        the scene can start its own settle animation from there.
    on_change() -> None                   optional; called when the selection / drag state
        changes (e.g. to refresh the UI dump)
    on_click(item) -> bool                optional; a plain click on a draggable item. Return
        True if the scene handled it (e.g. a toggle): the item is then NOT selected for
        click-click.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Sequence

import pygame

from scenes.kit.tween import Tween, ease_out_cubic

Item = Hashable
TargetList = Sequence[tuple[Any, pygame.Rect]]

#: Movements smaller than this many logical pixels between press and release count as a click.
CLICK_PX = 4
#: Duration of the snap-back animation, ms.
SNAP_MS = 200.0
#: Motion events farther than this from the origin (logical px) are ignored while dragging (the
#: app reports "pointer left the window" as a motion to a far-away position).
FAR_PX = 20000


def _rect(r: Any) -> pygame.Rect:
    return r if isinstance(r, pygame.Rect) else pygame.Rect(r)


def overlap_area(a: pygame.Rect, b: pygame.Rect) -> int:
    """Area in px² of the intersection of two rects (0 if they do not overlap)."""
    c = a.clip(b)
    return c.w * c.h


def best_target(
    targets: Iterable[tuple[Any, pygame.Rect]],
    dragged: pygame.Rect,
    pointer: Sequence[int] | None,
    min_overlap: float = 0.2,
) -> Any | None:
    """The target id to drop on, or None.

    The target with the largest overlap with ``dragged`` wins if that overlap is at least
    ``min_overlap`` x the dragged rect's area; otherwise the target under ``pointer`` (if any).
    Ties keep the first target in the list."""
    targets = [(tid, _rect(r)) for tid, r in targets]
    best, best_area = None, 0
    for tid, r in targets:
        a = overlap_area(dragged, r)
        if a > best_area:
            best, best_area = tid, a
    area = max(1, dragged.w * dragged.h)
    if best is not None and best_area >= min_overlap * area:
        return best
    if pointer is not None:
        for tid, r in targets:
            if r.collidepoint(pointer):
                return tid
    return None


class DragController:
    """Mouse drag-and-drop + click-click selection for one scene (see the module doc).

    Read-only state for drawing:
        active_item: the item being dragged, pressed, or selected (its targets are highlighted).
        dragging: True while an item follows the pointer.
        selected: the click-click selected item, or None.
        targets: [(target_id, rect)] highlighted now (captured when the gesture started).
        hover_target: the target the item would drop on if released now (drag), or the target
            under the pointer (click-click); None otherwise.
        pointer: the last pointer position seen (logical px), or None.
    """

    def __init__(
        self,
        hit_test: Callable[[Sequence[int]], Item | None],
        item_rect: Callable[[Item], pygame.Rect],
        draggable: Callable[[Item], bool],
        drop_targets: Callable[[Item], TargetList],
        on_drop: Callable[[Item, Any, pygame.Rect | None], bool],
        on_change: Callable[[], None] | None = None,
        on_click: Callable[[Item], bool] | None = None,
        snap_ms: float = SNAP_MS,
        click_px: int = CLICK_PX,
        min_overlap: float = 0.2,
    ):
        self.hit_test = hit_test
        self.item_rect = item_rect
        self.draggable = draggable
        self.drop_targets = drop_targets
        self.on_drop = on_drop
        self.on_change = on_change
        self.on_click = on_click
        self.snap_ms = snap_ms
        self.click_px = click_px
        self.min_overlap = min_overlap

        self.pointer: tuple[int, int] | None = None
        self.selected: Item | None = None
        self.targets: list[tuple[Any, pygame.Rect]] = []
        self._pressed: Item | None = None  # item under a held left button
        self._press_pos: tuple[int, int] | None = None
        self._grab: tuple[int, int] = (0, 0)  # pointer - item topleft at press time
        self._size: tuple[int, int] = (0, 0)
        self._dragging = False
        self._press_was_selected = False
        self._pending_target: Any = None  # click-click: target pressed, waiting for release
        self._snap_item: Item | None = None
        self._snap: Tween | None = None

    # -- queries ------------------------------------------------------------------------
    @property
    def dragging(self) -> bool:
        return self._dragging

    @property
    def active_item(self) -> Item | None:
        if self._pressed is not None:
            return self._pressed
        return self.selected

    def busy(self) -> bool:
        """True while dragging or animating a snap-back (the loop should run at full FPS)."""
        return self._dragging or self._snap is not None

    def drag_rect(self) -> pygame.Rect | None:
        """Where the dragged item is drawn now (logical px), or None when not dragging."""
        if not self._dragging or self.pointer is None:
            return None
        return pygame.Rect(
            self.pointer[0] - self._grab[0], self.pointer[1] - self._grab[1], *self._size
        )

    def display_rect(self, item: Item) -> pygame.Rect | None:
        """Where to draw ``item`` if the controller is moving it (drag or snap-back), else None
        (draw it at its home rect)."""
        if self._dragging and item == self._pressed:
            return self.drag_rect()
        if self._snap is not None and item == self._snap_item:
            x, y = self._snap.value
            home = _rect(self.item_rect(item))
            return pygame.Rect(round(x), round(y), home.w, home.h)
        return None

    def is_moving(self, item: Item) -> bool:
        """True if the controller draws ``item`` away from its home (drag or snap-back)."""
        return (self._dragging and item == self._pressed) or (
            self._snap is not None and item == self._snap_item
        )

    @property
    def hover_target(self) -> Any | None:
        if self.active_item is None or not self.targets:
            return None
        if self._dragging:
            r = self.drag_rect()
            return best_target(self.targets, r, self.pointer, self.min_overlap) if r else None
        if self.selected is not None and self.pointer is not None:
            return self._target_at(self.pointer)
        return None

    # -- control -------------------------------------------------------------------------
    def cancel(self, animate: bool = True) -> bool:
        """Drop any selection; a dragged item snaps back (animated unless ``animate`` is False).
        Returns True if there was something to cancel."""
        had = self._pressed is not None or self.selected is not None
        if self._dragging and animate and self.pointer is not None:
            self._start_snap(self._pressed, self.drag_rect())
        self._reset_gesture()
        self.selected = None
        self.targets = []
        if not animate:
            self._snap = None
            self._snap_item = None
        if had:
            self._changed()
        return had

    def select(self, item: Item) -> bool:
        """The keyboard's pick (:mod:`scenes.play.keyplay`): what a click on ``item`` does — the
        scene's ``on_click`` first, else ``item`` becomes the click-click selection with its
        targets (a second pick of the selected item drops the selection). False if ``item`` may
        not be picked up now."""
        if self._pressed is not None or not self._safe_draggable(item):
            return False
        if self._snap is not None:
            self.finish_animation()
        if self.on_click is not None and self.on_click(item):
            self.selected = None
            self.targets = []
        elif self.selected == item:
            self.selected = None
            self.targets = []
        else:
            self.selected = item
            self.targets = list(self._safe_targets(item))
        self._changed()
        return True

    def drop_on(self, tid: Any) -> bool:
        """The keyboard's drop: the selected item onto its target ``tid`` as a click-click drop
        does (``on_drop(item, tid, None)``). False (the selection kept) if nothing is selected,
        ``tid`` is not one of its targets or the scene rejects the drop."""
        item = self.selected
        if item is None or all(t != tid for t, _ in self.targets):
            return False
        self.selected = None
        self.targets = []
        ok = self._safe_drop(item, tid, None)
        if not ok:
            self.selected = item
            self.targets = list(self._safe_targets(item))
        self._changed()
        return ok

    def reset(self) -> None:
        """Forget everything at once (no animation): call when the scene's position changes."""
        self.cancel(animate=False)

    def update(self, dt_ms: float) -> None:
        """Advance the snap-back animation by ``dt_ms`` milliseconds."""
        if self._snap is not None:
            self._snap.update(dt_ms)
            if self._snap is not None and self._snap.done:
                self._snap = None
                self._snap_item = None

    def finish_animation(self) -> None:
        """Jump the snap-back animation to its end."""
        self._snap = None
        self._snap_item = None

    # -- events --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Feed one event; returns True if the controller consumed it."""
        et = event.type
        if et == pygame.MOUSEMOTION:
            return self._on_motion(getattr(event, "pos", None))
        if et == pygame.MOUSEBUTTONDOWN:
            return self._on_down(getattr(event, "pos", None), getattr(event, "button", 1))
        if et == pygame.MOUSEBUTTONUP:
            return self._on_up(getattr(event, "pos", None), getattr(event, "button", 1))
        if et == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            return self.cancel()
        return False

    def _on_motion(self, pos: Any) -> bool:
        if pos is None:
            return False
        x, y = int(pos[0]), int(pos[1])
        if self._dragging and (abs(x) > FAR_PX or abs(y) > FAR_PX):
            return True  # "the pointer left the window" (a synthetic far-away motion): keep the item
        self.pointer = (x, y)
        if self._pressed is None:
            return False
        if not self._dragging and self._press_pos is not None:
            dx = self.pointer[0] - self._press_pos[0]
            dy = self.pointer[1] - self._press_pos[1]
            if dx * dx + dy * dy >= self.click_px * self.click_px:
                self._dragging = True
                self._changed()
        return self._dragging

    def _on_down(self, pos: Any, button: int) -> bool:
        if pos is None:
            return False
        pos = (int(pos[0]), int(pos[1]))
        self.pointer = pos
        if button == 3:  # right-click cancels
            return self.cancel()
        if button != 1:
            return False
        if self._pressed is not None:  # a second press without release: restart cleanly
            self.cancel()
        if self._snap is not None:
            self.finish_animation()
        # click-click: a target of the selected item?
        if self.selected is not None:
            tid = self._target_at(pos)
            if tid is not None:
                self._pending_target = tid
                return True
        item = self._safe_hit(pos)
        if item is not None and self._safe_draggable(item):
            self._press_was_selected = item == self.selected
            self._pressed = item
            self._press_pos = pos
            home = _rect(self.item_rect(item))
            self._grab = (pos[0] - home.x, pos[1] - home.y)
            self._size = (home.w, home.h)
            if not self._press_was_selected:
                self.selected = None
                self.targets = list(self._safe_targets(item))
            self._changed()
            return True
        if self.selected is not None:  # clicked elsewhere: cancel, let the scene see the click
            self.cancel()
        return False

    def _on_up(self, pos: Any, button: int) -> bool:
        if button != 1:
            return False
        if pos is not None:
            self.pointer = (int(pos[0]), int(pos[1]))
        if self._pending_target is not None:
            tid, self._pending_target = self._pending_target, None
            item = self.selected
            if item is None:
                return True
            if pos is not None and self.pointer is not None and self._target_at(self.pointer) != tid:
                return True  # released off the target: keep the selection
            self.selected = None
            self.targets = []
            ok = self._safe_drop(item, tid, None)
            if not ok:
                self.selected = item  # rejected: keep it selected
                self.targets = list(self._safe_targets(item))
            self._changed()
            return True
        item = self._pressed
        if item is None:
            return False  # release without press
        if self._dragging:
            rect = self.drag_rect()
            tid = best_target(self.targets, rect, self.pointer, self.min_overlap) if rect else None
            self._reset_gesture()
            self.selected = None
            self.targets = []
            if tid is None or not self._safe_drop(item, tid, rect):
                self._start_snap(item, rect)
            self._changed()
            return True
        # a click on the item
        was_selected = self._press_was_selected
        self._reset_gesture()
        if self.on_click is not None and self.on_click(item):
            self.selected = None
            self.targets = []
        elif was_selected:
            self.selected = None
            self.targets = []
        else:
            self.selected = item
            if not self.targets:
                self.targets = list(self._safe_targets(item))
        self._changed()
        return True

    # -- helpers -------------------------------------------------------------------------
    def _reset_gesture(self) -> None:
        self._pressed = None
        self._press_pos = None
        self._dragging = False
        self._pending_target = None
        self._press_was_selected = False

    def _start_snap(self, item: Item, from_rect: pygame.Rect | None) -> None:
        if item is None or from_rect is None:
            return
        home = _rect(self.item_rect(item))
        if (from_rect.x, from_rect.y) == (home.x, home.y) or self.snap_ms <= 0:
            return
        self._snap_item = item
        self._snap = Tween((from_rect.x, from_rect.y), (home.x, home.y), self.snap_ms, ease_out_cubic)

    def _target_at(self, pos: Sequence[int]) -> Any | None:
        for tid, r in self.targets:
            if _rect(r).collidepoint(pos):
                return tid
        return None

    def _safe_hit(self, pos: Sequence[int]) -> Item | None:
        return self.hit_test(pos)

    def _safe_draggable(self, item: Item) -> bool:
        return bool(self.draggable(item))

    def _safe_targets(self, item: Item) -> list[tuple[Any, pygame.Rect]]:
        return [(tid, _rect(r)) for tid, r in (self.drop_targets(item) or [])]

    def _safe_drop(self, item: Item, tid: Any, rect: pygame.Rect | None) -> bool:
        return bool(self.on_drop(item, tid, rect))

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


__all__ = ["DragController", "best_target", "overlap_area", "CLICK_PX", "SNAP_MS"]
