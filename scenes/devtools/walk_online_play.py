"""The layout check's walk through online tables in play (issue 24; :mod:`scenes.devtools.layoutstates`'
``online-play``): tables the app hosts on 127.0.0.1 with a friend — a client thread of this process,
named by the app's default label — and the server's AI:

* KAITO: the friend's phrase in its bubble beside this seat's own; the friend's connection gone
  (the seat "Away", "Waiting for …" when the friend is to act); ``button:stand-in`` once the
  server allows it; the seat played by the AI ("AI stands in").
* Sushi Draft for three (this seat, the friend, an AI): the first choice, the friend's phrase, this
  seat's choice made and the friend gone (the banner waits).
* Kanji-zushi for four (this seat, the friend, two AIs): the first turn and a phrase in a bubble.

Every server on 127.0.0.1; waits bounded by :data:`scenes.devtools.walk_online.WAIT_S`.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from scenes.devtools.driver import Driver
from scenes.devtools.walk_online import until
from scenes.play.online import phrase_text, said_line

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


def _host(d: Driver, game: str, seats: list[str], room: str) -> tuple[Any, Any]:
    """Host ``game`` with ``seats`` (the first ``"human"`` this app, the other a friend's) and let
    the friend (a client thread) take the open seat; returns (the play scene, the friend)."""
    from game.net.remote import ClientThread
    from scenes.play.seats import PLAYER

    d.app.manager.reset(d.app.make_scene("online_host", game=game, host="127.0.0.1",
                                         setup={"seats": seats, "names": [""] * len(seats),
                                                **({"colors": ("R", "B")} if game == "kaito" else {})}))
    _until(d, lambda: d.app.manager.top().name == "online_lobby", f"the {game} lobby")
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
    _until(d, lambda: d.app.manager.top().name == f"{room}_play", f"the {game} table")
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


def walk(d: Driver) -> Iterator[str]:
    """The walk (see the module doc)."""
    scene, friend = _host(d, "kaito", ["human", "human"], "kaito")
    try:
        _still(d)
        _say(d, scene, friend)
        yield "kaito-said"
        _drop(d, scene, friend)
        _until(d, lambda: (b := scene.widgets.get("button:stand-in")) is not None and b.visible, "button:stand-in")
        _still(d)
        yield "kaito-stand-in"
        d.click("button:stand-in")
        _until(d, lambda: bool(scene.match.snap.seats[1].get("ai_after_drop")), "the AI standing in")
        _still(d)
        yield "kaito-ai-stands-in"
    finally:
        friend.stop()
    scene, friend = _host(d, "sushi-draft", ["human", "human", "easy"], "sushi")
    try:
        _still(d)
        yield "sushi-first-pick"
        _say(d, scene, friend)
        yield "sushi-said"
        _drop(d, scene, friend)
        seat = scene.match.seat
        legal = scene.match.legal_actions(seat)
        if legal:
            scene.commit(seat, legal[0])
        _until(d, lambda: not scene.match.legal_actions(seat), "this seat's choice")
        _still(d)
        yield "sushi-waiting"
    finally:
        friend.stop()
    scene, friend = _host(d, "kanji-zushi", ["human", "human", "easy", "medium"], "kanji")
    try:
        _still(d)
        _say(d, scene, friend)
        yield "kanji-said"
    finally:
        friend.stop()
    d.app.go_to_menu()


__all__ = ["STAND_IN_AFTER_S", "walk"]
