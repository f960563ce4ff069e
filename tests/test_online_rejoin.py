"""Rejoining an online table after the app was closed (issue 24; scenes/online/kept.py), headless
(SDL dummy) against real servers on 127.0.0.1: a KAITO game joined through the join screen, a move
played, the app dropped as in a crash (its client gone without ``leave``), a fresh app on the same
data folder offering ``resume:0`` and the game going on at the same position, then played to its
end (the kept seat forgotten); a table the app hosted, taken back on its own server started again
on the same database (the friend's client reconnecting on its own); a corrupt kept-seats file set
aside with its notice; a failed resume's line and ``forget:<i>``; leaving from the lobby forgets.
"""
from __future__ import annotations

import json
import os
import random
import socket
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.net.remote import ClientThread  # noqa: E402
from game.net.tablestore import token_hash  # noqa: E402
from scenes.online.kept import KEPT_FILE, KeptSeat, KeptSeats, resume_error_line  # noqa: E402
from scenes.online.session import Hosting  # noqa: E402
from tests.test_online_app import WALL_S, pump  # noqa: E402


@pytest.fixture
def data(tmp_path, monkeypatch):
    """The data folder every app of the test shares (the kept seats' file, the app's database)."""
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def apps(data):
    """``make()`` a headless 1280x720 app on the data folder; every app made is shut down."""
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    made = []

    def make():
        app = App(size=(1280, 720), settings=Settings(path=data / "settings.json", autoload=False), uidump=False)
        made.append(app)
        return app
    yield make
    for app in made:
        app.shutdown()


@pytest.fixture
def server():
    h = Hosting(None, "127.0.0.1")
    yield h
    h.stop()


class Friend:
    """Another player's seat over a client thread, its moves made by the test (:meth:`act`)."""

    def __init__(self, url: str, code: str | None = None, seats: tuple[str, ...] = ("open", "open"),
                 name: str = "Ana", join: bool = True) -> None:
        self.net = ClientThread(url)
        self.rng = random.Random(3)

        async def sit(client):
            await client.connect()
            self.code = code or await client.create("kaito", list(seats))
            if join:
                await client.join(self.code, name)
        self.net.call(sit)

    @property
    def snap(self):
        return self.net.snapshot

    def act(self) -> bool:
        """Play a random legal action when it is this seat's turn; True when one was played."""
        s = self.snap
        if s.over or not s.started or s.seat not in s.to_act or not s.legal:
            return False
        # (no buy-back: the app's mirror of KAITO takes another seat's move with a buy-back for the
        # plain move, scenes/play/online.py's prefix match; not what this test is about)
        plain = sorted(a for a in s.legal if "+" not in a)
        action = self.rng.choice(plain or sorted(s.legal))
        try:
            self.net.call(lambda client: client.act(action))
        except Exception:  # a race with a resync: the next state says where we are
            return False
        return True

    def close(self) -> None:
        self.net.stop()


def my_turn(scene) -> bool:
    match = scene.match
    return match.seat in match.to_act() and bool(match.legal_actions(match.seat)) and not scene.busy() \
        and not scene.timeline.running and getattr(scene, "exchange", None) is None


def play_one(app, scene, friend: Friend, rng: random.Random) -> None:
    """The friend plays until it is the app's turn; the app plays one random legal action, and
    the server has taken it (the friend's picture is at the app's ply)."""
    def turn() -> bool:
        friend.act()
        return my_turn(scene)
    pump(app, turn, "the app's turn")
    match = scene.match
    assert scene.commit(match.seat, rng.choice(match.legal_actions(match.seat)))
    pump(app, lambda: friend.snap.ply == match.ply and not scene.busy(), "the server's update")


def crash(app) -> None:
    """The app goes away as in a crash: its client drops without ``leave`` (and its own server, if
    it hosts, stops), its scenes gone without closing anything, then the window closes."""
    match = app.manager.top().match
    match.remote.net.stop()
    if match.hosting is not None:
        match.hosting.stop()
    app.manager.clear()
    app.shutdown()


def kept(data: Path) -> list[KeptSeat]:
    return KeptSeats(data / KEPT_FILE).entries()


def elements(app) -> dict[str, str | None]:
    return {e.id: e.label for e in app.manager.top().ui_elements()}


def test_a_joined_table_is_taken_back_after_a_crash_and_forgotten_at_its_end(apps, data, server):
    rng = random.Random(7)
    friend = Friend(server.local_url)
    try:
        app = apps()
        app.manager.push(app.make_scene("online_join"))
        join = app.manager.top()
        join.widgets.get("field:code").set_text(friend.code)
        join.widgets.get("field:address").set_text(server.local_url)
        join.widgets.get("field:online-name").set_text("Ben")
        join.join()
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        [seat] = kept(data)
        assert (seat.table, seat.seat, seat.game, seat.name, seat.url) == (friend.code, 1, "kaito", "Ben",
                                                                             server.local_url)
        assert len(seat.token) == 32 and not seat.hosted and seat.deal is not None
        # the app's player secret (made on first use, in the data folder) went with its hello: the
        # server keeps the seat as that player's (issue 35)
        secret = KeptSeats(data / KEPT_FILE).player()
        assert server.server.tables[friend.code].players[1] == token_hash(secret)
        play_one(app, app.manager.top(), friend, rng)
        history = list(app.manager.top().match.state.history)
        crash(app)
        pump_friend = time.monotonic() + 30
        while not friend.act():  # the friend moves while the app is away
            assert time.monotonic() < pump_friend
            time.sleep(0.01)
        assert friend.snap.ply == len(history) + 1

        again = apps()  # a fresh app on the same data folder
        again.manager.push(again.make_scene("online_join"))
        again.pump(16)
        labels = elements(again)
        code = f"{friend.code[:5]}-{friend.code[5:]}"
        since = again.manager.top().kept[0].since()
        assert since.startswith("Joined on ") and labels["resume:0"] == f"KAITO — table {code}\n{since}"
        assert "resume:1" not in labels and "forget:0" not in labels
        again.manager.top().widgets.get("resume:0").on_click()
        pump(again, lambda: again.manager.top().name == "kaito_play", "the play scene again")
        scene = again.manager.top()
        match = scene.match
        assert match.seat == 1 and scene.names == ["Ana", "You"]
        assert match.state.history[:len(history)] == history and match.ply == friend.snap.ply
        play_one(again, scene, friend, rng)  # the game goes on from there
        assert len(kept(data)) == 1
        # to the end: the kept seat is forgotten when the server says the game is over
        end = time.monotonic() + WALL_S
        while not match.is_over():
            assert time.monotonic() < end, "the game did not end"
            friend.act()
            if my_turn(scene):
                scene.commit(match.seat, rng.choice(match.legal_actions(match.seat)))
            again.pump(16)
            time.sleep(0.002)
        pump(again, lambda: not kept(data), "the kept seat forgotten")
    finally:
        friend.close()


def test_a_hosted_table_is_taken_back_on_the_apps_own_server_started_again(apps, data):
    rng = random.Random(5)
    app = apps()
    app.manager.push(app.make_scene("online_host", game="kaito", host="127.0.0.1",
                                    setup={"seats": ["human", "human"], "colors": ("R", "B"), "names": ["Aoi", ""]}))
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    url = lobby.hosting.local_url
    [seat] = kept(data)
    assert seat.hosted and seat.seat == 0 and seat.url == url and seat.name == "Aoi"
    friend = Friend(url, code=seat.table, name="Kai")
    try:
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        play_one(app, app.manager.top(), friend, rng)
        history = list(app.manager.top().match.state.history)
        crash(app)  # the app's server goes with it: the friend's client tries to reconnect

        again = apps()
        again.manager.push(again.make_scene("online_join"))
        again.pump(16)
        assert elements(again)["resume:0"].split("\n")[1].startswith("Hosted here on ")
        again.manager.top().widgets.get("resume:0").on_click()
        pump(again, lambda: again.manager.top().name == "kaito_play", "the play scene again")
        scene = again.manager.top()
        match = scene.match
        assert match.hosting is not None and match.hosting.local_url == url  # the same port: found again
        assert match.seat == 0 and match.state.history == history
        # the friend's client took its seat back on its own, and the game goes on
        pump(again, lambda: friend.net.client.reconnections >= 1 and friend.snap.connected, "the friend back")
        play_one(again, scene, friend, rng)
        assert match.state.history[:len(history)] == history and len(match.state.history) > len(history)
        assert [k.key for k in kept(data)] == [seat.key]
    finally:
        friend.close()


def test_a_corrupt_kept_seats_file_is_set_aside_with_its_notice(apps, data):
    (data / KEPT_FILE).write_text("{not json", encoding="utf-8")
    app = apps()
    app.manager.push(app.make_scene("online_join"))
    for _ in range(3):
        app.pump(16)
    assert not any(i.startswith("resume:") for i in elements(app))
    assert (data / (KEPT_FILE + ".bad")).read_text(encoding="utf-8") == "{not json"
    assert not (data / KEPT_FILE).exists()
    shown = app.notice_bar.current
    assert shown is not None and shown.text() == (
        "The unfinished online tables could not be read (the file is corrupt); the file was set aside as "
        "online-seats.json.bad")


def test_a_malformed_seat_is_left_out_and_the_good_ones_kept(apps, data):
    good = KeptSeat("ws://127.0.0.1:9", "ABCDEFGHJK", 1, "t" * 32, "kaito", "Ben", "2026-11-28T14:05:11+00:00")
    doc = {"version": 1, "seats": [good.to_dict(), {"url": "http://nowhere", "table": "?"}]}
    (data / KEPT_FILE).write_text(json.dumps(doc), encoding="utf-8")
    assert kept(data) == [good]
    assert (data / (KEPT_FILE + ".bad")).exists()


def test_a_failed_resume_says_why_and_offers_to_forget(apps, data, server):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    store = KeptSeats(data / KEPT_FILE)
    store.keep(KeptSeat(f"ws://127.0.0.1:{port}", "ABCDEFGHJK", 0, "t" * 32, "kaito", "Ben",
                        "2026-11-27T10:00:00+00:00"))
    store.keep(KeptSeat(server.local_url, "MNPQRSTUVW", 1, "u" * 32, "kaito", "Ben", "2026-11-28T10:00:00+00:00"))
    app = apps()
    app.manager.push(app.make_scene("online_join"))
    join = app.manager.top()
    app.pump(16)
    assert {"resume:0", "resume:1"} <= set(elements(app)) and "forget:0" not in elements(app)
    join.widgets.get("resume:0").on_click()  # the newest: a table this server does not have
    pump(app, lambda: join.sitting is None, "the server's answer")
    labels = elements(app)
    assert join.error == resume_error_line("no-table") == labels["error"] == "This table no longer exists on its server."
    assert labels["forget:0"] == "Forget" and "forget:1" not in labels
    join.widgets.get("resume:1").on_click()  # a server that is gone
    pump(app, lambda: join.sitting is None, "the refused connection")
    labels = elements(app)
    assert labels["error"] == resume_error_line("no-server") and "forget:1" in labels and "forget:0" not in labels
    assert len(kept(data)) == 2  # nothing forgotten unasked
    join.widgets.get("forget:1").on_click()
    assert [k.table for k in kept(data)] == ["MNPQRSTUVW"]
    labels = elements(app)
    assert "resume:1" not in labels and "error" not in labels and labels["resume:0"].startswith("KAITO — table MNPQR")
    assert app.manager.top() is join


def test_leaving_the_lobby_forgets_the_seat(apps, data, server):
    friend = Friend(server.local_url, join=False)  # a table of two open seats; nobody else comes
    try:
        app = apps()
        app.manager.push(app.make_scene("online_join"))
        join = app.manager.top()
        join.widgets.get("field:code").set_text(friend.code)
        join.widgets.get("field:address").set_text(server.local_url)
        join.join()
        pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
        assert [k.table for k in kept(data)] == [friend.code]
        app.manager.top().widgets.get("button:leave").on_click()
        app.pump(16)
        assert kept(data) == [] and app.manager.top().name == "menu"
    finally:
        friend.close()


def test_a_hosted_kanji_table_against_the_servers_ai_is_taken_back(apps, data, caplog):
    """A game of hidden information (its scene over a ToldMatch: no mirror, no deal kept): the
    position as the server tells it after the restart, and the game goes on."""
    from game.ai import make_bot
    from scenes.play.online_told import ToldMatch

    def my_kanji_turn(scene) -> bool:
        m = scene.match
        return m.seat in m.to_act() and bool(m.legal_actions(m.seat)) and not scene.busy() \
            and not scene.timeline.running

    def play(app, scene) -> int:
        """One action of the person's seat (as the easy AI would), then the AI's reply: the ply."""
        pump(app, lambda: my_kanji_turn(scene), "the person's turn")
        m = scene.match
        ply = m.remote.snap.ply
        assert scene.commit(m.seat, bot.choose(m.view(m.seat)))
        pump(app, lambda: m.remote.snap.ply > ply and (my_kanji_turn(scene) or m.is_over()), "the AI's reply")
        return int(m.remote.snap.ply)

    bot = make_bot("kanji-zushi", "easy", random.Random(3))
    app = apps()
    app.manager.push(app.make_scene("online_host", game="kanji-zushi", host="127.0.0.1",
                                    setup={"seats": ["human", "easy"], "names": ["Ana", ""]}))
    pump(app, lambda: app.manager.top().name == "kanji_play", "the play scene")
    seats = kept(data)  # (kept by the lobby; once, CI run 9 found none: what the log says, if so)
    assert len(seats) == 1, f"kept: {seats}; the log:\n{caplog.text}"
    seat = seats[0]
    assert seat.hosted and seat.game == "kanji-zushi" and seat.deal is None
    ply = play(app, app.manager.top())
    crash(app)

    again = apps()
    again.manager.push(again.make_scene("online_join"))
    again.pump(16)
    assert elements(again)["resume:0"].split("\n")[1].startswith("Hosted here on ")
    again.manager.top().widgets.get("resume:0").on_click()
    pump(again, lambda: again.manager.top().name == "kanji_play", "the play scene again")
    scene = again.manager.top()
    assert isinstance(scene.match, ToldMatch) and scene.match.seat == 0 and scene.match.hosting is not None
    assert scene.match.remote.snap.ply == ply
    assert play(again, scene) > ply  # the game goes on


def test_a_kept_table_whose_server_moved_is_taken_back_by_its_code_at_the_new_address(apps, data, server):
    """The kept address answers no more (a host's server came back on another port): the code
    typed with the new address and ``button:join`` take the seat back (no second seat), and the
    kept address becomes the new one."""
    friend = Friend(server.local_url)
    try:
        app = apps()
        app.manager.push(app.make_scene("online_join"))
        join = app.manager.top()
        join.widgets.get("field:code").set_text(friend.code)
        join.widgets.get("field:address").set_text(server.local_url)
        join.join()
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        crash(app)
        [seat] = kept(data)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            gone = f"ws://127.0.0.1:{s.getsockname()[1]}"
        store = KeptSeats(data / KEPT_FILE)
        store.forget(*seat.key)
        store.keep(KeptSeat(gone, seat.table, seat.seat, seat.token, seat.game, seat.name, seat.when, deal=seat.deal))

        again = apps()
        again.manager.push(again.make_scene("online_join"))
        join = again.manager.top()
        join.widgets.get("resume:0").on_click()
        pump(again, lambda: join.sitting is None, "the refused connection")
        assert join.error == resume_error_line("no-server")
        join.widgets.get("field:code").set_text(f"{friend.code[:5]}-{friend.code[5:]}".lower())
        join.widgets.get("field:address").set_text(server.local_url)
        join.widgets.get("button:join").on_click()
        pump(again, lambda: again.manager.top().name == "kaito_play", "the play scene again")
        assert again.manager.top().match.seat == seat.seat
        [moved] = kept(data)
        assert moved.url == server.local_url and moved.key == seat.key and moved.when == seat.when
    finally:
        friend.close()


def test_the_players_secret_is_made_once_kept_with_the_seats_and_a_bad_one_set_aside(data):
    """Issue 35, item 3: the secret a server knows this player by is made on first use, kept in
    the kept seats' file beside the seats (every window of the data folder reads the same one),
    and a malformed one is set aside (a copy) and replaced."""
    path = data / KEPT_FILE
    store = KeptSeats(path)
    secret = store.player()
    assert len(secret) == 32 and KeptSeats(path).player() == secret  # written once, read again
    store.keep(KeptSeat("ws://127.0.0.1:1", "ABCDEFGHJK", 0, "t" * 32, "kaito", "Ben", "2026-12-07T10:00:00"))
    assert json.loads(path.read_text())["player"] == secret and KeptSeats(path).player() == secret
    doc = json.loads(path.read_text())
    doc["player"] = "short"
    path.write_text(json.dumps(doc))
    fresh = KeptSeats(path)
    assert [e.table for e in fresh.entries()] == ["ABCDEFGHJK"]  # the seats are kept
    assert fresh.problem is not None and fresh.problem.moved_to is not None and fresh.problem.moved_to.exists()
    replaced = fresh.player()
    assert replaced != secret and len(replaced) == 32 and KeptSeats(path).player() == replaced
