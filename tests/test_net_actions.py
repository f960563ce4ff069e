"""An ``update`` says what was done (issue 32 §4; docs/PROTOCOL.md, version 2): a real server on
127.0.0.1 and real WebSocket clients.

* every ``state`` and ``update`` carries the actions applied, as the receiving seat may know them
  (``Game.public_action``): KAITO's and Kanji-zushi's whole, for every seat; a Sushi Draft choice
  whole for its own seat and ``null`` for every other (the AI's several choices of one step in
  one update); each update's ``cause`` says why it was sent (``act``, ``start``, ``stand-in``;
  a state's ``sit``, ``undo``, ``stale``);
* twin tables whose only difference is one seat's hidden Sushi Draft choice send the other seats
  byte-identical updates;
* a client of an older protocol version is refused with one line naming both versions, in its
  own version's envelope (so it can read it); a client of this version shows a server's refusal
  of another version as that one line (never waiting for a timeout).
"""
from __future__ import annotations

import asyncio
import json
import random
import signal
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from game.net import protocol as proto
from game.net.client import Client, ServerError
from game.registry import get as get_game
from net_support import WAIT_S, Seat, play_all, running_server, start_serve, table_of


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 300))


def told(seat: Seat) -> tuple[list[tuple[int, Any]], list[dict[str, Any]]]:
    """The actions ``seat`` was told since its last ``state`` (that state's, then each update's,
    in order), and every ``state`` / ``update`` it received."""
    actions: list[tuple[int, Any]] = []
    messages = [m for m in map(json.loads, seat.frames) if m["type"] in ("state", "update")]
    for m in messages:
        if m["type"] == "state":
            actions = []
        actions.extend((a["seat"], a["action"]) for a in m["actions"])
    return actions, messages


def check_messages(messages: list[dict[str, Any]]) -> None:
    """Each message's actions are the plies it moved the table on, its cause says why."""
    ply = 0
    for m in messages:
        if m["type"] == "state":
            assert m["cause"] == "sit" and len(m["actions"]) == m["ply"], m["cause"]
        else:
            assert len(m["actions"]) == m["ply"] - ply, (m["ply"], ply, m["actions"])
            assert m["cause"] == ("act" if m["actions"] else "start"), m
        ply = m["ply"]


@pytest.mark.parametrize("game,kinds", [("kaito", ["open", "open"]), ("kaito", ["open", "easy"]),
                                        ("kanji-zushi", ["open", "open", "easy"]),
                                        ("sushi-draft", ["open", "open", "easy", "easy"])])
def test_each_update_says_the_action_as_its_seat_may_know_it(game, kinds):
    async def main():
        async with running_server() as (server, url):
            code, seats = await table_of(url, game, kinds)
            await play_all(seats, seed=len(kinds))
            history = list(server.tables[code].match.state.history)
            for s in seats:
                await s.close()
            return history, [(s.seat, *told(s)) for s in seats]
    history, seats = run(main())
    assert len(history) > 4 and any(kinds[s] != "open" for s, _a in history) == ("easy" in kinds)
    for seat, actions, messages in seats:
        check_messages(messages)
        if game == "sushi-draft":  # the chooser gets its card, every other seat none
            assert actions == [(s, a if s == seat else None) for s, a in history]
        else:  # KAITO and Kanji-zushi: the action applied, for every seat
            assert actions == history
    if game == "sushi-draft":  # the AI seats' choices of one step came in one update
        assert any(len(m["actions"]) == 2 for _s, _a, messages in seats for m in messages)


def sushi_first_choice(setup: dict, card: str) -> list[str]:
    """Seat 1's first choice at a fresh table of ``setup`` (three open seats; ``card`` its
    action), then seat 0's: the frames each seat received for them, per seat."""
    async def main():
        async with running_server(allow_setups=True) as (_server, url):
            _code, seats = await table_of(url, "sushi-draft", ["open"] * 3, setup=setup)
            frames = []
            for mover, action in ((seats[1], card), (seats[0], None)):
                action = action or mover.last["legal"][0]
                await mover.send(proto.act(action, mover.last["ply"]))
                for s in seats:
                    update = await s.expect("update")
                    assert update["cause"] == "act" and update["actions"] == [
                        {"seat": mover.seat, "action": action if s is mover else None}]
                    frames.append(s.frames[-1])
            for s in seats:
                await s.close()
            return frames
    return run(main())


def test_twin_tables_differing_in_a_hidden_choice_send_the_others_the_same_bytes():
    """Two tables dealt alike whose only difference is the card seat 1 puts face down: seats 0
    and 2 get the same bytes for it (and for seat 0's choice after); seat 1 gets its own card."""
    state = get_game("sushi-draft").new_state(3, random.Random(4))
    legal = state.legal_actions(1)
    assert len(legal) >= 2
    a, b = sushi_first_choice(state.setup(), legal[0]), sushi_first_choice(state.setup(), legal[1])
    assert a[0] == b[0] and a[2] == b[2]  # seat 1's choice, as seats 0 and 2 are told it
    assert a[3] == b[3] and a[5] == b[5]  # seat 0's own choice, and seat 2's word of it
    assert a[1] != b[1] and json.loads(a[1])["actions"] == [{"seat": 1, "action": legal[0]}]


def test_undo_and_stand_in_messages_say_what_they_are():
    """An undo: every seat's ``state`` says ``undo`` and holds the actions left; a person back on
    a seat an AI played for them: the creator's ``update`` says ``stand-in``, with no action."""
    async def main():
        async with running_server(stand_in_after=0.2) as (server, url):
            code, (a, b) = await table_of(url, "kaito", ["open", "open"])
            table = server.tables[code]
            mover = a if a.last["legal"] else b
            await mover.send(proto.act(mover.last["legal"][0], mover.last["ply"]))
            await a.expect("update")
            await b.expect("update")
            assert mover.last["undo"]
            await mover.send(proto.undo(mover.last["ply"]))
            for s in (a, b):
                state = await s.expect("state")
                assert state["cause"] == "undo" and state["actions"] == [] and state["ply"] == 0
            token = b.token
            await b.close()
            while not (await a.expect("lobby"))["seats"][1]["stand_in_allowed"]:
                pass
            await a.send(proto.stand_in(1, "easy"))
            while table.match.ply < 2:  # the creator acts, the AI answers for seat 1
                if a.last["legal"]:
                    await a.send(proto.act(a.last["legal"][0], a.last["ply"]))
                await a.recv()
            while a.last["ply"] != table.match.ply or not a.last["undo"]:
                await a.recv()
            assert told(a)[0] == table.match.state.history
            b = await Seat.open(url)
            await b.resume(code, 1, token)
            while a.last["undo"]:
                await a.recv()
            assert a.last["type"] == "update" and a.last["cause"] == "stand-in" and a.last["actions"] == []
            for s in (a, b):
                await s.close()
    run(main())


# -- versions ---------------------------------------------------------------------------------------
OLD_LINE = f"this server speaks protocol {proto.VERSION}; your Tatami speaks {proto.VERSION - 1}: update Tatami"


def test_an_old_clients_hello_is_refused_with_one_line(monkeypatch):
    """An older client's ``hello``: one ``error`` ``version`` naming both versions, in the
    client's own version (an old client reads it), then the connection closed (1008)."""
    async def main():
        async with running_server() as (_server, url):
            async with connect(url) as ws:
                await ws.send(json.dumps({"v": proto.VERSION - 1, "type": "hello", "client": "tatami 0.0.9"}))
                raw = await asyncio.wait_for(ws.recv(), WAIT_S)
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), WAIT_S)
                return raw, closed.value.rcvd.code if closed.value.rcvd else None
    raw, code = run(main())
    assert json.loads(raw) == {"v": proto.VERSION - 1, "type": "error", "code": "version", "message": OLD_LINE}
    assert code == proto.CLOSE_POLICY
    monkeypatch.setattr(proto, "VERSION", proto.VERSION - 1)  # as the old client reads it
    assert proto.decode(raw, "server")["message"] == OLD_LINE


def test_an_old_client_shows_the_servers_one_line(tmp_path, monkeypatch, capsys):
    """A client of the older version (this code speaking ``VERSION - 1``) against a server of
    this one (``python -m game serve``): the hello's error is the one line; the bot client
    prints it alone."""
    from game.net import botclient

    proc, url = start_serve(tmp_path / "tables.db")
    try:
        monkeypatch.setattr(proto, "VERSION", proto.VERSION - 1)

        async def hello():
            client = Client(url, reconnect_for=0)
            try:
                await client.connect()
            finally:
                await client.close()
        with pytest.raises(ServerError) as refused:
            run(hello())
        assert refused.value.code == "version" and refused.value.message == OLD_LINE
        assert botclient.main([url, "--game", "kaito", "--seats", "2", "--level", "easy"]) == 1
        assert capsys.readouterr().err == f"python -m game bot-client: {OLD_LINE}\n"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


def test_this_client_shows_an_older_servers_refusal_as_one_line():
    """A server of the older version refuses this client as it did (an error in its own
    version, its own words, then 1008): the client raises it at once as the one line."""
    async def old_server(ws: Any) -> None:
        async for _raw in ws:
            await ws.send(json.dumps({"v": proto.VERSION - 1, "type": "error", "code": "version",
                                      "message": f"protocol version {proto.VERSION}, this side speaks 1"}))
            await ws.close(proto.CLOSE_POLICY, "protocol version")

    async def main():
        async with serve(old_server, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            client = Client(f"ws://127.0.0.1:{port}", reconnect_for=0)
            try:
                await asyncio.wait_for(client.connect(), 20)
            finally:
                await client.close()
    with pytest.raises(ServerError) as refused:
        run(main())
    assert refused.value.code == "version"
    assert refused.value.message == (f"this server speaks protocol {proto.VERSION - 1}; your Tatami speaks "
                                     f"{proto.VERSION}: this server needs an update")
