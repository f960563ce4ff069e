"""A server others can run (issue 35, item 5): deploy/ and the ``tatami-server`` program.

* ``tatami-server`` is the project's script for ``game.net.serve.entry``, and it is the serve
  command under its own name (its one-line errors say so; ``TATAMI_DB`` gives ``--db``);
* the systemd unit's and the container's commands are commands the server accepts, and every file
  the container recipe copies exists;
* HAProxy accepts deploy/haproxy.cfg (when installed); the file is run for real, two processes
  behind it, in tests/test_net_haproxy.py.
"""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tomllib

import haproxy_support
from game.net import serve
from net_support import ROOT

DEPLOY = ROOT / "deploy"


def _run_entry(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from game.net.serve import entry; entry()", *args], cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})), capture_output=True,
                          text=True, timeout=60)


def test_tatami_server_is_the_serve_command_under_its_own_name():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["tatami-server"] == "game.net.serve:entry"
    bad = _run_entry("--port", "99999")
    assert bad.returncode == 2 and bad.stderr == "tatami-server: --port 99999 is not a port\n"
    missing = _run_entry("--port", "0", env={"TATAMI_DB": str(ROOT / "pyproject.toml" / "t.db")})
    assert missing.returncode == 1, missing.stderr  # TATAMI_DB named the database: a file that cannot be made
    assert missing.stderr.startswith("tatami-server: cannot open the database ") and missing.stderr.count("\n") == 1


def test_tatami_db_gives_the_database_and_db_wins(monkeypatch):
    monkeypatch.setenv("TATAMI_DB", "postgresql://tatami@127.0.0.1:5432/tatami")
    assert serve.parse([]).db == "postgresql://tatami@127.0.0.1:5432/tatami"
    assert serve.parse(["--db", "tables.db"]).db == "tables.db"
    monkeypatch.delenv("TATAMI_DB")
    assert serve.parse([]).db is None


def _unit() -> dict[str, str]:
    """The systemd unit's ``key=value`` lines (the last of each key)."""
    out = {}
    for line in (DEPLOY / "tatami-server@.service").read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.lstrip().startswith(("#", ";")):
            key, value = line.split("=", 1)
            out[key.strip()] = value.strip()
    return out


def test_the_systemd_units_command_is_one_the_server_takes():
    unit = _unit()
    argv = shlex.split(unit["ExecStart"].replace("%i", "8801"))
    assert argv[0].endswith("/tatami-server")
    args = serve.parse(argv[1:])
    assert (args.host, args.port, args.per_address) == ("127.0.0.1", 8801, 64)  # behind the proxy
    assert unit["KillSignal"] == "SIGTERM" and unit["Restart"] == "on-failure"
    assert unit["EnvironmentFile"].startswith("/etc/")  # the database (TATAMI_DB), off the command line


def test_the_container_recipe_copies_what_exists_and_runs_the_server():
    lines = (DEPLOY / "Containerfile").read_text(encoding="utf-8").replace("\\\n", " ").splitlines()
    copies = [shlex.split(line)[1:-1] for line in lines if line.startswith("COPY ")]
    assert copies and all((ROOT / src).exists() for sources in copies for src in sources), copies
    entry = json.loads(next(line for line in lines if line.startswith("ENTRYPOINT "))[len("ENTRYPOINT "):])
    assert entry[0] == "tatami-server"
    args = serve.parse(entry[1:])
    assert args.host == "0.0.0.0" and args.port == 8765
    expose = next(line for line in lines if line.startswith("EXPOSE "))
    assert expose.split()[1] == str(args.port)
    health = next(line for line in lines if line.startswith("HEALTHCHECK "))
    assert f"127.0.0.1:{args.port}/health" in health
    assert "server" in next(line for line in lines if "pip install" in line)  # psycopg with it


def test_haproxy_accepts_the_configuration():
    env = haproxy_support.environment("127.0.0.1:18765", ["127.0.0.1:18801", "127.0.0.1:18802"])
    check = subprocess.run([haproxy_support.program(), "-c", "-f", str(haproxy_support.CONFIG)], env=env,
                           capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
