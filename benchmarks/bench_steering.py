"""How many Gänge uniform random play needs to reach each named situation, against steered play; and when each plays into the issue's two rare bugs.

Run: .venv/bin/python benchmarks/bench_steering.py [--uniform 20000] [--seeds 5]

Prints, per Gang situation of ``schwinget_spec.conformance.harness.steering``: how often the
harness's uniform random Gänge reach it (Gänge per hit, from ``--uniform`` Gänge, and the
Gänge needed to reach it as often as steered play does), and how often the steered Gänge
of a default run reach it, with the reference playouts tried while aiming at it. Then, for
two of the kit's mutants run in process (``kampfrichter-beats-konter-on-last``: the Konter losing to the
Kampfrichter on the last Schwung; ``plattwurf-counts-collected``: a Plattwurf counting a
Schwung neutralised before the Angriff), the Gang that catches each for seeds 0..N-1 without
vectors: by uniform play alone (up to ``--limit`` Gänge) and by a default run without
vectors (100 random Gänge, then steered play). Last, the median time of steered play's
reference search at its default count beside the time of as many uniform Gänge.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time

from schwinget_spec.conformance.harness.run import DEFAULT_STEER, run_harness
from schwinget_spec.conformance.harness.steering import GANG_SITUATIONS, steered_games, uniform_rates
from schwinget_spec.conformance.mutants import get_mutant
from schwinget_spec.conformance.mutants.kill import mutant_command, mutant_loopback

# the two rare bugs, as the kit's mutants
RARE_BUGS = ("kampfrichter-beats-konter-on-last", "plattwurf-counts-collected")


def _caught_at(mutant_id: str, seed: int, games: int, steer: int) -> str:
    report = run_harness(mutant_command(mutant_id), games=games, seed=seed, vectors=False, steer=steer, shrink=False,
                         client_factory=mutant_loopback(mutant_id))
    d = report.divergence
    if d is None:
        return f"not in {games}" if steer == 0 else "not caught"
    found = re.match(r"(random|steered) game (\d+)", d.source)
    assert found is not None, d.source
    where = int(found.group(2)) + (0 if found.group(1) == "random" else games)
    return f"Gang {where} ({d.clause_id})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uniform", type=int, default=20000, help="uniform random Gänge to measure the rates")
    parser.add_argument("--seeds", type=int, default=5, help="seeds of the rare-bug runs")
    parser.add_argument("--limit", type=int, default=2000, help="most uniform Gänge played for a rare bug")
    args = parser.parse_args()

    rates = uniform_rates(args.uniform, seed=0)
    run = steered_games(DEFAULT_STEER, seed=0)
    total = len(run.games)
    print(f"situation: uniform random Gänge per hit ({args.uniform} Gänge, seed 0), uniform Gänge to reach it "
          f"{DEFAULT_STEER} times | times reached in the {total} steered Gänge (steer {DEFAULT_STEER}, seed 0), "
          "reference playouts tried aiming at it")
    for name in GANG_SITUATIONS:
        hits = rates[name]
        per_hit = f"{args.uniform / hits:8.1f}" if hits else f"  > {args.uniform}"
        needed = f"{DEFAULT_STEER * args.uniform / hits:8.0f}" if hits else "       ?"
        reached, tried = run.reached.get(name, 0), run.attempts.get(name, 0)
        print(f"  {name:45s} {per_hit} {needed} | {reached:3d} {tried:4d}")
    print(f"steered play: {len(run.games)} Gänge kept, {sum(run.attempts.values())} reference playouts, missed: {list(run.missed) or 'none'}")

    print()
    print(f"the Gang that catches each rare bug, seeds 0-{args.seeds - 1}, no vectors:")
    for mutant in RARE_BUGS:
        uniform_row = [_caught_at(mutant, s, args.limit, 0) for s in range(args.seeds)]
        steered_row = [_caught_at(mutant, s, 100, DEFAULT_STEER) for s in range(args.seeds)]
        print(f"  {mutant}: {get_mutant(mutant).description}")
        print(f"    uniform play only:              {'; '.join(uniform_row)}")
        print(f"    default run (100 random + steered): {'; '.join(steered_row)}")

    print()
    steer_times, uniform_times = [], []
    for _ in range(3):
        t = time.perf_counter()
        found = steered_games(DEFAULT_STEER, seed=0)
        steer_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        uniform_rates(len(found.games), seed=0)
        uniform_times.append(time.perf_counter() - t)
    s, u = statistics.median(steer_times), statistics.median(uniform_times)
    print(f"reference time, median of 3: steered search {s:.3f} s for {len(found.games)} Gänge; "
          f"{len(found.games)} uniform Gänge {u:.3f} s; ratio {s / u:.1f}")


if __name__ == "__main__":
    main()
