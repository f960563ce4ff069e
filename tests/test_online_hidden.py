"""Online play in the app for the games of hidden information (issue 24 §2): Sushi Draft and
Kanji-zushi headless (SDL dummy) against a real server on 127.0.0.1. The play scenes run over a
:class:`scenes.play.online_told.ToldMatch` — the views and events the server told their seat and
nothing else — and are played to their end through their own paths; the records every seat holds
are the server's and replay legally.
"""
from __future__ import annotations

import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ai import make_bot  # noqa: E402
from scenes.play.online_told import ToldMatch  # noqa: E402
from tests.test_online_app import WALL_S, BotSeat, pump, type_into  # noqa: E402


def play_to_the_end(app, scene, seed=3):
    """Play the person's seat as the easy AI would, through the scene's own ``commit``, until the
    end is on screen; every view the scene reads is its own seat's."""
    match = scene.match
    bot = make_bot(match.game.name, "easy", random.Random(seed))
    end = time.monotonic() + WALL_S
    while not (scene.ended or scene.match.is_over() and not scene.busy()):
        assert time.monotonic() < end, "the game did not end"
        app.pump(16)
        time.sleep(0.002)
        if getattr(scene, "scoring", None) is not None and scene.btn_next.visible:
            scene.next_round()
            continue
        seat = match.seat
        if scene.timeline.running or scene.busy():
            continue
        legal = match.legal_actions(seat)
        if legal and seat in match.to_act():
            assert scene.commit(seat, bot.choose(match.view(seat)))
    with pytest.raises(ValueError):
        match.view((match.seat + 1) % match.num_seats)  # another seat's view is never here


@pytest.mark.parametrize("game,room,seats", [("sushi-draft", "sushi", ["human", "easy", "medium"]),
                                             ("kanji-zushi", "kanji", ["human", "easy"])])
def test_a_game_of_hidden_information_hosted_against_the_servers_ai(app, game, room, seats):
    """Hosted from the setup's kwargs: the scene plays over a ToldMatch to the end; the record is
    the server's and replays legally; the game is counted online."""
    from game.replay import replay_record
    from scenes.shell.history import HistoryStore
    from scenes.shell.stats import ONLINE, StatsStore

    app.stats, app.history = StatsStore(), HistoryStore()
    app.manager.push(app.make_scene("online_host", game=game, host="127.0.0.1",
                                    setup={"seats": seats, "names": ["Ana"] + [""] * (len(seats) - 1)}))
    pump(app, lambda: app.manager.top().name == f"{room}_play", "the play scene")
    scene = app.manager.top()
    assert isinstance(scene.match, ToldMatch) and scene.match.seat == 0
    assert not scene.hints_enabled
    play_to_the_end(app, scene)
    pump(app, lambda: scene.match.record(), "the server's record")
    record = scene.match.record()
    final = replay_record("online", record)
    assert final.is_over() and final.outcome().winners == scene.match.outcome().winners
    pump(app, lambda: app.stats.table(game).get(ONLINE) is not None, "the online count")
    app.go_to_menu()


def test_a_kanji_table_of_three_joined_through_the_join_screen(app):
    """A Kanji-zushi table created by another player's client (two people and the server's easy
    AI): joined by code; the scene shows the other person's and the AI's moves as told."""
    bot = BotSeat(hosting_url := _hosting(app), "kanji-zushi", ["open", "open", "easy"], name="Ana")
    try:
        app.manager.push(app.make_scene("online_join"))
        join = app.manager.top()
        type_into(join, "field:code", bot.code)
        type_into(join, "field:address", hosting_url)
        type_into(join, "field:online-name", "Ben")
        join.join()
        pump(app, lambda: app.manager.top().name == "kanji_play", "the play scene")
        scene = app.manager.top()
        assert scene.match.seat == 1 and scene.names[:2] == ["Ana", "You"]
        play_to_the_end(app, scene, seed=8)
        pump(app, lambda: bot.match.record() and scene.match.record(), "the records")
        assert scene.match.record() == bot.match.record()
        # what the scene was told is exactly the seat's own log of the server's game
        from game.replay import replay_record

        final = replay_record("online", scene.match.record())
        assert [e.to_dict() for e in scene.match.events_for(1)] == [e.to_dict() for e in final.events_for(1)]
    finally:
        bot.close()
        app.go_to_menu()


def _hosting(app):
    from scenes.online.session import Hosting

    h = Hosting(None, "127.0.0.1")
    app._test_hostings = getattr(app, "_test_hostings", []) + [h]
    return h.local_url


def test_the_waiting_line_only_while_the_table_waits_for_an_away_seat():
    """"Waiting for Ben…" while an away seat is to act and this seat has nothing to do; not while
    this seat may act (Sushi Draft's simultaneous choice), nor for an away seat not to act."""
    from types import SimpleNamespace

    from scenes.play.online_frame import waiting_line

    def match(to_act, away, legal):
        return SimpleNamespace(seat=0, names=["Ana", "Ben", "Cy"], to_act=lambda: to_act, away=lambda: away,
                               legal_actions=lambda seat: legal)
    assert waiting_line(match((1,), [1], [])) == "Waiting for Ben…"
    assert waiting_line(match((0, 1), [1], ["a"])) is None
    assert waiting_line(match((2,), [1], [])) is None
    assert waiting_line(match((1, 2), [2], [])) == "Waiting for Cy…"


def test_a_default_name_travels_as_a_label_and_is_shown_in_the_language_in_use():
    """A player who typed no name is sent as the English label ("Player", "Host"); each app shows
    it in its own language, and recognises it translated by another app; a typed name stays."""
    from game import i18n
    from scenes.play.seats import HOST, PLAYER, person_name

    assert (PLAYER, HOST) == ("Player", "Host")
    ja_host = i18n.translations("ja").gettext("Host")
    assert ja_host != "Host"
    previous = i18n.set_language("en")
    try:
        assert person_name("Host") == "Host" and person_name(ja_host) == "Host"
        assert person_name("Ana") == "Ana"
        i18n.set_language("ja")
        assert person_name("Host") == ja_host and person_name("Player") == i18n.translations("ja").gettext("Player")
        assert person_name("Ana") == "Ana"
    finally:
        i18n.set_language(previous)


def test_a_sushi_choice_taken_back_before_the_reveal(app):
    """Sushi Draft with a friend who has not chosen yet: the server says this seat may take its
    choice back (the update's ``undo``); the scene's undo asks it, the server's ``state`` comes
    back and the scene shows the hand whole again. Once the friend chose (the reveal), no undo."""
    from game.sushi.rules import KEEP
    from scenes.play.seats import PLAYER

    app.manager.push(app.make_scene("online_host", game="sushi-draft", host="127.0.0.1",
                                    setup={"seats": ["human", "human"], "names": ["", ""]}))
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    from game.net.remote import ClientThread

    friend = ClientThread(lobby.hosting.local_url)
    try:
        async def sit(client):
            await client.connect()
            await client.join(lobby.match.snap.table, PLAYER)
        friend.call(sit)
        pump(app, lambda: app.manager.top().name == "sushi_play", "the play scene")
        scene = app.manager.top()
        match = scene.match
        pump(app, lambda: match.legal_actions(0) and not scene.timeline.running, "the first choice")
        hand = list(match.view(0).hand)
        assert not scene.undoing.available()
        assert scene.commit(0, match.legal_actions(0)[0])
        pump(app, lambda: scene.undoing.available(), "the undo offered")
        assert len(match.view(0).hand) == len(hand) - 1
        position = match.position
        assert scene.undo()
        pump(app, lambda: match.position != position and match.legal_actions(0), "the server's undo")
        assert sorted(match.view(0).hand) == sorted(hand) and not scene.undoing.available()
        # chosen again, then the friend chooses: the reveal is never taken back
        assert scene.commit(0, match.legal_actions(0)[0])
        friend.call(lambda client: client.act(client.picture.legal[0]))
        pump(app, lambda: match.view(0).phase == KEEP and not scene.timeline.running, "the reveal")
        assert not match.remote.net.told[1][-1].undo and not scene.undoing.available()
    finally:
        friend.stop()
        app.go_to_menu()


def test_the_hosts_name_is_typed_or_the_host_label():
    """The setup's names as the table gets them: a typed name as typed; the setup's default name
    ("Player 1" among two humans, in any language) is a label, sent as "Host"."""
    from scenes.online.host import table_request

    assert table_request({"seats": ["human", "human"], "names": ["Player 1", "Player 2"]})[3] == "Host"
    assert table_request({"seats": ["easy", "human"], "names": ["", "You"]})[3] == "Host"
    assert table_request({"seats": ["human", "easy"], "names": ["Aoi", ""]})[3] == "Aoi"
    seats, _options, mine, _name = table_request({"seats": ["easy", "human", "human"], "names": ["", "Ana", "Ben"]})
    assert seats == ["easy", "open", "open"] and mine == 1
