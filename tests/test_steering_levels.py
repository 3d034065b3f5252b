"""Steered matches and Schwingfeste: every named match and Schwingfest situation is reached, by games the reference plays as the level play does, and they catch the bugs of those situations without vectors or random games."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from schwinget_spec.conformance.harness import steering_levels
from schwinget_spec.conformance.harness.level_vectors import play_levels
from schwinget_spec.conformance.harness.run import run_harness
from schwinget_spec.conformance.harness.situations import (
    FEST_SITUATIONS,
    MATCH_SITUATIONS,
    fest_situations,
    match_situations,
)
from schwinget_spec.conformance.harness.steering import DEFAULT_STEER
from schwinget_spec.conformance.harness.steering_levels import (
    class_of,
    level_situations_out_of_reach,
    reference_fest,
    reference_match,
    steered_levels,
)
from schwinget_spec.conformance.mutants.kill import loopback_factory
from schwinget_spec.conformance.mutants.registry import get_mutant
from schwinget_spec.conformance.protocol.engine_session import EngineSession, LoopbackClient
from schwinget_spec.conformance.protocol.messages import ALL_SWITCHES, GANG_SWITCHES
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer
from schwinget_spec.conformance.reports.summary import CellStatus, summarise
from schwinget_spec.rules import Rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "harness.md"


def _aimed(source: str) -> str:
    return source.rsplit("(", 1)[1].rstrip(")")


@pytest.mark.clause("match.draw_starter", "match.winner", "table.gut_gekaempft", "fest.twice_each")
def test_steered_levels_reach_every_match_and_fest_situation() -> None:
    """Three of each: nothing is missed, and every steered match and Schwingfest, played in the reference as the level play plays it, reaches the situation it aimed at."""
    run = steered_levels(3, seed=11)
    assert run.missed == ()
    assert run.out_of_reach == ()
    assert all(run.reached[name] >= 3 for name in (*MATCH_SITUATIONS, *FEST_SITUATIONS))
    reached: dict[str, int] = {}
    for spec in run.matches:
        shown = match_situations(reference_match(spec))
        assert _aimed(spec.source) in shown, spec.source
        for name in shown:
            reached[name] = reached.get(name, 0) + 1
    for fest in run.fests:
        shown = fest_situations(reference_fest(fest))
        assert _aimed(fest.source) in shown, fest.source
        for name in shown:
            reached[name] = reached.get(name, 0) + 1
    assert reached == dict(run.reached)
    assert sum(run.kept.values()) == len(run.matches) + len(run.fests)


def test_steered_levels_are_reproducible_from_their_seed() -> None:
    """The same seed gives the same matches and Schwingfeste, Gang for Gang; another seed gives others."""

    def games(seed: int) -> list[object]:
        run = steered_levels(2, seed=seed)
        return [(m.source, m.rules, [(g.deal, g.actions) for g in m.gaenge]) for m in run.matches] + [
            (f.source, f.rules, sorted((k, g.deal, g.actions) for k, g in f.meetings.items())) for f in run.fests
        ]

    assert games(5) == games(5)
    assert games(5) != games(6)


def test_the_classes_of_a_result_decide_points_and_starters() -> None:
    """A steered Gang's class is its outcome, its winner and whether the loser took 3 tricks or more, as its result says."""
    run = steered_levels(1, seed=3)
    for spec in run.matches:
        match = reference_match(spec)
        for gang in match.gaenge:
            outcome, winner, good = class_of(gang.result)
            assert (outcome, winner) == (gang.result.outcome, gang.result.winner)
            assert good == (winner is not None and gang.result.tricks[winner.other] >= 3)


def test_a_situation_needing_an_undeclared_reading_is_out_of_reach() -> None:
    """An engine without ``fest_tiebreak`` cannot rank equal points apart: steered play does not aim at it and plays only its default reading."""
    assert level_situations_out_of_reach(ALL_SWITCHES) == frozenset()
    assert level_situations_out_of_reach(GANG_SWITCHES) == {"fest_equal_points_told_apart"}
    run = steered_levels(2, seed=0, switches=GANG_SWITCHES)
    assert run.out_of_reach == ("fest_equal_points_told_apart",)
    assert "fest_equal_points_told_apart" not in run.kept
    assert all(f.rules.fest_tiebreak == Rules().fest_tiebreak for f in run.fests)
    assert all(m.rules.draw_tie_starter == Rules().draw_tie_starter for m in run.matches)


def _without_fest_tiebreak() -> LoopbackClient:
    """The reference engine, but its ``hello`` leaves ``fest_tiebreak`` out of the switches it declares (it still accepts the default reading named in a request)."""
    server = ReferenceServer(ReferenceEngine())

    def handle(request: Any) -> dict[str, Any]:
        answer = server.handle(request)
        if request.get("cmd") == "hello":
            answer = {**answer, "switches": [s for s in answer["switches"] if s != "fest_tiebreak"]}
        return answer

    return LoopbackClient(handle)


def test_the_coverage_does_not_blame_an_engine_for_a_reading_it_does_not_play() -> None:
    """A run of an engine without ``fest_tiebreak`` lists equal points told apart as impossible, not as unreached (the report page and JUnit skip it, saying why), and reaches every other level situation the steered count."""
    report = run_harness(["(in process)"], games=0, vectors=False, steer=2, client_factory=_without_fest_tiebreak)
    assert report.passed
    coverage = report.coverage
    assert coverage is not None
    assert "fest_equal_points_told_apart" in coverage.impossible
    assert "fest_equal_points_told_apart" not in coverage.unreached_situations
    counts = dict(coverage.situations)
    assert all(counts[name] >= 2 for name in (*MATCH_SITUATIONS, "fest_shared_rank"))
    # the report page and JUnit: skipped with the reason, not "not reached"
    cell = summarise(report.to_json()).cell("situations", "fest_equal_points_told_apart")
    assert (cell.status, cell.note) == (CellStatus.SKIPPED, "impossible under the rules the implementation plays")
    assert summarise(report.to_json()).cell("situations", "fest_shared_rank").status is CellStatus.PASSED


@pytest.mark.clause("match.draw_starter", "match.winner", "table.gut_gekaempft")
@pytest.mark.parametrize(
    ("mutant_id", "clause_id"),
    [
        ("draw-more-points-starts", "match.draw_starter"),
        ("tie-older-starts", "match.draw_starter"),
        ("tie-reading-ignored", "match.draw_starter"),
        ("equal-totals-p0-wins", "match.winner"),
        ("no-good-loser-after-plattwurf", "table.gut_gekaempft"),
        ("fest-ranks-not-shared", "match.winner"),
        ("fest-tiebreak-ignored", "match.winner"),
    ],
)
def test_steered_levels_alone_catch_the_bugs_of_their_situations(mutant_id: str, clause_id: str) -> None:
    """With no vectors, no random matches, fests or scored Gänge, the steered matches and Schwingfeste of a default run catch each single-bug engine of a match or fest situation, naming its clause."""
    session = EngineSession(["(in process)"], 5.0, 20.0, None, client_factory=loopback_factory(get_mutant(mutant_id).engine))
    try:
        session.connect()
        assert session.hello is not None
        report, gang = play_levels(session.get, session.hello, seed=0, vectors=False, gang_played=(0, 0), run=True,
                                   matches=0, fests=0, scored=0)
    finally:
        session.close()
    assert gang is None
    d = report.divergence
    assert d is not None
    assert d.source.startswith("steered")
    assert d.clause_id == clause_id


def test_the_harness_doc_quotes_what_steered_levels_reach() -> None:
    """docs/harness.md's table of match and Schwingfest situations has a row for each, whose last column is what the steered games of a default run reach (seed 0), and quotes how many there are."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("<!-- level-steering -->")[1].split("<!-- /level-steering -->")[0]
    rows = dict(re.findall(r"^\| `([a-z_]+)` \|.*\| (\d+) \|$", block, flags=re.MULTILINE))
    run = steered_levels(DEFAULT_STEER, seed=0)
    assert list(rows) == [*MATCH_SITUATIONS, *FEST_SITUATIONS]
    assert {name: int(n) for name, n in rows.items()} == dict(run.reached)
    gaenge = sum(len(m.gaenge) for m in run.matches) + sum(len(f.meetings) for f in run.fests)
    assert f"{len(run.matches)} steered matches and {len(run.fests)} steered Schwingfeste ({gaenge} Gänge)" in text


def test_a_situation_whose_gaenge_cannot_be_found_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no reference playout ends a Gang in the class a design needs (nor, the second time, any class at all), each situation is given up and named missed, and no game is kept."""
    for representatives_found in (True, False):
        steering_levels._representatives.cache_clear()
        if representatives_found:
            steering_levels._representatives()
        monkeypatch.setattr(steering_levels, "_PLAYOUTS_PER_GANG", 0)
        try:
            run = steered_levels(1, seed=0)
        finally:
            monkeypatch.undo()
            steering_levels._representatives.cache_clear()
        assert set(run.missed) == {*MATCH_SITUATIONS, *FEST_SITUATIONS}
        assert (run.matches, run.fests) == ((), ())
