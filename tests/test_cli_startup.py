"""What starting a ``schwinget`` command imports: only its own module and what it uses, never Z3, the proofs, the vector generator or the impact measure it does not need; and ``schwinget --help`` listing the commands as they describe themselves."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from schwinget_spec import cli, conformance
from schwinget_spec.conformance import vectors
from schwinget_spec.conformance.protocol import adapter
from schwinget_spec.conformance.trace import games, verify
from schwinget_spec.conformance.vectors import skiplist
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.trace import gang_trace

# Modules that no start-up needs: each costs from a few to a few hundred milliseconds of imports.
NEVER_AT_START = (
    "hypothesis",
    "schwinget_spec.cli.analysis",
    "schwinget_spec.conformance.vectors.generate",
    "schwinget_spec.conformance.harness.run",
    "schwinget_spec.conformance.vectors.runner",
    "schwinget_spec.conformance.vectors.skiplist",
    "schwinget_spec.studies.impact",
    "schwinget_spec.studies.impact_match",
    "schwinget_spec.proofs",
    "z3",
)
# What ``schwinget --help`` does not need on top: the command modules, the verifier and rich.
NOT_FOR_HELP = (
    *NEVER_AT_START,
    "rich.console",
    "rich.progress",
    "rich.table",
    "schwinget_spec.cli.clauses",
    "schwinget_spec.cli.conformance",
    "schwinget_spec.cli.demo",
    "schwinget_spec.cli.games",
    "schwinget_spec.cli.verify",
    "schwinget_spec.conformance.trace.verify",
)
# What ``schwinget verify TRACE`` does not need on top: the other commands' modules and rich's progress bars.
NOT_FOR_VERIFY = (
    *NEVER_AT_START,
    "rich.progress",
    "schwinget_spec.cli.clauses",
    "schwinget_spec.cli.conformance",
    "schwinget_spec.cli.demo",
    "schwinget_spec.cli.games",
)

_RUN = """
import json, sys
from schwinget_spec.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _run(*args: str) -> tuple[int, set[str]]:
    """Run ``schwinget ARGS`` in a fresh interpreter: its exit code and the modules it had imported when it ended."""
    done = subprocess.run([sys.executable, "-c", _RUN, *args], capture_output=True, text=True, timeout=120, check=False)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["exit"], set(report["modules"])


def _imported(modules: set[str], names: tuple[str, ...]) -> set[str]:
    return {name for name in names if name in modules or any(m.startswith(name + ".") for m in modules)}


def test_importing_the_command_line_imports_no_command() -> None:
    """``import schwinget_spec.cli`` (what every command pays first) imports no command module, no rich, no verifier."""
    done = subprocess.run(
        [sys.executable, "-c", "import json, sys, schwinget_spec.cli; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert _imported(set(json.loads(done.stdout)), NOT_FOR_HELP) == set()


def test_help_imports_no_command() -> None:
    """``schwinget --help`` lists every command without importing any command's module."""
    code, modules = _run("--help")
    assert code == 0
    assert _imported(modules, NOT_FOR_HELP) == set()


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_each_command_help_imports_nothing_it_does_not_show(name: str) -> None:
    """``schwinget NAME --help`` imports that command's module only: no Z3, proofs, vector generator, impact measure, progress bar."""
    code, modules = _run(name, "--help")
    assert code == 0
    own = cli.COMMANDS[name].module
    assert own in modules
    assert _imported(modules, tuple(m for m in (*NEVER_AT_START, "rich.progress") if m != own)) == set()


@pytest.mark.parametrize("as_json", [False, True])
def test_verify_imports_only_the_verifier(tmp_path: Path, as_json: bool) -> None:
    """``schwinget verify TRACE`` imports the verifier, not the vector generator, Z3, the other commands; with ``--json`` not rich either."""
    state = start_gang(Deal.shuffled(3), Player.P0)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    trace = tmp_path / "gang.json"
    trace.write_text(json.dumps(gang_trace(state, with_claims=True)), encoding="utf-8")
    code, modules = _run("verify", *(["--json"] if as_json else []), str(trace))
    assert code == 0
    assert {"schwinget_spec.cli.verify", "schwinget_spec.conformance.trace.verify"} <= modules
    assert _imported(modules, NOT_FOR_VERIFY) == set()
    assert ("rich" in modules) is not as_json


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_each_listed_command_is_the_one_it_names(name: str) -> None:
    """Each entry of ``COMMANDS`` names a command of that name whose help opens with the entry's summary."""
    lazy = cli.COMMANDS[name]
    command = cli.cli.get_command(click.Context(cli.cli), name)
    assert isinstance(command, click.Command)
    assert command.name == name
    assert command.help is not None
    assert inspect.cleandoc(command.help).split("\n\n")[0] == lazy.summary


@pytest.mark.parametrize("width", [40, 80, 200])
def test_help_lists_the_commands_as_click_would(width: int) -> None:
    """The Commands section of ``schwinget --help`` is what click writes from the commands themselves, at any width."""
    ctx = click.Context(cli.cli, terminal_width=width)
    eager = click.Group("schwinget", commands=[cli.cli.get_command(ctx, name) for name in sorted(cli.COMMANDS)])  # type: ignore[misc]
    lazy_out, eager_out = click.HelpFormatter(width=width), click.HelpFormatter(width=width)
    cli.cli.format_commands(ctx, lazy_out)
    eager.format_commands(click.Context(eager, terminal_width=width), eager_out)
    assert lazy_out.getvalue() == eager_out.getvalue()
    assert all(f"  {name} " in lazy_out.getvalue() for name in cli.COMMANDS)


def test_conformance_names_resolve_to_their_modules() -> None:
    """Every name of ``schwinget_spec.conformance.__all__`` is found, and is the object its module defines (``perft`` the function, not the submodule)."""
    assert set(conformance._WHERE) <= set(conformance.__all__)
    sources = [adapter, games, skiplist, vectors, verify]
    for name in conformance.__all__:
        expected = next(getattr(module, name) for module in sources if hasattr(module, name))
        assert getattr(conformance, name) is expected, name
    assert callable(conformance.perft)
    with pytest.raises(AttributeError):
        _ = conformance.no_such_name
