"""Every public value through its wire value and back: ``to_json`` then ``json.dumps``/``loads`` then ``from_json`` gives the value again."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState
from schwinget_spec.match import MatchResult
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Standing
from schwinget_spec.scoring import MAX_HUNDREDTHS, Points, ScoringSystem
from schwinget_spec.testing.strategies import (
    PlayedGang,
    PlayedMatch,
    deals,
    played_gangs,
    played_matches,
    rules,
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


@given(
    st.sampled_from(list(ScoringSystem)).flatmap(
        lambda system: st.builds(
            Standing,
            rank=st.integers(1, 256),
            schwinger=st.integers(0, 255),
            name=st.text(max_size=20),
            points=points(system),
            gaenge=st.integers(0, 510),
            won=st.integers(0, 510),
            drawn=st.integers(0, 510),
            lost=st.integers(0, 510),
            plattwuerfe=st.integers(0, 510),
        )
    ),
)
def test_standing_round_trips_through_json(standing: Standing) -> None:
    """A line of the standings comes back from its JSON under its scoring system."""
    assert Standing.from_json(wire(standing.to_json()), standing.points.system) == standing
