"""The shape of the code: import layering, no import cycles, module and class sizes (issue 9, §4).

Everything here reads the source with :mod:`ast`; nothing of ``scenes`` or ``game`` is imported.

Import edges: every ``import``/``from ... import`` anywhere in a module (module level, inside a
function or a class, inside ``try``), every ``importlib.import_module("literal")`` and every string
that is a dotted name of the tree, alone or as ``"package.module:Name"`` (the registries' lists of
game packages and rooms, the lazy scene tables), all resolved to modules of ``scenes/`` and
``game/``. ``from p import x`` is an edge to ``p.x`` when that is a module, else to ``p``. Imports
under ``if TYPE_CHECKING:`` never run, but they count for the layering rules and for cycles alike:
no import circle, not even a typed one.

The layering rules are docs/ARCHITECTURE.md's "may import" tables, read from the document itself
(:func:`architecture_rules`), so the table and the code cannot drift apart.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scenes", "game")

#: Limits (issue 9 §4 targets).
SCENES_MODULE_MAX = 500
GAME_MODULE_MAX = 500
CLASS_MAX = 400

ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"

#: A string naming a class of the tree for a lazy import, e.g. ``"scenes.kaito.scene:KaitoPlayScene"``,
#: or a module or package of the tree imported by name (a registry's ``"game.kaito"``).
_LAZY_NAME = re.compile(r"^((?:scenes|game)(?:\.\w+)+)(?::\w+)?$")


@dataclass(frozen=True)
class Import:
    """One import found in a module.

    Attributes:
        target: the imported module's dotted name (absolute; may be outside the tree, e.g.
            ``"pygame.font"``). line: 1-based line of the statement.
        runtime: False for an import under ``if TYPE_CHECKING:`` (never executed).
    """

    target: str
    line: int
    runtime: bool = True


@dataclass
class Module:
    """A parsed module of the tree: dotted ``name``, ``path``, source ``lines`` count, parsed ``tree``,
    and ``imports`` (filled by :func:`modules`)."""

    name: str
    path: Path
    lines: int
    tree: ast.Module
    is_package: bool
    imports: list[Import] = field(default_factory=list)


def _module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _raw_imports(module: Module) -> list[tuple[str, tuple[str, ...], int, bool]]:
    """``(base module, imported names, line, runtime)`` for every import of ``module``, relative
    imports resolved against the module's package."""
    package = module.name if module.is_package else module.name.rpartition(".")[0]
    found: list[tuple[str, tuple[str, ...], int, bool]] = []

    def visit(node: ast.AST, runtime: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, runtime)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, (), node.lineno, runtime))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                if node.level > 1:
                    base_parts = base_parts[:-(node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append((base, tuple(a.name for a in node.names), node.lineno, runtime))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if (name in ("import_module", "__import__") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.append((node.args[0].value, (), node.lineno, runtime))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = _LAZY_NAME.match(node.value)
            if match:
                found.append((match.group(1), (), node.lineno, runtime))
        for child in ast.iter_child_nodes(node):
            visit(child, runtime)

    visit(module.tree, True)
    return found


@lru_cache(maxsize=1)
def modules() -> dict[str, Module]:
    """Every module of ``scenes/`` and ``game/`` by dotted name, with its imports resolved."""
    found: dict[str, Module] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            name, is_package = _module_name(path)
            found[name] = Module(name, path, len(text.splitlines()), ast.parse(text, str(path)), is_package)
    for module in found.values():
        for base, names, line, runtime in _raw_imports(module):
            targets = [f"{base}.{n}" for n in names if f"{base}.{n}" in found]
            if len(targets) < len(names) or not names:
                targets.append(base)  # some names are attributes of ``base`` itself
            for target in targets:
                if target != module.name:
                    module.imports.append(Import(target, line, runtime))
    return found


def _in(name: str, package: str) -> bool:
    """True when module ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


def _rel(module: Module) -> str:
    return module.path.relative_to(ROOT).as_posix()


def _graph() -> dict[str, set[str]]:
    """Import edges between modules of the tree (those under ``if TYPE_CHECKING:`` included)."""
    mods = modules()
    return {name: {i.target for i in m.imports if i.target in mods} for name, m in mods.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One shortest cycle (``[a, b, ..., a]``) per strongly connected component of ``graph`` with
    more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    cycles = []
    for component in components:
        members = set(component)
        start = component[0]
        # breadth-first search back to ``start`` inside the component: a shortest cycle through it
        previous: dict[str, str] = {}
        frontier = [start]
        found = None
        while frontier and found is None:
            next_frontier = []
            for node in frontier:
                for child in sorted(graph[node] & members):
                    if child == start:
                        found = node
                        break
                    if child not in previous:
                        previous[child] = node
                        next_frontier.append(child)
                if found is not None:
                    break
            frontier = next_frontier
        path = [start]
        node = found
        while node is not None and node != start:
            path.append(node)
            node = previous[node]
        cycles.append([start, *reversed(path[1:]), start])
    return cycles


def _edge_line(source: str, target: str) -> int:
    return min(i.line for i in modules()[source].imports if i.target == target)


def test_no_import_cycles():
    cycles = _cycles(_graph())
    lines = []
    for cycle in cycles:
        hops = [f"{a} (line {_edge_line(a, b)})" for a, b in zip(cycle, cycle[1:])]
        lines.append(" -> ".join(hops) + f" -> {cycle[-1]}")
    assert not cycles, "import cycles (module, line of the import of the next one):\n" + "\n".join(lines)


def _violations(sources: str, forbidden: tuple[str, ...]) -> list[str]:
    """``path:line imports target`` for every import (any level) of a module inside ``sources``
    of a module inside one of ``forbidden``."""
    out = []
    for module in modules().values():
        if not _in(module.name, sources):
            continue
        for imp in module.imports:
            if any(_in(imp.target, f) for f in forbidden):
                out.append(f"{_rel(module)}:{imp.line} imports {imp.target}")
    return sorted(set(out))


def test_game_never_imports_pygame_or_scenes():
    bad = _violations("game", ("pygame", "scenes"))
    assert not bad, "game/ is headless:\n" + "\n".join(bad)


@lru_cache(maxsize=1)
def game_names() -> tuple[str, ...]:
    """The game packages of ``game/``: the sub-packages whose ``__init__`` assigns ``REGISTRATION``
    (read from the source, nothing imported)."""
    out = []
    for init in sorted((ROOT / "game").glob("*/__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "REGISTRATION" for t in n.targets)
               for n in tree.body):
            out.append(init.parent.name)
    return tuple(out)


def room_of(module: str) -> str:
    """The room of the tables of docs/ARCHITECTURE.md that module ``module`` belongs to:
    ``game/``, ``game/net/``, ``game/<name>/``, ``scenes/<room>/``, ``scenes/<name>/`` or ``scenes/cli.py``;
    ``pygame`` for pygame; "" for anything else (the standard library, other libraries)."""
    parts = module.split(".")
    if parts[0] == "pygame":
        return "pygame"
    if parts[0] == "game":
        if len(parts) > 1 and parts[1] == "net":
            return "game/net/"
        return "game/<name>/" if len(parts) > 1 and parts[1] in game_names() else "game/"
    if parts[0] == "scenes":
        if len(parts) == 1 or parts[1] in ("cli", "__main__"):
            return "scenes/cli.py"
        return "scenes/<name>/" if parts[1] in game_names() else f"scenes/{parts[1]}/"
    return ""


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] in ("game", "scenes") and parts[1] in game_names() else None


def architecture_rules(text: str | None = None) -> dict[str, tuple[str, ...]]:
    """Room -> the tokens of its "may import" cell, from every markdown table of
    docs/ARCHITECTURE.md (or ``text``) whose header has a "may import" column. A room is the first
    backticked token of a row's first cell; its tokens are the backticked ones of the last cell,
    outside parentheses (which explain).

    Tokens: a room (``game/``, ``scenes/kit/`` ...: any module of it), ``game/<name>/`` and
    ``scenes/<name>/`` (in the row of a game's room: that same game's), ``game/<name>/__init__`` /
    ``scenes/<name>/__init__`` (any game's registration module only), a module path
    (``game/i18n.py``), ``pygame``, ``everything``."""
    text = ARCHITECTURE.read_text(encoding="utf-8") if text is None else text
    rules: dict[str, tuple[str, ...]] = {}
    columns: list[str] | None = None
    for line in text.splitlines():
        if not line.startswith("|"):
            columns = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if columns is None:
            columns = [c.lower() for c in cells]
            continue
        if set("".join(cells)) <= set("-: ") or "may import" not in columns[-1]:
            continue
        room = re.findall(r"`([^`]+)`", cells[0])
        if room:
            rules[room[0]] = tuple(re.findall(r"`([^`]+)`", re.sub(r"\([^)]*\)", "", cells[-1])))
    return rules


def allowed(source: str, target: str, tokens: tuple[str, ...]) -> bool:
    """True when module ``source`` may import ``target`` by its room's ``tokens``
    (:func:`architecture_rules`). Its own room always, a game's room only its own game."""
    src_room, room = room_of(source), room_of(target)
    if not room:
        return True  # outside the tree and not pygame: not the tables' business
    if room == src_room and (room not in ("game/<name>/", "scenes/<name>/") or _game_of(source) == _game_of(target)):
        return True
    parts = target.split(".")
    for token in tokens:
        if token == "everything" or token == room and not room.endswith("<name>/"):
            return True
        if token == room and _game_of(source) == _game_of(target):
            return True  # game/<name>/ from scenes/<name>/ of the same game
        if token in ("game/<name>/__init__", "scenes/<name>/__init__") and token.startswith(parts[0] + "/") \
                and len(parts) == 2 and parts[1] in game_names():
            return True
        if token.endswith(".py") and token[:-3].replace("/", ".") == target:
            return True
    return False


def table_violations(rules: dict[str, tuple[str, ...]]) -> list[str]:
    """``path:line imports target`` for every import of the tree the tables do not allow."""
    out = []
    for module in modules().values():
        tokens = rules.get(room_of(module.name))
        for imp in module.imports:
            if tokens is None or not allowed(module.name, imp.target, tokens):
                out.append(f"{_rel(module)}:{imp.line} ({room_of(module.name)}) imports {imp.target} ({room_of(imp.target)})")
    return sorted(set(out))


def test_the_architecture_tables_name_every_room_and_only_known_tokens():
    rules = architecture_rules()
    rooms = {room_of(name) for name in modules()}
    assert rooms <= set(rules), f"rooms missing from docs/ARCHITECTURE.md's tables: {sorted(rooms - set(rules))}"
    known = rooms | {"pygame", "everything", "game/<name>/__init__", "scenes/<name>/__init__"}
    for room, tokens in rules.items():
        for token in tokens:
            assert token in known or (token.endswith(".py") and (ROOT / token).is_file()), f"{room}: unknown token {token!r}"


def test_every_import_follows_the_architecture_tables():
    bad = table_violations(architecture_rules())
    assert not bad, "imports docs/ARCHITECTURE.md's tables do not allow:\n" + "\n".join(bad)


def test_no_game_package_imports_another_game():
    bad = []
    for name in game_names():
        for module in modules().values():
            if _game_of(module.name) != name:
                continue
            bad += [f"{_rel(module)}:{i.line} imports {i.target}" for i in module.imports
                    if _game_of(i.target) not in (None, name)]
    assert not bad, "a game's package imports another game's:\n" + "\n".join(bad)


def test_the_shell_names_other_rooms_only_in_its_registry():
    bad = [f"{_rel(m)}:{i.line} imports {i.target}" for m in modules().values()
           if _in(m.name, "scenes.shell") and m.name != "scenes.shell.registry"
           for i in m.imports if room_of(i.target) in ("scenes/replay/", "scenes/tutorial/")]
    assert not bad, "only scenes/shell/registry.py names the replay and tutorial scenes:\n" + "\n".join(bad)


def _own_private_names(module: Module) -> set[str]:
    """The ``_names`` a module defines: functions, classes and methods, and attributes it assigns
    (``self._x = ...``, ``_x: T`` in a class body)."""
    out: set[str] = set()
    for node in ast.walk(module.tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return {name for name in out if name.startswith("_")}


def private_reaches(mods: list[Module] | None = None) -> list[str]:
    """``path:line x._name`` for every read or write of another object's ``_private`` attribute
    that the module does not define itself (``self`` / ``cls`` aside): a helper reaching into a
    scene, or one module into another's object (issue 23 §5)."""
    out = []
    for module in (list(modules().values()) if mods is None else mods):
        own = _own_private_names(module)
        for node in ast.walk(module.tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "sys", "os"))
                    and node.attr not in own):
                out.append(f"{_rel(module)}:{node.lineno} {ast.unparse(node)}")
    return sorted(out)


def test_no_module_reaches_into_another_objects_private_attributes():
    bad = private_reaches()
    assert not bad, "private attributes used from outside their module:\n" + "\n".join(bad)


def _oversized_modules(package: str, limit: int) -> list[str]:
    return [f"{_rel(m)}: {m.lines} lines" for m in sorted(modules().values(), key=lambda m: -m.lines)
            if _in(m.name, package) and m.lines > limit]


def test_scene_modules_at_most_500_lines():
    big = _oversized_modules("scenes", SCENES_MODULE_MAX)
    assert not big, f"{len(big)} module(s) in scenes/ over {SCENES_MODULE_MAX} lines:\n" + "\n".join(big)


def test_game_modules_at_most_500_lines():
    big = _oversized_modules("game", GAME_MODULE_MAX)
    assert not big, f"{len(big)} module(s) in game/ over {GAME_MODULE_MAX} lines:\n" + "\n".join(big)


def test_classes_at_most_400_lines():
    big = []
    for module in modules().values():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef):
                span = (node.end_lineno or node.lineno) - node.lineno + 1
                if span > CLASS_MAX:
                    big.append((span, f"{_rel(module)}:{node.lineno} class {node.name}: {span} lines"))
    big.sort(key=lambda item: -item[0])
    assert not big, f"{len(big)} class(es) over {CLASS_MAX} lines:\n" + "\n".join(text for _, text in big)


# -- the checks themselves can fail ---------------------------------------------------------------

def test_cycle_finder_reports_a_cycle_and_ignores_a_chain():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert _cycles(graph) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_table_reader_and_checker_catch_a_violation():
    text = ("| room | what | may import |\n|---|---|---|\n"
            "| `scenes/kit/` | widgets | `pygame`, `game/i18n.py` |\n"
            "| `scenes/<name>/` | a game | `scenes/kit/`, `game/`, `game/<name>/` |\n")
    rules = architecture_rules(text)
    assert rules == {"scenes/kit/": ("pygame", "game/i18n.py"),
                     "scenes/<name>/": ("scenes/kit/", "game/", "game/<name>/")}
    name, other = game_names()[:2]
    assert allowed(f"scenes.{name}.scene", f"game.{name}.rules", rules["scenes/<name>/"])
    assert not allowed(f"scenes.{name}.scene", f"game.{other}.rules", rules["scenes/<name>/"])
    assert not allowed(f"scenes.{name}.scene", f"scenes.{other}.scene", rules["scenes/<name>/"])
    assert allowed("scenes.kit.draw", "game.i18n", rules["scenes/kit/"])
    assert not allowed("scenes.kit.draw", "game.match", rules["scenes/kit/"])
    assert not allowed("scenes.kit.draw", "scenes.play.base", rules["scenes/kit/"])


def test_the_private_reach_check_catches_a_helper_reaching_into_a_scene():
    source = ("class Helper:\n"
              "    def __init__(self, scene):\n"
              "        self._mine = 1\n"
              "        self.scene = scene\n"
              "    def draw(self):\n"
              "        return self.scene._cached, self._mine, other._mine\n")
    module = Module("scenes.pkg.helper", ROOT / "scenes" / "pkg" / "helper.py", 6, ast.parse(source), False)
    found = private_reaches([module])
    assert found == ["scenes/pkg/helper.py:6 self.scene._cached"]


def test_imports_are_found_at_every_level(tmp_path):
    source = (
        "from __future__ import annotations\n"
        "import os\n"
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "from ..other import thing\n"
        "if TYPE_CHECKING:\n"
        "    import typed_only\n"
        "def f():\n"
        "    import pygame\n"
        "    return importlib.import_module('game.late')\n"
        "SCENES = {'x': 'scenes.kaito.scene:KaitoPlayScene'}\n"
        "PACKAGES = ('game.kaito',)\n"
    )
    module = Module("scenes.pkg.mod", tmp_path / "mod.py", 12, ast.parse(source), False)
    found = {(base, runtime) for base, _, _, runtime in _raw_imports(module)}
    assert found == {("__future__", True), ("os", True), ("typing", True), ("scenes.pkg", True),
                     ("scenes.other", True), ("typed_only", False), ("pygame", True), ("game.late", True),
                     ("scenes.kaito.scene", True), ("game.kaito", True)}
