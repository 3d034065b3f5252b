"""The ``schwinget`` command: the clause registry, a seeded demo game told Schwung by Schwung, and the trace verifier.

The group lives here; each command group is a module of this package (clauses, demo,
conformance, analysis, games) and is added to the group below.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import click

from schwinget_spec.cli.analysis import impact_command, prove_command
from schwinget_spec.cli.clauses import clauses_command, explain_command
from schwinget_spec.cli.common import EXIT_CODES, LibraryError, exit_interrupted
from schwinget_spec.cli.conformance import conformance_group, vectors_group, verify_command
from schwinget_spec.cli.demo import DEFAULT_SEED, demo_bots, demo_command
from schwinget_spec.cli.games import play_command, replay_command, simulate_command
from schwinget_spec.errors import SchwingetError

__all__ = ["DEFAULT_SEED", "cli", "demo_bots", "main"]


class _Group(click.Group):
    """A command group that turns the library's errors into one clear line instead of a traceback, and an interrupt into exit code 130."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # instead of click's "Aborted!" and exit 1; a command that saves something says what itself
            exit_interrupted("stopped before the end, nothing saved")
        except SchwingetError as exc:
            raise LibraryError(str(exc)) from None
        except OSError as exc:
            # the environment refused (a file, a directory, a pipe): one line, exit 2, never a traceback
            where = f"{exc.filename}: " if exc.filename else ""
            raise LibraryError(f"{where}{exc.strerror or exc}") from None


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


cli.add_command(clauses_command)
cli.add_command(demo_command)
cli.add_command(verify_command)
cli.add_command(explain_command)
cli.add_command(impact_command)
cli.add_command(vectors_group)
cli.add_command(prove_command)
cli.add_command(conformance_group)
cli.add_command(play_command)
cli.add_command(simulate_command)
cli.add_command(replay_command)


def main(argv: Sequence[str] | None = None) -> None:
    """The ``schwinget`` command (console entry point)."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="schwinget")
