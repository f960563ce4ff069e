"""Playing the three games with the keyboard alone (issue 12, "Keyboard and settings").

Only real KEYDOWN events (``scene_input.press_key``, pumped through the App like a user's keys):
Tab / Shift+Tab (in order) and the arrows (by the screen's geometry) move the focus ring over
the pieces that can act, then a picked piece's legal targets, then the buttons; Enter or Space
acts; Esc cancels a pick, else pauses; Ctrl+Z undoes. Moves are chosen by reading the focused
element of the UI dump (``scene.ui_elements()``, ``focus``) against the acting seat's legal actions. Fixed seeds, fast
animations (``speed`` 1000, no AI thinking delay); nothing depends on wall-clock times.
"""
from __future__ import annotations

import time

import pygame
from scene_input import click, ids, press_key, settle, start_scene

from game.kaito.rules import KaitoState, Move, square_index, square_name
from game.kanji.rules import attempt_text, judge
from scenes.kaito.scene import KaitoPlayScene
from scenes.kanji.scene import KanjiPlayScene
from scenes.kit.draw import C
from scenes.sushi.scene import SushiPlayScene

ENTER = pygame.K_RETURN


# ------------------------------------------------------------------------------------------
# harness
# ------------------------------------------------------------------------------------------
def focused(scene):
    """The ids of the elements the UI dump marks ``"focus": true``."""
    return [e.id for e in scene.ui_elements() if e.focus]


def focus_id(scene):
    """The one focused id (None while the ring is hidden); never two."""
    got = focused(scene)
    assert len(got) <= 1, got
    if scene.widgets.focus.live() is not None and scene.widgets.focus.live().id is not None:
        assert len(got) == 1, "the ring shows but the dump marks nothing"
    return got[0] if got else None


def tab_to(app, scene, want, limit=80):
    """Press Tab until the focused element is ``want`` (an id, or a test on the id); its id."""
    for _ in range(limit):
        f = focus_id(scene)
        if f is not None and (want(f) if callable(want) else f == want):
            return f
        press_key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {want!r} (last focus {focus_id(scene)!r})")


def wait(app, scene, cond, frames=6000):
    """Pump 16 ms frames until ``cond()`` or the scene left the top of the stack."""
    for _ in range(frames):
        if cond() or app.manager.top() is not scene:
            return
        app.pump(16)
        if scene.match.thinking:
            time.sleep(0.0005)
    raise AssertionError("condition not reached")


class First:
    """A bot that plays its first legal action at once."""

    def choose(self, view):
        return view.legal_actions[0]


# ------------------------------------------------------------------------------------------
# KAITO
# ------------------------------------------------------------------------------------------
def kaito_square(fid):
    """The square index of a focused ``tile:<sq>`` / ``square:<sq>`` id, or None."""
    kind, _, name = (fid or "").partition(":")
    return square_index(name) if kind in ("tile", "square") else None


def kaito_move(app, scene):
    """The human to act moves the Kaito with the keyboard: Tab to the pawn, Enter, walk its
    targets with Down until the focused square is one the legal actions land on, Enter."""
    seat = scene.human_to_act()
    legal = {Move.from_str(a).square for a in scene.state.view(seat).legal_actions}
    tab_to(app, scene, "kaito")
    press_key(app, ENTER)
    assert scene.drag.selected == "kaito" and kaito_square(focus_id(scene)) in legal
    for _ in range(len(legal) + 1):
        if kaito_square(focus_id(scene)) in legal:
            break
        press_key(app, pygame.K_DOWN)
    sq = kaito_square(focus_id(scene))
    assert sq in legal
    n = len(scene.state.history)
    press_key(app, ENTER)
    # the move is made (an AI thinking ahead may answer in the same frame), or the buy-back step opens
    assert scene.state.history[n:n + 1] == [(seat, f"@{square_name(sq)}" if n == 0 else square_name(sq))] \
        or scene.exchange is not None
    return sq


def kaito_buy_back(app, scene, move=None):
    """The open buy-back step by keyboard: the kind, each Mon of the payment, then the confirm
    button (``move``: one of the step's options; default the first). Returns the move made."""
    ex = scene.exchange
    move = move or ex.options[0]
    tab_to(app, scene, f"buy:{move.buy}")
    press_key(app, ENTER)
    assert ex.kind == move.buy
    row = scene.shown.held[ex.seat]
    for value in move.paid:
        i = next(i for i, code in enumerate(row) if code and code[1] == str(value) and i not in ex.selected)
        tab_to(app, scene, f"held:{ex.seat}:{i}")
        press_key(app, pygame.K_SPACE)
        assert i in ex.selected and focus_id(scene) == f"held:{ex.seat}:{i}"  # the ring stays on it
    tab_to(app, scene, "button:confirm-exchange")
    press_key(app, ENTER)
    return move


def exchange_state():
    """Red (seat 0, to move) on a1 can capture Black's katana on b1 and buy back the katana Black
    holds with Mon 3+1 (tests/test_kaito_scene.py's position)."""
    board = [None] * 36
    for sq, code in {"b1": "BK", "c3": "BK", "d4": "RK", "e5": "RH", "f6": "BH", "b4": "R1", "a3": "B2"}.items():
        board[square_index(sq)] = code
    return KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"),
                                    held=(("B3", "B1"), ("RK",)), removed=("OO", "OO"))


def test_kaito_whole_game_by_keyboard_reaches_the_score_screen(app):
    # the human is Black (seat 1): it places the Kaito on a blank, then plays the whole game
    scene = start_scene(app, KaitoPlayScene, seats=["easy", "human"], seed=5)
    moves = buys = 0
    for _ in range(3000):
        if app.manager.top() is not scene:
            break
        if scene.ended:
            press_key(app, ENTER)  # the end stays on screen until Enter asks for the score
        elif scene.exchange is not None and not scene.timeline.running:
            kaito_buy_back(app, scene)
            buys += 1
        elif scene.human_to_act() is not None:
            kaito_move(app, scene)
            moves += 1
        else:
            app.pump(16)
            if scene.match.thinking:
                time.sleep(0.0005)
    assert scene.state.is_over() and scene.score_requested and scene.errors == 0
    assert app.manager.top().name == "kaito_score"
    assert moves >= 3 and scene.state.history[0][0] == 1 and scene.state.history[0][1].startswith("@")
    assert sum(1 for s, _ in scene.state.history if s == 1) == moves


def test_kaito_buy_back_by_keyboard(app):
    st = exchange_state()
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], state=st)
    tab_to(app, scene, "kaito")
    press_key(app, ENTER)
    tab_to(app, scene, "tile:b1")  # Tab walks the pawn's targets
    press_key(app, ENTER)
    settle(app, scene)
    assert scene.exchange is not None and st.history == []
    # the buy-back step: the kind, the Mon 3 and 1 into the pay area, then the confirm button
    move = kaito_buy_back(app, scene, Move(square_index("b1"), buy="K", paid=(3, 1)))
    settle(app, scene)
    assert st.history == [(0, str(move))] == [(0, "b1+K:3,1")]
    assert scene.exchange is None


def test_kaito_no_exchange_button_by_keyboard(app):
    st = exchange_state()
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], state=st)
    tab_to(app, scene, "kaito")
    press_key(app, ENTER)
    tab_to(app, scene, "tile:b1")
    press_key(app, ENTER)
    settle(app, scene)
    assert scene.exchange is not None
    tab_to(app, scene, "button:no-exchange")
    press_key(app, ENTER)
    settle(app, scene)
    assert st.history == [(0, "b1")]


def test_kaito_opening_blank_squares_are_targets(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4)
    assert scene.state.view(1).phase == "place"
    press_key(app, ENTER)  # Enter with no ring shows it, on the pawn
    assert focus_id(scene) == "kaito"
    press_key(app, pygame.K_SPACE)  # Space acts too: the pawn is picked, the ring on a blank
    blanks = scene.state.view(1).targets()
    assert kaito_square(focus_id(scene)) == blanks[0] and focus_id(scene) in ids(scene)
    press_key(app, pygame.K_RIGHT)  # the blanks share a rank (seed 4: a2, e2): Right goes along it
    assert kaito_square(focus_id(scene)) == blanks[1]
    press_key(app, pygame.K_LEFT)
    assert kaito_square(focus_id(scene)) == blanks[0]
    press_key(app, ENTER)
    settle(app, scene)
    assert scene.state.history == [(1, "@" + square_name(blanks[0]))]


def test_kaito_esc_cancels_a_pick_then_pauses(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4)
    tab_to(app, scene, "kaito")
    press_key(app, ENTER)
    assert scene.drag.selected == "kaito" and focus_id(scene) != "kaito"
    press_key(app, pygame.K_ESCAPE)  # cancels the pick: the ring goes back to the pawn
    assert scene.drag.selected is None and focused(scene) == ["kaito"]
    assert app.manager.top() is scene
    press_key(app, pygame.K_ESCAPE)  # nothing picked: the pause menu
    assert app.manager.top().name == "pause"


def test_kaito_ctrl_z_undoes_a_keyboard_move(app):
    scene = start_scene(app, KaitoPlayScene, seats=["easy", "human"], seed=5, bots={0: First()})
    kaito_move(app, scene)  # the placement
    wait(app, scene, lambda: scene.human_to_act() is not None)
    assert [s for s, _ in scene.state.history] == [1, 0]
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.history == [] and scene.human_to_act() == 1
    press_key(app, ENTER)  # the ring comes back on the pawn
    assert focused(scene) == ["kaito"]


def test_the_ring_is_drawn_over_the_board(app):
    scene = start_scene(app, KaitoPlayScene, seats=["human", "human"], seed=4)
    tab_to(app, scene, "kaito")
    press_key(app, ENTER)
    ring = scene.widgets.focus.live()
    assert ring is not None and ring.key[0] == "target"
    app.pump(16)
    r = app.viewport.to_window(ring.rect.inflate(10, 10))
    assert tuple(app.screen.get_at((r.centerx, r.top + 1)))[:3] == C.VERMILION
    assert tuple(app.screen.get_at((r.left + 1, r.centery)))[:3] == C.VERMILION


# ------------------------------------------------------------------------------------------
# Sushi Draft
# ------------------------------------------------------------------------------------------
def sushi_playable(view, card):
    """True when ``card`` can be played now (a wild: when it may copy a type)."""
    if card == "wild" and view.phase == "eat":
        return any(a.startswith("wild=") for a in view.legal_actions)
    return card in view.legal_actions


def sushi_target_action(scene, card, fid):
    """The action the focused target ``fid`` makes of ``card``, or None."""
    if fid in ("plate", "keep"):
        return card
    if fid and fid.startswith(f"stack:{scene.bottom}:"):
        return f"wild={fid.rpartition(':')[2]}"
    return None


def sushi_choose(app, scene):
    """The bottom human chooses by keyboard: Tab over the hand to the first card it can play,
    Enter, then Enter on the first focused target whose action is legal."""
    seat = scene.human_to_act()
    view = scene.state.view(seat)
    hand = scene.shown.seats[seat].hand
    fid = tab_to(app, scene, lambda f: f.startswith("hand:") and sushi_playable(view, hand[int(f[5:])]))
    card = hand[int(fid[5:])]
    n = len(scene.state.history)
    press_key(app, ENTER)
    if not any(s == seat for s, _ in scene.state.history[n:]):  # (a wild with one type is eaten at once)
        for _ in range(8):
            if sushi_target_action(scene, card, focus_id(scene)) in view.legal_actions:
                break
            press_key(app, pygame.K_DOWN)
        assert sushi_target_action(scene, card, focus_id(scene)) in view.legal_actions
        press_key(app, ENTER)
    mine = [a for s, a in scene.state.history[n:] if s == seat]  # (the AIs may choose in the same frame)
    assert len(mine) == 1 and mine[0] in view.legal_actions


def test_sushi_whole_game_by_keyboard_reaches_the_score_screen(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "easy", "random"], seed=15)
    rounds = 0
    for _ in range(20000):
        if app.manager.top() is not scene:
            break
        if scene.ended:
            press_key(app, ENTER)
        elif scene.btn_next.visible:
            tab_to(app, scene, "button:next-round")
            press_key(app, ENTER)
            rounds += 1
        elif scene.human_to_act() is not None and not scene.side and not scene.drag.busy():
            sushi_choose(app, scene)
        else:
            app.pump(16)
            if scene.match.thinking:
                time.sleep(0.0005)
    assert scene.state.is_over() and scene.score_requested and scene.errors == 0
    assert app.manager.top().name == "sushi_score" and rounds == 2


def test_sushi_one_focus_and_a_mouse_press_hides_the_ring(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random"], seed=15)
    wait(app, scene, lambda: scene.human_to_act() is not None and not scene.side)
    assert focused(scene) == []
    seen = []
    for _ in range(14):  # round the whole ring: the cards, then the buttons, then the cards again
        press_key(app, pygame.K_TAB)
        got = focused(scene)
        assert len(got) == 1, got
        seen += got
    assert seen[0] == "hand:0" and "button:pause" in seen and seen.count("hand:0") == 2
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(scene) == [seen[-2]]
    # a mouse press hides the ring (and the dump marks nothing)
    click(app, (640, 700))
    assert focused(scene) == [] and not scene.widgets.focus.keyboard


def test_sushi_esc_cancels_a_card_pick(app):
    scene = start_scene(app, SushiPlayScene, seats=["human", "random"], seed=15)
    wait(app, scene, lambda: scene.human_to_act() is not None and not scene.side)
    tab_to(app, scene, "hand:1")
    press_key(app, ENTER)
    assert scene.drag.selected == ("hand", 1) and focused(scene) == ["plate"]
    # the banner speaks of keys, not of clicks, after a keyboard pick
    assert "Press Enter on your plate" in scene.banner_text() and "Click" not in scene.banner_text()
    press_key(app, pygame.K_ESCAPE)
    assert scene.drag.selected is None and focused(scene) == ["hand:1"] and app.manager.top() is scene


# ------------------------------------------------------------------------------------------
# Kanji-zushi
# ------------------------------------------------------------------------------------------
def kanji_turn(app, scene):
    """The human to act by keyboard: each neta in turn is picked (Enter) and its targets walked
    (Tab: the ring's order, every target once; the arrows go by the table's geometry); the first shari that makes a valid kanji is taken (Enter); a neta without one is put
    back (Esc, the ring back on it); with no valid pair at all, Tab to Pass and Enter."""
    seat = scene.human_to_act()
    view = scene.state.view(seat)
    legal = set(view.legal_actions)
    hand, table = scene.shown.hand, scene.shown.table
    n = len(scene.state.history)
    tab_to(app, scene, lambda f: f.startswith("neta:"))
    for _ in range(sum(1 for c in hand if c is not None)):
        neta_id = focus_id(scene)
        assert neta_id.startswith("neta:")
        neta = hand[int(neta_id[5:])]
        press_key(app, ENTER)
        targets = len(scene.drag.targets)
        for _ in range(targets):
            slot = int(focus_id(scene)[6:])
            action = attempt_text(neta, table[slot])
            assert action in legal
            if judge(neta, table[slot], view.answer_key)[1]:
                press_key(app, ENTER)
                assert scene.state.history[n] == (seat, action)  # (an AI may answer in the same frame)
                return True
            press_key(app, pygame.K_TAB)
        press_key(app, pygame.K_ESCAPE)
        assert focused(scene) == [neta_id] and scene.drag.selected is None
        press_key(app, pygame.K_TAB)
    tab_to(app, scene, "button:pass")
    press_key(app, ENTER)
    assert scene.state.history[n] == (seat, "pass")
    return False


def test_kanji_whole_game_by_keyboard_reaches_the_score_screen(app):
    scene = start_scene(app, KanjiPlayScene, seats=["human", "easy"], seed=21)
    made = 0
    for _ in range(20000):
        if app.manager.top() is not scene:
            break
        if scene.ended:
            press_key(app, ENTER)
        elif scene.human_to_act() is not None and not scene.drag.busy():
            made += kanji_turn(app, scene)
        else:
            app.pump(16)
            if scene.match.thinking:
                time.sleep(0.0005)
    assert scene.state.is_over() and scene.score_requested and scene.errors == 0
    assert app.manager.top().name == "kanji_score" and made >= 1


def test_kanji_esc_cancels_a_neta_pick_and_enter_on_it_puts_it_back(app):
    scene = start_scene(app, KanjiPlayScene, seats=["human", "easy"], seed=21)
    wait(app, scene, lambda: scene.human_to_act() is not None)
    press_key(app, pygame.K_TAB)
    assert focused(scene) == ["neta:0"]
    press_key(app, ENTER)
    assert scene.drag.selected == ("neta", 0) and focus_id(scene).startswith("shari:")
    # the banner speaks of keys, not of clicks, after a keyboard pick
    assert "with the arrows and Enter" in scene.banner_text() and "click" not in scene.banner_text()
    press_key(app, pygame.K_ESCAPE)
    assert scene.drag.selected is None and focused(scene) == ["neta:0"]
    press_key(app, ENTER)
    targets = [f"shari:{tid[1]}" for tid, _ in scene.drag.targets]
    stops = [tab_to(app, scene, lambda f: True)]
    for _ in targets:  # the ring holds the targets, then the picked neta itself
        press_key(app, pygame.K_TAB)
        stops += focused(scene)
    assert stops == targets + ["neta:0"]
    press_key(app, pygame.K_SPACE)  # Enter / Space on the picked neta puts it back
    assert scene.drag.selected is None and focused(scene) == ["neta:0"]
    assert scene.state.history == [] and app.manager.top() is scene
