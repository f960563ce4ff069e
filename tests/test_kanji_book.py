"""The kanji book (issue 37, item 2): its store (a game once, the person's kanji apart from the ones
seen, dates from its clock, a bad file set aside, a newer one kept) from the events of seeded bot
games; the autosave's hook from a real Kanji-zushi game played with the mouse to its end (the
book has its kanji, the score screen's ``button:new-kanji`` opens the book on them); the book
scene through its UI dump (sort and filters, the detail, the replay, a kanji without stroke data,
the keys, the menu's link)."""
from __future__ import annotations

import datetime
import json
import random
import time

import pygame
import pytest
from scene_input import click, drag, ids, press_key, rect_of

from game.kanji.data import form, valid_pairs
from game.kanji.events import KanjiFormed
from game.kanji.rules import judge
from game.match import Match
from game.registry import get
from scenes.kanji import bookfacts, bookview
from scenes.kanji.bookstore import KanjiBook
from scenes.kanji.strokeplay import NO_STROKES
from scenes.shell.catalog import open_room_stores

SEATS = ["human", "easy", "easy"]


def bot_game(seed: int, n: int = 3):
    """A finished Kanji-zushi game of easy bots from seed ``seed`` (seat 0 stands for the person)."""
    g = get("kanji-zushi")
    match = Match(g, ["easy"] * n, seed, state=g.new_state(n, random.Random(seed)), synchronous=True)
    match.run_bots_until_human()
    assert match.state.outcome() is not None
    return match.state


def formed(state, seat_is_me: bool) -> list[str]:
    """The kanji formed in ``state`` by seat 0 (``seat_is_me``) or by the others, in order."""
    return [e.char for e in state.events_for(0) if isinstance(e, KanjiFormed) and (e.seat == 0) == seat_is_me]


class Clock:
    def __init__(self, day: datetime.date):
        self.day = day

    def __call__(self) -> datetime.date:
        return self.day


# ------------------------------------------------------------------------------------------
# the store
# ------------------------------------------------------------------------------------------
def test_a_game_counts_once_mine_apart_from_seen_dated_by_the_clock(tmp_path):
    clock = Clock(datetime.date(2026, 12, 7))
    book = KanjiBook(tmp_path / "kanji-book.json", today=clock)
    first = bot_game(1)
    mine, seen = formed(first, True), formed(first, False)
    assert mine and seen
    new = book.record_finished("g1", "kanji-zushi", {"seats": SEATS}, first, first.events_for(0))
    assert new == list(dict.fromkeys(mine)) == book.chars() == book.new_in("g1")
    assert book.record_finished("g1", "kanji-zushi", {"seats": SEATS}, first) is None  # once
    assert [e.char for e in book.entries(mine=False)] == list(dict.fromkeys(seen))
    entry = book.entries()[0]
    assert (entry.first, entry.last, entry.games, entry.mine) == ("2026-12-07", "2026-12-07", ("g1",), True)
    assert entry.count == mine.count(entry.char)
    # a second game, days later: the kanji formed again keep their first date and count up
    clock.day = datetime.date(2026, 12, 9)
    second = bot_game(2)
    again = [c for c in dict.fromkeys(formed(second, True)) if c in mine]
    new2 = book.record_finished("g2", "kanji-zushi", {"seats": SEATS}, second, second.events_for(0))
    assert new2 == [c for c in dict.fromkeys(formed(second, True)) if c not in mine] == book.new_in("g2")
    assert book.chars() == list(dict.fromkeys(mine + formed(second, True)))
    by_char = {e.char: e for e in book.entries()}
    for c in again:
        e = by_char[c]
        assert (e.first, e.last, e.games) == ("2026-12-07", "2026-12-09", ("g1", "g2"))
        assert e.count == mine.count(c) + formed(second, True).count(c)
    for c in new2:
        assert by_char[c].first == "2026-12-09" and by_char[c].games == ("g2",)
    # on disk, read again by another store (another window)
    doc = json.loads((tmp_path / "kanji-book.json").read_text())
    assert doc["version"] == 1 and doc["counted"] == ["g1", "g2"]
    other = KanjiBook(tmp_path / "kanji-book.json")
    assert other.entries() == book.entries() and other.entries(False) == book.entries(False)
    # hot-seat: the first person's seat is the book's; another game, no person or unfinished: nothing
    assert book.record_finished("k", "kaito", {"seats": SEATS}, first) is None
    assert book.record_finished("g3", "kanji-zushi", {"seats": ["easy"] * 3}, first) is None
    hot = KanjiBook(tmp_path / "hot.json")
    hot.record_finished("h", "kanji-zushi", {"seats": ["easy", "human", "human"]}, first)
    assert hot.chars() == list(dict.fromkeys(e.char for e in first.events_for(1)
                                             if isinstance(e, KanjiFormed) and e.seat == 1))


def test_a_bad_file_is_set_aside_with_nothing_lost_and_a_newer_one_kept(tmp_path):
    path = tmp_path / "kanji-book.json"
    path.write_text('{"version": 1, "mine": {"休": {"first": "yesterday"}}}')
    book = KanjiBook(path, today=lambda: datetime.date(2026, 12, 7))
    assert book.entries() == [] and book.problem is not None and "could not be read" in book.notice()
    assert (tmp_path / "kanji-book.json.bad").read_text() == '{"version": 1, "mine": {"休": {"first": "yesterday"}}}'
    state = bot_game(1)
    assert book.record_finished("g1", "kanji-zushi", {"seats": SEATS}, state)
    assert json.loads(path.read_text())["counted"] == ["g1"]
    newer = '{"version": 2, "mine": {}, "what": "a newer Tatami"}'
    path.write_text(newer)
    book = KanjiBook(path)
    assert book.record_finished("g2", "kanji-zushi", {"seats": SEATS}, state) is None
    assert path.read_text() == newer and book.newer and "newer Tatami" in book.notice()


def test_arrange_sorts_and_filters_and_the_facts_name_the_halves():
    chars = ["語", "休", "湯", "細"]
    entries = [bookfacts.BookEntry(c, f"2026-12-0{i + 1}", f"2026-12-0{i + 1}", 1, ("g",), True)
               for i, c in enumerate(chars)]
    assert [e.char for e in bookfacts.arrange(entries, "date")] == chars[::-1]  # the newest first
    assert [e.char for e in bookfacts.arrange(entries, "strokes")] == sorted(chars,
                                                                             key=lambda c: form(*pair(c)).strokes)
    assert [e.char for e in bookfacts.arrange(entries, "grade")] == sorted(chars, key=lambda c: form(*pair(c)).grade)
    assert [e.char for e in bookfacts.arrange(entries, grade="1")] == [c for c in chars if form(*pair(c)).grade == 1]
    n5 = [c for c in chars if bookfacts.facts(c).jlpt == 5]
    assert [e.char for e in bookfacts.arrange(entries, level="5")] == n5[::-1]
    assert [e.char for e in bookfacts.arrange(entries, only=["休", "細"])] == ["細", "休"]
    # the date filter counts back from today; the strokes filter keeps a range
    today = datetime.date(2026, 12, 10)  # (first formed on the 1st to the 4th)
    assert [e.char for e in bookfacts.arrange(entries, when="week", today=today)] == ["細", "湯"]
    assert [e.char for e in bookfacts.arrange(entries, when="month", today=today)] == chars[::-1]
    assert [e.char for e in bookfacts.arrange(entries, strokes="11+")] == [
        c for c in chars[::-1] if form(*pair(c)).strokes >= 11]
    assert [e.char for e in bookfacts.arrange(entries, strokes="1-6")] == ["休"]
    f = bookfacts.facts("休")
    assert (f.neta, f.shari, f.strokes, f.grade) == ("亻", "木", 6, 1)
    # the other kanji its halves make, by the game's own data (valid with the Jōyō key)
    valid = valid_pairs("joyo")
    assert set(f.with_left) == {form(n, s).char for n, s in valid if n == "亻"} - {"休"}
    assert set(f.with_right) == {form(n, s).char for n, s in valid if s == "木"} - {"休"}
    assert bookfacts.grade_word(2) == "Grade 2" and bookfacts.grade_word(8) == "Secondary school"
    assert bookfacts.level_word(5) == "JLPT N5" and bookfacts.day_word("2026-12-07") == "7 Dec 2026"


def pair(char: str) -> tuple[str, str]:
    """The cards that form ``char`` (by the game's data)."""
    return next(p for p in valid_pairs("joyo") if form(*p).char == char)


# ------------------------------------------------------------------------------------------
# the scene
# ------------------------------------------------------------------------------------------
def write_book(path, mine, seen=()):
    def entry(i: int) -> dict:
        first = datetime.date(2026, 11, 1) + datetime.timedelta(days=i)
        return {"first": first.isoformat(), "last": "2026-12-31", "count": i + 1, "games": ["a", "b"],
                "first_game": "a"}

    path.write_text(json.dumps({"version": 1, "mine": {c: entry(i) for i, c in enumerate(mine)},
                                "seen": {c: entry(i) for i, c in enumerate(seen)}, "counted": ["a", "b"]}))


def open_book(app, **kw):
    app.manager.push(app.make_scene("kanji_book", **kw))
    app.pump(16)
    return app.manager.top()


def labels(scene) -> dict[str, tuple[str, str | None]]:
    return {e.id: (e.kind, e.label) for e in scene.ui_elements()}


def grid(scene) -> list[str]:
    return [e.id.split(":", 1)[1] for e in scene.ui_elements() if e.id.startswith("kanji:")]


def test_the_book_sorts_filters_shows_replays_and_says_what_it_lacks(app, tmp_path):
    write_book(tmp_path / "book.json", ["語", "休", "湯", "細", "伋"], ["林"])
    app.kanji_book = KanjiBook(tmp_path / "book.json")
    scene = open_book(app)
    assert grid(scene) == ["伋", "細", "湯", "休", "語"]  # the newest first
    assert labels(scene)["kanji:伋"][0] == "kanji-selected"
    # a kanji KanjiVG lacks says so and offers no replay
    assert labels(scene)["stroke-order"] == ("text", NO_STROKES)
    assert labels(scene)["button:replay"][0] == "button-disabled"
    click(app, rect_of(scene, "choice:book-sort:strokes").center)
    assert grid(scene) == sorted(grid(scene), key=lambda c: (bookfacts.facts(c).strokes or 99))
    click(app, rect_of(scene, "choice:book-grade:1").center)
    assert grid(scene) == ["休"]
    assert labels(scene)["detail"] == ("text", "休 — rest")
    kind, _label = labels(scene)["stroke-order"]
    assert kind == "strokes"
    for _ in range(300):  # written to its end at the normal speed
        app.pump(16)
    assert scene.clock.done
    click(app, rect_of(scene, "button:replay").center)
    assert not scene.clock.done and scene.clock.written < 1
    click(app, rect_of(scene, "choice:book-speed:slow").center)
    assert scene.clock.stroke_ms > 300
    click(app, rect_of(scene, "choice:book-grade:all").center)
    click(app, rect_of(scene, "choice:book-jlpt:5").center)
    assert grid(scene) == [c for c in ("休", "語", "湯", "細", "伋") if bookfacts.facts(c).jlpt == 5]
    click(app, rect_of(scene, "choice:book-jlpt:all").center)
    # selecting by a click and by the arrows; a link to a kanji of the book (seen: 林, from 木)
    click(app, rect_of(scene, "kanji:休").center)
    assert scene.selected == "休"
    assert labels(scene)["pair:林"][0] == "kanji-link" and labels(scene)["pair:体"][0] == "kanji-link-absent"
    click(app, rect_of(scene, "pair:林").center)
    assert scene.tab == "seen" and scene.selected == "林" and grid(scene) == ["林"]
    assert labels(scene)["choice:book-tab:seen"][0] == "choice-selected"
    click(app, rect_of(scene, "choice:book-tab:mine").center)
    order = grid(scene)
    press_key(app, pygame.K_RIGHT)
    assert scene.selected == order[1]
    for _ in range(20):
        app.pump(16)
    assert scene.clock.ms >= 300
    press_key(app, pygame.K_RETURN)
    assert scene.clock.ms <= 16
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top() is not scene


def test_an_empty_book_says_how_to_fill_it_and_pages_a_full_one(app, tmp_path):
    app.kanji_book = KanjiBook(tmp_path / "empty.json")
    scene = open_book(app)
    assert grid(scene) == [] and "Play Kanji-zushi" in labels(scene)["empty"][1]
    assert "detail" not in labels(scene)
    app.manager.pop()
    many = sorted({form(*p).char for p in valid_pairs("joyo")})[:40]
    write_book(tmp_path / "many.json", many)
    app.kanji_book = KanjiBook(tmp_path / "many.json")
    scene = open_book(app)
    assert len(grid(scene)) == bookview.PER_PAGE and labels(scene)["button:page-prev"][0] == "button-disabled"
    click(app, rect_of(scene, "button:page-next").center)
    assert len(grid(scene)) == 40 - bookview.PER_PAGE and scene.selected == grid(scene)[0]
    press_key(app, pygame.K_UP)
    assert len(grid(scene)) == bookview.PER_PAGE
    click(app, rect_of(scene, "choice:book-strokes:1-6").center)  # the strokes filter
    few = grid(scene)
    assert few and all(bookfacts.facts(c).strokes <= 6 for c in few) and len(few) < len(many)
    app.kanji_book.today = lambda: datetime.date(2026, 12, 12)  # the book's entries: 1 Nov + i days
    click(app, rect_of(scene, "choice:book-when:week").center)  # first formed since 5 Dec: i >= 34
    assert grid(scene) == [c for c in few if many.index(c) >= 34]


def test_the_menu_links_to_the_book(app, tmp_path):
    write_book(tmp_path / "book.json", ["休"])
    app.kanji_book = KanjiBook(tmp_path / "book.json")
    app.manager.push(app.make_scene("menu"))
    for _ in range(20):
        app.pump(16)
    menu = app.manager.top()
    assert labels(menu)["button:room:kanji-zushi:book"] == ("button", "Kanji book")
    card = rect_of(menu, "button:game:kanji-zushi")
    link = rect_of(menu, "button:room:kanji-zushi:book")
    assert link.top >= card.bottom and link.left == card.left and link.right <= card.right
    click(app, link.center)
    assert app.manager.top().name == "kanji_book" and grid(app.manager.top()) == ["休"]


# ------------------------------------------------------------------------------------------
# a real game, played with the mouse
# ------------------------------------------------------------------------------------------
def _ready(scene) -> bool:
    return scene.state.is_over() or (not scene.busy() and scene.human_to_act() is not None)


def _pump_until(app, scene, cond, wall_s=30.0):
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, "the game did not move on"
        app.pump(16)


def _human_move(app, scene) -> None:
    n = len(scene.state.history)
    for i, neta in enumerate(scene.shown.hand):
        for slot, shari in enumerate(scene.shown.table):
            if neta is not None and shari is not None and judge(neta, shari, scene.answer_key)[1]:
                drag(app, rect_of(scene, f"neta:{i}").center, rect_of(scene, f"shari:{slot}").center)
                _pump_until(app, scene, lambda: len(scene.state.history) > n)
                return
    click(app, rect_of(scene, "button:pass").center)
    _pump_until(app, scene, lambda: len(scene.state.history) > n)


def test_a_finished_game_fills_the_book_and_its_score_screen_opens_it(app, tmp_path):
    from scenes.shell.history import HistoryStore
    from scenes.shell.saveslots import SaveSlots

    app.saves, app.history = SaveSlots(), HistoryStore()
    stores = open_room_stores(app)
    assert stores == {"kanji_book": app.kanji_book, "kanji_review": app.kanji_review}
    assert app.kanji_book.path == tmp_path / "kanji-book.json"
    app.kanji_book.today = lambda: datetime.date(2026, 12, 7)
    scene = app.start_game("kanji-zushi", seats=["human", "easy"], seed=3, speed=1000.0, think_ms=0)
    while not scene.state.is_over():
        _pump_until(app, scene, lambda: _ready(scene))
        if not scene.state.is_over():
            _human_move(app, scene)
    for _ in range(5):
        app.pump(16)
    mine = formed(scene.state, True)
    assert mine, "the person formed no kanji in this deal"
    book = app.kanji_book
    game_id = scene.saving.game_uid
    assert book.chars() == list(dict.fromkeys(mine)) == book.new_in(game_id)
    assert [e.char for e in book.entries(False)] == list(dict.fromkeys(formed(scene.state, False)))
    assert json.loads((tmp_path / "kanji-book.json").read_text())["counted"] == [game_id]
    # the review took them at the game's end: a meaning card for each reviewable kanji formed
    from game.kanji.review import reviewable

    assert {c for c in mine if reviewable(c)} == {cid.partition(":")[2] for cid in app.kanji_review.deck().card_ids()
                                                  if cid.startswith("meaning:")}
    _pump_until(app, scene, lambda: "button:score" in ids(app.manager.top()))
    click(app, rect_of(scene, "button:score").center)
    _pump_until(app, scene, lambda: app.manager.top().name == "kanji_score")
    score = app.manager.top()
    n = len(book.chars())
    assert labels(score)["button:new-kanji"] == ("button", f"{n} new kanji" if n != 1 else "1 new kanji")
    row = sorted((rect_of(score, i).x, i) for i in ids(score) if i in ("button:menu", "button:review",
                                                                       "button:new-kanji", "button:rematch"))
    assert [i for _x, i in row][-2:] == ["button:new-kanji", "button:rematch"]
    click(app, rect_of(score, "button:new-kanji").center)
    top = app.manager.top()
    assert top.name == "kanji_book" and sorted(grid(top)) == sorted(book.chars())
    assert top.selected == book.chars()[0] and "button:show-all" in ids(top)
    # the game it was formed in, from the recent games: its replay
    assert labels(top)["played:0"] == ("game-link", app.history.entries()[0].when())
    click(app, rect_of(top, "played:0").center)
    assert app.manager.top().name == "replay"
    app.manager.pop()
    assert app.manager.top() is top
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top() is score


@pytest.fixture(autouse=True)
def _no_dump(monkeypatch):
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
