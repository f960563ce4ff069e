"""HAProxy with the repository's deploy/haproxy.cfg on the loopback, for the tests
(tests/test_net_haproxy.py, tests/test_deploy.py) and the cluster benchmark (tools/bench_net.py
``--processes``): Debian's ``haproxy`` package (``.ci/run`` installs it).

Without the program the calling test is skipped outside CI, with a line saying what to install
(under CI=true it fails: .ci/run installs it).
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable, Iterator

#: The configuration the tests and the benchmark run, as a server's operator would.
CONFIG = Path(__file__).resolve().parent.parent / "deploy" / "haproxy.cfg"


def program() -> str:
    """HAProxy's program; skips the calling test outside CI when it is missing (CI=true: fails)."""
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if found is None:
        import pytest

        if os.environ.get("CI") == "true":
            pytest.fail("haproxy is not installed (.ci/run installs it)")
        pytest.skip("needs HAProxy (apt install haproxy; .ci/run installs it)")
    return found


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def health(address: str) -> dict[str, Any] | None:
    """``GET /health`` at ``address`` (host:port), never through a proxy of the environment: its
    JSON when it answers 200, else None."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://{address}/health", timeout=5) as answer:
            return dict(json.loads(answer.read())) if answer.status == 200 else None
    except OSError:
        return None


def wait_for(condition: Callable[[], Any], timeout: float = 60.0, what: str = "") -> Any:
    """Poll ``condition()`` until it is truthy; its value (the timeout bounds a hang only)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def environment(bind: str, servers: list[str]) -> dict[str, str]:
    """The environment deploy/haproxy.cfg reads: ``TATAMI_BIND`` and ``TATAMI_SERVER_1..``."""
    return dict(os.environ, TATAMI_BIND=bind, **{f"TATAMI_SERVER_{i + 1}": s for i, s in enumerate(servers)})


@contextlib.contextmanager
def proxy(servers: list[str], haproxy: str | None = None) -> Iterator[str]:
    """HAProxy on a free port of 127.0.0.1 with deploy/haproxy.cfg in front of ``servers``
    (host:port, one or two): its ``ws://`` URL once it answers ``GET /health`` through to a
    server. Stopped at the end."""
    port = free_port()
    proc = subprocess.Popen([haproxy or program(), "-f", str(CONFIG), "-db"],
                            env=environment(f"127.0.0.1:{port}", servers), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: proc.poll() is not None or health(f"127.0.0.1:{port}"), what="haproxy to answer")
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        yield f"ws://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(30)
