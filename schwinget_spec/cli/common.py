"""What the ``schwinget`` commands share: the console, the labelled line, the ``--rules-*`` options, the library error."""

from __future__ import annotations

import os
import stat
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import attrs
import click

from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE_DE, TableRow

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

__all__ = [
    "EXIT_CODES",
    "INTERRUPTED",
    "LABEL_WIDTH",
    "ROW_LABEL",
    "LibraryError",
    "console",
    "exit_interrupted",
    "input_file_problem",
    "output_directory_problem",
    "output_file_problem",
    "print_line",
    "print_wrapped",
    "readable_file",
    "rules_fields",
    "rules_from",
    "rules_options",
    "writable_file",
]

_F = TypeVar("_F", bound=Callable[..., Any])
LABEL_WIDTH = 12
"""The width of the label column of a game told line by line (demo, simulate, replay)."""
ROW_LABEL: dict[TableRow, str] = {line.row: line.label for line in WERTUNGSTABELLE_DE}
"""Each row of the Wertungstabelle by its German label."""


EXIT_CODES: tuple[tuple[int, str], ...] = (
    (0, "success: every trace conforms, every vector passes, the engine agrees, the match was played to the end"),
    (1, "a verdict against the input: a trace does not conform, a vector fails, an engine diverges or fails to "
        "start (it runs, but exits, is silent or answers hello wrongly), clauses --check finds a gap, a proof "
        "query answers otherwise, a match is given up (q) or its input ends"),
    (2, "usage or environment: a bad option or argument, a missing or unreadable file or one that is not a "
        "regular file, a place that cannot be written, a value the library refuses, an engine command that "
        "cannot be run (not found, not executable)"),
    (130, "interrupted by Ctrl-C (SIGINT), any command; conformance run, conformance profile and conformance mutants "
          "by SIGTERM too, "
          "after stopping the engine's processes. One line says what was saved (play: no trace of an unfinished "
          "match)"),
    (129, "SIGHUP (the terminal closed) while worker processes run (balance, impact --play, simulate, prove with "
          "--jobs or --workers above 1): every worker is stopped first, then one line as for 130"),
    (143, "SIGTERM while worker processes run, likewise (128 + the signal's number, as a shell reports it)"),
)
"""The exit codes of every ``schwinget`` command (the README's table and ``schwinget --help`` show them)."""

INTERRUPTED = 130
"""The exit code of an interrupted command (128 + SIGINT, as shells report a program Ctrl-C ended)."""


def exit_interrupted(saved: str, code: int = INTERRUPTED) -> NoReturn:
    """End an interrupted command: one line on stderr, ``interrupted: `` and what it saved, then exit ``code`` (130; 143 or 129 for SIGTERM or SIGHUP while workers run)."""
    click.echo(f"interrupted: {saved}", err=True)
    sys.exit(code)


class LibraryError(click.ClickException):
    """A SchwingetError reaching the command line: printed as one line, exit code 2."""

    exit_code = 2


def console() -> Console:
    """The console of every command: the terminal's width; written to a file or a pipe, ``COLUMNS`` or 80.

    ``soft_wrap``: a line of a game told line by line is never cut by the printer, the
    terminal wraps it; tables and prose printed with ``soft_wrap=False`` fit the width.
    """
    # rich is imported by the commands that print, not by ``schwinget --help`` (tests/test_cli_startup.py)
    from rich.console import Console  # noqa: PLC0415

    width = None
    if not sys.stdout.isatty():
        columns = os.environ.get("COLUMNS", "")
        width = int(columns) if columns.isdigit() and int(columns) > 0 else 80
    return Console(soft_wrap=True, highlight=False, width=width)


def rules_fields() -> list[tuple[attrs.Attribute[Any], Any]]:
    hints = typing.get_type_hints(Rules)
    return [(field, hints[field.name]) for field in attrs.fields(Rules)]


def rules_options(func: _F) -> _F:
    """One option per field of ``Rules``: ``--rules-NAME/--no-rules-NAME`` for a switch, ``--rules-NAME CHOICE`` for a choice."""
    for field, hint in reversed(rules_fields()):
        dashed = field.name.replace("_", "-")
        dest = f"rules__{field.name}"
        help_text = f"Rules.{field.name} (see docs/ambiguities.md)."
        if hint is bool:
            option = click.option(
                f"--rules-{dashed}/--no-rules-{dashed}", dest, default=field.default, show_default=True, help=help_text
            )
        elif typing.get_origin(hint) is typing.Literal:
            option = click.option(
                f"--rules-{dashed}",
                dest,
                type=click.Choice([str(a) for a in typing.get_args(hint)]),
                default=field.default,
                show_default=True,
                help=help_text,
            )
        else:
            continue
        func = option(func)
    return func


def rules_from(options: dict[str, Any]) -> Rules:
    return Rules(**{key.removeprefix("rules__"): value for key, value in options.items() if key.startswith("rules__")})


def print_line(out: Console, label: str, body: str, style: str = "") -> None:
    """A labelled line of a game told line by line: on a terminal the body wraps under itself, past the label column.

    Written to a file or a pipe it stays one line, so that each line can be searched and compared.
    """
    # rich is imported by the commands that print, not by ``schwinget --help``
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    if not out.is_terminal:
        out.print(Text.assemble((label.ljust(LABEL_WIDTH), "bold"), (body, style)))
        return
    grid = Table.grid()
    grid.add_column(width=LABEL_WIDTH, no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(Text(label, style="bold"), Text(body, style=style))
    out.print(grid, soft_wrap=False)


def print_wrapped(out: Console, line: Text) -> None:
    """A line of prose: wrapped at word boundaries on a terminal, one line in a file or a pipe."""
    out.print(line, soft_wrap=not out.is_terminal)


def input_file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as an input file (missing, a directory, not a regular file, unreadable), or None.

    Checked before opening, so that a FIFO or a device never blocks a command.
    """
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "no such file"
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if not stat.S_ISREG(mode):
        return "is not a regular file"
    if not os.access(path, os.R_OK):
        return "is not readable"
    return None


def _existing_ancestor(path: Path) -> Path:
    current = path.absolute()
    while not current.exists() and current != current.parent:
        current = current.parent
    return current


def output_file_problem(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` (a directory, a parent that is missing or no directory, no write permission), or None."""
    if path.is_dir():
        return "is a directory, not a file"
    parent = path.absolute().parent
    if not parent.exists():
        return f"its directory {parent} does not exist"
    if not parent.is_dir():
        return f"{_existing_ancestor(parent)} is not a directory"
    if path.exists() and not os.access(path, os.W_OK):
        return "is not writable"
    if not path.exists() and not os.access(parent, os.W_OK):
        return f"its directory {parent} is not writable"
    return None


def output_directory_problem(path: Path) -> str | None:
    """Why ``path`` cannot be used (or created) as a directory to write into, or None."""
    base = _existing_ancestor(path)
    if not base.is_dir():
        return f"{base} is not a directory"
    if not os.access(base, os.W_OK):
        return f"{base} is not writable"
    return None


def _refuse_if(problem: Callable[[Path], str | None], ctx: click.Context, param: click.Parameter, value: Path) -> None:
    found = problem(value)
    if found is not None:
        raise click.BadParameter(f"{value}: {found}", ctx=ctx, param=param)


def readable_file(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """A click callback: the option's file must be a readable regular file (a usage error naming the option if not)."""
    if value is not None:
        _refuse_if(input_file_problem, ctx, param, value)
    return value


def writable_file(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """A click callback: the option's file must be one the command can write (a usage error naming the option if not)."""
    if value is not None:
        _refuse_if(output_file_problem, ctx, param, value)
    return value
