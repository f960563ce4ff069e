"""Online play in the app (issue 24 §2), headless (SDL dummy) against a real server on 127.0.0.1
(port 0 or the app's own server bound there): the join screen's errors; a KAITO game joined through
the join screen and the lobby and played to its end in the real play scene against a seat played
by a client thread; hosting from the app.
"""
from __future__ import annotations

import os
import random
import socket
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.net.remote import ClientThread, RemoteMatch  # noqa: E402
from scenes.online.session import Hosting, error_line  # noqa: E402

WALL_S = 120.0


def pump(app, cond, what, wall_s=WALL_S):
    """Frames (16 ms each, a little real sleep between) until ``cond()``."""
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        app.pump(16)
        time.sleep(0.002)


@pytest.fixture
def hosting():
    h = Hosting(None, "127.0.0.1")
    yield h
    h.stop()


class BotSeat:
    """A seat played by an easy AI over a client thread (another player's app, in short)."""

    def __init__(self, url: str, game: str, seats: list[str], name: str = "Bot") -> None:
        self.net = ClientThread(url)

        async def sit(client):
            await client.connect()
            self.code = await client.create(game, seats)
            await client.join(self.code, name)
        self.net.call(sit)
        self.match = RemoteMatch(self.net)
        self.bot = make_bot(game, "easy", random.Random(5))
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()

    def _play(self) -> None:
        m, seat = self.match, self.match.seat
        acted = -1
        while not self.stop.is_set() and not m.is_over():
            if seat in m.to_act() and m.legal_actions(seat) and m.ply != acted:
                acted = m.ply
                m.apply(seat, self.bot.choose(m.view(seat)))
            time.sleep(0.005)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        self.net.stop()


def type_into(scene, field_id: str, text: str) -> None:
    scene.widgets.get(field_id).set_text(text)


def test_join_errors(app, hosting):
    """A code that cannot be one, an address without a server, a code no table has: one line each."""
    app.manager.push(app.make_scene("online_join"))
    scene = app.manager.top()
    type_into(scene, "field:code", "ABC")
    scene.join()
    assert scene.error == error_line("bad-code")
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    type_into(scene, "field:code", "ABCDE-FGHJK")
    type_into(scene, "field:address", f"ws://127.0.0.1:{port}")
    scene.join()
    pump(app, lambda: scene.sitting is None, "the refused connection")
    assert scene.error == error_line("no-server")
    type_into(scene, "field:address", hosting.local_url)
    scene.join()
    pump(app, lambda: scene.sitting is None, "the server's answer")
    assert scene.error == error_line("no-table")
    assert any(e.id == "error" and e.label == scene.error for e in scene.ui_elements())
    assert app.manager.top() is scene


def play_to_the_end(app, scene):
    """Play the person's seat of an online play scene with random legal actions through the scene's
    own path (``commit``) until the end is on screen."""
    rng = random.Random(11)
    match = scene.match
    end = time.monotonic() + WALL_S
    while not scene.ended:
        assert time.monotonic() < end, "the game did not end"
        app.pump(16)
        time.sleep(0.002)
        seat = match.seat
        if scene.busy() or scene.timeline.running or scene.exchange is not None:
            continue
        legal = match.legal_actions(seat)
        if legal and seat in match.to_act():
            assert scene.commit(seat, rng.choice(legal))


def test_a_kaito_game_joined_through_the_join_screen_and_played_to_the_end(app, hosting):
    from game.replay import replay_record

    from scenes.shell.history import HistoryStore
    from scenes.shell.stats import ONLINE, StatsStore

    from scenes.profile.achieved import AchievementStore
    from scenes.profile.ratings import RatingStore

    app.stats, app.history = StatsStore(), HistoryStore()  # (in the test's data folder)
    app.ratings, app.achievements = RatingStore(), AchievementStore()
    bot = BotSeat(hosting.local_url, "kaito", ["open", "open"], name="Ana")
    try:
        app.manager.push(app.make_scene("online_join"))
        join = app.manager.top()
        type_into(join, "field:code", bot.code.lower())
        type_into(join, "field:address", hosting.local_url)
        type_into(join, "field:online-name", "Ben")
        join.join()
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        scene = app.manager.top()
        assert scene.match.online and scene.match.seat == 1 and scene.names == ["Ana", "You"]  # (this seat: "You", as offline)
        assert not scene.hints_enabled
        play_to_the_end(app, scene)
        assert scene.match.is_over() and not scene.match.broken
        pump(app, lambda: bot.match.record() and scene.match.remote.record(), "the server's record")
        record = scene.match.record()
        assert record == bot.match.record()
        final = replay_record("online", record)
        assert final.history == scene.match.state.history
        scene.request_score()
        pump(app, lambda: app.manager.top().name == "kaito_score", "the score screen")
        # counted once, apart from the games against the AI; never saved as a game in progress
        assert app.stats.table("kaito")[ONLINE].played == 1 and set(app.stats.table("kaito")) == {ONLINE}
        assert len(app.history.entries()) == 1 and app.history.entries()[0].online
        # issue 36: rated apart, in Ana's table (a friend at an online table), never the rating against the AI
        friends = app.ratings.friends("kaito")
        assert list(friends) == ["Ana"] and friends["Ana"].played == 1 and app.ratings.rating("kaito") is None
        line = next(e.label for e in app.manager.top().ui_elements() if e.id == "rating-line")
        assert line.startswith("Against Ana: ") and ", now " in line
        assert app.achievements.tally("kaito")["played"] == 1
    finally:
        bot.close()


def test_hosting_a_kaito_table_from_the_setup_screen(app):
    """Setup's ``button:host-online``: the app's own server (bound to TATAMI_NET_HOST, 127.0.0.1
    here), the table created (the first Human seat is the host's, the other open), the lobby with
    the code and address; a friend joins and the game starts; leaving stops the server."""
    from scenes.online.session import bind_host

    assert bind_host() == "127.0.0.1"
    app.manager.push(app.make_scene("menu"))
    app.manager.push(app.make_scene("setup", game="kaito"))
    setup = app.manager.top()
    setup.widgets.get("choice:seat0").set_value("human", notify=True)
    setup.widgets.get("choice:seat1").set_value("human", notify=True)
    button = setup.widgets.get("button:host-online")
    assert button.visible and button.label == "Host online"
    button.on_click()
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    hosting = lobby.hosting
    assert hosting.host == "127.0.0.1" and lobby.address.startswith("ws://127.0.0.1:")
    labels = {e.id: e.label for e in lobby.ui_elements()}
    code = labels["code"].replace("-", "")
    assert len(code) == 10 and labels["address"] == f"{lobby.address}/{labels['code']}" == lobby.invite
    assert "open" in labels["seat:1"] and "(you)" in labels["seat:0"]
    # bound to 127.0.0.1: not announced on the network; a server for the network would be (inert
    # here: TATAMI_LAN is off in the tests)
    from types import SimpleNamespace

    from scenes.online.session import BIND_ALL, announce

    assert lobby.announcer is None
    lan = announce(lobby.match, SimpleNamespace(host=BIND_ALL, url="ws://0.0.0.0:8765"))
    assert lan is not None and not lan.active and lan.code == code
    lan.close()
    friend = ClientThread(hosting.local_url)
    try:
        async def sit(client):
            await client.connect()
            await client.join(code, "Friend")
        friend.call(sit)
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        scene = app.manager.top()
        assert scene.match.seat == 0 and scene.match.hosting is hosting
        assert scene.match.connected(1) and not scene.match.away()
        assert scene.seat_label(1) == "Online" and scene.seat_label(0) == "Human"
        # quick messages: the friend's said in the banner; ours through button:say and its overlay
        friend.call(lambda client: client.say("good-game"))
        pump(app, lambda: any(e.id == "said:1" for e in scene.ui_elements()), "the said bubble")
        assert [e.label for e in scene.ui_elements() if e.id == "said:1"] == ["Friend: Good game!"]
        scene.widgets.get("button:say").on_click()
        app.pump(16)
        say = app.manager.top()
        assert say.name == "online_say" and say.widgets.get("phrase:hello").label == "Hello!"
        say.widgets.get("phrase:hello").on_click()
        assert app.manager.top() is scene
        friend.call(lambda client: client.wait(lambda p: (0, "hello") in p.said, 30))
        friend.stop()  # the friend's connection drops: the banner waits for them
        pump(app, lambda: scene.match.away() and scene.banner_override is not None
             and scene.banner_override[0].startswith("Waiting"), "the waiting line")
        assert scene.banner_override[0] == "Waiting for Friend…" and scene.seat_label(1) == "Away"
    finally:
        friend.stop()
    app.go_to_menu()
    app.pump(16)
    assert not hosting.loop.is_running()


def test_undo_at_an_online_table_is_asked_of_the_server(app):
    """Against the server's AI: the person's move and the AI's reply taken back by the server; the
    scene resyncs to the position before the move; no hint is offered online."""
    app.manager.push(app.make_scene("online_host", game="kaito", host="127.0.0.1",
                                    setup={"seats": ["human", "easy"], "colors": ("R", "B"), "names": ["", ""]}))
    pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
    scene = app.manager.top()
    match = scene.match
    assert match.seat == 0 and scene.seat_label(1) == "Easy AI"
    pump(app, lambda: 0 in match.to_act() and not scene.busy(), "the AI's placement")
    assert match.ply == 1 and not scene.undoing.available()
    assert scene.commit(0, match.legal_actions(0)[0])
    pump(app, lambda: match.ply == 3 and not scene.busy(), "the AI's reply")
    assert scene.undoing.available() and not scene.btn_hint.visible
    position = match.position
    assert scene.undo()
    pump(app, lambda: match.position != position and not scene.busy(), "the server's undo")
    assert match.ply == 1 and len(match.state.history) == 1 and 0 in match.to_act()
    assert scene.match.legal_actions(0)
    app.go_to_menu()


def test_tables_found_on_the_network_fill_the_join_screen(app, monkeypatch):
    """The join screen's hook for LAN discovery: each table found is a button ``found:<i>``
    (its host and game); a click fills the code and the address."""
    from types import SimpleNamespace

    from scenes.online.join import LanTables

    table = SimpleNamespace(code="ABCDEFGHJK", game="kaito", host="Aoi", open_seats=1, url="ws://127.0.0.1:9",
                            compatible=True)
    monkeypatch.setattr(LanTables, "tables", lambda self: [table])
    app.manager.push(app.make_scene("online_join"))
    scene = app.manager.top()
    app.pump(16)
    found = scene.widgets.get("found:0")
    assert found is not None and found.label == "Aoi — KAITO"
    found.on_click()
    assert scene.f_code.text == "ABCDEFGHJK" and scene.f_address.text == "ws://127.0.0.1:9"


class BuyingBackSeat(BotSeat):
    """A friend who plays a move with a buy-back (``d4+K:3,1``) whenever one is legal, else a
    random legal action."""

    def _play(self) -> None:
        m, seat = self.match, self.match.seat
        rng, acted = random.Random(7), -1
        while not self.stop.is_set() and not m.is_over():
            legal = m.legal_actions(seat) if seat in m.to_act() else ()
            if legal and m.ply != acted:
                acted = m.ply
                buying = [a for a in legal if "+" in a]
                m.apply(seat, rng.choice(buying or list(legal)))
            time.sleep(0.005)


def test_the_mirror_takes_another_seats_buy_back_whole(app, hosting):
    """Another seat's move with a buy-back starts with the events of the plain move: the mirror
    takes the whole action (never the plain move and then a broken log) to the game's end. Games
    are played (at most 6: the deal is the server's) until one holds the friend's buy-back."""
    from game.replay import replay_record

    bought = 0
    for game in range(6):
        bot = BuyingBackSeat(hosting.local_url, "kaito", ["open", "open"], name="Ana")
        try:
            app.manager.reset(app.make_scene("online_join"))
            join = app.manager.top()
            type_into(join, "field:code", bot.code)
            type_into(join, "field:address", hosting.local_url)
            join.join()
            pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
            scene = app.manager.top()
            play_to_the_end(app, scene)
            assert not scene.match.broken
            pump(app, lambda: scene.match.remote.record(), "the server's record")
            assert replay_record("online", scene.match.record()).history == scene.match.state.history
            bought = sum(1 for s, a in scene.match.state.history if s == 0 and "+" in a)
        finally:
            bot.close()
            app.go_to_menu()
        if bought:
            break
    assert bought, "no game held a buy-back"


def test_the_host_lets_an_ai_play_for_an_away_friend(app, hosting):
    """The table's creator (the first to join: this app) sees ``button:stand-in`` once the friend's
    seat has been away long enough (the server's ``stand_in_allowed``; 1 s here); a click lets the
    server's AI play the seat: its panel says so, the banner no longer waits, the game goes on to
    its end and its record replays legally. Nobody else is offered the button."""
    from game.replay import replay_record

    from scenes.play.standin import STAND_IN_LEVEL

    hosting.server.stand_in_after = 1.0
    friend = ClientThread(hosting.local_url)
    try:
        async def create(client):
            await client.connect()
            return await client.create("kaito", ["open", "open"])
        code = friend.call(create)
        app.manager.push(app.make_scene("online_join"))
        join = app.manager.top()
        type_into(join, "field:code", code)
        type_into(join, "field:address", hosting.local_url)
        type_into(join, "field:online-name", "Ana")
        join.join()
        pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
        friend.call(lambda client: client.join(code, "Friend"))
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        scene = app.manager.top()
        assert scene.match.seat == 0 and scene.match.snap.seats[0].get("creator")
        assert friend.snapshot.seats[1].get("creator") is False
        button = scene.widgets.get("button:stand-in")
        assert button is None or not button.visible
        friend.stop()  # the friend's app is gone
        pump(app, lambda: scene.match.away(), "the friend away")
        pump(app, lambda: (b := scene.widgets.get("button:stand-in")) is not None and b.visible, "the button")
        button = scene.widgets.get("button:stand-in")
        assert button.label == "Let an AI play for Friend"
        assert any(e.id == "button:stand-in" and e.label == button.label for e in scene.ui_elements())
        button.on_click()
        pump(app, lambda: scene.seat_label(1) == "AI stands in", "the stand-in")
        assert scene.match.snap.seats[1]["stand_in"] == STAND_IN_LEVEL and not scene.match.away()
        app.pump(16)
        assert not button.visible
        assert scene.banner_override is None or not scene.banner_override[0].startswith("Waiting")
        play_to_the_end(app, scene)
        pump(app, lambda: scene.match.remote.record(), "the server's record")
        assert replay_record("online", scene.match.record()).history == scene.match.state.history
    finally:
        friend.stop()
