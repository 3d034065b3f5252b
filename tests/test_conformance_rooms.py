"""The rooms of ``schwinget_spec.conformance``: imports run one way, each room says what it is for, old paths still import."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import schwinget_spec.conformance

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "schwinget_spec" / "conformance"
# lowest first: a room may import the rooms before it, never one after it
ROOMS = ("trace", "protocol", "vectors", "harness", "reports", "mutants")
# old module paths (before the rooms) kept as modules that re-export the new one
KEPT = {
    "reference_server": "protocol.reference_server",
    "engine_session": "protocol.engine_session",
    "verify": "trace.verify",
    "steering": "harness.steering",
    "protocol": "protocol.messages",
    "harness": "harness.run",
}
# every old module path and where its code lives now (docs/changelog.md lists each)
MOVED = {
    "trace_text": "trace.text", "verify": "trace.verify",
    "adapter": "protocol.adapter", "readings": "protocol.readings", "protocol": "protocol.messages",
    "protocol_schema": "protocol.schema", "protocol_levels": "protocol.levels",
    "engine_session": "protocol.engine_session", "reference_server": "protocol.reference_server",
    "suite": "vectors.suite", "perft": "vectors.perft", "runner": "vectors.runner", "skiplist": "vectors.skiplist",
    "gang_search": "vectors.gang_search", "generate": "vectors.generate", "gen_records": "vectors.gen_records",
    "gen_gang": "vectors.gen_gang", "gen_defects": "vectors.gen_defects", "gen_matches": "vectors.gen_matches",
    "gen_perft": "vectors.gen_perft", "gen_scoring": "vectors.gen_scoring",
    "harness": "harness.run", "harness_games": "harness.games", "harness_report": "harness.report",
    "lockstep": "harness.lockstep", "divergence_clauses": "harness.divergence_clauses", "shrink": "harness.shrink",
    "level_play": "harness.level_play", "level_report": "harness.level_report", "level_vectors": "harness.level_vectors",
    "coverage": "harness.coverage", "situations": "harness.situations", "steering": "harness.steering",
    "steering_levels": "harness.steering_levels", "readings_profile": "harness.readings_profile",
}


def _imported(path: Path) -> set[str]:
    """Every module named by an import anywhere in the file (lazy and TYPE_CHECKING imports included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _room_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] != ["schwinget_spec", "conformance"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in ROOMS else None


def test_every_module_of_the_kit_lives_in_a_room_or_is_a_kept_path() -> None:
    """Beside the rooms, the kit's folder holds only its front door (``__init__``, ``__main__``) and the kept old paths."""
    loose = {p.stem for p in KIT.glob("*.py")} - {"__init__", "__main__"}
    assert loose == set(KEPT) - {"protocol", "harness"}
    assert sorted(p.name for p in KIT.iterdir() if p.is_dir() and (p / "__init__.py").exists()) == sorted(ROOMS)


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_no_room_after_it(room: str) -> None:
    """No module of a room imports a room that comes after it in ``ROOMS`` (lazy imports included)."""
    rank = ROOMS.index(room)
    wrong = sorted(
        f"{path.relative_to(KIT)} imports {name}"
        for path in (KIT / room).rglob("*.py")
        for name in _imported(path)
        if (target := _room_of(name)) is not None and ROOMS.index(target) > rank
    )
    assert wrong == []


def test_the_direction_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The parser finds a lazy import of a higher room inside a function (the check can fail)."""
    source = tmp_path / "x.py"
    source.write_text("def f():\n    from schwinget_spec.conformance.harness.run import run_harness\n")
    assert {_room_of(n) for n in _imported(source)} >= {"harness"}


@pytest.mark.parametrize("room", ROOMS)
def test_each_room_opens_with_a_one_line_docstring(room: str) -> None:
    """Each room's ``__init__`` opens with a docstring whose first line says what the room is for."""
    doc = ast.get_docstring(ast.parse((KIT / room / "__init__.py").read_text("utf-8")))
    assert doc is not None
    assert len(doc.splitlines()[0]) > 40


@pytest.mark.parametrize(("old", "new"), sorted(KEPT.items()))
def test_a_kept_old_path_gives_the_objects_of_the_new_one(old: str, new: str) -> None:
    """An old module path that is kept re-exports every public name of the module that now holds the code, as the same objects."""
    was = importlib.import_module(f"schwinget_spec.conformance.{old}")
    now = importlib.import_module(f"schwinget_spec.conformance.{new}")
    assert list(was.__all__) == list(now.__all__)
    for name in now.__all__:
        assert getattr(was, name) is getattr(now, name), name


def test_the_package_names_still_resolve() -> None:
    """Every name of ``schwinget_spec.conformance.__all__`` still imports (``perft`` the function)."""
    for name in schwinget_spec.conformance.__all__:
        assert getattr(schwinget_spec.conformance, name) is not None, name
    assert callable(schwinget_spec.conformance.perft)


def test_every_documented_conformance_path_imports() -> None:
    """Each dotted ``schwinget_spec.conformance...`` name in README.md and docs/*.md (the changelog's old paths aside) imports or is an attribute of a module that does."""
    pages = [ROOT / "README.md", ROOT / "tests" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    found: set[str] = set()
    for page in pages:
        if page.name != "changelog.md":
            found.update(re.findall(r"schwinget_spec\.conformance(?:\.[A-Za-z_][A-Za-z0-9_]*)*", page.read_text("utf-8")))
    assert "schwinget_spec.conformance.harness.run" in found or "schwinget_spec.conformance.harness" in found
    for dotted in sorted(found):
        parts = dotted.split(".")
        for cut in range(len(parts), 1, -1):
            try:
                value: object = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError:
                continue
            for attr in parts[cut:]:
                value = getattr(value, attr)
            break
        else:
            pytest.fail(f"{dotted} does not import")


def test_the_changelog_says_where_every_moved_module_went() -> None:
    """docs/changelog.md names each old module path beside its new one."""
    text = (ROOT / "docs" / "changelog.md").read_text("utf-8")
    missing = [old for old, new in MOVED.items() if f"| `{old}` | `{new}` |" not in text]
    assert missing == []
    for new in MOVED.values():
        importlib.import_module(f"schwinget_spec.conformance.{new}")
