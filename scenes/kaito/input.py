"""KAITO's mouse and keyboard: the drag-and-drop callbacks and the event handler.

Handlers read ``event.pos`` (LOGICAL px: the app converts window pixels before dispatch) and
``event.key``. Items are ``"kaito"`` (the pawn) and ``("held", seat, i)`` (slot ``i`` of a
seat's shown held row, during the buy-back step); the keyboard also picks ``("buy", kind)`` (the
buy-back step's katana / kabuto choice, chosen at once as a click on it chooses it; the mouse
never drags it). The keyboard's pieces and their UI dump ids are the ``keyboard_*`` hooks
(:mod:`scenes.play.keyplay`). What is legal comes from the acting seat's view
(``scene.targets(seat)``, the buy-back step's options); the handlers only call the scene's
actions (:meth:`KaitoPlayScene.human_move`, :meth:`KaitoPlayScene.confirm_exchange`).
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.core import ActionError
from game.i18n import _
from game.kaito.rules import square_name
from scenes.kaito.layout import (
    PAWN_GRAB,
    PAY_RECT,
    ex_choice_rect,
    held_area,
    held_rect,
    pay_slot_rect,
    square_at,
    square_rect,
)
from scenes.kit.scene import UIElement
from scenes.play.input import InputScene, PlayInput


class KaitoInputScene(InputScene, Protocol):
    """What the input handler uses of the play scene (:class:`scenes.kaito.scene.KaitoPlayScene` is one):
    the attributes it reads and the methods it calls."""

    @property
    def colors(self) -> tuple[str, ...]: ...

    @property
    def confirm_exchange(self) -> Any: ...

    @property
    def exchange(self) -> Any: ...

    @property
    def human_move(self) -> Any: ...

    @property
    def panel(self) -> Any: ...

    @property
    def pawn_home(self) -> Any: ...

    @property
    def say(self) -> Any: ...

    @property
    def shown(self) -> Any: ...

    @property
    def sync_widgets(self) -> Any: ...

    @property
    def targets(self) -> Any: ...


Item = Any  #: "kaito", ("held", seat, i) or ("buy", kind)


class KaitoInput(PlayInput):
    """The scene's input state and handlers (composition: the scene owns one).

    Attributes:
        hover: the last pointer position (logical px), or None.
        press_square: the highlighted square pressed (a click on it moves there on release).
    """

    def __init__(self, scene: KaitoInputScene):
        self.scene = scene
        self.hover: tuple[int, int] | None = None
        self.press_square: int | None = None

    def play_scene(self) -> KaitoInputScene:
        """The KAITO play scene served."""
        return self.scene

    # -- drag-and-drop callbacks (scenes.kit.dragdrop.DragController) ------------------------------
    def hit_item(self, pos: Any) -> Item:
        """The item under ``pos``: a held Mon during the buy-back step, else the pawn, or None."""
        scene = self.scene
        ex = scene.exchange
        if ex is not None and not scene.timeline.running:
            row = scene.shown.held[ex.seat]
            for i in ex.selected:
                if pay_slot_rect(ex.selected.index(i), len(ex.selected)).collidepoint(pos):
                    return ("held", ex.seat, i)
            panel = scene.panel(ex.seat)
            for i, code in enumerate(row):
                if code and i not in ex.selected and held_rect(panel, i).collidepoint(pos):
                    return ("held", ex.seat, i)
            return None
        home = scene.pawn_home()
        if home.inflate(PAWN_GRAB, PAWN_GRAB).collidepoint(pos):
            return "kaito"
        return None

    def item_rect(self, item: Item) -> pygame.Rect:
        """Where ``item`` rests now (a selected Mon rests in the pay area)."""
        scene = self.scene
        if item == "kaito":
            return scene.pawn_home()
        if isinstance(item, tuple) and item[0] == "held":
            _, seat, i = item
            ex = scene.exchange
            if ex is not None and i in ex.selected:
                return pay_slot_rect(ex.selected.index(i), len(ex.selected))
            return held_rect(scene.panel(seat), i)
        ex = scene.exchange
        if isinstance(item, tuple) and item[0] == "buy" and ex is not None and item[1] in ex.kinds:
            return ex_choice_rect(ex.kinds.index(item[1]))
        return pygame.Rect(0, 0, 0, 0)

    def draggable(self, item: Item) -> bool:
        """The pawn on a human's turn; during the buy-back step a held Mon of the buying seat and
        (the keyboard's) a kind that can be bought back."""
        scene = self.scene
        if scene.timeline.running or scene.leaving:
            return False
        if item == "kaito":
            return scene.human_to_act() is not None
        if isinstance(item, tuple) and item[0] == "held":
            ex = scene.exchange
            _, seat, i = item
            if ex is None or seat != ex.seat or not (0 <= i < len(scene.shown.held[seat])):
                return False
            code = scene.shown.held[seat][i]
            return code is not None and code[1:2] in ("1", "2", "3")
        if isinstance(item, tuple) and item[0] == "buy":
            return scene.exchange is not None and item[1] in scene.exchange.kinds
        return False

    def drop_targets(self, item: Item) -> list[tuple[Any, pygame.Rect]]:
        """The pawn's targets (the squares of the acting seat's legal actions); the pay area for
        a Mon in the row, the row for a Mon in the pay area."""
        scene = self.scene
        if item == "kaito":
            seat = scene.human_to_act()
            if seat is None:
                return []
            return [(sq, square_rect(sq)) for sq in scene.targets(seat)]
        if isinstance(item, tuple) and item[0] == "held" and scene.exchange is not None:
            if item[2] in scene.exchange.selected:
                return [("row", held_area(scene.panel(item[1])))]
            return [("pay", PAY_RECT)]
        return []

    def on_drop(self, item: Item, target: Any, drop_rect: pygame.Rect | None) -> bool:
        """A drop on a target: move the pawn there, or lay / take back a Mon."""
        scene = self.scene
        if item == "kaito":
            return scene.human_move(target, drop_rect)
        if isinstance(item, tuple) and item[0] == "held" and scene.exchange is not None:
            i = item[2]
            sel = scene.exchange.selected
            if target == "pay" and i not in sel:
                sel.append(i)
            elif target == "row" and i in sel:
                sel.remove(i)
            else:
                return False
            scene.sync_widgets()
            return True
        return False

    def on_click_item(self, item: Item) -> bool:
        """A click on a held Mon lays it in the pay area or takes it back; the keyboard's pick of
        a buy-back choice chooses that kind."""
        scene = self.scene
        if isinstance(item, tuple) and item[0] == "buy" and scene.exchange is not None:
            scene.exchange.kind = item[1]
            scene.sync_widgets()
            return True
        if isinstance(item, tuple) and item[0] == "held" and scene.exchange is not None:
            sel = scene.exchange.selected
            if item[2] in sel:
                sel.remove(item[2])
            else:
                sel.append(item[2])
            scene.sync_widgets()
            return True
        return False

    # -- pygame events ------------------------------------------------------------------------------
    # (handle_event: :meth:`scenes.play.input.PlayInput.handle_event` — pointer motion, keys,
    # button presses/releases to the widgets, then :meth:`on_button`)
    def set_hover(self, pos: tuple[int, int] | None) -> None:
        """The pointer position (logical px), kept here as ``hover``."""
        self.hover = pos

    def on_button(self, event: pygame.event.Event, pos: Any) -> bool:
        """A press/release the widgets did not use: end screen, buy-back choices, the drag, a
        highlighted square."""
        scene = self.scene
        et = event.type
        button = getattr(event, "button", 1)
        if scene.ended:
            return True  # the end stays on screen: only button:score (or Enter) opens the score
        if scene.exchange is not None and not scene.timeline.running and et == pygame.MOUSEBUTTONUP and button == 1:
            kind = self.choice_at(pos)
            if kind is not None:
                scene.exchange.kind = kind
                scene.sync_widgets()
                return True
        if self.drag_event(event, pos):
            self.press_square = None
            return True
        return self._square_click(et, pos, button)

    def snapped_back(self, item: Item, pos: Any) -> None:
        """Dropped where it may not go: the piece snaps back with the error sound, and a Kaito
        dropped on another square says why in the banner — the rules' reason (issue 33, item 9:
        "Not there: e2 is not in the Kaito's row or column."), read from the Match's refusal."""
        scene = self.scene
        scene.sfx("error")
        seat = scene.human_to_act()
        sq = square_at(pos) if item == "kaito" and pos is not None else None
        if seat is None or sq is None or sq == scene.shown.kaito:
            return  # (off the board, or back where it stands: nothing to say)
        try:
            scene.match.preview(seat, square_name(sq))
        except ActionError as exc:
            # Translators: said in the banner when the Kaito is dropped where it may not go; {reason} is the rules'
            scene.say(_("Not there: {reason}.").format(reason=str(exc)))

    def on_key(self, event: pygame.event.Event) -> bool:
        """Enter: confirm the buy-back; Esc: cancel a drag, else pause (and drop a pressed square)."""
        scene = self.scene
        key = getattr(event, "key", None)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.exchange is not None:
            scene.confirm_exchange()
            return True
        if key == pygame.K_ESCAPE:
            if scene.drag.handle_event(event):
                return True
            self.press_square = None
            scene.open_pause()
            return True
        return False

    # -- the keyboard (scenes/play/keyplay.py) ------------------------------------------------------
    def keyboard_may_act(self) -> bool:
        """A human is to move, or a human's buy-back step is open (nothing animating)."""
        scene = self.scene
        ex = scene.exchange
        if ex is not None:
            return not scene.timeline.running and scene.seats[ex.seat] == "human"
        return scene.human_to_act() is not None

    def keyboard_items(self) -> list[Item]:
        """The pawn; during the buy-back step the kinds to buy back, then the buying seat's held
        row (its Mon: Enter lays one in the pay area or takes it back)."""
        ex = self.scene.exchange
        if ex is None:
            return ["kaito"]
        row = self.scene.shown.held[ex.seat]
        return [("buy", k) for k in ex.kinds] + [("held", ex.seat, i) for i in range(len(row))]

    def keyboard_item_id(self, item: Item) -> str | None:
        """``kaito``, ``held:<seat>:<i>``, ``buy:<kind>``."""
        if item == "kaito":
            return "kaito"
        if isinstance(item, tuple) and item[0] == "held":
            return f"held:{item[1]}:{item[2]}"
        if isinstance(item, tuple) and item[0] == "buy":
            return f"buy:{item[1]}"
        return None

    def keyboard_target_id(self, target: Any) -> str | None:
        """A square: ``tile:<sq>`` where a tile lies, else ``square:<sq>`` (an opening blank);
        the pay area ``pay-area``."""
        if isinstance(target, int):
            return f"{'tile' if self.scene.shown.board[target] else 'square'}:{square_name(target)}"
        return "pay-area" if target == "pay" else None

    def keyboard_elements(self, out: list[UIElement]) -> list[UIElement]:
        """The UI dump ``out`` with the picked pawn's empty target squares (``square:<sq>``, kind
        ``"target"``: the opening's blanks) and the keyboard focus marked."""
        scene = self.scene
        if scene.drag.selected == "kaito":
            have = {el.id for el in out}
            for sq, r in scene.drag.targets:
                sid = self.keyboard_target_id(sq)
                if sid is not None and sid not in have:
                    out.append(UIElement(sid, "target", pygame.Rect(r)))
        return scene.widgets.focus.mark(out)

    def _square_click(self, et: int, pos: Any, button: int) -> bool:
        """A direct click on a highlighted square (no need to pick the Kaito up first)."""
        scene = self.scene
        seat = scene.human_to_act()
        if button == 1 and seat is not None:
            sq = square_at(pos)
            if et == pygame.MOUSEBUTTONDOWN:
                self.press_square = sq if sq is not None and sq in scene.targets(seat) else None
                return self.press_square is not None
            if self.press_square is not None:
                pressed, self.press_square = self.press_square, None
                if sq == pressed:
                    scene.human_move(sq, None)
                return True
        elif et == pygame.MOUSEBUTTONUP:
            self.press_square = None
        return False

    def choice_at(self, pos: Any) -> str | None:
        """The kind ("K"/"H") chosen by a click at ``pos`` during the buy-back step: a choice tile,
        or a retrievable tile in the opponent's held row; None elsewhere."""
        scene = self.scene
        ex = scene.exchange
        if ex is None:
            return None
        for i, kind in enumerate(ex.kinds):
            if ex_choice_rect(i).collidepoint(pos):
                return kind
        opp = 1 - ex.seat
        own = scene.colors[ex.seat]
        for i, code in enumerate(scene.shown.held[opp]):
            if code and code[0] == own and code[1] in ex.kinds and held_rect(scene.panel(opp), i).collidepoint(pos):
                return code[1]
        return None


__all__ = ["KaitoInput"]
