"""The protocol's levels: the reference engine behind the protocol passes every level, and a single bug in the points, a match starter, the match winner, the Schwingfest schedule, starters or ranks is caught with its clause."""

from __future__ import annotations

import copy
import json
import shutil
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.harness.level_report import LevelsReport, format_level_divergence
from schwinget_spec.conformance.harness.level_vectors import (
    DEFAULT_FESTS,
    DEFAULT_MATCHES,
    DEFAULT_SCORED_GAENGE,
    play_levels,
    vector_rules_for,
)
from schwinget_spec.conformance.harness.run import format_report, run_harness
from schwinget_spec.conformance.harness.situations import SITUATIONS
from schwinget_spec.conformance.harness.steering import DEFAULT_STEER
from schwinget_spec.conformance.harness.steering_levels import steered_levels
from schwinget_spec.conformance.mutants.kill import loopback_factory, published_rows
from schwinget_spec.conformance.mutants.registry import MUTANTS
from schwinget_spec.conformance.protocol.engine_session import EngineSession, LoopbackClient
from schwinget_spec.conformance.protocol.levels import (
    ask_fest_meeting,
    ask_fest_result,
    ask_fest_schedule,
    ask_match_next,
    ask_match_result,
    ask_points,
)
from schwinget_spec.conformance.protocol.messages import (
    ALL_SWITCHES,
    GANG_SWITCHES,
    LEVELS,
    PROTOCOL1_GANG_SWITCHES,
    ProtocolError,
    checked_answer,
)
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer
from schwinget_spec.conformance.reports.junit import junit_xml
from schwinget_spec.conformance.reports.summary import summarise
from schwinget_spec.conformance.trace.verify import verify_trace
from schwinget_spec.conformance.vectors.generate import switch_flips
from schwinget_spec.conformance.vectors.runner import verdict_matches
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.gang import GangResult, GangState
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem, TableRow

SERVER = [sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server"]
_LEVEL_MUTANTS = tuple(m for m in MUTANTS if m.level != "gang")
_BY_ID = {m.id: m for m in MUTANTS}


class GangOnly(ReferenceEngine):
    """A correct engine that declares the Gang level only."""

    levels = ("gang",)


class ProtocolOne(ReferenceEngine):
    """A correct engine of protocol version 1: a Gang, its four switches, no levels."""

    protocol = 1
    levels = ("gang",)
    switches = PROTOCOL1_GANG_SWITCHES


class MatchWithoutScoring(ReferenceEngine):
    """An engine that declares the match level without the scoring level it needs."""

    levels = ("gang", "match")


def _levels(mutant_id: str) -> LevelsReport:
    """The levels of a default run against the registry's single-bug engine ``mutant_id``.

    A level mutant overrides one scoring, match or Schwingfest decision of the reference
    engine and none of its Gang decisions, so the Gang level of a default run passes as
    for the reference; this plays what the default run plays next: ``play_levels`` with
    its default counts and the shipped vectors, each divergence confirmed on a fresh engine.
    """
    session = EngineSession(["(in process)"], 5.0, 20.0, None, client_factory=loopback_factory(_BY_ID[mutant_id].engine))
    try:
        session.connect()
        assert session.hello is not None
        report, gang = play_levels(session.get, session.hello, seed=0, vectors=True, gang_played=(0, 0), run=True,
                                   fresh=session.fresh)
    finally:
        session.close()
    assert gang is None
    return report


# -- passing


@pytest.mark.clause("match.winner", "match.loser_starts", "fest.twice_each", "table.gut_gekaempft")
def test_reference_server_passes_a_default_run_at_every_level() -> None:
    """A default conformance run of the reference engine behind the protocol passes, checks every level, and reaches every named situation, of a Gang, a match and a Schwingfest, at least the steered count of times."""
    report = run_harness(SERVER)
    assert report.passed, format_report(report)
    assert report.levels is not None
    assert report.levels.checked == LEVELS
    assert "result: PASSED under readings defaults (Rules()) with 10 declared switches varied: gang, scoring, match, schwingfest" in format_report(report)
    fields = report.to_json()
    assert fields["levels_checked"] == list(LEVELS)
    assert fields["levels_not_checked"] == []
    by_level = {c["level"]: c for c in fields["levels"]}
    assert by_level["scoring"]["vectors"] == len([v for v in load_vectors() if v.group == "scoring"])
    assert by_level["match"]["played"] > by_level["match"]["vectors"] > 0
    assert by_level["schwingfest"]["played"] > by_level["schwingfest"]["vectors"] > 0
    for level in ("scoring", "match", "schwingfest"):
        results = by_level[level]["vector_results"]
        assert len(results) == by_level[level]["vectors"]
        assert {r["status"] for r in results} == {"passed"}
    # steered matches and Schwingfeste: every named situation of every level reached the steered count
    steered = steered_levels(DEFAULT_STEER, 0)
    assert (by_level["match"]["steered"], by_level["schwingfest"]["steered"]) == (len(steered.matches), len(steered.fests))
    situations = fields["coverage"]["situations"]
    assert min(situations.values()) >= DEFAULT_STEER, situations
    assert set(situations) == {s.name for s in SITUATIONS}


def test_gang_only_engine_passes_and_says_what_was_not_checked() -> None:
    """An engine declaring only the Gang level passes with a verdict line naming the levels not checked."""
    report = run_harness(["(in process)"], games=5, vectors=False, client_factory=loopback_factory(GangOnly))
    assert report.passed, format_report(report)
    assert "result: PASSED under readings defaults (Rules()) with 10 declared switches varied: gang; not checked: scoring, match, schwingfest" in format_report(report)
    assert report.to_json()["levels_not_checked"] == ["scoring", "match", "schwingfest"]
    assert report.to_json()["levels_declared"] == ["gang"]


def test_protocol_one_engine_is_served_as_gang_only() -> None:
    """An engine answering protocol 1 is played at the Gang level with the four switches of version 1."""
    report = run_harness(["(in process)"], games=5, vectors=False, client_factory=loopback_factory(ProtocolOne))
    assert report.passed, format_report(report)
    assert report.levels is not None
    assert report.levels.protocol == 1
    assert report.levels.checked == ("gang",)


def test_a_level_without_the_level_it_needs_is_refused_at_hello() -> None:
    """Declaring the match level without the scoring level is a startup error naming both."""
    report = run_harness(["(in process)"], games=1, client_factory=loopback_factory(MatchWithoutScoring))
    assert report.startup_error is not None
    assert "'match'" in report.startup_error
    assert "'scoring'" in report.startup_error


# -- single bugs (the registry's level mutants), each caught with its clause


_CELLS = [(row, system) for row in TableRow for system in ScoringSystem
          if row is not TableRow.GUT_GEKAEMPFT or system is ScoringSystem.PUNKTEWERTUNG]


def test_the_registry_breaks_every_cell_of_the_table_and_every_kind_of_level_bug() -> None:
    """The registry has a mutant with a wrong figure in each cell of the Wertungstabelle (5 rows under both systems and the good loser), and one breaking each clause of issue 14's kinds of level bug."""
    cells = {(m.engine.row, m.engine.system) for m in _LEVEL_MUTANTS if hasattr(m.engine, "figures")}  # type: ignore[attr-defined]
    assert cells == set(_CELLS)
    broken = {m.clause_id for m in _LEVEL_MUTANTS}
    assert broken >= {"table.gut_gekaempft", "match.first_starter", "match.loser_starts", "match.draw_starter",
                      "match.winner", "match.record_points", "fest.twice_each", "fest.parallel"}


_KINDS = {
    ("scoring", "table"): "wrong_points", ("scoring", "scoring"): "wrong_points",
    ("match", "match.first_starter"): "wrong_starter", ("match", "match.loser_starts"): "wrong_starter",
    ("match", "match.draw_starter"): "wrong_starter", ("match", "match.winner"): "wrong_winner",
    ("match", "match.record_points"): "wrong_totals", ("schwingfest", "fest"): "wrong_schedule",
    ("schwingfest", "match.loser_starts"): "wrong_starter", ("schwingfest", "match.winner"): "wrong_standings",
}


# a mutant whose clause is broken by a divergence of another kind than the clause's usual one
_KIND_OF_MUTANT = {"fest-alternate-younger-starts-both": "wrong_starter"}


def _kind(level: str, clause_id: str, mutant_id: str) -> str:
    if mutant_id in _KIND_OF_MUTANT:
        return _KIND_OF_MUTANT[mutant_id]
    return _KINDS.get((level, clause_id)) or _KINDS[(level, clause_id.split(".", maxsplit=1)[0])]


@pytest.mark.clause("table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff", "table.sieg_mit_angriff",
                    "table.sieg_ohne_angriff", "table.gestellter", "table.gut_gekaempft", "table.columns",
                    "scoring.punktewertung_winner", "scoring.schwingerwertung_both", "match.first_starter",
                    "match.loser_starts", "match.draw_starter", "match.winner", "match.record_points",
                    "fest.twice_each", "fest.parallel")
@pytest.mark.parametrize("mutant_id", [m.id for m in _LEVEL_MUTANTS])
def test_a_level_mutant_is_caught_naming_its_clause(mutant_id: str) -> None:
    """Each single-bug engine of the scoring, match and Schwingfest levels (a wrong cell of the table under either system, the good loser's point, each starter rule of a match, the winner on equal totals, the totals, the Schwingfest schedule, starters and ranks) is caught at its level by the levels of a default run, naming the clause it breaks, confirmed on a fresh engine."""
    mutant = _BY_ID[mutant_id]
    report = _levels(mutant_id)
    d = report.divergence
    assert d is not None
    assert d.level == mutant.level
    assert d.clause_id == mutant.clause_id
    assert d.kind == _kind(mutant.level, mutant.clause_id, mutant_id)
    if d.kind == "wrong_starter" and d.level == "match":
        assert json.loads(d.requests[-1]) == {"cmd": "match_next"}
    assert d.fresh == "reproduced"
    # the row of the kill matrix in docs/harness.md (a whole default run: its Gang level passes as the reference's)
    row = published_rows((Path(__file__).parents[1] / "docs" / "harness.md").read_text(encoding="utf-8"))[mutant_id]
    first_at = {c.level: c.first_failure_at for c in report.checks}
    route = f"{d.level} " + ("vectors" if d.source.startswith("vector") else "play")
    assert (row["route"], row["games"], row["named"]) == (route, str(first_at[d.level]), d.clause_id), (
        "regenerate the table with `schwinget conformance mutants --markdown --in-process`"
    )


@pytest.mark.clause("match.winner")
def test_a_winner_on_equal_totals_is_caught_by_a_whole_run() -> None:
    """A match won by P0 at equal totals, served as a subprocess with ``--engine``, is caught by a whole run (every vector, the levels with their default counts; no random or steered Gänge, which this engine plays as the reference does), named match.winner, and the verdict line says so."""
    engine = _BY_ID["equal-totals-p0-wins"].engine
    report = run_harness([*SERVER, "--engine", f"{engine.__module__}:{engine.__name__}"], games=0, steer=0)
    assert not report.passed
    assert report.levels is not None
    d = report.levels.divergence
    assert d is not None
    assert (d.level, d.kind, d.clause_id, d.expected, d.actual) == ("match", "wrong_winner", "match.winner", None, "P0")
    text = format_report(report)
    # the run goes on after the divergence: the Schwingfest level is checked too, and passes
    assert "\nresult: DIVERGES at match\n" in text
    assert "clause match.winner" in text
    fields = report.to_json()
    assert fields["level_divergence"]["clause_id"] == "match.winner"
    assert fields["level_divergence"]["fresh"] == "reproduced"
    by_level = {c["level"]: c for c in fields["levels"]}
    statuses = [r["status"] for r in by_level["match"]["vector_results"]]
    failed_vectors = {f["source"].removeprefix("vector ") for f in by_level["match"]["failures"]}
    assert statuses.count("failed") == len(failed_vectors) >= 1
    assert {r["id"] for r in by_level["match"]["vector_results"] if r["status"] == "failed"} == failed_vectors
    assert {r["status"] for r in by_level["schwingfest"]["vector_results"]} == {"passed"}
    card = {c["level"]: c for c in fields["scorecard"]}
    assert card["match"]["clauses_failed"] == {"match.winner": by_level["match"]["failed"]}
    assert (card["schwingfest"]["games_failed"], card["gang"]["games_failed"], card["scoring"]["games_failed"]) == (0, 0, 0)


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
    schema = json.loads((Path(__file__).parents[1] / "schwinget_spec" / "conformance" / "trace" / "trace.schema.json").read_text())
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
            report, gang = play_levels(session.get, session.hello, seed=0, vectors=True, gang_played=(0, 0), run=True,
                                       fresh=session.fresh)
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
            fresh_line = "  confirmed on a freshly started implementation: these lines show it again"
            assert fresh_line in format_level_divergence(report.divergence)
            assert fresh_line in (Path(__file__).parents[1] / "docs" / "harness.md").read_text(encoding="utf-8")


def test_a_deadline_during_the_levels_stops_the_run_without_a_verdict_against_the_engine() -> None:
    """When the run's deadline passes while a level is played, the report says the levels were stopped, names them not checked and does not pass."""
    session = EngineSession(SERVER, 5.0, 20.0, None)
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

    def call_parsed(self, message: dict[str, object], parse: Callable[[Mapping[str, Any]], Any]) -> Any:
        return checked_answer(str(message["cmd"]), self.call(message), parse)


@pytest.mark.parametrize(
    ("ask", "answer", "needle"),
    [
        (lambda c: ask_points(c, ScoringSystem.PUNKTEWERTUNG, Rules(), declared=ALL_SWITCHES), {"ok": True, "points": ["7", "0.50"]},
         "bad points"),
        (lambda c: ask_points(c, ScoringSystem.SCHWINGERWERTUNG, Rules(), declared=ALL_SWITCHES), {"ok": True, "points": [9.75, 8.5]},
         "points written like"),
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


# -- level divergences confirmed on a fresh engine


class _LateFault(ReferenceEngine):
    """The reference engine with one fault that needs history: once it has served ``limit`` requests, the winner's points of every Gang are one point too many (``fault`` "points") or P0's tricks one too many (``fault`` "result")."""

    limit = 0
    fault = "points"

    def __init__(self) -> None:
        self.served = 0

    def gang_points(self, result: GangResult, system: ScoringSystem, rules: Rules) -> tuple[Points, Points]:
        p0, p1 = super().gang_points(result, system, rules)
        if self.fault == "points" and self.served > self.limit:
            return (p0 + Points(system, 100), p1)
        return (p0, p1)

    def end_claims(self, state: GangState) -> dict[str, Any]:
        claims = super().end_claims(state)
        if self.fault == "result" and self.served > self.limit:
            return {**claims, "tricks": [claims["tricks"][0] + 1, claims["tricks"][1]]}
        return claims


def _late_fault_factory(limit: int, fault: str = "points") -> Callable[[], LoopbackClient]:
    """Starts a fresh in-process engine with the fault after ``limit`` requests: a new engine, its count at 0, per call."""

    def start() -> LoopbackClient:
        engine = type("LateFault", (_LateFault,), {"limit": limit, "fault": fault})()
        server = ReferenceServer(engine)

        def handle(request: Any) -> dict[str, Any]:
            engine.served += 1
            return server.handle(request)

        return LoopbackClient(handle)

    return start


@pytest.mark.parametrize(("limit", "fresh"), [(0, "reproduced"), (60, "not_reproduced")])
def test_a_level_divergence_is_confirmed_on_a_fresh_engine(limit: int, fresh: str) -> None:
    """A wrong points answer is replayed on a freshly started engine before it is reported: from the first request it reproduces; after 60 requests served it does not, and the text and JSON say so."""
    report = run_harness(["(in process)"], games=0, steer=0, vectors=False, client_factory=_late_fault_factory(limit))
    assert report.levels is not None
    d = report.levels.divergence
    assert d is not None
    assert (d.level, d.kind, d.fresh) == ("scoring", "wrong_points", fresh)
    assert report.to_json()["level_divergence"]["fresh"] == fresh
    text = format_report(report)
    if fresh == "reproduced":
        assert "confirmed on a freshly started implementation" in text
    else:
        assert "NOT REPRODUCED on a freshly started implementation" in text
        # the replay lines alone are fewer than the requests the fault needs
        assert len(d.requests) < limit
    summary = summarise(report.to_json())
    # the level's first divergence (the run goes on to the other levels, which list theirs after it)
    assert next(f for f in summary.failures if f.level == d.level).fresh == fresh
    assert (fresh == "not_reproduced") == ("did NOT diverge on a freshly started" in junit_xml(summary))


@pytest.mark.parametrize(("limit", "fresh"), [(0, "reproduced"), (60, "not_reproduced")])
def test_a_gang_diverging_inside_a_level_is_replayed_alone_on_a_fresh_engine(limit: int, fresh: str) -> None:
    """A Gang whose result differs inside the scoring level is replayed alone on a freshly started engine: from the first request the difference reproduces; after 60 requests served it does not, and the report says so."""
    report = run_harness(["(in process)"], games=0, steer=0, vectors=False, client_factory=_late_fault_factory(limit, "result"))
    d = report.divergence
    assert d is not None
    assert (d.field, d.fresh) == ("tricks", fresh)
    assert report.to_json()["divergence"]["fresh"] == fresh
    assert ("NOT REPRODUCED on a freshly started" in format_report(report)) == (fresh == "not_reproduced")
