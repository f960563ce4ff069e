"""Kanji-zushi's events (game/kanji/events.py, issue 9 §1): which events each action emits, with
which fields and sentences, what each seat may see of them, and that they tell a seat everything
it needs to follow the game (the view can be rebuilt from the first view plus the events).

Positions are scripted from explicit setups (as in tests/test_kanji_rules.py): the table's 6
cards, the next cards of the shari pile, and each seat's neta deck (hand = its first 5 cards,
then its draws)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_kanji_rules import DEAD_FOR_MOST, PLAIN, make_setup, make_state

from game.core import Event
from game.kanji.data import form, is_valid
from game.kanji.events import (
    EVENT_TYPES,
    NO_CHARACTER,
    NOBODY,
    NOT_IN_KEY,
    NOT_JOYO,
    SHARED,
    SHARED_AFTER_TIE_BREAK,
    TIE_BREAK,
    WIN,
    GameEnded,
    KanjiFormed,
    KanjiWrong,
    NetaDrawn,
    Passed,
    SeatFinished,
    SlotLeftEmpty,
    SlotRefilled,
)
from game.kanji.rules import KANJI, PASS, Completed, KanjiState
from game.kanji.telling import TEMPLATES
from game.telling import describe

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def says(events, names=NAMES) -> list[str]:
    return [describe(e, names) for e in events]


def choose(s: KanjiState, rng: random.Random, greed: float) -> str:
    """A random legal action; with probability ``greed`` a valid attempt when there is one."""
    legal = s.legal_actions(s.to_move)
    if rng.random() < greed:
        good = [a for a in legal if a != PASS and is_valid(*a.split("+"), s.answer_key)]
        if good:
            return rng.choice(good)
    return rng.choice(legal)


# --- each kind where it should be, with its fields and sentence ---------------------------------


def test_a_valid_attempt_tells_the_kanji_the_refill_and_the_draw():
    table = ["曳", "会", "木", "氏", "泉", "田"]
    s = make_state(table, pile=["寺", "口"], decks=("亻氵彳土扌", "言日禾糸木"))
    s.apply(0, "亻+木")
    f = form("亻", "木")
    assert s.events == [
        KanjiFormed(seat=0, ply=0, neta="亻", shari="木", slot=2, char="休", strokes=6,
                    meanings=f.meanings, on=f.on, kun=f.kun, grade=1, count=1, score=6),
        SlotRefilled(slot=2, card="寺", shari_left=39),
        NetaDrawn(seat=0, card="木", neta_left=4),
    ]
    assert s.events[0].meanings[0] == "rest" and s.events[1].seat is None
    assert says(s.events_for(0)) == [
        "Ana put 亻 beside 木 and completed 休 “rest” (read キュウ / やす.む; 6 strokes).",
        "A new shari card, 寺, was turned face up into the emptied slot (39 left in the deck).",
        "Ana drew 木.",
    ]
    # the other seat sees the same, except the card drawn
    others = s.events_for(1)
    assert others[:2] == s.events[:2] and others[2] == NetaDrawn(seat=0, card=None, neta_left=4)
    assert says(others)[2] == "Ana drew a neta card."
    assert says(s.events_for(0), ["You", "Ben"])[2] == "You drew 木."


def test_a_japanese_gloss_that_only_repeats_a_reading_is_left_out():
    """Issue 33, item 14: in Japanese a kanji's gloss is a reading (絵: カイ, its only one), and the
    sentence said 絵「カイ」…（読み：カイ）. The meaning is left out where it repeats a reading shown,
    and kept in the other languages."""
    from game import i18n

    f = form("糸", "会")
    event = KanjiFormed(seat=0, ply=0, neta="糸", shari="会", slot=0, char="絵", strokes=12, meanings=f.meanings,
                        on=f.on, kun=f.kun, grade=2, count=1, score=12)
    previous = i18n.language()
    i18n.set_language("ja")
    try:
        told = says([event])[0]
        assert "「" not in told and told.count("カイ") == 1 and "（読み：カイ、12画）" in told, told
    finally:
        i18n.set_language(previous)
    assert says([event])[0] == f"Ana put 糸 beside 会 and completed 絵 “{f.meanings[0]}” (read カイ; 12 strokes)."


@pytest.mark.parametrize("action, key, reason, char, sentence", [
    ("亻+口", "joyo", NO_CHARACTER, None,
     "Ana put 亻 beside 口, but the pair forms no character, so both cards went back."),
    ("日+昜", "joyo", NOT_JOYO, "暘",
     "Ana put 日 beside 昜 and formed 暘, which is not a regular-use kanji, so both cards went back."),
    ("亻+寸", "rulebook", NOT_IN_KEY, "付",
     ("Ana put 亻 beside 寸 and formed 付, a regular-use kanji but not one of the rulebook's valid "
      "kanji, so both cards went back.")),
])
def test_a_wrong_attempt_tells_why_and_nothing_else(action, key, reason, char, sentence):
    table = ["口", "昜", "寸", "木", "会", "氏"]
    s = make_state(table, decks=("亻日扌土彳", "氵彳土扌木"), key=key)
    s.apply(0, action)
    neta, shari = action.split("+")
    entry = s.attempts[-1]
    (event,) = s.events
    assert event == KanjiWrong(seat=0, ply=0, neta=neta, shari=shari, slot=table.index(shari), char=char,
                               strokes=form(neta, shari).strokes if char else None, reason=reason,
                               why=entry.why)
    assert s.events_for(1) == [event]  # public: the cards were put face up
    assert describe(event, NAMES) == sentence


def test_a_pass_and_the_ply_of_each_attempt():
    s = make_state(["口", "昜", "寸", "木", "会", "氏"], decks=("亻日扌土彳", "氵彳土扌木"))
    s.apply(0, "pass")
    s.apply(1, "氵+口")
    s.apply(0, "pass")
    assert s.events[0] == Passed(seat=0, ply=0) and describe(s.events[0], NAMES) == "Ana passed."
    assert [(e.kind, e.seat, e.ply) for e in s.events] == [
        ("kanji.pass", 0, 0), ("kanji.wrong", 1, 1), ("kanji.pass", 0, 2)]
    assert describe(Passed(seat=0, ply=0), ["You", "Ben"]) == "You passed."


def test_an_exhausted_shari_deck_leaves_the_slot_empty():
    s = make_state(["木", "寺", "曳", "会", "氏", "泉"], decks=("亻彳日土扌", "亻彳日土扌"))
    s.shari_pile = []  # no legal record empties the pile (tests only)
    s.apply(0, "亻+木")
    assert kinds(s.events) == ["kanji.formed", "kanji.slot_empty", "kanji.draw"]
    assert s.events[1] == SlotLeftEmpty(slot=0)
    assert describe(s.events[1], NAMES) == "The shari deck is empty, so the emptied slot stays empty."


def test_the_fifth_kanji_finishes_the_seat():
    s = make_state(["木", "寺", "十", "丁", "匕", "也"], pile=["反", "口", "少", "青", "目", "田"],
                   decks=("亻氵言土扌", "亻氵言土扌"))
    s.completed[0] = [Completed("休", 6, "亻", "木", -1)] * 4  # four kanji already (set by hand)
    s.apply(0, "氵+十")
    assert kinds(s.events) == ["kanji.formed", "kanji.refill", "kanji.draw", "kanji.finished"]
    assert s.events[0].count == 5 and s.events[0].score == 29
    assert s.events[3] == SeatFinished(seat=0, kanji=("休", "休", "休", "休", "汁"), score=29)
    assert describe(s.events[3], NAMES) == ("Ana completed a fifth kanji (休 休 休 休 汁: 29 strokes) "
                                           "and will take no more turns.")
    assert s.to_move == 1


# --- the end --------------------------------------------------------------------------------------


def test_a_dead_table_at_setup_is_the_only_event():
    s = make_state(DEAD_FOR_MOST, decks=(PLAIN, PLAIN, PLAIN))
    assert s.events == [GameEnded(reason="dead-table", result=NOBODY, winners=(0, 1, 2), scores=(0, 0, 0),
                                  tie_break=s.tie_break)]
    assert all(s.events_for(x) == s.events for x in (None, 0, 1, 2))
    assert describe(s.events[0], NAMES) == ("No seat can complete a kanji, so the game ended with no kanji "
                                           "made and Ana, Ben and Cy shared the win.")


def test_a_dead_table_mid_game_ends_after_the_turns_events():
    s = make_state(["曳", "会", "氏", "泉", "田", "木"], pile=["且"], decks=("亻氵彳土扌日", "氵彳土扌日"))
    s.apply(0, "亻+木")
    assert kinds(s.events) == ["kanji.formed", "kanji.refill", "kanji.draw", "kanji.end"]
    end = s.events[-1]
    assert end == GameEnded(reason="dead-table", result=WIN, winners=(0,), scores=(6, 0), tie_break=None)
    assert describe(end, NAMES) == ("No seat still playing can complete a kanji, so the game ended and "
                                   "Ana won with 6 strokes.")


def test_the_end_tells_a_decided_tie_break():
    table = ["匕", "十", "丁", "曳", "会", "氏"]
    s = make_state(table, pile=["田", "且", "口"], decks=("亻氵彳土扌日木", "言彳土扌日亻"))
    for action in ["亻+匕", "pass", "氵+十", "言+丁"]:
        s.apply(s.to_move, action)
    end = s.events[-1]
    assert isinstance(end, GameEnded) and end.result == TIE_BREAK and end.tie_break == s.tie_break
    assert end.winners == (1,) and end.scores == (9, 9)
    assert describe(end, ["You", "Ben"]) == (
        "No seat still playing can complete a kanji, so the game ended; you and Ben tied on 9 strokes "
        "and Ben won the tie-break with 訂 (9 strokes).")


def test_the_end_tells_a_shared_win():
    s = make_state(["木", "也", "曳", "会", "氏", "泉"], pile=["田", "且"],
                   decks=("亻彳土扌日木", "氵彳土扌日亻"))
    s.apply(0, "亻+木")
    s.apply(1, "氵+也")
    end = s.events[-1]
    assert end.result == SHARED and end.winners == (0, 1)
    assert describe(end, NAMES) == (
        "No seat still playing can complete a kanji, so the game ended; Ana and Ben tied on 6 strokes "
        "and on their biggest kanji (6 strokes), so they shared the win.")


def test_the_end_tells_a_win_shared_after_the_tie_break():
    s = make_state(DEAD_FOR_MOST, decks=(PLAIN,) * 4)
    s.completed = [
        [Completed("休", 6, "亻", "木", 0), Completed("仏", 4, "亻", "ム", 1)],
        [Completed("地", 6, "土", "也", 2), Completed("化", 4, "亻", "匕", 3)],
        [Completed("他", 5, "亻", "也", 4), Completed("汁", 5, "氵", "十", 5)],
        [Completed("三", 3, "亻", "三", 6)],
    ]
    s._outcome, s.tie_break, s.events = None, None, []
    s._check_end()
    (end,) = s.events
    assert end.result == SHARED_AFTER_TIE_BREAK and end.winners == (0, 1)
    assert describe(end, NAMES) == (
        "No seat still playing can complete a kanji, so the game ended; Ana, Ben and Cy tied on 10 "
        "strokes and Ana and Ben shared the win with biggest kanji of 6 strokes.")


def test_all_complete_ends_with_every_seat_finished():
    for seed in range(100):
        rng = random.Random(seed)
        s = KANJI.new_state(3, random.Random(seed))
        while not s.is_over():
            s.apply(s.to_move, choose(s, rng, 1.0))
        if s.outcome().reason == "all-complete":
            break
    else:
        pytest.fail("no all-complete game in 100 seeds")
    finished = [e for e in s.events if isinstance(e, SeatFinished)]
    assert sorted(e.seat for e in finished) == [0, 1, 2]
    assert all(e.kanji == tuple(k.char for k in s.completed[e.seat]) for e in finished)
    end = s.events[-1]
    assert end.reason == "all-complete" and end.winners == s.outcome().winners
    assert describe(end, NAMES).startswith("Every seat has completed 5 kanji")


# --- who sees what; the log -------------------------------------------------------------------------


def test_event_classes_declare_kind_secrets_and_irreversibility():
    assert len({cls.KIND for cls in EVENT_TYPES}) == len(EVENT_TYPES)
    assert all(cls.KIND.startswith("kanji.") and not cls.PRIVATE for cls in EVENT_TYPES)
    assert {cls.KIND: cls.SECRET for cls in EVENT_TYPES if cls.SECRET} == {"kanji.draw": frozenset({"card"})}
    # attempts reveal a hand card and whether a pair is valid; refills and draws reveal cards
    assert {cls for cls in EVENT_TYPES if cls.IRREVERSIBLE} == {KanjiFormed, KanjiWrong, SlotRefilled,
                                                                NetaDrawn}
    for cls in EVENT_TYPES:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen and issubclass(cls, Event)
    used = {key.split("/")[0] for key in TEMPLATES}
    assert used == {cls.KIND for cls in EVENT_TYPES}


def test_events_for_none_is_the_log_since_is_the_tail_and_clones_are_independent():
    s = make_state(["曳", "会", "木", "氏", "泉", "田"], pile=["寺", "口"], decks=("亻氵彳土扌", "言日禾糸木"))
    s.apply(0, "亻+木")
    s.apply(1, "pass")
    assert s.events_for(None) == s.events and s.events_for(None) is not s.events
    for seat in (None, 0, 1):
        full = s.events_for(seat)
        for k in range(len(s.events) + 1):
            assert s.events_for(seat, since=k) == full[k:]  # no kanji event is private
    c = s.clone()
    assert c.events == s.events and c.events is not s.events
    before = list(s.events)
    c.apply(0, "pass")
    assert s.events == before and c.events == before + [Passed(seat=0, ply=2)]
    s.apply(0, "氵+泉")
    assert c.events[-1] == Passed(seat=0, ply=2) and s.events[-1].kind == "kanji.wrong"


def test_twin_states_tell_a_seat_the_same_events_across_draws():
    """Two games that differ only in seat 1's undrawn neta and the undrawn shari pile: seat 0 is told
    exactly the same events (draws included), seat 1 is told its own different draws."""
    table = ["木", "也", "丁", "曳", "会", "氏"]
    pile = ["寺", "口", "反", "少"]
    a = make_setup(table, pile, decks=(PLAIN, "氵言土扌彳"))
    b = make_setup(table, pile, decks=(PLAIN, "氵言土扌彳"))
    rest = [c for c in b["shari"][10:]]
    b["shari"][10:] = rest[::-1]
    b["neta"][1][5:] = b["neta"][1][5:][::-1]
    assert a != b
    s, t = KANJI.state_from_setup(a), KANJI.state_from_setup(b)
    for seat, action in [(0, "亻+木"), (1, "氵+也"), (0, "pass"), (1, "言+丁"), (0, "扌+寺")]:
        s.apply(seat, action)
        t.apply(seat, action)
        assert not s.is_over() and not t.is_over()
        assert s.events_for(0) == t.events_for(0)
        assert s.view(0) == t.view(0)
    assert kinds(s.events_for(0)).count("kanji.draw") == 4
    assert s.events_for(1) != t.events_for(1)  # seat 1 does see its own draws differ
    mine = [e.card for e in s.events_for(1) if isinstance(e, NetaDrawn) and e.seat == 1]
    assert mine == a["neta"][1][5:7] and mine != b["neta"][1][5:7]


# --- the log without events (throw-away states) ------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), greed=st.sampled_from([0.2, 0.8]))
def test_a_state_without_event_logging_reaches_the_same_positions(seed, n, greed):
    rng = random.Random(seed)
    s = KANJI.new_state(n, random.Random(seed))
    quiet = s.clone(log_events=False)
    assert quiet.log_events is False and s.log_events is True and quiet.clone().log_events is False
    start = list(s.events)
    while not s.is_over():
        action = choose(s, rng, greed)
        seat = s.to_move
        s.apply(seat, action)
        quiet.apply(seat, action)
        assert [quiet.view(x) for x in range(n)] == [s.view(x) for x in range(n)]
    assert quiet.outcome() == s.outcome() and quiet.tie_break == s.tie_break
    assert quiet.record() == s.record() and quiet.events == start
    # a replayed record (its scratch state logs nothing) tells the whole game again
    assert KANJI.from_record(s.record()).events == s.events


# --- a random playout: events and state agree ---------------------------------------------------------


def rebuild(first, events, seat):
    """The public state a seat follows, rebuilt from its first view and the events it was told;
    checks each event's fields against that state as it goes."""
    table = list(first.table)
    hand = list(first.hand)
    hand_sizes = list(first.hand_sizes)
    neta_left = list(first.neta_left)
    shari_left = first.shari_left
    done = [[k.char for k in ks] for ks in first.completed]
    scores = [0] * first.num_seats
    for e in events:
        if isinstance(e, (KanjiFormed, KanjiWrong)):
            assert table[e.slot] == e.shari and table.index(e.shari) == e.slot
            if e.seat == seat:
                assert e.neta in hand
        if isinstance(e, KanjiFormed):
            table[e.slot] = None
            hand_sizes[e.seat] -= 1
            if e.seat == seat:
                hand.remove(e.neta)
            done[e.seat].append(e.char)
            scores[e.seat] += e.strokes
            assert (e.count, e.score) == (len(done[e.seat]), scores[e.seat])
        elif isinstance(e, SlotRefilled):
            assert table[e.slot] is None
            table[e.slot] = e.card
            shari_left -= 1
            assert e.shari_left == shari_left
        elif isinstance(e, SlotLeftEmpty):
            assert table[e.slot] is None
        elif isinstance(e, NetaDrawn):
            neta_left[e.seat] -= 1
            hand_sizes[e.seat] += 1
            assert e.neta_left == neta_left[e.seat]
            assert (e.card is not None) == (e.seat == seat or seat is None)
            if e.seat == seat:
                hand.append(e.card)
    return table, sorted(hand), hand_sizes, neta_left, shari_left, done, scores


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), greed=st.sampled_from([0.0, 0.3, 0.9]),
       key=st.sampled_from(["joyo", "rulebook"]))
def test_random_playouts_events_match_the_state(seed, n, greed, key):
    rng = random.Random(seed)
    s = KANJI.new_state(n, random.Random(seed), answer_key=key)
    firsts = [s.view(x) for x in range(n)]
    while not s.is_over():
        assert (s.events[-1].kind if s.events else None) != "kanji.end"
        seat, action = s.to_move, choose(s, rng, greed)
        mark = len(s.events)
        s.apply(seat, action)
        new = s.events[mark:]
        head = new[0]
        assert head.seat == seat and head.ply == len(s.history) - 1
        if action == PASS:
            assert isinstance(head, Passed)
        elif s.attempts[-1].valid:
            assert isinstance(head, KanjiFormed) and isinstance(new[1], (SlotRefilled, SlotLeftEmpty))
            assert (head.neta, head.shari, head.slot) == (s.attempts[-1].neta, s.attempts[-1].shari,
                                                          s.attempts[-1].slot)
        else:
            assert isinstance(head, KanjiWrong) and head.why == s.attempts[-1].why
        assert all(e.kind not in ("kanji.formed", "kanji.wrong", "kanji.pass") for e in new[1:])
    ev = s.events
    count = {cls: sum(isinstance(e, cls) for e in ev) for cls in EVENT_TYPES}
    assert count[KanjiFormed] == sum(len(k) for k in s.completed) == sum(a.valid for a in s.attempts)
    assert count[KanjiFormed] + count[KanjiWrong] + count[Passed] == len(s.history)
    assert count[SlotRefilled] + count[SlotLeftEmpty] == count[KanjiFormed]
    assert count[NetaDrawn] == count[KanjiFormed]  # 5 neta to draw, 5 kanji at most per seat
    assert count[SeatFinished] == sum(len(k) == 5 for k in s.completed)
    assert count[GameEnded] == 1 and isinstance(ev[-1], GameEnded)
    end = ev[-1]
    out = s.outcome()
    assert (end.reason, end.winners, end.scores, end.tie_break) == (out.reason, out.winners, out.scores,
                                                                     s.tie_break)
    tb = s.tie_break
    expected = (WIN if tb is None else TIE_BREAK if tb.decided else NOBODY if tb.total == 0
                else SHARED if tb.winners == tb.tied else SHARED_AFTER_TIE_BREAK)
    assert end.result == expected
    for viewer in [None, *range(n)]:
        told = s.events_for(viewer)
        assert len(told) == len(ev)
        for e in told:
            text = describe(e, NAMES[:n])
            assert text and text[0].isupper() and text.endswith(".")  # a whole sentence
            assert "None" not in text and "{" not in text and "}" not in text
            json.dumps(e.to_dict(), ensure_ascii=False)
        # the view a scene shows, rebuilt from the first view and the events alone
        first = firsts[viewer if viewer is not None else 0]
        table, hand, hand_sizes, neta_left, shari_left, done, scores = rebuild(first, told, viewer)
        v = s.view(viewer if viewer is not None else 0)
        assert table == list(v.table) and hand_sizes == list(v.hand_sizes)
        assert neta_left == list(v.neta_left) and shari_left == v.shari_left
        assert done == [[k.char for k in ks] for ks in v.completed] and tuple(scores) == v.scores
        if viewer is not None:
            assert hand == sorted(v.hand)
