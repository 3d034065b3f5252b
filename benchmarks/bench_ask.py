"""Times ``schwinget_spec.ask`` on the cookbook of docs/ask.md: each question's median wall clock and CPU, by kind, against the issue's targets.

Usage::

    .venv/bin/python benchmarks/bench_ask.py --runs 3
    .venv/bin/python benchmarks/bench_ask.py --runs 5 --kind witness
    .venv/bin/python benchmarks/bench_ask.py --runs 1 --kind game --json /tmp/ask-times.json
    .venv/bin/python benchmarks/bench_ask.py --runs 1 --kind game --policies 4

``--policies N`` gives a "whatever both play" question over every deal its whole 45 s,
without the cookbook's round limit, with the first N play policies of
``schwinget_spec.ask.policies`` in its proposer (0: refuting lines only), and prints how
many deals it refuted: the measure of how well a refutation generalises.

Each question is asked ``--runs`` times in this process (each in a fresh Z3 context, as
``ask`` always does), after one untimed question that loads Z3 and the engine. The groups
are the answers' kinds: *witness* (a Gang found, replayed and read by the engine, or a
counterexample), *proof* (proved, or none exists, with the core), *readings* (a table,
one Z3 check per reading) and *game* (a deal, then the play: CEGAR). The targets of
issue 38: witness questions a median under 1 s and each under 5 s, proofs under 30 s,
game questions settled or bounded within 60 s. The CPU time counts Z3's thread too
(``time.process_time``). The load average is printed before and after: on a shared
machine the wall clock follows it, the CPU time much less.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from schwinget_spec.ask import ask, parse_question  # noqa: E402
from schwinget_spec.ask.answers import Answer  # noqa: E402
from schwinget_spec.ask.api import fresh_context  # noqa: E402
from schwinget_spec.ask.cookbook import ENTRIES  # noqa: E402
from schwinget_spec.ask.fest import FestAnswer  # noqa: E402
from schwinget_spec.ask.game import answer_game_question  # noqa: E402
from schwinget_spec.ask.match import MatchAnswer  # noqa: E402
from schwinget_spec.ask.policies import POLICIES  # noqa: E402
from schwinget_spec.ask.questions import Question  # noqa: E402

TARGETS = {"witness": ("median < 1 s, each < 5 s", 1.0, 5.0), "proof": ("each < 30 s", None, 30.0),
           "readings": ("each < 30 s", None, 30.0), "game": ("each < 60 s", None, 60.0)}


def _group(verdict: str, kind: str) -> str:
    if kind in ("any_play", "best_play"):
        return "game"
    if kind == "readings":
        return "readings"
    return "witness" if verdict in ("witness", "counterexample") else "proof"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="times each question is asked (the median is reported)")
    parser.add_argument("--kind", choices=sorted(TARGETS), action="append", default=[],
                        help="only the questions of this group (repeatable; default: all)")
    parser.add_argument("--json", type=Path, help="write every question's times here")
    parser.add_argument("--policies", type=int,
                        help=f"a 'whatever both play' question over every deal given 45 s and no round limit, its proposer also "
                        f"refuted by the first N of the {len(POLICIES)} play policies (0: lines only)")
    opts = parser.parse_args()
    if opts.runs < 1:
        parser.error("--runs must be 1 or more")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ask("every gang has angriff schwung at most 6")
    rows: list[dict[str, Any]] = []
    for entry in ENTRIES:
        kind = parse_question(entry.question).kind
        early = _group("", kind)
        if opts.kind and not (early in opts.kind or (early == "proof" and "witness" in opts.kind)):
            continue
        walls: list[float] = []
        cpus: list[float] = []
        verdict = ""
        for _ in range(opts.runs):
            cpu, start = time.process_time(), time.perf_counter()
            if opts.policies is not None and kind == "any_play" and "seed" not in entry.question:
                # the whole 45 s a game question has, with the first N policies in the proposer: deals refuted in that time
                game_question = parse_question(entry.question)
                assert isinstance(game_question, Question)
                with fresh_context():
                    answer: Answer | MatchAnswer | FestAnswer = answer_game_question(game_question, 45.0, policies=POLICIES[: opts.policies])
            else:
                answer = ask(entry.question, **({} if entry.rounds is None else {"rounds": entry.rounds}))
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
            verdict = answer.verdict
            if kind in ("any_play", "best_play") and opts.runs > 1 and not opts.kind:
                break
        group = _group(verdict, kind)
        if opts.kind and group not in opts.kind:
            continue
        row = {"question": entry.question, "group": group, "verdict": verdict, "runs": len(walls),
               "wall_median": statistics.median(walls), "wall_max": max(walls), "cpu_median": statistics.median(cpus)}
        rows.append(row)
        print(f"{row['wall_median']:7.2f} s wall {row['cpu_median']:7.2f} s CPU  {group:<8} {verdict:<14} {entry.question[:90]}")
        if group == "game" and verdict == "unknown":
            print(f"{'':41}{answer.detail}")
    print()
    for group, (target, median_limit, each_limit) in TARGETS.items():
        mine = [r for r in rows if r["group"] == group]
        if not mine:
            continue
        medians = [r["wall_median"] for r in mine]
        med = statistics.median(medians)
        worst = max(r["wall_max"] for r in mine)
        ok = (median_limit is None or med < median_limit) and worst < each_limit
        print(f"{group:<8} {len(mine):2d} questions: median of medians {med:6.2f} s, slowest run {worst:6.2f} s, "
              f"CPU median {statistics.median(r['cpu_median'] for r in mine):6.2f} s; target {target}: {'met' if ok else 'NOT met'}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if opts.json:
        opts.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
