"""How many random matches and Schwingfeste reach each named match and Schwingfest situation, against steered ones; and which catch the kit's mutants of those situations.

Run: .venv/bin/python benchmarks/bench_steering_levels.py [--matches 2000] [--fests 500] [--seeds 5] [--repeat 5]
     .venv/bin/python benchmarks/bench_steering_levels.py --write   (the table of docs/harness.md only, rewritten)

Prints, per match and Schwingfest situation of ``schwinget_spec.conformance.harness.situations``:
how often the harness's random matches (``level_vectors.random_matches``: uniform random
play of every Gang, random switches every other match) and random Schwingfeste
(``random_fests``) reach it, played in the reference (games per hit, and the games needed
to reach it ``DEFAULT_STEER`` times), and how often the steered matches and Schwingfeste of
a default run reach it (``steering_levels.steered_levels``), with the designs on paper and
the reference playouts it took. Then, for the kit's mutants whose bug shows only in one of
those situations, run in process for seeds 0..N-1 without vectors, the game that catches
each: by the default random levels alone (``--steer 0``) and by a default run (random,
then steered). Then the median time of the steered search beside that of as many random
matches and Schwingfeste played in the reference. Last, what the steered games cost a run
against the JavaScript engine (``--engine``): the level play of a default run (the level
vectors, the random games, the steered ones; ``level_vectors.play_levels``, finding the
steered games included) beside the same without the steered games, run alternately
``--repeat`` times, wall and CPU time (this process and the engine's), medians, ratio,
and the load average.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import time
from collections import Counter
from pathlib import Path

from schwinget_spec.conformance.harness import level_vectors
from schwinget_spec.conformance.harness.level_vectors import (
    DEFAULT_FESTS,
    DEFAULT_MATCHES,
    play_levels,
    random_fests,
    random_matches,
)
from schwinget_spec.conformance.harness.situations import (
    FEST_SITUATIONS,
    MATCH_SITUATIONS,
    fest_situations,
    match_situations,
)
from schwinget_spec.conformance.harness.steering import DEFAULT_STEER
from schwinget_spec.conformance.harness.steering_levels import reference_fest, reference_match, steered_levels
from schwinget_spec.conformance.mutants import get_mutant
from schwinget_spec.conformance.mutants.kill import loopback_factory
from schwinget_spec.conformance.protocol.engine_session import EngineSession
from schwinget_spec.conformance.protocol.messages import ALL_SWITCHES

SITUATION_MUTANTS = (
    "draw-more-points-starts",
    "tie-reading-ignored",
    "tie-older-starts",
    "equal-totals-p0-wins",
    "no-good-loser-after-plattwurf",
    "fest-ranks-not-shared",
    "fest-tiebreak-ignored",
)
"""Level mutants whose bug shows only in a named match or Schwingfest situation (or a rare Gang of one)."""


def _uniform(matches: int, fests: int) -> tuple[Counter[str], Counter[str], float]:
    counts: Counter[str] = Counter()
    gaenge: Counter[str] = Counter()
    started = time.perf_counter()
    for spec in random_matches(matches, 0, ALL_SWITCHES):
        counts.update(match_situations(reference_match(spec)))
        gaenge["match"] += spec.length
    for fest in random_fests(fests, 0, ALL_SWITCHES):
        counts.update(fest_situations(reference_fest(fest)))
        gaenge["schwingfest"] += len(fest.meetings)
    return counts, gaenge, time.perf_counter() - started


def _caught_by(mutant_id: str, seed: int, steer: int) -> str:
    session = EngineSession(["(in process)"], 5.0, 20.0, None, client_factory=loopback_factory(get_mutant(mutant_id).engine))
    try:
        session.connect()
        assert session.hello is not None
        report, gang = play_levels(session.get, session.hello, seed=seed, vectors=False, gang_played=(0, 0), run=True,
                                   steer=steer)
    finally:
        session.close()
    assert gang is None
    d = report.divergence
    if d is None:
        return "not caught"
    return f"{d.source.split(',')[0]} ({d.clause_id})"


HARNESS_DOC = Path(__file__).resolve().parent.parent / "docs" / "harness.md"
"""The page whose ``level-steering`` table and steered counts ``--write`` rewrites."""


def write_table(matches: int, fests: int) -> None:
    """Rewrite docs/harness.md's table of match and Schwingfest situations (between ``<!-- level-steering -->`` markers) and its count of steered games, from ``matches`` random matches, ``fests`` random Schwingfeste and the steered games of a default run (seed 0)."""
    counts, _, _ = _uniform(matches, fests)
    run = steered_levels(DEFAULT_STEER, seed=0)
    rows = [
        "| situation | random games per hit | random games for 10 hits | steered games aimed at it | reached by the steered games |",
        "|---|---:|---:|---:|---:|",
    ]
    for name in (*MATCH_SITUATIONS, *FEST_SITUATIONS):
        games = matches if name in MATCH_SITUATIONS else fests
        hits = counts[name]
        per_hit = f"{games / hits:.1f}" if hits else f"> {games}"
        needed = f"{DEFAULT_STEER * games / hits:.0f}" if hits else "?"
        rows.append(f"| `{name}` | {per_hit} | {needed} | {run.kept.get(name, 0)} | {run.reached.get(name, 0)} |")
    text = HARNESS_DOC.read_text(encoding="utf-8")
    head, rest = text.split("<!-- level-steering -->\n", 1)
    _, tail = rest.split("<!-- /level-steering -->", 1)
    text = head + "<!-- level-steering -->\n" + "\n".join(rows) + "\n<!-- /level-steering -->" + tail
    gaenge = sum(len(m.gaenge) for m in run.matches) + sum(len(f.meetings) for f in run.fests)
    text, found = re.subn(
        r"\d+ steered matches and \d+ steered Schwingfeste \(\d+ Gänge\), from\s+\d+ designs on paper and \d+ reference playouts",
        f"{len(run.matches)} steered matches and {len(run.fests)} steered Schwingfeste ({gaenge} Gänge), from\n"
        f"{sum(run.designs.values())} designs on paper and {sum(run.playouts.values())} reference playouts",
        text,
    )
    assert found == 1, "the sentence that counts the steered games is not in docs/harness.md"
    HARNESS_DOC.write_text(text, encoding="utf-8")
    print(f"rewrote the level-steering table of {HARNESS_DOC}")


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _level_play(command: list[str], steer: int) -> tuple[float, float]:
    """Wall and CPU seconds of a default run's level play against ``command`` (the engine's CPU counted once it has exited)."""
    session = EngineSession(command, 5.0, 20.0, None)
    try:
        session.connect()
        assert session.hello is not None
        # a run finds its steered games afresh: forget those of the last run
        level_vectors._steered.cache_clear()
        wall, cpu = time.perf_counter(), _cpu()
        report, gang = play_levels(session.get, session.hello, seed=0, vectors=True, gang_played=(0, 0), run=True,
                                   steer=steer)
        wall = time.perf_counter() - wall
    finally:
        session.close()
    assert gang is None
    assert report.passed, report.divergence
    return wall, _cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="random matches to measure the rates")
    parser.add_argument("--fests", type=int, default=500, help="random Schwingfeste to measure the rates")
    parser.add_argument("--seeds", type=int, default=5, help="seeds of the mutant runs")
    parser.add_argument("--repeat", type=int, default=5, help="runs of the level play against --engine, each way")
    parser.add_argument("--engine", default="node examples/js/schwinget.js", help="the engine whose level play is timed")
    parser.add_argument("--write", action="store_true", help="rewrite the table of docs/harness.md and stop")
    args = parser.parse_args()
    if args.write:
        write_table(args.matches, args.fests)
        return

    counts, gaenge, _ = _uniform(args.matches, args.fests)
    run = steered_levels(DEFAULT_STEER, seed=0)
    steered_gaenge = sum(len(m.gaenge) for m in run.matches) + sum(len(f.meetings) for f in run.fests)
    print(f"random games: {args.matches} matches ({gaenge['match']} Gänge), {args.fests} Schwingfeste "
          f"({gaenge['schwingfest']} Gänge), seed 0, every switch declared")
    print(f"steered (steer {DEFAULT_STEER}, seed 0): {len(run.matches)} matches and {len(run.fests)} Schwingfeste, "
          f"{steered_gaenge} Gänge; {sum(run.designs.values())} designs on paper, "
          f"{sum(run.playouts.values())} reference playouts; missed: {list(run.missed) or 'none'}")
    print(f"situation: random games per hit, random games to reach it {DEFAULT_STEER} times | "
          "times reached by the steered games, games aimed at it, designs, playouts")
    for name in (*MATCH_SITUATIONS, *FEST_SITUATIONS):
        games = args.matches if name in MATCH_SITUATIONS else args.fests
        hits = counts[name]
        per_hit = f"{games / hits:8.1f}" if hits else f"  > {games}"
        needed = f"{DEFAULT_STEER * games / hits:8.0f}" if hits else "       ?"
        print(f"  {name:36s} {per_hit} {needed} | {run.reached.get(name, 0):3d} {run.kept.get(name, 0):3d} "
              f"{run.designs.get(name, 0):4d} {run.playouts.get(name, 0):5d}")

    print()
    print(f"the game that catches each mutant, seeds 0-{args.seeds - 1}, no vectors "
          f"({DEFAULT_MATCHES} random matches, {DEFAULT_FESTS} random Schwingfeste, then steered ones):")
    for mutant in SITUATION_MUTANTS:
        random_row = [_caught_by(mutant, s, 0) for s in range(args.seeds)]
        steered_row = [_caught_by(mutant, s, DEFAULT_STEER) for s in range(args.seeds)]
        print(f"  {mutant}: {get_mutant(mutant).description}")
        print(f"    random levels only: {'; '.join(random_row)}")
        print(f"    default run:        {'; '.join(steered_row)}")

    print()
    steer_times, uniform_times = [], []
    for _ in range(3):
        t = time.perf_counter()
        found = steered_levels(DEFAULT_STEER, seed=0)
        steer_times.append(time.perf_counter() - t)
        uniform_times.append(_uniform(len(found.matches), len(found.fests))[2])
    s, u = statistics.median(steer_times), statistics.median(uniform_times)
    print(f"reference time, median of 3: steered search {s:.3f} s for {len(found.matches)} matches and "
          f"{len(found.fests)} Schwingfeste; as many random ones {u:.3f} s; ratio {s / u:.1f}")

    print()
    command = shlex.split(args.engine)
    times: dict[int, list[tuple[float, float]]] = {0: [], DEFAULT_STEER: []}
    for _ in range(args.repeat):
        for steer, runs in times.items():
            runs.append(_level_play(command, steer))
    (w0, c0), (w1, c1) = (
        (statistics.median(t[0] for t in times[k]), statistics.median(t[1] for t in times[k])) for k in (0, DEFAULT_STEER)
    )
    print(f"level play of a default run against {args.engine}, median of {args.repeat}, run alternately: "
          f"without steered games {w0:.2f} s wall, {c0:.2f} s CPU; with them {w1:.2f} s wall, {c1:.2f} s CPU; "
          f"ratio {w1 / w0:.2f} wall, {c1 / c0:.2f} CPU; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
