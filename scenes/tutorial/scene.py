"""The tutorial scene (registered as ``"tutorial"``, kwarg ``game``): the game's own play scene,
named ``tutorial:<game>`` in the UI dump, started from the tutorial's fixed position with its
scripted seats and a :class:`scenes.tutorial.director.TutorialDirector` as its coach.

Also the menu's chooser (``"learn"``): one button per game, ``button:tutorial:<game>``, and
``button:back``."""
from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.i18n import N_, _, ngettext
from game.tutorial import TUTORIAL_GAMES, load_tutorial
from scenes.kit import boxes
from scenes.kit.draw import C, draw_panel, draw_text, fill_alpha
from scenes.kit.scene import Scene
from scenes.kit.widgets import Button, UIScene
from scenes.play.seats import YOU
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.tutorial.director import TutorialDirector

log = logging.getLogger("tatami.tutorial")

#: The seat names of the tutorials (``"names"`` of game/<name>/tutorial.json), marked here for the
#: catalogs; translated when a tutorial starts (a name not listed is shown as written).
TUTORIAL_NAMES = (
    YOU,
    # Translators: the name of a scripted opponent in a tutorial (a Japanese given name)
    N_("Aoi"),
    # Translators: the name of a scripted opponent in a tutorial (a Japanese given name)
    N_("Kenji"),
)


def tutorial_scene(app: Any, game: str = "", **_ignored: Any) -> Scene:
    """The play scene of ``game`` running its tutorial (:func:`game.tutorial.load_tutorial`).

    Raises:
        TutorialError: no tutorial for ``game`` or its file is broken (one line saying why)."""
    tut = load_tutorial(game)
    info = GAMES_BY_NAME[game]
    seats = ["human" if kind == "human" else "easy" for kind in tut.seats]
    state = tut.initial_state()
    director = TutorialDirector(app, tut)
    names = [_(n) if n in TUTORIAL_NAMES else n for n in tut.names] if tut.names else None
    scene = app.make_scene(info.scene, seats=seats, names=names, state=state,
                           seed=0, tutorial=director)
    scene.name = f"tutorial:{game}"
    return scene


def start_tutorial(app: Any, game: str) -> bool:
    """Replace the screen with ``game``'s tutorial (:meth:`scenes.shell.app.App.open_tutorial`).
    False (logged, a notice on the menu) when it cannot be built; nothing else changes then."""
    return bool(app.open_tutorial(game))


PANEL = pygame.Rect(640 - 330, 150, 660, 420)


class LearnScene(UIScene):
    """The menu's "Learn to play": a guided game of each game (``button:tutorial:<game>``)."""

    name = "learn"
    overlay = True

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app, **kwargs)
        self.notice = ""
        y = PANEL.y + 110
        for game in TUTORIAL_GAMES:
            info = GAMES_BY_NAME[game]
            minutes = info.tutorial_minutes
            # Translators: under a game's name in the tutorial chooser ({n}: the tutorial's length in minutes)
            sub = ngettext("A guided first game · about {n} minute", "A guided first game · about {n} minutes",
                           minutes).format(n=minutes)
            self.widgets.add(Button(f"button:tutorial:{game}", _(info.title), (PANEL.x + 60, y, PANEL.w - 120, 66),
                                    partial(self._start, game), style="secondary", size=22, sublabel=sub))
            y += 82
        self.widgets.add(Button("button:back", _("Back"), (PANEL.centerx - 90, PANEL.bottom - 62, 180, 46),
                                self.close, style="ghost", size=19))

    def _start(self, game: str) -> None:
        if not start_tutorial(self.app, game):
            self.notice = _("This tutorial cannot be started: its file is missing or damaged (see the log).")

    def close(self) -> None:
        if self.app.manager.top() is self:
            self.app.manager.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle_event(event)
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        fill_alpha(surface, C.INK, 140)
        boxes.new_layer(self.app)  # the dialog over the dim
        draw_panel(surface, self.app, PANEL, radius=20, border=C.GOLD)
        draw_text(surface, self.app, _("Learn by playing"), (PANEL.centerx, PANEL.y + 46), 30, C.INK, bold=True)
        draw_text(surface, self.app, _("The coach explains one rule at a time and asks you to play it."),
                  (PANEL.centerx, PANEL.y + 82), 16, C.INK_SOFT)
        if self.notice:
            draw_text(surface, self.app, self.notice, (PANEL.centerx, PANEL.bottom - 82), 15, C.VERMILION_DARK)
        self.widgets.draw(surface, self.app)


__all__ = ["LearnScene", "start_tutorial", "tutorial_scene"]
