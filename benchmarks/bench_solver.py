"""Benchmark: the compiled solver on whole Gänge from their deals (median, mean, 99th percentile of one core), beside the twin's random playout in the same run."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

from schwinget_spec import twin
from schwinget_spec.bots import Bot, HeuristicBot
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled
from schwinget_spec.solver.pimc import PimcBot
from schwinget_spec.twin.codes import switch_bits


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def solve_deals(count: int, seed: int, system: ScoringSystem, options: int) -> dict[str, float]:
    """Solve the Gänge of ``Deal.shuffled(seed + i)``, P0 starting in even ones, each timed alone (the arguments built beforehand)."""
    solver = compiled.module()
    args = [
        compiled.problem_of(start_gang(Deal.shuffled(seed + i), Player(i & 1), Rules()), system).args(options)
        for i in range(count)
    ]
    times: list[float] = []
    cpu_times: list[float] = []
    nodes: list[int] = []
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    for one in args:
        start, cpu = clock(), cpu_clock()
        _value, searched, _after = solver.value(*one)
        cpu_times.append((cpu_clock() - cpu) / 1000)
        times.append((clock() - start) / 1000)
        nodes.append(searched)
    return {
        "median_us": statistics.median(times),
        "mean_us": statistics.fmean(times),
        "p99_us": percentile(times, 0.99),
        "max_us": max(times),
        "cpu_median_us": statistics.median(cpu_times),
        "cpu_mean_us": statistics.fmean(cpu_times),
        "cpu_p99_us": percentile(cpu_times, 0.99),
        "nodes_median": statistics.median(nodes),
        "nodes_mean": statistics.fmean(nodes),
        "nodes_p99": percentile([float(n) for n in nodes], 0.99),
    }


def pimc_decisions(gaenge: int, seed: int, worlds: int) -> dict[str, float]:
    """CPU microseconds of the thread per decision of the sampling player (``worlds`` worlds) against the heuristic over ``gaenge`` Gänge."""
    times: list[float] = []
    for i in range(gaenge):
        seat = Player(i & 1)
        state = start_gang(Deal.shuffled(seed + i), Player(i >> 1 & 1), Rules())
        bots: list[Bot] = [HeuristicBot(Rules()), HeuristicBot(Rules())]
        bots[seat] = PimcBot.seeded(seed + i, worlds=worlds)
        while not state.is_over:
            player = state.to_move
            view = state.view(player)
            start = time.thread_time_ns()
            action, bots[player] = bots[player].choose(view)
            if player is seat and len(view.legal_actions) > 1:
                times.append((time.thread_time_ns() - start) / 1000)
            state = state.apply(action)
    return {"decisions": len(times), "median_us": statistics.median(times), "mean_us": statistics.fmean(times),
            "p99_us": percentile(times, 0.99)}


def playout(count: int, seed: int) -> float:
    """CPU microseconds of this thread per random complete Gang of the twin's bulk playout (deals included), the baseline of the same run."""
    module = twin.engine_module()
    start = time.thread_time_ns()
    module.play_random(count, seed, switch_bits(Rules()), False)
    return (time.thread_time_ns() - start) / 1000 / count


def main() -> None:
    """Measure and print the figures, and the solver's median against the playout's time per Gang."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000, help="deals to solve (default 10**4)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    parser.add_argument("--system", choices=("schwingerwertung", "punktewertung"), default="schwingerwertung")
    parser.add_argument("--options", type=int, default=0, choices=range(32),
                        help="switch techniques off: 1 the table, 2 the equivalent cards, 4 the move ordering, "
                             "16 the sure tricks' bounds (sum them); 8 solves the Gang as if nobody could start the Angriff")
    parser.add_argument("--pimc", type=int, default=0, metavar="GAENGE",
                        help="also time the sampling player's decisions over this many Gänge against the heuristic")
    parser.add_argument("--worlds", type=int, default=32, help="worlds per decision of the sampling player (default 32)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("argument --deals: at least 1")
    if not compiled.available():
        print("the compiled solver is not built: nothing to measure", file=sys.stderr)
        sys.exit(2)
    figures = solve_deals(args.deals, args.seed, ScoringSystem.parse(args.system), args.options)
    per_playout = playout(max(args.deals, 100_000), args.seed)
    figures["playout_us"] = per_playout
    figures["median_in_playouts"] = figures["cpu_median_us"] / per_playout
    decisions = pimc_decisions(args.pimc, args.seed, args.worlds) if args.pimc > 0 else None
    if args.json:
        print(json.dumps({**figures, "pimc": decisions}))
        return
    print(f"{args.deals:,} Gänge solved from their deals ({args.system}, options {args.options}), "
          f"one core, Python {platform.python_version()}")
    print(f"  per Gang, CPU time of the thread: median {figures['cpu_median_us']:,.1f} µs, "
          f"mean {figures['cpu_mean_us']:,.1f} µs, p99 {figures['cpu_p99_us']:,.1f} µs")
    print(f"  per Gang, wall clock: median {figures['median_us']:,.1f} µs, mean {figures['mean_us']:,.1f} µs, "
          f"p99 {figures['p99_us']:,.1f} µs, max {figures['max_us']:,.0f} µs")
    print(f"  nodes: median {figures['nodes_median']:,.0f}, mean {figures['nodes_mean']:,.0f}, "
          f"p99 {figures['nodes_p99']:,.0f}")
    print(f"  baseline, the twin's random playout in the same run: {per_playout:.3f} µs CPU per Gang; "
          f"the solver's CPU median is {figures['median_in_playouts']:,.0f} playouts")
    if decisions is not None:
        print(f"sampling player, {args.worlds} worlds, {decisions['decisions']:,.0f} decisions with a choice in {args.pimc} Gänge "
              f"against the heuristic: CPU median {decisions['median_us'] / 1000:,.2f} ms, mean "
              f"{decisions['mean_us'] / 1000:,.2f} ms, p99 {decisions['p99_us'] / 1000:,.2f} ms")


if __name__ == "__main__":
    main()
