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

from game.tutorial import TUTORIAL_GAMES, TutorialError, load_tutorial
from scenes.kit.draw import C, draw_panel, draw_text, fill_alpha
from scenes.kit.scene import Scene
from scenes.kit.widgets import Button, UIScene
from scenes.shell.catalog import GAMES_BY_NAME
from scenes.tutorial.director import TutorialDirector
from scenes.tutorial.offered import MINUTES

log = logging.getLogger("tatami.tutorial")



def tutorial_scene(app: Any, game: str = "kaito", **_: Any) -> Scene:
    """The play scene of ``game`` running its tutorial (:func:`game.tutorial.load_tutorial`).

    Raises:
        TutorialError: no tutorial for ``game`` or its file is broken (one line saying why)."""
    tut = load_tutorial(game)
    info = GAMES_BY_NAME[game]
    seats = ["human" if kind == "human" else "easy" for kind in tut.seats]
    state = tut.initial_state()
    kwargs: dict[str, Any] = {}
    if game == "kaito":
        kwargs["colors"] = tuple(getattr(state.view(0), "colors"))
    director = TutorialDirector(app, tut)
    scene = app.make_scene(info.scene, seats=seats, names=list(tut.names) if tut.names else None, state=state,
                           seed=0, tutorial=director, **kwargs)
    scene.name = f"tutorial:{game}"
    return scene


def start_tutorial(app: Any, game: str) -> bool:
    """Replace the screen with ``game``'s tutorial. False (logged, a notice on the menu) when it
    cannot be built; nothing else changes then."""
    try:
        scene = tutorial_scene(app, game)
    except (TutorialError, KeyError, ValueError) as exc:
        log.error("tutorial %s: %s", game, exc)
        return False
    app.manager.reset(scene)
    return True


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
            self.widgets.add(Button(f"button:tutorial:{game}", info.title, (PANEL.x + 60, y, PANEL.w - 120, 66),
                                    partial(self._start, game), style="secondary", size=22,
                                    sublabel=f"A guided first game · about {MINUTES[game]} minutes"))
            y += 82
        self.widgets.add(Button("button:back", "Back", (PANEL.centerx - 90, PANEL.bottom - 62, 180, 46),
                                self.close, style="ghost", size=19))

    def _start(self, game: str) -> None:
        if not start_tutorial(self.app, game):
            self.notice = "This tutorial cannot be started: its file is missing or damaged (see the log)."

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
        draw_panel(surface, self.app, PANEL, radius=20, border=C.GOLD)
        draw_text(surface, self.app, "Learn by playing", (PANEL.centerx, PANEL.y + 46), 30, C.INK, bold=True)
        draw_text(surface, self.app, "The coach explains one rule at a time and asks you to play it.",
                  (PANEL.centerx, PANEL.y + 82), 16, C.INK_SOFT)
        if self.notice:
            draw_text(surface, self.app, self.notice, (PANEL.centerx, PANEL.bottom - 82), 15, C.VERMILION_DARK)
        self.widgets.draw(surface, self.app)


__all__ = ["LearnScene", "start_tutorial", "tutorial_scene"]
