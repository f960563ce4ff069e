"""What the three play scenes' input handlers share: the routing of one pygame event.

Every play scene's ``handle_event`` goes the same way (positions in LOGICAL px, ``event.pos``):
nothing once the scene is leaving; pointer motion updates the hover point, the widgets and the
drag; a key goes to the game's key handler; a button press or release goes to the widgets first,
then to the game's button handler. A drag that ends off every target snaps back and the game says
why (:meth:`PlayInput.snapped_back`). :class:`PlayInput` is that routing once; each game's input
class (KAITO, Sushi Draft, Kanji-zushi) subclasses it and fills the hooks.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from scenes.play.host import PlayHost
from scenes.play.pacing import SKIP_KEYS, HeldKeys, others_moving


class InputScene(PlayHost, Protocol):
    """What the shared input routing needs of a play scene (:class:`scenes.play.base.PlayScene` is
    one): besides a :class:`~scenes.play.host.PlayHost`'s members, the tutorial's director, whether
    the end is on screen, and the actions a key may ask for (undo, the score screen, the pause menu)."""

    coach: Any

    @property
    def ended(self) -> bool: ...

    def coach_shown(self) -> bool: ...

    def undo(self) -> Any: ...

    def request_score(self) -> Any: ...

    def open_pause(self) -> None: ...


#: Keys the focus ring takes first once it is shown.
FOCUS_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER,
              pygame.K_SPACE)


class PlayInput:
    """Base of the play scenes' input handlers (the callbacks of their drag controller live in the
    subclass). Hooks: :meth:`set_hover`, :meth:`on_key`, :meth:`on_button`, :meth:`snapped_back`.

    Attributes:
        held: the skip keys held down now (:class:`scenes.play.pacing.HeldKeys`; made on the
            first key event): while one is held, other seats' moves are fast-forwarded.
    """

    held: HeldKeys | None = None

    def play_scene(self) -> InputScene:
        """The play scene served (each subclass keeps it under its own attribute name)."""
        raise NotImplementedError

    # -- routing --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route one pygame event (logical px); True if it was used. Never raises for an event
        without ``pos`` / ``key`` / ``button`` (they are read with defaults)."""
        scene = self.play_scene()
        et = event.type
        if scene.leaving or scene.review:
            return False
        scene.widgets.focus.saw(event)  # a key or a mouse press: the prompts' wording (keys_in_use)
        if et in (pygame.KEYDOWN, pygame.KEYUP):
            self.held = self.held or HeldKeys()
            self.held.see(event)  # a held Space / Enter fast-forwards (scenes/play/pacing.py)
        if scene.coach_shown() and scene.coach.handle_event(event):
            return True
        if scene.narration is not None and scene.narration.handle_event(event):
            return True
        if et == pygame.KEYDOWN and self.shared_key(event):
            return True
        if et == pygame.MOUSEMOTION:
            pos = getattr(event, "pos", None)
            self.set_hover((int(pos[0]), int(pos[1])) if pos is not None else None)
            scene.widgets.handle_event(event)
            scene.drag.handle_event(event)
            return True
        if et == pygame.KEYDOWN:
            return (self.focus_key(event) or self.on_key(event) or self.skip_animation(event)
                    or scene.widgets.focus.handle_key(event))
        if et not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        if scene.widgets.handle_event(event):
            return True
        return self.on_button(event, pos) or self.skip_animation(event)

    def skip_animation(self, event: pygame.event.Event) -> bool:
        """Space or Enter (``event.key``) while the scene animates, or a click (``event.button`` 1)
        nothing else used while another seat's move animates or a panel covers the table (Sushi
        Draft's round scoring), finishes the animations at once (issue 21, pacing: a returning
        player need not wait for another seat's moves; the game log still tells them; the scoring
        panel shows its end). True if it did."""
        scene = self.play_scene()
        if not scene.timeline.running or scene.drag.busy():
            return False
        if event.type == pygame.KEYDOWN:
            skip = getattr(event, "key", None) in SKIP_KEYS
        else:  # a click skips only another seat's move: a quick second click must not become a person's move
            skip = (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                    and others_moving(scene))
        if not skip:
            return False
        scene.timeline.finish()
        return True

    def drag_event(self, event: pygame.event.Event, pos: Any) -> bool:
        """Give a button press/release to the scene's drag controller; True if it used it. A
        drag released where it may not go (it snaps back) calls :meth:`snapped_back` with the item
        and the release point."""
        drag = self.play_scene().drag
        was_dragging = drag.dragging
        item = drag.active_item
        if not drag.handle_event(event):
            return False
        if (was_dragging and event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1
                and drag.busy()):
            self.snapped_back(item, pos)
        return True

    def shared_key(self, event: pygame.event.Event) -> bool:
        """The keys every play scene has: Ctrl+Z undoes (when undo is offered), Enter or keypad
        Enter opens the score once the game's end is on screen. True if used."""
        scene = self.play_scene()
        key = getattr(event, "key", None)
        if key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            scene.undo()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.ended:
            scene.request_score()
            return True
        return False

    def focus_key(self, event: pygame.event.Event) -> bool:
        """The keyboard's focus ring first (scenes/play/keyplay.py): Tab always; the arrows, Enter
        and Space while the ring is shown (:meth:`scenes.kit.focus.FocusRing.live`); Esc after a
        keyboard pick puts the piece back and the ring on it. Other keys (and Enter before the
        ring is shown) go to the game's own keys first. True if used."""
        scene = self.play_scene()
        ring = scene.widgets.focus
        key = getattr(event, "key", None)
        shown = ring.live() is not None
        picked = scene.drag.selected
        if key == pygame.K_ESCAPE and ring.keyboard and picked is not None:
            scene.drag.cancel()  # Esc cancels a pick: the ring goes back to the piece
            ring.focus(next((s for s in ring.order() if getattr(s, "key", None) == ("item", picked)), None))
            return True
        if key == pygame.K_TAB or (shown and key in FOCUS_KEYS):
            return ring.handle_key(event)
        return False

    def keys_in_use(self) -> bool:
        """Whether the person's last input was a key, not a mouse press (issue 21 §5: the
        prompts then name keys, "Press Enter on a square", not drags or clicks)."""
        ring = self.play_scene().widgets.focus
        return bool(ring.keys or ring.keyboard)

    def picked_by_keyboard(self) -> bool:
        """Whether a piece is picked and the keyboard is in use (:meth:`keys_in_use`)."""
        return self.play_scene().drag.selected is not None and self.keys_in_use()

    def escape(self, event: pygame.event.Event) -> bool:
        """Esc: cancel a drag or selection first, else open the pause menu. Always True."""
        scene = self.play_scene()
        if scene.drag.handle_event(event):
            return True
        scene.open_pause()
        return True

    # -- hooks ----------------------------------------------------------------------------------
    def set_hover(self, pos: tuple[int, int] | None) -> None:
        """Hook: remember the pointer position (logical px), None when unknown."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """Hook: a KEYDOWN; True if used. Default: Esc (:meth:`escape`), nothing else."""
        if getattr(event, "key", None) == pygame.K_ESCAPE:
            return self.escape(event)
        return False

    def on_button(self, event: pygame.event.Event, pos: Any) -> bool:
        """Hook: a button press/release at ``pos`` the widgets did not use; True if used. Default:
        the drag (:meth:`drag_event`)."""
        return self.drag_event(event, pos)

    def snapped_back(self, item: Any, pos: Any) -> None:
        """Hook: a dragged ``item`` was released at ``pos`` off every target and snaps back."""

    # -- keyboard play hooks (scenes/play/keyplay.py asks these) -----------------------------------
    def keyboard_may_act(self) -> bool:
        """Hook: may the person pick a piece with the keyboard now? Default: a human seat is to
        act (the scene's ``human_to_act``)."""
        return self.play_scene().human_to_act() is not None

    def keyboard_items(self) -> list[Any]:
        """Hook: the drag items the person may pick now, in reading order. Default: none."""
        return []

    def keyboard_item_id(self, item: Any) -> str | None:
        """Hook: the UI dump id of drag item ``item``, or None."""
        return None

    def keyboard_item_rect(self, item: Any) -> pygame.Rect:
        """Hook: where the ring goes around ``item`` (logical px). Default: where it rests (the
        drag controller's ``item_rect``); a hand's card: as raised now."""
        return pygame.Rect(self.play_scene().drag.item_rect(item))

    def focused_item(self) -> Any:
        """The drag item the shown ring is on (the pieces' stops of :mod:`scenes.play.keyplay`,
        keyed ``("item", item)``), or None: a hand lifts it as it lifts the hovered card."""
        key = getattr(self.play_scene().widgets.focus.live(), "key", None)
        return key[1] if isinstance(key, tuple) and len(key) == 2 and key[0] == "item" else None

    def keyboard_target_id(self, target: Any) -> str | None:
        """Hook: the UI dump id of drop target ``target``, or None."""
        return None


__all__ = ["PlayInput"]
