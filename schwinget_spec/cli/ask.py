"""``schwinget ask "..."``: a question in the booklet's words, answered with a proof naming its clauses or a Gang the engine replays (docs/ask.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from schwinget_spec.cli.common import output_file_problem
from schwinget_spec.files import write_text_atomically

__all__ = ["ask_command"]

_EXAMPLES = """\b
Examples:
  schwinget ask "there is a gang where a plattwurf and pending before schwung 8"
  schwinget ask "every gang has tricks of P0 at most 11"
  schwinget ask "under which readings can some schwung s: answered in schwung s is BK and P1 wins schwung s"
  schwinget ask "there is a deal where the starter cannot lose under perfect play"
"""


@click.command("ask", epilog=_EXAMPLES)
@click.argument("question")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as one JSON object.")
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the Gang of a witness or counterexample to FILE as a trace that schwinget verify accepts.")
@click.option("--timeout", type=click.FloatRange(min=0.1, max=3600), default=None,
              help="Seconds Z3 may work before the answer is 'not settled' [default: 60; 45 for a deal's question].")
@click.option("--rounds", type=click.IntRange(min=1, max=100_000), default=None,
              help="The most candidate deals a question about a deal tries before answering with its bound [default: 400].")
@click.option("--brief", is_flag=True, help="Leave out the Gang told Schwung by Schwung (deck, starter and actions stay).")
def ask_command(
    question: str, *, as_json: bool, trace_path: Path | None, timeout: float | None, rounds: int | None, brief: bool
) -> None:
    """Ask the rules a question in the booklet's words: a Gang replayed on the engine, or a proof naming its clauses.

    QUESTION starts with "there is a gang where", "every gang has", "under which readings
    can", "there is a deal where ... whatever both play" or "... under perfect play", and
    may end with "with SWITCH on/off"; or, about a match or a Schwingfest, "there is a
    match where", "every match has", "there is a schwingfest where", "every schwingfest has". docs/ask.md lists the words and a cookbook of
    questions. Exit code 0 when the question is settled (a witness, a proof, a
    counterexample, a readings table), 1 when it is not (not settled in time, or the engine
    does not confirm the model's Gang: a bug to report), 2 for a question that does not
    parse (one line naming the word, then the question with a caret under it).
    """
    # Z3 and the model load when a question is asked, not for --help
    from schwinget_spec.ask import QuestionError, ask, parse_question  # noqa: PLC0415
    from schwinget_spec.ask.game import DEFAULT_ROUNDS  # noqa: PLC0415
    from schwinget_spec.support.startup import end_interrupted  # noqa: PLC0415

    if trace_path is not None:
        problem = output_file_problem(trace_path)
        if problem is not None:
            raise click.BadParameter(problem, param_hint="'--trace'")
    try:
        parsed = parse_question(question)
    except QuestionError as exc:
        click.echo(f"Error: {exc}", err=True)
        click.echo(exc.pointer(), err=True)
        sys.exit(2)
    try:
        answer = ask(parsed, timeout=timeout, rounds=DEFAULT_ROUNDS if rounds is None else rounds)
    except KeyboardInterrupt:
        # nothing is saved before the answer, and a Z3 search may still be stopping in its thread: the process ends now
        end_interrupted()
    if trace_path is not None and answer.gang is not None:
        write_text_atomically(trace_path, json.dumps(answer.gang.trace(), ensure_ascii=False, indent=1) + "\n")
    if as_json:
        out = answer.to_json()
        if trace_path is not None:
            out["trace"] = str(trace_path) if answer.gang is not None else None
        click.echo(json.dumps(out, ensure_ascii=False))
    else:
        for line in answer.text_lines(tell=not brief):
            click.echo(line)
        if trace_path is not None:
            click.echo(f"trace:    {trace_path}" if answer.gang is not None else "trace:    none written (the answer has no Gang)")
    if not answer.ok:
        sys.exit(1)
