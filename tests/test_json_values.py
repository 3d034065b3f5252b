"""The wire spelling of public values: ``str()`` of every public enum, the JSON of each type on one example, and malformed JSON refused naming its field."""

from __future__ import annotations

import enum

import pytest

import schwinget_spec as sw
from schwinget_spec.conformance import VerdictKind
from schwinget_spec.errors import InvalidArgumentError, InvalidDealError
from schwinget_spec.trace import actions_of, result_claims, rules_to_json

PUBLIC_ENUMS = [
    value for name in sw.__all__ if isinstance(value := getattr(sw, name), type) and issubclass(value, enum.Enum)
] + [VerdictKind]


def test_every_public_enum_prints_as_its_wire_value() -> None:
    """``str()`` of each member of each public enum is the spelling traces and the protocol use."""
    assert {e.__name__ for e in PUBLIC_ENUMS} == {
        "Card", "Colour", "MatchLength", "Outcome", "Phase", "Player", "ScoringSystem", "TableRow", "VerdictKind",
    }
    codes = {sw.Card: lambda m: m.code, sw.Player: lambda m: m.code, sw.MatchLength: lambda m: str(m.value)}
    for kind in PUBLIC_ENUMS:
        for member in kind:
            assert str(member) == codes.get(kind, lambda m: m.value)(member)
    assert str(sw.Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF) == "plattwurf_gegnerischer_angriff"
    assert f"{sw.Colour.GREEN}{sw.Card.G3} {sw.Phase.CHOOSE_LEADER} {sw.MatchLength.LONG}" == "GG3 choose_leader 6"


def test_outcome_names_are_their_wire_values_and_the_old_names_warn() -> None:
    """Each ``Outcome`` member's name is its wire value in capitals; the two older names still give their member, with a DeprecationWarning."""
    assert [member.name.lower() for member in sw.Outcome] == [member.value for member in sw.Outcome]
    assert repr(sw.Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF) == "Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF"
    with pytest.warns(DeprecationWarning, match="Outcome.PLATTWURF_EIGENER_ANGRIFF"):
        assert sw.Outcome.PLATTWURF_NACH_EIGENEM_ANGRIFF is sw.Outcome.PLATTWURF_EIGENER_ANGRIFF
    with pytest.warns(DeprecationWarning, match="Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF"):
        assert sw.Outcome["PLATTWURF_NACH_GEGNERISCHEM_ANGRIFF"] is sw.Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF
    assert "PLATTWURF_NACH_EIGENEM_ANGRIFF" not in sw.Outcome.__members__
    with pytest.raises(AttributeError):
        _ = sw.Outcome.PLATTWURF


def test_deal_from_codes_takes_lists_and_strings() -> None:
    """``Deal.from_codes`` reads each group of cards as a space-joined string or a list of codes."""
    deal = sw.Deal.shuffled(7)
    codes = deal.to_codes()
    assert sw.Deal.from_codes(**codes) == deal  # type: ignore[arg-type]
    joined = {
        "hands": tuple(" ".join(h) for h in codes["hands"]),  # type: ignore[attr-defined]
        "revealed": codes["revealed"],
        "face_down": " ".join(codes["face_down"]),  # type: ignore[arg-type]
        "pile": codes["pile"],
    }
    assert sw.Deal.from_codes(**joined) == deal  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError, match=r"hands\[1\] must be card codes"):
        sw.Deal.from_codes(hands=("R1 R2 R3 R4 R5", [6]), revealed="G5", face_down="", pile="")  # type: ignore[list-item]


def test_gang_state_and_result_json_on_one_gang() -> None:
    """A finished Gang's state is its rules, deal, starter and action codes; its result is the trace's end claims."""
    state = sw.start_gang(sw.Deal.shuffled(7), sw.Player.P1, sw.Rules(match_draw="more_tricks"))
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    data = state.to_json()
    assert list(data) == ["rules", "deal", "starter", "actions"]
    assert data["rules"] == rules_to_json(state.rules)
    assert data["rules"]["match_draw"] == "more_tricks"
    assert data["starter"] == "P1"
    assert data["actions"] == list(actions_of(state))
    assert len(data["actions"]) == state.step
    assert state.result.to_json() == result_claims(state.result)
    assert sw.GangState.from_json(data) == state


@pytest.mark.parametrize(
    ("data", "parameter"),
    [
        ([], "result"),
        ({"tricks": [6, 5], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": "P0", "plattwurf": None}, "result.angriff"),
        ({"tricks": [6, 5], "schwuenge": 11, "outcome": "sieg", "winner": "P0", "plattwurf": None, "angriff": None}, "result.outcome"),
        ({"tricks": [6, 5], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": 0, "plattwurf": None, "angriff": None}, "result.winner"),
        ({"tricks": [6, 5], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": "P1", "plattwurf": None, "angriff": None}, "result.winner"),
        ({"tricks": [6, True], "schwuenge": 11, "outcome": "sieg_ohne_angriff", "winner": "P0", "plattwurf": None, "angriff": None}, "result.tricks[1]"),
    ],
)
def test_malformed_result_json_names_its_field(data: object, parameter: str) -> None:
    """A result JSON of the wrong shape, spelling or winner is refused naming the field."""
    with pytest.raises(InvalidArgumentError) as caught:
        sw.GangResult.from_json(data)
    assert caught.value.parameter == parameter


def test_a_refused_action_in_state_json_names_its_index_and_clause() -> None:
    """Replaying a state JSON stops at the first action the rules refuse, naming its index and the clause."""
    data = sw.start_gang(sw.Deal.shuffled(7), sw.Player.P0).to_json()
    legal = sw.start_gang(sw.Deal.shuffled(7), sw.Player.P0).legal_action_codes()
    data["actions"] = [legal[-1], "L0"]
    with pytest.raises(InvalidArgumentError) as caught:
        sw.GangState.from_json(data)
    assert caught.value.parameter == "state.actions[1]"
    assert caught.value.clause_id == "kampfrichter.chooses"
    with pytest.raises(InvalidArgumentError) as caught:
        sw.GangState.from_json({**data, "starter": 0})
    assert caught.value.parameter == "state.starter"


def test_match_result_and_points_json() -> None:
    """A match result is its system, its totals as strings and the winner's seat; points are never numbers."""
    match = sw.play_match(3, sw.ScoringSystem.SCHWINGERWERTUNG, sw.MatchLength.SHORT, sw.Player.P0)
    data = match.result.to_json()
    assert data["system"] == "schwingerwertung"
    assert data["totals"] == [str(t) for t in match.result.totals]
    assert data["winner"] in ("P0", "P1", None)
    assert sw.MatchResult.from_json(data) == match.result
    with pytest.raises(InvalidArgumentError):
        sw.Points.from_json(9.75, sw.ScoringSystem.SCHWINGERWERTUNG)
    with pytest.raises(InvalidArgumentError) as caught:
        sw.MatchResult.from_json({**data, "winner": 1})
    assert caught.value.parameter == "match_result.winner"


def test_rules_from_json_refuses_an_unknown_switch() -> None:
    """``Rules.from_json`` names a switch that does not exist, or a value the switch does not take."""
    assert sw.Rules.from_json({}) == sw.Rules()
    with pytest.raises(InvalidArgumentError) as caught:
        sw.Rules.from_json({"bogus": True})
    assert caught.value.parameter == "bogus"
    with pytest.raises(InvalidArgumentError) as caught:
        sw.Rules.from_json({"match_draw": "coin"})
    assert caught.value.parameter == "match_draw"
