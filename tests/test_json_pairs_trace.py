"""The trace pair: a Gang, match or Schwingfest, finished or running, written as its trace by ``Trace.to_json`` and read back by ``Trace.from_json``, a bad trace refused with the verifier's verdict."""

from __future__ import annotations

import contextlib
import copy
import json
import warnings
from typing import Any

import pytest
from test_json_pairs import BAD_VALUES, _paths, _replaced

from schwinget_spec.conformance.trace.games import Trace, TraceError
from schwinget_spec.conformance.trace.verify import VerdictKind, verify_trace
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, MatchState, first_legal, play_out, random_chooser, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem

S = ScoringSystem.SCHWINGERWERTUNG


def wire(value: Any) -> Any:
    """``value`` written as JSON text and read back."""
    return json.loads(json.dumps(value))


def match_with_states(gaenge: int, length: MatchLength = MatchLength.SHORT) -> tuple[MatchState, tuple[GangState, ...]]:
    """A match of ``length`` after ``gaenge`` Gänge played by ``random_chooser``, with their Gang states."""
    match = start_match(S, length, Player.P1, Rules(match_draw="more_tricks"))
    states = []
    for k in range(gaenge):
        state = play_out(match.start_next_gang(Deal.shuffled(k + 10)), random_chooser(k))
        states.append(state)
        match = match.apply_gang(state)
    return match, tuple(states)


def fest_with_states(gaenge: int) -> tuple[SchwingfestState, tuple[GangState, ...]]:
    """A fest of three Schwinger after its first ``gaenge`` meetings played by ``first_legal``, with their Gang states."""
    fest = start_schwingfest(("Anna", "Beat", "Chris"), S, rules=Rules(fest_starter="loser_of_first_meeting"))
    states = []
    for k, meeting in enumerate(fest.schedule.meetings[:gaenge]):
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(k)), first_legal)
        states.append(state)
        fest = fest.apply_gang(meeting, state)
    return fest, tuple(states)


def running_gang(steps: int) -> GangState:
    """The Gang dealt by seed 5, P1 leading, after ``steps`` first legal actions."""
    state = start_gang(Deal.shuffled(5), Player.P1)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("steps", [0, 7, 100])
def test_a_gang_finished_or_running_comes_back_from_its_trace(steps: int) -> None:
    """A Gang at any step is written as a trace of kind ``gang`` (the running one without end claims) and read back to the same state."""
    state = running_gang(steps)
    trace = Trace(state, trace_id="g1")
    data = trace.to_json()
    assert (data["kind"], data["id"], "end" in data["gaenge"][0]["claims"]) == ("gang", "g1", state.is_over)
    assert Trace.from_json(wire(data)) == trace
    assert Trace.from_json(trace.to_json(with_claims=False)).game == state
    assert trace.states == (state,)


@pytest.mark.clause("match.end", "match.loser_starts")
@pytest.mark.parametrize("gaenge", [1, 3, 6])
def test_a_match_finished_or_running_comes_back_from_its_trace(gaenge: int) -> None:
    """A long match after any number of Gänge comes back from its trace with its Gang states; only the finished one claims totals and winner."""
    match, states = match_with_states(gaenge, MatchLength.LONG)
    trace = Trace(match, states)
    data = trace.to_json()
    assert ("claims" in data) == match.is_over
    assert verify_trace(data).conforms == match.is_over
    back = Trace.from_json(wire(data))
    assert back == trace
    assert back.kind == "match"


@pytest.mark.clause("fest.twice_each", "match.loser_starts")
@pytest.mark.parametrize("gaenge", [1, 4, 6])
def test_a_schwingfest_finished_or_running_comes_back_from_its_trace(gaenge: int) -> None:
    """A Schwingfest after any number of meetings comes back from its trace; only the finished one claims totals, winner and ranks."""
    fest, states = fest_with_states(gaenge)
    trace = Trace(fest, states)
    data = trace.to_json()
    assert ("claims" in data) == fest.is_over
    assert Trace.from_json(wire(data)) == trace


def test_a_game_and_its_gang_states_must_agree() -> None:
    """A trace value of something that is no game, of Gang states the game did not record, or of a match with no Gang yet is refused naming the parameter."""
    match, states = match_with_states(2)
    cases = [
        (lambda: Trace(None), "game"),  # type: ignore[arg-type]
        (lambda: Trace(match, states[:1]), "gaenge"),
        (lambda: Trace(match, (states[1], states[0])), "gaenge[0]"),
        (lambda: Trace(match, list(states)), "gaenge"),  # type: ignore[arg-type]
        (lambda: Trace(states[0], states), "gaenge"),
        (lambda: Trace(states[0], trace_id=3), "trace_id"),  # type: ignore[arg-type]
        (lambda: Trace(start_match(S, MatchLength.SHORT, Player.P0)).to_json(), "game"),
    ]
    for call, parameter in cases:
        with pytest.raises(InvalidArgumentError) as caught:
            call()
        assert caught.value.parameter == parameter


@pytest.mark.clause("schwung.farbzwang", "gang.turn")
def test_a_bad_trace_is_refused_with_the_verifiers_verdict() -> None:
    """An illegal action, a wrong claim or a document that is no trace raise ``TraceError`` carrying the verifier's verdict, its pointer and clause."""
    state = running_gang(100)
    data = Trace(state).to_json()
    data["gaenge"][0]["actions"][1] = data["gaenge"][0]["actions"][0]
    with pytest.raises(TraceError) as caught:
        Trace.from_json(data)
    assert caught.value.verdict == verify_trace(data)
    assert (caught.value.verdict.kind, caught.value.verdict.where) == (VerdictKind.ILLEGAL_ACTION, "/gaenge/0/actions/1")
    assert caught.value.clause_id == caught.value.verdict.clause_id is not None
    data = Trace(state).to_json()
    data["gaenge"][0]["claims"]["end"]["tricks"] = [0, 0]
    with pytest.raises(TraceError) as caught:
        Trace.from_json(data)
    assert (caught.value.verdict.kind, caught.value.verdict.where) == (VerdictKind.WRONG_CLAIM, "/gaenge/0/claims/end/tricks")
    for nothing in (None, [], {"format": "schwinget-trace"}):
        with pytest.raises(TraceError) as caught:
            Trace.from_json(nothing)
        assert caught.value.verdict.kind is VerdictKind.MALFORMED


@pytest.mark.clause("match.loser_starts", "match.first_starter")
def test_a_running_match_is_checked_gang_by_gang() -> None:
    """A running match's trace is refused for a Gang started by the wrong player (naming the clause), a wrong claim in any Gang, or claims of its end."""
    match, states = match_with_states(3)
    data = Trace(match, states).to_json()
    changed = copy.deepcopy(data)
    changed["gaenge"][0]["starter"] = "P0"
    with pytest.raises(TraceError) as caught:
        Trace.from_json(changed)
    verdict = caught.value.verdict
    assert (verdict.kind, verdict.where, verdict.gang, verdict.clause_id) == (
        VerdictKind.ILLEGAL_ACTION, "/gaenge/0/starter", 0, "match.first_starter",
    )
    changed = copy.deepcopy(data)
    changed["gaenge"][2]["claims"]["steps"][3]["pile_size"] = 0
    with pytest.raises(TraceError) as caught:
        Trace.from_json(changed)
    verdict = caught.value.verdict
    assert (verdict.kind, verdict.where, verdict.gang) == (VerdictKind.WRONG_CLAIM, "/gaenge/2/claims/steps/3/pile_size", 2)
    changed = copy.deepcopy(data)
    changed["gaenge"][1]["claims"]["end"]["points"] = ["0.00", "0.00"]
    with pytest.raises(TraceError) as caught:
        Trace.from_json(changed)
    assert (caught.value.verdict.kind, caught.value.verdict.where) == (VerdictKind.WRONG_CLAIM, "/gaenge/1/claims/end/points")
    changed = {**data, "claims": {"totals": ["1.00", "1.00"], "winner": None}}
    with pytest.raises(TraceError) as caught:
        Trace.from_json(changed)
    assert (caught.value.verdict.kind, caught.value.verdict.where) == (VerdictKind.MALFORMED, "/claims")


def test_a_running_gang_claims_no_end_and_a_running_fest_no_ranks() -> None:
    """A running Gang's record with end claims, or a running Schwingfest's trace with final claims, is refused as malformed there."""
    data = Trace(running_gang(5)).to_json()
    data["gaenge"][0]["claims"]["end"] = {"tricks": [0, 0]}
    with pytest.raises(TraceError) as caught:
        Trace.from_json(data)
    assert (caught.value.verdict.kind, caught.value.verdict.where) == (VerdictKind.MALFORMED, "/gaenge/0/claims/end")
    fest, states = fest_with_states(2)
    data = {**Trace(fest, states).to_json(), "claims": {"ranks": [1, 2, 3]}}
    with pytest.raises(TraceError) as caught:
        Trace.from_json(data)
    assert caught.value.verdict.where == "/claims"


def test_a_version_1_trace_is_read_with_the_verifiers_deprecation_warning() -> None:
    """A Gang trace of format version 1 is read to the same Gang, with the verifier's ``DeprecationWarning``."""
    trace = Trace(running_gang(100))
    data = {**trace.to_json(), "version": 1}
    with pytest.warns(DeprecationWarning, match="version 1"):
        assert Trace.from_json(data) == trace


def test_any_field_of_the_wrong_kind_gives_a_trace_error() -> None:
    """Each field of a running match's trace down to a Gang record's parts, replaced by a value of any JSON kind (an int of 5,000 digits as a value or a key included), gives the game or a ``TraceError``."""
    data = Trace(*match_with_states(2)).to_json()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # a version of true is read as version 1, with its warning
        for path in (p for p in _paths(data) if len(p) <= 4):
            for bad in BAD_VALUES:
                with contextlib.suppress(TraceError):
                    Trace.from_json(_replaced(data, path, bad))


@pytest.mark.clause("match.loser_starts")
def test_a_version_1_fest_trace_keeps_the_defaults_it_was_written_under() -> None:
    """A Schwingfest trace of version 1 that leaves out ``fest_starter`` is read under the reading version 1 played (``"alternate"``), as the verifier judges it."""
    fest = start_schwingfest(("Anna", "Beat", "Chris"), S, rules=Rules(fest_starter="alternate"))
    states = []
    for k, meeting in enumerate(fest.schedule.meetings):
        state = play_out(fest.start_meeting(meeting, Deal.shuffled(k)), first_legal)
        states.append(state)
        fest = fest.apply_gang(meeting, state)
    trace = Trace(fest, tuple(states))
    data = trace.to_json()
    del data["rules"]["fest_starter"]
    with pytest.warns(DeprecationWarning, match="version 1"):
        assert Trace.from_json({**data, "version": 1}) == trace
