"""The arrow keys move the focus ring by the screen's geometry, Tab reaches every field (issue 21
§5, "Keyboard, names and the first minutes").

Real KEYDOWN / TEXTINPUT events pumped through the headless App (``scene_input.press_key``); what
has the focus is read from the UI dump (``"focus": true``). Right on KAITO's board goes to the
next file of the same rank, Up to the next rank (not along the ring's order); Left at the left end
of a row stays (no wrap); Tab / Shift+Tab stay the ring's linear order and reach the setup
screen's name fields, where typing goes in.
"""
from __future__ import annotations

import pygame
from scene_input import press_key, pump_until, settle, start_scene

from game.kaito.rules import square_name
from scenes.kaito.scene import KaitoPlayScene
from scenes.kanji.scene import KanjiPlayScene
from scenes.sushi.scene import SushiPlayScene

ENTER = pygame.K_RETURN
RIGHT, LEFT, UP, DOWN = pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN


def focused(scene):
    """The one focused element's id (None while the ring is hidden)."""
    got = [e.id for e in scene.ui_elements() if e.focus]
    assert len(got) <= 1, got
    return got[0] if got else None


def walk(app, scene, keys):
    """Press each of ``keys``; the focused id after each."""
    out = []
    for k in keys:
        press_key(app, k)
        out.append(focused(scene))
    return out


def wait_for_turn(app, scene, frames=3000):
    pump_until(app, scene, lambda: scene.human_to_act() is not None and not scene.timeline.running
               and not getattr(scene, "side", None), "the human's turn", frames)


def test_kaito_arrows_follow_files_and_ranks(app):
    # hot-seat, seed 4: the blanks are a2 and e2; Black places the Kaito on e2, Red picks it up:
    # its targets are e1, b2 c2 d2 f2 (rank 2) and e3..e6 (file e), the pawn itself on e2
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4)
    press_key(app, ENTER)
    press_key(app, ENTER)  # the pawn picked: the ring on the first blank, a2
    assert walk(app, scene, [RIGHT]) == ["tile:e2"]
    press_key(app, ENTER)
    settle(app, scene)
    assert scene.state.history == [(1, "@e2")]
    press_key(app, ENTER)  # the ring on the pawn
    press_key(app, ENTER)  # picked: the ring on its first target
    targets = sorted(square_name(t) for t, _ in scene.drag.targets)
    assert targets == ["b2", "c2", "d2", "e1", "e3", "e4", "e5", "e6", "f2"]
    assert focused(scene) == "tile:e1"
    # Up climbs file e rank by rank (over the pawn on e2), Down comes back
    assert walk(app, scene, [UP, UP, UP, DOWN]) == ["kaito", "tile:e3", "tile:e4", "tile:e3"]
    # Right from e3: nothing more on rank 3, the next file over is f (f2), not further up file e
    assert walk(app, scene, [RIGHT]) == ["tile:f2"]
    # Left along rank 2, file by file (over the pawn), to its left end: there it stays
    assert walk(app, scene, [LEFT, LEFT, LEFT, LEFT, LEFT]) == ["kaito", "tile:d2", "tile:c2", "tile:b2", "tile:b2"]
    press_key(app, ENTER)
    settle(app, scene)
    assert scene.state.history[-1] == (0, "b2")


def test_kanji_arrows_walk_the_table_as_laid_out(app):
    # the six shari lie in two rows of three; Down goes to the card below, not the next in order
    scene = start_scene(app, KanjiPlayScene, seats=["human", "easy"], seed=21)
    wait_for_turn(app, scene)
    press_key(app, pygame.K_TAB)
    assert focused(scene) == "neta:0"
    press_key(app, ENTER)
    assert focused(scene) == "shari:0"
    rect = {f"shari:{t[1]}": r for t, r in scene.drag.targets}
    assert rect["shari:3"].top > rect["shari:0"].bottom and rect["shari:3"].x == rect["shari:0"].x
    assert walk(app, scene, [DOWN, RIGHT, UP, RIGHT, LEFT, LEFT]) == [
        "shari:3", "shari:4", "shari:1", "shari:2", "shari:1", "shari:0"]
    assert walk(app, scene, [LEFT]) == ["shari:0"]  # nothing left of it: it stays


def test_sushi_hand_row_left_and_right_without_wrapping(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random"], seed=15)
    wait_for_turn(app, scene)
    press_key(app, pygame.K_TAB)
    assert focused(scene) == "hand:0"
    assert walk(app, scene, [LEFT]) == ["hand:0"]  # the row's left end: no wrap to the last button
    assert walk(app, scene, [RIGHT, RIGHT, LEFT]) == ["hand:1", "hand:2", "hand:1"]


def test_menu_arrows_by_the_layout(app):
    app.manager.reset(app.make_scene("menu"))
    app.pump(16)
    menu = app.manager.top()
    press_key(app, ENTER)  # the ring shows, on the first game
    assert focused(menu) == "button:game:kaito"
    assert walk(app, menu, [LEFT]) == ["button:game:kaito"]  # the left end: it stays
    below = walk(app, menu, [DOWN])[0]
    assert below in ("button:learn", "button:rules")  # a button under the KAITO card
    assert walk(app, menu, [UP, RIGHT, RIGHT, RIGHT]) == [
        "button:game:kaito", "button:game:sushi-draft", "button:game:kanji-zushi", "button:game:kanji-zushi"]


def setup_scene(app, game):
    app.manager.reset(app.make_scene("menu"))
    scene = app.make_scene("setup", game=game)
    scene.fade.finish()
    app.manager.push(scene)
    app.pump(16)
    return scene


def type_text(app, text):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.pump(16)


def test_tab_reaches_the_kaito_names_and_typing_goes_in(app):
    scene = setup_scene(app, "kaito")
    scene.w_seat[1].set_value("human", notify=True)  # hot-seat: two name fields
    seen = walk(app, scene, [pygame.K_TAB] * 6)
    # each side's name before its player and colour choices, in reading order
    assert seen == ["choice:game:kaito", "field:name0", "choice:seat0:human", "choice:color0:R", "field:name1",
                    "choice:seat1:human"]
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to Player B's name: its editing starts
    assert focused(scene) == "field:name1" and scene.fields[1].focused
    type_text(app, "Ben")
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Shift+Tab goes on from the field, ending its editing
    assert focused(scene) == "choice:color0:R" and not scene.fields[1].focused
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(scene) == "field:name0" and scene.fields[0].focused
    type_text(app, "Aiko")
    press_key(app, pygame.K_BACKSPACE)
    press_key(app, pygame.K_TAB)
    assert focused(scene) == "choice:seat0:human" and not any(f.focused for f in scene.fields)
    assert scene.player_names() == ["Aik", "Ben"]


def test_tab_reaches_every_hot_seat_name_in_sushi_draft(app):
    scene = setup_scene(app, "sushi-draft")
    scene.w_players.set_value("3", notify=True)
    scene.w_seat[1].set_value("human", notify=True)
    seen = walk(app, scene, [pygame.K_TAB] * 16)
    assert "field:name0" in seen and "field:name1" in seen and "field:name2" not in seen  # seat 3 is an AI
    assert seen.index("field:name1") == seen.index("choice:seat1:human") - 1
    while focused(scene) != "field:name1":
        press_key(app, pygame.K_TAB)
    type_text(app, "Chie")
    press_key(app, ENTER)  # Enter ends the editing; the ring stays on the field
    assert not scene.fields[1].focused and focused(scene) == "field:name1"
    assert scene.player_names()[1] == "Chie"
