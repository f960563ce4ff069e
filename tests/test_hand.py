"""The kit's hand (scenes/kit/hand.py): a fan (Sushi Draft) or a row (Kanji-zushi) of cards at the
bottom of the table, the topmost card under the pointer, and the hover lifts easing and settling.
Logical px, degrees, ms throughout; no display needed."""
from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.kanji import layout as kanji_layout
from scenes.kit.hand import HAND_CAPACITY, Hand, HandLayout
from scenes.sushi import layout as sushi_layout

FAN = HandLayout(center_x=640, y=500, card_w=124, card_h=174, max_step=112, max_width=644, fan_deg=5.0,
                 arc=10.0, lift=30.0, hover_reach=40.0, half_life_ms=45)
ROW = HandLayout(center_x=436, y=557, card_w=108, card_h=151, max_step=120, max_width=616, lift=20.0,
                 hover_reach=30.0, half_life_ms=40)

counts = st.integers(min_value=1, max_value=12)


# -- the slots -------------------------------------------------------------------------------------
@given(counts)
def test_fan_is_symmetric_about_its_centre(n: int) -> None:
    """Card i and card n-1-i mirror each other: same height, opposite angles, mirrored x (to the
    rounding of one pixel)."""
    slots = FAN.slots(n)
    assert len(slots) == n
    for i in range(n):
        (r, a), (m, b) = slots[i], slots[n - 1 - i]
        assert r.y == m.y
        assert a == pytest.approx(-b)
        assert abs((r.centerx - FAN.center_x) + (m.centerx - FAN.center_x)) <= 1


@given(st.integers(min_value=2, max_value=12))
def test_fan_outer_cards_turn_most_and_sit_lowest(n: int) -> None:
    slots = FAN.slots(n)
    (first, a0), (_, a1) = slots[0], slots[-1]
    assert a0 == pytest.approx(FAN.fan_deg) and a1 == pytest.approx(-FAN.fan_deg)
    assert first.y == round(FAN.y + FAN.arc)
    assert all(abs(a) <= FAN.fan_deg + 1e-9 for _, a in slots)
    assert all(FAN.y <= r.y <= FAN.y + FAN.arc for r, _ in slots)
    middle = min(slots, key=lambda s: abs(s[1]))[0]
    assert middle.y == min(r.y for r, _ in slots)


@given(counts)
def test_row_is_evenly_spaced_upright_and_fits(n: int) -> None:
    slots = ROW.slots(n)
    xs = [r.x for r, _ in slots]
    steps = [b - a for a, b in pairwise(xs)]
    assert all(abs(s - ROW.step(n)) <= 1 for s in steps)  # even steps, to the rounding
    assert all(a == 0 for _, a in slots) and all(r.y == ROW.y for r, _ in slots)
    assert all(r.size == (ROW.card_w, ROW.card_h) for r, _ in slots)
    assert ROW.step(n) <= ROW.max_step
    assert slots[-1][0].right - slots[0][0].x <= ROW.max_width + 1
    assert abs((slots[0][0].x + slots[-1][0].right) / 2 - ROW.center_x) <= 1


def test_row_spacing_shrinks_only_when_the_hand_would_not_fit() -> None:
    assert ROW.step(2) == ROW.max_step
    assert ROW.step(5) == ROW.max_step  # 5 cards fit at full step
    assert ROW.step(6) == pytest.approx((616 - 108) / 5)
    assert ROW.step(6) < ROW.max_step
    assert ROW.step(1) == ROW.max_step
    assert FAN.slots(0) == [] and FAN.slots(-1) == []
    assert ROW.rect(0, 0) == ROW.rect(0, 1)  # no cards counts as one (a flight's target)


def test_games_use_the_kit_hand() -> None:
    """Sushi Draft's fan and Kanji-zushi's row are HandLayouts with their own numbers."""
    sh = sushi_layout.HAND
    assert (sh.card_w, sh.card_h, sh.fan_deg, sh.arc, sh.lift) == (sushi_layout.HAND_W, sushi_layout.HAND_H,
                                                                  5.0, 10.0, 30.0)
    area = sushi_layout.SeatArea(0)
    assert [area.hand_card(i, 5) for i in range(5)] == [r for r, _ in sh.slots(5)]
    assert [area.hand_angle(i, 5) for i in range(5)] == [a for _, a in sh.slots(5)]
    kh = kanji_layout.HAND
    assert kh.fan_deg == 0 and kh.arc == 0 and kh.lift == 20.0
    assert [kanji_layout.hand_rect(i, 4) for i in range(4)] == [r for r, _ in kh.slots(4)]


# -- hit tests ---------------------------------------------------------------------------------------
@given(counts, st.data())
def test_index_at_finds_the_topmost_card(n: int, data: st.DataObject) -> None:
    """A point inside several overlapping cards belongs to the rightmost (drawn last)."""
    layout = data.draw(st.sampled_from([FAN, ROW]))
    x = data.draw(st.integers(min_value=0, max_value=1280))
    y = data.draw(st.integers(min_value=400, max_value=720))
    rects = [r for r, _ in layout.slots(n)]
    under = [i for i, r in enumerate(rects) if r.collidepoint((x, y))]
    assert layout.index_at((x, y), n) == (max(under) if under else None)


def test_index_at_overlap_lifts_and_missing_cards() -> None:
    rects = [r for r, _ in ROW.slots(8)]  # 8 cards overlap (step < card width)
    overlap = (rects[2].x + 2, rects[2].centery)  # inside cards 1 and 2
    assert rects[1].collidepoint(overlap) and rects[2].collidepoint(overlap)
    assert ROW.index_at(overlap, 8) == 2
    assert ROW.index_at(overlap, 8, present=lambda i: i != 2) == 1  # card 2 away: the one below
    assert ROW.index_at((5, 5), 8) is None
    above = (rects[0].x + 3, rects[0].y - 10)
    assert ROW.index_at(above, 8) is None
    lifts = [20.0] + [0.0] * 7
    assert ROW.index_at(above, 8, lifts) == 0  # the lifted card is hit where it is drawn
    bottom = (rects[0].x + 3, rects[0].bottom - 5)
    assert ROW.index_at(bottom, 8, lifts) is None


def test_hover_reaches_above_the_card() -> None:
    r = FAN.rect(0, 3)
    assert FAN.hover_index((r.x + 5, r.y - FAN.hover_reach + 1), 3) == 0
    assert FAN.hover_index((r.x + 5, r.y - FAN.hover_reach - 1), 3) is None
    assert FAN.hover_index((r.right - 3, r.centery), 3) == 1  # the overlap: the card on top


# -- lifts -------------------------------------------------------------------------------------------
def test_lift_rises_to_its_goal_and_settles() -> None:
    hand = Hand(FAN)
    assert hand.settled() and hand.lifts == [0.0] * HAND_CAPACITY
    hand.update(16, 2)
    assert not hand.settled()
    assert 0 < hand.lift_of(2) < FAN.lift and hand.lift_of(1) == 0
    before = hand.lift_of(2)
    hand.update(FAN.half_life_ms, 2)  # one half-life halves the gap
    assert FAN.lift - hand.lift_of(2) == pytest.approx((FAN.lift - before) / 2)
    for _ in range(200):
        hand.update(16, 2)
    assert hand.settled() and hand.lift_of(2) == FAN.lift
    hand.update(16, None)  # the pointer leaves: it sinks back
    assert not hand.settled() and hand.lift_of(2) < FAN.lift
    for _ in range(200):
        hand.update(16, None)
    assert hand.settled() and hand.lift_of(2) == 0.0


@given(st.lists(st.tuples(st.floats(min_value=0, max_value=100), st.one_of(st.none(), st.integers(-2, 10))),
                max_size=30))
def test_lifts_stay_between_rest_and_full_lift(frames: list[tuple[float, int | None]]) -> None:
    """Whatever the frames and the cards named, every lift stays in 0..lift and only the named
    card (inside the capacity) has a goal above 0."""
    hand = Hand(ROW)
    for dt, lifted in frames:
        hand.update(dt, lifted)
        assert all(0.0 <= v <= ROW.lift for v in hand.lifts)
        raised = [i for i, g in enumerate(hand.goals) if g]
        assert raised == ([lifted] if lifted is not None and 0 <= lifted < HAND_CAPACITY else [])


def test_pose_straightens_a_fanned_card_as_it_lifts() -> None:
    hand = Hand(FAN)
    rect, angle = FAN.slots(4)[0]
    assert hand.pose(0, 4) == (rect, angle, 0.0)
    hand.lifts[0] = FAN.lift / 2
    assert hand.pose(0, 4).angle == pytest.approx(angle / 2)
    hand.lifts[0] = FAN.lift
    assert hand.pose(0, 4).angle == 0 and hand.pose(0, 4).rect == rect
    assert hand.pose(HAND_CAPACITY, HAND_CAPACITY + 1).lift == 0.0  # beyond the capacity: never lifted
    hand.reset()
    assert hand.lifts == [0.0] * HAND_CAPACITY and hand.settled()


def test_layout_is_frozen() -> None:
    with pytest.raises(AttributeError):
        FAN.lift = 3.0  # type: ignore[misc]
    assert isinstance(FAN.rect(0, 1), pygame.Rect)
