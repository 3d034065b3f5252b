"""Reports for CI and people: the JUnit XML of a run and the page of several runs side by side, from their JSON reports."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.conformance.harness.run import check_adapter
from schwinget_spec.conformance.mutants.kill import run_mutant
from schwinget_spec.conformance.mutants.registry import get_mutant
from schwinget_spec.conformance.protocol.adapter import ReferenceAdapter
from schwinget_spec.conformance.reports import (
    CellStatus,
    ReportFileError,
    html_page,
    junit_xml,
    load_report,
    markdown_page,
    summarise,
    summarise_readings,
)


@pytest.fixture(scope="module")
def failing() -> dict[str, Any]:
    """The JSON report of a default run against the mutant whose Konter beats the trump 5 (in process)."""
    _, report = run_mutant(get_mutant("konter-beats-trump-five"), in_process=True, games=0)
    assert not report.passed
    data: dict[str, Any] = json.loads(json.dumps(report.to_json()))
    return data


@pytest.fixture(scope="module")
def passing() -> dict[str, Any]:
    """The JSON report of a short in-process run of the reference."""
    data: dict[str, Any] = json.loads(json.dumps(check_adapter(ReferenceAdapter(), games=20, seed=3, vectors=False).to_json()))
    return data


def _cases(root: ET.Element, suite_suffix: str) -> dict[str, ET.Element]:
    return {
        case.get("name", ""): case
        for suite in root
        if suite.get("name", "").endswith(suite_suffix)
        for case in suite
    }


@pytest.mark.clause("konter.loses")
def test_junit_fails_the_broken_clause_with_its_reproduction(failing: dict[str, Any]) -> None:
    """The JUnit XML of a failing run fails the named clause, the Gang level and the vector with the reproduction, has a failed case per divergence, and skips what was not reached; the levels after the Gang's are checked all the same."""
    root = ET.fromstring(junit_xml(summarise(failing, "mutant")))
    assert int(root.get("failures", "0")) >= 2
    clause = _cases(root, ": clauses")["konter.loses"]
    failure = clause.find("failure")
    assert failure is not None
    assert '"cmd": "apply"' in (failure.text or "")
    assert "Brienzer-Konter" in (failure.text or "")
    assert _cases(root, ": levels")["gang"].find("failure") is not None
    # a divergence does not stop the run: the match level was checked
    assert _cases(root, ": levels")["match"].find("skipped") is None
    divergences = _cases(root, ": divergences")
    assert len(divergences) == len(summarise(failing, "mutant").failures) >= 1
    assert all(case.find("failure") is not None for case in divergences.values())
    assert failing["divergence"]["source"].startswith("vector ")
    vector = failing["divergence"]["source"].removeprefix("vector ").split(",")[0]
    vectors = _cases(root, ": vectors")
    assert vectors[vector].find("failure") is not None
    assert [c for c in vectors.values() if c.find("skipped") is not None], "vectors after the divergence are not reached"
    skipped = [c for c in _cases(root, ": clauses").values() if c.find("skipped") is not None]
    assert skipped


def test_junit_of_a_passing_run_has_no_failure(passing: dict[str, Any]) -> None:
    """A passing run's JUnit XML has no failure; each named situation is a test case, passed or skipped as not reached."""
    summary = summarise(passing, "reference")
    root = ET.fromstring(junit_xml(summary))
    assert root.get("failures") == "0"
    situations = _cases(root, ": named situations")
    assert set(situations) == {name for name, _ in summary.situations}
    for name, cell in summary.situations:
        expected = "skipped" if cell.status is not CellStatus.PASSED else None
        assert (situations[name].find("skipped") is not None) == (expected == "skipped")


def test_page_puts_runs_side_by_side(passing: dict[str, Any], failing: dict[str, Any]) -> None:
    """The page has a column per run; the failed clause links to the failure, told Schwung by Schwung with the diverging action marked."""
    summaries = [summarise(passing, "reference"), summarise(failing, "mutant")]
    page = html_page(summaries)
    assert "<th>reference</th><th>mutant</th>" in page
    assert '<a href="#failure-1-0">✘' in page
    assert 'id="failure-1-0"' in page
    assert 'class="diverged"' in page
    assert "konter.loses" in page
    md = markdown_page(summaries)
    assert "| `konter.loses` |" in md
    assert "**← diverges**" in md
    assert summaries[1].cell("clauses", "konter.loses").status is CellStatus.FAILED
    assert summaries[0].cell("clauses", "konter.loses").status in (CellStatus.PASSED, CellStatus.NOT_REACHED)


def test_load_report_refuses_what_is_no_report(tmp_path: Path) -> None:
    """A missing file, a directory, bad JSON and a JSON object of another kind are refused, naming the file."""
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text('{"a": 1}', encoding="utf-8")
    for path in (tmp_path / "missing.json", tmp_path, bad, other):
        with pytest.raises(ReportFileError, match=str(path.name)):
            load_report(path)


def test_cli_report_and_junit(tmp_path: Path, passing: dict[str, Any], failing: dict[str, Any]) -> None:
    """`conformance report A B -o page.html --junit j.xml` writes both; a bad report or output path is a usage error (exit 2)."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(passing), encoding="utf-8")
    b.write_text(json.dumps(failing), encoding="utf-8")
    page, junit, md = tmp_path / "page.html", tmp_path / "j.xml", tmp_path / "page.md"
    result = CliRunner().invoke(cli, ["conformance", "report", str(a), str(b), "-o", str(page), "--junit", str(junit)])
    assert result.exit_code == 0, result.output
    assert "<table>" in page.read_text(encoding="utf-8")
    assert ET.fromstring(junit.read_text(encoding="utf-8")).tag == "testsuites"
    result = CliRunner().invoke(cli, ["conformance", "report", str(a), "-o", str(md)])
    assert result.exit_code == 0, result.output
    assert md.read_text(encoding="utf-8").startswith("# Schwinget conformance")
    for args in (
        [str(tmp_path / "missing.json"), "-o", str(page)],
        [str(a), "-o", str(tmp_path / "no" / "page.html")],
        [str(a), "-o", str(tmp_path)],
        [str(a), "-o", str(page), "--junit", str(tmp_path / "no" / "j.xml")],
    ):
        result = CliRunner().invoke(cli, ["conformance", "report", *args])
        assert result.exit_code == 2, (args, result.output)


def test_cli_run_writes_junit(tmp_path: Path) -> None:
    """`conformance run --junit PATH` writes the JUnit XML of the run, here of an engine that fails to start; a bad PATH is exit 2."""
    junit = tmp_path / "run.xml"
    engine = [sys.executable, "-c", "import sys; sys.exit(3)"]
    result = CliRunner().invoke(cli, ["conformance", "run", "--junit", str(junit), "--", *engine])
    assert result.exit_code == 1, result.output
    root = ET.fromstring(junit.read_text(encoding="utf-8"))
    assert root.tag == "testsuites"
    result = CliRunner().invoke(cli, ["conformance", "run", "--junit", str(tmp_path / "no" / "x.xml"), "--", *engine])
    assert result.exit_code == 2
    assert "--junit" in result.output


def test_each_reading_gets_a_column(passing: dict[str, Any], failing: dict[str, Any]) -> None:
    """A run with --all-readings shows one more column per reading, named by the switches it sets otherwise than by default."""
    both = {**passing, "readings": [{"reading": {"konter_beats_trump_six": True}, **passing},
                                    {"reading": {"konter_beats_trump_six": False}, **failing}]}
    labels = [s.label for s in summarise_readings(both, "engine")]
    assert labels == ["engine", "engine [default rules]", "engine [konter_beats_trump_six=false]"]
    page = html_page(summarise_readings(both, "engine"))
    assert "<th>engine [konter_beats_trump_six=false]</th>" in page


@pytest.mark.clause("match.winner")
def test_junit_has_a_case_per_level_vector() -> None:
    """A run that diverges at the match level lists in JUnit each scoring vector passed, the first failing match vector failed with the fresh confirmation (the level stops there: the kill matrix runs each level to its first divergence), and every Schwingfest vector, checked after it, passed."""
    _, report = run_mutant(get_mutant("equal-totals-p0-wins"), in_process=True, games=0)
    data = json.loads(json.dumps(report.to_json()))
    root = ET.fromstring(junit_xml(summarise(data, "mutant")))
    vectors = _cases(root, ": vectors")
    by_level = {entry["level"]: entry for entry in data["levels"]}
    for level in ("scoring", "match", "schwingfest"):
        ids = [r["id"] for r in by_level[level]["vector_results"]]
        assert ids
        assert all(i.startswith(f"{level}.") and i in vectors for i in ids)
    assert all(vectors[i].find("failure") is None and vectors[i].find("skipped") is None
               for i in (r["id"] for r in by_level["scoring"]["vector_results"]))
    failed = [i for i, case in vectors.items() if case.find("failure") is not None]
    assert failed == [data["level_divergence"]["source"].removeprefix("vector ")]
    text = vectors[failed[0]].find("failure").text or ""  # type: ignore[union-attr]
    assert "clause match.winner" in text
    assert "reproduction confirmed on a freshly started implementation" in text
    assert all(vectors[r["id"]].find("failure") is None and vectors[r["id"]].find("skipped") is None
               for r in by_level["schwingfest"]["vector_results"])
