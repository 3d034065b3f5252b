"""What checking every answer against protocol.schema.json costs the harness: a default run in process against the reference engine with the check and with it switched off, run alternately in one process (CPU time), and one state answer's parse beside its schema check."""

from __future__ import annotations

import argparse
import time
import timeit
from typing import Any

from schwinget_spec.conformance.harness.run import run_harness
from schwinget_spec.conformance.mutants.kill import loopback_factory
from schwinget_spec.conformance.protocol import messages as protocol
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine
from schwinget_spec.conformance.protocol.schema import SchemaFault, answer_fault

_STATE = {
    "ok": True, "to_move": "P1", "tricks": [0, 0], "pile_size": 11, "hand_sizes": [5, 5], "is_over": False,
    "hands": [["R2", "G1", "B4", "Y2", "Y4"], ["G3", "G5", "B1", "B5", "Y1"]],
}


def _off(cmd: str, answer: Any, *, parsed: bool = False) -> SchemaFault | None:
    return None


def _use(check: Any) -> None:
    # the name protocol.checked_answer looks up for every answer it reads
    vars(protocol)["answer_fault"] = check


def _run(games: int) -> float:
    started = time.process_time()
    report = run_harness(["(in process)"], games=games, client_factory=loopback_factory(ReferenceEngine))
    assert report.passed
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="default runs of each kind, alternately (default 3)")
    parser.add_argument("--games", type=int, default=100, help="random Gänge of each run (default 100)")
    args = parser.parse_args()
    with_check: list[float] = []
    without: list[float] = []
    _run(0)  # the validators are compiled once per process, before the first measurement
    for _ in range(args.runs):
        _use(answer_fault)
        with_check.append(_run(args.games))
        _use(_off)
        without.append(_run(args.games))
    _use(answer_fault)
    print(f"default run in process, CPU s: with the schema check {[round(t, 2) for t in with_check]}, "
          f"without {[round(t, 2) for t in without]}: {min(with_check) / min(without):.3f} x the run without")
    parse = min(timeit.repeat(lambda: protocol.parse_state(_STATE), number=20000, repeat=5)) / 20000
    check = min(timeit.repeat(lambda: answer_fault("state", _STATE, parsed=True), number=20000, repeat=5)) / 20000
    print(f"one state answer: the schema check takes {check / parse:.2f} x its parse")


if __name__ == "__main__":
    main()
