"""``schwinget verify``, ``schwinget vectors`` and ``schwinget conformance``: judging traces and other implementations."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.cli.common import console
from schwinget_spec.conformance.skiplist import filter_vectors, load_skiplist
from schwinget_spec.conformance.vectors import SUITE_VERSION, load_vectors, run_vectors, shipped_directory
from schwinget_spec.conformance.verify import Verdict, VerdictKind, load_schema, verify_trace_file

__all__ = ["conformance_group", "print_verdict", "vectors_group", "verify_command"]


# -- schwinget verify


@click.command("verify")
@click.argument("traces", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per trace (a JSON array).")
@click.option(
    "--lang",
    type=click.Choice(["de", "fr", "both"]),
    default="both",
    show_default=True,
    help="Which language of the broken clause to quote.",
)
def verify_command(traces: tuple[Path, ...], as_json: bool, lang: str) -> None:
    """Replay each TRACE (a JSON trace file, docs/conformance.md) against the rules and give its verdict.

    Verdicts: conforms; malformed (JSON path and schema rule); illegal action (step,
    action, clause id with its German and French text, and why); wrong claim (field,
    claimed value, reference value). Exit code 0 only if every trace conforms, 1 otherwise.
    """
    verdicts = [(path, verify_trace_file(path)) for path in traces]
    if as_json:
        click.echo(json.dumps([{"file": str(path), **v.to_json()} for path, v in verdicts], indent=2, ensure_ascii=False))
    else:
        out = console()
        for path, verdict in verdicts:
            print_verdict(out, path, verdict, lang)
        failed = sum(1 for _, v in verdicts if not v.conforms)
        out.print(f"{len(verdicts) - failed} conform, {failed} do not")
    if any(not v.conforms for _, v in verdicts):
        sys.exit(1)


_VERDICT_STYLE = {
    VerdictKind.CONFORMS: "bold green",
    VerdictKind.MALFORMED: "bold magenta",
    VerdictKind.ILLEGAL_ACTION: "bold red",
    VerdictKind.WRONG_CLAIM: "bold yellow",
}


def print_verdict(out: Console, path: Path, verdict: Verdict, lang: str) -> None:
    head = Text(f"{path}: ")
    head.append(verdict.kind.value.replace("_", " "), style=_VERDICT_STYLE[verdict.kind])
    if verdict.where:
        head.append(f" at {verdict.where}")
    out.print(head)
    if verdict.conforms:
        return
    details = []
    if verdict.step is not None:
        details.append(f"step {verdict.step}")
    if verdict.action is not None:
        details.append(f"action {verdict.action}")
    if verdict.rule is not None and verdict.clause_id is None:
        details.append(f"schema rule {verdict.rule}")
    prefix = f"({', '.join(details)}) " if details else ""
    out.print(f"  {prefix}{verdict.message}")
    if verdict.kind is VerdictKind.WRONG_CLAIM:
        out.print(f"  {verdict.field}: claimed {json.dumps(verdict.claimed)}, reference {json.dumps(verdict.reference)}")
    if verdict.clause_id is not None:
        clause = CLAUSES[verdict.clause_id]
        out.print(f"  clause {clause.id}: {clause.en}")
        if lang in ("de", "both"):
            out.print(f"    DE: {clause.de}")
        if lang in ("fr", "both"):
            out.print(f"    FR: {clause.fr}")


# -- schwinget vectors


@click.group("vectors")
def vectors_group() -> None:
    """The conformance test vectors shipped with the package (docs/vectors.md)."""


@vectors_group.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def vectors_export_command(directory: Path) -> None:
    """Copy the shipped vector files into DIRECTORY (created if missing), and the trace JSON Schema into DIRECTORY/schema/."""
    directory.mkdir(parents=True, exist_ok=True)
    source = shipped_directory()
    suite = load_vectors(source)
    for name in suite.files_present:
        shutil.copyfile(source / name, directory / name)
    (directory / "schema").mkdir(exist_ok=True)
    (directory / "schema" / "trace.schema.json").write_text(json.dumps(load_schema(), indent=2) + "\n", encoding="utf-8")
    click.echo(
        f"wrote {len(suite.files_present)} vector files ({len(suite.vectors)} vectors, suite version "
        f"{SUITE_VERSION}) to {directory}, and the trace schema to {directory / 'schema' / 'trace.schema.json'}"
    )


@vectors_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the vectors' ids, groups, clauses and descriptions as JSON.")
def vectors_list_command(as_json: bool) -> None:
    """List the shipped vectors: id, group, the clauses each exercises, and what it shows."""
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
    table = Table("id", "group", "clauses", "description")
    for v in suite.vectors:
        table.add_row(v.id, v.group, " ".join(v.clauses), v.description)
    console().print(table)


@vectors_group.command("check")
@click.option(
    "--skip",
    "skip_file",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="A skip list (docs/vectors.md) naming vectors or variants not to run, each with a reason.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one result per vector as JSON.")
def vectors_check_command(skip_file: Path | None, as_json: bool) -> None:
    """Run the shipped vectors against the reference verifier; exit 1 if any gives another verdict than expected."""
    suite = load_vectors()
    skiplist = load_skiplist(skip_file) if skip_file is not None else None
    chosen, skipped = filter_vectors(suite.vectors, skiplist)
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


@click.group("conformance")
def conformance_group() -> None:
    """Check another implementation of Schwinget against the reference (docs/harness.md)."""


@conformance_group.command("run", context_settings={"ignore_unknown_options": True})
@click.option("--games", type=int, default=100, show_default=True, help="Random Gänge to play after the vectors.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random Gänge.")
@click.option("--no-vectors", is_flag=True, help="Play only random Gänge, not the shipped vectors.")
@click.option("--timeout", type=float, default=5.0, show_default=True, help="Seconds the implementation may take per request.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def conformance_run_command(
    *, games: int, seed: int, no_vectors: bool, timeout: float, as_json: bool, command: tuple[str, ...]
) -> None:
    """Run COMMAND (after --) as an implementation speaking the JSON-lines protocol, in lock step with the reference.

    Plays the shipped vectors and GAMES random Gänge, and reports the first divergence
    with a minimal reproduction. Example: schwinget conformance run -- node examples/js/schwinget.js
    Exit code 0 if the implementation agrees everywhere, 1 otherwise.
    """
    # the harness pulls in the Hypothesis-based adapters: only this command pays for them
    from schwinget_spec.conformance.harness import format_report, run_harness  # noqa: PLC0415

    report = run_harness(list(command), games=games, seed=seed, vectors=not no_vectors, timeout=timeout)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(format_report(report))
    if not report.passed:
        sys.exit(1)


