"""Benchmark: the compiled twin beside the readable engine in one run: bulk random complete Gänge/s (deals included), step-API steps/s, and their ratio."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

from fresh import run_fresh

from schwinget_spec import twin
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.studies.impact import LEVELS, measure
from schwinget_spec.twin import pure
from schwinget_spec.twin.codes import switch_bits

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


def bulk(engine: str, count: int, seed: int) -> dict[str, float]:
    """``count`` random complete Gänge through one bulk call, deals from the seed algorithm included."""
    module = twin.engine_module() if engine == "twin" else pure
    bits = switch_bits(Rules())
    start, cpu = time.perf_counter(), time.process_time()
    module.play_random(count, seed, bits, False)
    return _rates(count, start, cpu)


def steps(engine: str, count: int, seed: int) -> dict[str, float]:
    """legal_actions() + apply() from Python on ``count`` Gänge whose start states are built beforehand.

    The reference steps are ``GangState.legal_actions()`` and ``GangState.apply(action)``;
    the twin's are its step API's (``legal_actions()`` and ``apply(number)``). Actions are
    picked by the same 64-bit LCG as in bench_gang.py, inlined in the loop.
    """
    if engine == "twin":
        starts: list[object] = [twin.start_seed(seed + i, Player(i & 1)) for i in range(count)]
    else:
        starts = [start_gang(Deal.shuffled(seed + i), Player(i & 1), Rules()) for i in range(count)]
    x = seed
    n = 0
    start, cpu = time.perf_counter(), time.process_time()
    for first in starts:
        state = first
        while not state.is_over:  # type: ignore[attr-defined]
            actions = state.legal_actions()  # type: ignore[attr-defined]
            x = (x * _MUL + _INC) & _MASK
            state = state.apply(actions[(x >> 33) % len(actions)])  # type: ignore[attr-defined]
            n += 1
    return _rates(n, start, cpu)


def impact(engine: str, count: int, seed: int) -> dict[str, float]:
    """``measure(count)`` for every Gang switch (six readings, two Gänge each per run), as ``schwinget impact`` runs it."""
    del engine
    names = [name for name, level in LEVELS.items() if level == "gang"]
    start, cpu = time.perf_counter(), time.process_time()
    rows = measure(count, seed, names)
    return _rates(2 * count * len(rows), start, cpu)


def _rates(done: int, start: float, cpu: float) -> dict[str, float]:
    # wall-clock and CPU time of this process: on a shared machine the CPU time is the one core's work
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return {"per_s": done / elapsed, "per_cpu_s": done / used, "seconds": elapsed, "cpu_seconds": used}


_KINDS = {"bulk": bulk, "steps": steps, "impact": impact}


def _measure(kind: str, engine: str, count: int, runs: int) -> list[dict[str, float]]:
    extra = {twin.NO_TWIN_ENV: "1"} if engine == "python" else {}
    return [run_fresh(__file__, ["--worker", kind, engine, str(count), str(1000 * run)], **extra) for run in range(runs)]


def main() -> None:
    """Run each measurement ``--runs`` times per engine in fresh subprocesses and print the medians side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per measurement and engine (default 5)")
    parser.add_argument("--bulk", type=int, default=1_000_000, help="Gänge per bulk run of the twin (default 10**6)")
    parser.add_argument("--steps", type=int, default=50_000, help="Gänge per step-API run of the twin (default 50,000)")
    parser.add_argument("--reference", type=int, default=2_000, help="Gänge per run of the reference (default 2,000)")
    parser.add_argument("--impact", type=int, default=0, metavar="N",
                        help="also time the impact measure of every Gang switch on N Gänge per reading, twin only")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, engine, count, seed = args.worker
        print(json.dumps(_KINDS[kind](engine, int(count), int(seed))))
        return
    if twin.ENGINE != "twin":
        print("the compiled twin is not built (or SCHWINGET_NO_TWIN is set): nothing to compare", file=sys.stderr)
        sys.exit(2)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {load:.2f} at the start; one process, one core"
    )
    print(f"{args.runs} runs per measurement and engine, every run in a fresh subprocess; medians:")
    print(f"  {'measurement':<58} {'reference':>12} {'twin':>12} {'ratio':>8}")
    rows = [
        ("random complete Gänge/s, bulk call, deals included", "bulk", args.reference, args.bulk),
        ("legal_actions+apply steps/s from Python", "steps", args.reference, args.steps),
    ]
    for label, kind, ref_count, twin_count in rows:
        ref_runs = _measure(kind, "python", ref_count, args.runs)
        twin_runs = _measure(kind, "twin", twin_count, args.runs)
        for clock, key in (("wall", "per_s"), ("CPU", "per_cpu_s")):
            ref = statistics.median(r[key] for r in ref_runs)
            mine = statistics.median(r[key] for r in twin_runs)
            shown = ", ".join(f"{r[key]:,.0f}" for r in twin_runs)
            print(f"  {label + f' ({clock})':<58} {ref:>12,.0f} {mine:>12,.0f} {mine / ref:>7,.0f}x   (twin runs: {shown})")
    if args.impact:
        runs = _measure("impact", "twin", args.impact, args.runs)
        for clock, key in (("wall", "seconds"), ("CPU", "cpu_seconds")):
            seconds = [r[key] for r in runs]
            shown = ", ".join(f"{t:.1f}" for t in seconds)
            print(f"  impact, every Gang switch reading on {args.impact:,} Gänge (twin, {clock}): "
                  f"{statistics.median(seconds):.1f} s (runs: {shown})")
    end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  load average at the end: {end:.2f}")


if __name__ == "__main__":
    main()
