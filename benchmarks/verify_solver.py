"""Verification: the compiled solver against the readable one on at least 10**4 positions of every depth, every value against its children's, and its moves against the engine in lock step; prints the counts."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from schwinget_spec.solver import compiled, verify


def main() -> None:
    """Run the three checks and print what they covered; exit 1 at a disagreement, 2 if the compiled solver is not built."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gaenge", type=int, default=900, help="random Gänge compared with the readable solver (default 900)")
    parser.add_argument("--pile-left", type=int, default=2, choices=range(13),
                        help="compare from the first position with at most this many pile cards left, or the Angriff (default 2)")
    parser.add_argument("--children", type=int, default=2000, help="random Gänge whose every position is checked against its children")
    parser.add_argument("--lockstep", type=int, default=10_000, help="random Gänge played in lock step with the engine")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and the choices (default 0)")
    args = parser.parse_args()
    if not compiled.available():
        print("the compiled solver is not built: nothing to verify", file=sys.stderr)
        sys.exit(2)
    failed = False
    checks: tuple[tuple[str, Callable[[], verify.Report]], ...] = (
        ("compiled against readable", lambda: verify.compare_with_readable(args.gaenge, args.seed, args.pile_left)),
        ("value against its children's", lambda: verify.check_children(args.children, args.seed)),
        ("moves against the engine, lock step", lambda: verify.lockstep_moves(args.lockstep, args.seed)),
    )
    for name, run in checks:
        start = time.perf_counter()
        report = run()
        seconds = time.perf_counter() - start
        depths = ", ".join(f"{d}: {n}" for d, n in enumerate(report.by_depth) if n)
        print(f"{name}: {report.checked:,} positions, {report.combinations} switch combinations, {seconds:,.0f} s")
        print(f"  by actions played from the deal: {depths}")
        if report.disagreement is not None:
            print(f"  DISAGREE: {report.disagreement}")
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
