"""Undo at an online KAITO table in the app, as Board Game Arena does it (issue 33, item 1): the app
hosts a table on 127.0.0.1, a friend's seat is a client thread of this process. A move of this
seat that the friend has not answered goes back at once and the log says so; after the friend's
answer, Undo asks the friend, who accepts or refuses; the friend's request opens the question
over this table (``button:undo-accept`` / ``button:undo-refuse``). The banner then says whose turn
it is, never "Taken back"."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.net.remote import ClientThread  # noqa: E402
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


def host_with_friend(app):
    """The app hosts KAITO for two; the friend (a client thread) takes seat 1 and places its Kaito.
    Returns (the play scene, the friend)."""
    app.manager.push(app.make_scene("online_host", game="kaito", host="127.0.0.1",
                                    setup={"seats": ["human", "human"], "colors": ("R", "B"), "names": ["", ""]}))
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    friend = ClientThread(lobby.hosting.local_url)

    async def sit(client):
        await client.connect()
        await client.join(lobby.match.snap.table, PLAYER)
    friend.call(sit)
    pump(app, lambda: app.manager.top().name == "kaito_play", "the play scene")
    scene = app.manager.top()
    friend_moves(app, scene, friend)
    return scene, friend


def friend_moves(app, scene, friend):
    """The friend plays its first legal action; the app shows it."""
    ply = scene.match.ply
    friend.call(lambda client: client.act(client.picture.legal[0]))
    pump(app, lambda: scene.match.ply == ply + 1 and not scene.busy(), "the friend's move shown")


def my_move(app, scene):
    match = scene.match
    ply = match.ply
    action = match.legal_actions(0)[0]
    assert scene.commit(0, action)
    pump(app, lambda: match.snap.ply == ply + 1 and not scene.busy(), "this seat's move at the server")
    return action


def test_an_own_move_goes_back_at_once_and_the_log_says_so(app):
    scene, friend = host_with_friend(app)
    try:
        match = scene.match
        action = my_move(app, scene)
        assert scene.undoing.available() and not scene.undoing.request_offered()
        position = match.position
        assert scene.undo()
        pump(app, lambda: match.position != position and not scene.busy(), "the server's undo")
        assert match.ply == 1 and 0 in match.to_act()
        assert log_texts(scene)[-1] == f"You took back {action}."
        assert scene.banner_override is None  # the banner says whose turn, not "Taken back"
        # the friend's picture says who took what back
        news = friend.snapshot.undo_news
        assert news and news[-1]["kind"] == "undone" and news[-1]["by"] == 0 and news[-1]["undone"] == [(0, action)]
    finally:
        friend.stop()
        app.go_to_menu()


def test_after_the_friends_answer_undo_asks_the_friend(app):
    scene, friend = host_with_friend(app)
    try:
        match = scene.match
        action = my_move(app, scene)
        friend_moves(app, scene, friend)
        pump(app, lambda: scene.undoing.available(), "a request offered")
        assert not match.undo_points(0) and scene.undoing.request_offered()
        assert scene.undo()
        pump(app, lambda: friend.snapshot.asking is not None, "the friend asked")
        assert friend.snapshot.asking["seat"] == 0 and friend.snapshot.asking["waiting"] == [1]
        pump(app, lambda: scene.banner_override is not None and "Waiting for" in scene.banner_override[0],
             "the banner waiting for the friend")
        assert not scene.undoing.available(), "a second request while one waits"
        assert log_texts(scene)[-1] == "You asked to take back your last move."
        position = match.position
        friend.call(lambda client: client.answer_undo(True))
        pump(app, lambda: match.position != position and not scene.busy(), "the undo made")
        assert match.ply == 1 and 0 in match.to_act() and match.legal_actions(0)
        assert log_texts(scene)[-1] == f"You took back {action} (and 1 answer)."
        assert scene.banner_override is None
    finally:
        friend.stop()
        app.go_to_menu()


def test_the_friends_request_is_a_question_this_seat_refuses(app):
    scene, friend = host_with_friend(app)
    try:
        match = scene.match
        my_move(app, scene)
        friend_moves(app, scene, friend)
        my_move(app, scene)
        history = list(match.state.history)
        from scenes.kaito.banner import turn_line
        assert turn_line(scene)[0] == "Black to move"  # another person is never "thinking" (issue 33, item 6)
        assert friend.snapshot.undo_ask
        friend.call(lambda client: client.ask_undo())
        pump(app, lambda: app.manager.top().name == "online_undo_ask", "the question")
        question = app.manager.top()
        ids = {e.id: e for e in question.ui_elements()}
        assert "button:undo-accept" in ids and ids["button:undo-refuse"].label == "Refuse"
        assert question.message.startswith("Player asks to take back ")
        question.cancel()  # (button:undo-refuse)
        pump(app, lambda: app.manager.top() is scene and friend.snapshot.asking is None, "the refusal")
        ended = friend.snapshot.undo_news[-1]
        assert ended["kind"] == "ended" and ended["why"] == "refused" and ended["seat"] == 0
        pump(app, lambda: log_texts(scene)[-1] == "You refused to take the moves back.", "the log's line")
        assert list(match.state.history) == history
    finally:
        friend.stop()
        app.go_to_menu()
