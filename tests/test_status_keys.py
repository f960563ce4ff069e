"""The status lines name keys while the keyboard is in use, and KAITO's first line says who opens
(issue 21 §5, "Keyboard, names and the first minutes").

The real headless App with real events (``scene_input.press_key`` / ``click``): after a key the
prompts say "press Enter on…", after a mouse press they say "drag…" / "click…" again, in each
game. Until the first move, KAITO's banner starts with who plays what and who opens, with the
seat names rendered in the language in use. AI seats that must not move yet are held by a bot
that waits (:class:`Held`); fixed seeds, fast animations.
"""
from __future__ import annotations

import threading

import pygame
import pytest
from scene_input import click, press_key, pump_until, settle, start_scene
from test_keyboard_play import exchange_state, focus_id, kaito_square, tab_to

from game import i18n
from scenes.kaito.scene import KaitoPlayScene
from scenes.kanji.scene import KanjiPlayScene
from scenes.sushi.scene import SushiPlayScene

ENTER = pygame.K_RETURN
#: a logical point on the table where a click uses nothing (left of KAITO's board, under its labels)
NOWHERE = (20, 700)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Held:
    """A bot that waits until :attr:`go` is set (the AI seems to think), then plays its first
    legal action."""

    def __init__(self):
        self.go = threading.Event()

    def choose(self, view):
        self.go.wait(20)
        return view.legal_actions[0]


def banner(scene):
    return scene.board_painter.banner_text()[0]


def wait_for(app, scene, cond, frames=3000):
    pump_until(app, scene, cond, "the condition", frames)


# ------------------------------------------------------------------------------------------
# the prompts name keys
# ------------------------------------------------------------------------------------------
def test_kaito_prompts_follow_the_last_input(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4)
    turn = banner(scene).split("\n")[-1]
    assert turn == "Black: place the Kaito on a blank square"
    press_key(app, ENTER)  # the ring shows on the Kaito
    assert banner(scene).split("\n")[-1] == "Black: press Enter on the Kaito"
    press_key(app, ENTER)  # picked
    assert banner(scene).split("\n")[-1] == "Black: press Enter on a blank square"
    press_key(app, ENTER)
    settle(app, scene)
    assert scene.state.history == [(1, "@a2")]
    assert banner(scene).split("\n")[-1] == "Red to move — press Enter on the Kaito"
    press_key(app, ENTER)
    press_key(app, ENTER)
    assert kaito_square(focus_id(scene)) is not None
    assert banner(scene).split("\n")[-1] == "Red to move — press Enter on a square"
    click(app, NOWHERE)  # the mouse: the words of the mouse again
    assert banner(scene).split("\n")[-1] == "Red to move — drag the Kaito"
    assert "Enter" not in banner(scene)


def test_esc_to_pause_and_back_is_no_sign_of_the_keyboard(app):
    """A mouse player who pauses with Esc and comes back with Esc still reads the mouse's words
    (seen: "press Enter on the Kaito" after a pause)."""
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4)
    click(app, NOWHERE)
    assert banner(scene).split("\n")[-1] == "Black: place the Kaito on a blank square"
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top() is not scene  # the pause screen
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top() is scene
    assert not scene.input.keys_in_use()
    assert banner(scene).split("\n")[-1] == "Black: place the Kaito on a blank square"
    press_key(app, ENTER)  # a key that plays: the keys' words
    assert banner(scene).split("\n")[-1] == "Black: press Enter on the Kaito"


def test_kaito_pay_hint_names_keys(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], state=exchange_state())
    tab_to(app, scene, "kaito")
    press_key(app, ENTER)
    tab_to(app, scene, "tile:b1")
    press_key(app, ENTER)
    settle(app, scene)
    tab_to(app, scene, "buy:K")
    press_key(app, ENTER)
    assert scene.exchange.kind == "K"
    assert scene.exchange_status()[1] == "Press Enter on Mon tiles to pay 4 for a katana."
    click(app, NOWHERE)
    assert scene.exchange_status()[1] == "Drag Mon tiles here to pay 4 for a katana."


def test_sushi_prompt_follows_the_last_input(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random"], seed=15)
    wait_for(app, scene, lambda: scene.human_to_act() is not None and not scene.side and not scene.timeline.running)
    assert scene.banner_text() == "Eat: drag a card onto your plate"
    press_key(app, pygame.K_TAB)
    assert scene.banner_text() == "Eat: press Enter on a card, then on your plate"
    click(app, (20, 360))
    assert scene.banner_text() == "Eat: drag a card onto your plate"


def test_sushi_keep_prompt_names_keys(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random"], seed=15)
    for _ in range(40):  # eat by keyboard until the keep phase asks
        wait_for(app, scene, lambda: scene.human_to_act() is not None and not scene.side
                 and not scene.timeline.running and not scene.drag.busy())
        if scene.state.view(scene.bottom).phase == "keep":
            break
        view = scene.state.view(scene.bottom)
        hand = scene.shown.seats[scene.bottom].hand
        tab_to(app, scene, lambda f: f.startswith("hand:") and hand[int(f[5:])] in view.legal_actions)
        press_key(app, ENTER)
        press_key(app, ENTER)
    assert scene.state.view(scene.bottom).phase == "keep"
    press_key(app, pygame.K_TAB)
    assert scene.banner_text().startswith("Keep: press Enter on one card, then on the keep mat")
    click(app, (20, 360))
    assert scene.banner_text().startswith("Keep: drag one card to the keep mat")


def test_kanji_prompt_follows_the_last_input(app):
    scene = start_scene(app, KanjiPlayScene, seats=["human", "easy"], seed=21)
    wait_for(app, scene, lambda: scene.human_to_act() is not None and not scene.animating())
    assert scene.banner_text() == "Your turn: drag a neta onto a shari — or pass"
    press_key(app, pygame.K_TAB)
    assert scene.banner_text() == "Your turn: press Enter on a neta, then on a shari — or pass"
    click(app, (20, 360))
    assert scene.banner_text() == "Your turn: drag a neta onto a shari — or pass"


# ------------------------------------------------------------------------------------------
# KAITO: who opens, in plain words
# ------------------------------------------------------------------------------------------
def test_kaito_first_line_when_the_ai_opens(app):
    held = Held()
    scene = start_scene(app, KaitoPlayScene, seats=["hard", "human"], seed=4, bots={0: held})
    try:
        # the person (Black) places the Kaito; Red, the Hard AI, makes the first move
        assert banner(scene) == "You play Black; Red (Hard AI) moves first\nBlack: place the Kaito on a blank square"
        press_key(app, ENTER)
        press_key(app, ENTER)
        press_key(app, ENTER)
        wait_for(app, scene, lambda: scene.state.history and not scene.timeline.running)
        assert banner(scene) == "You play Black; Red (Hard AI) moves first\nRed is thinking"
        held.go.set()
        wait_for(app, scene, lambda: len(scene.state.history) == 2 and not scene.timeline.running)
        assert "\n" not in banner(scene) and "first" not in banner(scene)  # gone after the first move
    finally:
        held.go.set()


def test_kaito_first_line_when_the_person_opens_and_in_spanish(app):
    held = Held()
    scene = start_scene(app, KaitoPlayScene, seats=["human", "hard"], seed=4, bots={1: held})
    try:
        assert banner(scene) == "You play Red and move first\nBlack is thinking"
        i18n.set_language("es")
        assert banner(scene) == "Juegas con Rojo y mueves primero\nNegro está pensando"
        i18n.set_language("en")
        held.go.set()
        wait_for(app, scene, lambda: scene.human_to_act() == 0)
        assert banner(scene) == "You play Red and move first\nRed to move — drag the Kaito"
    finally:
        held.go.set()


def test_kaito_first_line_hot_seat_and_between_ais(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4, names=["Aiko", ""])
    assert banner(scene) == "Red (Aiko) moves first\nBlack: place the Kaito on a blank square"
    i18n.set_language("es")
    assert banner(scene).startswith("Rojo (Aiko) mueve primero\n")
    i18n.set_language("en")
    held = [Held(), Held()]
    scene = start_scene(app, KaitoPlayScene, seats=["medium", "easy"], seed=4, bots={0: held[0], 1: held[1]})
    try:
        assert banner(scene) == "Red (Medium AI) moves first\nBlack is thinking"
        i18n.set_language("ja")
        assert banner(scene).split("\n")[0] == "先手は赤（中級AI）"
        i18n.set_language("en")
    finally:
        for h in held:
            h.go.set()
