"""Benchmark: random complete Gänge per second and legal_actions+apply steps per second on one core, median of several runs."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

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
    start = time.perf_counter()
    for i in range(count):
        deal = Deal.shuffled(seed + i) if deals is None else deals[i]
        state = start_gang(deal, Player(i & 1), rules)
        while not state.is_over:
            actions = state.legal_actions()
            x = (x * _MUL + _INC) & _MASK
            state = state.apply(actions[(x >> 33) % len(actions)])
            steps += 1
    elapsed = time.perf_counter() - start
    return {"gaenge_per_s": count / elapsed, "steps_per_s": steps / elapsed, "steps": steps, "seconds": elapsed}


def run_steps(count: int, seed: int) -> dict[str, float]:
    """Time only legal_actions() + apply() steps: the start states are built before the clock starts."""
    rules = Rules()
    starts = [start_gang(Deal.shuffled(seed + i), Player(i & 1), rules) for i in range(count)]
    x = seed
    steps = 0
    start = time.perf_counter()
    for first in starts:
        state = first
        while not state.is_over:
            actions = state.legal_actions()
            x = (x * _MUL + _INC) & _MASK
            state = state.apply(actions[(x >> 33) % len(actions)])
            steps += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "steps": steps, "seconds": elapsed}


def _worker(mode: str, count: int, seed: int) -> None:
    if mode == "pregenerated":
        out = run_gaenge(count, seed, shuffle=False)
    elif mode == "shuffled":
        out = run_gaenge(count, seed, shuffle=True)
    else:
        out = run_steps(count, seed)
    print(json.dumps(out))


def _measure(mode: str, count: int, runs: int) -> list[dict[str, float]]:
    results = []
    for run in range(runs):
        # a fresh interpreter per run: no warm caches or garbage from the previous run
        proc = subprocess.run(
            [sys.executable, __file__, "--worker", mode, "--count", str(count), "--seed", str(1000 * run)],
            capture_output=True,
            text=True,
            check=True,
        )
        results.append(json.loads(proc.stdout))
    return results


def main() -> None:
    """Run each measurement ``--runs`` times in fresh subprocesses and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per measurement (default 5)")
    parser.add_argument("--count", type=int, default=3000, help="Gänge per run (default 3000)")
    parser.add_argument("--worker", choices=["pregenerated", "shuffled", "steps"], help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.count, args.seed)
        return
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cores; one process, one core"
    )
    print(f"{args.runs} runs of {args.count} random Gänge each, every run in a fresh subprocess; medians:")
    pre = _measure("pregenerated", args.count, args.runs)
    shu = _measure("shuffled", args.count, args.runs)
    stp = _measure("steps", args.count, args.runs)
    rows = [
        ("complete Gänge/s, deals made beforehand", [r["gaenge_per_s"] for r in pre]),
        ("complete Gänge/s, Deal.shuffled in the loop", [r["gaenge_per_s"] for r in shu]),
        ("legal_actions+apply steps/s", [r["steps_per_s"] for r in stp]),
    ]
    for label, values in rows:
        runs = ", ".join(f"{v:,.0f}" for v in values)
        print(f"  {label:<46} {statistics.median(values):>10,.0f}   (runs: {runs})")
    steps_per_gang = statistics.median(r["steps"] / args.count for r in pre)
    print(f"  {'steps per Gang (median)':<46} {steps_per_gang:>10.1f}")


if __name__ == "__main__":
    main()
