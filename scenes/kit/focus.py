"""Keyboard focus over a widget group (issue 12, "Keyboard and settings"): Tab / Shift+Tab move a
visible focus ring over the buttons, choices, sliders and text fields that can be used now, in the
group's order (wrapping); the arrow keys (where the scene does not use them itself) move it by the
screen's geometry (issue 21 §5): to the nearest usable thing in the arrow's direction
(:func:`nearest`), so Right on a board goes to the next file and Up to the next rank; Enter or
Space acts on the focused one; Left / Right change a focused choice or slider; number keys pick
the scene's numbered entries. The ring shows once the keyboard is used and hides on a mouse
press. The UI dump marks the focused element with ``"focus": true``. A text field the ring comes
to starts its editing (its ``focus()``); a field being edited keeps the keys until Tab, Enter or
Esc ends it (Tab then goes on from the field).

Widgets are recognised by what they offer (``on_click``; ``options`` + ``set_value``; a
``Slider``'s ``step``; a text field's ``focus`` / ``blur`` / ``focused``), so this module imports no
widget class.

A scene may put other things before the widgets in the ring (``FocusRing.extra``): the play scenes
give the pieces a person can act with now, then, once one is picked, its legal targets
(:class:`FocusStop`, built by :mod:`scenes.play.keyplay`)."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Hashable

import pygame

from scenes.kit.draw import C

if TYPE_CHECKING:
    from scenes.kit.scene import UIElement

NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
PREV_KEYS = (pygame.K_UP, pygame.K_LEFT)
#: The arrow keys' directions on screen (x right, y down).
ARROW_DIRECTIONS: dict[int, tuple[int, int]] = {
    pygame.K_RIGHT: (1, 0), pygame.K_LEFT: (-1, 0), pygame.K_DOWN: (0, 1), pygame.K_UP: (0, -1),
}
ACT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: Keys that are only modifiers (Shift, Ctrl, Alt, the system key, AltGr): no sign of the keyboard in use.
MODIFIER_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
                 pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE, pygame.K_CAPSLOCK, pygame.K_NUMLOCK)
#: Keys that open or leave a screen or switch the window (Esc: pause, F11: full screen), which a
#: mouse player presses too: no sign that the keyboard plays.
NEUTRAL_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6,
                pygame.K_F7, pygame.K_F8, pygame.K_F9, pygame.K_F10, pygame.K_F11, pygame.K_F12)
#: How far off an arrow's line a target out of the focused one's row (column) may lie: at most this
#: many times its distance along the arrow (KAITO: Right from a square three ranks above the
#: Kaito still reaches the next file on the Kaito's rank).
CONE = 3
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}


@dataclasses.dataclass(eq=False)
class FocusStop:
    """A place of the ring that is not a widget (a piece or a drop target of a play scene).

    Attributes:
        key: identifies the stop across frames (the ring keeps the focus on an equal key).
        rect: its LOGICAL rect (the ring is drawn around it).
        on_click: what Enter / Space does (returns nothing).
        id: the UI dump element it is (gets ``"focus": true``), or None.
        visible, enabled: always True (what the ring asks of a widget)."""

    key: Hashable
    rect: Any
    on_click: Callable[[], Any]
    id: str | None = None
    visible: bool = True
    enabled: bool = True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FocusStop) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


def _editable(w: Any) -> bool:
    """A text field: it offers ``focus()`` / ``blur()`` and tells whether it is ``focused``."""
    return callable(getattr(w, "focus", None)) and callable(getattr(w, "blur", None)) and hasattr(w, "focused")


def _focusable(w: Any) -> bool:
    return bool(w.visible and w.enabled and (callable(getattr(w, "on_click", None)) or hasattr(w, "options")
                                               or hasattr(w, "step") or _editable(w)))


def nearest(origin: Any, candidates: list[Any], direction: tuple[int, int]) -> Any:
    """The candidate an arrow key goes to from ``origin``, or None.

    Args:
        origin: the LOGICAL rect (a ``pygame.Rect`` or ``(x, y, w, h)``) the focus is on.
        candidates: things with a LOGICAL ``rect`` (widgets, :class:`FocusStop`).
        direction: ``(dx, dy)``, one of :data:`ARROW_DIRECTIONS` (x right, y down).

    Only candidates whose centre lies beyond the origin's centre in ``direction`` count. Those that
    share the origin's row (Left / Right: their vertical extents overlap) or column (Up / Down)
    come first, the closest along the direction (then the least off it): on a board Right goes to
    the next file of the same rank. Otherwise, among those whose centre lies beyond the origin's
    edge and at most :data:`CONE` times as far across the direction as along it (Left from a card
    never drops to a button below it), the closest by the distance along plus twice the distance
    across (centre to centre, px)."""
    o = pygame.Rect(origin)
    dx, dy = direction
    best: Any = None
    best_key: tuple[int, float, float] | None = None
    for c in candidates:
        r = pygame.Rect(c.rect)
        vx, vy = r.centerx - o.centerx, r.centery - o.centery
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        if dx:
            in_line = r.top < o.bottom and o.top < r.bottom
        else:
            in_line = r.left < o.right and o.left < r.right
        if not in_line:  # its centre beyond the origin's edge, and not too far off the line
            edge = ((r.centerx - (o.right if dx > 0 else o.left)) * dx
                    + (r.centery - (o.bottom if dy > 0 else o.top)) * dy)
            if edge <= 0 or across > CONE * along:
                continue
        key = (0, along, across) if in_line else (1, along + 2 * across, across)
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


class FocusRing:
    """The focus of one widget group.

    Attributes:
        current: the focused widget or None. keyboard: True once a focus key was used (the ring
            is drawn; a mouse press hides it). arrows: the arrow keys move the focus (False where
            the scene uses them: the replay viewer's steps, the rules page's scrolling).
        numbered: ids of the widgets the number keys 1, 2, 3... act on (the main menu's games).
        keys: the person's last input was a key, not a mouse press (:meth:`saw`; a play scene's
            prompts then name keys: "Press Enter on a square")."""

    def __init__(self, group: Any):
        self.group = group
        self.current: Any = None
        self.keyboard = False
        self.arrows = True
        self.numbered: list[str] = []
        self.keys = False
        #: stops before the widgets (:class:`FocusStop` list, asked each time), or None
        self.extra: Callable[[], list[FocusStop]] | None = None

    def order(self) -> list[Any]:
        """What can take the focus now: the :attr:`extra` stops, then the group's usable widgets."""
        stops: list[Any] = list(self.extra()) if self.extra is not None else []
        return stops + [w for w in self.group.widgets if _focusable(w)]

    def focus(self, stop: Any) -> None:
        """Put the ring on ``stop`` (a widget or a :class:`FocusStop`) and show it."""
        self._land(stop)
        self.keyboard = True

    def _land(self, w: Any) -> None:
        """Make ``w`` the focused one: a text field left ends its editing, one reached starts it."""
        old = self.current
        if old is not w and old is not None and _editable(old):
            old.blur()
        self.current = w
        if w is not None and _editable(w):
            w.focus()

    def _editing(self, items: list[Any]) -> Any:
        """The text field of ``items`` being edited (clicked into, or reached by the ring), or None."""
        return next((w for w in items if _editable(w) and w.focused), None)

    def move(self, delta: int) -> None:
        """Focus the next (``delta`` 1) or previous (-1) usable widget in the group's order,
        wrapping (Tab / Shift+Tab); from a text field being edited when there is one."""
        items = self.order()
        if not items:
            self.current = None
            return
        editing = self._editing(items)
        if editing is not None:
            self.current = editing
        if self.current not in items:
            self._land(items[0] if delta > 0 else items[-1])
        else:
            self._land(items[(items.index(self.current) + delta) % len(items)])
        self.keyboard = True

    def step(self, key: int) -> None:
        """An arrow ``key``: focus the nearest usable thing in its direction (:func:`nearest`),
        none there: stay. With nothing focused yet: the first (Down / Right) or last (Up / Left)."""
        items = self.order()
        if self.current not in items:
            self.move(1 if key in NEXT_KEYS else -1)
            return
        cur = items[items.index(self.current)]
        nxt = nearest(cur.rect, [w for w in items if w != cur], ARROW_DIRECTIONS[key])
        if nxt is not None:
            self._land(nxt)
        self.keyboard = True

    def activate(self, w: Any) -> bool:
        """Act on ``w`` as a click would (a button's ``on_click``; a text field: start editing)."""
        if _editable(w):
            w.focus()
            return True
        click = getattr(w, "on_click", None)
        if callable(click) and getattr(w, "enabled", True):
            if hasattr(w, "clicks"):
                w.clicks += 1
            click()
            return True
        return False

    def _shift_value(self, w: Any, delta: int) -> bool:
        if hasattr(w, "options"):  # a segmented choice: the neighbouring option
            values = [v for v, _ in w.options if v not in getattr(w, "disabled", ())]
            if w.value in values and len(values) > 1:
                w.set_value(values[(values.index(w.value) + delta) % len(values)], notify=True)
                return True
        if hasattr(w, "step") and hasattr(w, "set_value"):  # a slider
            w.set_value(w.value + delta * w.step)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN the widgets did not use; True if the focus used it."""
        key = getattr(event, "key", None)
        if key == pygame.K_TAB:
            self.move(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return True
        if key in NUMBER_KEYS and self.numbered:
            n = NUMBER_KEYS[key]
            if n <= len(self.numbered):
                w = next((w for w in self.group.widgets if w.id == self.numbered[n - 1] and _focusable(w)), None)
                if w is not None:
                    self.current = w
                    return self.activate(w)
            return False
        if self.current is not None:
            items = self.order()
            if self.current not in items:
                self.current = None
            elif isinstance(self.current, FocusStop):  # the stop's rect and action of this frame
                self.current = items[items.index(self.current)]
        if self.arrows and key in NEXT_KEYS + PREV_KEYS:
            delta = 1 if key in NEXT_KEYS else -1
            if self.keyboard and self.current is not None and key in (pygame.K_LEFT, pygame.K_RIGHT) \
                    and self._shift_value(self.current, delta):
                return True
            self.step(key)
            return True
        if key in ACT_KEYS:
            if self.keyboard and self.current is not None:
                return self.activate(self.current) or key != pygame.K_SPACE
            if key != pygame.K_SPACE and self.order():  # Enter with no ring: show it first
                self.move(1)
                return True
        return False

    def pointer_used(self) -> None:
        """A mouse press: the ring hides until the keyboard is used again."""
        self.keyboard = False
        self.keys = False

    def saw(self, event: pygame.event.Event) -> None:
        """Note the input device of ``event`` (:attr:`keys`): a KEYDOWN of any key but a lone
        modifier or a :data:`NEUTRAL_KEYS` one (Esc to pause and back) sets it, a mouse button
        press clears it; other events change nothing."""
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) not in MODIFIER_KEYS + NEUTRAL_KEYS:
            self.keys = True
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keys = False

    def live(self) -> Any:
        """What the ring shows now, or None (hidden, or what it was on is gone): a visible widget,
        or the :class:`FocusStop` equal to :attr:`current` as :attr:`extra` gives it now (its rect
        of this frame; a piece since played or a target of a cancelled pick is gone). No state
        change."""
        w = self.current if self.keyboard else None
        if w is None:
            return None
        if isinstance(w, FocusStop):
            return next((s for s in (self.extra() if self.extra is not None else []) if s == w), None)
        return w if w.visible else None

    def mark(self, elements: list[UIElement]) -> list[UIElement]:
        """``elements`` with the focused one's ``focus`` set (a choice: its selected option)."""
        w = self.live()
        if w is None:
            return elements
        want = f"{w.id}:{w.value}" if hasattr(w, "options") else w.id
        if want is None:
            return elements
        return [dataclasses.replace(e, focus=True) if e.id == want else e for e in elements]

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        """The ring around what has the focus (:meth:`live`): a vermilion rounded rect 5 logical px
        outside it, 4 px wide, edged outside with 2 px of paper so it reads on the dark board and
        on red pieces too (no state change)."""
        w = self.live()
        if w is None:
            return
        vp = app.viewport
        r = vp.to_window(pygame.Rect(w.rect).inflate(10, 10))
        edge = max(1, vp.px(2))
        pygame.draw.rect(surface, C.PAPER, r.inflate(2 * edge, 2 * edge), width=edge, border_radius=vp.px(14) + edge)
        pygame.draw.rect(surface, C.VERMILION, r, width=max(2, vp.px(4)), border_radius=vp.px(14))


__all__ = ["ARROW_DIRECTIONS", "FocusRing", "FocusStop", "nearest"]
