"""The package's house: the rules on the ground floor, rooms above and below it, imports one way, no circle, old paths still import."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from schwinget_spec.support.moved import MOVED

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "schwinget_spec"
GROUND = ""
# lowest first: a module may import its own room and the rooms before it, never one after it
ROOMS: tuple[str, ...] = (
    "support", GROUND, "registry", "twin", "solver", "conformance", "testing",
    "studies", "proofs", "ecosystem", "presentation", "ask", "cli",
)
# the ground floor: the rules in the booklet's order, the clauses they name and the errors and checks at their edge
RULES = {
    "clause_table", "clauses", "errors", "checks", "json_read", "files",
    "cards", "actions", "players", "rules", "rng", "deal", "trick", "gang_parts", "gang", "views",
    "scoring", "bots", "match", "schwingfest", "trace",
}
# doors: modules that are run (python -m) or checked from outside and imported by no module of the package,
# so that what they import above their room can never close a circle
DOORS = {
    "schwinget_spec",                        # the front door: re-exports the ground floor, reaches ask lazily
    "schwinget_spec.conformance.__main__",   # python -m schwinget_spec.conformance: the command's front door
    "schwinget_spec.twin.engine",            # python -m schwinget_spec.twin.engine: the twin behind the harness protocol
    "schwinget_spec.twin.verify",            # the twin checked in lock step by the conformance kit's adapter
}


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_of(p): p for p in sorted(PACKAGE.rglob("*.py"))}
# the compiled modules (C), each with its stub: imported, importing nothing of the package
COMPILED = {_module_of(p) for p in sorted(PACKAGE.rglob("*.pyi"))}


def _resolve(name: str) -> str | None:
    """The package's module that an imported name stands for (a module, or a name defined in one)."""
    while name and name not in MODULES and name not in COMPILED:
        name = name.rpartition(".")[0]
    return name or None


def _imports(path: Path) -> set[str]:
    """Every module of the package named by an import anywhere in the file (lazy, ``TYPE_CHECKING`` and ``importlib.import_module`` imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        for name in names:
            if name.startswith("schwinget_spec.") and (target := _resolve(name)) is not None:
                found.add(target)
    return found


GRAPH = {module: _imports(path) - {module} for module, path in MODULES.items()} | {module: set() for module in COMPILED}


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in ROOMS) else GROUND


def test_the_top_level_holds_the_rules_and_the_rooms() -> None:
    """Beside the front door, the package's folder holds the ground floor's rule modules and the rooms, nothing else."""
    loose = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert loose == RULES
    rooms = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert rooms == set(ROOMS) - {GROUND}


@pytest.mark.parametrize("room", [r for r in ROOMS if r != GROUND])
def test_each_room_says_what_it_is_for_in_one_line(room: str) -> None:
    """Each room's ``__init__`` opens with a docstring whose first line says what the room holds."""
    doc = ast.get_docstring(ast.parse((PACKAGE / room / "__init__.py").read_text("utf-8")))
    assert doc, f"schwinget_spec/{room}/__init__.py has no docstring"
    assert doc.splitlines()[0].endswith("."), doc.splitlines()[0]


def test_every_module_opens_with_a_docstring() -> None:
    """Every module of the package opens with a docstring."""
    bare = sorted(m for m, p in MODULES.items() if not ast.get_docstring(ast.parse(p.read_text("utf-8"))))
    assert bare == []


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_no_room_after_it(room: str) -> None:
    """No module of a room (the ground floor included) imports a room after it in ``ROOMS``, doors aside."""
    rank = ROOMS.index(room)
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if _room(module) == room and module not in DOORS
        for target in targets
        if ROOMS.index(_room(target)) > rank
    )
    assert wrong == []


def test_no_module_imports_a_door() -> None:
    """A door is imported by no module of the package: what it imports above its room closes no circle."""
    assert sorted(f"{m} imports {d}" for m, targets in GRAPH.items() for d in targets & DOORS) == []


def test_the_import_graph_has_no_circle() -> None:
    """No module of the package reaches itself through its imports (lazy imports included); a circle found is named whole."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    assert circles == []


def test_a_circle_is_found_when_there_is_one() -> None:
    """The circle check finds a circle of two modules of the package that import each other."""
    saved = dict(GRAPH)
    try:
        GRAPH["schwinget_spec.cards"] = GRAPH["schwinget_spec.cards"] | {"schwinget_spec.gang"}
        with pytest.raises(AssertionError):
            test_the_import_graph_has_no_circle()
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_path_imports_the_moved_module(old: str, new: str) -> None:
    """A module path from before the rooms imports the module at its new path: the very same module object."""
    assert importlib.import_module(old) is importlib.import_module(new)


def test_the_changelog_lists_every_move() -> None:
    """docs/changelog.md names every old path and its new one."""
    changelog = (ROOT / "docs" / "changelog.md").read_text("utf-8")
    missing = sorted(f"{old} -> {new}" for old, new in MOVED.items() if f"`{old}`" not in changelog or f"`{new}`" not in changelog)
    assert missing == []


def test_no_old_path_is_used_inside_the_project() -> None:
    """The package, the tests, the examples and the docs use the new paths; the old ones are for code outside the project."""
    moved = tuple(MOVED)
    used = []
    for folder in ("schwinget_spec", "tests", "properties", "examples", "benchmarks", "docs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text("utf-8")
            used += [f"{path.relative_to(ROOT)}: {old}" for old in moved if f"{old} " in text or f"{old}\n" in text or f"{old}." in text or f"{old}\"" in text]
    assert [u for u in used if "support/moved.py" not in u and "test_package_rooms.py" not in u] == []


def test_one_word_table() -> None:
    """The words the programs say in German, French and English stand in one table (``presentation/words.py``): no other module holds a literal of the three languages' texts."""
    tables = sorted(
        f"{module}:{node.lineno}"
        for module, path in MODULES.items()
        if module != "schwinget_spec.presentation.words"
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Dict)
        and {"de", "fr", "en"} <= {k.value for k in node.keys if isinstance(k, ast.Constant)}
        and all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in node.values)
    )
    assert tables == []
