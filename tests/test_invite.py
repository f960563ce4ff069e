"""Inviting works first time (issue 33, item 3): the lobby gives one text — the server's address
with the table's code — and a friend who pastes it whole into the join screen (either field, or
types it into the code's) joins that table, on whatever port the host's server got."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.net.invite import invite_text, parse_invite  # noqa: E402
from scenes.kit import clipboard  # noqa: E402
from scenes.online.session import Hosting  # noqa: E402

WALL_S = 120.0


@pytest.mark.parametrize("text, url, code", [
    ("ws://192.168.1.20:43903/ABCDE-FGHJK", "ws://192.168.1.20:43903", "ABCDEFGHJK"),
    ("  tatami://10.0.0.2:8765/abcde-fghjk ", "ws://10.0.0.2:8765", "ABCDEFGHJK"),
    ("192.168.1.20:43903/ABCDEFGHJK", "ws://192.168.1.20:43903", "ABCDEFGHJK"),
    ("wss://tatami.example.org/ABCDE-FGHJK", "wss://tatami.example.org", "ABCDEFGHJK"),
    ("ws://[::1]:8765/ABCDE-FGHJK", "ws://[::1]:8765", "ABCDEFGHJK"),
    ("ABCDE-FGHJK", None, "ABCDEFGHJK"),
    ("ws://127.0.0.1:8765", "ws://127.0.0.1:8765", None),
    ("hello", None, None), ("ws://host:99999/ABCDE-FGHJK", None, None), ("ws://host:1/ABCDE", None, None),
])
def test_an_invite_is_read_in_every_form(text, url, code):
    assert parse_invite(text) == (url, code)


def test_an_invite_reads_back():
    assert parse_invite(invite_text("ws://192.168.1.20:43903", "ABCDEFGHJK")) == ("ws://192.168.1.20:43903",
                                                                                   "ABCDEFGHJK")


def pump(app, cond, what):
    end = time.monotonic() + WALL_S
    while not cond():
        top = app.manager.top()
        assert time.monotonic() < end, f"timed out waiting for {what} ({top.name}: {vars(top).get('error')!r}, " \
            f"{vars(top).get('sitting')!r})"
        app.pump(16)
        time.sleep(0.002)


def press(app, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.pump(16)


def click(app, scene, element: str) -> None:
    rect = next(e.rect for e in scene.ui_elements() if e.id == element)
    pos = app.viewport.to_window(rect).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump(16)


def test_a_friend_pastes_the_lobbys_invite_and_joins(app, tmp_path):
    """The host's lobby copies its invite; the friend's join screen, its address field holding
    another server's address, takes the invite pasted into the code's field and joins that very
    table."""
    hosting = Hosting(None, "127.0.0.1")
    try:
        from game.net.remote import ClientThread, RemoteMatch
        from scenes.online.session import seat_match

        host = ClientThread(hosting.local_url)

        async def sit(client):
            await client.connect()
            code = await client.create("kaito", ["open", "open"])
            await client.join(code, "Aoi")
            return code
        code = host.call(sit)
        match = seat_match(RemoteMatch(host))
        app.manager.push(app.make_scene("online_lobby", match=match, address=hosting.local_url))
        app.pump(16)
        lobby = app.manager.top()
        invite = next(e.label for e in lobby.ui_elements() if e.id == "address")
        assert invite == invite_text(hosting.local_url, code) and f":{hosting.url.rsplit(':', 1)[1]}/" in invite
        click(app, lobby, "button:copy-invite")
        assert clipboard.paste() == invite and lobby.copied_ms > 0
        # (this test's friend joins in the same app: the host's seat stays taken, and is not this
        # app's kept seat, which the join screen would take back)
        lobby.exit = lambda: None
        from scenes.online.kept import forget_seat
        assert forget_seat(match)
        app.manager.reset(app.make_scene("online_join", address="ws://127.0.0.1:1"))  # (no server there)
        app.pump(16)
        join = app.manager.top()
        click(app, join, "field:code")
        press(app, pygame.K_v, pygame.KMOD_LCTRL)
        assert (join.f_address.text, join.f_code.text) == (hosting.local_url, invite.rsplit("/", 1)[1])
        click(app, join, "button:join")
        pump(app, lambda: app.manager.top().name == game_scene() or bool(join.error),
             "the table, started")
        assert not join.error
        assert app.manager.top().match.snap.table == code
        # typed whole into the code's field, the invite is read at Join too
        assert join.take_invite("garbage") is False
        join.f_code.set_text(invite)
        join.f_address.set_text("ws://nowhere.invalid:1")
        join.take_invite(join.f_code.text)
        assert join.f_address.text == hosting.local_url
        host.stop()
    finally:
        hosting.stop()


def game_scene() -> str:
    from scenes.shell.catalog import game_info

    return game_info("kaito").scene


def test_a_seat_connects_to_its_tables_own_address_and_the_server_is_read_back():
    """Issue 35: a seat connects to the server's address with its table's code (the canonical
    form, whatever form was typed), which a proxy in front of several processes routes by; the
    server's own address is read back from it (the kept seat keeps that), and an address naming
    no table is its own."""
    from game.net.invite import server_of, table_url

    assert table_url("ws://127.0.0.1:8765", "abcde-fghjk") == "ws://127.0.0.1:8765/ABCDEFGHJK"
    assert table_url("wss://tatami.example.org/", "ABCDEFGHJK") == "wss://tatami.example.org/ABCDEFGHJK"
    for base in ("ws://127.0.0.1:8765", "wss://tatami.example.org", "wss://example.org/tatami"):
        assert server_of(table_url(base, "ABCDEFGHJK")) == base
        assert server_of(base) == base
