"""Steered play and the coverage of a harness run: every named situation is reached, the report counts what was exercised, and a run that leaves something out says so."""

from __future__ import annotations

import json

import pytest

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.harness.coverage import (
    LEVELS,
    UNOBSERVABLE_CLAUSES,
    CoverageCounter,
    clause_level,
)
from schwinget_spec.conformance.harness.run import check_adapter, format_report, verdict_line
from schwinget_spec.conformance.harness.steering import (
    FEST_SITUATIONS,
    GANG_SITUATIONS,
    MATCH_SITUATIONS,
    SITUATIONS,
    fest_situations,
    gang_situations,
    match_situations,
    steered_games,
    uniform_rates,
)
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, play_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import play_schwingfest
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.testing import ReferenceAdapter


def test_registry_names_each_situation_once_with_known_clauses() -> None:
    """Every situation has one name, a level, and clauses of the registry; the three level lists split them."""
    names = [s.name for s in SITUATIONS]
    assert len(names) == len(set(names))
    assert sorted(names) == sorted([*GANG_SITUATIONS, *MATCH_SITUATIONS, *FEST_SITUATIONS])
    for s in SITUATIONS:
        assert s.level in LEVELS
        assert s.clauses, s
        assert all(c in CLAUSES for c in s.clauses), s


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick", "plattwurf.definition", "kampfrichter.collect")
def test_steered_play_reaches_every_gang_situation() -> None:
    """Three of each: no situation is missed, and every kept Gang is legal and reaches the situation it aimed at."""
    run = steered_games(3, seed=11)
    assert run.missed == ()
    assert all(run.reached[name] >= 3 for name in GANG_SITUATIONS)
    for spec in run.games:
        assert spec.actions is not None
        state = start_gang(spec.deal, spec.starter, spec.rules)
        for code in spec.actions:
            state = state.apply(code)
        assert state.is_over
        aimed = spec.source.rsplit("(", 1)[1].rstrip(")")
        assert aimed in gang_situations(spec.deal, spec.starter, spec.actions, spec.rules)


def test_steered_play_is_reproducible_from_its_seed() -> None:
    """The same seed gives the same Gänge; another seed gives others."""
    a = steered_games(1, seed=3)
    assert a.games == steered_games(1, seed=3).games
    assert a.games != steered_games(1, seed=4).games


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins")
def test_plattwurf_at_equal_totals_is_by_the_defender() -> None:
    """Every Plattwurf at equal totals that steered play finds is the defender's, after an Angriff after the fifth Schwung."""
    run = steered_games(5, seed=2, situations=("plattwurf_by_defender_at_equal_totals",))
    assert len(run.games) >= 5
    for spec in run.games:
        assert spec.actions is not None
        state = start_gang(spec.deal, spec.starter, spec.rules)
        for code in spec.actions:
            state = state.apply(code)
        assert state.result.tricks == (5, 5)
        assert state.angriff is not None
        assert state.angriff.after_schwung == 5
        assert state.result.plattwurf == state.angriff.player.other


def test_uniform_play_seldom_reaches_the_rare_situations() -> None:
    """In 300 random Gänge of the harness the Konter never meets the Kampfrichter on the last Schwung often: fewer times than steered play's 10."""
    rates = uniform_rates(300, seed=0)
    assert set(rates) == set(GANG_SITUATIONS)
    assert rates["konter_against_kampfrichter_on_last_schwung"] < 10
    assert rates["plattwurf_by_defender_at_equal_totals"] < 10


@pytest.mark.clause("match.loser_starts", "match.draw_starter")
def test_match_situations_are_detected() -> None:
    """Random matches show the loser starting, and a draw's starter chosen by the points, each detected by name."""
    seen: set[str] = set()
    for seed in range(40):
        match = play_match(seed, ScoringSystem.PUNKTEWERTUNG, MatchLength.LONG, Player.P0)
        shown = match_situations(match)
        assert shown <= set(MATCH_SITUATIONS)
        seen |= shown
    assert {"match_loser_starts", "match_good_loser"} <= seen


def test_clause_levels() -> None:
    """Clauses belong to the level whose play exercises them."""
    assert clause_level("schwung.farbzwang") == "gang"
    assert clause_level("table.gestellter") == "scoring"
    assert clause_level("match.loser_starts") == "match"
    assert clause_level("fest.twice_each") == "schwingfest"
    assert set(UNOBSERVABLE_CLAUSES) <= set(CLAUSES)


# -- coverage in the report


def test_a_default_run_reaches_every_gang_clause_and_situation() -> None:
    """The reference with the vectors, 20 random Gänge and the default steering: nothing of the Gang level is left unreached."""
    report = check_adapter(ReferenceAdapter(), games=20, seed=0)
    assert report.passed, format_report(report)
    coverage = report.coverage
    assert coverage is not None
    assert coverage.unreached_clauses == ()
    assert coverage.unreached_situations == ()
    assert all(n >= 10 for s, n in coverage.situations if s in GANG_SITUATIONS)
    assert report.steered_games_played > 0
    assert verdict_line(report) == (
        "PASSED under readings defaults (Rules()) with 5 declared switches varied: gang; not checked: scoring, match, schwingfest"
    )


def test_a_run_that_leaves_clauses_out_says_so() -> None:
    """Without vectors, steering and with 2 random Gänge, the verdict is not an unqualified PASSED: it names what was not reached."""
    report = check_adapter(ReferenceAdapter(), games=2, seed=0, vectors=False, steer=0)
    assert report.passed
    coverage = report.coverage
    assert coverage is not None
    assert "konter_against_kampfrichter_on_last_schwung" in coverage.unreached_situations
    line = verdict_line(report)
    assert line.startswith(
        "PASSED under readings defaults (Rules()) with 5 declared switches varied: gang; not checked: scoring, match, schwingfest; "
        "declared, not exercised: "
    )
    assert "; not reached: " in line
    assert "konter_against_kampfrichter_on_last_schwung" in line
    text = format_report(report)
    assert f"result: {line}" in text
    data = json.loads(json.dumps(report.to_json()))
    assert data["verdict"] == line
    assert data["coverage"]["unreached_situations"] == list(coverage.unreached_situations)
    assert data["coverage"]["checked"] == ["gang"]
    assert data["coverage"]["not_checked"] == ["scoring", "match", "schwingfest"]


def test_coverage_counts_only_levels_it_was_given() -> None:
    """A checked level whose games were not counted is not called unreached; once counted, its gaps are."""
    counter = CoverageCounter()
    counter.add(["schwung.lead"])
    unfed = counter.report(checked=("gang", "match"))
    assert not any(clause_level(c) == "match" for c in unfed.unreached_clauses)
    counter.add(["match.loser_starts"], ["match_loser_starts"], level="match")
    fed = counter.report(checked=("gang", "match"))
    assert "match.draw_starter" in fed.unreached_clauses
    assert "match.loser_starts" not in fed.unreached_clauses
    assert "match_equal_totals" in fed.unreached_situations


def test_progress_is_told_every_game() -> None:
    """The progress callback hears of every game, and last that all are done."""
    calls: list[tuple[int, int, str]] = []
    check_adapter(ReferenceAdapter(), games=3, seed=0, vectors=False, steer=0, progress=lambda d, t, w: calls.append((d, t, w)))
    assert [c[0] for c in calls] == [0, 1, 2, 3]
    assert calls[-1] == (3, 3, "done")


@pytest.mark.clause("fest.twice_each")
def test_fest_situations_are_detected() -> None:
    """Random Schwingfeste of three show a shared rank, and under the wins-then-Plattwürfe reading equal points told apart."""
    seen: set[str] = set()
    for seed in range(30):
        for rules in (Rules(), Rules(fest_tiebreak="wins_then_plattwuerfe")):
            fest = play_schwingfest(["a", "b", "c"], seed, ScoringSystem.PUNKTEWERTUNG, rules=rules)
            shown = fest_situations(fest)
            assert shown <= set(FEST_SITUATIONS)
            if rules == Rules():
                assert "fest_equal_points_told_apart" not in shown
            seen |= shown
    assert seen == set(FEST_SITUATIONS)


@pytest.mark.clause("schwung.farbzwang", "cards.special")
def test_a_reading_that_makes_a_situation_impossible_is_not_blamed_for_it() -> None:
    """Under special_cards_follow_colour no Konter answers a 6 while its player holds the led colour: steered play does not aim at it, and the coverage does not call it unreached."""
    reading = Rules(special_cards_follow_colour=True)
    run = steered_games(2, seed=0, reading=reading)
    assert run.missed == ()
    assert "konter_answers_six" not in run.reached
    report = check_adapter(
        ReferenceAdapter(), games=0, steer=2, vectors=False, switches=("special_cards_follow_colour",), all_readings=True
    )
    coverage = report.readings[1].report.coverage
    assert coverage is not None
    assert coverage.impossible == ("konter_answers_six",)
    assert "konter_answers_six" not in coverage.unreached_situations


class _RefusesTheAngriff(ReferenceAdapter):
    """Refuses every Angriff."""

    def apply(self, state: GangState, action: str) -> GangState:
        if action == "A":
            raise ValueError("no Angriff here")
        return state.apply(action)


def test_a_diverging_run_does_not_list_what_it_did_not_reach() -> None:
    """The run stopped at its divergence: the verdict says DIVERGES and the levels, not a list of what it never got to."""
    report = check_adapter(_RefusesTheAngriff(), games=30, seed=0, vectors=False, steer=0, shrink=False)
    assert report.divergence is not None
    line = verdict_line(report)
    assert line == "DIVERGES at gang; not checked: scoring, match, schwingfest"
