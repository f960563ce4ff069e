"""A fuzz suite over every per-user file (issue 22): real settings, saves of each game, statistics and
recent games, ratings and achievements (issue 36), mutated by hypothesis (a value replaced by another JSON type, a huge or endless
number, a long text, NUL and lone surrogates, deep nesting, a key removed, the bytes cut or
garbled), then read by the stores and shown by a real app: start, the menu, Continue, Statistics
and Recent games.

Asserted for every example: nothing raises, and nothing is lost: the bytes written are still on
disk, either where they were (the file was usable, or a newer Tatami's) or byte for byte in a
``.bad`` file beside it."""
from __future__ import annotations

import json
import random
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import safejson
from game.registry import GAMES
from scenes.devtools.driver import Driver
from scenes.profile.achieved import AchievementStore
from scenes.profile.ratings import RatingStore
from scenes.shell.history import HistoryStore
from scenes.shell.saveslots import SaveSlots
from scenes.shell.settings import Settings
from scenes.shell.stats import StatsStore

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
APP_FUZZ = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def _state(game: str, steps: int, seed: int = 4):
    g = GAMES[game]
    s = g.new_state(max(2, g.game_type.min_seats), random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        for seat in list(s.to_act()):
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _finished(game: str, seed: int = 2):
    s = _state(game, 0, seed)
    rng = random.Random(seed)
    while not s.is_over():
        for seat in list(s.to_act()):
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def base_docs() -> dict[str, Any]:
    """Real per-user documents, as the app writes them (relative path -> JSON value)."""
    docs: dict[str, Any] = {
        "settings.json": {"version": 1, "window_size": [1024, 576], "fullscreen": False, "animation_speed": "fast",
                          "sound": True, "volume": 0.5, "language": "es",
                          "setup": {"kaito": {"sides": ["human", "hard"], "colors": ["R", "B"], "first_side": "left"},
                                    "sushi-draft": {"seats": ["human", "easy", "medium"]}}},
        "stats.json": {"version": 1, "games": {"kaito": {"hard": {"played": 3, "won": 1, "lost": 2, "shared": 0,
                                                                  "streak": 0, "best_streak": 1, "best_score": 6}}},
                       "counted": ["a" * 32, "b" * 32, "c" * 32]},
    }
    games = []
    for k, game in enumerate(sorted(GAMES)):
        s = _state(game, 2)
        seats = ["human"] + ["easy"] * (s.num_seats - 1)
        docs[f"saves/{game}.json"] = {
            "version": 1, "game": game, "game_id": f"{k}" * 32, "rev": 3, "record": s.record(),
            "setup": {"seats": seats, "names": ["Ana"] + ["Easy AI"] * (s.num_seats - 1), "seed": 7, "speed": 1.0},
            "saved_at": "2026-11-01T10:00:00+00:00"}
        f = _finished(game)
        out = f.outcome()
        games.append({"id": f"h{k}" * 16, "game": game, "finished_at": "2026-11-02T10:00:00+00:00",
                      "setup": {"seats": ["human"] + ["easy"] * (f.num_seats - 1)}, "record": f.record(),
                      "result": "You won", "winners": list(out.winners), "scores": list(out.scores)})
    docs["history.json"] = {"version": 1, "games": games}
    docs["ratings.json"] = {  # issue 36
        "version": 1,
        "games": {"kaito": {"skill": [27.5, 4.25], "unrated": 1, "history": [
            {"at": "2026-12-07T10:00:00+00:00", "shown": 1080, "level": "hard"},
            {"at": "2026-12-07T11:00:00+00:00", "shown": 1130, "level": "medium"}]}},
        "friends": {"sushi-draft": {"Ana": {"you": [26.0, 7.9], "them": [24.0, 7.9], "played": 1, "won": 1,
                                            "lost": 0, "shared": 0, "last": "2026-12-07T12:00:00+00:00"}}},
        "counted": ["d" * 32, "e" * 32]}
    docs["achievements.json"] = {
        "version": 1,
        "games": {"kanji-zushi": {"earned": {"first-win": "2026-12-07T10:00:00+00:00"},
                                  "tally": {"played": 3, "won": 1, "streak": 1, "kanji": ["休", "語"], "neta": ["亻"]}}},
        "counted": ["f" * 32]}
    return docs


BASE = base_docs()
#: A finished game of each game (the next change after a mutated file: rated, achievements judged).
FINISHED = {game: _finished(game) for game in ("kaito", "kanji-zushi", "sushi-draft")}

#: Values a mutation puts in place of another (raw JSON text, so that 1e400 and deep nesting can be said).
NASTY = [
    "null", "true", "0", "-1", "1e400", "-1e400", "1" * 5000, "2.5", '""', '"\\u0000"', '"Me\\u0000"',
    '"\\udcff"', '"' + "x" * 20000 + '"', '"' + "長" * 6000 + '"', "[]", "{}", "[[[[[[[[]]]]]]]]",
    "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, '"kaito"', '["kaito"]', '{"version": 2}',
]


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value in ``doc`` (dict keys and list indices)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            out += _paths(v, prefix + (i,))
    return out


MARK = "\u0001MARK\u0001"


def mutate(doc: Any, data: st.DataObject) -> bytes:
    """``doc`` with one to three hypothesis-chosen mutations, as the bytes of a file."""
    doc = json.loads(json.dumps(doc))
    raw_values: list[str] = []
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = data.draw(st.sampled_from(["replace", "delete", "number", "string"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "number":
            parent[path[-1]] = data.draw(st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=False,
                                                                                          allow_infinity=False)))
        elif how == "string":
            parent[path[-1]] = data.draw(st.text(max_size=40))
        else:
            raw_values.append(data.draw(st.sampled_from(NASTY)))
            parent[path[-1]] = f"{MARK}{len(raw_values) - 1}{MARK}"
    text = json.dumps(doc, ensure_ascii=False)
    for i, raw in enumerate(raw_values):
        text = text.replace(json.dumps(f"{MARK}{i}{MARK}", ensure_ascii=False), raw)
    blob = text.encode("utf-8", "surrogatepass")
    cut = data.draw(st.sampled_from(["whole", "whole", "whole", "cut", "garble"]))
    if cut == "cut":
        blob = blob[:data.draw(st.integers(0, max(0, len(blob) - 1)))]
    elif cut == "garble" and blob:
        i = data.draw(st.integers(0, len(blob) - 1))
        blob = blob[:i] + bytes([data.draw(st.integers(0, 255))]) + blob[i + 1:]
    return blob


def write_all(folder: Path, which: str, blob: bytes) -> None:
    """The base files in ``folder``, with ``which`` holding ``blob``."""
    for rel, doc in BASE.items():
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(blob if rel == which else json.dumps(doc).encode())


def assert_kept(folder: Path, which: str, blob: bytes) -> None:
    """``blob`` is still on disk: at ``which`` or in a ``.bad`` file beside it. The settings are the
    exception: a file read as ours (version 1 or none) is the player's own, rewritten by each save
    (each unusable value replaced by its default)."""
    p = folder / which
    places = [p] + sorted(p.parent.glob(p.name + ".bad*"))
    if which == "settings.json" and not any(q.name.startswith("settings.json.bad") for q in places):
        doc = safejson.loads(blob)  # it was accepted: it must have been a usable settings object
        assert isinstance(doc, dict) and doc.get("version", 1) == 1
        return
    assert any(q.is_file() and q.read_bytes() == blob for q in places), f"{which}: the bytes were lost"


def outcome(winners):
    return SimpleNamespace(winners=tuple(winners), scores=(1, 0))



@pytest.mark.parametrize("which", sorted(BASE))
def test_every_reader_survives_a_mutated_file(tmp_path_factory, which):
    @FUZZ
    @given(data=st.data())
    def check(data):
        folder = tmp_path_factory.mktemp("fuzz")
        blob = mutate(BASE[which], data)
        write_all(folder, which, blob)
        s = Settings(folder / "settings.json")
        assert isinstance(s["window_size"], list) and len(s["window_size"]) == 2
        slots = SaveSlots(folder / "saves", legacy=folder / "autosave.json")
        for saved in slots.load_all(quiet=True).values():
            saved.summary(), saved.describe()
        stats = StatsStore(folder / "stats.json")
        for game in stats.games():
            stats.table(game)
        stats.notice()
        history = HistoryStore(folder / "history.json")
        for e in history.entries():
            e.opponents(), e.result_text(), e.when(), e.names
        history.notice()
        ratings = RatingStore(folder / "ratings.json")
        for game in GAMES:
            ratings.rating(game), ratings.friends(game)
        ratings.notice()
        achieved = AchievementStore(folder / "achievements.json")
        for game in GAMES:
            achieved.earned(game), achieved.tally(game)
        achieved.notice()
        assert_kept(folder, which, blob)
        # the next change keeps the other data and never writes over a kept copy
        stats.record_game("new-game", "kaito", {"seats": ["human", "easy"]}, outcome([0]))
        for game in ("kaito", "kanji-zushi", "sushi-draft"):  # a rated game and its achievements
            ratings.record_finished(f"new-{game}", game, {"seats": ["human"] + ["easy"] * (FINISHED[game].num_seats - 1)},
                                    FINISHED[game])
            achieved.record_finished(f"new-{game}", game, {"seats": ["human"] + ["easy"] * (FINISHED[game].num_seats - 1)},
                                     FINISHED[game])
        s["sound"] = False
        s.save()
        assert_kept(folder, which, blob) if which in ("saves/kaito.json",) else None
        for bad in folder.rglob("*.bad*"):
            assert bad.read_bytes() == blob

    check()


@pytest.mark.parametrize("which", sorted(BASE))
def test_the_app_survives_a_mutated_file(tmp_path_factory, monkeypatch, which):
    from scenes.shell.app import App

    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)

    @APP_FUZZ
    @given(data=st.data())
    def check(data):
        folder = tmp_path_factory.mktemp("appfuzz")
        blob = mutate(BASE[which], data)
        write_all(folder, which, blob)
        monkeypatch.setenv("TATAMI_DATA_DIR", str(folder))
        app = App(size=(800, 450), settings=Settings(folder / "settings.json"), uidump=False)
        try:
            app.saves, app.stats, app.history = SaveSlots(), StatsStore(), HistoryStore()
            app.ratings, app.achievements = RatingStore(), AchievementStore()
            app.manager.push(app.make_scene("menu"))
            d = Driver(app, deadline=time.monotonic() + 120, log=lambda m: None)
            d.frames(2)
            for target, scene in (("button:stats", "stats"), ("button:recent", "recent")):
                d.click(target)
                d.wait_scene(scene)
                d.frames(2)
                for page in ("achievements", "friends", "stats") if scene == "stats" else ():
                    d.click(f"choice:profile-page:{page}")
                    d.click("choice:stats-game:sushi-draft")
                    d.frames(1)
                app.go_to_menu()
                d.frames(2)
            menu = app.manager.top()
            for game in list(menu.saved):
                d.click(f"continue:{game}")
                d.frames(3)
                assert app.manager.top().name.endswith("_play") or app.manager.top().name == "menu"
                app.go_to_menu()
                d.frames(2)
        finally:
            app.shutdown()
        assert_kept(folder, which, blob) if not which.startswith("saves/") else None

    check()
