"""The kanji review scene (issue 37, item 3), driven by real mouse and key events in a headless
app on a real review store (`scenes/kanji/reviewstore.py`), its clock set by the test: a meaning
card shown, its answer revealed and self-graded; a pick card answered by the choice made (right:
Good, wrong: Again) and by the keyboard; the store keeps every answer; nothing due says so."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pygame
import pytest

from game.kanji import review as kreview
from scenes.devtools.driver import Driver
from scenes.kanji.reviewstore import KanjiReview
from scenes.shell.settings import Settings

NOW = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    from scenes.shell.app import App

    a = App(size=(1280, 720), settings=Settings(tmp_path / "data" / "settings.json"), uidump=False)
    a.kanji_review = KanjiReview(tmp_path / "data" / "kanji-review.json")
    a.manager.push(a.make_scene("menu"))
    yield a
    a.shutdown()


def _open(app, when):
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    scene = app.make_scene("kanji_review", clock=lambda: when)
    app.manager.push(scene)
    d.frames(3)
    return d, scene


def _labels(app):
    return {e.id: (e.kind, e.label or "") for e in app.manager.top().ui_elements()}


def _key(d, key, uni=""):
    d.post(pygame.KEYDOWN, key=key, mod=0, unicode=uni, scancode=0)
    d.frames(2)


def test_meaning_cards_revealed_and_graded_then_nothing_due(app):
    app.kanji_review.sync(["休", "語"], NOW)
    d, scene = _open(app, NOW)
    ui = _labels(app)
    assert ui["review-due"][1] == "2 due" and ui["review-prompt"][1] in ("休", "語")
    assert "button:grade:good" not in ui and ui["button:show-answer"][0] == "button"
    first = scene.q.char
    d.click("button:show-answer")
    assert "button:grade:good" in _labels(app) and "button:show-answer" not in _labels(app)
    d.click("button:grade:good")  # (FSRS: a new card's learning steps, Again 1 min, Good 10 min)
    good_due = app.kanji_review.deck().next_due(kreview.card_id("meaning", first))
    assert good_due >= NOW + timedelta(minutes=5)
    _key(d, pygame.K_SPACE, " ")  # the second card, by the keyboard: Space reveals, 1 is Again
    assert scene.revealed
    second = scene.q.char
    _key(d, pygame.K_1, "1")
    assert scene.q is None and _labels(app)["review-due"][1] == "0 due"
    assert app.kanji_review.deck().next_due(kreview.card_id("meaning", second)) < good_due
    # a fresh store on the same file sees both answers
    again = KanjiReview(app.kanji_review.path)
    assert again.count_due(NOW) == 0 and again.count_due(NOW + timedelta(minutes=30)) >= 1


def test_pick_cards_are_graded_by_the_choice(app):
    app.kanji_review.sync(["休", "語", "林"], NOW)
    d, scene = _open(app, NOW)
    while scene.q is not None:  # today's new cards: every meaning card, Good
        d.click("button:show-answer")
        d.click("button:grade:good")
    app.manager.pop()
    day = NOW + timedelta(days=1)
    d, scene = _open(app, day)
    assert scene.q is not None and any(cid.startswith(("pick:", "halves:")) for cid in scene.queue)
    seen_right = seen_wrong = False
    while scene.q is not None and not (seen_right and seen_wrong):
        q = scene.q
        if q.kind == "meaning":
            d.click("button:show-answer")
            d.click("button:grade:good")
            continue
        right = q.choices.index(q.answer)
        pick = right if not seen_right else (right + 1) % 4
        ui = _labels(app)
        assert [ui[f"button:pick:{i + 1}"][1].split("\n")[0] for i in range(4)] == list(q.choices)
        if seen_right:
            _key(d, [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4][pick], str(pick + 1))
        else:
            d.click(f"button:pick:{pick + 1}")
        assert scene.picked == q.choices[pick] and _labels(app)["button:pick:1"][0] == "button-disabled"
        due = app.kanji_review.deck().next_due(q.card_id)
        if pick == right:  # Good (a new card: its 10-minute learning step) / Again (1 minute)
            seen_right = True
            assert due >= day + timedelta(minutes=5)
        else:
            seen_wrong = True
            assert due <= day + timedelta(minutes=2)
        d.click("button:next")
    assert seen_right and seen_wrong


def test_an_empty_book_says_how_to_fill_it(app):
    d, scene = _open(app, NOW)
    assert scene.q is None and _labels(app)["review-due"][1] == "0 due"
    _key(d, pygame.K_ESCAPE)
    assert app.manager.top().name == "menu"


def test_the_menu_link_says_how_many_are_due(app):
    app.kanji_review.clock = lambda: NOW
    app.kanji_review.sync(["休", "語"], NOW)
    d = Driver(app, deadline=time.monotonic() + 60, log=lambda m: None)
    app.manager.top().enter()
    end = time.monotonic() + 20
    while _labels(app)["button:room:kanji-zushi:review"][1] != "Review (2 due)":
        assert time.monotonic() < end, _labels(app)["button:room:kanji-zushi:review"]
        d.frames(1)
    d.click("button:room:kanji-zushi:review")
    assert app.manager.top().name == "kanji_review"
