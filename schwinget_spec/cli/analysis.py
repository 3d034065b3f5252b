"""``schwinget prove`` and ``schwinget impact``: what the rules imply (Z3), and how often each Rules switch changes a game."""

from __future__ import annotations

import difflib
import fnmatch
import json
import sys
import time
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.markup import escape

from schwinget_spec.cli.bounds import MAX_GAMES, WORKERS_PER_CORE, max_processes
from schwinget_spec.cli.common import LibraryError, console

if TYPE_CHECKING:
    from schwinget_spec.proofs.base import Query, QueryResult

__all__ = ["IMPACT_PLAYS", "impact_command", "prove_command"]

IMPACT_PLAYS = ("random", "solver", "heuristic", "pimc", "pimc-8", "pimc-128")
"""What ``schwinget impact --play`` takes: ``impact_strong.PLAYS``, spelt out here so that ``--help`` imports no solver."""


# -- schwinget prove


@click.command("prove")
@click.option(
    "--query",
    "queries",
    multiple=True,
    metavar="NAME",
    help="Run only this query (repeatable; a shell pattern such as 'rule.*' picks every query it matches); default: all.",
)
@click.option("--fast", is_flag=True, help="Leave out the slow queries (the drop-one-clause analysis).")
@click.option("--list", "list_only", is_flag=True, help="List the queries and their claims without running them.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option(
    "--jobs",
    type=click.IntRange(min=1, max=max_processes()),
    default=None,
    metavar="N",
    help=f"Run N queries at once, each in a process of its own; default: one per core, at most {WORKERS_PER_CORE} per core.",
)
@click.option(
    "--exhaustive",
    is_flag=True,
    help="Instead of the queries, check the finite rule functions on every input of their domains: engine, "
    "compiled twin and Z3 model compared (--query picks checks by name; about a minute).",
)
@click.option(
    "--engine",
    is_flag=True,
    help="Instead of the queries, prove the engine's own Gang step equal to the model's Schwung on every well-formed "
    "state (symbolic execution of GangState.apply, each path checked in Z3), its first state (start_gang on every "
    "deal) and its result (GangState.result on every finished Gang) equal to the model's, and the match and Schwingfest "
    "transitions (starter, totals, winner, ranks) equal to the match model, and show each deliberately wrong step "
    "caught with a replayed state (several minutes; --fast: a subset of the shapes and steps).",
)
def prove_command(
    *, queries: tuple[str, ...], fast: bool, list_only: bool, as_json: bool, jobs: int | None, exhaustive: bool, engine: bool
) -> None:
    """Prove what the rules imply with Z3: invariants for every deal and play, witnesses replayed through the engine,
    and whether each rule switch can change a result (docs/proofs.md).

    Each query runs in a process of its own with a fresh Z3 context, so its answer and its time do not depend on the
    queries before it. On a terminal each answer is printed as it comes; piped, the table follows in the order of
    the queries. Prints each query with its answer (proved / witness / counterexample, or error when a query fails
    to run), seconds and the clauses involved, then the count and the wall-clock time; exit code 1 if any answer
    differs from the expected one, an error included (a query whose body raised: the engine refusing a
    witness, Z3 giving up; or whose process was lost), since an error may be a finding about the rules.

    With --exhaustive the finite rule functions are checked instead, each on every input of its domain
    (docs/proofs.md, "Exhaustive equivalence"): exit code 1 if the engine, the twin and the model disagree on one.

    With --engine the engine's own step is proved instead (docs/proofs.md, "The engine proved"): exit code 1 if
    a path of the engine's code disagrees with the model, or a deliberately wrong step is not caught.
    """
    if engine:
        _prove_engine(fast=fast, as_json=as_json, jobs=jobs)
        return
    if exhaustive:
        _prove_exhaustive(queries, list_only=list_only, as_json=as_json)
        return
    # z3 takes a while to load: only this command pays for it
    from schwinget_spec.proofs import QUERIES, format_table, run_queries, to_json  # noqa: PLC0415
    from schwinget_spec.proofs.runner import default_jobs  # noqa: PLC0415

    if list_only:
        for query in QUERIES:
            slow = " (slow)" if query.slow else ""
            click.echo(f"{query.name}{slow}: {query.claim} [expected: {query.expected}]")
        return
    known = [q.name for q in QUERIES]
    chosen = {name: [k for k in known if fnmatch.fnmatchcase(k, name)] for name in queries}
    unknown = [name for name, matched in chosen.items() if not matched]
    if unknown:
        hints = [", ".join(difflib.get_close_matches(name, known, n=3)) or "none" for name in unknown]
        detail = "; ".join(f"{name!r} (close: {hint})" for name, hint in zip(unknown, hints, strict=True))
        raise LibraryError(f"unknown query {detail}; `schwinget prove --list` lists them")
    names = [k for k in known if any(k in matched for matched in chosen.values())]
    jobs = default_jobs() if jobs is None else jobs
    start = time.perf_counter()
    if as_json or not sys.stdout.isatty():
        results = run_queries(names if queries else None, include_slow=not fast, jobs=jobs)
        if as_json:
            click.echo(to_json(results))
        else:
            click.echo(format_table(results))
    else:
        results = _prove_live(names if queries else None, not fast, jobs)
    wall = time.perf_counter() - start
    if not as_json:
        failed = sum(1 for r in results if not r.ok)
        click.echo(
            f"{len(results) - failed} as expected, {failed} not, in {wall:.1f} s "
            f"({jobs} at once; {sum(r.seconds for r in results):.1f} s of queries, {sum(r.cpu_seconds for r in results):.1f} s CPU)"
        )
    if any(not r.ok for r in results):
        sys.exit(1)


def _prove_engine(*, fast: bool, as_json: bool, jobs: int | None) -> None:
    """``schwinget prove --engine``: the engine's Gang step on every well-formed state, its first state and its result, then its match and Schwingfest transitions; exit 1 on a disagreement."""
    from schwinget_spec.proofs.engine_ends import format_ends_proof, run_ends_proof  # noqa: PLC0415
    from schwinget_spec.proofs.engine_levels import format_level_proof, run_level_proof  # noqa: PLC0415
    from schwinget_spec.proofs.engine_step import format_engine_proof, run_engine_proof  # noqa: PLC0415
    from schwinget_spec.proofs.runner import default_jobs  # noqa: PLC0415

    proof = run_engine_proof(subset=fast, jobs=default_jobs() if jobs is None else jobs)
    ends = run_ends_proof(subset=fast)
    levels = run_level_proof(subset=fast)
    if as_json:
        payload = proof.to_json() | {"first_state_and_result": ends.to_json(), "match_and_fest": levels.to_json()}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        click.echo(format_engine_proof(proof))
        click.echo(format_ends_proof(ends))
        click.echo(format_level_proof(levels))
    if not (proof.ok and ends.ok and levels.ok):
        sys.exit(1)


def _prove_exhaustive(patterns: tuple[str, ...], *, list_only: bool, as_json: bool) -> None:
    """``schwinget prove --exhaustive``: every finite rule function on every input; exit 1 on a disagreement."""
    from schwinget_spec.proofs.exhaustive import CHECKS, checks_json, format_checks, run_exhaustive  # noqa: PLC0415

    if list_only:
        for name, spec in CHECKS.items():
            click.echo(f"{name}: {spec.claim}")
        return
    known = list(CHECKS)
    unknown = [p for p in patterns if not any(fnmatch.fnmatchcase(k, p) for k in known)]
    if unknown:
        raise LibraryError(f"unknown exhaustive check {', '.join(map(repr, unknown))}; `schwinget prove --exhaustive --list` lists them")
    names = [k for k in known if not patterns or any(fnmatch.fnmatchcase(k, p) for p in patterns)]
    start = time.perf_counter()
    checks = run_exhaustive(names)
    wall = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps(checks_json(checks), ensure_ascii=False, indent=2))
    else:
        click.echo(format_checks(checks))
        differ = sum(1 for c in checks if not c.ok)
        click.echo(f"{len(checks) - differ} of {len(checks)} checks agree, {sum(c.inputs for c in checks):,} inputs in {wall:.1f} s")
    if any(not c.ok for c in checks):
        sys.exit(1)


def _prove_live(names: list[str] | None, include_slow: bool, jobs: int) -> list[QueryResult]:
    """Run the queries with a rich display: each answer printed as it comes, the queries still running below."""
    from schwinget_spec.proofs import format_table, run_queries  # noqa: PLC0415

    console = Console(highlight=False)
    console.print(escape(format_table([])))
    running: dict[str, float] = {}

    def status() -> str:
        now = time.perf_counter()
        return "running: " + ", ".join(f"{name} {now - t:.0f} s" for name, t in running.items())

    with console.status("starting", spinner="dots") as live:

        def started(query: Query) -> None:
            running[query.name] = time.perf_counter()
            live.update(status())

        def answered(r: QueryResult) -> None:
            running.pop(r.name, None)
            colour = "green" if r.ok else "bold red"
            mark = "yes" if r.ok else "NO"
            clauses = ", ".join(r.clauses)
            if len(clauses) > 60:
                clauses = clauses[:57] + "..."
            console.print(
                f"{r.name:45} [{colour}]{r.answer:15} {mark:3}[/] {r.seconds:8.2f}  [dim]{escape(clauses)}[/]"
            )
            if not r.ok and r.detail:
                console.print(f"    [red]{escape(r.detail[:300])}[/]")
            live.update(status())

        return run_queries(names, include_slow=include_slow, jobs=jobs, on_start=started, on_result=answered)


# -- schwinget impact


@click.command("impact")
@click.option("--games", type=click.IntRange(min=1, max=MAX_GAMES), default=None,
              help=f"Gänge per Gang switch reading (at most {MAX_GAMES:,}); matches are GAMES // 4, Schwingfeste GAMES // 12. "
                   "Default: 300,000 runs of each (every share within ±0.2 points at 95 %); "
                   "without the compiled twin 300,000 Gänge, 1,250 matches, 416 fests.")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=0, show_default=True,
              help="The seed of the stream of deal and choice seeds.")
@click.option("--switch", "switches", multiple=True, metavar="NAME",
              help="Measure only this Rules switch (repeatable); default: every switch.")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
@click.option("--markdown", is_flag=True, help="Print the rows as the Markdown table of docs/ambiguities.md.")
@click.option("--starters", is_flag=True,
              help="Instead: who starts and who ranks where under each match and fest reading, with 95 % intervals "
                   "(GAMES // 4 matches, GAMES // 12 fests; default GAMES 5000).")
@click.option("--situations", is_flag=True,
              help="Instead: how often the situation of each open question arises under the default rules, with 95 % "
                   "intervals (GAMES Gänge, GAMES // 4 matches, GAMES // 12 fests; default GAMES 5000).")
@click.option("--play", type=click.Choice(IMPACT_PLAYS), default="random", show_default=True,
              help="Also weigh each reading between strong players on the same deals: solver (best play, every card "
                   "known; needs the compiled solver) or a bot at both seats; the table adds their counts and whether "
                   "the weight differs from random play beyond the 95 % intervals.")
@click.option("--backend", type=click.Choice(("local", "ray")), default="local", show_default=True,
              help="ray: weigh each reading under --play as a task of a Ray cluster (RAY_ADDRESS, or one started "
                   "here; the extra schwinget_spec[ray]); the same counts.")
@click.option("--jobs", type=click.IntRange(min=1, max=max_processes()), default=None, metavar="N",
              help="With --play and the local backend: weigh in N processes of this machine; default: one per core, "
                   f"at most {WORKERS_PER_CORE} per core. The counts do not depend on it.")
def impact_command(
    games: int | None, seed: int, switches: tuple[str, ...], as_json: bool, markdown: bool, *, starters: bool,
    situations: bool, play: str, backend: str, jobs: int | None,
) -> None:
    """Measure how often each reading of each Rules switch changes a game.

    For every switch and each non-default reading, plays the same random deals with the
    same random choices (one SplitMix64 draw per decision, picking legal[draw % n]) under
    the default and under that reading, and counts the runs in which the reading changed
    the legal moves, the tricks, the outcome, the points (both systems), who starts, or
    the ranks. Match switches are measured on short matches, Schwingfest switches on
    Schwingfeste of 4. The table fits the terminal: below 120 columns it shows the shares
    only (--json has the counts, --markdown the table of docs/ambiguities.md). A progress
    bar shows on a terminal. The Gang switches are played by the compiled twin when it is
    built (SCHWINGET_NO_TWIN=1: by the readable engine, same counts); the last line says
    which engine played and how wide the 95 % intervals are. --play solver (or a bot)
    weighs each reading again between strong players on the same deals, each Gang of a
    match or fest dealt by its place (schwinget_spec.studies.impact_strong); on the terminal a
    second table sets the shares of winners and points changed under strong play beside
    random play's (--markdown and --json have the counts and intervals).
    """
    # the measure is imported by this command only, not by prove (and --help)
    from schwinget_spec.cli.impact_table import FULL_TABLE, impact_table, strong_table  # noqa: PLC0415
    from schwinget_spec.studies.backends import default_workers  # noqa: PLC0415
    from schwinget_spec.studies.impact import engines, format_table  # noqa: PLC0415
    from schwinget_spec.studies.impact_strong import total, weigh  # noqa: PLC0415

    if play != "random" and (starters or situations):
        raise click.UsageError("--play weighs the impact table: --starters and --situations are random play only")
    if starters and situations:
        raise click.UsageError("--starters and --situations are two tables: choose one")
    if (starters or situations) and switches:
        raise click.BadParameter("chooses the switches of the impact table; --starters and --situations measure "
                                 "every match and fest switch and take no --switch", param_hint="--switch")
    if starters or situations:
        _match_impact(games or 5000, seed, as_json, starters=starters, markdown=markdown)
        return
    chosen = list(switches) or None
    workers = default_workers() if jobs is None else jobs
    try:
        gaenge = total(play, games, chosen)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--switch") from None
    if sys.stderr.isatty():
        # the progress bar's module is imported only when it shows
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: PLC0415

        with Progress(
            TextColumn("impact"), BarColumn(), MofNCompleteColumn(), TextColumn("Gänge"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True,
        ) as bar:
            task = bar.add_task("impact", total=gaenge)
            rows = weigh(play, games, seed, chosen, lambda n: bar.advance(task, n), backend=backend, workers=workers)
    else:
        rows = weigh(play, games, seed, chosen, backend=backend, workers=workers)
    if as_json:
        payload = {"games": games, "seed": seed, "play": play, "engines": engines(chosen),
                   "rows": [r.as_dict() for r in rows]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    if markdown:
        click.echo(format_table(rows))
        return
    out = console()
    out.print(impact_table(rows, out.width))
    strong = strong_table(rows, out.width)
    if strong is not None:
        out.print()
        out.print(strong, soft_wrap=False)
        out.print(f"{FULL_TABLE}.", soft_wrap=False)
    played = ", ".join(f"{level}: {engine}" for level, engine in engines(chosen).items())
    widest = max(r.margin for r in rows)
    out.print(f"engines: {played}; 95 % intervals: every share within ±{widest:.2f} percentage points")


def _match_impact(games: int, seed: int, as_json: bool, *, starters: bool, markdown: bool) -> None:
    # schwinget impact --starters / --situations: the tables of impact_match
    from schwinget_spec.cli.impact_table import markdown_table  # noqa: PLC0415
    from schwinget_spec.studies.impact_match import (  # noqa: PLC0415
        format_situations,
        format_starters,
        measure_situations,
        measure_starters,
    )

    if games < 12:
        raise click.BadParameter("at least 12 (one Schwingfest of 4)", param_hint="--games")
    if starters:
        starter_rows = measure_starters(games, seed)
        table, data = format_starters(starter_rows), [r.as_dict() for r in starter_rows]
    else:
        situation_rows = measure_situations(games, seed)
        table, data = format_situations(situation_rows), [r.as_dict() for r in situation_rows]
    if as_json:
        click.echo(json.dumps({"games": games, "seed": seed, "rows": data}, ensure_ascii=False, indent=2))
        return
    if markdown:
        click.echo(table)
        return
    out = console()
    out.print(markdown_table(table, out.width), soft_wrap=False)


