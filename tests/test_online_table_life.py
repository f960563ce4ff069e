"""A table's life told (issue 33, items 2 and 6), headless against real servers on 127.0.0.1: a friend
who drops, comes back, and whose seat the server's AI plays meanwhile — each a line in the log
and a state on the panel —, and the host who leaves (their app, the server, goes away): the
banner says what happens, the log says who left, and the kept table says "host away"."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.net.remote import ClientThread  # noqa: E402
from scenes.online.session import Hosting  # noqa: E402
from scenes.play.seats import PLAYER  # noqa: E402

WALL_S = 60.0


def pump(app, cond, what):
    end = time.monotonic() + WALL_S
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        app.pump(16)
        time.sleep(0.002)


def log_texts(scene):
    return [e.label for e in scene.ui_elements() if e.id.startswith("log:")]


def test_a_friend_who_drops_comes_back_and_is_stood_in_for_is_told_in_the_log(app):
    app.manager.push(app.make_scene("online_host", game="kaito", host="127.0.0.1",
                                    setup={"seats": ["human", "human"], "colors": ("R", "B"), "names": ["", ""]}))
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    code = lobby.match.snap.table
    server = lobby.hosting.server
    url = lobby.hosting.local_url
    friend = ClientThread(url)

    async def sit(client):
        await client.connect()
        await client.join(code, PLAYER)
    friend.call(sit)
    token = friend.snapshot.seat, friend.client.picture.token
    pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
    scene = app.manager.top()
    try:
        pump(app, lambda: not scene.busy(), "the table at rest")
        friend.stop()
        pump(app, lambda: "Player lost the connection." in log_texts(scene), "the drop told")
        assert scene.seat_label(1) == "Away"
        back = ClientThread(url)

        async def resume(client):
            await client.connect()
            await client.resume(code, *token)
        back.call(resume)
        pump(app, lambda: log_texts(scene)[-1] == "Player is back.", "the return told")
        assert scene.seat_label(1) == "Online"
        server.tables[code].stand_in_after = 0.0  # (the protocol's 30 s, shortened: read at the drop)
        back.stop()
        pump(app, lambda: log_texts(scene).count("Player lost the connection.") == 2, "the second drop")
        pump(app, lambda: (b := scene.widgets.get("button:stand-in")) is not None and b.visible, "button:stand-in")
        scene.widgets.get("button:stand-in").on_click()
        pump(app, lambda: log_texts(scene)[-1] == "An AI plays for Player until they are back.", "the stand-in told")
        assert scene.seat_label(1) == "AI stands in"
    finally:
        app.go_to_menu()


def join_ana(app, hosting, host, name=""):
    """Ana (``host``, a client thread) creates a KAITO table for two on ``hosting`` and takes seat
    0; the app joins it through its join screen (as ``name``, or the default). Returns (the code,
    the play scene)."""
    async def create(client):
        await client.connect()
        table = await client.create("kaito", ["open", "open"])
        await client.join(table, "Ana")
        return table
    code = host.call(create)
    app.manager.push(app.make_scene("online_join"))
    join = app.manager.top()
    join.widgets.get("field:code").set_text(code)
    join.widgets.get("field:address").set_text(hosting.local_url)
    if name:
        join.widgets.get("field:online-name").set_text(name)
    join.join()
    pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
    return code, app.manager.top()


def test_the_host_leaving_is_said_and_the_kept_table_says_host_away(app):
    from scenes.online.kept import KeptSeats

    hosting = Hosting(None, "127.0.0.1")  # the host's app (its server)
    host = ClientThread(hosting.local_url)
    try:
        code, scene = join_ana(app, hosting, host, "Ben")
        pump(app, lambda: not scene.busy(), "the table at rest")
        assert not KeptSeats().entries()[0].host_away
        # this seat places the Kaito first: the kept table says it is this seat's turn (the menu's
        # "your turn", issue 33 item 7)
        pump(app, lambda: KeptSeats().entries()[0].my_turn is True, "the turn kept")
        hosting.stop()  # the host went back to the menu: their app's server stops
        pump(app, lambda: scene.banner_override is not None and scene.banner_override[0].startswith("The host has left"),
             "the banner")
        assert "Ana, who hosts this table, has left." in log_texts(scene)
        kept = KeptSeats().entries()[0]
        assert kept.table == code and kept.host_away
        assert kept.since().startswith("Host away · ")
    finally:
        host.stop()
        hosting.stop()
        app.go_to_menu()


def test_the_kept_table_follows_the_new_token_of_an_automatic_resume(app):
    """Issue 33, item 19: the server gives a new token at every resume; after the app's connection
    dropped and came back by itself, the kept seat holds the new one (the old no longer works)."""
    from scenes.online.kept import KeptSeats

    hosting = Hosting(None, "127.0.0.1")
    host = ClientThread(hosting.local_url)
    try:
        code, scene = join_ana(app, hosting, host)
        old = KeptSeats().entries()[0].token
        assert old == scene.match.snap.token
        client = scene.match.remote.net.client
        table = hosting.server.tables[code]
        hosting.loop.call_soon_threadsafe(lambda: table.peers[1].close(1011, "dropped by the test"))
        pump(app, lambda: client.reconnections > 0 and scene.match.snap.connected, "the automatic resume")
        pump(app, lambda: KeptSeats().entries()[0].token != old, "the new token kept")
        assert KeptSeats().entries()[0].token == scene.match.snap.token == client.picture.token
    finally:
        host.stop()
        hosting.stop()
        app.go_to_menu()
