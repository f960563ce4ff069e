"""Tests of Sushi Draft's hard search (game/sushi/search.py, RULES.md section 2): the decoupled
bandits of every seat, the tree keyed by the observer's own options, the win-chance evaluation, the
search's answers in hand-made positions and the flat evaluation the coach keeps. Behaviour only:
no test asserts a real time or a win rate (those are measured with ``python -m game play``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sushi_ai import MAJORITY_DEAL, MAJORITY_PHASES, _play, _position

from game.ai import make_bot
from game.sushi.ai import SushiFlatBot, SushiHardBot
from game.sushi.rules import CARD_NAMES, EAT, KEEP, SUSHI
from game.sushi.search import TEMPERATURE, TEMPERATURE_PER_ROUND, RoundSearch, win_chances
from game.sushi.sim import EAT_ACTION, Policy, expected_totals

GAME = "sushi-draft"


def _search(view, seed=0, iterations=200):
    search = RoundSearch(view, random.Random(seed), expected_totals(view), Policy(noise=0.8))
    for _ in range(iterations):
        search.iterate()
    return search


def _view(n, stop, seat=0, seed=3):
    return _play(["random"] * n, seed, stop=stop).view(seat)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_every_seat_chooses_at_the_root_once_per_iteration(n):
    """Decoupled UCT: at the root every seat's own bandit is played once an iteration."""
    view = _view(n, lambda s: s.round == 1 and s.step == 1 and s.phase == EAT)
    search = _search(view, iterations=120)
    assert search.iterations == 120
    for seat in range(n):
        visits = sum(int(st[0]) for st in search.root.stats[seat].values())
        assert visits == 120
    assert set(search.root_stats()) <= set(view.legal_actions)
    # availability: an option of this seat is legal in every determinization
    assert all(int(st[2]) == 120 for st in search.root.stats[view.seat].values())


def test_the_tree_is_keyed_by_the_observers_own_options():
    view = _view(3, lambda s: s.round == 0 and s.step == 2 and s.phase == KEEP, seat=1)
    search = _search(view, iterations=150)
    keeps = {CARD_NAMES.index(a) for a in view.legal_actions}
    assert set(search.root.children) <= keeps and len(search.root.children) == len(keeps)
    # below a keep comes the next eat: its children are this seat's eats, (card, type) pairs
    for child in search.root.children.values():
        assert all(key in EAT_ACTION for key in child.children)


def test_every_legal_option_is_tried_and_the_most_visited_is_played():
    view = _view(4, lambda s: s.round == 2 and s.step == 0 and s.phase == EAT, seat=2)
    bot = make_bot(GAME, "hard", random.Random(4), iterations=300)
    action = bot.choose(view)
    visits = bot.last_info["visits"]
    assert set(visits) == set(view.legal_actions)
    assert sum(visits.values()) == 300
    assert visits[action] == max(visits.values())
    assert all(0.0 <= m <= 1.0 for m in bot.last_info["means"].values())


def test_the_search_takes_the_winning_majority():
    """The last eat (RULES.md section 2 tie rule): salmon breaks a 1-1 tie and wins the pile,
    cucumber only extends a lead of 2-0."""
    view = _position(MAJORITY_DEAL, MAJORITY_PHASES, 2)
    for seed in range(3):
        bot = SushiHardBot(random.Random(seed), iterations=150)
        assert bot.choose(view) == "salmon"
        means = bot.last_info["means"]
        assert means["salmon"] > means["cucumber"]


def test_win_chances_are_even_for_equal_totals_and_grow_with_the_margin():
    assert win_chances([10.0, 10.0, 10.0], 1.5) == pytest.approx([0.5, 0.5, 0.5])
    low, high = win_chances([12.0, 10.0], 1.5)
    assert high < 0.5 < low and low + high == pytest.approx(1.0)
    # a wider temperature (more rounds to play) is less sure of the same margin
    assert win_chances([12.0, 10.0], 4.5)[0] < low
    assert win_chances([0.0, 500.0], 1.5)[0] == pytest.approx(0.0, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 60), min_size=2, max_size=5), st.floats(0.5, 10))
def test_win_chances_order_like_the_totals(totals, temperature):
    chances = win_chances(totals, temperature)
    assert all(0.0 <= c <= 1.0 for c in chances)
    for a in range(len(totals)):
        for b in range(len(totals)):
            if totals[a] > totals[b]:
                assert chances[a] >= chances[b]


def test_the_temperature_shrinks_as_the_game_nears_its_end():
    temps = []
    for rnd in range(3):
        view = _view(3, lambda s, r=rnd: s.round == r and s.step == 0 and s.phase == EAT)
        temps.append(RoundSearch(view, random.Random(0), expected_totals(view), Policy()).temperature)
    assert temps == [TEMPERATURE + 2 * TEMPERATURE_PER_ROUND, TEMPERATURE + TEMPERATURE_PER_ROUND, TEMPERATURE]


def test_the_search_reads_only_the_view():
    """Two states that differ only in what seat 0 cannot see give seat 0's search the same answer
    (same seed): the other hands of the round are not in the view."""
    state = SUSHI.new_state(3, random.Random("twin"))
    twin = SUSHI.new_state(3, random.Random("twin"))
    # swap the hidden hands of seats 1 and 2 in the twin: seat 0's view is unchanged
    twin.hands[1], twin.hands[2] = twin.hands[2], twin.hands[1]
    assert state.view(0) == twin.view(0)
    a = SushiHardBot(random.Random(9), iterations=80)
    b = SushiHardBot(random.Random(9), iterations=80)
    assert a.choose(state.view(0)) == b.choose(twin.view(0))
    assert a.last_info["visits"] == b.last_info["visits"]


def test_the_coach_keeps_the_flat_evaluation_of_every_option():
    view = _view(3, lambda s: s.round == 0 and s.step == 1 and s.phase == EAT)
    flat = SushiFlatBot(random.Random(2), iterations=30)
    assert flat.choose(view) in view.legal_actions
    assert set(flat.last_info["means"]) == set(view.legal_actions)
    assert flat.last_info["worlds"] == 30
