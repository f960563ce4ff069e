"""The shared chrome of a play scene: its buttons (pause, undo, hint, the score: a :class:`ButtonRow`
the scene's :meth:`scenes.play.base.PlayScene.add_widgets` makes), shown for the moment
(:meth:`~scenes.play.base.PlayScene.sync_play_widgets` calls :func:`sync_buttons`), a line said
in its banner for a moment, and its sound effects. :class:`FittedButton`: a button its maker sizes
to its label (an online table's ``button:say`` and ``button:stand-in``)."""
from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.i18n import _
from scenes.kit.draw import draw_pause_icon, text_width
from scenes.kit.widgets import Button, WidgetGroup

log = logging.getLogger("tatami.play")


#: The narrowest Undo / Hint button (logical px); each is as wide as its label needs (+ 14).
BUTTON_MIN_W = 56


class ButtonRow:
    """A play scene's shared buttons, added to its widget ``group`` at their logical rects:
    ``pause`` (``button:pause``, the pause icon), ``undo`` (``button:undo``), ``hint``
    (``button:hint``) and ``score`` (``button:score``), each calling its ``on_*`` when clicked; and
    how Undo and Hint are fitted to their labels (:meth:`fit`), lined up leftwards from the right
    edge the layout gave Undo, as far apart as the layout put them (at least 4 px)."""

    def __init__(self, group: WidgetGroup, pause_rect: pygame.Rect, undo_rect: pygame.Rect,
                 hint_rect: pygame.Rect, score_rect: pygame.Rect, *, on_pause: Callable[[], None],
                 on_undo: Callable[[], None], on_hint: Callable[[], None], on_score: Callable[[], None]) -> None:
        self.pause = group.add(Button("button:pause", "", pause_rect, on_pause, style="secondary",
                                      icon=draw_pause_icon))
        self.undo = group.add(Button("button:undo", _("Undo"), undo_rect, on_undo, style="secondary", size=16))
        self.hint = group.add(Button("button:hint", _("Hint"), hint_rect, on_hint, style="secondary", size=16))
        self.score = group.add(Button("button:score", _("See the score"), score_rect, on_score, style="primary",
                                      size=20))
        #: Undo's right edge and the gap left of each fitted button (logical px)
        self.right, self.gap = undo_rect.right, max(4, undo_rect.x - hint_rect.right)
        self._fitted: tuple | None = None  # what the last fitting measured for

    def buttons(self) -> tuple[Button, Button, Button, Button]:
        """(pause, undo, hint, score)."""
        return self.pause, self.undo, self.hint, self.score

    def fit(self, app: Any) -> None:
        """Size Undo and Hint to their labels as drawn now in ``app`` (the language in use, the
        window's smallest text size) and line them up from :attr:`right`: a longer word
        ("Deshacer") widens its button instead of being cut, and the title beside them (the game
        log's) gets what is left. Measures only when a label, a button's showing or the window's
        scale changed (it runs every frame)."""
        key = (self.undo.label, self.hint.label, self.undo.visible, self.hint.visible, app.viewport.version)
        if self._fitted == key:
            return
        self._fitted = key
        x = self.right
        for btn in (self.undo, self.hint):
            w = max(BUTTON_MIN_W, round(text_width(app, btn.label, btn.size, True)) + 14)
            if btn.rect.w != w or btn.rect.right != x:
                btn.rect = pygame.Rect(x - w, btn.rect.y, w, btn.rect.h)
            if btn.visible:
                x -= w + self.gap


class FittedButton(Button):
    """A :class:`Button` sized to its label by its maker, remembering what it was last fitted for
    (:meth:`refit`), so it is measured again only when that changes (it is checked every frame)."""

    fitted: Any = None  #: the key of the last fitting (label, room, the window's scale...), or None

    def refit(self, key: Any) -> bool:
        """True when ``key`` differs from the last fitting's (then ``key`` is kept): measure again."""
        if key == self.fitted:
            return False
        self.fitted = key
        return True


def left_of_buttons(scene: Any, default: float) -> float:
    """The logical x left of the visible ``button:hint`` / ``button:undo`` / ``button:say`` (an
    online table's, in the hint's place; where a title beside them must end), or ``default`` when
    none shows."""
    widgets = getattr(scene, "widgets", None)
    say = widgets.get("button:say") if widgets is not None else None
    return min((b.rect.x for b in (getattr(scene, "btn_hint", None), getattr(scene, "btn_undo", None), say)
                if b is not None and b.visible), default=default)


def sync_buttons(scene: Any, live: bool, under_panel: bool) -> None:
    """Show and enable a play scene's shared buttons (:meth:`PlayScene.sync_play_widgets`): undo
    while offered, hint against AI with a human to act (neither while ``under_panel``), the score
    once the end is on screen, while ``live`` (not review mode, not leaving); pause unless review."""
    sc, row = scene, scene.buttons
    row.undo.visible = live and not under_panel and sc.undo_enabled and bool(sc.humans) and not sc.ended
    row.undo.enabled = row.undo.visible and sc.undoing.available()
    row.hint.visible = (live and not under_panel and sc.hints_enabled and bool(sc.humans)
                        and bool(sc.match.bots) and not sc.ended)
    row.hint.enabled = (row.hint.visible and sc.human_to_act() is not None
                        and not sc.match.hints.pending and sc.hinting.current() is None)
    row.score.visible = live and sc.ended and sc.coach is None
    row.pause.visible = not sc.review
    row.fit(sc.app)


def open_pause(scene: Any) -> None:
    """``button:pause`` (and Esc): cancel a drag in progress and push the pause menu (the app's
    ``open_pause``; in a bare harness the ``pause`` scene, a failure logged)."""
    if getattr(scene, "drag", None) is not None:
        scene.drag.cancel(animate=False)
    opener = getattr(scene.app, "open_pause", None)
    if opener is not None:
        opener()
        return
    try:
        scene.app.manager.push(scene.app.make_scene("pause"))
    except Exception:
        log.exception("cannot open the pause menu")


def tick_said(scene: Any, dt_ms: float) -> None:
    """Count down a line said in the banner (:meth:`scenes.play.base.PlayScene.say`) by ``dt_ms``
    real ms; it goes when its time is out."""
    if scene.said_ms > 0:
        scene.said_ms -= dt_ms
        if scene.said_ms <= 0:
            scene.banner_override = None


def play_sfx(app: Any, name: str) -> None:
    """Play the sound effect ``name`` through ``app``'s sound service, if it has one (never raises)."""
    sound = getattr(app, "sound", None)
    if sound is not None:
        try:
            sound.play(name)
        except Exception:
            log.debug("sound %s failed", name, exc_info=True)


__all__ = ["BUTTON_MIN_W", "ButtonRow", "FittedButton", "left_of_buttons", "open_pause", "play_sfx",
           "sync_buttons", "tick_said"]
