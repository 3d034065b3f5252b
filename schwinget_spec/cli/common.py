"""What the ``schwinget`` commands share: the console, the labelled line, the ``--rules-*`` options, the library error."""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import click
from rich.console import Console
from rich.text import Text

from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE_DE, TableRow

__all__ = [
    "LABEL_WIDTH",
    "ROW_LABEL",
    "LibraryError",
    "console",
    "print_line",
    "rules_fields",
    "rules_from",
    "rules_options",
]

_F = TypeVar("_F", bound=Callable[..., Any])
LABEL_WIDTH = 12
"""The width of the label column of a game told line by line (demo, simulate, replay)."""
ROW_LABEL: dict[TableRow, str] = {line.row: line.label for line in WERTUNGSTABELLE_DE}
"""Each row of the Wertungstabelle by its German label."""


class LibraryError(click.ClickException):
    """A SchwingetError reaching the command line: printed as one line, exit code 2."""

    exit_code = 2


def console() -> Console:
    # soft_wrap: a line of the game is never cut by the printer, the terminal wraps it;
    # written to a file or a pipe, tables get room for the clause texts
    width = None if sys.stdout.isatty() else 160
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


def print_line(out: Console, label: str, body: str) -> None:
    out.print(Text.assemble((label.ljust(LABEL_WIDTH), "bold"), body))
