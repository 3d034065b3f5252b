"""The longest chain of module-level imports between the modules of ``schwinget_spec.conformance`` at a commit.

``python benchmarks/import_depth.py [COMMIT ...]`` (default ``HEAD``) reads each commit's tree
with ``git archive`` (the working tree is not read), keeps the imports that run when a module
is imported (not those inside functions or under ``TYPE_CHECKING``) from one module of the kit
to another, and prints the number of modules, the longest chain and the module at its head.
Import cycles (within ``reports`` and ``mutants``, package and submodule) count as one step.
"""

from __future__ import annotations

import argparse
import ast
import functools
import io
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIT = "schwinget_spec.conformance"


def modules_at(commit: str) -> dict[str, str]:
    """Each module of the kit at ``commit`` by dotted name, with its source."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "schwinget_spec/conformance"], capture_output=True, check=True
    ).stdout
    found: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for member in tar.getmembers():
            extracted = tar.extractfile(member) if member.name.endswith(".py") else None
            if extracted is not None:
                name = member.name[:-3].replace("/", ".").removesuffix(".__init__")
                found[name] = extracted.read().decode("utf-8")
    return found


def run_time_imports(source: str) -> list[str]:
    """The modules named by the imports that run when the module is imported."""
    out: list[str] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                walk(node.orelse)
                walk(node.finalbody)
                for handler in node.handlers:
                    walk(handler.body)
            elif isinstance(node, ast.Import):
                out.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
                out.append(node.module)
                out.extend(f"{node.module}.{alias.name}" for alias in node.names)

    walk(ast.parse(source).body)
    return out


def longest_chain(commit: str) -> tuple[int, int, str]:
    """The number of modules of the kit, the longest chain of imports between them, and the module it starts from."""
    modules = modules_at(commit)
    edges: dict[str, set[str]] = {}
    for name, source in modules.items():
        deps: set[str] = set()
        for imported in run_time_imports(source):
            parts = imported.split(".")
            deps.update(".".join(parts[:i]) for i in range(3, len(parts) + 1) if ".".join(parts[:i]) in modules)
        deps.discard(name)
        edges[name] = deps
    # strongly connected components (Tarjan), then the longest path between them
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    component: dict[str, str] = {}
    stack: list[str] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            while True:
                w = stack.pop()
                component[w] = v
                if w == v:
                    break

    sys.setrecursionlimit(10_000)
    for v in edges:
        if v not in index:
            strong(v)
    between: dict[str, set[str]] = {}
    for v, deps in edges.items():
        between.setdefault(component[v], set()).update(component[d] for d in deps if component[d] != component[v])

    @functools.cache
    def depth(c: str) -> int:
        return max((1 + depth(d) for d in between.get(c, ())), default=0)

    head = max(modules, key=lambda m: depth(component[m]))
    return len(modules), depth(component[head]), head


def main(argv: list[str]) -> None:
    """Print the figures of each commit named (``HEAD`` by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("commits", nargs="*", default=["HEAD"], metavar="COMMIT", help="commits to read (default HEAD)")
    for commit in parser.parse_args(argv).commits:
        count, chain, head = longest_chain(commit)
        print(f"{commit}: {count} modules in {KIT}, longest import chain {chain} (from {head})")


if __name__ == "__main__":
    main(sys.argv[1:])
