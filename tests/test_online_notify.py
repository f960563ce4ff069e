"""The desktop notification when it becomes this player's turn online (issue 35, item 4), over a
real D-Bus: a session bus of the test's own (``dbus-daemon``, a socket in a temporary folder) with a
notification service on it (the freedesktop ``org.freedesktop.Notifications`` interface, written
here with dbus-fast: the part a desktop provides), a real server on 127.0.0.1 and the app's
:class:`scenes.online.turnwatch.TurnWatch` with its desktop-notifier :class:`Notifier`.
"""
import asyncio
import os
import shutil
import subprocess
import threading
import time

import pytest

from game.net.remote import ClientThread, RemoteMatch
from net_support import ServerThread, Wall

WAIT_S = 60.0


def wait_until(cond, what, wall_s=WAIT_S):
    end = time.monotonic() + wall_s
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.005)


class NotificationService:
    """``org.freedesktop.Notifications`` on the bus at ``address``, in a thread: every ``Notify``
    call kept in :attr:`calls` as ``(app_name, title, body)``."""

    def __init__(self, address: str) -> None:
        # (dbus-fast: desktop-notifier's own D-Bus library; this module has no postponed annotations:
        # dbus-fast reads the D-Bus signatures from them)
        from dbus_fast.aio import MessageBus
        from dbus_fast.service import ServiceInterface, method, signal

        calls = self.calls = []

        class Notifications(ServiceInterface):
            def __init__(self) -> None:
                super().__init__("org.freedesktop.Notifications")
                self.next_id = 0

            @method()
            def Notify(self, app_name: "s", replaces_id: "u", app_icon: "s", summary: "s", body: "s",  # noqa: F821
                       actions: "as", hints: "a{sv}", expire_timeout: "i") -> "u":  # noqa: F821
                self.next_id += 1
                calls.append((app_name, summary, body))
                return self.next_id

            @method()
            def GetCapabilities(self) -> "as":  # noqa: F821
                return ["body"]

            @method()
            def GetServerInformation(self) -> "ssss":  # noqa: F821
                return ["test-notifications", "tatami", "1", "1.2"]

            @method()
            def CloseNotification(self, id: "u"):  # noqa: F821
                return None

            @signal()
            def NotificationClosed(self, id: "u", reason: "u") -> "uu":  # noqa: F821
                return [id, reason]

            @signal()
            def ActionInvoked(self, id: "u", action: "s") -> "us":  # noqa: F821
                return [id, action]

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

        async def start():
            bus = await MessageBus(bus_address=address).connect()
            bus.export("/org/freedesktop/Notifications", Notifications())
            await bus.request_name("org.freedesktop.Notifications")
            return bus
        self.bus = asyncio.run_coroutine_threadsafe(start(), self.loop).result(WAIT_S)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.bus.disconnect)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def session_bus(tmp_path, monkeypatch):
    """A D-Bus session bus of this test's own (its socket in ``tmp_path``), named by
    DBUS_SESSION_BUS_ADDRESS, with the notification service on it."""
    daemon = shutil.which("dbus-daemon")
    assert daemon is not None, "dbus-daemon is missing (.ci/run installs the dbus-daemon package)"
    config = tmp_path / "session.conf"
    config.write_text(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path={tmp_path}/bus</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>""")
    proc = subprocess.Popen([daemon, "--config-file", str(config), "--nofork", "--print-address=1"],
                            stdout=subprocess.PIPE, text=True)
    try:
        address = proc.stdout.readline().strip()
        assert address.startswith("unix:"), address
        monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address)
        service = NotificationService(address)
        yield service
        service.stop()
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_new_turn_is_a_desktop_notification(session_bus, tmp_path):
    """The watch's first answer only says where things stand (no notification); a table that
    becomes this player's turn after it is notified once through the desktop's notification
    service ("Tatami", the game and the other player); a table this window is at is not."""
    from scenes.online.notify import Notifier
    from scenes.online.turnwatch import TurnWatch

    server = ServerThread(clock=Wall())
    player = "test-player-secret-0123456789"
    mine = ClientThread(server.url, player=player)
    friend = ClientThread(server.url)
    watch = None
    try:
        async def host(client):
            await client.connect()
            code = await client.create("kaito", ["open", "open"],
                                       clock={"allowance": 86400, "per_move": 86400, "on_timeout": "ai"})
            await client.join(code, "Ben", 0)
            return code
        code = mine.call(host)

        async def join(client):
            await client.connect()
            await client.join(code, "Ana", 1)
        friend.call(join)
        me, ana = RemoteMatch(mine), RemoteMatch(friend)
        mine.call(lambda client: client.wait(lambda p: p.started, 30))
        quiet: set[str] = set()
        watch = TurnWatch(server.url, player, Notifier(), quiet=lambda: set(quiet), poll_s=3600)
        wait_until(lambda: watch.revision >= 1, "the first answer")
        assert watch.error is None and [t["table"] for t in watch.tables] == [code]

        def move(match, seat, other):
            ply = match.ply
            match.apply(seat, match.legal_actions(seat)[0])
            other.call(lambda client: client.wait(lambda p: p.ply > ply, 30))

        def answer():
            seen = watch.revision
            watch.refresh()
            wait_until(lambda: watch.revision > seen, "the watch's answer")

        if 0 in me.to_act():  # (this player first: one move, so the friend's comes next)
            move(me, 0, friend)
            answer()
        assert watch.your_turn() == [] and session_bus.calls == []
        move(ana, 1, mine)
        answer()
        assert [t["table"] for t in watch.your_turn()] == [code]
        wait_until(lambda: session_bus.calls, "the notification")
        assert session_bus.calls == [("Tatami", "Your turn in Tatami", "KAITO with Ana: it is your turn.")]
        # (the bus has the call before the notifier's send returns and the watch counts it)
        wait_until(lambda: watch.notified == 1, "the notification counted")
        quiet.add(code)  # this window at the table now: its next turn is not notified
        move(me, 0, friend)
        answer()
        move(ana, 1, mine)
        answer()
        assert watch.your_turn() and watch.notified == 1 and len(session_bus.calls) == 1
    finally:
        if watch is not None:
            watch.stop()
        mine.stop()
        friend.stop()
        server.stop()
