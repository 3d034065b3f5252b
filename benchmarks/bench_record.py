"""Benchmark: recording a Schwingfest's Gänge (apply_gang of finished states, apply_result of results) and compute_result, CPU time, medians of runs in fresh subprocesses."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
import timeit
from collections.abc import Callable

from fresh import add_baseline, run_fresh

from schwinget_spec.deal import Deal
from schwinget_spec.gang import compute_result
from schwinget_spec.match import gang_seeds, play_out, random_chooser
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import ScoringSystem


def measure(players: int, seed: int) -> dict[str, float | None]:
    """Play a fest of ``players`` (before the clock), then time recording all its Gänge and computing their results."""
    fest = start_schwingfest([f"S{i}" for i in range(players)], ScoringSystem.SCHWINGERWERTUNG, players // 2)
    meetings = fest.schedule.meetings
    pairs = []
    played = fest
    for meeting, gang_seed in zip(meetings, gang_seeds(seed, len(meetings)), strict=True):
        gang = play_out(played.start_meeting(meeting, Deal.shuffled(gang_seed)), random_chooser(gang_seed))
        pairs.append((meeting, gang))
        played = played.apply_gang(meeting, gang)

    def by_gang() -> None:
        state = fest
        for meeting, gang in pairs:
            state = state.apply_gang(meeting, gang)

    def results() -> None:
        for _, gang in pairs:
            compute_result(gang.tricks, gang.history, gang.angriff)

    def best(run: Callable[[], None]) -> float:
        # the median of 9 timings of one pass, CPU time
        return statistics.median(timeit.repeat(run, number=1, repeat=9, timer=time.process_time))

    out: dict[str, float | None] = {
        "apply_gang_ms": best(by_gang) * 1e3,
        "compute_result_ns": best(results) / len(pairs) * 1e9,
        "apply_result_ms": None,
        "check_result_ns": None,
    }
    if hasattr(fest, "apply_result"):  # absent from a baseline older than it
        from schwinget_spec.gang import check_result  # noqa: PLC0415 - only where the tree has it

        noted = [(meeting, gang.result) for meeting, gang in pairs]

        def by_result() -> None:
            state = fest
            for meeting, result in noted:
                state = state.apply_result(meeting, result)

        def checks() -> None:
            for _, result in noted:
                check_result(result)

        out["apply_result_ms"] = best(by_result) * 1e3
        out["check_result_ns"] = best(checks) / len(noted) * 1e9
    return out


def _run(players: int, seed: int, path: str | None) -> dict[str, float | None]:
    result: dict[str, float | None] = run_fresh(__file__, ["--worker", "--players", str(players), "--seed", str(seed)], path)
    return result


def main() -> None:
    """Run the measurement ``--runs`` times in fresh subprocesses and print the medians (and the ratio to a baseline)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per side (default 5)")
    parser.add_argument("--players", type=int, default=64, help="Schwinger of the fest (default 64: 4,032 Gänge)")
    add_baseline(parser)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.players, args.seed)))
        return
    gaenge = args.players * (args.players - 1)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.2f} at the start"
    )
    print(f"{args.runs} runs per side, each in a fresh subprocess, a fest of {args.players} ({gaenge:,} Gänge); CPU time, medians:")
    sides: list[tuple[str, str | None]] = [("this checkout", None)]
    if args.baseline:
        sides.append((f"baseline {args.baseline}", args.baseline))
    figures: dict[str, list[dict[str, float | None]]] = {name: [] for name, _ in sides}
    for run in range(args.runs):
        for name, path in sides:
            figures[name].append(_run(args.players, run, path))
    rows = (
        (f"apply_gang of {gaenge:,} finished Gänge (ms)", "apply_gang_ms"),
        (f"apply_result of their {gaenge:,} results (ms)", "apply_result_ms"),
        ("compute_result per Gang (ns)", "compute_result_ns"),
        ("check_result per result (ns)", "check_result_ns"),
    )
    def median(values: list[float | None]) -> float | None:
        numbers = [v for v in values if v is not None]
        return statistics.median(numbers) if numbers else None

    width = max(len(name) for name, _ in sides)
    for label, key in rows:
        medians = {name: median([r[key] for r in figures[name]]) for name, _ in sides}
        for name, _ in sides:
            value = medians[name]
            runs = ", ".join("-" if r[key] is None else f"{r[key]:,.2f}" for r in figures[name])
            base = medians[sides[-1][0]] if name == "this checkout" and len(sides) > 1 else None
            ratio = f"   {value / base:.2f}x the baseline's time" if value is not None and base else ""
            shown = "-" if value is None else f"{value:,.2f}"
            print(f"  {label:<42} {name:<{width}} {shown:>10}   (runs: {runs}){ratio}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
