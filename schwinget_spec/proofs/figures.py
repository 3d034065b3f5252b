"""The query table of docs/proofs.md and the runner's costs, both written from one recorded run of every query (``python -m schwinget_spec.proofs.figures --write``)."""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import resource
import subprocess
import sys
import textwrap
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.errors import InvalidArgumentError

__all__ = [
    "END_MARKER",
    "MAX_LOAD",
    "START_MARKER",
    "WRITE_COMMAND",
    "ProveRun",
    "QueryFigure",
    "Row",
    "doc_path",
    "load_run",
    "main",
    "parse_table",
    "record_path",
    "render_region",
    "replace_region",
    "run_prove",
    "split_page",
    "table_problems",
]

WRITE_COMMAND = "python -m schwinget_spec.proofs.figures --write"
START_MARKER = (
    f"<!-- query table: written by {WRITE_COMMAND} from one run of schwinget prove --json; "
    "the claims and the notes after the clauses are kept, the rest is the run's -->"
)
END_MARKER = "<!-- end of the query table -->"
HEADER = "| query | claim | expected | CPU s | clauses |"
MAX_LOAD = 2.0
"""The highest 1-minute load average ``--write`` starts a run at, unless told otherwise: other jobs on the machine would slow the queries down."""
_SLOW = " (slow)"


@attrs.frozen
class QueryFigure:
    """One query's line of the run: its answer, the CPU and wall seconds of its process, and the clauses it names."""

    name: str
    expected: str
    answer: str
    cpu_seconds: float
    seconds: float
    clauses: tuple[str, ...]


@attrs.frozen
class ProveRun:
    """One run of ``schwinget prove --json``: the command, when and where it ran (the load before and after), its wall and CPU seconds, and every query's figure."""

    command: str
    date: str
    z3_version: str
    cores: int
    jobs: int
    load_before: float
    load_after: float
    wall_seconds: float
    cpu_seconds: float
    queries: tuple[QueryFigure, ...]

    def to_json(self) -> dict[str, Any]:
        """The run as a JSON object, every query in the order of the run."""
        return {
            "command": self.command,
            "date": self.date,
            "z3_version": self.z3_version,
            "cores": self.cores,
            "jobs": self.jobs,
            "load_before": self.load_before,
            "load_after": self.load_after,
            "wall_seconds": self.wall_seconds,
            "cpu_seconds": self.cpu_seconds,
            "queries": [attrs.asdict(q) | {"clauses": list(q.clauses)} for q in self.queries],
        }

    @classmethod
    def from_json(cls, data: object, where: str) -> ProveRun:
        """The run written by ``to_json``; a missing or mistyped member is refused naming ``where`` and its path."""
        try:
            if not isinstance(data, dict):
                raise TypeError(f"a JSON object, not {type(data).__name__}")
            queries = tuple(
                QueryFigure(
                    str(q["name"]), str(q["expected"]), str(q["answer"]), float(q["cpu_seconds"]), float(q["seconds"]),
                    tuple(str(c) for c in q["clauses"]),
                )
                for q in data["queries"]
            )
            return cls(
                str(data["command"]), str(data["date"]), str(data["z3_version"]), int(data["cores"]), int(data["jobs"]),
                float(data["load_before"]), float(data["load_after"]), float(data["wall_seconds"]),
                float(data["cpu_seconds"]), queries,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidArgumentError(where, f"not a recorded run of schwinget prove ({type(exc).__name__}: {exc})") from exc


@attrs.frozen
class Row:
    """One row of the table as the page has it: the query's name, whether it is marked slow, and the text of the other cells."""

    name: str
    slow: bool
    claim: str
    expected: str
    seconds: str
    clauses: str


def record_path() -> Path:
    """The recorded run, shipped with the package: the runner's costs are read from it (``proofs/costs.py``)."""
    return Path(__file__).with_name("query_figures.json")


def doc_path() -> Path:
    """docs/proofs.md of this checkout."""
    return Path(__file__).resolve().parents[2] / "docs" / "proofs.md"


def load_run(path: Path | None = None) -> ProveRun:
    """The run recorded at ``path`` (default: ``record_path()``)."""
    path = record_path() if path is None else path
    return ProveRun.from_json(json.loads(path.read_text(encoding="utf-8")), str(path))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_prove(jobs: int) -> ProveRun:
    """Run ``schwinget prove --json --jobs JOBS`` (every query, the slow ones included) in a subprocess and record it with the load before and after."""
    import z3  # type: ignore[import-untyped]  # noqa: PLC0415  # z3 loads slowly: only a run pays for it

    args = [sys.executable, "-m", "schwinget_spec.cli", "prove", "--json", "--jobs", str(jobs)]
    before = os.getloadavg()[0]
    cpu, start = _children_cpu(), time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    wall, cpu = time.perf_counter() - start, _children_cpu() - cpu
    after = os.getloadavg()[0]
    if not done.stdout.strip():
        raise InvalidArgumentError("schwinget prove --json", f"printed nothing (exit code {done.returncode}): {done.stderr.strip()[-300:]}")
    results = json.loads(done.stdout)
    queries = tuple(
        QueryFigure(r["name"], r["expected"], r["answer"], float(r["cpu_seconds"]), float(r["seconds"]), tuple(r["clauses"]))
        for r in results
    )
    return ProveRun(
        command=f"schwinget prove --json --jobs {jobs}",
        date=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        z3_version=z3.get_version_string(),
        cores=os.cpu_count() or 1,
        jobs=jobs,
        load_before=round(before, 2),
        load_after=round(after, 2),
        wall_seconds=round(wall, 1),
        cpu_seconds=round(cpu, 1),
        queries=queries,
    )


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().removeprefix("|").removesuffix("|").split("|")]


def parse_table(region: str) -> list[Row]:
    """The rows of the query table in ``region`` (the text between the markers), in the order of the page."""
    rows: list[Row] = []
    lines = region.splitlines()
    if HEADER not in lines:
        return rows
    for line in lines[lines.index(HEADER) + 2 :]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        if len(cells) != 5:
            raise InvalidArgumentError("docs/proofs.md", f"a row of the query table has {len(cells)} cells, not 5: {line[:80]}")
        name, claim, expected, seconds, clauses = cells
        slow = name.endswith(_SLOW)
        rows.append(Row(name.removesuffix(_SLOW), slow, claim, expected, seconds, clauses))
    return rows


def _run_line(run: ProveRun) -> str:
    total = sum(q.cpu_seconds for q in run.queries)
    wall = sum(q.seconds for q in run.queries)
    slowest = sorted(run.queries, key=lambda q: -q.cpu_seconds)[:3]
    as_expected = sum(1 for q in run.queries if q.answer == q.expected)
    return textwrap.fill(
        f"The figures of one run, `{run.command}` ({len(run.queries)} queries, the slow ones included; "
        f"{as_expected} answered as expected), {run.date}, z3-solver {run.z3_version}, {run.cores} cores, "
        f"load average {run.load_before:.2f} before and {run.load_after:.2f} after (1 minute): "
        f"{run.wall_seconds:.1f} s wall and {run.cpu_seconds:.1f} s of CPU for the command. \"CPU s\" is the CPU "
        f"time of each query's process (`cpu_seconds`), {total:.1f} s in all, in {wall:.1f} s of the processes' wall "
        "clock (`seconds`; more than the CPU time when other jobs shared the cores); the costliest: "
        + ", ".join(f"`{q.name}` {q.cpu_seconds:.2f} s" for q in slowest)
        + ". The runner starts the queries costliest first by these figures (`proofs/costs.py` reads them from "
        f"`proofs/{record_path().name}`). `{WRITE_COMMAND}` runs the command again and rewrites this table and "
        "that file; tests/test_proof_figures.py keeps the table, the file and the queries in step.",
        width=90,
        break_long_words=False,
        break_on_hyphens=False,
    )


def render_region(run: ProveRun, old: Sequence[Row], claims: Mapping[str, str], slow: Mapping[str, bool]) -> str:
    """The text between the markers: the run's line, then a row per query of the run.

    A row keeps the claim of the page's row of the same query (else ``claims`` gives
    the query's own) and, where the run names clauses, any words the page's cell adds
    after them; where the run names none, the page's words stay (else "—").
    """
    kept = {r.name: r for r in old}
    lines = [_run_line(run), "", HEADER, "|---|---|---|---|---|"]
    for q in run.queries:
        prev = kept.get(q.name)
        claim = prev.claim if prev is not None else claims[q.name]
        named = ", ".join(q.clauses)
        if named:
            clauses = prev.clauses if prev is not None and prev.clauses.startswith(named) else named
        else:
            clauses = prev.clauses if prev is not None and prev.clauses else "—"
        mark = _SLOW if slow[q.name] else ""
        lines.append(f"| {q.name}{mark} | {claim} | {q.expected} | {q.cpu_seconds:.2f} | {clauses} |")
    return "\n".join(lines)


def split_page(text: str) -> tuple[str, str, str]:
    """``text`` in three: up to the start marker, between the markers (the region), from the end marker on."""
    if text.count(START_MARKER) != 1 or text.count(END_MARKER) != 1:
        raise InvalidArgumentError("docs/proofs.md", f"needs the marker lines, once each:\n{START_MARKER}\n{END_MARKER}")
    head, rest = text.split(START_MARKER, 1)
    region, tail = rest.split(END_MARKER, 1)
    return head, region, tail


def replace_region(text: str, region: str) -> str:
    """``text`` with the part between the markers replaced by ``region``."""
    head, _, tail = split_page(text)
    return f"{head}{START_MARKER}\n{region}\n{END_MARKER}{tail}"


def table_problems(run: ProveRun, rows: Sequence[Row], queries: Sequence[tuple[str, str, bool]]) -> list[str]:
    """What keeps the table, the recorded run and the prover's queries (name, expected, slow) out of step; empty when none does."""
    problems: list[str] = []
    names = [n for n, _, _ in queries]
    for label, listed in (("the table", [r.name for r in rows]), ("the recorded run", [q.name for q in run.queries])):
        missing = [f"{label} has no row for the query {n}" for n in names if n not in listed]
        extra = [f"{label} has a row {n} that names no query" for n in listed if n not in names]
        twice = [f"{label} has more than one row for {n}" for n in sorted(set(listed)) if listed.count(n) > 1]
        problems += missing + extra + twice
        if not (missing or extra or twice) and listed != names:
            problems.append(f"{label} lists the queries in another order than the prover")
    expected = {n: (e, s) for n, e, s in queries}
    for r in rows:
        if r.name in expected and (r.expected, r.slow) != expected[r.name]:
            want, slow = expected[r.name]
            problems.append(
                f"the table's row {r.name} says {r.expected}{_SLOW if r.slow else ''}, the prover {want}{_SLOW if slow else ''}"
            )
    for q in run.queries:
        if q.name in expected and q.expected != expected[q.name][0]:
            problems.append(f"the recorded run expects {q.expected} of {q.name}, the prover {expected[q.name][0]}")
        if q.answer != q.expected:
            problems.append(f"the recorded run answered {q.answer} to {q.name}, not {q.expected}")
    return problems


def _registry() -> tuple[list[tuple[str, str, bool]], dict[str, str]]:
    from schwinget_spec.proofs.queries import QUERIES  # noqa: PLC0415  # z3 loads slowly: only the commands pay for it

    return [(q.name, q.expected, q.slow) for q in QUERIES], {q.name: q.claim for q in QUERIES}


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of queries at once, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more queries at once, got {value}")
    return value


def _positive_load(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a load average, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a load average above 0, got {text!r}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """``--write``: run every query once and rewrite the record and the table; ``--render``: rewrite the table from the record; ``--check``: exit 1 if out of step.

    Exit codes: 0 done (or in step), 1 an answer not as expected or the page out of
    step, 2 the machine too busy for ``--write`` or the page without its markers.
    """
    parser = argparse.ArgumentParser(prog="python -m schwinget_spec.proofs.figures", description=__doc__)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true", help="run schwinget prove --json once, then write the record and the table")
    group.add_argument("--render", action="store_true", help="rewrite the table from the recorded run, without running Z3")
    group.add_argument("--check", action="store_true", help="exit 1 if the table, the record and the queries are out of step")
    parser.add_argument("--jobs", type=_positive_int, default=None, help="queries at once, 1 or more (default: one per core)")
    parser.add_argument(
        "--max-load", type=_positive_load, default=MAX_LOAD, help=f"--write refuses to start above this 1-minute load average (default {MAX_LOAD})"
    )
    args = parser.parse_args(argv)
    queries, claims = _registry()
    slow = {n: s for n, _, s in queries}
    try:
        split_page(doc_path().read_text(encoding="utf-8"))
        if args.write:
            load = os.getloadavg()[0]
            if load > args.max_load:
                print(f"load average {load:.2f} is above {args.max_load}: run again when the machine is quieter (or --max-load)", file=sys.stderr)
                return 2
            from schwinget_spec.proofs.runner import default_jobs  # noqa: PLC0415

            run = run_prove(default_jobs() if args.jobs is None else args.jobs)
            bad = [f"{q.name}: {q.answer}, expected {q.expected}" for q in run.queries if q.answer != q.expected]
            if bad:
                print("not written, answers not as expected:\n" + "\n".join(bad), file=sys.stderr)
                return 1
            record_path().write_text(json.dumps(run.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            cpu, wall = sum(q.cpu_seconds for q in run.queries), sum(q.seconds for q in run.queries)
            if wall > 1.1 * cpu:
                print(f"written, but the queries took {wall:.1f} s of wall clock for {cpu:.1f} s of CPU: other jobs shared "
                      "the cores; a quieter moment gives figures others can compare with", file=sys.stderr)
        else:
            run = load_run()
        # read again after the run: other sections of the page may have changed meanwhile
        text = doc_path().read_text(encoding="utf-8")
        _, region, _ = split_page(text)
        new = render_region(run, parse_table(region), claims, slow)
        if args.check:
            problems = table_problems(run, parse_table(region), queries)
            if region.strip("\n") != new:
                problems.append(f"docs/proofs.md's query table is not the recorded run's: run {WRITE_COMMAND.replace('--write', '--render')}")
            for p in problems:
                print(p, file=sys.stderr)
            return 1 if problems else 0
        doc_path().write_text(replace_region(text, new), encoding="utf-8")
        print(f"{len(run.queries)} queries, {run.wall_seconds:.1f} s wall, {run.cpu_seconds:.1f} s CPU, load {run.load_before:.2f} -> {run.load_after:.2f}")
    except InvalidArgumentError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
