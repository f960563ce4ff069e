"""The autosave ("a game is never lost"): scenes/shell/saves.py and saveslots.py (one save per game),
the play scene's hooks, the menu's "Continue" under each game, the confirm before a new game replaces
one in progress, the legacy single save's migration and ``tatami --continue``.

The app is driven with real pygame events posted at the UI elements' window rects (the
self-test's ``Driver``) on SDL's dummy video driver; every save lives in a temporary
TATAMI_DATA_DIR.
"""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.kaito.rules import KAITO, square_name
from game.registry import get as get_game
from scenes.devtools.selftest import Driver
from scenes.shell.saves import SAVE_FILE, SaveFormatError, SaveStore, parse_save
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------------------------------
# harness
# ------------------------------------------------------------------------------------------
@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "data"
    monkeypatch.setenv("TATAMI_DATA_DIR", str(d))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    return d


@pytest.fixture
def make_app(data):
    from scenes.shell.app import App

    apps = []

    def make(size=(1280, 720), menu=True):
        a = App(size=size, settings=Settings(data / "settings.json"), uidump=False)
        a.saves = SaveSlots()
        if menu:
            a.manager.push(a.make_scene("menu"))
        apps.append(a)
        return a

    yield make
    for a in apps:
        a.shutdown()


def driver(app) -> Driver:
    return Driver(app, deadline=time.monotonic() + 90, log=lambda m: None)


def ids(app) -> set[str]:
    return {e.id for e in app.manager.top().ui_elements()}


def wait_until(d: Driver, cond, max_frames: int = 3000, what: str = "condition") -> None:
    for _ in range(max_frames):
        if cond():
            return
        d.frames(1)
        if d.app.manager.top() is not None and getattr(d.app.manager.top(), "worker", None) is not None \
                and d.app.manager.top().worker.thinking:
            time.sleep(0.002)  # let the AI process answer
    raise AssertionError(f"timed out waiting for {what}")


def human_seat_ready(app) -> bool:
    top = app.manager.top()
    return getattr(top, "name", "") == "kaito_play" and not top.busy() and top.human_to_act() is not None


def play_human_move(d: Driver) -> str:
    """Click a highlighted square for the human to act (one without a buy-back); returns the action."""
    scene = d.app.manager.top()
    seat = scene.human_to_act()
    assert seat is not None
    view = scene.state.view(seat)
    n = len(scene.state.history)
    plain = [sq for sq in view.targets() if not view.exchanges_at(sq)]
    target = plain[0] if plain else view.targets()[0]
    d.click(f"tile:{square_name(target)}")
    if not plain:  # every capture offers a buy-back here: decline it
        wait_until(d, lambda: "button:no-exchange" in ids(d.app), what="the buy-back step")
        d.click("button:no-exchange")
    wait_until(d, lambda: len(scene.state.history) > n and not scene.animating(), what="the move to apply")
    return scene.state.history[n][1]


def to_score(d: Driver, wall_s: float = 60) -> None:
    """Wait for the end of the game on screen, ask for the score (``button:score``) if the scene
    offers it, and wait for the score screen."""
    end = time.monotonic() + wall_s
    while d.scene_name() != "kaito_score" and "button:score" not in ids(d.app):
        assert time.monotonic() < end, "the game did not end"
        d.frames(1)
    if d.scene_name() != "kaito_score":
        d.click("button:score")
    d.wait_scene("kaito_score", wall_s=wall_s)


def start_game(app, **kw):
    kw.setdefault("speed", 1000.0)
    kw.setdefault("think_ms", 0)
    return app.start_game("kaito", **kw)


def slot(data: Path, game: str = "kaito") -> Path:
    """Where ``game``'s autosave lives."""
    return data / "saves" / f"{game}.json"


def saved_doc(data: Path, game: str = "kaito") -> dict:
    return json.loads(slot(data, game).read_text(encoding="utf-8"))


def same_position(a, b) -> None:
    assert a.board == b.board
    assert a.kaito == b.kaito
    assert a.held == b.held
    assert a.removed == b.removed
    assert a.to_act() == b.to_act()
    assert a.history == b.history
    assert a.colors == b.colors


def valid_save(data: Path, seats=("human", "hard")) -> dict:
    """Write a save of a real seeded game (seed 11) after 4 legal actions; returns the document."""
    import random

    st = KAITO.new_state(2, random.Random(11), colors=("R", "B"))
    for _ in range(4):
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    doc = {"version": 1, "game": "kaito", "record": st.record(),
           "setup": {"seats": list(seats), "names": ["You", "Hard AI"][:1] + [f"{seats[1].title()} AI"],
                     "colors": ["R", "B"], "seed": 11, "speed": 1000.0},
           "saved_at": "2025-01-01T00:00:00+00:00"}
    slot(data).parent.mkdir(parents=True, exist_ok=True)
    slot(data).write_text(json.dumps(doc), encoding="utf-8")
    return doc


# ------------------------------------------------------------------------------------------
# saving while playing
# ------------------------------------------------------------------------------------------
def test_every_move_is_saved_and_the_record_replays_to_the_same_state(make_app, data):
    app = make_app()
    d = driver(app)
    d.frames(2)
    scene = start_game(app, seats=["human", "human"], seed=21, names=["Aki", "Ben"])
    d.frames(2)
    doc = saved_doc(data)  # a new game is saved at once (it replaces any older save)
    assert doc["record"]["actions"] == [] and doc["game"] == "kaito" and doc["version"] == 1
    for k in range(6):
        action = play_human_move(d)
        doc = saved_doc(data)
        assert doc["record"]["actions"][-1] == action and len(doc["record"]["actions"]) == k + 1
    assert doc["record"] == scene.state.record()
    setup = dict(doc["setup"])
    assert setup.pop("colors", ["R", "B"]) == ["R", "B"]  # (KAITO's colours are in the record's setup too)
    assert {k: v for k, v in setup.items() if k not in ("undo", "hints")} == {
        "seats": ["human", "human"], "seed": 21, "names": ["Aki", "Ben"], "speed": 1000.0}
    assert "T" in doc["saved_at"]
    replayed = get_game(doc["game"]).from_record(doc["record"])
    same_position(replayed, scene.state)
    assert replayed.view(0) == scene.state.view(0)
    assert not [p for p in slot(data).parent.iterdir() if p.name.endswith(".tmp")]  # atomic writes leave nothing
    assert len(doc["game_id"]) == 32  # the game's id (statistics count a game once)


def test_quitting_the_app_keeps_the_save(make_app, data):
    app = make_app()
    d = driver(app)
    scene = start_game(app, seats=["human", "human"], seed=5)
    d.frames(2)
    play_human_move(d)
    play_human_move(d)
    history = list(scene.state.history)
    slot(data).unlink()  # only the exit hook can write it now
    app.shutdown()
    assert saved_doc(data)["record"]["actions"] == [a for _, a in history]


def test_no_app_store_means_no_autosave(data):
    from scenes.shell.app import App

    app = App(size=(800, 450), settings=Settings(data / "settings.json"), uidump=False)
    try:
        assert app.saves is None
        start_game(app, seats=["human", "human"], seed=5)
        app.pump()
    finally:
        app.shutdown()
    assert not slot(data).exists() and not (data / "saves").exists()


def test_a_failing_write_is_logged_once_and_the_game_goes_on(make_app, data, tmp_path, caplog):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    app = make_app()
    app.saves = SaveStore(blocker / SAVE_FILE)
    d = driver(app)
    with caplog.at_level(logging.WARNING, logger="tatami.saves"):
        start_game(app, seats=["human", "human"], seed=5)
        d.frames(2)
        play_human_move(d)
        play_human_move(d)
    lines = [r for r in caplog.records if r.name == "tatami.saves"]
    assert len(lines) == 1 and "cannot write" in lines[0].getMessage()
    assert len(app.manager.top().state.history) == 2


# ------------------------------------------------------------------------------------------
# Continue from the menu
# ------------------------------------------------------------------------------------------
def test_continue_button_resumes_the_same_position_and_seats(make_app, data):
    app = make_app()
    d = driver(app)
    d.frames(2)
    assert "continue:kaito" not in ids(app)  # no save yet
    scene = start_game(app, seats=["human", "easy"], seed=8, names=["You", "Easy AI"], colors=("B", "R"))
    d.wait_scene("kaito_play")
    wait_until(d, lambda: human_seat_ready(app), what="the human's first turn")  # the AI placed
    play_human_move(d)
    wait_until(d, lambda: human_seat_ready(app), what="the AI's answer")
    play_human_move(d)
    wait_until(d, lambda: human_seat_ready(app), what="the AI's answer")
    before = scene.state.clone()
    assert len(before.history) == 5

    # quit to the menu through the pause menu: the save is kept
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    menu = app.manager.top()
    assert "continue:kaito" in ids(app)
    btn = menu.widgets.get("continue:kaito")
    assert btn.sublabel == "You vs Easy AI, move 6"
    assert btn.kind == "button" and btn.enabled

    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    resumed = app.manager.top()
    assert resumed is not scene and len(app.manager) == 1
    same_position(resumed.state, before)
    assert resumed.seats == ["human", "easy"]
    assert resumed.names == ["You", "Easy AI"]
    assert resumed.colors == ("B", "R")
    assert resumed.seed == 8
    assert resumed.log == before.history  # the move list shows the game so far
    assert resumed.last_from is not None  # and the footprint of the last move
    # the game goes on from there
    d.frames(2)
    assert human_seat_ready(app)
    play_human_move(d)
    wait_until(d, lambda: len(resumed.state.history) >= 7 or resumed.state.is_over(), what="the AI's answer")
    assert saved_doc(data)["record"]["actions"][:6] == [a for _, a in resumed.state.history[:6]]


def test_continue_when_the_ai_is_to_act_in_the_opening(make_app, data):
    app = make_app()
    d = driver(app)
    # the AI (seat 1) places the Kaito first: save before it does, by quitting at once
    scene = start_game(app, seats=["human", "easy"], seed=3, think_ms=10_000_000)  # the AI never answers
    d.frames(3)
    assert scene.state.history == [] and scene.worker.thinking
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    assert app.manager.top().widgets.get("continue:kaito").sublabel.endswith("move 1")
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    resumed = app.manager.top()
    assert resumed.state.history == [] and resumed.seat_to_act() == 1
    wait_until(d, lambda: len(resumed.state.history) == 1, what="the AI to place the Kaito")
    assert resumed.state.history[0][1].startswith("@")
    wait_until(d, lambda: human_seat_ready(app), what="the human's turn")


def test_continue_mid_game_with_the_ai_to_move(make_app, data):
    doc = valid_save(data, seats=("human", "easy"))  # 4 actions: seat 1 (the AI) is to move
    app = make_app()
    d = driver(app)
    d.frames(2)
    assert app.manager.top().widgets.get("continue:kaito").sublabel == "You vs Easy AI, move 5"
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    resumed = app.manager.top()
    assert [a for _, a in resumed.state.history[:4]] == doc["record"]["actions"]
    assert resumed.seats == ["human", "easy"]
    wait_until(d, lambda: len(resumed.state.history) >= 5, what="the AI's move")
    assert resumed.state.history[4][0] == 1  # the AI (seat 1) moved first after resuming
    wait_until(d, lambda: human_seat_ready(app) or resumed.state.is_over(), what="the human's turn")


def test_continue_when_a_human_places_the_kaito(make_app, data):
    app = make_app()
    d = driver(app)
    start_game(app, seats=["easy", "human"], seed=4)
    d.frames(2)
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    resumed = app.manager.top()
    assert resumed.state.phase == "place" and resumed.human_to_act() == 1
    action = play_human_move(d)
    assert action.startswith("@")
    assert saved_doc(data)["record"]["actions"][0] == action


def test_starting_a_new_game_asks_before_replacing_the_save(make_app, data):
    doc = valid_save(data)
    before = slot(data).read_bytes()
    app = make_app()
    d = driver(app)
    d.frames(2)
    assert "continue:kaito" in ids(app)
    d.open_game("kaito")
    d.wait_scene("setup")
    d.click("choice:seat0:human")
    d.click("choice:seat1:human")
    setup = app.manager.top()
    d.click("button:start")
    d.wait_scene("confirm")
    assert {"button:confirm-abandon", "button:cancel"} <= ids(app)
    assert slot(data).read_bytes() == before  # nothing is replaced while the question is open
    # Cancel: back on the same setup screen, the save untouched
    d.click("button:cancel")
    d.wait_scene("setup")
    assert app.manager.top() is setup and setup.kinds == ["human", "human"]
    d.frames(5)
    assert slot(data).read_bytes() == before
    # Esc on the question cancels too
    d.click("button:start")
    d.wait_scene("confirm")
    d.key(pygame.K_ESCAPE)
    d.wait_scene("setup")
    assert slot(data).read_bytes() == before and app.manager.top() is setup
    # Enter on the question answers nothing
    d.click("button:start")
    d.wait_scene("confirm")
    d.key(pygame.K_RETURN)
    d.frames(3)
    assert d.scene_name() == "confirm" and slot(data).read_bytes() == before
    # confirm: the new game starts and replaces that game's save
    d.click("button:confirm-abandon")
    d.wait_scene("kaito_play")
    assert len(app.manager) == 1
    new = saved_doc(data)
    assert new["record"]["actions"] == [] and new["record"]["setup"] != doc["record"]["setup"]
    assert new["game_id"] != doc.get("game_id")


def test_a_new_game_without_one_in_progress_starts_at_once(make_app, data):
    sushi_doc = _sushi_save(data)
    app = make_app()
    d = driver(app)
    d.frames(2)
    d.open_game("kaito")
    d.wait_scene("setup")
    d.click("choice:seat0:human")
    d.click("choice:seat1:human")
    d.click("button:start")
    d.wait_scene("kaito_play")  # no question: KAITO had no game in progress
    assert saved_doc(data)["game"] == "kaito"
    assert saved_doc(data, "sushi-draft") == sushi_doc  # another game's save is untouched


def _sushi_save(data: Path, seats=("human", "medium", "medium", "hard")) -> dict:
    """A Sushi Draft save (seed 4, no action yet) in its slot; returns the document."""
    import random

    st = get_game("sushi-draft").new_state(len(seats), random.Random(4))
    doc = {"version": 1, "game": "sushi-draft", "game_id": "s" * 32, "record": st.record(),
           "setup": {"seats": list(seats), "seed": 4, "speed": 1000.0}, "saved_at": "2025-01-02T00:00:00+00:00"}
    slot(data, "sushi-draft").parent.mkdir(parents=True, exist_ok=True)
    slot(data, "sushi-draft").write_text(json.dumps(doc), encoding="utf-8")
    return doc


def test_each_game_in_progress_is_offered_and_kept_apart(make_app, data):
    kaito = valid_save(data)
    sushi = _sushi_save(data)
    kaito_bytes = slot(data).read_bytes()
    app = make_app()
    d = driver(app)
    d.frames(2)
    assert {"continue:kaito", "continue:sushi-draft"} <= ids(app) and "continue:kanji-zushi" not in ids(app)
    menu = app.manager.top()
    assert menu.widgets.get("continue:sushi-draft").sublabel == "You vs 2 Medium AIs, Hard AI, move 1"
    d.click("continue:sushi-draft")
    d.wait_scene("sushi_play")
    play = app.manager.top()
    assert play.seats == list(sushi["setup"]["seats"]) and play.seed == 4
    assert slot(data).read_bytes() == kaito_bytes  # KAITO's save is untouched
    d.frames(2)
    assert saved_doc(data, "sushi-draft")["game_id"] == sushi["game_id"]  # a resumed game keeps its id
    d.key(pygame.K_ESCAPE)
    d.wait_scene("pause")
    d.click("button:quit-to-menu")
    d.wait_scene("menu")
    assert {"continue:kaito", "continue:sushi-draft"} <= ids(app)
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    assert [a for _, a in app.manager.top().state.history[:4]] == kaito["record"]["actions"]
    assert saved_doc(data, "sushi-draft")["game_id"] == sushi["game_id"]


def test_the_legacy_single_save_moves_into_its_games_slot(make_app, data):
    doc = valid_save(data)
    raw = slot(data).read_bytes()
    slot(data).rename(data / SAVE_FILE)  # as earlier versions kept it
    app = make_app()
    d = driver(app)
    d.frames(2)
    assert "continue:kaito" in ids(app)
    assert not (data / SAVE_FILE).exists() and slot(data).read_bytes() == raw  # moved, not rewritten
    d.click("continue:kaito")
    d.wait_scene("kaito_play")
    assert [a for _, a in app.manager.top().state.history[:4]] == doc["record"]["actions"]


def test_a_legacy_save_never_overwrites_a_newer_slot(data):
    valid_save(data)
    newer = slot(data).read_bytes()
    (data / SAVE_FILE).write_bytes(newer.replace(b'"seed": 11', b'"seed": 12'))
    slots = SaveSlots()
    assert set(slots.load_all()) == {"kaito"} and slots.problem is None
    assert slot(data).read_bytes() == newer
    assert (data / (SAVE_FILE + ".old")).exists() and not (data / SAVE_FILE).exists()


def test_a_bad_legacy_save_is_set_aside(data, caplog):
    data.mkdir(parents=True)
    (data / SAVE_FILE).write_bytes(b"{broken")
    slots = SaveSlots()
    with caplog.at_level(logging.WARNING, logger="tatami"):
        assert slots.load_all() == {}
    assert slots.problem is not None and (data / (SAVE_FILE + ".bad")).read_bytes() == b"{broken"
    assert len(caplog.records) == 1


def test_finishing_a_game_deletes_the_save(make_app, data):
    app = make_app()
    d = driver(app)
    scene = start_game(app, seats=["human", "random"], seed=12)
    saw_save = False
    for _ in range(40):  # a KAITO game has at most 36 + 7 plies; the human plays half of them
        wait_until(d, lambda: scene.state.is_over() or human_seat_ready(app), what="the human's turn")
        if scene.state.is_over():
            break
        play_human_move(d)
        if not scene.state.is_over():
            assert slot(data).exists()
            saw_save = True
    assert saw_save and scene.state.is_over()
    to_score(d)
    assert not slot(data).exists()
    d.click("button:menu")
    d.wait_scene("menu")
    assert "continue:kaito" not in ids(app)
    assert not slot(data).exists()


def test_an_ai_only_game_never_replaces_a_saved_game(make_app, data):
    doc = valid_save(data)
    before = slot(data).read_bytes()
    app = make_app()
    d = driver(app)
    start_game(app, seats=["random", "random"], seed=12)
    to_score(d)
    assert slot(data).read_bytes() == before
    assert doc["setup"]["seats"][0] == "human"


def test_a_finished_game_in_the_file_is_not_offered(data):
    import random

    st = KAITO.new_state(2, random.Random(2))
    rng = random.Random(0)
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    store = SaveStore()
    assert store.save(st, {"seats": ["human", "hard"]})
    assert store.load() is None and store.problem is None
    assert not store.path.exists() and not store.bad_path.exists()


# ------------------------------------------------------------------------------------------
# bad files
# ------------------------------------------------------------------------------------------
def _good_doc() -> dict:
    import random

    st = KAITO.new_state(2, random.Random(11), colors=("R", "B"))
    for _ in range(3):
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    return {"version": 1, "game": "kaito", "record": st.record(), "setup": {"seats": ["human", "hard"]},
            "saved_at": "2025-01-01T00:00:00+00:00"}


def _with(path: str, value):
    doc = _good_doc()
    keys = path.split(".")
    cur = doc
    for k in keys[:-1]:
        cur = cur[k]
    cur[keys[-1]] = value
    return json.dumps(doc).encode()


BAD_FILES = {
    "corrupt-json": b'{"version": 1, "game": "kaito", "rec',
    "not-utf8": b"\xff\xfe\x00\x01garbage",
    "empty": b"",
    "top-level-list": b"[1, 2, 3]",
    "wrong-version": _with("version", 0),
    "unknown-game": _with("game", "chess"),
    "record-not-object": _with("record", "e4 e5"),
    "wrong-record-format": _with("record.format", "pgn"),
    "record-of-other-game": _with("record.game", "sushi-draft"),
    "bad-board": _with("record.setup.board", "RKRK"),
    "illegal-action": _with("record.actions", ["@a1", "a2", "zz"]),
    "action-out-of-turn": _with("record.actions", ["b2"]),
    "actions-not-strings": _with("record.actions", [1, 2]),
    "no-setup": _with("setup", None),
    "bad-seats": _with("setup.seats", ["human", "grandmaster"]),
    "one-seat": _with("setup.seats", ["human"]),
    "bad-speed": _with("setup", {"seats": ["human", "hard"], "speed": -1}),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_save_is_set_aside_without_a_continue_button(make_app, data, caplog, name):
    content = BAD_FILES[name]
    slot(data).parent.mkdir(parents=True, exist_ok=True)
    slot(data).write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="tatami"):
        app = make_app()
        d = driver(app)
        d.frames(3)
    assert d.scene_name() == "menu"
    assert "continue:kaito" not in ids(app)
    assert not slot(data).exists()
    assert slot(data).with_name("kaito.json.bad").read_bytes() == content
    lines = [r for r in caplog.records if r.name.startswith("tatami")]
    assert len(lines) == 1, [r.getMessage() for r in lines]
    msg = lines[0].getMessage()
    assert "autosave" in msg and ".bad" in msg and "\n" not in msg
    menu = app.manager.top()
    assert menu.notice.startswith("A saved game could not be loaded (") and "set aside" in menu.notice
    # the menu still works, and the next menu has no notice (the file is gone)
    d.click("button:rules")
    d.wait_scene("rules")
    d.click("button:back")
    d.wait_scene("menu")
    app.go_to_menu()
    d.frames(2)
    assert app.manager.top().notice == "" and "continue:kaito" not in ids(app)


def test_the_illegal_action_is_named_in_the_log(data, caplog):
    slot(data).parent.mkdir(parents=True, exist_ok=True)
    slot(data).write_bytes(BAD_FILES["illegal-action"])
    store = SaveSlots().slot("kaito")
    with caplog.at_level(logging.WARNING, logger="tatami.saves"):
        assert store.load() is None
    assert store.problem.reason == "the moves do not replay"
    assert "action" in store.problem.detail and store.problem.moved_to == store.bad_path
    assert len(caplog.records) == 1


def test_an_unreadable_save_is_not_a_crash(data):
    slot(data).mkdir(parents=True)  # a directory where the file should be: read fails
    store = SaveSlots().slot("kaito")
    assert store.load() is None
    assert store.problem is not None and store.problem.reason == "the file is not a regular file"


def test_parse_save_reasons():
    with pytest.raises(SaveFormatError) as e:
        parse_save(b"{")
    assert e.value.reason == "the file is corrupt"
    saved = parse_save(json.dumps(_good_doc()))
    assert saved.game == "kaito" and saved.moves == 3
    assert saved.describe() == "KAITO \u2014 You vs Hard AI, move 4"
    kw = saved.start_kwargs()
    assert kw["state"] is saved.state and kw["seats"] == ["human", "hard"]


# ------------------------------------------------------------------------------------------
# command line
# ------------------------------------------------------------------------------------------
def _run(args, data: Path, timeout=60):
    env = {**os.environ, "TATAMI_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("TATAMI_UI_DUMP", None)
    return subprocess.run([sys.executable, "-m", "scenes", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_continue_flag_without_a_save_exits_2_with_one_line(data):
    p = _run(["--continue"], data)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "no saved game" in lines[0], p.stderr
    assert not data.exists() or not list(data.iterdir())  # nothing written


def test_continue_flag_with_a_bad_save_exits_2_with_one_line(data):
    slot(data).parent.mkdir(parents=True, exist_ok=True)
    slot(data).write_bytes(BAD_FILES["illegal-action"])
    p = _run(["--continue"], data)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot continue" in lines[0] and ".bad" in lines[0], p.stderr
    assert slot(data).with_name("kaito.json.bad").exists() and not slot(data).exists()


def test_continue_flag_opens_the_saved_game(data, monkeypatch):
    doc = valid_save(data)
    from scenes import cli
    from scenes.shell import app as app_module

    seen = {}
    real_run = app_module.App.run

    def run(self):
        code = real_run(self)
        top = self.manager.top()
        seen["scene"] = top.name if top else None
        seen["seats"] = getattr(top, "seats", None)
        seen["actions"] = [a for _, a in top.state.history]
        return code

    monkeypatch.setattr(app_module.App, "run", run)
    assert cli.main(["--continue", "--quit-after-first-frame", "--size", "800x450"]) == 0
    assert seen["scene"] == "kaito_play"
    assert seen["seats"] == ["human", "hard"]
    assert seen["actions"] == doc["record"]["actions"]
    # quitting kept the game (and it still replays)
    assert saved_doc(data)["record"]["actions"][:4] == doc["record"]["actions"]


def test_continue_and_play_together_exit_2(data):
    from scenes.cli import main

    assert main(["--continue", "--play", "kaito"]) == 2


@pytest.mark.xdist_group("selftest")
def test_selftest_never_touches_the_users_save(source_selftest):
    """The source self-test (run once: tests/shared_runs.py) started with a saved KAITO game in its
    data folder: it left the save as it was, and wrote nothing else there."""
    p, data = source_selftest.proc, source_selftest.data
    assert p.returncode == 0, p.stdout + p.stderr
    assert source_selftest.before == source_selftest.after
    assert sorted(source_selftest.after) == ["saves/kaito.json"]
    assert sorted(f.name for f in data.iterdir()) == ["saves"]
    assert saved_doc(data)["record"]["actions"]


# ------------------------------------------------------------------------------------------
# the look of it
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_menu_with_continue_fits_the_window(make_app, data, tmp_path, size):
    valid_save(data)
    # the longest line: a five-seat Sushi Draft of hot-seat people with long names and mixed AIs
    _sushi_save(data, seats=("human", "human", "easy", "medium", "hard"))
    doc = saved_doc(data, "sushi-draft")
    doc["setup"]["names"] = ["Wolfgang Amadeus", "Maximiliane Ann", "Easy AI", "Medium AI", "Hard AI"]
    slot(data, "sushi-draft").write_text(json.dumps(doc), encoding="utf-8")
    app = make_app(size=size)
    d = driver(app)
    d.frames(20)
    menu = app.manager.top()
    els = {e.id: e.rect for e in menu.ui_elements()}
    row = [els[i] for i in ("button:online", "button:learn", "button:rules", "button:stats", "button:recent", "button:settings",
                            "button:quit")]
    assert len({r.centery for r in row}) == 1 and all(a.right < b.x for a, b in zip(row, row[1:]))
    assert row[0].x >= 0 and row[-1].right <= 1280 and abs((row[0].x + row[-1].right) / 2 - 640) <= 1
    for game in ("kaito", "sushi-draft"):
        cont, card = els[f"continue:{game}"], els[f"button:game:{game}"]
        assert cont.x == card.x and cont.w == card.w and card.bottom < cont.y < cont.bottom < row[0].y
        for r in els.values():
            assert not (r.colliderect(cont) and r != cont)
    # the description fits on its button (shortened with an ellipsis when it must be)
    from scenes.kit.draw import fit_text, text_width
    from scenes.shell.menu import SUB_SIZE

    for game in ("kaito", "sushi-draft"):
        btn = menu.widgets.get(f"continue:{game}")
        shown = fit_text(app, btn.sublabel, SUB_SIZE, False, btn.rect.w - 28)
        assert text_width(app, shown, SUB_SIZE) <= btn.rect.w - 28
    sushi = menu.widgets.get("continue:sushi-draft").sublabel
    assert sushi.startswith("Wolfgang Amadeus vs Maximiliane Ann") and sushi.endswith("move 1")
    out = tmp_path / f"menu_continue_{size[0]}x{size[1]}.png"
    app.draw()
    pygame.image.save(app.screen, str(out))
    assert out.stat().st_size > 1000
