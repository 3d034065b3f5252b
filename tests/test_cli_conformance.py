"""The conformance commands as a user runs them: ``schwinget verify`` and ``schwinget vectors``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance import load_schema, load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.trace import gang_trace


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", *args], capture_output=True, text=True, timeout=120, check=False
    )


def _played(seed: int) -> GangState:
    state = start_gang(Deal.shuffled(seed), Player.P0)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    return state


def _write(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _illegal_answer_trace(seed: int) -> dict[str, Any]:
    """A trace of seed ``seed`` whose first answer is replaced by a card of the hand that does not follow colour."""
    trace = gang_trace(_played(seed))
    state = start_gang(Deal.shuffled(seed), Player.P0)
    for i, code in enumerate(trace["gaenge"][0]["actions"]):
        if state.leader is not None and state.to_move != state.leader:
            legal = {a.code for a in state.legal_actions()}
            illegal = [c.code for c in state.hand(state.to_move) if c.code not in legal]
            if illegal:
                trace["gaenge"][0]["actions"][i] = illegal[0]
                return trace
        state = state.apply(code)
    raise AssertionError(f"seed {seed} has no answer that could break Farbzwang")


@pytest.mark.clause("schwung.farbzwang")
def test_verify_reports_each_verdict_and_exits_1(tmp_path: Path) -> None:
    """A conforming, an illegal, a wrong-claim and a malformed trace each get their verdict; exit code 1."""
    good = _write(tmp_path / "good.json", gang_trace(_played(3)))
    bad = _write(tmp_path / "bad.json", _illegal_answer_trace(3))
    claim = gang_trace(_played(3))
    claim["gaenge"][0]["claims"]["steps"][0]["pile_size"] = 0
    wrong = _write(tmp_path / "claim.json", claim)
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    result = _run("verify", str(good), str(bad), str(wrong), str(junk))
    assert result.returncode == 1
    assert f"{good}: conforms" in result.stdout
    assert f"{bad}: illegal action at /gaenge/0/actions/" in result.stdout
    assert "clause schwung.farbzwang" in result.stdout
    assert "DE: Er muss dabei die gleiche Farbe spielen" in result.stdout
    assert f"{wrong}: wrong claim at /gaenge/0/claims/steps/0/pile_size" in result.stdout
    assert f"{junk}: malformed" in result.stdout
    assert "1 conform, 3 do not" in result.stdout


def test_verify_exits_0_when_all_conform_and_json_parses(tmp_path: Path) -> None:
    """All conforming traces give exit code 0, and --json prints one object per file."""
    paths = [str(_write(tmp_path / f"t{seed}.json", gang_trace(_played(seed)))) for seed in (1, 2)]
    result = _run("verify", "--json", *paths)
    assert result.returncode == 0, result.stdout + result.stderr
    verdicts = json.loads(result.stdout)
    assert [v["file"] for v in verdicts] == paths
    assert {v["verdict"] for v in verdicts} == {"conforms"}


def test_verify_missing_file_is_a_usage_error_not_a_traceback(tmp_path: Path) -> None:
    """A file that does not exist is a usage problem (exit 2, named on stderr), not a malformed trace, and no traceback."""
    result = _run("verify", str(tmp_path / "nope.json"))
    assert result.returncode == 2
    assert "nope.json: no such file" in result.stderr
    assert "malformed" not in result.stdout
    assert "Traceback" not in result.stderr


def test_vectors_check_passes_on_the_reference() -> None:
    """Every shipped vector gives its expected verdict on the reference verifier."""
    result = _run("vectors", "check")
    assert result.returncode == 0, result.stdout
    assert f"{len(load_vectors().vectors)} passed, 0 failed, 0 skipped" in result.stdout


def test_vectors_export_writes_every_file_and_the_schema(tmp_path: Path) -> None:
    """Export copies every shipped vector file, loadable again, and the trace schema into schema/."""
    result = _run("vectors", "export", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    suite = load_vectors()
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == sorted([*suite.files_present, "schema"])
    assert json.loads((tmp_path / "out" / "schema" / "trace.schema.json").read_text(encoding="utf-8")) == load_schema()
    exported = load_vectors(tmp_path / "out")
    assert [v.id for v in exported.vectors] == [v.id for v in suite.vectors]


def test_vectors_list_json_names_every_vector() -> None:
    """The JSON listing has one entry per shipped vector; every game vector names the clauses it exercises."""
    result = _run("vectors", "list", "--json")
    assert result.returncode == 0
    listed = json.loads(result.stdout)
    assert len(listed) == len(load_vectors().vectors)
    assert all(entry["clauses"] for entry in listed if entry["kind"] != "perft" and entry["group"] != "malformed")
