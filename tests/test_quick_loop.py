"""The quick loop's list (tests/slow_tests.txt): every id names a test that exists, and every module keeps a test in the quick loop."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW_TESTS = ROOT / "tests" / "slow_tests.txt"


def _listed() -> list[str]:
    """The ids of tests/slow_tests.txt, in their order (as conftest.read_slow_tests reads them)."""
    lines = SLOW_TESTS.read_text(encoding="utf-8").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def _is_slow_mark(node: ast.expr) -> bool:
    """True for the decorator ``pytest.mark.slow``."""
    return ast.unparse(node) == "pytest.mark.slow"


def _tests_of(module: Path) -> dict[str, bool]:
    """The test functions and test case names defined at the top of ``module``, each with whether it carries ``@pytest.mark.slow``."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    tests: dict[str, bool] = {}
    for node in tree.body:
        if (isinstance(node, ast.FunctionDef) and node.name.startswith("test")) or (
            isinstance(node, ast.ClassDef) and node.name.startswith("Test")
        ):
            tests[node.name] = any(_is_slow_mark(d) for d in node.decorator_list)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id.startswith("Test"):
                    tests[target.id] = False
    return tests


def test_every_listed_id_names_a_test_of_its_module() -> None:
    """Each line of tests/slow_tests.txt names a module of the suite and a test function (or test case) defined in it, once."""
    listed = _listed()
    assert len(listed) == len(set(listed)), "an id is listed twice"
    stale = []
    for test_id in listed:
        module, _, name = test_id.partition("::")
        path = ROOT / module
        if not path.is_file() or not module.startswith(("tests/", "properties/")):
            stale.append(f"{test_id}: no module {module}")
            continue
        if name.split("::")[0].split("[")[0] not in _tests_of(path):
            stale.append(f"{test_id}: no test {name} in {module}")
    assert stale == []


def test_every_module_keeps_a_test_in_the_quick_loop() -> None:
    """A module with slow tests (listed or marked) still has a test function that neither the list nor a marker leaves out."""
    listed = set(_listed())
    # a listed function or test case (``Class::runTest`` leaves its class out), every case of it
    whole = {"::".join(test_id.split("::")[:2]) for test_id in listed if "[" not in test_id}
    modules = {test_id.partition("::")[0] for test_id in listed}
    modules |= {
        str(path.relative_to(ROOT))
        for folder in ("tests", "properties")
        for path in (ROOT / folder).glob("test_*.py")
        if "pytest.mark.slow" in path.read_text(encoding="utf-8")
    }
    all_slow = []
    for module in sorted(modules):
        tests = _tests_of(ROOT / module)
        quick = [name for name, marked in tests.items() if not marked and f"{module}::{name}" not in whole]
        if not quick:
            all_slow.append(module)
    assert all_slow == []
