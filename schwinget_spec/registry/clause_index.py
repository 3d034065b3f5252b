"""Where each clause is enforced (the library's code) and where it is tested (tests/ and properties/), found by its id."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs

from schwinget_spec.clauses import CLAUSES, Clause

__all__ = [
    "ClauseIndex",
    "ClauseUse",
    "Location",
    "build_clause_index",
    "find_ids",
    "package_dir",
    "project_root",
]

_NOT_ENFORCING = frozenset(
    {"clauses.py", "clause_table.py", "clause_index.py", "ambiguities.py", "i18n.py", "interactive.py", "replay.py", "simulate.py"}
)
"""Top-level package modules that name clause ids without enforcing them: the registry
itself (``clauses.py`` and its table ``clause_table.py``), this index, the ambiguity registry (which names the clauses each open question
concerns), and the game loop, replay, simulation and translations behind the command
line, which quote clauses to explain a game to a reader. The subpackages (cli,
conformance, testing, proofs, ecosystem) explain, check, model or adapt the rules, so
they count as no enforcement either: the engine's top-level modules are what enforces a
clause."""

_TEST_DIRS = ("tests", "properties")

_DOTTED_WORD = re.compile(r"\w+(?:\.\w+)+")
"""A maximal dotted word: ``schwung.farbzwang`` matches, ``x.schwung.farbzwang`` and
``schwung.farbzwang_x`` are other words, a sentence's full stop is not part of it."""

_MARKER = "mark.clause("


@attrs.frozen(order=True)
class Location:
    """One line that names a clause id: ``path`` relative to the project root, 1-based ``line``.

    ``in_marker`` is True when the line holds a ``@pytest.mark.clause(...)`` marker.
    """

    path: str
    line: int
    in_marker: bool = False

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@attrs.frozen
class ClauseUse:
    """One clause with the lines of code that enforce it and the lines of tests that name it."""

    clause: Clause
    enforced: tuple[Location, ...]
    tested: tuple[Location, ...]

    @property
    def is_enforced(self) -> bool:
        """True if some library module other than the registry names the clause."""
        return bool(self.enforced)

    @property
    def is_tested(self) -> bool:
        """True if some test or property file names the clause."""
        return bool(self.tested)

    @property
    def gaps(self) -> tuple[str, ...]:
        """What is missing: ``"no code"``, ``"no test"``, both, or nothing."""
        return (*(() if self.enforced else ("no code",)), *(() if self.tested else ("no test",)))


@attrs.frozen
class ClauseIndex:
    """Every clause of a registry with where it is enforced and tested.

    ``tests_found`` is False when no ``tests/`` directory sits in the project root (an
    installed wheel carries no tests): then no clause counts as tested, and
    ``check_problem`` says so.
    """

    uses: tuple[ClauseUse, ...]
    root: Path
    tests_found: bool

    @property
    def incomplete(self) -> tuple[ClauseUse, ...]:
        """The clauses with no code or no test, in registry order."""
        return tuple(u for u in self.uses if u.gaps)

    @property
    def check_problem(self) -> str | None:
        """Why the index cannot be checked at all, or None when it can."""
        if self.tests_found:
            return None
        return (
            f"no tests/ directory in {self.root}: the tests are not installed with the package; "
            "run the check in a source checkout (schwinget clauses --check --root DIR)"
        )


def package_dir() -> Path:
    """The directory of the installed ``schwinget_spec`` package."""
    # as many folders up from this file as this module's name has dots, less one (without importing the package's front door)
    return Path(__file__).resolve().parents[__name__.count(".") - 1]


def project_root() -> Path:
    """The directory that holds the package: the project root in a source checkout."""
    return package_dir().parent


def find_ids(text: str, ids: Iterable[str]) -> list[tuple[int, str, bool]]:
    """Every occurrence of one of ``ids`` in ``text`` as a whole dotted word: (line number, id, line has a clause marker)."""
    wanted = frozenset(ids)
    found: list[tuple[int, str, bool]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in _DOTTED_WORD.finditer(line):
            word = match.group()
            if word in wanted:
                found.append((number, word, _MARKER in line))
    return found


def _python_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*.py") if "__pycache__" not in p.parts)


def _scan(files: Iterable[Path], root: Path, ids: Iterable[str]) -> dict[str, list[Location]]:
    ids = tuple(ids)
    out: dict[str, list[Location]] = {i: [] for i in ids}
    for file in files:
        text = file.read_text(encoding="utf-8")
        rel = file.relative_to(root).as_posix() if file.is_relative_to(root) else file.as_posix()
        for line, clause_id, marked in find_ids(text, ids):
            out[clause_id].append(Location(rel, line, marked))
    return out


def build_clause_index(
    clauses: Mapping[str, Clause] = CLAUSES,
    *,
    package: Path | None = None,
    root: Path | None = None,
) -> ClauseIndex:
    """The index of ``clauses`` over the library in ``package`` and the tests under ``root``.

    Defaults: the installed package directory, and its parent as the project root. The
    root counts as a source checkout only if it holds ``pyproject.toml`` and ``tests/``
    (an unrelated ``tests`` folder beside an installed package is not ours).
    """
    package = package_dir() if package is None else package.resolve()
    root = package.parent if root is None else root.resolve()
    library = [p for p in _python_files(package) if p.parent == package and p.name not in _NOT_ENFORCING]
    enforced = _scan(library, root, clauses)
    tests_found = (root / "pyproject.toml").is_file() and (root / "tests").is_dir()
    test_files: list[Path] = []
    if tests_found:
        for name in _TEST_DIRS:
            if (root / name).is_dir():
                test_files.extend(_python_files(root / name))
    tested = _scan(test_files, root, clauses)
    uses = tuple(
        ClauseUse(clause, tuple(enforced[clause_id]), tuple(tested[clause_id]))
        for clause_id, clause in clauses.items()
    )
    return ClauseIndex(uses=uses, root=root, tests_found=tests_found)
