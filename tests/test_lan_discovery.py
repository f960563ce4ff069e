"""LAN discovery (game/net/discovery.py; issue 24 §1-2): tables announced as ``_tatami._tcp.local.``
services are found with their TXT fields, updated, and dropped when their announcer says goodbye.

Multicast never leaves this machine: the announcing and browsing run ONLY inside a network
namespace this test makes itself (``ip netns add``), whose one interface is its own loopback with
multicast routed to it; zeroconf is bound to 127.0.0.1 there. The namespace is deleted afterwards.
Making a namespace needs root (CI runs as root; .ci/run installs iproute2): where it is not
permitted the test fails and says so instead of skipping. Everywhere else the tests run with
``TATAMI_LAN=off`` (tests/conftest.py), under which the same classes open no socket at all.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import environ
from game.net import discovery, protocol

ROOT = Path(__file__).resolve().parents[1]

#: Runs inside the namespace: two announced tables found, one updated, both closed. Prints one
#: JSON line per step; every wait polls until its condition holds or a generous deadline passes.
PROBE = r'''
import json, sys, time
from game.net import discovery

DEADLINE_S = 60.0

def wait_for(browser, test):
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        tables = browser.tables()
        if test(tables):
            return tables
        time.sleep(0.05)
    return browser.tables()

def show(step, tables):
    print(json.dumps({"step": step, "tables": [
        {"code": t.code, "game": t.game, "open_seats": t.open_seats, "seats": t.seats, "host": t.host,
         "version": t.version, "addresses": list(t.addresses), "port": t.port, "url": t.url,
         "compatible": t.compatible} for t in tables]}), flush=True)

LO = ["127.0.0.1"]
browser = discovery.Browser(interfaces=LO)
browser.start()
assert browser.active, browser.error
a = discovery.Announcer("ABCDEFGH23", "kaito", 47001, open_seats=1, seats=2, host="Ana", interfaces=LO)
b = discovery.Announcer("XYZXYZ4567", "sushi", 47002, open_seats=3, seats=4, host="Kenji", interfaces=LO)
show("both", wait_for(browser, lambda ts: len(ts) == 2))
b.update(open_seats=2)
show("updated", wait_for(browser, lambda ts: any(t.code == "XYZXYZ4567" and t.open_seats == 2 for t in ts)))
a.close()
show("one closed", wait_for(browser, lambda ts: [t.code for t in ts] == ["XYZXYZ4567"]))
b.close()
show("both closed", wait_for(browser, lambda ts: ts == []))
later = discovery.Browser(interfaces=LO)
later.start()
time.sleep(2.0)  # nothing is announced any more: a new browser finds nothing
show("new browser", later.tables())
later.close()
browser.close()
print(json.dumps({"errors": [a.error, b.error, browser.error, later.error]}), flush=True)
'''


def ip(*args: str) -> subprocess.CompletedProcess[str]:
    """``ip ARGS`` run and its result (never raises for its exit status)."""
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=60, check=False)


@pytest.fixture
def netns():
    """The name of a fresh network namespace with its loopback up and multicast routed to it;
    deleted afterwards. Fails (never skips) when it cannot be made."""
    if shutil.which("ip") is None:
        pytest.fail("LAN discovery's test needs the `ip` command (Debian/Ubuntu: apt-get install iproute2; "
                    ".ci/run installs it)")
    name = f"tatami-test-{os.getpid()}-{secrets.token_hex(3)}"
    made = ip("netns", "add", name)
    if made.returncode != 0:
        pytest.fail(f"LAN discovery's test could not create a network namespace (`ip netns add {name}`: "
                    f"{made.stderr.strip() or made.returncode}); it needs root or CAP_SYS_ADMIN — multicast "
                    "is tested only inside a namespace of its own, never on this machine's interfaces")
    try:
        for step in (["link", "set", "lo", "up"], ["link", "set", "lo", "multicast", "on"],
                     ["route", "add", "224.0.0.0/4", "dev", "lo"]):
            done = ip("netns", "exec", name, "ip", *step)
            if done.returncode != 0:
                pytest.fail(f"setting up the namespace {name} failed: ip {' '.join(step)}: {done.stderr.strip()}")
        yield name
    finally:
        ip("netns", "del", name)
        assert name not in ip("netns", "list").stdout.split(), f"the namespace {name} was not deleted"


def test_announced_tables_are_found_updated_and_dropped_inside_a_namespace(netns, tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(PROBE, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env[environ.LAN] = "on"  # only inside the namespace
    done = subprocess.run(["ip", "netns", "exec", netns, sys.executable, str(script)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    steps = {line["step"]: line["tables"] for line in lines if "step" in line}
    ana = {"code": "ABCDEFGH23", "game": "kaito", "open_seats": 1, "seats": 2, "host": "Ana",
           "version": protocol.VERSION, "addresses": ["127.0.0.1"], "port": 47001, "url": "ws://127.0.0.1:47001",
           "compatible": True}
    kenji = {"code": "XYZXYZ4567", "game": "sushi", "open_seats": 3, "seats": 4, "host": "Kenji",
             "version": protocol.VERSION, "addresses": ["127.0.0.1"], "port": 47002, "url": "ws://127.0.0.1:47002",
             "compatible": True}
    assert steps["both"] == [ana, kenji]
    assert steps["updated"] == [ana, dict(kenji, open_seats=2)]
    assert steps["one closed"] == [dict(kenji, open_seats=2)]
    assert steps["both closed"] == []
    assert steps["new browser"] == []
    assert lines[-1] == {"errors": [None, None, None, None]}
    assert ip("netns", "list").stdout.count(netns) == 1  # the fixture deletes it after the test


def test_off_means_no_socket(monkeypatch):
    """With TATAMI_LAN=off (the tests' setting) a browser and an announcer stay inert."""
    assert environ.lan() is False  # tests/conftest.py
    browser = discovery.Browser()
    browser.start()
    assert not browser.active and browser._zc is None and browser.tables() == []
    browser.close()
    announcer = discovery.Announcer("ABCDEFGH23", "kaito", 47001, open_seats=1, seats=2, host="Ana")
    assert not announcer.active and announcer._thread is None
    announcer.update(open_seats=0)
    announcer.close()
    for value, on in (("", True), ("on", True), (" ON ", True), ("off", False), ("no", False), ("1", False)):
        monkeypatch.setenv(environ.LAN, value)
        assert environ.lan() is on and discovery.enabled() is on


def test_txt_records_from_the_network_are_checked():
    good = discovery.txt_record("ABCDEFGH23", "kaito", 1, 2, "Ana")
    assert good == {"code": "ABCDEFGH23", "game": "kaito", "open": "1", "seats": "2", "host": "Ana",
                    "v": str(protocol.VERSION)}
    raw = {k.encode(): v.encode() for k, v in good.items()}
    assert discovery.parse_txt(raw) == {"code": "ABCDEFGH23", "game": "kaito", "open_seats": 1, "seats": 2,
                                        "host": "Ana", "version": protocol.VERSION}
    for key, bad in (("code", b"abc"), ("code", b"ABCDEFGH2I"), ("game", b"k a"), ("game", b"x" * 40),
                     ("open", b"3"), ("open", b"-1"), ("seats", b"0"), ("seats", b"17"), ("v", b"one"),
                     ("host", b""), ("host", b"\x1b[31m"), ("host", "n" * 25), ("host", b"\xff"), ("open", None)):
        assert discovery.parse_txt({**raw, key.encode(): bad}) is None, (key, bad)
    assert discovery.parse_txt({k: v for k, v in raw.items() if k != b"host"}) is None
    with pytest.raises(ValueError):
        discovery.txt_record("ABCDEFGH23", "kaito", 3, 2, "Ana")
    with pytest.raises(ValueError):
        discovery.Announcer("ABCDEFGH23", "kaito", 0, open_seats=1, seats=2, host="Ana")
    info = SimpleNamespace(properties=raw, port=47001, parsed_addresses=lambda: ["::1", "10.0.0.5", "10.0.0.5"])
    found = discovery.found_from(info)
    assert found is not None and found.addresses == ("10.0.0.5",) and found.url == "ws://10.0.0.5:47001"
    assert discovery.found_from(SimpleNamespace(properties=raw, port=47001, parsed_addresses=lambda: ["::1"])) is None
    assert discovery.found_from(SimpleNamespace(properties=raw, port=0, parsed_addresses=lambda: ["10.0.0.5"])) is None
    old = discovery.found_from(SimpleNamespace(properties={**raw, b"v": b"0"}, port=1,
                                               parsed_addresses=lambda: ["10.0.0.5"]))
    assert old is not None and not old.compatible
