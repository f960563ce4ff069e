"""Games played online are counted apart (issue 24 §3): a finished game whose setup carries the
``online`` mark counts under the statistics' own ``"online"`` row, never in an AI level's played,
won, streaks or best score, nor in the table's Total; the statistics screen says how many in its line
of games counted apart, and the recent games mark it and name its players."""
from __future__ import annotations

import json
from types import SimpleNamespace

from scenes.shell.history import HistoryEntry, HistoryStore
from scenes.shell.stats import ONLINE, LevelStats, StatsStore, level_key
from scenes.shell.statsview import TOTAL, apart_line, table_rows


def outcome(winners, scores=(3, 1)):
    return SimpleNamespace(winners=tuple(winners), scores=tuple(scores))


def online_setup(seats, names=None):
    return {"seats": seats, "names": names or ["You", *[f"P{i}" for i in range(1, len(seats))]], "online": True}


def test_online_games_count_apart_from_the_ai_levels(tmp_path):
    path = tmp_path / "stats.json"
    store = StatsStore(path)
    assert store.record_game("ai", "kaito", {"seats": ["human", "medium"]}, outcome([0], (6, 2))) == "won"
    # the play scene shows another person as "medium": the online mark keeps it out of Medium's row
    assert store.record_game("o1", "kaito", online_setup(["human", "medium"]), outcome([0], (9, 1))) == "won"
    assert store.record_game("o2", "kaito", online_setup(["medium", "human"]), outcome([0], (5, 4))) == "lost"
    assert store.record_game("o3", "sushi", online_setup(["human", "medium", "hard"]), outcome([0, 2])) == "shared"
    assert store.record_game("o1", "kaito", online_setup(["human", "medium"]), outcome([0])) is None  # counted once
    # not one person of this Tatami at the table: not counted
    assert store.record_game("o4", "kaito", online_setup(["medium", "medium"]), outcome([0])) is None
    assert store.record_game("o5", "kaito", online_setup(["human"]), outcome([0])) is None
    assert store.record_game("o6", "kaito", {**online_setup(["human", "hard"]), "online": "yes"}, outcome([0])) == "won"

    table = StatsStore(path).table("kaito")
    assert list(table) == ["medium", "hard", ONLINE]  # the levels first, online last
    medium, online = table["medium"], table[ONLINE]
    assert (medium.played, medium.won, medium.best_score) == (1, 1, 6)  # o1's 9 is not Medium's
    assert (online.played, online.won, online.lost, online.shared) == (2, 1, 1, 0)
    assert (online.streak, online.best_streak, online.best_score) == (0, 1, 9)
    assert StatsStore(path).table("sushi")[ONLINE].shared == 1
    assert json.loads(path.read_text())["games"]["kaito"][ONLINE]["played"] == 2

    shown = dict(table_rows(table))
    assert ONLINE not in shown and shown[TOTAL] is not None
    assert (shown[TOTAL].played, shown[TOTAL].won, shown[TOTAL].best_score) == (2, 2, 6)  # Medium + o6's Hard
    assert apart_line(table) == "Not counted above: 2 games online (1 won)"
    assert apart_line({ONLINE: table[ONLINE], "hard": LevelStats(assisted=1, assisted_won=1)}) == (
        "Not counted above: 2 games online (1 won)  \u00b7  1 game with hints (1 won)")
    only_online = {ONLINE: table[ONLINE]}
    assert [row for _label, row in table_rows(only_online)] == [None, None, None]  # Easy to Hard; no empty Total
    assert level_key(["human", "medium"], online=True) == ONLINE and level_key(["human", "medium"]) == "medium"


def test_a_corrupt_stats_file_still_loads_with_one_line(tmp_path, caplog):
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": 1, "games": {"kaito": {ONLINE: {"played": 1, "won": 2}}}, "counted": []}))
    store = StatsStore(path)
    with caplog.at_level("WARNING", logger="tatami.stats"):
        assert store.table("kaito") == {}
    assert store.notice().startswith("The statistics could not be read")
    assert len([r for r in caplog.records if r.name == "tatami.stats"]) == 1
    assert store.record_game("o", "kaito", online_setup(["human", "easy"]), outcome([0])) == "won"
    assert StatsStore(path).table("kaito")[ONLINE].played == 1


def test_recent_games_mark_an_online_game_and_name_its_players(tmp_path):
    history = HistoryStore(tmp_path / "history.json")
    setup = online_setup(["medium", "human", "hard"], ["Ana", "You", "Hard AI"])
    assert history.record_game("o", "sushi", setup, outcome([0]), {"game": "sushi"})
    entry = HistoryStore(tmp_path / "history.json").entries()[0]
    assert entry.online and entry.apart_tag() == "online"
    assert entry.opponents() == "Ana, You, Hard AI"  # not "vs Medium AI, Hard AI": Ana is a person
    assert entry.result_text() == "You lost to Ana"
    both = HistoryEntry("x", "kaito", "2026-01-01T00:00:00+00:00", {**setup, "assisted": True}, {"game": "kaito"})
    assert both.apart_tag() == "online \u00b7 with hints"
    plain = HistoryEntry("y", "kaito", "2026-01-01T00:00:00+00:00", {"seats": ["human", "hard"]}, {"game": "kaito"})
    assert not plain.online and plain.apart_tag() == "" and plain.opponents() == "vs Hard AI"
