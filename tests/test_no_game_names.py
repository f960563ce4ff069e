"""No shared module names a game (issue 32 §3): a fourth game is its two packages, ``game/<name>/``
and ``scenes/<name>/`` (and a line in each registry), and nothing else changes.

A shared module is any module of ``game/`` and ``scenes/`` outside the games' packages (the game
rooms). Its code may not name a game by its registered name, its package or its title: no string
(docstrings aside), identifier or import does. The dev tools (``scenes/devtools/``) and the setup
screen do not even in their comments and docstrings. :data:`ALLOWED` lists what still does, by
module and text (the goal is an empty list).
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from game.registry import REGISTRATIONS
from scenes.shell.catalog import ROOMS

ROOT = Path(__file__).resolve().parent.parent

#: The games' own packages (everything else in game/ and scenes/ is shared).
GAME_PACKAGES = {reg.package.replace(".", "/") for reg in REGISTRATIONS.values()} | {r.replace(".", "/") for r in ROOMS}

#: (module, text) pairs that may still name a game: the two registries' one line per game
#: (unavoidable).
ALLOWED: set[tuple[str, str]] = {
    *{("game/registry.py", reg.package) for reg in REGISTRATIONS.values()},
    *{("scenes/shell/catalog.py", room) for room in ROOMS},
}

#: Shared modules held to their comments and docstrings too.
STRICT = ("scenes/devtools/", "scenes/shell/setup.py")


def _words() -> set[str]:
    words = set()
    for reg in REGISTRATIONS.values():
        words |= {reg.name, reg.package.rpartition(".")[2], reg.game_type.title}
    words |= {room.rpartition(".")[2] for room in ROOMS}
    return {w.lower() for w in words}


GAME_WORD = re.compile(r"(?<![a-z])(" + "|".join(sorted(map(re.escape, _words()), key=len, reverse=True))
                       + r")(?![a-z])", re.IGNORECASE)


def shared_modules() -> list[Path]:
    """Every module of game/ and scenes/ outside the games' packages."""
    out = []
    for top in ("game", "scenes"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not any(rel.startswith(pkg + "/") for pkg in GAME_PACKAGES):
                out.append(path)
    return out


def code_texts(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string (docstrings aside), identifier and imported name of ``source``."""
    tree = ast.parse(source)
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    out: list[tuple[int, str]] = []
    for n in ast.walk(tree):
        texts: list[str] = []
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            texts = [n.value]
        elif isinstance(n, ast.Name):
            texts = [n.id]
        elif isinstance(n, ast.Attribute):
            texts = [n.attr]
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts = [n.name]
        elif isinstance(n, ast.ImportFrom):
            texts = [n.module or "", *(a.name for a in n.names)]
        elif isinstance(n, ast.Import):
            texts = [a.name for a in n.names]
        elif isinstance(n, ast.arg):
            texts = [n.arg]
        elif isinstance(n, ast.keyword):
            texts = [n.arg or ""]
        out += [(getattr(n, "lineno", 0), t) for t in texts]
    return out


def all_texts(source: str) -> list[tuple[int, str]]:
    """(line, text) of every token of ``source``: comments and docstrings included."""
    return [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline)]


def naming(path: Path) -> list[str]:
    """``path:line: text`` for every text of the module ``path`` that names a game."""
    rel = path.relative_to(ROOT).as_posix()
    source = path.read_text(encoding="utf-8")
    texts = all_texts(source) if rel.startswith(STRICT) else code_texts(source)
    return [f"{rel}:{line}: {text.strip()[:100]!r}" for line, text in texts
            if GAME_WORD.search(text) and (rel, text) not in ALLOWED]


def test_the_words_are_the_registered_games():
    assert {"kaito", "sushi-draft", "kanji-zushi"} <= _words()  # (the games of today, as a check of the reader)
    assert GAME_WORD.search("x = 'kanji_play'") and not GAME_WORD.search("kaitos")


def test_no_shared_module_names_a_game():
    bad = [line for path in shared_modules() for line in naming(path)]
    assert not bad, "shared modules naming a game (move it to the game's packages or its registration):\n" + \
        "\n".join(bad)


def test_the_allow_list_is_still_needed():
    found = set()
    for path in shared_modules():
        rel = path.relative_to(ROOT).as_posix()
        found |= {(rel, t) for _line, t in code_texts(path.read_text(encoding="utf-8"))}
    assert not ALLOWED - found, f"allowed but no longer there (shorten the list): {sorted(ALLOWED - found)}"


def test_the_check_catches_a_game_named_in_code_but_not_in_a_docstring(tmp_path):
    src = '"""A docstring may say kaito."""\ndef f():\n    """and KAITO here"""\n    return "sushi-draft"\n'
    assert [t for _l, t in code_texts(src) if GAME_WORD.search(t)] == ["sushi-draft"]
    assert len([t for _l, t in all_texts(src) if GAME_WORD.search(t)]) == 3
