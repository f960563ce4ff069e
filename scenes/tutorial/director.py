"""The tutorial's director (issue 11): runs a :class:`game.tutorial.Tutorial` inside a real play
scene, which holds it as ``scene.coach``.

One step at a time: the coach's panel says the step's words; a step that asks for an action marks
its pieces (the scene's hint marks, kind ``tutorial-target`` in the UI dump) and refuses any other
action with the step's why-not (:meth:`TutorialDirector.refuses`: the action is never played);
a page waits for ``button:tutorial-next``. Once the step is done, the scripted seats play its
replies (:class:`game.tutorial.ScriptedBot`, asked through the Match like any AI, only now:
:meth:`TutorialDirector.bots_may_act`), the scene animates them, and when nothing moves any more
the next step begins. After the last step the panel offers ``button:play-now`` (a real game
against the easy AI, asking first if it would replace a game in progress) and ``button:menu``.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.i18n import N_, _
from game.tutorial import ScriptedBot, Step, Tutorial
from scenes.kit.scene import UIElement
from scenes.shell.confirm import confirm_new_game
from scenes.tutorial.coach import CoachPanel

log = logging.getLogger("tatami.tutorial")

#: The words shown when the person acts while the coach waits for Continue.
WAIT_KEY = "tutorial.wait"
#: The texts every tutorial shares that are not in :data:`game.tutorial.COMMON_TEXTS` (marked for
#: the catalogs, translated when shown).
SHELL_TEXTS = {
    # Translators: the tutorial coach, when the player acts before closing the coach's page ("Continue" is its button)
    WAIT_KEY: N_("First read the coach's note, then press Continue."),
}

SHOW, AFTER, END = "show", "after", "end"


class TutorialDirector:
    """Runs ``tutorial`` in the play scene that :meth:`attach` is given.

    Attributes:
        tutorial: the :class:`game.tutorial.Tutorial`. index: the current step (0-based).
        phase: ``"show"`` (the step is on screen), ``"after"`` (done; its replies play) or
            ``"end"`` (every step done: the end buttons). refused: actions refused so far.
        bots: the scripted seats' bots by seat (handed to the scene's Match)."""

    def __init__(self, app: Any, tutorial: Tutorial):
        self.app = app
        self.tutorial = tutorial
        self.index = 0
        #: the panel already shows step :attr:`index`'s words while the last step's moves end
        self._previewed = False
        self.phase = SHOW
        self.refused = 0
        self.why_key: str | None = None
        self.why_values: dict[str, str] = {}
        self.bots = {s: ScriptedBot(s, tutorial.game) for s, kind in enumerate(tutorial.seats) if kind == "script"}
        self.scene: Any = None
        self._seen = 0
        self.panel = CoachPanel(self.next, self.play_now, self.to_menu)

    # -- wiring --------------------------------------------------------------------------------
    def attach(self, scene: Any) -> None:
        """Serve ``scene`` (a play scene whose Match holds :attr:`bots`); show the first step."""
        self.scene = scene
        self._seen = len(scene.match.state.history)
        self._show(0)
        self.panel.fit(self.app, scene.coach_rect(), scene.coach_grow, getattr(scene, "coach_stops", ()))

    @property
    def step(self) -> Step:
        """The current step."""
        return self.tutorial.steps[min(self.index, len(self.tutorial.steps) - 1)]

    @property
    def human(self) -> int:
        """The person's seat."""
        return self.tutorial.human

    def expected(self) -> str | None:
        """The action the current step asks the person for while it is on screen, else None."""
        return self.step.do if self.phase == SHOW else None

    def bots_may_act(self) -> bool:
        """True once the current step is done: its scripted replies may be played."""
        return self.phase != SHOW

    def text(self, key: str, **values: str) -> str:
        if key in SHELL_TEXTS:
            return _(SHELL_TEXTS[key])
        try:
            return self.tutorial.text(key, **values)
        except KeyError:
            log.error("tutorial %s: no text %r", self.tutorial.game, key)
            return ""

    # -- the person's actions --------------------------------------------------------------------
    def refuses(self, seat: int, action: str, partial: bool = False) -> bool:
        """True (and the why-not shown, the error sound played) when the person's ``action`` is
        not the one the step asks for. ``partial``: ``action`` is the first part of a two-part
        action (KAITO's capture before its buy-back), accepted when the expected one starts
        with it and ``+``."""
        if seat != self.human:
            return False
        want = self.expected()
        if want is not None and (action == want or (partial and want.startswith(action + "+"))):
            return False
        self.refused += 1
        if want is None:
            self._why(WAIT_KEY)
        else:
            self._why(self.step.why_not(action))
        sfx = getattr(self.scene, "sfx", None)
        if sfx is not None:
            sfx("error")
        return True

    def applied(self, seat: int, action: str) -> None:
        """The person's action was played: the step is done, its replies may follow."""
        if seat == self.human and self.phase == SHOW and action == self.step.do:
            self._done()

    def next(self) -> None:
        """``button:tutorial-next``: close the page on screen."""
        if self.phase == SHOW and self.step.do is None:
            self._done()

    def _done(self) -> None:
        """The step's action is played: its replies are queued and the panel already says the next
        step's words (while the board still moves, the coach must not repeat an instruction the
        game has moved past: "Drag the tuna…" under a "Keep" banner), unless those words quote
        the log's last sentence, which the moves still to come will write."""
        self.phase = AFTER
        self.why_key = None
        for seat, action in self.step.replies:
            self.bots[seat].queue.append(action)
        nxt = self.index + 1
        if nxt < len(self.tutorial.steps) and "{event}" not in self.tutorial.texts.get(
                self.tutorial.steps[nxt].say, "{event}"):
            self.index = nxt  # words and title of the next step; marks wait for SHOW (expected())
            self._previewed = True
        self._sync_panel()

    def _why(self, key: str, **values: str) -> None:
        self.why_key = key
        self.why_values = values
        self.panel.why = self.text(key, **values)

    # -- per frame ---------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        """Pop the replies the Match has played; begin the next step once nothing moves."""
        self.panel.update(dt_ms)
        scene = self.scene
        if scene is None:
            return
        history = scene.match.state.history
        for seat, action in history[self._seen:]:
            bot = self.bots.get(seat)
            if bot is not None and bot.queue and bot.queue[0] == action:
                bot.queue.pop(0)
        self._seen = len(history)
        if self.phase == AFTER and not self._moving():
            if self._previewed:
                self._previewed = False
                self._show(self.index)
            elif self.index + 1 < len(self.tutorial.steps):
                self._show(self.index + 1)
            else:
                self.phase = END
                self._sync_panel()
        # laid out after the step changed, so the words drawn are always the title's step
        self.panel.fit(self.app, scene.coach_rect(), scene.coach_grow, getattr(scene, "coach_stops", ()))

    def _moving(self) -> bool:
        scene = self.scene
        match = scene.match
        if scene.moving() or getattr(scene, "drag", None) is not None and scene.drag.busy():
            return True
        if match.is_over():
            return False
        return bool(any(self.bots[s].queue for s in self.bots) and match.bots_to_act())

    def _show(self, index: int) -> None:
        self.index = index
        self.phase = SHOW
        self.why_key = None
        self._sync_panel()

    def _sync_panel(self) -> None:
        p = self.panel
        total = len(self.tutorial.steps)
        # Translators: the tutorial coach's panel title: step {n} of {total}
        p.title = _("Coach · step {n} of {total}").format(n=min(self.index + 1, total), total=total)
        if self.phase == END:
            p.text = self.text("tutorial.done")
        else:
            p.text = self.text(self.step.say, event=self._last_sentence())
        p.why = self.text(self.why_key, **self.why_values) if self.why_key else ""
        p.show_buttons(next_=self.phase == SHOW and self.step.do is None, end=self.phase == END)

    def _last_sentence(self) -> str:
        log_ = getattr(self.scene, "narration", None)
        entries = log_.entries if log_ is not None else ()
        return entries[-1].text if entries else ""

    # -- the end ---------------------------------------------------------------------------------------
    def play_now(self) -> None:
        """``button:play-now``: a real game of this game against the easy AI (the tutorial's seats,
        scripted ones played by ``easy``), asking first if a game of it is in progress."""
        seats = ["human" if kind == "human" else "easy" for kind in self.tutorial.seats]
        game = self.tutorial.game
        confirm_new_game(self.app, game, lambda: self.app.start_game(game, seats=seats))

    def to_menu(self) -> None:
        """``button:menu``: back to the main menu."""
        self.app.go_to_menu()

    # -- drawing and input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The panel's buttons (and presses on the panel) first."""
        return self.panel.handle_event(event)

    def busy(self) -> bool:
        return self.panel.busy()

    def ui_elements(self) -> list[UIElement]:
        return self.panel.ui_elements()

    def draw(self, surface: pygame.Surface) -> None:
        """The coach's panel (placed at the scene's ``coach_rect()`` each frame; no state change)."""
        self.panel.draw(surface, self.app)


__all__ = ["TutorialDirector"]
