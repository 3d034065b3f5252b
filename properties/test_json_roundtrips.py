"""Every public value through its wire value and back: ``to_json`` then ``json.dumps``/``loads`` then ``from_json`` gives the value again."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schwinget_spec.conformance.protocol.messages import (
    ALL_SWITCHES,
    LEVELS,
    PROTOCOL1_GANG_SWITCHES,
    Hello,
    StateReport,
    parse_hello,
    parse_state,
)
from schwinget_spec.conformance.protocol.readings import switch_values
from schwinget_spec.conformance.trace.games import Trace
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState, start_gang
from schwinget_spec.match import MatchResult, MatchState, gang_seeds, play_out, random_chooser, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, Standing, play_schwingfest
from schwinget_spec.scoring import MAX_HUNDREDTHS, Points, ScoringSystem
from schwinget_spec.testing.strategies import (
    PlayedGang,
    PlayedMatch,
    deals,
    played_gangs,
    played_matches,
    rules,
    scoring_systems,
)


def wire(value: Any) -> Any:
    """``value`` written as JSON text and read back: what crosses the wire."""
    return json.loads(json.dumps(value))


def points(system: ScoringSystem) -> st.SearchStrategy[Points]:
    """Any Points under ``system`` (whole points under the Punktewertung)."""
    step = 100 if system is ScoringSystem.PUNKTEWERTUNG else 1
    return st.integers(0, MAX_HUNDREDTHS // step).map(lambda n: Points(system, n * step))


@given(deals())
def test_deal_round_trips_through_json_and_codes(deal: Deal) -> None:
    """A deal comes back from its JSON and from ``Deal.from_codes(**deal.to_codes())``."""
    assert Deal.from_json(wire(deal.to_json())) == deal
    assert Deal.from_codes(**deal.to_codes()) == deal  # type: ignore[arg-type]


@given(rules())
def test_rules_round_trip_through_json(value: Rules) -> None:
    """Every combination of switches comes back from its JSON."""
    assert Rules.from_json(wire(value.to_json())) == value


@given(st.sampled_from(list(ScoringSystem)).flatmap(points))
def test_points_round_trip_through_json(value: Points) -> None:
    """Points come back from their string under their system, never through a float."""
    text = wire(value.to_json())
    assert isinstance(text, str)
    assert Points.from_json(text, value.system) == value


@pytest.mark.clause("gang.more_tricks_wins", "plattwurf.definition")
@given(played_gangs(), st.data())
def test_gang_state_and_result_round_trip_through_json(played: PlayedGang, data: st.DataObject) -> None:
    """Any state of a Gang is replayed from its JSON to the same state; the result of the finished Gang comes back from its JSON."""
    state = data.draw(st.sampled_from(played.states))
    assert GangState.from_json(wire(state.to_json())) == state
    result = played.final.result
    assert GangResult.from_json(wire(result.to_json())) == result


@settings(max_examples=30)
@given(played_matches())
def test_match_result_round_trips_through_json(played: PlayedMatch) -> None:
    """The result of any match comes back from its JSON."""
    result = played.match.result
    assert MatchResult.from_json(wire(result.to_json())) == result


@st.composite
def standings(draw: st.DrawFn) -> Standing:
    """A line of standings a Schwingfest can give: Gänge won, drawn and lost adding up to at most 510 (2 * 255 meetings), no more Plattwürfe than Gänge won."""
    system = draw(st.sampled_from(list(ScoringSystem)))
    won, drawn, lost = (draw(st.integers(0, 170)) for _ in range(3))
    return Standing(
        rank=draw(st.integers(1, 256)),
        schwinger=draw(st.integers(0, 255)),
        name=draw(st.text(max_size=20)),
        points=draw(points(system)),
        gaenge=won + drawn + lost,
        won=won,
        drawn=drawn,
        lost=lost,
        plattwuerfe=draw(st.integers(0, won)),
    )


@given(standings())
def test_standing_round_trips_through_json(standing: Standing) -> None:
    """A line of the standings comes back from its JSON under its scoring system."""
    assert Standing.from_json(wire(standing.to_json()), standing.points.system) == standing


def running(played: PlayedMatch, gaenge: int) -> tuple[MatchState, tuple[GangState, ...]]:
    """The match of ``played`` after its first ``gaenge`` Gänge, with their finished Gang states."""
    first = played.match
    match = start_match(first.system, first.length, first.younger, first.rules)
    states = tuple(g.final for g in played.gaenge[:gaenge])
    for state in states:
        match = match.apply_gang(state)
    return match, states


@pytest.mark.clause("match.loser_starts", "match.draw_starter", "match.record_points")
@settings(max_examples=30)
@given(played_matches(), st.data())
def test_match_state_and_its_trace_round_trip_through_json(played: PlayedMatch, data: st.DataObject) -> None:
    """A match after any number of its Gänge, under any rules, comes back from its JSON, and with its Gang states from its trace."""
    match, states = running(played, data.draw(st.integers(0, len(played.gaenge))))
    assert MatchState.from_json(wire(match.to_json())) == match
    if states:
        trace = Trace(match, states, trace_id=data.draw(st.none() | st.text(max_size=5)))
        assert Trace.from_json(wire(trace.to_json())) == trace


@pytest.mark.clause("fest.twice_each", "match.loser_starts")
@settings(max_examples=20)
@given(st.tuples(st.integers(3, 4), st.integers(1, 2)), st.integers(0, 2**64 - 1), scoring_systems(), rules(), st.data())
def test_schwingfest_state_and_its_trace_round_trip_through_json(
    size: tuple[int, int], seed: int, system: ScoringSystem, value: Rules, data: st.DataObject
) -> None:
    """A Schwingfest (3 or 4 Schwinger, 1 or 2 card sets) after any number of its meetings, under any rules, comes back from its JSON and, with its Gang states, from its trace."""
    names = [f"S{i}" for i in range(size[0])]
    whole = play_schwingfest(names, seed, system, size[1], rules=value)
    fought = data.draw(st.integers(0, len(whole.fought)))
    fest = SchwingfestState(whole.names, whole.system, whole.rules, whole.schedule, whole.fought[:fought])
    assert SchwingfestState.from_json(wire(fest.to_json())) == fest
    if fought:
        # the Gang states of the meetings fought, replayed from their deals as play_schwingfest played them
        trace = Trace.from_json(wire(_fest_trace(fest, seed)))
        assert trace.game == fest
        assert Trace.from_json(wire(trace.to_json())) == trace


def _fest_trace(fest: SchwingfestState, seed: int) -> dict[str, Any]:
    """The trace of ``fest`` played from ``seed`` as ``play_schwingfest`` plays it: each meeting on the deal and by the random play of its seed."""
    states = []
    seeds = gang_seeds(seed, len(fest.schedule.meetings))
    for entry in fest.fought:
        gang_seed = seeds[fest.schedule.meetings.index(entry.meeting)]
        start = start_gang(Deal.shuffled(gang_seed), entry.meeting.seat(entry.starter), fest.rules)
        states.append(play_out(start, random_chooser(gang_seed)))
    return Trace(fest, tuple(states)).to_json()


@settings(max_examples=50)
@given(played_gangs(), st.data())
def test_gang_trace_and_state_report_round_trip_through_json(played: PlayedGang, data: st.DataObject) -> None:
    """Any state of a Gang comes back from its trace, and its state report (the protocol's ``state`` answer) from its JSON."""
    state = data.draw(st.sampled_from(played.states))
    trace = Trace(state)
    assert Trace.from_json(wire(trace.to_json())) == trace
    hands = [[c.code for c in state.hand(p)] for p in (Player.P0, Player.P1)]
    report = parse_state({
        "to_move": None if state.is_over else state.to_move.code,
        "tricks": list(state.tricks),
        "pile_size": state.pile_size,
        "hand_sizes": [len(h) for h in hands],
        "is_over": state.is_over,
        "hands": hands,
    })
    assert StateReport.from_json(wire(report.to_json())) == report


@st.composite
def hello_answers(draw: st.DrawFn) -> dict[str, Any]:
    """A ``hello`` answer of protocol 1 or 2: any levels an engine may declare, and switches in the list or the object form."""
    name, version = draw(st.text(max_size=10)), draw(st.text(max_size=10))
    if draw(st.booleans()):
        switches = draw(st.lists(st.sampled_from(PROTOCOL1_GANG_SWITCHES), unique=True))
        return {"name": name, "version": version, "protocol": 1, "switches": switches}
    levels = ["gang", *draw(st.sets(st.sampled_from(LEVELS[1:])))]
    if "scoring" not in levels and len(levels) > 1:
        levels.append("scoring")
    chosen = draw(st.lists(st.sampled_from(ALL_SWITCHES), unique=True))
    answer: Any = chosen
    if draw(st.booleans()):
        answer = {n: draw(st.lists(st.sampled_from(switch_values(n)), min_size=1, unique=True)) for n in chosen}
    return {"name": name, "version": version, "protocol": 2, "levels": draw(st.permutations(levels)), "switches": answer}


@given(hello_answers())
def test_hello_round_trips_through_json(answer: dict[str, Any]) -> None:
    """Any ``Hello`` an engine may answer comes back from its JSON."""
    hello = parse_hello(answer)
    assert Hello.from_json(wire(hello.to_json())) == hello
