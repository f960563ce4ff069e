"""The tutorials in the real play scenes, driven with real mouse events (issue 11): each is
completed by following its marked pieces (kind ``tutorial-target``) and pages
(``button:tutorial-next``); a wrong action is refused with the coach's why and the step stays;
the first-time offer, the menu's chooser, the rules page's button, ``button:play-now`` and
``--tutorial``; a tutorial never autosaves or counts in the statistics."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from scene_input import click, drag, record_texts, rect_of

from game.tutorial import TUTORIAL_GAMES, load_tutorial
from scenes.devtools.driver import Driver
from scenes.devtools.walk_tutorial import targets, walk_tutorial
from scenes.shell.offered import offer_due
from scenes.shell.saveslots import SaveSlots
from scenes.shell.stats import StatsStore
from scenes.shell.uidump import UIDump
from scenes.tutorial.scene import start_tutorial

ROOT = Path(__file__).resolve().parents[1]
PLAY_SCENES = {"kaito": "kaito_play", "sushi-draft": "sushi_play", "kanji-zushi": "kanji_play"}


def driver(app):
    return Driver(app, time.monotonic() + 240, log=lambda s: None)


def fast(app):
    app.settings["animation_speed"] = "instant"


def settle_step(d, wall_s=30.0):
    """Frames until the coach waits for the player (a page or marked pieces)."""
    end = time.monotonic() + wall_s
    coach = d.app.manager.top().coach
    while coach.phase == "after" or d.app.manager.top().animating() or not (
            d.has("button:tutorial-next") or targets(d) or d.has("button:play-now")):
        assert time.monotonic() < end, f"the coach never waited (step {coach.index})"
        d.frames(1)


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_each_tutorial_is_completed_by_following_the_coach(app, game):
    fast(app)
    app.saves = SaveSlots(Path(app.settings.path).parent / "saves")
    app.stats = StatsStore(Path(app.settings.path).parent / "stats.json")
    d = driver(app)
    assert start_tutorial(app, game)
    d.frames(2)
    scene = app.manager.top()
    assert scene.name == f"tutorial:{game}"
    dump = UIDump.snapshot(scene, app.viewport)
    assert dump["scene"] == f"tutorial:{game}"
    result = walk_tutorial(d, lambda s: None, try_wrong=False)
    tut = load_tutorial(game)
    assert result["moves"] >= sum(1 for s in tut.steps if s.do is not None)
    assert scene.match.is_over() and tut.human in scene.match.outcome().winners
    assert scene.coach.phase == "end" and scene.coach.refused == 0
    # the guided game is never saved or counted
    assert app.saves.slot(game).load() is None
    assert app.stats.games() == []
    kinds = {el.id: el.kind for el in scene.ui_elements()}
    assert kinds.get("button:play-now") == "button" and kinds.get("button:menu") == "button"
    assert "button:score" not in kinds and "button:undo" not in kinds and "button:hint" not in kinds


def test_a_wrong_kaito_move_is_refused_with_why_and_the_step_stays(app):
    fast(app)
    d = driver(app)
    start_tutorial(app, "kaito")
    scene = app.manager.top()
    settle_step(d)
    while d.has("button:tutorial-next"):  # the welcome page
        d.click("button:tutorial-next")
        settle_step(d)
    assert scene.coach.step.do == "@d6"
    assert targets(d) == ["tile:d6"]
    # the other blank square is legal in a game, but not what the step asks: refused, explained
    drag(app, rect_of(scene, "kaito").center, rect_of(scene, "tile:b4").center)
    d.frames(3)
    assert scene.match.ply == 0 and scene.coach.step.do == "@d6" and scene.coach.phase == "show"
    assert "d6" in scene.coach.panel.why
    assert scene.coach.refused == 1
    # the asked-for square is played and the why-not goes
    click(app, rect_of(scene, "tile:d6").center)
    d.frames(2)
    assert scene.match.ply >= 1 and scene.coach.panel.why == ""


def test_a_wrong_kaito_capture_before_a_buy_back_is_refused_before_anything_is_shown(app):
    fast(app)
    d = driver(app)
    start_tutorial(app, "kaito")
    scene = app.manager.top()
    # follow the coach up to the step that asks for the buy-back
    while scene.coach.step.say != "kaito.exchange" or scene.coach.phase != "show":
        settle_step(d)
        if scene.coach.step.say == "kaito.exchange":
            break
        if d.has("button:tutorial-next"):
            d.click("button:tutorial-next")
        else:
            click(app, rect_of(scene, targets(d)[0]).center)
        d.frames(2)
    settle_step(d)
    ply = scene.match.ply
    assert targets(d) == ["tile:a1"]
    legal = {a.partition("+")[0] for a in scene.match.legal_actions(1)} - {"a1"}
    other = sorted(legal)[0]
    click(app, rect_of(scene, f"tile:{other}").center)
    d.frames(3)
    assert scene.exchange is None and scene.match.ply == ply and scene.coach.panel.why
    # the capture, then "No exchange" is refused too: the buy-back step stays open
    click(app, rect_of(scene, "tile:a1").center)
    settle_step(d)
    assert scene.exchange is not None
    d.click("button:no-exchange")
    assert scene.exchange is not None and scene.match.ply == ply
    assert "pay" in scene.coach.panel.why.lower()
    # the marked Mon one at a time, then the confirm button
    for _ in range(3):
        marked = targets(d)
        assert len(marked) == 1, marked
        d.click(marked[0])
    assert scene.match.ply > ply
    assert scene.match.state.history[ply] == (1, "a1+K:3,1")


def test_a_wrong_sushi_card_is_refused_and_stays_in_the_hand(app):
    fast(app)
    d = driver(app)
    start_tutorial(app, "sushi-draft")
    scene = app.manager.top()
    settle_step(d)
    while d.has("button:tutorial-next"):
        d.click("button:tutorial-next")
        settle_step(d)
    marked = targets(d)
    assert len(marked) == 2 and marked[0].startswith("hand:") and marked[1] in ("plate", "keep")
    hand = [el.id for el in scene.ui_elements() if el.id.startswith("hand:")]
    other = next(h for h in hand if h != marked[0] and scene.shown.seats[scene.bottom].hand[int(h[5:])] != "wild")
    before = scene.match.view(scene.bottom).my_choice
    d.drag(other, marked[1])
    d.frames(3)
    assert scene.match.view(scene.bottom).my_choice == before is None
    assert scene.coach.panel.why and scene.coach.refused == 1
    d.drag(marked[0], marked[1])
    d.frames(3)
    assert scene.coach.phase != "show" or scene.coach.index > 0


def test_the_first_time_offer_is_asked_once_per_game(app):
    d = driver(app)
    app.manager.reset(app.make_scene("menu"))
    d.frames(2)
    assert offer_due(app, "kaito")
    d.click("button:game:kaito")
    assert d.scene_name() == "tutorial_offer"
    assert d.has("button:tutorial") and d.has("button:skip-tutorial")
    d.click("button:skip-tutorial")
    d.wait_scene("setup")
    assert not offer_due(app, "kaito") and offer_due(app, "sushi-draft")
    d.click("button:back")
    d.wait_scene("menu")
    d.click("button:game:kaito")  # asked once only
    d.wait_scene("setup")
    d.click("button:back")
    d.wait_scene("menu")
    d.click("button:game:sushi-draft")
    assert d.scene_name() == "tutorial_offer"
    d.click("button:tutorial")
    d.wait_scene("tutorial:sushi-draft")
    assert not offer_due(app, "sushi-draft")
    assert app.settings.path.exists()  # remembered across runs


def test_the_offer_closed_with_esc_is_asked_again(app):
    d = driver(app)
    app.manager.reset(app.make_scene("menu"))
    d.frames(2)
    d.click("button:game:kanji-zushi")
    assert d.scene_name() == "tutorial_offer"
    d.key(__import__("pygame").K_ESCAPE)
    d.wait_scene("menu")
    assert offer_due(app, "kanji-zushi")


def test_the_menu_chooser_and_the_rules_page_open_the_tutorials(app):
    d = driver(app)
    app.manager.reset(app.make_scene("menu"))
    d.frames(2)
    d.click("button:learn")
    d.wait_scene("learn")
    assert {f"button:tutorial:{g}" for g in TUTORIAL_GAMES} <= {el.id for el in app.manager.top().ui_elements()}
    d.click("button:back")
    d.wait_scene("menu")
    d.click("button:rules")
    d.wait_scene("rules")
    d.click("choice:rules-game:kanji-zushi")
    d.click("button:tutorial")
    d.wait_scene("tutorial:kanji-zushi")


def test_play_now_starts_a_real_game_against_the_easy_ai(app):
    fast(app)
    d = driver(app)
    start_tutorial(app, "kaito")
    walk_tutorial(d, lambda s: None, try_wrong=False)
    d.click("button:play-now")
    d.wait_scene("kaito_play")
    scene = app.manager.top()
    assert scene.coach is None and sorted(scene.seats) == ["easy", "human"]


def test_tatami_tutorial_flag(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TATAMI_DATA_DIR": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    ok = subprocess.run([sys.executable, "-m", "scenes", "--tutorial", "kaito", "--quit-after-first-frame"],
                        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run([sys.executable, "-m", "scenes", "--tutorial", "chess"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2 and "tutorial" in bad.stderr


def test_the_kaito_coach_never_covers_the_log_it_speaks_of(app):
    """Issue 21, defect 11: "the game log will warn about it" was said in a panel over the log.
    While a step's words point at the log (``Step.shows``), the coach's panel lies elsewhere."""
    from scenes.kaito.layout import LOWER_RECT

    fast(app)
    d = driver(app)
    assert start_tutorial(app, "kaito")
    d.frames(2)
    scene = app.manager.top()
    seen: list[int] = []
    real_frames = d.frames

    def frames(n: int = 1) -> None:
        for _ in range(n):
            real_frames(1)
            step = scene.coach.step
            if "log" in step.shows and scene.coach.phase == "show":
                assert not scene.coach_rect().colliderect(LOWER_RECT), f"step {step.index}: the coach covers the log"
                if not scene.animating():
                    assert scene.narration.visible and len(scene.narration), f"step {step.index}: no log to read"
                    assert scene.narration.entries[-1].text in scene.coach.panel.text or step.say != "kaito.warning"
                seen.append(step.index)

    d.frames = frames  # type: ignore[method-assign]
    walk_tutorial(d, lambda s: None, try_wrong=False)
    assert len(set(seen)) == 2  # both steps that speak of the log were shown


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_the_coach_never_repeats_a_done_step_while_the_board_moves(app, game):
    """Issue 21, defect 10: Sushi Draft's banner said "Keep: drag…" for seconds while the coach
    still said "Drag the tuna…"; KAITO showed a step's title over the last step's words. Once the
    person has played a step's action, the coach no longer says that step's words (unless the next
    step's words quote the log sentence the coming moves write), and its title always numbers the
    words it shows."""
    d = driver(app)  # normal animation speed: the moves take their time
    assert start_tutorial(app, game)
    d.frames(2)
    scene = app.manager.top()
    coach = scene.coach
    tut = coach.tutorial
    state = {"showing": 0, "done": None}
    moving_after: list[int] = []
    real_frames = d.frames

    def words(index: int) -> str:
        return coach.text(tut.steps[index].say, event=coach._last_sentence())

    def frames(n: int = 1) -> None:
        for _ in range(n):
            real_frames(1)
            if coach.phase == "end":
                continue
            number = int(coach.panel.title.rsplit(" ", 3)[-3])
            assert coach.panel.text == words(number - 1), f"{coach.panel.title!r} over another step's words"
            if coach.phase == "show":
                state["showing"], state["done"] = coach.index, None
            elif state["done"] is None:
                state["done"] = state["showing"]
            done = state["done"]
            if coach.phase == "after" and done is not None and tut.steps[done].do is not None \
                    and done + 1 < len(tut.steps) and "{event}" not in tut.texts.get(tut.steps[done + 1].say, ""):
                if scene.animating():
                    moving_after.append(done)
                assert coach.panel.text != words(done), f"step {done + 1}'s words stay after its action"

    d.frames = frames  # type: ignore[method-assign]
    walk_tutorial(d, lambda s: None, try_wrong=False)
    assert coach.phase == "end" and moving_after  # the case was seen: words checked while pieces moved


def test_the_sushi_tutorials_tag_never_covers_your_sushi(app, monkeypatch):
    """Issue 21, defect 12 (first part): the "here" tag of a mark on one of your stacks lay on the
    stack's top edge, over the panel's title "Your sushi"; it goes below the stack."""

    import scenes.kit.marks as marks
    import scenes.sushi.draw_bottom as bottom

    drawn = record_texts(monkeypatch, marks, bottom)
    fast(app)
    d = driver(app)
    assert start_tutorial(app, "sushi-draft")
    d.frames(2)
    scene = app.manager.top()
    seen: list[int] = []
    real_frames = d.frames

    def frames(n: int = 1) -> None:
        for _ in range(n):
            drawn.clear()
            real_frames(1)
            drop = scene.tutorial_drop()
            if drop is None or drop[0] in ("plate", "keep") or scene.timeline.running:
                continue
            title = drawn.boxes("Your sushi")
            tags = drawn.boxes(scene.hinting.tag)
            if title and tags:
                assert not any(tag.colliderect(title[0]) for tag in tags), 'the tag covers "Your sushi"'
                seen.append(scene.coach.index)

    d.frames = frames  # type: ignore[method-assign]
    walk_tutorial(d, lambda s: None, try_wrong=False)
    assert seen  # the tutorial marks one of your stacks at least once
