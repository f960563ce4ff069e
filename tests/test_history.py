"""The recent finished games (scenes/shell/history.py) and their list (scenes/shell/recent.py): the last
50 kept newest first, each once, atomic writes, a corrupt file set aside with a notice; rows open the
replay viewer with the record and the setup (real mouse events, SDL dummy)."""
from __future__ import annotations

import json
import logging
import random
from types import SimpleNamespace

import pygame
import pytest
from scene_input import click, ids, rect_of

from game.registry import GAMES
from scenes.kit.scene import Scene
from scenes.shell import registry
from scenes.shell.history import KEEP, HistoryEntry, HistoryStore, result_line


def finished(game: str = "kaito", seed: int = 0, seats: int = 2):
    rng = random.Random(seed)
    opts = {"colors": ("R", "B")} if game == "kaito" else {}
    st = GAMES[game].new_state(seats, random.Random(seed), **opts)
    while not st.is_over():
        for seat in list(st.to_act()):
            if not st.is_over():
                st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


def add(store: HistoryStore, gid: str, game: str = "kaito", seats=("human", "hard"), seed: int = 0) -> bool:
    st = finished(game, seed, len(seats))
    return store.record_game(gid, game, {"seats": list(seats), "seed": seed}, st.outcome(), st.record())


# ------------------------------------------------------------------------------------------
# the store
# ------------------------------------------------------------------------------------------
def test_games_are_kept_newest_first_once_each_and_at_most_50(tmp_path):
    path = tmp_path / "history.json"
    store = HistoryStore(path)
    assert store.entries() == [] and not path.exists()
    st = finished(seed=3)
    assert store.record_game("a", "kaito", {"seats": ["human", "hard"], "names": ["Aki", "Hard AI"]},
                             st.outcome(), st.record())
    assert not store.record_game("a", "kaito", {"seats": ["human", "hard"]}, st.outcome(), st.record())
    for k in range(KEEP + 3):
        add(store, f"g{k}", seed=k % 4)
    entries = HistoryStore(path).entries()  # as a new run reads it
    assert len(entries) == KEEP and entries[0].game_id == f"g{KEEP + 2}" and entries[-1].game_id == "g3"
    first = HistoryStore(path).entries()[0]
    assert first.record["game"] == "kaito" and first.record["actions"]
    assert GAMES["kaito"].from_record(first.record).is_over()  # the whole game, replayable
    assert first.setup["seats"] == ["human", "hard"] and "T" in first.finished_at
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert json.loads(path.read_text())["version"] == 1


def test_result_lines():
    setup = {"seats": ["human", "hard"], "names": ["Aki", "Hard AI"]}
    won = SimpleNamespace(winners=(0,), scores=(5, 2))
    assert result_line(setup, won) == "Aki won"
    assert result_line(setup, SimpleNamespace(winners=(1,))) == "Aki lost to Hard AI"
    three = {"seats": ["easy", "human", "medium"]}
    assert result_line(three, SimpleNamespace(winners=(0, 1))) == "You shared the win with Easy AI"
    assert result_line(three, SimpleNamespace(winners=(0, 2))) == "You lost to Easy AI and Medium AI"
    hot = {"seats": ["human", "human", "easy"], "names": ["Aki", "Ben", "Easy AI"]}
    assert result_line(hot, SimpleNamespace(winners=(1,))) == "Ben won"
    assert result_line(hot, SimpleNamespace(winners=(0, 1))) == "Aki and Ben shared the win"
    assert result_line(hot, SimpleNamespace(winners=())) == "Nobody won"


def test_rows_describe_the_opponents():
    e = HistoryEntry("x", "sushi-draft", "2025-01-31T18:02:11+00:00",
                     {"seats": ["human", "medium", "medium", "easy"]}, {"game": "sushi-draft"})
    assert e.opponents() == "vs 2 Medium AIs, Easy AI"
    hot = HistoryEntry("y", "kaito", "bad date", {"seats": ["human", "human"], "names": ["Aki", "Ben"]},
                       {"game": "kaito"})
    assert hot.opponents() == "Aki, Ben" and hot.when() == "bad date"
    assert "2025" in e.when()


@pytest.mark.parametrize("content", [b"{oops", b"\xff\xfe", b"[]", b'{"version": 0, "games": []}',
                                     b'{"version": 1, "games": {}}'])
def test_a_corrupt_file_is_set_aside_with_a_notice(tmp_path, caplog, content):
    path = tmp_path / "history.json"
    path.write_bytes(content)
    store = HistoryStore(path)
    with caplog.at_level(logging.WARNING, logger="tatami"):
        assert store.entries() == []
    assert not path.exists() and (tmp_path / "history.json.bad").read_bytes() == content
    assert len(caplog.records) == 1 and "\n" not in caplog.records[0].getMessage()
    assert store.notice().startswith("The recent games could not all be read (")
    assert add(store, "new") and [e.game_id for e in HistoryStore(path).entries()] == ["new"]


def test_malformed_entries_are_dropped_but_kept_aside(tmp_path, caplog):
    path = tmp_path / "history.json"
    store = HistoryStore(path)
    add(store, "good1", seed=1)
    add(store, "good2", seed=2)
    doc = json.loads(path.read_text())
    doc["games"].insert(1, {"id": "bad", "game": "kaito", "setup": {"seats": "human"}})
    raw = json.dumps(doc).encode()
    path.write_bytes(raw)
    again = HistoryStore(path)
    with caplog.at_level(logging.WARNING, logger="tatami"):
        assert [e.game_id for e in again.entries()] == ["good2", "good1"]
    assert (tmp_path / "history.json.bad").read_bytes() == raw  # nothing lost
    assert again.notice() and len(caplog.records) == 1


# ------------------------------------------------------------------------------------------
# the list
# ------------------------------------------------------------------------------------------
class FakeReplay(Scene):
    """Stands in for the replay viewer: remembers what it was given."""

    name = "replay"
    made: list[dict] = []

    def __init__(self, app, record=None, setup=None, **kw):
        super().__init__(app)
        FakeReplay.made.append({"record": record, "setup": setup})


@pytest.fixture
def with_history(app, tmp_path):
    store = HistoryStore(tmp_path / "history.json")
    add(store, "k0", "kaito", seed=0)
    add(store, "s1", "sushi-draft", ("human", "easy", "medium"), seed=1)
    for k in range(2, 12):
        add(store, f"k{k}", "kaito", seed=k % 3)
    app.history = store
    return store


def test_the_menu_opens_the_list_and_a_row_opens_the_replay(app, with_history, monkeypatch):
    monkeypatch.setitem(registry.SCENES, "replay", FakeReplay)
    FakeReplay.made.clear()
    app.manager.reset(app.make_scene("menu"))
    app.pump(16)
    click(app, rect_of(app.manager.top(), "button:recent").center)
    scene = app.manager.top()
    assert scene.name == "recent"
    got = ids(scene)
    assert "button:back" in got and "recent:0" in got
    kinds = {e.id: e.kind for e in scene.ui_elements()}
    assert kinds["recent:0"] == "button"
    for e in scene.ui_elements():
        assert 0 <= e.rect.y and e.rect.bottom <= 720
    # row 10 (the sushi game, second oldest) is scrolled out of view: scroll with the wheel
    assert "recent:10" not in got
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, precise_x=0.0, precise_y=-2.0,
                                             flipped=False, which=0))
        app.pump(16)
    assert "recent:10" in ids(scene) and "recent:0" not in ids(scene)
    entry = with_history.entries()[10]
    assert entry.game == "sushi-draft"
    click(app, rect_of(scene, "recent:10").center)
    assert app.manager.top().name == "replay" and app.manager.stack[-2] is scene  # pushed over the list
    made = FakeReplay.made[-1]
    assert made["record"] == entry.record and made["setup"]["seats"] == ["human", "easy", "medium"]
    app.manager.pop()
    click(app, rect_of(scene, "button:back").center)
    assert app.manager.top().name == "menu"


def test_rows_are_disabled_without_a_replay_viewer(app, with_history, monkeypatch):
    monkeypatch.delitem(registry.SCENES, "replay", raising=False)
    app.manager.reset(app.make_scene("recent"))
    app.pump(16)
    scene = app.manager.top()
    kinds = {e.id: e.kind for e in scene.ui_elements()}
    assert kinds["recent:0"] == "button-disabled"
    click(app, rect_of(scene, "recent:0").center)
    assert app.manager.top() is scene


def test_empty_and_storeless_lists(app, tmp_path):
    app.manager.reset(app.make_scene("recent"))
    app.pump(16)
    assert ids(app.manager.top()) == {"button:back"}
    app.history = HistoryStore(tmp_path / "none.json")
    app.manager.reset(app.make_scene("recent"))
    app.pump(16)
    assert ids(app.manager.top()) == {"button:back"}


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_the_list_renders(app, with_history, tmp_path, size):
    app.resize_window(size)
    app.manager.reset(app.make_scene("recent"))
    for _ in range(20):
        app.pump(16)
    out = tmp_path / f"recent_{size[0]}x{size[1]}.png"
    pygame.image.save(app.screen, str(out))
    assert out.stat().st_size > 1000
