"""Sushi Draft's input: drag-and-drop callbacks, clicks, keys and the hand's hover lift.

Handlers read ``event.pos`` / ``event.key`` (LOGICAL px: the app converts window pixels before
the scene sees them) and act only through the scene's ``commit`` (which applies through the
Match). Controls: drag a card onto the plate (EAT) / the keep mat (KEEP), or click it then click
the target; a wild is dropped on the eaten stack of the type it copies (``wild=<type>``);
clicking a wild with one possible type eats it as that type. Esc / the pause button: pause menu
(Esc first cancels a selection). Right-click cancels a selection. The keyboard (Tab / arrows, Enter
or Space; :mod:`scenes.play.keyplay`) picks the hand's cards and drops them on the same targets.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.i18n import N_, _
from game.sushi.rules import EAT, KEEP, PILES, TYPES, WILD
from scenes.kit.scene import UIElement
from scenes.play.input import InputScene, PlayInput
from scenes.sushi.layout import HAND_AREA, KEEP_RECT, PLATE_RECT, pile_cell


class SushiInputScene(InputScene, Protocol):
    """What the input handler uses of the play scene (:class:`scenes.sushi.scene.SushiPlayScene` is one):
    the attributes it reads (``hover`` it sets) and the methods it calls."""

    @property
    def areas(self) -> Any: ...

    @property
    def bottom(self) -> int: ...

    @property
    def btn_next(self) -> Any: ...

    @property
    def commit(self) -> Any: ...

    @property
    def hand(self) -> Any: ...

    @property
    def hint_card(self) -> Any: ...

    hover: Any

    @property
    def message(self) -> Any: ...

    @property
    def next_round(self) -> Any: ...

    @property
    def shown(self) -> Any: ...

    @property
    def tutorial_drop(self) -> Any: ...

    @property
    def viewer(self) -> int | None: ...

#: The notices of a card dropped where it cannot go (translated where they are shown).
MSG_WILD_FIRST = N_("A wild copies a sushi you have already eaten this round — eat a real card first")
MSG_WILD_STACK = N_("Drop the wild on the stack it copies")
MSG_TO_PLATE = N_("Drop the card on your plate to eat it")
MSG_TO_KEEP = N_("Drop the card on the keep mat to keep it")

#: A hand card as a drag item: ``("hand", index)`` (index into the bottom seat's shown hand).
Item = Any


class SushiInput(PlayInput):
    """The scene's pointer and keyboard handling (the callbacks of its
    :class:`scenes.kit.dragdrop.DragController`).

    Args:
        scene: the :class:`scenes.sushi.scene.SushiPlayScene` it serves.
    """

    def __init__(self, scene: SushiInputScene):
        self.sc = scene

    def play_scene(self) -> SushiInputScene:
        """The Sushi Draft play scene served."""
        return self.sc

    # -- the hand ---------------------------------------------------------------------------------
    def hand_rects(self) -> list[pygame.Rect]:
        """The bottom seat's hand cards as unrotated logical rects, left to right."""
        sc = self.sc
        n = sc.shown.seats[sc.bottom].hand_count
        area = sc.areas[sc.bottom]
        return [area.hand_card(i, n) for i in range(n)]

    def hit_item(self, pos: Any) -> Item:
        """The hand card under logical ``pos`` (the topmost, lifted as drawn), or None."""
        sc = self.sc
        ss = sc.shown.seats[sc.bottom]
        if ss.hand is None or sc.human_to_act() is None:
            return None
        i = sc.hand.index_at(pos, ss.hand_count)
        return None if i is None else ("hand", i)

    def card_of(self, item: Item) -> str | None:
        """The card name of a hand item, or None (not a hand item, or no longer in the hand)."""
        if not (isinstance(item, tuple) and len(item) == 2 and item[0] == "hand"):
            return None
        hand = self.sc.shown.seats[self.sc.bottom].hand
        if hand is None or not 0 <= item[1] < len(hand):
            return None
        return hand[item[1]]

    def item_rect(self, item: Item) -> pygame.Rect:
        """The resting rect of a hand item (an empty rect for anything else)."""
        rects = self.hand_rects()
        if isinstance(item, tuple) and len(item) == 2 and 0 <= item[1] < len(rects):
            return rects[item[1]]
        return pygame.Rect(0, 0, 0, 0)

    def draggable(self, item: Item) -> bool:
        """True while the bottom human may choose and ``item`` is one of its cards."""
        return self.sc.human_to_act() is not None and self.card_of(item) is not None

    def drop_targets(self, item: Item) -> list[tuple[Any, pygame.Rect]]:
        """Where ``item`` may be dropped now: the keep mat (KEEP), the stacks a wild may copy
        (``("stack", type)``, from the view's ``wild_targets()``) or the plate (EAT)."""
        sc = self.sc
        seat = sc.human_to_act()
        card = self.card_of(item)
        if seat is None or card is None:
            return []
        v = sc.match.view(seat)
        if v.phase == KEEP:
            return [("keep", pygame.Rect(KEEP_RECT))]
        if card == WILD:
            area = sc.areas[seat]
            return [(("stack", t), area.stack_zone(TYPES.index(t))) for t in v.wild_targets()]
        return [("plate", pygame.Rect(PLATE_RECT))]

    @staticmethod
    def action_for(card: str, target: Any) -> str | None:
        """The action string of dropping ``card`` on ``target`` (``"wild=tuna"`` on a stack), or None."""
        if target == "keep":
            return card
        if target == "plate" and card != WILD:
            return card
        if isinstance(target, tuple) and target[0] == "stack" and card == WILD:
            return f"{WILD}={target[1]}"
        return None

    def on_drop(self, item: Item, target: Any, drop_rect: pygame.Rect | None) -> bool:
        """A card dropped on a target: commit its action if legal (False: it snaps back)."""
        sc = self.sc
        seat = sc.human_to_act()
        card = self.card_of(item)
        if seat is None or card is None:
            return False
        action = self.action_for(card, target)
        if action is None or action not in sc.match.view(seat).legal_actions:
            return False
        return sc.commit(seat, action, drop_rect if drop_rect is not None else self.item_rect(item))

    def on_click_item(self, item: Item) -> bool:
        """A click on a card: a wild with one possible type is eaten at once; a wild that cannot
        be eaten yet says why. False: the card is selected (click the target next)."""
        sc = self.sc
        seat = sc.human_to_act()
        card = self.card_of(item)
        if seat is None or card is None:
            return False
        v = sc.match.view(seat)
        if v.phase != EAT or card != WILD:
            return False
        targets = v.wild_targets()
        if not targets:
            sc.message(_(MSG_WILD_FIRST))
            return True
        if len(targets) == 1:
            sc.commit(seat, f"{WILD}={targets[0]}", self.item_rect(item))
            return True
        return False  # selected: the stacks it may copy glow; the banner says to click one

    # -- events -----------------------------------------------------------------------------------
    # (handle_event: :meth:`scenes.play.input.PlayInput.handle_event` — pointer motion, keys,
    # button presses/releases to the widgets, then the drag)
    def set_hover(self, pos: tuple[int, int] | None) -> None:
        """The pointer position (logical px) as the scene's ``hover``."""
        self.sc.hover = pos

    def on_key(self, event: pygame.event.Event) -> bool:
        """Enter: the next round (when its button shows; else the focus ring's); Esc: cancel a
        selection, else pause."""
        sc = self.sc
        if getattr(event, "key", None) in (pygame.K_RETURN, pygame.K_KP_ENTER) and sc.btn_next.visible:
            sc.next_round()
            return True
        return super().on_key(event)

    # -- the keyboard (scenes/play/keyplay.py) ------------------------------------------------------
    def keyboard_items(self) -> list[Item]:
        """The bottom hand's cards left to right (while its owner looks)."""
        hand = self.sc.shown.seats[self.sc.bottom].hand
        return [] if hand is None or self.sc.viewer is None else [("hand", i) for i in range(len(hand))]

    def keyboard_item_id(self, item: Item) -> str | None:
        """``hand:<i>``."""
        return f"hand:{item[1]}" if isinstance(item, tuple) and item[0] == "hand" else None

    def keyboard_item_rect(self, item: Item) -> pygame.Rect:
        """A hand card's rect as raised now (the focused card lifts like a hovered one)."""
        return self.item_rect(item).move(0, -round(self.sc.hand.lift_of(item[1])))

    def keyboard_target_id(self, target: Any) -> str | None:
        """``plate``, ``keep`` or the own stack a wild copies, ``stack:<seat>:<type>``."""
        if isinstance(target, tuple) and target[0] == "stack":
            return f"stack:{self.sc.bottom}:{target[1]}"
        return target if target in ("plate", "keep") else None

    def snapped_back(self, item: Item, pos: Any) -> None:
        """A card released off every target snaps back; say why unless it went back into the hand."""
        sc = self.sc
        card = self.card_of(item)
        seat = sc.human_to_act()
        if card is None or seat is None:
            return
        v = sc.match.view(seat)
        if v.phase == EAT and card == WILD:
            sc.message(_(MSG_WILD_FIRST if not v.wild_targets() else MSG_WILD_STACK))
        elif HAND_AREA.collidepoint(pos):
            return  # put back into the hand: no complaint
        else:
            sc.message(_(MSG_TO_KEEP if v.phase == KEEP else MSG_TO_PLATE))

    # -- UI elements --------------------------------------------------------------------------------
    def ui_elements(self) -> list[UIElement]:
        """The scene's UI elements (logical rects): ``hand:<i>``, ``plate``, ``keep``,
        ``stack:<seat>:<type>``, ``pile:<pile>``, ``chip:<seat>:<i>`` and the buttons. ``plate`` /
        ``keep`` / ``stack:*`` are of kind ``"target"`` while the bottom human may drop there now."""
        sc = self.sc
        out: list[UIElement] = []
        sh = sc.shown
        if sh.seats[sc.bottom].hand is not None and sc.viewer is not None:
            hinted = sc.hint_card()
            for i, r in enumerate(self.hand_rects()):
                out.append(UIElement(f"hand:{i}", sc.hinting.kind if i == hinted else "card", r))
        # kinds tell automation (UI dump) which drop targets accept a card now: "target" = the
        # human at the bottom may drop there now; "target-idle" / "stack" = not now
        actor = sc.human_to_act()
        v = sc.match.view(actor) if actor is not None else None
        eat = v is not None and v.phase == EAT
        keep = v is not None and v.phase == KEEP
        wilds = set(v.wild_targets()) if (v is not None and eat) else set()
        out.append(UIElement("plate", "target" if eat else "target-idle", pygame.Rect(PLATE_RECT)))
        out.append(UIElement("keep", "target" if keep else "target-idle", pygame.Rect(KEEP_RECT)))
        for s in range(sh.num_seats):
            area = sc.areas[s]
            for k, t in enumerate(TYPES):
                kind = "target" if s == actor and t in wilds else "stack"
                out.append(UIElement(f"stack:{s}:{t}", kind, area.stack_zone(k)))
        for k, pile in enumerate(PILES):
            out.append(UIElement(f"pile:{pile}", "pile", pile_cell(k)))
        for s in range(sh.num_seats):
            chips = sh.seats[s].chips
            for i in range(len(chips)):
                out.append(UIElement(f"chip:{s}:{i}", "chip", sc.areas[s].chip(i, len(chips))))
        drop = sc.tutorial_drop()
        if drop is not None:  # a tutorial: where the asked-for card goes
            out = [UIElement(e.id, "tutorial-target", e.rect) if e.id == drop[0] else e for e in out]
        out.extend(sc.widgets.ui_elements())
        if sc.narration is not None:
            out.extend(sc.narration.ui_elements())
        out.extend(sc.coaching.elements())
        return sc.widgets.focus.mark(out)

    # -- hover lift -------------------------------------------------------------------------------
    def lifted_card(self) -> int | None:
        """The hand card to lift now (:meth:`scenes.kit.hand.Hand.update`): the selected card, else
        the one the keyboard's ring is on, else the one under the pointer while the bottom human
        may choose; None while the timeline runs, the hand is hidden or a card is being dragged."""
        sc = self.sc
        if sc.timeline.running or sc.viewer is None:
            return None
        item = sc.drag.active_item if sc.drag.active_item is not None else self.focused_item()
        if isinstance(item, tuple) and not sc.drag.dragging and 0 <= item[1] < len(sc.hand.lifts):
            return int(item[1])
        if sc.hover is None or sc.drag.dragging or sc.human_to_act() is None:
            return None
        return sc.hand.layout.hover_index(sc.hover, sc.shown.seats[sc.bottom].hand_count)


def tutorial_drop(sc: Any) -> tuple[str, pygame.Rect] | None:
    """(UI id, logical rect) of where a tutorial's asked-for card goes — ``plate``, ``keep`` or
    the own stack a wild copies — or None (no tutorial, or nothing asked now)."""
    action = sc.hinting.current() if sc.coach is not None else None
    if action is None:
        return None
    if action.startswith("wild="):
        t = action.partition("=")[2]
        return f"stack:{sc.bottom}:{t}", sc.areas[sc.bottom].stack_zone(TYPES.index(t))
    if sc.match.view(sc.bottom).phase == KEEP:
        return "keep", pygame.Rect(KEEP_RECT)
    return "plate", pygame.Rect(PLATE_RECT)


__all__ = ["MSG_TO_KEEP", "MSG_TO_PLATE", "MSG_WILD_FIRST", "MSG_WILD_STACK", "SushiInput", "tutorial_drop"]
