"""Kanji-zushi's part of the dev tools (:class:`~scenes.play.registration.DevTools`, read by
:mod:`scenes.devtools`): its layout walk (an AI's kanji revealed, a made kanji's tooltip), its
kanji book, its self-test game played with dragged pairs (the hint asked once, the tooltip hovered) and the data
check, the pacing's and the bench's games (the halves' join animation) and its online table in
play. Imported by the dev tools only."""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterator

import pygame

from game.kanji.data import form
from game.kanji.rules import KANJI, judge
from scenes.kanji.bookstore import KanjiBook
from scenes.play.devhooks import DevTools

SEATS = ["human", "hard", "hard"]


def walk(w: Any) -> Iterator[str]:
    """Kanji-zushi, you and two AIs: the first turn, the hint, an AI's kanji revealed, a later
    turn, the end and the score screen."""
    d = w.d
    st = w.new_state(3, 7)
    scene = w.show("kanji_play", state=st, seats=SEATS, seed=7, hints=True)
    yield "first-turn"
    scene.ask_hint()
    w.settle()
    yield "hint"
    if w.human_acts(scene, lambda legal: next((a for a in legal if a != "pass"), legal[0])):
        w.until_human(scene)
        yield "after-ais"
    st = w.bot_play(w.new_state(3, 7), lambda s: len(s.history) >= 9 and s.to_act() == (0,))
    scene = w.show("kanji_play", state=st, seats=SEATS, seed=7)
    yield "later"
    yield from w.log_states(scene)
    for _seat, _i, r in scene.kanji_rects()[:1]:  # a made kanji's tooltip (meanings, readings)
        w.hover(r)
        if scene.tooltip() is not None:
            yield "tooltip"
        w.hover(pygame.Rect(0, 0, 1, 1))
    st = w.bot_play(w.new_state(3, 7), lambda s: False)
    w.show("kanji_play", state=st, seats=SEATS, seed=7)
    yield "end"
    if d.has("button:score"):
        d.click("button:score")
        w.settle()
        yield "score"
        if d.has("button:new-kanji"):  # the game's new kanji in the book (issue 37)
            d.click("button:new-kanji")
            w.settle()
            yield "book-new"
    yield from book_walk(w)
    yield from review_walk(w)


def review_walk(w: Any) -> Iterator[str]:
    """The kanji review (issue 37): the book's kanji due on a set day — a meaning card, then its
    answer; a day later a pick card (or a halves one), then answered wrong; nothing due."""
    import datetime

    d = w.d
    store, book = getattr(d.app, "kanji_review", None), getattr(d.app, "kanji_book", None)
    if store is None or book is None or not book.chars():
        return
    day = datetime.datetime(2026, 12, 7, 12, tzinfo=datetime.timezone.utc)
    scene = w.show("kanji_review", clock=lambda: day)
    yield "review-meaning"
    d.click("button:show-answer")
    yield "review-answer"
    while scene.q is not None:
        if not scene.revealed:
            d.click("button:show-answer")
        d.click("button:grade:good")
    yield "review-done"
    later = day + datetime.timedelta(days=1)
    scene = w.show("kanji_review", clock=lambda: later)
    while scene.q is not None and scene.q.kind == "meaning":
        d.click("button:show-answer")
        d.click("button:grade:easy")
    if scene.q is not None:
        yield f"review-{scene.q.kind}"
        d.click(f"button:pick:{1 + (scene.q.choices.index(scene.q.answer) + 1) % 4}")
        yield f"review-{scene.q.kind}-answered"


def book_walk(w: Any) -> Iterator[str]:
    """The kanji book (issue 37): filled from two games of the AIs (a kanji selected, its strokes
    written; the Seen tab; sorted by strokes and filtered to a grade), and empty."""
    d = w.d
    book = getattr(d.app, "kanji_book", None)
    if book is not None:
        for seed in (7, 8):
            st = w.bot_play(w.new_state(3, seed), lambda s: False)
            book.record_finished(f"layout-book-{seed}", "kanji-zushi", {"seats": SEATS}, st)
        w.show("kanji_book")
        yield "book"
        d.click("choice:book-sort:strokes")
        d.click("choice:book-grade:2")
        w.settle()
        yield "book-filtered"
        d.click("choice:book-tab:seen")
        w.settle()
        yield "book-seen"
        empty = KanjiBook(book.path.with_name("kanji-book-empty.json"))  # (read only: never written)
        w.show("kanji_book", book=empty)
        yield "book-empty"


def _pairs(hand: list, view: Any) -> list[tuple[int, int]]:
    """(hand index, table slot) of every pair that makes a kanji by the game's own data."""
    return [(i, slot) for i, neta in enumerate(hand) for slot, shari in enumerate(view.table)
            if shari is not None and judge(neta, shari, view.answer_key)[1]]


def selftest_act(w: Any, scene: Any, tally: dict) -> None:
    """One turn of the self-test's game: a valid pair dragged (pass when none); the hint asked
    once, a made kanji's tooltip hovered once."""
    d = w.d
    seat = scene.human_to_act()
    if seat is None:
        d.frames(1)
        return
    view = scene.state.view(seat)
    pair = next(iter(_pairs(list(scene.shown.hand or []), view)), None)
    turn = view.ply
    made = tally.get("made", 0)
    if pair is None:
        d.click("button:pass")
    else:
        if made == 0 and d.has("button:hint"):  # ask the hard AI once (issue 10 §5)
            d.click("button:hint")
            end = time.monotonic() + 10
            while scene.hinting.current() is None and time.monotonic() < end:
                d.frames(1)
            if scene.hinting.current() is None:
                w.fail("button:hint marked nothing for the human to act")
        d.drag(f"neta:{pair[0]}", f"shari:{pair[1]}")
        made += 1
        tally["made"] = made
    if scene.state.view(seat).ply == turn:
        w.fail("a Kanji-zushi attempt by mouse was not applied")
    if made == 1 and d.has(f"kanji:{seat}:0"):
        d.move(d.window_pos(f"kanji:{seat}:0"))  # hover: the readings/meaning tooltip
        if not scene.tooltip():
            w.fail("hovering a completed kanji shows no tooltip")


def selftest_end(w: Any, score: Any, tally: dict, log: Callable[[str], None]) -> None:
    log(f"  kanji-zushi: {tally.get('made', 0)} kanji made with the mouse")


def selftest_check() -> str:
    """The bundled data gives 亻+木 = 休 (6 strokes); else what is wrong."""
    formed = form("亻", "木")
    if formed is None or formed.char != "休" or formed.strokes != 6:
        return f"the Kanji-zushi data is wrong or missing: 亻+木 gave {formed!r}"
    return ""


def pacing_act(human: Any, scene: Any, seat: int) -> bool:
    """The scripted player's turn: a valid pair dragged, or a pass."""
    pairs = _pairs(list(scene.shown.hand or []), scene.match.view(seat))
    if not pairs:
        return bool(human.click(scene, "button:pass"))
    i, slot = human.rng.choice(pairs)
    return bool(human.drag(scene, f"neta:{i}", f"shari:{slot}"))


def bench_score(app: Any, play_out: Callable[..., Any]) -> None:
    """The final table of a four-seat game played at random (pairs rather than passes)."""
    rng = random.Random(3)

    def choose(state: Any, seat: int) -> str:
        legal = state.legal_actions(seat)
        good = [a for a in legal if a != "pass" and state.view(seat).hand]
        return rng.choice(good or legal)

    state = play_out(KANJI.new_state(4, rng), choose)
    app.manager.reset(app.make_scene("kanji_score", view=state.view(0), seats=["human", "easy", "medium", "hard"]))


def bench_extras(b: Any, play: Callable[[], None]) -> None:
    """The frames of the halves' join animation."""
    b.when("kanji_play_join", play, lambda top: getattr(top, "join", None) is not None)


def online_play(o: Any) -> Iterator[str]:
    """For four (this seat, the friend, two AIs): the first turn and a phrase in a bubble."""
    scene, friend = o.host(["human", "human", "easy", "medium"])
    try:
        o.still()
        o.say(scene, friend)
        yield "kanji-said"
    finally:
        friend.stop()


DEVTOOLS = DevTools(
    setup_players=3,
    walks=(("kanji", walk, ("first-turn", "later")),),
    replay=(3, 7),
    selftest_choices=("choice:players:2", "choice:seat0:human", "choice:seat1:easy", "choice:hint:on"),
    selftest_act=selftest_act, selftest_end=selftest_end, selftest_seconds=30.0, selftest_coach=True,
    selftest_check=selftest_check,
    pacing=("kanji_zushi", ("human", "hard", "hard"), 2.5), pacing_act=pacing_act,
    bench_play=dict(seats=["easy"] * 6, seed=1, think_ms=0),
    bench_score=bench_score, bench_extras=bench_extras,
    bench_replay=("easy",) * 4,
    online_play=online_play,
)

__all__ = ["DEVTOOLS"]
