"""The match of 4 or 6 Gänge: who starts each Gang, totals, the end, the winner or a draw, and reproducible play."""

from __future__ import annotations

import pytest

from schwinget_spec.conformance.protocol.reference_server import EngineMatch, PlayedGang, ReferenceEngine
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Outcome, start_gang
from schwinget_spec.match import (
    MatchError,
    MatchLength,
    MatchState,
    first_legal,
    gaenge_started_by_tie,
    gang_seeds,
    play_match,
    play_match_deals,
    play_out,
    random_chooser,
    start_match,
)
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem

S = ScoringSystem.SCHWINGERWERTUNG
P = ScoringSystem.PUNKTEWERTUNG

# Seeds whose Gang, played by play_seed(seed) (deal and random play from the seed), ends as named;
# each test checks the outcome it relies on before using it.
P0_STARTS_P1_WINS = 2  # P0 starts; 2:9, no Angriff
P0_STARTS_P0_WINS = 8  # P0 starts; 9:2, no Angriff
P1_STARTS_DRAW = 4  # P1 starts; 4:4 Gestellter
P0_STARTS_DRAWS = (70, 77, 96, 100)  # P0 starts; Gestellter each


def match(system: ScoringSystem = S, younger: Player = Player.P0, rules: Rules | None = None) -> MatchState:
    """A short match before Gang 1."""
    return start_match(system, MatchLength.SHORT, younger, rules)


@pytest.mark.clause("setup.gangkarten", "match.end")
def test_short_and_long_matches_have_four_and_six_gaenge() -> None:
    """A short match is over after 4 Gänge, a long one after 6, and not before."""
    for length, count in ((MatchLength.SHORT, 4), (MatchLength.LONG, 6)):
        state = start_match(S, length, Player.P0)
        for seed in gang_seeds(5, count):
            assert not state.is_over
            state = state.play_seed(seed)
        assert state.is_over
        assert len(state.gaenge) == count
        assert state.next_starter is None


@pytest.mark.clause("match.first_starter")
@pytest.mark.parametrize("younger", [Player.P0, Player.P1])
def test_younger_player_starts_gang_one(younger: Player) -> None:
    """Gang 1 is started by the younger player; a Gang 1 started by the other is refused naming the clause."""
    state = match(younger=younger)
    assert state.next_starter is younger
    assert state.play_seed(11).gaenge[0].starter is younger
    wrong = play_out(start_gang(Deal.shuffled(11), younger.other), first_legal)
    with pytest.raises(MatchError) as info:
        state.apply_gang(wrong)
    assert info.value.clause_id == "match.first_starter"


@pytest.mark.clause("match.loser_starts")
def test_loser_starts_the_next_gang() -> None:
    """After P1 wins Gang 1 the loser P0 starts Gang 2, and after P0 wins Gang 2 the loser P1 starts Gang 3."""
    state = match().play_seed(P0_STARTS_P1_WINS)
    assert state.gaenge[0].result.winner is Player.P1
    assert state.next_starter is Player.P0
    state = state.play_seed(P0_STARTS_P0_WINS)
    assert state.gaenge[1].result.winner is Player.P0
    assert state.next_starter is Player.P1


@pytest.mark.clause("match.loser_starts")
def test_gang_started_by_the_winner_is_refused() -> None:
    """A Gang 2 started by the winner of Gang 1 is refused naming ``match.loser_starts``, and the match is left unchanged."""
    state = match().play_seed(P0_STARTS_P0_WINS)
    wrong = play_out(start_gang(Deal.shuffled(3), Player.P0), first_legal)
    with pytest.raises(MatchError) as info:
        state.apply_gang(wrong)
    assert info.value.clause_id == "match.loser_starts"
    assert len(state.gaenge) == 1


@pytest.mark.clause("match.draw_starter")
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_after_a_draw_the_player_with_fewer_points_starts(system: ScoringSystem) -> None:
    """P0 wins Gang 1, P1 starts Gang 2 which is a Gestellter: P1, behind on points, starts Gang 3."""
    state = match(system).play_seed(P0_STARTS_P0_WINS).play_seed(P1_STARTS_DRAW)
    assert state.gaenge[1].result.outcome is Outcome.GESTELLTER
    assert state.totals[1] < state.totals[0]
    assert state.next_starter is Player.P1


@pytest.mark.clause("match.draw_starter")
@pytest.mark.parametrize(
    ("tie", "expected"),
    [("younger", Player.P0), ("drawn_gang_starter", Player.P1), ("drawn_gang_other", Player.P0)],
)
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_draw_with_equal_points_follows_the_switch(system: ScoringSystem, tie: str, expected: Player) -> None:
    """AMB-DRAW-TIE-STARTER: P1 wins, P0 wins, P1 starts a Gestellter with equal totals; Gang 4 goes to the switch's player."""
    rules = Rules(draw_tie_starter=tie)  # type: ignore[arg-type]
    state = match(system, Player.P0, rules)
    state = state.play_seed(P0_STARTS_P1_WINS).play_seed(P0_STARTS_P0_WINS).play_seed(P1_STARTS_DRAW)
    assert [g.starter for g in state.gaenge] == [Player.P0, Player.P0, Player.P1]
    assert state.gaenge[2].result.outcome is Outcome.GESTELLTER
    assert state.totals[0] == state.totals[1]
    assert state.next_starter is expected


@pytest.mark.clause("match.draw_starter")
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_gaenge_started_by_tie_names_only_gaenge_after_a_gestellter_at_equal_points(system: ScoringSystem) -> None:
    """gaenge_started_by_tie names the played Gänge after a Gestellter at equal points: Gang 4 here, not Gang 3 after unequal points."""
    state = match(system, Player.P0)
    state = state.play_seed(P0_STARTS_P1_WINS).play_seed(P0_STARTS_P0_WINS).play_seed(P1_STARTS_DRAW)
    assert gaenge_started_by_tie(state) == ()  # Gang 4, whose starter the reading chooses, is not played yet
    state = state.play_seed(P0_STARTS_P0_WINS)
    assert gaenge_started_by_tie(state) == (4,)
    behind = match(system).play_seed(P0_STARTS_P0_WINS).play_seed(P1_STARTS_DRAW)
    assert behind.gaenge[1].result.outcome is Outcome.GESTELLTER
    assert gaenge_started_by_tie(behind) == ()
    assert gaenge_started_by_tie(match(system, Player.P1).play_seed(P1_STARTS_DRAW)) == ()  # no Gang after it yet


def test_draw_tie_starter_default_is_the_younger() -> None:
    """The default reading after a Gestellter at equal points is the younger player, as at Gang 1."""
    assert Rules().draw_tie_starter == "younger"
    state = match(younger=Player.P1).play_seed(P1_STARTS_DRAW)
    assert state.next_starter is Player.P1


@pytest.mark.clause("match.winner", "match.goal")
def test_most_points_wins_the_match() -> None:
    """At the end the player with more points wins, under each system separately."""
    for system in ScoringSystem:
        state = play_match(42, system, MatchLength.SHORT, Player.P0)
        result = state.result
        t0, t1 = state.totals
        assert t0 != t1
        assert result.winner is (Player.P0 if t0 > t1 else Player.P1)
        assert not result.is_draw


@pytest.mark.clause("match.winner")
@pytest.mark.parametrize(("system", "total"), [(S, "36.00"), (P, "4")])
def test_equal_totals_are_a_drawn_match(system: ScoringSystem, total: str) -> None:
    """Four Gestellte give both players the same total, and the match is reported as a draw."""
    state = match(system)
    for seed in P0_STARTS_DRAWS:
        state = state.play_seed(seed)
    assert [g.result.outcome for g in state.gaenge] == [Outcome.GESTELLTER] * 4
    assert state.result.is_draw
    assert state.result.winner is None
    assert [str(t) for t in state.result.totals] == [total, total]
    assert "draw" in str(state.result)


# play_match(seed, system, MatchLength.SHORT, Player.P0): equal totals; the tricks over all Gänge as named
EQUAL_TOTALS = [
    (S, 4, (21, 14), Player.P0),
    (S, 29, (16, 22), Player.P1),
    (S, 86, (15, 15), None),
    (P, 3, (22, 19), Player.P0),
    (P, 9, (17, 18), Player.P1),
    (P, 146, (18, 18), None),
]


@pytest.mark.clause("match.winner", "gang.tricks_decide")
@pytest.mark.parametrize(("system", "seed", "tricks", "more_tricks"), EQUAL_TOTALS)
def test_match_draw_follows_the_switch(system: ScoringSystem, seed: int, tricks: tuple[int, int], more_tricks: Player | None) -> None:
    """AMB-MATCH-DRAW: equal totals are a draw by default; under "more_tricks" more tricks over all Gänge win, equal tricks still draw."""
    drawn = play_match(seed, system, MatchLength.SHORT, Player.P0)
    decided = play_match(seed, system, MatchLength.SHORT, Player.P0, rules=Rules(match_draw="more_tricks"))
    assert drawn.totals == decided.totals
    assert drawn.totals[0] == drawn.totals[1]
    assert drawn.total_tricks == decided.total_tricks == tricks
    assert [g.starter for g in drawn.gaenge] == [g.starter for g in decided.gaenge]
    assert drawn.result.winner is None
    assert drawn.result.is_draw
    assert decided.result.winner is more_tricks
    assert decided.result.is_draw is (more_tricks is None)


@pytest.mark.clause("match.winner", "gang.tricks_decide")
@pytest.mark.parametrize(("system", "seed", "tricks", "more_tricks"), EQUAL_TOTALS)
@pytest.mark.parametrize("reading", ["draw", "more_tricks"])
def test_the_reference_server_decides_equal_totals_as_the_match_does(
    system: ScoringSystem, seed: int, tricks: tuple[int, int], more_tricks: Player | None, reading: str
) -> None:
    """The reference server's match_winner (what match_result answers) is MatchState.result's winner under each reading of match_draw."""
    rules = Rules(match_draw=reading)  # type: ignore[arg-type]
    state = play_match(seed, system, MatchLength.SHORT, Player.P0, rules=rules)
    played = tuple(PlayedGang(g.starter, g.result, g.score.points) for g in state.gaenge)
    engine = ReferenceEngine()
    kept = EngineMatch(system, 4, Player.P0, rules, played)
    assert engine.match_winner(kept, engine.match_totals(kept)) is state.result.winner
    assert state.result.winner is (more_tricks if reading == "more_tricks" else None)
    assert state.total_tricks == tricks


@pytest.mark.clause("match.winner")
def test_match_draw_switch_leaves_unequal_totals_alone() -> None:
    """Under "more_tricks" the most points still win when the totals differ, even with fewer tricks."""
    for seed in range(40):
        state = play_match(seed, S, MatchLength.SHORT, Player.P0, rules=Rules(match_draw="more_tricks"))
        t0, t1 = state.totals
        if t0 != t1:
            assert state.result.winner is (Player.P0 if t0 > t1 else Player.P1)


def test_match_draw_takes_only_its_readings() -> None:
    """A reading the switch does not have is refused naming the switch."""
    with pytest.raises(InvalidArgumentError, match="match_draw"):
        Rules(match_draw="tiebreak")  # type: ignore[arg-type]


@pytest.mark.clause("match.end")
def test_result_before_the_end_and_a_gang_after_it_are_refused() -> None:
    """The result of an unfinished match and a fifth Gang of a short match are refused naming ``match.end``."""
    state = match().play_seed(1)
    with pytest.raises(MatchError) as info:
        _ = state.result
    assert info.value.clause_id == "match.end"
    done = play_match(9, S, MatchLength.SHORT, Player.P0)
    with pytest.raises(MatchError) as info:
        done.play_seed(1)
    assert info.value.clause_id == "match.end"


@pytest.mark.clause("match.record_points")
def test_unfinished_gang_is_refused() -> None:
    """A Gang still in play cannot be recorded: points are noted after a Gang ends."""
    state = match()
    with pytest.raises(MatchError) as info:
        state.apply_gang(start_gang(Deal.shuffled(1), Player.P0).apply("A"))
    assert info.value.clause_id == "match.record_points"


def test_gang_under_other_rules_is_refused() -> None:
    """A Gang played under other rule switches than the match's is refused."""
    gang = play_out(start_gang(Deal.shuffled(1), Player.P0, Rules(konter_beats_trump_six=False)), first_legal)
    with pytest.raises(MatchError, match="rule"):
        match().apply_gang(gang)


@pytest.mark.clause("match.record_points")
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_totals_are_the_sum_of_the_gang_points(system: ScoringSystem) -> None:
    """After each Gang the totals are the sums of the recorded Gang points."""
    state = play_match(123, system, MatchLength.LONG, Player.P1)
    for player in Player:
        expected = Points.total(system, (g.score.points[player] for g in state.gaenge))
        assert state.totals[player] == expected


@pytest.mark.clause("match.redeal")
def test_match_from_one_seed_is_reproducible() -> None:
    """The same seed plays the same match; Gang i is dealt and played from the i-th SplitMix64 output of the seed."""
    a = play_match(2024, S, MatchLength.LONG, Player.P0)
    b = play_match(2024, S, MatchLength.LONG, Player.P0)
    assert a == b
    seeds = gang_seeds(2024, 6)
    assert len(set(seeds)) == 6
    manual = start_match(S, MatchLength.LONG, Player.P0)
    for seed in seeds:
        manual = manual.play_seed(seed)
    assert manual == a
    assert play_match(2025, S, MatchLength.LONG, Player.P0) != a


@pytest.mark.clause("setup.gangkarten", "match.redeal")
def test_match_from_explicit_deals() -> None:
    """Four deals make a short match and six a long one, each Gang on its own deal; five deals are refused (through the deprecated ``choose=``, which warns)."""
    deals = [Deal.shuffled(s) for s in range(6)]
    with pytest.warns(DeprecationWarning, match="players="):
        short = play_match_deals(deals[:4], P, Player.P0, choose=first_legal)
    assert short.length is MatchLength.SHORT
    assert short.is_over
    with pytest.warns(DeprecationWarning, match="players="):
        long = play_match_deals(deals, P, Player.P0, choose=random_chooser(7))
    assert long.length is MatchLength.LONG
    assert len(long.gaenge) == 6
    manual = start_match(P, MatchLength.SHORT, Player.P0)
    for deal in deals[:4]:
        manual = manual.apply_gang(play_out(manual.start_next_gang(deal), first_legal))
    assert manual == short
    with pytest.raises(MatchError) as info, pytest.warns(DeprecationWarning, match="players="):
        play_match_deals(deals[:5], P, Player.P0, choose=first_legal)
    assert info.value.clause_id == "setup.gangkarten"


def test_apply_gang_leaves_the_match_unchanged() -> None:
    """Recording a Gang returns a new match and leaves the old one as it was."""
    state = match()
    after = state.play_seed(1)
    assert state.gaenge == ()
    assert len(after.gaenge) == 1


@pytest.mark.clause("scoring.choose_system")
def test_one_system_scores_every_gang() -> None:
    """Every Gang of a match is scored under the system chosen at its start."""
    for system in ScoringSystem:
        state = play_match(77, system, MatchLength.LONG, Player.P0)
        assert {g.score.system for g in state.gaenge} == {system}


def test_score_sheet_prints_points_like_the_booklet() -> None:
    """The score sheet lists each Gang and the totals with two decimals under the Schwingerwertung."""
    state = play_match(42, S, MatchLength.SHORT, Player.P0)
    sheet = state.score_sheet()
    assert sheet.count("\n") == 7
    assert str(state.totals[0]) in sheet
    assert all("." in str(t) for t in state.totals)
