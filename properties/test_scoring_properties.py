"""Properties of scoring, the match and the Schwingfest over random Gänge: what the Wertungstabelle and the schedule always guarantee."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, MatchState, play_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import make_schedule, min_rounds, play_schwingfest
from schwinget_spec.scoring import Points, ScoringSystem, TableRow, compute_gang_score

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
PLAYERS = st.sampled_from([Player.P0, Player.P1])
SYSTEMS = st.sampled_from(list(ScoringSystem))
RULES = st.builds(
    Rules,
    good_loser_after_plattwurf=st.booleans(),
    draw_tie_starter=st.sampled_from(["younger", "drawn_gang_starter", "drawn_gang_other"]),
)


def random_gang(data: st.DataObject, rules: Rules) -> GangState:
    """A finished Gang from a drawn seed and starter, every decision a drawn legal action."""
    state = start_gang(Deal.shuffled(data.draw(SEEDS)), data.draw(PLAYERS), rules)
    while not state.is_over:
        state = state.apply(data.draw(st.sampled_from(state.legal_actions())))
    return state


@pytest.mark.clause(
    "table.plattwurf_eigener_angriff",
    "table.plattwurf_gegnerischer_angriff",
    "table.sieg_mit_angriff",
    "table.sieg_ohne_angriff",
    "table.gestellter",
    "table.gut_gekaempft",
    "scoring.schwingerwertung_both",
    "scoring.punktewertung_winner",
)
@settings(max_examples=120)
@given(st.data(), RULES)
def test_gang_points_come_from_one_row(data: st.DataObject, rules: Rules) -> None:
    """Every Gang falls in exactly one result row; each player's points are one cell; points are never negative;
    under the Schwingerwertung the winner scores more than the loser; a Punktewertung Gang gives 1 to 8 points."""
    result = random_gang(data, rules).result
    for system in ScoringSystem:
        score = compute_gang_score(result, system, rules)
        assert score.row is TableRow.for_outcome(result.outcome)
        assert sum(1 for row in TableRow if row.is_result_row and row is score.row) == 1
        for player in Player:
            assert score.rows[player] in (score.row, TableRow.GUT_GEKAEMPFT)
            assert score.points[player].hundredths >= 0
        if result.winner is None:
            assert score.points[0] == score.points[1]
            assert score.rows == (score.row, score.row)
        else:
            assert score.rows[result.winner] is score.row
            if system is ScoringSystem.SCHWINGERWERTUNG:
                assert score.points[result.winner] > score.points[result.winner.other]
        if system is ScoringSystem.PUNKTEWERTUNG:
            total = score.points[0] + score.points[1]
            assert Points.parse("1", system) <= total <= Points.parse("8", system)
            assert score.is_good_loser == (
                result.winner is not None
                and result.tricks[result.winner.other] >= 3
                and (rules.good_loser_after_plattwurf or not result.is_plattwurf)
            )


@pytest.mark.clause("match.loser_starts", "match.draw_starter", "match.first_starter", "match.winner", "match.end")
@settings(max_examples=40)
@given(SEEDS, SYSTEMS, st.sampled_from(list(MatchLength)), PLAYERS, RULES)
def test_match_totals_and_starters(
    seed: int, system: ScoringSystem, length: MatchLength, younger: Player, rules: Rules
) -> None:
    """A match's totals are the sums of its Gang points, each Gang is started as the Ablauf says, and the winner has the most points."""
    match = play_match(seed, system, length, younger, rules=rules)
    assert len(match.gaenge) == length.gaenge
    totals = [Points.zero(system), Points.zero(system)]
    due = younger
    for gang in match.gaenge:
        assert gang.starter is due
        assert gang.score == compute_gang_score(gang.result, system, rules)
        totals = [totals[p] + gang.score.points[p] for p in Player]
        if gang.result.loser is not None:
            due = gang.result.loser
        elif totals[0] != totals[1]:
            due = Player.P0 if totals[0] < totals[1] else Player.P1
        else:
            due = {
                "younger": younger,
                "drawn_gang_starter": gang.starter,
                "drawn_gang_other": gang.starter.other,
            }[rules.draw_tie_starter]
    assert list(match.totals) == totals
    result = match.result
    if totals[0] == totals[1]:
        assert result.is_draw
    else:
        assert result.winner is (Player.P0 if totals[0] > totals[1] else Player.P1)


@settings(max_examples=20)
@given(SEEDS, SYSTEMS, st.sampled_from(list(MatchLength)), PLAYERS)
def test_match_replays_from_its_seed(seed: int, system: ScoringSystem, length: MatchLength, younger: Player) -> None:
    """Playing a match twice from the same seed gives the same match, Gang by Gang."""
    a: MatchState = play_match(seed, system, length, younger)
    assert a == play_match(seed, system, length, younger)


@pytest.mark.clause("fest.twice_each", "fest.parallel")
@settings(max_examples=60)
@given(st.integers(min_value=3, max_value=14), st.integers(min_value=1, max_value=8))
def test_every_pair_meets_twice_in_the_fewest_rounds(players: int, sets: int) -> None:
    """In every schedule each pair meets exactly twice, no Schwinger fights twice in a round, and the rounds are the fewest possible."""
    schedule = make_schedule(players, sets)
    assert Counter((m.a, m.b) for m in schedule.meetings) == dict.fromkeys(itertools.combinations(range(players), 2), 2)
    assert len(schedule.rounds) == min_rounds(players, sets)
    for round_ in schedule.rounds:
        fighters = [s for m in round_ for s in (m.a, m.b)]
        assert len(fighters) == len(set(fighters))
        assert 1 <= len(round_) <= sets


@pytest.mark.clause("fest.twice_each", "match.record_points")
@settings(max_examples=10)
@given(SEEDS, SYSTEMS, st.integers(min_value=3, max_value=5), st.integers(min_value=1, max_value=3))
def test_fest_standings_are_sums(seed: int, system: ScoringSystem, players: int, sets: int) -> None:
    """In a played Schwingfest every pair fought twice and each Schwinger's points are the sum of their Gang points."""
    names = [f"S{i}" for i in range(players)]
    fest = play_schwingfest(names, seed, system, sets)
    assert Counter((g.meeting.a, g.meeting.b) for g in fest.fought) == dict.fromkeys(itertools.combinations(range(players), 2), 2)
    for standing in fest.standings:
        mine = [g.points_of(standing.schwinger) for g in fest.fought if standing.schwinger in (g.meeting.a, g.meeting.b)]
        assert standing.points == Points.total(system, mine)
        assert standing.gaenge == 2 * (players - 1)


@settings(max_examples=100)
@given(st.integers(min_value=0, max_value=10**6), SYSTEMS)
def test_points_print_and_parse_back(units: int, system: ScoringSystem) -> None:
    """Points print in the booklet's notation and parse back to the same value."""
    hundredths = units * 100 if system is ScoringSystem.PUNKTEWERTUNG else units * 25
    points = Points(system, hundredths)
    assert Points.parse(str(points), system) == points
