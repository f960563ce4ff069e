"""Tests of the bots (game/ai): registry, legality, view-only input, tactics, determinism, and the
hard bot's time budget on a fake clock (tests/fake_clock.py)."""

from __future__ import annotations

import dataclasses
import random
import time
import types

import pytest
from fake_clock import StepClock

from game.ai import LEVELS, Bot, make_bot
from game.kaito.engine import FastPos, action_to_move, move_to_action
from game.kaito.levels import LevelSettings, ShallowSearcher, choose_move
from game.kaito.rules import KAITO, KaitoState, KaitoView, square_index
from game.kaito.search import MATE_BOUND, fixed_depth_score

#: Deterministic hard search for tests: a depth limit and a stopped clock (the budget never runs
#: out, so machine load cannot change a move).
FAST_DEPTH = 3


def _bot(level: str, seed: int = 0, **options) -> Bot:
    real_clock = options.pop("real_clock", False)
    if level == "hard" and not real_clock and "clock" not in options:
        options = {"time_budget_s": 1e6, "max_depth": FAST_DEPTH, "clock": StepClock(0.0), **options}
    return make_bot("kaito", level, random.Random(seed), **options)


def _random_views(n_games: int = 12, seed: int = 0) -> list[KaitoView]:
    """Views of the seat to act along seeded random playouts (placement included)."""
    rng = random.Random(seed)
    views = []
    for g in range(n_games):
        state = KAITO.new_state(2, random.Random(1000 + g))
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            views.append(view)
            state.apply(seat, rng.choice(view.legal_actions))
    return views


def _position(cells: dict[str, str], kaito: str, to_move: int = 0, held=((), ())) -> KaitoView:
    board = [None] * 36
    for name, tile in cells.items():
        board[square_index(name)] = tile
    state = KaitoState.from_position(board, square_index(kaito), to_move, ("R", "B"), held)
    return state.view(to_move)


# -- registry -------------------------------------------------------------------------------------


def test_levels_and_make_bot():
    assert LEVELS == ("random", "easy", "medium", "hard")
    for level in LEVELS:
        bot = make_bot("kaito", level, random.Random(1))
        assert isinstance(bot, Bot)
        assert bot.level == level and bot.game_name == "kaito"


def test_unknown_game_or_level_lists_known_names():
    with pytest.raises(ValueError, match="kaito"):
        make_bot("chess", "hard", random.Random(1))
    with pytest.raises(ValueError, match="random, easy, medium, hard"):
        make_bot("kaito", "grandmaster", random.Random(1))
    with pytest.raises(ValueError, match="time_budget_s"):
        make_bot("kaito", "hard", random.Random(1), time_budget=1)
    with pytest.raises(ValueError):
        make_bot("kaito", "hard", random.Random(1), time_budget_s=0)


# -- the fast engine agrees with the rules core ----------------------------------------------------


def test_fast_engine_matches_rules_core():
    rng = random.Random(3)
    for g in range(40):
        state = KAITO.new_state(2, random.Random(g))
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            pos = FastPos.from_view(view)
            assert sorted(move_to_action(m) for m in pos.gen()) == list(view.legal_actions)
            action = rng.choice(view.legal_actions)
            assert move_to_action(action_to_move(action)) == action
            before = (list(pos.board), list(pos.held), pos.hash, pos.kaito, pos.side)
            loser = pos.make(action_to_move(action))
            state.apply(seat, action)
            out = state.outcome()
            if out is None:
                assert loser == -1
                again = FastPos.from_view(state.view(0))
                assert (again.board, again.held, again.kk, again.hh, again.hash) == (
                    pos.board, pos.held, pos.kk, pos.hh, pos.hash)
            elif out.reason == "no-move":
                assert loser == -1 and pos.gen() == []
            else:
                assert loser == 1 - out.winners[0]
            pos.unmake()
            assert (pos.board, pos.held, pos.hash, pos.kaito, pos.side) == before


# -- every level plays legally --------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level):
    views = _random_views()
    if level == "hard":
        views = views[::4]  # the search is slower; still a wide sample
    bot = _bot(level, seed=5, max_depth=2) if level == "hard" else _bot(level, seed=5)
    for view in views:
        assert bot.choose(view) in view.legal_actions


@pytest.mark.parametrize("level", LEVELS)
def test_bots_need_only_the_view_fields(level):
    """A plain namespace holding the view's fields is enough: no state, no view methods."""
    state = KAITO.new_state(2, random.Random(8))
    for _ in range(7):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    view = state.view(seat)
    bare = types.SimpleNamespace(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})
    del state
    assert _bot(level).choose(bare) in view.legal_actions


def test_placement_is_chosen_by_search():
    state = KAITO.new_state(2, random.Random(4))
    view = state.view(1)
    assert view.phase == "place"
    for level in LEVELS:
        assert _bot(level).choose(view) in view.legal_actions
    assert _bot("hard").choose(view).startswith("@")


# -- tactics --------------------------------------------------------------------------------------

# Red (seat 0) to move, Kaito on a1. Its lines: row 1 and file a.
WIN_IN_ONE = {
    "c1": "BH",  # Black's last kabuto: capturing it wins at once
    "b1": "B3", "a4": "BK", "a6": "R1", "f1": "BK",
    "e5": "RH", "d5": "RH", "f6": "RK", "d2": "RK", "e3": "BK",
}

# Red to move, Kaito on a1 (options a3, a6, b1). a3 (B1) hands Black rank 3 with Red's last
# kabuto (c3); a6 is Red's last katana (capturing it loses at once); only b1 is safe.
AVOID_LOSS = {
    "b1": "B2", "a3": "B1", "a6": "RK", "c3": "RH",
    "b5": "R2", "e5": "BK", "f5": "B3", "f6": "BH", "d4": "BK", "e2": "BH",
}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_the_winning_capture(level):
    view = _position(WIN_IN_ONE, "a1")
    assert "c1" in view.legal_actions
    assert _bot(level).choose(view) == "c1"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_avoids_an_immediate_loss(level):
    view = _position(AVOID_LOSS, "a1")
    assert sorted(view.legal_actions) == ["a3", "a6", "b1"]
    for seed in range(5):
        assert _bot(level, seed).choose(view) == "b1"


def test_hard_forces_opponent_to_take_its_own_last_kabuto():
    """Red moves to e1, where Black's only options are its own last kabuto (and nothing else)."""
    cells = {"e1": "R1", "e4": "BH", "a6": "RK", "b6": "RH", "c6": "BK", "a2": "B3", "f6": "RK"}
    view = _position(cells, "a1")
    assert set(view.legal_actions) == {"a2", "a6", "e1"}
    assert _bot("hard").choose(view) == "e1"


def test_hard_returns_a_legal_move_with_a_tiny_budget():
    views = _random_views(3, seed=9)
    bot = _bot("hard", time_budget_s=0.0005)
    for view in views:
        assert bot.choose(view) in view.legal_actions


# -- the time budget, measured on a fake clock (no test asserts real elapsed time) ----------------

BUDGET, STEP = 1 / 16, 1 / 256  # fake seconds: the budget lasts 16 clock reads


def test_hard_clock_defaults_to_perf_counter_and_must_be_callable():
    assert _bot("hard", real_clock=True).searcher.clock is time.perf_counter
    with pytest.raises(ValueError, match="clock"):
        _bot("hard", clock=0.5)


def test_hard_stops_when_its_budget_runs_out_in_fake_time():
    """Searcher.search reads the clock at the start, every 256 nodes, after each completed
    iteration and once for ``ms``; it stops at the first reading past the budget (or past 45% of
    it between iterations), so the work it does is bounded by budget / step."""
    clock = StepClock(STEP)
    bot = _bot("hard", time_budget_s=BUDGET, clock=clock)
    view = _random_views(1)[3]
    assert len(view.legal_actions) > 1
    assert bot.choose(view) in view.legal_actions
    info = bot.last_info
    assert set(info) == {"depth", "score", "nodes", "ms"}
    t = clock.readings
    # start + the readings within the budget + the one that ended the search + the one for "ms"
    assert 4 <= len(t) <= BUDGET / STEP + 3
    assert all(r <= BUDGET for r in t[:-2])  # never read past the budget and kept searching
    assert t[-2] > 0.45 * BUDGET  # stopped by the budget, not by the depth limit or a forced end
    assert 1 <= info["depth"] < bot.max_depth
    assert info["nodes"] // 256 <= len(t) - 2  # one clock read per 256 nodes
    assert info["ms"] == pytest.approx((t[-1] - t[0]) * 1000)


def test_hard_searches_further_with_more_fake_time_and_repeats_itself():
    view = _random_views(1)[3]
    runs = {}
    for budget in (BUDGET, 2 * BUDGET, 2 * BUDGET):
        bot = _bot("hard", seed=4, time_budget_s=budget, clock=StepClock(STEP))
        move = bot.choose(view)
        assert move in view.legal_actions
        if budget in runs:  # same seed, same fake time: the same search
            assert (move, bot.last_info) == runs[budget]
        runs[budget] = (move, bot.last_info)
    assert runs[2 * BUDGET][1]["nodes"] > runs[BUDGET][1]["nodes"]


def test_hard_single_legal_action_returns_without_search():
    view = next(v for v in _random_views() if len(v.legal_actions) == 1)
    clock = StepClock(STEP)
    bot = _bot("hard", clock=clock)
    assert bot.choose(view) == view.legal_actions[0]
    assert clock.reads == 0
    assert bot.last_info == {}


def test_hard_depth_limit_does_not_depend_on_the_clock():
    """With a depth limit the budget never runs out: a stopped clock and the real one (with a
    budget far beyond reach) play the same moves with the same search."""
    views = _random_views(2, seed=6)[::9]
    stopped = _bot("hard", seed=3, time_budget_s=1e6, max_depth=2, clock=StepClock(0.0))
    real = _bot("hard", seed=3, time_budget_s=1e6, max_depth=2, real_clock=True)
    for view in views:
        assert stopped.choose(view) == real.choose(view)
        if len(view.legal_actions) > 1:
            a, b = dict(stopped.last_info), dict(real.last_info)
            assert a.pop("ms") == 0.0
            b.pop("ms")
            assert a == b


# -- easy and medium: a short search, then softmax over the moves' scores (kaito_levels) ---------

# Red to move, Kaito on c4. c6 (R3) wins by force, but only 6 plies deep: medium (up to 8 plies)
# sees it, easy (up to 5) does not, and prefers c2 (B K) by a margin beyond its softmax window.
DEEP_WIN = {
    "c1": "R1", "c2": "BK", "e2": "RH", "f2": "BH", "e3": "BK", "f3": "RK", "b4": "BK", "f4": "RH",
    "b6": "RK", "c6": "R3", "d6": "RK", "f6": "RK",
}
DEEP_WIN_HELD = (("BH", "B2", "BH", "B1", "BK"), ("R2", "RK", "RH"))

# Red to move, Kaito on a1: a2 is Red's last katana, b1 its last kabuto; every move loses.
ALL_LOSE = {"a2": "RK", "b1": "RH", "c3": "BK", "d4": "BH", "e5": "B1"}


def test_easy_and_medium_settings_and_options():
    easy, medium = _bot("easy"), _bot("medium")
    assert (easy.settings.depth, easy.settings.temperature, easy.settings.node_limit) == (5, 20.0, 2000)
    assert (medium.settings.depth, medium.settings.temperature, medium.settings.node_limit) == (8, 0.0, 4000)
    assert (easy.settings.keep_table, medium.settings.keep_table) == (False, True)
    tuned = _bot("medium", depth=3, temperature=15, node_limit=None)
    assert (tuned.settings.depth, tuned.settings.temperature, tuned.settings.node_limit) == (3, 15, None)
    assert _bot("medium").settings == medium.settings  # the class defaults are not changed


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("options, match", [
    ({"depth": 0}, "depth"), ({"depth": 9}, "depth"), ({"depth": 2.0}, "depth"), ({"depth": True}, "depth"),
    ({"temperature": -1}, "temperature"), ({"temperature": float("nan")}, "temperature"),
    ({"temperature": float("inf")}, "temperature"), ({"temperature": "hot"}, "temperature"),
    ({"node_limit": 0}, "node_limit"), ({"node_limit": 10.5}, "node_limit"),
    ({"time_budget_s": 0.1}, "unknown"), ({"margin": 3}, "unknown"),
])
def test_easy_and_medium_reject_bad_options(level, options, match):
    with pytest.raises(ValueError, match=match):
        _bot(level, **options)


def test_level_settings_validate_margin_and_keep_table():
    with pytest.raises(ValueError, match="margin"):
        LevelSettings(depth=2, temperature=1.0, margin=0)
    with pytest.raises(ValueError, match="keep_table"):
        LevelSettings(depth=2, temperature=1.0, keep_table=1)  # type: ignore[arg-type]


def test_medium_finds_a_deep_win_that_easy_misses():
    view = _position(DEEP_WIN, "c4", held=DEEP_WIN_HELD)
    pos = FastPos.from_view(view)
    assert fixed_depth_score(pos, 5)[0] < MATE_BOUND <= fixed_depth_score(pos, 6)[0]  # 6 plies deep
    assert move_to_action(fixed_depth_score(pos, 6)[1]) == "c6"
    for seed in range(6):
        assert _bot("medium", seed).choose(view) == "c6"
        easy = _bot("easy", seed)
        assert easy.choose(view) == "c2"
        assert easy.last_info["depth"] == 5


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_plays_a_losing_move_only_when_every_move_loses(level):
    view = _position(ALL_LOSE, "a1")
    assert sorted(view.legal_actions) == ["a2", "b1"]
    for seed in range(3):
        assert _bot(level, seed).choose(view) in ("a2", "b1")


def test_a_huge_temperature_still_avoids_losses_and_takes_wins():
    """Moves that win or lose within the horizon are outside the softmax."""
    for seed in range(8):
        assert _bot("easy", seed, depth=2, temperature=1e6).choose(_position(AVOID_LOSS, "a1")) == "b1"
        assert _bot("easy", seed, depth=1, temperature=1e6).choose(_position(WIN_IN_ONE, "a1")) == "c1"


def _busy_view() -> KaitoView:
    """A middle-game view with many legal moves of different values."""
    return max(_random_views(2, seed=11)[2:12], key=lambda v: len(v.legal_actions))


def test_temperature_zero_plays_a_best_scored_move_and_noise_varies_it():
    view = _busy_view()
    pos = FastPos.from_view(view)
    scores = ShallowSearcher().root_scores(pos, pos.gen(), 2, 1e9)  # every move's exact score
    assert len(scores) == len(view.legal_actions)
    best = max(scores.values())
    top = {move_to_action(m) for m, s in scores.items() if s == best}
    assert len(top) < len(scores)
    cold = {_bot("easy", seed, depth=2, temperature=0).choose(view) for seed in range(10)}
    assert cold <= top
    warm = [_bot("easy", seed, depth=2, temperature=80).choose(view) for seed in range(40)]
    assert len(set(warm)) > 1
    margin = LevelSettings(depth=2, temperature=80).margin * 80
    assert all(scores[action_to_move(a)] >= best - margin for a in warm)


def test_root_scores_are_the_search_scores():
    """Within the window the root scores are exact: their best equals the hard search's score."""
    checked = 0
    for view in _random_views(3, seed=12)[1::3]:
        pos = FastPos.from_view(view)
        if len(pos.gen()) < 2:
            continue
        for depth in (1, 2):
            expected = fixed_depth_score(pos, depth)[0]
            if abs(expected) >= MATE_BOUND:
                continue
            scores = ShallowSearcher().root_scores(pos, pos.gen(), depth, 0)
            assert max(scores.values()) == expected
            checked += 1
    assert checked >= 5


def test_node_limit_drops_the_iteration_and_bounds_the_work():
    """Cutting the deepening at the node limit plays exactly as searching to the depth reached."""
    depths = set()
    for view in _random_views(2, seed=13)[1::2]:
        if len(view.legal_actions) < 2:
            continue
        limited = _bot("medium", seed=7, depth=8, node_limit=600)
        move = limited.choose(view)
        info = limited.last_info
        depths.add(info["depth"])
        assert info["nodes"] <= max(600, len(view.legal_actions)) + 256  # checked every 256 nodes
        assert _bot("medium", seed=7, depth=info["depth"], node_limit=None).choose(view) == move
    assert any(d < 8 for d in depths)


def test_choose_move_restores_the_position_and_repeats_itself():
    view = _busy_view()
    pos = FastPos.from_view(view)
    before = (list(pos.board), list(pos.held), pos.hash, pos.kaito, pos.side, len(pos.undo))
    settings = LevelSettings(depth=4, temperature=30.0, node_limit=300)
    searcher = ShallowSearcher()
    moves = [choose_move(pos, settings, random.Random(5), searcher) for _ in range(3)]
    assert (list(pos.board), list(pos.held), pos.hash, pos.kaito, pos.side, len(pos.undo)) == before
    assert len(set(moves)) == 1  # the same rng state, the same move, whatever was searched before
    assert choose_move(pos, settings, random.Random(5)) == moves[0]


def test_a_fresh_search_ignores_earlier_decisions_a_kept_table_remembers_them():
    views = [v for v in _random_views(2, seed=14)[1:] if len(v.legal_actions) > 1][:4]
    searcher, kept = ShallowSearcher(), ShallowSearcher()
    for view in views:
        pos = FastPos.from_view(view)
        fresh = ShallowSearcher().root_scores(pos, pos.gen(), 3, 50)
        assert searcher.root_scores(pos, pos.gen(), 3, 50) == fresh  # the earlier calls do not matter
        before = len(kept.tt)
        kept.root_scores(pos, pos.gen(), 3, 50, keep=True)
        assert len(kept.tt) >= before  # entries are only added


def _play(levels, seed, **options) -> int:
    """Play one game; returns the index in ``levels`` of the winner (seats rotated by seed)."""
    state = KAITO.new_state(2, random.Random(f"test:{seed}"))
    order = [(s + seed) % 2 for s in range(2)]
    bots = [make_bot("kaito", levels[order[s]], random.Random(seed * 10 + s),
                     **(options if levels[order[s]] == "hard" else {})) for s in range(2)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat)))
    return order[state.outcome().winners[0]]


def test_hard_beats_random():
    wins = sum(1 for seed in range(10)
               if _play(("hard", "random"), seed, time_budget_s=1e6, max_depth=2, clock=StepClock(0.0)) == 0)
    assert wins >= 9


def test_medium_beats_random():
    wins = sum(1 for seed in range(20) if _play(("medium", "random"), seed) == 0)
    assert wins >= 17


# -- determinism ----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_same_seed_same_moves(level):
    views = _random_views(4, seed=2)
    a, b = _bot(level, seed=42), _bot(level, seed=42)
    assert [a.choose(v) for v in views] == [b.choose(v) for v in views]
