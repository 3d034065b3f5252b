"""``schwinget prove`` and ``schwinget impact``: what the rules imply (Z3), and how often each Rules switch changes a game."""

from __future__ import annotations

import difflib
import fnmatch
import json
import sys

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from schwinget_spec.cli.common import LibraryError, console
from schwinget_spec.cli.impact_table import impact_table
from schwinget_spec.impact import engines, format_table, measure, total_gaenge

__all__ = ["impact_command", "prove_command"]


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
def prove_command(queries: tuple[str, ...], fast: bool, list_only: bool, as_json: bool) -> None:
    """Prove what the rules imply with Z3: invariants for every deal and play, witnesses replayed through the engine,
    and whether each rule switch can change a result (docs/proofs.md).

    Prints each query with its claim, answer (proved / witness / counterexample, or error when a query fails to run), seconds
    and the clauses involved; exit code 1 if any answer differs from the expected one.
    """
    # z3 takes a while to load: only this command pays for it
    from schwinget_spec.proofs import QUERIES, format_table, run_queries, to_json  # noqa: PLC0415

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
    results = run_queries(names if queries else None, include_slow=not fast)
    if as_json:
        click.echo(to_json(results))
    else:
        click.echo(format_table(results))
        failed = sum(1 for r in results if not r.ok)
        click.echo(f"{len(results) - failed} as expected, {failed} not, in {sum(r.seconds for r in results):.1f} s")
    if any(not r.ok for r in results):
        sys.exit(1)


# -- schwinget impact


@click.command("impact")
@click.option("--games", type=click.IntRange(min=1), default=None,
              help="Gänge per Gang switch reading; matches are GAMES // 4, Schwingfeste GAMES // 12. "
                   "Default: 250,000 Gänge (every share within ±0.2 points at 95 %), 1,250 matches, 416 fests.")
@click.option("--seed", type=click.IntRange(min=0, max=2**64 - 1), default=0, show_default=True,
              help="The seed of the stream of deal and choice seeds.")
@click.option("--switch", "switches", multiple=True, metavar="NAME",
              help="Measure only this Rules switch (repeatable); default: every switch.")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
@click.option("--markdown", is_flag=True, help="Print the rows as the Markdown table of docs/ambiguities.md.")
def impact_command(games: int | None, seed: int, switches: tuple[str, ...], as_json: bool, markdown: bool) -> None:
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
    which engine played and how wide the 95 % intervals are.
    """
    chosen = list(switches) or None
    try:
        total = total_gaenge(games, chosen)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--switch") from None
    if sys.stderr.isatty():
        with Progress(
            TextColumn("impact"), BarColumn(), MofNCompleteColumn(), TextColumn("Gänge"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True,
        ) as bar:
            task = bar.add_task("impact", total=total)
            rows = measure(games, seed, chosen, lambda n: bar.advance(task, n))
    else:
        rows = measure(games, seed, chosen)
    if as_json:
        payload = {"games": games, "seed": seed, "engines": engines(chosen), "rows": [r.as_dict() for r in rows]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    if markdown:
        click.echo(format_table(rows))
        return
    out = console()
    out.print(impact_table(rows, out.width))
    played = ", ".join(f"{level}: {engine}" for level, engine in engines(chosen).items())
    widest = max(r.margin for r in rows)
    out.print(f"engines: {played}; 95 % intervals: every share within ±{widest:.2f} percentage points")


