"""The ``schwinget verify`` command: each trace file's verdict, for people or as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.cli.common import console, input_file_problem
from schwinget_spec.conformance.trace.verify import Verdict, VerdictKind, verify_trace_file
from schwinget_spec.support.safe_text import terminal_text

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["print_verdict", "verify_command"]


@click.command("verify")
@click.argument("traces", nargs=-1, required=True, type=click.Path(path_type=Path))
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
    claimed value, reference value). A TRACE that cannot be read (missing, a directory,
    not a regular file) gets no verdict: it is named on stderr and the other files are
    still judged. Exit code 0 if every trace conforms, 1 if one does not, 2 if a file
    could not be read.
    """
    problems = {path: input_file_problem(path) for path in traces}
    verdicts = [(path, verify_trace_file(path)) for path in traces if problems[path] is None]
    unreadable = [(path, problem) for path, problem in problems.items() if problem is not None]
    if as_json:
        entries = [{"file": str(path), **v.to_json()} for path, v in verdicts]
        entries += [{"file": str(path), "error": problem} for path, problem in unreadable]
        click.echo(json.dumps(entries, indent=2, ensure_ascii=True))
    else:
        out = console()
        out.soft_wrap = not out.is_terminal  # on a terminal the clause texts wrap at words
        for path, verdict in verdicts:
            print_verdict(out, path, verdict, lang)
        failed = sum(1 for _, v in verdicts if not v.conforms)
        summary = f"{len(verdicts) - failed} conform, {failed} do not"
        if unreadable:
            summary += f", {len(unreadable)} could not be read"
        out.print(summary)
    for path, problem in unreadable:
        click.echo(f"Error: TRACE {terminal_text(str(path), keep_lines=False)}: {problem}", err=True)
    if unreadable:
        sys.exit(2)
    if any(not v.conforms for _, v in verdicts):
        sys.exit(1)


_VERDICT_STYLE = {
    VerdictKind.CONFORMS: "bold green",
    VerdictKind.MALFORMED: "bold magenta",
    VerdictKind.ILLEGAL_ACTION: "bold red",
    VerdictKind.WRONG_CLAIM: "bold yellow",
}


def print_verdict(out: Console, path: Path, verdict: Verdict, lang: str) -> None:
    # rich is imported by the commands that print for people, not by ``verify --json``
    from rich.text import Text  # noqa: PLC0415

    # a verdict quotes the trace (its keys, values and id): printed as Text, never read as rich markup,
    # with control characters and escape sequences shown escaped (safe_text.terminal_text)
    head = Text(f"{terminal_text(str(path), keep_lines=False)}: ")
    head.append(verdict.kind.value.replace("_", " "), style=_VERDICT_STYLE[verdict.kind])
    if verdict.where:
        head.append(f" at {terminal_text(verdict.where, keep_lines=False)}")
    out.print(head)
    if verdict.deprecation is not None:
        out.print(Text(f"  note: {verdict.deprecation}"))
    if verdict.conforms:
        return
    details = []
    if verdict.step is not None:
        details.append(f"step {verdict.step}")
    if verdict.action is not None:
        details.append(f"action {verdict.action}")
    if verdict.rule is not None and verdict.clause_id is None:
        details.append(f"schema rule {verdict.rule}")
    prefix = terminal_text(f"({', '.join(details)}) " if details else "", keep_lines=False)
    out.print(Text(f"  {prefix}{terminal_text(verdict.message, keep_lines=False)}"))
    if verdict.kind is VerdictKind.WRONG_CLAIM:
        field = terminal_text(str(verdict.field), keep_lines=False)
        out.print(Text(f"  {field}: claimed {json.dumps(verdict.claimed)}, reference {json.dumps(verdict.reference)}"))
    if verdict.clause_id is not None:
        clause = CLAUSES[verdict.clause_id]
        out.print(f"  clause {clause.id}: {clause.en}")
        if lang in ("de", "both"):
            out.print(f"    DE: {clause.de}")
        if lang in ("fr", "both"):
            out.print(f"    FR: {clause.fr}")
