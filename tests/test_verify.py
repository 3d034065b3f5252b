"""Examples of the verifier's four verdicts, each with its exact fields."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from schwinget_spec.conformance.trace.verify import Verdict, VerdictKind, verify_trace, verify_trace_text
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.trace import gang_trace


def _finished(seed: int = 3) -> GangState:
    state = start_gang(Deal.shuffled(seed), Player.P0)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[len(legal) // 2])
    return state


@pytest.fixture
def trace() -> dict[str, Any]:
    """A complete Gang with the reference's claims after every step."""
    return gang_trace(_finished(), trace_id="example")


def test_a_reference_trace_conforms(trace: dict[str, Any]) -> None:
    """The reference's own trace conforms, and the verdict carries the trace's id and nothing else."""
    verdict = verify_trace(trace)
    assert verdict.kind is VerdictKind.CONFORMS
    assert verdict.conforms
    assert (verdict.trace_id, verdict.gang, verdict.step, verdict.field, verdict.clause_id) == ("example", None, None, None, None)
    assert verify_trace_text(json.dumps(trace)) == verdict


@pytest.mark.clause("schwung.lead")
def test_illegal_action_names_gang_step_action_and_clause(trace: dict[str, Any]) -> None:
    """A lead of a card the leader does not hold gives illegal_action at that step, naming schwung.lead."""
    gang = trace["gaenge"][0]
    state = start_gang(Deal.shuffled(3), Player.P0)
    foreign = state.hand(Player.P1)[0].code
    gang["actions"].insert(0, foreign)
    gang["claims"]["steps"].insert(0, None)
    verdict = verify_trace(trace)
    assert verdict.kind is VerdictKind.ILLEGAL_ACTION
    assert (verdict.gang, verdict.step, verdict.action, verdict.clause_id) == (0, 0, foreign, "schwung.lead")
    assert verdict.where == "/gaenge/0/actions/0"
    assert verdict.trace_id == "example"
    out = verdict.to_json()
    assert out["verdict"] == "illegal_action"
    assert out["clause_de"].startswith("Der Beginner spielt")
    assert out["clause_fr"]


@pytest.mark.clause("trick.winner_takes")
def test_wrong_claim_names_step_field_claimed_and_reference(trace: dict[str, Any]) -> None:
    """A tricks claim that differs from the reference gives wrong_claim with the step, the field and both values."""
    step_claim = trace["gaenge"][0]["claims"]["steps"][1]
    reference = list(step_claim["tricks"])
    step_claim["tricks"] = reference[::-1] if reference[0] != reference[1] else [reference[0] + 1, reference[1]]
    verdict = verify_trace(trace)
    assert verdict.kind is VerdictKind.WRONG_CLAIM
    assert (verdict.gang, verdict.step, verdict.field) == (0, 1, "tricks")
    assert verdict.claimed == step_claim["tricks"]
    assert verdict.reference == reference
    assert verdict.where == "/gaenge/0/claims/steps/1/tricks"
    assert verdict.to_json()["reference"] == reference


def test_wrong_end_claim_has_no_step(trace: dict[str, Any]) -> None:
    """A wrong claim at the end of the Gang names the field and leaves the step empty."""
    end = trace["gaenge"][0]["claims"]["end"]
    end["schwuenge"] -= 1
    verdict = verify_trace(trace)
    assert verdict.kind is VerdictKind.WRONG_CLAIM
    assert (verdict.gang, verdict.step, verdict.field) == (0, None, "schwuenge")
    assert (verdict.claimed, verdict.reference) == (end["schwuenge"], end["schwuenge"] + 1)
    assert verdict.where == "/gaenge/0/claims/end/schwuenge"


def test_legal_actions_claim_offering_more_is_wrong(trace: dict[str, Any]) -> None:
    """A start claim that offers one action too many gives wrong_claim on legal_actions with the reference list."""
    start = trace["gaenge"][0]["claims"]["start"]
    reference = list(start["legal_actions"])
    start["legal_actions"] = [*reference, "L0"]
    verdict = verify_trace(trace)
    assert (verdict.kind, verdict.step, verdict.field) == (VerdictKind.WRONG_CLAIM, None, "legal_actions")
    assert verdict.reference == reference


def test_schema_violation_is_malformed_with_path_and_rule(trace: dict[str, Any]) -> None:
    """A hand of four cards is malformed, with the JSON pointer of the hand and the schema keyword."""
    trace["gaenge"][0]["deal"]["hands"][1].pop()
    verdict = verify_trace(trace)
    assert verdict.kind is VerdictKind.MALFORMED
    assert (verdict.where, verdict.rule) == ("/gaenge/0/deal/hands/1", "minItems")
    assert verdict.trace_id is None


@pytest.mark.clause("cards.schwungkarten")
def test_duplicate_card_is_malformed_naming_the_clause(trace: dict[str, Any]) -> None:
    """A card dealt twice is malformed at the deal, naming cards.schwungkarten."""
    deal = trace["gaenge"][0]["deal"]
    deal["pile"][-1] = deal["revealed"]
    verdict = verify_trace(trace)
    assert (verdict.kind, verdict.where, verdict.clause_id) == (VerdictKind.MALFORMED, "/gaenge/0/deal", "cards.schwungkarten")


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff")
def test_truncated_gang_is_malformed_naming_the_end_clause(trace: dict[str, Any]) -> None:
    """A Gang whose actions stop before its end is malformed at the actions, naming the end-of-Gang clause."""
    gang = trace["gaenge"][0]
    del gang["claims"]
    gang["actions"] = gang["actions"][:5]
    verdict = verify_trace(trace)
    assert verdict.kind is VerdictKind.MALFORMED
    assert verdict.where == "/gaenge/0/actions"
    assert verdict.clause_id in ("gang.end_no_angriff", "gang.end_angriff")


@pytest.mark.parametrize(("text", "rule"), [("", "json"), ("{", "json"), ("[" * 100_000, "json"), ("null", "type"), ("[]", "type")])
def test_text_that_is_no_trace_is_malformed(text: str, rule: str) -> None:
    """Empty, broken, deeply nested or non-object JSON text is malformed, naming the rule."""
    verdict = verify_trace_text(text)
    assert verdict.kind is VerdictKind.MALFORMED
    assert verdict.rule == rule


def test_verdict_json_leaves_out_empty_fields() -> None:
    """A verdict's JSON carries the verdict and message, and only the fields that apply."""
    out = Verdict(VerdictKind.MALFORMED, "m", where="/x", rule="type").to_json()
    assert out == {"verdict": "malformed", "message": "m", "where": "/x", "rule": "type"}


def test_verifier_leaves_the_document_unchanged(trace: dict[str, Any]) -> None:
    """Verifying a trace does not modify the document it was given."""
    before = copy.deepcopy(trace)
    verify_trace(trace)
    assert trace == before


def test_claims_may_be_null_or_partial(trace: dict[str, Any]) -> None:
    """Null step claims and claims with only some fields are checked only for what they claim."""
    steps = trace["gaenge"][0]["claims"]["steps"]
    for i in range(0, len(steps), 2):
        steps[i] = None
    for i in range(1, len(steps), 2):
        steps[i] = {"is_over": steps[i]["is_over"]}
    assert verify_trace(trace).kind is VerdictKind.CONFORMS
    assert _finished().phase is Phase.OVER
