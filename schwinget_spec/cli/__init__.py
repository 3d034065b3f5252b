"""The ``schwinget`` command: the clause registry, a seeded demo game told Schwung by Schwung, and the trace verifier.

The group lives here; each command group is a module of this package (clauses, demo,
verify, conformance, analysis, games). The group imports a command's module only when
that command runs or its help is asked for, so that every command starts without the
others' imports (Z3, the vector generator, the impact measure, rich's progress bars);
``schwinget --help`` lists the commands from the first paragraph of each one's help,
kept here and checked against the commands by tests/test_cli_startup.py.
"""

from __future__ import annotations

import importlib
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs
import click

from schwinget_spec.cli.common import EXIT_CODES, INTERRUPTED, LibraryError, exit_interrupted
from schwinget_spec.errors import SchwingetError
from schwinget_spec.support.startup import interrupts_raise

if TYPE_CHECKING:
    from schwinget_spec.cli.demo import DEFAULT_SEED, demo_bots

__all__ = ["COMMANDS", "DEFAULT_SEED", "LazyCommand", "cli", "demo_bots", "main"]


@attrs.frozen
class LazyCommand:
    """Where a subcommand of ``schwinget`` lives, and the first paragraph of its help (the line ``schwinget --help`` shows)."""

    module: str
    attribute: str
    summary: str


COMMANDS: dict[str, LazyCommand] = {
    "ask": LazyCommand(
        "schwinget_spec.cli.ask",
        "ask_command",
        "Ask the rules a question in the booklet's words: a Gang replayed on the engine, or a proof naming its clauses.",
    ),
    "balance": LazyCommand(
        "schwinget_spec.cli.balance",
        "balance_command",
        "What the starter of a Gang gains: won, drawn and lost Gänge and the points lead, under best play or between two bots.",
    ),
    "clauses": LazyCommand(
        "schwinget_spec.cli.clauses",
        "clauses_command",
        "List every clause of the booklet: id, section, text, and how often it is enforced, tested and covered by vectors.",
    ),
    "conformance": LazyCommand(
        "schwinget_spec.cli.conformance",
        "conformance_group",
        "Check another implementation of Schwinget against the reference (docs/harness.md).",
    ),
    "demo": LazyCommand(
        "schwinget_spec.cli.demo",
        "demo_command",
        "Play a seeded game between two random players and tell it Schwung by Schwung.",
    ),
    "explain": LazyCommand(
        "schwinget_spec.cli.clauses",
        "explain_command",
        "Explain a clause (e.g. schwung.farbzwang) or an ambiguity entry (e.g. AMB-KONTER-VOID) in German, French and English.",
    ),
    "impact": LazyCommand(
        "schwinget_spec.cli.analysis",
        "impact_command",
        "Measure how often each reading of each Rules switch changes a game.",
    ),
    "play": LazyCommand(
        "schwinget_spec.cli.games",
        "play_command",
        "Play a match of Schwinget against a bot in the terminal.",
    ),
    "prove": LazyCommand(
        "schwinget_spec.cli.analysis",
        "prove_command",
        "Prove what the rules imply with Z3: invariants for every deal and play, witnesses replayed through the engine,\n"
        "and whether each rule switch can change a result (docs/proofs.md).",
    ),
    "replay": LazyCommand(
        "schwinget_spec.cli.games",
        "replay_command",
        "Tell a trace (kind gang, match or Schwingfest) Schwung by Schwung, with why each trick went where it did.",
    ),
    "simulate": LazyCommand(
        "schwinget_spec.cli.games",
        "simulate_command",
        "Play many matches between two bots and count what happens.",
    ),
    "solve": LazyCommand(
        "schwinget_spec.cli.solve",
        "solve_command",
        "Solve a Gang with every card known to both players: its value and one optimal line.",
    ),
    "vectors": LazyCommand(
        "schwinget_spec.cli.conformance",
        "vectors_group",
        "The conformance test vectors shipped with the package (docs/vectors.md).",
    ),
    "verify": LazyCommand(
        "schwinget_spec.cli.verify",
        "verify_command",
        "Replay each TRACE (a JSON trace file, docs/conformance.md) against the rules and give its verdict.",
    ),
}
"""Every subcommand of ``schwinget`` by name: its module and attribute, imported when the command is looked up."""

_REEXPORTED = {"DEFAULT_SEED", "demo_bots"}


def __getattr__(name: str) -> Any:
    """``DEFAULT_SEED`` and ``demo_bots`` from schwinget_spec.cli.demo, imported when first asked for."""
    if name in _REEXPORTED:
        return getattr(importlib.import_module("schwinget_spec.cli.demo"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Group(click.Group):
    """A command group that turns the library's errors into one clear line instead of a traceback, and an interrupt into exit code 130."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            # while the command runs, Ctrl-C is a KeyboardInterrupt it may catch to say what it saved;
            # before (loading, reading the options) and after, it ends the process at once (startup.py)
            with interrupts_raise():
                return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            # instead of click's "Aborted!" and exit 1; a command that saves something says what itself;
            # SIGTERM or SIGHUP while workers ran (backends.Terminated) carries its own exit code
            code = getattr(exc, "exit_code", INTERRUPTED)
            exit_interrupted("stopped before the end, nothing saved", code if type(code) is int else INTERRUPTED)
        except SchwingetError as exc:
            raise LibraryError(str(exc)) from None
        except OSError as exc:
            # the environment refused (a file, a directory, a pipe): one line, exit 2, never a traceback
            where = f"{exc.filename}: " if exc.filename else ""
            raise LibraryError(f"{where}{exc.strerror or exc}") from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, its module imported now (None for a name that is no command)."""
        lazy = COMMANDS.get(cmd_name)
        if lazy is None:
            return super().get_command(ctx, cmd_name)
        command = getattr(importlib.import_module(lazy.module), lazy.attribute)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The Commands section of ``schwinget --help``, as click writes it, from COMMANDS' summaries: no command is imported."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            lazy = COMMANDS.get(name)
            command = click.Command(name, help=lazy.summary) if lazy is not None else self.commands[name]
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


_CODE_WIDTH = max(len(str(code)) for code, _ in EXIT_CODES)
_EPILOG = "\b\nExit codes:\n" + "\n".join(
    textwrap.fill(meaning, width=76, initial_indent=f"  {code:<{_CODE_WIDTH}}  ", subsequent_indent=" " * (_CODE_WIDTH + 4))
    for code, meaning in EXIT_CODES
)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(package_name="schwinget_spec", prog_name="schwinget")
def cli() -> None:
    """schwinget: the reference specification of Schwinget, the Swiss card game about Schwingen.

    Every rule of the booklet is a clause with a stable id; `schwinget clauses` lists
    them with where each is enforced, tested and covered by vectors, `schwinget demo` plays a seeded game
    between two random players and tells it Schwung by Schwung, `schwinget verify`
    judges traces recorded by any implementation.

    \b
    Play and watch:
      schwinget play                 play a match against a bot in the terminal
      schwinget simulate             many bot matches, with outcome frequencies
      schwinget replay TRACE         a trace told Schwung by Schwung, with the why of each trick
    """


def main(argv: Sequence[str] | None = None) -> None:
    """The ``schwinget`` command (console entry point)."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="schwinget")
