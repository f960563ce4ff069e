"""Every TATAMI_* environment variable is read in game/environ.py alone and documented in
docs/DEVELOPING.md, "Environment variables" (issue 23, housekeeping)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from game import environ

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"^TATAMI_[A-Z_]+$")


def variable_names(source: str) -> list[str]:
    """The string constants in ``source`` that are exactly a TATAMI_* variable's name."""
    return [n.value for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and NAME.match(n.value)]


def test_only_game_environ_names_a_variable():
    found = {}
    for path in [*ROOT.glob("game/**/*.py"), *ROOT.glob("scenes/**/*.py"), ROOT / "tatami_main.py"]:
        if path != ROOT / "game" / "environ.py":
            names = variable_names(path.read_text(encoding="utf-8"))
            if names:
                found[str(path.relative_to(ROOT))] = names
    assert found == {}
    assert variable_names('import os\nos.environ.get("TATAMI_LOG")\n"""TATAMI_LOG in a sentence"""\n') == ["TATAMI_LOG"]


def test_every_variable_is_documented_in_developing():
    text = (ROOT / "docs" / "DEVELOPING.md").read_text(encoding="utf-8")
    section = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(" `") for line in section.splitlines() if line.startswith("| `TATAMI_")}
    assert rows == set(environ.VARIABLES)
    assert set(variable_names((ROOT / "game" / "environ.py").read_text(encoding="utf-8"))) == set(environ.VARIABLES)


def test_readers(monkeypatch, tmp_path):
    for name in environ.VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert (environ.data_dir(), environ.language(), environ.ui_dump(), environ.assets_dir(), environ.ai_mode()) == \
        (None, None, None, None, None)
    assert environ.debug_log() is False and environ.nice() is False
    monkeypatch.setenv(environ.DATA_DIR, str(tmp_path))
    monkeypatch.setenv(environ.LOG, "DEBUG")
    monkeypatch.setenv(environ.AI_MODE, " Thread ")
    monkeypatch.setenv(environ.NICE, "1")
    monkeypatch.setenv(environ.LANG, "  ")  # blank counts as unset
    assert environ.data_dir() == tmp_path and environ.debug_log() and environ.ai_mode() == "thread"
    assert environ.nice() and environ.language() is None
