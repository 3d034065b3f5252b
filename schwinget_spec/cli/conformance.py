"""``schwinget vectors`` and ``schwinget conformance``: the shipped vectors and judging other implementations."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import click
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from schwinget_spec.cli.bounds import MAX_GAMES, MAX_SEED, MAX_STEER
from schwinget_spec.cli.common import (
    LibraryError,
    console,
    exit_interrupted,
    output_directory_problem,
    output_file_problem,
    readable_file,
    writable_file,
)
from schwinget_spec.cli.conformance_kit import (
    mutants_command,
    report_command,
    write_junit,
)
from schwinget_spec.conformance.protocol.engine_session import (
    DEFAULT_DEADLINE,
    HarnessSettingError,
    check_seconds,
)
from schwinget_spec.conformance.protocol.messages import DEFAULT_TIMEOUT
from schwinget_spec.conformance.vectors.suite import SUITE_VERSION, load_vectors, shipped_directory
from schwinget_spec.errors import SchwingetError
from schwinget_spec.files import OutputFileError, write_bytes_atomically, write_text_atomically
from schwinget_spec.support.safe_text import terminal_json, terminal_text

__all__ = ["conformance_group", "vectors_group"]


# -- schwinget vectors


@click.group("vectors")
def vectors_group() -> None:
    """The conformance test vectors shipped with the package (docs/vectors.md)."""


@vectors_group.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def vectors_export_command(directory: Path) -> None:
    """Copy the shipped vector files into DIRECTORY (created if missing), and the trace JSON Schema into DIRECTORY/schema/."""
    # the verifier (where the schema is read) is imported by this command only among the vectors commands
    from schwinget_spec.conformance.trace.verify import load_schema  # noqa: PLC0415

    problem = output_directory_problem(directory)
    if problem is not None:
        raise click.BadParameter(f"{directory}: {problem}", param_hint="DIRECTORY")
    source = shipped_directory()
    suite = load_vectors(source)
    # each file is written whole or not at all (schwinget_spec.files); a failure says how many are complete
    written = 0
    total = len(suite.files_present) + 1
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for name in suite.files_present:
            write_bytes_atomically(directory / name, (source / name).read_bytes())
            written += 1
        (directory / "schema").mkdir(exist_ok=True)
        write_text_atomically(directory / "schema" / "trace.schema.json", json.dumps(load_schema(), indent=2) + "\n")
    except KeyboardInterrupt:
        exit_interrupted(f"{directory} holds {written} of the {total} files, each whole; export again")
    except OSError as exc:
        reason = str(exc) if isinstance(exc, OutputFileError) else f"cannot write there: {exc.strerror or exc}"
        raise click.BadParameter(
            f"{directory}: {reason}; {written} of the {total} files were written whole before it", param_hint="DIRECTORY"
        ) from None
    click.echo(
        f"wrote {len(suite.files_present)} vector files ({len(suite.vectors)} vectors, suite version "
        f"{SUITE_VERSION}) to {directory}, and the trace schema to {directory / 'schema' / 'trace.schema.json'}"
    )


@vectors_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the vectors' ids, groups, clauses and descriptions as JSON.")
def vectors_list_command(as_json: bool) -> None:
    """List the shipped vectors: id, group, the clauses each exercises, and what it shows.

    A table from 150 columns on; in a narrower terminal (or piped, 80 columns unless
    COLUMNS says otherwise) one short paragraph per vector.
    """
    suite = load_vectors()
    if as_json:
        click.echo(
            json.dumps(
                [
                    {"id": v.id, "group": v.group, "kind": v.kind, "clauses": list(v.clauses), "description": v.description}
                    for v in suite.vectors
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    out = console()
    if out.width >= _VECTORS_WIDE_FROM:
        table = Table()
        table.add_column("id", no_wrap=True)
        table.add_column("group", no_wrap=True)
        table.add_column("clauses", ratio=1)
        table.add_column("description", ratio=1)
        for v in suite.vectors:
            table.add_row(v.id, v.group, " ".join(v.clauses), v.description)
        out.print(table)
        return
    # narrow: each vector as a short paragraph, its id in bold, then its text and its clauses, wrapped to the width
    for v in suite.vectors:
        out.print(Text.assemble((v.id, "bold"), f"  ({v.group})"), soft_wrap=False, overflow="fold")
        out.print(Padding(Text(v.description), (0, 0, 0, 2)), soft_wrap=False)
        if v.clauses:
            out.print(Padding(Text("clauses: " + " ".join(v.clauses), style="dim"), (0, 0, 0, 2)), soft_wrap=False)


_VECTORS_WIDE_FROM = 150
"""From this many columns on, ``vectors list`` is a table; below, one short paragraph per vector."""


@vectors_group.command("check")
@click.option(
    "--skip",
    "skip_file",
    type=click.Path(path_type=Path),
    callback=readable_file,
    help="A skip list (docs/vectors.md) naming vectors or variants not to run, each with a reason.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one result per vector as JSON.")
def vectors_check_command(skip_file: Path | None, as_json: bool) -> None:
    """Run the shipped vectors against the reference verifier; exit 1 if any gives another verdict than expected."""
    # the runner and the skip lists are imported by the commands that run vectors, not by vectors list and export
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: PLC0415

    from schwinget_spec.conformance.vectors import run_vectors  # noqa: PLC0415
    from schwinget_spec.conformance.vectors.skiplist import SkipListError, filter_vectors, load_skiplist  # noqa: PLC0415

    suite = load_vectors()
    try:
        skiplist = load_skiplist(skip_file) if skip_file is not None else None
    except (SkipListError, SchwingetError) as exc:
        raise click.BadParameter(str(exc), param_hint="--skip") from None
    chosen, skipped = filter_vectors(suite.vectors, skiplist)
    if sys.stderr.isatty():
        # a bar on a terminal; piped, nothing but the result
        with Progress(
            TextColumn("vectors"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True,
        ) as bar:
            task = bar.add_task("vectors", total=len(chosen))
            results = []
            for vector in chosen:
                results.extend(run_vectors([vector]))
                bar.advance(task)
    else:
        results = run_vectors(chosen)
    failed = [r for r in results if not r.passed]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "passed": len(results) - len(failed),
                    "failed": [{"id": r.vector.id, "expected": dict(r.vector.expected), "got": dict(r.got)} for r in failed],
                    "skipped": [{"id": v.id, "reason": e.reason} for v, e in skipped],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for r in failed:
            click.echo(f"FAILED {r.vector.id}: expected {dict(r.vector.expected)}, got {dict(r.got)}")
        click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed, {len(skipped)} skipped")
    if failed:
        sys.exit(1)


# -- schwinget conformance


def _seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """A click callback: the option must be a positive finite number of seconds (a usage error naming it if not)."""
    try:
        return check_seconds(f"--{param.name}", value)
    except HarnessSettingError:
        # click names the option: "Invalid value for '--timeout': ..."
        raise click.BadParameter(f"a positive finite number of seconds is needed, got {value!r}", ctx=ctx, param=param) from None


def _output_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A click callback: an output file the command can write (a usage error naming the option if not); ``-`` is standard output."""
    if value is None or value == "-":
        return value
    problem = output_file_problem(Path(value))
    if problem is not None:
        raise click.BadParameter(f"{value}: {problem}", ctx=ctx, param=param)
    return value


@contextlib.contextmanager
def _run_progress() -> Iterator[Callable[[int, int, str], None] | None]:
    """A progress bar on stderr while ``conformance run`` plays, when stderr is a terminal; nothing when piped."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: PLC0415

    err = Console(stderr=True)
    if not err.is_terminal:
        yield None
        return
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    ) as bar:
        task = bar.add_task("Gänge", total=None)

        def advance(done: int, total: int, what: str) -> None:
            bar.update(task, completed=done, total=total, description=what[:40])

        yield advance


@click.group("conformance")
def conformance_group() -> None:
    """Check another implementation of Schwinget against the reference (docs/harness.md)."""


@conformance_group.command("run", context_settings={"ignore_unknown_options": True})
@click.option("--games", type=click.IntRange(min=0, max=MAX_GAMES), default=100, show_default=True,
              help=f"Random Gänge to play after the vectors (at most {MAX_GAMES:,}).")
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=0, show_default=True,
              help="Seed of the random Gänge (0 to 2**64-1).")
@click.option("--no-vectors", is_flag=True, help="Play only random Gänge, not the shipped vectors.")
@click.option(
    "--timeout",
    type=float,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    callback=_seconds,
    help="Seconds the implementation may take per request (a positive finite number).",
)
@click.option(
    "--deadline",
    type=float,
    default=DEFAULT_DEADLINE,
    show_default=True,
    callback=_seconds,
    help="Seconds the whole run may take, shrinking included; a run stopped by it says so and does not pass.",
)
@click.option(
    "--json",
    "json_path",
    is_flag=False,
    flag_value="-",
    default=None,
    metavar="[PATH]",
    callback=_output_path,
    help="Write the report as JSON to PATH; alone (before --), print it instead of the text.",
)
@click.option(
    "--junit",
    "junit_path",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=writable_file,
    help="Also write the report as JUnit XML to PATH: a test case per level, vector, named situation and clause.",
)
@click.option(
    "--steer",
    type=click.IntRange(min=0, max=MAX_STEER),
    default=10,
    show_default=True,
    help="Steered Gänge, matches and Schwingfeste: reach each named rare situation (docs/harness.md) this many times "
    f"(at most {MAX_STEER:,}); 0 for none.",
)
@click.option(
    "--skip",
    "skip_file",
    type=click.Path(path_type=Path),
    callback=readable_file,
    help="A skip list (docs/vectors.md): vectors not to play, each with a reason; the report lists them and any stale skip.",
)
@click.option(
    "--all-readings",
    is_flag=True,
    help="Play everything under every combination of the Gang switches the implementation declares; report per reading.",
)
@click.option(
    "--max-failures-per-level",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="A level goes on after a divergence until this many of its games diverged (the first is shrunk and confirmed).",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def conformance_run_command(
    *,
    games: int,
    seed: int,
    no_vectors: bool,
    timeout: float,
    deadline: float,
    json_path: str | None,
    junit_path: Path | None,
    steer: int,
    skip_file: Path | None,
    all_readings: bool,
    max_failures_per_level: int,
    command: tuple[str, ...],
) -> None:
    """Run COMMAND (after --) as an implementation speaking the JSON-lines protocol, in lock step with the reference.

    Plays the shipped vectors, GAMES random Gänge and steered Gänge that reach every
    named rare situation STEER times, and reports a scorecard: per level the games and
    vectors passed and failed and the clauses failed (a divergence does not stop the
    run: each level goes on to MAX_FAILURES_PER_LEVEL diverging games), the first
    divergence of each level with a minimal reproduction, confirmed on a freshly
    started implementation, the others one line each, and what the run
    exercised (per clause and situation); the verdict names what was not checked or not
    reached. Then the levels the implementation declares in hello (protocol 2): scoring
    (the points of each row of the table under both systems), match (whole matches:
    the starter of each Gang, totals, winner) and schwingfest (schedule, starters,
    standings and ranks), from their vectors, random games and steered games (each
    named match and Schwingfest situation STEER times); a level not declared is named
    "not checked" in the verdict line. On a terminal a progress bar shows on stderr.

    \b
    Example:
      schwinget conformance run -- node examples/js/schwinget.js

    Exit code 0 if the implementation agrees everywhere; 1 if it diverges, fails to
    start (it runs but exits, is silent or answers hello wrongly) or the run stopped at
    its deadline; 2 for a usage error or a COMMAND that cannot be run at all (not
    found, not executable); 130 when interrupted by Ctrl-C or SIGTERM. The
    implementation's whole process group is stopped at the end, on Ctrl-C and on
    SIGTERM.
    """
    # the harness pulls in the Hypothesis-based adapters: only this command pays for them
    from schwinget_spec.conformance.harness.run import format_report, run_harness  # noqa: PLC0415
    from schwinget_spec.conformance.vectors.skiplist import SkipListError, load_skiplist  # noqa: PLC0415

    try:
        skiplist = load_skiplist(skip_file) if skip_file is not None else None
    except (SkipListError, SchwingetError) as exc:
        raise click.BadParameter(str(exc), param_hint="--skip") from None
    try:
        with _run_progress() as progress:
            report = run_harness(
                list(command), games=games, seed=seed, vectors=not no_vectors, timeout=timeout, deadline=deadline,
                steer=steer, skiplist=skiplist, all_readings=all_readings, progress=progress,
                max_failures_per_level=max_failures_per_level,
            )
    except KeyboardInterrupt:
        exit_interrupted("the implementation was stopped, no report written")
    if report.not_started:
        # the environment's fault (no such program, not executable): one line, exit 2, no report
        assert report.startup_error is not None
        raise LibraryError(report.startup_error)
    data = report.to_json()
    if json_path == "-":
        click.echo(terminal_json(data))
    else:
        # an engine's name, messages and stderr may hold escape sequences: shown escaped, never run by the terminal
        click.echo(terminal_text(format_report(report)))
        if json_path is not None:
            write_text_atomically(json_path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    if junit_path is not None:
        write_junit(data, junit_path)
    if not report.passed:
        sys.exit(1)


@conformance_group.command("profile", context_settings={"ignore_unknown_options": True})
@click.option(
    "--steer",
    type=click.IntRange(min=1, max=MAX_STEER),
    default=6,
    show_default=True,
    help=f"Steered Gänge, matches and Schwingfeste: reach each named rare situation this many times (at most {MAX_STEER:,}).",
)
@click.option("--seed", type=click.IntRange(min=0, max=MAX_SEED), default=0, show_default=True,
              help="Seed of the steered games (0 to 2**64-1).")
@click.option(
    "--timeout", type=float, default=DEFAULT_TIMEOUT, show_default=True, callback=_seconds,
    help="Seconds the implementation may take per request (a positive finite number).",
)
@click.option(
    "--deadline", type=float, default=DEFAULT_DEADLINE, show_default=True, callback=_seconds,
    help="Seconds the whole profile may take; a profile stopped by it says so (exit 1).",
)
@click.option(
    "--json", "json_path", is_flag=False, flag_value="-", default=None, metavar="[PATH]", callback=_output_path,
    help="Write the profile as JSON to PATH; alone (before --), print it instead of the text.",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def conformance_profile_command(
    *, steer: int, seed: int, timeout: float, deadline: float, json_path: str | None, command: tuple[str, ...]
) -> None:
    """The reading profile of COMMAND (after --): for every rule switch it does not declare, the values its play is consistent with.

    The reference plays steered games (each named rare situation of the levels the
    implementation declares, STEER times) under every candidate reading at once and
    compares the implementation's answers with each: per switch, the separating
    situations met, and per value how many agreed and disagreed (docs/harness.md,
    "The reading profile").

    \b
    Example:
      schwinget conformance profile -- node examples/js/schwinget.js

    Exit code 0 if the play is consistent with a value of every switch checked (a switch
    no situation separated is named undetermined); 1 if some switch is consistent with
    no value or a situation no reading explains was met (a bug, not a reading), or the
    implementation fails to start, breaks the protocol or the deadline passes; 2 for a
    usage error or a COMMAND that cannot be run; 130 when interrupted by Ctrl-C or
    SIGTERM (the implementation's process group is stopped first).
    """
    from schwinget_spec.conformance.harness.readings_profile import format_profile, profile_engine  # noqa: PLC0415

    try:
        profile = profile_engine(list(command), steer=steer, seed=seed, timeout=timeout, deadline=deadline)
    except KeyboardInterrupt:
        exit_interrupted("the implementation was stopped, no profile written")
    if profile.not_started:
        assert profile.failure is not None
        raise LibraryError(profile.failure.removeprefix("failed to start: "))
    data = profile.to_json()
    if json_path == "-":
        click.echo(terminal_json(data))
    else:
        click.echo(terminal_text(format_profile(profile)))
        if json_path is not None:
            write_text_atomically(json_path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    sys.exit(profile.exit_code)


conformance_group.add_command(report_command)
conformance_group.add_command(mutants_command)
