"""The protocol's levels: the reference engine behind the protocol passes every level, and a single bug in the points, a match starter, the match winner, the Schwingfest schedule, starters or ranks is caught with its clause."""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.engine_session import EngineSession
from schwinget_spec.conformance.generate import switch_flips
from schwinget_spec.conformance.harness import format_report, run_harness
from schwinget_spec.conformance.level_report import LevelsReport, format_level_divergence
from schwinget_spec.conformance.level_vectors import (
    DEFAULT_FESTS,
    DEFAULT_MATCHES,
    DEFAULT_SCORED_GAENGE,
    play_levels,
    vector_rules_for,
)
from schwinget_spec.conformance.protocol import ALL_SWITCHES, GANG_SWITCHES, LEVELS, ProtocolError
from schwinget_spec.conformance.protocol_levels import (
    ask_fest_meeting,
    ask_fest_result,
    ask_fest_schedule,
    ask_match_next,
    ask_match_result,
    ask_points,
)
from schwinget_spec.conformance.runner import verdict_matches
from schwinget_spec.conformance.suite import load_vectors
from schwinget_spec.conformance.verify import verify_trace
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, TableRow

TESTS = Path(__file__).parent
SERVER = [sys.executable, "-m", "schwinget_spec.conformance.reference_server"]


def _command(mutant: str | None) -> list[str]:
    return SERVER if mutant is None else [*SERVER, "--engine", f"level_mutants:{mutant}"]


@pytest.fixture
def mutant_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tests`` on the path of the engine's subprocess, so that ``--engine level_mutants:NAME`` imports."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))



def _levels(mutant: str) -> LevelsReport:
    """The levels of a default run against the single-bug engine ``mutant``.

    Each mutant overrides one scoring, match or Schwingfest method of the reference
    engine and none of its Gang methods, so the Gang level of a default run passes as
    for the reference; this plays what the default run plays next: ``play_levels`` with
    its default counts and the shipped vectors.
    """
    session = EngineSession(_command(mutant), 5.0, 20.0, None)
    try:
        session.connect()
        assert session.hello is not None
        report, gang = play_levels(session.get, session.hello, seed=0, vectors=True, gang_played=(0, 0), run=True)
    finally:
        session.close()
    assert gang is None
    return report


# -- passing


@pytest.mark.clause("match.winner", "match.loser_starts", "fest.twice_each", "table.gut_gekaempft")
def test_reference_server_passes_a_default_run_at_every_level() -> None:
    """A default conformance run of the reference engine behind the protocol passes and checks every level."""
    report = run_harness(_command(None))
    assert report.passed, format_report(report)
    assert report.levels is not None
    assert report.levels.checked == LEVELS
    assert "result: PASSED: gang, scoring, match, schwingfest" in format_report(report)
    fields = report.to_json()
    assert fields["levels_checked"] == list(LEVELS)
    assert fields["levels_not_checked"] == []
    by_level = {c["level"]: c for c in fields["levels"]}
    assert by_level["scoring"]["vectors"] == len([v for v in load_vectors() if v.group == "scoring"])
    assert by_level["match"]["played"] > by_level["match"]["vectors"] > 0
    assert by_level["schwingfest"]["played"] > by_level["schwingfest"]["vectors"] > 0


def test_gang_only_engine_passes_and_says_what_was_not_checked(mutant_env: None) -> None:
    """An engine declaring only the Gang level passes with a verdict line naming the levels not checked."""
    report = run_harness(_command("GangOnly"), games=5, vectors=False)
    assert report.passed, format_report(report)
    assert "result: PASSED: gang; not checked: scoring, match, schwingfest" in format_report(report)
    assert report.to_json()["levels_not_checked"] == ["scoring", "match", "schwingfest"]
    assert report.to_json()["levels_declared"] == ["gang"]


def test_protocol_one_engine_is_served_as_gang_only(mutant_env: None) -> None:
    """An engine answering protocol 1 is played at the Gang level with the four switches of version 1."""
    report = run_harness(_command("ProtocolOne"), games=5, vectors=False)
    assert report.passed, format_report(report)
    assert report.levels is not None
    assert report.levels.protocol == 1
    assert report.levels.checked == ("gang",)


def test_a_level_without_the_level_it_needs_is_refused_at_hello(mutant_env: None) -> None:
    """Declaring the match level without the scoring level is a startup error naming both."""
    report = run_harness(_command("MatchWithoutScoring"), games=1)
    assert report.startup_error is not None
    assert "'match'" in report.startup_error
    assert "'scoring'" in report.startup_error


# -- single bugs, each caught with its clause


_CELLS = [(row, system) for row in TableRow for system in ScoringSystem
          if row is not TableRow.GUT_GEKAEMPFT or system is ScoringSystem.PUNKTEWERTUNG]


@pytest.mark.clause("table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff", "table.sieg_mit_angriff",
                    "table.sieg_ohne_angriff", "table.gestellter", "table.gut_gekaempft")
@pytest.mark.parametrize(("row", "system"), _CELLS, ids=[f"{r.value}-{s.value}" for r, s in _CELLS])
def test_a_wrong_row_of_the_table_is_caught(row: TableRow, system: ScoringSystem, mutant_env: None,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong cell in any row of the Wertungstabelle, under either system, is caught at the scoring level and named by its row."""
    monkeypatch.setenv("SCHWINGET_MUTANT_ROW", f"{row.value}:{system.value}")
    d = _levels("RowMutant").divergence
    assert d is not None
    assert (d.level, d.kind, d.clause_id) == ("scoring", "wrong_points", row.clause_id)


@pytest.mark.clause("table.gut_gekaempft")
@pytest.mark.parametrize("mutant", ["NoGoodLoserAfterPlattwurf", "GoodLoserAtFourTricks"])
def test_a_wrong_good_loser_point_is_caught(mutant: str, mutant_env: None) -> None:
    """The good loser's point withheld after a Plattwurf, or given at 4 tricks instead of 3, is caught and named table.gut_gekaempft."""
    d = _levels(mutant).divergence
    assert d is not None
    assert (d.level, d.kind, d.clause_id) == ("scoring", "wrong_points", "table.gut_gekaempft")


@pytest.mark.clause("match.first_starter", "match.loser_starts", "match.draw_starter")
@pytest.mark.parametrize(
    ("mutant", "clause_id"),
    [
        ("OlderStartsFirst", "match.first_starter"),
        ("WinnerStartsNext", "match.loser_starts"),
        ("MorePointsStartsAfterDraw", "match.draw_starter"),
        ("TieStarterOlder", "match.draw_starter"),
    ],
)
def test_a_wrong_match_starter_is_caught(mutant: str, clause_id: str, mutant_env: None) -> None:
    """A bug in each starter rule of a match (the first Gang, after a win, after a Gestellter at unequal and at equal points) is caught by its clause."""
    d = _levels(mutant).divergence
    assert d is not None
    assert (d.level, d.kind, d.clause_id) == ("match", "wrong_starter", clause_id)
    assert json.loads(d.requests[-1]) == {"cmd": "match_next"}


@pytest.mark.clause("match.winner")
def test_a_winner_on_equal_totals_is_caught_by_a_whole_run(mutant_env: None) -> None:
    """A match won by P0 at equal totals is caught by a whole run (every vector, the levels with their default counts; no random or steered Gänge, which this engine plays as the reference does), named match.winner, and the verdict line says so."""
    report = run_harness(_command("P0WinsEqualTotals"), games=0, steer=0)
    assert not report.passed
    assert report.levels is not None
    d = report.levels.divergence
    assert d is not None
    assert (d.level, d.kind, d.clause_id, d.expected, d.actual) == ("match", "wrong_winner", "match.winner", None, "P0")
    text = format_report(report)
    assert "result: DIVERGES at match; not checked: schwingfest" in text
    assert "clause match.winner" in text
    assert report.to_json()["level_divergence"]["clause_id"] == "match.winner"


@pytest.mark.clause("match.winner", "fest.twice_each", "fest.parallel", "match.loser_starts")
@pytest.mark.parametrize(
    ("mutant", "kind", "clause_id"),
    [
        ("DistinctRanks", "wrong_standings", "match.winner"),
        ("PairsMeetOnce", "wrong_schedule", "fest.twice_each"),
        ("CrowdedRounds", "wrong_schedule", "fest.parallel"),
        ("YoungerStartsBothMeetings", "wrong_starter", "match.loser_starts"),
    ],
)
def test_a_schwingfest_bug_is_caught(mutant: str, kind: str, clause_id: str, mutant_env: None) -> None:
    """Ranks that never share, a pair meeting once, a Schwinger twice in a round, and a wrong starter of a second meeting are caught by their clause."""
    d = _levels(mutant).divergence
    assert d is not None
    assert (d.level, d.kind, d.clause_id) == ("schwingfest", kind, clause_id)


# -- the vectors of the levels


def test_every_vector_lists_the_switches_it_depends_on() -> None:
    """Every shipped vector has ``depends_on``, a sorted list of known switches; a perft vector lists the Gang switches."""
    for vector in load_vectors():
        assert vector.depends_on is not None, vector.id
        assert list(vector.depends_on) == sorted(set(vector.depends_on)), vector.id
        assert set(vector.depends_on) <= set(ALL_SWITCHES), vector.id
        if vector.kind == "perft":
            assert set(vector.depends_on) == set(GANG_SWITCHES)


@pytest.mark.clause("match.draw_starter", "table.gut_gekaempft", "match.winner")
def test_flipping_a_switch_outside_depends_on_keeps_the_verdict_of_the_level_vectors() -> None:
    """For the scoring, match and Schwingfest vectors, every other value of a switch not in ``depends_on`` gives the expected verdict, and every listed switch changes it."""
    for vector in load_vectors():
        if vector.group not in ("scoring", "match", "schwingfest"):
            continue
        assert vector.depends_on is not None
        changed = set()
        for name, value in switch_flips(vector.input.get("rules", {})):
            flipped = copy.deepcopy(vector.input)
            flipped.setdefault("rules", {})[name] = value
            if not verdict_matches(vector.expected, verify_trace(flipped).to_json()):
                changed.add(name)
        assert changed == set(vector.depends_on), vector.id


def test_the_missing_cases_are_in_the_vectors() -> None:
    """The vectors hold a match with equal totals under each system, a shared rank under the default switches, and each row under both systems."""
    vectors = load_vectors().by_id()
    for system in ScoringSystem:
        claims = vectors[f"match.valid.equal_totals.{system.value}.001"].input["claims"]
        assert claims["winner"] is None
        assert claims["totals"][0] == claims["totals"][1]
        for row in TableRow:
            if row.is_result_row:
                assert f"scoring.row.{row.value}.{system.value}.001" in vectors
    shared = vectors["schwingfest.valid.shared_rank.001"]
    assert len(set(shared.input["claims"]["ranks"])) < len(shared.input["claims"]["ranks"])
    assert Rules(**shared.rules) == Rules()
    assert vectors["scoring.good_loser.plattwurf_eigener_angriff.true.001"].input["gaenge"][0]["claims"]["end"]["points"][1] == "1"


def test_an_engine_without_a_reading_skips_only_what_needs_it() -> None:
    """A vector whose rules set an undeclared switch it does not depend on is played under the default; one that depends on it is skipped."""
    vectors = load_vectors().by_id()
    tie = vectors["match.rules.draw_tie_starter.drawn_gang_starter.001"]
    assert "draw_tie_starter" in (tie.depends_on or ())
    assert isinstance(vector_rules_for(tie, GANG_SWITCHES), str)
    assert vector_rules_for(tie, ALL_SWITCHES) == Rules(**tie.rules)
    plain = vectors["match.valid.punktewertung.short.001"]
    assert "draw_tie_starter" not in (plain.depends_on or ())
    assert vector_rules_for(plain, ()) == Rules()


# -- rules judged by the replay, not the schema


@pytest.mark.clause("angriff.not_empty_pile")
def test_an_angriff_on_an_empty_pile_is_judged_by_the_replay_not_the_schema() -> None:
    """A trace with an Angriff once the pile is used up and the end claims of an engine that allowed it is refused at that action by its clause, not called malformed."""
    vector = load_vectors().by_id()["gang.illegal_action.angriff.empty_pile.001"]
    doc = copy.deepcopy(vector.input)
    gang = doc["gaenge"][0]
    attacker = "P0" if gang["claims"]["steps"][vector.expected["step"] - 1]["to_move"] == "P0" else "P1"
    gang["claims"]["end"]["angriff"] = {"player": attacker, "after_schwung": 6}
    gang["claims"]["end"]["schwuenge"] = 12
    gang["claims"]["end"]["tricks"] = [12, 0]
    verdict = verify_trace(doc).to_json()
    assert verdict["verdict"] == "illegal_action"
    assert (verdict["step"], verdict["action"], verdict["clause_id"]) == (vector.expected["step"], "A", "angriff.not_empty_pile")


def test_the_trace_schema_bounds_no_count_by_a_rule_of_the_game() -> None:
    """The schema bounds the claimed tricks, Schwünge, pile size, hand sizes and Angriff moment from below only (shape), never by a rule."""
    schema = json.loads((Path(__file__).parents[1] / "schwinget_spec" / "conformance" / "trace.schema.json").read_text())
    definitions = schema["definitions"]
    end = definitions["end_claims"]["properties"]
    assert "maximum" not in end["schwuenge"]
    assert "maximum" not in end["angriff"]["oneOf"][1]["properties"]["after_schwung"]
    assert "maximum" not in definitions["tricks"]["items"]
    for claims in ("state_claims", "state_claims_or_null"):
        props = definitions[claims]["properties"]
        assert "maximum" not in props["pile_size"]
        assert "maximum" not in props["hand_sizes"]["items"]


# -- docs/harness.md


def _refusal_rows() -> list[str]:
    return [
        f"| {v.description} | `{v.expected['clause_id']}` | `{v.id}` |"
        for v in load_vectors()
        if v.group == "gang.illegal_action"
    ]


@pytest.mark.clause("schwung.lead", "schwung.answer", "kampfrichter.chooses", "gang.end_no_angriff", "gang.end_angriff")
def test_the_refusal_table_of_the_harness_doc_is_the_reference_s() -> None:
    """docs/harness.md's table of the clause each kind of refusal names is the illegal-action vectors', and the reference refuses each with that clause."""
    text = (Path(__file__).parents[1] / "docs" / "harness.md").read_text(encoding="utf-8")
    block = text.split("<!-- refusal-table -->")[1].split("<!-- /refusal-table -->")[0]
    rows = block.strip().splitlines()[2:]
    assert rows == _refusal_rows()
    for vector in load_vectors():
        if vector.group != "gang.illegal_action":
            continue
        verdict = verify_trace(copy.deepcopy(vector.input)).to_json()
        assert (verdict["verdict"], verdict["clause_id"]) == ("illegal_action", vector.expected["clause_id"]), vector.id


def test_the_harness_doc_lists_every_level_message() -> None:
    """docs/harness.md documents every message of every level with an example."""
    text = (Path(__file__).parents[1] / "docs" / "harness.md").read_text(encoding="utf-8")
    for cmd in ("hello", "start", "legal", "apply", "state", "result", "points", "match_start", "match_next",
                "match_result", "fest_start", "fest_schedule", "fest_meeting", "fest_result", "bye"):
        assert f'{{"cmd": "{cmd}"' in text, cmd
    assert f"{DEFAULT_SCORED_GAENGE} random Gänge scored" in text
    assert f"{DEFAULT_MATCHES} random\n   matches" in text or f"{DEFAULT_MATCHES} random matches" in text
    assert f"{DEFAULT_FESTS} random Schwingfeste" in text


# -- the JavaScript engines

NODE = shutil.which("node") or "node"
JS_DIR = Path(__file__).parents[1] / "examples" / "js"


@pytest.mark.clause("table.gut_gekaempft")
def test_the_javascript_scoring_bug_is_caught_and_named() -> None:
    """examples/js/schwinget_scoring_bug.js (no good loser's point after a Plattwurf) is caught at the scoring level and named table.gut_gekaempft; schwinget.js passes every level."""
    for script, clause in (("schwinget_scoring_bug.js", "table.gut_gekaempft"), ("schwinget.js", None)):
        session = EngineSession([NODE, str(JS_DIR / script)], 5.0, 20.0, None)
        try:
            session.connect()
            assert session.hello is not None
            assert session.hello.levels == LEVELS
            report, gang = play_levels(session.get, session.hello, seed=0, vectors=True, gang_played=(0, 0), run=True)
        finally:
            session.close()
        assert gang is None
        if clause is None:
            assert report.passed
            assert report.divergence is None
        else:
            assert report.divergence is not None
            assert (report.divergence.level, report.divergence.clause_id) == ("scoring", clause)
            # the samples in docs/harness.md and examples/js/README.md are this report's text
            for name in ("docs/harness.md", "examples/js/README.md"):
                doc = (Path(__file__).parents[1] / name).read_text(encoding="utf-8")
                for line in format_level_divergence(report.divergence)[:4]:
                    assert line in doc, (name, line)


def test_a_deadline_during_the_levels_stops_the_run_without_a_verdict_against_the_engine() -> None:
    """When the run's deadline passes while a level is played, the report says the levels were stopped, names them not checked and does not pass."""
    session = EngineSession(_command(None), 5.0, 20.0, None)
    try:
        session.connect()
        assert session.hello is not None
        assert session.client is not None
        session.client.deadline = time.monotonic() + 0.3
        report, gang = play_levels(session.get, session.hello, seed=0, vectors=True, gang_played=(0, 0), run=True)
    finally:
        session.close()
    assert gang is None
    assert report.divergence is None
    assert report.stopped_at_deadline
    assert not report.passed
    assert "schwingfest" in report.not_checked
    assert report.to_json()["levels_stopped_at_deadline"] is True


# -- the shapes of the level answers


class _Answers:
    """A stand-in client that answers every request with the next prepared answer."""

    def __init__(self, *answers: dict[str, object]) -> None:
        self.answers = list(answers)
        self.sent: list[dict[str, object]] = []

    def call(self, message: dict[str, object]) -> dict[str, object]:
        self.sent.append(message)
        return self.answers.pop(0)


@pytest.mark.parametrize(
    ("ask", "answer", "needle"),
    [
        (lambda c: ask_points(c, ScoringSystem.PUNKTEWERTUNG, Rules()), {"ok": True, "points": ["7", "0.50"]}, "bad points"),
        (lambda c: ask_points(c, ScoringSystem.SCHWINGERWERTUNG, Rules()), {"ok": True, "points": [9.75, 8.5]}, "points written like"),
        (lambda c: ask_match_next(c, 2), {"ok": True, "gang": 1, "starter": "P0"}, "'gang': 2"),
        (lambda c: ask_match_result(c, ScoringSystem.PUNKTEWERTUNG), {"ok": True, "totals": ["6", "6"]}, "'winner'"),
        (lambda c: ask_fest_schedule(c, 3), {"ok": True, "rounds": [[[1, 0]]]}, "0 <= a < b < 3"),
        (lambda c: ask_fest_meeting(c, 0, 1), {"ok": True, "starter": 2}, "'starter': 0 or 1"),
        (lambda c: ask_fest_result(c, 3, ScoringSystem.PUNKTEWERTUNG), {"ok": True, "standings": []}, "one line per Schwinger"),
    ],
)
def test_a_level_answer_of_the_wrong_shape_is_malformed(ask: Any, answer: dict[str, object], needle: str) -> None:
    """A level answer of the wrong shape raises a protocol error of kind malformed that says what was expected."""
    with pytest.raises(ProtocolError) as caught:
        ask(_Answers(answer))
    assert caught.value.kind == "malformed"
    assert needle in caught.value.reason


def test_the_level_vectors_name_every_clause_of_their_levels() -> None:
    """Every clause of the scoring, match and Schwingfest levels is named by some scoring, match or Schwingfest vector."""
    named: set[str] = set()
    for vector in load_vectors():
        if vector.group in ("scoring", "match", "schwingfest"):
            named |= set(vector.clauses)
    wanted = {c for c in CLAUSES if c.split(".")[0] in ("table", "scoring", "match", "fest")} | {"setup.gangkarten"}
    assert wanted <= named, sorted(wanted - named)
