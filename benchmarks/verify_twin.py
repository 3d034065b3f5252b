"""Verification: the compiled twin against the readable engine in lock step on many Gänge under every combination of the Gang switches; prints the count."""

from __future__ import annotations

import argparse
import sys
import time

from schwinget_spec import twin
from schwinget_spec.twin.codes import SWITCHES
from schwinget_spec.twin.verify import lockstep, switch_combinations


def main() -> None:
    """Run the lock step and print what it checked; exit 1 at a disagreement, 2 if the twin is not built."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1_000_000, help="Gänge to play (default 10**6)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and the choices (default 0)")
    parser.add_argument("--every", type=int, default=50_000, help="print progress every this many Gänge")
    args = parser.parse_args()
    if twin.ENGINE != "twin":
        print("the compiled twin is not built (or SCHWINGET_NO_TWIN is set): nothing to verify", file=sys.stderr)
        sys.exit(2)
    combos = switch_combinations()
    print(f"lock step, twin against the reference: {args.games:,} Gänge from seed {args.seed}, "
          f"cycling through all {len(combos)} combinations of the Gang switches ({', '.join(SWITCHES)})", flush=True)
    start = time.perf_counter()

    def progress(done: int) -> None:
        if done % args.every == 0:
            print(f"  {done:,} Gänge agree ({time.perf_counter() - start:,.0f} s)", flush=True)

    report = lockstep(args.games, args.seed, combos, progress)
    seconds = time.perf_counter() - start
    print(f"Gänge: {report.gaenge:,}; steps: {report.steps:,}; illegal actions offered and refused alike: "
          f"{report.refusals:,}; in {seconds:,.0f} s")
    print(f"Gänge per switch combination: {min(report.per_switches):,} to {max(report.per_switches):,}")
    if report.disagreement is not None:
        print(f"DISAGREE: {report.disagreement}")
        sys.exit(1)
    print(f"agree: legal actions, state and refusals at every step, every result field, on {report.gaenge:,} Gänge")


if __name__ == "__main__":
    main()
