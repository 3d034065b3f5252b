"""Serialization round trips: a Gang state through its action codes, and Gänge, matches and Schwingfeste through traces."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schwinget_spec.conformance import VerdictKind, rules_from_json, verify_trace, verify_trace_text
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.match import MatchLength, play_out, random_chooser, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import Points, ScoringSystem
from schwinget_spec.testing.strategies import PlayedGang, PlayedMatch, played_gangs, played_matches, rules
from schwinget_spec.trace import actions_of, gang_trace, match_trace, rules_to_json, schwingfest_trace

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


@pytest.mark.clause("gang.turn", "kampfrichter.chooses", "angriff.who")
@given(played_gangs(), st.data())
def test_every_state_round_trips_through_its_action_codes(played: PlayedGang, data: st.DataObject) -> None:
    """Any state of a Gang equals the state rebuilt from its deal, starter, rules and ``actions_of`` codes."""
    state = data.draw(st.sampled_from(played.states))
    codes = actions_of(state)
    assert codes == tuple(a.code for a in played.actions[: state.step])
    rebuilt = start_gang(state.deal, state.starter, state.rules)
    for code in codes:
        rebuilt = rebuilt.apply(code)
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)


@given(rules())
def test_rules_round_trip_through_json(value: Rules) -> None:
    """Every Rules value survives its trace JSON object."""
    assert rules_from_json(json.loads(json.dumps(rules_to_json(value)))) == value


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff")
@given(played_gangs(), st.booleans())
def test_gang_trace_round_trip(played: PlayedGang, with_claims: bool) -> None:
    """The trace of a played Gang, as JSON text, conforms and replays to the same final state."""
    trace = gang_trace(played.final, with_claims=with_claims)
    assert verify_trace_text(json.dumps(trace)).kind is VerdictKind.CONFORMS
    record = json.loads(json.dumps(trace))["gaenge"][0]
    deal = Deal.from_codes(
        hands=(" ".join(record["deal"]["hands"][0]), " ".join(record["deal"]["hands"][1])),
        revealed=record["deal"]["revealed"],
        face_down=" ".join(record["deal"]["face_down"]),
        pile=" ".join(record["deal"]["pile"]),
    )
    state = start_gang(deal, Player.parse(record["starter"]), rules_from_json(trace["rules"]))
    for code in record["actions"]:
        state = state.apply(code)
    assert state == played.final


@pytest.mark.clause("match.loser_starts", "match.record_points", "match.winner")
@settings(max_examples=25)
@given(SEEDS, st.sampled_from(list(ScoringSystem)), st.sampled_from(list(MatchLength)), rules())
def test_match_trace_conforms(seed: int, system: ScoringSystem, length: MatchLength, match_rules: Rules) -> None:
    """A match played from any seed under any rules records to a trace the verifier judges conforming."""
    match = start_match(system, length, Player(seed % 2), match_rules)
    states = []
    for k in range(length.gaenge):
        gang_seed = (seed + k) % 2**64
        state = play_out(match.start_next_gang(Deal.shuffled(gang_seed)), random_chooser(gang_seed))
        match = match.apply_gang(state)
        states.append(state)
    verdict = verify_trace(json.loads(json.dumps(match_trace(match, states))))
    assert verdict.kind is VerdictKind.CONFORMS, verdict


@pytest.mark.clause("fest.twice_each", "fest.more_players")
@settings(max_examples=10)
@given(SEEDS, st.integers(min_value=3, max_value=5), st.sampled_from(list(ScoringSystem)), rules())
def test_schwingfest_trace_conforms(seed: int, players: int, system: ScoringSystem, fest_rules: Rules) -> None:
    """A Schwingfest of 3 to 5 Schwinger under any rules records to a trace the verifier judges conforming."""
    fest = start_schwingfest([f"S{i}" for i in range(players)], system, 1, fest_rules)
    states = []
    for k, meeting in enumerate(m for r in fest.schedule.rounds for m in r):
        gang_seed = (seed + k) % 2**64
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(gang_seed)), random_chooser(gang_seed))
        fest = fest.apply_gang(meeting, state)
        states.append(state)
    verdict = verify_trace(json.loads(json.dumps(schwingfest_trace(fest, states))))
    assert verdict.kind is VerdictKind.CONFORMS, verdict


@pytest.mark.clause("match.record_points", "match.winner", "match.loser_starts", "match.draw_starter")
@settings(max_examples=40)
@given(played_matches())
def test_played_match_totals_and_trace(played: PlayedMatch) -> None:
    """A match played by the strategies: totals are the sums of the Gang points, and its trace conforms."""
    match = played.match
    for seat in (0, 1):
        assert match.totals[seat] == Points.total(match.system, (g.score.points[seat] for g in match.gaenge))
    trace = match_trace(match, [g.final for g in played.gaenge])
    assert verify_trace(json.loads(json.dumps(trace))).kind is VerdictKind.CONFORMS
