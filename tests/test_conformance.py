"""The conformance suite (issue 23 §8): every registered game (game.registry.GAMES) keeps the
protocol of game/core.py, so a new game gets these checks by registering. Per game and seat count
(the fewest and the most): random playouts to the end, legal actions sorted and only for the seats
to act, clone independence both ways, the record's JSON round trip (final state and every prefix),
views rebuilt from the record equal to the live ones, the per-seat event log equal to the full log
redacted, twin states for hidden information (a world the game's reference sampler draws from a
seat's view shows that seat the same view), and typed errors for bad actions and bad records.

Seeds come from hypothesis (a few examples each, no deadline); nothing here measures time."""
from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import ActionError, IllegalActionError, InvalidActionError, RecordError, View
from game.registry import GAMES, REGISTRATIONS

#: (game name, seat count): every registered game at its fewest and most seats.
CASES = [(name, n) for name in GAMES for n in sorted({GAMES[name].min_seats, GAMES[name].max_seats})]
#: A few examples each: the point is every game, not many seeds (the per-game tests go deep).
FEW = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Actions applied per random playout at most (every game here ends well before).
MAX_ACTIONS = 5000


def new_game(name: str, n: int, seed: int) -> Any:
    return GAMES[name].new_state(n, random.Random(seed))


def random_step(state: Any, rng: random.Random) -> list[tuple[int, str]]:
    """Every seat to act applies a random legal action (a simultaneous phase: each from the
    position before any of them, as the Match does); returns what was applied."""
    done = []
    choices = [(seat, rng.choice(state.legal_actions(seat))) for seat in state.to_act()]
    for seat, action in choices:
        state.apply(seat, action)
        done.append((seat, action))
    return done


def play_out(state: Any, rng: random.Random, stop: int | None = None) -> list[Any]:
    """Random steps until the end (or ``stop`` steps); returns a clone taken before each step."""
    before = []
    steps = 0
    while not state.is_over() and (stop is None or steps < stop):
        before.append(state.clone())
        random_step(state, rng)
        steps += 1
        assert len(state.history) <= MAX_ACTIONS, "the game did not end"
    return before


@pytest.mark.parametrize("name,n", CASES)
@FEW
@given(seed=st.integers(0, 10**6))
def test_random_playouts_end_with_sorted_legal_actions_only_for_the_seats_to_act(name, n, seed):
    state = new_game(name, n, seed)
    rng = random.Random(seed)
    while not state.is_over():
        to_act = state.to_act()
        assert to_act and list(to_act) == sorted(set(to_act)) and all(0 <= s < n for s in to_act)
        for seat in range(n):
            legal = state.legal_actions(seat)
            assert legal == sorted(set(legal)), f"{name}: legal actions of seat {seat} not sorted and distinct"
            assert bool(legal) == (seat in to_act)
            view = state.view(seat)
            assert isinstance(view, View) and view.seat == seat and tuple(view.legal_actions) == tuple(legal)
        random_step(state, rng)
        assert len(state.history) <= MAX_ACTIONS
    out = state.outcome()
    assert out is not None and set(out.winners) <= set(range(n))
    assert state.to_act() == () and all(state.legal_actions(s) == [] for s in range(n))
    assert len(state.scores()) == n


@pytest.mark.parametrize("name,n", CASES)
@FEW
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 40))
def test_a_clone_is_independent_both_ways(name, n, seed, cut):
    state = new_game(name, n, seed)
    rng = random.Random(seed)
    play_out(state, rng, stop=cut)
    if state.is_over():
        return
    twin = state.clone()
    views = [state.view(s) for s in range(n)]
    events, history = list(state.events), list(state.history)
    random_step(twin, random.Random(seed + 1))
    assert [state.view(s) for s in range(n)] == views
    assert state.events == events and state.history == history
    twin_views = [twin.view(s) for s in range(n)]
    twin_events = list(twin.events)
    if not state.is_over():
        random_step(state, random.Random(seed + 2))
    assert [twin.view(s) for s in range(n)] == twin_views and twin.events == twin_events


@pytest.mark.parametrize("name,n", CASES)
@FEW
@given(seed=st.integers(0, 10**6))
def test_records_round_trip_through_json_and_rebuild_every_view(name, n, seed):
    game = GAMES[name]
    state = new_game(name, n, seed)
    before = play_out(state, random.Random(seed))
    for position in [*before[:: max(1, len(before) // 5)], state]:
        record = json.loads(json.dumps(position.record(), ensure_ascii=False))
        again = game.from_record(record)
        assert again.history == position.history
        assert [again.view(s) for s in range(n)] == [position.view(s) for s in range(n)]
        assert again.outcome() == position.outcome() and again.scores() == position.scores()
        assert again.record() == record


@pytest.mark.parametrize("name,n", CASES)
@FEW
@given(seed=st.integers(0, 10**6))
def test_each_seats_log_is_the_full_log_redacted(name, n, seed):
    state = new_game(name, n, seed)
    play_out(state, random.Random(seed))
    for seat in [None, *range(n)]:
        told = [e.for_viewer(seat) for e in state.events]
        assert state.events_for(seat) == [e for e in told if e is not None]
        for since in (0, len(state.events) // 2, len(state.events)):
            assert state.events_for(seat, since) == [e for e in told[since:] if e is not None]
    assert state.events_for(None) == state.events
    assert all(e.kind.startswith(name.split("-")[0] + ".") or e.kind.startswith(name + ".") for e in state.events)


@pytest.mark.parametrize("name,n", CASES)
@FEW
@given(seed=st.integers(0, 10**6))
def test_an_action_is_told_whole_to_its_seat_and_all_or_nothing_to_the_others(name, n, seed):
    """``Game.public_action`` (the online ``actions``): an action whole for its own seat and for a
    spectator after the game; another viewer gets the action itself for every legal action of
    the seat (a public move), or one form for them all (a hidden choice: nothing that tells one
    from another), never more than a short text."""
    game, rng = GAMES[name], random.Random(seed)
    state = new_game(name, n, seed)
    while not state.is_over():
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            for action in legal:
                assert game.public_action(action, seat, seat) == action
                assert game.public_action(action, seat, None) == action
            for viewer in range(n):
                forms = [game.public_action(action, seat, viewer) for action in legal]
                assert all(f is None or isinstance(f, str) and 0 < len(f) <= 64 for f in forms)
                assert viewer != seat or forms == legal
                assert forms == legal or len(set(forms)) == 1, (seat, viewer, legal, forms)
        random_step(state, rng)
        assert len(state.history) <= MAX_ACTIONS, "the game did not end"


def _world_sampler(name: str, view: Any) -> Any:
    """The sampler ``rng -> state`` of full states consistent with ``view``, from the game's
    reference IS-MCTS bot (its ``worlds`` hook), or None for a game without one."""
    reg = REGISTRATIONS[name]
    if "ismcts" not in reg.reference:
        return None
    bot = reg.reference_bot("ismcts")(random.Random(0), 1)
    return bot.worlds(view)


def _public(view: View) -> View:
    """A view without the counters a determinization starts afresh (``ply``: its history is empty)."""
    return dataclasses.replace(view, ply=0)


@pytest.mark.parametrize("name,n", [c for c in CASES if GAMES[c[0]].game_type.hidden_information])
@FEW
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 30))
def test_twin_states_differing_in_hidden_information_show_a_seat_the_same_view(name, n, seed, cut):
    """Each seat's view is a function of what it may know: a world the game's own sampler draws
    from that view (other hands, decks and hidden values all re-dealt) shows it the same view."""
    state = new_game(name, n, seed)
    rng = random.Random(seed)
    play_out(state, rng, stop=cut)
    while not state.is_over() and getattr(state, "pending", None):
        random_step(state, rng)  # (a world starts a phase afresh: compare at a phase's start)
    if state.is_over():
        return
    for seat in range(n):
        view = state.view(seat)
        sample = _world_sampler(name, view)
        assert sample is not None, f"{name} hides information but has no world sampler to check it with"
        for k in range(3):
            world = sample(random.Random(seed * 7 + k))
            assert _public(world.view(seat)) == _public(view)


@pytest.mark.parametrize("name", list(GAMES))
def test_bad_actions_and_bad_records_raise_typed_errors(name):
    game = GAMES[name]
    state = new_game(name, game.min_seats, 3)
    seat = state.to_act()[0]
    for junk in ("", "no such action ~", "\x00"):
        with pytest.raises(InvalidActionError):
            state.apply(seat, junk)
    others = [s for s in range(state.num_seats) if s not in state.to_act()]
    if others:
        with pytest.raises(IllegalActionError):
            state.apply(others[0], state.legal_actions(seat)[0])
    with pytest.raises(ActionError):
        state.apply(seat, 42)  # type: ignore[arg-type]
    record = state.record()
    for broken in ({**record, "format": "other/9"}, {**record, "game": "chess"}, {**record, "setup": 7},
                   {k: v for k, v in record.items() if k != "actions"}, [], "text"):
        with pytest.raises(RecordError):
            game.from_record(broken)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(GAMES))
def test_new_state_needs_a_seeded_rng_and_a_supported_seat_count(name):
    game = GAMES[name]
    with pytest.raises(TypeError):
        game.new_state(game.min_seats, None)  # type: ignore[arg-type]
    for n in (game.min_seats - 1, game.max_seats + 1):
        with pytest.raises(ValueError):
            game.new_state(n, random.Random(0))
