"""The profile's core (issue 36): the rating (game/rating.py, openskill), the achievements of every
game (game/achievements.py and each game's achievements.py) and the two stores
(scenes/profile/ratings.py, scenes/profile/achieved.py): what is rated and what is not, friends
apart, a game counted once, files kept atomically and a bad file set aside."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import game.rating as rating
from game import i18n
from game.achievements import AI, Finished, achievements_of, judge, progress
from game.match import Match
from game.rating import Skill, rate_against_bots, rate_pair, ranks
from game.registry import get

#: The app's own games (a test may register a fourth at run time: it has no achievements)
REGISTRATIONS = ("kaito", "sushi-draft", "kanji-zushi")
from scenes.profile.achieved import AchievementStore
from scenes.profile.finished import played
from scenes.profile.ratings import RatingStore
from scenes.profile.words import earned_line, friend_name, number, rating_line, signed

LEVELS = {"random": [10.0, 1.5], "easy": [20.0, 1.5], "medium": [30.0, 1.5], "hard": [36.0, 1.5]}


@pytest.fixture
def bots(tmp_path, monkeypatch):
    """Fixed AI ratings for every game (the real file is made by tools/rate_bots.py)."""
    path = tmp_path / "ai-ratings.json"
    path.write_text(json.dumps({"games": {g: {"levels": LEVELS} for g in REGISTRATIONS}}))
    monkeypatch.setattr(rating, "RATINGS_FILE", path)
    rating.bot_ratings.cache_clear()
    yield path
    rating.bot_ratings.cache_clear()


def finished_state(game: str, n: int, seed: int):
    """A finished game of ``n`` seats played by Easy AIs."""
    g = get(game)
    match = Match(g, ["easy"] * n, seed, state=g.new_state(n, random.Random(seed)), synchronous=True)
    match.run_bots_until_human()
    assert match.state.is_over()
    return match.state


def test_a_skill_is_shown_conservatively_and_read_strictly():
    new = Skill()
    assert new.shown() == 1000 and new.provisional
    assert Skill(30.0, 2.0).shown() == 1000 + 40 * 24 and not Skill(30.0, 2.0).provisional
    assert Skill.from_json([27.5, 3.25]) == Skill(27.5, 3.25) and Skill.from_json({"mu": 1, "sigma": 2}) == Skill(1, 2)
    for bad in ([1], "x", [1, float("nan")], [1, -1], [True, 2], [1e9, 1], None):
        with pytest.raises(ValueError):
            Skill.from_json(bad)


def test_ranks_put_winners_first_then_scores():
    assert ranks((0,), (5, 9)) == [1, 2]  # the winner first, whatever the score (KAITO's reasons)
    assert ranks((1,), (3, 7, 7)) == [3, 1, 2]
    assert ranks((0, 2), (4, 1, 4)) == [1, 3, 1]  # a shared win shares the rank


def test_only_the_person_moves_and_a_stronger_opponent_counts_more():
    easy, hard = Skill(20, 1.5), Skill(36, 1.5)
    me = Skill()
    beat_easy = rate_against_bots(me, 0, {1: easy}, [1, 2])
    beat_hard = rate_against_bots(me, 0, {1: hard}, [1, 2])
    lost_hard = rate_against_bots(me, 0, {1: hard}, [2, 1])
    assert beat_hard.mu > beat_easy.mu > me.mu > lost_hard.mu
    assert beat_hard.sigma < me.sigma  # a game teaches something
    five = rate_against_bots(me, 2, {0: easy, 1: easy, 3: hard, 4: hard}, [2, 3, 1, 4, 5])  # one ranking of five
    assert five.mu > me.mu
    with pytest.raises(ValueError):
        rate_against_bots(me, 0, {2: easy}, [1, 2])
    a, b = rate_pair(Skill(), Skill(), 1, 2)
    assert a.mu > 25 > b.mu and a.sigma == pytest.approx(b.sigma)


def test_every_game_has_ten_to_fifteen_achievements_with_words_in_every_language():
    for name in REGISTRATIONS:
        achievements, tally = achievements_of(name)
        assert 10 <= len(achievements) <= 15, name
        assert len({a.key for a in achievements}) == len(achievements) and tally is not None
        for lang in ("es", "ja"):
            tr = i18n.translations(lang).gettext
            for a in achievements:
                assert tr(a.title) != a.title and tr(a.text) != a.text, (name, lang, a.key)


@pytest.mark.parametrize("game,n", [("kaito", 2), ("sushi-draft", 3), ("sushi-draft", 5), ("kanji-zushi", 2),
                                    ("kanji-zushi", 4)])
def test_achievements_follow_the_events_of_real_games(game, n):
    """Every check on 12 real games: none raises, a win-only achievement never comes with a loss,
    the lifetime counts add up, and what the events show is what is earned."""
    tally: dict = {}
    have: set[str] = set()
    for seed in range(12):
        state = finished_state(game, n, seed)
        o = state.outcome()
        f = Finished(game, 0, ("human",) + ("hard",) * (n - 1), state, tuple(ranks(o.winners, o.scores)), True, AI,
                     tuple(state.events_for(0)))
        earned, failed = judge(f, tally, set())
        assert not failed
        if not f.won:
            assert not {"first-win", "beat-easy", "beat-medium", "beat-hard"} & set(earned)
        else:
            assert {"first-win", "beat-easy", "beat-medium", "beat-hard"} <= set(earned)
        if game == "kaito":
            exchanged = any(e.KIND == "kaito.exchange" and e.seat == 0 for e in state.events)
            assert ("buyback" in earned) == exchanged
            assert ("no-buyback" in earned) == (f.won and not exchanged)
        if game == "sushi-draft":
            end = [e for e in state.events if e.KIND == "sushi.end"][0]
            assert ("tuna-trio" in earned) == ([p for p, _v in end.chips[0]].count("tuna") == 3)
            assert ("high-score" in earned) == (end.scores[0] >= 25)
        if game == "kanji-zushi":
            formed = [e for e in state.events if e.KIND == "kanji.formed" and e.seat == 0]
            assert ("big-kanji" in earned) == any(e.strokes >= 15 for e in formed)
        have |= set(earned)
    assert tally["played"] == 12 and 0 <= tally["won"] <= 12
    if game == "kanji-zushi":
        assert len(tally["kanji"]) == len(set(tally["kanji"])) >= 10 and set(tally["neta"]) <= set("亻氵彳土扌木日禾糸言")
        assert ("kanji-20" in have) == (len(tally["kanji"]) >= 20)


def test_beating_the_hard_ai_needs_a_clean_game_against_it():
    state = finished_state("kaito", 2, 3)
    o = state.outcome()
    me = o.winners[0]
    seats = ["hard", "hard"]
    seats[me] = "human"
    r = tuple(ranks(o.winners, o.scores))
    for clean, where, seats_, expect in [(True, AI, seats, True), (False, AI, seats, False),
                                         (True, "hot-seat", ["human", "human"], False),
                                         (True, AI, [k if k == "human" else "medium" for k in seats], False)]:
        f = Finished("kaito", me, tuple(seats_), state, r, clean, where, tuple(state.events))
        earned, _ = judge(f, {}, set())
        assert ("beat-hard" in earned) is expect and "first-win" in earned


def test_three_clean_wins_in_a_row_against_the_ai():
    tally: dict = {}
    winners = {s: finished_state("kaito", 2, s).outcome().winners for s in range(12)}
    won = [s for s, w in winners.items() if w == (0,)][:4]
    lost = next(s for s, w in winners.items() if w == (1,))
    results = []
    for seed in [won[0], won[1], lost, won[2], won[3]]:
        st = finished_state("kaito", 2, seed)
        o = st.outcome()
        f = Finished("kaito", 0, ("human", "easy"), st, tuple(ranks(o.winners, o.scores)), True, AI, tuple(st.events))
        results.append("streak-3" in judge(f, tally, set())[0])
    assert results == [False, False, False, False, False] and tally["streak"] == 2
    st = finished_state("kaito", 2, won[0])
    o = st.outcome()
    f = Finished("kaito", 0, ("human", "easy"), st, tuple(ranks(o.winners, o.scores)), True, AI, tuple(st.events))
    assert "streak-3" in judge(f, tally, set())[0]


# ------------------------------------------------------------------------------------------
# the ratings file
# ------------------------------------------------------------------------------------------
def test_a_game_against_the_ai_is_rated_once_and_kept(tmp_path, bots):
    path = tmp_path / "ratings.json"
    store = RatingStore(path)
    state = finished_state("kaito", 2, 1)
    setup = {"seats": ["human", "hard"], "names": ["You", "Hard AI"]}
    r = store.record_finished("g1", "kaito", setup, state)
    assert r is not None and r.kind == "ai" and r.before == 1000 and r.provisional
    assert (r.after > r.before) == (state.outcome().winners == (0,))
    assert store.record_finished("g1", "kaito", setup, state) is None  # counted once
    assert store.result("g1") == r
    again = RatingStore(path)
    kept = again.rating("kaito")
    assert kept is not None and kept.skill.shown() == r.after and [h["shown"] for h in kept.history] == [r.after]
    assert kept.history[0]["level"] == "hard"
    doc = json.loads(path.read_text())
    assert doc["version"] == 1 and doc["counted"] == ["g1"]
    line = rating_line(r)
    assert line.startswith("Rating: ") and number(r.after) in line and signed(r.after - r.before) in line


@pytest.mark.parametrize("mark,reason", [("assisted", "hint"), ("undid", "undo"), ("retried", "replay")])
def test_help_undo_and_replays_are_not_rated(tmp_path, bots, mark, reason):
    store = RatingStore(tmp_path / "ratings.json")
    r = store.record_finished("g", "kaito", {"seats": ["human", "hard"], mark: True}, finished_state("kaito", 2, 1))
    assert r is not None and r.kind == "unrated" and r.reason == reason
    entry = store.rating("kaito")
    assert entry is not None and entry.unrated == 1 and entry.history == [] and entry.skill == Skill()
    assert rating_line(r).startswith("Not rated: ")


def test_an_ai_without_a_rating_is_not_rated(tmp_path, monkeypatch):
    monkeypatch.setattr(rating, "RATINGS_FILE", tmp_path / "missing.json")
    rating.bot_ratings.cache_clear()
    try:
        r = RatingStore(tmp_path / "r.json").record_finished("g", "kaito", {"seats": ["human", "hard"]},
                                                             finished_state("kaito", 2, 1))
        assert r is not None and r.kind == "unrated" and r.reason == "no-rating"
    finally:
        rating.bot_ratings.cache_clear()


def test_friends_are_rated_apart_one_table_each(tmp_path, bots):
    store = RatingStore(tmp_path / "ratings.json")
    state = finished_state("kanji-zushi", 3, 2)
    o = state.outcome()
    r = store.record_finished("h1", "kanji-zushi", {"seats": ["human", "human", "easy"],
                                                    "names": ["Aki", "Player 2", "Easy AI"]}, state)
    assert r is not None and r.kind == "friends" and [f[0] for f in r.friends] == ["Player 2"]
    assert store.rating("kanji-zushi") is None  # the rating against the AI untouched
    friend = store.friends("kanji-zushi")["Player 2"]
    rk = ranks(o.winners, o.scores)
    assert friend.played == 1 and (friend.won, friend.lost, friend.shared) == (
        int(rk[0] < rk[1]), int(rk[0] > rk[1]), int(rk[0] == rk[1]))
    # online: the people are the friends; the server's AI seats are not
    online = {"seats": ["medium", "human", "medium"], "names": ["Ana", "You", "Hard AI"], "online": True, "people": [0]}
    r2 = store.record_finished("o1", "kanji-zushi", online, state)
    assert r2 is not None and [f[0] for f in r2.friends] == ["Ana"]
    assert list(RatingStore(tmp_path / "ratings.json").friends("kanji-zushi")) == ["Ana", "Player 2"]  # newest first
    helped = store.record_finished("h2", "kanji-zushi", {"seats": ["human", "human"], "names": ["Aki", "Ben"],
                                                         "undid": True}, finished_state("kanji-zushi", 2, 3))
    assert helped is not None and helped.kind == "unrated" and "Ben" not in store.friends("kanji-zushi")
    assert store.rating("kanji-zushi") is None
    i18n.set_language("es")
    try:
        assert friend_name("Player 2") == "Jugador 2" and friend_name("Ana") == "Ana"
    finally:
        i18n.set_language("en")


def test_who_played_a_game(bots):
    state = finished_state("sushi-draft", 3, 4)
    assert played("sushi-draft", {"seats": ["easy", "easy", "hard"]}, state) is None  # nobody here
    seen = played("sushi-draft", {"seats": ["easy", "human", "hard"]}, state)
    assert seen is not None and seen.finished.seat == 1 and seen.finished.where == AI and seen.finished.clean
    assert seen.finished.against == "hard" and seen.friends == ()
    assert all(e.KIND != "sushi.deal" or e.seat == 1 for e in seen.finished.events)  # only what seat 1 saw


@pytest.mark.parametrize("store_cls,name", [(RatingStore, "ratings.json"), (AchievementStore, "achievements.json")])
def test_a_bad_file_is_set_aside_with_a_notice(tmp_path, bots, store_cls, name):
    path = tmp_path / name
    for bad in (b"{nope", json.dumps({"version": 1, "games": {"kaito": {"skill": [1, -3], "history": []}},
                                      "counted": []}).encode() if store_cls is RatingStore else
                json.dumps({"version": 1, "games": {"kaito": []}, "counted": []}).encode()):
        path.write_bytes(bad)
        store = store_cls(path)
        assert "could not be read" in store.notice()
        assert any(p.read_bytes() == bad for p in tmp_path.glob(name + ".bad*"))
        assert store.record_finished("g", "kaito", {"seats": ["human", "hard"]}, finished_state("kaito", 2, 1))
        assert json.loads(path.read_text())["counted"] == ["g"]  # counting starts again
        path.unlink()
    newer = {"version": 99, "games": {}}
    path.write_text(json.dumps(newer))
    store = store_cls(path)
    assert "newer" in store.notice()
    store.record_finished("g2", "kaito", {"seats": ["human", "hard"]}, finished_state("kaito", 2, 1))
    assert json.loads(path.read_text()) == newer  # a newer Tatami's file is never written


def test_achievements_are_earned_once_with_their_date(tmp_path):
    path = tmp_path / "achievements.json"
    store = AchievementStore(path)
    states = [finished_state("kanji-zushi", 2, s) for s in range(4)]
    earned: list[str] = []
    for i, st in enumerate(states):
        got = store.record_finished(f"k{i}", "kanji-zushi", {"seats": ["human", "easy"]}, st)
        assert got is not None and not set(got) & set(earned)
        earned += got
    assert store.record_finished("k0", "kanji-zushi", {"seats": ["human", "easy"]}, states[0]) is None
    again = AchievementStore(path)
    assert list(again.earned("kanji-zushi")) == earned and again.tally("kanji-zushi")["played"] == 4
    tally = again.tally("kanji-zushi")
    by_key = {a.key: a for a in achievements_of("kanji-zushi")[0]}
    assert progress(by_key["kanji-40"], tally) == (min(40, len(tally["kanji"])), 40)
    assert progress(by_key["games-10"], tally) == (4, 10) and progress(by_key["flawless"], tally) is None
    assert all(when.startswith("20") for when in again.earned("kanji-zushi").values())
    if store.result("k3"):
        assert earned_line("kanji-zushi", store.result("k3"))
    assert earned_line("kanji-zushi", ["first-win", "games-10"]) == \
        "2 achievements earned: First victory, Regular"
    assert earned_line("kanji-zushi", ["first-win"]) == "Achievement earned: First victory"


def test_the_ai_ratings_file_is_the_tools_and_in_order():
    """game/ai/ratings.json (tools/rate_bots.py, checked in): every game's levels, each stronger
    level rated above the one below, and the command that made it."""
    doc = json.loads(Path(rating.RATINGS_FILE).read_text(encoding="utf-8"))
    assert doc["command"].startswith("python tools/rate_bots.py") and doc["model"] == "openskill PlackettLuce"
    rating.bot_ratings.cache_clear()
    for name in REGISTRATIONS:
        levels = rating.bot_ratings()[name]
        order = [lv for lv in ("random", "easy", "medium", "hard", "expert") if lv in levels]
        assert order[:4] == ["random", "easy", "medium", "hard"], name
        shown = [levels[lv].mu for lv in order]
        assert shown == sorted(shown), (name, shown)
