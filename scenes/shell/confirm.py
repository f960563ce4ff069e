"""A yes/no question over the current screen (registered as ``"confirm"``): starting a new game over
one in progress (:func:`confirm_new_game`), resetting the statistics.

UI ids: ``button:<action>`` (the confirming button, e.g. ``button:confirm-abandon``,
``button:confirm-reset``) and ``button:cancel``. Esc cancels; Enter does nothing (a second Enter
after the one that asked must not answer for the player). The scene is modal: nothing reaches the
screen under it.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.i18n import _
from scenes.kit import boxes
from scenes.kit.draw import C, draw_panel, draw_text, fill_alpha, wrap_text
from scenes.kit.widgets import Button, UIScene, fit_size

log = logging.getLogger("tatami.confirm")

PANEL = pygame.Rect(640 - 300, 190, 600, 320)
MESSAGE_SIZE = 19
MAX_LINES = 4


class ConfirmScene(UIScene):
    """The question. kwargs:

    * ``title`` (str): the question, one line ("Abandon the game in progress?"; default "Are you
      sure?").
    * ``message`` (str): what it means, wrapped to at most four lines of the panel.
    * ``action`` (str): the confirming button's id is ``button:<action>``; ``confirm_label`` its text
      (default "OK").

    The caller passes its texts translated (game/i18n.py).
    * ``on_confirm`` (callable, no arguments): run after this scene is popped.
    * ``on_cancel`` (callable or None): run after this scene is popped by Cancel or Esc.
    * ``danger`` (bool): the confirming button is the primary (vermilion) one; Cancel is then plain.
    * ``cancel_action`` / ``cancel_label``: the other button's id (``button:<cancel_action>``,
      default ``button:cancel``) and text (default "Cancel").
    """

    name = "confirm"
    overlay = True
    FADE_MS = 120.0

    def __init__(self, app: Any, title: str | None = None, message: str = "", action: str = "confirm",
                 confirm_label: str | None = None, on_confirm: Callable[[], Any] | None = None,
                 on_cancel: Callable[[], Any] | None = None, danger: bool = True, cancel_action: str = "cancel",
                 cancel_label: str | None = None, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.title = title if title is not None else _("Are you sure?")
        if confirm_label is None:
            confirm_label = _("OK")
        self.message = message
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.answer: str | None = None  # "confirm" / "cancel" once answered (tests)
        y = PANEL.bottom - 92
        self.widgets.add(Button(f"button:{cancel_action}", cancel_label if cancel_label is not None else _("Cancel"),
                                (PANEL.x + 40, y, 240, 58), self.cancel, style="secondary", size=20))
        self.widgets.add(Button(f"button:{action}", confirm_label, (PANEL.right - 280, y, 240, 58), self.confirm,
                                style="primary" if danger else "dark", size=20))

    def _close(self, answer: str, then: Callable[[], Any] | None) -> None:
        if self.answer is not None:
            return
        self.answer = answer
        if self.app.manager.top() is self:
            self.app.manager.pop()
        if then is not None:
            then()

    def confirm(self) -> None:
        """The confirming button: close, then ``on_confirm()``."""
        self._close("confirm", self.on_confirm)

    def cancel(self) -> None:
        """Cancel (or Esc): close, then ``on_cancel()`` if given."""
        self._close("cancel", self.on_cancel)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        super().handle_event(event)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP,
                              pygame.MOUSEWHEEL, pygame.TEXTINPUT)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        fill_alpha(surface, C.INK, int(160 * self.fade.value))
        boxes.new_layer(self.app)  # the dialog over the dim
        draw_panel(surface, app, PANEL, radius=24)
        draw_text(surface, app, self.title, (640, PANEL.y + 52), fit_size(app, self.title, 28, True, PANEL.w - 48), C.INK,
                  bold=True)
        lines = wrap_text(app, self.message, MESSAGE_SIZE, PANEL.w - 80)[:MAX_LINES]
        y: float = PANEL.y + 100
        for line in lines:
            draw_text(surface, app, line, (640, y), MESSAGE_SIZE, C.INK_SOFT)
            y += MESSAGE_SIZE * 1.45
        self.widgets.draw(surface, app)


def game_in_progress(app: Any, game: str) -> Any:
    """The usable saved game of ``game`` in ``app.saves`` (a :class:`scenes.shell.saves.SavedGame`),
    or None (no store, no save, or an unusable file: set aside by the load)."""
    store = getattr(app, "saves", None)
    if store is None:
        return None
    try:
        saved = store.load(game, quiet=False)
    except Exception:  # a store must never stop a new game
        log.exception("cannot check the saved %s game", game)
        return None
    return saved if saved is not None and saved.game == game else None


def confirm_new_game(app: Any, game: str, start: Callable[[], Any], title: str = "") -> bool:
    """Start a new game of ``game`` with ``start()`` — at once when no game of ``game`` is in
    progress, else only after the player confirms over the current screen (``button:confirm-abandon``;
    ``button:cancel`` leaves everything as it was). Other games' saves are never concerned.
    ``title``: the game's name as shown (translated; default the saved game's).

    Returns:
        True if ``start()`` ran now, False if the question is on screen."""
    saved = game_in_progress(app, game)
    if saved is None:
        start()
        return True
    what = saved.describe(title) if title else saved.describe()
    app.manager.push(app.make_scene(
        "confirm", title=_("Abandon the game in progress?"),
        # Translators: {game} is the game in progress, e.g. "KAITO — You vs Hard AI, move 14"
        message=_("{game}. A new game replaces it; it cannot be continued afterwards.").format(game=what),
        action="confirm-abandon", confirm_label=_("Abandon it"), on_confirm=start))
    return False


__all__ = ["ConfirmScene", "confirm_new_game", "game_in_progress"]
