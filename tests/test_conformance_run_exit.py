"""The exit codes of ``schwinget conformance run`` when the implementation does not start: 2 if its command cannot be run, 1 if it runs and fails at ``hello``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.conformance.harness.run import run_harness


def _script(tmp_path: Path, body: str) -> list[str]:
    script = tmp_path / "engine.py"
    script.write_text("import json, sys\n" + body, encoding="utf-8")
    return [sys.executable, str(script)]


def _cannot_run(tmp_path: Path, what: str) -> list[str]:
    if what == "missing":
        return [str(tmp_path / "no-such-engine")]
    if what == "on no PATH entry":
        return ["no-such-engine-on-the-path-h12"]
    if what == "directory":
        return [str(tmp_path)]
    plain = tmp_path / "engine.js"
    plain.write_text("console.log('hi')\n", encoding="utf-8")
    plain.chmod(0o644)
    return [str(plain)]


_CANNOT_RUN = ["missing", "on no PATH entry", "directory", "not executable"]


@pytest.mark.skipif(os.name != "posix", reason="execute permission is a POSIX notion")
@pytest.mark.parametrize("what", _CANNOT_RUN)
def test_a_command_that_cannot_be_run_exits_2(tmp_path: Path, what: str) -> None:
    """A program that is not found or not executable is the environment's fault: one ``Error:`` line naming it, exit 2, no report and no JSON or JUnit file."""
    command = _cannot_run(tmp_path, what)
    out, junit = tmp_path / "run.json", tmp_path / "run.xml"
    result = CliRunner().invoke(
        cli, ["conformance", "run", "--json", str(out), "--junit", str(junit), "--", *command]
    )
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"Error: cannot start {command[0]}: ")
    assert result.output.count("\n") == 1
    assert "FAILED TO START" not in result.output
    assert not out.exists()
    assert not junit.exists()
    report = run_harness(command, games=1, vectors=False)
    assert report.not_started
    assert report.startup_error is not None
    assert not report.passed


_BAD_HELLO = {
    "exits at once": "sys.exit(3)\n",
    "silent until it exits": "sys.stdin.readline()\n",
    "protocol 3": "for line in sys.stdin:\n    print(json.dumps({'ok': True, 'name': 'x', 'version': '0', 'protocol': 3}), flush=True)\n",
    "not JSON": "for line in sys.stdin:\n    print('hello there', flush=True)\n",
    "refused": "for line in sys.stdin:\n    print(json.dumps({'ok': False, 'error': 'internal'}), flush=True)\n",
    "a level without gang": (
        "for line in sys.stdin:\n"
        "    print(json.dumps({'ok': True, 'name': 'x', 'version': '0', 'protocol': 2, 'levels': ['scoring']}), flush=True)\n"
    ),
}

_HELLO_VERDICT = {
    "protocol 3": "FAILED TO START: malformed hello at $.protocol",
    "not JSON": "FAILED TO START: malformed hello",
    "a level without gang": "FAILED TO START: malformed hello at $.levels",
}
"""The verdicts that name a malformed hello (with the JSON path of its fault where the schema names one); the others are FAILED TO START."""


@pytest.mark.parametrize("what", sorted(_BAD_HELLO))
def test_an_engine_that_runs_but_fails_at_hello_exits_1(tmp_path: Path, what: str) -> None:
    """An implementation that runs but exits, stays silent or answers ``hello`` wrongly gets a verdict: FAILED TO START, exit 1, the JSON report written."""
    command = _script(tmp_path, _BAD_HELLO[what])
    out = tmp_path / "run.json"
    result = CliRunner().invoke(cli, ["conformance", "run", "--json", str(out), "--", *command])
    assert result.exit_code == 1, result.output
    assert "result: FAILED TO START" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["passed"], data["verdict"]) == (False, _HELLO_VERDICT.get(what, "FAILED TO START"))
    assert f"result: {data['verdict']}\n" in result.output
    assert data["startup_error"]
    assert not run_harness(command, games=1, vectors=False).not_started


def test_an_interpreter_given_a_missing_script_is_a_verdict(tmp_path: Path) -> None:
    """``python missing.py`` runs (the interpreter starts), so it is a failed start (exit 1) with the interpreter's complaint in the report."""
    result = CliRunner().invoke(cli, ["conformance", "run", "--", sys.executable, str(tmp_path / "missing.py")])
    assert result.exit_code == 1, result.output
    assert "result: FAILED TO START" in result.output
    assert "missing.py" in result.output
