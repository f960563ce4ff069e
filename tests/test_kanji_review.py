"""Kanji-zushi's spaced review and export (issue 37 §3-4): the questions (game/kanji/review.py), the
FSRS schedule on a clock the tests set, the per-user store (scenes/kanji/reviewstore.py) and the
CSV / Anki export (game/kanji/export.py). No sleeping, no wall clock."""
from __future__ import annotations

import csv
import json
import random
import sqlite3
import zipfile
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest

from game.kanji import export, review
from game.kanji.review import KINDS, Rating, ReviewDeck, grade, question, senses
from scenes.kanji.reviewstore import KanjiReview
from scenes.shell import notices

T0 = datetime(2026, 12, 7, 9, 0, tzinfo=timezone.utc)
BOOK = "休体話明校"


@pytest.fixture(autouse=True)
def _quiet_notices():
    notices.reset()
    yield
    notices.reset()


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_asked_in_every_language(kind, lang):
    for char in review._pool():
        q = question(f"{kind}:{char}", lang, random.Random(7))
        assert (q.kind, q.char, q.lang) == (kind, char, lang) and q.meanings
        if kind == "meaning":
            assert q.prompt == char and q.choices == () and q.answer == q.meanings[0]
            continue
        assert q.answer == char and len(set(q.choices)) == 4 and char in q.choices
        assert all(review.reviewable(c) for c in q.choices)
        if kind == "pick":
            assert q.prompt == q.meanings[0] and q.halves is None
            for other in set(q.choices) - {char}:  # no distractor means what is asked
                assert q.prompt not in senses(other, lang), (char, other, lang)
        else:
            assert q.halves == review.halves_of(char) and q.prompt == " + ".join(q.halves)


def test_questions_are_deterministic_for_a_seed_and_prefer_similar_kanji():
    a = question("pick:休", "en", random.Random(3))
    assert a == question("pick:休", "en", random.Random(3))
    seen = {question("halves:休", "en", random.Random(s)).choices for s in range(8)}
    assert len(seen) > 1  # the rng does draw
    # 亻 + 木: several other kanji share a half with it, so every distractor does
    for choices in seen:
        for other in set(choices) - {"休"}:
            neta, shari = review.halves_of(other) or ("", "")
            assert neta == "亻" or shari == "木"


def test_languages_give_their_own_meanings():
    assert question("pick:休", "en", random.Random(1)).prompt == "rest"
    assert question("pick:休", "es", random.Random(1)).prompt == "descanso"
    ja = question("pick:休", "ja", random.Random(1))
    assert ja.prompt == "やすむ" and "キュウ" in ja.meanings


def test_a_choice_grades_the_card():
    q = question("pick:話", "en", random.Random(2))
    wrong = next(c for c in q.choices if c != q.answer)
    assert grade(q, q.answer) == Rating.Good and grade(q, wrong) == Rating.Again
    with pytest.raises(ValueError):
        grade(q, "x")
    with pytest.raises(ValueError):
        grade(question("meaning:話", "en", random.Random(2)), "話")


def test_bad_card_ids_raise_one_line():
    for bad in ("休", "color:休", "pick:", "pick:休体", "pick:木"):
        with pytest.raises(ValueError) as err:
            question(bad, "en", random.Random(0))
        assert "\n" not in str(err.value)


def test_new_cards_are_due_now_one_per_kanji():
    deck = ReviewDeck()
    added = deck.add("休体木", T0)  # 木 is a card half, not a formed kanji: no cards
    assert added == [f"{k}:{c}" for c in "休体" for k in KINDS]
    assert deck.add("休", T0) == []
    assert deck.due(T0) == ["meaning:休", "meaning:体"] and deck.count_due(T0) == 2


def test_a_kanji_without_halves_gets_no_halves_card(monkeypatch):
    real = review.halves_of
    monkeypatch.setattr(review, "halves_of", lambda char: None if char == "体" else real(char))
    assert ReviewDeck().add("休体", T0) == ["meaning:休", "pick:休", "halves:休", "meaning:体", "pick:体"]


def test_good_moves_the_card_on_and_again_keeps_it_soon():
    deck = ReviewDeck()
    deck.add("休体", T0)
    soon = deck.answer("meaning:休", Rating.Again, T0)
    assert T0 < soon <= T0 + timedelta(minutes=10)
    later = deck.answer("meaning:体", Rating.Good, T0)
    assert later > T0
    assert "meaning:休" not in deck.due(T0) and "meaning:体" not in deck.due(T0)
    # through the learning steps: Good, Good puts it days away
    t = later
    for _ in range(2):
        t = deck.answer("meaning:体", Rating.Good, t)
    assert t >= later + timedelta(days=1)
    assert "meaning:休" in deck.due(T0 + timedelta(minutes=10))


def test_count_due_follows_the_clock():
    deck = ReviewDeck(new_per_day=3)
    deck.add("休", T0)
    t = T0
    for cid in ("meaning:休",):
        for _ in range(3):
            t = deck.answer(cid, Rating.Good, t)
    due = deck.next_due("meaning:休")
    assert deck.count_due(T0 + timedelta(hours=1)) == 0  # its siblings wait for another day
    assert deck.due(T0 + timedelta(days=1)) == ["pick:休"]
    assert "meaning:休" in deck.due(due) and "meaning:休" not in deck.due(due - timedelta(seconds=1))
    assert deck.count_due(due + timedelta(days=1)) == 2


def test_new_cards_are_limited_per_day():
    deck = ReviewDeck(new_per_day=2)
    deck.add(BOOK, T0)
    assert deck.due(T0) == ["meaning:休", "meaning:体"]
    deck.answer("meaning:休", Rating.Easy, T0)
    assert deck.due(T0) == ["meaning:体"]
    deck.answer("meaning:体", Rating.Easy, T0)
    assert deck.due(T0 + timedelta(hours=2)) == []
    assert deck.due(T0 + timedelta(days=1)) == ["pick:休", "pick:体"]
    with pytest.raises(ValueError):
        ReviewDeck(new_per_day=-1)


def test_the_deck_round_trips_and_reads_strictly():
    deck = ReviewDeck(new_per_day=4)
    deck.add(BOOK, T0)
    deck.answer("meaning:休", Rating.Good, T0)
    deck.answer("pick:体", Rating.Again, T0)
    d = json.loads(json.dumps(deck.to_dict()))
    again = ReviewDeck.from_dict(d)
    assert again.to_dict() == deck.to_dict() and again.due(T0) == deck.due(T0)
    later = T0 + timedelta(days=3)
    assert again.answer("meaning:休", Rating.Good, later) == deck.answer("meaning:休", Rating.Good, later)

    def broken(change):
        bad = json.loads(json.dumps(d))
        change(bad)
        return bad

    cases = [
        [], {"cards": {}}, broken(lambda b: b.update(new_per_day=True)), broken(lambda b: b.update(cards=[])),
        broken(lambda b: b["cards"].update({"color:休": b["cards"]["meaning:休"]})),
        broken(lambda b: b["cards"]["meaning:休"].update(state=7)),
        broken(lambda b: b["cards"]["meaning:休"].update(due="tomorrow")),
        broken(lambda b: b["cards"]["meaning:休"].update(due="2026-12-07T09:00:00")),
        broken(lambda b: b["cards"]["meaning:休"].update(stability=float("nan"))),
        broken(lambda b: b["cards"]["meaning:休"].update(first=None)),
        broken(lambda b: b["cards"]["meaning:休"].pop("step")),
        broken(lambda b: b["cards"]["meaning:休"].update(extra=1)),
    ]
    for bad in cases:
        with pytest.raises(ValueError) as err:
            ReviewDeck.from_dict(bad)
        assert "\n" not in str(err.value)


def test_the_deck_wants_an_aware_time_and_known_cards():
    deck = ReviewDeck()
    deck.add("休", T0)
    with pytest.raises(ValueError):
        deck.due(datetime(2026, 12, 7, 9))
    with pytest.raises(ValueError):
        deck.answer("meaning:体", Rating.Good, T0)
    with pytest.raises(ValueError):
        deck.answer("meaning:休", 5, T0)
    tokyo = timezone(timedelta(hours=9))
    assert deck.answer("meaning:休", 3, T0.astimezone(tokyo)).tzinfo == timezone.utc


# --- the store ---------------------------------------------------------------------------------

def test_the_store_syncs_answers_and_writes_atomically(tmp_path):
    path = tmp_path / "kanji-review.json"
    store = KanjiReview(path)
    assert store.count_due(T0) == 0 and not path.exists()
    added = store.sync(list(BOOK), T0)
    assert len(added) == 15 and store.writes == 1
    assert store.sync(list(BOOK), T0) == [] and store.writes == 1  # nothing new: not written
    store.answer("meaning:休", Rating.Good, T0)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 1 and doc["deck"]["cards"]["meaning:休"]["first"] == "2026-12-07"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    fresh = KanjiReview(path)
    assert fresh.due(T0) == store.due(T0) and fresh.notice() == ""


def test_a_bad_file_is_set_aside_for_a_fresh_deck(tmp_path):
    path = tmp_path / "kanji-review.json"
    for text in ("{not json", json.dumps({"version": 1, "deck": {"new_per_day": 10, "cards": {"x": 1}}})):
        path.write_text(text, encoding="utf-8")
        store = KanjiReview(path)
        assert store.count_due(T0) == 0 and store.problem is not None and store.notice()
        assert not path.exists()
    assert (tmp_path / "kanji-review.json.bad").exists() and (tmp_path / "kanji-review.json.bad.2").exists()
    store.sync(["休"], T0)
    assert KanjiReview(path).count_due(T0) == 1


def test_a_newer_file_is_kept_untouched(tmp_path):
    path = tmp_path / "kanji-review.json"
    text = json.dumps({"version": 99, "deck": "from the future"})
    path.write_text(text, encoding="utf-8")
    store = KanjiReview(path)
    store.sync(["休"], T0)
    store.answer("meaning:休", Rating.Good, T0)
    assert path.read_text(encoding="utf-8") == text and store.newer and store.writes == 0
    assert "newer" in store.notice()


def test_two_stores_on_one_file_keep_both_answers(tmp_path):
    path = tmp_path / "kanji-review.json"
    one, two = KanjiReview(path), KanjiReview(path)
    one.sync(["休", "体"], T0)
    two.sync(["休", "体"], T0)
    one.answer("meaning:休", Rating.Good, T0)
    two.answer("meaning:体", Rating.Again, T0 + timedelta(minutes=1))
    cards = json.loads(path.read_text(encoding="utf-8"))["deck"]["cards"]
    assert cards["meaning:休"]["last_review"] and cards["meaning:体"]["last_review"]
    with pytest.raises(ValueError):
        one.answer("meaning:話", Rating.Good, T0)


# --- the export --------------------------------------------------------------------------------

@dataclass(frozen=True)
class BookEntry:
    char: str
    first: str
    count: int


ENTRIES = [BookEntry("休", "2026-12-01", 3), BookEntry("話", "2026-12-05", 1), BookEntry("明", "2026-12-06", 2)]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_csv_reads_back(tmp_path, lang):
    path = tmp_path / "book.csv"
    export.to_csv(ENTRIES, lang, path)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    with open(path, encoding="utf-8-sig", newline="") as f:
        table = list(csv.reader(f))
    assert len(table) == 1 + len(ENTRIES) and all(len(row) == len(export.CSV_COLUMNS) for row in table)
    rest = dict(zip((row[0] for row in table[1:]), table[1:]))
    assert rest["休"][1].split(export._joiner(lang))[0] == senses("休", lang)[0]
    assert rest["休"][2:6] == ["キュウ", "やす.む" + export._joiner(lang) + "やす.まる" + export._joiner(lang) + "やす.める",
                              "6", "1"]
    assert rest["休"][6:] == ["N5", "亻 + 木", "2026-12-01", "3"]


def test_a_cell_a_spreadsheet_would_compute_stays_text():
    assert [export._cell(t) for t in ("-づけ", "=1+1", "@x", "+", "", "休")] == ["'-づけ", "'=1+1", "'@x", "'+", "", "休"]


def test_the_anki_package_holds_one_note_per_kanji(tmp_path):
    path = tmp_path / "book.apkg"
    export.to_anki(ENTRIES, "es", path, timestamp=1_700_000_000)
    with zipfile.ZipFile(path) as z:
        assert set(z.namelist()) == {"collection.anki2", "media"}
        (tmp_path / "c.anki2").write_bytes(z.read("collection.anki2"))
    conn = sqlite3.connect(tmp_path / "c.anki2")
    try:
        notes = conn.execute("SELECT guid, mid, flds FROM notes ORDER BY id").fetchall()
        cards = conn.execute("SELECT count(*) FROM cards").fetchone()[0]
        decks = json.loads(conn.execute("SELECT decks FROM col").fetchone()[0])
    finally:
        conn.close()
    assert len(notes) == 3 and cards == 6 and str(export.DECK_ID) in decks
    fields = [flds.split("\x1f") for _, _, flds in notes]
    assert all(len(f) == len(export.FIELDS) for f in fields)
    assert [f[0] for f in fields] == ["休", "話", "明"] and fields[0][1].startswith("descanso")
    assert {mid for _, mid, _ in notes} == {export.MODEL_ID}
    # the guid is the kanji's, whatever the language: a new export updates the notes
    again = tmp_path / "again.apkg"
    export.to_anki(ENTRIES[:1], "en", again, timestamp=1_800_000_000)
    with zipfile.ZipFile(again) as z:
        (tmp_path / "d.anki2").write_bytes(z.read("collection.anki2"))
    conn = sqlite3.connect(tmp_path / "d.anki2")
    try:
        assert conn.execute("SELECT guid FROM notes").fetchone()[0] == notes[0][0]
    finally:
        conn.close()


def test_an_export_that_cannot_be_written_says_so_in_one_line(tmp_path):
    for write in (export.to_csv, export.to_anki):
        with pytest.raises(OSError) as err:
            write(ENTRIES, "en", tmp_path / "no" / "such" / "folder.out")
        assert "\n" not in str(err.value) and "folder.out" in str(err.value)
    assert list(tmp_path.iterdir()) == []
