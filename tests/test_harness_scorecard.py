"""The whole story of a run: a divergence does not stop it, every declared level is played, and the report is a scorecard with every failure."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.cli.conformance import conformance_run_command
from schwinget_spec.conformance.harness.run import (
    DEFAULT_MAX_FAILURES,
    format_report,
    run_harness,
    verdict_line,
)
from schwinget_spec.conformance.mutants.engines import AngriffOnEmptyPile, FestOnceEach
from schwinget_spec.conformance.protocol.engine_session import LoopbackClient
from schwinget_spec.conformance.protocol.reference_server import ReferenceServer
from schwinget_spec.conformance.reports.junit import junit_xml
from schwinget_spec.conformance.reports.page import html_page
from schwinget_spec.conformance.reports.summary import summarise
from schwinget_spec.errors import InvalidArgumentError


class _GangAndFestBugs(AngriffOnEmptyPile, FestOnceEach):
    """An engine with two bugs: the Angriff is offered on an empty pile (Gang level), and each pair meets once (Schwingfest level)."""


def _two_bugs() -> LoopbackClient:
    return LoopbackClient(ReferenceServer(_GangAndFestBugs()).handle)


@pytest.fixture(scope="module")
def two_bugs() -> Any:
    """A short run against the two-bug engine, in process through the protocol."""
    return run_harness(["(in process)"], client_factory=_two_bugs, games=4, steer=1, max_failures_per_level=3)


@pytest.mark.clause("angriff.not_empty_pile", "fest.twice_each")
def test_a_bug_at_the_gang_level_and_one_at_the_schwingfest_level_are_both_reported_shrunk_and_confirmed(two_bugs: Any) -> None:
    """Both bugs are reported, each named by its clause: the Gang level's first divergence shrunk and confirmed on a fresh engine, the Schwingfest level's confirmed on a fresh engine; the levels between are checked and pass."""
    report = two_bugs
    assert not report.passed
    assert verdict_line(report) == "DIVERGES at gang, schwingfest"
    gang = report.divergence
    assert gang is not None
    assert (gang.clause_id, gang.fresh) == ("angriff.not_empty_pile", "reproduced")
    assert gang.shrink_replays > 0
    assert report.gang_failures[0] == gang
    assert len(report.gang_failures) == report.gang_failed_games == 3
    assert report.gang_bounded
    assert report.levels is not None
    checks = {c.level: c for c in report.levels.checks}
    fest = checks["schwingfest"]
    assert fest.checked
    assert [(f.clause_id, f.kind) for f in fest.failures] == [("fest.twice_each", "wrong_schedule")] * 3
    assert fest.failures[0].fresh == "reproduced"
    assert report.levels.divergence == fest.failures[0]
    assert (checks["scoring"].failures, checks["match"].failures) == ((), ())
    assert checks["scoring"].played > 0
    assert checks["match"].played > 0


def test_text_json_and_junit_carry_every_failure(two_bugs: Any) -> None:
    """The text has the scorecard, each level's first divergence in full and the others one line each; the JSON has the scorecard and every failure; the JUnit has a failed case per divergence."""
    report = two_bugs
    text = format_report(report)
    assert "scorecard (each level played on after a divergence, up to 3 diverging games):" in text
    assert "  gang: " in text
    assert "3 failed, 297 not played (stopped at the bound)" in text
    assert "clauses failed: angriff.not_empty_pile 3" in text
    assert "clauses failed: fest.twice_each 3" in text
    assert "first divergence (wrong_legal_actions)" in text
    assert "first divergence at the schwingfest level (wrong_schedule)" in text
    assert "2 more divergences of the gang level (as found, not shrunk):" in text
    assert "2 more divergences of the schwingfest level (as found):" in text
    data = json.loads(json.dumps(report.to_json()))
    card = {c["level"]: c for c in data["scorecard"]}
    assert (card["gang"]["games_failed"], card["gang"]["clauses_failed"], card["gang"]["bounded"]) == (
        3, {"angriff.not_empty_pile": 3}, True
    )
    assert (card["schwingfest"]["games_failed"], card["schwingfest"]["clauses_failed"]) == (3, {"fest.twice_each": 3})
    assert (card["scoring"]["games_failed"], card["match"]["games_failed"]) == (0, 0)
    assert len(data["gang_failures"]) == 3
    assert data["divergence"] == data["gang_failures"][0]
    levels = {entry["level"]: entry for entry in data["levels"]}
    assert len(levels["schwingfest"]["failures"]) == 3
    assert data["level_divergence"] == levels["schwingfest"]["failures"][0]
    summary = summarise(data, "two bugs")
    assert [f.level for f in summary.failures] == ["gang"] * 3 + ["schwingfest"] * 3
    root = ET.fromstring(junit_xml(summary))
    divergences = [case for suite in root if suite.get("name", "").endswith(": divergences") for case in suite]
    assert len(divergences) == 6
    assert all(case.find("failure") is not None for case in divergences)
    page = html_page([summary])
    assert page.count("</h3>") >= 6
    assert page.count("at the gang level</h3>") == 3
    assert page.count("at the schwingfest level</h3>") == 3


def test_the_bound_on_failures_is_an_integer_of_1_or_more() -> None:
    """``max_failures_per_level`` below 1 or not an integer is refused before anything runs, naming it; the command's default is the library's."""
    bad: Any
    for bad in (0, -1, True, 2.5):
        with pytest.raises(InvalidArgumentError) as caught:
            run_harness(["(in process)"], client_factory=_two_bugs, max_failures_per_level=bad)
        assert caught.value.parameter == "max_failures_per_level"
    result = CliRunner().invoke(cli, ["conformance", "run", "--max-failures-per-level", "0", "--", sys.executable, "-c", "pass"])
    assert result.exit_code == 2
    assert "--max-failures-per-level" in result.output
    option = next(p for p in conformance_run_command.params if p.name == "max_failures_per_level")
    assert option.default == DEFAULT_MAX_FAILURES


@pytest.mark.clause("fest.twice_each")
def test_the_command_reports_the_scorecard_and_exits_1() -> None:
    """``conformance run`` against a subprocess engine with a Schwingfest bug prints the scorecard with every level checked, and exits 1."""
    engine = [sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server",
              "--engine", "schwinget_spec.conformance.mutants.engines:FestOnceEach"]
    result = CliRunner().invoke(cli, ["conformance", "run", "--games", "0", "--steer", "0", "--no-vectors",
                                      "--max-failures-per-level", "1", "--", *engine])
    assert result.exit_code == 1, result.output
    assert "\nresult: DIVERGES at schwingfest\n" in result.output
    assert "  schwingfest: 1 Schwingfeste played: 0 passed, 1 failed, 1 not played (stopped at the bound);" in result.output
