"""game.match.Match: set-up and seeding, views, apply, the one AI drive loop (worker and
in-process), forced moves, the hot-seat privacy rule, checkpoints and undo (issue 9 §3)."""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import RandomBot
from game.core import (
    Event,
    Game,
    GameState,
    GameType,
    IllegalActionError,
    Outcome,
    View,
)
from game.kaito.rules import KAITO
from game.kanji.rules import KANJI
from game.match import Checkpoint, Match
from game.sushi.rules import KEEP, SUSHI
from game.worker import AIWorker, BotHandle


@pytest.fixture(autouse=True)
def _thread_mode(monkeypatch):
    """A Match built without an explicit worker makes a default AIWorker: keep it in threads."""
    monkeypatch.setenv("TATAMI_AI_MODE", "thread")


def thread_worker() -> AIWorker:
    return AIWorker(min_think_ms=0, mode="thread")


def drive_until(match: Match, done, timeout: float = 30.0) -> None:
    """Call ``match.drive()`` (as a scene does each frame) until ``done()``; a deadline, not a
    speed check."""
    t0 = time.monotonic()
    while not done():
        if time.monotonic() - t0 > timeout:
            raise AssertionError(f"the drive loop did not get there (ply {match.ply})")
        if match.drive() is None:
            time.sleep(0.0005)


def snapshot(state: GameState) -> tuple:
    """Everything an undo must restore: record, history, event log, every seat's view."""
    return (state.record(), list(state.history), list(state.events),
            [state.view(s) for s in range(state.num_seats)])


# -- set-up and seeding ------------------------------------------------------------------------
def test_a_new_match_deals_and_seeds_like_the_app():
    m = Match(KAITO, ["Human", "easy"], 5, options={"colors": ("B", "R")})
    assert m.seats == ["human", "easy"] and m.humans == [0] and m.names == ["Seat 1", "Seat 2"]
    assert m.record() == KAITO.new_state(2, random.Random(5), colors=("B", "R")).record()
    bot = m.bots[1]
    assert isinstance(bot, BotHandle) and set(m.bots) == {1}
    assert bot.recipe == ("kaito", "easy", random.Random(5 * 31 + 1 + 1).getstate(), "game.kaito")
    assert m.worker is not None and m.worker.rng.getstate() == random.Random(5 + 7).getstate()


def test_synchronous_bots_are_plain_game_ai_bots_with_the_same_seeds():
    m = Match(SUSHI, ["medium", "human", "easy"], 9, synchronous=True)
    assert m.worker is None and set(m.bots) == {0, 2}
    assert not isinstance(m.bots[0], BotHandle)
    assert m.bots[2].rng.getstate() == random.Random(9 * 31 + 2 + 1).getstate()
    with pytest.raises(RuntimeError):
        m.drive()


def test_an_unknown_level_plays_random_actions_and_says_so(caplog):
    with caplog.at_level(logging.WARNING, logger="tatami.play"):
        m = Match(KAITO, ["human", "grandmaster"], 3, synchronous=True)
    assert isinstance(m.bots[1], RandomBot)
    assert m.bots[1].rng.getstate() == random.Random(3 * 31 + 2).getstate()
    assert "plays random actions" in caplog.text and caplog.text.count("\n") == 1


def test_a_continued_state_and_bad_arguments():
    state = KANJI.new_state(3, random.Random(2))
    state.apply(0, "pass")
    m = Match(KANJI, ["easy", "human", "easy"], state=state, names=["A", "B", "C"], worker=thread_worker())
    assert m.state is state and m.ply == 1 and isinstance(m.seed, int) and m.names == ["A", "B", "C"]
    with pytest.raises(ValueError):
        Match(KANJI, ["human"] * 2, state=state, synchronous=True)
    with pytest.raises(ValueError):
        Match(KAITO, ["human"] * 3, synchronous=True)
    with pytest.raises(ValueError):
        Match(KAITO, ["human"] * 2, names=["only one"], synchronous=True)


# -- views, apply, events ----------------------------------------------------------------------
def test_views_are_cached_until_the_position_changes():
    m = Match(KAITO, ["human", "human"], 1, synchronous=True)
    v = m.view(1)
    assert m.view(1) is v and isinstance(v, View) and m.to_act() == (1,)
    m.apply(1, v.legal_actions[0])
    assert m.view(1) is not v and m.view(1).ply == 1


def test_apply_returns_the_new_slice_of_the_log_and_rejects_illegal_actions():
    m = Match(KANJI, ["human", "human"], 4, synchronous=True)
    before = m.event_count
    action = m.legal_actions(0)[-1]
    events = m.apply(0, action)
    assert events == m.state.events[before:] and events and m.event_count == before + len(events)
    assert m.events_for(None, before) == events
    count, history = m.event_count, list(m.state.history)
    with pytest.raises(IllegalActionError):
        m.apply(0, action)  # not seat 0's turn any more
    assert m.event_count == count and m.state.history == history


# -- the AI drive loop ---------------------------------------------------------------------------
@pytest.mark.parametrize("game,seats", [
    (KAITO, ["medium", "easy"]),
    (SUSHI, ["easy", "medium", "random"]),
    (KANJI, ["medium", "easy", "random"]),
])
def test_the_worker_loop_plays_the_same_game_as_in_process_bots(game, seats):
    """drive() (a request, then the answer applied when ready, as a scene's frames do) and
    run_bots_until_human() (in-process) give the same game for the same seed."""
    sync = Match(game, seats, 21, synchronous=True)
    sync.run_bots_until_human()
    assert sync.is_over()
    live = Match(game, seats, 21, worker=thread_worker())
    moves = []
    t0 = time.monotonic()
    while not live.is_over():
        assert time.monotonic() - t0 < 60, "the drive loop stalled"
        move = live.drive()
        if move is not None:
            assert move.events == tuple(live.state.events[move.first_event:move.first_event + len(move.events)])
            moves.append(move)
    assert live.state.history == sync.state.history == [(mv.seat, mv.action) for mv in moves]
    assert live.record() == sync.record() and not live.thinking


class _Recording:
    """A bot that remembers the views it was given."""

    def __init__(self, bot):
        self.bot, self.views = bot, []

    def choose(self, view):
        self.views.append(view)
        return self.bot.choose(view)


@pytest.mark.parametrize("synchronous", [True, False])
def test_simultaneous_bots_choose_from_the_views_of_the_phase_start(synchronous):
    """A human's choice applied first does not show in the bots' views of the same phase."""
    bots = {s: _Recording(RandomBot(random.Random(s), "sushi-draft")) for s in (1, 2)}
    kwargs = {"synchronous": True} if synchronous else {"worker": thread_worker()}
    m = Match(SUSHI, ["human", "random", "random"], 8, bots=bots, **kwargs)
    start = m.view(1)
    m.apply(0, m.legal_actions(0)[0])
    if synchronous:
        assert len(m.step_bots()) == 2
    else:
        drive_until(m, lambda: m.view(0).phase_index == 1)
    assert bots[1].views == [start] and bots[2].views[0].ply == 0 == start.ply
    assert m.view(0).phase_index == 1


def test_run_bots_until_human_stops_for_a_person():
    m = Match(KAITO, ["easy", "human"], 2, synchronous=True)
    assert m.run_bots_until_human() == []  # seat 1 (human) places the Kaito first
    m.apply(1, m.legal_actions(1)[0])
    moves = m.run_bots_until_human()
    assert [mv.seat for mv in moves] == [0] and m.to_act() == (1,)


def test_run_bots_until_human_has_a_safety_net():
    m = Match(KAITO, ["easy", "easy"], 2, synchronous=True)
    with pytest.raises(RuntimeError, match="did not stop"):
        m.run_bots_until_human(max_steps=3)
    assert m.ply == 3


class _StubbornWorker:
    """Answers every request with an action the state rejects."""

    thinking = False

    def request(self, bot, view):
        self.thinking = True

    def poll(self):
        self.thinking = False
        return "not-an-action"

    def cancel(self):
        self.thinking = False


def test_a_rejected_ai_answer_is_replaced_by_a_seeded_random_legal_action(caplog):
    m = Match(KANJI, ["easy", "human"], 6, worker=_StubbornWorker())
    assert m.drive() is None and m.thinking and m.thinking_for == 0
    legal = m.state.legal_actions(0)
    with caplog.at_level(logging.ERROR, logger="tatami.play"):
        move = m.drive()
    assert move is not None and move.seat == 0
    assert move.action == random.Random(6 + 0).choice(legal)
    assert "rejected" in caplog.text


def test_a_bot_seat_no_longer_to_act_is_forgotten():
    """Its request is cancelled when someone else applied for it (a forced move)."""
    m = Match(SUSHI, ["human", "random"], 3, worker=thread_worker())
    m.worker.min_think_ms = 60_000  # the answer is never shown
    m.drive()
    assert m.thinking_for == 1
    m.apply(1, m.legal_actions(1)[0])
    assert m.thinking_for is None and not m.worker.thinking


# -- forced moves and privacy -----------------------------------------------------------------
def test_forced_action_is_the_only_legal_action():
    m = Match(SUSHI, ["human", "random", "random"], 5, synchronous=True)
    assert m.forced_action(0) is None  # six cards to choose from
    while not (m.view(0).phase == KEEP and len(m.legal_actions(0)) == 1):
        m.apply(0, m.legal_actions(0)[0])
        m.run_bots_until_human()
    assert m.forced_action(0) == m.legal_actions(0)[0]
    k = Match(KAITO, ["human", "human"], 1, synchronous=True)
    assert k.forced_action(0) is None  # not to act


def test_privacy_is_due_only_between_humans_of_a_hidden_information_game():
    kaito = Match(KAITO, ["human", "human"], 1, synchronous=True)
    assert not kaito.hot_seat and kaito.privacy_due(None) is None
    solo = Match(KANJI, ["human", "easy"], 1, synchronous=True)
    assert not solo.hot_seat and solo.privacy_due(None) is None
    m = Match(KANJI, ["human", "human", "easy"], 1, synchronous=True)
    assert m.hot_seat and m.privacy_due(None) == 0 and m.privacy_due(0) is None
    m.apply(0, "pass")
    assert m.privacy_due(0) == 1 and m.privacy_due(1) is None
    m.apply(1, "pass")
    assert m.privacy_due(1) is None  # an AI's turn


def test_privacy_in_a_simultaneous_phase_goes_round_from_the_bottom_seat():
    m = Match(SUSHI, ["human", "easy", "human", "human"], 1, synchronous=True)
    assert m.privacy_due(None, bottom=2) == 2 and m.privacy_due(None) == 0
    assert m.privacy_due(3) is None  # the seat shown must still choose: nothing to hand over
    m.apply(3, m.legal_actions(3)[0])
    assert m.privacy_due(3) == 0  # from seat 3 on: 0 before 2
    m.apply(0, m.legal_actions(0)[0])
    assert m.privacy_due(0) == 2


# -- checkpoints and undo -----------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class _Did(Event):
    KIND: ClassVar[str] = "script.did"
    action: str

    def describe(self, names):
        return f"{names[self.seat]} did {self.action}."


@dataclass(frozen=True, kw_only=True)
class _Revealed(_Did):
    KIND: ClassVar[str] = "script.revealed"
    IRREVERSIBLE: ClassVar[bool] = True


@dataclass(frozen=True, kw_only=True)
class _ScriptView(View):
    count: int


class _ScriptState(GameState):
    """Seats take turns in order; "a" is an ordinary action, "r" reveals something (an
    IRREVERSIBLE event); the game ends after ``length`` actions."""

    def __init__(self, game, num_seats, length):
        self.game, self.num_seats, self.length = game, num_seats, length
        self.history, self.events = [], []

    def to_act(self):
        return () if len(self.history) >= self.length else (len(self.history) % self.num_seats,)

    def legal_actions(self, seat):
        return ["a", "r"] if seat in self.to_act() else []

    def apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalActionError(f"{action!r} is not legal for seat {seat} now")
        self.history.append((seat, action))
        self.emit((_Revealed if action == "r" else _Did)(seat=seat, action=action))

    def outcome(self):
        if len(self.history) < self.length:
            return None
        return Outcome((0,), "done", self.scores())

    def scores(self):
        return tuple(sum(1 for s, _ in self.history if s == seat) for seat in range(self.num_seats))

    def view(self, seat):
        return _ScriptView(seat=seat, to_act=self.to_act(), legal_actions=tuple(self.legal_actions(seat)),
                           outcome=self.outcome(), ply=len(self.history), count=len(self.events))

    def clone(self):
        other = _ScriptState(self.game, self.num_seats, self.length)
        other.history, other.events = list(self.history), list(self.events)
        return other

    def setup(self):
        return {"players": self.num_seats, "length": self.length}

    def record_actions(self):
        return [a for _, a in self.history]


class _ScriptGame(Game):
    game_type = GameType(name="script", title="Script", min_seats=2, max_seats=4, simultaneous=False,
                         hidden_information=False)

    def new_state(self, num_seats, rng, length=12, **options):
        return _ScriptState(self, num_seats, length)

    def state_from_setup(self, setup):
        return _ScriptState(self, setup["players"], setup["length"])

    def replay_steps(self, record_actions, setup=None):
        return [[(i % setup["players"], a)] for i, a in enumerate(record_actions)]


SCRIPT = _ScriptGame()


def test_a_checkpoint_before_each_human_action_and_undo_restores_it_exactly():
    m = Match(SCRIPT, ["human", "random", "human"], 1, synchronous=True, bots={1: _Fixed("a")})
    start = snapshot(m.state)
    assert [cp.ply for cp in m.checkpoints] == [0]
    m.apply(0, "a")
    m.run_bots_until_human()
    assert [cp.ply for cp in m.checkpoints] == [0, 2] and m.to_act() == (2,)
    points = m.undo_points(0)
    assert [cp.ply for cp in points] == [0] and m.undo_points(2) == []  # seat 2 has not acted
    m.undo_to(points[0])
    assert snapshot(m.state) == start and [cp.ply for cp in m.checkpoints] == [0]
    assert m.state is not points[0].state  # the checkpoint stays intact for a later undo
    m.apply(0, "r")
    assert m.checkpoints == [] and m.undo_points(0) == []  # never back past a reveal


def test_undo_never_goes_back_past_another_humans_action():
    m = Match(SCRIPT, ["human", "human"], 1, synchronous=True)
    m.apply(0, "a")
    m.apply(1, "a")
    assert m.undo_points(0) == [] and [cp.ply for cp in m.undo_points(1)] == [1]
    with pytest.raises(ValueError):
        m.undo_to(Checkpoint(0, 0, (0,), m.state.clone()))


class _Fixed:
    def __init__(self, action):
        self.action = action

    def choose(self, view):
        return self.action


@settings(max_examples=60, deadline=None)
@given(script=st.lists(st.sampled_from("ar"), min_size=1, max_size=12), seats=st.integers(2, 4),
       humans=st.sets(st.integers(0, 3), min_size=1), pick=st.integers(0, 99))
def test_undo_points_respect_the_rules_and_undo_restores_that_moment(script, seats, humans, pick):
    kinds = ["human" if s in humans else "random" for s in range(seats)]
    m = Match(SCRIPT, kinds, 1, synchronous=True, options={"length": len(script)},
              bots={s: _Fixed("a") for s in range(seats)})
    seen = {m.ply: snapshot(m.state)}
    for action in script:
        if m.is_over():
            break
        seat = m.to_act()[0]
        if kinds[seat] == "human":
            m.apply(seat, action)
        else:
            m.step_bots()
        seen[m.ply] = snapshot(m.state)
    history, events = list(m.state.history), list(m.state.events)
    for seat in range(seats):
        for cp in m.undo_points(seat):
            since = history[cp.ply:]
            assert seat in cp.to_act and kinds[seat] == "human" and any(s == seat for s, _ in since)
            assert not any(kinds[s] == "human" and s != seat for s, _ in since)
            assert not any(e.IRREVERSIBLE for e in events[cp.event_count:])
    points = [cp for seat in range(seats) for cp in m.undo_points(seat)]
    if points:
        cp = points[pick % len(points)]
        m.undo_to(cp)
        assert snapshot(m.state) == seen[cp.ply]
        assert m.state.history == history[:cp.ply] and m.state.events == events[:cp.event_count]


@pytest.mark.parametrize("game,seats,act", [
    (SUSHI, ["human", "easy", "easy"], lambda m: m.legal_actions(0)[0]),  # a hidden choice
    (KANJI, ["human", "easy"], lambda m: "pass"),
])
def test_real_games_undo_an_action_that_revealed_nothing(game, seats, act):
    m = Match(game, seats, 12, synchronous=True)
    before = snapshot(m.state)
    m.apply(0, act(m))
    (cp,) = m.undo_points(0)
    m.undo_to(cp)
    assert snapshot(m.state) == before


# -- previews ---------------------------------------------------------------------------------------

def test_preview_tells_the_events_an_action_would_cause_and_applies_nothing():
    m = Match(KAITO, ["human", "human"], seed=3, synchronous=True)
    seat = m.to_act()[0]
    m.apply(seat, m.legal_actions(seat)[0])  # the Kaito is placed
    seat = m.to_act()[0]
    before = (m.ply, m.event_count, m.state.record())
    for action in m.legal_actions(seat):
        told = m.preview(seat, action)
        assert (m.ply, m.event_count, m.state.record()) == before  # nothing applied
        twin = Match(KAITO, ["human", "human"], seed=3, synchronous=True, state=m.state.clone())
        assert told == twin.apply(seat, action)  # exactly what applying it tells


def test_preview_is_refused_where_information_is_hidden_and_for_illegal_actions():
    m = Match(SUSHI, ["human"] * 3, seed=1, synchronous=True)
    with pytest.raises(ValueError, match="hides information"):
        m.preview(0, m.legal_actions(0)[0])
    k = Match(KAITO, ["human", "human"], seed=3, synchronous=True)
    seat = 1 - k.to_act()[0]
    with pytest.raises(IllegalActionError):
        k.preview(seat, "a1")
