"""The twin's replay of a recorded Gang (the verifier's quick replay) never says more than the readable engine: mutated records get the same result or the same verdict."""

from __future__ import annotations

import copy
import itertools
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from schwinget_spec.conformance.trace import verify
from schwinget_spec.conformance.vectors.suite import load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangResult, start_gang
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.trace import gang_record
from schwinget_spec.twin import NO_TWIN_ENV
from schwinget_spec.twin.codes import ACTION_CODES, SWITCHES, deal_args, rules_of
from schwinget_spec.twin.recorded import RecordedReplayer, recorded_replayer

REPLAY = recorded_replayer()
pytestmark = pytest.mark.skipif(REPLAY is None, reason="the compiled twin is not built (tests/test_twin.py says where it must be)")

CLAIM_NAMES = ("legal_actions", "to_move", "tricks", "pile_size", "hand_sizes", "is_over")


def _played(seed: int, switches: int) -> tuple[Rules, dict[str, Any]]:
    rules = rules_of(switches)
    state = start_gang(Deal.shuffled(seed), Player(seed % 2), rules)
    return rules, gang_record(play_out(state, random_chooser(seed)))


# every switch mask, several Gänge each: early and late Angriffe, Plattwürfe, neutralised Schwünge
RECORDS = [_played(seed, seed % 2 ** len(SWITCHES)) for seed in range(96)]

Outcome = tuple[str, Any]


def _outcome(record: Any, rules: Rules, twin: RecordedReplayer | None) -> Outcome:
    try:
        return "result", verify._verify_gang(record, 0, rules, twin)
    except verify._VerdictReachedError as stop:
        return "verdict", stop.verdict
    except Exception as exc:  # the verifier's caller turns these into verdicts; both paths must raise alike
        return "error", type(exc)


def _direct(record: dict[str, Any], rules: Rules) -> GangResult | None:
    # the twin alone on a record, its deal read as the verifier reads it (None: no deal, the twin is not asked)
    assert REPLAY is not None
    claims = record.get("claims", {})
    masks = verify._deal_masks(record["deal"])
    if masks is None:
        return None
    start, steps = claims.get("start"), claims.get("steps", [])
    return REPLAY(masks, Player[record["starter"]], rules, record["actions"], start=start, steps=steps)


def test_the_twin_takes_every_record_the_reference_writes() -> None:
    """Every record the reference writes, under every switch mask, is replayed by the twin to the reference's result."""
    for rules, record in RECORDS:
        result = _direct(record, rules)
        assert result is not None
        assert _outcome(record, rules, None) == ("result", result)


def test_the_twin_takes_claims_the_readable_engine_accepts_too() -> None:
    """Some claims of a state, none, or the legal actions in another order: the engine accepts them, and so does the twin."""
    for k, (rules, record) in enumerate(RECORDS[:24]):
        changed = copy.deepcopy(record)
        for i, step in enumerate(changed["claims"]["steps"]):
            names = CLAIM_NAMES[(i + k) % 6 :] if i % 3 else CLAIM_NAMES[: (i + k) % 7]
            changed["claims"]["steps"][i] = {n: step[n] for n in names}
            if "legal_actions" in names:
                changed["claims"]["steps"][i]["legal_actions"] = step["legal_actions"][::-1]
        changed["claims"]["steps"][1] = None
        del changed["claims"]["steps"][-2:]
        changed["claims"]["start"] = {}
        assert _outcome(changed, rules, None)[0] == "result"
        assert _direct(changed, rules) is not None


@pytest.mark.clause("schwung.farbzwang", "angriff.once", "kampfrichter.chooses", "gang.end_no_angriff")
def test_the_twin_leaves_every_fault_to_the_readable_engine() -> None:
    """An illegal action, a wrong claim or a Gang cut short: the twin gives no result; the verdict is the engine's."""
    for rules, record in RECORDS[:32]:
        for mutate in (
            _illegal_action, _wrong_pile, _bool_for_int, _cut_short, _duplicate_legal, _unknown_claim,
            _illegal_action_unclaimed, _illegal_late_unclaimed, _cut_short_unclaimed,
        ):
            changed = mutate(copy.deepcopy(record))
            assert _direct(changed, rules) is None, mutate.__name__
            expected = _outcome(changed, rules, None)
            assert expected[0] == "verdict", mutate.__name__
            assert _outcome(changed, rules, REPLAY) == expected


def _illegal_action(record: dict[str, Any]) -> dict[str, Any]:
    state = start_gang(verify._deal_from_json(record["deal"], ""), Player[record["starter"]])
    illegal = next(code for code in ACTION_CODES if state.why_illegal(code) is not None)
    record["actions"][0] = illegal
    return record


def _illegal_action_unclaimed(record: dict[str, Any]) -> dict[str, Any]:
    del record["claims"]
    return _illegal_action(record)


def _illegal_late_unclaimed(record: dict[str, Any]) -> dict[str, Any]:
    # the last action played again: the card has left the hand, or the Gang is over
    del record["claims"]
    record["actions"].append(record["actions"][-1])
    return record


def _cut_short_unclaimed(record: dict[str, Any]) -> dict[str, Any]:
    del record["claims"]
    del record["actions"][-1]
    return record


def _wrong_pile(record: dict[str, Any]) -> dict[str, Any]:
    record["claims"]["steps"][-1]["pile_size"] += 1
    return record


def _bool_for_int(record: dict[str, Any]) -> dict[str, Any]:
    step = record["claims"]["steps"][0]
    step["tricks"] = [bool(t) if t in (0, 1) else t for t in step["tricks"]]
    return record


def _cut_short(record: dict[str, Any]) -> dict[str, Any]:
    del record["actions"][-1]
    del record["claims"]["steps"][-1]
    return record


def _duplicate_legal(record: dict[str, Any]) -> dict[str, Any]:
    step = record["claims"]["steps"][0]
    step["legal_actions"] = [*step["legal_actions"], step["legal_actions"][0]]
    return record


def _unknown_claim(record: dict[str, Any]) -> dict[str, Any]:
    record["claims"]["start"]["score"] = 0
    return record


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2, max_value=13),
    st.sampled_from(["P0", "P1", "A", "L0", "L1", "G3", "KR", "BK", "g3", " G3", "R7", "", "P2", 2**70]),
    st.lists(st.integers(min_value=-1, max_value=12) | st.booleans(), max_size=3),
    st.lists(st.sampled_from(ACTION_CODES[::3]), max_size=4),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1, max_value=12),
)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[Rules, dict[str, Any]]:
    rules, record = draw(st.sampled_from(RECORDS))
    record = copy.deepcopy(record)
    claims = record["claims"]
    actions, steps = record["actions"], claims["steps"]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.sampled_from(["action", "claim", "drop", "swap", "step", "start", "end", "rules", "steps", "unclaimed", "deal"]))
        i = draw(st.integers(min_value=0, max_value=len(actions) - 1)) if actions else 0
        if where == "action" and actions:
            actions[i] = draw(st.sampled_from(ACTION_CODES) | VALUES)
        elif where == "claim" and i < len(steps) and isinstance(steps[i], dict):
            steps[i][draw(st.sampled_from((*CLAIM_NAMES, "extra")))] = draw(VALUES)
        elif where == "drop" and i < len(steps) and isinstance(steps[i], dict) and steps[i]:
            del steps[i][draw(st.sampled_from(sorted(steps[i])))]
        elif where == "swap" and len(actions) > 1:
            j = draw(st.integers(min_value=0, max_value=len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
        elif where == "step" and i < len(steps):
            steps[i] = draw(st.none() | st.just([]) | st.just({}) | VALUES)
        elif where == "start":
            claims["start"] = draw(st.none() | st.just({}) | st.fixed_dictionaries({"legal_actions": VALUES}))
        elif where == "end":
            claims["end"][draw(st.sampled_from(("tricks", "winner", "schwuenge", "outcome")))] = draw(VALUES)
        elif where == "rules":
            rules = rules_of(draw(st.integers(min_value=0, max_value=2 ** len(SWITCHES) - 1)))
        elif where == "deal":
            deal = record["deal"]
            places = [(k, j) for k in ("pile", "face_down") for j in range(len(deal[k]))]
            k, j = draw(st.sampled_from(places))
            hand = deal["hands"][draw(st.integers(min_value=0, max_value=1))]
            h = draw(st.integers(min_value=0, max_value=4))
            if draw(st.booleans()):  # a card from elsewhere in a hand: another deal
                hand[h], deal[k][j] = deal[k][j], hand[h]
            else:  # a card twice, or no card: no deal
                deal[k][j] = draw(st.sampled_from([hand[h], "X1", 7]))
        elif where == "unclaimed":
            steps.clear()
            claims.pop("start", None)
        elif where == "steps":
            cut = draw(st.integers(min_value=0, max_value=len(actions)))
            del (actions if draw(st.booleans()) else steps)[cut:]
    return rules, record


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_records_get_the_same_answer_either_way(case: tuple[Rules, dict[str, Any]]) -> None:
    """Whatever a record holds, the quick replay ends as the readable engine's: the same result, or the same verdict."""
    rules, record = case
    expected = _outcome(record, rules, None)
    event(expected[0])
    assert _outcome(record, rules, REPLAY) == expected
    claims = record["claims"]
    if len(claims["steps"]) <= len(record["actions"]) and claims.get("start", {}) is not None:
        # the twin alone (the end claims are the verifier's to compare): a result only where the engine has one
        direct = _direct(record, rules)
        if direct is not None:
            without_end = {**record, "claims": {k: v for k, v in claims.items() if k != "end"}}
            assert _outcome(without_end, rules, None) == ("result", direct)


def test_the_deal_reaches_the_twin_as_the_engine_deals_it() -> None:
    """The verifier reads a record's deal for the twin as ``deal_args`` gives the Deal; a deal that is none goes to Deal."""
    for seed in itertools.chain(range(20), (2**64 - 1,)):
        deal = Deal.shuffled(seed)
        assert deal_args(deal) == (
            sum(1 << c.index for c in deal.hands[0]),
            sum(1 << c.index for c in deal.hands[1]),
            deal.revealed.index,
            bytes(c.index for c in deal.pile),
        )
        codes = deal.to_codes()
        assert verify._deal_masks(codes) == deal_args(deal)
        twice = {**codes, "pile": [codes["hands"][0][0], *codes["pile"][1:]]}
        assert verify._deal_masks(twice) is None
        assert verify._deal_masks({**codes, "revealed": "X1"}) is None
        assert verify._deal_masks({**codes, "hands": [codes["hands"][0]]}) is None


def test_without_the_twin_the_readable_engine_gives_the_same_verdicts() -> None:
    """With SCHWINGET_NO_TWIN=1 the verifier has no twin to ask, and every trace vector gets the same verdict as with it."""
    code = (
        "import json\n"
        "from schwinget_spec.conformance.trace import verify\n"
        "from schwinget_spec.conformance.vectors.suite import load_vectors\n"
        "traces = [v.input for v in load_vectors().vectors if v.kind == 'trace']\n"
        "print(json.dumps([verify._twin_replay() is None, [verify.verify_trace(t).to_json() for t in traces]]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, NO_TWIN_ENV: "1"}, capture_output=True, text=True, check=True
    )
    no_twin, verdicts = json.loads(out.stdout)
    assert no_twin
    traces = [v.input for v in load_vectors().vectors if v.kind == "trace"]
    mine = [verify.verify_trace(t).to_json() for t in traces]
    assert verdicts == json.loads(json.dumps(mine))
    assert {v["verdict"] for v in verdicts} == {"conforms", "malformed", "illegal_action", "wrong_claim"}


def test_an_older_build_of_the_twin_leaves_the_replay_to_the_readable_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled twin built from an older _twin.c (no replay_recorded) is not asked: the verifier still judges, the readable engine replays."""
    import types  # noqa: PLC0415

    from schwinget_spec.twin import recorded  # noqa: PLC0415

    older = types.SimpleNamespace(SWITCHES=SWITCHES)
    monkeypatch.setattr(recorded, "compiled", lambda: older)
    assert recorded.recorded_replayer() is None
    monkeypatch.setattr(recorded, "compiled", lambda: None)
    assert recorded.recorded_replayer() is None


def test_the_replay_refuses_what_is_no_gang_record() -> None:
    """Called with a starter, rules, lists or a deal that are not those of a Gang record, the replay names the parameter."""
    assert REPLAY is not None
    rules, record = RECORDS[0]
    masks = verify._deal_masks(record["deal"])
    assert masks is not None
    starter, actions, steps = Player[record["starter"]], record["actions"], record["claims"]["steps"]
    bad = {
        "starter": lambda: REPLAY(masks, "P0", rules, actions, start=None, steps=steps),  # type: ignore[arg-type]
        "rules": lambda: REPLAY(masks, starter, None, actions, start=None, steps=steps),  # type: ignore[arg-type]
        "actions": lambda: REPLAY(masks, starter, rules, tuple(actions), start=None, steps=steps),  # type: ignore[arg-type]
        "steps": lambda: REPLAY(masks, starter, rules, actions, start=None, steps=None),  # type: ignore[arg-type]
        "deal": lambda: REPLAY((masks[0], masks[0], 0, masks[3]), starter, rules, actions, start=None, steps=steps),
    }
    for parameter, call in bad.items():
        with pytest.raises(InvalidArgumentError) as info:
            call()
        assert info.value.parameter == parameter
    for deal in (None, (1, 2), (masks[0], masks[1], masks[2], b"short")):
        with pytest.raises(InvalidArgumentError, match="deal"):
            REPLAY(deal, starter, rules, actions, start=None, steps=steps)  # type: ignore[arg-type]
    assert REPLAY(masks, starter, rules, actions, start=None, steps=steps) is not None
