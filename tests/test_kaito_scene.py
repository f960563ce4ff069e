"""The KAITO play scene driven through the real App with real pygame mouse events (SDL dummy).

Events are posted in WINDOW pixels at the centres of the scene's ``ui_elements()`` rects and go
through ``App.pump`` exactly like a user's input (conversion to logical pixels included).
"""
import random
import threading
import time

import pygame
import pytest
from scene_input import click, drag, ids, post, press_key, rect_of, settle, start_scene  # noqa: E402

from game.ai import RandomBot
from game.kaito.rules import KAITO, KaitoState, KaitoView, square_index
from game.worker import AIWorker
from scenes.kaito.scene import KaitoPlayScene
from scenes.shell.app import App
from scenes.shell.settings import Settings


# ------------------------------------------------------------------------------------------
# harness
# ------------------------------------------------------------------------------------------
def start(app, bots=None, **kw):
    return start_scene(app, KaitoPlayScene, bots, **kw)




def placed_state(seed=1):
    st = KAITO.new_state(2, random.Random(seed), colors=("R", "B"))
    st.apply(1, st.legal_actions(1)[0])
    return st


def exchange_state(held_red=("B3", "B1")):
    """Red (seat 0, to move) on a1 can capture Black's katana on b1 and buy back the katana
    Black holds with Mon 3+1."""
    board = [None] * 36
    for sq, code in {"b1": "BK", "c3": "BK", "d4": "RK", "e5": "RH", "f6": "BH", "b4": "R1", "a3": "B2"}.items():
        board[square_index(sq)] = code
    return KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"),
                                    held=(held_red, ("RK",)), removed=("OO", "OO"))


# ------------------------------------------------------------------------------------------
# opening, moves, snap-back, click-click
# ------------------------------------------------------------------------------------------
def test_opening_placement_by_drag(app):
    scene = start(app, seats=["human", "human"], seed=4)
    assert scene.state.view(1).phase == "place"
    blanks = scene.state.view(1).targets()
    assert len(blanks) == 2
    assert "kaito" in ids(scene) and f"tile:{_name(blanks[0])}" in ids(scene)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{_name(blanks[1])}").center)
    settle(app, scene)
    assert scene.state.history == [(1, "@" + _name(blanks[1]))]
    assert scene.shown.kaito == blanks[1]
    assert rect_of(scene, "kaito").center == rect_of_square(blanks[1]).center
    # the blanks are gone from the board
    assert not any(f"tile:{_name(b)}" in ids(scene) for b in blanks)


def test_legal_drag_moves_and_captures(app):
    st = placed_state(2)
    scene = start(app, seats=["human", "human"], state=st)
    view = st.view(0)
    target = view.targets()[0]
    tile = view.board[target]
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{_name(target)}").center)
    settle(app, scene)
    assert st.history[-1] == (0, _name(target))
    after = st.view(0)
    assert after.kaito == target and after.board[target] is None
    if tile[0] == "B":
        assert tile in after.held[0]
    else:
        assert tile in after.removed
    assert scene.shown.kaito == target
    assert f"tile:{_name(target)}" not in ids(scene)
    assert scene.shown.pawn_color == "B"  # the Kaito now shows the opponent (whose turn it is)


@pytest.mark.parametrize("where", ["off-line", "off-board", "own-square"])
def test_illegal_drag_snaps_back(app, where):
    st = placed_state(3)
    scene = start(app, seats=["human", "human"], state=st)
    view = st.view(0)
    before = (list(st.history), tuple(view.board))
    home = rect_of(scene, "kaito")
    if where == "off-line":
        k = view.kaito
        sq = next(i for i in range(36) if i % 6 != k % 6 and i // 6 != k // 6 and view.board[i])
        dest = rect_of(scene, f"tile:{_name(sq)}").center
    elif where == "off-board":
        dest = (1000, 640)
    else:
        dest = (home.centerx + 6, home.centery + 6)
    drag(app, home.center, dest)
    assert st.history == before[0] and tuple(st.view(0).board) == before[1]
    # the banner says why on a square the Kaito cannot reach (issue 33, item 9), nothing elsewhere
    said = scene.banner_override[0] if scene.banner_override is not None else ""
    if where == "off-line":
        assert said == f"Not there: {_name(sq)} is not in the Kaito's row or column."
    else:
        assert said == ""
    settle(app, scene)  # (the line said runs out meanwhile: the scene is busy until then)
    assert scene.drag.display_rect("kaito") is None and scene.banner_override is None
    assert rect_of(scene, "kaito") == home
    assert st.history == before[0]


def test_snap_back_is_animated_at_normal_speed(app):
    st = placed_state(3)
    scene = start(app, seats=["human", "human"], state=st, speed=1.0)
    home = rect_of(scene, "kaito")
    drag(app, home.center, (1000, 640))
    r = scene.drag.display_rect("kaito")
    assert r is not None and r != home and scene.busy()
    for _ in range(20):  # ~320 ms > 200 ms
        app.pump(16)
    assert scene.drag.display_rect("kaito") is None


def test_click_click_moves(app):
    st = placed_state(5)
    scene = start(app, seats=["human", "human"], state=st)
    target = st.view(0).targets()[-1]
    click(app, rect_of(scene, "kaito").center)
    assert scene.drag.selected == "kaito"
    assert {t for t, _ in scene.drag.targets} == set(st.view(0).targets())
    click(app, rect_of(scene, f"tile:{_name(target)}").center)
    settle(app, scene)
    assert st.history[-1][1].startswith(_name(target))


def test_click_elsewhere_cancels_selection(app):
    st = placed_state(5)
    scene = start(app, seats=["human", "human"], state=st)
    n = len(st.history)
    click(app, rect_of(scene, "kaito").center)
    assert scene.drag.selected == "kaito"
    click(app, (710, 300))  # the table between the board and the panels
    assert scene.drag.selected is None and len(st.history) == n
    click(app, rect_of(scene, "kaito").center)
    click(app, (5, 5), button=3)
    assert scene.drag.selected is None and len(st.history) == n


# ------------------------------------------------------------------------------------------
# exchange
# ------------------------------------------------------------------------------------------
def test_exchange_end_to_end(app):
    st = exchange_state()
    scene = start(app, seats=["human", "human"], state=st)
    assert st.view(0).exchanges_at(square_index("b1"))
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(app, scene)
    # the capture is shown, but nothing is applied until the turn is decided
    assert st.history == [] and scene.exchange is not None
    assert scene.shown.kaito == square_index("b1") and "BK" in scene.shown.held[0]
    assert {"pay-area", "button:confirm-exchange", "button:no-exchange", "buy:K"} <= ids(scene)
    assert _kind(scene, "button:confirm-exchange") == "button-disabled"
    # drag Mon 3 into the pay area, click Mon 1
    held = scene.shown.held[0]
    i3, i1 = held.index("B3"), held.index("B1")
    drag(app, rect_of(scene, f"held:0:{i3}").center, rect_of(scene, "pay-area").center)
    assert scene.exchange.selected == [i3]
    click(app, rect_of(scene, "button:confirm-exchange").center)  # disabled: nothing happens
    assert st.history == []
    click(app, rect_of(scene, f"held:0:{i1}").center)
    assert sorted(scene.exchange.selected) == sorted([i3, i1])
    assert _kind(scene, "button:confirm-exchange") == "button"
    click(app, rect_of(scene, "button:confirm-exchange").center)
    settle(app, scene)
    assert st.history[-1] == (0, "b1+K:3,1")
    view = st.view(0)
    assert view.board[square_index("b1")] == "RK" and view.kaito == square_index("b1")
    assert view.held == (("BK",), ())
    assert scene.shown.board[square_index("b1")] == "RK" and "tile:b1" in ids(scene)
    assert scene.exchange is None and "pay-area" not in ids(scene)


def test_exchange_declined(app):
    st = exchange_state()
    scene = start(app, seats=["human", "human"], state=st)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(app, scene)
    assert scene.exchange is not None
    click(app, rect_of(scene, "button:no-exchange").center)
    settle(app, scene)
    assert st.history == [(0, "b1")]
    assert st.view(0).held == (("B3", "B1", "BK"), ("RK",))
    assert scene.exchange is None


def test_exchange_invalid_selection_gives_a_hint(app):
    st = exchange_state(held_red=("B3", "B2", "B1"))
    scene = start(app, seats=["human", "human"], state=st)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(app, scene)
    for code in ("B3", "B2", "B1"):
        click(app, rect_of(scene, f"held:0:{scene.shown.held[0].index(code)}").center)
    move, hint, total, price = scene.exchange_status()
    assert move is None and total == 6 and price == 4
    assert "3+2+1 overpays" in hint and "minimal" in hint
    assert _kind(scene, "button:confirm-exchange") == "button-disabled"
    # take Mon 3 back out (click it in the pay area): 2+1 is short
    click(app, rect_of(scene, f"held:0:{scene.shown.held[0].index('B3')}").center)
    move, hint, total, _ = scene.exchange_status()
    assert move is None and total == 3 and "add 1 more" in hint
    # drag Mon 2 back to the captured row, add Mon 3: 3+1 is legal
    i2 = scene.shown.held[0].index("B2")
    drag(app, rect_of(scene, f"held:0:{i2}").center, (800, 380))
    click(app, rect_of(scene, f"held:0:{scene.shown.held[0].index('B3')}").center)
    move, hint, total, _ = scene.exchange_status()
    assert str(move) == "b1+K:3,1", hint
    # kabuto is not buyable here (no kabuto held by Black), katana is preselected
    assert "buy:H" not in ids(scene)
    click(app, rect_of(scene, "button:confirm-exchange").center)
    settle(app, scene)
    assert st.history == [(0, "b1+K:3,1")]


def test_exchange_choose_kabuto(app):
    board = [None] * 36
    for sq, code in {"b1": "B1", "c3": "BK", "d4": "RK", "e5": "RH", "f6": "BH", "b4": "R1"}.items():
        board[square_index(sq)] = code
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"),
                                  held=(("B3", "B2"), ("RK", "RH")), removed=("OO", "OO"))
    scene = start(app, seats=["human", "human"], state=st)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(app, scene)
    assert {"buy:K", "buy:H"} <= ids(scene) and scene.exchange.kind == "K"
    click(app, rect_of(scene, "buy:H").center)
    assert scene.exchange.kind == "H" and _kind(scene, "buy:H") == "choice-selected"
    # the captured Mon 1 (now in the row) can pay too: 3+2 is the minimal kabuto payment
    for code in ("B3", "B2"):
        click(app, rect_of(scene, f"held:0:{scene.shown.held[0].index(code)}").center)
    assert str(scene.exchange_status()[0]) == "b1+H:3,2"
    click(app, rect_of(scene, "button:confirm-exchange").center)
    settle(app, scene)
    assert st.history == [(0, "b1+H:3,2")]
    assert st.view(0).board[square_index("b1")] == "RH" and st.view(0).held == (("B1",), ("RK",))


# ------------------------------------------------------------------------------------------
# AI seats
# ------------------------------------------------------------------------------------------
class SlowBot:
    def __init__(self, delay=0.25):
        self.delay = delay
        self.seen = []
        self.answered = threading.Event()  # set once an answer has been returned

    def choose(self, view):
        self.seen.append(type(view))
        time.sleep(self.delay)
        self.answered.set()
        return view.legal_actions[-1]


class GatedBot(SlowBot):
    """Answers only once the test has seen the loop run while it thinks (no timing involved:
    a loop that blocked on the AI would never open the gate, and the bot gives up after 20 s)."""

    def __init__(self):
        super().__init__(0.0)
        self.gate = threading.Event()

    def choose(self, view):
        self.gate.wait(20)
        return super().choose(view)


def test_ai_turn_is_applied_and_animated_without_blocking(app):
    st = placed_state(6)
    bot = GatedBot()
    expected = st.view(0).legal_actions[-1]
    scene = start(app, seats=["easy", "human"], state=st, speed=1.0, bots={0: bot})
    thinking_frames, saw_anim, t0 = 0, False, time.monotonic()
    while time.monotonic() - t0 < 30:  # only a guard against a hang
        app.pump(16)
        thinking_frames += scene.worker.thinking
        if thinking_frames > 10:
            bot.gate.set()
        saw_anim = saw_anim or scene.animating()
        if st.history and not scene.busy():
            break
        time.sleep(0.005)
    assert st.history[-1] == (0, expected)
    assert bot.seen == [KaitoView]  # the bot only ever sees a view
    assert saw_anim, "the AI move was not animated"
    # the bot sleeps in the worker: the loop kept drawing frames meanwhile (frame times are
    # measured by `tatami --bench`, not here)
    assert thinking_frames > 10, "the loop did not keep running while the AI was thinking"
    assert scene.shown.kaito == st.view(1).kaito


def test_pause_while_ai_thinks_then_resume(app):
    st = placed_state(6)
    bot = SlowBot(0.1)
    scene = start(app, seats=["easy", "human"], state=st, speed=1000.0, bots={0: bot})
    assert scene.worker.thinking
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.pump(16)
    assert app.manager.top().name == "pause"
    # the AI's answer is ready while the game is paused (however slow the machine), and many
    # frames pass over the pause: still the covered play scene applies nothing
    assert bot.answered.wait(20), "the bot never answered"
    for _ in range(60):
        app.pump(16)
    assert st.history == [st.history[0]]  # covered scenes do not advance
    app.manager.pop()
    settle(app, scene)
    assert len(st.history) == 2


def test_ai_vs_ai_game_reaches_score_screen(app):
    scene = start(app, seats=["random", "random"], seed=9)
    for _ in range(5000):
        if scene.ended:
            break
        app.pump(16)
        if scene.worker.thinking:
            time.sleep(0.001)
    assert scene.ended and app.manager.top() is scene  # the end waits for the player
    click(app, rect_of(scene, "button:score").center)
    top = app.manager.top()
    assert top.name == "kaito_score"
    assert scene.state.is_over()
    assert top.outcome == scene.state.outcome()
    assert list(top.names) == scene.names and top.setup["seats"] == ["random", "random"]


# ------------------------------------------------------------------------------------------
# robustness, pause, UI
# ------------------------------------------------------------------------------------------
def test_stray_clicks_during_animation_do_not_crash(app):
    st = placed_state(7)
    scene = start(app, seats=["human", "human"], state=st, speed=1.0)
    target = st.view(0).targets()[0]
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{_name(target)}").center)
    assert scene.animating()
    n = len(st.history)
    spots = [(0, 0), (640, 360), (1279, 719), (-50, -50), (5000, 5000),
             rect_of(scene, "kaito").center, rect_of(scene, f"tile:{_name(target)}").center]
    spots += [el.rect.center for el in scene.ui_elements() if el.id.startswith("tile:")][:6]
    for k, p in enumerate(spots):
        post(app, pygame.MOUSEBUTTONUP, p)  # release without press
        post(app, pygame.MOUSEBUTTONDOWN, p, button=1 + k % 5)
        post(app, pygame.MOUSEMOTION, (p[0] + 30, p[1] + 30))
        post(app, pygame.MOUSEBUTTONUP, (p[0] + 30, p[1] + 30), button=1 + k % 5)
        app.pump(16)
    settle(app, scene)
    assert len(st.history) == n  # exactly the one move; the stray clicks did nothing
    assert scene.shown.kaito == st.view(0).kaito


def test_pause_button_and_escape_open_pause(app):
    scene = start(app, seats=["human", "human"], state=placed_state(8))
    click(app, rect_of(scene, "button:pause").center)
    assert app.manager.top().name == "pause"
    app.manager.pop()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.pump(16)
    assert app.manager.top().name == "pause"


def test_escape_cancels_selection_before_pausing(app):
    scene = start(app, seats=["human", "human"], state=placed_state(8))
    click(app, rect_of(scene, "kaito").center)
    assert scene.drag.selected == "kaito"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.pump(16)
    assert scene.drag.selected is None and app.manager.top() is scene


def test_ui_elements_cover_the_board(app):
    scene = start(app, seats=["human", "hard"], seed=3)
    got = ids(scene)
    assert len([i for i in got if i.startswith("tile:")]) == 36
    assert {"kaito", "button:pause"} <= got
    for el in scene.ui_elements():
        assert 0 <= el.rect.x and el.rect.right <= 1280 and 0 <= el.rect.y and el.rect.bottom <= 720, el


def test_game_end_stays_until_the_score_is_asked_for(app):
    # Red captures Black's last kabuto: Red wins at once
    board = [None] * 36
    for sq, code in {"b1": "BH", "c3": "BK", "d4": "RK", "e5": "RH", "a3": "R1"}.items():
        board[square_index(sq)] = code
    st = KaitoState.from_position(board, kaito=0, to_move=0, colors=("R", "B"))
    scene = start(app, seats=["human", "easy"], state=st, speed=1.0)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    for _ in range(60):
        app.pump(16)
    assert st.is_over() and scene.ended and app.manager.top() is scene
    assert "button:score" in ids(scene) and "button:undo" not in ids(scene)
    click(app, (110, 80))  # a stray click on the board: the final position stays
    for _ in range(200):
        app.pump(16)
    assert app.manager.top() is scene
    press_key(app, pygame.K_RETURN)
    top = app.manager.top()
    assert top.name == "kaito_score" and top.winners == (0,)


def test_small_window(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    app = App(size=(800, 450), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    try:
        st = placed_state(2)
        scene = start(app, seats=["human", "human"], state=st)
        target = st.view(0).targets()[0]
        drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{_name(target)}").center)
        settle(app, scene)
        assert st.history[-1][1].startswith(_name(target))
    finally:
        app.shutdown()


def test_draw_does_not_change_state(app):
    st = exchange_state()
    scene = start(app, seats=["human", "human"], state=st)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(app, scene)
    snap = (repr(scene.shown), list(st.history), scene.exchange)
    for _ in range(3):
        scene.draw(app.screen)
    assert (repr(scene.shown), list(st.history), scene.exchange) == snap


# ------------------------------------------------------------------------------------------
# the AI worker on its own
# ------------------------------------------------------------------------------------------
class _View:
    legal_actions = ("a1", "b2", "c3")


def _wait(worker, timeout=2.0):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        a = worker.poll()
        if a is not None:
            return a
        time.sleep(0.002)
    raise AssertionError("no answer")


def test_worker_returns_the_bot_action():
    w = AIWorker(min_think_ms=0)
    w.request(RandomBot(random.Random(1)), _View())
    assert _wait(w) in _View.legal_actions and not w.thinking


def test_worker_falls_back_on_exceptions_and_illegal_answers(caplog):
    class Boom:
        def choose(self, view):
            raise RuntimeError("boom")

    class Bad:
        def choose(self, view):
            return "z9"

    for bot in (Boom(), Bad()):
        w = AIWorker(min_think_ms=0, rng=random.Random(2))
        w.request(bot, _View())
        assert _wait(w) in _View.legal_actions
        assert w.fallbacks == 1
    assert "boom" in caplog.text


def test_worker_cancel_ignores_late_answers_and_min_think_time():
    gate = threading.Event()

    class Gated:
        def choose(self, view):
            gate.wait(2)
            return "a1"

    w = AIWorker(min_think_ms=0)
    w.request(Gated(), _View())
    w.cancel()
    gate.set()
    time.sleep(0.05)
    assert w.poll() is None and not w.thinking
    # a superseded request's answer is ignored too
    now = [0.0]
    w2 = AIWorker(min_think_ms=150, clock=lambda: now[0])  # the worker's own clock, in seconds
    w2.request(RandomBot(random.Random(3)), _View())
    now[0] = 0.149
    for _ in range(50):  # the answer is computed, but held back until 150 ms of the clock
        assert w2.poll() is None
        time.sleep(0.002)
    now[0] = 0.150
    assert _wait(w2) in _View.legal_actions


def test_worker_restores_the_switch_interval():
    import sys

    before = sys.getswitchinterval()
    w = AIWorker(min_think_ms=0)
    w.request(RandomBot(random.Random(4)), _View())
    assert sys.getswitchinterval() <= 0.001 + 1e-9
    _wait(w)
    assert sys.getswitchinterval() == before
    w.request(RandomBot(random.Random(4)), _View())
    w.request(RandomBot(random.Random(5)), _View())  # superseding does not stack
    w.cancel()
    assert sys.getswitchinterval() == before


def test_worker_timeout_plays_a_random_move():
    class Never:
        def choose(self, view):
            time.sleep(5)
            return "a1"

    w = AIWorker(min_think_ms=0, timeout_ms=50)
    w.request(Never(), _View())
    assert _wait(w) in _View.legal_actions and w.fallbacks == 1


# ------------------------------------------------------------------------------------------
def _name(i):
    from game.kaito.rules import square_name

    return square_name(i)


def _kind(scene, id_):
    for el in scene.ui_elements():
        if el.id == id_:
            return el.kind
    raise KeyError(id_)


def rect_of_square(i):
    from scenes.kaito.layout import pawn_rect_at

    return pawn_rect_at(i)


# ------------------------------------------------------------------------------------------
# the Match, the events and the choreography (issue 9)
# ------------------------------------------------------------------------------------------
def test_a_scene_never_applies_rules_itself(app, monkeypatch):
    """Every KaitoState.apply call comes from the Match (a person's action, the AI's, or the
    capture preview asked of a headless Match): the scene never applies an action itself."""
    import sys

    callers = []
    real_apply = KaitoState.apply

    def spy(self, seat, action):
        callers.append(sys._getframe(1).f_code.co_filename.replace("\\", "/"))
        return real_apply(self, seat, action)

    monkeypatch.setattr(KaitoState, "apply", spy)
    st = exchange_state()
    scene = start(app, seats=["human", "random"], state=st)
    assert not scene.match.hot_seat and scene.match.privacy_due(scene.viewer) is None  # KAITO hides nothing
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b1").center)
    settle(app, scene)
    assert scene.exchange is not None
    for code in ("B3", "B1"):
        click(app, rect_of(scene, f"held:0:{scene.shown.held[0].index(code)}").center)
    click(app, rect_of(scene, "button:confirm-exchange").center)
    settle(app, scene)
    assert len(st.history) >= 2  # the person's action and the AI's answer
    assert callers and all(c.endswith("game/match.py") for c in callers), callers


def test_the_capture_flies_to_the_slot_the_event_names(app):
    """The choreography takes the tile, its destination and the glide from the events, not from
    its own reading of the position: a made-up event is shown as it says."""
    from game.kaito.events import KaitoMoved, TileCaptured
    from scenes.kaito.layout import held_rect, tally_rect

    st = placed_state(2)
    scene = start(app, seats=["human", "human"], state=st, speed=1.0)
    frm = st.view(0).kaito
    to = st.view(0).targets()[0]
    moved = KaitoMoved(seat=0, ply=1, frm=frm, to=to, distance=1, passed=())
    for held, slot in ((True, 7), (False, 5)):
        captured = TileCaptured(seat=0, ply=1, square=to, tile="BK" if held else "RK", owner=1 if held else 0,
                                held=held, slot=slot, last=False)
        gen = scene.choreo.capture(moved, captured, None)
        assert next(gen) == pytest.approx(300.0 * 0.85)  # the glide of distance 1 (GLIDE_MS)
        next(gen)  # the pawn has landed: the tile flies
        flight = scene.choreo.flights("under")[-1]
        dest = held_rect(scene.panel(0), slot) if held else tally_rect(scene.panel(0), slot)
        assert flight.end == (dest.x, dest.y, dest.w, dest.h) and flight.path.endswith(f"{captured.tile}.svg")
        scene.timeline.clear_sprites()


def test_the_ai_exchange_pays_the_tiles_the_rules_pay(app):
    """The paid Mon fly from the held slots named by the exchange event (the first matching tiles,
    as the rules take them), so the held row does not reorder when the animation ends."""
    from scenes.kaito.layout import held_rect

    class Buyer:
        def choose(self, view):
            return "b1+K:3,1"

    st = exchange_state(held_red=("B1", "B3", "B1"))
    scene = start(app, seats=["easy", "human"], state=st, speed=1.0, bots={0: Buyer()})
    starts = None
    for _ in range(400):
        app.pump(16)
        over = scene.choreo.flights("over")
        if over and starts is None:
            starts = {f.start for f in over}
        if st.history and not scene.busy():
            break
        time.sleep(0.002)
    assert st.history == [(0, "b1+K:3,1")]
    panel = scene.panel(0)
    assert starts == {tuple(held_rect(panel, i)) for i in (0, 1)}
    assert scene.shown.held[0] == ["B1", "BK"] and scene.choreo.desyncs == 0
    assert scene.cursor == scene.match.event_count


def test_events_keep_the_shown_position_in_step_with_the_views(app):
    """A whole AI game: after every action the events alone bring the shown position to the
    next view (no desync), and the cursor has read every event."""
    scene = start(app, seats=["random", "random"], seed=12)
    for _ in range(3000):
        if app.manager.top() is not scene:
            break
        app.pump(16)
        if scene.worker.thinking:
            time.sleep(0.001)
    assert scene.state.is_over()
    assert scene.choreo.desyncs == 0
    assert scene.cursor == scene.match.event_count
    assert len(scene.log) == len(scene.state.history)
