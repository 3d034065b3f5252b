"""Each clause's evidence for its page: code excerpts by function, tests by name and docstring, the recorded kill matrix of the shipped mutants, and the checks that fail the build."""

from __future__ import annotations

import ast
import html
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

import attrs

import schwinget_spec
from schwinget_spec.conformance.mutants.registry import MUTANTS
from schwinget_spec.registry.clause_index import Location
from schwinget_spec.registry.verification_status import ClauseStatus

__all__ = [
    "Excerpt",
    "KillRow",
    "TestItem",
    "build_problems",
    "code_excerpts",
    "docstring_html",
    "docstring_lines",
    "is_code",
    "kill_matrix",
    "shown_lines",
    "test_items",
]

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
    """The lines of the library that decide a clause, within one function: the statements that name it, with the condition they stand under."""

    path: str
    function: str
    lines: tuple[int, ...]
    """The lines that decide (highlighted)."""
    first: int
    last: int


EXCERPT_LINES = 14
"""The most lines an excerpt shows (the source page has the rest)."""


@cache
def docstring_lines(rel: str) -> frozenset[int]:
    """The lines of ``rel`` that belong to a docstring (of the module, a class or a function) or to a string standing as a statement."""
    out: set[int] = set()
    for node in ast.walk(_tree(rel)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(out)


def is_code(rel: str, line: int) -> bool:
    """Whether ``line`` of ``rel`` is code: not blank, not a comment, not in a docstring."""
    text = _lines(rel)[line - 1].strip()
    return bool(text) and not text.startswith("#") and line not in docstring_lines(rel)


def _function_node(rel: str, name: str) -> ast.AST:
    node: ast.AST = _tree(rel)
    if name == "(module level)":
        return node
    for part in name.split("."):
        node = next(
            c for c in ast.iter_child_nodes(node)
            if isinstance(c, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and c.name == part
        )
    return node


def _statement_path(body: Sequence[ast.stmt], line: int) -> list[ast.stmt]:
    """The statements from ``body`` down to the innermost one that holds ``line`` (outermost first)."""
    for stmt in body:
        if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            inner: list[ast.stmt] = []
            for field in ("body", "orelse", "handlers", "finalbody"):
                inner = _statement_path(getattr(stmt, field, []), line)
                if inner:
                    break
            if isinstance(stmt, ast.Try) and not inner:
                for handler in stmt.handlers:
                    inner = _statement_path(handler.body, line)
                    if inner:
                        break
            return [stmt, *inner]
    return []


def _body(node: ast.AST) -> list[ast.stmt]:
    body = list(getattr(node, "body", []))
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    return body


def _is_string(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _documented(node: ast.AST, line: int) -> ast.stmt | None:
    """The statement an attribute docstring holding ``line`` documents (the one before it), or None when ``line`` is in no such docstring."""
    body = list(getattr(node, "body", []))
    for before, stmt in itertools.pairwise(body):
        if _is_string(stmt) and stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno) and not _is_string(before):
            return before
    return None


def _last_of(rel: str, first: int, last: int) -> int:
    """The last line of ``first``..``last`` such that at most ``EXCERPT_LINES`` lines of code or comment are shown."""
    count = 0
    for n in range(first, last + 1):
        if n not in docstring_lines(rel):
            count += 1
            if count == EXCERPT_LINES:
                return n
    return last


def _deciding(rel: str, function: str, line: int) -> tuple[int, int, set[int]]:
    """The window of lines that decide where ``line`` names a clause, and the lines to highlight.

    A line of code: its statement, under the header of the condition (``if``, ``while``,
    ``match`` case) that holds it. A comment: the statement after it. A docstring (the
    function states the clause as a whole): the function's body, its returns, raises and
    conditions highlighted.
    """
    node = _function_node(rel, function)
    body = _body(node)
    if not body:
        return line, line, {line}
    if line in docstring_lines(rel) and not is_code(rel, line):
        documented = _documented(node, line)
        if documented is not None:
            return documented.lineno, documented.end_lineno or documented.lineno, {documented.lineno}
        if isinstance(node, ast.ClassDef | ast.Module):
            shown = [st for st in body if not _is_string(st)]
            first = shown[0].lineno
            last = _last_of(rel, first, shown[-1].end_lineno or shown[-1].lineno)
            marked = {st.lineno for st in shown if st.lineno <= last}
            return first, last, marked
        first = body[0].lineno
        last = min(body[-1].end_lineno or body[-1].lineno, first + EXCERPT_LINES - 1)
        marked = {
            n.lineno for n in ast.walk(node)
            if isinstance(n, ast.Return | ast.Raise | ast.If | ast.While | ast.Assert) and first <= n.lineno <= last
        }
        return first, last, marked or {first}
    text = _lines(rel)[line - 1].strip()
    target = line
    if text.startswith("#"):
        target = next((n for n in range(line + 1, len(_lines(rel)) + 1) if is_code(rel, n)), line)
    path = _statement_path(body, target)
    if not path:
        return line, line, {line}
    inner = path[-1]
    if inner.lineno < target and isinstance(inner, ast.If | ast.While | ast.For | ast.With | ast.Try | ast.Match):
        header_end = inner.body[0].lineno - 1 if getattr(inner, "body", None) else inner.lineno
        first, last = inner.lineno, max(header_end, target)
    else:
        first, last = inner.lineno, inner.end_lineno or inner.lineno
    marked = {target} if target == line else {line, target}
    conditions = [s for s in path[:-1] if isinstance(s, ast.If | ast.While | ast.For | ast.Match)]
    if conditions:
        header = conditions[-1]
        first = min(first, header.lineno)
        marked.add(header.lineno)
    if text.startswith("#"):
        first = min(first, line)
    return first, last, marked


def _in_class_docstring(loc: Location) -> bool:
    """Whether ``loc`` is in the docstring of a class or of the module: a mention of the clause where the class is described, not a line that decides it."""
    if loc.line not in docstring_lines(loc.path):
        return False
    name = _enclosing(loc.path, loc.line)[0]
    node = _function_node(loc.path, name)
    return isinstance(node, ast.ClassDef | ast.Module) and _documented(node, loc.line) is None


def _window(path: str, lo: int, hi: int, marked: set[int]) -> tuple[int, int]:
    """``lo``..``hi`` cut to ``EXCERPT_LINES`` around the first highlighted line, opening on code or a comment."""
    if hi - lo + 1 - len(docstring_lines(path) & set(range(lo, hi + 1))) > EXCERPT_LINES:
        lo = max(lo, min(marked) - 3)
        hi = _last_of(path, lo, hi)
    while lo < hi and not is_code(path, lo) and not _lines(path)[lo - 1].strip().startswith("#"):
        lo += 1
    return lo, hi


def code_excerpts(locations: Iterable[Location], context: int = 0) -> list[Excerpt]:
    """The lines that decide at each of ``locations`` (``_deciding``), by the function that holds them: overlapping windows merged, each widened by ``context`` lines and cut at ``EXCERPT_LINES``; a mention in a class's docstring counts only when nothing else names the clause."""
    groups: dict[tuple[str, str], list[tuple[int, int, set[int]]]] = {}
    locations = list(locations)
    stated = [loc for loc in locations if not _in_class_docstring(loc)]
    for loc in stated or locations:
        name, first, last, _ = _enclosing(loc.path, loc.line)
        lo, hi, marked = _deciding(loc.path, name, loc.line)
        groups.setdefault((loc.path, name), []).append((max(first, lo - context), min(last, hi + context), marked))
    out = []
    for (path, name), windows in groups.items():
        merged: list[tuple[int, int, set[int]]] = []
        for lo, hi, marked in sorted(windows, key=lambda w: (w[0], w[1])):
            if merged and lo <= merged[-1][1] + 2:
                mlo, mhi, mmarked = merged[-1]
                merged[-1] = (mlo, max(mhi, hi), mmarked | marked)
            else:
                merged.append((lo, hi, set(marked)))
        for lo, hi, marked in merged:
            first, last = _window(path, lo, hi, marked)
            shown = tuple(sorted(n for n in marked if first <= n <= last)) or (first,)
            out.append(Excerpt(path, name, shown, first, last))
    return out


def shown_lines(excerpt: Excerpt) -> tuple[int, ...]:
    """The lines an excerpt shows: its window without the docstrings in it."""
    skip = docstring_lines(excerpt.path)
    return tuple(n for n in range(excerpt.first, excerpt.last + 1) if n not in skip)


def excerpt_html(excerpt: Excerpt, depth: str) -> str:
    """One excerpt: its function name linked to the source page, the deciding lines highlighted, docstrings left out (a run of lines each)."""

    from pygments import highlight  # noqa: PLC0415
    from pygments.formatters import HtmlFormatter  # noqa: PLC0415
    from pygments.lexers import PythonLexer  # noqa: PLC0415

    shown = shown_lines(excerpt)
    runs: list[list[int]] = []
    for n in shown:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    indent = min(
        (len(line) - len(line.lstrip()) for n in shown if (line := _lines(excerpt.path)[n - 1]).strip()), default=0
    )
    blocks = []
    for run in runs:
        code = "\n".join(_lines(excerpt.path)[n - 1][indent:] for n in run)
        marked = [n - run[0] + 1 for n in excerpt.lines if run[0] <= n <= run[-1]]
        formatter = HtmlFormatter(linenos="inline", linenostart=run[0], hl_lines=marked, cssclass="highlight sw-excerpt")
        blocks.append(highlight(code, PythonLexer(), formatter))
    module = excerpt.path.removesuffix(".py").replace("/", ".")
    link = f"{depth}source/{excerpt.path}.html#L-{excerpt.lines[0]}"
    return (
        f'<div class="sw-excerpt-head"><a href="{link}"><code>{html.escape(module)}.{html.escape(excerpt.function)}</code></a>'
        f' <span class="sw-where">{html.escape(excerpt.path)}:{",".join(str(n) for n in excerpt.lines)}</span></div>'
        f'<div class="sw-excerpt-code">{"".join(blocks)}</div>'
    )


@attrs.frozen
class TestItem:
    """A test (or a helper of the tests) that names a clause: its file, name, first line, the first paragraph of its docstring, and whether it is a test function."""

    path: str
    name: str
    line: int
    doc: str
    is_test: bool = True


def _test_name(name: str) -> str | None:
    """The test function a dotted name lies in (``TestX.test_y``, ``test_z``; a function nested in a test is its test), or None for a helper, a fixture or module-level data."""
    parts = name.split(".")
    for i, part in enumerate(parts):
        if part.startswith("test"):
            return ".".join(parts[: i + 1])
    return None


def _def_line(rel: str, dotted: str) -> tuple[int, str | None]:
    node = _function_node(rel, dotted)
    return getattr(node, "lineno", 1), ast.get_docstring(node) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) else None


def test_items(locations: Iterable[Location]) -> list[TestItem]:
    """The tests and the helpers around ``locations`` (a line that names a clause inside a test, its marker, a fixture, a helper or module-level data), one each, in file order."""
    seen: dict[tuple[str, str], TestItem] = {}
    for loc in locations:
        name, first, _, doc = _enclosing(loc.path, loc.line)
        test = _test_name(name)
        if test is not None and test != name:
            first, doc = _def_line(loc.path, test)
            name = test
        if (loc.path, name) in seen:
            continue
        summary = (doc or "").strip().split("\n\n")[0]
        seen[(loc.path, name)] = TestItem(loc.path, name, first if test or name != "(module level)" else loc.line,
                                          re.sub(r"\s+", " ", summary), is_test=test is not None)
    return list(seen.values())


_INLINE = re.compile(r"``(.+?)``|`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*")


def docstring_html(text: str) -> str:
    """A docstring's inline reStructuredText as HTML: literals as code, emphasis and strong as such, the rest escaped."""
    out = []
    pos = 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[pos : m.start()]))
        literal, role, strong, em = m.groups()
        if literal is not None or role is not None:
            out.append(f"<code>{html.escape(literal if literal is not None else role)}</code>")
        elif strong is not None:
            out.append(f"<strong>{html.escape(strong)}</strong>")
        else:
            out.append(f"<em>{html.escape(em)}</em>")
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)


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
