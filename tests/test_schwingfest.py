"""The Schwingfest: each pair meets twice, the schedule with the fewest rounds, who starts each Gang, and the standings."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import attrs
import pytest

from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangResult, Outcome, start_gang
from schwinget_spec.match import first_legal, play_out
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import (
    Meeting,
    SchwingfestError,
    gaenge_per_schwinger,
    make_schedule,
    min_rounds,
    play_schwingfest,
    start_schwingfest,
)
from schwinget_spec.scoring import Points, ScoringSystem

S = ScoringSystem.SCHWINGERWERTUNG
P = ScoringSystem.PUNKTEWERTUNG
NAMES = ("Anna", "Beat", "Chris", "Dora", "Ernst", "Fritz", "Greti")


@pytest.mark.clause("fest.more_players")
def test_a_schwingfest_needs_more_than_two_schwinger() -> None:
    """Two Schwinger are a match, not a Schwingfest: refused naming the clause; three are enough."""
    with pytest.raises(SchwingfestError) as info:
        start_schwingfest(NAMES[:2], S)
    assert info.value.clause_id == "fest.more_players"
    assert len(start_schwingfest(NAMES[:3], S).schedule.meetings) == 6


@pytest.mark.clause("fest.twice_each")
def test_three_schwinger_fight_four_gaenge_each() -> None:
    """The booklet's example: with 3 Schwinger each meets each twice and fights 4 Gänge."""
    assert gaenge_per_schwinger(3) == 4
    fest = play_schwingfest(NAMES[:3], 1, S)
    assert [st.gaenge for st in fest.standings] == [4, 4, 4]


@pytest.mark.clause("fest.four_players")
def test_four_schwinger_fight_six_gaenge_each() -> None:
    """The booklet's example: with 4 Schwinger the same mode gives 6 Gänge each."""
    assert gaenge_per_schwinger(4) == 6
    fest = play_schwingfest(NAMES[:4], 1, S, sets=2)
    assert [st.gaenge for st in fest.standings] == [6, 6, 6, 6]


@pytest.mark.clause("fest.twice_each")
@pytest.mark.parametrize("players", range(3, 11))
def test_n_schwinger_fight_two_n_minus_two_gaenge_each(players: int) -> None:
    """In general n Schwinger fight 2(n-1) Gänge each, n(n-1) in all, and every pair meets exactly twice."""
    schedule = make_schedule(players, sets=2)
    pairs = Counter((m.a, m.b) for m in schedule.meetings)
    assert set(pairs) == set(itertools.combinations(range(players), 2))
    assert set(pairs.values()) == {2}
    per_player = Counter(s for m in schedule.meetings for s in (m.a, m.b))
    assert set(per_player.values()) == {gaenge_per_schwinger(players)}
    assert len(schedule.meetings) == players * (players - 1)


def _largest_disjoint_pairs(players: int) -> int:
    """The most pairs of ``players`` Schwinger that can fight at once, by exhaustive search."""
    pairs = list(itertools.combinations(range(players), 2))
    best = 0
    for k in range(1, players // 2 + 2):
        if any(len({s for p in c for s in p}) == 2 * k for c in itertools.combinations(pairs, k)):
            best = k
    return best


@pytest.mark.clause("fest.parallel")
@pytest.mark.parametrize("players", range(3, 8))
def test_round_lower_bound(players: int) -> None:
    """The fewest rounds is at least max(2(n-1), ceil(n(n-1) / min(sets, largest set of disjoint pairs))), and that largest set is n // 2.

    A round holds disjoint pairs only, each on its own card set, so at most min(sets, n // 2)
    Gänge (the exhaustive search shows no larger set of disjoint pairs exists); n(n-1) Gänge
    need that many rounds. Each Schwinger fights 2(n-1) Gänge, at most one per round.
    """
    largest = _largest_disjoint_pairs(players)
    assert largest == players // 2
    for sets in range(1, 6):
        bound = max(2 * (players - 1), math.ceil(players * (players - 1) / min(sets, largest)))
        assert min_rounds(players, sets) == bound
        if players % 2 and sets >= largest:
            assert bound == 2 * players


@pytest.mark.clause("fest.parallel", "fest.twice_each")
@pytest.mark.parametrize("players", range(3, 11))
@pytest.mark.parametrize("sets", range(1, 7))
def test_schedule_meets_the_lower_bound(players: int, sets: int) -> None:
    """The schedule has exactly the lower bound of rounds, no round is empty, holds more Gänge than sets, or has a Schwinger twice."""
    schedule = make_schedule(players, sets)
    assert len(schedule.rounds) == min_rounds(players, sets)
    for round_ in schedule.rounds:
        assert 1 <= len(round_) <= sets
        fighters = [s for m in round_ for s in (m.a, m.b)]
        assert len(fighters) == len(set(fighters))
    for m in schedule.meetings:
        if m.leg == 2:
            assert schedule.round_of(Meeting(m.a, m.b, 1)) < schedule.round_of(m)
    assert sorted(Counter((m.a, m.b) for m in schedule.meetings).values()) == [2] * (players * (players - 1) // 2)


def test_schedule_examples() -> None:
    """3 Schwinger need 6 rounds whatever the sets (one always rests); 4 Schwinger on 2 sets need 6, on 1 set 12."""
    assert len(make_schedule(3, 1).rounds) == 6
    assert len(make_schedule(3, 4).rounds) == 6
    assert len(make_schedule(4, 2).rounds) == 6
    assert len(make_schedule(4, 1).rounds) == 12
    assert len(make_schedule(5, 2).rounds) == 10
    assert len(make_schedule(6, 2).rounds) == 15


@pytest.mark.clause("fest.parallel")
def test_no_card_set_is_refused() -> None:
    """A Schwingfest with no card set cannot be scheduled."""
    with pytest.raises(SchwingfestError) as info:
        make_schedule(4, 0)
    assert info.value.clause_id == "fest.parallel"


@pytest.mark.clause("match.first_starter")
@pytest.mark.parametrize(
    ("mode", "second"),
    [("alternate", "b"), ("younger", "a")],
)
def test_who_starts_each_meeting_follows_the_switch(mode: str, second: str) -> None:
    """AMB-FEST-STARTER: the younger of a pair starts their first meeting; the second goes to the older (``"alternate"``) or again the younger (``"younger"``), neither of them the default."""
    fest = play_schwingfest(NAMES[:4], 3, S, sets=2, rules=Rules(fest_starter=mode))  # type: ignore[arg-type]
    for g in fest.fought:
        expected = g.meeting.a if g.meeting.leg == 1 else getattr(g.meeting, second)
        assert g.starter == expected
    assert Rules().fest_starter == "loser_of_first_meeting"


@pytest.mark.clause("match.loser_starts")
def test_loser_of_the_first_meeting_starts_the_second() -> None:
    """AMB-FEST-STARTER ``loser_of_first_meeting``, the default: the second meeting is started by the first's loser, by the younger after a draw (``draw_tie_starter`` default)."""
    fest = play_schwingfest(NAMES[:4], 3, P, sets=2)
    assert fest.rules == Rules(fest_starter="loser_of_first_meeting")
    firsts = {(g.meeting.a, g.meeting.b): g for g in fest.fought if g.meeting.leg == 1}
    seconds = [g for g in fest.fought if g.meeting.leg == 2]
    assert len(seconds) == 6
    for g in seconds:
        first = firsts[(g.meeting.a, g.meeting.b)]
        loser = first.result.loser
        assert g.starter == (g.meeting.a if loser is None else first.meeting.schwinger(loser))


@pytest.mark.clause("match.draw_starter", "match.loser_starts")
@pytest.mark.parametrize(
    ("tie", "second"), [("younger", "a"), ("drawn_gang_starter", "a"), ("drawn_gang_other", "b")]
)
def test_after_a_drawn_first_meeting_the_draw_tie_starter_decides(tie: str, second: str) -> None:
    """AMB-FEST-STARTER ``loser_of_first_meeting``: after a drawn first meeting the pair's points are equal, so ``draw_tie_starter`` names who starts the second, as in a match."""
    rules = Rules(fest_starter="loser_of_first_meeting", draw_tie_starter=tie)  # type: ignore[arg-type]
    fest = start_schwingfest(NAMES[:3], S, rules=rules)
    drawn = GangResult((5, 5), 11, None, None, None, Outcome.GESTELLTER)
    fest = fest.apply_result(Meeting(0, 2, 1), drawn)
    first = fest.gang_of(Meeting(0, 2, 1))
    assert first is not None
    assert first.points_of(0) == first.points_of(2)
    assert fest.starter_of(Meeting(0, 2, 2)) == getattr(Meeting(0, 2, 2), second)
    assert fest.apply_result(Meeting(0, 2, 2), drawn).gang_of(Meeting(0, 2, 2)).starter == getattr(Meeting(0, 2, 2), second)  # type: ignore[union-attr]


@pytest.mark.clause("match.loser_starts")
def test_second_meeting_before_the_first_is_refused_when_the_loser_starts() -> None:
    """Under ``loser_of_first_meeting`` the second meeting cannot be started before the first is fought."""
    fest = start_schwingfest(NAMES[:3], S, rules=Rules(fest_starter="loser_of_first_meeting"))
    with pytest.raises(SchwingfestError) as info:
        fest.starter_of(Meeting(0, 1, 2))
    assert info.value.clause_id == "match.loser_starts"


@pytest.mark.clause("fest.twice_each", "match.record_points")
def test_gaenge_that_do_not_fit_are_refused() -> None:
    """A meeting outside the schedule, a meeting fought twice, an unfinished Gang and a wrong starter are refused."""
    fest = start_schwingfest(NAMES[:3], S)
    meeting = fest.schedule.meetings[0]
    with pytest.raises(SchwingfestError) as info:
        fest.start_meeting(Meeting(0, 1, 3), Deal.shuffled(1))
    assert info.value.clause_id == "fest.twice_each"
    with pytest.raises(SchwingfestError) as info:
        fest.apply_gang(meeting, start_gang(Deal.shuffled(1), Player.P0))
    assert info.value.clause_id == "match.record_points"
    wrong = play_out(start_gang(Deal.shuffled(1), Player.P1), first_legal)
    with pytest.raises(SchwingfestError) as info:
        fest.apply_gang(meeting, wrong)
    assert info.value.clause_id == "match.first_starter"
    once = fest.play_seed(meeting, 1)
    with pytest.raises(SchwingfestError) as info:
        once.play_seed(meeting, 2)
    assert info.value.clause_id == "fest.twice_each"
    assert fest.fought == ()


@pytest.mark.clause("match.record_points")
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_standings_add_up(system: ScoringSystem) -> None:
    """Each Schwinger's points are the sum of their Gang points, wins and losses balance, Plattwürfe are Plattwurf wins."""
    fest = play_schwingfest(NAMES[:5], 11, system, sets=2)
    assert fest.is_over
    assert fest.remaining == ()
    for st in fest.standings:
        mine = [g for g in fest.fought if st.schwinger in (g.meeting.a, g.meeting.b)]
        assert st.points == Points.total(system, (g.points_of(st.schwinger) for g in mine))
        assert st.won + st.drawn + st.lost == st.gaenge == 8
        won = [g for g in mine if g.result.winner is not None and g.meeting.schwinger(g.result.winner) == st.schwinger]
        assert st.plattwuerfe == sum(1 for g in won if g.result.is_plattwurf)
    standings = fest.standings
    assert sum(st.won for st in standings) == sum(st.lost for st in standings)
    assert [st.points for st in standings] == sorted((st.points for st in standings), reverse=True)


@pytest.mark.clause("scoring.choose_system")
def test_totals_refuse_points_of_the_other_system() -> None:
    """A fest built by hand with a Gang scored under the other system: totals() refuses to add the points, naming the clause."""
    fest = play_schwingfest(NAMES[:3], 5, S)
    first = fest.fought[0]
    other = attrs.evolve(first, score=attrs.evolve(first.score, points=(Points(P, 200), Points(P, 0))))
    mixed = attrs.evolve(fest, fought=(other, *fest.fought[1:]), _slots=None)
    with pytest.raises(SchwingetError) as info:
        mixed.totals()
    assert info.value.clause_id == "scoring.choose_system"


def test_equal_points_share_a_rank_by_default() -> None:
    """AMB-FEST-TIES: seed 4 gives Anna and Chris 7 points each: both rank 1 by default, Beat third."""
    fest = play_schwingfest(NAMES[:3], 4, P)
    table = [(st.rank, st.name, str(st.points), st.won) for st in fest.standings]
    assert table == [(1, "Anna", "7", 3), (1, "Chris", "7", 2), (3, "Beat", "3", 1)]
    assert "Anna" in fest.standings_table()


def test_tiebreak_by_wins_then_plattwuerfe() -> None:
    """AMB-FEST-TIES ``wins_then_plattwuerfe``: of Anna and Chris, equal on 7 points, Anna with more wins ranks first."""
    fest = play_schwingfest(NAMES[:3], 4, P, rules=Rules(fest_tiebreak="wins_then_plattwuerfe"))
    assert [(st.rank, st.name) for st in fest.standings] == [(1, "Anna"), (2, "Chris"), (3, "Beat")]


def test_schwingfest_from_one_seed_is_reproducible() -> None:
    """The same names, seed, system and sets give the same Schwingfest."""
    assert play_schwingfest(NAMES[:4], 8, S, 2) == play_schwingfest(NAMES[:4], 8, S, 2)


def test_names_must_differ() -> None:
    """Two Schwinger of the same name are refused: the standings could not tell them apart."""
    with pytest.raises(SchwingfestError):
        start_schwingfest(("Anna", "Beat", "Anna"), S)


@pytest.mark.clause("fest.twice_each")
def test_a_fest_recorded_gang_by_gang_knows_what_is_fought_like_one_built_at_once() -> None:
    """Past 64 meetings (the index of fought Gänge is kept in rows): after every Gang, gang_of and remaining agree with a state built from the same Gänge at once, and a meeting is refused a second time."""
    names = [f"S{i}" for i in range(10)]  # 90 meetings
    fest = start_schwingfest(names, S, 2)
    meetings = fest.schedule.meetings
    order = meetings[1::2] + meetings[::2]  # not in schedule order, to fill the rows out of turn
    order = tuple(m for m in order if m.leg == 1) + tuple(m for m in order if m.leg == 2)
    for k, meeting in enumerate(order):
        fest = fest.play_seed(meeting, k)
        again = type(fest)(fest.names, fest.system, fest.rules, fest.schedule, fest.fought)
        fought = set(order[: k + 1])
        for m in meetings:
            assert (fest.gang_of(m) is not None) == (again.gang_of(m) is not None) == (m in fought)
        assert fest.remaining == again.remaining == tuple(m for m in meetings if m not in fought)
        assert fest.gang_of(meeting) is fest.fought[-1]
        with pytest.raises(SchwingfestError):
            fest.play_seed(meeting, k)
    assert fest.is_over
