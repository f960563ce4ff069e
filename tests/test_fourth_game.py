"""A fourth game is two packages (issue 32 §3): Nim, which lives only in the tests
(tests/fourth_game/: ``game_nim`` the core's side, ``scenes_nim`` the app's), registered at test
time by the :func:`nim` fixture and taken through everything the three games go through — the
conformance suite's checks, its bots, the menu's card, the setup screen, a whole game against its AI
in the app to the score screen, the replay viewer on its record, the statistics, the self-test's
game part, the layout check of its generic walks, ``python -m game replay`` / ``narrate`` / ``play``
on its records and an online table of bot clients — with no line of it outside its two packages and
the registration below.

The registration (:func:`registered`) is one call per registry: ``game.registry.register`` with
the core's package and ``scenes.shell.catalog.register`` with the room (undone after each test).
The AI thinks in its own process as in the app: the process is told the game's package with each
bot's recipe and registers it there.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
import tempfile
import time
from functools import reduce
from pathlib import Path
from typing import Any, Iterator

import pytest

CORE = "fourth_game.game_nim"
ROOM = "fourth_game.scenes_nim"


@contextlib.contextmanager
def registered() -> Iterator[Any]:
    """Nim registered in the core's and the app's registries, one call each (the two lines a game
    that lives outside the app needs), for the ``with`` block; yields its :class:`GameInfo`."""
    from game import registry
    from scenes.shell import catalog

    registry.register(CORE)
    try:
        info = catalog.register(ROOM)
        try:
            yield info
        finally:
            catalog.unregister(ROOM)
    finally:
        registry.unregister("nim")


@pytest.fixture
def nim():
    """Nim registered for the test (everything undone after it)."""
    with registered() as info:
        yield info


def nim_sum(heaps) -> int:
    return reduce(lambda a, b: a ^ b, heaps, 0)


def hard_choice(heaps: tuple[int, ...]) -> str:
    """What the hard bot plays from ``heaps`` (game_nim/ai.py): the move to a nim-sum of 0, else one
    stone from the largest heap."""
    from fourth_game.game_nim.ai import perfect

    best = perfect(heaps)
    if best is not None:
        return best
    return f"h{max(range(len(heaps)), key=lambda h: heaps[h]) + 1}-1"


def check_ai_moves(record: dict, ai_seats: set[int]) -> int:
    """Every action of an AI seat in ``record`` is the hard bot's choice; returns how many."""
    from fourth_game.game_nim.rules import parse_action

    heaps = list(record["setup"]["heaps"])
    checked = 0
    for ply, action in enumerate(record["actions"]):
        if ply % 2 in ai_seats:
            assert action == hard_choice(tuple(heaps)), (ply, heaps, action)
            checked += 1
        h, k = parse_action(action)
        heaps[h] -= k
    return checked


# ------------------------------------------------------------------------------------------------
# the registration
# ------------------------------------------------------------------------------------------------
def test_registering_and_unregistering_leave_the_three_games_as_they_were():
    from game import registry
    from scenes.devtools.games import dev_games
    from scenes.shell import catalog
    from scenes.shell.registry import SCENES

    before = (list(registry.GAMES), dict(registry.REGISTRATIONS), catalog.ROOMS, list(catalog.GAME_LIST),
              dict(catalog.GAMES_BY_NAME), dict(SCENES))
    with registered() as info:
        assert list(registry.GAMES)[-1] == "nim" and registry.get("nim").name == "nim"
        assert catalog.game_info("nim") is info and catalog.GAME_LIST[-1] is info
        assert [g.name for g in dev_games()][-1] == "nim" and dev_games()[-1].short == "scenes_nim"
        assert registry.registration("nim").package == "fourth_game.game_nim"
    assert (list(registry.GAMES), dict(registry.REGISTRATIONS), catalog.ROOMS, list(catalog.GAME_LIST),
            dict(catalog.GAMES_BY_NAME), dict(SCENES)) == before


def test_registering_refuses_what_is_not_a_game_and_keeps_the_apps_own():
    from game import registry
    from scenes.shell import catalog

    with pytest.raises(ValueError, match="not registered"):
        catalog.register(ROOM)  # (its core first)
    with pytest.raises(ValueError, match="has no REGISTRATION"):
        registry.register("fourth_game")
    with pytest.raises(ModuleNotFoundError):
        registry.register("fourth_game.no_such_game")
    with pytest.raises(ValueError, match="app's own"):
        registry.unregister("kaito")
    with pytest.raises(ValueError, match="app's own"):
        catalog.unregister(catalog.ROOMS[0])
    with registered():
        assert registry.register(CORE).name == "nim" and catalog.register(ROOM).name == "nim"  # (again: no change)
        assert list(registry.GAMES).count("nim") == 1 and catalog.ROOMS.count(ROOM) == 1
    registry.unregister("nim")  # (not registered: nothing)
    assert "nim" not in registry.GAMES


# ------------------------------------------------------------------------------------------------
# the core: the conformance suite's checks, the wire, the bots
# ------------------------------------------------------------------------------------------------
def test_the_conformance_suite_takes_it(nim):
    """The conformance suite's checks (tests/test_conformance.py, parametrized at import over the
    games registered then) called with the fourth game."""
    import test_conformance as tc

    from game.registry import GAMES

    game = GAMES["nim"]
    assert not game.game_type.hidden_information  # (the twin-state check is for hidden information)
    for n in sorted({game.min_seats, game.max_seats}):
        tc.test_random_playouts_end_with_sorted_legal_actions_only_for_the_seats_to_act(name="nim", n=n)
        tc.test_a_clone_is_independent_both_ways(name="nim", n=n)
        tc.test_records_round_trip_through_json_and_rebuild_every_view(name="nim", n=n)
        tc.test_each_seats_log_is_the_full_log_redacted(name="nim", n=n)
        tc.test_an_action_is_told_whole_to_its_seat_and_all_or_nothing_to_the_others(name="nim", n=n)
    tc.test_bad_actions_and_bad_records_raise_typed_errors("nim")
    tc.test_new_state_needs_a_seeded_rng_and_a_supported_seat_count("nim")


def test_its_views_and_events_travel_the_wire(nim):
    from game.core import event_from_json
    from game.registry import GAMES
    from game.telling import describe

    game = GAMES["nim"]
    state = game.new_state(2, random.Random(5))
    rng = random.Random(5)
    while True:
        for seat in (0, 1):
            view = state.view(seat)
            data = json.loads(json.dumps(game.view_to_json(view)))
            assert game.view_from_json(data) == view
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert game.view_from_json(game.view_to_json(state.view(0))).outcome.text() == state.outcome().text()
    for event in state.events:
        again = event_from_json(json.loads(json.dumps(event.to_dict())))
        assert again == event and describe(again, ["Ana", "Ben"])


def test_its_bots_at_every_level(nim):
    from fourth_game.game_nim.rules import NIM
    from game.ai import LEVELS, make_bot

    for level in LEVELS:
        bot = make_bot("nim", level, random.Random(1))
        state = NIM.new_state(2, random.Random(2))
        assert bot.choose(state.view(0)) in state.legal_actions(0)
    with pytest.raises(ValueError, match="unknown level"):
        make_bot("nim", "grandmaster", random.Random(1))
    won = 0
    for seed in range(40):  # the hard bot never loses a deal it can win
        state = NIM.new_state(2, random.Random(seed))
        if nim_sum(state.heaps) == 0:
            continue
        bots = [make_bot("nim", "hard", random.Random(seed)), make_bot("nim", "random", random.Random(seed))]
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.view(seat)))
        assert state.outcome().winners == (0,)
        won += 1
    assert won > 20


# ------------------------------------------------------------------------------------------------
# the app: menu, setup, a game against the AI, score, replay viewer, statistics
# ------------------------------------------------------------------------------------------------
@pytest.fixture
def full_app(nim, tmp_path, monkeypatch):
    """An app with its saves, statistics and recent games in a temporary data folder, on the menu
    (as tests/test_stats.py's), Nim registered first."""
    from scenes.shell.app import App
    from scenes.shell.history import HistoryStore
    from scenes.shell.saveslots import SaveSlots
    from scenes.shell.settings import Settings
    from scenes.shell.stats import StatsStore

    data = tmp_path / "data"
    monkeypatch.setenv("TATAMI_DATA_DIR", str(data))
    monkeypatch.delenv("TATAMI_UI_DUMP", raising=False)
    a = App(size=(1280, 720), settings=Settings(data / "settings.json"), uidump=False)
    a.saves, a.stats, a.history = SaveSlots(), StatsStore(), HistoryStore()
    a.manager.push(a.make_scene("menu"))
    yield a
    a.shutdown()


def _until(d, cond, what: str, wall_s: float = 60.0) -> None:
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        d.frames(1)
        top = d.app.manager.top()
        if getattr(getattr(top, "match", None), "thinking", False):
            time.sleep(0.002)


def test_the_app_plays_it_from_its_card_to_the_statistics(full_app, tmp_path):
    from game.telling import describe
    from scenes.devtools.driver import Driver
    from scenes.devtools.walk_replay import walk_replay

    app = full_app
    d = Driver(app, deadline=time.monotonic() + 240, log=lambda m: None)
    d.frames(2)
    # the menu: four cards, all whole on screen, Nim's enabled
    cards = {e.id: e for e in app.manager.top().ui_elements() if e.id.startswith("button:game:")}
    assert list(cards) == ["button:game:kaito", "button:game:sushi-draft", "button:game:kanji-zushi",
                           "button:game:nim"]
    assert all(0 <= e.rect.x and e.rect.right <= 1280 for e in cards.values())
    assert cards["button:game:nim"].kind == "button"
    # its setup: one human against the hard AI
    d.open_game("nim")
    d.wait_scene("setup")
    setup = app.manager.top()
    assert setup.game == "nim" and setup.multi and d.has("choice:game:nim")
    assert not any(e.id.startswith("choice:players") for e in setup.ui_elements())  # (2 seats: no choice)
    d.click("choice:seat0:human")
    d.click("choice:seat1:hard")
    d.click("choice:speed:fast")
    d.click("button:start")
    d.wait_scene("nim_play")
    play = app.manager.top()
    # (a game without character hooks: the level's first character, its own play unchanged)
    assert play.seats == ["human", "hard"] and play.names == ["You", "Sora"]
    assert (Path(tmp_path / "data" / "saves" / "nim.json")).exists()  # autosaved as any game
    # the whole game: the person clicks the first stone of the largest heap (takes it whole)
    clicks = 0
    while not play.match.is_over():
        _until(d, lambda: play.match.is_over() or play.human_to_act() is not None, "the person's turn")
        if play.match.is_over():
            break
        heap = max(range(3), key=lambda h: play.shown[h])
        d.click(f"stone:{heap + 1}:1")
        clicks += 1
        _until(d, lambda: play.match.is_over() or play.human_to_act() is None, "the click taken")
    assert clicks >= 1 and play.errors == 0
    record = play.match.record()
    assert check_ai_moves(record, {1}) >= 1  # the hard AI played (not a random stand-in)
    worker = play.match.worker  # in its own process, which registered Nim from the bot's recipe
    assert worker.active_mode == "process" and worker.process_pid is not None and worker.fallbacks == 0
    # the end stays on screen; the score on request
    _until(d, lambda: d.has("button:score"), "the end on screen")
    d.click("button:score")
    d.wait_scene("nim_score")
    score = app.manager.top()
    out = play.match.outcome()
    assert score.winners == out.winners and score.scores == list(out.scores)
    assert sum(score.scores) == sum(record["setup"]["heaps"])
    assert score.description == describe(play.match.state.events[-1], ["You", "Sora"])
    assert {"button:menu", "button:review", "button:rematch"} <= {e.id for e in score.ui_elements()}
    # counted once in the statistics and the recent games; the save is gone
    row = app.stats.table("nim")["hard"]
    won = out.winners == (0,)
    assert (row.played, row.won, row.lost) == (1, int(won), int(not won))
    assert len(app.history.entries()) == 1 and app.history.entries()[0].game == "nim"
    assert not (tmp_path / "data" / "saves" / "nim.json").exists()
    # the replay viewer on its record, walked as the self-test walks it (back to the menu)
    d.frames(5)
    d.click("button:review")
    d.wait_scene("replay")
    viewer = app.manager.top()
    assert viewer.problem is None and viewer.count == len(record["actions"]) and viewer.index == viewer.count
    assert type(viewer.board).__name__ == "NimPlayScene" and viewer.board.review
    walk_replay(d, lambda m: None, "Nim")  # (three heaps: three actions at least)
    assert d.scene_name() == "menu"
    # the statistics screen shows it
    d.click("button:stats")
    d.wait_scene("stats")
    d.click("choice:profile-page:stats")
    d.click("choice:stats-game:nim")
    stats = app.manager.top()
    assert stats.game == "nim" and set(stats.rows) == {"hard"} and stats.rows["hard"].played == 1
    d.click("button:back")
    d.wait_scene("menu")


def test_the_selftest_plays_its_game_part(nim, app):
    """The self-test's walk of a game (scenes/devtools/selftest.py: from the menu, set up AI against
    AI with the generic choices, played to the score, the replay viewer walked) for the fourth
    game, which has no dev-tools hook of its own."""
    from scenes.devtools.games import dev_game, dev_games
    from scenes.devtools.selftest import _walk_game
    from scenes.play.devhooks import DevTools

    game = dev_game("nim")
    assert game.tools == DevTools() and game.score_scene == "nim_score" and dev_games()[-1].name == "nim"
    lines: list[str] = []
    app.manager.push(app.make_scene("menu"))
    from scenes.devtools.driver import Driver

    d = Driver(app, deadline=time.monotonic() + 180, log=lines.append)
    d.frames(3)
    _walk_game(d, lines.append, game)
    assert d.scene_name() == "menu"
    assert "nim_play" in d.visited and "nim_score" in d.visited
    assert "replay" in d.visited and any(line.startswith("  replay viewer: Nim") for line in lines)


def test_the_layout_check_finds_nothing_on_its_screens(nim):
    """The layout check (scenes/devtools/layoutrun.py) of the fourth game's generic play walk (the
    opening, its end, the score screen) and of the shell screens that list it (the menu's four
    cards, its rules page, its setup, its statistics), in English at 1280x720."""
    from scenes.devtools.games import dev_game
    from scenes.devtools.layoutrun import run_matrix, write_sheets
    from scenes.devtools.layoutstates import SceneWalk, game_walks, settle

    def shell(d):
        settle(d)
        yield "menu"
        d.click("button:rules")
        settle(d)
        d.click("choice:rules-game:nim")
        settle(d)
        yield "rules-nim"
        d.click("button:back")
        settle(d)
        d.open_game("nim")
        settle(d)
        yield "setup-nim"
        d.click("choice:seat0:human")
        d.click("choice:seat1:human")
        settle(d)
        yield "setup-nim-hot-seat"
        d.click("button:back")
        settle(d)
        d.click("button:stats")
        settle(d)
        d.click("choice:profile-page:stats")
        d.click("choice:stats-game:nim")
        settle(d)
        yield "stats-nim"
        d.click("button:back")
        settle(d)
        d.click("button:settings")
        settle(d)
        yield "settings"

    walks = [*game_walks(dev_game("nim")), SceneWalk("nim-shell", shell)]
    lines: list[str] = []
    report = run_matrix(walks=walks[:1], langs=("en",), sizes=((1280, 720),), log=lines.append, timeout_s=300)
    report2 = run_matrix(walks=walks[1:], langs=("en", "es", "ja"), sizes=((800, 450), (1920, 1080)),
                         log=lines.append, timeout_s=300, thumbs=True)
    folder = Path(tempfile.gettempdir()) / "tatami-layout-sheets" / "nim"
    write_sheets(report2, folder)  # (for a person to look at: the four cards, the settings' columns)
    lines.insert(0, f"contact sheets: {folder}")
    states = {(s.scene, s.state) for s in report.shots}
    assert {("scenes_nim", "opening"), ("scenes_nim", "end"), ("scenes_nim", "score")} <= states
    shell_states = {(s.scene, s.state, s.lang) for s in report2.shots}
    assert {("nim-shell", st, lang) for st in ("menu", "rules-nim", "setup-nim", "setup-nim-hot-seat", "stats-nim", "settings")
            for lang in ("en", "es", "ja")} <= shell_states
    own = nim_texts()  # (a game of the tests has no catalog entries: its own texts stay English)
    found = [f"{shot.scene}/{shot.state} [{shot.lang} {shot.size}]: {f.line()}" for shot, f in report.findings
             + report2.findings if not (f.kind == "language" and f.text in own)]
    assert not found and not report.errors and not report2.errors, "\n".join(
        lines + found + report.errors + report2.errors)


def nim_texts() -> set[str]:
    """Every string of the fourth game's two packages (the texts it shows in English)."""
    import ast

    out: set[str] = set()
    for path in (Path(__file__).parent / "fourth_game").rglob("*.py"):
        out |= {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return out


# ------------------------------------------------------------------------------------------------
# python -m game
# ------------------------------------------------------------------------------------------------
def test_python_m_game_replays_narrates_and_plays_it(nim, tmp_path, capsys, monkeypatch):
    from game.__main__ import main
    from scenes.replay.source import ai_game_record

    monkeypatch.setenv("TATAMI_LANG", "en")
    record = ai_game_record("nim", ["hard", "random"], seed=3)
    path = tmp_path / "nim.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "--each-step", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(record["actions"]) + 1
    last = lines[-1]
    assert last["game"] == "nim" and last["over"] and last["winners"] and last["to_act"] == []
    assert main(["narrate", str(path)]) == 0
    told = capsys.readouterr().out.splitlines()
    assert len(told) == len(record["actions"]) + 1
    assert told[0].startswith("Seat 1 took ") and told[-1].endswith("took the last stone and won.")
    assert main(["narrate", "--seat", "1", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == told  # nothing hidden
    assert main(["play", "nim", "--seats", "hard,random", "--games", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out.strip()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "actions": ["h9-9"]}), encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------------
# online
# ------------------------------------------------------------------------------------------------
def test_an_online_table_of_bot_clients_plays_it_to_the_end(nim):
    """A real server on 127.0.0.1 (tests/net_support.py) and two bot clients (game/net/botclient.py,
    in this process: the registration is this process's): one creates the table, the other joins
    it; both end with the same legal record."""
    from game.net import botclient
    from game.registry import get
    from net_support import running_server

    async def main() -> list[dict]:
        async with running_server() as (_server, url):
            code: asyncio.Future[str] = asyncio.get_running_loop().create_future()

            def said(line: str) -> None:
                if line.startswith("table ") and not code.done():
                    code.set_result(line.split()[1])

            first = asyncio.create_task(botclient.run(
                botclient.parse([url, "--game", "nim", "--seats", "2", "--level", "hard", "--name", "Ana"]), said))
            table = await asyncio.wait_for(code, 60)
            second = asyncio.create_task(botclient.run(
                botclient.parse([url, "--join", table, "--level", "random"]), lambda line: None))
            return list(await asyncio.wait_for(asyncio.gather(first, second), 120))

    records = asyncio.run(main())
    assert records[0] == records[1] and records[0]["game"] == "nim"
    state = get("nim").from_record(records[0])
    assert state.is_over()
    check_ai_moves(records[0], {0})  # seat 0 (the table's maker) is the hard bot
