"""The reference opponents for measuring (game/ai/reference.py, issue 13 part 1): levels
``mcts:<N>`` / ``ismcts:<N>`` exist, play legal games to the end, see only their seat's view, and
``python -m game play`` accepts them. Budgets are tiny; no timing and no win rates are asserted."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import make_bot
from game.ai.reference import check_level, parse_level
from game.kaito.reference import KaitoMctsBot
from game.ai.reference import random_rollout
from game.kanji.reference import KanjiIsmctsBot, KanjiIsmctsV1Bot, kanji_world_sampler
from game.kanji.data import SHARI
from game.kanji.rules import KANJI, KANJI_PER_SEAT, PASS, judge
from game.kanji.sampling import NETA_INDEX, Sim
from game.match import Match
from game.play import main as play_main
from game.registry import get
from game.sushi.reference import SushiIsmctsBot, sushi_world_sampler
from game.sushi.rules import CHIP_VALUES, PILES, SUSHI

ROOT = Path(__file__).resolve().parent.parent


# -- levels ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name, level, cls", [
    ("kaito", "mcts:50", KaitoMctsBot),
    ("sushi-draft", "ismcts:30", SushiIsmctsBot),
    ("kanji-zushi", "ismcts:30", KanjiIsmctsBot),
    ("kanji-zushi", "ismctsold:30", KanjiIsmctsV1Bot),
])
def test_levels_exist(game_name, level, cls):
    bot = make_bot(game_name, level, random.Random(1))
    assert isinstance(bot, cls)
    assert bot.level == level and bot.game_name == game_name
    assert bot.budget == int(level.split(":")[1])


def test_level_parsing():
    assert parse_level("mcts:1000") == ("mcts", 1000)
    assert parse_level("hard") is None
    assert parse_level("mcts:") is None and parse_level("mcts:x") is None
    assert check_level("sushi-draft", "ismcts:300") == ("ismcts", 300)


@pytest.mark.parametrize("game_name, level, words", [
    ("kaito", "ismcts:30", "mcts:N"),       # the other kind names the right one
    ("sushi-draft", "mcts:30", "ismcts:N"),
    ("kaito", "mcts:0", "at least 1"),
    ("kaito", "wizard:5", "unknown reference level"),
    ("kaito", "hard:5", "unknown reference level"),
    ("kaito", "mcts:5:5", "not a reference level"),
])
def test_bad_reference_levels_fail(game_name, level, words):
    with pytest.raises(ValueError, match=words):
        make_bot(game_name, level, random.Random(1))


def test_unknown_levels_still_fail_as_before():
    with pytest.raises(ValueError, match="random, easy, medium, hard"):
        make_bot("kaito", "grandmaster", random.Random(1))
    with pytest.raises(ValueError, match="exploration"):
        make_bot("kaito", "mcts:5", random.Random(1), time_budget_s=1.0)


# -- legal games to the end ------------------------------------------------------------------------


@pytest.mark.parametrize("game_name, seats", [
    ("kaito", ["mcts:50", "mcts:50"]),
    ("sushi-draft", ["ismcts:30", "ismcts:30"]),
    ("sushi-draft", ["ismcts:30", "random", "random", "random", "ismcts:30"]),
    ("kanji-zushi", ["ismcts:30", "ismcts:30"]),
    ("kanji-zushi", ["ismcts:30", "random", "ismcts:30", "random"]),
    ("kanji-zushi", ["ismcts:30", "ismctsold:30"]),
])
def test_reference_bots_play_legal_games_to_the_end(game_name, seats):
    # Match.step_bots raises on any action the state rejects, so reaching the end proves legality.
    match = Match(get(game_name), seats, seed=11, synchronous=True)
    for seat, level in enumerate(seats):
        assert match.bots[seat].level == level  # the real reference bot, not the random fallback
    match.run_bots_until_human()
    assert match.is_over()
    assert match.outcome() is not None


# -- only the seat's view ----------------------------------------------------------------------------


def _sushi_twins():
    """Two 3-seat Sushi Draft states that differ only in what seat 0 may not see: seats 1 and 2
    hold each other's round-0 hands, the later rounds are dealt differently and the chip piles are
    in another order."""
    a = SUSHI.new_state(3, random.Random(5))
    setup = a.setup()
    deals = [list(map(list, rnd)) for rnd in setup["deals"]]
    deals[0][1], deals[0][2] = deals[0][2], deals[0][1]
    deals[1], deals[2] = deals[2], deals[1]
    chips = {p: list(reversed(v)) for p, v in setup["chips"].items()}
    b = SUSHI.state_from_setup({"players": 3, "deals": deals, "chips": chips})
    assert a.hands[1] != b.hands[1]
    return a, b


def _kanji_twins():
    """Two 2-seat Kanji-zushi states differing only in seat 1's neta deck (so its hand)."""
    a = KANJI.new_state(2, random.Random(8))
    setup = a.setup()
    neta = [list(d) for d in setup["neta"]]
    neta[1] = neta[1][5:] + neta[1][:5]
    b = KANJI.state_from_setup({"players": 2, "shari": setup["shari"], "neta": neta, "answer_key": "joyo"})
    assert sorted(a.hands[1]) != sorted(b.hands[1])
    return a, b


@pytest.mark.parametrize("twins, level", [(_sushi_twins, "ismcts:30"), (_kanji_twins, "ismcts:30"),
                                          (_kanji_twins, "ismctsold:30")])
def test_twin_states_give_the_same_choice(twins, level):
    a, b = twins()
    game_name = a.game.name
    compared = 0
    for _ in range(3):  # a few decisions of seat 0, the other seats passing / choosing alike
        assert not a.is_over() and not b.is_over()
        va, vb = a.view(0), b.view(0)
        assert va == vb
        choice_a = make_bot(game_name, level, random.Random(3)).choose(va)
        choice_b = make_bot(game_name, level, random.Random(3)).choose(vb)
        assert choice_a == choice_b
        compared += 1
        if game_name == "sushi-draft":
            break  # the other seats' different hands make their choices differ from here on
        a.apply(0, choice_a)
        b.apply(0, choice_b)
        if a.is_over() or b.is_over() or a.view(0) != b.view(0):
            break
        a.apply(1, PASS)
        b.apply(1, PASS)
        if a.is_over() or b.is_over() or a.view(0) != b.view(0):
            break
    assert compared >= (1 if game_name == "sushi-draft" else 2)


def _advance(state, plies: int, seed: int):
    rng = random.Random(seed)
    bots = [make_bot(state.game.name, "medium", random.Random(s)) for s in range(state.num_seats)]
    for _ in range(plies):
        if state.is_over():
            break
        views = {s: state.view(s) for s in state.to_act()}
        for s, v in views.items():
            state.apply(s, bots[s].choose(v) if rng.random() < 0.8 else v.legal_actions[0])
    return state


@pytest.mark.parametrize("seats, plies", [(2, 7), (3, 13), (5, 24)])
def test_sushi_worlds_agree_with_the_view(seats, plies):
    state = _advance(SUSHI.new_state(seats, random.Random(seats)), plies, seats)
    view = state.view(1)
    sample = sushi_world_sampler(view, random.Random(2))
    for i in range(5):
        world = sample(random.Random(i))
        wv = world.view(1)
        for field in ("round", "step", "phase", "hand", "hand_sizes", "eaten", "past_eaten", "chips",
                      "my_chips", "piles_left", "legal_actions", "my_hands", "my_kept", "awards"):
            assert getattr(wv, field) == getattr(view, field), field
        assert world.chip_count() == 18
        for pile in PILES:  # every chip value of every pile is somewhere
            values = [v for v in world.piles[pile]] + [v for c in world.chips for p, v in c if p == pile]
            assert sorted(values) == sorted(CHIP_VALUES[pile])


def test_kanji_worlds_agree_with_the_view():
    state = _advance(KANJI.new_state(3, random.Random(4)), 9, 4)
    assert not state.is_over()
    view = state.view(state.to_move)
    sample = kanji_world_sampler(view)
    for i in range(5):
        world = sample(random.Random(i))
        wv = world.view(view.seat)
        for field in ("hand", "hand_sizes", "neta_left", "shari_left", "table", "completed", "attempts",
                      "to_move", "legal_actions", "ply"):
            assert getattr(wv, field) == getattr(view, field), field


# -- textbook IS-MCTS (issue 36): a world per iteration from the view, legal actions, play-outs to the end


def test_kanji_twin_states_sample_the_same_worlds():
    # the sampler reads the view only: the same rng gives the same world for both twins
    a, b = _kanji_twins()
    sa, sb = kanji_world_sampler(a.view(0)), kanji_world_sampler(b.view(0))
    for i in range(20):
        wa, wb = sa(random.Random(i)), sb(random.Random(i))
        assert (wa.hands, wa.neta_decks, wa.shari_pile) == (wb.hands, wb.neta_decks, wb.shari_pile)


def test_kanji_worlds_are_uniform_over_what_the_view_allows():
    # seat 1 tried a wrong pair: that neta is in its hand in every world; each other neta of its
    # 10 is in about 4 of 9 hands (uniform among the 5-card hands holding the tried one)
    state = KANJI.new_state(2, random.Random(8))
    state.apply(0, PASS)
    wrong = next(a for a in state.legal_actions(1) if a != PASS and not _valid(state, a))
    state.apply(1, wrong)
    tried = wrong.split("+")[0]
    view = state.view(0)
    sample = kanji_world_sampler(view)
    rng = random.Random(1)
    counts = {n: 0 for n in NETA_INDEX}
    worlds = 1800
    for _ in range(worlds):
        for n in sample(rng).hands[1]:
            counts[n] += 1
    assert counts.pop(tried) == worlds
    for n, c in counts.items():
        assert abs(c / worlds - 4 / 9) < 0.06, (n, c)


def _valid(state, action: str) -> bool:
    neta, shari = action.split("+")
    return judge(neta, shari, state.answer_key)[1]


class _Spy(KanjiIsmctsBot):
    """Records each determinization's hidden hand of seat 1 and checks every action set."""

    def __init__(self, *args):
        super().__init__(*args)
        self.hands: set[tuple[str, ...]] = set()

    def actions(self, state, seat):
        out = super().actions(state, seat)
        assert out == state.legal_actions(seat)  # every legal action of this determinization
        if seat == 1:
            self.hands.add(tuple(state.hands[1]))
        return out


def test_kanji_reference_searches_the_legal_actions_of_a_fresh_world_each_iteration():
    state = KANJI.new_state(2, random.Random(8))
    view = state.view(0)
    bot = _Spy(random.Random(2), 300)
    choice = bot.choose(view)
    # the root: every legal action of the view was tried (at the first turn of the game may_wait
    # allows waiting, so none is held back)
    assert set(bot.last_info["visits"]) == set(view.legal_actions) and choice in view.legal_actions
    # seat 1's hidden hand differs from world to world: a determinization per iteration
    assert len(bot.hands) > 20


def test_kanji_reference_keys_children_by_the_public_move():
    state = KANJI.new_state(2, random.Random(8))
    bot = KanjiIsmctsBot(random.Random(2), 1)
    world = kanji_world_sampler(state.view(0))(random.Random(1))
    move = next(a for a in bot.actions(world, 0) if a != PASS and _valid(world, a))
    world.apply(0, move)
    assert bot.edge(world, 0, [(0, move)], 0) == ((0, move),)  # not the refill or the neta drawn


@pytest.mark.parametrize("n", [2, 3, 5])
def test_random_playouts_reach_the_end(n):
    for seed in range(8):
        state = KANJI.new_state(n, random.Random(seed))
        if state.is_over():
            continue
        sim = Sim.from_state(state)
        sim.random_playout(state.to_move, random.Random(seed))
        active = [s for s in range(n) if sim.count[s] < KANJI_PER_SEAT]
        table = [t for t in sim.table if t != len(SHARI)]  # an empty slot
        assert not any(sim.strokes[nt][t] for s in active for nt in sim.hands[s] for t in table)
        assert sim.winners()
        world = state.clone(log_events=False)
        rewards = random_rollout(world, random.Random(seed))
        assert world.is_over() and sum(rewards) == pytest.approx(1.0)


def _last_seat_position():
    """A 2-seat position where one seat has its 5 kanji and the other, to move, can complete."""
    for seed in range(40):
        state = KANJI.new_state(2, random.Random(seed))
        bots = [make_bot("kanji-zushi", "medium", random.Random(s)) for s in range(2)]
        while not state.is_over() and KANJI_PER_SEAT not in map(len, state.completed):
            seat = state.to_move
            state.apply(seat, bots[seat].choose(state.view(seat)))
        if not state.is_over():
            return state
    raise AssertionError("no seed reaches the position")


def test_kanji_reference_wastes_no_turn_it_may_not_wait():
    # as the last seat playing, with a valid pair in reach, it completes (finite games)
    state = _last_seat_position()
    view = state.view(state.to_move)
    bot = KanjiIsmctsBot(random.Random(1), 50)
    roots = bot.root_actions(view)
    assert roots and PASS not in roots and all(_valid(view, a) for a in roots)
    assert len(view.legal_actions) > len(roots)  # the wrong attempts and pass held back
    assert bot.choose(view) in roots


# -- python -m game play ---------------------------------------------------------------------------


def test_play_cli_accepts_reference_levels():
    proc = subprocess.run([sys.executable, "-m", "game", "play", "kaito", "--seats", "hard,mcts:50",
                           "--games", "2", "--seed", "1"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["bots"] == ["hard", "mcts:50"] and out["games"] == 2
    assert sum(out["wins"]) == pytest.approx(2)
    assert all(d > 0 for d in out["decisions"])


@pytest.mark.parametrize("args", [
    ["kaito", "--seats", "hard,ismcts:30"],
    ["sushi-draft", "--seats", "hard,mcts:30"],
    ["kaito", "--seats", "hard,mcts:0"],
    ["kanji-zushi", "--seats", "hard,ismcts"],
])
def test_play_cli_rejects_bad_reference_levels(args, capsys):
    assert play_main(args + ["--games", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("play: error:")
