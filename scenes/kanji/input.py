"""Mouse and keyboard of the Kanji-zushi play scene: the drag-and-drop callbacks (a neta of the
hand onto a shari of the table, or click then click), the scene's ``handle_event`` (reading
``event.pos`` / ``event.key``) and the hover lift of the hand's cards.

Nothing here decides what is legal: the drop targets are the shari whose attempt is in the
seat's ``legal_actions`` (its view); a drop asks the scene to commit the action string. The
keyboard (Tab / arrows, Enter or Space; :mod:`scenes.play.keyplay`) picks the same neta and drops
them on the same shari.
Positions come from :mod:`scenes.kanji.layout` (logical px).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.kanji.rules import attempt_text
from scenes.kanji.layout import HAND_AREA, hand_rect, slot_rect
from scenes.kanji.text import formed_of, tip_lines
from scenes.kit.scene import UIElement
from scenes.play.input import PlayInput


class KanjiInput(PlayInput):
    """The scene's input handlers (``scene`` is the :class:`scenes.kanji.scene.KanjiPlayScene`).

    Drag items are ``("neta", hand index)``; drop targets ``("shari", table slot)``."""

    def __init__(self, scene: Any):
        self.scene = scene

    def play_scene(self) -> Any:
        """The Kanji-zushi play scene served."""
        return self.scene

    # -- drag-and-drop callbacks ------------------------------------------------------------------
    def hit_item(self, pos: Any) -> Any:
        """The hand card under logical ``pos`` (topmost first) while a human may act, else None."""
        s = self.scene
        if s.shown.hand is None or s.human_to_act() is None:
            return None
        hand = s.shown.hand
        i = s.hand.index_at(pos, s.hand_count(), present=lambda k: hand[k] is not None)
        return None if i is None else ("neta", i)

    def card_of(self, item: Any) -> str | None:
        """The neta card name of drag item ``item``, or None (not a hand card on show)."""
        if not (isinstance(item, tuple) and len(item) == 2 and item[0] == "neta"):
            return None
        hand = self.scene.shown.hand
        if hand is None or not isinstance(item[1], int) or not 0 <= item[1] < len(hand):
            return None
        return hand[item[1]]

    def item_rect(self, item: Any) -> pygame.Rect:
        """The logical rect of hand card ``item`` (an empty rect for anything else)."""
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], int):
            return hand_rect(item[1], self.scene.hand_count())
        return pygame.Rect(0, 0, 0, 0)

    def draggable(self, item: Any) -> bool:
        """True when a human may act and ``item`` is a card of the hand on show."""
        return self.scene.human_to_act() is not None and self.card_of(item) is not None

    def drop_targets(self, item: Any) -> list[tuple[Any, pygame.Rect]]:
        """``(("shari", slot), rect)`` of every table card the neta ``item`` may be put beside
        (its attempt is one of the acting seat's legal actions)."""
        s = self.scene
        seat = s.human_to_act()
        neta = self.card_of(item)
        if seat is None or neta is None:
            return []
        legal = set(s.match.view(seat).legal_actions)
        out = []
        for slot, shari in enumerate(s.shown.table):
            if shari is not None and attempt_text(neta, shari) in legal:
                out.append((("shari", slot), slot_rect(slot)))
        return out

    def on_drop(self, item: Any, target: Any, drop_rect: pygame.Rect | None) -> bool:
        """Commit the attempt of neta ``item`` beside the shari ``target``; False if not legal."""
        s = self.scene
        seat = s.human_to_act()
        neta = self.card_of(item)
        if seat is None or neta is None or not (isinstance(target, tuple) and target[0] == "shari"):
            return False
        slot = target[1]
        if not isinstance(slot, int) or not 0 <= slot < len(s.shown.table) or s.shown.table[slot] is None:
            return False
        action = attempt_text(neta, s.shown.table[slot])
        if action not in s.match.view(seat).legal_actions:
            return False
        return bool(s.commit(seat, action, drop_rect if drop_rect is not None else self.item_rect(item)))

    # -- events -----------------------------------------------------------------------------------
    # (handle_event: :meth:`scenes.play.input.PlayInput.handle_event` — pointer motion, Esc
    # cancels a selection else pauses, button presses/releases to the widgets, then the drag)
    def set_hover(self, pos: tuple[int, int] | None) -> None:
        """The pointer position (logical px) as the scene's ``hover``."""
        self.scene.hover = pos

    def snapped_back(self, item: Any, pos: Any) -> None:
        """A neta released off every shari snaps back: say where it goes, unless it was put back
        into the hand (or nobody may act)."""
        s = self.scene
        if not HAND_AREA.collidepoint(pos) and s.human_to_act() is not None:
            s.message(_("Drop the neta on a shari card on the table"), "info", sound=False)

    # -- the keyboard (scenes/play/keyplay.py) ------------------------------------------------------
    def keyboard_items(self) -> list[Any]:
        """The neta of the hand on show, left to right."""
        hand = self.scene.shown.hand
        if hand is None or self.scene.viewer is None:
            return []
        return [("neta", i) for i, card in enumerate(hand) if card is not None]

    def keyboard_item_id(self, item: Any) -> str | None:
        """``neta:<i>``."""
        return f"neta:{item[1]}" if isinstance(item, tuple) and item[0] == "neta" else None

    def keyboard_item_rect(self, item: Any) -> pygame.Rect:
        """A hand card's rect as raised now (the focused card lifts like a hovered one)."""
        return self.item_rect(item).move(0, -round(self.scene.hand.lift_of(item[1])))

    def keyboard_target_id(self, target: Any) -> str | None:
        """``shari:<slot>``."""
        return f"shari:{target[1]}" if isinstance(target, tuple) and target[0] == "shari" else None

    # -- hover lift ---------------------------------------------------------------------------------
    def lifted_card(self) -> int | None:
        """The hand card to lift now (:meth:`scenes.kit.hand.Hand.update`): the selected card, else
        the one the keyboard's ring is on, else the one under the pointer while a human may act;
        None while animating, while the hand is hidden or while a card is being dragged."""
        s = self.scene
        if s.animating() or s.viewer is None or s.shown.hand is None:
            return None
        item = s.drag.active_item if s.drag.active_item is not None else self.focused_item()
        if (isinstance(item, tuple) and not s.drag.dragging and isinstance(item[1], int)
                and 0 <= item[1] < len(s.hand.lifts)):
            return item[1]
        if s.hover is None or s.drag.dragging or s.human_to_act() is None:
            return None
        return s.hand.layout.hover_index(s.hover, s.hand_count())

    # -- the UI dump -------------------------------------------------------------------------------
    def kanji_rects(self) -> list[tuple[int, int, pygame.Rect]]:
        """(seat, index, logical rect) of every displayed completed kanji."""
        s = self.scene
        out = []
        for seat in range(s.shown.num_seats):
            area = s.areas.get(seat)
            if area is None:
                continue
            for i in range(min(5, len(s.shown.completed[seat]))):
                out.append((seat, i, area.kanji(i)))
        return out

    def ui_elements(self) -> list[UIElement]:
        """The scene's UI dump (ids in :mod:`scenes.kanji.scene`'s doc): hand cards, table slots,
        completed kanji, the buttons."""
        s = self.scene
        out: list[UIElement] = []
        sh = s.shown
        # the hard AI's suggested pair (button:hint): both cards are of kind "hint"
        hint = s.hint_pair()
        if sh.hand is not None and s.viewer is not None:
            n = len(sh.hand)
            for i in range(n):
                kind = s.hinting.kind if hint is not None and hint[0] == i else "card"
                out.append(UIElement(f"neta:{i}", kind, hand_rect(i, n)))
        actor = s.human_to_act()
        for slot in range(6):
            card = sh.table[slot] if slot < len(sh.table) else None
            kind = "empty" if card is None else ("target" if actor is not None else "card")
            if hint is not None and hint[1] == slot:
                kind = s.hinting.kind
            out.append(UIElement(f"shari:{slot}", kind, slot_rect(slot)))
        for seat, i, r in self.kanji_rects():
            out.append(UIElement(f"kanji:{seat}:{i}", "kanji", r))
        asked_pass = s.coach is not None and s.hinting.current() == "pass"
        out.extend(UIElement(e.id, "tutorial-target", e.rect) if asked_pass and e.id == "button:pass" else e
                   for e in s.widgets.ui_elements())
        if s.narration is not None:
            out.extend(s.narration.ui_elements())
        out.extend(s.coaching.elements())
        return s.widgets.focus.mark(out)

    # -- hover tooltip --------------------------------------------------------------------------------
    def tooltip(self) -> dict | None:
        """The tooltip under the pointer: ``{"seat", "index", "char", "rect", "formed", "rows",
        "neta", "shari"}`` for a hovered completed kanji, else None (also while dragging)."""
        s = self.scene
        if s.hover is None or s.drag.dragging:
            return None
        for seat, i, r in s.kanji_rects():
            if r.collidepoint(s.hover):
                k = s.shown.completed[seat][i]
                f = formed_of(k.neta, k.shari)
                if f is None:
                    return None
                return {"seat": seat, "index": i, "char": k.char, "rect": r, "formed": f,
                        "rows": tip_lines(f, k.neta, k.shari), "neta": k.neta, "shari": k.shari}
        return None


__all__ = ["KanjiInput"]
