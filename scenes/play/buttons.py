"""The shared chrome of a play scene: its buttons (pause, undo, hint, the score), made and shown for
the moment (the scene's :meth:`scenes.play.base.PlayScene.add_widgets` and
:meth:`~scenes.play.base.PlayScene.sync_play_widgets` call these), a line said in its banner for a
moment, and its sound effects."""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import _
from scenes.kit.draw import draw_pause_icon, text_width
from scenes.kit.widgets import Button, WidgetGroup

log = logging.getLogger("tatami.play")


def add_buttons(scene: Any, pause_rect: pygame.Rect, undo_rect: pygame.Rect, hint_rect: pygame.Rect,
                score_rect: pygame.Rect) -> None:
    """A new :class:`WidgetGroup` as ``scene.widgets`` with ``button:pause`` (``scene.btn_pause``,
    the pause icon; opens the pause menu), ``button:undo``, ``button:hint`` and ``button:score``
    (``btn_undo``, ``btn_hint``, ``btn_score``) at their logical rects."""
    scene.widgets = WidgetGroup()
    scene.btn_pause = scene.widgets.add(
        Button("button:pause", "", pause_rect, scene.open_pause, style="secondary", icon=draw_pause_icon))
    scene.btn_undo = scene.widgets.add(
        Button("button:undo", _("Undo"), undo_rect, scene.undoing.click, style="secondary", size=16))
    scene.btn_hint = scene.widgets.add(
        Button("button:hint", _("Hint"), hint_rect, scene.ask_hint, style="secondary", size=16))
    scene.btn_score = scene.widgets.add(Button("button:score", _("See the score"), score_rect,
                                               scene.request_score, style="primary", size=20))
    scene.button_row = (undo_rect.right, max(4, undo_rect.x - hint_rect.right))


#: The narrowest Undo / Hint button (logical px); each is as wide as its label needs (+ 14).
BUTTON_MIN_W = 56


def fit_buttons(scene: Any) -> None:
    """Size ``button:undo`` and ``button:hint`` to their labels as drawn now (the language in
    use, the window's smallest text size) and line them up from the right edge the layout gave
    Undo: a longer word ("Deshacer") widens its button instead of being cut, and the title beside
    them (the game log's) gets what is left."""
    right, gap = getattr(scene, "button_row", (scene.btn_undo.rect.right, 8))
    key = (scene.btn_undo.label, scene.btn_hint.label, scene.btn_undo.visible, scene.btn_hint.visible,
           scene.app.viewport.version)
    if getattr(scene, "_buttons_fitted", None) == key:  # (every frame: measure only on a change)
        return
    scene._buttons_fitted = key
    x = right
    for btn in (scene.btn_undo, scene.btn_hint):
        w = max(BUTTON_MIN_W, round(text_width(scene.app, btn.label, btn.size, True)) + 14)
        if btn.rect.w != w or btn.rect.right != x:
            btn.rect = pygame.Rect(x - w, btn.rect.y, w, btn.rect.h)
        if btn.visible:
            x -= w + gap


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
    sc = scene
    sc.btn_undo.visible = live and not under_panel and sc.undo_enabled and bool(sc.humans) and not sc.ended
    sc.btn_undo.enabled = sc.btn_undo.visible and sc.undoing.available()
    sc.btn_hint.visible = (live and not under_panel and sc.hints_enabled and bool(sc.humans)
                           and bool(sc.match.bots) and not sc.ended)
    sc.btn_hint.enabled = (sc.btn_hint.visible and sc.human_to_act() is not None
                           and not sc.match.hints.pending and sc.hinting.current() is None)
    sc.btn_score.visible = live and sc.ended and sc.coach is None
    sc.btn_pause.visible = not sc.review
    fit_buttons(sc)


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


__all__ = ["add_buttons", "open_pause", "play_sfx", "sync_buttons", "tick_said"]
