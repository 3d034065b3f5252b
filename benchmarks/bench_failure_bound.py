"""How many diverging games a level must go on to before a second bug of the same level shows: the measurement behind ``--max-failures-per-level``.

Run: .venv/bin/python benchmarks/bench_failure_bound.py [--bound 60] [--games 100] [--steer 10] [--every 4] [--timed 4]

Builds two-bug Gang engines from the kit's mutants whose overrides do not touch each
other (a mutant of ``start_gang`` or of ``resolve`` beside one of ``end_claims``), plays
each in process through the protocol (``run_harness`` with a ``LoopbackClient``, the Gang
level only) with a bound of ``--bound`` failures, and prints, per engine, the index of the
first failure naming each bug's clause (exact or neighbour; ``-`` for never within the
bound); every ``--every``-th pair is played. Then, for bounds 1, 2, 3, 5, 10, 20 and 50:
how many engines have both bugs named within that many failures, and the median CPU
time of a run to that bound over the first ``--timed`` engines (run again with it).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from schwinget_spec.conformance.harness.run import run_harness
from schwinget_spec.conformance.mutants.registry import MUTANTS, Mutant
from schwinget_spec.conformance.protocol.engine_session import LoopbackClient
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer

_BOUNDS = (1, 2, 3, 5, 10, 20, 50)


def _overrides(mutant: Mutant) -> frozenset[str]:
    return frozenset(
        name for klass in mutant.engine.__mro__ if klass is not ReferenceEngine and issubclass(klass, ReferenceEngine)
        for name in vars(klass) if callable(vars(klass)[name]) and not name.startswith("__")
    )


def pairs() -> list[tuple[Mutant, Mutant]]:
    """Gang mutants of the start or the Schwung beside Gang mutants of the end claims: disjoint overrides, so that both bugs are live."""
    gang = [m for m in MUTANTS if m.level == "gang" and not m.equivalent]
    first = [m for m in gang if _overrides(m) & {"start_gang", "resolve"}]
    second = [m for m in gang if _overrides(m) == {"end_claims"}]
    return [(a, b) for a in first for b in second if not _overrides(a) & _overrides(b)]


def _engine(a: Mutant, b: Mutant) -> type[ReferenceEngine]:
    return type(f"{a.engine.__name__}And{b.engine.__name__}", (a.engine, b.engine), {"levels": ("gang",)})


def _run(engine: type[ReferenceEngine], bound: int, games: int, steer: int) -> tuple[list[str | None], float]:
    begun = time.process_time()
    report = run_harness(
        ["(in process)"], client_factory=lambda: LoopbackClient(ReferenceServer(engine()).handle),
        games=games, steer=steer, max_failures_per_level=bound,
    )
    return [d.clause_id for d in report.gang_failures], time.process_time() - begun


def _first(named: Sequence[str | None], mutant: Mutant) -> int | None:
    wanted = {mutant.clause_id, *mutant.neighbours}
    return next((i + 1 for i, clause in enumerate(named) if clause in wanted), None)


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bound", type=int, default=60)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--steer", type=int, default=10)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--timed", type=int, default=4)
    args = parser.parse_args()
    both: list[int | None] = []
    engines = []
    for a, b in pairs()[:: args.every]:
        engine = _engine(a, b)
        named, _ = _run(engine, args.bound, args.games, args.steer)
        ia, ib = _first(named, a), _first(named, b)
        both.append(None if ia is None or ib is None else max(ia, ib))
        engines.append(engine)
        print(f"{a.id} + {b.id}: {len(named)} failures; first {a.clause_id} at {ia or '-'}, {b.clause_id} at {ib or '-'}")
    print(f"{len(both)} two-bug engines; bound {args.bound}")
    for bound in _BOUNDS:
        seen = sum(1 for n in both if n is not None and n <= bound)
        cpu = statistics.median(_run(e, bound, args.games, args.steer)[1] for e in engines[: args.timed])
        print(f"bound {bound:>2}: both bugs named in {seen} of {len(both)}; median CPU {cpu:.2f} s")


if __name__ == "__main__":
    main()
