"""Each Python example of examples/ runs as the README and its docstring describe (with a small budget, to stay fast)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from schwinget_spec.conformance.trace.verify import verify_trace
from schwinget_spec.registry.clause_index import project_root

EXAMPLES = project_root() / "examples"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=project_root(), timeout=300, check=False
    )


def test_every_python_example_is_run_here() -> None:
    """A new example in examples/ needs a test below: the list of examples is the list this file runs."""
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == [
        "ask_designer.py", "ask_implementer.py", "ask_rules_reader.py", "buggy_engine.py", "openspiel_mcts.py",
    ]


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


def test_ask_designer_answers_its_questions() -> None:
    """``python examples/ask_designer.py`` prints a witness, a proof of none, a proof for every Gang and a deal found by the solver."""
    proc = _run(str(EXAMPLES / "ask_designer.py"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Can the loser of a Gang hold 6 tricks?\n  answer:   no: proved that none exists" in proc.stdout
    assert proc.stdout.count("answer:   yes") == 3


def test_ask_rules_reader_separates_a_switch() -> None:
    """``python examples/ask_rules_reader.py void_konter_beats_six`` finds that switch alone decides its question."""
    proc = _run(str(EXAMPLES / "ask_rules_reader.py"), "void_konter_beats_six")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0] == (
        "void_konter_beats_six: it depends on the readings (switches that matter: void_konter_beats_six)"
    )


def test_ask_implementer_writes_traces_that_conform(tmp_path: Path) -> None:
    """``python examples/ask_implementer.py DIR`` writes one trace per rare situation, each accepted by the verifier."""
    proc = _run(str(EXAMPLES / "ask_implementer.py"), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    traces = sorted(tmp_path.glob("*.json"))
    assert len(traces) == 4
    assert all(verify_trace(json.loads(t.read_text(encoding="utf-8"))).conforms for t in traces)
