"""The game server's health answer (issue 35, item 5; game/net/server.py ``Server._http``): a plain
HTTP ``GET /health`` on the game's own port, what a proxy (HAProxy's ``option httpchk``) checks,
answered 200 with the tables and connections now; the WebSocket handshake on the same port goes on
as before, and any other plain request is refused by it. A real server on 127.0.0.1."""
from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

from game.net.server import HEALTH_PATH
from net_support import running_server, table_of


def _get(url: str) -> tuple[int, str]:
    """(status, body) of a plain GET of ``url``, never through a proxy (the loopback only)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


def test_health_counts_the_tables_and_connections_beside_the_game():
    async def main():
        async with running_server() as (server, url):
            http = url.replace("ws://", "http://")
            status, body = await asyncio.to_thread(_get, http + HEALTH_PATH)
            assert status == 200 and json.loads(body) == {"tables": 0, "connections": 0, "forwarded": 0}
            code, seats = await table_of(url, "kaito", ["open", "easy"])  # the game on the same port
            status, body = await asyncio.to_thread(_get, http + HEALTH_PATH)
            assert status == 200 and json.loads(body) == {"tables": 1, "connections": len(seats), "forwarded": 0}
            status, _ = await asyncio.to_thread(_get, http + "/")  # not a health check, not a WebSocket
            assert status == 426
            for s in seats:
                await s.close()

    asyncio.run(main())


def test_the_minute_line_counts_the_actions_and_their_times():
    """The server's log line a minute (issue 35, item 5): tables (playing), connections, the
    actions answered in the minute and p50 / p99 from an action to the last seat's update."""
    import re

    from net_support import play_all

    async def main():
        async with running_server() as (server, url):
            assert server.minute_line().startswith("tables 0 (0 playing), connections 0 (0 forwarded), actions 0")
            code, seats = await table_of(url, "kaito", ["open", "open"])
            await play_all(seats, seed=1, until_ply=4)
            line = server.minute_line()
            match = re.fullmatch(r"tables 1 \(1 playing\), connections 2 \(0 forwarded\), actions (\d+), "
                                 r"p50 (\d+\.\d) ms, p99 (\d+\.\d) ms(, loop lag p99 \d+\.\d ms, max \d+\.\d ms)?",
                                 line)
            assert match, line
            assert int(match[1]) >= 4 and float(match[2]) <= float(match[3])
            assert ", actions 0" in server.minute_line() and ", p50" not in server.minute_line()  # a new minute
            for s in seats:
                await s.close()

    asyncio.run(main())


def test_the_minute_line_says_how_late_the_loop_ran():
    from game.net.minutelog import MinuteLog

    log = MinuteLog()
    for ms in (1.0, 2.0, 3.0):
        log.action(ms)
    for ms in (0.1, 0.2, 40.0):
        log.lag(ms)
    assert log.line(3, 2, 5, 1) == ("tables 3 (2 playing), connections 5 (1 forwarded), actions 3, p50 2.0 ms, "
                                    "p99 3.0 ms, loop lag p99 39.2 ms, max 40.0 ms")
    assert log.line(3, 2, 5, 1) == "tables 3 (2 playing), connections 5 (1 forwarded), actions 0"
