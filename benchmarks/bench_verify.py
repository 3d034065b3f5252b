"""Benchmark: complete Gang traces verified per second, and the time to verify the largest legal trace (a 64-player Schwingfest), on one core; medians of several runs, wall clock and CPU time."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from typing import Any

from fresh import add_baseline, run_fresh

from schwinget_spec.conformance import verify_trace_text
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trace import gang_trace, schwingfest_trace, state_claims

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
    start, cpu = time.perf_counter(), time.process_time()
    for text in texts:
        if not verify_trace_text(text).conforms:
            raise SystemExit("a reference trace did not conform")
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return {
        "traces_per_s": count / elapsed, "traces_per_cpu_s": count / used, "mean_bytes": sum(map(len, texts)) / count,
    }


def make_fest_trace(players: int, seed: int) -> str:
    """The trace text of a whole Schwingfest of ``players`` Schwinger on the most card sets, with every claim."""
    fest = start_schwingfest([f"S{i:02d}" for i in range(players)], ScoringSystem.SCHWINGERWERTUNG, min(32, players // 2))
    states = []
    for k, meeting in enumerate(fest.schedule.meetings):
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(seed + k)), random_chooser(seed + k))
        fest = fest.apply_gang(meeting, state)
        states.append(state)
    return json.dumps(schwingfest_trace(fest, states, trace_id=f"fest.{players}"))


def run_fest(players: int, seed: int, repeats: int) -> dict[str, float]:
    """Seconds (wall clock and CPU) to verify one ``players``-player Schwingfest trace (made before the clock starts), best of ``repeats``."""
    text = make_fest_trace(players, seed)
    times, cpu_times = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        if not verify_trace_text(text).conforms:
            raise SystemExit("the Schwingfest trace did not conform")
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
    return {"seconds": min(times), "cpu_seconds": min(cpu_times), "bytes": len(text.encode("utf-8"))}


def run_parts(players: int, seed: int, repeats: int) -> None:
    """Print where the CPU time of verifying one ``players``-player Schwingfest goes: each part alone, best of ``repeats``.

    The parts follow the verifier's quick path (``verify._judge_quickly``), which judges
    a trace like the reference's own: the compiled twin replays each Gang record where it
    is built (``twin.recorded``), the readable engine where it is not and wherever the twin
    leaves a record to it. The readable engine's parts are cumulative (each adds to the
    one before), and all run with the collector paused, as the verifier runs them.
    """
    from schwinget_spec.conformance.trace import verify  # noqa: PLC0415 - the parts are the verifier's own steps
    from schwinget_spec.conformance.trace.text import gc_paused, parse_trace_text, read_trace_quickly  # noqa: PLC0415
    from schwinget_spec.gang import GangState  # noqa: PLC0415

    text = make_fest_trace(players, seed)
    quick = read_trace_quickly(text)
    if quick is None:
        raise SystemExit("the benchmark's trace did not take the verifier's quick path")
    document, _ = quick
    gaenge = document["gaenge"]
    rules = verify.rules_from_json(document.get("rules", {}))
    deals = [verify._deal_from_json(g["deal"], "") for g in gaenge]

    twin = verify._twin_replay()

    def replay_twin() -> None:
        assert twin is not None
        for gang in gaenge:
            claims = gang.get("claims", {})
            masks = verify._deal_masks(gang["deal"])
            assert masks is not None
            start, steps = claims.get("start"), claims.get("steps", [])
            if twin(masks, Player[gang["starter"]], rules, gang["actions"], start=start, steps=steps) is None:
                raise SystemExit("the twin left a Gang of the benchmark's trace to the readable engine")

    def replay(*, legal: bool, claims: bool) -> None:
        action_of = verify._ACTIONS.get
        for gang, deal in zip(gaenge, deals, strict=True):
            state = start_gang(deal, Player[gang["starter"]], rules)
            steps = gang.get("claims", {}).get("steps", [])
            for i, code in enumerate(gang["actions"]):
                state = GangState.apply(state, action_of(code, code))
                if claims:  # as the verifier's loop compares them
                    step = steps[i]
                    _ = step != state_claims(state) or not verify._json_typed(step)
                elif legal:
                    state.legal_action_codes()

    parts: list[tuple[str, Any]] = [
        ("read the text (JSON, the reading rules)", lambda: read_trace_quickly(text)),
        ("  the same, exact path (duplicate-key hook)", lambda: parse_trace_text(text)),
        ("the schema, quick path (+ codes, + pairs)", lambda: (
            verify._quick_validator()(document), verify._codes_valid(document), verify._pairs(document))),
        ("  the full schema, exact path", lambda: verify._check_schema(document)),
        *(
            [
                ("the twin: every Gang replayed, claims compared", replay_twin),
                ("  the whole replay (fest, points, end claims too)", lambda: verify._replay_verdict(document, twin)),
            ]
            if twin is not None
            else []
        ),
        ("readable engine: build the deals (Deal)", lambda: [verify._deal_from_json(g["deal"], "") for g in gaenge]),
        ("  start_gang + apply per action", lambda: replay(legal=False, claims=False)),
        ("  + legal_action_codes after each action", lambda: replay(legal=True, claims=False)),
        ("  + the step claims compared instead", lambda: replay(legal=False, claims=True)),
        ("  the whole replay (fest, points, end claims too)", lambda: verify._replay_verdict(document, None)),
        ("verify_trace_text, all of it", lambda: verify_trace_text(text)),
    ]
    if twin is None:
        print("(the compiled twin is not built or SCHWINGET_NO_TWIN=1: the readable engine replays every Gang)")
    actions = sum(len(g["actions"]) for g in gaenge)
    print(f"{players}-player Schwingfest: {len(gaenge):,} Gänge, {actions:,} actions, {len(text.encode()) / 2**20:.1f} MiB")
    for label, part in parts:
        best = _best_cpu(part, repeats)
        print(f"  {label:<48} CPU {best:.3f} s   ({best / actions * 1e6:.1f} µs per action)")
    best = float("inf")
    for _ in range(repeats):
        with gc_paused():
            kept = read_trace_quickly(text)
            start = time.process_time()
            del kept
            best = min(best, time.process_time() - start)
    print(f"  {'free the document':<48} CPU {best:.3f} s")


def _best_cpu(part: Any, repeats: int) -> float:
    # The least CPU time of ``repeats`` calls of ``part``, each with the collector paused, as the verifier runs
    from schwinget_spec.conformance.trace.text import gc_paused  # noqa: PLC0415

    fastest = float("inf")
    for _ in range(repeats):
        with gc_paused():
            start = time.process_time()
            result = part()
            fastest = min(fastest, time.process_time() - start)
            del result
    return fastest


def run_growth(sizes: list[int], seed: int, repeats: int) -> None:
    """Print the CPU time per Gang of verifying a Schwingfest of each size in ``sizes``, by part, best of ``repeats``.

    Verification is linear in the trace when each part's time per Gang stays the same as
    the fest grows; reading the text and the schema, linear by construction, show how much
    a larger working set alone adds.
    """
    from schwinget_spec.conformance.trace import verify  # noqa: PLC0415 - the parts are the verifier's own steps
    from schwinget_spec.conformance.trace.text import read_trace_quickly  # noqa: PLC0415

    def best(part: Any) -> float:
        return _best_cpu(part, repeats)

    print("µs of CPU per Gang, best of", repeats)
    print(f"{'Schwinger':>9} {'Gänge':>7} {'read':>8} {'schema':>8} {'replay':>8} {'verify_trace_text':>18}")
    for players in sizes:
        text = make_fest_trace(players, seed)
        quick = read_trace_quickly(text)
        if quick is None:
            raise SystemExit("the benchmark's trace did not take the verifier's quick path")
        document = quick[0]
        twin = verify._twin_replay()
        gaenge = len(document["gaenge"])
        figures = [
            best(lambda: read_trace_quickly(text)),  # noqa: B023 - each lambda runs before the loop moves on
            best(lambda: (verify._quick_validator()(document), verify._codes_valid(document), verify._pairs(document))),  # noqa: B023
            best(lambda: verify._replay_verdict(document, twin)),  # noqa: B023
            best(lambda: verify_trace_text(text)),  # noqa: B023
        ]
        read, schema, replay, whole = (f / gaenge * 1e6 for f in figures)
        print(f"{players:>9} {gaenge:>7} {read:>8.1f} {schema:>8.1f} {replay:>8.1f} {whole:>18.1f}")


def _child(args: list[str], path: str | None) -> dict[str, float]:
    result: dict[str, float] = run_fresh(__file__, args, path)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", type=int, default=2000, help="Gang traces per run (default 2000; 0 skips them)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fest-players", type=int, default=64, help="Schwinger of the largest trace (default 64; 0 skips it)")
    add_baseline(parser)
    parser.add_argument(
        "--parts", action="store_true",
        help="only print where the CPU time of verifying the largest trace goes (this checkout, best of --runs)",
    )
    parser.add_argument(
        "--growth", metavar="SIZES",
        help="only print the CPU time per Gang, by part, of verifying a Schwingfest of each size (e.g. 16,32,64; best of --runs)",
    )
    parser.add_argument("--child", choices=["claims", "plain", "fest"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.parts:
        run_parts(args.fest_players, args.seed, args.runs)
        return
    if args.growth:
        try:
            sizes = [int(size) for size in args.growth.split(",")]
        except ValueError:
            parser.error(f"--growth takes sizes separated by commas, e.g. 16,32,64; got {args.growth!r}")
        if any(not 3 <= size <= 64 for size in sizes):
            parser.error(f"--growth: a Schwingfest has 3 to 64 Schwinger; got {args.growth!r}")
        run_growth(sizes, args.seed, args.runs)
        return
    if args.child == "fest":
        print(json.dumps(run_fest(args.fest_players, args.seed, 3)))
        return
    if args.child:
        print(json.dumps(run(args.count, args.seed, with_claims=args.child == "claims")))
        return
    sides: list[tuple[str, str | None]] = [("this checkout", None)]
    if args.baseline:
        sides.append((f"baseline {args.baseline}", args.baseline))
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), {args.runs} runs, "
        f"load average {os.getloadavg()[0]:.2f} at the start"
    )
    rows: list[tuple[str, str, str, float, list[float], str]] = []
    if args.count:
        for child, label in (("plain", "Gang traces/s, actions only"), ("claims", "Gang traces/s, claims after every step")):
            figures: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sides}
            for r in range(args.runs):
                for name, path in sides:
                    figures[name].append(_child(["--child", child, "--count", str(args.count), "--seed", str(args.seed + r)], path))
            for name, _ in sides:
                size = statistics.median(f["mean_bytes"] for f in figures[name])
                for key, clock in (("traces_per_s", "wall"), ("traces_per_cpu_s", "CPU")):
                    rates = [f[key] for f in figures[name]]
                    rows.append(
                        (f"{label} ({clock})", name, ",.0f", statistics.median(rates), rates, f"mean trace {size:,.0f} bytes")
                    )
    if args.fest_players:
        label = f"{args.fest_players}-player Schwingfest, s to verify"
        figures = {name: [] for name, _ in sides}
        for r in range(args.runs):
            for name, path in sides:
                figures[name].append(
                    _child(["--child", "fest", "--fest-players", str(args.fest_players), "--seed", str(args.seed + r)], path)
                )
        for name, _ in sides:
            size = statistics.median(f["bytes"] for f in figures[name]) / 2**20
            for key, clock in (("seconds", "wall"), ("cpu_seconds", "CPU")):
                seconds = [f[key] for f in figures[name]]
                rows.append((f"{label} ({clock})", name, ".3f", statistics.median(seconds), seconds, f"trace {size:.1f} MiB"))
    medians = {(label, name): median for label, name, _, median, _, _ in rows}
    for label, name, form, median, values, note in rows:
        runs = ", ".join(format(v, form) for v in values)
        ratio = ""
        if args.baseline and name == "this checkout":
            ratio = f"   {median / medians[(label, sides[1][0])]:.2f}x the baseline"
        print(f"{label:<48} {name:<28} median {format(median, form):>8}   runs: {runs}   ({note}){ratio}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
