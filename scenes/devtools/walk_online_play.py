"""The layout check's walk through online tables in play (issue 24; :mod:`scenes.devtools.layoutstates`'
``online-play``): tables the app hosts on 127.0.0.1 with a friend — a client thread of this process,
named by the app's default label — and the server's AI, one or more per game, each game's own
(``DevTools.online_play``: e.g. the friend's phrase in its bubble beside this seat's own, the
friend's connection gone — the seat "Away" —, ``button:stand-in`` once the server allows it, the
seat played by the AI), else one table with a phrase in a bubble (``<room>-said``).

Every server on 127.0.0.1; waits bounded by :data:`scenes.devtools.walk_online.WAIT_S`.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from scenes.devtools.driver import Driver
from scenes.devtools.games import DevGame
from scenes.devtools.walk_online import until
from scenes.play.online_frame import phrase_text, said_line

#: Seconds away before the walk's tables let an AI stand in (the protocol's 30 s, shortened).
STAND_IN_AFTER_S = 0.5
#: How long the walk's bubbles stay (ms of frames): until the runner has looked.
HOLD_MS = 25_000.0


def _until(d: Driver, done: Callable[[], bool], what: str) -> None:
    """:func:`scenes.devtools.walk_online.until` for this walk."""
    until(d, done, what, "online-play")


def _still(d: Driver) -> None:
    """Let the play scene's animations end (a table waiting for another seat is never idle)."""
    top = d.app.manager.top()
    for _ in range(600):  # (frames: bounded)
        finish = getattr(top, "finish_animations", None)
        if finish is not None:
            finish()
        d.frames(1)
        hand = getattr(top, "hand", None)
        if not top.timeline.running and (hand is None or hand.settled()):
            break
    d.frames(3)


def _host(d: Driver, game: DevGame, seats: list[str]) -> tuple[Any, Any]:
    """Host ``game`` with ``seats`` (the first ``"human"`` this app, the other a friend's) and let
    the friend (a client thread) take the open seat; returns (the play scene, the friend)."""
    from game.net.remote import ClientThread
    from scenes.play.seats import PLAYER

    d.app.manager.reset(d.app.make_scene("online_host", game=game.name, host="127.0.0.1",
                                         setup={"seats": seats, "names": [""] * len(seats),
                                                **game.tools.play_kwargs}))
    _until(d, lambda: d.app.manager.top().name == "online_lobby", f"the {game.name} lobby")
    lobby = d.app.manager.top()
    code = lobby.match.snap.table
    table = lobby.hosting.server.tables.get(code)
    if table is not None:
        table.stand_in_after = STAND_IN_AFTER_S
    friend = ClientThread(lobby.hosting.local_url)

    async def sit(client: Any) -> None:
        await client.connect()
        await client.join(code, PLAYER)
    friend.call(sit)
    _until(d, lambda: d.app.manager.top().name == game.play_scene, f"the {game.name} table")
    return d.app.manager.top(), friend


def _say(d: Driver, scene: Any, friend: Any, phrase: str = "good-game") -> None:
    """The friend says ``phrase`` and this seat says hello (``button:say``, ``phrase:hello``)."""
    friend.call(lambda client: client.say(phrase))
    _until(d, lambda: any(e.id == "said:1" for e in scene.ui_elements()), "the friend's bubble")
    d.click("button:say")
    d.click("phrase:hello")
    _until(d, lambda: any(e.id == f"said:{scene.match.seat}" for e in scene.ui_elements()), "this seat's bubble")
    # held for the picture: the runner lets a table that waits for another seat run for up to
    # 1200 frames (19 s) before it looks, longer than a bubble's 3 s
    bubbles = scene.widgets.get("said")
    for seat, said in ((1, phrase), (scene.match.seat, "hello")):
        bubbles.show(seat, said_line(scene.match, seat, said), phrase_text(said), HOLD_MS)
    d.frames(20)  # (faded in)


def _drop(d: Driver, scene: Any, friend: Any) -> None:
    """The friend's app is gone: their seat shows away."""
    friend.stop()
    _until(d, lambda: bool(scene.match.away()), "the friend away")
    d.frames(3)


class Tables:
    """What a game's own tables (``DevTools.online_play``) are walked with: ``d``, ``host(seats)``
    (the play scene and the friend), ``still()``, ``say(scene, friend)``, ``drop(scene, friend)``,
    ``until(done, what)``."""

    def __init__(self, d: Driver, game: DevGame) -> None:
        self.d = d
        self.game = game

    def host(self, seats: list[str]) -> tuple[Any, Any]:
        return _host(self.d, self.game, seats)

    def still(self) -> None:
        _still(self.d)

    def say(self, scene: Any, friend: Any, phrase: str = "good-game") -> None:
        _say(self.d, scene, friend, phrase)

    def drop(self, scene: Any, friend: Any) -> None:
        _drop(self.d, scene, friend)

    def until(self, done: Callable[[], bool], what: str) -> None:
        _until(self.d, done, what)


def generic_tables(o: Tables) -> Iterator[str]:
    """A game's table with no walk of its own: this seat, the friend and AIs for the fewest seats;
    a phrase in a bubble."""
    n = o.game.seats[0]
    scene, friend = o.host(["human", "human"] + ["easy"] * (n - 2))
    try:
        o.still()
        o.say(scene, friend)
        yield f"{o.game.short}-said"
    finally:
        friend.stop()


def walk(d: Driver) -> Iterator[str]:
    """The walk (see the module doc)."""
    from scenes.devtools.games import dev_games

    for game in dev_games():
        yield from (game.tools.online_play or generic_tables)(Tables(d, game))
    d.app.go_to_menu()


__all__ = ["STAND_IN_AFTER_S", "Tables", "generic_tables", "walk"]
