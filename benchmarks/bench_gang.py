"""Benchmark: random complete Gänge per second and legal_actions+apply steps per second on one core, median of several runs, wall clock and CPU time."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

from fresh import add_baseline, run_fresh

from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


def run_gaenge(count: int, seed: int, *, shuffle: bool) -> dict[str, float]:
    """Play ``count`` random Gänge; time them with deals shuffled in the loop or made beforehand."""
    rules = Rules()
    deals = None if shuffle else [Deal.shuffled(seed + i) for i in range(count)]
    # A 64-bit LCG picks the actions: cheap, seeded, and outside the library on purpose,
    # so the figure is the engine's cost (RandomBot's unbiased SplitMix64 draw costs more).
    x = seed
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(count):
        deal = Deal.shuffled(seed + i) if deals is None else deals[i]
        state = start_gang(deal, Player(i & 1), rules)
        while not state.is_over:
            actions = state.legal_actions()
            x = (x * _MUL + _INC) & _MASK
            state = state.apply(actions[(x >> 33) % len(actions)])
            steps += 1
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return {
        "gaenge_per_s": count / elapsed, "gaenge_per_cpu_s": count / used, "steps_per_s": steps / elapsed,
        "steps": steps, "seconds": elapsed,
    }


def run_steps(count: int, seed: int) -> dict[str, float]:
    """Time only legal_actions() + apply() steps: the start states are built before the clock starts."""
    rules = Rules()
    starts = [start_gang(Deal.shuffled(seed + i), Player(i & 1), rules) for i in range(count)]
    x = seed
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    for first in starts:
        state = first
        while not state.is_over:
            actions = state.legal_actions()
            x = (x * _MUL + _INC) & _MASK
            state = state.apply(actions[(x >> 33) % len(actions)])
            steps += 1
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return {"steps_per_s": steps / elapsed, "steps_per_cpu_s": steps / used, "steps": steps, "seconds": elapsed}


def _worker(mode: str, count: int, seed: int) -> None:
    if mode == "pregenerated":
        out = run_gaenge(count, seed, shuffle=False)
    elif mode == "shuffled":
        out = run_gaenge(count, seed, shuffle=True)
    else:
        out = run_steps(count, seed)
    print(json.dumps(out))


def _run(mode: str, count: int, seed: int, path: str | None) -> dict[str, float]:
    result: dict[str, float] = run_fresh(__file__, ["--worker", mode, "--count", str(count), "--seed", str(seed)], path)
    return result


def main() -> None:
    """Run each measurement ``--runs`` times in fresh subprocesses and print the medians (and the ratio to a baseline)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per measurement (default 5)")
    parser.add_argument("--count", type=int, default=3000, help="Gänge per run (default 3000)")
    add_baseline(parser)
    parser.add_argument("--worker", choices=["pregenerated", "shuffled", "steps"], help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.count, args.seed)
        return
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cores; one process, one core; load average {os.getloadavg()[0]:.2f} at the start"
    )
    print(f"{args.runs} runs of {args.count} random Gänge each, every run in a fresh subprocess; medians:")
    sides: list[tuple[str, str | None]] = [("this checkout", None)]
    if args.baseline:
        sides.append((f"baseline {args.baseline}", args.baseline))
    figures: dict[tuple[str, str], list[dict[str, float]]] = {}
    for mode in ("pregenerated", "shuffled", "steps"):
        for run in range(args.runs):
            for name, path in sides:
                figures.setdefault((mode, name), []).append(_run(mode, args.count, 1000 * run, path))
    rows = [
        ("complete Gänge/s, deals made beforehand", "pregenerated", "gaenge_per"),
        ("complete Gänge/s, Deal.shuffled in the loop", "shuffled", "gaenge_per"),
        ("legal_actions+apply steps/s", "steps", "steps_per"),
    ]
    for label, mode, key in rows:
        for clock, suffix in (("wall", "_s"), ("CPU", "_cpu_s")):
            medians = {}
            for name, _ in sides:
                values = [r[key + suffix] for r in figures[(mode, name)]]
                medians[name] = statistics.median(values)
                runs = ", ".join(f"{v:,.0f}" for v in values)
                ratio = ""
                if args.baseline and name == "this checkout":
                    ratio = f"   {medians[name] / statistics.median(r[key + suffix] for r in figures[(mode, sides[1][0])]):.2f}x the baseline"
                print(f"  {label + ' (' + clock + ')':<52} {name:<24} {medians[name]:>10,.0f}   (runs: {runs}){ratio}")
    steps_per_gang = statistics.median(r["steps"] / args.count for r in figures[("pregenerated", "this checkout")])
    print(f"  {'steps per Gang (median)':<52} {steps_per_gang:>35.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
