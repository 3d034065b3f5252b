"""Times ``schwinget prove``: the median wall clock and CPU of several runs of the whole set, and each query's median, beside a saved baseline.

Usage::

    .venv/bin/python benchmarks/bench_prove.py --runs 3 --save /tmp/prove-now.json
    .venv/bin/python benchmarks/bench_prove.py --runs 3 --baseline /tmp/prove-now.json
    .venv/bin/python benchmarks/bench_prove.py --runs 3 --jobs 1 --query 'inv.cards*'
    .venv/bin/python benchmarks/bench_prove.py --runs 1 --engine [--fast]

With ``--engine`` each run is ``schwinget prove --engine --json`` (the proof of the
engine's step, ``--fast`` its subset of shapes) and the row per query is the proof's own
wall and CPU seconds.

Each run is ``python -m schwinget_spec.cli prove --json`` in a subprocess; its CPU time is
that of the subprocess and its children (``resource.getrusage``). The load average before
and after each run is printed: on a shared machine the wall clock follows the load, the
CPU time much less.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run_engine(jobs: int | None, fast: bool) -> tuple[float, float, dict[str, float], bool]:
    args = [sys.executable, "-m", "schwinget_spec.cli", "prove", "--engine", "--json", *(["--fast"] if fast else [])]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    cpu, start = _children_cpu(), time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=False)
    wall, cpu = time.perf_counter() - start, _children_cpu() - cpu
    proof = json.loads(done.stdout)
    seconds = {"engine proof, wall": float(proof["wall_seconds"]), "engine proof, CPU": float(proof["cpu_seconds"])}
    return wall, cpu, seconds, bool(proof["ok"])


def _run(jobs: int | None, queries: list[str]) -> tuple[float, float, dict[str, float], bool]:
    args = [sys.executable, "-m", "schwinget_spec.cli", "prove", "--json"]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    for q in queries:
        args += ["--query", q]
    cpu, start = _children_cpu(), time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=False)
    wall, cpu = time.perf_counter() - start, _children_cpu() - cpu
    results = json.loads(done.stdout)
    return wall, cpu, {r["name"]: r["seconds"] for r in results}, all(r["ok"] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None, help="passed to schwinget prove (default: its own, one per core)")
    parser.add_argument("--query", action="append", default=[], help="passed to schwinget prove (repeatable)")
    parser.add_argument("--save", type=Path, help="write the medians here, to compare a later run against")
    parser.add_argument("--baseline", type=Path, help="medians saved by an earlier --save")
    parser.add_argument("--engine", action="store_true", help="time schwinget prove --engine instead of the queries")
    parser.add_argument("--fast", action="store_true", help="with --engine: the subset of shapes")
    opts = parser.parse_args()
    walls: list[float] = []
    cpus: list[float] = []
    per_query: dict[str, list[float]] = {}
    for i in range(opts.runs):
        before = os.getloadavg()[0]
        wall, cpu, seconds, ok = _run_engine(opts.jobs, opts.fast) if opts.engine else _run(opts.jobs, opts.query)
        after = os.getloadavg()[0]
        walls.append(wall)
        cpus.append(cpu)
        for name, s in seconds.items():
            per_query.setdefault(name, []).append(s)
        print(f"run {i + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, all as expected: {ok}, load {before:.1f} -> {after:.1f}")
    queries = {name: statistics.median(v) for name, v in per_query.items()}
    medians: dict[str, Any] = {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "queries": queries}
    base = json.loads(opts.baseline.read_text()) if opts.baseline else None
    print(f"{'':48} {'median':>8} {'baseline':>9} {'ratio':>6}")

    def row(label: str, now: float, then: float | None) -> None:
        ratio = f"{now / then:6.2f}" if then else "     -"
        print(f"{label:48} {now:8.2f} {then if then is not None else float('nan'):9.2f} {ratio}")

    row("whole set, wall", medians["wall"], base["wall"] if base else None)
    row("whole set, CPU", medians["cpu"], base["cpu"] if base else None)
    for name, s in sorted(queries.items(), key=lambda kv: -kv[1]):
        row(name, s, base["queries"].get(name) if base else None)
    if opts.save:
        opts.save.write_text(json.dumps(medians, indent=2))


if __name__ == "__main__":
    main()
