"""The verification status of every clause: computed from the committed evidence and the tests, kept honest by recomputing a sample, shown by `schwinget clauses`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.cli.clauses import clauses_command
from schwinget_spec.cli.evidence import (
    exhaustive_by_clause,
    mutants_by_clause,
    proofs_by_clause,
    vectors_by_clause,
)
from schwinget_spec.errors import InvalidArgumentError, UnknownNameError
from schwinget_spec.registry.verification_status import (
    LEVEL_TEXT,
    LEVELS,
    NO_STATEMENT,
    ClauseStatus,
    Evidence,
    all_statuses,
    clause_status,
    load_evidence,
    statuses_json,
)


@pytest.fixture(scope="module")
def statuses() -> dict[str, ClauseStatus]:
    """Every clause's status, computed once."""
    return all_statuses()


def test_every_clause_has_a_status_at_least_tested(statuses: dict[str, ClauseStatus]) -> None:
    """All 69 clauses have a level of LEVELS, none below "tested"."""
    assert list(statuses) == list(CLAUSES)
    assert all(s.level in LEVELS for s in statuses.values())
    assert [s.clause_id for s in statuses.values() if s.below_tested] == []


@pytest.mark.clause("schwung.farbzwang", "schwung.higher_wins")
def test_the_level_is_the_strongest_evidence(statuses: dict[str, ClauseStatus]) -> None:
    """A clause of the engine's proved step is "proved of the engine", a clause in a proved query's core "proved"; the exhaustive counts are those of the whole domains."""
    farbzwang = statuses["schwung.farbzwang"]
    assert farbzwang.level == "engine"
    assert ("schwung.allowed", 180800) in farbzwang.exhaustive
    assert ("schwung.winner", 723200) in statuses["schwung.higher_wins"].exhaustive
    for s in statuses.values():
        expected = next(
            level
            for level, holds in zip(
                LEVELS, (bool(s.engine), bool(s.proofs), bool(s.exhaustive), s.vectors > 0, bool(s.mutants), s.tests > 0, True), strict=True
            )
            if holds
        )
        assert s.level == expected, s


def test_a_clause_without_a_formal_statement_says_why(statuses: dict[str, ClauseStatus]) -> None:
    """Each clause of ``NO_STATEMENT`` is a clause, not proved of the engine, and ``clauses --status`` prints its reason."""
    assert set(NO_STATEMENT) <= set(CLAUSES)
    for clause_id, reason in NO_STATEMENT.items():
        assert statuses[clause_id].no_statement == reason
        assert statuses[clause_id].level != "engine"
    result = CliRunner().invoke(clauses_command, ["--status"], env={"COLUMNS": "200"}, terminal_width=200)
    assert "no formal statement: a count of players" in result.output


def test_vectors_and_mutants_are_those_shipped() -> None:
    """The committed vector counts and mutants per clause are what the shipped suite and the mutant registry give now (else: python -m schwinget_spec.cli.evidence --write --quick)."""
    evidence = load_evidence()
    remake = "stale: python -m schwinget_spec.cli.evidence --write --quick"
    assert dict(evidence.vectors) == vectors_by_clause(), remake
    assert dict(evidence.mutants) == mutants_by_clause(), remake


@pytest.mark.clause("gang.end_no_angriff", "schwung.lead")
def test_a_sample_of_the_proofs_is_recomputed() -> None:
    """Two well-formedness queries run again name, clause by clause, what the committed evidence says they prove."""
    evidence = load_evidence()
    names = ("wf.terminates", "wf.view_decides_legal")
    fresh = proofs_by_clause(list(names))
    committed = {cid: tuple(q for q in queries if q in names) for cid, queries in evidence.proofs.items()}
    assert fresh == {cid: qs for cid, qs in committed.items() if qs}


@pytest.mark.clause("gang.end_angriff", "schwung.farbzwang")
def test_a_sample_of_the_exhaustive_counts_is_recomputed() -> None:
    """The Gang length and allowed-answers checks run again on their whole domains give the committed counts (3,072 and 180,800 inputs)."""
    evidence = load_evidence()
    fresh = exhaustive_by_clause(["gang.length", "schwung.allowed"])
    for cid, checks in fresh.items():
        assert set(checks) <= set(evidence.exhaustive[cid]), cid
    assert ("gang.length", 3072) in fresh["gang.end_angriff"]
    assert ("schwung.allowed", 180800) in fresh["schwung.farbzwang"]


def test_json_shape_and_round_trip(statuses: dict[str, ClauseStatus]) -> None:
    """``statuses_json`` gives per clause level, text and evidence; the evidence file reads back to itself."""
    data = statuses_json(statuses)
    entry = data["schwung.farbzwang"]
    assert set(entry) == {"level", "text", "proofs", "exhaustive", "exhaustive_inputs", "vectors", "mutants", "tests", "engine", "no_statement"}
    assert entry["text"] == LEVEL_TEXT[entry["level"]]
    evidence = load_evidence()
    assert Evidence.from_json(json.loads(json.dumps(evidence.to_json()))) == Evidence.from_json(evidence.to_json())
    with pytest.raises(InvalidArgumentError, match="evidence"):
        Evidence.from_json({"proofs": {}})


def test_clause_status_of_one_clause() -> None:
    """``clause_status`` gives one clause; an unknown id raises UnknownNameError naming ``clause_id``."""
    assert clause_status("schwung.farbzwang").clause_id == "schwung.farbzwang"
    with pytest.raises(UnknownNameError, match="clause_id"):
        clause_status("no.such.clause")


def test_clauses_status_table_fits_80_columns() -> None:
    """``schwinget clauses --status`` at 80 columns lists every clause with its level, no line wider than 80."""
    result = CliRunner().invoke(clauses_command, ["--status"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert sum(1 for line in lines if "schwung.farbzwang" in line) == 1
    assert "engine" in next(line for line in lines if "schwung.farbzwang" in line)


def test_clauses_json_carries_the_status() -> None:
    """``schwinget clauses --json`` gives each clause its status object."""
    result = CliRunner().invoke(clauses_command, ["--json"])
    assert result.exit_code == 0, result.output
    clauses = json.loads(result.output)["clauses"]
    assert all(c["status"]["level"] in LEVELS for c in clauses)
    assert len(clauses) == len(CLAUSES)


def test_two_recomputations_at_once_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """--ends with --levels (or any two of --quick, --engine, --ends, --levels) is refused with exit code 2 before anything runs, not one of them run silently."""
    from schwinget_spec.cli.evidence import main  # noqa: PLC0415

    with pytest.raises(SystemExit) as exited:
        main(["--ends", "--levels"])
    assert exited.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
