"""The layout check's walk through the online screens (issue 24; :mod:`scenes.devtools.layoutstates`'
``online``): the join screen and its error line, the lobby of a table of the menu's first game the app hosts on
127.0.0.1 with a seat still open, a game hosted against the server's AI and its quick messages,
then the join screen listing that unfinished game (kept by :mod:`scenes.online.kept`) and a kept
table whose server is gone (its line and ``forget:<i>``); then on an online server of the settings
(issue 35: a server of the walk's own, in memory): hosting's pace chosen (turn-based, what a clock
running out does), a turn-based lobby, a friend's turn with their time left in the banner, and
Play online listing the server's table with whose turn it is. Everything in the runner's temporary
data folder; every server on 127.0.0.1.
"""
from __future__ import annotations

import socket
import time
from typing import Any, Callable, Iterator

import pygame

from scenes.devtools.driver import Driver, SelfTestFailure

#: Seconds a server step of the walk may take (bounds a hang only).
WAIT_S = 60.0


def until(d: Driver, done: Callable[[], bool], what: str, walk: str = "online") -> None:
    """Frames (a little real sleep between: the network's threads) until ``done()``.

    Raises:
        SelfTestFailure: not within :data:`WAIT_S` seconds ("``walk``: ``what`` never came")."""
    deadline = time.monotonic() + WAIT_S
    while not done():
        if time.monotonic() > deadline:
            top = d.app.manager.top()
            said = getattr(top, "error", None) or getattr(top, "status", None)
            raise SelfTestFailure(f"{walk}: {what} never came within {WAIT_S:.0f} s (on {d.scene_name()!r}"
                                  + (f", saying {said!r})" if said else ")"))
        d.frames(1)
        time.sleep(0.005)


def _dead_port() -> int:
    """A port of 127.0.0.1 nobody listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def walk(d: Driver, settle: Callable[[Driver], None]) -> Iterator[str]:
    """The walk (see the module doc); ``settle`` lets the top scene finish moving."""
    from datetime import datetime, timezone

    from scenes.devtools.games import dev_games
    from scenes.online.kept import KeptSeat, KeptSeats

    game = dev_games()[0]
    n = game.seats[0]
    d.click("button:online")
    settle(d)
    yield "join"
    join = d.app.manager.top()
    join.widgets.get("field:code").set_text("ABC")
    d.click("button:join")
    settle(d)
    yield "join-error"
    d.app.manager.reset(d.app.make_scene("online_host", game=game.name, host="127.0.0.1", setup={
        "seats": ["human"] * n, **game.tools.play_kwargs, "names": ["Aoi"] + [""] * (n - 1)}))
    until(d, lambda: d.app.manager.top().name == "online_lobby", "the hosted table's lobby")
    d.frames(2)
    yield "lobby"
    d.click("button:leave")
    settle(d)
    # in game against the server's AI: the quick messages' button, then its overlay
    d.app.manager.reset(d.app.make_scene("online_host", game=game.name, host="127.0.0.1", setup={
        "seats": ["human"] + ["easy"] * (n - 1), **game.tools.play_kwargs, "names": [""] * n}))
    until(d, lambda: bool(getattr(d.app.manager.top(), "error", "")) or (
        d.app.manager.top().name == game.play_scene and d.app.manager.top().human_to_act() is not None),
        "the hosted game, this seat to act")  # (the AIs' opening decisions made)
    if d.app.manager.top().name != game.play_scene:
        raise SelfTestFailure(f"online: hosting against the AI failed: {d.app.manager.top().error}")
    settle(d)
    yield "game"
    d.click("button:say")
    settle(d)
    yield "say"
    d.key(pygame.K_ESCAPE)
    d.app.go_to_menu()  # (the game is kept: the app's server stops, the seat stays ours)
    settle(d)
    d.click("button:online")
    settle(d)
    yield "join-kept"
    # a kept table whose server is gone (the newest: the first row): its line and forget:0
    when = datetime.now(timezone.utc).isoformat(timespec="seconds")
    KeptSeats().keep(KeptSeat(f"ws://127.0.0.1:{_dead_port()}", "ABCDEFGHJK", 1, "x" * 32, game.name, "Aoi", when,
                              host_away=True))  # (its host left: the row says "host away")
    d.app.go_to_menu()
    settle(d)
    d.click("button:online")
    settle(d)
    d.click("resume:0")
    until(d, lambda: getattr(d.app.manager.top(), "sitting", None) is None, "the refused resume")
    settle(d)
    yield "join-forget"
    d.app.go_to_menu()
    settle(d)
    yield "menu-tables"  # (the menu's line about the unfinished online tables: issue 33, item 7)
    yield from on_a_server(d, settle, game)


def on_a_server(d: Driver, settle: Callable[[Driver], None], game: Any) -> Iterator[str]:
    """The states on an online server (see the module doc); the settings' server cleared after."""
    from game.net.remote import ClientThread
    from scenes.online.session import Hosting
    from scenes.play.seats import PLAYER

    server = Hosting(None, "127.0.0.1")  # (a real server: the community's, in short)
    friend: ClientThread | None = None
    n = game.seats[0]
    try:
        d.app.settings["online_server"] = server.local_url
        d.app.manager.reset(d.app.make_scene("online_host", game=game.name, setup={
            "seats": ["human"] * 2 + ["easy"] * (n - 2), **game.tools.play_kwargs, "names": ["Aoi"] + [""] * (n - 1)}))
        d.click("choice:pace:3d")
        settle(d)
        yield "host-server"
        d.click("button:open")
        until(d, lambda: d.app.manager.top().name == "online_lobby", "the server's turn-based lobby")
        d.frames(2)
        yield "lobby-turn-based"
        lobby = d.app.manager.top()
        code = lobby.match.snap.table
        friend = ClientThread(server.local_url)

        async def sit(client: Any) -> None:
            await client.connect()
            await client.join(code, PLAYER)  # (a default name: shown in the language in use)
        friend.call(sit)
        until(d, lambda: d.app.manager.top().name == game.play_scene, "the turn-based game")
        scene = d.app.manager.top()
        match = scene.match
        for _step in range(8):  # (this seat's moves until the friend's turn: the banner's line)
            if not match.legal_actions(match.seat) or scene.busy():
                break
            ply: int = match.ply

            def told(ply: int = ply) -> bool:
                return bool(match.ply > ply and not scene.busy())
            match.apply(match.seat, match.legal_actions(match.seat)[0])
            until(d, told, "this seat's move told")
        until(d, lambda: scene.banner_override is not None, "the friend's turn in the banner")
        settle(d)
        yield "game-turn-based"
        d.app.go_to_menu()
        settle(d)
        d.click("button:online")
        join = d.app.manager.top()
        until(d, lambda: join.widgets.get("resume:0") is not None and join.subs[0] is not None,
              "the server's list of this player's tables")
        settle(d)
        yield "join-server"
    finally:
        d.app.settings["online_server"] = ""
        d.app.go_to_menu()  # (the menu's line stops the watch over the server)
        if friend is not None:
            friend.stop()
        server.stop()


__all__ = ["WAIT_S", "until", "walk"]
