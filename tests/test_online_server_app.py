"""The app on an online server (issue 35, items 3 and 4), headless (SDL dummy) against a real server
on 127.0.0.1 whose wall clock the test moves (:class:`net_support.Wall`; nothing sleeps for a day):
Settings → Online server; Host online creating a turn-based table there (the pace and the timeout
chosen), the invite carrying the server's address, the lobby's "Come back later"; the menu's "your
turn" line and Play online's list from the server (``mine``), a seat taken back by the player's
secret alone; a clock running out told in the game log and the banner.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.net.remote import ClientThread, RemoteMatch  # noqa: E402
from net_support import ServerThread, Wall  # noqa: E402

from test_online_app import pump  # noqa: E402  (frames until a condition)

DAY = 86400


@pytest.fixture
def turn_server():
    """A server on 127.0.0.1 with a wall clock the test moves (``.wall``)."""
    wall = Wall()
    st = ServerThread(clock=wall)
    st.wall = wall
    yield st
    st.stop()


def friend_at(url: str, code: str, name: str = "Ana"):
    """Another player's app, in short: a client thread seated at ``code`` and its Match."""
    net = ClientThread(url)

    async def sit(client):
        await client.connect()
        await client.join(code, name)
    net.call(sit)
    return net, RemoteMatch(net)


def host_turn_based(app, url: str, pace: str = "1d", on_timeout: str = "ai"):
    """Menu → KAITO's setup (two people) → Host online on the settings' server, ``pace`` and
    ``on_timeout`` chosen → the lobby. Returns the lobby."""
    app.settings["online_server"] = url
    app.manager.push(app.make_scene("menu"))
    app.manager.push(app.make_scene("setup", game="kaito"))
    setup = app.manager.top()
    setup.widgets.get("choice:seat0").set_value("human", notify=True)
    setup.widgets.get("choice:seat1").set_value("human", notify=True)
    setup.widgets.get("button:host-online").on_click()
    host = app.manager.top()
    assert host.name == "online_host" and host.choosing and host.hosting is None
    host.widgets.get("choice:pace").set_value(pace, notify=True)
    host.widgets.get("choice:timeout").set_value(on_timeout, notify=True)
    host.widgets.get("button:open").on_click()
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    return app.manager.top()


def test_the_online_server_setting_takes_an_address_or_nothing(app):
    """``field:server``: an address is saved when the editing ends; a text that is not one is
    said and not saved; an empty field is this computer again. A bad value in the file is
    dropped when read."""
    from scenes.shell.settings import Settings

    app.manager.push(app.make_scene("settings"))
    scene = app.manager.top()
    field = scene.widgets.get("field:server")
    assert field.text == "" and field.placeholder == "This computer"
    field.focus()
    field.set_text("wss://tatami.example.org")
    field.blur()
    assert app.settings["online_server"] == "wss://tatami.example.org" and not scene.server_bad
    assert Settings(path=app.settings.path).get("online_server") == "wss://tatami.example.org"
    field.focus()
    field.set_text("http://nope")
    field.blur()
    assert scene.server_bad and app.settings["online_server"] == "wss://tatami.example.org"
    field.focus()
    field.set_text("  ")
    field.blur()
    assert app.settings["online_server"] == "" and not scene.server_bad
    app.settings.path.write_text('{"version": 1, "online_server": "ftp://x y", "online_pace": "7d"}')
    again = Settings(path=app.settings.path)
    assert again.get("online_server") == "" and again.get("online_pace") == "live"


def test_without_a_server_host_online_opens_the_table_here_at_once(app):
    """No online server in the settings: hosting starts the app's own server at once (no pace to
    choose: a turn-based table needs a server)."""
    app.manager.push(app.make_scene("online_host", game="kaito", host="127.0.0.1",
                                    setup={"seats": ["human", "human"]}))
    host = app.manager.top()
    assert not host.choosing and host.widgets.get("choice:pace") is None
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    assert lobby.hosting is not None and not lobby.turn_based and not lobby.widgets.get("button:later").visible
    app.go_to_menu()


def test_a_turn_based_table_hosted_on_the_server_listed_and_taken_back_by_the_secret(app, turn_server):
    """Host online on the server: a turn-based table (1 day + 1 day a move, an AI when a clock runs
    out) made there, the invite carrying the server's address; "Come back later" keeps the seat.
    A friend joins and plays: the menu says it is this player's turn (the server's ``mine``, the
    app's watch), Play online lists the table first with its clock, and — the kept token lost —
    the row takes the seat back by the player's secret, straight into the game."""
    url = turn_server.url
    lobby = host_turn_based(app, url, "1d", "ai")
    assert lobby.hosting is None and lobby.address == url and lobby.invite.startswith(url + "/")
    assert lobby.turn_based and lobby.widgets.get("button:later").visible
    clock = lobby.match.snap.clock
    assert (clock["allowance"], clock["per_move"], clock["on_timeout"]) == (DAY, DAY, "ai")
    assert app.settings["online_pace"] == "1d" and app.settings["online_timeout"] == "ai"
    code = lobby.match.snap.table
    lobby.widgets.get("button:later").on_click()
    pump(app, lambda: app.manager.top().name == "menu", "the menu")
    from scenes.online.keptfile import KeptSeats

    kept = KeptSeats().entries()
    assert [(k.url, k.table, k.seat) for k in kept] == [(url, code, 0)]
    net, friend = friend_at(url, code)
    try:
        net.call(lambda client: client.wait(lambda p: p.started, 30))
        while 1 in friend.to_act() and 0 not in friend.to_act():  # (the friend first: one move)
            ply = friend.ply
            friend.apply(1, friend.legal_actions(1)[0])
            net.call(lambda client, ply=ply: client.wait(lambda p: p.ply > ply, 30))
        menu = app.manager.top()
        app.turn_watch.refresh()
        pump(app, lambda: menu.btn_tables.visible and menu.btn_tables.label == "Your turn online: KAITO",
             "the menu's your-turn line")
        assert app.turn_watch.your_turn()[0]["table"] == code
        KeptSeats().forget(code, 0)  # (the token lost: the player's secret alone takes the seat back)
        menu.btn_tables.on_click()
        join = app.manager.top()
        assert join.name == "online_join" and join.f_address.text == url
        pump(app, lambda: join.widgets.get("resume:0") is not None, "the server's list")
        row = join.widgets.get("resume:0")
        assert row.label == f"KAITO — table {code[:5]}-{code[5:]}"
        assert row.sublabel.startswith("Your turn · ") and row.sublabel.endswith("hours left")
        row.on_click()
        pump(app, lambda: app.manager.top().name == "kaito_play", "the game taken back")
        scene = app.manager.top()
        assert scene.match.seat == 0 and scene.match.legal_actions(0)
        assert [(k.table, k.seat) for k in KeptSeats().entries()] == [(code, 0)]  # kept again, new token
        ply = friend.ply  # (the game goes on from here: this seat's move reaches the friend)
        scene.match.apply(0, scene.match.legal_actions(0)[0])
        net.call(lambda client: client.wait(lambda p: p.ply > ply, 30))
        app.pump(16)
    finally:
        net.stop()
    app.go_to_menu()


@pytest.mark.parametrize("on_timeout", ["ai", "end"])
def test_a_clock_running_out_is_told_in_the_log_and_the_banner(app, turn_server, on_timeout):
    """At a turn-based table in play, the friend to act lets their clock run out (the server's
    wall moved by two days): this seat's game log says so and what follows — an AI plays the
    friend's seat, or the table ends (then the banner says so too)."""
    url = turn_server.url
    lobby = host_turn_based(app, url, "1d", on_timeout)
    code = lobby.match.snap.table
    net, friend = friend_at(url, code)
    try:
        pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
        scene = app.manager.top()
        match = scene.match
        while 0 in match.to_act() and 1 not in match.to_act():  # (this seat first: one move)
            ply = match.ply
            match.apply(0, match.legal_actions(0)[0])
            pump(app, lambda ply=ply: match.ply > ply, "this seat's move told")
        pump(app, lambda: 1 in match.to_act(), "the friend to act")
        pump(app, lambda: scene.banner_override is not None and "Ana to play · " in scene.banner_override[0],
             "the waiting line with the friend's time")
        turn_server.wall.now += 2 * DAY
        timed_out = turn_server.run(turn_server.server.check_clocks())
        assert timed_out == [(code, 1)]
        if on_timeout == "ai":
            line = "Ana's time ran out: an AI plays for them to the end."
        else:
            line = "Ana's time ran out: the table ends here."
        pump(app, lambda: any(text == line for _told, text, _c in scene.game_log.notes), "the log's line")
        if on_timeout == "end":
            pump(app, lambda: scene.banner_override is not None
                 and scene.banner_override[0] == "The table has ended: Ana's time ran out.", "the banner")
            assert not match.legal_actions(0)
    finally:
        net.stop()
    app.go_to_menu()


def test_a_game_that_ended_while_away_is_seen_and_counted(app, tmp_path):
    """A turn-based game this player's seat finished elsewhere (their other Tatami, in short) while
    this app was away, and the server restarted since (the table only in its database): Play
    online says the table finished; its row shows the end (the server replays the finished table
    for a ``resume``) and the game reaches the statistics and the recent games, as any."""
    import random
    from dataclasses import replace

    from game.net.store import SqliteTableStore
    from scenes.online.keptfile import KeptSeats
    from scenes.shell.history import HistoryStore
    from scenes.shell.stats import StatsStore

    app.stats, app.history = StatsStore(), HistoryStore()
    wall = Wall()
    db = tmp_path / "tables.db"
    server = ServerThread(SqliteTableStore(db), clock=wall)
    try:
        lobby = host_turn_based(app, server.url, "3d", "ai")
        code = lobby.match.snap.table
        lobby.widgets.get("button:later").on_click()
        pump(app, lambda: app.manager.top().name == "menu", "the menu")
        net, friend = friend_at(server.url, code)
        kept = KeptSeats().entries()[0]
        other = ClientThread(server.url, player=KeptSeats().player())  # (this player's other Tatami)

        async def back(client):
            await client.connect()
            await client.resume(code, 0, kept.token)
        other.call(back)
        me, rng = RemoteMatch(other), random.Random(3)
        try:
            while not me.is_over():
                for seat, match, net_of in ((0, me, other), (1, friend, net)):
                    if seat in match.to_act() and match.legal_actions(seat):
                        ply = match.ply
                        match.apply(seat, rng.choice(match.legal_actions(seat)))
                        net_of.call(lambda client, ply=ply: client.wait(lambda p: p.ply > ply or p.over, 30))
            KeptSeats().keep(replace(kept, token=other.client.picture.token))  # (its new token, kept there)
        finally:
            other.stop()
            net.stop()
        port = int(server.url.rsplit(":", 1)[1])
        server.stop()
        server = ServerThread(SqliteTableStore(db), port=port, clock=wall)  # (restarted: nothing in memory)
        app.manager.top().widgets.get("button:online").on_click()
        join = app.manager.top()
        pump(app, lambda: join.watch.tables is not None and join.widgets.get("resume:0") is not None
             and join.subs[0] is not None, "the finished row")
        assert join.watch.tables == [] and join.subs[0] == "Finished: see how it ended"
        join.widgets.get("resume:0").on_click()
        pump(app, lambda: app.manager.top().name == "kaito_play", "the end of the game")
        scene = app.manager.top()
        assert scene.match.is_over()
        pump(app, lambda: app.history.entries() and app.history.entries()[0].game_id == f"kaito-online-{code}",
             "the recent game")
        assert app.stats.counted(f"kaito-online-{code}")
        assert KeptSeats().entries() == []  # (over: the seat is forgotten)
    finally:
        server.stop()
    app.go_to_menu()


def test_the_list_says_finished_only_of_the_servers_own_tables():
    """Play online's rows: a kept seat the online server no longer lists is "Finished"; a table
    this computer hosted stays a hosted row even when the server's address is the same (the app's
    own server took port 8765 again, as the online server may), and so does a seat elsewhere."""
    from types import SimpleNamespace

    from scenes.online.keptfile import KeptSeat
    from scenes.online.tablerows import listed_rows

    url = "ws://127.0.0.1:8765"
    when = "2026-12-07T10:00:00+00:00"
    gone = KeptSeat(url, "ABCDEFGHJK", 0, "t" * 32, "kaito", "Ana", when)
    hosted = KeptSeat(url, "BCDEFGHJKL", 0, "t" * 32, "kaito", "Ana", when, hosted=True)
    other = KeptSeat("ws://192.168.1.20:8765", "CDEFGHJKLM", 1, "t" * 32, "kaito", "Ana", when)
    rows = listed_rows(SimpleNamespace(url=url, tables=[]), [gone, hosted, other])
    assert [(seat.table, sub) for seat, sub in rows] == [
        ("ABCDEFGHJK", "Finished: see how it ended"), ("BCDEFGHJKL", None), ("CDEFGHJKLM", None)]
    assert [sub for _seat, sub in listed_rows(SimpleNamespace(url=url, tables=None), [gone])] == [None]
