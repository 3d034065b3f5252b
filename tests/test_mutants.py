"""The kit tests itself: every single-bug engine of the reference is caught by a default run, naming the clause it breaks or a neighbour, as docs/harness.md publishes."""

from __future__ import annotations

import inspect
import json
import subprocess
from pathlib import Path

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.harness.run import run_harness
from schwinget_spec.conformance.mutants.engines import ENGINES
from schwinget_spec.conformance.mutants.kill import Kill, mutant_command, published_rows, run_mutant
from schwinget_spec.conformance.mutants.registry import MUTANTS, NOT_MUTATED, UnknownMutantError, get_mutant
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine

ROOT = Path(__file__).resolve().parent.parent
HARNESS_MD = ROOT / "docs" / "harness.md"


def _doc_rows() -> dict[str, dict[str, str]]:
    """The rows of the kill matrix published in docs/harness.md, by mutant id."""
    return published_rows(HARNESS_MD.read_text(encoding="utf-8"))


def test_registry_is_consistent() -> None:
    """Ids are unique, every engine is used by one mutant and overrides a rule decision of the reference, every clause is mutated or says why not."""
    ids = [m.id for m in MUTANTS]
    assert len(set(ids)) == len(ids)
    assert sorted(m.engine.__name__ for m in MUTANTS) == sorted(ENGINES)
    decisions = {name for name, _ in inspect.getmembers(ReferenceEngine, inspect.isfunction) if not name.startswith("_")}
    for mutant in MUTANTS:
        overridden = {
            name
            for klass in mutant.engine.__mro__
            if klass is not ReferenceEngine and issubclass(klass, ReferenceEngine)
            for name in vars(klass)
            if name in decisions
        }
        assert overridden, f"{mutant.id} overrides no rule decision"
        assert mutant.clause_id not in mutant.neighbours
    mutated = {m.clause_id for m in MUTANTS}
    assert set(CLAUSES) == mutated | set(NOT_MUTATED)
    assert not mutated & set(NOT_MUTATED)
    assert all(reason for reason in NOT_MUTATED.values())
    with pytest.raises(UnknownMutantError, match="nope"):
        get_mutant("nope")


def test_mutant_runs_behind_the_protocol() -> None:
    """`python -m schwinget_spec.conformance.mutants.engine ID` serves the mutant; conformance run catches it and names its clause; an unknown id exits 2."""
    hello = subprocess.run(
        mutant_command("no-farbzwang"), input='{"cmd": "hello"}\n{"cmd": "bye"}\n', capture_output=True, text=True,
        timeout=60, check=True,
    )
    assert json.loads(hello.stdout.splitlines()[0])["name"] == "mutant-no-farbzwang"
    report = run_harness(mutant_command("no-farbzwang"), games=0, steer=0)
    assert report.divergence is not None
    assert report.divergence.clause_id == "schwung.farbzwang"
    assert report.divergence.fresh == "reproduced"
    unknown = subprocess.run(mutant_command("nope"), capture_output=True, text=True, timeout=60, check=False)
    assert unknown.returncode == 2
    assert "nope" in unknown.stderr


# One mutant per level beyond the Gang: each costs a whole passing Gang level first.
_LEVEL_SAMPLE = ("gestellter-925", "tie-reading-ignored", "fest-starter-always-younger")
_FAST = tuple(m.id for m in MUTANTS if m.level == "gang") + _LEVEL_SAMPLE


@pytest.fixture(scope="module")
def kills() -> dict[str, Kill]:
    """A default run, in process, against every Gang mutant and one mutant of each other level."""
    return {mid: run_mutant(get_mutant(mid), in_process=True)[0] for mid in _FAST}


def test_all_mutants_killed(kills: dict[str, Kill]) -> None:
    """Every mutant run here is caught, named by the exact clause it breaks."""
    missed = {mid: (k.catch, k.named) for mid, k in kills.items() if k.catch != "exact"}
    assert missed == {}


def test_published_kill_matrix_is_in_step(kills: dict[str, Kill]) -> None:
    """docs/harness.md lists every mutant of the registry, in order, each caught and named by the exact clause it breaks; the rows run here match it exactly."""
    rows = _doc_rows()
    assert list(rows) == [m.id for m in MUTANTS]
    for mutant in MUTANTS:
        row = rows[mutant.id]
        assert row["clause"] == mutant.clause_id
        assert row["what"] == mutant.description
        assert (row["catch"], row["named"]) == ("exact", mutant.clause_id)
    for mid, kill in kills.items():
        row = rows[mid]
        assert (row["route"], row["games"], row["named"], row["catch"]) == (
            kill.route, str(kill.games), kill.named, kill.catch
        ), f"{mid}: regenerate the table with `schwinget conformance mutants --markdown --in-process`"
    text = HARNESS_MD.read_text(encoding="utf-8")
    exact = sum(1 for r in rows.values() if r["catch"] == "exact")
    neighbour = sum(1 for r in rows.values() if r["catch"] == "neighbour")
    assert (
        f"{len(rows)} of {len(rows)} mutants killed ({exact} naming the broken clause, {neighbour} a neighbouring clause"
        in text
    )
