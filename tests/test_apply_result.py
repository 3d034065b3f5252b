"""A Gang recorded by its result: ``MatchState.apply_result`` and ``SchwingfestState.apply_result`` give what ``apply_gang`` gives, and refuse what ``gang.check_result`` refuses without changing anything."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, MatchError
from schwinget_spec.gang import Angriff, GangResult, Outcome, check_result, start_gang
from schwinget_spec.match import (
    MatchLength,
    MatchState,
    first_legal,
    gaenge_started_by_tie,
    play_out,
    random_chooser,
    start_match,
)
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, SchwingfestError, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem

S = ScoringSystem.SCHWINGERWERTUNG
PW = ScoringSystem.PUNKTEWERTUNG
P0, P1 = Player.P0, Player.P1
NAMES = ("Anna", "Beat", "Chris", "Dora")
API_DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def _result(
    *,
    tricks: Any = (6, 5),
    schwuenge: Any = 11,
    angriff: Any = None,
    plattwurf: Any = None,
    winner: Any = P0,
    outcome: Any = Outcome.SIEG_OHNE_ANGRIFF,
) -> GangResult:
    return GangResult(tricks, schwuenge, angriff, plattwurf, winner, outcome)


GESTELLTER = _result(tricks=(5, 5), winner=None, outcome=Outcome.GESTELLTER)
PLATTWURF = _result(
    tricks=(2, 7), schwuenge=9, angriff=Angriff(P1, 4), plattwurf=P1, winner=P1,
    outcome=Outcome.PLATTWURF_EIGENER_ANGRIFF,
)


def _played_match(seed: int, system: ScoringSystem, length: MatchLength, rules: Rules) -> tuple[MatchState, MatchState]:
    """The match played Gang by Gang from ``seed`` through ``apply_gang``, and the one recorded by ``apply_result``; equal after every Gang."""
    by_gang = by_result = start_match(system, length, Player(seed & 1), rules)
    for k in range(length.gaenge):
        gang = play_out(by_gang.start_next_gang(Deal.shuffled(seed * 10 + k)), random_chooser(seed * 10 + k))
        by_gang = by_gang.apply_gang(gang)
        by_result = by_result.apply_result(gang.result)
        assert by_result == by_gang
    return by_gang, by_result


# -- the same state as apply_gang


@pytest.mark.clause("match.first_starter", "match.loser_starts", "match.draw_starter", "match.record_points", "match.end")
@pytest.mark.parametrize("length", list(MatchLength))
@pytest.mark.parametrize("tie", ["younger", "drawn_gang_starter", "drawn_gang_other"])
def test_a_match_recorded_by_results_is_the_match_played(length: MatchLength, tie: str) -> None:
    """Over 40 seeds, each system and each ``draw_tie_starter`` reading, recording each Gang's result gives the match ``apply_gang`` gives, Gang by Gang, ties at equal points among them."""
    rules = Rules(draw_tie_starter=tie)  # type: ignore[arg-type]
    ties = 0
    for seed in range(40):
        played, recorded = _played_match(seed, S if seed % 2 else PW, length, rules)
        assert recorded.is_over
        assert recorded.result == played.result
        ties += len(gaenge_started_by_tie(played))
    assert ties > 0  # the draw_tie_starter reading chose some starter


@pytest.mark.clause("match.loser_starts", "match.draw_starter")
def test_apply_result_records_the_starter_due() -> None:
    """The loser of a Gang starts the next; after a Gestellter at equal points ``draw_tie_starter`` decides."""
    match = start_match(S, MatchLength.LONG, P1).apply_result(_result(winner=P0))
    assert match.gaenge[-1].starter is P1
    assert match.next_starter_with_clause() == (P1, "match.loser_starts")
    match = start_match(S, MatchLength.SHORT, P0, Rules(draw_tie_starter="drawn_gang_other")).apply_result(GESTELLTER)
    assert match.next_starter_with_clause() == (P1, "match.draw_starter")
    assert match.apply_result(PLATTWURF).gaenge[-1].starter is P1


@pytest.mark.clause("fest.twice_each", "match.first_starter", "match.loser_starts")
@pytest.mark.parametrize("mode", ["alternate", "younger", "loser_of_first_meeting"])
def test_a_fest_recorded_by_results_is_the_fest_played(mode: str) -> None:
    """Over 8 seeds of 3- and 4-Schwinger fests under each ``fest_starter`` reading, recording each Gang's result gives the fest ``apply_gang`` gives, Gang by Gang."""
    rules = Rules(fest_starter=mode)  # type: ignore[arg-type]
    for seed in range(8):
        by_gang = by_result = start_schwingfest(NAMES[: 3 + seed % 2], PW if seed % 3 else S, 1 + seed % 2, rules)
        for k, meeting in enumerate(by_gang.schedule.meetings):
            gang = play_out(by_gang.start_meeting(meeting, Deal.shuffled(seed * 100 + k)), random_chooser(seed + k))
            by_gang = by_gang.apply_gang(meeting, gang)
            by_result = by_result.apply_result(meeting, gang.result)
            assert by_result == by_gang
            assert by_result.gang_of(meeting) == by_gang.gang_of(meeting)
        assert by_result.is_over
        assert by_result.standings == by_gang.standings


@pytest.mark.clause("match.loser_starts")
def test_apply_result_in_a_fest_takes_the_starter_of_the_meeting() -> None:
    """Under ``loser_of_first_meeting`` the loser of the pair's first meeting is recorded as the starter of the second."""
    fest = start_schwingfest(NAMES[:3], S, 1, Rules(fest_starter="loser_of_first_meeting"))
    first, second = Meeting(0, 2, 1), Meeting(0, 2, 2)
    fest = fest.apply_result(first, _result(winner=P0))  # Anna (P0) beats Chris
    fest = fest.apply_result(second, PLATTWURF)
    gang = fest.gang_of(second)
    assert gang is not None
    assert gang.starter == 2
    assert gang.points_of(2) > gang.points_of(0)


# -- refusals, with nothing half-applied


def _refused(state: MatchState | SchwingfestState, call: Any, error: type[Exception]) -> Any:
    """The error ``call`` raises, with ``state`` still equal to a copy made before."""
    before = attrs.evolve(state)
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error
    assert state == before
    if isinstance(state, SchwingfestState):
        assert isinstance(before, SchwingfestState)
        assert state.remaining == before.remaining  # read through the index of fought meetings
    return info.value


@pytest.mark.clause("match.end")
def test_a_finished_match_refuses_a_result() -> None:
    """After 4 Gänge a short match refuses a fifth result with ``match.end``."""
    match = start_match(S, MatchLength.SHORT, P0)
    for _ in range(4):
        match = match.apply_result(GESTELLTER)
    exc = _refused(match, lambda: match.apply_result(GESTELLTER), MatchError)
    assert exc.clause_id == "match.end"
    assert "no Gang 5" in str(exc)


@pytest.mark.clause("fest.twice_each")
def test_a_fest_refuses_a_meeting_fought_or_not_scheduled() -> None:
    """A meeting already fought, or not in the schedule, is refused with ``fest.twice_each``; a non-Meeting names ``meeting``."""
    fest = start_schwingfest(NAMES[:3], S).apply_result(Meeting(0, 1, 1), GESTELLTER)
    exc = _refused(fest, lambda: fest.apply_result(Meeting(0, 1, 1), GESTELLTER), SchwingfestError)
    assert exc.clause_id == "fest.twice_each"
    assert "already fought meeting 1" in str(exc)
    exc = _refused(fest, lambda: fest.apply_result(Meeting(0, 5, 1), GESTELLTER), SchwingfestError)
    assert exc.clause_id == "fest.twice_each"
    not_a_meeting: Any = "0-1/1"
    exc = _refused(fest, lambda: fest.apply_result(not_a_meeting, GESTELLTER), InvalidArgumentError)
    assert exc.parameter == "meeting"


@pytest.mark.clause("match.loser_starts")
def test_a_second_meeting_before_the_first_is_refused_when_the_loser_starts_it() -> None:
    """Under ``loser_of_first_meeting``, the default, the second meeting cannot be recorded before the first; under ``"alternate"`` it can."""
    fest = start_schwingfest(NAMES[:3], S, 1, Rules(fest_starter="loser_of_first_meeting"))
    exc = _refused(fest, lambda: fest.apply_result(Meeting(1, 2, 2), GESTELLTER), SchwingfestError)
    assert exc.clause_id == "match.loser_starts"
    default = start_schwingfest(NAMES[:3], S)
    exc = _refused(default, lambda: default.apply_result(Meeting(1, 2, 2), GESTELLTER), SchwingfestError)
    assert exc.clause_id == "match.loser_starts"
    alternate = start_schwingfest(NAMES[:3], S, 1, Rules(fest_starter="alternate")).apply_result(Meeting(1, 2, 2), GESTELLTER)
    gang = alternate.gang_of(Meeting(1, 2, 2))
    assert gang is not None
    assert gang.starter == 2


NOT_RESULTS: tuple[Any, ...] = (
    None, 0, "6:5", (6, 5), attrs.asdict(GESTELLTER), play_out(start_gang(Deal.shuffled(1), P0), first_legal),
)
"""Values that are not a GangResult at all."""

BAD_FIELDS: tuple[tuple[str, GangResult, str | None], ...] = (
    ("result.tricks", _result(tricks=[6, 5]), None),
    ("result.tricks", _result(tricks=(True, False)), None),
    ("result.tricks", _result(tricks=(6, False)), None),
    ("result.tricks", _result(tricks=(6, -1)), None),
    ("result.tricks", _result(tricks=(6, 5, 0)), None),
    ("result.tricks", _result(tricks=(6.0, 5)), None),
    ("result.schwuenge", _result(schwuenge=True), None),
    ("result.schwuenge", _result(schwuenge="11"), None),
    ("result.angriff", _result(angriff=(P0, 3), outcome=Outcome.SIEG_MIT_ANGRIFF), None),
    ("result.angriff.player", _result(angriff=Angriff(0, 3), outcome=Outcome.SIEG_MIT_ANGRIFF), None),  # type: ignore[arg-type]
    ("result.angriff.after_schwung", _result(angriff=Angriff(P0, None), outcome=Outcome.SIEG_MIT_ANGRIFF), None),  # type: ignore[arg-type]
    ("result.plattwurf", _result(plattwurf=1), None),
    ("result.winner", _result(winner=0), None),
    ("result.outcome", _result(outcome="sieg_ohne_angriff"), None),
    # a Plattwurf needs an Angriff
    ("result.plattwurf", _result(plattwurf=P0, outcome=Outcome.PLATTWURF_EIGENER_ANGRIFF), "plattwurf.after_angriff"),
    # the winner the tricks give
    ("result.winner", _result(winner=P1, outcome=Outcome.SIEG_OHNE_ANGRIFF), "gang.more_tricks_wins"),
    ("result.winner", _result(winner=None, outcome=Outcome.GESTELLTER), "gang.more_tricks_wins"),
    ("result.winner", attrs.evolve(GESTELLTER, winner=P0, outcome=Outcome.SIEG_OHNE_ANGRIFF), "gang.more_tricks_wins"),
    # the outcome the tricks and the Angriff give
    ("result.outcome", _result(outcome=Outcome.SIEG_MIT_ANGRIFF), "gang.more_tricks_wins"),
    ("result.outcome", _result(angriff=Angriff(P1, 2), outcome=Outcome.SIEG_OHNE_ANGRIFF), "gang.more_tricks_wins"),
    ("result.outcome", attrs.evolve(GESTELLTER, outcome=Outcome.SIEG_OHNE_ANGRIFF), "gang.more_tricks_wins"),
    # the Plattwurf's winner and row
    ("result.winner", attrs.evolve(PLATTWURF, winner=None, tricks=(5, 5)), "plattwurf.definition"),
    ("result.winner", attrs.evolve(PLATTWURF, winner=P0, tricks=(7, 2)), "plattwurf.definition"),
    ("result.outcome", attrs.evolve(PLATTWURF, outcome=Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF), "plattwurf.definition"),
    ("result.outcome", attrs.evolve(PLATTWURF, outcome=Outcome.SIEG_MIT_ANGRIFF), "plattwurf.definition"),
    ("result.outcome", attrs.evolve(PLATTWURF, angriff=Angriff(P0, 4)), "plattwurf.definition"),
)
"""Results refused by ``check_result``: the field named, and the clause for a winner or outcome the engine would not derive."""


@pytest.mark.parametrize("value", NOT_RESULTS, ids=repr)
def test_anything_but_a_gang_result_is_refused_naming_result(value: Any) -> None:
    """A value that is not a GangResult is refused by the match and the fest naming ``result``, and by ``check_result`` naming the parameter it is given."""
    match = start_match(S, MatchLength.SHORT, P0)
    fest = start_schwingfest(NAMES[:3], S)
    assert _refused(match, lambda: match.apply_result(value), InvalidArgumentError).parameter == "result"
    assert _refused(fest, lambda: fest.apply_result(Meeting(0, 1, 1), value), InvalidArgumentError).parameter == "result"
    with pytest.raises(InvalidArgumentError) as info:
        check_result(value, "gaenge[2]")
    assert info.value.parameter == "gaenge[2]"


@pytest.mark.clause("plattwurf.after_angriff", "plattwurf.definition", "gang.more_tricks_wins")
@pytest.mark.parametrize(("field", "result", "clause"), BAD_FIELDS, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(BAD_FIELDS)])
def test_a_result_with_a_wrong_field_is_refused_naming_it(field: str, result: GangResult, clause: str | None) -> None:
    """A field of the wrong type, or a winner or outcome the tricks, Angriff and Plattwurf do not give, is refused naming the field (and the clause), by the match and the fest alike."""
    match = start_match(S, MatchLength.SHORT, P0)
    fest = start_schwingfest(NAMES[:3], S)
    for exc in (
        _refused(match, lambda: match.apply_result(result), InvalidArgumentError),
        _refused(fest, lambda: fest.apply_result(Meeting(0, 1, 1), result), InvalidArgumentError),
    ):
        assert exc.parameter == field
        assert exc.clause_id == clause
    with pytest.raises(InvalidArgumentError) as info:
        check_result(result, "r")
    assert info.value.parameter == "r" + field.removeprefix("result")


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins")
def test_check_result_takes_the_rest_as_given() -> None:
    """``check_result`` returns a consistent result as it is, trick counts no Gang reaches and a Plattwurf with fewer tricks included."""
    for result in (
        GESTELLTER,
        PLATTWURF,
        _result(tricks=(0, 0), schwuenge=0, winner=None, outcome=Outcome.GESTELLTER),
        _result(tricks=(9, 9), schwuenge=99, winner=None, outcome=Outcome.GESTELLTER),
        attrs.evolve(PLATTWURF, angriff=Angriff(P0, 40), outcome=Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF),
    ):
        assert check_result(result) is result


def test_a_refused_result_after_recorded_gaenge_leaves_the_states_unchanged() -> None:
    """A refusal in the middle of a match and of a fest leaves both as they were, and the next valid result is recorded as before."""
    match = start_match(PW, MatchLength.LONG, P1).apply_result(PLATTWURF).apply_result(GESTELLTER)
    bad = attrs.evolve(PLATTWURF, winner=P0)
    _refused(match, lambda: match.apply_result(bad), InvalidArgumentError)
    assert match.apply_result(GESTELLTER).gang_number == 4
    fest = start_schwingfest(NAMES, S).apply_result(Meeting(0, 1, 1), PLATTWURF)
    _refused(fest, lambda: fest.apply_result(Meeting(2, 3, 1), bad), InvalidArgumentError)
    assert fest.gang_of(Meeting(2, 3, 1)) is None
    assert len(fest.apply_result(Meeting(2, 3, 1), GESTELLTER).fought) == 2


# -- the sample of docs/api.md


def test_the_api_sample_prints_what_docs_api_shows() -> None:
    """The Python sample under "Recording a Gang by its result" in docs/api.md prints the output block that follows it."""
    text = API_DOC.read_text(encoding="utf-8")
    found = re.search(r"## Recording a Gang by its result\n.*?```python\n(.*?)```\n.*?```text\n(.*?)```", text, re.S)
    assert found is not None, "docs/api.md has no sample of apply_result"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(found[1], "docs/api.md", "exec"), {})  # the documentation's own sample
    assert out.getvalue() == found[2]
