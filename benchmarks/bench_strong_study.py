"""Benchmark: the strong-play study over N deals on every core (the solver's balance with its Angriff figures, and the Gang rows of ``impact --play solver`` for every reading of every Gang switch), beside the deal-by-deal path on a few deals.

The study is what ``schwinget balance --deals N --angriff-deals N`` and ``schwinget impact
--play solver --games N --switch ...`` (every Gang switch) compute, without the random-play
table of impact. It prints the wall time, the CPU time of this process and its workers,
deals per second and the time 10^6 deals would take at that rate, then the figures it
produced. The baseline: the same figures deal by deal (``balance_by_deal``, impact's
``_gang_counts`` with a ``Weigher``), as before the bulk call, and the bulk path, both in
this process on ``--baseline-deals`` deals, side by side (their CPU ratio).

With ``--against COMMIT`` it first compares this checkout's solver with the one of
``COMMIT``, built into a temporary directory with the flags of ``setup.py`` and imported
beside it: the study's bulk calls (the balance's, the Angriff weighed, and the Gang rows')
on ``--baseline-deals`` deals under each build in turn, several rounds, the least CPU time
of each build's thread, the values checked equal; and the nodes a deal takes from its
start with and without the Angriff (``value()``).

    python benchmarks/bench_strong_study.py --deals 100000
    python benchmarks/bench_strong_study.py --deals 1000000   # the target: under 10 minutes on 2 cores
    python benchmarks/bench_strong_study.py --deals 1000000 --angriff-deals 100000
    python benchmarks/bench_strong_study.py --deals 20000 --against 0afbecd   # and side by side with a build before
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import resource
import statistics
import subprocess
import tempfile
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
from setuptools import Distribution, Extension  # type: ignore[import-untyped]

from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64, SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled
from schwinget_spec.studies import balance, impact_strong
from schwinget_spec.studies.impact import LEVELS, plan
from schwinget_spec.studies.strong_balance import solved_balance

GANG_SWITCHES = [name for name, level in LEVELS.items() if level == "gang"]


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the worker processes of a finished run)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    """``run()``, its wall seconds and CPU seconds."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    out = run()
    return out, time.perf_counter() - wall, cpu_seconds() - cpu


def study(deals: int, seed: int, workers: int, angriff_deals: int | None = None) -> tuple[balance.Balance, list[Any]]:
    """The balance (the first ``angriff_deals`` deals, all by default, also without the Angriff and for the optimal line's Angriff) and the solver's Gang rows, on ``workers`` processes."""
    weighed = deals if angriff_deals is None else angriff_deals
    solved = solved_balance(deals, seed, ScoringSystem.SCHWINGERWERTUNG, weighed, workers=workers)
    rows = impact_strong.strong_counts("solver", deals, seed, GANG_SWITCHES, workers=workers)
    return solved, rows


def by_deal(deals: int, seed: int) -> tuple[balance.Balance, list[Any]]:
    """The same figures deal by deal, in this process (the path before the bulk call)."""
    solved = balance.balance_by_deal(deals, seed, ScoringSystem.SCHWINGERWERTUNG, None, deals)
    weigher = impact_strong.Weigher("solver")
    rows = [
        impact_strong._gang_counts(weigher, (Rules(), attrs.evolve(Rules(), **{name: reading})), deals, seed, None)
        for name, reading in plan(GANG_SWITCHES)
    ]
    return solved, rows


ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("_solver.c", "_cards.h", "_errors.h")
GAMMA = 0x9E3779B97F4A7C15


def build_at(commit: str, into: Path) -> ModuleType:
    """The compiled solver of ``commit`` (its ``_solver.c`` and headers from git), built in ``into`` as ``setup.py`` builds it and imported."""
    for name in SOURCES:
        text = subprocess.run(["git", "show", f"{commit}:schwinget_spec/twin/{name}"], cwd=ROOT, check=True,
                              capture_output=True).stdout
        (into / name).write_bytes(text)
    extension = Extension("_solver", sources=[str(into / "_solver.c")], extra_compile_args=["-O3"])
    dist = Distribution({"ext_modules": [extension]})
    command = dist.get_command_obj("build_ext")
    command.build_lib, command.build_temp = str(into), str(into / "build")
    dist.run_command("build_ext")
    path = next(into.glob("_solver*.so"))
    spec = importlib.util.spec_from_file_location(f"baseline_{commit}._solver", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def study_calls(deals: int, seed: int) -> list[tuple[str, bytes, bytes, tuple[Any, ...], int]]:
    """The study's bulk calls on ``deals`` deals as ``_solver.values_of_seeds`` takes them: the balance's (the Angriff weighed, its line) and the Gang rows'."""
    plain = compiled.SolveConfig(Rules(), ScoringSystem.SCHWINGERWERTUNG)
    without = compiled.SolveConfig(Rules(), ScoringSystem.SCHWINGERWERTUNG, compiled.NO_ANGRIFF)
    rules = [Rules(), *(attrs.evolve(Rules(), **{name: reading}) for name, reading in plan(GANG_SWITCHES))]
    rows = tuple(compiled.SolveConfig(r, s).args() for r in rules for s in ScoringSystem)
    row_seeds = [SplitMix64((seed + 2 * i * GAMMA) & MASK64).next()[0] for i in range(deals)]
    return [
        ("balance", array("Q", range(seed, seed + deals)).tobytes(), bytes(deals), (plain.args(), without.args()), 0),
        ("Gang rows", array("Q", row_seeds).tobytes(), bytes(i % 2 for i in range(deals)), rows, -1),
    ]


def side_by_side(baseline: ModuleType, deals: int, seed: int, rounds: int) -> dict[str, Any]:
    """The study's bulk calls and the nodes of a deal under this build and ``baseline``, in turn: CPU ms per deal (the least of ``rounds``), nodes per deal, the ratios."""
    builds = {"this": compiled.module(), "baseline": baseline}
    out: dict[str, Any] = {}
    for name, seeds, starters, configs, line in study_calls(deals, seed):
        best = {b: float("inf") for b in builds}
        found = {}
        for r in range(rounds):
            for b in builds if r % 2 == 0 else reversed(builds):
                start = time.thread_time()
                found[b] = builds[b].values_of_seeds(seeds, starters, configs, line)
                best[b] = min(best[b], time.thread_time() - start)
        if found["this"] != found["baseline"]:
            raise SystemExit(f"the {name} values of the two builds differ")
        out[name] = {b: round(1000 * best[b] / deals, 3) for b in builds} | {"ratio": round(best["baseline"] / best["this"], 2)}
    for label, options in (("nodes with the Angriff", 0), ("nodes without the Angriff", compiled.NO_ANGRIFF)):
        args = [compiled.problem_of(start_gang(Deal.shuffled(seed + i), Player.P0, Rules()),
                                    ScoringSystem.SCHWINGERWERTUNG).args(options) for i in range(deals)]
        nodes = {b: [m.value(*a)[1] for a in args] for b, m in builds.items()}
        out[label] = {f"{b} {k}": round(f(nodes[b])) for b in builds for k, f in (("mean", statistics.fmean),
                                                                                    ("median", statistics.median))}
    return out


def main() -> None:
    """Run the baseline side by side, then the study on every core, and print both."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals of the study (default 100,000)")
    parser.add_argument("--baseline-deals", type=int, default=1000, help="deals of the side-by-side comparison (default 1,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: one per core)")
    parser.add_argument("--angriff-deals", type=int, default=None,
                        help="deals of the balance also solved without the Angriff (default: all; balance --angriff-deals)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--against", metavar="COMMIT", default=None,
                        help="first compare this build with the solver of COMMIT, side by side on --baseline-deals deals")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the side-by-side comparison (default 3)")
    args = parser.parse_args()
    n = args.baseline_deals
    against = None
    if args.against is not None:
        with tempfile.TemporaryDirectory() as folder:
            against = side_by_side(build_at(args.against, Path(folder)), n, args.seed, args.rounds)
        if not args.json:
            print(f"this build against {args.against}'s, side by side on {n:,} deals (CPU ms per deal, the least of "
                  f"{args.rounds} rounds; the same values):")
            for name, figures in against.items():
                print(f"  {name}: " + ", ".join(f"{k} {v:,}" for k, v in figures.items()))
    old, _, old_cpu = timed(lambda: by_deal(n, args.seed))
    new, _, new_cpu = timed(lambda: study(n, args.seed, 1))
    if old != new:
        raise SystemExit("the bulk path's figures differ from the deal-by-deal path's")
    (solved, rows), wall, cpu = timed(lambda: study(args.deals, args.seed, args.jobs, args.angriff_deals))
    report: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at the end",
        "baseline": {
            "deals": n,
            "by_deal_cpu_ms_per_deal": round(1000 * old_cpu / n, 3),
            "bulk_cpu_ms_per_deal": round(1000 * new_cpu / n, 3),
            "ratio": round(old_cpu / new_cpu, 2),
            "same_figures": True,
        },
        "study": {
            "deals": args.deals,
            "angriff_deals": solved.angriff_deals,
            "workers": args.jobs,
            "wall_s": round(wall, 1),
            "cpu_s": round(cpu, 1),
            "deals_per_s": round(args.deals / wall, 1),
            "projected_wall_s_for_1e6": round(wall * 1_000_000 / args.deals, 1),
            "projected_cpu_s_for_1e6": round(cpu * 1_000_000 / args.deals, 1),
        },
    }
    if against is not None:
        report["against"] = {"commit": args.against, **against}
    if args.json:
        report["balance"] = balance.render(solved)
        report["gang_rows"] = [attrs.asdict(r) for r in rows]
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return
    base, run = report["baseline"], report["study"]
    print(f"{report['machine']}")
    print(f"side by side on {n:,} deals, one process: deal by deal {base['by_deal_cpu_ms_per_deal']} ms CPU per deal, "
          f"bulk {base['bulk_cpu_ms_per_deal']} ms ({base['ratio']}x), the same figures")
    print(f"the study on {args.deals:,} deals (the Angriff weighed on {solved.angriff_deals:,}), {args.jobs} workers: "
          f"{run['wall_s']} s wall, {run['cpu_s']} s CPU, "
          f"{run['deals_per_s']} deals/s; 10^6 deals: {run['projected_wall_s_for_1e6']} s wall "
          f"({run['projected_wall_s_for_1e6'] / 60:.1f} min), {run['projected_cpu_s_for_1e6']} s CPU")
    print()
    print(balance.render(solved))
    print()
    print("| Gang switch | reading | outcome changed | points changed (Schwingerwertung) | points changed (Punktewertung) |")
    print("|---|---|---|---|---|")
    for (name, reading), row in zip(plan(GANG_SWITCHES), rows, strict=True):
        print(f"| {name} | {reading} | {row.outcome:,} | {row.points_sw:,} | {row.points_pw:,} |")


if __name__ == "__main__":
    main()
