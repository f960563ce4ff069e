"""Pacing for a returning player (issue 21 §3), through the real app headless (SDL dummy): holding
Space fast-forwards the other seats' moves; an AI's move is told briefly and the person's own in
full (animation time: frames of 16 ms at speed 1, never wall-clock time); a click shows a Sushi
Draft round's scoring at its end; the AI thinks while the last move animates; the benchmark's
pacing report has its shape."""
from __future__ import annotations

import io
import json
import random
import threading
import time

import pygame
from scene_input import click, drag, rect_of, start_scene

from game.kaito.rules import square_name
from game.kanji.events import KanjiFormed
from game.kanji.rules import KANJI, judge
from game.match import Match
from game.sushi.rules import KEEP, STEPS, SUSHI
from scenes.kanji.layout import BOARD_RECT
from scenes.kanji.scene import KanjiPlayScene
from scenes.sushi.scene import SushiPlayScene

FRAME_MS = 16


def pump_until(app, cond, what, frames=3000):
    for _ in range(frames):
        if cond():
            return
        app.pump(FRAME_MS)
        time.sleep(0.0005)
    raise AssertionError(what)


def key(app, kind, k=pygame.K_SPACE):
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode=" ", scancode=44))


def kaito_move(app, scene):
    """Drag the Kaito onto a target without a buy-back that never takes the person's own katana
    or kabuto (the game goes on)."""
    view = scene.state.view(0)
    own = {"R" + k for k in "KH"}
    target = next(t for t in view.targets() if not view.exchanges_at(t) and view.board[t] not in own)
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, f"tile:{square_name(target)}").center)


def others_moving(scene):
    """An AI's move animates (the last action is the AI's and the main choreography runs)."""
    history = scene.match.state.history
    return scene.timeline.running and bool(history) and scene.seats[history[-1][0]] != "human"


def animated_ms(app, scene):
    """Pump frames while the main choreography runs the last action's move (the next seat's may
    begin in the frame it ends); its length in animation ms (speed 1)."""
    frames = 0
    plies = len(scene.match.state.history)
    while scene.timeline.running and len(scene.match.state.history) == plies:
        app.pump(FRAME_MS)
        frames += 1
        assert frames < 2000, "the animation never ends"
    return frames * FRAME_MS


# -- holding the key -------------------------------------------------------------------------------
def test_holding_space_finishes_every_move_of_the_ai_until_it_is_released(app):
    scene = app.make_scene("kaito_play", seats=["human", "easy"], seed=3, speed=1.0, think_ms=0)
    app.manager.reset(scene)
    mine = lambda: scene.human_to_act() == 0 and not scene.timeline.running  # noqa: E731
    pump_until(app, mine, "the person's first turn")
    kaito_move(app, scene)  # the opening placement
    key(app, pygame.KEYDOWN)  # held from here: no KEYUP yet
    pump_until(app, lambda: scene.match.state.history[-1][0] == 1 and mine(), "the AI's answer")
    held_runs, run = [], 0
    for _turn in range(2):
        kaito_move(app, scene)
        while not mine():
            app.pump(FRAME_MS)
            time.sleep(0.0005)
            run = run + 1 if others_moving(scene) else 0
            held_runs.append(run)
    assert max(held_runs) <= 1, "an AI move animated for more than the frame it began in while Space was held"
    told = [e.text for e in scene.narration.entries]
    assert len(scene.match.state.history) >= 5 and len(told) >= 5  # every move is told in the log
    key(app, pygame.KEYUP)
    app.pump(FRAME_MS)
    kaito_move(app, scene)
    pump_until(app, lambda: others_moving(scene), "the AI's move after the key was released")
    assert animated_ms(app, scene) >= 10 * FRAME_MS  # released: the AI's move plays again


# -- brief for an AI, full for the person -----------------------------------------------------------
class FormBot:
    """Forms the first valid kanji it can (else passes); runs in the worker's thread path."""

    def choose(self, view):
        pair = next((f"{n}+{s}" for n in view.hand for s in view.table
                     if s is not None and judge(n, s, view.answer_key)[1]), None)
        return pair or "pass"


def _kanji_deal(seats=3):
    """A deal where seat 0 can form a kanji and, after it, every other seat in turn can too."""
    for seed in range(400):
        state = KANJI.new_state(seats, random.Random(seed))
        probe, pairs = state.clone(), []
        for seat in range(seats):
            pair = FormBot().choose(probe.view(seat))
            if pair == "pass":
                break
            probe.apply(seat, pair)
            pairs.append(pair)
        if len(pairs) == seats:
            return seed, state, pairs[0]
    raise AssertionError("no deal found")


def _watch_kanji_turns(app, scene, pair):
    """Drop the person's ``pair`` and record every 16 ms frame until the person may act again:
    (frame, plies applied, the board's result seat, the pair on the join board's seat, the seats
    still settling)."""
    neta, shari = pair.split("+")
    hand, table = list(scene.shown.hand), list(scene.state.view(0).table)
    drag(app, rect_of(scene, f"neta:{hand.index(neta)}").center, rect_of(scene, f"shari:{table.index(shari)}").center)
    assert scene.timeline.running
    frames = []
    for k in range(3000):
        att, join = scene.board_att, scene.join
        frames.append((k, len(scene.match.state.history), att.seat if att is not None else None,
                       join.seat if join is not None else None, {n for kind, n in scene.settling if kind == "seat"}))
        if scene.human_to_act() == 0:
            return frames
        app.pump(FRAME_MS)
        time.sleep(0.0005)
    raise AssertionError("the person's turn never came back")


def _first(frames, cond):
    return next(f for f in frames if cond(f))


def test_an_ais_kanji_is_told_briefly_and_the_persons_own_in_full(app):
    from scenes.kanji.choreo import GLOW_MS, SEEN_MS

    seed, state, pair = _kanji_deal()
    scene = start_scene(app, KanjiPlayScene, {1: FormBot(), 2: FormBot()}, seats=["human", "medium", "medium"],
                        seed=seed, state=state, speed=1.0)
    pump_until(app, lambda: scene.human_to_act() == 0, "the person's turn")
    frames = _watch_kanji_turns(app, scene, pair)
    formed = [e.seat for e in scene.match.state.events if isinstance(e, KanjiFormed)]
    assert formed == [0, 1, 2]  # all three formed a kanji
    ms = lambda f: f[0] * FRAME_MS  # noqa: E731
    mine = _first(frames, lambda f: f[2] == 0)  # the person's kanji on the board
    join1 = _first(frames, lambda f: f[3] == 1)  # the first AI's cards on the board
    ai1 = _first(frames, lambda f: f[2] == 1)  # its kanji
    join2 = _first(frames, lambda f: f[3] == 2)
    # the person's own: the drop to the kanji on the board, then its glow before anything covers it
    assert ms(mine) >= 700 and ms(join1) - ms(mine) >= GLOW_MS - FRAME_MS, (ms(mine), ms(join1))
    # an AI's: from its cards on the board to its kanji in a fraction of the person's time
    assert ms(ai1) - ms(join1) <= ms(mine) / 2, (ms(ai1), ms(join1), ms(mine))
    # the first AI's move began (was applied) while the person's kanji still glowed; the second's
    # while the first AI's kanji was still shown or settling
    a1 = _first(frames, lambda f: f[1] == 2)
    a2 = _first(frames, lambda f: f[1] == 3)
    assert a1[3] == 0 or 0 in a1[4], "the first AI's move waited for the end of the person's"
    assert a2[2] == 1 and a2[0] < join2[0], "the second AI's move waited for the end of the first's"
    # yet every AI's kanji stays on the board SEEN_MS before the next seat's cards take it
    assert ms(join2) - ms(ai1) >= SEEN_MS - FRAME_MS, (ms(ai1), ms(join2))
    assert frames[-1][2] == 2  # the last AI's kanji is still on the board at the person's turn
    told = " ".join(e.text for e in scene.narration.entries)
    assert all(e.char in told for e in scene.match.state.events if isinstance(e, KanjiFormed))


def test_a_click_finishes_the_chained_ai_moves_at_once(app):
    seed, state, pair = _kanji_deal()
    scene = start_scene(app, KanjiPlayScene, {1: FormBot(), 2: FormBot()}, seats=["human", "medium", "medium"],
                        seed=seed, state=state, speed=1.0)
    pump_until(app, lambda: scene.human_to_act() == 0, "the person's turn")
    neta, shari = pair.split("+")
    hand, table = list(scene.shown.hand), list(scene.state.view(0).table)
    drag(app, rect_of(scene, f"neta:{hand.index(neta)}").center, rect_of(scene, f"shari:{table.index(shari)}").center)
    pump_until(app, lambda: len(scene.match.state.history) == 2, "the first AI's move")
    assert scene.timeline.running and scene.board_att is not None and scene.board_att.seat == 0
    plies = len(scene.match.state.history)
    click(app, BOARD_RECT.center)  # a click nothing else uses
    if scene.timeline.running:  # the next AI's move, begun in the frame after the skip
        assert len(scene.match.state.history) > plies
    else:
        assert scene.shown.table == list(scene.match.view(0).table) and not scene.settling
    told = " ".join(e.text for e in scene.narration.entries)
    assert all(e.char in told for e in scene.match.state.events if isinstance(e, KanjiFormed))


# -- the scoring panel --------------------------------------------------------------------------------
def test_a_click_shows_the_round_scoring_at_its_end(app):
    rng = random.Random(4)
    state = SUSHI.new_state(2, rng)
    while not (state.view(0).phase == KEEP and state.view(0).step == STEPS - 1):
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    # the person sits last: the round's last action (its forced keep) is the person's own
    scene = start_scene(app, SushiPlayScene, seats=["easy", "human"], state=state, speed=1.0, think_ms=0)
    pump_until(app, lambda: scene.scoring is not None and scene.scoring.index >= 0, "the round's scoring")
    panel = scene.scoring
    assert scene.timeline.running and not panel.done
    assert scene.match.state.history[-1][0] == 1
    click(app, app.viewport.to_window(pygame.Rect(640, 360, 1, 1)).topleft)
    assert panel.done and not scene.timeline.running, "the scoring still runs after the click"
    assert panel.index == len(panel.awards)
    assert scene.btn_next.visible  # the person deals the next round when ready
    chips = sum(len(s.chips) for s in scene.shown.seats)
    assert chips == sum(1 for a in panel.awards if a.seat is not None)


# -- the AI thinks during the animation ---------------------------------------------------------------
class SlowBot:
    """Answers the first legal action; counts its calls."""

    def __init__(self):
        self.calls = 0
        self.lock = threading.Lock()

    def choose(self, view):
        with self.lock:
            self.calls += 1
        return view.legal_actions[0]


def test_think_ahead_asks_the_ai_and_applies_nothing():
    from game.kaito.rules import KAITO
    from game.worker import AIWorker

    bot = SlowBot()
    match = Match(KAITO, ["easy", "human"], seed=1, worker=AIWorker(min_think_ms=0, prestart=False))
    match.bots[0] = bot
    try:
        match.apply(1, match.legal_actions(1)[0])  # seat 1 opens by placing the Kaito
        plies = len(match.state.history)
        assert match.think_ahead() is True
        end = time.monotonic() + 10
        while bot.calls == 0 and time.monotonic() < end:
            time.sleep(0.005)
        assert bot.calls == 1 and len(match.state.history) == plies  # asked, nothing applied
        assert match.think_ahead() is True and bot.calls == 1  # asked once
        move = None
        while move is None and time.monotonic() < end:
            move = match.drive()
            time.sleep(0.005)
        assert move is not None and move.seat == 0 and bot.calls == 1  # the answer thought ahead
    finally:
        match.close()


def test_the_ai_thinks_while_the_persons_move_animates(app):
    scene = app.make_scene("kaito_play", seats=["human", "easy"], seed=3, speed=1.0, think_ms=0)
    app.manager.reset(scene)
    pump_until(app, lambda: scene.human_to_act() == 0 and not scene.timeline.running, "the person's turn")
    kaito_move(app, scene)
    assert scene.timeline.running
    app.pump(FRAME_MS)
    assert scene.timeline.running and scene.match.thinking_for == 1


# -- the benchmark ----------------------------------------------------------------------------------
def test_the_pacing_benchmark_reports_the_waits_per_game(app):
    from scenes.devtools.bench import run_bench

    out = io.StringIO()
    games = [("kaito", "kaito", ("human", "easy"), 1.2)]
    assert run_bench(out=out, only="pacing", decisions=2, pacing_games=games, speed=4.0, app=app) == 0
    report = json.loads(out.getvalue())
    for mode in ("watched", "skipped"):
        row = report["pacing"][mode]["kaito"]
        assert row["decisions"] == 2 and row["seats"] == ["human", "easy"] and row["goal_s"] == 1.2
        assert 0 < row["median_s"] <= row["p90_s"] <= row["max_s"]
    assert "scenes" not in report or not report["scenes"]
