"""What the play scenes share besides the frame: the game log, undo, hints and review mode
(issue 10 §1, §2, §4, §5), a mixin of :class:`scenes.play.base.PlayScene`.

* **The game log** (:meth:`PlayExtras.narrate`): every event the Match reports, told as a sentence
  (:func:`game.core.describe`) in the scene's :class:`scenes.kit.narration.NarrationLog`, with the
  acting seat's colour; the scene's hooks add a tooltip (KAITO: the notation) and an emphasis.
* **Undo** (:meth:`PlayExtras.undo`, ``button:undo``, Ctrl+Z): Board Game Arena's policy, decided by
  :meth:`game.match.Match.undo_points`; the scene shows the restored position at once
  (:meth:`PlayExtras.resync`).
* **Hints** (:meth:`PlayExtras.ask_hint`, ``button:hint``): the hard AI's choice for the human to
  act, from that seat's view only (:meth:`game.hints.Hints.request`), marked by the scene.
* **Review mode** (the replay viewer embeds the scene): :meth:`PlayExtras.show_state` jumps,
  :meth:`PlayExtras.play_action` steps forward with the usual animation,
  :meth:`PlayExtras.set_viewer` chooses whose hidden information is shown.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game.core import Event, GameState, describe
from game.hints import Hint
from game.i18n import _, pgettext
from game.match import Match
from scenes.kit.marks import hint_tag
from scenes.kit.narration import NarrationLog
from scenes.kit.widgets import Button
from scenes.play.input import PlayInput
from scenes.play.seats import level_label

if TYPE_CHECKING:
    from scenes.kit.dragdrop import DragController
    from scenes.kit.timeline import Timeline

log = logging.getLogger("tatami.play")


class PlayExtras:
    """The game log, undo, hints and review mode of a play scene (mixed into
    :class:`scenes.play.base.PlayScene`, whose attributes it uses)."""

    match: Match
    names: list[str]
    game_name: str
    timeline: Timeline
    drag: DragController
    cursor: int
    ended: bool
    end_fade: float
    review: bool
    undo_enabled: bool
    hints_enabled: bool
    hint: Hint | None
    narration: NarrationLog | None
    narration_seat: int | None
    #: index in the full event log of the next event the game log tells (:meth:`tell_new`)
    told: int = 0
    review_viewer: int | None
    _left: bool
    privacy_for: int | None
    app: Any
    btn_pause: Button
    btn_undo: Button
    btn_hint: Button
    btn_score: Button
    #: the tutorial's director (:class:`scenes.tutorial.director.TutorialDirector`) when the scene
    #: plays a tutorial (issue 11), else None: it refuses actions, marks the asked-for pieces and
    #: lets the scripted seats act
    coach: Any = None

    def human_to_act(self) -> int | None:
        """Hook: the human seat that may act at the screen now, or None."""
        return None

    # -- keyboard play (scenes/play/keyplay.py) ---------------------------------------------------
    # Each game's answers live in its input handler (``self.input``, a
    # :class:`scenes.play.input.PlayInput`); a scene without one offers no pieces.
    def keyboard_may_act(self) -> bool:
        """Hook: may the person pick a piece with the keyboard now? Default: the input handler's
        (a human seat is to act, :meth:`human_to_act`; KAITO: also its buy-back step)."""
        inp = self._key_input()
        return inp.keyboard_may_act() if inp is not None else self.human_to_act() is not None

    def keyboard_items(self) -> list[Any]:
        """Hook: the drag items the person may pick now, in reading order (the drag controller
        checks each is draggable): the input handler's (KAITO ``"kaito"``, Sushi Draft
        ``("hand", i)``, Kanji-zushi ``("neta", i)``)."""
        inp = self._key_input()
        return inp.keyboard_items() if inp is not None else []

    def keyboard_item_id(self, item: Any) -> str | None:
        """Hook: the UI dump id of drag item ``item`` (marked ``"focus": true``), or None."""
        inp = self._key_input()
        return inp.keyboard_item_id(item) if inp is not None else None

    def keyboard_item_rect(self, item: Any) -> pygame.Rect:
        """Hook: the ring's rect around drag item ``item`` (logical px): the input handler's (a
        hand's card as raised now), else where the drag controller says it rests."""
        inp = self._key_input()
        return inp.keyboard_item_rect(item) if inp is not None else pygame.Rect(self.drag.item_rect(item))

    def keyboard_target_id(self, target: Any) -> str | None:
        """Hook: the UI dump id of drop target ``target``, or None."""
        inp = self._key_input()
        return inp.keyboard_target_id(target) if inp is not None else None

    def _key_input(self) -> PlayInput | None:
        inp = getattr(self, "input", None)
        return inp if isinstance(inp, PlayInput) else None

    @property
    def humans(self) -> list[int]:
        """Seats played by a person at this screen (the Match's)."""
        return self.match.humans

    def autosave(self) -> None:  # (PlayScene's)
        raise NotImplementedError

    def end_sound(self) -> str:  # (PlayScene's)
        raise NotImplementedError

    def _go_to_score(self) -> None:  # (PlayScene's hook)
        raise NotImplementedError

    def finish_animations(self) -> None:  # (PlayScene's)
        raise NotImplementedError

    def refresh(self) -> None:  # (PlayScene's hook)
        raise NotImplementedError

    @property
    def leaving(self) -> bool:
        """True once the scene is leaving for the score screen (no more input or animations)."""
        return self._left

    def sfx(self, name: str) -> None:  # (PlayScene's)
        raise NotImplementedError

    # -- the shared buttons and the end ------------------------------------------------------------
    def add_narration(self, rect: Any, collapsed: bool = False, expanded_rect: Any = None) -> NarrationLog:
        """The game log at logical ``rect`` (``log``; :class:`scenes.kit.narration.NarrationLog`),
        filled with every event so far as :attr:`narration_seat` knew it. ``collapsed``: only the
        newest entry shows until the player opens it over ``expanded_rect``."""
        kw: dict[str, Any] = {"collapsed": collapsed}
        if expanded_rect is not None:
            kw["expanded_rect"] = expanded_rect
        self.narration = NarrationLog(self.app, rect, **kw)
        self.rebuild_narration()
        return self.narration

    def _undo_clicked(self) -> None:
        self.undo()

    def sync_play_widgets(self) -> None:
        """Show and enable the shared buttons for the moment: undo while offered, hint against AI
        with a human to act, the score once the end is on screen (never in review mode)."""
        if not hasattr(self, "btn_undo"):
            return
        live = not self.review and not self._left
        self.btn_undo.visible = live and self.undo_enabled and bool(self.humans) and not self.ended
        self.btn_undo.enabled = self.btn_undo.visible and self.can_undo()
        self.btn_hint.visible = (live and self.hints_enabled and bool(self.humans)
                                 and bool(self.match.bots) and not self.ended)
        self.btn_hint.enabled = (self.btn_hint.visible and self.human_to_act() is not None
                                 and not self.match.hints.pending and self.current_hint() is None)
        self.btn_score.visible = live and self.ended and self.coach is None
        self.btn_pause.visible = not self.review

    def show_end(self) -> None:
        """The game is over and its last action has been shown: keep the final position and the
        result on screen (:attr:`ended`) until the player asks for the score (``button:score``,
        Enter; issue 10 §3). Plays the end sound once. Runs once."""
        if self.ended or self._left:
            return
        self.ended = True
        self.end_fade = 0.0
        self.match.cancel()
        self.match.hints.cancel()
        if not self.review:
            self.sfx(self.end_sound())
        self.sync_play_widgets()

    def request_score(self) -> None:
        """``button:score`` / Enter once the end is on screen: open the score screen."""
        if self.ended and not self._left and not self.review:
            self._go_to_score()

    # -- the game log ------------------------------------------------------------------------------
    def narrate(self, events: Sequence[Event]) -> None:
        """Tell ``events`` in the game log, one sentence each (:func:`game.core.describe` with the
        seats' names), marked with the acting seat's colour (:meth:`seat_color`), the entry's
        detail (:meth:`narration_detail`) and emphasis (:meth:`narration_emphasis`)."""
        log_panel = self.narration
        if log_panel is None:
            return
        for ev in events:
            try:
                text = describe(ev, self.narration_names())
            except Exception:
                log.exception("%s: cannot describe %r", self.game_name, ev)
                continue
            if not text:
                continue
            seat = getattr(ev, "seat", None)
            log_panel.add(text, self.seat_color(seat) if isinstance(seat, int) else None,
                          detail=self.narration_detail(ev), emphasis=self.narration_emphasis(ev))

    def tell_new(self) -> None:
        """Tell the events the game log has not told yet (its own cursor, :attr:`told`: a
        choreography may wait for more events before it reads them, the log does not)."""
        if self.narration is not None and self.told < self.match.event_count:
            self.narrate(self.match.events_for(self.narration_seat, self.told))
        self.told = self.match.event_count

    def rebuild_narration(self) -> None:
        """Tell the whole game again from its first event (a new scene, an undo, a jump)."""
        if self.narration is None:
            return
        self.narration.clear()
        self.narrate(self.match.events_for(self.narration_seat, 0))
        self.told = self.match.event_count
        self.narration.finish()

    def narration_names(self) -> list[str]:
        """Hook: the seats' names in the game log's sentences (default: their display names)."""
        return list(self.names)

    def seat_color(self, seat: int) -> tuple[int, int, int] | None:
        """Hook: ``seat``'s colour (RGB) for its log entries; None for none."""
        return None

    def narration_detail(self, event: Event) -> str | None:
        """Hook: the tooltip of ``event``'s log entry (KAITO: the action's notation), or None."""
        return None

    def narration_emphasis(self, event: Event) -> str | None:
        """Hook: ``"danger"`` / ``"chance"`` / ``"result"`` for an entry that must stand out, else
        None. Default: the game's end is a result."""
        return "result" if event.KIND.endswith(".end") else None

    # -- undo (issue 10 §2) ------------------------------------------------------------------------
    def _undo_seat(self) -> int | None:
        """The human whose last decision an undo takes back: the last human seat to act."""
        for seat, _action in reversed(self.match.state.history):
            if seat in self.humans:
                return seat
        return None

    def undo_point(self) -> Any:
        """The :class:`game.match.Checkpoint` an undo returns to now, or None (none offered: the
        setting is off, review mode, no human decision since information was revealed or
        randomness drawn, another human acted since, the game is over)."""
        if not self.undo_enabled or self.review or self._left or self.ended or self.match.is_over():
            return None
        if self.privacy_for is not None:
            return None
        seat = self._undo_seat()
        if seat is None:
            return None
        points = self.match.undo_points(seat)
        return points[0] if points else None

    def can_undo(self) -> bool:
        """True when ``button:undo`` / Ctrl+Z would take a decision back now."""
        return self.undo_point() is not None

    def undo(self) -> bool:
        """Take back the last human decision with every AI action after it, back to where that
        human decided (Board Game Arena's policy: never past revealed information or drawn
        randomness, never past another human's action; :meth:`game.match.Match.undo_points`).
        The position, the log and the save become what they were there. False if none is
        offered."""
        cp = self.undo_point()
        if cp is None:
            return False
        self.match.undo_to(cp)
        self.hint = None
        self.resync()
        self.autosave()
        self.sfx("click")
        log.info("%s: undo to ply %d", self.game_name, cp.ply)
        return True

    def resync(self) -> None:
        """Show the Match's position as it is now, at once: animations dropped, a new snapshot,
        the cursor at the end of the log, the game log told again. Each scene extends
        :meth:`_resync_scene`."""
        self.timeline.cancel()
        self.drag.reset()
        self.ended = False
        self.end_fade = 0.0
        self.cursor = self.match.event_count
        self._resync_scene()
        self.rebuild_narration()
        if self.match.is_over():
            self.show_end()
            self.end_fade = 1.0
        self.sync_play_widgets()

    def _resync_scene(self) -> None:
        """Hook: the scene's own part of :meth:`resync` (its snapshot, selection, end state)."""
        self.refresh()

    # -- review mode (the replay viewer) -------------------------------------------------------------
    def show_state(self, state: GameState) -> None:
        """Show ``state`` at once, without animation (the replay viewer's back, start, end, jumps).

        Raises:
            ValueError: ``state`` has another seat count."""
        self.match.set_state(state)
        self.resync()

    def play_action(self, seat: int, action: str) -> None:
        """Apply ``seat``'s ``action`` and animate it as an AI's action is (the replay viewer's
        step forward; a running animation is finished first).

        Raises:
            InvalidActionError, IllegalActionError: from the state (nothing changes)."""
        self.finish_animations()
        self.match.apply(seat, action)
        self._animate_applied(seat, action)

    def _animate_applied(self, seat: int, action: str) -> None:
        """Hook: animate the action just applied (its events since :attr:`cursor`)."""
        self.resync()

    def set_viewer(self, seat: int | None) -> None:
        """Review mode: show ``seat``'s hidden information and tell the game as it saw it (None:
        everything). The scene's own part is :meth:`_viewer_changed`."""
        self.finish_animations()
        self.review_viewer = seat
        self.narration_seat = seat
        self._viewer_changed()
        self.resync()

    def _viewer_changed(self) -> None:
        """Hook: the review viewer changed (:attr:`review_viewer`): lay the table out again."""

    # -- hints (issue 10 §5) -------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """``button:hint``: ask the hard AI what it would choose for the human to act (from that
        seat's view only); :meth:`current_hint` marks it once the answer is in."""
        seat = self.human_to_act()
        if seat is None or not self.hints_enabled or self.review:
            return
        got = self.match.hints.request(seat)
        if got is not None:
            self._hint_arrived(got)
        self.sync_play_widgets()

    def _poll_hint(self) -> None:
        got = self.match.hints.poll()
        if got is not None:
            self._hint_arrived(got)

    def _hint_arrived(self, hint: Hint) -> None:
        self.hint = hint
        self._hint_shown(hint)
        self.sync_play_widgets()

    def _hint_shown(self, hint: Hint) -> None:
        """Hook: the hint arrived (a scene may say it in words)."""

    def current_hint(self) -> str | None:
        """The hinted action while it is about the position on screen and its seat is to act
        (never while animating), else None."""
        if self.coach is not None:  # a tutorial: the step's asked-for action
            want = self.coach.expected()
            return want if want is not None and self.human_to_act() == self.coach.human else None
        h = self.hint
        if h is None or h.position != self.match.position or self.human_to_act() != h.seat:
            return None
        return h.action

    # -- tutorials (issue 11) ----------------------------------------------------------------------
    @property
    def hint_kind(self) -> str:
        """The UI-dump kind of a marked piece: ``"tutorial-target"`` in a tutorial, else ``"hint"``."""
        return "hint" if self.coach is None else "tutorial-target"

    @property
    def hint_tag(self) -> str:
        """The word on a marked piece's tag, in the language in use: "here" in a tutorial, else "hint"."""
        if self.coach is None:
            return hint_tag()
        # Translators: the small tag on the piece a tutorial asks for (~6 characters)
        return pgettext("hint tag", "here")

    def bots_allowed(self) -> bool:
        """False while a tutorial's step waits for the person (its scripted seats answer after it)."""
        return self.coach is None or self.coach.bots_may_act()

    #: which way the coach's panel grows from :meth:`coach_rect` when its words need more room
    coach_grow = "up"

    def coach_rect(self) -> pygame.Rect:
        """Hook: where a tutorial's coach panel goes (logical px): the card it covers."""
        return pygame.Rect(722, 508, 536, 190)

    def seat_label(self, seat: int) -> str:
        """What plays ``seat``, as its panel says it, in the language in use: "Human", "Hard AI"...
        ("Coach" for a tutorial's scripted seat)."""
        kind = self.match.seats[seat]
        if self.coach is not None and kind != "human":
            # Translators: what plays a tutorial's scripted seat (on its panel)
            return _("Coach")
        return level_label(kind)

    def _coach_frame(self, dt_ms: float) -> None:
        """A tutorial's frame: the director attached on the first, then its update."""
        if self.coach is not None:
            if self.coach.scene is None:
                self.coach.attach(self)
            self.coach.update(dt_ms)

    def coach_hidden(self) -> bool:
        """Hook: True while the coach's panel must not cover the table (Kanji-zushi: a move plays
        on the join board it covers)."""
        return False

    def coach_shown(self) -> bool:
        return self.coach is not None and self.coach.scene is self and not self.coach_hidden()

    def draw_coach(self, surface: pygame.Surface) -> None:
        """The tutorial's coach panel, if any (no state change)."""
        if self.coach_shown():
            self.coach.draw(surface)

    def coach_elements(self) -> list[Any]:
        """The coach panel's UI elements (none outside a tutorial)."""
        return self.coach.ui_elements() if self.coach_shown() else []


__all__ = ["PlayExtras"]
