"""Three engines, one game: Gänge played by the reference engine, stepped through the compiled twin and replayed through every constraint of the Z3 model; prints the actions compared and the disagreements.

Usage::

    .venv/bin/python benchmarks/bench_three_engines.py --count 2000
    .venv/bin/python benchmarks/bench_three_engines.py --count 20000 --seed 7

Every other Gang is steered (the Angriff, the special cards and the 6s drawn six times as
often), and the 32 combinations of the Gang switches take turns (``proofs.differential``).
At each action the engine's legal actions are compared with the twin's, and each answer's
with the model's Farbzwang term; at the end the twin's packed result with the engine's,
and the whole Gang is asserted into the model's constraints, which must all hold and give
the engine's outcome. The time is that of this process (CPU seconds beside the wall clock).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from schwinget_spec.proofs.differential import format_run, run_differential


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a number of Gänge >= 1, got {text}")
    return value


def main() -> int:
    """Run the differential and print its line; exit code 1 on a disagreement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=_count, default=2000, help="Gänge to play (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the deals and choices (default 0)")
    args = parser.parse_args()
    cpu = time.process_time()
    run = run_differential(args.count, args.seed)
    print(format_run(run))
    print(f"{time.process_time() - cpu:.1f} s CPU, {run.actions / max(run.seconds, 1e-9):,.0f} actions a second (wall)")
    return 0 if run.ok else 1


if __name__ == "__main__":
    sys.exit(main())
