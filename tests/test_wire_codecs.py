"""Views and events on the wire (issue 24, docs/PROTOCOL.md): every game's ``view_to_json`` /
``view_from_json`` and :func:`game.core.event_from_json`.

Random games of every registered game at every seat count: at each step, for every seat, the
view survives a trip through JSON exactly, its JSON bytes are deterministic and plain, and every
event the seat is told (redacted, private ones left out) survives the trip too. Twin states
differing only in hidden information give a seat byte-identical JSON. Malformed or hostile data
(not an object, unknown kind, a field missing, unknown or of the wrong type, oversized) is
rejected with a one-line :class:`RecordError`, never another exception.

Seeds come from hypothesis (a few examples each, no deadline); nothing here measures time."""
from __future__ import annotations

import copy
import dataclasses
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import (
    EVENT_CLASSES,
    WIRE_MAX_INT,
    WIRE_MAX_ITEMS,
    WIRE_MAX_TEXT,
    Event,
    Game,
    RecordError,
    View,
    event_from_json,
)
from game.registry import GAMES, REGISTRATIONS
from game.wire import ViewCodec

#: (game name, seat count): every registered game at every seat count it supports.
CASES = [(name, n) for name in GAMES for n in range(GAMES[name].min_seats, GAMES[name].max_seats + 1)]
FEW = settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 5000


def dumps(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False).encode()


def assert_plain(data: Any, where: str = "view") -> None:
    """Only dict (text keys) / list / str / int / float / bool / None, by exact type (no enum, no tuple)."""
    if isinstance(data, dict):
        assert type(data) is dict
        for key, value in data.items():
            assert type(key) is str, f"{where}: key {key!r}"
            assert_plain(value, f"{where}.{key}")
    elif isinstance(data, list):
        assert type(data) is list
        for i, value in enumerate(data):
            assert_plain(value, f"{where}[{i}]")
    else:
        assert data is None or type(data) in (str, int, float, bool), f"{where}: {type(data).__name__}"


def random_step(state: Any, rng: random.Random) -> None:
    """Every seat to act applies a random legal action (each from the position before any of them)."""
    for seat, action in [(seat, rng.choice(state.legal_actions(seat))) for seat in state.to_act()]:
        state.apply(seat, action)


def check_view(game: Game, view: View) -> bytes:
    data = game.view_to_json(view)
    assert_plain(data)
    raw = dumps(data)
    assert dumps(game.view_to_json(view)) == raw, "the same view gave other bytes"
    again = game.view_from_json(json.loads(raw))
    assert again == view
    assert type(again) is type(view)
    assert dumps(game.view_to_json(again)) == raw
    if view.outcome is not None:
        assert again.outcome is not None and again.outcome.values == view.outcome.values
        assert again.outcome.text() == view.outcome.text()
    return raw


def check_event(event: Event) -> None:
    data = event.to_dict()
    assert_plain(data, event.KIND)
    again = event_from_json(json.loads(dumps(data)))
    assert again == event and type(again) is type(event)
    assert dumps(again.to_dict()) == dumps(data)


@pytest.mark.parametrize("name,n", CASES)
@FEW
@given(seed=st.integers(0, 10**6))
def test_every_view_and_event_of_a_random_game_round_trips_exactly(name, n, seed):
    game = GAMES[name]
    state = game.new_state(n, random.Random(seed))
    rng = random.Random(seed)
    seen = [0] * (n + 1)  # per seat (and the spectator last): events already checked
    while True:
        for seat in range(n):
            check_view(game, state.view(seat))
        for i, seat in enumerate([*range(n), None]):
            for event in state.events_for(seat, seen[i]):
                check_event(event)
            seen[i] = len(state.events)
        if state.is_over():
            break
        random_step(state, rng)
        assert len(state.history) <= MAX_ACTIONS


def test_every_event_class_is_found_by_its_kind():
    for name in GAMES:
        GAMES[name]  # imports its events
    for reg in REGISTRATIONS.values():
        kinds = [k for k in EVENT_CLASSES if k.startswith(reg.kinds + ".")]
        assert kinds, f"{reg.name}: no event classes"
    for kind, cls in EVENT_CLASSES.items():
        assert cls.KIND == kind


def test_the_view_codec_is_written_once_in_game():
    """Each game declares only its ``view_codec``; ``view_to_json``, ``view_from_json`` and
    ``plain_views`` are :class:`Game`'s, the same for every game. A game without a codec has no
    wire form of its views (and no plain views)."""
    for name, game in GAMES.items():
        cls = type(game)
        below_game = cls.__mro__[:cls.__mro__.index(Game)]
        own = [m for m in ("view_to_json", "view_from_json", "plain_views") if any(m in vars(k) for k in below_game)]
        assert not own, f"{name} writes {own} itself"
        assert isinstance(cls.view_codec, ViewCodec) and game.plain_views
        assert game.view_codec.view_type is type(game.new_state(game.min_seats, random.Random(1)).view(0))
    some = next(iter(GAMES.values()))
    without = type("NoWireGame", (type(some),), {"view_codec": None})()
    assert not without.plain_views
    view = some.new_state(some.min_seats, random.Random(1)).view(0)
    with pytest.raises(NotImplementedError):
        without.view_to_json(view)
    with pytest.raises(NotImplementedError):
        without.view_from_json(some.view_to_json(view))


def test_an_event_is_read_before_its_game_is_imported():
    """Games are imported on first use: reading an event of a game not imported yet imports it."""
    code = ("import sys, game.registry\n"
            "from game.core import event_from_json\n"
            "assert 'game.sushi.rules' not in sys.modules\n"
            "e = event_from_json({'kind': 'sushi.chosen', 'seat': 1, 'round': 0, 'step': 2, 'phase': 'eat',"
            " 'action': None})\n"
            "print(type(e).__name__, e.action)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["Chosen", "None"]


# -- twin states: the codec adds nothing of what a seat may not know --------------------------------

def _world_sampler(name: str, view: Any) -> Any:
    reg = REGISTRATIONS[name]
    if "ismcts" not in reg.reference:
        return None
    return reg.reference_bot("ismcts")(random.Random(0), 1).worlds(view)


HIDDEN = [(name, n) for name, n in CASES if GAMES[name].game_type.hidden_information]


@pytest.mark.parametrize("name,n", [c for c in HIDDEN if c[1] in (GAMES[c[0]].min_seats, GAMES[c[0]].max_seats)])
@FEW
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 30))
def test_twin_states_differing_in_hidden_information_give_a_seat_the_same_bytes(name, n, seed, cut):
    """A world the game's own sampler draws from a seat's view (other hands, deck orders, hidden
    chip values re-dealt; a fresh history, so ``ply`` aside) encodes to the same bytes for that
    seat: the codec reads nothing but the view (no seed, no other seat's cards)."""
    game = GAMES[name]
    state = game.new_state(n, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_over():
            break
        random_step(state, rng)
    while not state.is_over() and getattr(state, "pending", None):
        random_step(state, rng)  # (a world starts a phase afresh: compare at a phase's start)
    if state.is_over():
        return
    for seat in range(n):
        view = state.view(seat)
        sample = _world_sampler(name, view)
        assert sample is not None
        mine = dumps(game.view_to_json(dataclasses.replace(view, ply=0)))
        for k in range(3):
            world = sample(random.Random(seed * 7 + k))
            theirs = dumps(game.view_to_json(dataclasses.replace(world.view(seat), ply=0)))
            assert theirs == mine


@pytest.mark.parametrize("name", [name for name in GAMES if GAMES[name].game_type.hidden_information])
def test_a_seats_json_names_no_seed_setup_deck_or_hands(name):
    """A seat's JSON has no key of the setup's (seed, setup, deck, hands): only the view's fields."""
    game = GAMES[name]
    state = game.new_state(game.max_seats, random.Random(5))
    for seat in range(state.num_seats):
        text = dumps(game.view_to_json(state.view(seat))).decode()
        for word in ('"seed"', '"setup"', '"deck"', '"hands"', '"decks"'):
            assert word not in text


# -- malformed and hostile data -------------------------------------------------------------------

def one_line_record_error(call: Any, *args: Any) -> str:
    with pytest.raises(RecordError) as caught:
        call(*args)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) <= 300, message
    return message


def sample_views() -> list[tuple[Game, dict]]:
    """A finished game's last view of seat 0 per game (an Outcome, every field filled) and a
    view in the middle, as JSON data."""
    out = []
    for name in GAMES:
        game = GAMES[name]
        state = game.new_state(game.max_seats, random.Random(11))
        rng = random.Random(11)
        middle = None
        while not state.is_over():
            random_step(state, rng)
            if middle is None and len(state.history) >= 8:
                middle = game.view_to_json(state.view(0))
        out += [(game, middle or {}), (game, game.view_to_json(state.view(0)))]
    return out


SAMPLES = sample_views()


def sample_events() -> list[dict]:
    out: dict[str, dict] = {}
    for name in GAMES:
        game = GAMES[name]
        state = game.new_state(game.max_seats, random.Random(12))
        rng = random.Random(12)
        while not state.is_over():
            random_step(state, rng)
        for event in [*state.events_for(None), *state.events_for(0)]:
            out.setdefault(event.KIND, event.to_dict())
    return list(out.values())


EVENTS = sample_events()


@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_malformed_views_are_rejected_in_one_line(index):
    game, good = SAMPLES[index]
    assert game.view_from_json(copy.deepcopy(good)) is not None
    for junk in (None, [], "view", 3, True):
        one_line_record_error(game.view_from_json, junk)
    bad = dict(good)
    del bad["ply"]
    assert "ply" in one_line_record_error(game.view_from_json, bad)
    assert "colour" in one_line_record_error(game.view_from_json, {**good, "colour": 1})
    for value in (True, "1", 1.5, None, [1], {"n": 1}, WIRE_MAX_INT + 1, -WIRE_MAX_INT - 1):
        assert "view.ply" in one_line_record_error(game.view_from_json, {**good, "ply": value})
    for value in (0, ["a"], None, {"x": []}):
        one_line_record_error(game.view_from_json, {**good, "to_act": value})
    one_line_record_error(game.view_from_json, {**good, "to_act": [0] * (WIRE_MAX_ITEMS + 1)})
    one_line_record_error(game.view_from_json, {**good, "legal_actions": ["x" * (WIRE_MAX_TEXT + 1)]})
    one_line_record_error(game.view_from_json, {**good, "legal_actions": [1]})
    deep: Any = "a"
    for _ in range(10_000):
        deep = [deep]
    one_line_record_error(game.view_from_json, {**good, "legal_actions": deep})
    if good.get("outcome"):
        outcome = good["outcome"]
        for bad_outcome in ({**outcome, "reason": "no-such-reason"}, {**outcome, "values": {}},
                            {k: v for k, v in outcome.items() if k != "values"}, {**outcome, "extra": 1},
                            {**outcome, "winners": [True]}, [], {**outcome, "values": {**outcome["values"], "x": 1}}):
            assert "view.outcome" in one_line_record_error(game.view_from_json, {**good, "outcome": bad_outcome})


@pytest.mark.parametrize("index", range(len(EVENTS)))
def test_malformed_events_are_rejected_in_one_line(index):
    good = EVENTS[index]
    assert event_from_json(copy.deepcopy(good)).KIND == good["kind"]
    for junk in (None, [], "event", 3, {}, {"kind": None}, {"kind": 3}, {"kind": "nope"}, {"kind": "kaito.nope"},
                 {"kind": "no-such-game.move"}, {"kind": "x" * 100_000}):
        one_line_record_error(event_from_json, junk)
    bad = dict(good)
    del bad["seat"]
    assert "seat" in one_line_record_error(event_from_json, bad)
    one_line_record_error(event_from_json, {**good, "extra": 1})
    one_line_record_error(event_from_json, {**good, 3: 1})
    for field in good:
        if field == "kind":
            continue
        for wrong in ({"deep": {}}, 1.5, [[[[]]]]):
            one_line_record_error(event_from_json, {**good, field: wrong})


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=12)


def _paths(data: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*path, i))
    return out


def _replaced(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    data = copy.copy(data)
    data[path[0]] = _replaced(data[path[0]], path[1:], value)
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 10**6), where=st.integers(0, 10**6), junk=JSON, events=st.booleans())
def test_any_corruption_of_good_data_gives_a_record_error_or_a_value(which, where, junk, events):
    """Any node of a good view or event replaced by arbitrary JSON: RecordError or a decoded
    value (never another exception)."""
    if events:
        good = EVENTS[which % len(EVENTS)]
        decode = event_from_json
    else:
        game, good = SAMPLES[which % len(SAMPLES)]
        decode = game.view_from_json
    paths = _paths(good)
    data = _replaced(good, paths[where % len(paths)], junk)
    try:
        decode(data)
    except RecordError as exc:
        assert "\n" not in str(exc)
