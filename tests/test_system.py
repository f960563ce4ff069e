"""game/system.py, the one module that decides per operating system (issue 20).

Here on Linux: the POSIX paths for real (priorities of real processes) and the Windows-only
functions' answers off Windows. Their Windows paths run for real in the frozen exe under Wine
(tests/test_windows.py: the self-test prints :func:`game.system.describe`)."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n, system

ROOT = Path(__file__).resolve().parents[1]


posix_only = pytest.mark.skipif(system.WINDOWS, reason="the POSIX path (test_windows_answers covers Windows)")


@posix_only
def test_lower_own_priority_raises_the_nice_value_of_the_calling_process():
    code = ("import os; from game import system; before = os.nice(0); "
            "ok = system.lower_own_priority(3); print(ok, os.nice(0) - before)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    ok, delta = out.stdout.split()
    if os.nice(0) >= 17:  # already near the floor: nice caps at 19
        pytest.skip("this test process already runs at nice >= 17")
    assert ok == "True" and int(delta) == 3
    assert system.lower_own_priority(0) is False


@posix_only
def test_lower_child_priority_lowers_another_process():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        before = os.getpriority(os.PRIO_PROCESS, child.pid)
        assert system.lower_child_priority(child.pid, min(19, before + 4)) is True
        assert os.getpriority(os.PRIO_PROCESS, child.pid) == min(19, before + 4)
        assert system.lower_child_priority(None, 5) is False
    finally:
        child.kill()
        child.wait()


@posix_only
def test_windows_only_answers_off_windows():
    assert not system.WINDOWS
    assert system.no_window_flags() == 0
    assert system.child_lowers_own_priority() is False
    assert system.dpi_awareness() == "n/a" and system.app_id() is None and system.ui_language() is None
    system.prepare_window_process()  # nothing to do here, and it must not fail
    assert system.describe().startswith(f"system {sys.platform}, utf-8 mode ")


@pytest.mark.skipif(not system.WINDOWS, reason="Windows itself (the release workflow's runner; here under Wine: "
                                               "tests/test_windows.py)")
def test_windows_answers():
    assert system.no_window_flags() == 0x08000000 and system.child_lowers_own_priority() is True
    assert system.lower_child_priority(os.getpid(), 5) is False  # the child does it itself there
    system.prepare_window_process()
    assert system.dpi_awareness() == "per-monitor"
    assert system.app_id() == system.APP_ID
    assert system.ui_language() is None or system.ui_language().count("_") == 1


def test_windows_language_ids_map_to_locale_names():
    assert system.language_tag(0x0411) == "ja_JP"
    assert system.language_tag(0x0C0A) == "es_ES"
    assert system.language_tag(0x0409) == "en_US"
    assert system.language_tag(0x7FFF) is None
    assert i18n.normalize(system.language_tag(0x080A)) == "es"  # Spanish (Mexico)


def test_the_desktop_ui_language_comes_before_the_environment(monkeypatch):
    """On Windows the UI language decides (LANG is rarely set there and locale.getlocale() says
    "Japanese_Japan"); where the system gives none, the environment does."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(system, "ui_language", lambda: "ja_JP")
    assert i18n.system_language() == "ja"
    monkeypatch.setattr(system, "ui_language", lambda: "fr_FR")  # not one of ours: the environment
    assert i18n.system_language() == "en"
    monkeypatch.setattr(system, "ui_language", lambda: None)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert i18n.system_language() == "es"


PLATFORM_NAMES = {"windll", "nice", "setpriority", "getpriority", "fork", "fcntl", "geteuid", "getuid",
                  "SetPriorityClass", "CREATE_NO_WINDOW", "platform", "name"}
POSIX_OR_WINDOWS_MODULES = {"fcntl", "msvcrt", "winreg", "pwd", "grp", "termios", "resource"}


def platform_uses(source: str) -> list[str]:
    """Where ``source`` tests the system or calls a system-only API: ``"line: what"`` entries."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.split(".")[0] in POSIX_OR_WINDOWS_MODULES for n in names):
                found.append(f"{node.lineno}: import {', '.join(names)}")
        elif isinstance(node, ast.Attribute) and node.attr in PLATFORM_NAMES:
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("os", "sys", "ctypes", "subprocess"):
                if node.attr != "name" or base.id == "os":
                    found.append(f"{node.lineno}: {base.id}.{node.attr}")
    return found


def test_only_game_system_decides_per_operating_system():
    """No module of the app but game/system.py tests sys.platform / os.name or calls a
    POSIX-only or Windows-only API (os.nice, setpriority, fork, fcntl, ctypes.windll...)."""
    offenders = []
    files = [*ROOT.glob("game/**/*.py"), *ROOT.glob("scenes/**/*.py"), ROOT / "tatami_main.py"]
    for path in files:
        if path != ROOT / "game" / "system.py":
            offenders += [f"{path.relative_to(ROOT)}:{use}" for use in platform_uses(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_scan_finds_each_kind_of_platform_use():
    source = ("import os, sys, fcntl\nimport ctypes\nif sys.platform == 'win32' or os.name == 'nt':\n"
              "    os.nice(1)\n    ctypes.windll.kernel32\nx = os.path.join('a', 'b')\n")
    assert platform_uses(source) == ["1: import os, sys, fcntl, ", "3: sys.platform", "3: os.name",
                                     "4: os.nice", "5: ctypes.windll"]
    assert platform_uses((ROOT / "game" / "system.py").read_text(encoding="utf-8"))  # it does decide
