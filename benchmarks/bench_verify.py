"""Benchmark: complete Gang traces verified per second on one core (JSON text in, verdict out), median of several runs."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time

from schwinget_spec.conformance import verify_trace_text
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.trace import gang_trace

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


def make_traces(count: int, seed: int, *, with_claims: bool) -> list[str]:
    """``count`` complete random Gänge as trace texts, with or without the reference's claims after every step."""
    texts = []
    x = seed
    for i in range(count):
        state = start_gang(Deal.shuffled(seed + i), Player(i & 1))
        while not state.is_over:
            actions = state.legal_actions()
            x = (x * _MUL + _INC) & _MASK
            state = state.apply(actions[(x >> 33) % len(actions)])
        texts.append(json.dumps(gang_trace(state, with_claims=with_claims)))
    return texts


def run(count: int, seed: int, *, with_claims: bool) -> dict[str, float]:
    """Verify ``count`` traces (made before the clock starts); every one must conform."""
    texts = make_traces(count, seed, with_claims=with_claims)
    start = time.perf_counter()
    for text in texts:
        if not verify_trace_text(text).conforms:
            raise SystemExit("a reference trace did not conform")
    elapsed = time.perf_counter() - start
    return {"traces_per_s": count / elapsed, "mean_bytes": sum(map(len, texts)) / count}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", choices=["claims", "plain"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run(args.count, args.seed, with_claims=args.child == "claims")))
        return
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {args.runs} runs of {args.count} traces")
    for child, label in (("plain", "Gang traces/s, actions only"), ("claims", "Gang traces/s, claims after every step")):
        figures = []
        for r in range(args.runs):
            out = subprocess.run(
                [sys.executable, __file__, "--child", child, "--count", str(args.count), "--seed", str(args.seed + r)],
                capture_output=True, text=True, check=True,
            )
            figures.append(json.loads(out.stdout))
        rates = [f["traces_per_s"] for f in figures]
        size = statistics.median(f["mean_bytes"] for f in figures)
        runs = ", ".join(f"{v:,.0f}" for v in rates)
        print(f"{label:<42} median {statistics.median(rates):>8,.0f}   runs: {runs}   (mean trace {size:,.0f} bytes)")


if __name__ == "__main__":
    main()
