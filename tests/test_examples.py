"""Each Python example of examples/ runs as the README and its docstring describe (with a small budget, to stay fast)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from schwinget_spec.clause_index import project_root

EXAMPLES = project_root() / "examples"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=project_root(), timeout=300, check=False
    )


def test_every_python_example_is_run_here() -> None:
    """A new example in examples/ needs a test below: the list of examples is the list this file runs."""
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == ["buggy_engine.py", "openspiel_mcts.py"]


@pytest.mark.clause("kampfrichter.last_schwung")
def test_buggy_engine_runs_and_is_caught() -> None:
    """``python examples/buggy_engine.py --no-shrink`` prints the difference the state machine found and exits 0.

    ``--no-shrink`` keeps it to seconds: the shrinking (minutes on a shared machine) only
    shortens the game shown; the shrunk game is the one in the example's docstring.
    """
    pytest.importorskip("hypothesis")
    proc = _run(str(EXAMPLES / "buggy_engine.py"), "300", "--no-shrink")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "caught: the engine differs from the reference" in proc.stdout
    assert "legal_actions: reference [], implementation ['L0', 'L1']" in proc.stdout


def test_openspiel_mcts_plays_a_gang() -> None:
    """``python examples/openspiel_mcts.py 1 5`` (one Gang, 5 simulations per move) plays it out and prints the points."""
    if importlib.util.find_spec("pyspiel") is None:
        pytest.skip("the openspiel extra is not installed")
    proc = _run(str(EXAMPLES / "openspiel_mcts.py"), "1", "5")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith("P0 MCTS") for line in lines)
    assert any(line.startswith("P1 random") for line in lines)
    assert lines[-1].startswith("points after 1 Gänge: MCTS (P0) ")
