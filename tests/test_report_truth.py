"""The reports of a run tell the truth: every format shows each level's failures from the one scorecard, every count adds up, and every replay pastes."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance.harness.divergence_clauses import points_clause
from schwinget_spec.conformance.harness.run import check_adapter, format_report, run_harness, verdict_line
from schwinget_spec.conformance.mutants.engines import (
    AngriffOnEmptyPile,
    FestOnceEach,
    GoodLoserScoresTwo,
    GoodLoserUnderSchwingerwertung,
    WinnerStarts,
)
from schwinget_spec.conformance.mutants.kill import mutant_command
from schwinget_spec.conformance.protocol.adapter import ReferenceAdapter
from schwinget_spec.conformance.protocol.engine_session import LoopbackClient
from schwinget_spec.conformance.protocol.readings import SWITCH_NAMES, Readings
from schwinget_spec.conformance.protocol.reference_server import EngineMatch, ReferenceEngine, ReferenceServer
from schwinget_spec.conformance.reports.junit import junit_xml
from schwinget_spec.conformance.reports.page import html_page, markdown_page
from schwinget_spec.conformance.reports.summary import CellStatus, summarise
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem, compute_gang_score
from schwinget_spec.support.safe_text import markdown_text

_LEVELS = ("gang", "scoring", "match", "schwingfest")


class _EveryLevel(AngriffOnEmptyPile, GoodLoserScoresTwo, WinnerStarts, FestOnceEach):
    """An engine with a bug at every level: the Angriff on an empty pile, the good loser's 2 points, the winner starting the next Gang, each pair meeting once."""


def _engine() -> LoopbackClient:
    return LoopbackClient(ReferenceServer(_EveryLevel()).handle)


@pytest.fixture(scope="module")
def run() -> Any:
    """A short run against the engine failing at every level, in process through the protocol, and its JSON."""
    report = run_harness(["(in process)"], client_factory=_engine, games=3, steer=1, max_failures_per_level=2)
    return report, json.loads(json.dumps(report.to_json()))


def test_every_level_fails_in_the_scorecard_and_the_verdict(run: Any) -> None:
    """The scorecard fails each of the four levels, and the verdict names the same four levels."""
    report, data = run
    card = report.score()
    assert card.failed_levels == _LEVELS
    assert verdict_line(report) == "DIVERGES at gang, scoring, match, schwingfest" == data["verdict"] == card.verdict
    assert [s["status"] for s in data["scorecard"]] == ["failed"] * 4


def test_every_count_adds_up(run: Any) -> None:
    """Per level: played = passed + failed, planned = played + not played, the vectors listed are the vectors counted; in total too."""
    report, data = run
    levels = {entry["level"]: entry for entry in data["levels"]}
    for score in data["scorecard"]:
        assert score["games_played"] == score["games_passed"] + score["games_failed"]
        assert score["games_failed"] > 0
        counted = score["vectors_passed"] + score["vectors_failed"] + score["vectors_not_reached"] + score["vectors_skipped"]
        assert score["vectors_listed"] == counted
        if score["level"] == "gang":
            listed = len(data["vector_results"]) + len(data["skipped"])
            assert score["games_played"] == data["vector_gaenge_played"] + data["random_games_played"] + data["steered_games_played"]
            assert score["games_failed"] == len(data["gang_failures"])
        else:
            entry = levels[score["level"]]
            listed = len(entry["vector_results"]) + len(entry["skipped"])
            assert score["games_failed"] == entry["failed"] == len(entry["failures"])
            assert score["games_skipped"] == entry["unplayed"]
        assert listed == score["vectors_listed"]
    assert data["vectors_played"] == sum(1 for v in data["vector_results"] if v["status"] != "not_reached")
    total = report.score()
    assert sum(s.games_played for s in total.levels) == sum(s.games_passed + s.games_failed for s in total.levels)


def test_the_text_shows_each_level_as_the_json_counts_it(run: Any) -> None:
    """Each level's line of the text scorecard carries the JSON's figures; the text has no Python None."""
    report, data = run
    text = format_report(report)
    for s in data["scorecard"]:
        line = f"  {s['level']}: {s['games_played']} {s['unit']} played: {s['games_passed']} passed, {s['games_failed']} failed"
        assert line in text
        assert f"vectors {s['vectors_passed']} passed, {s['vectors_failed']} failed" in text
    assert "result: DIVERGES at gang, scoring, match, schwingfest" in text
    assert not re.search(r"\bNone\b", text)


def test_junit_html_and_markdown_fail_every_level(run: Any) -> None:
    """JUnit has a failed case per level, the page a ✘ on each level in the levels matrix and the scorecard with its figures, and the verdict row is the scorecard's."""
    _, data = run
    summary = summarise(data, "every level")
    for level in _LEVELS:
        assert summary.cell("levels", level).status is CellStatus.FAILED
    root = ET.fromstring(junit_xml(summary))
    cases = {case.get("name"): case for suite in root if suite.get("name", "").endswith("levels") for case in suite}
    for level in _LEVELS:
        assert cases[level].find("failure") is not None, level
    page = html_page([summary])
    assert "<tr><th>verdict</th><td>DIVERGES at gang, scoring, match, schwingfest</td></tr>" in page
    md = markdown_page([summary])
    for s in data["scorecard"]:
        figures = f"{s['games_played']} {s['unit']} played: {s['games_passed']} passed, {s['games_failed']} failed"
        assert re.search(rf'<td class="c failed"[^>]*><a href="#failure-0-\d+">✘ {s["games_failed"]}</a></td>', page.split(f"<code>{s['level']}</code></td>", 1)[1])
        assert f"<b>✘</b> {figures}" in page
        assert markdown_text(f"✘ {figures}") in md
        first = s["first_failure"]
        assert first is not None
        assert markdown_text(f"first divergence: {first['kind']} in {first['source']}") in md
    assert "None" not in re.sub(r"<[^>]+>", "", page).replace("none", "")


def _answers(lines: list[str], engine: Any) -> list[dict[str, Any]]:
    server = ReferenceServer(engine)
    out = []
    for line in lines:
        try:
            out.append(server.handle(json.loads(line)))
        except Exception as exc:
            out.append({"ok": False, "error": type(exc).__name__})
    return out


def test_every_replay_pastes_and_diverges_again(run: Any) -> None:
    """Each 'replay by sending these N lines' of the text prints all N lines, the first divergence of every level; sent to the engine they end in an answer the reference does not give."""
    report, _ = run
    text = format_report(report).splitlines()
    blocks = []
    for i, line in enumerate(text):
        found = re.fullmatch(r"\s*replay by sending these (\d+ )?lines:", line)
        if found:
            body = []
            for nxt in text[i + 1:]:
                if not nxt.startswith("    {"):
                    break
                body.append(nxt.strip())
            if found.group(1):
                assert len(body) == int(found.group(1))
            blocks.append(body)
    assert len(blocks) == 4
    for body in blocks:
        assert "..." not in body
        assert json.loads(body[0]) == {"cmd": "hello"}
        engine, reference = _answers(body, _EveryLevel()), _answers(body, None)
        assert engine[-1] != reference[-1]


def _declared_line(engine: str, hello: dict[str, Any]) -> str:
    """The README's line for ``engine``, made from its ``hello``."""
    switches = hello["switches"]
    listed = ", ".join(f"`{n}`" for n in switches) if isinstance(switches, list) else "; ".join(
        f"`{n}` ({', '.join(json.dumps(v) for v in values)})" for n, values in switches.items()
    )
    every = ", each with every value" if isinstance(switches, list) else ""
    missing = [n for n in SWITCH_NAMES if n not in switches]
    left = f"; not declared: {', '.join(f'`{n}`' for n in missing)}" if missing else "; every switch declared"
    levels = ", ".join(f"`{lv}`" for lv in hello["levels"])
    return f"- `{engine}`: levels {levels}; switches{every}: {listed}{left}."


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_js_readme_states_exactly_what_each_engine_declares() -> None:
    """examples/js/README.md lists, per example engine, the levels and switches its hello declares and the switches it leaves out."""
    root = Path(__file__).resolve().parent.parent / "examples" / "js"
    readme = (root / "README.md").read_text(encoding="utf-8")
    engines = sorted(p.name for p in root.glob("*.js"))
    assert engines
    for engine in engines:
        answer = subprocess.run(
            ["node", str(root / engine)], input='{"cmd": "hello"}\n', capture_output=True, text=True, timeout=30, check=True
        )
        hello = json.loads(answer.stdout.splitlines()[0])
        assert f"<!-- declared: {engine} -->\n{_declared_line(engine, hello)}\n" in readme, engine


class _AlwaysDraws(ReferenceEngine):
    """An engine that declares both values of match_draw and always plays "draw": a match with equal totals is drawn."""

    def equal_totals_winner(self, match: EngineMatch) -> Player | None:
        return None


def test_a_declared_value_no_game_separated_is_named_in_the_verdict() -> None:
    """Against an engine that declares both values of match_draw and always plays "draw", a short run meets no separating match under "more_tricks"; its verdict names that value as declared, not exercised instead of passing it silently."""
    declared = Readings.from_json({"match_draw": ["draw", "more_tricks"]})

    def engine() -> LoopbackClient:
        return LoopbackClient(ReferenceServer(_AlwaysDraws(), declare=declared).handle)

    report = run_harness(["(in process)"], client_factory=engine, vectors=False, games=3, steer=0, seed=1)
    assert report.passed
    assert ("match_draw", "more_tricks") in report.not_exercised
    verdict = verdict_line(report)
    assert verdict.startswith(
        "PASSED under readings defaults (Rules()) with match_draw varied: gang, scoring, match, schwingfest; declared, not exercised: "
    )
    assert "match_draw=more_tricks" in verdict
    doc = (Path(__file__).resolve().parent.parent / "docs" / "harness.md").read_text(encoding="utf-8")
    quoted = re.search(r"^result: (.*); not reached: \.\.\.$", doc, re.MULTILINE)
    assert quoted is not None
    assert verdict.startswith(quoted.group(1) + "; not reached: ")
    data = json.loads(json.dumps(report.to_json()))
    assert {"switch": "match_draw", "value": "more_tricks"} in data["not_exercised"]
    assert "declared, not exercised" in format_report(report)
    facts = dict(summarise(data).facts)
    assert "match_draw=more_tricks" in facts["declared, not exercised"]
    assert facts["verdict"] == verdict


def test_the_good_loser_point_under_the_schwingerwertung_is_named_by_its_clause() -> None:
    """The mutant giving the good loser's point under the Schwingerwertung too is named table.gut_gekaempft, not the row of the outcome; a loser's other Schwingerwertung figure is still named by its row."""
    engine, reference = GoodLoserUnderSchwingerwertung(), ReferenceEngine()
    system, rules = ScoringSystem.SCHWINGERWERTUNG, Rules()
    for seed in range(200):
        state = start_gang(Deal.shuffled(seed), Player.P0, rules)
        chooser = random.Random(seed)
        while not state.is_over:
            state = state.apply(chooser.choice(state.legal_actions()).code)
        result = state.result
        if result.loser is not None and result.tricks[result.loser] >= 3:
            break
    else:
        pytest.fail("no Gang with a good loser in 200 deals")
    expected, actual = reference.gang_points(result, system, rules), engine.gang_points(result, system, rules)
    assert expected != actual
    assert points_clause(result, system, rules, expected, actual) == "table.gut_gekaempft"
    other = list(expected)
    other[result.loser] = Points(system, expected[result.loser].hundredths + 25)
    assert points_clause(result, system, rules, expected, other) == compute_gang_score(result, system, rules).rows[result.loser].clause_id


def test_a_printed_replay_piped_into_the_engine_process_diverges_again() -> None:
    """The Schwingfest replay a run prints for the mutant fest-once-each, sent as it stands to that mutant started as a process, ends in a schedule the reference does not give."""
    engine = FestOnceEach()
    report = run_harness(["(in process)"], client_factory=lambda: LoopbackClient(ReferenceServer(engine).handle),
                         vectors=False, games=0, steer=0, max_failures_per_level=1)
    text = format_report(report).splitlines()
    start = next(i for i, line in enumerate(text) if re.fullmatch(r"  replay by sending these \d+ lines:", line))
    count = int(text[start].split()[4])
    lines = [line.strip() for line in text[start + 1 : start + 1 + count]]
    assert all(line.startswith("{") for line in lines)
    answered = subprocess.run(
        mutant_command("fest-once-each"), input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60,
        check=True,
    )
    answers = answered.stdout.splitlines()
    assert len(answers) == count
    assert json.loads(answers[-1]) != _answers(lines, None)[-1]


# -- the verdict in every format: the scorecard's, with the readings played; a malformed hello named so


def _formats(data: dict[str, Any]) -> dict[str, str]:
    """The verdict each format of a run's JSON shows: the summary's, the HTML and markdown pages' verdict rows, JUnit's property."""
    summary = summarise(data, "run")
    html = html_page([summary])
    md = markdown_page([summary])
    junit = ET.fromstring(junit_xml(summary))
    row = re.search(r"<tr><th>verdict</th><td>([^<]*)</td></tr>", html)
    md_row = re.search(r"^\| verdict \| (.*) \|$", md, re.MULTILINE)
    prop = junit.find(".//properties/property[@name='verdict']")
    assert row is not None
    assert md_row is not None
    assert prop is not None
    return {
        "summary": summary.verdict,
        "html": row.group(1).replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&"),
        "markdown": md_row.group(1),
        "junit": str(prop.get("value")),
    }


def test_a_pass_under_the_defaults_says_so_in_every_format() -> None:
    """A run that passes under the default readings says ``PASSED under readings defaults (Rules())`` in the text, the JSON, the scorecard, both pages and JUnit: the same verdict everywhere."""

    def engine() -> LoopbackClient:
        return LoopbackClient(ReferenceServer(ReferenceEngine(), declare=Readings()).handle)

    report = run_harness(["(in process)"], client_factory=engine, vectors=False, games=2, steer=0, seed=1)
    assert report.passed, format_report(report)
    verdict = verdict_line(report)
    assert verdict.startswith("PASSED under readings defaults (Rules()): gang, scoring, match, schwingfest")
    data = json.loads(json.dumps(report.to_json()))
    assert data["verdict"] == report.score().verdict == verdict
    assert f"\nresult: {verdict}\n" in format_report(report) + "\n"
    shown = _formats(data)
    assert shown["summary"] == shown["junit"] == shown["html"] == verdict, shown
    assert shown["markdown"] == markdown_text(verdict)


def _deep_hello(request: Any) -> dict[str, Any]:
    """The reference's answers, but a hello whose switches hold a list nested 100 deep."""
    answer = ReferenceServer(ReferenceEngine()).handle(request)
    if request.get("cmd") == "hello":
        nested: list[Any] = []
        for _ in range(100):
            nested = [nested]
        answer["switches"] = [nested]
    return answer


def test_a_malformed_hello_is_named_malformed_with_its_path_in_every_format() -> None:
    """A hello nested deeper than the protocol allows fails to start with the verdict ``FAILED TO START: malformed hello at <path>`` in the text, the JSON, both pages and JUnit."""
    report = run_harness(["(in process)"], client_factory=lambda: LoopbackClient(_deep_hello), games=1, vectors=False, steer=0)
    assert report.startup_kind == "malformed"
    verdict = verdict_line(report)
    assert verdict.startswith("FAILED TO START: malformed hello at $.switches[0][0][0]")
    assert f"result: {verdict}\n" in format_report(report)
    data = json.loads(json.dumps(report.to_json()))
    assert data["verdict"] == verdict
    shown = _formats(data)
    assert shown["summary"] == shown["junit"] == shown["html"] == verdict, shown
    assert shown["markdown"] == markdown_text(verdict)


def test_a_pass_in_every_reading_names_the_combinations_played() -> None:
    """A run with ``--all-readings`` that passes in each says so in its verdict: ``PASSED under readings in all 2 combinations of ...``."""
    report = check_adapter(
        ReferenceAdapter(), games=1, steer=0, vectors=False, switches=("special_cards_follow_colour",), all_readings=True
    )
    assert report.passed
    assert verdict_line(report).startswith("PASSED under readings in all 2 combinations of special_cards_follow_colour: gang")
    assert report.readings[1].report.to_json()["verdict"].startswith(
        "PASSED under readings special_cards_follow_colour=true (not the default): gang"
    )
