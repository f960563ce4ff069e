"""The score screens (issue 10 §3, §9): each states in a whole sentence what decided the game — the
core's own end-event sentence, from the ``end`` keyword or the replayed ``record`` — and offers
``button:review`` (the replay viewer, when there is a record and a replay scene); KAITO's no longer
shows a tile count as if it were the score; Kanji-zushi's shows every meaning whole and its strokes
as whole phrases. Driven with real pygame events (SDL dummy), at 1280x720 and 800x450."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest
from scene_input import click, ids, post, press_key, rect_of

from game.core import english_list
from game.kaito.rules import KAITO
from game.kanji.data import form
from game.kanji.rules import KANJI
from game.sushi.rules import SUSHI
from game.telling import describe
from scenes.kanji.score import KanjiScoreScene, strokes_text, wrap_meaning
from scenes.kit.draw import text_width
from scenes.kit.scene import Scene
from scenes.play import score as score_mod
from scenes.play.score import end_event
from scenes.shell import registry
from scenes.shell.app import App
from scenes.shell.settings import Settings


# -- finished games -------------------------------------------------------------------------------
def finished(game: Any, n: int, seed: int, **options: Any):
    """A game played to its end with random legal actions (simultaneous phases: every seat)."""
    rng = random.Random(seed)
    st = game.new_state(n, rng, **options)
    while not st.is_over():
        for seat in st.to_act():
            st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


def kaito_game(want: Any):
    """The first seeded random KAITO game whose end satisfies ``want(end_event)``."""
    for seed in range(400):
        st = finished(KAITO, 2, seed, colors=("R", "B"))
        end = st.events[-1]
        if want(end):
            return st, end
    raise AssertionError("no such KAITO game in 400 seeds")


def first(game: Any, n: int, want: Any, **options: Any):
    for seed in range(600):
        st = finished(game, n, seed, **options)
        if want(st):
            return st
    raise AssertionError("no such game in 600 seeds")


class FakeReplay(Scene):
    """Stands in for the replay viewer: records what it was built with."""

    name = "replay"
    made: list[dict] = []

    def __init__(self, app: Any, **kwargs: Any):
        super().__init__(app)
        FakeReplay.made.append(kwargs)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture
def with_replay(monkeypatch):
    """A replay scene registered (the fake one), whatever the registry holds now."""
    FakeReplay.made = []
    monkeypatch.setitem(registry.SCENES, "replay", FakeReplay)
    return FakeReplay


@pytest.fixture
def without_replay(monkeypatch):
    monkeypatch.delitem(registry.SCENES, "replay", raising=False)


@pytest.fixture
def small_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    a = App(size=(800, 450), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    yield a
    a.shutdown()


def show(app, scene, frames: int = 40):
    app.manager.reset(scene)
    for _ in range(frames):
        app.pump(16)
    return scene


def drawn_texts(monkeypatch, *modules) -> list[str]:
    """Record every string ``draw_text`` draws through ``modules`` (their imported name)."""
    seen: list[str] = []
    for mod in modules:
        real = mod.draw_text

        def spy(surface, app, text, *a, _real=real, **kw):
            seen.append(text)
            return _real(surface, app, text, *a, **kw)

        monkeypatch.setattr(mod, "draw_text", spy)
    return seen


# -- the end event from a record ------------------------------------------------------------------
def test_end_event_is_replayed_from_the_record():
    st = finished(SUSHI, 3, 4)
    end = end_event(st.record(), "sushi-draft")
    assert end is not None and end.KIND == "sushi.end" and end == st.events[-1]
    unfinished = SUSHI.new_state(3, random.Random(1))
    assert end_event(unfinished.record()) is None  # not over: no end
    assert end_event(None) is None
    broken = dict(st.record(), actions=["nonsense"])
    assert end_event(broken) is None  # cannot be replayed: no sentence, no crash
    assert end_event({"format": "x"}) is None


# -- KAITO --------------------------------------------------------------------------------------
@pytest.mark.parametrize("reason", ["no-katana", "no-kabuto"])
def test_kaito_score_says_whose_last_tile_fell(app, without_replay, monkeypatch, reason):
    st, end = kaito_game(lambda e: e.reason == reason and e.loser == 0 and e.captured_by == 1)
    names = ["You", "Hard AI"]
    kind = "katana" if reason == "no-katana" else "kabuto"
    seen = drawn_texts(monkeypatch, score_mod, __import__("scenes.kaito.score", fromlist=["x"]))
    scene = show(app, app.make_scene("kaito_score", game_name="kaito", view=st.view(0), seats=["human", "hard"],
                                     names=names, colors=("R", "B"), record=st.record()))
    assert scene.end == end
    # the core's sentence, with the losing "You" named by its colour (never "You's")
    assert scene.description == describe(end, ["Red", "Hard AI"])
    assert f"Red's last {kind}" in scene.description and "You's" not in scene.description
    assert scene.headline()[0] == "Defeat"
    # the sentence is on screen; no "N tiles" beside the result any more
    assert scene.description in seen or any(scene.description.startswith(t) for t in seen)
    assert not [t for t in seen if re.fullmatch(r"tiles?", t)]
    assert "Captured tiles" in seen


def test_kaito_score_winner_named_you_and_no_move(app, without_replay):
    st, end = kaito_game(lambda e: e.winners == (0,) and e.reason in ("no-katana", "no-kabuto"))
    scene = show(app, app.make_scene("kaito_score", game_name="kaito", view=st.view(0), seats=["human", "hard"],
                                     names=["You", "Hard AI"], colors=("R", "B"), record=st.record()))
    assert scene.description == describe(end, ["You", "Hard AI"]) and scene.description.startswith("You won")
    assert scene.headline()[0] == "Victory!"


def test_kaito_score_without_a_record_tells_the_outcome(app, without_replay):
    st, _ = kaito_game(lambda e: True)
    out = st.outcome()
    scene = show(app, app.make_scene("kaito_score", game_name="kaito", outcome=out, seats=["human", "hard"],
                                     colors=("R", "B"), held=st.view(0).held))
    assert scene.end is None and scene.description == out.description
    assert "button:review" not in ids(scene)


# -- Sushi Draft ----------------------------------------------------------------------------------
def test_sushi_score_tells_every_total_and_a_shared_win(app, without_replay):
    st = first(SUSHI, 3, lambda s: len(s.outcome().winners) > 1)
    names = ["Aiko", "Ben", "Chie"]
    scene = show(app, app.make_scene("sushi_score", view=st.view(0), seats=["human", "hard", "hard"], names=names,
                                     record=st.record()))
    end = st.events[-1]
    assert scene.description == describe(end, names)
    for s, total in enumerate(st.scores()):
        assert f"{names[s]}: {total}" in scene.description  # every chip total
    winners = st.outcome().winners
    assert "shared the win" in scene.description  # the tie rule, as the core tells it
    assert english_list([names[w] for w in winners]) in scene.description


# -- Kanji-zushi ---------------------------------------------------------------------------------
def test_kanji_score_tells_strokes_and_the_tie_break(app, without_replay):
    st = first(KANJI, 3, lambda s: s.view(0).tie_break is not None and s.view(0).tie_break.decided)
    names = ["Aiko", "Ben", "Chie"]
    end = st.events[-1]
    scene = show(app, KanjiScoreScene(app, view=st.view(0), seats=["human", "easy", "easy"], names=names,
                                      record=st.record()))
    assert scene.end == end and scene.description == describe(end, names)
    assert "tie-break" in scene.description and f"{end.tie_break.total} strokes" in scene.description
    # the end keyword (the play scene's) gives the same
    again = KanjiScoreScene(app, view=st.view(0), seats=["human", "easy", "easy"], names=names, end=end)
    assert again.description == scene.description


@pytest.mark.parametrize("which", ["big", "small"])
def test_kanji_score_shows_every_meaning_whole_with_whole_stroke_phrases(app, small_app, without_replay, which):
    a = app if which == "big" else small_app
    st = first(KANJI, 6, lambda s: sum(len(c) for c in s.view(0).completed) >= 8)
    view = st.view(0)
    scene = show(a, KanjiScoreScene(a, view=view, seats=["human"] + ["easy"] * 5))
    room = scene.text_room()
    checked = 0
    for s in range(6):
        for i, c in enumerate(view.completed[s][:5]):
            size, lines = scene.cell_lines(s, i)
            assert size * a.viewport.scale >= a.assets.min_px() - 0.5  # readable: never below the minimum
            *meaning_lines, strokes = lines
            assert strokes == strokes_text(c.strokes) and re.fullmatch(r"\d+ strokes?", strokes)
            text = " ".join(meaning_lines).replace("- ", "")
            meanings = form(c.neta, c.shari).meanings
            assert text in meanings and not text.endswith("-")  # whole, never "…" and never a bare prefix
            assert all(text_width(a, line, size) <= room + 0.5 for line in meaning_lines)
            checked += 1
    assert checked >= 8
    scene.draw(a.screen)


def test_wrap_meaning_never_cuts_a_word(app):
    lines = wrap_meaning(app, "establishment of a second (1/60 minute)", 12, 60)
    assert "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).strip() == \
        "establishment of a second (1/60 minute)"
    assert all(text_width(app, line, 12) <= 60 for line in lines)
    assert strokes_text(1) == "1 stroke" and strokes_text(13) == "13 strokes"


# -- button:review --------------------------------------------------------------------------------
@pytest.mark.parametrize("game,scene_name,n", [("kaito", "kaito_score", 2), ("sushi-draft", "sushi_score", 3),
                                               ("kanji-zushi", "kanji_score", 2)])
def test_review_opens_the_replay_viewer_on_the_record(app, with_replay, game, scene_name, n):
    core = {"kaito": KAITO, "sushi-draft": SUSHI, "kanji-zushi": KANJI}[game]
    st = finished(core, n, 3, **({"colors": ("R", "B")} if game == "kaito" else {}))
    seats = ["human"] + ["hard"] * (n - 1)
    kw: dict[str, Any] = dict(view=st.view(0), seats=seats, record=st.record())
    if game == "kaito":
        kw.update(game_name="kaito", colors=("R", "B"))
    scene = show(app, app.make_scene(scene_name, **kw))
    assert {"button:menu", "button:review", "button:rematch"} <= ids(scene)
    r = rect_of(scene, "button:review")
    assert not r.colliderect(rect_of(scene, "button:menu")) and not r.colliderect(rect_of(scene, "button:rematch"))
    post(app, pygame.MOUSEBUTTONUP, r.center)  # a release alone (a click that started elsewhere) does nothing
    app.pump(16)
    assert app.manager.top() is scene and not with_replay.made
    click(app, r.center)
    top = app.manager.top()
    assert isinstance(top, FakeReplay) and len(with_replay.made) == 1
    made = with_replay.made[0]
    assert made["record"] == st.record() and made["setup"]["seats"] == seats and made["setup"]["seed"] is None
    assert not any(isinstance(v, tuple) for v in made["setup"].values())  # JSON types (KAITO's colours: a list)


def test_no_review_without_a_replay_scene_or_a_record(app, without_replay):
    st = finished(SUSHI, 3, 3)
    scene = show(app, app.make_scene("sushi_score", view=st.view(0), seats=["human", "hard", "hard"],
                                     record=st.record()))
    assert "button:review" not in ids(scene) and {"button:menu", "button:rematch"} <= ids(scene)
    scene.review()  # does nothing
    assert app.manager.top() is scene
    # Enter still rematches, Esc still goes to the menu
    started = []
    app.start_game = lambda game, **kw: started.append(game)
    press_key(app, pygame.K_RETURN)
    assert started == ["sushi-draft"]


def test_no_review_without_a_record(app, with_replay):
    st = finished(SUSHI, 3, 3)
    scene = show(app, app.make_scene("sushi_score", view=st.view(0), seats=["human", "hard", "hard"]))
    assert "button:review" not in ids(scene)


# -- small window ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game,scene_name,n", [("kaito", "kaito_score", 2), ("sushi-draft", "sushi_score", 5),
                                               ("kanji-zushi", "kanji_score", 6)])
def test_score_screens_draw_at_the_smallest_window(small_app, with_replay, game, scene_name, n):
    core = {"kaito": KAITO, "sushi-draft": SUSHI, "kanji-zushi": KANJI}[game]
    st = finished(core, n, 5, **({"colors": ("R", "B")} if game == "kaito" else {}))
    kw: dict[str, Any] = dict(view=st.view(0), seats=["human"] + ["hard"] * (n - 1), record=st.record())
    if game == "kaito":
        kw.update(game_name="kaito", colors=("R", "B"))
    scene = show(small_app, small_app.make_scene(scene_name, **kw))
    assert scene.description
    buttons = [rect_of(scene, b) for b in ("button:menu", "button:review", "button:rematch")]
    assert all(0 <= b.left and b.right <= 1280 and b.bottom <= 720 for b in buttons)
