"""``python3 dev.py run`` installs only what the app needs, in one line of output; ``test`` and
``build`` add their tools (issue 10 §9: ``run`` made a 125 MB venv with the test and build tools and
printed 69 lines of pip output). dev.py's install step is driven here with pip replaced by a
recorder, in a temporary .venv."""

from __future__ import annotations

import importlib.util
import os
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def dev(tmp_path, monkeypatch):
    """dev.py as a module, its .venv in ``tmp_path``; ``dev.calls`` records every command run."""
    spec = importlib.util.spec_from_file_location("dev_under_test", ROOT / "dev.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    venv = tmp_path / ".venv"
    monkeypatch.setattr(mod, "VENV", str(venv))
    monkeypatch.setattr(mod, "STAMP", str(venv / "tatami-dev.stamp"))
    calls: list[list[str]] = []

    def fake_call(cmd, env=None):
        calls.append(list(cmd))
        if cmd[1:3] == ["-m", "venv"]:  # make the venv's python appear
            py = Path(mod.venv_python())
            py.parent.mkdir(parents=True, exist_ok=True)
            py.write_text("")
        return 0

    monkeypatch.setattr(mod, "call", fake_call)
    mod.calls = calls
    return mod


def pip_targets(calls):
    return [c[-1] for c in calls if c[1:4] == ["-m", "pip", "install"]]


def test_run_installs_only_the_app_and_says_so_in_one_line(dev, capsys):
    dev.ensure_env("run")
    assert pip_targets(dev.calls) == ["."]  # no extras: no pytest, mypy, PyInstaller...
    pip = [c for c in dev.calls if "pip" in c][0]
    assert "--quiet" in pip
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "what the app needs" in err[0] and "test" not in err[0], err
    # again: nothing to do, nothing said
    dev.calls.clear()
    dev.ensure_env("run")
    assert dev.calls == [] and capsys.readouterr().err == ""


def test_test_and_build_add_their_tools_and_keep_what_is_there(dev, capsys):
    dev.ensure_env("run")
    dev.calls.clear()
    dev.ensure_env("test")
    assert pip_targets(dev.calls) == [".[test]"]
    dev.calls.clear()
    dev.ensure_env("run")  # the test tools stay: no reinstall
    assert dev.calls == []
    dev.ensure_env("build")
    assert pip_targets(dev.calls) == [".[build,test]"]
    dev.calls.clear()
    dev.ensure_env("bench")
    dev.ensure_env("test")
    assert dev.calls == []
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("dev.py: ") for line in lines)


def test_a_changed_pyproject_installs_again(dev, monkeypatch):
    dev.ensure_env("test")
    dev.calls.clear()
    monkeypatch.setattr(dev, "wanted_stamp", lambda: "another-hash")
    dev.ensure_env("run")
    assert pip_targets(dev.calls) == ["."]  # what was installed for the old pyproject does not count


def test_the_extras_split_the_tools_from_the_app():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps = " ".join(project["dependencies"]).lower()
    for tool in ("pytest", "hypothesis", "mypy", "pyinstaller", "fonttools"):
        assert tool not in deps
    extras = {k: " ".join(v).lower() for k, v in project["optional-dependencies"].items()}
    for tool in ("pytest", "hypothesis", "mypy", "pyinstaller", "fonttools"):  # the suite builds the bundle too
        assert tool in extras["test"] and tool in extras["dev"]
    assert "pyinstaller" in extras["build"] and "pytest" not in extras["build"]


def test_ci_still_runs_dev_py_test():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in ci
    assert os.access(ROOT / ".ci" / "run", os.X_OK) or sys.platform == "win32"
