"""Each clause's evidence for its page: code excerpts by function, tests by name and docstring, the recorded kill matrix of the shipped mutants, and the checks that fail the build."""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

import attrs

import schwinget_spec
from schwinget_spec.clause_index import Location
from schwinget_spec.conformance.mutants.registry import MUTANTS
from schwinget_spec.verification_status import ClauseStatus

__all__ = ["Excerpt", "KillRow", "TestItem", "build_problems", "code_excerpts", "kill_matrix", "test_items"]

ROOT = Path(schwinget_spec.__file__).resolve().parents[1]
HARNESS_DOC = ROOT / "docs" / "harness.md"
"""The guide that holds the kill matrix as ``schwinget conformance mutants --markdown`` printed it (kept in step by the mutants' tests)."""


@cache
def _tree(rel: str) -> ast.Module:
    return ast.parse((ROOT / rel).read_text(encoding="utf-8"))


@cache
def _lines(rel: str) -> tuple[str, ...]:
    return tuple((ROOT / rel).read_text(encoding="utf-8").splitlines())


def _enclosing(rel: str, line: int) -> tuple[str, int, int, str | None]:
    """The innermost function or class around ``line``: its dotted name, first and last line, docstring (module level: the module)."""
    best: tuple[str, int, int, str | None] = ("(module level)", 1, len(_lines(rel)), ast.get_docstring(_tree(rel)))

    def walk(node: ast.AST, prefix: str) -> None:
        nonlocal best
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                end = child.end_lineno or child.lineno
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                if first <= line <= end:
                    name = f"{prefix}{child.name}"
                    best = (name, child.lineno, end, ast.get_docstring(child))
                    walk(child, f"{name}.")

    walk(_tree(rel), "")
    return best


@attrs.frozen
class Excerpt:
    """A few lines of the library around the places that enforce a clause, within one function."""

    path: str
    function: str
    lines: tuple[int, ...]
    """The lines that name the clause."""
    first: int
    last: int


def code_excerpts(locations: Iterable[Location], context: int = 1) -> list[Excerpt]:
    """The places of ``locations`` grouped by the function that holds them, each with ``context`` lines around (within the function)."""
    groups: dict[tuple[str, str], list[int]] = {}
    bounds: dict[tuple[str, str], tuple[int, int]] = {}
    for loc in locations:
        name, first, last, _ = _enclosing(loc.path, loc.line)
        key = (loc.path, name)
        groups.setdefault(key, []).append(loc.line)
        bounds[key] = (first, last)
    out = []
    for (path, name), lines in groups.items():
        first, last = bounds[(path, name)]
        lo = max(first, min(lines) - context)
        hi = min(last, max(lines) + context)
        hi = min(hi, lo + 11)
        out.append(Excerpt(path, name, tuple(sorted(set(lines))), lo, hi))
    return out


def excerpt_html(excerpt: Excerpt, depth: str) -> str:
    """One excerpt: its function name linked to the source page, the lines highlighted."""
    import textwrap  # noqa: PLC0415

    from pygments import highlight  # noqa: PLC0415
    from pygments.formatters import HtmlFormatter  # noqa: PLC0415
    from pygments.lexers import PythonLexer  # noqa: PLC0415

    code = textwrap.dedent("\n".join(_lines(excerpt.path)[excerpt.first - 1 : excerpt.last]))
    marked = [n - excerpt.first + 1 for n in excerpt.lines if excerpt.first <= n <= excerpt.last]
    formatter = HtmlFormatter(linenos="inline", linenostart=excerpt.first, hl_lines=marked, cssclass="highlight sw-excerpt")
    module = excerpt.path.removesuffix(".py").replace("/", ".")
    link = f"{depth}source/{excerpt.path}.html#L-{excerpt.lines[0]}"
    return (
        f'<div class="sw-excerpt-head"><a href="{link}"><code>{html.escape(module)}.{html.escape(excerpt.function)}</code></a>'
        f' <span class="sw-where">{html.escape(excerpt.path)}:{",".join(str(n) for n in excerpt.lines)}</span></div>'
        f'<div class="sw-scroll">{highlight(code, PythonLexer(), formatter)}</div>'
    )


@attrs.frozen
class TestItem:
    """A test that names a clause: its file, name, first line and the first line of its docstring."""

    path: str
    name: str
    line: int
    doc: str


def test_items(locations: Iterable[Location]) -> list[TestItem]:
    """The tests around ``locations`` (a line that names a clause inside a test or its marker), one each, in file order."""
    seen: dict[tuple[str, str], TestItem] = {}
    for loc in locations:
        name, first, _, doc = _enclosing(loc.path, loc.line)
        if (loc.path, name) in seen:
            continue
        summary = (doc or "").strip().split("\n\n")[0]
        seen[(loc.path, name)] = TestItem(loc.path, name, first, re.sub(r"\s+", " ", summary))
    return list(seen.values())


@attrs.frozen
class KillRow:
    """One row of the recorded kill matrix: the mutant, what caught it, after how many games, the clause named and the catch."""

    mutant: str
    breaks: str
    description: str
    caught_by: str
    games: str
    named: str
    catch: str


def _cell(text: str) -> str:
    return text.strip().strip("`")


def kill_matrix(doc: Path = HARNESS_DOC) -> dict[str, KillRow]:
    """The kill matrix recorded in ``docs/harness.md`` between its markers, by mutant id."""
    text = doc.read_text(encoding="utf-8")
    found = re.search(r"<!-- kill-matrix:start -->\n(.*?)<!-- kill-matrix:end -->", text, flags=re.S)
    out: dict[str, KillRow] = {}
    if found is None:
        return out
    for line in found.group(1).splitlines()[2:]:
        cells = [_cell(c) for c in line.strip().strip("|").split("|")]
        if len(cells) == 7:
            out[cells[0]] = KillRow(*cells)
    return out


def build_problems(statuses: Mapping[str, ClauseStatus], kills: Mapping[str, KillRow]) -> list[str]:
    """What fails the build: a clause no test names, a shipped mutant the recorded kill matrix lacks or shows uncaught."""
    out = [f"the clause {cid} has no test" for cid, s in statuses.items() if s.tests == 0]
    for mutant in MUTANTS:
        if mutant.equivalent:
            continue
        row = kills.get(mutant.id)
        if row is None:
            out.append(f"the shipped mutant {mutant.id} is not in the kill matrix of docs/harness.md")
        elif row.caught_by in ("", "-", "–", "survived", "not caught") or row.catch not in ("exact", "neighbour"):
            out.append(f"the shipped mutant {mutant.id} survives (kill matrix: caught by {row.caught_by!r}, {row.catch!r})")
    return out


def mutants_of(clause_id: str, kills: Mapping[str, KillRow]) -> Sequence[tuple[str, str, KillRow | None]]:
    """The shipped mutants that break ``clause_id``: id, what it does, its kill matrix row."""
    return [(m.id, m.description, kills.get(m.id)) for m in MUTANTS if m.clause_id == clause_id]
