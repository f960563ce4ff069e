"""Sushi Draft events (game/sushi/events.py): what each apply tells, to whom, in which words.

Scripted positions come from the planned deals of tests/test_sushi_rules.py (``plan_deal``: seat
``s`` eats ``plan[s][k]`` at step ``k`` and keeps the card it eats next). The twin-state tests
extend that file's no-leak tests to the event log: two states that differ only in hidden data
give equal ``events_for(seat)`` for every seat that may not see the difference.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from test_sushi_rules import (
    NAMES,
    THREE_SEAT_CHIPS,
    THREE_SEAT_PLANS,
    THREE_SEAT_WINNERS,
    chip_twin,
    planned_state,
    play_planned_round,
    random_phase,
    random_state,
    twin_playout,
)

from game.core import Event
from game.sushi.events import EVENT_TYPES, Award, AwardEvent, Chosen, Deal, Discard, End, Keep, Pass, Reveal, RoundEnd
from game.sushi.rules import (
    DESSERT,
    PILES,
    SUSHI,
    SushiState,
    decide_award,
    eaten_card,
    sort_cards,
)
from game.sushi.telling import _DESSERT, award_text
from game.telling import describe

# --- helpers -----------------------------------------------------------------------------------


def of(events: list[Event], cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def three_seat() -> SushiState:
    return planned_state(THREE_SEAT_PLANS, copy.deepcopy(THREE_SEAT_CHIPS))


def apply_all(state: SushiState, actions: list[str]) -> None:
    for seat, action in enumerate(actions):
        state.apply(seat, action)


def assert_sentence(text: str) -> None:
    assert text and text[0].isupper() and text.endswith(".")
    assert "None" not in text and "{" not in text and "}" not in text and "  " not in text


# --- each kind, scripted -----------------------------------------------------------------------


def test_building_a_state_deals_every_seat_its_hand_privately():
    s = three_seat()
    deal = s.setup()["deals"][0]
    assert s.events == [Deal(seat=x, round=0, cards=sort_cards(deal[x])) for x in range(3)]
    assert s.events_for(1) == [s.events[1]]
    assert all(e.IRREVERSIBLE and e.PRIVATE for e in s.events)
    assert describe(s.events[0], NAMES) == (
        f"Aiko received a new hand for round 1: {', '.join(sort_cards(deal[0])[:-1])} and {sort_cards(deal[0])[-1]}.")


def test_a_choice_tells_everyone_that_the_seat_chose_and_only_the_seat_what():
    s = three_seat()
    start = len(s.events)
    s.apply(1, "tuna")
    assert s.events[start:] == [Chosen(seat=1, round=0, step=0, phase="eat", action="tuna")]
    mine, theirs = s.events_for(1, since=start), s.events_for(0, since=start)
    assert mine == [Chosen(seat=1, round=0, step=0, phase="eat", action="tuna")]
    assert theirs == [Chosen(seat=1, round=0, step=0, phase="eat", action=None)]
    assert describe(mine[0], NAMES) == "Ben chose to eat tuna."
    assert describe(theirs[0], NAMES) == "Ben chose a card to eat."
    assert describe(theirs[0], ["X", "You"]) == "You chose a card to eat."
    assert not Chosen.IRREVERSIBLE  # a pending choice reveals nothing: an undo may take it back
    s.apply(0, "tuna")
    s.apply(2, "tuna")
    s.apply(2, "shrimp")
    assert describe(s.events_for(0)[-1], NAMES) == "Chie chose a card to keep."
    assert describe(s.events_for(2)[-1], NAMES) == "Chie chose to keep shrimp."


def test_the_eat_reveal_shows_every_card_and_the_wild_declared_type():
    s = three_seat()
    play_planned_round(s, THREE_SEAT_PLANS[0])
    play_planned_round(s, THREE_SEAT_PLANS[1])
    plan = THREE_SEAT_PLANS[2]
    apply_all(s, [p[0] for p in plan])
    apply_all(s, [eaten_card(p[1]) for p in plan])
    start = len(s.events)
    apply_all(s, [p[1] for p in plan])  # seat 0 eats wild=mackerel
    reveal = s.events[-1]
    assert of(s.events[start:], Chosen) == s.events[start:-1] and len(s.events) == start + 4
    assert reveal == Reveal(seat=None, round=2, step=1, actions=("wild=mackerel", "tuna", "shrimp"),
                            cards=("wild", "tuna", "shrimp"), types=("mackerel", "tuna", "shrimp"))
    assert reveal.IRREVERSIBLE and all(s.events_for(x)[-1] == reveal for x in range(3))
    assert describe(reveal, NAMES) == "Everyone revealed what they ate: Aiko a wild as mackerel, Ben tuna and Chie shrimp."
    assert describe(s.events_for(0)[-2], NAMES) == "Chie chose a card to eat."
    assert describe(s.events_for(0, since=start)[0], NAMES) == "Aiko chose to eat a wild as mackerel."


def test_the_keep_tells_each_seat_its_keep_and_what_it_received_and_where_it_lies():
    s = three_seat()
    plan = THREE_SEAT_PLANS[0]
    deal = s.setup()["deals"][0]
    apply_all(s, [p[0] for p in plan])
    start = len(s.events)
    keeps = [eaten_card(p[1]) for p in plan]
    apply_all(s, keeps)
    new = s.events[start:]
    assert [type(e) for e in new] == [Chosen] * 3 + [Keep] * 3 + [Pass] * 3
    rests = [sort_cards(list((Counter(deal[x]) - Counter([eaten_card(plan[x][0]), keeps[x]])).elements()))
             for x in range(3)]
    assert of(new, Keep) == [Keep(seat=x, round=0, step=0, card=keeps[x], passed=rests[x], to_seat=(x + 1) % 3)
                             for x in range(3)]
    for x, event in enumerate(of(new, Pass)):
        hand = s.view(x).hand
        assert (event.seat, event.from_seat, event.round, event.step) == (x, (x - 1) % 3, 0, 0)
        assert event.cards == rests[(x - 1) % 3] and event.kept == keeps[x] and event.hand == hand
        assert hand[event.kept_slot] == keeps[x] and event.kept_slot == hand.index(keeps[x])
        assert tuple(hand[i] for i in event.received_slots) == event.cards
        assert sorted(event.received_slots + (event.kept_slot,)) == list(range(5))
    # each seat sees its own keep and pass only; nobody else's
    for x in range(3):
        seen = s.events_for(x, since=start)
        assert [e for e in seen if isinstance(e, (Keep, Pass))] == [new[3 + x], new[6 + x]]
    assert Pass.IRREVERSIBLE and Pass.PRIVATE and Keep.PRIVATE
    k0 = new[3]
    assert describe(k0, NAMES) == f"Aiko kept {keeps[0]} and passed {', '.join(rests[0][:-1])} and {rests[0][-1]} to Ben."
    assert describe(new[7], NAMES) == f"Ben received {', '.join(rests[0][:-1])} and {rests[0][-1]} from Aiko."
    assert describe(Keep(seat=1, round=0, step=3, card="tuna", passed=("salmon",), to_seat=0), NAMES) == "Ben kept tuna and passed salmon to Aiko."


def test_the_last_keep_discards_then_every_pile_is_awarded_and_the_round_ends():
    s = three_seat()
    plan = THREE_SEAT_PLANS[0]
    # play up to the last (forced) keep, then look at what it emits
    for k in range(5):
        apply_all(s, [p[k] for p in plan])
        if k < 4:
            apply_all(s, [eaten_card(p[k + 1]) for p in plan])
    start = len(s.events)
    last_cards = [s.legal_actions(x)[0] for x in range(3)]
    assert last_cards == [s.setup()["deals"][0][(x - 4) % 3][5] for x in range(3)]  # plan_deal's fillers
    apply_all(s, last_cards)
    new = s.events[start:]
    assert [type(e) for e in new] == [Chosen] * 3 + [Discard] * 3 + [AwardEvent] * 6 + [RoundEnd] + [Deal] * 3
    assert of(new, Discard) == [Discard(seat=x, round=0, card=last_cards[x]) for x in range(3)]
    assert describe(new[3], NAMES) == f"Aiko discarded the last card, {last_cards[0]}."
    awards = of(new, AwardEvent)
    assert [a.award for a in awards] == s.awards and [a.pile for a in awards] == list(PILES)
    assert [a.seat for a in awards] == THREE_SEAT_WINNERS[0] == [a.award.seat for a in awards]
    assert [a.value for a in awards] == [4, 2, 4, None, 2, 5]  # the top chips of THREE_SEAT_CHIPS
    # the values are each winner's secret: seat 1 sees its own (shrimp 2, dessert 5) only
    seen = of(s.events_for(1, since=start), AwardEvent)
    assert [a.value for a in seen] == [None, 2, None, None, None, 5]
    assert [a.award for a in seen] == s.awards  # the reasoning is public
    assert describe(seen[0], NAMES) == "Tuna: Aiko and Ben tie on 2, so the chip goes to the next group: Chie (1)."
    assert describe(awards[0], NAMES) == ("Tuna: Aiko and Ben tie on 2, so the chip, worth 4, goes to the next "
                                         "group: Chie (1).")
    assert describe(seen[5], NAMES) == ("Dessert: Aiko and Chie tie on 4, so the chip, worth 5, goes to the next "
                                       "group: Ben (3).")
    assert describe(seen[1], NAMES) == "Shrimp: Ben has the most shrimp (2) and wins the chip, worth 2."
    assert describe(seen[1], ["X", "You", "Z"]) == "Shrimp: You have the most shrimp (2) and win the chip, worth 2."
    assert describe(seen[3], NAMES) == (
        "Cucumber: Aiko, Ben and Chie tie on 1; no one is alone, so the chip stays on the pile.")
    end = new[12]
    assert end == RoundEnd(seat=None, round=0, chips=((), ("shrimp", DESSERT), ("tuna", "salmon", "mackerel")),
                           points=(0, 7, 10))
    assert s.events_for(1)[-2] == RoundEnd(seat=None, round=0, chips=end.chips, points=(None, 7, None))
    assert describe(s.events_for(1)[-2], NAMES) == "Round 1 is over; chips won so far: Aiko 0, Ben 2 (7 points) and Chie 3."
    assert describe(end, NAMES) == ("Round 1 is over; chips won so far: Aiko 0 (0 points), Ben 2 (7 points) "
                                   "and Chie 3 (10 points).")
    deal = s.setup()["deals"][1]
    assert new[13:] == [Deal(seat=x, round=1, cards=sort_cards(deal[x])) for x in range(3)]
    assert s.events_for(2)[-1] == new[15] and describe(new[15], NAMES).startswith("Chie received a new hand for round 2: ")


def test_the_end_reveals_every_chip_to_everyone_and_names_the_winner():
    s = three_seat()
    for plan in THREE_SEAT_PLANS:
        play_planned_round(s, plan)
    end = s.events[-1]
    assert end == End(seat=None, chips=tuple(tuple(c) for c in s.chips), scores=(5, 14, 25), winners=(2,))
    assert all(s.events_for(x)[-1] == end for x in range(3))
    assert [type(e) for e in s.events[-8:]] == [AwardEvent] * 6 + [RoundEnd, End]  # no deal after round 3
    assert describe(end, NAMES) == "The chips were revealed (Aiko: 5, Ben: 14 and Chie: 25) and Chie won with 25 points."
    shared = End(seat=None, chips=((("shrimp", 4),), (("salmon", 4),)), scores=(4, 4), winners=(0, 1))
    assert describe(shared, NAMES) == ("The chips were revealed (Aiko: 4 and Ben: 4) and Aiko and Ben shared the win "
                                      "with 4 points each.")
    assert json.loads(json.dumps(end.to_dict()))["kind"] == "sushi.end"


def test_award_sentences_without_a_value_are_the_award_text_and_every_case_has_a_worth_variant():
    assert award_text(Award(0, "tuna", (0, 0), (), None, ()), NAMES) == "Tuna: nobody ate any; the chip stays on the pile."
    cases = [([2, 0, 0], "Tuna: Aiko is the only one with tuna (2) and wins the chip, worth 5."),
             ([1, 3, 2], "Tuna: Ben has the most tuna (3) and wins the chip, worth 5."),
             ([2, 2, 1], "Tuna: Aiko and Ben tie on 2, so the chip, worth 5, goes to the next group: Chie (1).")]
    for counts, text in cases:
        award = decide_award(0, "tuna", counts, 3)
        event = AwardEvent(seat=award.seat, round=0, pile="tuna", award=award, value=5)
        assert describe(event, NAMES) == text
        assert describe(event.for_viewer((award.seat + 1) % 3), NAMES) == award_text(award, NAMES)
    assert _DESSERT == DESSERT


def test_kinds_are_stable_machine_names():
    assert set(EVENT_TYPES) == {"sushi.deal", "sushi.chosen", "sushi.reveal", "sushi.keep", "sushi.pass",
                                "sushi.discard", "sushi.award", "sushi.round_end", "sushi.end"}
    assert all(cls.KIND == kind for kind, cls in EVENT_TYPES.items())


# --- the log: per seat, tails, clones ----------------------------------------------------------


def test_events_for_none_is_the_full_log_and_since_gives_the_tail():
    s = random_state(7, 4)
    rng = random.Random(7)
    for _ in range(13):
        random_phase(s, rng)
    s.apply(2, s.legal_actions(2)[0])
    assert s.events_for(None) == s.events and s.events_for(None) is not s.events
    for seat in range(4):
        full = s.events_for(seat)
        assert len(full) < len(s.events)  # others' deals, keeps and passes are left out
        for k in range(0, len(s.events) + 1, 5):
            tail = s.events_for(seat, since=k)
            assert tail == [e.for_viewer(seat) for e in s.events[k:] if e.for_viewer(seat) is not None]
            assert full[len(full) - len(tail):] == tail
    assert s.events_for(0, since=len(s.events)) == []


def test_a_clones_log_is_independent_both_ways():
    s = random_state(8, 3)
    rng = random.Random(8)
    for _ in range(3):
        random_phase(s, rng)
    c = s.clone()
    assert c.events == s.events and c.events is not s.events
    n = len(s.events)
    c.apply(0, c.legal_actions(0)[0])
    assert len(s.events) == n and len(c.events) == n + 1
    s.apply(1, s.legal_actions(1)[-1])
    assert c.events[-1].seat == 0 and s.events[-1].seat == 1
    assert c.events[:n] == s.events[:n]


# --- twin states: nothing hidden leaks through the log -----------------------------------------


def assert_logs_equal_for(a: SushiState, b: SushiState, seats, cursor: dict) -> None:
    """``a`` and ``b`` have logs of the same length and equal per-seat tails since ``cursor``."""
    assert len(a.events) == len(b.events)
    since = cursor.get("since", 0)
    for t in seats:
        assert a.events_for(t, since) == b.events_for(t, since)
    cursor["since"] = len(a.events)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), data=st.data())
def test_no_leak_in_events_of_other_seats_hidden_hands(seed, n, data):
    holder = data.draw(st.integers(0, n - 1))
    r = data.draw(st.integers(0, 2))
    others = [t for t in range(n) if t != holder]
    cursor: dict = {}
    for a, b in twin_playout(seed, n, holder, r, seed ^ 0x5EED):
        assert_logs_equal_for(a, b, others, cursor)
    for t in others:
        assert a.events_for(t) == b.events_for(t)
    assert a.events_for(holder) != b.events_for(holder)  # the twins really differ (its deal, keeps)
    assert of(a.events, End) == of(b.events, End)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
def test_no_leak_in_events_of_other_seats_pending_choice(seed, n):
    rng = random.Random(seed)
    s = random_state(seed, n)
    checked = 0
    while not s.is_over():
        for chooser in range(n):
            options = s.legal_actions(chooser)
            if len(options) < 2:
                continue
            one, two = s.clone(), s.clone()
            first, second = rng.sample(options, 2)
            one.apply(chooser, first)
            two.apply(chooser, second)
            for t in range(n):
                if t != chooser:
                    assert one.events_for(t) == two.events_for(t)
            assert one.events_for(chooser)[-1].action == first != two.events_for(chooser)[-1].action
            checked += 1
        random_phase(s, rng)
    assert checked >= 10 * n


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), data=st.data())
def test_no_leak_in_events_of_chip_values(seed, n, data):
    viewer = data.draw(st.integers(0, n - 1))
    setup_a, setup_b, actions = chip_twin(seed, n, viewer)
    a, b = SUSHI.state_from_setup(setup_a), SUSHI.state_from_setup(setup_b)
    cursor: dict = {}
    for phase in actions:
        for seat, action in enumerate(phase):
            a.apply(seat, action)
            b.apply(seat, action)
            if not a.is_over():
                assert_logs_equal_for(a, b, [viewer], cursor)
    before_end = len(a.events) - 1
    assert a.events_for(viewer, 0)[:-1] == b.events_for(viewer, 0)[:-1]
    if a.chips != b.chips:  # the values are all shown at the end, and to a spectator before
        assert a.events[before_end] != b.events[before_end]
        assert a.events_for(None) != b.events_for(None)


def test_a_twin_pair_differing_only_in_chip_values_differs_for_the_winner_alone():
    """Scripted: swapping the tuna pile's top two chips changes what seat 2 (the tuna winner of
    round 1) sees, and nothing any other seat sees until the end."""
    chips_b = copy.deepcopy(THREE_SEAT_CHIPS)
    chips_b["tuna"] = [3, 4, 5]  # THREE_SEAT_CHIPS has [4, 3, 5]: round 1 and round 2 winners swap values
    a, b = three_seat(), planned_state(THREE_SEAT_PLANS, chips_b)
    for plan in THREE_SEAT_PLANS[:2]:
        play_planned_round(a, plan)
        play_planned_round(b, plan)
    assert a.events_for(0) == b.events_for(0) and a.events_for(1) == b.events_for(1)
    assert a.events_for(2) != b.events_for(2)
    tuna = [e for e in a.events_for(2) if isinstance(e, AwardEvent) and e.pile == "tuna" and e.seat == 2]
    assert [e.value for e in tuna] == [4, 3]


# --- random playouts: events agree with the state ----------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
def test_random_playout_events_agree_with_the_state(seed, n):
    rng = random.Random(seed)
    s = random_state(seed, n)
    cursor = len(s.events)
    while not s.is_over():
        seats = list(s.to_act())
        rng.shuffle(seats)
        for seat in seats:
            resolves = len(s.pending) == n - 1
            rnd, phase, step = s.round, s.phase, s.step
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            new = s.events[cursor:]
            cursor = len(s.events)
            assert new[0] == Chosen(seat=seat, round=rnd, step=step, phase=phase, action=s.history[-1][1])
            # only a resolution reveals anything (a lone choice can be taken back)
            assert any(e.IRREVERSIBLE for e in new) == resolves
            assert (len(new) > 1) == resolves
            for x in range(n):
                assert s.view(x).ply == len(s.history)
            for e in of(new, Pass):  # the pass event is the receiver's new hand, as its view shows
                assert e.hand == s.view(e.seat).hand == sort_cards(e.cards + (e.kept,))
                assert e.hand[e.kept_slot] == e.kept == s.view(e.seat).my_kept[-1]
    ev = s.events
    phases = s.record_actions()
    assert [(e.seat, e.action) for e in of(ev, Chosen)] == s.history
    assert [e.actions for e in of(ev, Reveal)] == [tuple(p) for p in phases[0::2]]
    assert len(of(ev, Keep)) == len(of(ev, Pass)) == n * 4 * 3
    assert [e.card for e in of(ev, Keep)] == [a for i, p in enumerate(phases[1::2]) if i % 5 != 4 for a in p]
    assert [e.card for e in of(ev, Discard)] == [a for i, p in enumerate(phases[1::2]) if i % 5 == 4 for a in p]
    assert [e.award for e in of(ev, AwardEvent)] == s.awards
    for x in range(n):
        assert [(e.pile, e.value) for e in of(ev, AwardEvent) if e.seat == x] == s.chips[x]
    assert [e.round for e in of(ev, RoundEnd)] == [0, 1, 2]
    assert of(ev, RoundEnd)[-1].points == s.scores()
    assert [e.round for e in of(ev, Deal)] == [r for r in range(3) for _ in range(n)]
    assert of(ev, End) == [ev[-1]] and ev[-1].scores == s.scores() and ev[-1].winners == s.outcome().winners
    assert {e.KIND for e in ev} == set(EVENT_TYPES)
    names = NAMES[:n]
    for viewer in [None, *range(n)]:
        seen = s.events_for(viewer)
        for e in seen:
            assert_sentence(describe(e, names))
            json.dumps(e.to_dict())
            if viewer is not None and e.seat != viewer:
                assert not e.PRIVATE and all(getattr(e, f) is None for f in e.SECRET)
        if viewer is not None:
            ends = of(seen, RoundEnd)
            assert all(p is None for e in ends for t, p in enumerate(e.points) if t != viewer)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), cut=st.integers(0, 150))
def test_the_last_event_is_the_end_exactly_when_the_game_is_over_and_a_replay_logs_the_same(seed, n, cut):
    rng = random.Random(seed)
    s = random_state(seed, n)
    applied = 0
    while not s.is_over() and applied < cut:
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        applied += 1
        assert isinstance(s.events[-1], End) == s.is_over()
    # replaying the record (seat order within a phase) gives the same log but for the order of
    # the choices within a phase and the choices still pending
    again = SUSHI.from_record(s.record())
    told = lambda log: [e for e in log if not isinstance(e, Chosen)]
    assert told(again.events) == told(s.events)
    pending = [Chosen(seat=x, round=s.round, step=s.step, phase=s.phase, action=a)
               for x, a in s.history[len(s.history) - len(s.pending):]]
    assert Counter(of(again.events, Chosen)) + Counter(pending) == Counter(of(s.events, Chosen))
