"""``schwinget conformance report`` and ``schwinget conformance mutants``: the report page of several runs, and the kit run against its own single-bug engines."""

from __future__ import annotations

import contextlib
import json
import shutil
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import click

from schwinget_spec.cli.bounds import MAX_GAMES, MAX_SEED
from schwinget_spec.cli.common import exit_interrupted, input_file_problem, writable_file
from schwinget_spec.files import write_text_atomically

__all__ = ["mutants_command", "report_command", "write_junit"]


def write_junit(data: Mapping[str, Any], path: Path) -> None:
    """Write the JUnit XML of one JSON report to ``path``."""
    from schwinget_spec.conformance.reports import junit_xml, summarise_readings  # noqa: PLC0415

    write_text_atomically(path, junit_xml(summarise_readings(data)))


@click.command("report")
@click.argument("reports", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    callback=writable_file,
    help="The page to write: markdown for a .md file, static HTML otherwise.",
)
@click.option(
    "--junit",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=writable_file,
    help="Also write the JUnit XML of the reports (a test suite per report and group) to this file.",
)
@click.option("--label", "labels", multiple=True, help="The column title of each report, in order (default: its implementation).")
def report_command(reports: tuple[Path, ...], output: Path, junit: Path | None, labels: tuple[str, ...]) -> None:
    """Write the page of one or several JSON reports (`conformance run --json PATH`) side by side.

    The page shows, per implementation, each level, clause of the booklet, named
    situation and vector: passed (with the number of games that exercised it), failed
    (linked to the failure, told Schwung by Schwung with the clause that decided each,
    and the request lines that replay it), not reached, or skipped. Exit code 0 when the
    page is written, 2 for a usage error (a missing or foreign report, a path that cannot
    be written).
    """
    from schwinget_spec.conformance.reports import (  # noqa: PLC0415
        ReportFileError,
        junit_xml,
        load_report,
        summarise_readings,
        write_page,
    )

    if labels and len(labels) != len(reports):
        raise click.BadParameter(f"{len(labels)} labels for {len(reports)} reports", param_hint="--label")
    for path in reports:
        problem = input_file_problem(path)
        if problem is not None:
            raise click.BadParameter(f"{path}: {problem}", param_hint="REPORTS")
    try:
        loaded = [load_report(path) for path in reports]
    except ReportFileError as exc:
        raise click.BadParameter(str(exc), param_hint="REPORTS") from None
    names = list(labels) or [str(d["implementation"]) for d in loaded]
    # two reports of one implementation get their file names too
    names = [f"{n} ({p.name})" if names.count(n) > 1 else n for n, p in zip(names, reports, strict=True)]
    # a run with --all-readings adds a column per reading
    summaries = [s for d, n in zip(loaded, names, strict=True) for s in summarise_readings(d, n)]
    write_page(summaries, output)
    if junit is not None:
        write_text_atomically(junit, junit_xml(summaries))
    failed = sum(1 for s in summaries if not s.passed)
    click.echo(f"wrote {output}: {len(summaries)} reports, {failed} not passed" + (f"; JUnit XML in {junit}" if junit else ""))


@contextlib.contextmanager
def _mutants_progress() -> Iterator[Callable[[int, int, str], None] | None]:
    """A progress bar on stderr while the mutants run (the mutant running and how many are done), when stderr is a terminal; nothing when piped."""
    if not sys.stderr.isatty():
        yield None
        return
    # the progress bar's modules are imported only when it shows
    from rich.console import Console  # noqa: PLC0415
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn  # noqa: PLC0415

    with Progress(
        TextColumn("conformance mutants"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
        console=Console(stderr=True), transient=True,
    ) as bar:
        task = bar.add_task("", total=None)

        def advance(done: int, total: int, mutant_id: str) -> None:
            bar.update(task, completed=done, total=total, description=mutant_id[:32])

        yield advance


@click.command("mutants")
@click.option("--json", "as_json", is_flag=True, help="Print the kill matrix as JSON.")
@click.option("--markdown", is_flag=True, help="Print the kill matrix as a markdown table without times (docs/harness.md).")
@click.option("--only", "only", multiple=True, help="Run only these mutant ids (repeatable).")
@click.option(
    "--in-process",
    is_flag=True,
    help="Drive the mutants in process through the adapter (Gang and levels, no subprocess): faster, same games.",
)
@click.option("--games", type=click.IntRange(min=0, max=MAX_GAMES), default=100, show_default=True,
              help=f"Random Gänge of each run (as conformance run; at most {MAX_GAMES:,}).")
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=0, show_default=True,
              help="Seed of each run (0 to 2**64-1).")
def mutants_command(*, as_json: bool, markdown: bool, only: tuple[str, ...], in_process: bool, games: int, seed: int) -> None:
    """Run the kit against each single-bug engine of the reference and print the kill matrix.

    Each mutant breaks one clause (`schwinget_spec.conformance.mutants`); each is run as
    `conformance run` would run it (a subprocess behind the protocol, unless
    --in-process). The matrix says, per mutant, whether the run caught it, by which route
    (vectors, steered or random play, a level's checks), after how many games, and which
    clause the report named: the broken clause itself (exact) or another. Exit code 0 if
    every mutant is caught, 1 if one survives, 130 when interrupted by Ctrl-C or SIGTERM
    (the running mutant's processes are stopped first).
    """
    from schwinget_spec.conformance.mutants.kill import format_markdown, format_matrix, kill_matrix  # noqa: PLC0415
    from schwinget_spec.conformance.mutants.registry import MUTANTS  # noqa: PLC0415
    from schwinget_spec.conformance.protocol.engine_session import terminate_as_interrupt  # noqa: PLC0415

    known = {m.id for m in MUTANTS}
    unknown = [m for m in only if m not in known]
    if unknown:
        raise click.BadParameter(f"unknown mutant ids: {', '.join(unknown)}", param_hint="--only")
    chosen = [m for m in MUTANTS if not only or m.id in only]
    try:
        with terminate_as_interrupt(), _mutants_progress() as progress:
            matrix = kill_matrix(chosen, in_process=in_process, games=games, seed=seed, progress=progress)
    except KeyboardInterrupt:
        exit_interrupted("the running mutant was stopped, no matrix printed")
    if as_json:
        click.echo(json.dumps(matrix.to_json(), indent=2, ensure_ascii=False))
    elif markdown:
        click.echo(format_markdown(matrix))
    else:
        click.echo(format_matrix(matrix, shutil.get_terminal_size().columns))
    if not matrix.all_killed:
        sys.exit(1)
