"""KAITO events (issue 9 §1, game/kaito/events.py) and the typed view (§2).

Scripted positions check each event kind, its fields and its sentence; a hypothesis playout checks
that the events alone rebuild the position (what a scene needs, with no rule re-enacted) and that
the log matches the state's tallies.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import Event, View
from game.kaito.events import (
    EVENT_TYPES,
    GameEnded,
    KaitoMoved,
    KaitoPlaced,
    LastTileAtStake,
    LastTileLeft,
    MonExchanged,
    TileCaptured,
)
from game.kaito.rules import (
    ALL_TILES,
    KAITO,
    KaitoState,
    KaitoView,
    format_board,
    line_squares,
)
from game.kaito.rules import square_index as sq
from game.kaito.telling import TEMPLATES
from game.telling import describe

NAMES = ["Ana", "Ben"]

# Two of every katana / kabuto, far from the lines the tests use (files d-f, ranks 1-3), so no
# colour is down to its last one by accident.
RESERVE = {"d1": "RK", "e1": "RK", "f1": "RH", "d2": "RH", "e2": "BK", "f2": "BK", "e3": "BH", "f3": "BH"}


def board_from(cells: dict[str, str]) -> list[str | None]:
    board: list[str | None] = [None] * 36
    for name, tile in cells.items():
        board[sq(name)] = tile
    return board


def position(cells, kaito, to_move=0, held=((), ()), removed=()) -> KaitoState:
    """A mid-game position, seat 0 Red, seat 1 Black."""
    return KaitoState.from_position(board_from(cells), sq(kaito), to_move, ("R", "B"), held, removed)


def applied(state: KaitoState, seat: int, action: str) -> list[Event]:
    """Apply ``action`` and return the events it emitted."""
    start = len(state.events)
    state.apply(seat, action)
    return state.events[start:]


# --- the view --------------------------------------------------------------------------------


def test_view_is_a_core_view_with_ply_counting_actions():
    s = KAITO.new_state(2, random.Random(4))
    assert isinstance(s.view(0), View) and isinstance(s.view(0), KaitoView)
    s.apply(1, s.legal_actions(1)[0])
    s.apply(0, s.legal_actions(0)[0])
    v = s.view(1)
    assert v.ply == 2 == len(s.history)
    assert v.to_act == (1,) and v.legal_actions == tuple(s.legal_actions(1)) and v.outcome is None
    assert v.last_action == s.history[-1] and v.phase == "move" and v.to_move == 1


# --- each kind, scripted ---------------------------------------------------------------------


def test_placement_event_names_the_blanks_the_square_and_the_colour_shown():
    cells = list(ALL_TILES)  # the two blanks end up on e6 and f6
    s = KAITO.state_from_setup({"board": format_board(cells), "colors": ["B", "R"]})
    events = applied(s, 1, "@f6")
    assert events == [KaitoPlaced(seat=1, ply=0, square=sq("f6"), blanks=(sq("e6"), sq("f6")), color="B")]
    assert describe(events[0], NAMES) == (
        "Ben removed the two blank tiles from e6 and f6 and placed the Kaito on f6, showing Black.")


def test_move_over_a_tile_and_a_gap_then_an_opponent_tile_is_held():
    s = position({**RESERVE, "b4": "BK", "d4": "B3"}, "a4", held=(("B1",), ()))
    events = applied(s, 0, "d4")
    assert events == [
        KaitoMoved(seat=0, ply=0, frm=sq("a4"), to=sq("d4"), distance=3, passed=("BK", None)),
        TileCaptured(seat=0, ply=0, square=sq("d4"), tile="B3", owner=1, held=True, slot=1, last=False),
    ]
    assert s.held[0][events[1].slot] == "B3"
    assert [describe(e, NAMES) for e in events] == [
        "Ana moved the Kaito 3 squares, from a4 to d4, passing over a Black katana and one empty square.",
        "Ana captured Ben's Black Mon 3 on d4 and now holds it.",
    ]


def test_adjacent_move_and_own_tile_leaves_the_game_with_its_tally_slot():
    s = position({**RESERVE, "c5": "R1", "a5": "B2"}, "b5", removed=("OO", "OO", "R2", "B1"))
    events = applied(s, 0, "c5")
    assert events == [
        KaitoMoved(seat=0, ply=0, frm=sq("b5"), to=sq("c5"), distance=1, passed=()),
        # one Red tile was already out of the game (R2): this one is the second
        TileCaptured(seat=0, ply=0, square=sq("c5"), tile="R1", owner=0, held=False, slot=1, last=False),
    ]
    assert s.removed[-1] == "R1" and s.held == [[], []]
    assert [describe(e, NAMES) for e in events] == [
        "Ana moved the Kaito one square, from b5 to c5.",
        "Ana captured their own Red Mon 1 on c5, which leaves the game.",
    ]


def test_move_over_empty_squares_only():
    s = position({**RESERVE, "a1": "B2"}, "a5", to_move=1)
    (moved, captured) = applied(s, 1, "a1")
    assert moved == KaitoMoved(seat=1, ply=0, frm=sq("a5"), to=sq("a1"), distance=4, passed=(None, None, None))
    assert describe(moved, NAMES) == "Ben moved the Kaito 4 squares, from a5 to a1, over empty squares only."
    assert captured.owner == 1 and not captured.held


@pytest.mark.parametrize("action, paid, slots, retrieved, from_slot, left", [
    ("c6+K:3,1", ("B3", "B1"), (1, 0), "RK", 1, ["B1"]),
    ("c6+H:3,1,1", ("B3", "B1", "B1"), (1, 0, 2), "RH", 0, []),
])
def test_exchange_names_the_paid_slots_the_retrieved_tile_and_its_square(action, paid, slots, retrieved,
                                                                         from_slot, left):
    s = position({**RESERVE, "c6": "B1", "c4": "B2"}, "a6", held=(("B1", "B3"), ("RH", "RK", "RK")))
    events = applied(s, 0, action)
    assert [e.kind for e in events] == ["kaito.move", "kaito.capture", "kaito.exchange"]
    assert events[1].slot == 2  # the captured B1 joined the row before the payment
    ex = events[2]
    assert ex == MonExchanged(seat=0, ply=0, paid=paid, paid_slots=slots, out_slot=0,
                              value=sum(int(c[1]) for c in paid),
                              retrieved=retrieved, from_slot=from_slot, square=sq("c6"))
    row_after_capture = ["B1", "B3", "B1"]
    assert tuple(row_after_capture[i] for i in ex.paid_slots) == ex.paid
    assert s.held[0] == left and s.board[sq("c6")] == retrieved
    assert s.removed[-len(paid):] == list(paid)


def test_exchange_sentence():
    s = position({**RESERVE, "c6": "B1", "c4": "B2"}, "a6", held=(("B1", "B3"), ("RH", "RK", "RK")))
    ex = applied(s, 0, "c6+K:3,1")[-1]
    assert describe(ex, NAMES) == ("Ana paid Mon worth 3 and 1 (4 points) to retrieve their Red katana "
                                  "from Ben, and it now lies on c6 under the Kaito.")


def test_warning_when_the_opponent_can_take_a_last_katana_and_not_again_while_it_stays_at_stake():
    cells = {"f1": "RH", "f2": "RH", "e2": "BK", "e3": "BK", "e1": "BH", "f3": "BH",
             "c1": "RK", "c4": "B2", "c2": "R3", "a2": "B3", "a1": "R1"}
    s = position(cells, "a4")
    events = applied(s, 0, "c4")
    warning = LastTileAtStake(seat=0, ply=0, tile="RK", square=sq("c1"), mover=1)
    assert events[-1] == warning and [e.kind for e in events].count("kaito.at_stake") == 1
    assert describe(warning, NAMES) == ("Warning: Ana's last Red katana on c1 lies in the Kaito's row or "
                                       "column, so Ben can capture it and win.")
    # c2 keeps c1 in the Kaito's column: still at stake, no new warning
    assert [e.kind for e in applied(s, 1, "c2")] == ["kaito.move", "kaito.capture"]
    # a2: c1 is out of the line; a1: back in the line (row 1) -> a new warning, Red to move
    assert [e.kind for e in applied(s, 0, "a2")] == ["kaito.move", "kaito.capture"]
    again = applied(s, 1, "a1")[-1]
    assert again == LastTileAtStake(seat=0, ply=3, tile="RK", square=sq("c1"), mover=0)
    assert describe(again, NAMES) == ("Warning: Ana's last Red katana on c1 lies in the Kaito's row or "
                                     "column, and Ana loses by capturing it.")


def test_warning_for_the_seat_to_move_own_last_kabuto_and_none_for_a_second_copy():
    # the reserve's kabuto e3 and f3 become Mon: f5 holds Black's last kabuto; a6 is a third katana
    cells = {**RESERVE, "e3": "B1", "f3": "B1", "f5": "BH", "a5": "B1", "a6": "BK"}
    s = position(cells, "a4")
    events = applied(s, 0, "a5")
    assert events[-1] == LastTileAtStake(seat=1, ply=0, tile="BH", square=sq("f5"), mover=1)
    assert [e.kind for e in events].count("kaito.at_stake") == 1  # a6 BK is in line but not last
    assert describe(events[-1], NAMES) == ("Warning: Ben's last Black kabuto on f5 lies in the Kaito's row "
                                          "or column, and Ben loses by capturing it.")


def test_down_to_the_last_kabuto_is_told_once_and_not_for_a_second_copy():
    # Black has kabuto on a2 and f5 (the reserve's e3/f3 turned to Mon): Red (on a4) takes a2
    cells = {**RESERVE, "e3": "B1", "f3": "B1", "a2": "BH", "f5": "BH", "a3": "B2"}
    s = position(cells, "a4")
    events = applied(s, 0, "a2")
    left = [e for e in events if isinstance(e, LastTileLeft)]
    assert left == [LastTileLeft(seat=1, ply=0, tile="BH", square=sq("f5"))]
    assert [e.kind for e in events][:3] == ["kaito.move", "kaito.capture", "kaito.last_tile"]
    assert describe(left[0], NAMES) == ("Ben is down to their last Black kabuto on the board, on f5: if it "
                                       "leaves the board, Ben loses.")
    # Black moves; nothing new drops to one: no new LastTileLeft
    assert not [e for e in applied(s, 1, s.legal_actions(1)[0]) if isinstance(e, LastTileLeft)]


def test_capturing_the_opponents_last_katana_ends_the_game_with_no_warning():
    cells = {**RESERVE, "e2": "B1", "f2": "B1", "a6": "BK"}
    s = position(cells, "a4", held=(("B3",), ()))
    events = applied(s, 0, "a6")
    assert [e.kind for e in events] == ["kaito.move", "kaito.capture", "kaito.end"]
    assert events[1].last is True
    end = events[-1]
    assert end == GameEnded(winners=(0,), loser=1, reason="no-katana", color="B", captured_by=0, scores=(2, 0))
    assert s.outcome().text() == "Black has no katana left on the board (Red's capture)."
    assert end.seat is None and s.outcome().reason == end.reason and s.outcome().winners == end.winners
    assert describe(end, NAMES) == ("Ana won by capturing Ben's last katana: Black has no katana left on "
                                   "the board.")


def test_capturing_your_own_last_kabuto_loses():
    cells = {**RESERVE, "f1": "R1", "d2": "R1", "b4": "RH"}
    s = position(cells, "a4")
    end = applied(s, 0, "b4")[-1]
    assert (end.reason, end.winners, end.loser, end.captured_by, end.color) == ("no-kabuto", (1,), 0, 0, "R")
    assert describe(end, NAMES) == ("Ben won: Ana captured their own last kabuto, so Red has no kabuto left "
                                   "on the board.")


def test_no_move_end_after_the_action_and_at_once_in_a_built_position():
    s = position({**RESERVE, "b4": "B2"}, "a4")  # from b4 nothing is in row 4 or column b
    events = applied(s, 0, "b4")
    end = events[-1]
    assert [e.kind for e in events] == ["kaito.move", "kaito.capture", "kaito.end"]
    assert (end.reason, end.winners, end.loser, end.captured_by) == ("no-move", (0,), 1, None)
    assert describe(end, NAMES) == "Ana won: Ben cannot move, as no tile lies in the Kaito's row or column."
    stuck = position(RESERVE, "a4")
    assert [e.kind for e in stuck.events] == ["kaito.end"] and stuck.events[0].loser == 0


# --- the log ---------------------------------------------------------------------------------


def _random_game(seed: int, plies: int | None = None) -> KaitoState:
    rng = random.Random(seed)
    s = KAITO.new_state(2, random.Random(seed))
    while not s.is_over() and (plies is None or len(s.history) < plies):
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def test_every_kind_is_public_and_reversible():
    for cls in EVENT_TYPES:
        assert cls.KIND.startswith("kaito.") and not cls.SECRET and not cls.PRIVATE
        assert not cls.IRREVERSIBLE
    assert len({cls.KIND for cls in EVENT_TYPES}) == len(EVENT_TYPES)


@pytest.mark.parametrize("seed", range(6))
def test_perfect_information_every_seat_sees_the_whole_log(seed):
    s = _random_game(seed)
    assert s.events_for(0) == s.events_for(1) == s.events_for(None) == s.events
    assert s.events_for(0, since=5) == s.events[5:]


def test_since_gives_the_tail_and_a_clone_has_its_own_log():
    s = _random_game(3, plies=6)
    k = len(s.events)
    twin = s.clone()
    assert twin.events == s.events and twin.events is not s.events
    twin.apply(twin.to_act()[0], twin.legal_actions(twin.to_act()[0])[0])
    assert len(s.events) == k and len(twin.events) > k
    assert twin.events_for(0, since=k) == twin.events[k:] and twin.events_for(None, since=k)
    assert twin.events_for(1, since=len(twin.events)) == []


def test_events_serialise_to_json_with_their_kind():
    s = _random_game(8)
    for e in s.events:
        d = json.loads(json.dumps(e.to_dict()))
        assert d["kind"] == e.kind and d["seat"] == e.seat


def test_every_kind_is_reached_with_its_placeholders_filled():
    seen: set[str] = set()
    texts = []
    for seed in range(120):
        s = _random_game(seed)
        for e in s.events:
            texts.append(describe(e, NAMES))
            seen.add(e.kind)
    assert seen == {cls.KIND for cls in EVENT_TYPES}
    assert all("{" not in t and "}" not in t for t in texts)
    assert all(t(n).endswith(".") for t in TEMPLATES.values() for n in (1, 2))  # templates: called at use


# --- a playout: events rebuild the position --------------------------------------------------


def rebuild(initial: list[str | None], events: list[Event]) -> tuple[list, list[list[str]], list[str], int | None]:
    """The board, held rows, removed tiles and Kaito square told by the events alone (as a scene
    would show them), asserting every slot index points where the event says."""
    board = list(initial)
    held: list[list[str]] = [[], []]
    removed: list[str] = []
    kaito = None
    for e in events:
        if isinstance(e, KaitoPlaced):
            assert [board[b] for b in e.blanks] == ["OO", "OO"] and e.square in e.blanks
            for b in e.blanks:
                board[b] = None
                removed.append("OO")
            kaito = e.square
        elif isinstance(e, KaitoMoved):
            assert kaito is not None and e.frm == kaito and e.to in line_squares(kaito)
            kaito = e.to
        elif isinstance(e, TileCaptured):
            assert e.square == kaito and board[e.square] == e.tile
            board[e.square] = None
            if e.held:
                assert e.slot == len(held[e.seat]) and e.owner != e.seat
                held[e.seat].append(e.tile)
            else:
                assert e.slot == sum(1 for t in removed if t[0] == e.tile[0]) and e.owner == e.seat
                removed.append(e.tile)
        elif isinstance(e, MonExchanged):
            assert tuple(held[e.seat][i] for i in e.paid_slots) == e.paid
            held[e.seat] = [t for i, t in enumerate(held[e.seat]) if i not in e.paid_slots]
            assert e.out_slot == sum(1 for t in removed if t[0] == e.paid[0][0])
            removed.extend(e.paid)
            assert held[1 - e.seat].pop(e.from_slot) == e.retrieved
            assert e.square == kaito and board[kaito] is None
            board[kaito] = e.retrieved
        elif isinstance(e, LastTileAtStake):
            assert kaito is not None and board.count(e.tile) == 1 and board[e.square] == e.tile
            assert e.square in line_squares(kaito)
    return board, held, removed, kaito


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.randoms(use_true_random=False))
def test_playout_events_match_the_state(seed, choices):
    s = KAITO.new_state(2, random.Random(seed))
    initial = list(s.board)
    stake_before: set = set()
    counts_before = {c + k: s.board.count(c + k) for c in s.colors for k in "KH"}
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        with_exchange = [a for a in legal if "+" in a]
        action = choices.choice(with_exchange if with_exchange and choices.random() < 0.5 else legal)
        ply = len(s.history)
        events = applied(s, seat, action)
        assert events and all(getattr(e, "ply", ply) == ply for e in events)
        assert events[0].kind == ("kaito.place" if action.startswith("@") else "kaito.move")
        assert (events[-1].kind == "kaito.end") == s.is_over()
        # the warnings are exactly the last katana / kabuto newly in the Kaito's line
        stake_now = set()
        if not s.is_over():
            for owner, color in enumerate(s.colors):
                for kind in "KH":
                    tile = color + kind
                    if s.board.count(tile) == 1 and s.board.index(tile) in line_squares(s.kaito):
                        stake_now.add((owner, tile, s.board.index(tile)))
        counts_now = {c + k: s.board.count(c + k) for c in s.colors for k in "KH"}
        dropped = {(s.colors.index(t[0]), t, s.board.index(t)) for t, n in counts_now.items()
                   if n == 1 and counts_before[t] > 1} if not s.is_over() else set()
        assert {(e.seat, e.tile, e.square) for e in events if isinstance(e, LastTileLeft)} == dropped
        counts_before = counts_now
        warned = {(e.seat, e.tile, e.square) for e in events if isinstance(e, LastTileAtStake)}
        assert warned == stake_now - stake_before
        assert all(e.mover == s.to_move for e in events if isinstance(e, LastTileAtStake))
        stake_before = stake_now
        board, held, removed, kaito = rebuild(initial, s.events)
        assert (board, held, removed, kaito) == (s.board, s.held, s.removed, s.kaito)

    log = s.events
    kinds = Counter(e.kind for e in log)
    assert kinds["kaito.place"] == 1 and kinds["kaito.end"] == 1 and log[-1].kind == "kaito.end"
    assert kinds["kaito.move"] == kinds["kaito.capture"] == len(s.history) - 1
    for seat in (0, 1):
        gained = sum(1 for e in log if isinstance(e, TileCaptured) and e.seat == seat and e.held)
        paid = sum(len(e.paid) for e in log if isinstance(e, MonExchanged) and e.seat == seat)
        lost = sum(1 for e in log if isinstance(e, MonExchanged) and e.seat == 1 - seat)
        assert len(s.held[seat]) == gained - paid - lost == s.scores()[seat]
    end = log[-1]
    out = s.outcome()
    assert (end.winners, end.reason, end.scores) == (out.winners, out.reason, out.scores)
    for e in log:
        text = describe(e, NAMES)
        assert text and text[0].isupper() and text.endswith(".") and "None" not in text
